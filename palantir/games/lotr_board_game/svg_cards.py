"""The pieces of the board game drawn as SVG shapes: the hobbit cards' symbols, the life
tokens and runes, the rewards printed on the tracks, and every kind of card (hobbit,
legendary, Gandalf, resource, Fellowship, Sauron, Nazgûl) face up or as a back.

Only shapes and Latin text: a browser without an emoji font draws symbol glyphs as empty
boxes. No inline styles (the page's Content-Security-Policy): presentation attributes only.
A shape carries its kind in `data-symbol`/`data-token`, never in a <title>: the page makes
every <title>d shape a place to click (table.js, picking), named by the title's last word.
"""

from __future__ import annotations

import math
from html import escape
from typing import Iterable

from .components import default_components

SYMBOL_COLOURS = {"fighting": "#b3261e", "hiding": "#2f5e3a", "travelling": "#8b5a2b",
                  "friendship": "#2a6fb0", "joker": "#c99a06"}
CARD_FILL = {"white": "#fffdf6", "grey": "#c9c6bd", "yellow": "#f6dc74",
             "resource": "#cfe0f2"}
CARD_W, CARD_H = 62, 88


def text(x: float, y: float, words: str, size: float = 11, **attrs: str) -> str:
    """A line of text; keyword attributes with '_' for '-'."""
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}"{extra}>{escape(words)}</text>'


def wrap(words: str, width: int) -> list[str]:
    """The words in lines of at most `width` characters."""
    lines: list[str] = []
    for word in words.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def paragraph(x: float, y: float, words: str, width: int, size: float = 8,
              most: int = 9, **attrs: str) -> str:
    """Wrapped text from its first baseline `y`, at most `most` lines (the last cut)."""
    lines = wrap(words, width)
    if len(lines) > most:
        lines = lines[:most]
        lines[-1] = lines[-1][:max(0, width - 3)] + "..."
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    spans = "".join(f'<tspan x="{x:.1f}" dy="{0 if i == 0 else size * 1.15:.1f}">'
                    f'{escape(line)}</tspan>' for i, line in enumerate(lines))
    return f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}"{extra}>{spans}</text>'


def _star(cx: float, cy: float, r: float, points: int = 5) -> str:
    out = []
    for k in range(points * 2):
        rad = r if k % 2 == 0 else r * 0.45
        angle = math.pi * k / points - math.pi / 2
        out.append(f"{cx + rad * math.cos(angle):.1f},{cy + rad * math.sin(angle):.1f}")
    return " ".join(out)


def symbol(kind: str, cx: float, cy: float, r: float = 8, cls: str = "symbol") -> str:
    """A hobbit card's symbol: fighting a sword, hiding a hooded cloak, travelling
    footprints, friendship two clasped rings, joker a star."""
    c = SYMBOL_COLOURS.get(kind, "#444")
    head = f'<g class="{cls}" data-symbol="{kind}">'
    if kind == "fighting":
        body = (f'<path d="M {cx:.1f} {cy - r:.1f} L {cx + r * .22:.1f} {cy + r * .35:.1f} '
                f'L {cx - r * .22:.1f} {cy + r * .35:.1f} Z" fill="{c}"/>'
                f'<rect x="{cx - r * .6:.1f}" y="{cy + r * .35:.1f}" width="{r * 1.2:.1f}" '
                f'height="{r * .2:.1f}" fill="{c}"/>'
                f'<rect x="{cx - r * .12:.1f}" y="{cy + r * .55:.1f}" width="{r * .24:.1f}" '
                f'height="{r * .45:.1f}" fill="{c}"/>')
    elif kind == "hiding":
        body = (f'<path d="M {cx:.1f} {cy - r:.1f} Q {cx + r:.1f} {cy - r * .6:.1f} '
                f'{cx + r * .8:.1f} {cy + r:.1f} L {cx - r * .8:.1f} {cy + r:.1f} '
                f'Q {cx - r:.1f} {cy - r * .6:.1f} {cx:.1f} {cy - r:.1f} Z" fill="{c}"/>'
                f'<ellipse cx="{cx:.1f}" cy="{cy - r * .25:.1f}" rx="{r * .35:.1f}" '
                f'ry="{r * .4:.1f}" fill="#111"/>')
    elif kind == "travelling":
        body = (f'<ellipse cx="{cx - r * .4:.1f}" cy="{cy + r * .3:.1f}" rx="{r * .3:.1f}" '
                f'ry="{r * .6:.1f}" fill="{c}"/>'
                f'<ellipse cx="{cx + r * .4:.1f}" cy="{cy - r * .3:.1f}" rx="{r * .3:.1f}" '
                f'ry="{r * .6:.1f}" fill="{c}"/>')
    elif kind == "friendship":
        body = (f'<circle cx="{cx - r * .35:.1f}" cy="{cy:.1f}" r="{r * .55:.1f}" fill="none" '
                f'stroke="{c}" stroke-width="{r * .25:.1f}"/>'
                f'<circle cx="{cx + r * .35:.1f}" cy="{cy:.1f}" r="{r * .55:.1f}" fill="none" '
                f'stroke="{c}" stroke-width="{r * .25:.1f}"/>')
    elif kind == "joker":
        body = f'<polygon points="{_star(cx, cy, r)}" fill="{c}" stroke="#6a4b00"/>'
    else:
        body = f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * .6:.1f}" fill="{c}"/>'
    return head + body + "</g>"


