"""Journey to Mordor in words and in the terminal.

`describe_news` turns what happened in a step into sentences; `render_table` draws every
player's sheet and the dice from a view alone, so it shows exactly what that seat may see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from .components import default_components
from .notation import SYMBOL_ORDER, Advance, Keep
from .phases import ADVANCING_PHASE, OVER, UNMARKED_UNITS

if TYPE_CHECKING:
    from .rules import JourneyState     # rules.py narrates with describe_news

# How each die colour is painted: (foreground, background) ANSI codes. The black die is
# bright white on black so it shows on dark terminals (white text) and light ones (box).
DIE_PAINT = {"yellow": ("30", "43"), "red": ("97", "41"), "blue": ("97", "44"),
             "green": ("30", "42"), "black": ("97", "40")}
# Paper-sheet squares of the Nazgûl route, indexed by the square states of rules.py.
SQUARE_TEXT = ("[  ]", "[XX]", "[ | ]", "[X| ]", "[X|X]")
RESET = "\x1b[0m"


def hobbit_name(state: JourneyState, seat: int) -> str:
    """The name of the hobbit in `seat`."""
    return state.parts.hobbit_names[state.hobbits[seat]]


def place_name(state: JourneyState, position: int) -> str:
    """The location at `position` spaces along the Ring-bearer's route (0: Bag End)."""
    return state.parts.start if position == 0 else state.parts.ring_spaces[position - 1]


def die_words(state: JourneyState, die: int, face: str) -> str:
    """'Ring (yellow)'."""
    return f"{state.parts.symbol_names[face]} ({state.parts.die_names[die]})"


def _count(number: int, noun: str, plural: str | None = None) -> str:
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def describe_news(state: JourneyState, item: tuple) -> str:
    """One line of narration for one thing that happened."""
    kind, *args = item
    if kind == "turn":
        seat, round_, position, feature = args
        where = place_name(state, position)
        line = f"Round {round_}: {hobbit_name(state, seat)}'s turn, at {where}."
        if feature:
            location = state.parts.locations[where]
            line += f" {_capital(location.character)}: {location.text}."
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
    if kind == "balrog":
        return "Moria: the Balrog — Gandalf has no effect."
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
            return f"{_count(rolled, 'ring')} set aside, but none counts."
        return f"{_count(counted, 'ring')} {'counts' if counted == 1 else 'count'}."
    if kind == "advance":
        seat, spaces, position = args
        if spaces == 0:
            return f"{hobbit_name(state, seat)} marks no space."
        return (f"{hobbit_name(state, seat)} marks {_count(spaces, 'space')}, now at "
                f"{place_name(state, position)}.")
    if kind == "mount_doom":
        return f"{hobbit_name(state, args[0])} reaches Mount Doom! The round is played to its end."
    if kind == "over":
        return state.outcome().summary
    return " ".join(map(str, item))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# ----- the table ----------------------------------------------------------------------

class _Paint:
    """ANSI styling that vanishes entirely when colour is off."""

    def __init__(self, color: bool):
        self.color = color

    def __call__(self, text: str, *codes: str) -> str:
        if not self.color or not codes:
            return text
        return f"\x1b[{';'.join(codes)}m{text}{RESET}"

    def colour_label(self, colour: str) -> str:
        """A player's colour, as a swatch of its die's paint."""
        if not self.color:
            return f"({colour})"
        fg, bg = DIE_PAINT.get(colour, ("97", "40"))
        return self(f"({colour})", fg, bg)

    def die(self, colour: str, face: str) -> str:
        """A die as its notation token, e.g. [N:red], painted in its colour."""
        if not self.color:
            return f"[{face}:{colour}]"
        fg, bg = DIE_PAINT.get(colour, ("97", "40"))
        return self(f" {face}:{colour} ", "1", fg, bg)


def short_place(name: str) -> str:
    """A location's name short enough for the one-line route: its first word."""
    return name.split()[0].removesuffix("'s")


def location_line(view: Mapping, seat: int) -> str:
    """Where `seat`'s Ring-bearer stands: 'at Rohan (4 of 9)'."""
    parts = default_components()
    position = view["ring"][seat]
    if position == 0:
        return f"at {parts.start}"
    return f"at {parts.ring_spaces[position - 1]} ({position} of {len(parts.ring_spaces)})"


