"""The board game's decisions, prompts and rules help in words (issue 13, items 4 and 5).

Every function here is given a seat's view only: a label, prompt or help line is made of
the seat's own hand, the open question and what the table shows face up, so it names no
card another seat holds. Words come from the game's data (components.py: card names and
symbols, the events' costs and effects, the Sauron and Nazgûl cards' symbols), read by
the few tables below, never from prose written for one case.
"""

from __future__ import annotations

import re
import textwrap
from typing import Any, Mapping, Sequence

from .components import ACTIVITIES, Resolution, default_components
from . import render
from .notation import VERBS
from .render import QUESTION_WORDS, rules_names

View = Mapping[str, Any]

# Who an effect or a cost falls on (components.TARGETS and ASKS).
WHO = {"active": "the active hobbit", "ring-bearer": "the Ring-bearer",
       "each": "each hobbit", "payer": "the payer", "others": "each other hobbit",
       "group": "the group together", "one": "one hobbit"}
REFUSER = "the hobbit who refuses"
# What each effect verb does (components.EFFECTS); {n} its number, {who} its target.
EFFECT_WORDS = {
    "eye": "Sauron moves {n} towards the hobbits",
    "darkness": "{who} moves {n} into darkness",
    "roll": "{who} rolls the threat die",
    "draw": "{who} draws {n} hobbit cards",
    "heal": "{who} heals {n} (towards the light)",
    "discard": "{who} discards {n} cards",
    "lose-runes": "{who} loses {n} runes",
    "gain-runes": "{who} gains {n} runes",
    "next-event": "the next event follows",
    "receive": "{who} receives {card}",
    "lose-board-cards": "the cards of {board} are lost",
    "lose": "the Fellowship loses the game",
    "deal-legendary": "the legendary cards of {board} are dealt",
    "pass-left": "each hobbit passes {n} card to the left",
    "distribute": "{n} revealed cards are shared out",
    "black-rider": "the Black Rider advances {n}",
    "call-sauron": "{who} calls Sauron (a Sauron card instead of a roll)",
    "darkness-if-fewer-cards": "each hobbit with fewer cards moves {n} into darkness",
    "sauron-draws": "Sauron draws {n} Sauron cards",
    "discard-or-eliminated": "{who} discards {n} cards or is eliminated",
    "eliminate": "{who} is eliminated",
}
# What a cost asks for (components.COST_KINDS).
COST_WORDS = {"symbols": "{n} symbols (any)", "joker": "{n} joker", "cards": "{n} cards",
              "runes": "{n} runes", "life": "{n} life tokens (any)", "ring": "{n} Ring token",
              "heart": "{n} heart token", "sun": "{n} sun token",
              "darkness": "{n} steps into darkness", "roll": "a roll of the threat die",
              "match": "a card of the revealed card's symbol", "card": "the card {n}",
              "call-sauron": "calling Sauron"}
# A Sauron card's symbols (components.SAURON_SYMBOLS; data/sauron.toml explains them).
SAURON_SYMBOL_WORDS = {
    "black-rider": "the Black Rider advances {n}",
    "sauron": "Sauron moves {n} towards the hobbits",
    "darkness": "the hobbit moves {n} into darkness",
    "discard-card": "the hobbit discards {n} cards",
    "discard-life": "the hobbit discards {n} life tokens",
    "discard-ring": "the hobbit discards {n} Ring tokens",
    "discard-runes": "the hobbit discards {n} runes",
    "hand-turn": "the hobbit hands the turn to Sauron",
}
# A board space's rewards (components.REWARDS; 'card:<id>' a legendary card).
REWARD_WORDS = {"rune": "a rune", "ring": "a Ring token", "heart": "a heart token",
                "sun": "a sun token", "roll": "the active hobbit rolls the threat die",
                "big-rune": "a special rune (1-3)", "heal": "the active hobbit heals 1",
                "-": "nothing"}
# The moment each window opens at (components.WINDOWS).
WINDOW_WORDS = {"turn-start": "the turn starts", "action": "before the turn's action",
                "event": "the event marker has moved to an event",
                "items-tile": "a 'sundial and three items' tile was revealed",
                "before-roll": "the threat die is about to be rolled",
                "after-roll": "the threat die or a Sauron card has just struck",
                "scenario-end": "the board ends: missing life tokens cost darkness",
                "after-sauron-card": "a Sauron card has just been played",
                "tile": "an event tile was just revealed", "turn-end": "the turn ends",
                "black-rider": "the Black Rider is about to ride"}