def token(kind: str, cx: float, cy: float, r: float = 7) -> str:
    """A life token (ring, heart, sun), a rune, a special rune, a die roll or a heal."""
    head = f'<g class="token" data-token="{kind}">'
    if kind == "ring":
        body = (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * .75:.1f}" fill="none" '
                f'stroke="#d4a017" stroke-width="{r * .35:.1f}"/>')
    elif kind == "heart":
        body = (f'<path d="M {cx:.1f} {cy + r * .9:.1f} C {cx - r * 1.3:.1f} {cy - r * .1:.1f} '
                f'{cx - r * .6:.1f} {cy - r * 1.2:.1f} {cx:.1f} {cy - r * .35:.1f} '
                f'C {cx + r * .6:.1f} {cy - r * 1.2:.1f} {cx + r * 1.3:.1f} {cy - r * .1:.1f} '
                f'{cx:.1f} {cy + r * .9:.1f} Z" fill="#c8102e"/>')
    elif kind == "sun":
        body = (f'<polygon points="{_star(cx, cy, r, 8)}" fill="#f7b32b"/>'
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * .45:.1f}" fill="#fbd46d"/>')
    elif kind in ("rune", "big-rune"):
        s = r * (1.2 if kind == "big-rune" else 1)
        fill = "#6f7a86" if kind == "rune" else "#3f4a8a"
        body = (f'<path d="M {cx - s * .8:.1f} {cy - s * .8:.1f} L {cx + s * .8:.1f} '
                f'{cy - s * .8:.1f} L {cx + s * .8:.1f} {cy:.1f} Q {cx:.1f} {cy + s:.1f} '
                f'{cx - s * .8:.1f} {cy:.1f} Z" fill="{fill}" stroke="#222" stroke-width=".6"/>')
        if kind == "big-rune":
            body += f'<polygon points="{_star(cx, cy - s * .2, s * .45)}" fill="#f2c94c"/>'
    elif kind == "roll":
        body = (f'<rect x="{cx - r * .8:.1f}" y="{cy - r * .8:.1f}" width="{r * 1.6:.1f}" '
                f'height="{r * 1.6:.1f}" rx="2" fill="#222"/>'
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * .25:.1f}" fill="#e8590c"/>')
    elif kind == "heal":
        body = (f'<rect x="{cx - r * .25:.1f}" y="{cy - r * .8:.1f}" width="{r * .5:.1f}" '
                f'height="{r * 1.6:.1f}" fill="#2f8f46"/>'
                f'<rect x="{cx - r * .8:.1f}" y="{cy - r * .25:.1f}" width="{r * 1.6:.1f}" '
                f'height="{r * .5:.1f}" fill="#2f8f46"/>')
    else:
        body = f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * .6:.1f}" fill="#888"/>'
    return head + body + "</g>"


def reward(item: str, cx: float, cy: float, r: float = 7) -> str:
    """One reward printed on a track space: a token, or a legendary card by name."""
    if item.startswith("card:"):
        card = default_components().cards[item[5:]]
        return (f'<g class="reward-card" data-card="{card.id}">'
                f'<rect x="{cx - r * 1.1:.1f}" y="{cy - r * 1.2:.1f}" width="{r * 2.2:.1f}" '
                f'height="{r * 2.4:.1f}" rx="2" fill="{CARD_FILL[card.colour]}" '
                f'stroke="#6a3d00" stroke-width=".6"/>'
                + text(cx - r, cy + 2, card.name[:5], 6) + "</g>")
    return token(item, cx, cy, r)


