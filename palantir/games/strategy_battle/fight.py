"""The Fight phase: pairing models into fights ('The Move Phase: Fights')."""

from __future__ import annotations

from . import geometry as geo


def contacts(state) -> dict[str, list[str]]:
    """For every model touching an enemy, the enemies it touches (ordered by id)."""
    tol = state.units.tolerance
    discs = {m.id: state.disc(m, zone=False) for m in state.models.values()}
    touching: dict[str, list[str]] = {}
    for a in state.models.values():
        for b in state.models.values():
            if a.side != b.side and geo.in_contact(discs[a.id], discs[b.id], tol):
                touching.setdefault(a.id, []).append(b.id)
    return {k: sorted(v) for k, v in sorted(touching.items())}


def pair_fights(state) -> list[tuple[str, tuple[str, ...]]]:
    """Pair touching models into fights: as many one-on-one pairs as possible, the rest joining
    a fight against an enemy they touch, one model on one side of every fight.

    'Opponents are always paired off where possible and any other combatants join into a
    multiple combat'. Where the pairing could be made in several ways the manual lets the
    side with priority choose; this default chooses by the models' ids (see the coverage file).
    """
    touching = contacts(state)
    good = [k for k in touching if state.models[k].side == "good"]
    partner: dict[str, str] = {}

    def augment(g: str, seen: set) -> bool:   # Kuhn's augmenting path: the largest pairing
        for e in touching[g]:
            if e in seen:
                continue
            seen.add(e)
            if e not in partner or augment(partner[e], seen):
                partner[e] = g
                partner[g] = e
                return True
        return False

    for g in good:
        augment(g, set())
    fights: dict[str, dict[str, list[str]]] = {}
    fight_of: dict[str, str] = {}
    for g in good:
        if g in partner:
            fights[g] = {"good": [g], "evil": [partner[g]]}
            fight_of[g] = fight_of[partner[g]] = g
    for ident in touching:
        if ident in fight_of:
            continue
        side = state.models[ident].side
        enemy_side = "evil" if side == "good" else "good"
        chosen = None
        for enemy in touching[ident]:
            fight = fights[fight_of[enemy]]
            if len(fight[enemy_side]) == 1:        # the enemy stands alone on its side
                chosen = fight_of[enemy]
                break
        if chosen is None:
            # every enemy it touches already fights beside friends: it becomes the single
            # model of a fight of its own against the first of them (rare; see coverage file)
            enemy = touching[ident][0]
            old = fights[fight_of[enemy]]
            old[enemy_side].remove(enemy)
            fights[ident] = {side: [ident], enemy_side: [enemy]}
            fight_of[ident] = fight_of[enemy] = ident
            continue
        fights[chosen][side].append(ident)
        fight_of[ident] = chosen
    out = []
    for fight in fights.values():
        g, e = fight["good"], fight["evil"]
        if not g or not e:
            continue
        single, many = (g[0], e) if len(g) == 1 else (e[0], g)
        out.append((single, tuple(sorted(many))))
    return sorted(out)
