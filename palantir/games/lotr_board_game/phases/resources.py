"""The Sauron expansion's Resources and Cards: resource tokens and resource cards, and the
Fellowship cards (rules/lotr-board-game-sauron-expansion.txt, "Resources", "Cards").

Resource tokens: at each conflict board (while tokens are left: the first three) four
tokens are drawn face up, one above the 4th space and one above the last space of each
track other than the main track (Preparation, End of an Adventure). A progress marker
moved onto or past a token's space (not by the Ring) gives the active player the token
with the space's own reward: a bonus (three hobbit cards, three runes, two steps towards
the light) or the resource card it shows, taken from the face-up pile into his hand.
The tokens still lying there at the adventure's end are discarded.

Resource cards are held like other cards and played, by their holder, in their windows
(`windows` in sauron.toml; windows.py asks the windows):
  resource narya (nenya, vilya)    the active player's track of the event token just
                                   revealed advances 2 spaces, rewards collected
  resource star-of-elendil         the Black Rider is pushed back 5 steps
  resource gwaihir white-fighting  at the turn's end the active player takes back a
                                   white or grey card played this turn
  resource red-arrow gimli         the active player takes a legendary card played in
                                   this adventure
Fellowship cards lie face up beside their hobbit, once each in the game:
  fellowship frodo@hiding          the active player moves a track one space, collected
  fellowship sam                   the hobbit hit by a Sauron card played instead of a
                                   roll suffers one of its symbols only
  fellowship pippin                the active player may play three cards, any colours
  fellowship merry                 the Black Rider's move towards the hobbits is avoided
  fellowship fatty healing@sam     the Fellowship calls a Gandalf card, face up or used,
                                   for five runes
"""

from __future__ import annotations

from collections import Counter

from . import gandalf, sauron

RESOURCE_TOKEN = "resource token"   # the die of a token drawn face up from the pile
RESOURCES = ("Resources: a resource token above a space is the active player's when a "
             "progress marker moves onto or past it (not by the Ring)")
TURN_SIZE = 3  # Pippin's Fellowship card: "a total of three ... cards"


def setup_expansion_cards(state) -> None:
    """Preparation, For all players: the six resource cards face up, the twelve
    tokens face down, each hobbit's Fellowship card face up (unused ones removed)."""
    state.resource_pile = list(state.parts.resource_cards)
    state.resource_tokens = Counter(state.parts.resource_tokens)
    state.fellowship_cards = list(state.characters)


def lay_out_resource_tokens(state) -> None:
    """Preparation: tokens drawn at random, face up above the 4th and the last space of
    each track other than the main track; only on the first three conflict boards,
    while tokens are left (End of an Adventure)."""
    state.resource_spaces = {}
    board = state.board
    conflict = [b for b in state.parts.journey[: state.board_index + 1]
                if state.parts.boards[b].kind == "conflict"]
    if len(conflict) > state.parts.token_boards:
        return
    for track, spaces in board.tracks.items():
        if track == board.main:
            continue
        at = sorted({len(spaces) if x == "last" else int(x)
                     for x in state.parts.token_spaces} & set(range(1, len(spaces) + 1)))
        for space in at:
            if not state.resource_tokens:
                break
            token = state.dice.roll(RESOURCE_TOKEN, sorted(state.resource_tokens.elements()))
            state.resource_tokens[token] -= 1
            if not state.resource_tokens[token]:
                del state.resource_tokens[token]
            state.resource_spaces[(track, space)] = token
    if state.resource_spaces:
        state.say("resource tokens laid out: " + ", ".join(
            f"{t} above {track} {space}" for (track, space), t in
            sorted(state.resource_spaces.items())))


def discard_resource_tokens(state) -> None:
    """End of an Adventure: the tokens still lying there are discarded, unused."""
    state.tokens_out += sorted(state.resource_spaces.values())
    state.resource_spaces = {}


def token_reached(state, track: str, space: int) -> str | None:
    """The token above this space, taken away as the marker reaches it (or None)."""
    token = state.resource_spaces.pop((track, space), None)
    if token is not None:
        state.tokens_out.append(token)
    return token