def sauron_symbol(kind: str, n: int, cx: float, cy: float, r: float = 8) -> str:
    """A symbol of a Sauron or Nazgûl card: an eye, a Black Rider's head, darkness, a
    discard, the turn handed to Sauron; with its count."""
    head = f'<g class="symbol" data-symbol="{kind}">'
    if kind == "sauron":
        body = (f'<path d="M {cx - r:.1f} {cy:.1f} Q {cx:.1f} {cy - r * .8:.1f} {cx + r:.1f} '
                f'{cy:.1f} Q {cx:.1f} {cy + r * .8:.1f} {cx - r:.1f} {cy:.1f} Z" fill="#e8590c"/>'
                f'<ellipse cx="{cx:.1f}" cy="{cy:.1f}" rx="{r * .15:.1f}" ry="{r * .45:.1f}" '
                f'fill="#111"/>')
    elif kind == "black-rider":
        body = (f'<path d="M {cx - r * .7:.1f} {cy + r:.1f} L {cx - r * .4:.1f} {cy - r * .3:.1f} '
                f'Q {cx:.1f} {cy - r * 1.2:.1f} {cx + r * .4:.1f} {cy - r * .3:.1f} '
                f'L {cx + r * .7:.1f} {cy + r:.1f} Z" fill="#111"/>')
    elif kind == "darkness":
        body = (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * .8:.1f}" fill="#2b2b2b"/>'
                f'<path d="M {cx - r * .5:.1f} {cy:.1f} L {cx + r * .4:.1f} {cy:.1f} '
                f'M {cx + r * .1:.1f} {cy - r * .3:.1f} L {cx + r * .45:.1f} {cy:.1f} '
                f'L {cx + r * .1:.1f} {cy + r * .3:.1f}" stroke="#eee" fill="none"/>')
    elif kind == "hand-turn":
        body = (f'<path d="M {cx - r * .7:.1f} {cy:.1f} A {r * .7:.1f} {r * .7:.1f} 0 1 1 '
                f'{cx:.1f} {cy + r * .7:.1f}" fill="none" stroke="#7a1f00" stroke-width="2"/>'
                f'<polygon points="{cx - r:.1f},{cy - r * .1:.1f} {cx - r * .4:.1f},'
                f'{cy - r * .1:.1f} {cx - r * .7:.1f},{cy + r * .4:.1f}" fill="#7a1f00"/>')
    else:  # discard-card, -life, -ring, -runes: a slash across the thing lost
        thing = {"discard-card": None, "discard-life": "heart", "discard-ring": "ring",
                 "discard-runes": "rune"}.get(kind)
        body = (token(thing, cx, cy, r * .8) if thing else
                f'<rect x="{cx - r * .45:.1f}" y="{cy - r * .65:.1f}" width="{r * .9:.1f}" '
                f'height="{r * 1.3:.1f}" rx="1.5" fill="#fffdf6" stroke="#333"/>')
        body += (f'<path d="M {cx - r * .8:.1f} {cy + r * .8:.1f} L {cx + r * .8:.1f} '
                 f'{cy - r * .8:.1f}" stroke="#c8102e" stroke-width="2"/>')
    count = text(cx + r * .8, cy + r, str(n), 8, font_weight="bold") if n > 1 else ""
    return head + body + count + "</g>"


SAURON_WORDS = {"black-rider": "Black Rider {n}", "sauron": "Sauron {n}",
                "darkness": "darkness {n}", "discard-card": "discard card",
                "discard-life": "discard life token", "discard-ring": "discard ring",
                "discard-runes": "discard {n} runes", "hand-turn": "turn to Sauron"}


def sauron_text(symbols: Iterable[tuple[str, int]]) -> str:
    """A Sauron card's symbols in words."""
    return ", ".join(SAURON_WORDS[k].format(n=n) for k, n in symbols)


def _frame(x: float, y: float, fill: str, w: float, h: float, cls: str,
           card_id: str | None, ink: str = "#555") -> str:
    """The card's rectangle; a card of the seat's hand is `rect.card` followed by its id,
    the word its decisions use (tests/browser read the hand so), other cards
    `rect.card-face`."""
    rect = (f'<rect class="{cls}" x="{x:.1f}" y="{y:.1f}" width="{w}" height="{h}" rx="5" '
            f'fill="{fill}" stroke="#6a3d00"/>')
    if cls == "card" and card_id is not None:
        rect += text(x + 3, y + h - 4, card_id, 7, fill=ink, **{"class": "card-id"})
    return rect


def card_face(card_id: str, x: float, y: float, cls: str = "card-face",
              w: float = CARD_W, h: float = CARD_H) -> str:
    """A hobbit, legendary or resource card face up at (x, y): colour, name, symbols as
    shapes, the text of a yellow or resource card."""
    card = default_components().cards[card_id]
    out = [f'<g class="card-view" data-card="{card_id}" data-colour="{card.colour}">',
           _frame(x, y, CARD_FILL.get(card.colour, "#fff"), w, h, cls, card_id)]
    if card.symbols:
        kind, n = card.symbols[0]
        r = 13 if n == 1 and card.is_hobbit_card else 9
        for k in range(n):
            out.append(symbol(kind, x + w / 2 + (k - (n - 1) / 2) * (2.2 * r),
                              y + h / 2 - (0 if card.is_hobbit_card else -4), r))
        # the corner index stays in sight where the fanned cards overlap
        corner = y + (24 if card.is_hobbit_card else 30)
        out.append(symbol(kind, x + 9, corner, 6, "symbol-index"))
        if n > 1:
            out.append(text(x + 5, corner + 16, f"x{n}", 8, font_weight="bold"))
        if card.is_hobbit_card:
            out.append(text(x + 4, y + 12, f"{card.colour} {kind}", 8))
    if not card.is_hobbit_card:
        out.append(paragraph(x + 4, y + 12, card.name, 14, 9, 2, font_weight="bold"))
    if card.text:
        out.append(paragraph(x + 4, y + 34, card.text, int(w / 4.2), 7, 6))
    return "".join(out) + "</g>"


