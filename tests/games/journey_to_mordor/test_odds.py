"""Exact odds of a turn (odds.py) against the reference rules, and the optimal-turn agent.

The distributions are checked two ways: a case computed by hand from the rulebook
("On your turn, you must roll all 5 dice ... If the roll includes one or more Nazgûl, you
must set aside 1 of them"; the faces of components.toml), and sampled frequencies of the
rest of the turn played through the real rules with seeded dice by the same policy, every
result within 4 standard errors of its exact probability.
"""

from __future__ import annotations

import json
import math

import pytest
from tests.support.positions.journey import GAME, table, roll

from palantir.agents import make_agent
from palantir.engine.dice import SeededDice
from palantir.engine.errors import UnknownAgent
from palantir.engine.match import play_match
from palantir.games.journey_to_mordor import odds
from palantir.games.journey_to_mordor.notation import REROLL, Keep

SAMPLES = 1500


def odds_by_text(state):
    """The exact odds of each legal decision, by its notation."""
    legal = state.legal_actions()
    return {str(c.action): c for c in odds.choice_odds(GAME, state.view(state.active), legal)}


def play_rest_of_turn(state, agent) -> odds.Result:
    """Play the active player's turn to its end through the rules; what it did."""
    me, start_ring, turn = state.active, state.ring[state.active], state.round
    marks = 0
    while not state.is_over() and state.active == me and state.round == turn:
        state.apply(agent.choose(state.view(me), state.legal_actions()))
        marks += sum(1 for item in state.news if item[0] == "mark" and item[1] == me)
        if state.active != me or state.round != turn or state.is_over():
            break
    return odds.Result(state.ring[me] - start_ring, marks, state.eliminated[me])


def assert_sampled(position, choice: str, seed: int) -> None:
    """Sampled (spaces, marks, eliminated) frequencies after `choice` agree with the exact
    distribution within 4 standard errors, cell by cell."""
    exact = odds_by_text(position)[choice]
    agent = odds.OptimalTurnAgent(GAME, position.active, objective=odds.DEFAULT_OBJECTIVE)
    counts: dict = {}
    for k in range(SAMPLES):
        trial = position.clone(dice=SeededDice(seed * 100_000 + k, record=False))
        trial.apply(trial.parse_action(choice) if choice != "reroll" else REROLL)
        result = play_rest_of_turn(trial, agent)
        key = (result.spaces, result.marks, result.eliminated)
        counts[key] = counts.get(key, 0) + 1
    cells: dict = {}
    for r, p in exact.distribution.items():
        key = (r.spaces, r.marks, r.eliminated)
        cells[key] = cells.get(key, 0.0) + p
    assert set(counts) <= {k for k, p in cells.items() if p > 0}, "a result the odds exclude"
    for key, p in cells.items():
        freq = counts.get(key, 0) / SAMPLES
        se = math.sqrt(max(p * (1 - p), 1e-9) / SAMPLES)
        assert abs(freq - p) <= 4 * se + 1e-9, (choice, key, freq, p)


def test_one_die_left_the_distribution_computed_by_hand():
    # Kept: Ring, Fellowship, Gandalf, Orc; the black die (R G F O N T) is rolled alone:
    # R two rings (1 orc, 1 Fellowship: they count), G F N T one ring, O two orcs: none.
    state = table(roll(yellow="R", red="F", blue="G", green="O", black="R"))
    exact = odds_by_text(state)["keep R:yellow G F O"]
    assert exact.p_spaces() == pytest.approx({0: 1 / 6, 1: 4 / 6, 2: 1 / 6})
    assert exact.expected_marks() == pytest.approx(1 / 6)  # the black Nazgûl hits you
    assert exact.p_eliminated() == 0


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_the_chance_of_a_nazgul_among_n_coloured_dice(n):
    # A coloured die has one Nazgûl among six faces: P(at least one) = 1 - (5/6)^n.
    state = table(roll(yellow="R", red="F", blue="G", green="O", black="R"))
    turn = odds.turn_odds(odds.parts_of(GAME, state.view(0)), state.view(0))
    coloured = turn.classes(range(n))
    outcomes = turn.outcomes(coloured)
    assert sum(p for p, _ in outcomes) == pytest.approx(1.0)
    assert sum(p for p, r in outcomes if any(f == "N" for _, f in r)) == \
        pytest.approx(1 - (5 / 6) ** n)


