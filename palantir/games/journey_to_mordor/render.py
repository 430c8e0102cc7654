"""Journey to Mordor in words and in the terminal."""

from __future__ import annotations

from .rules import JourneyState


def hobbit_name(state: JourneyState, seat: int) -> str:
    """The name of the hobbit in `seat`."""
    return state.parts.hobbit_names[state.hobbits[seat]]


def place_name(state: JourneyState, position: int) -> str:
    """The location at `position` spaces along the Ring-bearer's route (0: Bag End)."""
    return state.parts.start if position == 0 else state.parts.ring_spaces[position - 1]


def die_words(state: JourneyState, die: int, face: str) -> str:
    """'Ring (yellow)'."""
    return f"{state.parts.symbol_names[face]} ({state.parts.die_names[die]})"


def describe_news(state: JourneyState, item: tuple) -> str:
    """One line of narration for one thing that happened."""
    kind, *args = item
    if kind == "turn":
        seat, round_, position, feature = args
        where = place_name(state, position)
        line = f"Round {round_}: {hobbit_name(state, seat)}'s turn, at {where}."
        if feature:
            location = state.parts.locations[where]
            line += f" {location.character}: {location.text}."
        return line
    if kind == "roll":
        return "Roll: " + ", ".join(die_words(state, d, f) for d, f in args[0]) + "."
    if kind == "reroll":
        return "Rohan: the roll is repeated."
    if kind == "keep":
        return "Set aside: " + ", ".join(die_words(state, d, f) for d, f in args[0]) + "."
    if kind == "white_tree":
        rest = ", ".join(die_words(state, d, f) for d, f in args[0])
        return "The White Tree ends the turn" + (f"; not counted: {rest}." if rest else ".")
    if kind == "split":
        return f"Gandalf splits square {args[1] + 1} of {hobbit_name(state, args[0])}'s Nazgûl route."
    if kind == "no_split":
        return f"Gandalf has no square left to split for {hobbit_name(state, args[0])}."
    if kind == "spared":
        return f"Gondor: the {state.parts.die_names[args[0]]} Nazgûl does not affect the active player."
    if kind == "mark":
        seat, square, die = args
        return (f"The {state.parts.die_names[die]} Nazgûl marks square {square + 1} of "
                f"{hobbit_name(state, seat)}'s Nazgûl route.")
    if kind == "eliminated":
        return f"{hobbit_name(state, args[0])} has marked the last Mordor square and is eliminated."
    if kind == "rings":
        rolled, counted = args
        if rolled == 0:
            return "No ring this turn."
        if counted == 0:
            return f"{rolled} ring(s) set aside, but none counts."
        return f"{counted} ring(s) count."
    if kind == "advance":
        seat, spaces, position = args
        if spaces == 0:
            return f"{hobbit_name(state, seat)} marks no space."
        return (f"{hobbit_name(state, seat)} marks {spaces} space(s), now at "
                f"{place_name(state, position)}.")
    if kind == "mount_doom":
        return f"{hobbit_name(state, args[0])} reaches Mount Doom! The round is played to its end."
    if kind == "over":
        return state.outcome().summary
    return " ".join(map(str, item))
