"""Exact odds of a fight and of a shot, computed with fractions, not sampled.

A fight is one model on one side against one or more on the other ('Multiple Combats'):
who wins (best die, Might as a side's policy says, then Fight value, then 1–3 Evil / 4–6
Good), and the distribution of wounds the beaten model loses — a trapped loser, or one
knocked to the ground by a charging rider, takes double strikes ('Trapped Fighters',
'Cavalry Charge!'). When a lone winner beats several enemies, all its strikes go at the
first of them (the policy a player would choose to make a kill likeliest against equal foes).

What else a fight's odds depend on, as the referee works it out (phases/fight/resolution.py):
    shielding    a side whose warriors all carry shields and are on foot may shield: two
                 dice per Attack, and no blows if it wins ('Shields')
    charging     a rider who charged foes all on foot has an extra Attack and knocks down
                 the beaten (not Strength 6 or more, unless his mount is as strong); a lance
                 wounds at +1 ('Cavalry Charge!', 'Lances')
    Might        in the duel, by a policy below; after it, on the Hero's own failed wound
                 and Fate rolls, the fewest points that make the roll, while Might lasts
                 ('Might', 'Using Might, Will & Fate Together')
    Fate         a struck Hero rolls a die per point, 4+ recovers the wound, and rolls again
                 while Fate lasts ('Fate')

Might policies in the duel ('Might'), for the side's first Fighter with Might (its Hero):
    none    spend nothing
    win     when not sure to win as the dice stand, spend the fewest points that make the
            Hero's side win outright; if that is beyond his store but a tie of equal Fight
            values (a 50/50 roll) is not, spend for the tie; else nothing
    bid:N   spend N points (at most his store) when not sure to win; when both sides have
            a Hero with a policy, the referee asks for secret bids and both spend their N
When both sides spend, both policies must be bids (a 'win' against a secret bid is not a
policy: it cannot see the other bid).

Banners ('Banners: Banner Combat Bonus'): a side in range of a friendly banner re-rolls one
of its duel dice before Might is spent, when it is not sure to win as the dice stand: the
side behind first, then the other if the re-roll has put it behind ("even after seeing the
result of their opponent's re-roll"); on a level duel (equal dice, equal Fight) the side
named first (`banner_first`, the side with priority) decides first. The die re-rolled is the
side's lowest (any die but the best leaves the best as it is; with a single die, that one),
of the model with the best duel modifier among equals, the Hero's before the others'; the
second number stands. The referee's default re-roll is the same die (phases/fight/resolution.py).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Iterable, Mapping, Sequence

from .profiles import UNPENALISED_UNARMED
from .state import monstrous

SIXTH = Fraction(1, 6)
HALF = Fraction(1, 2)
SIDES = ("good", "evil")


@dataclass(frozen=True)
class Fighter:
    """What a fight's odds depend on for one model."""

    fight: int
    strength: int
    defence: int
    attacks: int
    wounds: int
    duel_modifier: int = 0       # a two-handed weapon's or dagger's -1
    wound_modifier: int = 0      # a two-handed weapon's or charging lance's +1
    might: int = 0               # a Hero's Might left to spend
    fate: int = 0                # a Hero's Fate left
    shield: bool = False         # carries a shield (may shield, on foot)
    mounted: bool = False        # rides its mount ('Cavalry')
    charging: bool = False       # a rider who charged this turn ('Cavalry Charge!')
    mount_strength: int = 0      # its mount's Strength ('Knock to the Ground')
    supported: bool = False      # a spear supports it ('Spears')
    monstrous: bool = False      # rides a monstrous mount ('Monstrous Mounts')
    is_mount: bool = False       # a monstrous mount, a separate model in its rider's fight


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


def needs(entry: str) -> list[int]:
    """The scores a Wound Chart entry needs, die by die ('6/4': [6, 4]; '-': none can)."""
    return [] if entry == "-" else [int(v) for v in entry.split("/")]