def test_sampled_frequencies_match_the_odds_basic_game_near_elimination():
    # Two whole squares left of six: elimination is possible; the red die's Nazgûl hits
    # the rival.
    state = table(roll(yellow="N", red="N", blue="R", green="O", black="G"),
                  nazgul={0: "xxxx.."}, dice=SeededDice(1))
    for choice in ("keep R N:yellow", "keep G N:red"):
        assert_sampled(state, choice, seed=len(choice))


def test_sampled_frequencies_match_the_odds_in_rohan_with_the_reroll():
    # Location Features 4, Rohan: each roll may be repeated once.
    state = table(roll(yellow="O", red="O", blue="N", green="O", black="F"),
                  locations=True, ring={0: "Rohan"}, dice=SeededDice(2))
    assert REROLL in state.legal_actions()
    for choice in ("reroll", "keep F N"):
        assert_sampled(state, choice, seed=len(choice) + 7)


def test_the_policy_prefers_a_choice_that_cannot_eliminate_it():
    # One half square left: keeping the yellow Nazgûl (own colour) eliminates the player,
    # the red one (the rival's) does not.
    state = table(roll(yellow="N", red="N", blue="R", green="F", black="F"),
                  nazgul={0: "xxxxxh"})
    by_text = odds_by_text(state)
    assert by_text["keep R N:yellow"].p_eliminated() == pytest.approx(1.0)
    agent = odds.OptimalTurnAgent(GAME, 0)
    chosen = agent.choose(state.view(0), state.legal_actions())
    assert isinstance(chosen, Keep) and (1, "N") in chosen.dice


def test_the_optimal_turn_agent_is_made_by_name_and_plays_a_legal_game():
    agents = [make_agent("optimal-turn", GAME, s, s) for s in range(2)]
    state, record = play_match(GAME, {"players": 2, "locations": True}, agents, 3)
    assert state.is_over()
    with pytest.raises(UnknownAgent, match="takes no budget"):
        make_agent("optimal-turn:5", GAME, 0)


def test_odds_at_the_terminal_list_every_legal_decision():
    state = table(roll(yellow="R", red="F", blue="G", green="O", black="R"))
    presentation = GAME.presentation()
    legal = state.legal_actions()
    said = presentation.answer(state.view(0), legal, "odds")
    assert said.startswith("Odds of each choice")
    assert all(str(action) in said for action in legal) and said.count("★") == 2  # the agent's row, and the note
    assert presentation.answer(state.view(0), legal, "keep R:yellow") is None


def test_odds_at_the_terminal_give_the_chance_of_winning_in_100_columns():
    # The two-player basic game: a P win column; the 4-player game in Rivendell (any number
    # of dice showing a symbol, each named: the widest keeps) has none, and still fits.
    said = GAME.presentation().answer(LATE.view(0), LATE.legal_actions(), "odds")
    header = said.splitlines()[1].split()
    assert header[:3] == ["Decision", "P", "win"] and "keep R G N:red" in said
    agent_row = next(line for line in said.splitlines() if line.startswith("  ★ "))
    assert agent_row.split()[1:5] == ["keep", "R", "G", "N:red"]
    rivendell = table(roll(yellow="F", red="F", blue="F", green="F", black="F"), players=4,
                      locations=True, ring={0: "Rivendell"})
    wide = GAME.presentation().answer(rivendell.view(0), rivendell.legal_actions(), "odds")
    assert "keep F:yellow F:blue F:green F:black" in wide and "P win" not in wide
    assert "two-player basic games only" in wide
    for text in (said, wide):
        assert max(len(line) for line in text.splitlines()) <= 100, text


# ----- the win chances (odds.WinChance, odds.WinChain) ----------------------------------

def test_the_data_files_kernels_are_what_the_odds_make():
    # The data file is odds.win_kernels' output: a rules change that alters a turn's
    # distribution must regenerate it (python -m palantir.games.journey_to_mordor.odds).
    stored = json.loads(odds.WIN_DATA.read_text())["kernels"]
    parts = odds.parts_of(GAME, {"options": {"players": 2}})
    assert len(stored) == 2 * len(odds.route_states())
    made = odds.turn_kernel(parts, (3, 1), False)  # a half-marked square, one split, one whole
    assert {tuple(o[1:]): o[0] for o in stored["3 1 0"]} == pytest.approx(made, abs=1e-12)


