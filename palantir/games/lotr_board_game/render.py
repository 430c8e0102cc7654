"""The Lord of the Rings board game in the terminal, drawn from a seat's view alone.

The table shows the board the Fellowship is on (its tracks and the event marker), the
Temptation track with Sauron (and the Black Rider with the expansion), each hobbit's
runes, life tokens and hand size, the seat's own hand, whose turn it is and what is asked.
Only what the view holds is drawn, so a seat never sees more than it may.
"""

from __future__ import annotations

from typing import Any, Mapping

from .components import LIFE_TOKENS, default_components

RESET = "\x1b[0m"
QUESTION_WORDS = {
    "act": "the turn's action: play up to 2 cards, draw 2, heal, or the Ring",
    "give": "give towards a cost, or pass",
    "track": "choose the track an activity tile advances",
    "discard": "discard a card",
    "choose": "choose a benefit",
    "council": "Council: choose the card to pass to the left",
    "deal": "Preparations: who receives the revealed card",
    "window": "play a yellow, Gandalf, resource or Fellowship card now, or continue",
    "foresight": "Foresight: order the top tiles",
    "sauron-call": "Sauron is called instead of a roll: a card on the hobbit, or refill",
    "sauron-refill": "Sauron discards another card before drawing up to six, or refills",
    "decline": "Dark Events: carry out the token just taken, or decline it",
    "use-token": "Foresight (bag): the face-up token to use next",
    "sauron-start": "Sauron at the start of the turn: a card (one symbol), draw, or a Nazgûl",
    "sauron-symbol": "choose the one symbol to suffer",
    "life-token": "choose the life token to discard",
}


# Resources: a short label for each token (SVG discs, terminal lines use the ids).
TOKEN_LABELS = {"narya": "Na", "nenya": "Ne", "vilya": "Vi", "star-of-elendil": "St",
                "gwaihir": "Gw", "red-arrow": "RA", "three-hobbit-cards": "3c",
                "three-runes": "3r", "two-towards-light": "2l"}


class _Paint:
    def __init__(self, color: bool):
        self.color = color

    def __call__(self, text: str, code: str) -> str:
        return f"\x1b[{code}m{text}{RESET}" if self.color else text


def rules_names(view: Mapping[str, Any]) -> list[str]:
    """The names in the rules' order: the hobbits clockwise, then Sauron (expansion)."""
    names = default_components().character_names
    out = [names[c] for c in view["characters"]]
    if view.get("sauron_seat") is not None:
        out.append("Sauron")
    return out


def seat_names(view: Mapping[str, Any]) -> list[str]:
    """The name of each table seat: its hobbit, or Sauron (the last seat, or the one dealt
    the Sauron card)."""
    names = rules_names(view)
    out = [""] * len(names)
    for rules, table in enumerate(view.get("table_seats") or range(len(names))):
        out[table] = names[rules]
    return out


def seat_title(view: Mapping, seat: int) -> str:
    """The name a seat goes by at the table."""
    return seat_names(view)[seat]


def status_line(view: Mapping[str, Any]) -> str:
    """Whose decision it is and what is asked (or the result)."""
    if view["result"] is not None:
        word = "wins" if view["result"] == "won" else "loses"
        return f"The Fellowship {word}: {view.get('score', 0)} points"
    names = rules_names(view)
    question = view["question"] or {}
    asked = question.get("seat")
    text = f"Turn {view['turns']}, {names[view['active']]} active"
    if asked is not None:
        text += f" — {names[asked]}: {QUESTION_WORDS.get(question['kind'], question['kind'])}"
        if question.get("kind") == "give":
            cost = ", ".join(f"{v} {k}" for k, v in question["cost"].items())
            text += f" ({question['name']}: {cost})"
        if question.get("kind") == "discard":
            text += f" ({question['count']})"
    return text


def track_lines(view: Mapping[str, Any]) -> list[str]:
    """Each track of the board as filled and empty spaces, the main track marked."""
    board = default_components().boards[view["board"]]
    if board.kind != "conflict":
        return [f"{board.name}: the Fellowship passes through"]
    lines = []
    for track, spaces in board.tracks.items():
        at = view["tracks"].get(track, 0)
        cells = "".join("■" if i < at else "□" for i in range(len(spaces)))
        main = " (main)" if track == board.main else ""
        tokens = [f"{token} above {space}" for t, space, token in view.get("resource_spaces", ())
                  if t == track]
        lines.append(f"  {track:<11}{cells} {at}/{len(spaces)}{main}"
                     + (f"  tokens: {', '.join(tokens)}" if tokens else ""))
    names = [e.name for e in board.events]
    lines.append(f"  events     {view['event']}/{len(names)}"
                 + (f" — last: {names[view['event'] - 1]}" if view["event"] else ""))
    return lines


