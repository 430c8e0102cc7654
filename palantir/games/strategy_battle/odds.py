"""Exact odds of a fight and of a shot, computed with fractions, not sampled.

A fight is one model on one side against one or more on the other ('Multiple Combats'):
who wins (best die, Might as a side's policy says, then Fight value, then 1–3 Evil / 4–6
Good), and the distribution of wounds the winners inflict — a trapped loser takes double
strikes ('Trapped Fighters'). When a lone winner beats several enemies, all its strikes go at
the first of them (the policy a player would choose to make a kill likeliest against equal
foes). Shielding and cavalry bonuses are not modelled; Might is spent in the duel only.

Might policies ('Might'), for the side's first Fighter with Might (its Hero):
    none    spend nothing
    win     when not sure to win as the dice stand, spend the fewest points that make the
            Hero's side win outright; if that is beyond his store but a tie of equal Fight
            values (a 50/50 roll) is not, spend for the tie; else nothing
    bid:N   spend N points (at most his store) when not sure to win; when both sides have
            a Hero with a policy, the referee asks for secret bids and both spend their N
When both sides spend, both policies must be bids (a 'win' against a secret bid is not a
policy: it cannot see the other bid).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Iterable, Mapping, Sequence

SIXTH = Fraction(1, 6)


@dataclass(frozen=True)
class Fighter:
    """What a fight's odds depend on for one model."""

    fight: int
    strength: int
    defence: int
    attacks: int
    wounds: int
    duel_modifier: int = 0       # a two-handed weapon's or dagger's -1
    wound_modifier: int = 0      # a two-handed weapon's +1
    might: int = 0               # a Hero's Might left to spend in the duel


def die_scores(modifier: int) -> dict[int, Fraction]:
    """The distribution of one die's score with a modifier, held between 1 and 6."""
    out: dict[int, Fraction] = {}
    for face in range(1, 7):
        s = min(6, max(1, face + modifier))
        out[s] = out.get(s, Fraction(0)) + SIXTH
    return out


def at_least(n: int, modifier: int) -> Fraction:
    """Chance that one modified die scores n or more."""
    return sum((p for s, p in die_scores(modifier).items() if s >= n), Fraction(0))


def wound_chance(entry: str, modifier: int = 0) -> Fraction:
    """Chance one hit or strike wounds, for a Wound Chart entry ('6/4': a 6, then a 4+)."""
    if entry == "-":
        return Fraction(0)
    if "/" in entry:
        first, second = (int(v) for v in entry.split("/"))
        return at_least(first, modifier) * at_least(second, modifier)
    return at_least(int(entry), modifier)


def best_die(fighters: Sequence[Fighter]) -> dict[int, Fraction]:
    """Distribution of the best die a side rolls (every model a die per Attack)."""
    below = {k: Fraction(1) for k in range(0, 7)}     # P(best <= k)
    for f in fighters:
        dist = die_scores(f.duel_modifier)
        for k in range(0, 7):
            single = sum((p for s, p in dist.items() if s <= k), Fraction(0))
            below[k] *= single ** f.attacks
    return {k: below[k] - below[k - 1] for k in range(1, 7) if below[k] != below[k - 1]}


def duel_odds(good: Sequence[Fighter], evil: Sequence[Fighter],
              might: Mapping[str, str] | None = None) -> Fraction:
    """Chance that Good wins the duel ('Working Out a Fight', 'Multiple Combats', 'Might')."""
    return duel_outcome(good, evil, might)["good_wins"]


def _hero(side: Sequence[Fighter], policy: str) -> int | None:
    """Index of the side's Fighter who spends Might under `policy`, if any."""
    if policy == "none":
        return None
    return next((i for i, f in enumerate(side) if f.might > 0), None)


def _split_best(side: Sequence[Fighter], hero: int | None) -> dict[tuple[int, int], Fraction]:
    """Joint distribution of (the Hero's best die, the best die of the rest of the side);
    0 stands for 'no die'."""
    hero_dist = best_die([side[hero]]) if hero is not None else {0: Fraction(1)}
    rest = [f for i, f in enumerate(side) if i != hero]
    rest_dist = best_die(rest) if rest else {0: Fraction(1)}
    return {(h, r): ph * pr for h, ph in hero_dist.items() for r, pr in rest_dist.items()}