def test_in_the_final_round_a_choice_is_worth_its_chance_of_winning_at_once():
    # End of the Game: seat 0 has reached Mordor with 3 unmarked spaces; seat 1 (3 spaces
    # away) plays the last turn of the round and wins only by reaching Mordor with more
    # unmarked spaces (a tie shares the victory) — the yellow die's Nazgûl marks seat 0's
    # route — or when seat 0 is eliminated (here it cannot be: one die against 3 spaces).
    state = table(roll(yellow="G", red="G", blue="N", green="G", black="N"), active=1,
                  ring={0: "Mordor", 1: 6}, arrived=[0], final_round=True,
                  nazgul={0: "xxx...", 1: "x....."})
    view = state.view(1)
    own, rival = odds.route_state(view["nazgul"][1]), odds.route_state(view["nazgul"][0])
    legal = state.legal_actions()
    agent = odds.OptimalTurnAgent(GAME, 1)
    assert agent.objective_for(view) is odds.WIN_CHANCE
    choices = {str(c.action): c for c in odds.choice_odds(GAME, view, legal, odds.WIN_CHANCE)}
    for text, choice in choices.items():
        won = 0.0
        for r, p in choice.distribution.items():
            units = odds.after_marks(own, r.splits, r.marks)[0]
            rival_units = odds.after_marks(rival, 0, r.rival_marks)[0]
            if r.spaces >= 3 and not r.eliminated:
                won += p * (1.0 if units > rival_units else 0.5 if units == rival_units else 0)
        assert choice.value == pytest.approx(won), text
    # Only the rings count now: set aside the Nazgûl alone and roll the Gandalfs again —
    # four times the chance of the keep the one-turn objective takes (Gandalf and Nazgûl).
    assert str(agent.choose(view, legal)) == "keep N:blue"
    by_turn = max(odds.choice_odds(GAME, view, legal), key=lambda c: c.value)
    assert str(by_turn.action) == "keep G:red N:blue"
    assert choices["keep N:blue"].value > 3 * choices["keep G:red N:blue"].value


def test_the_chain_last_turn_of_the_round_is_its_kernels_chance_of_winning():
    # Seat 1's final turn, seat 0 at Mordor with 2 unmarked spaces, seat 1 one space away
    # with 6: its chance is the kernel's chance of a ring that counts and more unmarked
    # spaces at the end (End of the Game), a tie counting half.
    chain = odds.win_chain()
    kernel = odds.turn_kernel(odds.parts_of(GAME, {"options": {"players": 2}}), (6, 6), False)
    won = 0.0
    for (rings, splits, marks, rival_marks), p in kernel.items():
        units = odds.after_marks((6, 6), splits, marks)[0]
        rival_units = odds.after_marks((2, 2), 0, rival_marks)[0]
        if rings >= 1:
            won += p * (1.0 if units > rival_units else 0.5 if units == rival_units else 0.0)
    assert 0.7 < won < 0.8
    assert chain.value(1, 9, (2, 2), 8, (6, 6)) == pytest.approx((1 - won, won), abs=1e-12)


def test_win_chances_cover_only_the_two_player_basic_game():
    agent = odds.OptimalTurnAgent(GAME, 0)
    for options in ({"players": 3}, {"players": 2, "locations": True},
                    {"players": 2, "nazgul_squares": 5}):
        state = GAME.new_state(options, SeededDice(1))
        assert agent.objective_for(state.view(0)) == odds.DEFAULT_OBJECTIVE, options
    state = GAME.new_state({"players": 2}, SeededDice(1))
    assert agent.objective_for(state.view(0)) is odds.WIN_CHANCE


# ----- the odds of each choice by the agent's own policy (odds.decision_odds) ------------

# Late in the race (seat 0 two spaces from Mordor, seat 1 four): playing for the chance of
# winning the agent keeps the Gandalf too (keep R G N:red), the one-turn objective would not.
LATE = table(roll(yellow="R", red="N", blue="G", green="F", black="N"), ring={0: 7, 1: 5},
             nazgul={0: "xxx...", 1: "x....."})


def chance_from_distribution(view, choice) -> float:
    """A choice's chance of winning worked out again from its turn's distribution: each way
    the turn can end (spaces, own splits and marks, the rival's marks) valued by the chain."""
    me, other = view["active"], 1 - view["active"]
    own, rival = odds.route_state(view["nazgul"][me]), odds.route_state(view["nazgul"][other])
    total = 0.0
    for r, p in choice.distribution.items():
        ring, routes = list(view["ring"]), [own, own]
        ring[me] = min(ring[me] + r.spaces, odds.WIN_RING)
        routes[me] = odds.after_marks(own, r.splits, r.marks)
        routes[other] = odds.after_marks(rival, 0, r.rival_marks)
        total += p * odds.win_chain().next_turn(me, ring[0], routes[0], ring[1], routes[1])[me]
    return total


