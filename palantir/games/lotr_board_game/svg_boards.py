"""The boards of the game as SVG, drawn from a seat's view: the Master board (the
corruption line with Sauron, the Black Rider and every hobbit, the adventure path from Bag
End to Mount Doom, the hobbits' life tokens, runes and hands) and the board in play (its
tracks with each space's reward and the Fellowship's markers, the event line with the
next event in words, the tiles drawn this turn and the bag counted by kind).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from .components import LIFE_TOKENS, Board, Resolution, default_components
from .render import TOKEN_LABELS
from .svg_cards import paragraph, reward, symbol, text, token

HOBBIT_COLOURS = {"frodo": "#2f63c4", "sam": "#2f8f46", "pippin": "#c07a12",
                  "merry": "#8a3fb0", "fatty": "#a0522d"}
PATH = ("bag-end", "rivendell", "moria", "lothlorien", "helms-deep", "shelobs-lair",
        "mordor", "mount-doom")
WHO = {"group": "the group gives", "each": "each hobbit gives", "one": "one hobbit gives",
       "active": "the active hobbit gives", "ring-bearer": "the Ring-bearer gives"}
TARGET = {"active": "the active hobbit", "ring-bearer": "the Ring-bearer",
          "each": "each hobbit", "payer": "he", "others": "the others"}


def cost_words(cost) -> str:
    """A cost in words: '1 friendship and 1 joker', '3 darkness', 'the card Eowyn'."""
    parts = default_components()
    words = []
    for kind, amount in cost:
        if kind == "card":
            words.append(parts.cards[amount].name)
        elif kind == "roll":
            words.append(f"{amount} roll{'s' if amount > 1 else ''} of the die")
        elif kind == "darkness":
            words.append(f"{amount} steps into darkness")
        elif kind == "match":
            words.append(f"{amount} cards matching a revealed one")
        elif kind == "call-sauron":
            words.append("a call to Sauron")
        else:
            words.append(f"{amount} {kind}")
    return " and ".join(words)


def effect_words(effect: tuple) -> str:
    """One effect of the vocabulary (components.EFFECTS) in words."""
    verb, args = effect[0], effect[1:]
    who = TARGET.get(args[1], args[1]) if len(args) > 1 and isinstance(args[1], str) else ""
    n = args[0] if args else 0
    words = {
        "eye": lambda: f"Sauron moves {n}",
        "darkness": lambda: f"{who} moves {n} into darkness",
        "roll": lambda: f"{who} rolls the die" + (f" {n} times" if n > 1 else ""),
        "draw": lambda: f"{who} draws {n}",
        "heal": lambda: f"{who} heals {n}",
        "discard": lambda: f"{who} discards {n} cards",
        "lose-runes": lambda: f"{who} loses {n} runes",
        "gain-runes": lambda: f"{who} gains {n} runes",
        "next-event": lambda: "the next event follows",
        "receive": lambda: f"{who} receives {default_components().cards[n].name}",
        "lose-board-cards": lambda: "the board's legendary cards are lost",
        "lose": lambda: "the Fellowship loses",
        "choose": lambda: f"{TARGET.get(n, n)} chooses: "
                          + " or ".join(", ".join(effect_words(e) for e in branch)
                                        for branch in args[1:]),
        "deal-legendary": lambda: "the legendary cards are dealt",
        "pass-left": lambda: f"each passes {n} card to the left",
        "distribute": lambda: f"{n} cards are shared out",
        "black-rider": lambda: f"the Black Rider advances {n}",
        "call-sauron": lambda: f"{TARGET.get(n, n)} calls Sauron",
        "darkness-if-fewer-cards": lambda: f"each with fewer than {n} cards moves 1 into "
                                           f"darkness",
        "sauron-draws": lambda: f"Sauron draws {n}",
        "discard-or-eliminated": lambda: f"{who} discards {n} or is eliminated",
        "eliminate": lambda: f"{TARGET.get(n, n)} is eliminated",
    }
    return words[verb]() if verb in words else verb


def resolution_words(res: Resolution) -> str:
    """What an event (step, tile, incident) does, in words."""
    then = ", ".join(effect_words(e) for e in res.then)
    otherwise = ", ".join(effect_words(e) for e in res.otherwise)
    if res.if_complete:
        tracks = " and ".join(t.replace(":1", " (first part)") for t in res.if_complete)
        return (f"if {tracks} {'is' if len(res.if_complete) == 1 else 'are'} complete"
                + (f": {then}" if then else ": nothing") + (f"; else {otherwise}"
                                                            if otherwise else ""))
    if res.ask:
        out = f"{WHO[res.ask]} {cost_words(res.cost)}" + (" (may)" if res.may else "")
        if then:
            out += f": {then}"
        return out + (f"; else {otherwise}" if otherwise else "")
    return then or otherwise or "nothing"


def _space_x(i: int, spaces: int) -> float:
    step = 944 / spaces
    return 8 + step * (i + 0.5)


def master_board(view: Mapping[str, Any], y: float) -> tuple[list[str], float]:
    """The Master board: the corruption line, the adventure path and the hobbits."""
    parts = default_components()
    spaces = parts.temptation_spaces + 1
    top = y
    out = [text(12, y + 14, "Master board: the corruption line", 13, font_weight="bold")]
    line_y = y + 46
    step = 944 / spaces
    for i in range(spaces):
        dark = i >= view["sauron"]
        # light at Bag End's end, darker towards Mordor, black from Sauron on
        shade = "#2a2a2a" if dark else f"#{255 - i * 6:02x}{248 - i * 8:02x}{230 - i * 9:02x}"
        left = _space_x(i, spaces) - step / 2
        out.append(f'<rect class="corruption-space" data-space="{i}" x="{left + 1:.1f}" '
                   f'y="{line_y - 16}" width="{step - 2:.1f}" height="32" rx="4" fill="{shade}" '
                   f'stroke="#6a3d00"/>')
        out.append(text(_space_x(i, spaces) - step / 2 + 3, line_y + 12, str(i), 8,
                        fill="#bbb" if dark else "#6a3d00"))
    out.append(_eye(_space_x(view["sauron"], spaces), line_y, view["sauron"]))
    if view.get("black_rider") is not None:
        out.append(_rider(_space_x(view["black_rider"], spaces), line_y - 18,
                          view["black_rider_returning"], view["black_rider"]))
    stacks: Counter = Counter()
    for seat, char in enumerate(view["characters"]):
        if view["eliminated"][seat]:
            continue
        pos = view["positions"][seat]
        out.append(_hobbit_marker(view, seat, _space_x(pos, spaces),
                                  line_y + 26 + 15 * stacks[pos]))
        stacks[pos] += 1
    y = line_y + 26 + 15 * max(stacks.values() or [1]) + 6
    path, y = _adventure_path(view, y)
    out += path
    panels, y = _hobbit_panels(view, y)
    out += panels
    frame = (f'<g class="master-board"><rect x="4" y="{top}" width="952" '
             f'height="{y - top + 4:.0f}" rx="8" fill="#e6dcc0" stroke="#8b6b3a"/>')
    return [frame] + out + ["</g>"], y + 12


def _eye(cx: float, cy: float, space: int) -> str:
    """Sauron's marker: a lidless eye, an almond of fire around a slit pupil."""
    return (f'<g class="sauron" data-space="{space}"><title>Sauron</title>'
            f'<path d="M {cx - 14:.1f} {cy} Q {cx:.1f} {cy - 11} {cx + 14:.1f} {cy} '
            f'Q {cx:.1f} {cy + 11} {cx - 14:.1f} {cy} Z" fill="#e8590c" stroke="#7a1f00"/>'
            f'<ellipse cx="{cx:.1f}" cy="{cy}" rx="2.2" ry="6" fill="#111"/></g>')