CONTINUE = "Nothing to play now — continue"
SINGULAR = re.compile(r"\b(1) (card|rune|token|symbol|Ring token|life token|Sauron card)s\b")
MOST_BUTTONS = 40   # the web table's decisions shown at once (issue 13, item 4)
NOTE_WIDTH = 88     # a menu line: number, notation and note within 99 columns


def counted_words(text: str) -> str:
    """'1 cards' read as '1 card': the tables above word every count in the plural."""
    return SINGULAR.sub(r"\1 \2", text)


def card_name(card: str) -> str:
    """A card as the table calls it: 'Friendship (white)', 'Aragorn', 'Gandalf: Magic'."""
    parts = default_components()
    info = parts.cards.get(card)
    if info is None:
        if card in parts.gandalf:
            return f"Gandalf: {parts.gandalf[card]['name']}"
        return card
    if info.is_hobbit_card:
        colour, _, symbol = info.name.partition(" ")
        return f"{symbol.capitalize()} ({colour})"
    return info.name


# The threat die's faces as the log tells them (components.die_faces).
DIE_FACE_WORDS = {"blank": "blank", "eye": "the Eye (Sauron moves 1)",
                  "darkness-1": "1 step into darkness", "darkness-2": "2 steps into darkness",
                  "darkness-3": "3 steps into darkness", "discard-2": "discard 2 cards"}
# A piece named in the log: 'card:x', 'token:x', or a card, tile, die face or reward id.
LOG_ID = re.compile(r"\b(?:(card|token):)?([a-z][a-z0-9]*(?:-[a-z0-9]+)*)\b")
# 'Sauron plays sauron-11 (black-rider 1, discard-card 1)': a Sauron card's symbols.
DECK_TWICE = re.compile(r"(?:Nazgûl|Sauron) card ((?:Nazgûl|Sauron) card \d+)")
# A decision's notation (notation.py): lower-case words, no narration's punctuation.
DECISION = re.compile(r"[a-z]+(?: [a-z0-9@-]+)*")
LOG_SYMBOLS = re.compile(r"\(((?:[a-z-]+ \d+(?:, )?)+)\)")


def piece_name(piece: str) -> str | None:
    """A card, tile, die face, resource token or reward by the name players know, or None
    for a word that names no piece."""
    parts = default_components()
    if piece in parts.cards:
        return card_name(piece)
    deck, _, number = piece.partition("-")
    if deck in ("sauron", "nazgul") and number.isdigit():
        return sauron_card_name(piece)
    if "-" in piece and _tile(piece) is not None:
        return tile_name(piece) if _tile(piece).resolution else None
    if piece in DIE_FACE_WORDS and "-" in piece:
        return DIE_FACE_WORDS[piece]
    if piece in parts.resource_tokens:
        return token_name(piece)
    if piece == "big-rune":
        return REWARD_WORDS[piece]
    return None


# A resource token's bonus as its picture shows it (components.resource_bonus: effect verbs).
BONUS_WORDS = {"draw": "{n} hobbit cards", "gain-runes": "{n} runes",
               "heal": "{n} steps towards the light"}


def token_name(token: str) -> str:
    """A resource token as players know it: its card ('Nenya') or its bonus ('3 runes')."""
    parts = default_components()
    if token in parts.cards:
        return parts.cards[token].name
    bonus = parts.resource_bonus.get(token)
    if not bonus:
        return token
    return " and ".join(BONUS_WORDS[verb].format(n=n) for verb, n, *_ in bonus)


def _tile(tile: str) -> Any:
    parts = default_components()
    return parts.tiles.get(tile) or parts.sauron_tokens.get(tile) or \
        parts.dark_events.get(tile)


def tile_name(tile: str) -> str:
    """A story tile by its kind ('fighting', 'event') or, quoted, the words on it."""
    found = _tile(tile)
    if found is None or found.resolution is None:
        return tile
    return f"'{found.resolution.name}'"


def gandalf_name(card: str) -> str:
    """A Gandalf card by its name ('Healing'), as the table lists the ones left."""
    found = default_components().gandalf.get(card)
    return found["name"] if found else card_name(card)