def best_die(fighters: Sequence[Fighter]) -> dict[int, Fraction]:
    """Distribution of the best die a side rolls (every model a die per Attack)."""
    below = {k: Fraction(1) for k in range(0, 7)}     # P(best <= k)
    for f in fighters:
        dist = die_scores(f.duel_modifier)
        for k in range(0, 7):
            single = sum((p for s, p in dist.items() if s <= k), Fraction(0))
            below[k] *= single ** f.attacks
    return {k: below[k] - below[k - 1] for k in range(1, 7) if below[k] != below[k - 1]}


def charge_bonus(fighter: Fighter, foes: Sequence[Fighter]) -> bool:
    """'Cavalry Charge!': a rider who charged, fighting only warriors on foot; never a rider
    of a monstrous mount, whose mount's own Attacks replace it ('Monstrous mounts charge!')."""
    return (fighter.mounted and fighter.charging and not fighter.monstrous
            and not any(f.mounted for f in foes))


def monstrous_charge(fighter: Fighter, foes: Sequence[Fighter]) -> bool:
    """'Monstrous mounts charge!': a charging rider of a monstrous mount knocks down even
    cavalry, unless an enemy monstrous mount is in the fight."""
    return (fighter.mounted and fighter.charging and fighter.monstrous
            and not any(f.monstrous or f.is_mount for f in foes))


def attacks_in_fight(fighter: Fighter, foes: Sequence[Fighter]) -> int:
    """Dice and strikes of a model in this fight: its Attacks, +1 for a charge bonus."""
    return fighter.attacks + (1 if charge_bonus(fighter, foes) else 0)


def knocked_down(loser: Fighter, winners: Sequence[Fighter], losers: Sequence[Fighter]) -> bool:
    """'Knock to the Ground': a charging rider's win fells a foe on foot, unless the foe has
    Strength 6 or more and no charging rider's mount is as strong."""
    chargers = [w for w in winners if charge_bonus(w, losers) or monstrous_charge(w, losers)]
    if not chargers or (loser.mounted and not any(c.monstrous for c in chargers)):
        return False
    return loser.strength < 6 or any(c.mount_strength >= 6 for c in chargers)


def _dice_side(side: Sequence[Fighter], foes: Sequence[Fighter], shielding: bool
               ) -> list[Fighter]:
    """The side as it rolls: Attacks with charge bonuses, doubled when shielding ('Shields')."""
    return [replace(f, attacks=attacks_in_fight(f, foes) * (2 if shielding else 1))
            for f in side]


def duel_odds(good: Sequence[Fighter], evil: Sequence[Fighter],
              might: Mapping[str, str] | None = None, shielding: Iterable[str] = ()) -> Fraction:
    """Chance that Good wins the duel ('Working Out a Fight', 'Multiple Combats', 'Might')."""
    return duel_outcome(good, evil, might, shielding)["good_wins"]


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


def _low_rank(low: tuple) -> tuple:
    """How a die (score, modifier, owner) is preferred for the banner's re-roll: lowest
    score, best modifier, the Hero's first."""
    score, modifier, owner = low
    return (score, -modifier, 0 if owner == "hero" else 1)


@lru_cache(maxsize=None)
def _best_and_low(n: int, modifier: int) -> tuple[tuple[tuple[int, int], Fraction], ...]:
    """Joint distribution of (best, lowest) score of n dice with a modifier."""
    dist = die_scores(modifier)

    def within(a, b):
        return sum((p for s, p in dist.items() if a <= s <= b), Fraction(0)) if a <= b \
            else Fraction(0)

    out = []
    for low in range(1, 7):
        for high in range(low, 7):
            p = (within(low, high) ** n - within(low + 1, high) ** n
                 - within(low, high - 1) ** n + within(low + 1, high - 1) ** n)
            if p:
                out.append(((high, low), p))
    return tuple(out)