def parse_policy(text: str) -> tuple[str, int]:
    """A Might policy as ('none'|'win'|'bid', N); ValueError naming the field if malformed."""
    if text in ("none", "win"):
        return text, 0
    kind, _, n = text.partition(":")
    if kind == "bid" and n.isdigit():
        return "bid", int(n)
    raise ValueError(f"might policy '{text}': expected none, win or bid:N")


def _spend(policy: tuple[str, int], store: int, mine: int, hero: int, theirs: int,
           fight_edge: int) -> int:
    """Points a lone spender puts on his best die (mine: his side's best, hero: his best)."""
    kind, n = policy
    if kind == "bid":
        return min(n, store)
    # 'win': the fewest points that make the side win outright, or tie at equal Fight
    for k in range(0, store + 1):
        best = max(mine, min(6, hero + k))
        if best > theirs or (best == theirs and fight_edge > 0):
            return k
    if fight_edge == 0:
        for k in range(0, store + 1):
            if max(mine, min(6, hero + k)) == theirs:
                return k
    return 0


def duel_outcome(good: Sequence[Fighter], evil: Sequence[Fighter],
                 might: Mapping[str, str] | None = None) -> dict[str, Fraction]:
    """Good's chance of winning the duel and each side's expected Might spent."""
    might = dict(might or {})
    policies = {side: parse_policy(might.get(side, "none")) for side in ("good", "evil")}
    sides = {"good": good, "evil": evil}
    heroes = {side: _hero(sides[side], policies[side][0]) for side in sides}
    joint = {side: _split_best(sides[side], heroes[side]) for side in sides}
    fg, fe = max(f.fight for f in good), max(f.fight for f in evil)
    edge = {"good": fg - fe, "evil": fe - fg}
    both = heroes["good"] is not None and heroes["evil"] is not None
    if both and not (policies["good"][0] == policies["evil"][0] == "bid"):
        raise ValueError("might: when both sides' Heroes spend, they bid in secret ('Might'); "
                         "give both a bid:N policy, or one side none")
    store = {side: (sides[side][heroes[side]].might if heroes[side] is not None else 0)
             for side in sides}
    win = Fraction(0)
    spent = {"good": Fraction(0), "evil": Fraction(0)}
    for (hg, rg), pg in joint["good"].items():
        for (he, re_), pe in joint["evil"].items():
            p = pg * pe
            best = {"good": max(hg, rg), "evil": max(he, re_)}
            hero_die = {"good": hg, "evil": he}
            points = {"good": 0, "evil": 0}
            if both:
                points = {side: min(policies[side][1], store[side]) for side in sides}
            else:
                for side, other in (("good", "evil"), ("evil", "good")):
                    if heroes[side] is None:
                        continue
                    sure = best[side] > best[other] or (best[side] == best[other]
                                                        and edge[side] > 0)
                    if not sure:
                        points[side] = _spend(policies[side], store[side], best[side],
                                              hero_die[side], best[other], edge[side])
            for side in sides:
                if points[side]:
                    # 'Might': each point raises the Hero's own best die, never above 6
                    best[side] = max(best[side], min(6, hero_die[side] + points[side]))
                    spent[side] += p * points[side]
            if best["good"] != best["evil"]:
                win += p if best["good"] > best["evil"] else 0
            elif fg != fe:
                win += p if fg > fe else 0
            else:
                win += p / 2          # the 1-3 Evil / 4-6 Good roll: never changed by Might
    return {"good_wins": win, "good_might": spent["good"], "evil_might": spent["evil"]}


