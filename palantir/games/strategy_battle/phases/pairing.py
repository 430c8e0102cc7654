"""Matching touching models into fights ('Fights'): each fight made only one way is made, the
side with priority chooses how the rest are matched (the `pair` question), and fights are
matched again when who touches whom has changed (the fights are worked out in fight/)."""

from __future__ import annotations

from itertools import combinations

from ....engine.procedure import Plan, Refusal
from .. import procedure
from ..notation import Pair
from ..state import contacts, players_choose


RULE_FIGHTS = "The Move Phase: Fights"


def _pairs_possible(state, touching, ids: set) -> int:
    """The most one-on-one pairs the touching models among `ids` can make (Kuhn's matching:
    the contact graph is Good against Evil, so matching from the Good side finds it)."""
    partner: dict[str, str] = {}

    def augment(a: str, seen: set) -> bool:
        for b in touching[a]:
            if b not in ids or b in seen:
                continue
            seen.add(b)
            if b not in partner or augment(partner[b], seen):
                partner[b] = a
                return True
        return False

    return sum(augment(a, set()) for a in sorted(ids)
               if a in touching and state.models[a].side == "good")


def as_kept(state, single: str, many) -> tuple[str, tuple[str, ...]]:
    """A fight as the state keeps it: the lone model and the sorted others; a one-on-one
    with the Good model first."""
    many = tuple(sorted(many))
    if len(many) == 1 and state.models[single].side == "evil":
        return many[0], (single,)
    return single, many


def _fits(state, touching, undivided: set, single: str, many) -> bool:
    """Whether this fight can be one of a division of the undivided models into as many fights
    as possible, one model on one side of each ('Fights'): the others all touch the lone
    model, and what is left can still be divided into one fight fewer, nobody left out."""
    members = {single, *many}
    if not many or len(members) != len(many) + 1 or not members <= undivided:
        return False
    if any(k not in touching.get(single, ()) for k in many):
        return False
    rest = undivided - members
    if any(not any(e in rest for e in touching[k]) for k in rest):
        return False
    return (_pairs_possible(state, touching, rest)
            == _pairs_possible(state, touching, undivided) - 1)


def _subsets(items):
    for n in range(1, len(items) + 1):
        yield from combinations(items, n)


def fights_with(state, touching, undivided: set, ident: str) -> list:
    """Every fight that model `ident` could be matched into now, as the state keeps fights."""
    near = [e for e in touching[ident] if e in undivided]
    found = {as_kept(state, ident, many) for many in _subsets(near)}
    for centre in near:
        others = [k for k in touching[centre] if k in undivided and k != ident]
        found.add(as_kept(state, centre, (ident,)))
        found.update(as_kept(state, centre, (ident, *extra)) for extra in _subsets(others))
    return sorted(f for f in found if _fits(state, touching, undivided, *f))


def _undivided(state, touching) -> set:
    matched = {k for single, many in state.fights for k in (single, *many)}
    return set(touching) - matched


def divide_fights(state, pool=None) -> bool:
    """Match touching models into fights ('Fights'): each fight that can be made only one way
    is made; True when the side with priority must choose how the rest are matched."""
    touching = contacts(state, pool)
    while True:
        undivided = _undivided(state, touching)
        if not undivided:
            return False
        made = False
        for ident in sorted(undivided):
            if ident not in undivided:
                continue
            options = fights_with(state, touching, undivided, ident)
            if len(options) == 1:
                single, many = options[0]
                state.fights = sorted([*state.fights, options[0]])
                undivided -= {single, *many}
                made = True
        if not made:
            if players_choose(state):
                return True
            # the quicker game's default: the first fight of the first model unmatched
            state.fights = sorted([*state.fights, fights_with(
                state, touching, undivided, min(undivided))[0]])


