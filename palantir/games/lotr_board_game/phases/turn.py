"""A hobbit's turn (reference, Play 2, 3 and 6): tiles revealed until an activity tile
(Dark Events: a token may be declined; Foresight: tiles set on top), the events and
activities they bring, the turn's action — play up to two cards on their tracks, draw 2,
heal 1, put on the Ring, or push back the Black Rider — and the tracks advancing with
their rewards."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

from ..components import JOKER, LIFE_TOKENS
from ..notation import play_text
from . import resources, sauron
from .gandalf import FORESIGHT, TILE_PILE
from .resources import TURN_SIZE
from .steps import QuestionKind, Step, arity, window_step

# Rules quoted by refusals.
TURN = "Play 3: play up to 2 cards (one white, one grey), draw 2 hobbit cards, or heal 1"
PLAY_COLOURS = "Play 3: at most one white and one grey card (Pippin: any two)"
PLAY_COUNT = ("Play 3: up to 2 cards (Cards, Pippin's Fellowship card: three, white or grey "
              "in any mix)")
PLAY_TRACK = "Play 3: each symbol moves its own track; a joker any track; one card, one track"
HEAL = "Play 3: heal 1 moves your hobbit towards the light; at 0 there is nothing to heal"
RING = "Play 6: the Ring-bearer puts on the Ring once per scenario"
ACTIVITY = ("Play 2: an activity tile whose track is missing or complete advances any "
            "unfinished track")
DARK_EVENTS = ("Dark Events: a token may be declined (turned face down, a new one taken) "
               "unless the token before it in the row was declined")

RIDER_AWAY = ("Expansion, Do Not Play Cards: the Black Rider moves 1 to 3 spaces away from "
              "the hobbits (not past the end of the Temptation track)")

# The verbs of a turn's actions: refused, naming the question's rule, at another question.
TURN_VERBS = ("play", "draw", "heal", "ring")

# Why the game ends when a token is to be taken from the empty bag.
BAG_EMPTY = ("the bag is empty (Dark Events: when all events have been carried out, the "
             "deck is not shuffled; the game is considered complete)")

SPECIAL_RUNE = "special rune"


@dataclass
class Turn(Step):
    """A hobbit's turn: its windows, the tiles, the action, the end."""

    name: ClassVar[str] = "turn"

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        state.turns += 1
        state.revealed = []
        state.declined = []
        state.played = []
        state.three_cards = False
        state.say(f"{state.name(state.active)}'s turn")
        # Play 4: yellow and Gandalf cards in their windows (docs: "Windows").
        state.push(window_step("turn-start", ()), ("reveal",), window_step("action", ()),
                   ("act",), window_step("turn-end", ()), ("end-turn",))
        if state.expansion:
            state.push(("sauron-start",))  # Sauron's Actions at the Start of Each Turn


@dataclass
class EndTurn(Step):
    """The next hobbit still in the game, clockwise, takes his turn."""

    name: ClassVar[str] = "end-turn"

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        later = state.in_order(state.active + 1)
        state.active = later[0]
        state.push(("turn",))


@dataclass
class Reveal(Step):
    """Play 2: the next tile is revealed (from the top tiles set by Foresight first)."""

    name: ClassVar[str] = "reveal"

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        # Play 2: reveal tiles one at a time until an activity tile.
        if state.eliminated[state.active]:
            return
        if state.foreseen_free and len(set(state.foreseen)) > 1:
            # Foresight (bag): the active player uses the face-up tokens in any order.
            state.question = ("use-token", state.active)
            return
        if state.foreseen:
            tile_id = state.foreseen.pop(0)  # Gandalf, Foresight: the tiles set on top
        elif not state.tiles.total():
            # Dark Events: "When all events have been carried out, the deck is not
            # shuffled. The game is considered complete" (docs, Rulings: the bag
            # exhausted). Only declined tokens can empty it: otherwise the sixth sundial
            # ends the scenario first.
            state.lose(BAG_EMPTY)
            return
        else:
            tile_id = state.dice.roll(TILE_PILE, sorted(state.tiles.elements()))
            state.tiles[tile_id] -= 1
        reveal_tile(state, tile_id)


def reveal_tile(state, tile_id: str) -> None:
    """Play 2: the tile taken is shown (and, with Dark Events, may be declined)."""
    if not state.foreseen:
        state.foreseen_free = False
    state.revealed.append(tile_id)
    state.say(f"{state.name(state.active)} reveals the tile {tile_id}")
    if state.options.get("dark_events") and may_decline(state):
        state.question = ("decline", state.active, tile_id)
        return
    carry_out_tile(state, tile_id)


def legal_use_token(state, seat: int) -> list[str]:
    """Foresight (bag): the face-up tokens, used in any order."""
    return [f"use {t}" for t in sorted(set(state.foreseen))]


