"""The ismcts agent: it reads only its seat's view (never another seat's hidden hand),
keeps to its budget, is deterministic for a seed and answers a legal decision."""

import time

import pytest

from palantir.agents import AGENT_HELP, make_agent
from palantir.agents.ismcts import ISMCTSAgent, StreamDice, _clearly_worse
from palantir.engine import SeededDice, UnknownAgent, get_game
from palantir.games.lotr_board_game import LordOfTheRingsBoardGame
from tests.support.positions.board import table, tile

GAME = LordOfTheRingsBoardGame()


def frodo_to_act(sam_hand):
    """Frodo to act at Moria; only Sam's hidden hand differs between calls."""
    state = table(players=2, board="moria",
                  hands=[["grey-hiding", "white-fighting", "white-joker"], sam_hand],
                  dice=[tile("fighting")] * 2 + [tile("travelling")])
    assert state.to_move() == 0 and state.question[0] == "act"
    return state


def test_ismcts_never_peeks_another_seats_hidden_hand():
    one = frodo_to_act(["grey-fighting", "white-hiding", "white-joker"])
    two = frodo_to_act(["white-joker", "white-joker", "grey-travelling"])
    assert one.view(0) == two.view(0) and one.hands[1] != two.hands[1]
    agents = [ISMCTSAgent(GAME, 0, seed=4, iterations=12) for _ in range(2)]
    choices = [a.choose(s.view(0), s.legal_actions()) for a, s in zip(agents, (one, two))]
    assert choices[0] == choices[1]
    assert agents[0].last_search["root"] == agents[1].last_search["root"]


def test_ismcts_same_seed_same_choice_and_statistics():
    state = frodo_to_act(["gimli"])
    runs = []
    for _ in range(2):
        agent = ISMCTSAgent(GAME, 0, seed=11, iterations=10)
        runs.append((agent.choose(state.view(0), state.legal_actions()),
                     agent.last_search["root"]))
    assert runs[0] == runs[1]


def test_ismcts_keeps_to_an_iteration_budget_and_a_time_budget():
    state = frodo_to_act(["gimli"])
    agent = ISMCTSAgent(GAME, 0, seed=1, iterations=7)
    agent.choose(state.view(0), state.legal_actions())
    assert agent.last_search["iterations"] == 7
    assert sum(v for _, v, _ in agent.last_search["root"]) == 7
    timed = ISMCTSAgent(GAME, 0, seed=1, seconds=0.3)
    start = time.perf_counter()
    timed.choose(state.view(0), state.legal_actions())
    assert timed.last_search["iterations"] >= 1
    # It searched until the deadline (a lower bound: no load can make this fail).
    assert time.perf_counter() - start >= 0.3 and timed.last_search["seconds"] >= 0.3


def test_ismcts_leaves_the_state_it_was_shown_untouched():
    state = frodo_to_act(["gimli"])
    before = state.view(None), [h[:] for h in state.hands], len(state.dice.log)
    ISMCTSAgent(GAME, 0, seed=2, iterations=5).choose(state.view(0), state.legal_actions())
    assert (state.view(None), state.hands, len(state.dice.log)) == before


def test_ismcts_plays_legal_decisions_for_hobbits_and_sauron():
    state = GAME.new_state({"players": 2, "expansion": "sauron"}, SeededDice(3))
    agents = [make_agent("ismcts:2", GAME, s, seed=s) for s in range(3)]
    seats = set()
    for _ in range(60):
        seat = state.to_move()
        legal = state.legal_actions()
        action = agents[seat].choose(state.view(seat), legal)
        assert action in legal
        seats.add(seat)
        state.apply(action)
    assert seats == {0, 1, 2}


def test_make_agent_knows_ismcts_and_its_budget():
    agent = make_agent(" ISMCTS:25 ", GAME, 1, seed=3)
    assert isinstance(agent, ISMCTSAgent) and (agent.iterations, agent.seconds) == (25, None)
    assert make_agent("ismcts:1.5s", GAME, 0).seconds == 1.5
    assert make_agent("ismcts", GAME, 0).iterations == 1000
    assert any(key.startswith("ismcts") for key in AGENT_HELP)
    with pytest.raises(UnknownAgent, match="ismcts:0"):
        make_agent("ismcts:0", GAME, 0)


def test_ismcts_refuses_a_game_that_cannot_sample_hidden_information():
    with pytest.raises(UnknownAgent, match="sample_state"):
        make_agent("ismcts:5", get_game("journey-to-mordor"), 0)


def test_ismcts_keeps_the_rollout_policys_pick_unless_clearly_beaten():
    # As mcts.py: at a small budget the policy's pick stands unless a search result beats
    # it by CONFIDENCE standard errors; with an impossible confidence it always stands.
    state = frodo_to_act(["gimli"])
    agent = ISMCTSAgent(GAME, 0, seed=3, iterations=12, confidence=1e9)
    choice = agent.choose(state.view(0), state.legal_actions())
    policy = agent.last_search["policy"]
    assert policy in state.legal_actions() and choice == policy
    assert agent.last_search["overruled"] is False
    # Unpaired, with no confidence required, the most-visited decision is answered.
    greedy = ISMCTSAgent(GAME, 0, seed=3, iterations=12, confidence=-1e9, paired=False)
    answer = greedy.choose(state.view(0), state.legal_actions())
    assert answer == greedy.last_search["root"][0][0]


