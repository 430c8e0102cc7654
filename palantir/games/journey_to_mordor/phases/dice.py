"""Dice Rolls: the roll of a turn (a procedure), Rohan's repeated roll and the check of a
keep."""

from __future__ import annotations

from dataclasses import dataclass

from ....engine.procedure import Procedure
from ..notation import Keep
from . import ONE_NAZGUL, ONE_PER_SYMBOL, ROLLING, SETTING_ASIDE


def _subset_masks(bits: list[int]) -> list[int]:
    """Every union of some of the given single-bit masks (the empty one included)."""
    masks = [0]
    for bit in bits:
        masks += [m | bit for m in masks]
    return masks


def start_turn(state, stack) -> None:
    """A turn begins: the location's feature comes into force, then all 5 dice are rolled
    (a Roll on the stack)."""
    # Version with Location Features: the feature of the location the player starts on.
    state.feature = None
    if state.options["locations"] and state.ring[state.active] > 0:
        place = state.parts.ring_spaces[state.ring[state.active] - 1]
        location = state.parts.locations.get(place)
        state.feature = location.feature if location else None
    state.phase = ROLLING
    state.aside = []
    state.news.append(("turn", state.active, state.round, state.ring[state.active],
                       state.feature))
    # Dice Rolls: "On your turn, you must roll all 5 dice."
    stack.push(Roll(dice=tuple(range(len(state.parts.die_names)))))


@dataclass(frozen=True)
class Roll(Procedure):
    """Dice Rolls: the given dice are rolled (all 5 at the start of a turn, then the ones
    not set aside); `repeat`: Location Features 4, Rohan, the same dice once more before
    setting any aside. It asks nothing: it rolls and finishes."""

    name = "roll"
    rule = "Dice Rolls"
    dice: tuple = ()
    repeat: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", tuple(self.dice))  # read back from JSON: a list

    def begin(self, state, stack) -> None:
        if self.repeat:
            state.news.append(("reroll",))
        names = state.parts.die_names
        state.roll = [(d, state.dice.roll(names[d], state.parts.faces_of(d)))
                      for d in self.dice]
        state.rerolled = False
        state.news.append(("roll", tuple(state.roll)))
        if self.repeat:
            state.rerolled = True  # Rohan: each roll once
        stack.finish(self)


def repeat_roll(state, stack) -> None:
    """Location Features 4, Rohan: the dice of this roll are rolled once more."""
    stack.push(Roll(dice=tuple(d for d, _ in state.roll), repeat=True))


def keep_problem(state, dice: tuple[tuple[int, str], ...]) -> tuple[str, str] | None:
    """Why setting aside `dice` breaks the rules (reason, rule), or None if it is legal."""
    # Dice Rolls, setting dice aside: at least 1 die, all showing different symbols
    # (Rivendell: identical ones too), and 1 Nazgûl if the roll includes any.
    if not dice:
        return "you must set aside at least 1 die", SETTING_ASIDE
    for die in dice:
        if die not in state.roll:
            return f"the {state.parts.die_names[die[0]]} die does not show {die[1]}", \
                SETTING_ASIDE
    if len(set(dice)) != len(dice):
        return "a die is named twice", SETTING_ASIDE
    faces = [f for _, f in dice]
    identical_allowed = state.feature == "identical_symbols"  # Rivendell
    if not identical_allowed and len(set(faces)) != len(faces):
        return "all the dice set aside in one roll must show different symbols", \
            ONE_PER_SYMBOL
    nazgul_showing = any(f == "N" for _, f in state.roll)
    kept_nazgul = faces.count("N")
    if nazgul_showing and kept_nazgul == 0:
        return "the roll includes a Nazgûl: you must set aside 1 of them", ONE_NAZGUL
    return None


def legal_keeps(state) -> list[Keep]:
    """Every keep `keep_problem` accepts, built directly rather than filtered."""
    # Per symbol none or one of the dice showing it (Rivendell: any number), at least one
    # Nazgûl if any shows.
    roll, names = tuple(state.roll), state.parts.die_names
    by_face: dict[str, list[int]] = {}
    for position, (_, face) in enumerate(roll):
        by_face.setdefault(face, []).append(1 << position)
    masks = [0]
    for face, bits in by_face.items():
        if state.feature == "identical_symbols":
            choices = _subset_masks(bits)
        else:
            choices = [0] + bits
        if face == "N":
            choices = [c for c in choices if c]
        masks = [m | c for m in masks for c in choices]
    return [Keep(tuple(roll[i] for i in range(len(roll)) if mask >> i & 1), roll, names)
            for mask in sorted(masks) if mask]