# A decision as the log tells it, where the words need the question it answered.
DECISION_WORDS = {"draw": "Draw cards", "lose": "Lose", "accept": "Accept", "decline":
                  "Decline", "special": "Play a special card", "use": "Use"}


def decision_words(text: str) -> str:
    """A decision of the log in words ('Play Sauron card 30: ...'), made of its text alone
    (the log line of a decision a seat may not read is withheld with its notation)."""
    words = text.split()
    said = action_label({}, text)
    if said == text or words[0] == "draw":
        said = " ".join([DECISION_WORDS.get(words[0], words[0].capitalize()), *words[1:]])
    return said


def log_words(line: str) -> str:
    """A line of the log with its pieces named as players know them: 'Frodo plays
    Friendship (white) on fighting', 'Sauron plays Sauron card 11 (the Black Rider advances
    1, the hobbit discards 1 cards)' — not the notation's ids (issue 13, item 2)."""
    def symbols(match: re.Match) -> str:
        said = []
        for part in match.group(1).split(", "):
            kind, _, n = part.rpartition(" ")
            if kind not in SAURON_SYMBOL_WORDS:
                return match.group(0)
            said.append(SAURON_SYMBOL_WORDS[kind].format(n=n))
        return "(" + counted_words(", ".join(said)) + ")"

    def named(match: re.Match) -> str:
        kind, piece = match.group(1), match.group(2)
        name = piece_name(piece)
        if name is None:
            return match.group(0)
        return f"the {name} token" if kind == "token" and piece in \
            default_components().cards else name

    if DECISION.fullmatch(line) and line.split()[0] in VERBS:
        line = decision_words(line)   # a decision's notation, as the web log lists it
    # 'the Nazgûl card nazgul-3' names its deck already.
    return DECK_TWICE.sub(r"\1", LOG_ID.sub(named, LOG_SYMBOLS.sub(symbols, line)))


def symbols_words(symbols: Sequence[tuple[str, int]]) -> str:
    """A card's symbols: '2 joker', '1 fighting + 1 hiding'."""
    return " + ".join(f"{n} {kind}" for kind, n in symbols)


def card_with_symbols(card: str) -> str:
    """A card, its symbols or its text: 'Aragorn [2 joker]', 'Staff: ignore one ...'."""
    parts = default_components()
    info = parts.cards.get(card)
    if info is None:
        return card_name(card)
    if info.is_hobbit_card:
        return card_name(card)
    if info.symbols:
        return f"{info.name} [{symbols_words(info.symbols)}]"
    return f"{info.name}: {info.text}" if info.text else info.name


def sauron_card_name(card: str) -> str:
    """'Sauron card 16', 'Nazgûl card 4': the cards carry no names, only numbers."""
    deck, _, number = card.partition("-")
    return f"{'Nazgûl' if deck == 'nazgul' else 'Sauron'} card {number}"


def sauron_card_words(card: str) -> str:
    """A Sauron or Nazgûl card's face in words, from its symbols and incident."""
    parts = default_components()
    for face in parts.sauron_cards:
        if face.id == card:
            counted: dict[str, int] = {}
            for kind, n in face.symbols:
                counted[kind] = counted.get(kind, 0) + n
            return " and ".join(counted_words(SAURON_SYMBOL_WORDS[k].format(n=n))
                                for k, n in counted.items())
    for face in parts.nazgul_cards:
        if face.id == card:
            kind, n = face.corner
            return (f"corner: {counted_words(SAURON_SYMBOL_WORDS[kind].format(n=n))}; incident: "
                    f"{face.incident.name}")
    return card


def effect_words(effect: Sequence[Any], payer: str = WHO["payer"]) -> str:
    """One effect of the data in words (`payer`: who 'payer' is, e.g. the one refusing)."""
    verb, *args = effect
    if verb == "choose":
        who, first, second = args
        who = payer if who == "payer" else WHO.get(who, who)
        return f"{who} chooses: {effects_words(first, payer)}, or {effects_words(second, payer)}"
    slots: dict[str, Any] = {"n": "", "who": "", "card": "", "board": ""}
    boards = default_components().boards
    for value in args:
        if isinstance(value, int):
            slots["n"] = value
        elif value in WHO:
            slots["who"] = payer if value == "payer" else WHO[value]
        elif value in boards:
            slots["board"] = boards[value].name
        else:
            slots["card"] = card_name(str(value))
    return counted_words(EFFECT_WORDS.get(verb, verb).format(**slots))


