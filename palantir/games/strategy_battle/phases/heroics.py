"""Heroic actions: a Hero spends a point of Might at the start of the Move, Shoot or Fight
phase to act before the normal order ('Heroic Actions').

`state.heroic` records the declarations and the action in progress (JSON-able):

    declare  each side with an eligible Hero is asked, priority first, for a first pick or
             'pass'; if both pick, a die says who goes first (1-3 Evil, 4-6 Good) and the
             sides alternate further picks; otherwise the one side picks on until it passes
    act      the Heroes act in the order picked: a heroic move ("With me!": friends within
             6"/14cm move with him, beginning and ending within 6"/14cm of him), a heroic
             shot ("Fire!": he and friends within 6"/14cm shoot first), a heroic combat (his
             fight is fought first)
    again    after a heroic combat in which every enemy touching the Hero was slain, he and
             the friends of his fight move again ('done' ends it); the fights not yet fought
             are then rematched by the side with priority
"""

from __future__ import annotations

from ....engine.procedure import Plan, Refusal
from .. import procedure
from .. import table as geo
from ..notation import Charge, Done, Heroic, Move, Pass
from ..state import RULE_HEROIC, contacts
from ..wounds import D6


def eligible(state, side: str, phase: str) -> list:
    """The Heroes of a side who could make a heroic action in this phase."""
    out = []
    for m in state.models.values():
        if m.side != side or m.might_left < 1:
            continue
        if phase == "fight":
            if state.fight_of(m.id) is None:
                continue
        elif state.engaged(m) or m.prone or m.immobilised or (phase == "move" and m.moved):
            continue
        if state.heroic and m.id in state.heroic["order"] + sum(state.heroic["picks"].values(), []):
            continue
        out.append(m)
    return sorted(out, key=lambda m: m.id)


def begin(state, phase: str) -> None:
    """At the start of a phase: ask for declarations if any Hero could act heroically."""
    if not state.options.get("heroic_actions", True):
        state.heroic = None
        return
    if phase == "fight":
        fights_of_the_living(state)
    sides = [s for s in (state.priority, state.other(state.priority)) if eligible(state, s, phase)]
    if not sides:
        state.heroic = None
        return
    state.heroic = {"phase": phase, "stage": "declare", "to_ask": sides, "picks": {},
                    "passed": [], "first": None, "order": [], "current": None, "group": [],
                    "hero_moved": False, "foes": [], "moved_again": []}
    state.question = {"kind": "heroic", "side": sides[0]}


def fights_of_the_living(state) -> None:
    """The fights as paired, without the models slain since (shot, say, in the Shoot phase):
    a fight left with nobody on one side is no fight ('Fights'; 'Heroic Combat': a Hero
    whose foes are all slain has no fight to fight first)."""
    live = []
    for single, many in state.fights:
        many = tuple(k for k in many if k in state.models)
        if single in state.models and many:
            live.append((single, many))
    state.fights = live


class Declaration(procedure.Asked):
    """'Heroic Actions': a side names a Hero to act heroically, or passes; then the next
    side is asked, or the actions begin."""

    name = "heroic"

    def answers(self, state) -> list:
        """A Hero to pick, or 'pass'."""
        h, side = state.heroic, state.question["side"]
        return [Heroic(m.id) for m in eligible(state, side, h["phase"])] + [Pass()]

    def check(self, state, action) -> Plan:
        """An eligible Hero of the side asked, or 'pass'."""
        text = str(action)
        h, side = state.heroic, state.question["side"]
        if isinstance(action, Heroic):
            if action.model not in [m.id for m in eligible(state, side, h["phase"])]:
                raise Refusal(RULE_HEROIC,
                              f"{action.model} cannot make a heroic action now", action=text)
        elif not isinstance(action, Pass):
            raise Refusal(RULE_HEROIC,
                          "name a Hero for a heroic action ('heroic G1') or 'pass'", action=text)
        return Plan(side=side, hero=action.model if isinstance(action, Heroic) else None)

    def take(self, state, plan) -> None:
        """The Might spent and the pick noted, or the pass; then the next question."""
        h, side = state.heroic, plan.side
        if plan.hero is not None:
            hero = state.models[plan.hero]
            hero.spend_might(1)       # spent even if the action is cancelled ('Heroic Actions')
            h["picks"].setdefault(side, []).append(hero.id)
            state.news.append(f"{hero.id} will make a heroic {h['phase']}")
            if h["first"] is not None:
                h["order"].append(hero.id)
        else:
            h["passed"].append(side)
        _next_question(state, h)