def answer_use_token(state, seat: int, text: str) -> None:
    """The face-up token chosen is revealed."""
    tile_id = text.split()[1]
    state.foreseen.remove(tile_id)
    reveal_tile(state, tile_id)


def use_token_problem(state, seat: int, words: list[str]) -> tuple[str, str] | None:
    """Foresight (bag): a token face up, named."""
    wrong = arity(words, 2, "use TILE", FORESIGHT)
    if wrong:
        return wrong
    if words[1] not in state.foreseen:
        return f"'{words[1]}' is not one of the tokens face up", FORESIGHT
    return None


def may_decline(state) -> bool:
    """Dark Events: whether the token just taken may be declined (the one before it in
    the row was not: two neighbours are never both face down)."""
    return len(state.revealed) < 2 or len(state.revealed) - 2 not in state.declined


def legal_decline(state, seat: int) -> list[str]:
    """Dark Events: the token is accepted or declined."""
    return ["accept", "decline"]


def decline_problem(state, seat: int, words: list[str]) -> tuple[str, str] | None:
    """Dark Events: 'accept' or 'decline', alone (asked only when it may be declined)."""
    return arity(words, 1, words[0], DARK_EVENTS)


def answer_decline(state, seat: int, text: str) -> None:
    """Dark Events: a declined token is turned face down and another taken."""
    tile_id = state.answered[2]
    if text == "decline":
        # Dark Events: turned face down (out of the bag this adventure), a new token.
        state.declined.append(len(state.revealed) - 1)
        state.say(f"{state.name(seat)} declines the tile {tile_id}")
        state.push(("reveal",))
    else:
        carry_out_tile(state, tile_id)


def carry_out_tile(state, tile_id: str) -> None:
    """Play 2: carry out a tile taken from the bag."""
    parts = state.parts
    tile = parts.tiles.get(tile_id) or parts.sauron_tokens.get(tile_id) or \
        parts.dark_events[tile_id]
    if tile.kind == "activity":
        state.push(("activity", tile.track))
    elif tile.kind == "event":
        state.push(("event",), ("reveal",))
    elif tile.kind == "items":
        state.push(window_step("items-tile", (tile_id,)), ("resolve", tile.resolution, None),
                   ("reveal",))
    else:
        state.push(("resolve", tile.resolution, None), ("reveal",))
    if state.expansion:
        # Cards: the Rings and Frodo's card "after the event tokens have been
        # revealed", before the token is carried out (pushed last: it comes first).
        state.push(window_step("tile", (tile_id,)))


@dataclass
class Activity(Step):
    """An activity tile advances its track, or a track the active player chooses."""

    name: ClassVar[str] = "activity"
    track: str

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        track = self.track
        if state.eliminated[state.active]:
            return
        if track in state.board.tracks and not state.track_complete(track):
            state.push(("advance", track, 1, True))
        else:
            state.question = ("track", state.active)


@dataclass
class Act(Step):
    """The active player still in the game chooses his turn's action."""

    name: ClassVar[str] = "act"

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        if not state.eliminated[state.active]:
            state.question = ("act", state.active)


@dataclass
class Event(Step):
    """The event marker moves on; the board's last event ends the scenario."""

    name: ClassVar[str] = "event"

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        if state.event >= len(state.board.events):
            return
        state.event += 1
        event = state.board.events[state.event - 1]
        state.say(f"the event marker moves to {state.event}: {event.name}")
        if state.event == len(state.board.events):
            # Play 5: the scenario ends when its last event resolves.
            state.queue = [("resolve", event, None), ("scenario-end",)]
        else:
            state.push(window_step("event", (state.event,)), ("resolve", event, None))


@dataclass
class Advance(Step):
    """A track advances, collecting the rewards of the spaces reached if asked."""

    name: ClassVar[str] = "advance"
    track: str
    spaces: int
    collect: bool

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        track, spaces, collect = self.track, self.spaces, self.collect
        rewards = []
        rewards_of = state.board.tracks[track]
        for _ in range(spaces):
            if state.track_complete(track):
                break
            state.tracks[track] += 1
            if collect:
                rewards.extend(rewards_of[state.tracks[track] - 1])
                # Resources: a token above the space reached goes with its reward (not
                # when the Ring moves the marker: collect is False then).
                token = state.resource_spaces and \
                    resources.token_reached(state, track, state.tracks[track])
                if token:
                    rewards.append(f"token:{token}")
        state.say(f"{track} advances to {state.tracks[track]}")
        steps = [("reward", item) for item in rewards]
        if track == state.board.main and state.track_complete(track):
            # Play 5: the scenario ends when its main track is complete; at the Crack of
            # Doom the Ring is placed there instead (Play 8).
            end = ("mount-doom",) if state.board.crack_of_doom else ("scenario-end",)
            state.queue = steps + [end]
        else:
            state.push(*steps)