def effects_words(effects: Sequence[Sequence[Any]], payer: str = WHO["payer"]) -> str:
    """A list of effects in words ('nothing' for none)."""
    return ", then ".join(effect_words(e, payer) for e in effects) or "nothing"


def cost_words(cost: Mapping[str, Any] | Sequence[tuple[str, Any]]) -> str:
    """What a cost asks for: '2 hiding symbols and 1 joker'."""
    items = cost.items() if isinstance(cost, Mapping) else cost
    out = []
    for kind, n in items:
        if kind in ACTIVITIES:
            out.append(f"{n} {kind} symbol{'s' if n != 1 else ''}")
        else:
            out.append(COST_WORDS.get(kind, "{n} " + kind).format(
                n=card_name(n) if kind == "card" else n))
    return " and ".join(out)


def resolution_of(raw: Any) -> Resolution | None:
    """A Resolution from its form in the view's procedure (or None)."""
    if isinstance(raw, Resolution):
        return raw
    if isinstance(raw, Mapping) and "resolution" in raw:
        name, ask, cost, then, otherwise, if_complete, may = raw["resolution"]
        return Resolution(name, ask, tuple(tuple(c) for c in cost), tuple(then),
                          tuple(otherwise), tuple(if_complete), may)
    return None


def _procedure(view: View) -> Mapping[str, Any]:
    return view.get("procedure") or {}


def asked_resolution(view: View) -> Resolution | None:
    """The event, step or tile whose cost is being asked now (a `give` question)."""
    asking = _procedure(view).get("asking") or {}
    return resolution_of((asking.get("dict") or {}).get("res"))


def pending_resolution(view: View) -> Resolution | None:
    """The next event, step or tile the procedure will carry out (public steps only)."""
    for step in (_procedure(view).get("queue") or {}).get("list", ()):
        if step and step[0] in ("resolve", "cost"):
            found = resolution_of(step[1])
            if found is not None:
                return found
    return None


# What the procedure's next step does (rules' step names in the view's procedure); {who}
# the hobbit the step names, {card} its card, {track} its track.
STEP_WORDS = {"act": "{active}'s action (play cards, draw, heal or the Ring)",
              "reveal": "{active} reveals a tile",
              "roll-die": "{who} rolls the threat die",
              "call": "{who} rolls the threat die or calls Sauron",
              "sauron-card": "{card} strikes {who}",
              "suffer": "{who} suffers {card}",
              "life-tokens": "each hobbit missing a life token moves into darkness",
              "activity": "the {track} track advances",
              "end-turn": "the next hobbit's turn",
              "next-board": "the Fellowship moves on to the next board"}


def coming_step(view: View) -> str | None:
    """What the procedure does next, in words (its public steps only)."""
    steps = (_procedure(view).get("queue") or {}).get("list", ())
    if not steps:
        return None
    step = steps[0]
    found = resolution_of(step[1]) if len(step) > 1 else None
    if found is not None:
        return resolution_words(found)
    if step[0] not in STEP_WORDS:
        return None
    names = rules_names(view)
    slots = {"active": names[view["active"]], "who": "", "card": "", "track": ""}
    for value in step[1:]:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
            slots["who"] = names[value]
        elif isinstance(value, str) and value.startswith(("sauron-", "nazgul-")):
            slots["card"] = f"{sauron_card_name(value)} ({sauron_card_words(value)})"
        elif isinstance(value, str) and value in ACTIVITIES:
            slots["track"] = value
        elif isinstance(value, str) and not slots["card"]:
            slots["card"] = piece_name(value) or value
    return STEP_WORDS[step[0]].format(**slots)


def resolution_words(res: Resolution) -> str:
    """An event in words: who pays what, what follows, what a refusal costs."""
    text = res.name
    if res.cost:
        text += f" asks {WHO.get(res.ask, res.ask or 'the group')} for {cost_words(res.cost)}"
        if res.then:
            text += f", then {effects_words(res.then)}"
        if res.otherwise:
            text += f"; otherwise {effects_words(res.otherwise, REFUSER)}"
    elif res.then and effects_words(res.then) != res.name:
        text += f": {effects_words(res.then)}"
    return text


