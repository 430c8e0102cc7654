"""Procedures that stop for a player's question and go on once it is answered, on the
engine's procedure kernel (engine/procedure.py).

A shot, a move with its jumps, a Courage test, a cast, a wound and its Fate roll are each
a *frame*: a procedure of the kernel that is also the JSON-able dict its step reads and
writes, with the name of its procedure (`proc`) and how far it has got. The frames are
the kernel's `Stack` `state.pending`, innermost last, each frame's class (a `Frame`
subclass in the module of its rule) added to the kernel's `Procedures` registry
`REGISTRY` by its name. `run` steps the top frame until the stack is empty or a question
is outstanding (`state.question`); the question is a procedure of its own (`Asked`, one
subclass per kind, turn.QUESTIONS), whose check and carrying out take the answer, and
`run` goes on. So a Hero may spend Might after seeing his roll ('Might': "A player does
not have to decide to use his Might until the dice has been rolled") in the middle of any
procedure, and `clone`, views and records work at every question (docs/strategy-battle.md,
'Procedures and questions').

A step makes progress each time it is called: it rolls, pushes a child frame and returns,
asks a question, or finishes its frame. A child that gives its parent a result is pushed
by the parent, which returns at once; the child's `finish` hands the result down.
"""

from __future__ import annotations

import copy

from ...engine.procedure import Procedure, Procedures, Question, Stack

# the kernel's Question for "nothing more happens now": a question outstanding, or the
# game over (the views and the answers read `state.question` itself)
_WAITING = Question(seat=-1, kind="waiting")


class Frame(dict, Procedure):
    """A procedure under way as the dict its step reads and writes: a subclass per
    procedure, with its `name` and `step`, registered in `REGISTRY`."""

    def __init__(self, **fields):
        super().__init__(proc=self.name, **fields)

    def question(self, state) -> Question | None:
        """While a question is outstanding, or the game is over, the frames wait."""
        if state.question is not None or state.phase == "over":
            return _WAITING
        return None

    def to_json(self) -> dict:
        """The frame as JSON: the dict it is."""
        return dict(self)


# the game's frames by name (each frame class is added with `@REGISTRY.add`), so a frame
# pushed by name from another phase, and a stack read back from a view, find their class
REGISTRY = Procedures()


class _StandIn(Procedure):
    """A plain dict put on the stack as a parent that is never stepped (by a test): the
    results of the frame above it go into the dict."""

    name = "stand-in"

    def __init__(self, data: dict):
        self.data = data

    def __getitem__(self, key):
        return self.data[key]

    def update(self, result) -> None:
        """Take a child's result."""
        self.data.update(result)

    def to_json(self) -> dict:
        """The dict as it is."""
        return dict(self.data)


class Frames(Stack):
    """The stack of frames, `state.pending`; as a list, tests may put a stand-in parent
    (a plain dict that is never stepped) under a procedure with `append` and `pop`."""

    @classmethod
    def read(cls, frames: list[dict]) -> "Frames":
        """The stack of frames a view shows (plain dicts, outermost first)."""
        return cls([REGISTRY.read(dict(f)) for f in frames])

    def clone(self) -> "Frames":
        """An independent copy, each frame's dict copied deep (a state is cloned at every
        step of a search, its stack most often empty)."""
        return Frames([copy.deepcopy(f) for f in self]) if len(self) else Frames()

    def plain(self) -> list[dict]:
        """The frames as plain dicts, outermost first (for views)."""
        return [dict(f) for f in self]

    def append(self, frame: dict) -> None:
        """Put a plain dict on top, as a parent that is never stepped."""
        self.push(frame if isinstance(frame, Procedure) else _StandIn(frame))

    def pop(self) -> dict:
        """Take the top frame off and give it back (a stand-in's own dict)."""
        frame = self.top()
        self.finish(frame)
        return frame.data if isinstance(frame, _StandIn) else frame


def push(state, frame: dict) -> dict:
    """Put a procedure on top of the stack (it runs next); the frame pushed is returned."""
    if not isinstance(frame, Frame):
        frame = REGISTRY.read(frame)
    state.pending.push(frame)
    return frame


def run(state, floor: int = 0) -> None:
    """Step the top frame until no more than `floor` frames are left, a question is
    outstanding, or the game is over."""
    state.pending.run(state, until_empty_below=floor)
    if state.phase == "over":
        state.pending = Frames()


def finish(state, frame: dict, **result) -> None:
    """Take a frame off the stack; its result, if any, goes to the frame under it."""
    frames = list(state.pending)
    for i in range(len(frames) - 1, -1, -1):
        if frames[i] is frame:
            state.pending.finish(frame)
            if result and i > 0:
                frames[i - 1].update(result)
            return


def top(state, proc: str | None = None) -> dict | None:
    """The frame on top of the stack (of this procedure, if named), or None."""
    frame = state.pending.top()
    if frame is None:
        return None
    return frame if proc is None or frame["proc"] == proc else None


# ---------------------------------------------------------------- questions

class Asked(Procedure):
    """A question a side must answer now (`state.question`, a plain dict a view shows), as
    the procedure on top of the stack that asks it: a subclass per kind of question (its
    `name`), with the legal answers (`answers`), `check` (a Plan, or a Refusal naming the
    rule, changing nothing) and `take` (the checked answer, done). Once it is taken the
    procedures that waited for it go on (`run`), then the turn (`state.procedures_done`)."""

    def question(self, state) -> Question | None:
        """The side asked, and the question as the state holds it."""
        q = state.question
        if q is None or q["kind"] != self.name:
            return None
        return Question(state.seat_of(q["side"]), q["kind"], dict(q))

    def carry_out(self, state, stack, plan) -> None:
        """The answer is taken; the procedures that waited for it, then the turn, go on."""
        stack.finish(self)
        state.question = None
        self.take(state, plan)
        run(state)
        self.then(state, plan)

    def take(self, state, plan) -> None:
        """Do what the checked answer says."""
        raise NotImplementedError

    def then(self, state, plan) -> None:
        """After the answer and the procedures that waited for it: the turn goes on."""
        state.procedures_done()