def _rider(cx: float, base: float, returning: bool, space: int) -> str:
    """The Black Rider: a black hooded rider on a horse (turned towards Mordor when he
    rides back, as the figure is turned in the rulebook)."""
    flip = -1.0 if returning else 1.0

    def p(dx: float, dy: float) -> str:
        return f"{cx + flip * dx:.1f} {base - dy:.1f}"
    horse = (f"M {p(-10, 0)} L {p(-8, 9)} L {p(6, 10)} L {p(10, 16)} L {p(12, 13)} "
             f"L {p(9, 7)} L {p(8, 0)} L {p(5, 0)} L {p(5, 6)} L {p(-5, 6)} L {p(-6, 0)} Z")
    cloak = f"M {p(-4, 9)} L {p(-1, 21)} L {p(3, 21)} L {p(4, 9)} Z"
    head = p(1, 23).split()
    return (f'<g class="black-rider" data-space="{space}" '
            f'data-returning="{str(returning).lower()}">'
            f'<title>the Black Rider{" riding back to Mordor" if returning else ""}</title>'
            f'<path d="{horse}" fill="#111"/><path d="{cloak}" fill="#111"/>'
            f'<circle cx="{head[0]}" cy="{head[1]}" r="3.5" fill="#111"/></g>')


def _hobbit_marker(view: Mapping[str, Any], seat: int, cx: float, cy: float) -> str:
    """A hobbit's marker: a disc in his colour with his initial (the Ring-bearer's ringed)."""
    char = view["characters"][seat]
    name = default_components().character_names[char]
    ring = (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="9.5" fill="none" stroke="#d4a017" '
            f'stroke-width="2.5"/>' if view["ring_bearer"] == seat else "")
    return (f'<g class="hobbit" data-character="{char}" data-space="{view["positions"][seat]}">'
            f'{ring}<circle cx="{cx:.1f}" cy="{cy:.1f}" r="7" '
            f'fill="{HOBBIT_COLOURS.get(char, "#000")}"/>'
            + text(cx - 3.5, cy + 3.5, name[0], 9, fill="#fff", font_weight="bold") + "</g>")


