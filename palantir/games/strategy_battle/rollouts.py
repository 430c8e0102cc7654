"""The search's own short look ahead (issue 14, item 12): a rollout that ends with the phase
the search began in and moves its models along straight lines.

A rollout by the general's candidates costs 20-40 ms a model in the Move phase (the Reach
grid of the model, the A* paths of its charges, the looks at cover) and some 45 ms a
decision in the Shoot phase (every shooter's sight of every target), so a search of three
seconds got about seven of them. Here a rollout plays only to the end of the phase it starts
in (`cutoff`) and is then scored by the evaluation, which reckons the models already in
base contact by the exact odds of the fights they will fight; and in the Move phase each
model makes one of a few straight moves the referee checks (`straight_move`): a charge
straight into contact with one of the two enemies in reach it has the best odds against,
a full advance straight at the nearest enemy short of its control zone, or holding still —
no path finder, no Reach grid, no looks at cover or danger. Every other decision is the
general's cheaper judgement (`heuristics.rollout_policy`).
"""

from __future__ import annotations

import random

from ...engine.errors import IllegalAction
from . import candidates as cand
from . import table as geo
from .evaluation import evaluate
from .heuristics import General, prospect, rollout_policy
from .notation import Charge, Done, Move

MOVE = "move"
# a charge's score by `General.charge` is 2 + ENGAGE + the value it expects to gain, less 2
# at a defended barrier: a rollout charges unless it expects to lose a point or more
CHARGE_AT = 2.0


def straight_moves(state, model) -> list:
    """The straight charges, advance and hold of `model` that the referee allows."""
    me = state.disc(model, zone=False)
    allowance = state.mover(model).allowance
    enemies = [e for e in state.models.values() if e.side != model.side]
    in_reach = [e for e in enemies
                if geo.gap(me, state.disc(e, zone=False)) <= allowance + 1e-6]
    ranked = sorted(in_reach, key=lambda e: (-prospect(state, [model], [e], model.side,
                                                        charging=(model.id,))[1], e.id))
    out: list = []
    for enemy in ranked[:2]:
        them = state.disc(enemy, zone=False)
        d = geo.centre_distance(me, them)
        step = geo.gap(me, them)
        if d <= 0 or not state.sees(model, enemy).visible:
            continue
        end = (me.x + (them.x - me.x) / d * step, me.y + (them.y - me.y) / d * step)
        out.append(Charge(model.id, (enemy.id,), Move.rounded([end])))
    if enemies:
        nearest = min(enemies, key=lambda e: (geo.gap(me, state.disc(e, zone=False)), e.id))
        spot = cand.advance_point(state, model, nearest, allowance - 0.01)
        if spot is not None:
            out.append(Move(model.id, Move.rounded([spot])))
    out.append(Move(model.id, Move.rounded([(model.x, model.y)])))       # hold
    legal = []
    for action in out:
        try:
            state.check_move(action)
        except IllegalAction:
            continue
        legal.append(action)
    return legal


def straight_policy(state, rng: random.Random):
    """The rollout policy of a short search: in the Move phase the next model in the
    general's order charges straight in where the general's judgement of the charge
    (`General.charge`, the exact odds) clears `CHARGE_AT`, else advances straight, else
    holds; anything else as `heuristics.rollout_policy`."""
    if state.phase == MOVE and state.question is None and state.picked_model() is None:
        order = cand.move_order(state)
        if not order:
            return Done()
        model = order[0]
        if model.climbing is None:
            found = straight_moves(state, model)
            if not any(isinstance(a, Move) for a in found):
                return rollout_policy(state, rng)     # e.g. a heroic move's "With me!"
            general = General(state, thorough=False)
            charges = [(general.charge(a), str(a), a) for a in found if isinstance(a, Charge)]
            best = max(charges, key=lambda c: c[:2], default=None)
            if best is not None and best[0] >= CHARGE_AT:
                return best[2]
            return next(a for a in found if not isinstance(a, Charge))
    return rollout_policy(state, rng)


def cutoff(root):
    """cut(state) -> each seat's payoff once the phase (and turn) the search began in is
    over, else None: the search looks no further than the end of its own phase."""
    turn, phase = root.turn, root.phase

    def cut(state):
        if state.turn != turn or state.phase != phase:
            return evaluate(state)
        return None

    return cut
