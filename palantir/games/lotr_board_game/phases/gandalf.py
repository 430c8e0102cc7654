"""Gandalf cards (reference, Play 4): called by the active player in their windows for 5
runes pooled by the group (asked in order as any group cost), once each in the game;
Fatty's Fellowship card calls one again (the Sauron expansion, Cards).

  Foresight  turn-start    the top 3 tiles are drawn face up and the active player orders them
             (bag variant: five tokens face up, used in any order)
  Magic      event         the event just moved to is ignored (not the board's last)
  Healing    action        one hobbit heals 2
  Guidance   action        two jokers: one unfinished track advances 2 spaces
  Persistence action       one hobbit draws 4 hobbit cards
  Protection after-roll    (expansion) a Sauron or Nazgûl card just played is ignored
"""

from __future__ import annotations

from itertools import permutations

from ..components import Resolution
from .steps import QuestionKind

FORESIGHT = "Gandalf, Foresight: the active player orders the top 3 tiles"
FORESIGHT_TILES = 3
FORESIGHT_BAG_TOKENS = 5  # Gandalf, Foresight (bag variant): "draw five"
TILE_PILE = "tile"          # the die of a tile drawn from the pile (rules.py reveals too)


def pooled_runes(state) -> int:
    """The runes of the hobbits still in the game (Gandalf's cost is pooled)."""
    return sum(r for s, r in enumerate(state.runes) if not state.eliminated[s])


def gandalf_calls(state, gid: str, context: tuple) -> list[str]:
    """The calls of this Gandalf card open in a window with this context."""
    effect = state.parts.gandalf[gid]["effect"]
    char = state.characters
    if effect in ("rearrange-top-3", "draw-five-tokens"):
        return [f"gandalf {gid}"] if sum(state.tiles.values()) > 1 and not state.foreseen \
            else []
    if effect == "ignore-event":
        # The board's last event ends the scenario whatever happens: not ignored.
        return [f"gandalf {gid}"] if context[0] < len(state.board.events) else []
    if effect == "heal-two":
        return [f"gandalf {gid}@{char[s]}" for s in state.in_order(state.active)
                if state.positions[s]]
    if effect == "draw-four":
        return [f"gandalf {gid}@{char[s]}" for s in state.in_order(state.active)]
    if effect == "two-jokers":
        return [f"gandalf {gid}@{t}" for t in state.unfinished_tracks()]
    if effect == "ignore-sauron-card":
        played = context[1] if len(context) > 1 else ""
        return [f"gandalf {gid}"] if played.startswith(("sauron-", "nazgul-")) else []
    return []


def gandalf_call(state, gid: str, arg: str) -> Resolution:
    """A Gandalf card called: the group pays its runes, then the card's effect (Gandalf)."""
    name = state.parts.gandalf[gid]["name"]
    return Resolution(f"Gandalf: {name}", ask="group",
                      cost=(("runes", state.parts.gandalf_cost),),
                      then=(("gandalf-call", gid, arg),))

def gandalf_effect(state, gid: str, arg: str) -> None:
    """A Gandalf card, paid for, takes effect and leaves the game (called again by
    Fatty's Fellowship card, it was gone already)."""
    if gid in state.gandalf_left:
        state.gandalf_left.remove(gid)
    effect = state.parts.gandalf[gid]["effect"]
    if effect == "rearrange-top-3":
        for _ in range(min(FORESIGHT_TILES, sum(state.tiles.values()))):
            tile = state.dice.roll(TILE_PILE, sorted(state.tiles.elements()))
            state.tiles[tile] -= 1
            state.foreseen.append(tile)
        state.say(f"the top tiles are {', '.join(state.foreseen)}")
        state.question = ("foresight", state.active)
    elif effect == "draw-five-tokens":
        # Foresight (bag): five tokens face up, used in any order (rules.py reveal).
        for _ in range(min(FORESIGHT_BAG_TOKENS, sum(state.tiles.values()))):
            tile = state.dice.roll(TILE_PILE, sorted(state.tiles.elements()))
            state.tiles[tile] -= 1
            state.foreseen.append(tile)
        state.foreseen.sort()
        state.foreseen_free = True
        state.say(f"the tokens face up are {', '.join(state.foreseen)}")
    elif effect == "ignore-event":
        state.drop_step(state.next_step("resolve"))
        state.say("the event is ignored")
    elif effect == "heal-two":
        state.heal(state.characters.index(arg), 2)
    elif effect == "draw-four":
        state.draw_cards(state.characters.index(arg), 4)
    elif effect == "two-jokers":
        state.push(("advance", arg, 2, True))
    elif effect == "ignore-sauron-card":
        # Protection: the Fellowship ignores all the card's consequences (a Nazgûl
        # card's incident too).
        step = state.next_step("sauron-card")
        step.ignored = True
        if step.card.startswith("nazgul-"):
            state.drop_step(state.next_step("resolve"))
        state.say("Gandalf protects the Fellowship")


def legal_foresight(state, seat: int) -> list[str]:
    """Foresight: every order of the tiles drawn face up."""
    return sorted({"order " + " ".join(p) for p in permutations(state.foreseen)})


def foresight_problem(state, seat: int, words: list[str]) -> tuple[str, str] | None:
    """Foresight: the order names each tile drawn face up, once."""
    if sorted(words[1:]) != sorted(state.foreseen):
        return (f"the order names each tile drawn face up once: "
                f"{', '.join(sorted(state.foreseen))}"), FORESIGHT
    return None


def answer_foresight(state, seat: int, text: str) -> None:
    """Foresight: the tiles are set on top in the order chosen."""
    state.foreseen = text.split()[1:]
    state.say(f"{state.name(seat)} sets the tiles in the order {', '.join(state.foreseen)}")

# The questions of this phase (table.py reads them).
QUESTIONS = {"foresight": QuestionKind(legal_foresight, answer_foresight, FORESIGHT,
                                        ("order",), foresight_problem)}