def _location(view: Mapping[str, Any]) -> str:
    """Where the Fellowship is on the adventure path (Mount Doom: the Crack reached)."""
    if (view.get("procedure") or {}).get("at_crack"):
        return "mount-doom"
    return view["board"]


def _adventure_path(view: Mapping[str, Any], y: float) -> tuple[list[str], float]:
    parts = default_components()
    here = PATH.index(_location(view))
    out = [text(12, y + 12, "Adventure path", 11, font_weight="bold")]
    cy = y + 26
    xs = [128 + k * 112 for k in range(len(PATH))]
    out.append(f'<path d="M {xs[0]} {cy} L {xs[-1]} {cy}" stroke="#8b5a2b" stroke-width="3" '
               f'stroke-dasharray="6 3"/>')
    for k, place in enumerate(PATH):
        name = parts.boards[place].name if place in parts.boards else "Mount Doom"
        done, current = k < here, k == here
        fill = "#f2c94c" if current else ("#b9a98a" if done else "#fffaf0")
        out.append(f'<g class="path-place{" current" if current else ""}" data-location="{place}">'
                   f'<circle cx="{xs[k]}" cy="{cy}" r="{9 if current else 6}" fill="{fill}" '
                   f'stroke="#6a3d00" stroke-width="{2 if current else 1}"/>'
                   + text(xs[k] - len(name) * 2.6, cy + 20, name, 9,
                          font_weight="bold" if current else "normal") + "</g>")
    return out, cy + 26


