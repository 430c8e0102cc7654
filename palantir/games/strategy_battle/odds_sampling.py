"""Fights sampled in bulk with NumPy: a second, independent working of the rules that
`odds.py` computes exactly, to check it by Monte Carlo (tests, benchmarks/).

Written from the manual's procedure, not from odds.py: every die is rolled (two per Attack
for a shielding side, one more Attack for a charging rider), the Hero's Might raises his own
best die as the policy says, ties go to Fight value and then a roll, and the winners — unless
they shielded — roll the Wound Chart blow by blow (twice as many against a trapped loser or
one a rider knocked down), a striking Hero's Might making failed dice, the struck Hero's
Fate recovering wounds on a 4+.
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence

import numpy as np

from .odds import Fighter, parse_policy


def _roll(rng: np.random.Generator, n: int, count: int, modifier: int) -> np.ndarray:
    """n rows of `count` dice, each modified and held between 1 and 6 ('Rolling Dice')."""
    return np.clip(rng.integers(1, 7, size=(n, count)) + modifier, 1, 6)


def _rider_bonus(f: Fighter, foes: Sequence[Fighter]) -> int:
    """'Cavalry Charge!': +1 Attack for a rider who charged foes that are all on foot; not
    for the rider of a monstrous mount ('Monstrous mounts charge!')."""
    return 1 if (f.mounted and f.charging and not f.monstrous
                 and all(not o.mounted for o in foes)) else 0


def _knocks_down(f: Fighter, foes: Sequence[Fighter]) -> bool:
    """Whether a winner's charge knocks the beaten to the ground: a rider's charge bonus, or
    a monstrous mount's charge against foes with no monstrous mount ('Monstrous mounts
    charge!')."""
    if f.mounted and f.charging and f.monstrous:
        return not any(o.monstrous or o.is_mount for o in foes)
    return bool(_rider_bonus(f, foes))


def _side_dice(rng, n, side: Sequence[Fighter], foes: Sequence[Fighter], hero: int | None,
               shielding: bool):
    """(the Hero's best die, the rest's best die) per fight; 0 where there is none. A
    shielding side rolls two dice for every Attack ('Shields')."""
    hero_best = np.zeros(n, dtype=np.int64)
    rest_best = np.zeros(n, dtype=np.int64)
    for i, f in enumerate(side):
        count = (f.attacks + _rider_bonus(f, foes)) * (2 if shielding else 1)
        best = _roll(rng, n, count, f.duel_modifier).max(axis=1)
        if i == hero:
            hero_best = best
        else:
            rest_best = np.maximum(rest_best, best)
    return hero_best, rest_best


def _wounds(rng, n, strikers: Sequence[Fighter], target: Fighter, foes: Sequence[Fighter],
            entry_of, doubled: bool, might: Sequence[np.ndarray | None], fate: bool,
            guard: np.ndarray | None) -> np.ndarray:
    """Wounds the target loses to each fight's strikes, blow by blow: a striking Hero with
    Might (an array of what is left, per fight) adds the fewest points that make a failing
    die; a wounded Hero with Fate rolls for each point, 4+ recovering the wound, raising a
    failed die to 4 with his own Might (`guard`) when he has it."""
    lost = np.zeros(n, dtype=np.int64)
    fate_left = np.full(n, target.fate if fate else 0, dtype=np.int64)
    for s, store in zip(strikers, might):
        entry = entry_of(s.strength, target.defence)
        if entry == "-":
            continue
        dice_needed = [int(v) for v in entry.split("/")]
        for _ in range((s.attacks + _rider_bonus(s, foes)) * (2 if doubled else 1)):
            alive = lost < target.wounds
            wounded = alive.copy()
            bonus = np.full(n, s.wound_modifier, dtype=np.int64)
            for need in dice_needed:          # '6/4': a 6, then a 4 or more
                face = rng.integers(1, 7, size=n)
                made = np.clip(face + bonus, 1, 6) >= need
                if store is not None:
                    short = need - face - bonus
                    pay = wounded & ~made & (short <= store)
                    store -= np.where(pay, short, 0)
                    bonus += np.where(pay, short, 0)  # Might counts on the later die too
                    made |= pay
                wounded &= made
            for _ in range(target.fate if fate else 0):
                trying = wounded & (fate_left > 0)
                fate_left -= trying
                face = rng.integers(1, 7, size=n)
                saved = trying & (face >= 4)
                if guard is not None:
                    pay = trying & ~saved & (4 - face <= guard)
                    guard -= np.where(pay, 4 - face, 0)
                    saved |= pay
                wounded &= ~saved
            lost += wounded
    return np.minimum(lost, target.wounds)