def gandalf_face(gid: str, x: float, y: float, w: float = 96, h: float = 64) -> str:
    """A Gandalf card face up: its name and its text."""
    card = default_components().gandalf[gid]
    return (f'<g class="gandalf-card" data-gandalf="{gid}">'
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{w}" height="{h}" rx="5" fill="#e9ecf2" '
            f'stroke="#4a5a7a"/>' + text(x + 4, y + 12, card["name"], 9, font_weight="bold")
            + paragraph(x + 4, y + 23, card["text"], int(w / 4.4), 7.5, 5) + "</g>")


def sauron_face(card_id: str, x: float, y: float, cls: str = "card-face",
                w: float = CARD_W, h: float = CARD_H) -> str:
    """A Sauron card face up: its symbols as shapes and in words."""
    card = next(c for c in default_components().sauron_cards if c.id == card_id)
    out = [f'<g class="sauron-card" data-card="{card_id}">',
           _frame(x, y, "#3a1f1a", w, h, cls, card_id, "#e8d9b0")]
    for k, (kind, n) in enumerate(card.symbols):
        out.append(f'<circle cx="{x + 16 + k * 20:.1f}" cy="{y + 18:.1f}" r="9" fill="#f3e6d0"/>')
        out.append(sauron_symbol(kind, n, x + 16 + k * 20, y + 18, 7))
    out.append(paragraph(x + 4, y + 40, sauron_text(card.symbols), int(w / 4.4), 7, 5,
                         fill="#f3e6d0"))
    return "".join(out) + "</g>"


def nazgul_face(card_id: str, x: float, y: float, w: float = 110, h: float = 72) -> str:
    """A Nazgûl card face up: its corner symbol and its incident's text."""
    card = next(c for c in default_components().nazgul_cards if c.id == card_id)
    kind, n = card.corner
    return (f'<g class="nazgul-card" data-card="{card_id}">'
            f'<rect class="card-face" x="{x:.1f}" y="{y:.1f}" width="{w}" height="{h}" rx="5" '
            f'fill="#1f2a24" stroke="#6a3d00"/>'
            f'<circle cx="{x + 11:.1f}" cy="{y + 11:.1f}" r="9" fill="#f3e6d0"/>'
            + sauron_symbol(kind, n, x + 11, y + 11, 7)
            + text(x + 24, y + 14, f"Nazgul {card_id.rsplit('-', 1)[-1]}", 8, fill="#f3e6d0",
                   font_weight="bold")
            + paragraph(x + 4, y + 29, card.incident.name, int(w / 3.9), 7, 5, fill="#f3e6d0")
            + "</g>")


def backs(x: float, y: float, count: int, label: str, fill: str = "#5b3a1e",
          w: float = 30, h: float = 42) -> str:
    """A pile of face-down cards: a few backs offset, and how many."""
    out = [f'<g class="card-backs" data-count="{count}" data-pile="{escape(label)}">']
    for k in range(min(count, 3)):
        out.append(f'<rect class="card-back" x="{x + 3 * k:.1f}" y="{y - 2 * k:.1f}" '
                   f'width="{w}" height="{h}" rx="3" fill="{fill}" stroke="#e8d9b0"/>')
    if count == 0:
        out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{w}" height="{h}" rx="3" '
                   f'fill="none" stroke="#999" stroke-dasharray="3 2"/>')
    out.append(text(x + w / 2 - 6, y + h / 2 + 4, str(count), 12, fill="#fff" if count else
                    "#777", font_weight="bold"))
    out.append(text(x, y + h + 10, label, 8))
    return "".join(out) + "</g>"


def fellowship_face(char: str, x: float, y: float, w: float = 150, h: float = 58) -> str:
    """A hobbit's Fellowship card face up: whose it is and what it does."""
    parts = default_components()
    return (f'<g class="fellowship-card" data-fellowship="{char}">'
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{w}" height="{h}" rx="5" fill="#dfeed8" '
            f'stroke="#2f5e3a"/>'
            + text(x + 4, y + 11, f"{parts.character_names[char]}'s Fellowship card", 8,
                   font_weight="bold")
            + paragraph(x + 4, y + 21, parts.fellowship[char]["text"], int(w / 3.7), 6.5, 5)
            + "</g>")
