"""Journey to Mordor as SVG, drawn from a seat's view dict alone (the web table uses it).

Dice in the current roll carry `class="die choosable"` and `data-token` ("N:red"), so the
page can let a player click dice to select them; everything else is plain drawing.
"""

from __future__ import annotations

from html import escape
from typing import Any, Mapping

from .components import default_components

WHOLE, MARKED, SPLIT, HALF_MARKED, SPLIT_MARKED = range(5)
DIE_FILL = {"yellow": "#f2c618", "red": "#c8312b", "blue": "#2f63c4", "green": "#2f8f46",
            "black": "#1c1c1c"}
DIE_INK = {"yellow": "#1c1c1c", "red": "#ffffff", "blue": "#ffffff", "green": "#ffffff",
           "black": "#ffffff"}
SYMBOL_GLYPH = {"R": "◯", "G": "✦", "F": "♟", "O": "☠", "N": "♞", "T": "♣"}
# The word under a die's glyph, where the symbol's full name is too long for the die.
DIE_WORD = {"F": "Fellowship", "T": "White Tree"}
SHORT_PLACE = {"Bag End": "Bag End", "Rivendell": "Rivend.", "Moria": "Moria",
               "Lothlórien": "Lothl.", "Rohan": "Rohan", "Helm's Deep": "Helm's",
               "Gondor": "Gondor", "Minas Tirith": "M.Tirith", "Shelob's Lair": "Shelob",
               "Mordor": "Mordor"}
WIDTH = 760
DIE = 54
SQUARE = 28   # a Nazgûl square: big enough to tell marked, split and half-marked apart
SHEET = 138   # height of one player's sheet
SHEET_GAP = 10
LEGEND = 40   # the key of the Nazgûl squares under the sheets
SMALL = 0.8   # a die set aside, beside one of the roll


def _parts():
    return default_components()


def seat_names(view: Mapping[str, Any]) -> list[str]:
    """The hobbit of each seat, by name."""
    parts = _parts()
    return [parts.hobbit_names[h] for h in view["hobbits"]]


def symbol_word(face: str) -> str:
    """'Nazgûl' for N."""
    return _parts().symbol_names[face]


def action_label(view: Mapping[str, Any], text: str) -> str:
    """A decision in words: 'keep R N:red' -> 'Set aside Ring, Nazgûl (red)'."""
    words = text.split()
    if not words:
        return text
    if words[0] == "reroll":
        return "Roll these dice again (Rohan)"
    if words[0] == "advance":
        spaces = int(words[1])
        return "Mark no space" if spaces == 0 else \
            f"Mark {spaces} space{'s' if spaces > 1 else ''} of the Ring-bearer's route"
    if words[0] == "keep":
        named = []
        for token in words[1:]:
            face, _, colour = token.partition(":")
            named.append(symbol_word(face) + (f" ({colour})" if colour else ""))
        tail = " — ends the turn" if any(t.startswith("T") for t in words[1:]) else ""
        return "Set aside " + ", ".join(named) + tail
    return text


def selection(view: Mapping[str, Any]) -> dict | None:
    """How clicks on dice become a decision in this phase, or None."""
    if view["phase"] != "set-aside":
        return None
    return {"prefix": "keep", "label": "Set aside the selected dice",
            "hint": "Click dice of the roll to select them, then set them aside."}


def feature_text(feature: str | None) -> str | None:
    """The location feature in force, in the rulebook's words."""
    if not feature:
        return None
    for name, location in _parts().locations.items():
        if location.feature == feature:
            return f"{name} ({location.character}): {location.text}"
    return feature


def phase_help(view: Mapping[str, Any]) -> str:
    """The rules that matter in the phase in progress."""
    phase = view["phase"]
    if phase == "set-aside":
        lines = [
            "Setting dice aside: after each roll set aside at least 1 die; the dice set aside "
            "from one roll must all show different symbols.",
            "If the roll shows a Nazgûl you must set aside 1 of them.",
            "The White Tree (black die only) ends the turn at once; dice not set aside do "
            "not count.",
            "The remaining dice are rolled again until all are set aside.",
            "At the end of the turn: Gandalf splits a square of your Nazgûl route, each "
            "Nazgûl marks a square of the route of the player of its colour (black, your own "
            "colour or an unplayed colour: you), and each ring advances you 1 space unless "
            "orcs outnumber Fellowship members.",
        ]
        if view.get("feature"):
            lines.insert(0, "Location feature in force: " + feature_text(view["feature"]))
        return "\n".join(lines)
    if phase == "advance":
        return (f"Rings: you may mark 0 to {view['advance_max']} spaces of the Ring-bearer's "
                "route; the feature of the location where you stop applies at the start of "
                "your next turn.")
    if phase == "over":
        return "The game is over. Replay it step by step or download its record."
    return ""


