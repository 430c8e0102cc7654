"""Courage: the test, when to take it, retreats and fleeing the battle, Stand Fast! ('Courage').

A test is a procedure (`courage` frame): two dice are rolled and a Hero who fails may spend
Might to pass ('Can I Use Might?': "Courage - to pass a Courage test"); its parent frame
gets `passed`.
"""

from __future__ import annotations

from .. import table as geo
from .. import procedure
from ..state import courage_of, is_hero, is_loose, take_test
from ..wounds import D6, offer, remove, spent

RULE_COURAGE = "Courage"
PASS_MARK = 10          # 'Courage Tests': two dice plus Courage, 10 or more passes


@procedure.REGISTRY.add
class CourageFrame(procedure.Frame):
    """Two dice plus Courage, 10 or more passes; a Hero may raise a failing roll with Might."""

    name = "courage"

    def step(self, state, stack) -> None:
        """One step of the procedure."""
        model = state.models.get(self["model"])
        if model is None:
            procedure.finish(state, self, passed=False)
            return
        if not self["dice"]:
            self["dice"] = [int(state.dice.roll(f"courage {model.id}", D6)) for _ in range(2)]
        a, b = self["dice"]
        courage = courage_of(model)
        total = a + b + courage
        # each die counts at most 6 ('Might')
        room = 12 - a - b
        if total < PASS_MARK and offer(state, self, model, "Courage", total, (PASS_MARK,),
                                              room=room):
            return
        total += min(room, spent(self))
        passed = total >= PASS_MARK
        model.tested = "passed" if passed else "failed"
        might = spent(self)
        state.news.append(f"{model.id} tests Courage ({self['why']}): {a}+{b}+{courage}"
                          + (f"+{might} Might" if might else "")
                          + f" = {total}: {'passed' if passed else 'failed'}")
        procedure.finish(state, self, passed=passed)


def test_owed(state, model) -> str | None:
    """Why the model must test its Courage at the start of its move, or None ('When to
    Test'): half its force destroyed, on its own, or a test the scenario calls for. One roll
    stands for all ('Testing Twice'); engaged models and models already tested this turn do
    not test; a warrior beside a Hero who passed Stands Fast when half the force is lost,
    and that stands for the other tests too ('Stand Fast!', 'Testing Twice')."""
    if model.tested is not None or state.engaged(model) or model.carried_by is not None:
        return None
    half = half_force_lost(state, model.side)
    # being on its own only names the test when half the force is not lost ('Testing Twice')
    alone = not half and on_its_own(state, model)
    called = model.side in state.scenario.courage_before_moving
    if not (half or alone or called):
        return None
    if half and stands_fast(state, model):
        state.news.append(f"{model.id} stands fast beside a Hero")
        model.tested = "passed"
        return None
    return ("half the force lost" if half else "on its own" if alone
            else "the scenario calls for it")


def within(state, a, b, distance: float) -> bool:
    """Whether b is within `distance` of a, base to base."""
    return geo.gap(state.disc(a, zone=False), state.disc(b, zone=False)) <= distance + 1e-9


def half_force_lost(state, side: str) -> bool:
    """Half or more of the side's warriors slain or fled ('When to Test')."""
    return 2 * state.lost[side] >= state.force[side]


def on_its_own(state, model) -> bool:
    """No visible friend within 6"/14cm and two visible enemies per Wound left within 6"/14cm.
    Sight, the costly part, is looked at only while the answer still hangs on it: not at all
    with too few enemies in reach, friends before enemies, and no further than decides it."""
    reach = state.units.rule(6, 14)
    near = [other for other in state.models.values()
            # a loose mount is no warrior, friend or foe
            if other.id != model.id and not is_loose(other)
            and within(state, model, other, reach)]
    enemies = [other for other in near if other.side != model.side]
    needed = 2 * model.wounds
    if len(enemies) < needed:
        return False
    if any(other.side == model.side and state.sees(model, other).visible for other in near):
        return False
    seen = 0
    for left, enemy in enumerate(enemies):
        if seen >= needed:
            return True
        if seen + len(enemies) - left < needed:
            return False         # too few left to look at to make up the count
        seen += state.sees(model, enemy).visible
    return seen >= needed


