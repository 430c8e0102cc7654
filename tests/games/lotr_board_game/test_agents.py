"""The heuristic hobbit and heuristic Sauron (issue 5, 5): legal decisions from the seat's
view only, the rules of thumb they follow, and better play than random."""

import random
import statistics
from collections import Counter

from tests.support.positions.board import (GAME, draw, more, run, sauron_setup, setup, step,
                                            table, tile)
from palantir.agents.random_agent import RandomAgent
from palantir.engine.dice import SeededDice
from palantir.engine.match import play_match
from palantir.games.lotr_board_game.heuristics import (_gandalf_call, _reward_worth, card_worth,
                                                     decide, rollout_policy)


def frodo_to_act(sam_hand, **fields):
    state = table(players=2, board="moria",
                  hands=[["grey-hiding", "white-fighting", "white-joker"], sam_hand],
                  dice=[tile("fighting")] * 2 + [tile("travelling")], **fields)
    assert state.question[:2] == ("act", 0)
    return state


def test_heuristic_agent_reads_only_its_view():
    one = frodo_to_act(["grey-fighting", "white-hiding", "white-joker"])
    two = frodo_to_act(["white-joker", "white-joker", "grey-travelling"])
    agents = [GAME.heuristic_agent(0, seed=1) for _ in range(2)]
    choices = [a.choose(s.view(0), s.legal_actions()) for a, s in zip(agents, (one, two))]
    assert choices[0] == choices[1] and choices[0] in one.legal_actions()


def test_heuristic_hobbit_heals_when_close_to_sauron():
    state = frodo_to_act(["grey-fighting"], positions=[9, 0], sauron=11)
    assert decide(state) == "heal"


def test_heuristic_ring_bearer_plays_rather_than_heals_three_steps_from_sauron():
    # Issue 13, item 11: a turn spent healing is a turn of tiles without cards played
    # (benchmarks/lotr_strength.py, 1000 paired seeds: the Ring-bearer healing two steps
    # from Sauron and the others never by their action, with this round's other weights,
    # won 24 % of the games; healing at 3 and 2, 10 %).
    state = frodo_to_act(["grey-fighting"], positions=[8, 0], sauron=11)
    assert decide(state).startswith("play ")


def test_heuristic_hobbit_plays_on_the_main_track_when_safe():
    state = frodo_to_act(["grey-fighting"], ring_used=True)
    choice = decide(state)
    assert choice.startswith("play") and "@fighting" in choice


def test_heuristic_hobbit_puts_on_the_ring_for_the_main_track_when_safe():
    # Play 6: the Ring moves the main track and the turn's action still follows; not when
    # its roll (up to 3 into darkness) could eliminate the Ring-bearer.
    assert decide(frodo_to_act(["grey-fighting"])) == "ring fighting"
    assert decide(frodo_to_act(["grey-fighting"], positions=[8, 0])) != "ring fighting"


def test_heuristic_hobbits_pay_anything_when_refusing_could_lose_the_game():
    # Moria 1, Speak Friend and Enter: else Sauron moves one step — onto the Ring-bearer.
    state = table(players=2, board="moria", hands=[["aragorn"], ["white-joker"]],
                  dice=[tile("event")], positions=[0, 0], sauron=1)
    assert state.question == ("give", 0)
    assert decide(state) == "give aragorn"  # a legendary card, worth keeping otherwise
    calm = table(players=2, board="moria", hands=[["aragorn"], ["white-joker"]],
                 dice=[tile("event")])
    assert decide(calm) == "pass"


def test_heuristic_sauron_brings_the_black_rider_home_when_he_can():
    # The Black Rider: back in Mordor after meeting the Ring-bearer, the game is over.
    state = GAME.new_state({"players": 2, "expansion": "sauron"}, SeededDice(5))
    state = setup(state, question=("sauron-start", 2, 0), rider=13, rider_returning=True)
    state = setup(state, sauron_hand=["sauron-13", "sauron-1"])  # Sauron 1; Black Rider 2
    assert state.nazgul_up  # even before a face-up Nazgûl card
    assert decide(state) == "sauron sauron-1"


def test_heuristic_sauron_refills_an_empty_hand_and_otherwise_plays_his_worst_card():
    state = GAME.new_state({"players": 2, "expansion": "sauron"}, SeededDice(5))
    state = setup(state, question=("sauron-call", 2, 0, None), sauron_hand=[])
    assert decide(state) == "refill"
    state = setup(state, sauron_hand=["sauron-1", "sauron-13"])  # Black Rider 2; Sauron 1
    assert decide(state) == "sauron sauron-13"