def _banner_states(side: Sequence[Fighter], hero: int | None) -> dict[tuple, Fraction]:
    """Joint distribution of (the Hero's best die, the rest's best, the die a banner's re-roll
    takes: (modifier, 'hero' or 'rest')); 0 stands for 'no die'. The lowest die's score is
    needed only to choose it: once chosen, its owner's other dice keep their best."""
    states: dict[tuple, Fraction] = {(0, 0, None): Fraction(1)}
    for i, f in enumerate(side):
        if f.attacks <= 0:
            continue
        owner = "hero" if i == hero else "rest"
        nxt: dict[tuple, Fraction] = {}
        for (h, r, low), p in states.items():
            for (high, least), q in _best_and_low(f.attacks, f.duel_modifier):
                mine = (least, f.duel_modifier, owner)
                pick = mine if low is None or _low_rank(mine) < _low_rank(low) else low
                key = (max(h, high), r, pick) if owner == "hero" else (h, max(r, high), pick)
                nxt[key] = nxt.get(key, Fraction(0)) + p * q
        states = nxt
    out: dict[tuple, Fraction] = {}
    for (h, r, low), p in states.items():
        key = (h, r, None if low is None else low[1:])
        out[key] = out.get(key, Fraction(0)) + p
    return out


@lru_cache(maxsize=None)
def _rerolled(h: int, r: int, low: tuple, many: tuple[bool, bool]
              ) -> tuple[tuple[tuple[int, int], Fraction], ...]:
    """The (Hero's best, rest's best) after the banner's re-roll of the die `low` (its
    modifier and owner), `many`: whether the Hero, the rest, rolled two dice or more (the
    owner's other dice keep their best; with one die, nothing is left of it)."""
    modifier, owner = low
    out: dict[tuple[int, int], Fraction] = {}
    for v, p in die_scores(modifier).items():
        if owner == "hero":
            key = (max(h if many[0] else 0, v), r)
        else:
            key = (h, max(r if many[1] else 0, v))
        out[key] = out.get(key, Fraction(0)) + p
    return tuple(out.items())


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
        return min(n, store, 6 - hero)      # 'Might': no die raised past 6
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


def check_shielding(side: Sequence[Fighter], name: str) -> None:
    """'Shields': only a side whose warriors all carry shields and are on foot may shield."""
    if not all(f.shield and not f.mounted for f in side):
        raise ValueError(f"shielding: every {name} warrior must carry a shield and be on foot "
                         "('Shields')")
    if any(f.supported for f in side):
        raise ValueError(f"shielding: a spear cannot support a shielding {name} warrior "
                         "('Spears', 'Shields')")