def _hobbit_panels(view: Mapping[str, Any], y: float) -> tuple[list[str], float]:
    """Each hobbit's place in front of him: life tokens, runes, hand (backs, counted)."""
    parts = default_components()
    n = len(view["characters"])
    w = 944 / n
    out = []
    for seat, char in enumerate(view["characters"]):
        x = 8 + seat * w
        gone = view["eliminated"][seat]
        active = view["active"] == seat
        out.append(f'<g class="hobbit-panel" data-character="{char}" '
                   f'data-eliminated="{str(gone).lower()}">'
                   f'<rect x="{x:.1f}" y="{y}" width="{w - 6:.1f}" height="62" rx="6" '
                   f'fill="{"#d8d2c4" if gone else "#fffaf0"}" '
                   f'stroke="{"#c0392b" if active else HOBBIT_COLOURS[char]}" '
                   f'stroke-width="{2.5 if active else 1.2}"/>')
        title = parts.character_names[char] + (" (Ring-bearer)" if view["ring_bearer"] == seat
                                               else "") + (" - eliminated" if gone else "")
        out.append(f'<circle cx="{x + 10:.1f}" cy="{y + 11}" r="5" fill="{HOBBIT_COLOURS[char]}"/>')
        out.append(text(x + 18, y + 15, title, 11, font_weight="bold"))
        if view["ring_bearer"] == seat:
            out.append(f'<circle class="ring-bearer" cx="{x + w - 20:.1f}" cy="{y + 12}" r="6" '
                       f'fill="none" stroke="#d4a017" stroke-width="3"/>')
        if not gone:
            tx = x + 8
            for kind in LIFE_TOKENS:
                for _ in range(view["life"][seat][kind]):
                    out.append(token(kind, tx + 6, y + 32, 6))
                    tx += 14
            out.append(token("rune", tx + 8, y + 32, 7))
            out.append(text(tx + 17, y + 36, f"{view['runes'][seat]}", 10, font_weight="bold",
                            **{"class": "runes", "data-runes": str(view["runes"][seat])}))
            hand = view["hand_sizes"][seat]
            out.append(_mini_backs(x + 10, y + 43, hand, char))
            if char in view.get("fellowship_cards", ()):
                out.append(f'<rect x="{x + w - 42:.1f}" y="{y + 24}" width="24" height="32" '
                           f'rx="3" fill="#dfeed8" stroke="#2f5e3a"/>'
                           + text(x + w - 39, y + 43, "Fel.", 7))
        out.append("</g>")
    return out, y + 66


def _mini_backs(x: float, y: float, count: int, char: str) -> str:
    """A hobbit's hand as small backs in a row, with the count."""
    cards = "".join(f'<rect x="{x + k * 5:.1f}" y="{y}" width="8" height="12" rx="1" '
                    f'fill="#5b3a1e" stroke="#e8d9b0" stroke-width=".5"/>'
                    for k in range(min(count, 12)))
    return (f'<g class="hand-size" data-character="{char}" data-count="{count}">{cards}'
            + text(x + min(count, 12) * 5 + 12, y + 10, f"{count} cards", 9) + "</g>")


def play_board(view: Mapping[str, Any], y: float) -> tuple[list[str], float]:
    """The board in play: a conflict board's tracks and events, or a board of steps."""
    board = default_components().boards[view["board"]]
    out = ['<g class="play-board" data-board="' + board.id + '">',
           text(12, y + 14, board.name, 14, font_weight="bold")]
    y += 22
    part, y = (_conflict(view, board, y) if board.kind == "conflict"
               else _steps(board, y))
    out += part
    if board.kind != "conflict":  # no tile is drawn on a board of steps
        return out + ["</g>"], y
    part, y = _tiles(view, y)
    return out + part + ["</g>"], y


def _steps(board: Board, y: float) -> tuple[list[str], float]:
    out = []
    for k, step in enumerate(board.steps):
        out.append(text(16, y + 12, f"{k + 1}. {step.name}: {resolution_words(step)}", 10,
                        **{"class": "board-step"}))
        y += 15
    return out, y + 4