@dataclass
class Reward(Step):
    """The active player receives a space's reward."""

    name: ClassVar[str] = "reward"
    item: str

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        item = self.item
        seat = state.active
        if state.eliminated[seat]:
            return
        if item == "rune":
            state.runes[seat] += 1
        elif item in LIFE_TOKENS:
            state.life[seat][item] += 1
        elif item == "roll":
            state.push(("roll", seat))
        elif item == "heal":
            state.heal(seat, 1)
        elif item == "big-rune":
            value = state.dice.roll(SPECIAL_RUNE, [str(v) for v in sorted(state.special_runes)])
            state.special_runes.remove(int(value))
            state.runes[seat] += int(value)
        elif item.startswith("card:"):
            receive(state, item[5:], seat)
        elif item.startswith("token:"):
            resources.take_resource_token(state, seat, item[6:])
        if item != "roll":
            state.say(f"{state.name(seat)} receives {item}")


def receive(state, card: str, seat: int) -> None:
    """A named legendary card from its board's pile goes to the hobbit's hand."""
    pile = state.board_cards[state.parts.cards[card].board]
    if card in pile:
        pile.remove(card)
        state.hands[seat].append(card)
        state.hands[seat].sort()


@dataclass
class Ring(Step):
    """Play 6: the Ring-bearer rolls for the Ring on this track."""

    name: ClassVar[str] = "ring"
    track: str

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        track = self.track
        state.push(("roll", state.ring_bearer, f"ring:{track}"))


def play_problem(state, seat: int, tokens: list[str]) -> tuple[str, str] | None:
    """Play 3: why a play of cards (card@track each) breaks the rules (the first rule it
    breaks, and that rule), or None: each card held, played on a track it fits, at most
    the cards of a turn, and of two colours unless any colours may be mixed."""
    plays = [t.partition("@")[::2] for t in tokens]
    if not plays:
        return "'play' names the cards played, each as card@track", TURN
    hand = Counter(state.hands[seat])
    for card, track in plays:
        if card not in state.parts.cards:
            return f"there is no card '{card}'", TURN
        if hand[card] < 1:
            return f"you hold no {card}", TURN
        hand[card] -= 1
        if not state.parts.cards[card].on_tracks:
            return (f"{card} is a {state.parts.cards[card].colour} card, not played on a "
                    "track"), TURN
        if track not in state.unfinished_tracks():
            return f"'{track}' is not an unfinished track of {state.board.name}", PLAY_TRACK
        if not fits(state, seat, card, track):
            return f"{card} does not show a {track} symbol or a joker", PLAY_TRACK
    if len(plays) > cards_per_turn(state):
        return f"{len(plays)} cards in one turn", PLAY_COUNT
    colours = [state.parts.cards[c].colour for c, _ in plays]
    if len(plays) == 2 and colours[0] == colours[1] and not any_colours(state, seat):
        return f"two {colours[0]} cards", PLAY_COLOURS
    return None


def act_problem(state, seat: int, words: list[str]) -> tuple[str, str] | None:
    """Play 3 and 6 (and the expansion's Do Not Play Cards): why the turn's action breaks
    the rules, or None; `legal_act` lists the actions it accepts."""
    verb = words[0]
    if verb == "play":
        return play_problem(state, seat, words[1:])
    if verb == "draw":
        return arity(words, 1, "draw", TURN)
    if verb == "heal":
        return arity(words, 1, "heal", HEAL) or \
            (("your hobbit is at 0 already", HEAL) if state.positions[seat] == 0 else None)
    if verb == "ring":
        wrong = arity(words, 2, "ring TRACK", RING)
        if wrong:
            return wrong
        if seat != state.ring_bearer:
            return "only the Ring-bearer may put on the Ring", RING
        if state.ring_used:
            return "the Ring has been used in this scenario", RING
        if words[1] not in state.unfinished_tracks():
            return f"'{words[1]}' is not an unfinished track of {state.board.name}", RING
        return None
    # rider: Do Not Play Cards (the expansion's Black Rider).
    wrong = arity(words, 2, "rider SPACES", RIDER_AWAY)
    if wrong:
        return wrong
    if not state.expansion:
        return "there is no Black Rider without the Sauron expansion", RIDER_AWAY
    moves = sauron.rider_moves_away(state)
    if not words[1].isdecimal() or int(words[1]) not in moves:
        return (f"the Black Rider may be pushed back {', '.join(map(str, moves)) or 'no'} "
                "spaces now"), RIDER_AWAY
    return None


def cards_per_turn(state) -> int:
    """Play 3: up to 2 cards; 3 with Pippin's Fellowship card (Cards)."""
    return TURN_SIZE if state.three_cards else 2


def any_colours(state, seat: int) -> bool:
    """Pippin plays any two cards; Pippin's Fellowship card lets anyone mix colours."""
    return state.three_cards or state.ability(seat) == "any-two-cards"


