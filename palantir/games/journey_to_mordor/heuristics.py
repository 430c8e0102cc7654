"""A fast push-your-luck player for Journey to Mordor, reading only its seat's view.

Each roll it sets aside every useful symbol it may (a Ring, a Fellowship member,
Gandalf), takes an Orc only when nothing else is allowed, sends its compulsory Nazgûl
at the leading rival when the colours allow, and stops with the White Tree as soon as
a ring would count — or when its Nazgûl route is nearly full.
"""

from __future__ import annotations

import random
from functools import lru_cache

from .components import default_components
from .notation import Advance, Keep, Reroll
from .rules import UNMARKED_UNITS, WHOLE, effective_rings, nazgul_target

# Worth of one die of each symbol set aside in a roll (before colours and stopping).
WORTH = {"R": 3.0, "G": 2.0, "F": 2.0, "O": -3.0, "N": 0.0, "T": 0.0}
OWN_NAZGUL = -5.0     # a Nazgûl that will mark my own route
RIVAL_NAZGUL = 1.0    # a Nazgûl that will mark a rival's route
STOP = 10.0           # stopping with the White Tree when it pays (or continuing when not)
DANGER_UNITS = 2      # stop early when this few unmarked spaces are left


@lru_cache(maxsize=64)
def _colour_seats(hobbits: tuple[str, ...]) -> tuple[int | None, ...]:
    """The seat each die colour belongs to (None: no player's colour, or the black die)."""
    parts = default_components()
    seats: list[int | None] = [None] * len(parts.die_names)
    for seat, hobbit in enumerate(hobbits):
        seats[parts.die_names.index(parts.hobbit_colours[hobbit])] = seat
    return tuple(seats)


@lru_cache(maxsize=None)
def _die_index() -> dict[str, int]:
    return {name: i for i, name in enumerate(default_components().die_names)}


class Table:
    """What the heuristic needs from a view, computed once per decision."""

    def __init__(self, view: dict):
        parts = default_components()
        self.black = parts.black
        self.colour_seat = _colour_seats(tuple(view["hobbits"]))
        self.me = view["active"]
        self.feature = view["feature"]
        self.eliminated = view["eliminated"]
        self.ring = view["ring"]
        self.room = len(parts.ring_spaces) - self.ring[self.me]
        self.units = sum(UNMARKED_UNITS[s] for s in view["nazgul"][self.me])
        self.can_split = WHOLE in view["nazgul"][self.me] and self.feature != "no_gandalf"
        self.aside_faces = [f for _, f in view["aside"]]
        index = _die_index()
        self.roll = [(index[d], f) for d, f in view["roll"]]
        self.leader = max(self.ring)

    def target(self, die: int) -> int | None:
        """Who a Nazgûl on `die` would hit."""
        return nazgul_target(die, self.me, self.feature, self.colour_seat, self.eliminated,
                             self.black)

    def hits_me(self, die: int) -> bool:
        """Whether a Nazgûl on `die` would mark my own route."""
        return self.target(die) == self.me


def score(table: Table, action) -> float:
    """The heuristic worth of one decision."""
    if isinstance(action, Advance):
        return float(action.spaces)
    if isinstance(action, Reroll):
        return 0.0
    faces = [f for _, f in action.dice]
    worth = 0.0
    rings_kept = table.aside_faces.count("R")
    for die, face in action.dice:
        if face == "R":
            worth += WORTH["R"] if rings_kept < table.room else 0.5
            rings_kept += 1
        elif face == "G":
            worth += WORTH["G"] if table.can_split else 0.5
        elif face == "N":
            target = table.target(die)
            if target == table.me:
                worth += OWN_NAZGUL
            elif target is not None:
                worth += RIVAL_NAZGUL * (1.5 if table.ring[target] >= table.leader else 1.0)
        else:
            worth += WORTH[face]
        # Keeping a die whose Nazgûl would hit me takes it out of later rolls.
        if face != "N" and table.hits_me(die):
            worth += 0.1
    if "N" in faces:
        worth -= OWN_NAZGUL  # one Nazgûl is compulsory: judge only the choice among them
    if "T" in faces:
        final = table.aside_faces + faces
        pays = effective_rings(final, table.feature) >= 1
        own_hits = sum(1 for d, f in action.dice if f == "N" and table.hits_me(d))
        endangered = table.units - own_hits <= DANGER_UNITS and len(table.roll) >= 3
        worth += STOP if pays or endangered else -STOP
    return worth


class HeuristicAgent:
    """The `heuristic` agent of Journey to Mordor."""

    def __init__(self, seat: int, seed: int | None = None):
        self.seat = seat
        self.rng = random.Random(seed)

    def choose(self, view: dict, legal_actions: list):
        """The best-scoring decision for this view."""
        return best_action(view, legal_actions)


def best_action(view: dict, legal_actions: list):
    """The heuristic choice for a view; Rohan rerolls a roll with nothing good in it."""
    if len(legal_actions) == 1:
        return legal_actions[0]
    if view["phase"] == "advance":
        return max(legal_actions, key=lambda a: a.spaces)
    table = Table(view)
    best, index = max((score(table, a), i) for i, a in enumerate(legal_actions)
                      if isinstance(a, Keep))
    if best < 0 and any(isinstance(a, Reroll) for a in legal_actions):
        return next(a for a in legal_actions if isinstance(a, Reroll))
    return legal_actions[index]


def rollout_policy(state, rng: random.Random):
    """The heuristic as a rollout policy for search (reads the state's public view)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return best_action(state.view(state.to_move()), legal)