def take_resource_token(state, seat: int, token: str) -> None:
    """Resources: the active player receives the token's bonus or resource card."""
    if token in state.parts.resource_bonus:
        state.push(*[("effect", e, seat) for e in state.parts.resource_bonus[token]])
    elif token in state.resource_pile:
        state.resource_pile.remove(token)
        state.hands[seat].append(token)
        state.hands[seat].sort()
        state.say(f"{state.name(seat)} receives the resource card {token}")

# ----- the plays offered in a window ------------------------------------------------


def resource_plays(state, seat: int, card: str, name: str, context: tuple) -> list[str]:
    """The ways `seat` may play the resource card `card` in window `name`."""
    info = state.parts.cards[card]
    if name not in info.windows:
        return []
    effect = info.effect
    if effect == "advance-token-track":
        return [f"resource {card}"] if token_track(state, name, context) else []
    if effect == "push-black-rider":
        if name == "after-roll" and not _sauron_card(context):
            return []
        return [f"resource {card}"] if sauron.rider_moves_away(state) else []
    if effect == "take-back-played-card":
        return [f"resource {card} {c}" for c in sorted(set(state.played))
                if _retrievable(state, c)]
    if effect == "take-used-legendary-card":
        return [f"resource {card} {c}" for c in sorted(set(state.used_here))
                if c in state.removed]
    raise NotImplementedError(f"resource card effect '{effect}'")


def token_track(state, name: str, context: tuple) -> str | None:
    """Narya, Nenya, Vilya: the unfinished track of the activity token just revealed
    (window `tile`) or of the one that ended this turn's reveal (window `action`)."""
    tile = context[0] if name == "tile" else (state.revealed[-1] if state.revealed else None)
    info = state.parts.tiles.get(tile)
    if info is None or info.kind != "activity":
        return None
    return info.track if info.track in state.unfinished_tracks() else None


def _retrievable(state, card: str) -> bool:
    """Gwaihir: a card played this turn still lies face up where it went."""
    return state.discards[card] > 0 if state.parts.cards[card].is_hobbit_card \
        else card in state.removed


def fellowship_plays(state, seat: int, name: str, context: tuple) -> list[str]:
    """The ways the hobbit at `seat` may use his Fellowship card in window `name`."""
    char = state.characters[seat]
    if char not in state.fellowship_cards:
        return []
    card = state.parts.fellowship[char]
    if name not in card["windows"]:
        return []
    effect = card["effect"]
    if effect == "advance-a-track":
        if name == "after-roll" and not _sauron_card(context):
            return []
        return [f"fellowship {char}@{t}" for t in state.unfinished_tracks()]
    if effect == "one-symbol-only":
        # Called instead of a roll (the whole card), not at a turn's start.
        step = state.pending("sauron-card")
        return ["fellowship sam"] if _sauron_card(context) and step is not None \
            and step.mode == "all" and not step.ignored else []
    if effect == "three-cards":
        return [] if state.three_cards else [f"fellowship {char}"]
    if effect == "stop-black-rider":
        return [f"fellowship {char}"]
    if effect == "call-gandalf":
        if gandalf.pooled_runes(state) < state.parts.gandalf_cost:
            return []
        plays = []
        for gid in gandalf_of_the_game(state):
            if state.parts.gandalf[gid]["window"] == name:
                plays += [f"fellowship {char} {call.split()[1]}"
                          for call in gandalf.gandalf_calls(state, gid, context)]
        return plays
    raise NotImplementedError(f"Fellowship card effect '{effect}'")


def gandalf_of_the_game(state) -> list[str]:
    """The Gandalf cards of this game, face up or used (Preparation: with the
    expansion Protection and the bag's Foresight in, the original Foresight out;
    Special Options, Bag: the bag's Foresight in the original game too)."""
    bag = state.expansion or state.options.get("bag")
    out = []
    for gid, card in state.parts.gandalf.items():
        if card["set"] == "base":
            wanted = not (bag and card.get("replaced_by_bag_variant"))
        else:
            wanted = state.expansion or (bag and card.get("bag_variant", False))
        if wanted:
            out.append(gid)
    return out