def _conflict(view: Mapping[str, Any], board: Board, y: float) -> tuple[list[str], float]:
    out = []
    tokens = {(t, s): tok for t, s, tok in view.get("resource_spaces", ())}
    for track, spaces in board.tracks.items():
        at = view["tracks"].get(track, 0)
        main = track == board.main
        n = len(spaces)
        cell = min(58.0, 820 / n)
        out.append(f'<g class="track" data-track="{track}" data-at="{at}" '
                   f'data-main="{str(main).lower()}">')
        out.append(symbol(track, 20, y + 16, 9))
        out.append(text(32, y + 14, track, 10, font_weight="bold" if main else "normal"))
        out.append(text(32, y + 25, "main" if main else f"{at}/{n}", 8,
                        fill="#a00" if main else "#555"))
        for i, items in enumerate(spaces):
            x = 126 + i * cell
            reached = i < at
            out.append(f'<rect class="track-space" data-space="{i + 1}" x="{x:.1f}" y="{y}" '
                       f'width="{cell - 3:.1f}" height="30" rx="3" '
                       f'fill="{"#d9c79d" if reached else "#fffaf0"}" stroke="#6a3d00"/>')
            if board.parts.get(track) == i + 1:
                out.append(f'<path d="M {x + cell - 1.5:.1f} {y - 3} L {x + cell - 1.5:.1f} '
                           f'{y + 33}" stroke="#a00" stroke-width="2"/>')
            size = 8 if len(items) == 1 else 6
            for k, item in enumerate(items):
                out.append(reward(item, x + (cell - 3) / 2 + (k - (len(items) - 1) / 2) * 15,
                                  y + 15, size))
            if main:
                out.append(text(x + 2, y + 40, str(board.main_scores[i]), 7, fill="#a00"))
            if (track, i + 1) in tokens:
                tok = tokens[(track, i + 1)]
                out.append(f'<g class="resource-token" data-token="{tok}"><title>{tok}</title>'
                           f'<circle cx="{x + cell - 9:.1f}" cy="{y + 5}" r="7" fill="#f2c94c" '
                           f'stroke="#6a3d00"/>'
                           + text(x + cell - 14, y + 8, TOKEN_LABELS.get(tok, tok[:2]), 7)
                           + "</g>")
        # the Fellowship's marker on the space reached
        mx = 126 + max(at - 1, 0) * cell + (cell - 3) / 2
        if at:
            out.append(f'<g class="fellowship-marker" data-track="{track}" data-space="{at}">'
                       f'<polygon points="{mx - 6:.1f},{y - 4} {mx + 6:.1f},{y - 4} '
                       f'{mx:.1f},{y + 4}" fill="#2b2418"/></g>')
        out.append("</g>")
        y += 46 if main else 38
    out += _events(view, board, y)
    return out, y + 78


def _events(view: Mapping[str, Any], board: Board, y: float) -> list[str]:
    """The event line: the events passed, the marker, the next event and what it does."""
    done = view["event"]
    w = 940 / len(board.events)
    out = [f'<g class="event-line" data-event="{done}">']
    for k, event in enumerate(board.events):
        x = 10 + k * w
        state = "passed" if k < done else ("next" if k == done else "ahead")
        fill = {"passed": "#b9a98a", "next": "#f6dc74", "ahead": "#fffaf0"}[state]
        out.append(f'<g class="event" data-index="{k + 1}" data-state="{state}">'
                   f'<rect x="{x:.1f}" y="{y}" width="{w - 6:.1f}" height="34" rx="4" '
                   f'fill="{fill}" stroke="{"#a00" if state == "next" else "#6a3d00"}" '
                   f'stroke-width="{2 if state == "next" else 1}"/>'
                   + paragraph(x + 4, y + 13, f"{k + 1}. {event.name}", int(w / 5.6), 9, 2)
                   + "</g>")
    if done:
        mx = 10 + (done - 1) * w + w / 2
        out.append(f'<g class="event-marker"><circle cx="{mx:.1f}" cy="{y + 36}" r="5" '
                   f'fill="#2b2418"/></g>')
    if done < len(board.events):
        nxt = board.events[done]
        out.append(paragraph(12, y + 52, f"Next event: {nxt.name} - {resolution_words(nxt)}",
                             150, 10, 2, font_weight="bold", **{"class": "next-event"}))
    else:
        out.append(text(12, y + 52, "Every event has come.", 10, **{"class": "next-event"}))
    return out + ["</g>"]


