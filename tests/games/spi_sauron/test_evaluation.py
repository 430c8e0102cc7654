"""The evaluation search uses to score a position at its horizon (evaluation.py): each
seat's chance of winning by 21.2, from each army's chance of ending demoralized."""

from palantir.agents.mcts import MCTSAgent
from palantir.engine.dice import ScriptedDice
from palantir.games.spi_sauron.evaluation import HORIZON, demoralization_chances, evaluate
from palantir.games.spi_sauron.heuristics import POSTURES, current_plan, decide, \
    next_of_plan, rollout_policy, spell_value
from palantir.games.spi_sauron.notation import END, Cast, Rally

from tests.support.positions.spi import (GAME, cleared, mark, new_game, place, setup,
                                         visions_position)
from palantir.games.spi_sauron.phases.turn import end_game


def chances(state):
    sauron, west = evaluate(state)
    assert 0 <= sauron <= 1 and 0 <= west <= 1 and sauron + west <= 1 + 1e-9
    return sauron, west


def test_case_21_2_each_seat_has_a_chance_and_the_hook_gives_search_a_horizon():
    chances(new_game())
    decisions, scorer = GAME.rollout_evaluation()
    assert decisions == HORIZON and scorer is evaluate


def test_case_20_1_sauron_is_likelier_to_lose_the_more_he_has_lost():
    state = new_game()
    before = chances(state)
    setup(state, demoralization_points={"sauron": 60})
    after = chances(state)
    assert after[0] < before[0] and after[1] > before[1]


def test_case_21_2_a_demoralized_sauron_cannot_win_and_a_finished_game_scores_its_end():
    state = new_game()
    setup(state, demoralized={"sauron": True})
    assert demoralization_chances(state)[0] == 1.0
    west_down = demoralization_chances(state)[1]
    # he cannot win; what he has left is half of the chance of the Draw
    assert chances(state)[0] == 0.5 * west_down < 0.5
    end_game(state)
    assert evaluate(state) == [0.0, 1.0]           # Westernesse Tactical or Decisive


def test_case_8_34_a_rallied_unit_is_worth_more_to_its_side_than_a_disrupted_one():
    state = cleared("rally", turn=6, dice=ScriptedDice([]))
    place(state, "goblins-1", "1020")
    place(state, "cavalry-1", "1018", disrupted=True)
    place(state, "men-1", "1017")
    disrupted = chances(state)
    mark(state, "cavalry-1", disrupted=False)
    rallied = chances(state)
    assert rallied[1] > disrupted[1]
    mark(state, "goblins-1", disrupted=True)
    assert chances(state)[0] < rallied[0]


def test_case_7_0_mcts_searches_a_combat_to_the_next_movement_phase_and_decides_legally():
    state = cleared("westernesse-combat", dice=ScriptedDice([]))
    place(state, "cavalry-1", "1010")
    place(state, "goblins-1", "1011")
    place(state, "men-1", "1213")
    place(state, "orcs-1", "1214")
    setup(state, combat_step=2)
    agent = MCTSAgent(GAME, 1, seed=1, iterations=8)
    legal = state.legal_actions()
    assert agent.choose(state.view(1), legal) in legal
    assert agent.last_search["iterations"] == 8
    # in a Movement Phase search weighs the next move of each posture's plan, the
    # general's own first
    moving = new_game()
    choices = GAME.search_actions(moving)
    assert choices[0] == rollout_policy(moving, None)
    assert 1 <= len(choices) <= len(POSTURES["sauron"]) and len(set(choices)) == len(choices)
    assert all(a in moving.legal_actions() for a in choices)
    assert GAME.search_cutoff(moving)(moving) is not None      # quiet: scored at once


def test_case_4_0_a_move_is_worth_a_search_only_where_the_postures_part_ways():
    quiet_front = cleared("sauron-movement", dice=ScriptedDice([]))
    place(quiet_front, "goblins-1", "1020")          # no enemy on the map: nothing to weigh
    assert not GAME.search_worthy(quiet_front.view(0))
    assert GAME.search_actions(quiet_front) == [rollout_policy(quiet_front, None)]
    # the opening: the general's plan moves where a warier one holds (`end`); a search
    # scoring its horizon found standing still in Mordor safe and chose it in every game
    # replayed, so `end` is not offered while a posture moves, and nothing parts the plans
    opening = new_game()
    assert END in opening.legal_actions()
    assert END not in GAME.search_actions(opening) and not GAME.search_worthy(opening.view(0))
    state = cleared("westernesse-combat", dice=ScriptedDice([]))
    assert GAME.search_worthy(state.view(1))