def duel_outcome(good: Sequence[Fighter], evil: Sequence[Fighter],
                 might: Mapping[str, str] | None = None, shielding: Iterable[str] = (),
                 banner: Iterable[str] = (), banner_first: str = "good") -> dict[str, object]:
    """Good's chance of winning the duel, each side's expected Might spent, and `branches`:
    the chance of each (winner, Might spent by Good, by Evil). `banner`: the sides in range
    of a friendly banner, re-rolling as the module says."""
    might = dict(might or {})
    shielding = set(shielding)
    policies = {side: parse_policy(might.get(side, "none")) for side in SIDES}
    sides = {"good": good, "evil": evil}
    for side in shielding:
        check_shielding(sides[side], side)
    rolling = {"good": _dice_side(good, evil, "good" in shielding),
               "evil": _dice_side(evil, good, "evil" in shielding)}
    heroes = {side: _hero(sides[side], policies[side][0]) for side in sides}
    banner = set(banner)
    # a side with a banner carries the die its re-roll would take; the others none
    joint = {side: ({k: p for k, p in _banner_states(rolling[side], heroes[side]).items()}
                    if side in banner else
                    {(h, r, None): p for (h, r), p in
                     _split_best(rolling[side], heroes[side]).items()})
             for side in sides}
    many = {side: (heroes[side] is not None and rolling[side][heroes[side]].attacks >= 2,
                   sum(f.attacks for i, f in enumerate(rolling[side])
                       if i != heroes[side]) >= 2) for side in sides}
    fg, fe = max(f.fight for f in good), max(f.fight for f in evil)
    edge = {"good": fg - fe, "evil": fe - fg}
    order = (banner_first, "evil" if banner_first == "good" else "good")

    def ahead(side, dice):
        other = "evil" if side == "good" else "good"
        mine, theirs = max(dice[side]), max(dice[other])
        return mine > theirs or (mine == theirs and edge[side] > 0)

    def after_banners(dice, lows):
        """Every way the banners' re-rolls may leave the dice: ({side: (h, r)}, chance)."""
        out, todo = [], [(dice, Fraction(1), frozenset())]
        while todo:
            state, p, done = todo.pop()
            side = next((s for s in order if s in banner and s not in done
                         and lows[s] is not None and not ahead(s, state)), None)
            if side is None:
                out.append((state, p))
                continue
            for hr, q in _rerolled(*state[side], lows[side], many[side]):
                todo.append(({**state, side: hr}, p * q, done | {side}))
        return out

    both = heroes["good"] is not None and heroes["evil"] is not None
    if both and not (policies["good"][0] == policies["evil"][0] == "bid"):
        raise ValueError("might: when both sides' Heroes spend, they bid in secret ('Might'); "
                         "give both a bid:N policy, or one side none")
    store = {side: (sides[side][heroes[side]].might if heroes[side] is not None else 0)
             for side in sides}
    win = Fraction(0)
    spent = {"good": Fraction(0), "evil": Fraction(0)}
    branches: dict[tuple[str, int, int], Fraction] = {}

    def branch(winner, points, p):
        key = (winner, points["good"], points["evil"])
        branches[key] = branches.get(key, Fraction(0)) + p

    for ((hg0, rg0, low_g), pg0), ((he0, re0, low_e), pe0) in product(
            joint["good"].items(), joint["evil"].items()):
        if banner:
            ways = after_banners({"good": (hg0, rg0), "evil": (he0, re0)},
                                 {"good": low_g, "evil": low_e})
        else:
            ways = [({"good": (hg0, rg0), "evil": (he0, re0)}, Fraction(1))]
        for dice, pw in ways:
            (hg, rg), (he, re_) = dice["good"], dice["evil"]
            p = pg0 * pe0 * pw
            best = {"good": max(hg, rg), "evil": max(he, re_)}
            hero_die = {"good": hg, "evil": he}
            points = {"good": 0, "evil": 0}
            if both and hg < 6 and he < 6:
                # 'Might': no die is raised past 6, so a bid spends at most what it can use
                points = {side: min(policies[side][1], store[side], 6 - hero_die[side])
                          for side in sides}
            else:
                # a Hero whose die is a 6 cannot spend: the other spends alone, seeing it
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
                good_p = p if best["good"] > best["evil"] else Fraction(0)
            elif fg != fe:
                good_p = p if fg > fe else Fraction(0)
            else:
                good_p = p / 2        # the 1-3 Evil / 4-6 Good roll: never changed by Might
            win += good_p
            if good_p:
                branch("good", points, good_p)
            if p - good_p:
                branch("evil", points, p - good_p)
    return {"good_wins": win, "good_might": spent["good"], "evil_might": spent["evil"],
            "branches": branches, "heroes": heroes}


def strike_outcomes(entry: str, modifier: int, might: int | None
                    ) -> dict[tuple[bool, int], Fraction]:
    """One strike's Wound Chart roll: the chance of (wounds, Might spent). With `might` (the
    striker's store, None: no policy) the striker spends on each failing die the fewest
    points that make it, when he has them; the points count on the later die too ('Might')."""
    out: dict[tuple[bool, int], Fraction] = {}
    steps = needs(entry)
    if not steps:
        return {(False, 0): Fraction(1)}
    # (added so far, spent so far) -> chance, die by die
    alive = {(modifier, 0): Fraction(1)}
    for need in steps:
        nxt: dict[tuple[int, int], Fraction] = {}
        for (add, spent), p in alive.items():
            for face in range(1, 7):
                q = p * SIXTH
                if min(6, max(1, face + add)) >= need:
                    nxt[(add, spent)] = nxt.get((add, spent), Fraction(0)) + q
                    continue
                short = need - face - add
                if might is not None and short <= might - spent:
                    key = (add + short, spent + short)
                    nxt[key] = nxt.get(key, Fraction(0)) + q
                else:
                    out[(False, spent)] = out.get((False, spent), Fraction(0)) + q
        alive = nxt
    for (_, spent), p in alive.items():
        out[(True, spent)] = out.get((True, spent), Fraction(0)) + p
    return out