def refusal_words(view: View) -> str | None:
    """What refusing the cost asked now costs: 'Sauron moves 1 towards the hobbits'."""
    res = asked_resolution(view)
    if res is None:
        return None
    unpaid = "if it goes unpaid, " if res.ask == "group" else ""
    if res.otherwise:
        return unpaid + effects_words(res.otherwise, REFUSER)
    if res.then:
        return f"go without it ({effects_words(res.then)})"
    return unpaid + "nothing happens"


def next_event(view: View) -> str | None:
    """The event the event marker comes to next on this board, in words."""
    board = default_components().boards[view["board"]]
    if board.kind != "conflict" or view["event"] >= len(board.events):
        return None
    return resolution_words(board.events[view["event"]])


def prompt(view: View) -> str:
    """What is asked now, what is pending and what refusing costs, in one sentence."""
    question = view.get("question") or {}
    kind = question.get("kind")
    if view.get("result") is not None:
        return "The game is over."
    if kind is None:
        return ""
    text = QUESTION_WORDS.get(kind, kind)
    if kind == "give":
        res = asked_resolution(view)
        name = question.get("name") or (res.name if res else "")
        text = (f"{name} asks {WHO.get(question.get('ask'), 'the group')} for "
                f"{cost_words(question.get('cost', {}))}")
        refusal = refusal_words(view)
        if refusal:
            text += f"; pass: {refusal}"
    elif kind == "window":
        pending, coming = pending_resolution(view), coming_step(view)
        window = question.get("window")
        text = f"a moment to play a card: {WINDOW_WORDS.get(window, window)}"
        if coming:
            text += f"; next: {coming}"
        if pending and pending.name not in (coming or ""):
            text += f"; in progress: {resolution_words(pending)}"
        text += "; continue: the game goes on"
    elif kind == "act" and view.get("three_cards"):
        text = text.replace("up to 2 cards", "up to 3 cards (Pippin's card)")
    elif kind == "discard":
        count = question.get("count", 1)
        text = f"discard {count} card{'s' if count != 1 else ''}"
    return text


def _track_word(play: str) -> tuple[str, str]:
    card, _, track = play.partition("@")
    return card, track


def _play_words(play: str) -> str:
    card, track = _track_word(play)
    return f"{card_name(card)} on {track}"


def action_label(view: View, text: str) -> str:
    """A decision in words with card names: 'Play Friendship (white) on friendship'."""
    words = text.split()
    if not words:
        return text
    verb, rest = words[0], words[1:]
    kind = (view.get("question") or {}).get("kind")
    if verb == "play":
        return "Play " + ", ".join(_play_words(w) for w in rest)
    if verb == "continue":
        return CONTINUE
    if verb == "pass" and not rest:
        refusal = refusal_words(view) if kind == "give" else None
        return f"Pass: {refusal}" if refusal else "Pass"
    if verb == "pass":
        return f"Pass {card_name(rest[0])} to the left"
    if verb == "give":
        token = rest[0] in ("rune", "ring", "heart", "sun")
        return f"Give {'a ' + rest[0] if token else card_name(rest[0])}"
    if verb == "discard":
        return f"Discard {card_name(rest[0])}"
    if verb == "draw":
        return "Draw a Sauron card" if kind == "sauron-start" else "Draw 2 hobbit cards"
    if verb == "heal":
        return "Heal 1 (towards the light)"
    if verb == "ring":
        return f"Put on the Ring: roll, then {rest[0]} moves"
    if verb == "take":
        return "Take it on"
    if verb == "track":
        return f"Advance {rest[0]}"
    if verb == "choose":
        return f"Choose: {rest[0]}"
    if verb == "deal":
        return f"Give the card to {rest[0].capitalize()}"
    if verb == "yellow":
        card, _, who = rest[0].partition("@")
        extra = ""
        if len(rest) > 1:
            passed, _, to = rest[1].partition("@")
            extra = f": pass {card_name(passed)} to {to.capitalize()}"
        return (f"Play {card_with_symbols(card)}" + (f" for {who.capitalize()}" if who else "")
                + extra)
    if verb == "gandalf":
        card, _, target = rest[0].partition("@")
        return f"Call {card_name(card)}" + (f" ({target})" if target else "") + " for 5 runes"
    if verb in ("sauron", "nazgul"):
        return f"Play {sauron_card_name(rest[0])}: {sauron_card_words(rest[0])}"
    if verb == "refill":
        return "Draw up to six" + (f", discarding {', '.join(map(sauron_card_name, rest))}"
                                   if rest else "")
    if verb == "rider":
        return f"Play no cards: the Black Rider goes {rest[0]} back"
    if verb == "suffer":
        return f"Suffer {rest[0]}"
    if verb == "resource":
        card = default_components().cards[rest[0]].name
        return f"Play {card}" + (f": take back {card_name(rest[1])}" if len(rest) > 1 else "")
    if verb == "fellowship":
        who, _, track = rest[0].partition("@")
        what = f" on {track}" if track else (f": {card_name(rest[1])}" if len(rest) > 1 else "")
        return f"Use {who.capitalize()}'s Fellowship card{what}"
    if verb == "order":
        return "Order the tiles: " + ", ".join(rest)
    return text