def test_heuristic_and_rollout_policy_play_whole_games_legally():
    options = GAME.validate_options({"players": 3, "expansion": "sauron"})
    agents = [GAME.heuristic_agent(s, s) for s in range(4)]
    state, _ = play_match(GAME, options, agents, seed=4)
    assert state.is_over()
    state = GAME.new_state(options, SeededDice(6))
    rng = random.Random(1)
    while not state.is_over():
        action = rollout_policy(state, rng)
        assert action in state.legal_actions()
        state.apply(action)


def test_heuristic_hobbits_score_more_than_random_hobbits():
    def mean_score(make):
        scores = []
        for seed in range(8):
            state, _ = play_match(GAME, {"players": 3}, [make(s, seed) for s in range(3)], seed)
            scores.append(state.outcome().details["score"])
        return statistics.mean(scores)
    heuristic = mean_score(lambda s, seed: GAME.heuristic_agent(s, seed * 10 + s))
    randomly = mean_score(lambda s, seed: RandomAgent(s, seed * 10 + s))
    assert heuristic > randomly + 5


def test_heuristic_agent_on_its_view_decides_as_on_the_full_state():
    # SeenTable (the view only) must give the rule-of-thumb answers of the full state.
    for options, seed in (({"players": 3}, 2), ({"players": 2, "expansion": "sauron"}, 3)):
        options = GAME.validate_options(options)
        state = GAME.new_state(options, SeededDice(seed))
        agents = [GAME.heuristic_agent(s, s) for s in range(state.players)]
        steps = 0
        while not state.is_over() and steps < 400:
            seat = state.to_move()
            legal = state.legal_actions()
            action = agents[seat].choose(state.view(seat), legal)
            assert action == decide(state.clone())
            state.apply(action)
            steps += 1
        assert steps > 50


def test_heuristic_search_value_a_fitted_value_of_a_conflict_board_s_start():
    # search_value.py: the search's rollouts stop at the next conflict board and take this
    # value (fitted to heuristic games, marked so): farther from Sauron is worth more,
    # later boards more, and it stays a payoff.
    from palantir.games.lotr_board_game import search_value
    import tomllib
    with open(search_value.FILE, "rb") as handle:
        assert tomllib.load(handle)["fitted"] is True
    near = table(players=3, board="helms-deep", dice=[tile("fighting")],
                 positions=[8, 2, 2])
    far = table(players=3, board="helms-deep", dice=[tile("fighting")],
                positions=[1, 2, 2])
    later = table(players=3, board="shelobs-lair", dice=[tile("fighting")],
                  positions=[1, 2, 2])
    values = [search_value.value(s) for s in (near, far, later)]
    assert 0.0 <= values[0] < values[1] < values[2] <= 1.0
    cut = GAME.search_cutoff(near)
    assert cut(near) is None and cut(later) == [values[2]] * 3


def test_heuristic_hobbit_accepts_the_last_token_of_the_bag():
    # Dark Events: declining the last token leaves none to take, and the game is lost
    # (docs, Rulings: the bag exhausted); with tokens left a harmful one is declined.
    last = table(options={"dark_events": True}, tiles=Counter({"active-darkness": 1}),
                 dice=[tile("active-darkness")])
    more = table(options={"dark_events": True}, dice=[tile("active-darkness")])
    assert last.question == more.question == ("decline", 0, "active-darkness")
    assert decide(last) == "accept" and decide(more) == "decline"
    agent = GAME.heuristic_agent(0, seed=1)
    assert agent.choose(last.view(0), last.legal_actions()) == "accept"


def sam_window_after(card):
    """Sauron, called instead of Frodo's roll, plays `card` on him: Sam's window."""
    state = table(board="moria", options={"players": 2, "expansion": "sauron"},
                  fellowship_cards=["sam"], hands=[["white-joker"], ["white-hiding"]],
                  dice=sauron_setup(card, "sauron-1"), run=False)
    state = setup(state, queue=[("roll", 0)])
    run(state)
    step(state, f"sauron {card}")
    assert state.question[:3] == ("window", 1, "after-roll")
    assert "fellowship sam" in state.legal_actions()
    return state


def test_heuristic_sam_keeps_his_fellowship_card_against_a_one_symbol_card():
    # Issue 13, item 11 (the heuristic Sam spent it on a one-symbol card): Sam's card makes
    # the hobbit carry out one symbol of the card, so on "Sauron 1" it saves nothing.
    assert decide(sam_window_after("sauron-13")) == "continue"