def fate_outcomes(fate: int, might: int | None) -> dict[tuple[bool, int, int], Fraction]:
    """A wound about to be taken by a Hero with `fate` points: the chance of (recovered,
    Fate spent, Might spent). Each point is a die, 4+ recovers, and he rolls again while Fate
    lasts ('Fate'); with `might` (his store, None: no policy) a failed die is raised to 4 with
    the fewest points he has ('Using Might, Will & Fate Together')."""
    out: dict[tuple[bool, int, int], Fraction] = {}

    def roll(spent_fate: int, spent_might: int, p: Fraction) -> None:
        if spent_fate == fate:
            out[(False, spent_fate, spent_might)] = out.get(
                (False, spent_fate, spent_might), Fraction(0)) + p
            return
        for face in range(1, 7):
            short = max(0, 4 - face)
            if short == 0 or (might is not None and short <= might - spent_might):
                key = (True, spent_fate + 1, spent_might + short)
                out[key] = out.get(key, Fraction(0)) + p * SIXTH
            else:
                roll(spent_fate + 1, spent_might, p * SIXTH)

    roll(0, 0, Fraction(1))
    return out


def wounds_lost(strikers: Sequence[Fighter], target: Fighter, entry_of, doubled: bool, *,
                might_left: Sequence[int | None] | None = None, fate: bool = False,
                fate_might: int | None = None, foes: Sequence[Fighter] | None = None
                ) -> dict[int, Fraction]:
    """Distribution of wounds the target loses to these strikers' blows, capped at its
    Wounds (it is slain there). `might_left`: each striker's Might for his own wound rolls
    (None: he spends none); `fate`: the target spends its Fate on each wound ('Fate'), and
    `fate_might` of its Might on failed Fate dice; `foes`: the beaten side (the target alone
    if not given), for charge bonuses."""
    foes = [target] if foes is None else foes
    might_left = list(might_left or [None] * len(strikers))
    spenders = [i for i, m in enumerate(might_left) if m is not None]
    # state: (wounds lost, Fate left, the target's Might, each spender's Might) -> chance
    start = (0, target.fate if fate else 0, fate_might,
             tuple(might_left[i] for i in spenders))
    dist = {start: Fraction(1)}
    for i, s in enumerate(strikers):
        entry = entry_of(s.strength, target.defence)
        slot = spenders.index(i) if i in spenders else None
        for _ in range(attacks_in_fight(s, foes) * (2 if doubled else 1)):
            nxt: dict = {}

            def add(key, q):
                nxt[key] = nxt.get(key, Fraction(0)) + q

            for (lost, fate_left, guard, mights), p in dist.items():
                if lost >= target.wounds:
                    add((lost, fate_left, guard, mights), p)   # slain: the blow falls on nothing
                    continue
                store = mights[slot] if slot is not None else None
                for (wounds, spent), q in strike_outcomes(entry, s.wound_modifier,
                                                          store).items():
                    left = mights
                    if spent:
                        left = mights[:slot] + (store - spent,) + mights[slot + 1:]
                    if not wounds:
                        add((lost, fate_left, guard, left), p * q)
                        continue
                    for (saved, used, paid), r in fate_outcomes(fate_left, guard).items():
                        add((lost + (0 if saved else 1), fate_left - used,
                             None if guard is None else guard - paid, left), p * q * r)
            dist = nxt
    out: dict[int, Fraction] = {}
    for (lost, _, _, _), p in dist.items():
        out[lost] = out.get(lost, Fraction(0)) + p
    return out


def models(side: Sequence[Fighter]) -> int:
    """How many models a side fields, its riders' monstrous mounts not counted apart."""
    return sum(1 for f in side if not f.is_mount)


def _sides_named(value, what: str) -> set[str]:
    chosen = set(SIDES) if value is True else set(value or ())
    if chosen - set(SIDES):
        raise ValueError(f"{what}: sides are good and evil, not {sorted(chosen)}")
    return chosen