def group_of(view: View, text: str) -> str | None:
    """The group a decision is listed under (None: on its own): a play by its first card
    and track, a card played in a window by the card."""
    words = text.split()
    if words[0] == "play":
        return f"Play {_play_words(words[1])}"
    if words[0] == "yellow":
        return f"Play {card_name(words[1].partition('@')[0])}"
    if words[0] in ("gandalf", "fellowship", "refill", "rider", "ring"):
        return {"gandalf": "Call Gandalf", "fellowship": "Fellowship cards",
                "refill": "Draw up to six", "rider": "Play no cards (Black Rider back)",
                "ring": "Put on the Ring"}[words[0]]
    return None


def _second_card(text: str) -> str:
    """The second card of a play and its track ('' for a play of one card)."""
    words = text.split()
    return words[2] if words[0] == "play" and len(words) > 2 else ""


def _split(group: str, texts: Sequence[str], room: int = MOST_BUTTONS) -> list[str]:
    """A group too long, cut into runs of at most `room` plays, keeping the plays of one
    second card together, each named by its first and last second card."""
    runs: list[list[int]] = []
    seconds: list[list[str]] = []
    for i, text in enumerate(texts):
        second = _second_card(text)
        fresh = not runs or (second not in seconds[-1] and len(runs[-1]) + sum(
            1 for t in texts[i:] if _second_card(t) == second) > room)
        if fresh:
            runs.append([])
            seconds.append([])
        runs[-1].append(i)
        if second not in seconds[-1]:
            seconds[-1].append(second)
    names = []
    for cards in seconds:
        named = [_play_words(c) for c in cards if c]
        span = named[0] if len(named) == 1 else f"{named[0]} … {named[-1]}" if named else ""
        names.append(f"{group} (then {span})" if span else group)
    out = [""] * len(texts)
    for run, name in zip(runs, names):
        for i in run:
            out[i] = name
    return out


def groups_of(view: View, texts: Sequence[str]) -> list[str | None]:
    """Each decision's group (None: on its own): by card and track, and a group too long
    cut by the second card into runs that fit (issue 13, item 3: Pippin's three cards made
    groups of up to 140 plays). A group fits when, opened, its plays, its toggle and the
    decisions on their own make at most MOST_BUTTONS buttons."""
    first = [group_of(view, text) for text in texts]
    # An open group's plays stand beside the decisions on their own and its own toggle
    # (the page hides the other groups' toggles meanwhile: web/table.js).
    return _cut(first, texts, max(1, MOST_BUTTONS - first.count(None) - 1))


def _cut(first: list[str | None], texts: Sequence[str], room: int) -> list[str | None]:
    """The groups with every group longer than `room` cut into runs (and, if they are
    then too many, neighbouring runs merged up to `room`)."""
    groups = list(first)
    for big in {g for g in groups if g is not None and groups.count(g) > room}:
        at = [i for i, g in enumerate(groups) if g == big]
        for i, name in zip(at, _split(big, [texts[i] for i in at], room)):
            groups[i] = name
    # Closed, every group is one button beside the decisions on their own.
    if len(set(groups) - {None}) + first.count(None) > MOST_BUTTONS:
        groups = _merged(groups, room)
    named = [g for g in groups if g is not None]
    if len(set(named)) + first.count(None) > MOST_BUTTONS or \
            any(named.count(g) > room for g in set(named)):
        groups = _packed(groups, texts, room)
    return groups


