"""Exact odds of a fight and of a shot, computed with fractions, not sampled.

A fight is one model on one side against one or more on the other ('Multiple Combats'):
who wins (best die, then Fight value, then 1–3 Evil / 4–6 Good), and the distribution of
wounds the winners inflict — trapped losers take double strikes. When a lone winner beats
several enemies, all its strikes go at the first of them (the policy a player would choose
to make a kill likeliest against equal foes). Might, shielding and cavalry bonuses are not
modelled yet.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping, Sequence

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


def duel_odds(good: Sequence[Fighter], evil: Sequence[Fighter]) -> Fraction:
    """Chance that Good wins the duel ('Working Out a Fight', 'Multiple Combats')."""
    g, e = best_die(good), best_die(evil)
    win = sum((pg * pe for sg, pg in g.items() for se, pe in e.items() if sg > se), Fraction(0))
    tie = sum((pg * e.get(sg, Fraction(0)) for sg, pg in g.items()), Fraction(0))
    fg, fe = max(f.fight for f in good), max(f.fight for f in evil)
    tie_to_good = Fraction(1) if fg > fe else Fraction(0) if fg < fe else Fraction(1, 2)
    return win + tie * tie_to_good


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
               trapped: bool = False) -> Mapping[str, object]:
    """Exact odds of a fight: who wins, and the wounds and kills on each side's loss."""
    if not good or not evil:
        raise ValueError("a fight needs a model on each side")
    if len(good) > 1 and len(evil) > 1:
        raise ValueError("a fight has one model on one side ('Fights')")
    p_good = duel_odds(good, evil)
    result: dict[str, object] = {"good_wins": p_good, "evil_wins": 1 - p_good}
    for winner, losers, p in (("good", evil, p_good), ("evil", good, 1 - p_good)):
        winners = good if winner == "good" else evil
        # every winner strikes the (first) loser: a lone winner puts all its strikes on one
        target = losers[0]
        dist = wounds_dealt(winners, target, entry_of, trapped)
        result[f"wounds_if_{winner}_wins"] = dist
        result[f"{winner}_kills"] = p * dist.get(target.wounds, Fraction(0))
    return result


def shot_odds(shoot_value: int, strength: int, defence: int, entry_of,
              in_the_way: int = 0) -> Mapping[str, Fraction]:
    """Exact odds of one shot: to hit, to wound the target, with `in_the_way` things to pass."""
    hit = at_least(shoot_value, 0)
    through = Fraction(1, 2) ** in_the_way      # each thing in the way is passed on a 4-6
    wound = wound_chance(entry_of(strength, defence))
    return {"hit": hit, "reaches": hit * through, "wounds": hit * through * wound}