def test_heuristic_sam_uses_his_fellowship_card_when_it_saves_a_step_of_darkness():
    # Darkness 1 and discard a card: with Sam's card Frodo discards the card only.
    assert decide(sam_window_after("sauron-19")) == "fellowship sam"


def test_heuristic_hobbits_steer_the_ring_to_the_hobbit_farthest_from_sauron():
    # Play 5: the most rings bear the Ring after the scenario (the Ring-bearer loses ties:
    # with none held it passes to Sam). A ring is worth more to Sam, far from Sauron, than
    # to Pippin, whom it would make the next Ring-bearer 5 steps from him.
    state = table(players=3, board="moria", hands=[["white-joker"], [], []],
                  dice=[tile("fighting")], positions=[8, 0, 7], sauron=12)
    assert state.ring_bearer == 0
    assert _reward_worth(state, 1, "ring") > _reward_worth(state, 2, "ring")


def test_heuristic_hobbit_does_not_end_the_scenario_into_a_hobbits_elimination():
    # Play 5: completing the main track ends the scenario, and each life-token kind lacked
    # is a step into darkness: Sam, three steps from Sauron with none, would be eliminated.
    # Away from Sauron the same play ends Moria.
    def sam(position):
        state = table(players=2, board="moria", tracks={"fighting": 9, "hiding": 0,
                                                        "travelling": 0},
                      hands=[["white-joker"], ["white-fighting", "grey-hiding"]],
                      dice=[tile("travelling")], positions=[0, position], sauron=12,
                      active=1, ring_bearer=0)
        assert state.question[:2] == ("act", 1)
        return state
    assert "@fighting" in decide(sam(0))
    assert "@fighting" not in decide(sam(9))


def test_heuristic_hobbits_hoard_travelling_symbols_for_mordor():
    # Issue 13, item 11: Mordor's main track is Travelling, every earlier one Fighting
    # (reference, Route and boards): before Mordor a travelling card is kept over a
    # fighting card of as many symbols; at Mordor they weigh the same.
    moria = table(players=2, board="moria", dice=[tile("fighting")])
    mordor = table(players=2, board="mordor", dice=[tile("travelling")])
    assert card_worth(moria, "white-travelling") > card_worth(moria, "white-fighting")
    assert card_worth(mordor, "white-travelling") == card_worth(mordor, "white-fighting")


def test_heuristic_ring_bearer_near_sauron_fears_a_roll_space_more_than_the_others():
    # Reference, Play 7 and Temptation track: a roll may eliminate the hobbit who receives
    # it, and the Ring-bearer's elimination loses the game; two steps from Sauron the
    # 2 or 3 dots do it (a third of the faces).
    state = table(players=2, board="moria", dice=[tile("fighting")], positions=[10, 10],
                  sauron=12)
    bearer, other = state.ring_bearer, 1 - state.ring_bearer
    assert _reward_worth(state, bearer, "roll") < _reward_worth(state, other, "roll")


def test_heuristic_hobbits_keep_the_runes_the_forbidden_pool_asks():
    # Shelob's Lair 3, The Forbidden Pool: one player discards 5 runes, else eye, eye
    # (reference): with 8 runes the Fellowship does not spend 5 on Guidance before it; at
    # Moria, where no event asks for runes, it does.
    calls = ["gandalf guidance@fighting"]
    shelob = table(players=2, board="shelobs-lair", dice=[tile("fighting")], runes=[5, 3])
    moria = table(players=2, board="moria", dice=[tile("fighting")], runes=[5, 3])
    assert _gandalf_call(shelob, calls) is None
    assert _gandalf_call(moria, calls) == "gandalf guidance@fighting"


def test_heuristic_hobbits_spend_athelas_on_the_hobbit_it_saves_from_elimination():
    # Play 5 and Athelas (one player ignores missing life tokens once): Frodo and Sam lack
    # all three kinds; Sam, 3 steps from Sauron, would be eliminated, Frodo 12 away would
    # not — the card goes to Sam (it went to the first hobbit offered).
    state = table(board="moria", hands=[[], ["athelas"]], run=False, positions=[0, 9])
    state = setup(state, queue=[("scenario-end",)])
    more(state, draw("frodo", "white-joker"), draw("frodo", "white-joker"))
    run(state)
    assert state.question[:3] == ("window", 1, "scenario-end")
    assert decide(state) == "yellow athelas@sam"


