"""A fast push-your-luck player for Journey to Mordor, reading only its seat's view.

It scores every legal decision by what the set-aside dice would be worth at the end of
the turn (rings that count, Gandalf, who the Nazgûl hit) plus a rough value of the dice
still to be rolled, and stops with the White Tree when that is worth more than rolling on.
"""

from __future__ import annotations

import random

from .components import default_components
from .notation import Advance, Keep, Reroll
from .rules import UNMARKED_UNITS, WHOLE, effective_rings, nazgul_target

RING = 1.0            # a space on the Ring-bearer's route
RIVAL_HIT = 0.25      # a Nazgûl mark on a rival's route
GANDALF = 0.45        # a split square (scaled by danger like a Nazgûl)
DIE_LEFT = -0.22      # what a die still to be rolled is worth on average
ORC_RISK = 0.28       # chance a die still to be rolled ends up an uncountered orc


class Table:
    """What the heuristic needs from a view, computed once per decision."""

    def __init__(self, view: dict):
        parts = default_components()
        self.names = parts.die_names
        self.black = parts.black
        self.colour_seat = [None] * len(self.names)
        for seat, hobbit in enumerate(view["hobbits"]):
            self.colour_seat[self.names.index(parts.hobbit_colours[hobbit])] = seat
        self.me = view["active"]
        self.feature = view["feature"]
        self.eliminated = view["eliminated"]
        self.ring = view["ring"]
        self.room = len(parts.ring_spaces) - self.ring[self.me]
        self.units = [sum(UNMARKED_UNITS[s] for s in squares) for squares in view["nazgul"]]
        self.can_split = WHOLE in view["nazgul"][self.me] and self.feature != "no_gandalf"
        self.aside = [(self.names.index(d), f) for d, f in view["aside"]]
        self.roll = [(self.names.index(d), f) for d, f in view["roll"]]
        self.leader = max(self.ring)
        self.nazgul_faces = {d: (parts.black_faces if d == self.black else
                                 parts.coloured_faces).count("N") / 6
                             for d in range(len(self.names))}

    def target(self, die: int) -> int | None:
        """Who a Nazgûl on `die` would hit."""
        return nazgul_target(die, self.me, self.feature, self.colour_seat, self.eliminated,
                             self.black)

    def own_hit_cost(self, hits: int, splits: int) -> float:
        """How bad `hits` Nazgûl marks on my own route are, after `splits` Gandalf splits."""
        units = self.units[self.me] + splits
        if hits >= units:
            return 100.0
        return hits * (0.7 + 2.5 / units)

    def value(self, dice: list[tuple[int, str]], left: list[int]) -> float:
        """Worth of ending the turn with `dice` set aside and the dice `left` still to roll."""
        faces = [f for _, f in dice]
        splits = faces.count("G") if self.can_split else 0
        rings = min(effective_rings(faces, self.feature), self.room)
        own, rival = 0, 0.0
        for die, face in dice:
            if face != "N":
                continue
            target = self.target(die)
            if target == self.me:
                own += 1
            elif target is not None:
                rival += RIVAL_HIT * (1.5 if self.ring[target] >= self.leader else 1.0)
        expected_own = 0.0
        for die in left:
            if self.target(die) == self.me:
                expected_own += self.nazgul_faces[die] * 1.5
        worth = RING * rings + rival - self.own_hit_cost(own, splits)
        worth += GANDALF * splits * (0.5 + 2.0 / max(1, self.units[self.me]))
        if left:
            margin = faces.count("F") - faces.count("O")
            risk = min(1.0, max(0.0, ORC_RISK * len(left) - 0.35 * margin))
            worth -= rings * RING * risk
            worth += DIE_LEFT * len(left)
            worth -= self.own_hit_cost(1, splits) * expected_own * 0.5
        return worth


def score(table: Table, action) -> float:
    """The heuristic worth of one decision."""
    if isinstance(action, Advance):
        return action.spaces
    if isinstance(action, Reroll):
        return 0.0
    kept = table.aside + list(action.dice)
    if any(f == "T" for _, f in action.dice):
        return table.value(kept, [])
    left = [d for d, f in table.roll if (d, f) not in action.dice]
    return table.value(kept, left)


class HeuristicAgent:
    """The `heuristic` agent of Journey to Mordor."""

    def __init__(self, seat: int, seed: int | None = None):
        self.seat = seat
        self.rng = random.Random(seed)

    def choose(self, view: dict, legal_actions: list):
        """Pick the best-scoring decision; Rohan rerolls a roll whose best is poor."""
        return best_action(view, legal_actions)


def best_action(view: dict, legal_actions: list):
    """The heuristic choice for a view."""
    if len(legal_actions) == 1:
        return legal_actions[0]
    if view["phase"] == "advance":
        return max(legal_actions, key=lambda a: a.spaces)
    table = Table(view)
    scored = [(score(table, a), i) for i, a in enumerate(legal_actions)
              if not isinstance(a, Reroll)]
    best, index = max(scored)
    rerolls = [a for a in legal_actions if isinstance(a, Reroll)]
    if rerolls and best < table.value(table.aside, [d for d, _ in table.roll]) - 0.3:
        return rerolls[0]
    return legal_actions[index]


def rollout_policy(state, rng: random.Random):
    """The heuristic as a rollout policy for search (reads the state's public view)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return best_action(state.view(state.to_move()), legal)
