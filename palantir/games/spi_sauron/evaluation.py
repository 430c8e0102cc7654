"""How a position of SPI Sauron stands, for search: each side's chance of winning.

Sauron wins unless his army ends the game demoralized (21.2); Westernesse wins when it does
and Westernesse's does not; both demoralized is a Draw, which a search scores as half a win
to each side, as a wargamer scores a drawn game (and as benchmarks/elo_spi_sauron.py does):
better than a loss, worse than a win. So the
evaluation estimates two chances, that Sauron's army ends demoralized (9.21, 20.0) and that
Westernesse's does too if his does (a demoralized general fights on for the Draw), each by a
logistic model of a few facts of the position: the time left, the room each army has below its Demoralization Level,
its strength on the map and waiting to arrive, how much of it is in contact with the enemy
or disrupted, the night turns to come (10.0) and Sauron's magic (8.5). The weights were
fitted to the outcomes of the general's games (benchmarks/fit_spi_sauron_evaluation.py, which
prints them; the figures are in docs/spi-sauron.md).

A search stops at the searching side's next Movement Phase about to begin
(`Game.search_cutoff`: the enemy has answered, moved and attacked) and scores the position
here instead of playing the 18 Game-Turns out (about 700 decisions); `rollout_evaluation` caps a
rollout at HORIZON decisions, and a position scored before it is quiet is first played on by
the general (a unit half-way to the enemy would look threatened before it strikes).
"""

from __future__ import annotations

import math
import random

from .battlefield import Battlefield
from .heuristics import rollout_policy
from .hexmap import distance
from .units import ELIMINATED, MORDOR, WAITING

# Decisions a search rollout plays at most before it scores the position; it stops sooner,
# at the first quiet position (Game.search_cutoff), within a Game-Turn.
HORIZON = 120

# The facts each model weighs, with the sign the rules give each weight: +1 when the fact
# makes that army's demoralization likelier. The fit drops a fact whose weight comes out
# with the other sign (a fact that merely goes with hard fighting, like the enemy's
# disrupted units, would otherwise teach search to leave its own units unrallied).
SAURON_FACTS = {"bias": 0, "sauron_room": -1, "time_x_west_on_map": +1,
                "time_x_sauron_on_map": +1, "sauron_threatened": +1, "sauron_disrupted": +1,
                "west_disrupted": -1, "west_threatened": -1, "sauron_out": +1,
                "magic_left": -1, "sauron_to_come": 0}
WEST_FACTS = {"bias": 0, "west_room": -1, "time_x_sauron_on_map": +1, "west_threatened": +1,
              "west_disrupted": +1, "sauron_disrupted": -1, "nights_left": +1,
              "sauron_down": 0}

# Fitted weights: the chance that Sauron's army ends the game demoralized, and that
# Westernesse's does given that Sauron's does (so Westernesse wins by the first times one
# minus the second, and the rest is the Draw); fitted to the general of issue 12 item 10
# (who presses late and fights on demoralized) by benchmarks/fit_spi_sauron_evaluation.py
# --games 100 --seed 1000: 400 games, a fifth held out. Held out, Sauron's army: log-loss
# 0.134 against 0.315 for the weights fitted to the old general and 0.655 for a constant,
# accuracy 0.947; Westernesse's: 0.473 against 0.929 and 0.635; the three results: 0.446
# against 0.912, and 1.026 for their frequencies (docs/spi-sauron.md).
SAURON_DEMORALIZED = {
    "bias": 7.571, "sauron_room": -16.728, "time_x_sauron_on_map": 2.666,
    "sauron_threatened": 3.042, "sauron_disrupted": 2.382, "sauron_out": 2.813,
    "magic_left": -5.115, "sauron_to_come": 4.118,
}
WEST_DEMORALIZED = {
    "bias": -0.751, "west_room": -5.245, "time_x_sauron_on_map": 1.576,
    "west_threatened": 0.506, "west_disrupted": 0.148, "sauron_disrupted": -0.219,
    "nights_left": 3.743, "sauron_down": -1.483,
}