def met_there(view: Mapping, seat: int) -> str | None:
    """Location version: who `seat` meets where it stands and what that does, or None."""
    parts = default_components()
    position = view["ring"][seat]
    if not view["options"].get("locations") or position == 0:
        return None
    place = parts.ring_spaces[position - 1]
    location = parts.locations.get(place)
    if location is None:
        return None
    return f"{place}: {_capital(location.character)} — {location.text}"


def ring_route(view: Mapping, seat: int, paint: _Paint) -> str:
    """Bag End through the nine locations to Mordor, the hobbit's location in brackets."""
    parts = default_components()
    places = (parts.start,) + tuple(parts.ring_spaces)
    position = view["ring"][seat]
    cells = []
    for i, place in enumerate(places):
        name = short_place(place)
        if i == position:
            cells.append(paint(f"[{name}]", "1", "7"))
        elif i < position:
            cells.append(paint(name, "2"))  # the road behind, already marked
        else:
            cells.append(name)
    return "·".join(cells)


def unmarked(squares) -> int:
    """Whole and half spaces left unmarked on a Nazgûl route (the tie-break)."""
    return sum(UNMARKED_UNITS[s] for s in squares)


def nazgul_route(squares, paint: _Paint) -> str:
    """The squares of a Nazgûl route as on the sheet: [  ] [XX] [ | ] [X| ] [X|X]."""
    cells = []
    for state in squares:
        text = SQUARE_TEXT[state]
        cells.append(paint(text, "1", "31") if "X" in text else text)
    # The last square is Mordor's: marking it eliminates the player.
    return " ".join(cells[:-1] + ["Mordor", cells[-1]])


def _player_block(view: Mapping, seat: int, paint: _Paint) -> list[str]:
    parts = default_components()
    hobbit = view["hobbits"][seat]
    to_move = view["to_move"] == seat
    marker = paint("▶", "1") if to_move else " "
    name = paint(parts.hobbit_names[hobbit], "1") if to_move else parts.hobbit_names[hobbit]
    head = (f"{marker} {name} {paint.colour_label(parts.hobbit_colours[hobbit])}"
            f" · seat {seat + 1}")
    if view.get("seat") == seat:
        head += " · you"
    head += " · " + location_line(view, seat)
    if view["eliminated"][seat]:
        head += " · " + paint("ELIMINATED", "1", "31")
    elif view["arrived"][seat]:
        head += " · " + paint("REACHED MOUNT DOOM", "1", "32")
    left = unmarked(view["nazgul"][seat])
    lines = [head, f"  Ring   {ring_route(view, seat, paint)}"]
    met = met_there(view, seat)
    if met:
        lines.append(paint(f"         {met}", "2"))
    lines.append(f"  Nazgûl {nazgul_route(view['nazgul'][seat], paint)}  (left unmarked: {left})")
    return lines


def _turn_lines(view: Mapping, paint: _Paint) -> list[str]:
    parts = default_components()
    if view["phase"] == OVER:
        outcome = view.get("outcome") or {}
        return [paint("Game over. ", "1") + outcome.get("summary", "")]
    active = view["active"]
    who = parts.hobbit_names[view["hobbits"][active]]
    if view["phase"] == ADVANCING_PHASE:
        doing = (f"may mark up to {_count(view['advance_max'], 'space')} of the Ring-bearer's "
                 f"route")
    else:
        doing = "sets dice aside"
    lines = [f"{paint(who, '1')} (seat {active + 1}) {doing}."]
    feature = feature_text(view)
    if feature:
        lines.append(f"In force: {feature}.")
    if view["final_round"]:
        lines.append(paint("Final round: a Ring-bearer has reached Mount Doom.", "1"))
    return lines


def feature_text(view: Mapping) -> str | None:
    """The location feature in force this turn, in the words of the sheet, or None."""
    if not view.get("feature"):
        return None
    parts = default_components()
    position = view["ring"][view["active"]]
    place = parts.ring_spaces[position - 1]
    location = parts.locations[place]
    return f"{place}, {location.character}: {location.text}"