def test_heuristic_hobbits_steer_the_ring_by_the_distance_left_after_the_lacked_tokens():
    # Play 5: the scenario's end takes each hobbit a step into darkness per kind lacked,
    # then the most rings bear the Ring. Sam (2 steps in, no token) would stand 7 from
    # Sauron; Pippin (3 in, a heart and a sun) 9 with a ring: the ring is worth more to him.
    life = [{"ring": 0, "heart": 0, "sun": 0}, {"ring": 0, "heart": 0, "sun": 0},
            {"ring": 0, "heart": 1, "sun": 1}]
    state = table(players=3, board="moria", hands=[["white-joker"], [], []],
                  dice=[tile("fighting")], positions=[8, 2, 3], sauron=12, life=life)
    assert state.ring_bearer == 0
    assert _reward_worth(state, 2, "ring") > _reward_worth(state, 1, "ring")


def test_heuristic_hobbit_takes_darkness_for_the_ring_bearer_rather_than_sauron_moving():
    # "One player moves 2 into darkness, or Sauron moves 1" (reference, event tiles): Sauron
    # moving brings every hobbit a step nearer, the Ring-bearer too. Frodo, bearing the
    # Ring 4 from Sauron, refuses; Sam, 4 from Sauron as well, takes the 2 steps (he keeps
    # 2), where he refused before.
    state = table(players=2, board="moria", dice=[tile("one-darkness-2-or-sauron")],
                  positions=[8, 8], sauron=12)
    assert state.ring_bearer == 0 and state.question == ("give", 0)
    assert decide(state) == "pass"
    step(state, "pass")
    assert state.question == ("give", 1)
    assert decide(state) == "take"


def test_heuristic_ring_bearer_puts_on_the_ring_over_mordors_last_spaces():
    # Play 6 and Mordor's main track (rolls on 11, 13 and 14 of its 14 spaces): with 4
    # spaces left the Ring may carry the marker to the Crack of Doom over them; its one
    # roll eliminates the Ring-bearer 3 from Sauron on the 3 alone, so he puts it on (he
    # kept it unless his worst roll left him a step).
    state = table(players=2, board="mordor", tracks={"travelling": 10},
                  hands=[["grey-travelling"], []], dice=[tile("fighting")],
                  positions=[9, 0], sauron=12)
    while state.question[0] == "window":
        step(state, "continue")
    assert state.question[:2] == ("act", 0) and state.ring_bearer == 0
    assert decide(state) == "ring travelling"


def test_heuristic_hobbits_keep_seven_cards_for_surrounded_by_dark_forces():
    # Mordor 5, Surrounded by Dark Forces: the group discards 7 cards, else Sauron moves 3
    # — onto the Ring-bearer 3 from him. The group holding 7, Frodo draws or heals rather
    # than play cards that would leave it short (he played them before).
    hands = [["grey-travelling", "white-travelling", "white-joker", "grey-hiding"],
             ["grey-fighting", "white-hiding", "white-friendship"]]
    state = table(players=2, board="mordor", event=4, hands=hands, ring_used=True,
                  dice=[tile("fighting")], positions=[9, 0], sauron=12)
    while state.question[0] == "window":
        step(state, "continue")
    assert state.question[:2] == ("act", 0) and state.ring_bearer == 0
    assert not decide(state).startswith("play ")


def test_heuristic_hobbit_gives_his_only_life_tokens_against_two_steps_of_sauron():
    # Helm's Deep 5, Orcs Storm Forward: the group discards a heart, a sun and a ring, else
    # Sauron moves 2 — two steps nearer for every hobbit. Frodo's only tokens cost him a
    # step each at the scenario's end (Play 5): he gives them (he refused before).
    life = [{"ring": 1, "heart": 1, "sun": 1}, {"ring": 0, "heart": 0, "sun": 0}]
    state = table(players=2, board="helms-deep", event=4, dice=[tile("event")], life=life)
    assert state.question == ("give", 0) and "give heart" in state.legal_actions()
    assert decide(state).startswith("give ")


def test_heuristic_hobbit_gives_a_legendary_card_against_two_steps_of_sauron():
    # Moria 5, Orcs Attack: the group discards 5 fighting symbols, else Sauron moves 2 (two
    # steps nearer for every hobbit). Éomer (legendary, 2 fighting) is given towards it; a
    # gift was refused when it cost more than half of refusing (GIFT_SHARE).
    state = table(players=2, board="moria", event=4, dice=[tile("event")],
                  hands=[["eomer"], ["white-fighting", "grey-fighting", "white-joker"]])
    assert state.question == ("give", 0) and state.asking["res"].name == "Orcs Attack"
    assert decide(state) == "give eomer"