def _next_question(state, h) -> None:
    if h["to_ask"]:
        h["to_ask"].pop(0)
        if h["to_ask"]:
            state.question = {"kind": "heroic", "side": h["to_ask"][0]}
            return
        picked = [s for s in (state.priority, state.other(state.priority)) if h["picks"].get(s)]
        if not picked:
            state.heroic = None
            return
        if len(picked) == 2:
            roll = int(state.dice.roll("heroic first", D6))
            h["first"] = "evil" if roll <= 3 else "good"
            second = state.other(h["first"])
            h["order"] = [h["picks"][h["first"]][0], h["picks"][second][0]]
            state.news.append(f"heroic actions: rolled {roll}, {h['first']} goes first")
        else:
            h["first"] = picked[0]
            h["order"] = list(h["picks"][picked[0]])
    # further picks, alternating from the side that goes first
    for side in _alternation(state, h):
        if side not in h["passed"] and eligible(state, side, h["phase"]):
            state.question = {"kind": "heroic", "side": side}
            return
    h["stage"] = "act"
    next_hero(state)


def _alternation(state, h) -> list[str]:
    first, second = h["first"], state.other(h["first"])
    count = {s: len(h["picks"].get(s, [])) for s in (first, second)}
    # the side with fewer picks is next; on equal picks, the side that goes first
    return sorted((first, second), key=lambda s: (count[s], s != first))


def next_hero(state) -> None:
    """Start the next declared Hero's action, or end the heroic actions of the phase."""
    h = state.heroic
    if h["phase"] == "fight" and h["current"] is not None and _moves_again(state, h):
        return
    while h["order"]:
        ident = h["order"].pop(0)
        hero = state.models.get(ident)
        if hero is None:
            continue
        if h["phase"] == "fight":
            fights_of_the_living(state)
            fight = state.fight_of(ident)
            if fight is None:
                continue
            state.news.append(f"{ident}'s heroic combat is fought first")
            single, many = fight
            mine = [k for k in (single, *many) if state.models[k].side == hero.side]
            h.update({"current": ident, "group": sorted(mine),
                      "foes": sorted(k for k in (single, *many) if k not in mine)})
            state.start_heroic_fight(fight)
            return
        if state.engaged(hero):
            state.news.append(f"{ident}'s heroic {h['phase']} is cancelled: it is fighting")
            continue
        reach = state.units.rule(6, 14)
        me = state.disc(hero, zone=False)
        friends = [m.id for m in state.models.values()
                   if m.side == hero.side and m.id != ident and not state.engaged(m)
                   and geo.gap(me, state.disc(m, zone=False)) <= reach + 1e-9]
        h.update({"current": ident, "group": sorted(friends), "hero_moved": False})
        state.acting = hero.side
        state.news.append(f"{ident} makes a heroic {h['phase']}"
                          + (f", with {', '.join(friends)}" if friends else ""))
        return
    state.heroic = None
    state.acting = state.priority


# ---------------------------------------------------------------- moving again ('Heroic Combat')

def _moves_again(state, h) -> bool:
    """After a Hero's heroic combat: if every enemy touching him was slain, he and the friends
    in the same fight "can move again before proceeding with the Fight phase" — each model
    once a phase ("A warrior can only benefit from one heroic combat"). True if they do."""
    ident = h["current"]
    group = [k for k in h["group"] if k in state.models and k not in h["moved_again"]]
    h["current"] = None
    if ident not in group or any(k in state.models for k in h["foes"]):
        return False
    free = [k for k in group if not state.engaged(state.models[k])]
    if not free:
        return False
    for k in free:
        # a move of its own: the Move phase's move is spent and done with (shooting is over)
        model = state.models[k]
        model.moved, model.move_used, model.move_left, model.began = False, 0.0, None, None
    h.update({"stage": "again", "current": ident, "group": free})
    state.acting = state.models[ident].side
    state.news.append(f"{ident} has slain every enemy touching him: "
                      f"{', '.join(free)} may move again")
    return True


def again_candidates(state) -> list:
    """For agents: a charge by each model moving again at every enemy in sight and reach,
    and 'done' (they need not move)."""
    h = state.heroic
    out: list = []
    discs = state.discs()
    for ident in h["group"]:
        model = state.models.get(ident)
        if model is None or model.moved or state.engaged(model):
            continue
        me, mover = state.disc(model), state.mover(model)
        for enemy in sorted(state.models.values(), key=lambda m: m.id):
            if (enemy.side == model.side or geo.centre_distance(me, state.disc(enemy))
                    > mover.allowance * 1.5 + 2 or not state.sees(model, enemy).visible):
                continue
            path = geo.find_path(state.table, discs, me, mover, target=enemy.id)
            if path is not None:
                out.append(Charge(ident, (enemy.id,), Move.rounded(path)))
    return out + [Done()]


def end_moving_again(state) -> list[str]:
    """'done': the moving again is over; the fights not yet fought, with whoever the Hero and
    his friends now touch, are to be rematched ("the player with priority decides how
    combatants are matched, as normal"): the models to match, for the pairing of fights."""
    h = state.heroic
    group = h["group"]
    for k in group:
        if k in state.models:
            state.models[k].moved = True
    h.update({"stage": "act", "current": None, "group": [],
              "moved_again": sorted(set(h["moved_again"]) | set(group))})
    state.acting = state.priority
    pool = {k for single, many in state.fights for k in (single, *many)}
    touching = contacts(state)
    for k in group:
        pool.update([k, *touching[k]] if k in touching else [])
    state.fights = []
    return sorted(pool)