def test_case_4_0_a_posture_chosen_by_search_is_followed_through_the_phase():
    state = new_game()
    # the general's plan goes on until another posture's next move parts from it
    for _ in range(400):
        own = rollout_policy(state, None)
        others = [] if state.pending or state.phase.kind != "movement" else \
            [a for a in GAME.search_actions(state) if a not in (own, END)]
        if others:
            break
        state.apply(own)
    assert others
    seat = state.to_move()
    state.apply(others[0])
    plan = current_plan(state)
    assert plan is not None and plan.posture != "default"
    while not state.pending and state.phase.kind == "movement" and state.to_move() == seat:
        follow = rollout_policy(state, None)
        assert follow == next_of_plan(state, plan)
        state.apply(follow)


def test_case_8_57_search_compares_the_generals_spells_not_every_spell_at_every_cost():
    state = visions_position()
    legal = state.legal_actions()
    casts = [a for a in legal if isinstance(a, Cast)]
    choices = GAME.search_actions(state)
    assert len(casts) > 5 and len(choices) < len(casts)
    assert all(a in legal for a in choices)
    assert choices[0] == decide(state, legal) and END in choices
    spells = [a.spell for a in choices if isinstance(a, Cast)]
    assert "sinister_visions" in spells and len(spells) == len(set(spells))   # one each
    assert all(spell_value(state, a) > 0 for a in choices if isinstance(a, Cast))


def test_case_8_34_search_never_ends_the_rally_phase_with_an_attempt_open():
    state = cleared("rally", turn=6, dice=ScriptedDice([]))
    place(state, "men-1", "1010", disrupted=True)
    place(state, "cavalry-1", "1011", disrupted=True)
    place(state, "elendil", "1012")
    place(state, "men-2", "1012")
    setup(state, rally_seat=1)
    assert END in state.legal_actions()
    choices = GAME.search_actions(state)
    rallies = [a for a in state.legal_actions() if isinstance(a, Rally)]
    assert Rally("elendil", "1011") in rallies and sorted(choices, key=str) == \
        sorted(rallies, key=str)


def test_case_3_0_search_judges_a_decision_after_the_enemys_answer():
    # the cutoff of a search by one side is its own next Movement Phase: the enemy's
    # movement and attacks (3.0, phases E-H / B-D) are played out first
    sauron_to_move = GAME.search_cutoff(new_game())
    westernesse_moving = cleared("westernesse-movement", dice=ScriptedDice([]))
    assert sauron_to_move(westernesse_moving) is None
    state = cleared("westernesse-combat", dice=ScriptedDice([]))
    westernesse_cut = GAME.search_cutoff(state)
    assert westernesse_cut(westernesse_moving) is not None
    assert westernesse_cut(new_game()) is None


def test_case_21_2_a_draw_is_worth_half_a_win_to_search():
    # 21.2: both armies demoralized is a Draw, which no seat wins (Outcome.returns pays
    # both 0, and the record says "Draw"); a search scores it as a wargamer does, half to
    # each, so a side that cannot win still prefers the Draw to a loss: the evaluation's
    # chances are a Sauron win, a Westernesse win and the Draw, split between them
    payoffs = GAME.search().search_payoffs
    state = new_game()
    sauron, west = chances(state)
    down_s, down_w = demoralization_chances(state)
    draw = down_s * down_w
    assert abs(sauron - (1.0 - down_s + draw / 2)) < 1e-12
    assert abs(west - (down_s * (1.0 - down_w) + draw / 2)) < 1e-12
    assert abs(sauron + west - 1.0) < 1e-12        # a win, a loss or a Draw: nothing else
    setup(state, demoralized={"sauron": True})
    fighting_on = chances(state)
    assert 0.0 < fighting_on[0] < 0.5 < fighting_on[1] < 1.0   # he may still draw
    setup(state, demoralized={"sauron": True, "westernesse": True})
    assert evaluate(state) == [0.5, 0.5]           # a Draw already, whatever follows
    end_game(state)
    assert state.outcome().summary == "Draw" and state.outcome().returns(2) == [0.0, 0.0]
    assert evaluate(state) == payoffs(state.outcome(), 2) == [0.5, 0.5]
