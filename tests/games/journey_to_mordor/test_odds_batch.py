"""The exact odds of a turn (odds.py) against the batch engine's sampled frequencies (issue
15, item 6: "checked in the tests against the batch engine's sampled frequencies").

The policy both play is the `random` agent's (each legal decision alike): odds.py works out
the exact distribution of the first turn of a two-player basic game from the opening
(`TurnOdds.whole_turn("random")`), and the batch engine (batch.py, compiled) plays that
turn in 20,000 seeded games. Each distinct turn the engine played is replayed through the
reference rules, which say what it did (spaces gained, own Nazgûl marks, elimination).
A chi-square test over the results (p = 0.001) must pass for the true distribution and
fail when 0.02 of probability is moved from the likeliest result to the next.
"""

from __future__ import annotations

import math

import pytest
from tests.support.positions.journey import GAME

from palantir.engine.dice import Roll, ScriptedDice, SeededDice
from palantir.games.journey_to_mordor import odds
from palantir.games.journey_to_mordor.batch import EV_KEEP, EV_ROLL
from palantir.games.journey_to_mordor.components import SYMBOLS
from palantir.games.journey_to_mordor.notation import Keep

ENGINE = GAME.batch_engine()
OPTIONS = {"players": 2}
SAMPLES = 20_000
Z_999 = 3.090  # the standard normal's 0.999 quantile


def exact_first_turn() -> dict:
    """P(spaces, marks, eliminated) of seat 0's first turn, the random agent playing it."""
    state = GAME.new_state(OPTIONS, SeededDice(0))
    view = state.view(0)
    turn = odds.TurnOdds(odds.parts_of(GAME, view), view, odds.DEFAULT_OBJECTIVE)
    _, dist = turn.whole_turn("random")
    cells: dict = {}
    for r, p in dist.items():
        key = (r.spaces, r.marks, r.eliminated)
        cells[key] = cells.get(key, 0.0) + p
    return cells


def first_turn_of(codes, names) -> tuple[list[Roll], tuple]:
    """The dice a batch game rolled until seat 1's first decision, and seat 0's keeps."""
    rolls: list[Roll] = []
    keeps = []
    showing: dict = {}
    for code in codes.tolist():
        kind, seat, mask = code >> 24, code >> 16 & 255, code & 255
        if kind == EV_ROLL:
            showing[seat] = SYMBOLS[code >> 8 & 255]  # for a roll: the die, its face
            rolls.append(Roll(names[seat], showing[seat]))
        elif kind == EV_KEEP and seat == 0:
            keeps.append(tuple((d, showing[d]) for d in range(len(names)) if mask >> d & 1))
        else:
            break
    return rolls, tuple(keeps)


def reference_result(rolls: list[Roll], keeps: tuple) -> tuple:
    """What the reference rules say the turn did: (spaces, own marks, eliminated)."""
    state = GAME.new_state(OPTIONS, ScriptedDice(rolls, record=False))
    marks = 0
    for dice in keeps:
        state.apply(Keep(dice))
        marks += sum(1 for item in state.news if item[0] == "mark" and item[1] == 0)
    assert state.active == 1 and state.ring[1] == 0, "the keeps are seat 0's whole turn"
    return state.ring[0], marks, state.eliminated[0]


def batch_first_turns() -> dict:
    """How often each result came out of the batch engine's first turns."""
    names = odds.parts_of(GAME, {"options": OPTIONS}).die_names
    _, traces = ENGINE.traces(OPTIONS, ["random", "random"], range(SAMPLES))
    by_aside: dict = {}
    for codes in traces:
        rolls, keeps = first_turn_of(codes, names)
        aside = tuple(sorted(d for dice in keeps for d in dice))
        entry = by_aside.setdefault(aside, [rolls, keeps, 0])
        entry[2] += 1
    counts: dict = {}
    for rolls, keeps, n in by_aside.values():  # the result depends on the dice set aside
        key = reference_result(rolls, keeps)
        counts[key] = counts.get(key, 0) + n
    return counts


def chi_square(counts: dict, cells: dict) -> tuple[float, float]:
    """Pearson's statistic over the results (those expected fewer than 5 times pooled) and
    its 0.999 quantile (Wilson–Hilferty) for the degrees of freedom."""
    n = sum(counts.values())
    big = [k for k, p in cells.items() if p * n >= 5]
    groups = [([k], cells[k]) for k in big]
    rest = [k for k in cells if k not in big]
    if rest:
        groups.append((rest, sum(cells[k] for k in rest)))
    stat = 0.0
    for keys, p in groups:
        seen = sum(counts.get(k, 0) for k in keys)
        stat += (seen - n * p) ** 2 / (n * p)
    df = len(groups) - 1
    quantile = df * (1 - 2 / (9 * df) + Z_999 * math.sqrt(2 / (9 * df))) ** 3
    return stat, quantile


def test_the_exact_first_turn_matches_the_batch_engines_frequencies():
    cells = exact_first_turn()
    assert sum(cells.values()) == pytest.approx(1.0)
    counts = batch_first_turns()
    assert sum(counts.values()) == SAMPLES
    assert set(counts) <= {k for k, p in cells.items() if p > 0}, "a result the odds exclude"
    stat, quantile = chi_square(counts, cells)
    assert stat < quantile, (stat, quantile)
    for key, p in cells.items():  # and each result on its own, within 4 standard errors
        se = math.sqrt(max(p * (1 - p), 1e-9) / SAMPLES)
        assert abs(counts.get(key, 0) / SAMPLES - p) <= 4 * se + 1e-9, (key, p)
    # A wrong distribution fails: 0.02 moved from the likeliest result to the next.
    first, second = sorted(cells, key=cells.get, reverse=True)[:2]
    wrong = dict(cells)
    wrong[first] -= 0.02
    wrong[second] += 0.02
    stat, quantile = chi_square(counts, wrong)
    assert stat > quantile, (stat, quantile)

