"""Twin games: two games played in step that differ only in one hidden thing (a card dealt
face down to one seat, or seen by nobody), so that everything any other seat gets from
them — views, narration, refusals, agents' decisions — must be the same."""

from __future__ import annotations

import random
from typing import Iterable, Sequence

from palantir.engine.dice import Dice


class Diverged(Exception):
    """The twins can no longer be kept in step (the hidden difference came out)."""


class MirrorDice(Dice):
    """Dice that roll what `source` rolled, die for die, except one private roll (the first
    one at or after roll `swap_from`, when given) which shows another of its faces: a
    different card dealt face down. Afterwards, where the source's face is not among this
    pile's faces (the card swapped is gone here) the other face of the swap stands in, and
    whoever may see that roll has seen the difference too (`seers`). A public roll that
    differs, or a die that is not the source's, ends the twinning (Diverged)."""

    def __init__(self, source: Dice, swap_from: int | None = None, seed: int = 0):
        super().__init__()
        self.source = source
        self.swap_from = swap_from
        self.rng = random.Random(seed)
        self.swapped: tuple[str, str] | None = None  # (the source's face, this face)
        self.swapped_at: int | None = None
        self.seers: set[int] = set()

    def roll(self, die: str, faces: Sequence[str], seen_by: Iterable[int] | None = None) -> str:
        """The source's roll of the same index, as described above."""
        n = len(self.log)
        if n >= len(self.source.log):
            raise Diverged(f"roll {n} ({die}): the twin rolls more dice than its source")
        src = self.source.log[n]
        seen = None if seen_by is None else tuple(seen_by)
        if src.die != die or src.seen_by != seen:
            raise Diverged(f"roll {n}: {die} seen by {seen}, the source's {src}")
        face = src.face
        if (self.swapped is None and self.swap_from is not None and n >= self.swap_from
                and seen is not None):
            others = sorted(set(faces) - {face})
            if others:
                face = self.rng.choice(others)
                self.swapped, self.swapped_at = (src.face, face), n
                self.seers.update(seen)
        elif self.swapped is not None and face not in faces:
            stand_in = {self.swapped[1]: self.swapped[0]}.get(face)
            if stand_in is None or stand_in not in faces:
                raise Diverged(f"roll {n}: face {face!r} of {die} is not in this pile")
            if seen is None:
                raise Diverged(f"roll {n}: the difference is rolled in the open")
            face = stand_in
            self.seers.update(seen)
        self.log.append(type(src)(die, face, seen))
        return face

    def _pick(self, die: str, faces: Sequence[str]) -> str:
        raise AssertionError("MirrorDice rolls through roll()")
