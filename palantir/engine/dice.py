"""Dice: the only source of chance; seeded for play, addressed for tables that resume,
scripted for replays and tests.

Every outcome is appended to `log` as a `Roll`, so a record can carry it and a replay
never depends on a random-number algorithm.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterable, Sequence

from .errors import DiceExhausted


@dataclass(frozen=True, slots=True)
class Roll:
    """One chance outcome: which die (by name) showed which face, and who may see it.

    `seen_by` is None for a public outcome, else the seats that may see the face (a card
    drawn into a hand). A shuffled pile is never an outcome: each draw is one roll whose
    faces are the pieces left, so no record holds a pile's order.
    """

    die: str
    face: str
    seen_by: tuple[int, ...] | None = None

    def to_json(self) -> dict:
        """The record form of this outcome."""
        if self.seen_by is None:
            return {"die": self.die, "face": self.face}
        return {"die": self.die, "face": self.face, "seen_by": list(self.seen_by)}


class Dice:
    """Base class: subclasses decide faces; this one keeps the log."""

    def __init__(self, record: bool = True):
        self.record = record
        self.log: list[Roll] = []

    def _pick(self, die: str, faces: Sequence[str]) -> str:
        raise NotImplementedError

    def roll(self, die: str, faces: Sequence[str], seen_by: Iterable[int] | None = None) -> str:
        """Roll one die named `die` with the given faces and log the outcome.

        `seen_by`: the seats that may see the outcome (None: everyone)."""
        face = self._pick(die, faces)
        if self.record:
            self.log.append(Roll(die, face, None if seen_by is None else tuple(seen_by)))
        return face

    def roll_many(self, dice: Iterable[tuple[str, Sequence[str]]]) -> list[str]:
        """Roll several dice in order; each outcome is logged separately."""
        return [self.roll(die, faces) for die, faces in dice]


class SeededDice(Dice):
    """Dice driven by a seeded pseudo-random generator (normal play, simulation)."""

    def __init__(self, seed: int | None = None, record: bool = True):
        super().__init__(record)
        self.seed = seed
        self._rng = random.Random(seed)

    def _pick(self, die: str, faces: Sequence[str]) -> str:
        return faces[self._rng.randrange(len(faces))]


class AddressedDice(Dice):
    """Seeded dice addressed by roll number: roll k of seed s is drawn from its own
    generator, `random.Random(f"{s}/{k}")`, so it depends on (s, k) alone. The dice of a
    table that must resume from its record (a restarted server, a decision taken back):
    `AddressedDice(seed, rolled)` rolls on exactly as the dice that rolled `rolled` times.

    They show other faces than `SeededDice` for the same seed, and must: a `SeededDice`
    roll draws from one stream, and how much of it a roll uses depends on the number of
    faces of every earlier die (randrange draws again when the bits overshoot), so its roll
    k is not a function of (seed, k). Making the seeded dice addressed would change every
    seeded game's faces, and the recorded seeded games (tests/golden) with them.
    """

    def __init__(self, seed: int, rolled: int = 0, record: bool = True):
        super().__init__(record)
        self.seed = seed
        self.rolled = rolled

    def _pick(self, die: str, faces: Sequence[str]) -> str:
        rng = random.Random(f"{self.seed}/{self.rolled}")
        self.rolled += 1
        return faces[rng.randrange(len(faces))]


class ScriptedDice(Dice):
    """Dice that return given outcomes in order (replays, tests, puzzles)."""

    def __init__(self, outcomes: Iterable[Roll | tuple[str, str] | str], record: bool = True):
        super().__init__(record)
        self._script: list[Roll | str] = []
        self.used = 0
        self.extend(outcomes)

    def extend(self, outcomes: Iterable[Roll | tuple[str, str] | str]) -> None:
        """Script further outcomes after those given (as the constructor takes them)."""
        self._script.extend(o if isinstance(o, (Roll, str)) else Roll(*o) for o in outcomes)

    def remaining(self) -> int:
        """How many scripted outcomes are still unused."""
        return len(self._script) - self.used

    def _pick(self, die: str, faces: Sequence[str]) -> str:
        if self.used >= len(self._script):
            raise DiceExhausted(f"no scripted outcome left for die '{die}' (after {self.used})")
        wanted = self._script[self.used]
        if isinstance(wanted, Roll):
            if wanted.die != die:
                raise DiceExhausted(
                    f"scripted outcome {self.used} is for die '{wanted.die}', "
                    f"but the rules roll die '{die}'")
            face = wanted.face
        else:
            face = wanted
        if face not in faces:
            raise DiceExhausted(
                f"scripted outcome {self.used} '{face}' is not a face of die '{die}' "
                f"({', '.join(faces)})")
        self.used += 1
        return face