def stands_fast(state, model) -> bool:
    """'Stand Fast!': a visible friendly Hero within 6"/14cm has tested and passed this turn."""
    reach = state.units.rule(6, 14)
    return any(other.side == model.side and other.id != model.id and is_hero(other)
               and other.tested == "passed" and within(state, model, other, reach)
               and state.sees(model, other).visible
               for other in state.models.values())


@procedure.REGISTRY.add
class CourageOwedFrame(procedure.Frame):
    """'When to Test': a model owing a Courage test takes it before it moves (the move's
    frame, under this one, gets `passed`)."""

    name = "courage owed"

    def step(self, state, stack) -> None:
        """One step of the procedure."""
        model = state.models[self["model"]]
        why = test_owed(state, model)
        if why is None:
            procedure.finish(state, self, passed=True)
            return
        procedure.finish(state, self)
        take_test(state, model, why)


@procedure.REGISTRY.add
class RetreatFrame(procedure.Frame):
    """A model that failed a test as it moved retreats ('Retreats')."""

    name = "retreat"

    def step(self, state, stack) -> None:
        """One step of the procedure."""
        procedure.finish(state, self)
        retreat(state, state.models[self["model"]])


def retreat(state, model) -> None:
    """Move a model that failed its test its full move away from the nearest enemy it can see
    (or towards the nearest table edge); off the table if its move reaches the edge ('Retreats')."""
    me = state.disc(model)
    seen = [e for e in state.models.values() if e.side != model.side
            and state.sees(model, e).visible]
    nearest = min(seen, key=lambda e: (geo.gap(me, state.disc(e, zone=False)), e.id), default=None)
    away = (nearest.x, nearest.y) if nearest else None
    outcome, path = geo.retreat_path(state.table, state.discs(), me, state.mover(model), away)
    model.moved = True
    model.move_used = state.allowance(model)      # the full move is spent, moved or not
    if outcome == "flee":
        state.news.append(f"{model.id} flees the battle")
        remove(state, model, fled=True)
        return
    if path:
        points = [(me.x, me.y), *path]
        model.heading = geo.heading_of(points[-2], points[-1], model.heading)
        model.x, model.y = path[-1]
        state.news.append(f"{model.id} retreats to {model.x:.2f},{model.y:.2f}")
    else:
        state.news.append(f"{model.id} cannot retreat")


def stay_put(state) -> None:
    """The side is done moving: the models that have not moved take the tests they owe,
    Heroes first so that their warriors may Stand Fast ('Stand Fast!'); a failure is a
    retreat. Then the phase goes on (`state.side_moves_done`)."""
    # loose mounts never move, but test as normal with their own Courage ('Courage')
    waiting = sorted((m for m in state.models.values()
                      if m.side == state.acting and (not m.moved or is_loose(m))),
                     key=lambda m: (not is_hero(m), m.id))
    procedure.push(state, {"proc": "stay", "queue": [m.id for m in waiting], "current": None})
    procedure.run(state)


@procedure.REGISTRY.add
class StayFrame(procedure.Frame):
    """The side is done moving: the models that stayed put take the Courage tests they owe,
    Heroes first; a failure is a retreat ('Stand Fast!'). Then the phase goes on."""

    name = "stay"

    def step(self, state, stack) -> None:
        """One step of the procedure."""
        if "passed" in self:
            if not self.pop("passed") and self["current"] in state.models:
                retreat(state, state.models[self["current"]])
        while self["queue"]:
            ident = self["queue"].pop(0)
            model = state.models.get(ident)
            if model is None or (model.moved and not is_loose(model)):
                continue
            why = test_owed(state, model)
            if why is not None:
                self["current"] = ident
                take_test(state, model, why)
                return
        procedure.finish(state, self)
        state.side_moves_done()
