"""The procedure kernel: each rule of a game is a procedure on a stack.

A game's state holds a `Stack` of `Procedure`s, innermost (most recently begun) on top. A
procedure is one rule in progress — a phase, a combat, a retreat, a card's effect — with
how far it has got as plain data, so a state copies, saves and loads at any question. It
either runs on its own (rolls, pushes a sub-procedure, finishes) or stops to ask one seat
a question; the answer is checked against the rules first (`check`: a `Plan` to carry out,
or a `Refusal` naming the rule) and only then carried out, so a refused decision changes
nothing.

    decide(state, stack, action)   # check the top procedure's answer, carry it out, run on

A game keeps a registry (`Procedures`) of its procedure classes by name, so a stack is
JSON: `stack.to_json()` and `Stack.from_json(data, registry)`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any, ClassVar, Iterator

from .errors import IllegalAction


class Refusal(IllegalAction):
    """A decision the rules refuse: which rule (a case number or section) and why.

    Raised by `Procedure.check`; nothing has changed when it is raised."""

    def __init__(self, rule: str, reason: str, *, action: str | None = None):
        super().__init__(reason, rule=rule, action=action)


@dataclass(frozen=True)
class Question:
    """What a procedure asks: the seat that must answer, and what about (for the views)."""

    seat: int
    kind: str
    about: dict[str, Any] = field(default_factory=dict)


class Plan:
    """What `check` found, for `carry_out` to do without judging again (a path and its cost,
    the units that take part, ...). A game subclasses it, or uses it as a bag of values."""

    def __init__(self, **values: Any):
        self.__dict__.update(values)

    def __repr__(self) -> str:
        inside = ", ".join(f"{k}={v!r}" for k, v in self.__dict__.items())
        return f"{type(self).__name__}({inside})"


class Procedure:
    """One rule in progress on the stack.

    Subclasses are dataclasses of JSON-able fields (how far the rule has got) with a
    class-level `name` (its key in the game's registry) and `rule` (the case or section it
    carries out). The stack calls:

    - `begin(state, stack)` once, when first on top: roll, push a sub-procedure, or finish;
    - `step(state, stack)` whenever it is on top and asks nothing: the same kinds of work;
    - `question(state)` — None while it can go on by itself, else who must decide what;
    - `answers(state)` — the legal answers to that question, where they can be listed;
    - `check(state, action) -> Plan`, raising `Refusal`, changing nothing;
    - `carry_out(state, stack, plan)` — the checked answer, done;
    - `resume(state, stack, child)` when a sub-procedure it pushed has finished.

    A procedure ends by `stack.finish(self)`. Every call must make progress (finish, push,
    change its own fields, or ask), so `Stack.run` never loops for ever.
    """

    name: ClassVar[str] = ""
    rule: ClassVar[str] = ""

    def begin(self, state, stack: "Stack") -> None:
        """First work when the procedure comes on top; by default, none."""

    def step(self, state, stack: "Stack") -> None:
        """Work while no question is outstanding; a procedure that only asks never steps."""
        raise NotImplementedError(f"procedure '{self.name}' asks nothing and does nothing")

    def question(self, state) -> Question | None:
        """Who must decide what, or None while the procedure goes on by itself."""
        return None

    def answers(self, state) -> list:
        """The legal answers to the question (games whose answers can be listed)."""
        return []

    def check(self, state, action) -> Plan:
        """The plan for `action`, or Refusal naming the rule; never changes the state."""
        raise Refusal(self.rule or self.name, "no decision is asked here", action=str(action))

    def carry_out(self, state, stack: "Stack", plan: Plan) -> None:
        """Do what `check` planned."""
        raise NotImplementedError

    def resume(self, state, stack: "Stack", child: "Procedure") -> None:
        """A sub-procedure this one pushed has finished (its fields hold its result)."""

    # ----- as data --------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The procedure as JSON: its name and its fields."""
        data = {"proc": self.name}
        if is_dataclass(self):
            data.update({f.name: _plain(getattr(self, f.name)) for f in fields(self)})
        return data


class Procedures:
    """A game's procedure classes by name: what a stack is read back with."""

    def __init__(self, *classes: type[Procedure]):
        self._classes: dict[str, type[Procedure]] = {}
        for cls in classes:
            self.add(cls)

    def add(self, cls: type[Procedure]) -> type[Procedure]:
        """Register a procedure class (usable as a decorator)."""
        if not cls.name:
            raise ValueError(f"{cls.__name__} has no name")
        if cls.name in self._classes and self._classes[cls.name] is not cls:
            raise ValueError(f"two procedures are called '{cls.name}'")
        self._classes[cls.name] = cls
        return cls

    def read(self, data: dict[str, Any]) -> Procedure:
        """The procedure written by `Procedure.to_json`."""
        cls = self._classes.get(data.get("proc"))  # type: ignore[arg-type]
        if cls is None:
            raise ValueError(f"no procedure called {data.get('proc')!r}")
        values = {k: v for k, v in data.items() if k != "proc"}
        return cls(**values)

    def __contains__(self, name: str) -> bool:
        return name in self._classes