def fits(state, seat: int, card_id: str, track: str) -> bool:
    """Whether this card's symbols may move this track (Frodo: white cards are jokers)."""
    card = state.parts.cards[card_id]
    symbol = card.symbols[0][0]
    if symbol == JOKER or symbol == track:
        return True
    return (card.is_hobbit_card and card.colour == "white"
            and state.ability(seat) == "white-cards-are-jokers")


def legal_act(state, seat: int) -> list[str]:
    """Play 3: the turn's actions open to the active player."""
    actions = ["draw"]
    if state.positions[seat] > 0:
        actions.append("heal")
    tracks = state.unfinished_tracks()
    if seat == state.ring_bearer and not state.ring_used:
        actions += [f"ring {t}" for t in tracks]
    if state.expansion:
        # Do Not Play Cards: the Black Rider up to three steps away from the hobbits.
        actions += [f"rider {k}" for k in sauron.rider_moves_away(state)]
    singles = []
    for card in sorted(set(state.hands[seat])):
        if not state.parts.cards[card].on_tracks:
            continue
        singles += [(card, t) for t in tracks if fits(state, seat, card, t)]
    actions += [play_text([p]) for p in singles]
    mixed = any_colours(state, seat)
    counts = Counter(state.hands[seat])
    seen = set()
    for i, (c1, t1) in enumerate(singles):
        for j in range(i, len(singles)):
            c2, t2 = singles[j]
            if c1 == c2 and counts[c1] < 2:
                continue
            colour1, colour2 = state.parts.cards[c1].colour, state.parts.cards[c2].colour
            if colour1 == colour2 and not mixed:
                continue
            text = play_text([(c1, t1), (c2, t2)])
            if text not in seen:
                seen.add(text)
                actions.append(text)
            if not state.three_cards:
                continue
            for c3, t3 in singles[j:]:
                if Counter((c1, c2, c3))[c3] > counts[c3]:
                    continue
                text = play_text([(c1, t1), (c2, t2), (c3, t3)])
                if text not in seen:
                    seen.add(text)
                    actions.append(text)
    return actions


def answer_act(state, seat: int, text: str) -> None:
    """The turn's action carried out: draw, heal, the Ring, the Black Rider or a play."""
    words = text.split()
    if words[0] == "draw":
        state.draw_cards(seat, 2)
    elif words[0] == "heal":
        state.heal(seat, 1)
    elif words[0] == "rider":
        sauron.push_rider_back(state, int(words[1]))
    elif words[0] == "ring":
        state.ring_used = True
        state.say(f"{state.name(seat)} puts on the Ring")
        # The Ring-bearer still takes his turn's action after the Ring (Play 6).
        state.push(("ring", words[1]), ("act",))
    else:
        steps = []
        for token in words[1:]:
            card, _, track = token.partition("@")
            state.discard_card(seat, card)
            state.played.append(card)         # Gwaihir may take it back
            if not state.parts.cards[card].is_hobbit_card:
                state.used_here.append(card)  # Red Arrow may take it back
            spaces = state.parts.cards[card].symbol_count
            state.say(f"{state.name(seat)} plays {card} on {track}")
            steps.append(("advance", track, spaces, True))
            steps += [("effect", e, seat) for e in state.parts.cards[card].then]
        state.push(*steps)


def legal_track(state, seat: int) -> list[str]:
    """The unfinished tracks an activity tile may advance."""
    return [f"track {t}" for t in state.unfinished_tracks()]


def track_problem(state, seat: int, words: list[str]) -> tuple[str, str] | None:
    """Play 2: the activity tile advances one unfinished track, named."""
    wrong = arity(words, 2, "track TRACK", ACTIVITY)
    if wrong:
        return wrong
    if words[1] not in state.unfinished_tracks():
        return f"'{words[1]}' is not an unfinished track of {state.board.name}", ACTIVITY
    return None


def answer_track(state, seat: int, text: str) -> None:
    """The track chosen advances one space."""
    state.push(("advance", text.split()[1], 1, True))


# The steps of this phase (table.py reads them).
STEPS = (Turn, EndTurn, Reveal, Activity, Act, Event, Advance, Reward, Ring,)

# The questions of this phase (table.py reads them).
QUESTIONS = {
    "act": QuestionKind(legal_act, answer_act, TURN, ("play", "draw", "heal", "ring", "rider"),
                        act_problem),
    "track": QuestionKind(legal_track, answer_track, ACTIVITY, ("track",), track_problem),
    "use-token": QuestionKind(legal_use_token, answer_use_token, FORESIGHT, ("use",),
                              use_token_problem),
    "decline": QuestionKind(legal_decline, answer_decline, DARK_EVENTS, ("accept", "decline"),
                            decline_problem),
}
