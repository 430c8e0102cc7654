"""Fights sampled in bulk with NumPy: a second, independent working of the rules that
`odds.py` computes exactly, to check it by Monte Carlo (tests, benchmarks/).

Written from the manual's procedure, not from odds.py: every die is rolled, the Hero's Might
raises his own best die as the policy says, ties go to Fight value and then a roll, and the
winners roll the Wound Chart for each strike (twice as many against a trapped loser).
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence

import numpy as np

from .odds import Fighter, parse_policy


def _roll(rng: np.random.Generator, n: int, count: int, modifier: int) -> np.ndarray:
    """n rows of `count` dice, each modified and held between 1 and 6 ('Rolling Dice')."""
    return np.clip(rng.integers(1, 7, size=(n, count)) + modifier, 1, 6)


def _side_dice(rng, n, side: Sequence[Fighter], hero: int | None):
    """(the Hero's best die, the rest's best die) per fight; 0 where there is none."""
    hero_best = np.zeros(n, dtype=np.int64)
    rest_best = np.zeros(n, dtype=np.int64)
    for i, f in enumerate(side):
        best = _roll(rng, n, f.attacks, f.duel_modifier).max(axis=1)
        if i == hero:
            hero_best = best
        else:
            rest_best = np.maximum(rest_best, best)
    return hero_best, rest_best


def _wounds(rng, n, strikers: Sequence[Fighter], target: Fighter, entry_of,
            trapped: bool) -> np.ndarray:
    """Wounds each fight's strikes inflict on the target, capped at its Wounds."""
    total = np.zeros(n, dtype=np.int64)
    for s in strikers:
        entry = entry_of(s.strength, target.defence)
        count = s.attacks * (2 if trapped else 1)
        if entry == "-":
            continue
        needs = [int(v) for v in entry.split("/")]
        hit = np.ones((n, count), dtype=bool)
        for need in needs:            # '6/4': a 6, then a 4 or more with a second die
            hit &= _roll(rng, n, count, s.wound_modifier) >= need
        total += hit.sum(axis=1)
    return np.minimum(total, target.wounds)


def sample_fights(good: Sequence[Fighter], evil: Sequence[Fighter], entry_of, n: int,
                  seed: int, *, trapped: Iterable[str] = (),
                  might: Mapping[str, str] | None = None) -> dict[str, object]:
    """Work out `n` fights with random dice; the same keys as odds.fight_odds, as frequencies."""
    rng = np.random.default_rng(seed)
    trapped = set(trapped)
    might = dict(might or {})
    sides = {"good": good, "evil": evil}
    policies = {s: parse_policy(might.get(s, "none")) for s in sides}
    heroes = {s: (None if policies[s][0] == "none" else
                  next((i for i, f in enumerate(sides[s]) if f.might > 0), None))
              for s in sides}
    store = {s: sides[s][heroes[s]].might if heroes[s] is not None else 0 for s in sides}
    hero_die, best = {}, {}
    for s in sides:
        hero_die[s], rest = _side_dice(rng, n, sides[s], heroes[s])
        best[s] = np.maximum(hero_die[s], rest)
    fight = {s: max(f.fight for f in sides[s]) for s in sides}
    both = heroes["good"] is not None and heroes["evil"] is not None
    spent = {s: np.zeros(n, dtype=np.int64) for s in sides}
    if both:
        for s in sides:
            spent[s][:] = min(policies[s][1], store[s])
    else:
        for s, o in (("good", "evil"), ("evil", "good")):
            if heroes[s] is None:
                continue
            edge = fight[s] - fight[o]
            sure = (best[s] > best[o]) | ((best[s] == best[o]) & (edge > 0))
            kind, bid = policies[s]
            if kind == "bid":
                spent[s] = np.where(sure, 0, min(bid, store[s]))
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
        wounds = _wounds(rng, n, sides[winner], target, entry_of, loser in trapped)
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