@dataclass
class _Entry:
    procedure: Procedure
    begun: bool = False


class Stack:
    """The procedures under way, innermost last; runs them until one asks a question."""

    def __init__(self, procedures: list[Procedure] | None = None, begun: list[bool] | None = None,
                 *, registry: Procedures | None = None):
        procedures = procedures or []
        begun = begun if begun is not None else [True] * len(procedures)
        self._entries = [_Entry(p, b) for p, b in zip(procedures, begun)]
        self._resumed: tuple[int, Procedure] | None = None
        # The game's registry, whose codec reads its procedures' JSON back (copy).
        self.registry = registry

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[Procedure]:
        return (e.procedure for e in self._entries)

    def top(self) -> Procedure | None:
        """The procedure on top, or None when the stack is empty."""
        return self._entries[-1].procedure if self._entries else None

    def find(self, cls: type[Procedure]) -> Procedure | None:
        """The innermost procedure of this class, or None."""
        for entry in reversed(self._entries):
            if isinstance(entry.procedure, cls):
                return entry.procedure
        return None

    def push(self, procedure: Procedure) -> Procedure:
        """Put a procedure on top: it begins at the next run."""
        self._entries.append(_Entry(procedure))
        return procedure

    def insert(self, depth: int, procedure: Procedure) -> Procedure:
        """Put a procedure under the top `depth` procedures (0: on top, as `push`), so it
        comes after those already under way (a queue of questions); it begins when on top."""
        if not 0 <= depth <= len(self._entries):
            raise ValueError(f"no place {depth} deep in a stack of {len(self._entries)}")
        self._entries.insert(len(self._entries) - depth, _Entry(procedure))
        return procedure

    def finish(self, procedure: Procedure) -> None:
        """Take a finished procedure off the stack; the one under it resumes with it."""
        for i in range(len(self._entries) - 1, -1, -1):
            if self._entries[i].procedure is procedure:
                del self._entries[i]
                self._resumed = (i, procedure)
                return
        raise ValueError(f"procedure '{procedure.name}' is not on the stack")

    def question(self, state) -> Question | None:
        """The question of the procedure on top, if it asks one."""
        top = self.top()
        return top.question(state) if top is not None else None

    def run(self, state, *, until_empty_below: int = 0) -> None:
        """Begin, step and resume procedures until one asks a question or no more than
        `until_empty_below` are left."""
        while len(self._entries) > until_empty_below:
            self._resumed = None
            entry = self._entries[-1]
            if not entry.begun:
                entry.begun = True
                entry.procedure.begin(state, self)
            elif entry.procedure.question(state) is not None:
                return
            else:
                entry.procedure.step(state, self)
            self._hand_back(state)

    def _hand_back(self, state) -> None:
        # A finished procedure's parent hears of it at once, so results go down the stack.
        while self._resumed is not None:
            index, child = self._resumed
            self._resumed = None
            if index > 0 and index - 1 < len(self._entries):
                self._entries[index - 1].procedure.resume(state, self, child)

    def to_json(self) -> list[dict[str, Any]]:
        """The stack as JSON, outermost first (each with whether it has begun)."""
        return [{**e.procedure.to_json(), "begun": e.begun} for e in self._entries]

    @classmethod
    def from_json(cls, data: list[dict[str, Any]], registry: Procedures) -> "Stack":
        """The stack written by `to_json` (it keeps the registry, for `copy`)."""
        procedures, begun = [], []
        for item in data:
            item = dict(item)
            begun.append(bool(item.pop("begun", True)))
            procedures.append(registry.read(item))
        return cls(procedures, begun, registry=registry)

    def copy(self, registry: Procedures | None = None) -> "Stack":
        """An independent copy, each procedure copied through its JSON and read back by the
        game's registry: the one given, else the stack's own; without either, a registry of
        the procedures' classes (enough where a procedure's JSON is its plain fields)."""
        registry = registry if registry is not None else self.registry
        if registry is None:
            registry = Procedures()
            for procedure in self:
                registry.add(type(procedure))
        return Stack.from_json(self.to_json(), registry)


def decide(state, stack: Stack, action) -> None:
    """Answer the question of the procedure on top: check (Refusal: nothing changed), carry
    out, then run on until the next question."""
    top = stack.top()
    if top is None or top.question(state) is None:
        raise Refusal("turn order", "no decision is asked now", action=str(action))
    plan = top.check(state, action)
    stack._resumed = None
    top.carry_out(state, stack, plan)
    stack._hand_back(state)
    stack.run(state)


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value