def _dice_lines(view: Mapping, paint: _Paint) -> list[str]:
    if view["phase"] == OVER:
        return []
    roll = " ".join(paint.die(colour, face) for colour, face in view["roll"]) or "—"
    aside = " ".join(paint.die(colour, face) for colour, face in view["aside"]) or "—"
    lines = [f"  Roll       {roll}"]
    if view.get("rerolled"):
        lines[0] += "  (repeated once in Rohan)"
    lines.append(f"  Set aside  {aside}")
    lines.append(paint("  R Ring · G Gandalf · F Fellowship member · O Orc · N Nazgûl · "
                       "T White Tree", "2"))
    return lines


def render_table(view: Mapping, color: bool = True) -> str:
    """The whole table as `view` shows it: every sheet, the dice, the turn and the round."""
    paint = _Paint(color)
    version = "location version" if view["options"].get("locations") else "basic game"
    title = f"Journey to Mordor · round {view['round']} · {version}"
    lines = [paint(title, "1"), *_turn_lines(view, paint), ""]
    for seat in range(view["players"]):
        lines.extend(_player_block(view, seat, paint))
    dice = _dice_lines(view, paint)
    if dice:
        lines.append("")
        lines.extend(dice)
    return "\n".join(lines)


def help_text(view: Mapping) -> str:
    """The notation, and the rule that governs the decision now to be taken."""
    lines = [
        "Notation: name the dice to set aside by symbol letter:",
        "  R Ring, G Gandalf, F Fellowship member, O Orc, N Nazgûl, T White Tree.",
        "  keep R N         set aside a Ring and a Nazgûl (or just: R N)",
        "  keep N:red       where several dice show a symbol, add the die's colour",
        "                   (yellow, red, blue, green, black; or y r b g k)",
        "  keep T R N       set aside the White Tree: the turn ends after this roll",
        "  reroll           Rohan only: roll the same dice once more",
        "  advance 2        location version: mark 2 spaces of the Ring-bearer's route",
        "Or type the number of a decision from the list. 'quit' leaves the game.",
        "",
    ]
    if view["phase"] == ADVANCING_PHASE:
        lines += [
            "Now (Ring): for each ring that counts you may mark 1 space of your",
            f"Ring-bearer's route; choose advance 0 to advance {view['advance_max']}.",
            "The location where you end is the one whose feature you meet next turn.",
        ]
    elif view["phase"] != OVER:
        lines += [
            "Now (Dice Rolls): after each roll set aside at least 1 die; the dice set",
            "aside in one roll must all show different symbols; if the roll shows any",
            "Nazgûl you must set aside exactly 1 of them. The rest are rolled again",
            "until every die is set aside, unless you set aside the White Tree, which",
            "ends the turn at once (dice not set aside then do not count).",
            "At the end of the turn: Gandalf splits a Nazgûl square, each Nazgûl marks",
            "a square of the route of its colour's player (black: you), rings advance",
            "you unless orcs outnumber Fellowship members.",
        ]
    feature = feature_text(view)
    if feature:
        lines.append(f"In force this turn: {feature}.")
    return "\n".join(lines)


def seat_title(view: Mapping, seat: int) -> str:
    """The name a seat goes by at the table: its hobbit."""
    return default_components().hobbit_names[view["hobbits"][seat]]


def menu_order(actions: list) -> list:
    """Set-aside choices from the fewest dice up, then a Rohan reroll; advances as given."""
    keeps = sorted((a for a in actions if isinstance(a, Keep)),
                   key=lambda a: (len(a.dice), sorted((SYMBOL_ORDER[f], d) for d, f in a.dice)))
    return keeps + [a for a in actions if not isinstance(a, Keep)]


def menu_note(view: Mapping, action) -> str | None:
    """Where an advance leads (and, in the location version, what is met there)."""
    if not isinstance(action, Advance):
        return None
    parts = default_components()
    position = view["ring"][view["active"]] + action.spaces
    where = "stay at" if action.spaces == 0 else "to"
    if position == 0:
        return f"({where} {parts.start})"
    place = parts.ring_spaces[position - 1]
    location = parts.locations.get(place)
    if position == len(parts.ring_spaces):
        return f"({where} {place}: Mount Doom)"
    if view["options"].get("locations") and location:
        return f"({where} {place}: {location.text})"
    return f"({where} {place})"
