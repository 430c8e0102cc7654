"""The board game at the terminal on one screen of 100×50 (issue 13, item 6).

The Master board (the journey with the current location, the corruption line with Sauron,
the Black Rider and every hobbit, each hobbit's tokens), the conflict board in play (each
track's spaces with their rewards and the Fellowship's position, the next event and what
it does, the tiles left by kind), the seat's own cards with their symbols or text (Sauron's
cards with their text for Sauron alone), and what is asked now. Drawn from a seat's view
only, every line folded to the screen's width, about 30 lines so the menu fits below.
"""

from __future__ import annotations

import textwrap
from typing import Any, Mapping

from .components import default_components
from .render import hobbit_line, rules_names, temptation_line
from .table_words import (card_name, card_with_symbols, counted_words, gandalf_name,
                          next_event, prompt, resolution_words, sauron_card_name,
                          sauron_card_words, tile_name, token_name)

View = Mapping[str, Any]
WIDTH = 99          # a 100-column terminal without its last column
RESET = "\x1b[0m"
# One letter for each reward a track space shows (components.REWARDS; 'c' a legendary card).
REWARD_MARKS = {"rune": "r", "ring": "R", "heart": "h", "sun": "s", "roll": "d",
                "big-rune": "B", "heal": "+", "card": "c", "-": "."}
REWARD_LEGEND = ("spaces: r rune, R Ring token, h heart, s sun, d threat die, B special rune, "
                 "+ heal, c legendary card, . nothing; # reached")


def _fold(text: str, indent: str = "") -> list[str]:
    return textwrap.wrap(text, width=WIDTH, initial_indent=indent,
                         subsequent_indent=indent + "    ", break_on_hyphens=False) or [""]


# The bag's story tiles counted by the kind printed on them (components.Tile.kind); an
# activity or event tile by its own word.
TILE_KIND_WORDS = {"darkness": "darkness", "items": "sundial and three items",
                   "sauron": "Sauron event", "dark": "Dark Event"}


def _tile_kind(tile: str) -> str:
    parts = default_components()
    found = parts.tiles.get(tile) or parts.sauron_tokens.get(tile) or \
        parts.dark_events.get(tile)
    return TILE_KIND_WORDS.get(found.kind, tile) if found is not None else tile


def _space_mark(space: tuple[str, ...]) -> str:
    return "".join(REWARD_MARKS.get(item.partition(":")[0], "?") for item in space)


def journey_line(view: View) -> str:
    """The adventure path from Bag End to Mount Doom, the current location in brackets."""
    parts = default_components()
    names = []
    for board_id in parts.journey:
        name = parts.boards[board_id].name
        if parts.boards[board_id].crack_of_doom:
            name += " (Mount Doom)"
        names.append(f"[{name}]" if board_id == view["board"] else name)
    return "Journey: " + " > ".join(names)


def board_lines(view: View) -> list[str]:
    """The conflict board: each track's spaces (reached ones '#'), the next event, the
    tiles left by kind."""
    parts = default_components()
    board = parts.boards[view["board"]]
    if board.kind != "conflict":
        return _fold(f"{board.name}, its steps in order: "
                     + "; ".join(resolution_words(step) for step in board.steps))
    lines = _fold(f"{board.name}: main track {board.main} (it scores and ends the board); "
                  + REWARD_LEGEND)
    tokens = {(t, s): token for t, s, token in view.get("resource_spaces", ())}
    for track, spaces in board.tracks.items():
        at = view["tracks"].get(track, 0)
        cells = []
        for i, space in enumerate(spaces, 1):
            mark = "#" if i <= at else _space_mark(space)
            cells.append(mark + ("*" if (track, i) in tokens else ""))
        main = "*" if track == board.main else " "
        lines.append(f"  {track:<10}{main} {at:>2}/{len(spaces):<2} " + " ".join(cells))
    if tokens:
        lines += _fold("  * resource token: " + ", ".join(
            f"{token_name(token)} ({t} {s})" for (t, s), token in tokens.items()))
    upcoming = next_event(view)
    where = f"event {view['event']}/{len(board.events)}"
    lines += _fold(f"  {where}; next: {upcoming}" if upcoming else f"  {where}: all passed")
    tiles = (view.get("procedure") or {}).get("tiles") or {}
    counted: dict[str, int] = {}
    for tile, n in sorted(tiles.items()):
        kind = _tile_kind(tile)
        counted[kind] = counted.get(kind, 0) + n
    left = ", ".join(f"{n} {kind}" for kind, n in sorted(counted.items()) if n)
    lines += _fold(f"  tiles left {view['tiles_left']}" + (f": {left}" if left else "")
                   + (f"; revealed this turn: {', '.join(map(tile_name, view['revealed']))}"
                      if view["revealed"] else ""))
    return lines