# ----- the plays, carried out -------------------------------------------------------


def play_resource(state, seat: int, words: list[str], again: tuple) -> None:
    """A resource card played by its holder: it leaves the game, its effect follows."""
    card = words[1]
    info = state.parts.cards[card]
    state.discard_card(seat, card)
    state.say(f"{state.name(seat)} plays the resource card {info.name}")
    if info.effect == "advance-token-track":
        name, context = again[1], again[4]
        state.push(("advance", token_track(state, name, context), info.amount, True), again)
        return
    if info.effect == "push-black-rider":
        sauron.push_rider_back(state, info.amount)
    elif info.effect == "take-back-played-card":
        taken = words[2]
        if state.parts.cards[taken].is_hobbit_card:
            state.discards[taken] -= 1
            if not state.discards[taken]:
                del state.discards[taken]
        else:
            state.removed.remove(taken)
            if taken in state.used_here:
                state.used_here.remove(taken)  # back in a hand: no longer used
        state.played.remove(taken)
        _to_hand(state, state.active, taken)
    elif info.effect == "take-used-legendary-card":
        taken = words[2]
        state.removed.remove(taken)
        state.used_here.remove(taken)
        _to_hand(state, state.active, taken)
    state.push(again)


def _to_hand(state, seat: int, card: str) -> None:
    state.hands[seat].append(card)
    state.hands[seat].sort()
    state.say(f"{state.name(seat)} receives {card} back")


def use_fellowship_card(state, seat: int, words: list[str], again: tuple) -> None:
    """A Fellowship card used: it leaves the game, its effect follows."""
    char, _, track = words[1].partition("@")
    state.fellowship_cards.remove(char)
    effect = state.parts.fellowship[char]["effect"]
    state.say(f"{state.name(seat)} uses his Fellowship card")
    if effect == "advance-a-track":
        state.push(("advance", track, state.parts.fellowship[char]["spaces"], True), again)
        return
    if effect == "one-symbol-only":
        state.next_step("sauron-card").mode = "one"
    elif effect == "three-cards":
        state.three_cards = True
    elif effect == "stop-black-rider":
        state.next_step("rider").avoided = True
        state.say("the Black Rider's move is avoided")
    elif effect == "call-gandalf":
        gid, _, arg = words[2].partition("@")
        state.say(f"the Fellowship calls Gandalf: {state.parts.gandalf[gid]['name']}")
        state.push(("resolve", gandalf.gandalf_call(state, gid, arg), None), again)
        return
    state.push(again)

# ----- the Black Rider riding towards the hobbits ---------------------------------


def cards_view(state) -> dict:
    """The public part of Resources and Cards: all of it is face up."""
    return {
        "resource_pile": list(state.resource_pile),
        "resource_spaces": [[t, s, token] for (t, s), token in
                            sorted(state.resource_spaces.items())],
        "resource_tokens_left": sum(state.resource_tokens.values()),
        "fellowship_cards": list(state.fellowship_cards),
        "three_cards": state.three_cards,
        # Only the cards still lying face up where they went (Gwaihir, Red Arrow):
        # a hobbit card reshuffled into the deck may be in anyone's hand by now.
        "played": [c for c in state.played if _retrievable(state, c)],
        "used_here": [c for c in state.used_here if c in state.removed],
    }


def clone_expansion_cards(state, other) -> None:
    """Copy the mutable parts of Resources and Cards into a clone."""
    other.resource_pile = state.resource_pile[:]
    other.resource_tokens = Counter(state.resource_tokens)
    other.resource_spaces = dict(state.resource_spaces)
    other.tokens_out = state.tokens_out[:]
    other.fellowship_cards = state.fellowship_cards[:]
    other.played = state.played[:]
    other.used_here = state.used_here[:]


def _sauron_card(context: tuple) -> bool:
    """Whether a window's context is a Sauron or Nazgûl card just played (after-roll)."""
    return len(context) > 1 and isinstance(context[1], str) and \
        context[1].startswith(("sauron-", "nazgul-"))
