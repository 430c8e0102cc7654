"""Procedures that stop for a player's question and go on once it is answered.

A shot, a move with its jumps, a Courage test, a cast, a wound and its Fate roll are each
a *frame*: a JSON-able dict on the stack `state.pending`, innermost last, with the name of
its procedure (`proc`) and how far it has got. `run` steps the top frame until the stack
is empty or a question is outstanding (`state.question`); the answer is taken by the
module that asked it, and `run` goes on. So a Hero may spend Might after seeing his roll
('Might': "A player does not have to decide to use his Might until the dice has been
rolled") in the middle of any procedure, and `clone`, views and records work at every
question (docs/strategy-battle.md, 'Procedures and questions').

A step makes progress each time it is called: it rolls, pushes a child frame and returns,
asks a question, or finishes its frame. A child that gives its parent a result is pushed
by the parent, which returns at once; the child's `finish` hands the result down.
"""

from __future__ import annotations

from typing import Callable

STEPS: dict[str, Callable] = {}


def step(name: str):
    """Register the step function of a procedure."""
    def register(fn):
        STEPS[name] = fn
        return fn
    return register


def push(state, frame: dict) -> dict:
    """Put a procedure on top of the stack (it runs next)."""
    state.pending.append(frame)
    return frame


def run(state, floor: int = 0) -> None:
    """Step the top frame until no more than `floor` frames are left, a question is
    outstanding, or the game is over."""
    while len(state.pending) > floor and state.question is None and state.phase != "over":
        frame = state.pending[-1]
        STEPS[frame["proc"]](state, frame)
    if state.phase == "over":
        state.pending = []


def call(state, frame: dict) -> None:
    """Run a procedure now, from code outside the frames (a strike at a mount in a fight):
    it either completes or leaves a question, the rest of it to be run once answered."""
    floor = len(state.pending)
    push(state, frame)
    run(state, floor)


def finish(state, frame: dict, **result) -> None:
    """Take a frame off the stack; its result, if any, goes to the frame under it."""
    for i in range(len(state.pending) - 1, -1, -1):
        if state.pending[i] is frame:
            del state.pending[i]
            if result and i > 0:
                state.pending[i - 1].update(result)
            return


def top(state, proc: str | None = None) -> dict | None:
    """The frame on top of the stack (of this procedure, if named), or None."""
    if not state.pending:
        return None
    frame = state.pending[-1]
    return frame if proc is None or frame["proc"] == proc else None


# ---------------------------------------------------------------- questions

# Every question the game asks is registered here by kind: a frame's (a Hero's roll, Fate,
# resisting magic, a loose mount) and a phase's (heroic declarations, matching fights, a
# fight's choices), so BattleState answers and lists them all one way.
QUESTIONS: dict[str, tuple[Callable, Callable]] = {}


def question(kind: str, answer: Callable, candidates: Callable) -> None:
    """Register who takes the answers to a kind of question, and who lists them."""
    QUESTIONS[kind] = (answer, candidates)


def answer(state, action, text: str) -> None:
    """Take the answer to the question outstanding (IllegalAction, changing nothing, if it
    does not fit), then go on with the procedures that waited for it."""
    QUESTIONS[state.question["kind"]][0](state, action, text)
    run(state)


def candidates(state) -> list:
    """The answers to the question outstanding, for agents."""
    return QUESTIONS[state.question["kind"]][1](state)