def _packed(groups: list[str | None], texts: Sequence[str], room: int) -> list[str | None]:
    """Still too many groups, or one too long (a hand of many cards: 1,191 plays made 42
    runs of 7 to 37; a second card's plays not listed together overfill its run): every
    play, in its group's order, packed into runs of exactly `room`, each named by its
    first and last play; the other groups kept. The fewest groups that fit."""
    order = list(dict.fromkeys(g for g in groups if g is not None))
    plays = [i for group in order if group.startswith("Play ")
             for i, g in enumerate(groups) if g == group]
    out = list(groups)
    for start in range(0, len(plays), room):
        run = plays[start:start + room]
        first, last = _play_title(texts[run[0]]), _play_title(texts[run[-1]])
        title = first if len(run) == 1 else f"{first} … {last.removeprefix('Play ')}"
        for i in run:
            out[i] = title
    return out


def _play_title(text: str) -> str:
    """A play in a run's name: 'Play Andúril on fighting + Aragorn on hiding'."""
    words = text.split()
    if words[0] == "play":
        return "Play " + " + ".join(_play_words(w) for w in words[1:])
    return f"Play {card_name(words[1].partition('@')[0])}"


def _merged(groups: list[str | None], room: int = MOST_BUTTONS) -> list[str | None]:
    """Too many groups: neighbouring groups of plays share one, up to `room` plays,
    named by the first and the last ('Play Joker (white) on fighting … Joker (white) on
    hiding')."""
    order = list(dict.fromkeys(groups))
    size = {g: groups.count(g) for g in order}
    runs: list[list[str | None]] = []
    for group in order:
        plays = group is not None and group.startswith("Play ")
        if plays and runs and runs[-1][0] is not None and runs[-1][0].startswith("Play ") \
                and sum(size[g] for g in runs[-1]) + size[group] <= room:
            runs[-1].append(group)
        else:
            runs.append([group])
    name = {}
    for run in runs:
        title = run[0] if len(run) == 1 else f"{run[0]} … {run[-1].removeprefix('Play ')}"
        for group in run:
            name[group] = title
    return [name[g] for g in groups]


def item_label(view: View, text: str, group: str) -> str:
    """A decision's label inside its group: what it adds to the group's title."""
    words = text.split()
    if words[0] == "play":
        more = [_play_words(w) for w in words[2:]]
        return "+ " + ", ".join(more) if more else "alone"
    return action_label(view, text)


def menu_groups(view: View, legal: Sequence[Any]) -> list | None:
    """The decisions as [(title, [(action, label), ...])], grouped by card and track: the
    terminal pages a long group to its screen (terminal.py), so it is never cut here."""
    groups: dict[str, list] = {}
    for action in legal:
        text = str(action)
        group = group_of(view, text)
        if group is None:
            groups[action_label(view, text)] = [(action, action_label(view, text))]
        else:
            groups.setdefault(group, []).append((action, item_label(view, text, group)))
    if len(groups) == len(legal):
        return None
    return [(title, items) for title, items in groups.items()]


def decision_places(view: View, texts: Sequence[str]) -> list[dict | None]:
    """Each decision's group and label for the web table's buttons (listed apart, never
    on the drawing): grouped by card and track once there are more than fit."""
    grouped = groups_of(view, texts) if len(texts) > MOST_BUTTONS else [None] * len(texts)
    out = []
    for text, group in zip(texts, grouped):
        # place None: listed apart from the drawing, under its group (web/table.js)
        entry: dict[str, Any] = {"place": None, "label": action_label(view, text)}
        if group is not None:
            entry["group"] = group
        out.append(entry)
    return out


def _reward_words(reward: tuple[str, ...]) -> str:
    out = []
    for item in reward:
        kind, _, card = item.partition(":")
        out.append(f"{card_name(card)} (legendary card)" if card else REWARD_WORDS.get(kind, kind))
    return " and ".join(out)