def _die(x: float, y: float, colour: str, face: str, *, token: str | None = None,
         small: bool = False) -> str:
    size = DIE * (SMALL if small else 1)
    fill, ink = DIE_FILL.get(colour, "#888"), DIE_INK.get(colour, "#000")
    cls = ' class="die choosable"' if token else ' class="die"'
    data = f' data-token="{escape(token)}" tabindex="0" role="button"' if token else ""
    word = DIE_WORD.get(face) or symbol_word(face)
    # Long words ("Fellowship") are squeezed to the die's width rather than cut off.
    fit = f' textLength="{size - 8:.0f}" lengthAdjust="spacingAndGlyphs"' \
        if len(word) > 7 else ""
    return (
        f'<g{cls}{data} data-die="{colour}" data-face="{face}" '
        f'transform="translate({x:.0f},{y:.0f})">'
        f'<title>{escape(symbol_word(face))} ({colour} die)</title>'
        f'<rect class="die-body" width="{size:.0f}" height="{size:.0f}" rx="8" fill="{fill}" '
        f'stroke="#000" stroke-width="1.5"/>'
        f'<text x="{size / 2:.0f}" y="{size * 0.52:.0f}" text-anchor="middle" '
        f'font-size="{size * 0.42:.0f}" fill="{ink}">{SYMBOL_GLYPH.get(face, face)}</text>'
        f'<text x="{size / 2:.0f}" y="{size * 0.87:.0f}" text-anchor="middle" '
        f'font-size="{max(size * 0.2, 10):.0f}" fill="{ink}"{fit}>{escape(word)}</text></g>')


def _nazgul_square(x: float, y: float, size: float, state: int, last: bool) -> str:
    out = [f'<g class="nazgul-square" data-state="{state}">']
    out.append(f'<rect x="{x:.0f}" y="{y:.0f}" width="{size:.0f}" height="{size:.0f}" '
               f'fill="{"#c9b3b3" if last else "#f4ecd8"}" stroke="#333"/>')
    mark = "#7a1010"
    if state == MARKED:
        out.append(f'<path d="M{x + 4:.0f},{y + 4:.0f} L{x + size - 4:.0f},{y + size - 4:.0f} '
                   f'M{x + size - 4:.0f},{y + 4:.0f} L{x + 4:.0f},{y + size - 4:.0f}" '
                   f'stroke="{mark}" stroke-width="4"/>')
    if state in (SPLIT, HALF_MARKED, SPLIT_MARKED):
        if state in (HALF_MARKED, SPLIT_MARKED):
            out.append(f'<polygon points="{x:.0f},{y:.0f} {x + size:.0f},{y:.0f} '
                       f'{x:.0f},{y + size:.0f}" fill="{mark}" opacity="0.85"/>')
        if state == SPLIT_MARKED:
            out.append(f'<polygon points="{x + size:.0f},{y:.0f} {x + size:.0f},'
                       f'{y + size:.0f} {x:.0f},{y + size:.0f}" fill="{mark}" opacity="0.85"/>')
        out.append(f'<line x1="{x + size:.0f}" y1="{y:.0f}" x2="{x:.0f}" y2="{y + size:.0f}" '
                   f'stroke="#e0b040" stroke-width="3"/>')
    out.append("</g>")
    return "".join(out)


def _legend(y: float) -> str:
    """The key of the Nazgûl squares."""
    out = ['<g class="legend">',
           f'<text x="12" y="{y + 19:.0f}" font-size="13">Nazgûl squares:</text>']
    x = 120
    for state, words in ((WHOLE, "empty"), (MARKED, "marked"), (SPLIT, "split by Gandalf"),
                         (HALF_MARKED, "half marked"), (SPLIT_MARKED, "both halves marked")):
        out.append(_nazgul_square(x, y, SQUARE - 4, state, False))
        out.append(f'<text x="{x + SQUARE + 2:.0f}" y="{y + 17:.0f}" font-size="12">'
                   f'{words}</text>')
        x += SQUARE + 22 + 6.0 * len(words)
    out.append("</g>")
    return "".join(out)


