"""The text notation of Journey to Mordor decisions (documented in docs/journey-to-mordor.md).

    keep R N:red      set aside a Ring (the only one showing) and the red die's Nazgûl
    keep T R N        set aside the White Tree with a Ring and a Nazgûl: the turn ends
    reroll            Rohan: roll the same dice once more before setting any aside
    advance 2         location version: mark 2 spaces of the Ring-bearer's route

A die is named by its symbol letter; where several dice of the roll show that symbol
and not all of them are set aside, the token carries the die's colour (`R:yellow`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.errors import BadNotation

SYMBOL_ORDER = {s: i for i, s in enumerate("RGFONT")}
COLOUR_ABBREVIATIONS = {"y": "yellow", "r": "red", "b": "blue", "g": "green", "k": "black"}


@dataclass(frozen=True, slots=True)
class Keep:
    """Set aside these dice (die index, face) from the current roll."""

    dice: tuple[tuple[int, str], ...]
    roll: tuple[tuple[int, str], ...] = field(default=(), compare=False)
    die_names: tuple[str, ...] = field(default=(), compare=False)

    def __str__(self) -> str:
        if self.die_names:
            return keep_text(self.dice, self.roll, self.die_names)
        return "keep " + " ".join(face for _, face in self.dice)


@dataclass(frozen=True, slots=True)
class Reroll:
    """Rohan: roll the same dice again before setting any aside."""

    def __str__(self) -> str:
        return "reroll"


@dataclass(frozen=True, slots=True)
class Advance:
    """Mark this many spaces of the Ring-bearer's route (location version)."""

    spaces: int

    def __str__(self) -> str:
        return f"advance {self.spaces}"


REROLL = Reroll()


def keep_text(dice: tuple[tuple[int, str], ...], roll,
              die_names: tuple[str, ...]) -> str:
    """Canonical notation of setting aside `dice` from `roll`."""
    tokens = []
    for die, face in sorted(dice, key=lambda d: (SYMBOL_ORDER[d[1]], d[0])):
        showing = sum(1 for _, f in roll if f == face)
        taken = sum(1 for _, f in dice if f == face)
        tokens.append(f"{face}:{die_names[die]}" if taken < showing else face)
    return "keep " + " ".join(tokens)


def parse_keep(words: list[str], roll: list[tuple[int, str]], die_names: tuple[str, ...],
               original: str) -> tuple[tuple[int, str], ...]:
    """The dice named by keep tokens, matched against the current roll."""
    if not words:
        raise BadNotation("name at least one die to set aside, e.g. 'keep R'", action=original)
    claimed: list[tuple[int, str]] = []
    plain: dict[str, int] = {}
    for word in words:
        symbol, _, colour = word.partition(":")
        symbol = symbol.upper()
        if symbol not in SYMBOL_ORDER:
            raise BadNotation(f"'{word}' is not a die symbol; symbols are R G F O N T",
                              action=original)
        if not colour:
            plain[symbol] = plain.get(symbol, 0) + 1
            continue
        colour = COLOUR_ABBREVIATIONS.get(colour.lower(), colour.lower())
        if colour not in die_names:
            raise BadNotation(f"'{word}': no die is {colour}; dice are {', '.join(die_names)}",
                              action=original)
        die = die_names.index(colour)
        if (die, symbol) not in roll:
            raise BadNotation(f"'{word}': the {colour} die does not show {symbol}",
                              action=original)
        if (die, symbol) in claimed:
            raise BadNotation(f"'{word}' is named twice", action=original)
        claimed.append((die, symbol))
    for symbol, count in plain.items():
        free = [d for d in roll if d[1] == symbol and d not in claimed]
        if count > len(free):
            showing = sum(1 for _, f in roll if f == symbol)
            raise BadNotation(f"{count} × {symbol} named but {showing} showing "
                              f"({_dice_list(roll, die_names)})", action=original)
        if count < len(free):
            options = " or ".join(f"{symbol}:{die_names[d]}" for d, _ in free)
            raise BadNotation(f"several dice show {symbol}; say which: {options}",
                              action=original)
        claimed.extend(free)
    return tuple(sorted(claimed))


def _dice_list(roll: list[tuple[int, str]], die_names: tuple[str, ...]) -> str:
    return ", ".join(f"{face}:{die_names[die]}" for die, face in roll) or "no dice"
