"""Exact odds of a Journey to Mordor turn, and the `optimal-turn` agent that plays them.

For the decision in front of the active player, the distribution of the turn's result
(spaces gained, own Nazgûl marks, elimination) for each legal choice, with the rest of the
turn played by the policy that maximises an `Objective`'s expectation. Dynamic programming
over the dice still to roll: a roll's outcomes are enumerated as multisets per class of
interchangeable dice (the same faces, a Nazgûl on them hitting the same seat) with their
multinomial probabilities, and every sub-state of the turn (the dice set aside so far, by
what they count for; the dice left, by class; whether Rohan's repeat is still open) is
memoised. The dice faces, the legal keeps and the end-of-turn effects are the rules' own
(components, phases/dice.py `legal_keeps`, phases/nazgul.py, phases/ring.py).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from itertools import product
from math import factorial
from types import SimpleNamespace
from typing import Any, Mapping, Sequence

import numpy as np

from ...engine.dice import SeededDice
from ...engine.game import get_game
from .components import Components, default_components
from .notation import Keep, Reroll
from .phases import ADVANCING_PHASE, HALF_MARKED, MARKED, SPLIT, UNMARKED_UNITS, WHOLE
from .phases.dice import legal_keeps
from .phases.nazgul import mark_nazgul, nazgul_target, split_square
from .phases.ring import effective_rings

try:
    import numba
except ImportError:  # the batch extra; the chain is then solved in plain Python, slowly
    numba = None


@dataclass(frozen=True)
class Objective:
    """What the turn's policy maximises: the expectation of spaces × `space` (+ `arrive`
    on reaching Mordor) less `unit` per whole or half space of one's own Nazgûl route lost
    (Gandalf's split gains one back), less `eliminated` on elimination, plus `rival_unit`
    per space a rival loses and `rival_eliminated` per rival eliminated."""

    space: float = 1.0
    arrive: float = 4.0
    unit: float = 0.5
    eliminated: float = 30.0
    rival_unit: float = 0.1
    rival_eliminated: float = 2.0


DEFAULT_OBJECTIVE = Objective()


# The win chances cover the game with its default components: two players, the basic game.
WIN_ROUTE = 6  # Nazgûl squares
WIN_RING = 9  # Ring-bearer's spaces to Mordor
WIN_DATA = Path(__file__).with_name("win_chances.json")
WIN_DATA_ABOUT = (
    "Journey to Mordor, two players, basic game, default components: the exact distribution "
    "of a whole turn from each Nazgûl route state (whole and half spaces unmarked, whole "
    "squares unmarked; the rival in (0) or out (1)), played by the default objective's "
    "policy, as [p, rings, own Gandalf splits, own Nazgûl marks, rival marks]. Made by "
    "odds.win_kernels (python -m palantir.games.journey_to_mordor.odds); read by "
    "odds.WinChain.")


def route_state(squares) -> tuple[int, int]:
    """A Nazgûl route as (whole and half spaces unmarked, whole squares unmarked): all the
    rules can tell apart, as marks take the first square and Gandalf splits the first
    whole one, so a route is marked squares, at most one half-marked, split, then whole."""
    return sum(UNMARKED_UNITS[s] for s in squares), sum(1 for s in squares if s == WHOLE)


def route_of(units: int, wholes: int, squares: int = WIN_ROUTE) -> list[int]:
    """The route a `route_state` stands for."""
    half, split = (units - wholes) % 2, (units - wholes) // 2
    return ([MARKED] * (squares - half - split - wholes) + [HALF_MARKED] * half
            + [SPLIT] * split + [WHOLE] * wholes)


def route_states(squares: int = WIN_ROUTE) -> list[tuple[int, int]]:
    """Every route state a player still in the game can have."""
    return [(half + 2 * split + wholes, wholes) for wholes in range(squares + 1)
            for split in range(squares + 1 - wholes) for half in (0, 1)
            if wholes + split + half <= squares and half + 2 * split + wholes > 0]


def after_marks(state: tuple[int, int], splits: int, marks: int) -> tuple[int, int]:
    """A route state after Gandalf's `splits` then `marks` Nazgûl (phases/nazgul.py)."""
    units, wholes = state
    for _ in range(splits):
        if wholes:
            units, wholes = units + 1, wholes - 1
    for _ in range(marks):
        if units == 0:
            break
        if units == wholes:  # nothing half-marked or split before it: a whole square
            wholes -= 1
        units -= 1
    return units, wholes


def turn_kernel(parts: Components, state: tuple[int, int], rival_out: bool) -> dict:
    """The exact distribution of a whole two-player basic turn from a route state, played
    by the default objective's policy: {(rings, own splits, own marks, rival marks): p}
    (rings before the room is counted: the policy plays as if Mordor were far)."""
    view = {"active": 0, "feature": None, "options": {}, "hobbits": list(parts.hobbit_order[:2]),
            "ring": [0, 0], "nazgul": [route_of(*state), [MARKED] * WIN_ROUTE if rival_out
                                       else [WHOLE] * WIN_ROUTE],
            "eliminated": [False, rival_out]}
    _, dist = TurnOdds(parts, view, DEFAULT_OBJECTIVE).whole_turn()
    out: dict = {}
    for r, p in dist.items():
        key = (r.spaces, r.splits, r.marks, r.rival_marks)
        out[key] = out.get(key, 0.0) + p
    return out


def win_kernels(parts: Components) -> dict:
    """`turn_kernel` of every route state, the rival in or out (the data file's content)."""
    return {f"{u} {w} {int(out)}": [[p, *key] for key, p in sorted(
        turn_kernel(parts, (u, w), out).items())]
        for u, w in route_states() for out in (False, True)}


_CHAIN: list = []


def win_chain() -> WinChain:
    """The (once loaded) chain of the data file's kernels."""
    if not _CHAIN:
        _CHAIN.append(WinChain(json.loads(WIN_DATA.read_text())["kernels"]))
    return _CHAIN[0]


def _compiled(function):
    """Compiled with Numba when it is installed (the batch extra), else left as it is."""
    if numba is None:
        return function
    return numba.njit(cache=True, nogil=True)(function)


@_compiled
def _next_turn(mover, p0, r0, p1, r1, dead, ring, units, chances):
    """Each seat's chance once `mover`'s turn has ended in (p0, r0, p1, r1) (Sequence of
    Play, End of the Game): the other seat moves, or the round ends, and maybe the game;
    chances[m, p0, r0, p1, r1] are the chances with seat m to start a turn."""
    alive0, alive1 = r0 != dead, r1 != dead
    if not alive0 and not alive1:
        return 0.0, 0.0  # all eliminated: everyone has lost
    if mover == 0 and alive1:
        return chances[1, p0, r0, p1, r1, 0], chances[1, p0, r0, p1, r1, 1]
    reached0, reached1 = alive0 and p0 == ring, alive1 and p1 == ring
    if reached0 or reached1:  # the most unmarked Nazgûl spaces wins; a tie shares it
        if reached0 and reached1 and units[r0] == units[r1]:
            return 0.5, 0.5
        if reached0 and (not reached1 or units[r0] > units[r1]):
            return 1.0, 0.0
        return 0.0, 1.0
    m = 0 if alive0 else 1
    return chances[m, p0, r0, p1, r1, 0], chances[m, p0, r0, p1, r1, 1]


@_compiled
def _turn_part(mover, p0, r0, p1, r1, dead, ring, units, marked, k_n, k_p, k_rings, k_route,
               k_rival, chances):
    """`mover`'s turn from (p0, r0, p1, r1): each seat's chance over the outcomes that
    change the position, and the chance of one that changes nothing."""
    mine, theirs = (r0, r1) if mover == 0 else (r1, r0)
    here = p0 if mover == 0 else p1
    out = 1 if theirs == dead else 0
    a0 = a1 = same = 0.0
    for o in range(k_n[mine, out]):
        route = k_route[mine, out, o]
        space = here
        if route != dead:
            space = min(ring, here + k_rings[mine, out, o])
        rival = marked[theirs] if k_rival[mine, out, o] else theirs
        if mover == 0:
            q0, s0, q1, s1 = space, route, p1, rival
        else:
            q0, s0, q1, s1 = p0, rival, space, route
        p = k_p[mine, out, o]
        if q0 == p0 and s0 == r0 and q1 == p1 and s1 == r1:
            same += p
            continue
        v0, v1 = _next_turn(mover, q0, s0, q1, s1, dead, ring, units, chances)
        a0 += p * v0
        a1 += p * v1
    return a0, a1, same


@_compiled
def _solve(order, dead, ring, units, marked, k_n, k_p, k_rings, k_route, k_rival, chances):
    """Fill chances position by position, each after every position its turns lead to
    (`order`: by decreasing progress, which every turn that changes something raises)."""
    for i in range(order.shape[0]):
        p0, r0, p1, r1 = order[i, 0], order[i, 1], order[i, 2], order[i, 3]
        alive0, alive1 = r0 != dead, r1 != dead
        if not alive0 and not alive1:
            continue
        if not alive0 or not alive1:  # alone: a turn that changes nothing is played again
            m = 0 if alive0 else 1
            a0, a1, q = _turn_part(m, p0, r0, p1, r1, dead, ring, units, marked, k_n, k_p,
                                   k_rings, k_route, k_rival, chances)
            chances[m, p0, r0, p1, r1, 0] = a0 / (1 - q)
            chances[m, p0, r0, p1, r1, 1] = a1 / (1 - q)
            continue
        a0, a1, q = _turn_part(0, p0, r0, p1, r1, dead, ring, units, marked, k_n, k_p,
                               k_rings, k_route, k_rival, chances)
        b0, b1, q_b = _turn_part(1, p0, r0, p1, r1, dead, ring, units, marked, k_n, k_p,
                                 k_rings, k_route, k_rival, chances)
        if p0 == ring or p1 == ring:
            # Seat 1's final turn (seat 0 has arrived): a turn changing nothing ends the
            # round with seat 0 at Mount Doom (and the same for the other arrival).
            e0, e1 = _next_turn(1, p0, r0, p1, r1, dead, ring, units, chances)
            y0, y1 = b0 + q_b * e0, b1 + q_b * e1
            chances[1, p0, r0, p1, r1, 0], chances[1, p0, r0, p1, r1, 1] = y0, y1
            chances[0, p0, r0, p1, r1, 0] = a0 + q * y0
            chances[0, p0, r0, p1, r1, 1] = a1 + q * y1
            continue
        # Neither has arrived: a turn changing nothing passes to the other seat, and two
        # such turns come back here. x = a + q·y, y = b + q_b·x, solved.
        k = 1 - q * q_b
        x0, x1 = (a0 + q * b0) / k, (a1 + q * b1) / k
        chances[0, p0, r0, p1, r1, 0], chances[0, p0, r0, p1, r1, 1] = x0, x1
        chances[1, p0, r0, p1, r1, 0] = b0 + q_b * x0
        chances[1, p0, r0, p1, r1, 1] = b1 + q_b * x1


class WinChain:
    """The chance of each seat winning a two-player basic game from any position, both
    playing on by the default objective's turn policy: an exact Markov chain over (seat to
    move, each Ring-bearer's space, each Nazgûl route state) whose turns are
    `turn_kernel`s, solved once, every position after those its turns lead to."""

    def __init__(self, kernels: Mapping[str, list]):
        self.routes = route_states()
        dead = len(self.routes)
        self.index = {r: i for i, r in enumerate(self.routes)}
        self.index[(0, 0)] = dead
        n = dead + 1
        units = np.array([u for u, _ in self.routes] + [0], np.int64)
        marked = np.array([self.index[after_marks(r, 0, 1)] for r in self.routes] + [dead],
                          np.int64)
        turns: dict = {}
        for key, outcomes in kernels.items():
            u, w, out = (int(x) for x in key.split())
            merged: dict = {}
            for p, rings, splits, marks, rival_marks in outcomes:
                after = (rings, self.index[after_marks((u, w), splits, marks)], rival_marks)
                merged[after] = merged.get(after, 0.0) + p
            turns[(self.index[(u, w)], out)] = merged
        most = max(len(m) for m in turns.values())
        k_n = np.zeros((n, 2), np.int64)
        k_p = np.zeros((n, 2, most))
        k_rings, k_route, k_rival = (np.zeros((n, 2, most), np.int64) for _ in range(3))
        for (r, out), merged in turns.items():
            k_n[r, out] = len(merged)
            for o, ((rings, route, rival), p) in enumerate(merged.items()):
                k_p[r, out, o], k_rings[r, out, o] = p, rings
                k_route[r, out, o], k_rival[r, out, o] = route, rival
        # Progress: spaces, then Gandalf's splits and the marks (3 a split whole square,
        # 1 a mark: any turn changing something raises it); the most progressed first.
        rho = np.array([3 * (WIN_ROUTE - w) + (2 * WIN_ROUTE + 1 - u) for u, w in self.routes]
                       + [3 * WIN_ROUTE + 2 * WIN_ROUTE + 1], np.int64)
        grid = np.indices((WIN_RING + 1, n, WIN_RING + 1, n)).reshape(4, -1).T
        progress = 100 * (grid[:, 0] + grid[:, 2]) + rho[grid[:, 1]] + rho[grid[:, 3]]
        order = np.ascontiguousarray(grid[np.argsort(-progress, kind="stable")])
        self.chances = np.zeros((2, WIN_RING + 1, n, WIN_RING + 1, n, 2))
        self.args = (dead, WIN_RING, units, marked, k_n, k_p, k_rings, k_route, k_rival)
        _solve(order, *self.args, self.chances)

    def next_turn(self, mover: int, p0: int, route0, p1: int, route1) -> tuple[float, float]:
        """Each seat's chance once `mover`'s turn has ended with these spaces and routes."""
        dead, ring, units = self.args[:3]
        return _next_turn(mover, p0, self.index[route0], p1, self.index[route1], dead, ring,
                          units, self.chances)

    def value(self, mover: int, p0: int, route0, p1: int, route1) -> tuple[float, float]:
        """Each seat's chance with `mover` to start a turn in this position."""
        at = (mover, p0, self.index[route0], p1, self.index[route1])
        return float(self.chances[at + (0,)]), float(self.chances[at + (1,)])


@dataclass(frozen=True)
class WinChance:
    """The objective of the game itself: the chance of winning from the position the turn
    ends in (a shared victory counting its share), by `WinChain` — for a two-player basic
    game with the default components (`covers`); elsewhere the agent uses `fallback`."""

    fallback: Objective = DEFAULT_OBJECTIVE

    @staticmethod
    def covers(view: Mapping[str, Any], parts: Components) -> bool:
        """Whether the chain's game is the view's: 2 players, no locations, default dice."""
        return (view["players"] == 2 and not view["options"].get("locations")
                and len(parts.ring_spaces) == WIN_RING and parts == default_components()
                and all(len(s) == WIN_ROUTE for s in view["nazgul"]))

    @staticmethod
    def after_turn(me: int, ring, nazgul) -> float:
        """`me`'s chance of winning once its turn has ended with these sheets."""
        return win_chain().next_turn(me, min(ring[0], WIN_RING), route_state(nazgul[0]),
                                     min(ring[1], WIN_RING), route_state(nazgul[1]))[me]


WIN_CHANCE = WinChance()


@dataclass(frozen=True)
class Result:
    """What a turn did for the active player: spaces gained, own Nazgûl marks (whole or
    half squares), whether eliminated; and rival marks and own Gandalf splits, for the
    objective."""

    spaces: int
    marks: int
    eliminated: bool
    rival_marks: int = 0
    splits: int = 0  # own squares Gandalf split (the win chances' route after the turn)


@dataclass(frozen=True)
class ChoiceOdds:
    """One legal decision, its objective value and the exact distribution of the turn."""

    action: Any
    value: float
    distribution: Mapping[Result, float]

    def p_spaces(self) -> dict[int, float]:
        """P(gain k spaces) by k."""
        out: dict[int, float] = {}
        for result, p in self.distribution.items():
            out[result.spaces] = out.get(result.spaces, 0.0) + p
        return dict(sorted(out.items()))

    def expected_marks(self) -> float:
        """Expected Nazgûl marks on one's own route."""
        return sum(r.marks * p for r, p in self.distribution.items())

    def p_eliminated(self) -> float:
        """P(the active player is eliminated this turn)."""
        return sum(p for r, p in self.distribution.items() if r.eliminated)

    def expected_spaces(self) -> float:
        """Expected spaces gained."""
        return sum(r.spaces * p for r, p in self.distribution.items())


class TurnOdds:
    """The turn of `me` from a view's sheets: every sub-state's value and distribution."""

    def __init__(self, parts: Components, view: Mapping[str, Any],
                 objective: Objective | WinChance):
        self.parts = parts
        self.objective = objective
        self.me = view["active"]
        self.ring = tuple(view["ring"])
        self.feature = view["feature"]
        self.locations = bool(view["options"].get("locations"))
        self.nazgul = tuple(tuple(s) for s in view["nazgul"])
        self.eliminated = tuple(view["eliminated"])
        self.room = len(parts.ring_spaces) - view["ring"][self.me]
        colour_seat: list[int | None] = [None] * len(parts.die_names)
        for seat, hobbit in enumerate(view["hobbits"]):
            colour_seat[parts.die_names.index(parts.hobbit_colours[hobbit])] = seat
        self.colour_seat = tuple(colour_seat)
        self.target = tuple(nazgul_target(d, self.me, self.feature, colour_seat,
                                          list(self.eliminated), parts.black)
                            for d in range(len(parts.die_names)))
        # Dice are interchangeable when they have the same faces and a Nazgûl on them
        # hits the same seat: a class, whose dice are listed in order.
        kinds: dict[tuple, list[int]] = {}
        for d in range(len(parts.die_names)):
            kinds.setdefault((parts.faces_of(d), self.target[d]), []).append(d)
        self.class_dice = [dice for dice in kinds.values()]
        self.class_of = {d: c for c, dice in enumerate(self.class_dice) for d in dice}
        self._roll_memo: dict = {}
        self._end_memo: dict = {}
        self._outcome_memo: dict = {}
        self._choice_memo: dict = {}
        self._random_memo: dict = {}

    # ----- what a die set aside counts for ----------------------------------------------

    def category(self, die: int, face: str) -> str:
        """A set-aside die by what it counts for: its face, and a Nazgûl's target."""
        if face != "N":
            return face
        target = self.target[die]
        return "N-" if target is None else f"N{target}"

    def aside_key(self, dice) -> tuple[str, ...]:
        """The dice set aside as a sorted tuple of categories."""
        return tuple(sorted(self.category(d, f) for d, f in dice))

    def classes(self, dice) -> tuple[int, ...]:
        """Dice (indices) as a sorted tuple of their classes."""
        return tuple(sorted(self.class_of[d] for d in dice))

    # ----- the end of the turn ------------------------------------------------------------

    def end(self, aside: tuple[str, ...]) -> tuple[float, Result]:
        """The turn's value and result once `aside` is applied (Gandalf, Nazgûl, Ring),
        the player advancing as far as the rings allow."""
        memo = self._end_memo.get(aside)
        if memo is not None:
            return memo
        faces = [c[0] for c in aside]
        table = SimpleNamespace(nazgul=[list(s) for s in self.nazgul],
                                eliminated=list(self.eliminated), news=[])
        before = [sum(UNMARKED_UNITS[s] for s in squares) for squares in table.nazgul]
        if self.feature != "no_gandalf":  # Moria: Gandalf has no effect
            for _ in range(faces.count("G")):
                if not split_square(table, self.me):
                    break
        for category in aside:
            if category[0] == "N" and category != "N-":
                mark_nazgul(table, int(category[1:]), 0)
        marks = sum(1 for item in table.news if item[0] == "mark" and item[1] == self.me)
        rival_marks = sum(1 for item in table.news if item[0] == "mark" and item[1] != self.me)
        splits = sum(1 for item in table.news if item[0] == "split")
        out = table.eliminated[self.me]
        spaces = 0 if out else min(effective_rings(faces, self.feature), self.room)
        result = Result(spaces, marks, out, rival_marks, splits)
        o = self.objective
        if isinstance(o, WinChance):  # the value of the position the turn ends in
            ring = list(self.ring)
            ring[self.me] += spaces
            value = o.after_turn(self.me, ring, table.nazgul)
            memo = self._end_memo[aside] = (value, result)
            return memo
        after = [sum(UNMARKED_UNITS[s] for s in squares) for squares in table.nazgul]
        value = spaces * o.space + (o.arrive if spaces and spaces == self.room else 0.0)
        value -= o.unit * (before[self.me] - after[self.me])
        value -= o.eliminated if out else 0.0
        for seat in range(len(before)):
            if seat != self.me:
                value += o.rival_unit * (before[seat] - after[seat])
                if table.eliminated[seat] and not self.eliminated[seat]:
                    value += o.rival_eliminated
        memo = self._end_memo[aside] = (value, result)
        return memo

    # ----- the rolls still to come ----------------------------------------------------------

    def outcomes(self, classes: tuple[int, ...]) -> list[tuple[float, list[tuple[int, str]]]]:
        """Every outcome of rolling dice of these classes, as (probability, roll) with the
        class's first dice standing for its members, faces counted as multisets."""
        memo = self._outcome_memo.get(classes)
        if memo is not None:
            return memo
        per_class = []
        for c, count in sorted(Counter(classes).items()):
            faces = self.parts.faces_of(self.class_dice[c][0])
            weights = {f: faces.count(f) / len(faces) for f in dict.fromkeys(faces)}
            dice = self.class_dice[c][:count]
            per_class.append([(p, list(zip(dice, roll)))
                              for p, roll in _multisets(tuple(weights.items()), count)])
        memo = []
        for combo in product(*per_class):
            p = 1.0
            roll: list[tuple[int, str]] = []
            for q, part in combo:
                p *= q
                roll += part
            memo.append((p, roll))
        self._outcome_memo[classes] = memo
        return memo

    def keep_choices(self, roll: list[tuple[int, str]]) -> list[tuple[Keep, tuple, tuple, bool]]:
        """The legal keeps of `roll` (the rules' own list) with what each leaves: the
        categories set aside, the classes still to roll, whether the turn ends."""
        table = SimpleNamespace(roll=roll, parts=self.parts, feature=self.feature)
        out = []
        for keep in legal_keeps(table):
            kept = set(keep.dice)
            left = self.classes(d for d, f in roll if (d, f) not in kept)
            stops = any(f == "T" for _, f in keep.dice) or not left
            out.append((keep, self.aside_key(keep.dice), left, stops))
        return out

    def after_keep(self, aside: tuple[str, ...], kept: tuple[str, ...], left: tuple[int, ...],
                   stops: bool) -> tuple[float, dict]:
        """Value and distribution once `kept` joins `aside`."""
        total = tuple(sorted(aside + kept))
        if stops:
            value, result = self.end(total)
            return value, {result: 1.0}
        return self.roll_node(total, left, self.feature == "reroll_each_roll")

    def choices_of(self, left: tuple[int, ...]) -> list[tuple[float, list, tuple]]:
        """The outcomes of rolling classes `left`, each with its distinct keeps (categories
        kept, classes left, whether the turn ends) and the classes rolled."""
        memo = self._choice_memo.get(left)
        if memo is None:
            memo = self._choice_memo[left] = [
                (p, list(dict.fromkeys((kept, rest, stops)
                                       for _, kept, rest, stops in self.keep_choices(roll))),
                 self.classes(d for d, _ in roll))
                for p, roll in self.outcomes(left)]
        return memo

    def roll_node(self, aside: tuple[str, ...], left: tuple[int, ...],
                  can_repeat: bool) -> tuple[float, dict]:
        """Value and distribution of rolling the dice of classes `left`, playing on well."""
        key = (aside, left, can_repeat)
        memo = self._roll_memo.get(key)
        if memo is not None:
            return memo
        value, dist = 0.0, {}
        for p, keeps, rolled in self.choices_of(left):
            best = None
            for kept, rest, stops in keeps:
                choice = self.after_keep(aside, kept, rest, stops)
                if best is None or choice[0] > best[0]:
                    best = choice
            if can_repeat:  # Rohan: the same dice once more, if that is worth more
                again = self.roll_node(aside, rolled, False)
                if again[0] > best[0]:
                    best = again
            value += p * best[0]
            for result, q in best[1].items():
                dist[result] = dist.get(result, 0.0) + p * q
        memo = self._roll_memo[key] = (value, dist)
        return memo


    def random_node(self, aside: tuple[str, ...], left: tuple[int, ...],
                    can_repeat: bool) -> tuple[float, dict]:
        """Value and distribution of rolling the dice of classes `left`, the rest of the turn
        played by the `random` agent (each legal decision alike, Rohan's reroll among
        them): the policy the batch engine also plays, for the tests' comparison."""
        key = (aside, left, can_repeat)
        memo = self._random_memo.get(key)
        if memo is not None:
            return memo
        value, dist = 0.0, {}
        for p, roll in self.outcomes(left):
            keeps = self.keep_choices(roll)
            share = p / (len(keeps) + (1 if can_repeat else 0))
            branches = [self.random_after(aside, kept, rest, stops)
                        for _, kept, rest, stops in keeps]
            if can_repeat:
                branches.append(self.random_node(aside, self.classes(d for d, _ in roll), False))
            for sub_value, sub in branches:
                value += share * sub_value
                for result, q in sub.items():
                    dist[result] = dist.get(result, 0.0) + share * q
        memo = self._random_memo[key] = (value, dist)
        return memo

    def random_after(self, aside: tuple[str, ...], kept: tuple[str, ...],
                     left: tuple[int, ...], stops: bool) -> tuple[float, dict]:
        """`after_keep` with the rest of the turn played by the random agent."""
        total = tuple(sorted(aside + kept))
        if stops:
            value, result = self.end(total)
            return value, {result: 1.0}
        return self.random_node(total, left, self.feature == "reroll_each_roll")

    def whole_turn(self, policy: str = "best") -> tuple[float, dict]:
        """Value and distribution of the turn from its first roll, by `policy`: "best" (the
        objective's) or "random"."""
        every = self.classes(range(len(self.parts.die_names)))
        node = self.roll_node if policy == "best" else self.random_node
        return node((), every, False)


def _multisets(weights: tuple[tuple[str, float], ...], n: int):
    """Every multiset of `n` draws from faces with these probabilities, with its
    multinomial probability, as (probability, faces)."""
    faces = [f for f, _ in weights]

    def split(i: int, left: int):
        if i == len(faces) - 1:
            yield [left]
            return
        for k in range(left, -1, -1):
            for rest in split(i + 1, left - k):
                yield [k] + rest

    for counts in split(0, n):
        p = factorial(n)
        for (face, w), k in zip(weights, counts):
            p = p * w ** k / factorial(k)
        yield p, [f for f, k in zip(faces, counts) for _ in range(k)]


_TURNS: dict = {}


def turn_odds(parts: Components, view: Mapping[str, Any],
              objective: Objective | WinChance = DEFAULT_OBJECTIVE) -> TurnOdds:
    """The (memoised) odds of the turn the view is in: the same for every decision of it."""
    key = (id(parts), objective, view["active"], view["feature"], tuple(view["hobbits"]),
           bool(view["options"].get("locations")), tuple(view["ring"]),
           tuple(tuple(s) for s in view["nazgul"]), tuple(view["eliminated"]))
    found = _TURNS.get(key)
    if found is None:
        if len(_TURNS) > 256:  # a long run meets many turns: keep the memory bounded
            _TURNS.clear()
        found = _TURNS[key] = TurnOdds(parts, view, objective)
    return found


_PARTS: dict = {}


def parts_of(game, view: Mapping[str, Any]) -> Components:
    """The components the view's options make (dice faces and squares overridden)."""
    key = json.dumps(view["options"], sort_keys=True)
    found = _PARTS.get(key)
    if found is None:
        found = _PARTS[key] = game.components_for(game.validate_options(view["options"]))
    return found


def choice_odds(game, view: Mapping[str, Any], actions,
                objective: Objective | WinChance = DEFAULT_OBJECTIVE) -> list[ChoiceOdds]:
    """For each legal decision (the rules' list, in its order) of the view's active player,
    its value and the exact distribution of the turn's result, played on by the policy."""
    parts = parts_of(game, view)
    turn = turn_odds(parts, view, objective)
    if view["phase"] == ADVANCING_PHASE:
        out = []
        for action in actions:
            if isinstance(objective, WinChance):
                ring = list(view["ring"])
                ring[view["active"]] += action.spaces
                value = objective.after_turn(view["active"], ring, view["nazgul"])
            else:
                value = action.spaces * objective.space + (
                    objective.arrive if action.spaces and action.spaces == turn.room else 0.0)
            out.append(ChoiceOdds(action, value, {Result(action.spaces, 0, False): 1.0}))
        return out
    names = parts.die_names
    roll = [(names.index(d), f) for d, f in view["roll"]]
    aside = turn.aside_key((names.index(d), f) for d, f in view["aside"])
    out = []
    for action in actions:
        if isinstance(action, Reroll):
            value, dist = turn.roll_node(aside, turn.classes(d for d, _ in roll), False)
        else:
            kept = set(action.dice)
            left = turn.classes(d for d, f in roll if (d, f) not in kept)
            stops = any(f == "T" for _, f in action.dice) or not left
            value, dist = turn.after_keep(aside, turn.aside_key(action.dice), left, stops)
        out.append(ChoiceOdds(action, value, dict(dist)))
    return out


def view_odds(view: Mapping[str, Any], objective: Objective | WinChance = DEFAULT_OBJECTIVE
              ) -> list[ChoiceOdds]:
    """The odds of every legal decision of a view's active player (the rules' list)."""
    game = get_game("journey-to-mordor")
    state = game.state_from_view(view, SeededDice(0, record=False))
    return choice_odds(game, view, state.legal_actions(), objective)


def agent_objective(game, view: Mapping[str, Any],
                    objective: Objective | WinChance = WIN_CHANCE) -> Objective | WinChance:
    """What the optimal-turn agent playing for `objective` plays this view's game for: the
    chance of winning where the chain covers the game, else its one-turn fallback."""
    if isinstance(objective, WinChance) and not WinChance.covers(view, parts_of(game, view)):
        return objective.fallback
    return objective


def agent_pick(choices: Sequence[ChoiceOdds]) -> int:
    """The index of the choice the optimal-turn agent takes: the highest value, the first
    listed among equals."""
    return max(range(len(choices)), key=lambda i: (choices[i].value, -i))


@dataclass(frozen=True)
class DecisionOdds:
    """The decisions in front of a view's active player with their odds, by the policy the
    `optimal-turn` agent plays (`objective`): with `WinChance`, each choice's value is its
    chance of winning the game; `agent` indexes the choice the agent takes."""

    objective: Objective | WinChance
    choices: tuple[ChoiceOdds, ...]
    agent: int

    @property
    def win_chance(self) -> bool:
        """Whether the values are chances of winning (the two-player basic game)."""
        return isinstance(self.objective, WinChance)


def decision_odds(view: Mapping[str, Any], texts: Sequence[str]) -> DecisionOdds | None:
    """The odds of the legal decisions named by `texts` (in that order) that the agent
    plays by — the rows of the table and terminal's *odds of each choice*; None if none."""
    objective = agent_objective(get_game("journey-to-mordor"), view)
    found = {str(c.action): c for c in view_odds(view, objective)}
    chosen = tuple(found[t] for t in texts if t in found)
    if not chosen:
        return None
    return DecisionOdds(objective, chosen, agent_pick(chosen))


class OptimalTurnAgent:
    """The `optimal-turn` agent: the decision of highest expected objective this turn —
    by default the chance of winning the game from the position the turn ends in
    (`WinChance`), where the chain covers the game, else the `Objective`'s weights."""

    def __init__(self, game, seat: int, seed: int | None = None,
                 objective: Objective | WinChance = WIN_CHANCE):
        self.game = game
        self.seat = seat
        self.objective = objective

    def objective_for(self, view: Mapping[str, Any]) -> Objective | WinChance:
        """The objective this view's game is played for."""
        return agent_objective(self.game, view, self.objective)

    def choose(self, view: dict, legal_actions: list):
        """The legal decision whose turn has the highest expected objective."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        odds = choice_odds(self.game, view, legal_actions, self.objective_for(view))
        return legal_actions[agent_pick(odds)]


def main() -> None:
    """Write the win chances' data file (the kernels of `win_kernels`)."""
    parts = default_components()
    doc = {"about": WIN_DATA_ABOUT, "kernels": {
        key: [[round(o[0], 15), *o[1:]] for o in outcomes]
        for key, outcomes in win_kernels(parts).items()}}
    WIN_DATA.write_text(json.dumps(doc, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