def _sheet(view: Mapping[str, Any], seat: int, y: float) -> str:
    parts = _parts()
    hobbit = view["hobbits"][seat]
    colour = parts.hobbit_colours[hobbit]
    name = parts.hobbit_names[hobbit]
    active = view["to_move"] == seat
    status = ""
    if view["eliminated"][seat]:
        status = " — eliminated"
    elif view["arrived"][seat]:
        status = " — at Mount Doom"
    out = [f'<g class="sheet{" active" if active else ""}" data-seat="{seat}">',
           f'<rect x="6" y="{y:.0f}" width="{WIDTH - 12}" height="{SHEET}" rx="10" '
           f'fill="#fbf6e9" stroke="{"#c08a00" if active else "#999"}" '
           f'stroke-width="{4 if active else 1.5}"/>',
           f'<rect x="18" y="{y + 12:.0f}" width="16" height="16" fill="{DIE_FILL[colour]}" '
           f'stroke="#000"/>',
           f'<text x="42" y="{y + 26:.0f}" font-size="17" font-weight="bold">'
           f'{escape(name)} ({colour}){escape(status)}'
           f'{" — to move" if active else ""}</text>']
    places = [parts.start, *parts.ring_spaces]
    position = view["ring"][seat]
    step = (WIDTH - 60) / (len(places) - 1)
    ring_y = y + 58
    out.append(f'<line x1="30" y1="{ring_y:.0f}" x2="{30 + step * (len(places) - 1):.0f}" '
               f'y2="{ring_y:.0f}" stroke="#8a7a5a" stroke-width="3"/>')
    for i, place in enumerate(places):
        cx = 30 + step * i
        passed = i <= position and i > 0
        out.append(f'<circle class="ring-space{" here" if i == position else ""}" '
                   f'cx="{cx:.0f}" cy="{ring_y:.0f}" r="{13 if i == position else 10}" '
                   f'fill="{"#d4a017" if passed else "#fff"}" stroke="#5a4a2a" '
                   f'stroke-width="{4 if i == position else 2}"><title>{escape(place)}'
                   f'</title></circle>')
        out.append(f'<text x="{cx:.0f}" y="{ring_y + 29:.0f}" text-anchor="middle" '
                   f'font-size="12">{escape(SHORT_PLACE.get(place, place[:8]))}</text>')
        if i == position:
            out.append(f'<text x="{cx:.0f}" y="{ring_y + 5:.0f}" text-anchor="middle" '
                       f'font-size="13" font-weight="bold">{escape(name[0])}</text>')
    squares = view["nazgul"][seat]
    top = y + 100
    out.append(f'<text x="18" y="{top + 19:.0f}" font-size="14">Nazgûl route:</text>')
    for i, square in enumerate(squares):
        out.append(_nazgul_square(120 + i * (SQUARE + 6), top, SQUARE, square,
                                  i == len(squares) - 1))
    end = 120 + len(squares) * (SQUARE + 6)
    out.append(f'<text x="{end:.0f}" y="{top + 19:.0f}" font-size="12" fill="#5a2a2a">'
               f'← Mordor</text>')
    out.append("</g>")
    return "".join(out)


def _dice_rows(view: Mapping[str, Any], yours: bool) -> str:
    """The roll (clickable for the seat to move) and the dice set aside."""
    out = ['<text x="12" y="68" font-size="13">Roll:</text>']
    for i, (colour, face) in enumerate(view["roll"]):
        token = f"{face}:{colour}" if yours and view["phase"] == "set-aside" else None
        out.append(_die(60 + i * (DIE + 12), 52, colour, face, token=token))
    if not view["roll"]:
        out.append('<text x="60" y="84" font-size="13" fill="#666">no dice to roll</text>')
    out.append('<text x="12" y="140" font-size="13">Set aside:</text>')
    for i, (colour, face) in enumerate(view["aside"]):
        out.append(_die(90 + i * (DIE * SMALL + 8), 118, colour, face, small=True))
    return "".join(out)


def render_svg(view: Mapping[str, Any]) -> str:
    """The whole table: status line, the roll, the dice set aside, and every sheet."""
    parts = _parts()
    players = view["players"]
    # A finished game shows no dice: its sheets come up under the result.
    top = 60 if view["outcome"] else 180
    height = top + (SHEET + SHEET_GAP) * players + LEGEND
    yours = view["seat"] is not None and view["seat"] == view["to_move"]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
           f'width="{WIDTH}" height="{height}" class="jtm-table" font-family="sans-serif">',
           f'<rect width="{WIDTH}" height="{height}" fill="#efe6cf"/>']
    if view["outcome"]:
        status = view["outcome"]["summary"]
    else:
        mover = parts.hobbit_names[view["hobbits"][view["to_move"]]]
        status = f"Round {view['round']} — {mover}'s turn"
        if view["final_round"]:
            status += " (final round)"
    out.append(f'<text class="status" x="12" y="24" font-size="18" font-weight="bold">'
               f'{escape(status)}</text>')
    feature = feature_text(view.get("feature"))
    if feature:
        out.append(f'<text class="feature" x="12" y="44" font-size="13" fill="#6a3d00">'
                   f'Location feature: {escape(feature)}</text>')
    if not view["outcome"]:  # a finished game has no dice to show
        out.append(_dice_rows(view, yours))
    if view["phase"] == "advance":
        out.append(f'<text x="420" y="150" font-size="14" fill="#6a3d00">Rings count: mark up '
                   f'to {view["advance_max"]} space(s)</text>')
    for seat in range(players):
        out.append(_sheet(view, seat, top + (SHEET + SHEET_GAP) * seat))
    out.append(_legend(height - LEGEND + 6))
    out.append("</svg>")
    return "".join(out)
