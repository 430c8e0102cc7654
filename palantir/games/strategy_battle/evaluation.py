"""How a battle stands, for a search that cannot afford to play every rollout to the end.

A search's rollouts stop at the end of the phase it began in (rollouts.cutoff), and at the
latest after `HORIZON` decisions (about two turns: a turn takes 12-18 decisions in the
shipped scenarios); the position is then scored by what each side has left on the table —
each warrior's worth (`heuristics.standing`: its characteristics, Wounds left, a Hero's
stores) — with the warriors about to fight (in a fight paired, or before the Fight phase in
base contact with an enemy: `fights_ahead`) counted at their expected worth after the fight
(exact odds). Which side is ahead is judged as a battle of attrition judges it: strength
against strength squared (Lanchester's square law), so that a side with twice the strength
left wins four times in five."""

from __future__ import annotations

from .heuristics import prospect, standing
from .profiles import SIDES
from .state import contacts

HORIZON = 24            # decisions a rollout plays before the position is scored
SQUARE = 2.0            # the exponent of the attrition law


def fights_ahead(state) -> list[tuple[str, tuple[str, ...]]]:
    """The fights paired, and before the Fight phase pairs them the models in base contact
    in groups joined by contact (each group reckoned as one fight, its first model of each
    side the one struck): a charge is counted as soon as it is made."""
    paired = {k for single, many in state.fights for k in (single, *many)}
    touching = {k: v for k, v in contacts(state).items() if k not in paired}
    groups, seen = [], set()
    for start in sorted(touching):
        if start in seen:
            continue
        group, todo = [], [start]
        while todo:
            ident = todo.pop()
            if ident not in seen and ident in touching:
                seen.add(ident)
                group.append(ident)
                todo.extend(touching[ident])
        group.sort()
        groups.append((group[0], tuple(group[1:])))
    return list(state.fights) + groups


def strength(state, side: str) -> float:
    """What a side has left: the worth of its warriors, those in a fight not yet fought
    (paired, or in base contact) reckoned by its exact odds."""
    total = sum(standing(m) for m in state.models.values() if m.side == side)
    for single, many in fights_ahead(state):
        ids = [k for k in (single, *many) if k in state.models]
        mine = [state.models[k] for k in ids if state.models[k].side == side]
        theirs = [state.models[k] for k in ids if state.models[k].side != side]
        if mine and theirs:
            # the fight's expected swing, half of it ours (the other half is theirs)
            total += 0.5 * prospect(state, mine, theirs, side)[1]
    return max(total, 0.0)


def evaluate(state) -> list[float]:
    """Each seat's chance of winning as the table stands (seat 0 Good, seat 1 Evil)."""
    if state.is_over():
        return state.outcome().returns(2)
    good, evil = (strength(state, side) ** SQUARE for side in SIDES)
    if good + evil <= 0:
        return [0.5, 0.5]
    p = good / (good + evil)
    return [p, 1.0 - p]


def rollout_evaluation():
    """(decisions, evaluate) for `Game.rollout_evaluation`."""
    return HORIZON, evaluate