def sauron_lines(view: View) -> list[str]:
    """Sauron's hand (its text for Sauron's seat alone), the Nazgûl face up, resources."""
    if view.get("sauron_seat") is None:
        return []
    lines = _fold(counted_words(f"Sauron holds {view['sauron_hand_size']} cards")
                  + f", deck "
                  f"{view['sauron_deck_size']}; Black Rider on {view['black_rider']}"
                  + (" riding back to Mordor" if view["black_rider_returning"] else "")
                  + "; resource cards face up: " + (", ".join(map(card_name, view["resource_pile"])) or "none")
                  + (", three cards this turn (Pippin's card)" if view["three_cards"] else ""))
    for card in view.get("nazgul_up", ()):
        lines += _fold(f"  face up, {sauron_card_name(card)}: {sauron_card_words(card)}")
    own = view.get("sauron_hand")
    if own is not None and view["rules_seat"] == view.get("sauron_seat"):
        for card in own:
            lines += _fold(f"  yours, {sauron_card_name(card)}: {sauron_card_words(card)}")
    return lines


def status_lines(view: View) -> list[str]:
    """Whose turn, and what is asked of whom now (or the result)."""
    if view["result"] is not None:
        word = "wins" if view["result"] == "won" else "loses"
        return [f"The Fellowship {word}: {view.get('score', 0)} points"]
    names = rules_names(view)
    question = view["question"] or {}
    text = f"Turn {view['turns']}, {names[view['active']]} active"
    if question.get("seat") is not None:
        text += f" — {names[question['seat']]}: {prompt(view)}"
    lines = _fold(text)
    if question.get("pot"):
        lines += _fold("  offered so far: " + ", ".join(
            f"{names[s]} {card_with_symbols(i)}" for s, i in question["pot"]))
    if question.get("shown"):
        lines += _fold("  revealed to share out: " + ", ".join(
            card_with_symbols(c) for c in question["shown"]))
    return lines


def render_table(view: View, color: bool = True) -> str:
    """The whole table as `view` shows it, within 99 columns."""
    def bold(text: str) -> str:
        return f"\x1b[1m{text}{RESET}" if color else text

    lines = [bold(f"The Lord of the Rings · {default_components().boards[view['board']].name}"),
             ]
    lines += _fold(journey_line(view))
    lines += _fold("Corruption: " + temptation_line(view))
    for seat in range(len(view["characters"])):
        lines += _fold(hobbit_line(view, seat).strip(), "  ")
    lines += _fold(f"  deck {view['deck_size']}; Gandalf cards left: "
                   + (", ".join(map(gandalf_name, view["gandalf_left"])) or "none")
                   + (f"; special cards face up: {', '.join(map(card_name, view['special_cards']))}"
                      if view.get("special_cards") else ""))
    lines += sauron_lines(view)
    lines += board_lines(view)
    if view.get("hand") is not None:
        lines += _fold("Your hand: " + (" · ".join(card_with_symbols(c) for c in view["hand"])
                                        or "empty"))
    lines += status_lines(view)
    return "\n".join(bold(line) if line.startswith("Your hand") and color else line
                     for line in lines)