def _groups(touching) -> list[set]:
    """The touching models in groups joined by contact: a fight never spans two."""
    groups: list[set] = []
    for start in touching:
        if any(start in g for g in groups):
            continue
        group, todo = set(), [start]
        while todo:
            ident = todo.pop()
            if ident not in group:
                group.add(ident)
                todo.extend(touching[ident])
        groups.append(group)
    return groups


def _divides(state, touching, group: set, fights) -> bool:
    """Whether these fights are a legal division of a group of touching models ('Fights'):
    each model in one fight, the others of a fight all touching its lone model, and as many
    fights as one-on-one pairs can be made."""
    members = [k for single, many in fights for k in (single, *many)]
    if len(members) != len(set(members)) or set(members) != group:
        return False
    if any(k not in touching.get(single, ()) for single, many in fights for k in many):
        return False
    return len(fights) == _pairs_possible(state, touching, group)


def rematch_fights(state) -> bool:
    """At the start of the Fight phase, the fights as matched at the end of the Move phase
    (without the slain) are matched again where a model removed since (shot, slain by magic,
    thrown, fled) has changed who touches whom: a model touching an enemy left out of every
    fight, or a fight that could now be two ("all touching models must be included";
    "Opponents are always paired off where possible"; as after a heroic combat, "it may be
    necessary to rematch other fights ... the player with priority decides how combatants
    are matched, as normal"). The fights of a group of touching models still divided legally
    stay as they were; those of the others are divided afresh. True when the side with
    priority must choose how they are matched."""
    touching = contacts(state)
    kept, sound = [], True
    for group in _groups(touching):
        mine = [f for f in state.fights if f[0] in group]
        if _divides(state, touching, group, mine):
            kept += mine
        else:
            sound = False
    if sound and len(kept) == len(state.fights):
        return False            # nothing changed: the matching stands as it was
    state.fights = sorted(kept)
    state.news.append("who touches whom has changed since the fights were matched: "
                      "they are rematched")
    return divide_fights(state)


class Pairing(procedure.Asked):
    """'Fights': the side with priority matches one fight where it can be done several
    ways; the forced ones follow at once. Once all are matched the phase that waited for
    them goes on (the question's `then`: the Shoot phase, the Fight phase, or the rest of
    a Fight phase after a heroic combat's moving again)."""

    name = "pair"

    def answers(self, state) -> list:
        """The fights the side with priority may make next: those of the first model
        unmatched."""
        touching = contacts(state, state.question.get("pool"))
        undivided = _undivided(state, touching)
        return [Pair(single, many) for single, many in
                fights_with(state, touching, undivided, min(undivided))]

    def check(self, state, action) -> Plan:
        """A fight of models waiting to be matched, one of a division into most fights."""
        text = str(action)
        if not isinstance(action, Pair):
            raise Refusal(RULE_FIGHTS,
                          "the side with priority matches the fights, e.g. 'pair E1 G1+G2'",
                          action=text)
        pool = state.question.get("pool")
        touching = contacts(state, pool)
        undivided = _undivided(state, touching)
        for ident in (action.single, *action.many):
            if ident not in undivided:
                raise Refusal(RULE_FIGHTS, f"{ident} is not a model waiting to be matched "
                                           "into a fight", action=text)
        fight = as_kept(state, action.single, action.many)
        if not _fits(state, touching, undivided, *fight):
            raise Refusal(
                RULE_FIGHTS,
                f"{action.single} against {'+'.join(action.many)} is not a fight of a division "
                "into as many fights as possible, each with one model on one side and every "
                "touching model in one", action=text)
        return Plan(fight=fight, asked=state.question)

    def take(self, state, plan) -> None:
        """The fight made; the question stays while a choice is left."""
        fight = plan.fight
        state.fights = sorted([*state.fights, fight])
        state.news.append(f"{fight[0]} will fight {'+'.join(fight[1])}")
        if divide_fights(state, plan.asked.get("pool")):
            state.question = plan.asked

    def then(self, state, plan) -> None:
        """All matched: the phase that waited for the fights goes on."""
        if state.question is None:
            state.fights_matched(plan.asked["then"])