def fight_odds(good: Sequence[Fighter], evil: Sequence[Fighter], entry_of, *,
               trapped: bool | Iterable[str] = (), might: Mapping[str, str] | None = None,
               shielding: Iterable[str] = (), roll_might: Iterable[str] = (),
               fate: Iterable[str] = (), banner: bool | Iterable[str] = (),
               banner_first: str = "good") -> Mapping[str, object]:
    """Exact odds of a fight: who wins, the wounds and kills on each side's loss, and the
    Might each side spends in the duel on average.

    `trapped`: the sides that are trapped if they lose (True: both); `shielding`: the sides
    that shield; `roll_might`: the sides whose Heroes spend Might left after the duel on
    their own failed wound and Fate rolls; `fate`: the sides whose struck Hero spends Fate;
    `banner`: the sides in range of a friendly banner (True: both), `banner_first` the one
    that decides first on a level duel ('Banners')."""
    if not good or not evil:
        raise ValueError("a fight needs a model on each side")
    if models(good) > 1 and models(evil) > 1:
        raise ValueError("a fight has one model on one side ('Fights'; a monstrous mount "
                         "counts as a model, 'Monstrous Mounts')")
    for side, foes in ((good, evil), (evil, good)):
        if any(monstrous_charge(f, foes) for f in side) and any(
                f.mounted and not f.is_mount for f in foes):
            raise ValueError("charging: a rider knocked down by a monstrous mount is thrown "
                             "with a Strength 3 hit ('Monstrous mounts charge!'), which the odds "
                             "do not model")
    trapped_sides = _sides_named(trapped, "trapped")
    shielding = _sides_named(shielding, "shielding")
    roll_might = _sides_named(roll_might, "roll might")
    fate = _sides_named(fate, "fate")
    banner = _sides_named(banner, "banner")
    if banner_first not in SIDES:
        raise ValueError(f"banner first: '{banner_first}' is not good or evil")
    duel = duel_outcome(good, evil, might, shielding, banner, banner_first)
    p_good = duel["good_wins"]
    result: dict[str, object] = {"good_wins": p_good, "evil_wins": 1 - p_good,
                                 "good_might": duel["good_might"],
                                 "evil_might": duel["evil_might"]}
    sides = {"good": good, "evil": evil}
    for winner in SIDES:
        loser = "evil" if winner == "good" else "good"
        winners, target = sides[winner], sides[loser][0]
        p_win = p_good if winner == "good" else 1 - p_good
        dist: dict[int, Fraction] = {}
        for (won, spent_good, spent_evil), p in duel["branches"].items():
            if won != winner:
                continue
            if winner in shielding:
                part = {0: Fraction(1)}       # 'Shields': a shielding winner strikes no blows
            else:
                spent = {"good": spent_good, "evil": spent_evil}

                def store(side, i):
                    """A Hero's Might left after the duel; None when he spends none now."""
                    f = sides[side][i]
                    if side not in roll_might or not f.might:
                        return None
                    return f.might - (spent[side] if i == duel["heroes"][side] else 0)

                doubled = (loser in trapped_sides
                           or knocked_down(target, winners, sides[loser]))
                part = wounds_lost(winners, target, entry_of, doubled,
                                   might_left=[store(winner, i) for i in range(len(winners))],
                                   fate=loser in fate, fate_might=store(loser, 0),
                                   foes=sides[loser])
            for k, q in part.items():
                dist[k] = dist.get(k, Fraction(0)) + p * q
        if p_win:
            dist = {k: v / p_win for k, v in dist.items()}
        else:
            dist = {0: Fraction(1)}
        result[f"wounds_if_{winner}_wins"] = dict(sorted(dist.items()))
        result[f"{winner}_kills"] = p_win * dist.get(target.wounds, Fraction(0))
    return result


def weapon_of(profile, mounted: bool, charging: bool) -> str:
    """The weapon the referee has a model fight with ('Weapons'; fight.weapon_effect): a
    two-handed weapon if carried; a lance when charging mounted, its shaft as a dagger
    otherwise; a dagger for one with no close-combat weapon it can use (not a savage
    creature, 'Knives & Daggers'); else a hand weapon."""
    gear = profile.wargear
    if "banner" in gear:
        return "banner"         # 'Banners': a bearer uses no other weapon
    if "two-handed weapon" in gear:
        return "two-handed weapon"
    if "lance" in gear and mounted:
        if charging:
            return "lance"
        if "hand weapon" not in gear:
            return "dagger"
    usable = ("hand weapon", "spear", "pike", "elven blade", "orc bow", "uruk-hai crossbow",
              "throwing weapon")
    if any(w in gear for w in usable) or UNPENALISED_UNARMED in profile.special:
        return "hand weapon"
    return "dagger"     # 'Knives & Daggers': no visible weapon is a knife about him