def test_ismcts_paired_rounds_search_every_candidate_from_the_same_deal():
    # lotr-board-game narrows a turn's action to the heuristic's pick and its next best
    # (search_actions); each round searches every candidate once.
    state = frodo_to_act(["gimli"])
    legal = state.legal_actions()
    candidates = GAME.search_actions(state)
    assert 2 <= len(candidates) <= 5 < len(legal) and set(candidates) <= set(legal)
    agent = ISMCTSAgent(GAME, 0, seed=5, iterations=2 * len(candidates))
    agent.choose(state.view(0), legal)
    visits = {text: v for text, v, _ in agent.last_search["root"]}
    assert {t for t, v in visits.items() if v} == set(candidates)
    assert all(visits[t] == 2 for t in candidates)
    assert agent.last_search["policy"] == candidates[0]


def test_ismcts_paired_choice_needs_a_clear_gain_round_by_round():
    agent = ISMCTSAgent(GAME, 0, seed=1, iterations=10)
    pick = {r: 0.5 + 0.01 * (r % 3) for r in range(20)}
    # Always 0.05 better on the same deals: clearly better although the spread of each
    # decision's payoffs alone would hide it.
    better = {r: p + 0.05 for r, p in pick.items()}
    noisy = {r: p + (0.3 if r % 2 else -0.28) for r, p in pick.items()}
    assert agent._paired_choice({"draw": pick, "heal": better}, "draw") == "heal"
    assert agent._paired_choice({"draw": pick, "heal": noisy}, "draw") == "draw"
    assert agent._paired_choice({"draw": pick, "heal": {r: p - 0.05 for r, p in
                                                        pick.items()}}, "draw") == "draw"


def test_ismcts_spends_no_budget_on_a_decision_the_game_calls_minor():
    # lotr-board-game's search_worthy: a turn's action, taking darkness or a roll on
    # oneself, and Sauron's card are searched; giving cards to a cost follows the policy.
    state = GAME.new_state({"players": 3}, SeededDice(8))
    agents = [GAME.heuristic_agent(s, s) for s in range(3)]
    while state.question[0] != "give" or "take" in state.legal_actions():
        seat = state.to_move()
        state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
    seat = state.to_move()
    agent = ISMCTSAgent(GAME, seat, seed=1, iterations=50)
    action = agent.choose(state.view(seat), state.legal_actions())
    assert action in state.legal_actions() and agent.last_search["iterations"] == 0
    assert GAME.search_worthy(frodo_to_act(["gimli"]).view(0))
    fly = table(board="moria", dice=[tile("event")], event=5)  # Fly, You Fools!: take 3?
    assert fly.legal_actions() == ["take", "pass"] and GAME.search_worthy(fly.view(0))


def test_ismcts_stream_dice_roll_each_die_from_its_own_stream():
    # Paired rounds: two branches that roll other dice in between still see the same k-th
    # roll of a die (common random numbers that survive the branches parting).
    faces = [str(k) for k in range(100)]
    one, two = StreamDice(7), StreamDice(7)
    first = [one.roll("threat die", faces) for _ in range(5)]
    two.roll("hobbit card", faces)
    two.roll("tile", faces)
    assert [two.roll("threat die", faces) for _ in range(5)] == first
    assert [StreamDice(8).roll("threat die", faces) for _ in range(5)] != first
    assert one.log == []  # the search's dice are never logged


def test_ismcts_a_rollout_stops_where_the_game_s_cutoff_gives_payoffs():
    # lotr-board-game's search_cutoff: at the next conflict board's first decision the
    # fitted value stands for the rest of the game.
    state = frodo_to_act(["gimli"])
    agent = ISMCTSAgent(GAME, 0, seed=2, iterations=5)
    agent._cut = GAME.search_cutoff(state)
    rollout = state.clone(dice=SeededDice(3))
    payoffs = agent._rollout(rollout, __import__("random").Random(1))
    # Moria's rollout reaches Helm's Deep (Lothlórien's steps on the way) and stops there.
    assert not rollout.is_over() and rollout.board.id == "helms-deep"
    assert payoffs == [payoffs[0]] * 2 and 0.0 < payoffs[0] < 1.0
    calls = []
    agent._cut = lambda s: calls.append(s) or [0.25, 0.25]  # stops at the first step
    assert agent._rollout(state.clone(dice=SeededDice(3)), None) == [0.25, 0.25]
    assert len(calls) == 1


def test_ismcts_drops_a_decision_clearly_worse_than_the_pick_round_by_round():
    # Root-only paired rounds: a decision losing to the pick on the same deals by more than
    # ELIMINATION standard errors is searched no more; a noisy or level one stays.
    pick = {r: 0.5 + 0.01 * (r % 3) for r in range(12)}
    assert _clearly_worse({r: p - 0.05 for r, p in pick.items()}, pick)
    assert not _clearly_worse({r: p + (0.3 if r % 2 else -0.31) for r, p in pick.items()},
                              pick)
    assert not _clearly_worse(dict(pick), pick)
    assert not _clearly_worse({}, pick)


def test_ismcts_searches_below_the_root_only_when_asked():
    # tree=False (the default): every rollout starts at a root decision and the policy
    # plays on, so the same seed gives the same root statistics whatever the tree would
    # have explored; tree=True keeps the shared tree of the information set.
    state = frodo_to_act(["gimli"])
    flat = ISMCTSAgent(GAME, 0, seed=5, iterations=20)
    tree = ISMCTSAgent(GAME, 0, seed=5, iterations=20, tree=True)
    for agent in (flat, tree):
        assert agent.choose(state.view(0), state.legal_actions()) in state.legal_actions()
        assert sum(v for _, v, _ in agent.last_search["root"]) == 20
    assert flat.last_search["policy"] == tree.last_search["policy"]