def features(state, every: bool = False) -> dict[str, float]:
    """The facts of a position the evaluation weighs, each scaled to about 0..1 (`every`:
    also those no model weighs now, for fitting)."""
    parts = state.parts
    levels = parts.demoralization_levels
    level_s, level_w = levels["sauron"], levels["westernesse"]
    last = parts.last_turn
    phases = 7
    time_left = max(0.0, (last - state.turn + 1 - state.phase_index / phases) / last)
    value = parts.demoralization_value
    on_map = {"sauron": 0.0, "westernesse": 0.0}
    engaged = {"sauron": 0.0, "westernesse": 0.0}
    disrupted = {"sauron": 0.0, "westernesse": 0.0}
    to_come = 0.0
    hexes = {"sauron": [], "westernesse": []}
    for unit in state.units.values():
        if unit.hex in (WAITING, MORDOR):
            if unit.side == "sauron":
                to_come += value(unit.type.key)
        elif unit.hex != ELIMINATED:
            hexes[unit.side].append(unit)
    for side, enemy in (("sauron", "westernesse"), ("westernesse", "sauron")):
        enemy_hexes = [u.hex for u in hexes[enemy]]
        for unit in hexes[side]:
            worth = value(unit.type.key) * (0.6 if unit.reduced else 1.0)
            on_map[side] += worth
            if unit.disrupted:
                disrupted[side] += worth
            here = unit.hex
            if any(distance(here, e) <= 2 for e in enemy_hexes):
                engaged[side] += worth
    nights = sum(1 for t in parts.night_turns if t >= state.turn) / max(1, len(parts.night_turns))
    sauron = state.leaders.get("sauron")
    out = 1.0 if sauron is not None and sauron.on_map and not state.sauron_in_mordor() else 0.0
    magic = (sauron.magic_left / max(1, sauron.leader.magic)) if sauron is not None else 0.0
    found = {
        "bias": 1.0,
        "time_left": time_left,
        "sauron_room": (level_s - state.demoralization_points["sauron"]) / level_s,
        "west_room": (level_w - state.demoralization_points["westernesse"]) / level_w,
        "sauron_on_map": on_map["sauron"] / level_s,
        "west_on_map": on_map["westernesse"] / level_w,
        "sauron_to_come": to_come / level_s,
        "sauron_engaged": engaged["sauron"] / level_s,
        "west_engaged": engaged["westernesse"] / level_w,
        "sauron_disrupted": disrupted["sauron"] / level_s,
        "west_disrupted": disrupted["westernesse"] / level_w,
        "nights_left": nights,
        "sauron_out": out,
        "magic_left": magic,
        # a demoralized Sauron fights on for the Draw (the general, 21.2)
        "sauron_down": 1.0 if state.demoralized["sauron"] else 0.0,
    }
    # what each army stands to lose in the enemy's next Combat Phase (battlefield.py), if
    # a model weighs it (reading the enemy's reach is the dearest part of the evaluation)
    for side, level in (("sauron", level_s), ("westernesse", level_w)):
        name = f"{'west' if side == 'westernesse' else side}_threatened"
        if every or name in SAURON_DEMORALIZED or name in WEST_DEMORALIZED:
            field = Battlefield(state, side)
            found[name] = sum(field.exposure(unit, unit.hex) / field.own_rate
                              for unit in hexes[side]) / level
        else:
            found[name] = 0.0
    found["time_x_sauron_engaged"] = time_left * found["sauron_engaged"]
    found["time_x_west_on_map"] = time_left * found["west_on_map"]
    found["time_x_sauron_on_map"] = time_left * found["sauron_on_map"]
    return found


def _chance(weights: dict[str, float], facts: dict[str, float]) -> float:
    z = sum(weight * facts[name] for name, weight in weights.items())
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def demoralization_chances(state) -> tuple[float, float]:
    """The chances that Sauron's army ends the game demoralized (9.21), and that
    Westernesse's does if Sauron's does (a Draw, 21.2)."""
    facts = features(state)
    sauron = 1.0 if state.demoralized["sauron"] else _chance(SAURON_DEMORALIZED, facts)
    west = 1.0 if state.demoralized["westernesse"] else _chance(WEST_DEMORALIZED, facts)
    return sauron, west


def payoffs(outcome, players: int = 2) -> list[float]:
    """Each seat's payoff to a search (21.2): a win 1, a loss 0, a Draw half to each (the
    game's own Outcome.returns pays a Draw 0 to both, as no seat wins it)."""
    if not outcome.winners and outcome.summary == "Draw":
        return [0.5] * players
    return outcome.returns(players)


def evaluate(state) -> list[float]:
    """Each seat's expected payoff to a search (`payoffs`: a win 1, a Draw ½, a loss 0):
    Sauron wins unless his army ends demoralized; Westernesse wins if it does and
    Westernesse's does not; both is a Draw. The position is first played on by the general
    to a quiet one (see `quiet`)."""
    state = quiet(state)
    if state.is_over():
        return payoffs(state.outcome())
    sauron_down, west_down = demoralization_chances(state)
    draw = sauron_down * west_down
    return [1.0 - sauron_down + 0.5 * draw, sauron_down * (1.0 - west_down) + 0.5 * draw]


def is_quiet(state) -> bool:
    """A Movement Phase about to begin: no move half made, no attack or retreat pending."""
    if state.is_over():
        return True
    if state.pending or state.phase.kind != "movement":
        return False
    side = state.phasing_side()
    return not any(u.moved for u in state.units.values() if u.side == side)


def quiet(state):
    """The position itself if quiet, else a copy played on by the general until it is: a
    side's moves and attacks are judged once made, not half-way (at most one Game-Turn)."""
    if is_quiet(state):
        return state
    state = state.clone()
    for _ in range(QUIESCENCE):
        state.apply(rollout_policy(state, _RNG))
        if is_quiet(state):
            break
    return state


def cut_for(side: str):
    """Game.search_cutoff for a search by `side`: the score at its own next Movement Phase,
    so the enemy's answer — his moves and attacks — is played out before a decision is
    judged; a side's own phase then scores what it has made of the position."""
    def cut(state) -> list[float] | None:
        if state.is_over() or (is_quiet(state) and state.phasing_side() == side):
            return evaluate(state)
        return None
    return cut


QUIESCENCE = 400        # decisions at most (a whole Game-Turn takes 40 or so)
_RNG = random.Random(0)     # the general does not use it


def rollout_evaluation():
    """(decisions, evaluate) for Game.rollout_evaluation."""
    return HORIZON, evaluate