def sample_fights(good: Sequence[Fighter], evil: Sequence[Fighter], entry_of, n: int,
                  seed: int, *, trapped: Iterable[str] = (),
                  might: Mapping[str, str] | None = None, shielding: Iterable[str] = (),
                  roll_might: Iterable[str] = (), fate: Iterable[str] = ()
                  ) -> dict[str, object]:
    """Work out `n` fights with random dice; the same keys as odds.fight_odds, as frequencies."""
    rng = np.random.default_rng(seed)
    trapped, shielding = set(trapped), set(shielding)
    roll_might, fate = set(roll_might), set(fate)
    might = dict(might or {})
    sides = {"good": good, "evil": evil}
    foes = {"good": evil, "evil": good}
    policies = {s: parse_policy(might.get(s, "none")) for s in sides}
    heroes = {s: (None if policies[s][0] == "none" else
                  next((i for i, f in enumerate(sides[s]) if f.might > 0), None))
              for s in sides}
    store = {s: sides[s][heroes[s]].might if heroes[s] is not None else 0 for s in sides}
    hero_die, best = {}, {}
    for s in sides:
        hero_die[s], rest = _side_dice(rng, n, sides[s], foes[s], heroes[s], s in shielding)
        best[s] = np.maximum(hero_die[s], rest)
    fight = {s: max(f.fight for f in sides[s]) for s in sides}
    both = heroes["good"] is not None and heroes["evil"] is not None
    spent = {s: np.zeros(n, dtype=np.int64) for s in sides}
    # secret bids only where both Heroes can raise a die (a 6 cannot be raised: 'Might')
    bidding = np.zeros(n, dtype=bool)
    if both:
        bidding = (hero_die["good"] < 6) & (hero_die["evil"] < 6)
        for s in sides:
            spent[s] = np.where(bidding, np.minimum(min(policies[s][1], store[s]),
                                                    6 - hero_die[s]), 0)
    for s, o in (("good", "evil"), ("evil", "good")):
        if heroes[s] is None:
            continue
        edge = fight[s] - fight[o]
        sure = (best[s] > best[o]) | ((best[s] == best[o]) & (edge > 0))
        kind, bid = policies[s]
        if kind == "bid":
            # 'Might': never past 6 on the Hero's die
            alone = np.where(sure, 0, np.minimum(min(bid, store[s]), 6 - hero_die[s]))
            spent[s] = np.where(bidding, spent[s], alone)
            continue
        # 'win': try 0, 1, 2... points and keep the first that wins (or ties at equal Fight)
        chosen = np.full(n, -1)
        for k in range(store[s] + 1):
            raised = np.maximum(best[s], np.minimum(6, hero_die[s] + k))
            wins = (raised > best[o]) | ((raised == best[o]) & (edge > 0))
            chosen = np.where((chosen < 0) & wins, k, chosen)
        if edge == 0:
            for k in range(store[s] + 1):
                raised = np.maximum(best[s], np.minimum(6, hero_die[s] + k))
                chosen = np.where((chosen < 0) & (raised == best[o]), k, chosen)
        spent[s] = np.where(sure | (chosen < 0), 0, chosen)
    for s in sides:
        best[s] = np.where(spent[s] > 0,
                           np.maximum(best[s], np.minimum(6, hero_die[s] + spent[s])), best[s])
    tie_roll = rng.integers(1, 7, size=n)
    if fight["good"] != fight["evil"]:
        tie_to_good = np.full(n, fight["good"] > fight["evil"])
    else:
        tie_to_good = tie_roll >= 4
    good_wins = (best["good"] > best["evil"]) | ((best["good"] == best["evil"]) & tie_to_good)
    out: dict[str, object] = {"good_wins": good_wins.mean(), "evil_wins": 1 - good_wins.mean(),
                              "good_might": spent["good"].mean(),
                              "evil_might": spent["evil"].mean(),
                              "_good_might_sd": spent["good"].std(),
                              "_evil_might_sd": spent["evil"].std()}
    for winner, loser, won in (("good", "evil", good_wins), ("evil", "good", ~good_wins)):
        target = sides[loser][0]
        if winner in shielding:
            wounds = np.zeros(n, dtype=np.int64)   # a shielding winner strikes no blows
        else:
            chargers = [w for w in sides[winner] if _knocks_down(w, sides[loser])]
            knocked = bool(chargers) and not target.mounted and (
                target.strength < 6 or any(c.mount_strength >= 6 for c in chargers))
            def left(side, i):
                f = sides[side][i]
                if side not in roll_might or not f.might:
                    return None
                return np.full(n, f.might, dtype=np.int64) - (spent[side] if i == heroes[side]
                                                              else 0)

            wounds = _wounds(rng, n, sides[winner], target, sides[loser], entry_of,
                             loser in trapped or knocked,
                             [left(winner, i) for i in range(len(sides[winner]))],
                             loser in fate, left(loser, 0))
        counts = np.bincount(wounds[won], minlength=target.wounds + 1)
        total = max(1, int(won.sum()))
        out[f"wounds_if_{winner}_wins"] = {k: counts[k] / total for k in range(len(counts))
                                           if counts[k]}
        out[f"{winner}_kills"] = float(((wounds == target.wounds) & won).mean())
        out[f"_{winner}_won"] = int(won.sum())
    return out


def disagreements(exact: Mapping[str, object], sampled: Mapping[str, object], n: int,
                  sigmas: float = 4.0) -> list[str]:
    """Every probability where the sample strays more than `sigmas` standard errors from the
    exact value (conditional wound distributions judged on the fights that side won)."""
    out = []

    def check(name, p, observed, trials):
        p = float(p)
        error = (p * (1 - p) / trials) ** 0.5 if trials else 0.0
        if abs(observed - p) > sigmas * error + 1e-12:
            out.append(f"{name}: exact {p:.5f}, sampled {observed:.5f} ({trials} trials)")

    for key in ("good_wins", "evil_wins", "good_kills", "evil_kills"):
        check(key, exact[key], sampled[key], n)
    for key in ("good_might", "evil_might"):
        # a mean of points, not a probability: judged by the sample's own spread
        error = sampled[f"_{key}_sd"] / n ** 0.5
        if abs(float(exact[key]) - sampled[key]) > sigmas * error + 1e-12:
            out.append(f"{key}: exact {float(exact[key]):.4f}, sampled {sampled[key]:.4f}")
    for winner in ("good", "evil"):
        dist, seen = exact[f"wounds_if_{winner}_wins"], sampled[f"wounds_if_{winner}_wins"]
        trials = sampled[f"_{winner}_won"]
        for k in set(dist) | set(seen):
            check(f"{winner} wins, {k} wounds", dist.get(k, 0), seen.get(k, 0.0), trials)
    return out
