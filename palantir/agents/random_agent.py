"""The `random` agent: a uniformly random legal decision."""

from __future__ import annotations

import random


class RandomAgent:
    """Picks uniformly among the legal decisions with its own seeded generator."""

    def __init__(self, seat: int, seed: int | None = None):
        self.seat = seat
        self.rng = random.Random(seed)

    def choose(self, view: dict, legal_actions: list):
        """A uniformly random legal decision."""
        return legal_actions[self.rng.randrange(len(legal_actions))]
