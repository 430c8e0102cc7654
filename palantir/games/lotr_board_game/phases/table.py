"""The tables of the game's procedures: the effects (verb -> procedure) and the steps
(kind -> procedure), read from and written to the tuples the views carry."""

from __future__ import annotations

from dataclasses import fields

from ....engine.procedure import Procedure
from . import costs, council, gandalf, journey, sauron, threat, turn, windows
from .effects import BASE_EFFECTS, Effect, effect_procedure, effect_table
from .sauron_effects import SAURON_EFFECTS
from .steps import Ask, GameProcedures, QuestionKind

# The table of every effect of the game, verb -> procedure: the base game's and the
# expansion's (the original game may use the expansion's Sauron tokens: Dark Events).
EFFECTS = effect_table(*BASE_EFFECTS, *SAURON_EFFECTS)


def _step_table(*classes: type[Procedure]) -> dict[str, type[Procedure]]:
    table: dict[str, type[Procedure]] = {}
    for cls in classes:
        if cls.name in table or cls.name == "effect":
            raise ValueError(f"two steps are called '{cls.name}'")
        table[cls.name] = cls
    return table


# The table of every step of the game, kind -> procedure, from the phases that own them
# (with the cost and the choice under way, which wait under their questions).
STEPS = _step_table(*journey.STEPS, *turn.STEPS, *threat.STEPS, *costs.STEPS,
                    *council.STEPS, *windows.STEPS, *sauron.STEPS)


# Every procedure of the game by name: what its stack's JSON is read back with.
PROCEDURES = GameProcedures(Ask, *STEPS.values(), effects=tuple(EFFECTS.values()))


def _question_table(*tables: dict[str, QuestionKind]) -> dict[str, QuestionKind]:
    merged: dict[str, QuestionKind] = {}
    for table in tables:
        for kind, question in table.items():
            if kind in merged:
                raise ValueError(f"two questions are called '{kind}'")
            merged[kind] = question
    return merged


# The table of every question of the game, kind -> its answers, its answer and its rule.
QUESTIONS = _question_table(turn.QUESTIONS, costs.QUESTIONS, threat.QUESTIONS,
                            council.QUESTIONS, windows.QUESTIONS, gandalf.QUESTIONS,
                            sauron.QUESTIONS)


def step_procedure(step: tuple) -> Procedure:
    """The procedure of a step written as a tuple `(kind, fields...)`."""
    if step[0] == "effect":
        return effect_procedure(EFFECTS, step[1], step[2])
    return STEPS[step[0]](*step[1:])


def as_step(procedure: Procedure) -> tuple:
    """The tuple of a step's procedure (an effect as `("effect", (verb, ...), payer)`)."""
    if isinstance(procedure, Effect):
        args = tuple(getattr(procedure, f.name) for f in fields(procedure)
                     if f.name != "payer")
        return ("effect", (procedure.name, *args), procedure.payer)
    return (procedure.name, *(getattr(procedure, f.name) for f in fields(procedure)))
