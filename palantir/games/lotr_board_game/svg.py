"""The Lord of the Rings board game as SVG for the web table, drawn from a view alone.

The table as its players know it (issue 13, items 1-3): the Master board with the
corruption line, the adventure path and each hobbit's tokens (svg_boards.py), the board in
play with its tracks' rewards, the event line and the bag, and the cards as cards
(svg_cards.py): the seat's own hand fanned, the Gandalf cards, with the expansion Sauron's
and the Nazgul cards face up where public and as counted backs where not. A seat's view
holds only its own hand, so the drawing can show nobody else's. Markers are SVG shapes,
never emoji or symbol glyphs: a browser without an emoji font (Debian's Chromium) draws
those as empty boxes.
"""

from __future__ import annotations

import math
from collections import Counter
from html import escape
from typing import Any, Mapping

from .components import default_components
from .render import rules_names, status_line
from .svg_boards import master_board, play_board
from .svg_cards import (CARD_H, CARD_W, backs, card_face, fellowship_face, gandalf_face,
                        nazgul_face, paragraph, sauron_face, wrap)

WIDTH = 960


def selection(view: Mapping[str, Any]) -> dict | None:
    """No click-to-select on this table: every decision is a button."""
    return None


def _text(x: float, y: float, text: str, size: int = 13, **attrs: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<text x="{x}" y="{y}" font-size="{size}"{extra}>{escape(text)}</text>'


def _fan(cards: list[str], face, x0: float, y: float, width: float) -> list[str]:
    """The seat's own hand fanned: the cards overlap and turn a little about a point below."""
    n = len(cards)
    if not n:
        return [_text(x0, y + 40, "no cards", 12)]
    spread = min(4.0, 24.0 / max(n - 1, 1))
    reach = CARD_H * 1.6  # the pivot below the cards
    swing = reach * math.sin(math.radians(spread * (n - 1) / 2))
    step = min(CARD_W + 4.0, (width - CARD_W - 2 * swing) / max(n - 1, 1))
    out = []
    for i, card in enumerate(cards):
        x = x0 + swing + i * step
        turn = (i - (n - 1) / 2) * spread
        out.append(f'<g class="hand-card" transform="rotate({turn:.1f} {x + CARD_W / 2:.1f} '
                   f'{y + reach:.1f})">' + face(card, x, y + 6, "card") + "</g>")
    return out


def _on_table(view: Mapping[str, Any], y: float) -> tuple[list[str], float]:
    """What lies open on the table for the question asked: the cards revealed to share
    out (Preparations) and the offers made to a cost."""
    question = view.get("question") or {}
    out = []
    names = rules_names(view)
    if question.get("shown"):
        out.append(_text(12, y + 14, "Revealed to share out:", 11, font_weight="bold"))
        for k, card in enumerate(question["shown"]):
            out.append(card_face(card, 160 + k * 66, y + 2))
        y += 96
    if question.get("pot"):
        offers = ", ".join(f"{names[seat]}: {_item_name(item)}"
                           for seat, item in question["pot"])
        out.append(paragraph(12, y + 14, f"Offered to {question.get('name', 'the cost')}: "
                             + offers, 140, 11, 2, **{"class": "offers"}))
        y += 34
    return (['<g class="on-table">'] + out + ["</g>"], y) if out else ([], y)


def _item_name(item: str) -> str:
    """A card offered by its name, a token by its kind."""
    card = default_components().cards.get(item)
    return card.name if card else item


def _cards(view: Mapping[str, Any], y: float) -> tuple[list[str], float]:
    """The seat's own hand fanned; the Gandalf cards face up; with the expansion
    Sauron's and the Nazgul cards (face up where public, else backs counted), the resource
    and Fellowship cards."""
    out = []
    seat = view["rules_seat"]
    mine = view.get("sauron_hand") is not None and seat == view.get("sauron_seat")
    cards = view["sauron_hand"] if mine else view.get("hand")
    if cards is not None:
        label = "Your Sauron cards" if mine else "Your hand"
        out.append(_text(12, y + 14, f"{label} ({len(cards)})", 13, font_weight="bold"))
        out += _fan(list(cards), sauron_face if mine else card_face, 14, y + 18, 500)
    gandalf = list(view.get("gandalf_left", ()))
    out.append(_text(560, y + 14, "Gandalf cards", 12, font_weight="bold"))
    for k, gid in enumerate(gandalf):
        out.append(gandalf_face(gid, 560 + (k % 4) * 99, y + 20 + (k // 4) * 68))
    if not gandalf:
        out.append(_text(560, y + 34, "none left", 11))
    y += max(130 if cards is not None else 0, 24 + 68 * ((len(gandalf) + 3) // 4 or 1))
    if view.get("sauron_seat") is None:
        return out, y
    y += 6
    out.append(_text(12, y + 12, "Sauron", 12, font_weight="bold"))
    out.append(backs(14, y + 20, view["sauron_hand_size"], "hand", "#3a1f1a"))
    out.append(backs(56, y + 20, view["sauron_deck_size"], "deck", "#3a1f1a"))
    out += _sauron_discards(view, 100, y)
    up = list(view["nazgul_up"])
    nw = min(110.0, 560 / max(len(up), 1) - 4)
    out.append(_text(310, y + 12, "Nazgul cards face up", 12, font_weight="bold"))
    for k, card in enumerate(up):
        out.append(nazgul_face(card, 310 + k * (nw + 4), y + 18, nw))
    nx = 310 + max(len(up), 1) * (nw + 4)
    out.append(backs(nx, y + 20, view["nazgul_deck_size"], "Nazgul deck", "#1f2a24"))
    out.append(_text(nx + 40, y + 80, f"{len(view['nazgul_discards'])} discarded", 8))
    y += 120
    pile = list(view["resource_pile"])
    out.append(_text(12, y + 12, "Resource cards face up", 12, font_weight="bold",
                     **{"class": "resources"}))
    for k, card in enumerate(pile):
        out.append(card_face(card, 12 + k * 66, y + 18))
    out.append(_text(12, y + 120, f"resource tokens face down: {view['resource_tokens_left']}"
                     + ("; three cards this turn (Pippin)" if view["three_cards"] else ""), 9))
    held = [c for c in view["characters"] if c in view.get("fellowship_cards", ())]
    fx = 24 + max(len(pile), 2) * 66
    out.append(_text(fx, y + 12, "Fellowship cards", 12, font_weight="bold"))
    for k, char in enumerate(held):
        per_row = max(1, int((950 - fx) // 156))
        out.append(fellowship_face(char, fx + (k % per_row) * 156, y + 18 + (k // per_row) * 62))
    if not held:
        out.append(_text(fx, y + 32, "all used", 10))
    rows = (len(held) + max(1, int((950 - fx) // 156)) - 1) // max(1, int((950 - fx) // 156))
    y += max(126, 22 + 62 * rows)
    return out, y


def _sauron_discards(view: Mapping[str, Any], x: float, y: float) -> list[str]:
    """Sauron's discard pile: the faces seen, one of each kind with its count (the view
    lists them sorted, so their order tells nothing), and how many lie face down."""
    seen = list(view["sauron_discards"])
    mine = view["rules_seat"] == view.get("sauron_seat")
    hidden = 0 if mine else view["sauron_secret_discards"]
    faces = {c.id: c.symbols for c in default_components().sauron_cards}
    kinds = Counter(faces[c] for c in seen)
    first = {faces[c]: c for c in reversed(seen)}
    out = [_text(x, y + 12, f"discards: {len(seen)} seen"
                 + (f", {hidden} face down" if hidden else ""), 9)]
    for k, (symbols, n) in enumerate(kinds.most_common(3)):
        out.append(sauron_face(first[symbols], x + k * 66, y + 18))
        out.append(_text(x + k * 66 + 44, y + 101, f"x{n}", 10, font_weight="bold",
                         fill="#f2c94c"))
    if len(kinds) > 3:
        out.append(_text(x, y + 114, f"and {len(kinds) - 3} other kinds", 8))
    return out


def render_svg(view: Mapping[str, Any]) -> str:
    """The whole table as this view shows it: the Master board, the board in play and the
    cards (the seat's own hand only: a view holds no other)."""
    status = status_line(view)
    body = [paragraph(12, 22, status, 108, 15, 2, font_weight="bold", **{"class": "status"})]
    y = 32.0 + 17 * (len(wrap(status, 108)) > 1)
    for draw in (master_board, play_board, _on_table, _cards):
        part, y = draw(view, y)
        body += part
    height = int(y + 10)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
            f'width="{WIDTH}" height="{height}" class="lbg-table" font-family="sans-serif">'
            f'<rect width="{WIDTH}" height="{height}" fill="#efe6cf"/>' + "".join(body)
            + "</svg>")
