"""The chance layer: a palantir state advanced one decision or one die at a time.

A palantir game rolls its dice inside `apply` (and `new_state`). OpenSpiel wants every roll
as a chance node of its own, whose outcome the caller picks. So a decision is carried out
on a copy whose dice (`ProbeDice`) give the faces picked so far and stop at the first roll
not yet picked (`RollNeeded`): that roll is the chance node. Once every roll is picked the
copy is the new state. A die with one face only is no choice and is rolled at once.
Every roll is kept in order (`rolls`), so `ScriptedDice(rolls)` replays the game exactly.

A settled state is never changed once reached (each decision is carried out on a copy), so
copies of a stepper share it: copying a stepper costs no copy of the game.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from ..engine.dice import Dice, Roll
from ..engine.game import Game, State, get_game


class RollNeeded(Exception):
    """The rules roll a die whose face has not been picked yet."""

    def __init__(self, die: str, faces: Sequence[str], seen_by: tuple[int, ...] | None):
        super().__init__(f"die '{die}' is to be rolled")
        self.die = die
        self.faces = tuple(faces)
        self.seen_by = seen_by

    def distinct_faces(self) -> list[str]:
        """The faces this die can show, each once, in the order the rules list them."""
        return list(dict.fromkeys(self.faces))

    def outcomes(self) -> list[tuple[int, float]]:
        """(outcome index, probability) of every distinct face: repeated faces add up."""
        total = len(self.faces)
        return [(i, self.faces.count(face) / total)
                for i, face in enumerate(self.distinct_faces())]


class ProbeDice(Dice):
    """Dice that show the picked faces in order, then stop at the next real choice."""

    def __init__(self, picked: Iterable[str]):
        super().__init__(record=True)
        self._picked = list(picked)
        self._used = 0

    def roll(self, die: str, faces: Sequence[str], seen_by: Iterable[int] | None = None) -> str:
        """The next picked face, or RollNeeded when none is left (a lone face is rolled)."""
        seen = None if seen_by is None else tuple(seen_by)
        if len(set(faces)) == 1:
            face = faces[0]
        elif self._used < len(self._picked):
            face = self._picked[self._used]
            self._used += 1
            if face not in faces:
                raise ValueError(f"face '{face}' is not a face of die '{die}'")
        else:
            raise RollNeeded(die, faces, seen)
        self.log.append(Roll(die, face, seen))
        return face


class ChanceStepper:
    """A game in progress whose every roll is picked from outside, one at a time."""

    def __init__(self, game: Game, options: Mapping[str, Any]):
        self.game = game
        self.options = dict(options)
        self.rolls: list[Roll] = []
        self.state: State | None = None   # the settled state (before the pending decision)
        self._action: Any = None          # the decision being carried out, if any
        self._picked: list[str] = []
        self.need: RollNeeded | None = None
        self._rolling: list[Roll] = []    # the rolls of the pending decision so far
        # Each step as (kind, number): "decide" with the index of the decision in the legal
        # list, "pick" with the outcome; enough to rebuild the game (pickling, `replayed`).
        self.steps: list[tuple[str, int]] = []
        self._carry_out()

    def __reduce__(self):
        if self.steps is None:
            raise TypeError("a stepper started at a given position has no steps to replay "
                            "and cannot be pickled")
        return (replayed, (self.game.id, self.options, tuple(self.steps)))

    @classmethod
    def at(cls, game: Game, options: Mapping[str, Any], position: State) -> "ChanceStepper":
        """A stepper from a settled `position` on (its past unknown: no steps, no rolls)."""
        stepper = object.__new__(cls)
        stepper.game, stepper.options = game, dict(options)
        stepper.rolls, stepper.steps = [], None
        stepper.state, stepper._action, stepper._picked, stepper.need = position, None, [], None
        stepper._rolling = []
        return stepper

    def __deepcopy__(self, memo) -> "ChanceStepper":
        other = object.__new__(ChanceStepper)
        other.game, other.options = self.game, self.options
        other.rolls = self.rolls[:]
        other.steps = None if self.steps is None else self.steps[:]
        other.state = self.state  # shared: a settled state is never changed (see above)
        other._action, other._picked, other.need = self._action, self._picked[:], self.need
        other._rolling = self._rolling
        return other

    @property
    def at_chance(self) -> bool:
        """Whether a die is waiting to be rolled."""
        return self.need is not None

    def decide(self, action, index: int | None = None) -> None:
        """Carry out the seat's decision (the `index`-th legal one, if the caller knows
        it), up to its first roll that is a real choice."""
        assert self.need is None, "a die is waiting to be rolled"
        if self.steps is not None:
            if index is None:
                index = self.state.legal_actions().index(action)
            self.steps.append(("decide", index))
        self._action, self._picked = action, []
        self._carry_out()

    def pick(self, outcome: int) -> Roll:
        """Roll the waiting die showing its `outcome`-th distinct face."""
        need = self.need
        assert need is not None, "no die is waiting to be rolled"
        face = need.distinct_faces()[outcome]
        if self.steps is not None:
            self.steps.append(("pick", outcome))
        self._picked.append(face)
        self._carry_out()
        return Roll(need.die, face, need.seen_by)

    def picked_rolls(self) -> list[tuple[str, str, tuple[int, ...] | None]]:
        """The dice already picked for the pending decision: (die, face, seen_by)."""
        if self.need is None:
            return []
        return [(r.die, r.face, r.seen_by) for r in self._rolling]

    def _attempt(self, dice: ProbeDice) -> State:
        if self.state is None:
            return self.game.new_state(self.options, dice)
        trial = self.state.clone(dice=dice)
        trial.apply(self._action)
        return trial

    def _carry_out(self) -> None:
        dice = ProbeDice(self._picked)
        try:
            settled = self._attempt(dice)
        except RollNeeded as need:
            self.need, self._rolling = need, dice.log
            return
        self.state, self.need, self._action, self._picked = settled, None, None, []
        self._rolling = []
        self.rolls.extend(dice.log)


def replayed(game_id: str, options: Mapping[str, Any],
             steps: Sequence[tuple[str, int]]) -> ChanceStepper:
    """The stepper of `game_id` after these steps (ChanceStepper.steps)."""
    stepper = ChanceStepper(get_game(game_id), options)
    for kind, number in steps:
        if kind == "pick":
            stepper.pick(number)
        else:
            stepper.decide(stepper.state.legal_actions()[number], number)
    return stepper
