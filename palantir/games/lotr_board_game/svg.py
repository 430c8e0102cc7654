"""The Lord of the Rings board game as SVG for the web table, drawn from a view alone.

The board's tracks (with the expansion's resource tokens above their spaces), the
Temptation track with Sauron (and the Black Rider), each hobbit's tokens, hand size and
Fellowship card, and the seat's own hand: a seat's view holds only its own hand, so the
drawing can show nobody else's. Markers are SVG shapes, never emoji or symbol glyphs: a
browser without an emoji font (Debian's Chromium) draws those as empty boxes.
"""

from __future__ import annotations

from html import escape
from typing import Any, Mapping

from .components import LIFE_TOKENS, default_components
from .render import QUESTION_WORDS, TOKEN_LABELS, rules_names, status_line

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
    if verb == "resource":
        card = default_components().cards[words[1]].name
        return f"Play {card}" + (f": take back {words[2]}" if len(words) > 2 else "")
    if verb == "fellowship":
        who, _, track = words[1].partition("@")
        what = f" on {track}" if track else (f": Gandalf {words[2]}" if len(words) > 2 else "")
        return f"Use {who.capitalize()}'s Fellowship card{what}"
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
    # Resources: with the expansion a row leaves room for the tokens above its spaces.
    row = ROW + 10 if "resource_spaces" in view else ROW
    for track, spaces in board.tracks.items():
        at = view["tracks"].get(track, 0)
        y += row
        main = track == board.main
        out.append(_text(12, y + 15, track + (" (main)" if main else ""), 12))
        for i in range(len(spaces)):
            fill = "#6a3d00" if i < at else "#fffaf0"
            out.append(f'<rect class="track-space" x="{120 + i * CELL}" y="{y}" width="{CELL - 3}"'
                       f' height="{CELL - 3}" fill="{fill}" stroke="#6a3d00"/>')
        for t, space, token in view.get("resource_spaces", ()):
            if t == track:  # Resources: the token lies above its space, face up
                out += _resource_token(120 + (space - 1) * CELL, y, token)
    y += ROW
    out.append(_text(12, y + 15, f"events {view['event']}/{len(board.events)}", 12))
    return out, y + ROW


def _temptation(view: Mapping[str, Any], y: float) -> tuple[list[str], float]:
    parts = default_components()
    out = [_text(12, y, "Temptation track", 14, font_weight="bold")]
    y += 8 + (24 if view.get("black_rider") is not None else 0)  # room for the Rider
    for i in range(parts.temptation_spaces + 1):
        dark = "#3b3b3b" if i >= view["sauron"] else "#fffaf0"
        out.append(f'<rect class="temptation-space" x="{12 + i * SPACE * 0.95}" y="{y}" '
                   f'width="{SPACE * 0.9}" height="{SPACE}" fill="{dark}" stroke="#6a3d00"/>')
        out.append(_text(14 + i * SPACE * 0.95, y + 11, str(i), 9, fill="#888"))
    x = lambda i: 12 + i * SPACE * 0.95 + SPACE * 0.45  # noqa: E731
    out.append(_eye(x(view["sauron"]), y + 24))
    for k, (seat_char, pos) in enumerate(zip(view["characters"], view["positions"])):
        if view["eliminated"][k]:
            continue
        out.append(f'<circle class="hobbit" cx="{x(pos)}" cy="{y + SPACE + 10 + 8 * k}" r="6" '
                   f'fill="{HOBBIT_COLOURS.get(seat_char, "#000")}"/>')
    if view.get("black_rider") is not None:
        out.append(_rider(x(view["black_rider"]), y - 2, view["black_rider_returning"]))
    return out, y + SPACE + 14 + 8 * len(view["characters"])


def _eye(cx: float, cy: float) -> str:
    """Sauron's marker: a lidless eye, an almond of fire around a slit pupil."""
    return (f'<g class="sauron"><title>Sauron</title>'
            f'<path d="M {cx - 14} {cy} Q {cx} {cy - 11} {cx + 14} {cy} '
            f'Q {cx} {cy + 11} {cx - 14} {cy} Z" fill="#e8590c" stroke="#7a1f00"/>'
            f'<ellipse cx="{cx}" cy="{cy}" rx="2.2" ry="6" fill="#111"/></g>')


def _rider(cx: float, base: float, returning: bool) -> str:
    """The Black Rider: a black hooded rider on a horse (turned towards Mordor when he
    rides back, as the figure is turned in the rulebook)."""
    flip = -1.3 if returning else 1.3

    def px(dx: float) -> float:
        return round(cx + flip * dx, 1)

    def py(dy: float) -> float:
        return round(base - 1.3 * dy, 1)
    horse = (f"M {px(-10)} {py(0)} L {px(-8)} {py(9)} L {px(6)} {py(10)} "
             f"L {px(10)} {py(16)} L {px(12)} {py(13)} L {px(9)} {py(7)} "
             f"L {px(8)} {py(0)} L {px(5)} {py(0)} L {px(5)} {py(6)} L {px(-5)} {py(6)} "
             f"L {px(-6)} {py(0)} Z")
    cloak = f"M {px(-4)} {py(9)} L {px(-1)} {py(21)} L {px(3)} {py(21)} L {px(4)} {py(9)} Z"
    return (f'<g class="black-rider"><title>the Black Rider'
            f'{" riding back to Mordor" if returning else ""}</title>'
            f'<path d="{horse}" fill="#111"/><path d="{cloak}" fill="#111"/>'
            f'<circle cx="{px(1)}" cy="{py(23)}" r="3.5" fill="#111"/></g>')


def _resource_token(x: float, y: float, token: str) -> list[str]:
    """A resource token above a track space: a gold disc with a short label."""
    cx, cy = x + (CELL - 3) / 2, y - 9
    return [f'<g class="resource-token"><title>{escape(token)}</title>'
            f'<circle cx="{cx}" cy="{cy}" r="7" fill="#f2c94c" stroke="#6a3d00"/>'
            + _text(cx - 5, cy + 3, TOKEN_LABELS.get(token, token[:2]), 7) + "</g>"]


def _hobbits(view: Mapping[str, Any], y: float) -> tuple[list[str], float]:
    names = rules_names(view)
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
            if view["characters"][seat] in view.get("fellowship_cards", ()):
                line += ", Fellowship card"
        out.append(_text(12, y, line, 13, **{"class": "hobbit-line"}))
    if view.get("sauron_seat") is not None:
        y += 20
        out.append(_text(12, y, f"Sauron: {view['sauron_hand_size']} cards; Nazgûl face up: "
                         f"{', '.join(view['nazgul_up']) or 'none'}", 13))
        y += 20
        out.append(_text(12, y, "Resource cards face up: " + (", ".join(
            view["resource_pile"]) or "none") + f"; tokens face down: "
            f"{view['resource_tokens_left']}" + ("; three cards this turn (Pippin)"
                                                 if view["three_cards"] else ""), 13,
            **{"class": "resources"}))
    return out, y


def _hand(view: Mapping[str, Any], y: float) -> tuple[list[str], float]:
    cards = view.get("hand")
    label = "Your hand"
    if view.get("sauron_hand") is not None and view["rules_seat"] == view.get("sauron_seat"):
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
