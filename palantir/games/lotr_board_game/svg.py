"""The Lord of the Rings board game as SVG for the web table, drawn from a view alone.

The board's tracks, the Temptation track with Sauron (and the Black Rider), each hobbit's
tokens and hand size, and the seat's own hand: a seat's view holds only its own hand, so
the drawing can show nobody else's.
"""

from __future__ import annotations

from html import escape
from typing import Any, Mapping

from .components import LIFE_TOKENS, default_components
from .render import QUESTION_WORDS, seat_names, status_line

WIDTH = 760
SPACE = 40       # one space of the Temptation track
CELL = 22        # one space of a board track
ROW = 26
HOBBIT_COLOURS = {"frodo": "#2f63c4", "sam": "#2f8f46", "pippin": "#c07a12",
                  "merry": "#8a3fb0", "fatty": "#a0522d"}


def action_label(view: Mapping[str, Any], text: str) -> str:
    """A decision in words for the buttons of the web table."""
    words = text.split()
    if not words:
        return text
    verb = words[0]
    if verb == "play":
        return "Play " + ", ".join(t.replace("@", " on ") for t in words[1:])
    if verb == "draw":
        return "Draw" if view.get("question", {}) and \
            view["question"]["kind"] == "sauron-start" else "Draw 2 hobbit cards"
    if verb == "heal":
        return "Heal 1 (towards the light)"
    if verb == "ring":
        return f"Put on the Ring: {words[1]}"
    if verb == "give":
        return f"Give {words[1]}"
    if verb == "take":
        return "Take it on"
    if verb == "pass":
        return "Pass" if len(words) == 1 else f"Pass {words[1]} to the left"
    if verb == "continue":
        return "Play nothing more now"
    if verb == "rider":
        return f"Do not play cards: the Black Rider {words[1]} back"
    if verb == "refill":
        return "Draw up to six" + (f" (discarding {', '.join(words[1:])})" if words[1:] else "")
    return text


def selection(view: Mapping[str, Any]) -> dict | None:
    """No click-to-select on this table: every decision is a button."""
    return None


def phase_help(view: Mapping[str, Any]) -> str:
    """What is asked now, in words."""
    question = view.get("question") or {}
    if view.get("result") is not None:
        return "The game is over."
    return QUESTION_WORDS.get(question.get("kind"), "")


def _text(x: float, y: float, text: str, size: int = 13, **attrs: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<text x="{x}" y="{y}" font-size="{size}"{extra}>{escape(text)}</text>'


def _tracks(view: Mapping[str, Any], y: float) -> tuple[list[str], float]:
    board = default_components().boards[view["board"]]
    out = [_text(12, y, board.name, 16, font_weight="bold")]
    y += 10
    if board.kind != "conflict":
        return out, y + 10
    for track, spaces in board.tracks.items():
        at = view["tracks"].get(track, 0)
        y += ROW
        main = track == board.main
        out.append(_text(12, y + 15, track + (" (main)" if main else ""), 12))
        for i in range(len(spaces)):
            fill = "#6a3d00" if i < at else "#fffaf0"
            out.append(f'<rect class="track-space" x="{120 + i * CELL}" y="{y}" width="{CELL - 3}"'
                       f' height="{CELL - 3}" fill="{fill}" stroke="#6a3d00"/>')
    y += ROW
    out.append(_text(12, y + 15, f"events {view['event']}/{len(board.events)}", 12))
    return out, y + ROW


def _temptation(view: Mapping[str, Any], y: float) -> tuple[list[str], float]:
    parts = default_components()
    out = [_text(12, y, "Temptation track", 14, font_weight="bold")]
    y += 8
    for i in range(parts.temptation_spaces + 1):
        dark = "#3b3b3b" if i >= view["sauron"] else "#fffaf0"
        out.append(f'<rect class="temptation-space" x="{12 + i * SPACE * 0.95}" y="{y}" '
                   f'width="{SPACE * 0.9}" height="{SPACE}" fill="{dark}" stroke="#6a3d00"/>')
        out.append(_text(14 + i * SPACE * 0.95, y + 11, str(i), 9, fill="#888"))
    x = lambda i: 12 + i * SPACE * 0.95 + SPACE * 0.45  # noqa: E731
    out.append(_text(x(view["sauron"]) - 8, y + 28, "👁", 16, **{"class": "sauron"}))
    for k, (seat_char, pos) in enumerate(zip(view["characters"], view["positions"])):
        if view["eliminated"][k]:
            continue
        out.append(f'<circle class="hobbit" cx="{x(pos)}" cy="{y + SPACE + 10 + 8 * k}" r="6" '
                   f'fill="{HOBBIT_COLOURS.get(seat_char, "#000")}"/>')
    if view.get("black_rider") is not None:
        out.append(_text(x(view["black_rider"]) - 6, y - 2, "♞", 16, **{"class": "black-rider"}))
    return out, y + SPACE + 14 + 8 * len(view["characters"])


def _hobbits(view: Mapping[str, Any], y: float) -> tuple[list[str], float]:
    names = seat_names(view)
    out = []
    for seat in range(len(view["characters"])):
        y += 20
        if view["eliminated"][seat]:
            line = f"{names[seat]}: eliminated"
        else:
            life = ", ".join(f"{view['life'][seat][k]} {k}" for k in LIFE_TOKENS)
            bearer = " (Ring-bearer)" if view["ring_bearer"] == seat else ""
            line = (f"{names[seat]}{bearer}: at {view['positions'][seat]}, "
                    f"{view['runes'][seat]} runes, {life}, {view['hand_sizes'][seat]} cards")
        out.append(_text(12, y, line, 13, **{"class": "hobbit-line"}))
    if view.get("sauron_seat") is not None:
        y += 20
        out.append(_text(12, y, f"Sauron: {view['sauron_hand_size']} cards; Nazgûl face up: "
                         f"{', '.join(view['nazgul_up']) or 'none'}", 13))
    return out, y


def _hand(view: Mapping[str, Any], y: float) -> tuple[list[str], float]:
    cards = view.get("hand")
    label = "Your hand"
    if view.get("sauron_hand") is not None and view["seat"] == view.get("sauron_seat"):
        cards, label = view["sauron_hand"], "Your Sauron cards"
    if cards is None:
        return [], y
    out = [_text(12, y + 24, label, 14, font_weight="bold")]
    y += 32
    for i, card in enumerate(cards):
        cx, cy = 12 + (i % 6) * 122, y + (i // 6) * 34
        out.append(f'<rect class="card" x="{cx}" y="{cy}" width="116" height="28" rx="4" '
                   f'fill="#fffaf0" stroke="#6a3d00"/>')
        out.append(_text(cx + 6, cy + 18, card, 12))
    return out, y + (len(cards) + 5) // 6 * 34


def render_svg(view: Mapping[str, Any]) -> str:
    """The whole table as this view shows it."""
    body = [_text(12, 24, status_line(view), 15, font_weight="bold", **{"class": "status"})]
    y = 50.0
    for draw in (_tracks, _temptation, _hobbits, _hand):
        part, y = draw(view, y + 10)
        body += part
    height = int(y + 20)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
            f'width="{WIDTH}" height="{height}" class="lbg-table" font-family="sans-serif">'
            f'<rect width="{WIDTH}" height="{height}" fill="#efe6cf"/>' + "".join(body)
            + "</svg>")