TILE_KINDS = ("fighting", "hiding", "travelling", "friendship", "event", "darkness", "items",
              "sauron", "dark")
TILE_WORDS = {"event": "sundial", "darkness": "darkness", "items": "sundial & items",
              "sauron": "Sauron", "dark": "Dark Event"}


def _tile_kind(tid: str) -> str:
    parts = default_components()
    tile = parts.tiles.get(tid) or parts.sauron_tokens.get(tid) or parts.dark_events.get(tid)
    if tile is None:
        return "dark"
    return tile.track if tile.kind == "activity" else tile.kind


def _sundial(x: float, y: float) -> str:
    """The sundial of an event tile: a dial and its gnomon."""
    return (f'<path d="M {x - 8:.1f} {y + 3} A 8 8 0 0 1 {x + 8:.1f} {y + 3} Z" fill="#c99a06"/>'
            f'<path d="M {x:.1f} {y + 3} L {x + 5:.1f} {y - 5}" stroke="#222" stroke-width="1.5"/>')


def _tile(kind: str, x: float, y: float, tid: str, declined: bool) -> str:
    """A story tile: a disc with the track's symbol, or the kind's mark."""
    fill = {"sauron": "#3a1f1a", "dark": "#1f2a24", "darkness": "#2b2b2b"}.get(kind, "#efe0b8")
    inner = (symbol(kind, x, y, 8) if kind in ("fighting", "hiding", "travelling",
                                              "friendship")
             else _sundial(x, y) if kind == "event"
             else text(x - 10, y + 3, {"items": "s+3",
                                       "darkness": "dark", "sauron": "eye",
                                       "dark": "DE"}[kind], 8,
                       fill="#fff" if kind in ("sauron", "dark", "darkness") else "#222"))
    return (f'<g class="tile" data-tile="{tid}" data-kind="{kind}" '
            f'data-declined="{str(declined).lower()}">'
            f'<circle cx="{x:.1f}" cy="{y}" r="12" fill="{"#777" if declined else fill}" '
            f'stroke="#6a3d00"/>{inner}</g>')


def _tiles(view: Mapping[str, Any], y: float) -> tuple[list[str], float]:
    """The tiles drawn this turn in order, and the bag's contents counted by kind."""
    out = [text(12, y + 14, "Tiles drawn this turn:", 10, font_weight="bold")]
    declined = set(view.get("declined", ()))
    x = 150
    out.append('<g class="tiles-drawn">')
    for k, tid in enumerate(view["revealed"]):
        out.append(_tile(_tile_kind(tid), x, y + 10, tid, k in declined))
        x += 28
    out.append("</g>")
    if not view["revealed"]:
        out.append(text(x, y + 14, "none", 10))
    bag = Counter()
    for tid, n in ((view.get("procedure") or {}).get("tiles") or {}).items():
        bag[_tile_kind(tid)] += n
    out.append(text(12, y + 42, f"In the bag ({view['tiles_left']}):", 10, font_weight="bold"))
    x = 150
    for kind in TILE_KINDS:
        if kind not in bag and kind in ("sauron", "dark"):
            continue
        out.append(f'<g class="bag-count" data-kind="{kind}" data-count="{bag[kind]}">'
                   + _tile(kind, x, y + 38, kind, False)
                   + text(x + 15, y + 42, f"{bag[kind]}", 10, font_weight="bold")
                   + text(x - 14, y + 60, TILE_WORDS.get(kind, kind), 7) + "</g>")
        x += 78
    return out, y + 66