def wounds_dealt(strikers: Sequence[Fighter], target: Fighter, entry_of, trapped: bool
                 ) -> dict[int, Fraction]:
    """Distribution of wounds on one target from these strikers, capped at its Wounds."""
    dist = {0: Fraction(1)}
    for s in strikers:
        p = wound_chance(entry_of(s.strength, target.defence), s.wound_modifier)
        for _ in range(s.attacks * (2 if trapped else 1)):
            nxt: dict[int, Fraction] = {}
            for k, q in dist.items():
                for hit, r in ((1, p), (0, 1 - p)):
                    if r:
                        w = min(target.wounds, k + hit)
                        nxt[w] = nxt.get(w, Fraction(0)) + q * r
            dist = nxt
    return dist


def fight_odds(good: Sequence[Fighter], evil: Sequence[Fighter], entry_of, *,
               trapped: bool | Iterable[str] = (), might: Mapping[str, str] | None = None
               ) -> Mapping[str, object]:
    """Exact odds of a fight: who wins, the wounds and kills on each side's loss, and the
    Might each side spends on average. `trapped`: the sides that are trapped if they lose
    (True: both)."""
    if not good or not evil:
        raise ValueError("a fight needs a model on each side")
    if len(good) > 1 and len(evil) > 1:
        raise ValueError("a fight has one model on one side ('Fights')")
    trapped_sides = {"good", "evil"} if trapped is True else set(trapped or ())
    if trapped_sides - {"good", "evil"}:
        raise ValueError(f"trapped: sides are good and evil, not {sorted(trapped_sides)}")
    duel = duel_outcome(good, evil, might)
    p_good = duel["good_wins"]
    result: dict[str, object] = {"good_wins": p_good, "evil_wins": 1 - p_good,
                                 "good_might": duel["good_might"],
                                 "evil_might": duel["evil_might"]}
    for winner, losers, p in (("good", evil, p_good), ("evil", good, 1 - p_good)):
        winners = good if winner == "good" else evil
        loser = "evil" if winner == "good" else "good"
        # every winner strikes the (first) loser: a lone winner puts all its strikes on one
        target = losers[0]
        dist = wounds_dealt(winners, target, entry_of, loser in trapped_sides)
        result[f"wounds_if_{winner}_wins"] = dist
        result[f"{winner}_kills"] = p * dist.get(target.wounds, Fraction(0))
    return result


def fighter_of(profile, charts, *, weapon: str | None = None, supported: bool = False,
               might: int | None = None) -> Fighter:
    """A profile as a Fighter on foot: its own weapon unless `weapon` names another ('Weapons');
    a spear supporting adds an Attack ('Spears'); Might defaults to the profile's store."""
    gear = profile.wargear
    if weapon is None:
        if "two-handed weapon" in gear:
            weapon = "two-handed weapon"
        elif not any(w in gear for w in ("hand weapon", "spear", "orc bow",
                                          "uruk-hai crossbow", "throwing weapon")) \
                and "dagger" in gear:
            weapon = "dagger"          # 'Knives & Daggers'
        else:
            weapon = "hand weapon"
    if weapon == "hand weapon":
        duel, wound = 0, 0
    elif weapon in charts.weapons:
        duel, wound = charts.weapons[weapon]
    else:
        raise ValueError(f"weapon '{weapon}': expected hand weapon or one of "
                         f"{', '.join(sorted(charts.weapons))}")
    if supported and weapon == "two-handed weapon":
        raise ValueError("spear: a fighter using a two-handed weapon cannot be supported "
                         "('Spears')")
    return Fighter(profile.fight, profile.strength, profile.defence,
                   profile.attacks + (1 if supported else 0), profile.wounds, duel, wound,
                   profile.might if might is None else might)


def shot_odds(shoot_value: int, strength: int, defence: int, entry_of,
              in_the_way: int = 0) -> Mapping[str, Fraction]:
    """Exact odds of one shot: to hit, to wound the target, with `in_the_way` things to pass."""
    hit = at_least(shoot_value, 0)
    through = Fraction(1, 2) ** in_the_way      # each thing in the way is passed on a 4-6
    wound = wound_chance(entry_of(strength, defence))
    return {"hit": hit, "reaches": hit * through, "wounds": hit * through * wound}