def fighter_of(profile, charts, *, weapon: str | None = None, supported: bool = False,
               might: int | None = None, mounts=None, on_foot: bool = False,
               charging: bool = False, fate: int | None = None) -> Fighter:
    """A profile as a Fighter: its own weapon unless `weapon` names another ('Weapons'); a
    spear supporting adds an Attack ('Spears'); Might and Fate default to the profile's
    store. A cavalry profile rides its mount (give `mounts`, the mounts' profiles, for its
    Strength) unless `on_foot`; `charging`: a rider who charged this turn."""
    mounted = profile.mount is not None and not on_foot
    if charging and not mounted:
        raise ValueError("charging: only a rider has the charge bonuses ('Cavalry Charge!')")
    if weapon is None:
        weapon = weapon_of(profile, mounted, charging)
    if weapon == "hand weapon":
        duel, wound = 0, 0
    elif weapon in charts.weapons:
        duel, wound = charts.weapons[weapon]
    else:
        raise ValueError(f"weapon '{weapon}': expected hand weapon or one of "
                         f"{', '.join(sorted(charts.weapons))}")
    if supported and weapon in ("two-handed weapon", "banner"):
        raise ValueError("spear: a fighter using a two-handed weapon (a banner counts as one) "
                         "cannot be supported ('Spears', 'Banners')")
    if supported and mounted:
        raise ValueError("spear: a spearman on foot supports only a friend whose base is no "
                         "bigger than his, never a rider ('Spears')")
    if weapon == "lance" and not mounted:
        raise ValueError("weapon 'lance': impossible to use whilst on foot ('Lances')")
    if weapon == "lance" and not charging:
        raise ValueError("weapon 'lance': no bonus unless charging; the rider fights with its "
                         "shaft as a dagger, or a hand weapon he carries (@dagger, "
                         "@hand weapon) ('Lances')")
    if weapon == "two-handed weapon" and mounted:
        raise ValueError("weapon 'two-handed weapon': impossible to use whilst mounted "
                         "('Two-Handed Swords & Axes')")
    if weapon == "two-handed weapon" and "shield" in profile.wargear:
        raise ValueError("weapon 'two-handed weapon': a model with a shield has not the hands "
                         "for it ('Two-Handed Swords & Axes', 'Shields')")
    mount_strength, beast = 0, False
    if mounted and mounts is not None:
        mount_strength = mounts[profile.mount].strength
        beast = monstrous(mounts[profile.mount])
    return Fighter(profile.fight, profile.strength, profile.defence,
                   profile.attacks + (1 if supported else 0), profile.wounds, duel, wound,
                   profile.might if might is None else might,
                   profile.fate if fate is None else fate,
                   shield="shield" in profile.wargear, mounted=mounted, charging=charging,
                   mount_strength=mount_strength, supported=supported, monstrous=beast)


def fighters_of(profile, charts, *, mounts, **options) -> list[Fighter]:
    """The models a profile brings to a fight: itself (as fighter_of), and its monstrous
    mount as a separate model with its own Fight, Attacks and Strength ('Monstrous Mounts')."""
    rider = fighter_of(profile, charts, mounts=mounts, **options)
    if not rider.monstrous:
        return [rider]
    mount = mounts[profile.mount]
    return [rider, Fighter(mount.fight, mount.strength, mount.defence, mount.attacks,
                           mount.wounds, mounted=True, is_mount=True)]


def shot_odds(shoot_value: int, strength: int, defence: int, entry_of,
              in_the_way: int = 0) -> Mapping[str, Fraction]:
    """Exact odds of one shot: to hit, to wound the target, with `in_the_way` things to pass."""
    hit = at_least(shoot_value, 0)
    through = Fraction(1, 2) ** in_the_way      # each thing in the way is passed on a 4+
    wound = wound_chance(entry_of(strength, defence))
    return {"hit": hit, "reaches": hit * through, "wounds": hit * through * wound}