def board_lines(view: View) -> list[str]:
    """Each track's next space and what it gives, and what the board's symbols mean."""
    board = default_components().boards[view["board"]]
    if board.kind != "conflict":
        return [f"{board.name}: the Fellowship passes through its steps in order."]
    lines = []
    used = set()
    for track, spaces in board.tracks.items():
        at = view["tracks"].get(track, 0)
        main = " (main: it scores and ends the board)" if track == board.main else ""
        if at >= len(spaces):
            lines.append(f"{track}{main}: at the end ({at}/{len(spaces)})")
            continue
        lines.append(f"{track}{main}: at {at}/{len(spaces)}, the next space gives "
                     f"{_reward_words(spaces[at])}")
        used.update(r.partition(":")[0] for space in spaces for r in space)
    tokens = [f"{token_name(token)} above {track} {space}" for track, space, token in
              view.get("resource_spaces", ())]
    if tokens:
        lines.append("resource tokens (taken by the hobbit who reaches them): " + ", ".join(tokens))
    symbols = [f"{k.replace('-', ' ')} = {REWARD_WORDS[k]}" for k in REWARD_WORDS if k in used and k != "-"]
    if symbols:
        lines.append("symbols on this board: " + "; ".join(symbols))
    return lines


def sauron_lines(view: View) -> list[str]:
    """What Sauron may do now, from what the seat may see."""
    if view.get("sauron_seat") is None:
        return [f"Sauron stands on {view['sauron']} of the Temptation track: a hobbit he "
                "reaches is eliminated (the Ring-bearer: the Fellowship loses)."]
    kind = (view.get("question") or {}).get("kind")
    lines = [f"Sauron (on {view['sauron']}) holds {view['sauron_hand_size']} Sauron cards; "
             f"the Black Rider stands on {view['black_rider']}."]
    if kind == "sauron-start":
        lines.append("Now, at the start of the turn: play a Sauron card with one symbol on "
                     "the active hobbit, draw a card, or play a Nazgûl card.")
    elif kind in ("sauron-call", "sauron-refill"):
        lines.append("Now, called instead of a roll: play a Sauron card on the hobbit, or "
                     "discard and draw up to six.")
    else:
        lines.append("Sauron plays when the threat die is rolled (he is called instead) and "
                     "at the start of each turn.")
    for card in view.get("nazgul_up", ()):
        lines.append(f"  face up, {sauron_card_name(card)}: {sauron_card_words(card)}")
    own = view.get("sauron_hand")
    if own is not None and view.get("rules_seat") == view.get("sauron_seat"):
        for card in own:
            lines.append(f"  your {sauron_card_name(card)}: {sauron_card_words(card)}")
    return lines


def situation(view: View) -> list[str]:
    """The rules help for the moment: the question, the event in progress, the board's
    next spaces and symbols, the next event and what Sauron may do."""
    if view.get("result") is not None:
        return ["The game is over."]
    lines = ["Now: " + prompt(view)]
    res = asked_resolution(view) or pending_resolution(view)
    if res is not None:
        lines.append("Event in progress: " + resolution_words(res))
    lines += board_lines(view)
    upcoming = next_event(view)
    if upcoming:
        lines.append(f"Next event ({view['event'] + 1}): {upcoming}")
    lines += sauron_lines(view)
    return lines


def phase_help(view: View) -> str:
    """The web table's rules help: the situation, one line a point."""
    return "\n".join(situation(view))


def help_text(view: View) -> str:
    """The terminal's help: the notation, then the rules help of the moment."""
    width = 99
    # the notation alone: the situation below says what is asked now
    lines = [render.help_text({**view, "question": None}), ""]
    for line in situation(view):
        lines.append(textwrap.fill(line, width=width, subsequent_indent="    "))
    return "\n".join(lines)


def menu_note(view: View, action: Any) -> str | None:
    """The terminal menu's words beside a decision's notation (within one line)."""
    text = str(action)
    words = text.split()
    if words[0] == "continue":
        note = "nothing to play now"
    elif words[0] in ("sauron", "nazgul"):
        note = sauron_card_words(words[1])
    elif words[0] == "pass" and len(words) == 1:
        note = refusal_words(view) if (view.get("question") or {}).get("kind") == "give" \
            else None
    else:
        note = action_label(view, text)
        if note.startswith("Play "):
            note = note[len("Play "):]
    if note is None or note.lower() == text.lower():
        return None
    room = NOTE_WIDTH - len(text)
    return note if len(note) <= room else note[:max(0, room - 1)] + "…"