def temptation_line(view: Mapping[str, Any]) -> str:
    """The Temptation track 0..15: each hobbit by two letters, SAURON, the Black RIDER
    (RIDER< when it rides back to Mordor)."""
    parts = default_components()
    cells = [[] for _ in range(parts.temptation_spaces + 1)]
    for seat, char in enumerate(view["characters"]):
        if not view["eliminated"][seat]:
            cells[view["positions"][seat]].append(parts.character_names[char][:2])
    cells[view["sauron"]].append("SAURON")
    if view.get("black_rider") is not None:
        cells[view["black_rider"]].append("RIDER" + ("<" if view["black_rider_returning"] else ""))
    return " ".join(f"{i}:{'+'.join(c)}" if c else str(i) for i, c in enumerate(cells))


def hobbit_line(view: Mapping[str, Any], seat: int) -> str:
    """A hobbit's runes, life tokens, hand size and place on the Temptation track."""
    names = rules_names(view)
    if view["eliminated"][seat]:
        return f"  {names[seat]}: eliminated"
    life = ", ".join(f"{view['life'][seat][k]} {k}" for k in LIFE_TOKENS)
    bearer = " (Ring-bearer)" if view["ring_bearer"] == seat else ""
    card = ", Fellowship card" if view["characters"][seat] in view.get("fellowship_cards",
                                                                       ()) else ""
    return (f"  {names[seat]}{bearer}: at {view['positions'][seat]}, "
            f"{view['runes'][seat]} runes, {life}, {view['hand_sizes'][seat]} cards{card}")


def render_table(view: Mapping, color: bool = True) -> str:
    """The whole table as `view` shows it."""
    paint = _Paint(color)
    parts = default_components()
    board = parts.boards[view["board"]]
    lines = [paint(f"The Lord of the Rings · {board.name}", "1"), status_line(view), ""]
    lines += track_lines(view)
    lines += ["", "Temptation track: " + temptation_line(view)]
    for seat in range(len(view["characters"])):
        lines.append(hobbit_line(view, seat))
    if view.get("sauron_seat") is not None:
        lines.append(f"  Sauron: {view['sauron_hand_size']} cards, Nazgûl face up: "
                     f"{', '.join(view['nazgul_up']) or 'none'}, Black Rider on "
                     f"{view['black_rider']}"
                     + (" riding back to Mordor" if view["black_rider_returning"] else ""))
        lines.append(f"  resource cards face up: {', '.join(view['resource_pile']) or 'none'}"
                     f", resource tokens face down: {view['resource_tokens_left']}"
                     + (", three cards this turn (Pippin's card)" if view["three_cards"]
                        else ""))
    lines.append(f"  deck {view['deck_size']}, tiles left {view['tiles_left']}, "
                 f"Gandalf cards left: {', '.join(view['gandalf_left']) or 'none'}")
    if view.get("special_cards"):
        lines.append(f"  special cards face up: {', '.join(view['special_cards'])}")
    if view["revealed"]:
        lines.append("  tiles revealed this turn: " + ", ".join(view["revealed"]))
    seat = view["rules_seat"]
    if view.get("hand") is not None:
        lines += ["", paint("Your hand: ", "1") + (", ".join(view["hand"]) or "empty")]
    if view.get("sauron_hand") is not None and seat == view.get("sauron_seat"):
        lines += ["", paint("Your Sauron cards: ", "1") + (", ".join(view["sauron_hand"])
                                                          or "none")]
    question = view["question"] or {}
    if question.get("pot"):
        names = rules_names(view)
        lines.append("Offered: " + ", ".join(f"{names[s]} {i}" for s, i in question["pot"]))
    if question.get("shown"):
        lines.append("Revealed to distribute: " + ", ".join(question["shown"]))
    return "\n".join(lines)


def help_text(view: Mapping) -> str:
    """The notation, and what the decision at hand is."""
    question = view["question"] or {}
    lines = [
        "Notation (docs/lotr-board-game.md):",
        "  play white-fighting@fighting grey-hiding@hiding   draw   heal   ring travelling",
        "  give <card> | give rune | give ring   take   pass   track hiding   discard <card>",
        "  choose draw   pass <card> (Council)   deal sam   yellow <card>[@hobbit]",
        "  gandalf <card>[@target]   order <tiles>   continue   rider 3",
        "  Sauron: sauron <card>   refill [card]   draw   nazgul <card>   suffer <symbol>",
        "  lose heart (the life token you discard to a Sauron card)",
        "  resource narya | resource gwaihir <card>   fellowship frodo@hiding | fellowship sam",
        "Or type the number of a decision from the list. 'quit' leaves the game.",
    ]
    if question:
        lines += ["", "Now: " + QUESTION_WORDS.get(question["kind"], question["kind"])]
    return "\n".join(lines)