def test_the_odds_of_each_choice_give_the_agents_own_chance_of_winning():
    view, legal = LATE.view(0), LATE.legal_actions()
    agent = odds.OptimalTurnAgent(GAME, 0)
    own = odds.choice_odds(GAME, view, legal, agent.objective_for(view))
    one_turn = odds.choice_odds(GAME, view, legal)
    shown = GAME.presentation().choice_odds(view, [str(a) for a in legal])
    assert shown["columns"][:3] == ["Decision", "P win", "P out"]
    assert "chance of winning" in shown["title"] and "share" in shown["notes"][0]
    assert [r["action"] for r in shown["rows"]] == [str(a) for a in legal]
    for row, mine, theirs in zip(shown["rows"], own, one_turn):
        assert row["p_win"] == pytest.approx(mine.value, abs=1e-12), row["action"]
        assert row["p_win"] == pytest.approx(chance_from_distribution(view, mine), abs=1e-9)
        assert row["cells"][0] == f"{100 * mine.value:.1f}%"
        # The turn's figures beside it are those of the same policy.
        assert row["cells"][2:4] == [f"{mine.expected_marks():.2f}",
                                     f"{mine.expected_spaces():.2f}"]
    # ... which here differ from the one-turn objective's (so the check above can fail).
    assert shown["rows"][0]["cells"][2] != f"{one_turn[0].expected_marks():.2f}"
    chosen = str(agent.choose(view, legal))
    marked = [r for r in shown["rows"] if r["best"]]
    assert [r["action"] for r in marked] == [chosen] == ["keep R G N:red"]
    assert [r["action"] for r in shown["rows"] if r["agent"]] == [chosen]
    assert marked[0]["p_win"] == max(r["p_win"] for r in shown["rows"])
    assert str(max(one_turn, key=lambda c: c.value).action) != chosen


def test_in_the_final_round_the_choice_that_reaches_mordor_at_once_wins_for_certain():
    # Seat 0 has reached Mordor with 3 unmarked spaces; seat 1, one space away with 5, plays
    # the round's last turn: keeping the ring with the White Tree ends it there (reaching
    # Mordor with more unmarked spaces wins), the White Tree without a ring loses.
    state = table(roll(yellow="R", red="F", blue="F", green="O", black="T"), active=1,
                  ring={0: "Mordor", 1: 8}, arrived=[0], final_round=True,
                  nazgul={0: "xxx...", 1: "x....."})
    view, legal = state.view(1), state.legal_actions()
    shown = GAME.presentation().choice_odds(view, [str(a) for a in legal])
    rows = {r["action"]: r for r in shown["rows"]}
    for won in ("keep R T", "keep R F:red T", "keep R F:blue O T"):
        assert rows[won]["p_win"] == 1.0 and rows[won]["cells"][0] == "100%", won
    assert rows["keep R O T"]["p_win"] == 0.0   # the orc is not countered: no ring counts
    assert rows["keep T"]["p_win"] == 0.0 and rows["keep T"]["cells"][0] == "0%"
    assert 0.5 < rows["keep R"]["p_win"] < 1   # a Nazgûl may yet mark seat 1's route
    assert [r["action"] for r in shown["rows"] if r["best"]] == ["keep R T"] == [
        str(odds.OptimalTurnAgent(GAME, 1).choose(view, legal))]


@pytest.mark.parametrize("options", [{"players": 3}, {"locations": True}])
def test_where_the_chain_does_not_cover_the_game_the_one_turn_table_stays(options):
    state = table(roll(yellow="N", red="N", blue="R", green="O", black="G"), **options)
    view, legal = state.view(0), state.legal_actions()
    shown = GAME.presentation().choice_odds(view, [str(a) for a in legal])
    assert shown["title"] == "Odds of each choice (this turn)"
    assert shown["columns"][:2] == ["Decision", "P out"]
    assert all("p_win" not in r for r in shown["rows"])
    assert shown["notes"][-1].startswith("The chance of winning is given for two-player "
                                         "basic games only")
    best = max(c.value for c in odds.choice_odds(GAME, view, legal))
    assert [r["best"] for r in shown["rows"]] == [
        abs(c.value - best) < 1e-9 for c in odds.choice_odds(GAME, view, legal)]
