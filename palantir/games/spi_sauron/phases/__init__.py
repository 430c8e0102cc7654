"""3.0 Sequence of play of Sauron: seven phases a Game-Turn, 18 Game-Turns (12.0).

The phases are procedures of the engine's kernel (engine/procedure.py), in the modules of
this package: movement, combat (the `Melee` of committed attacks), retreat (the retreats,
displacements and advances a result calls for), magic, the Beast, rally and losses; turn.py
holds the Game-Turn, the procedure at the bottom of the stack. This module is the sequence, which
they all read, and the base of a phase's procedure.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....engine.procedure import Plan, Procedure, Question, Refusal

SAURON, WESTERNESSE = 0, 1          # seats
SIDE_NAMES = ("sauron", "westernesse")
SIDE_TITLES = ("Sauron", "Westernesse")


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase of the Game-Turn: its letter in 3.0, its name and the phasing seat."""

    letter: str
    key: str
    title: str
    seat: int | None          # None: both players (the Joint Rally Phase)
    kind: str                 # magic | movement | combat | rally


# Phase B (Siege) is Gondor's only; Sauron has seven phases (3.0).
PHASES = (
    Phase("A", "magic-1", "Initial Magic Leader Movement Phase", SAURON, "magic"),
    Phase("C", "sauron-movement", "Forces of Sauron Movement Phase", SAURON, "movement"),
    Phase("D", "sauron-combat", "Forces of Sauron Combat Phase", SAURON, "combat"),
    Phase("E", "magic-2", "Second Magic Leader Movement Phase", SAURON, "magic"),
    Phase("F", "westernesse-movement", "Westernesse Movement Phase", WESTERNESSE, "movement"),
    Phase("G", "westernesse-combat", "Westernesse Combat Phase", WESTERNESSE, "combat"),
    Phase("H", "rally", "Joint Rally Phase", None, "rally"),
)
PHASE_INDEX = {phase.key: i for i, phase in enumerate(PHASES)}


def side_of(seat: int) -> str:
    """'sauron' or 'westernesse'."""
    return SIDE_NAMES[seat]


def seat_of(side: str) -> int:
    """The seat that plays `side`."""
    return SIDE_NAMES.index(side)


def enemy(seat: int) -> int:
    """The other seat."""
    return 1 - seat


def spell_active(state, key: str) -> bool:
    """Whether a spell cast earlier still lasts this Game-Turn (16.1-16.3 durations)."""
    return state.spell_until.get(key, 0) >= state.turn


def is_night(state) -> bool:
    """10.0, 12.0 A: turns 15-18 are night turns; so is a Total Eclipse turn (16.3)."""
    return state.turn in state.parts.night_turns or spell_active(state, "total_eclipse")


class PhaseProcedure(Procedure):
    """A phase of the Game-Turn (3.0): who is asked, the decisions open to them, what must
    hold before the phase ends (`end_refusal`) and what ending it does (`close`). The
    Game-Turn (turn.py) asks it, checks the phasing player's other decisions in its table
    (where each check refuses, naming the case, a decision of another phase) and opens the
    next phase when this one closes."""

    rule = "3.0"

    def question(self, state) -> Question | None:
        phase = state.phase
        return Question(state.rally_seat if phase.seat is None else phase.seat, phase.kind)

    def end_refusal(self, state) -> Refusal | None:
        """Why the phase may not end now, or None."""
        return None

    def check(self, state, action) -> Plan:
        """`end`: the phase closes, unless something must be done first."""
        problem = self.end_refusal(state)
        if problem is not None:
            raise problem
        return Plan()

    def close(self, state) -> bool:
        """What ending the phase does; False when the phase goes on (8.3: the other side
        rallies)."""
        return True
