"""Yellow legendary cards and Gandalf cards, played in their windows (reference, Play 4).

A *window* is a point of the procedure where any hobbit may play: "all players may take
measures (for example by using the special yellow cards)", "all players may act (for
example by using yellow ability cards, putting on the Ring, or calling Gandalf)"
(expansion, Sauron's Actions at the Start of Each Turn). At the table that is a pause open
to everyone; here the hobbits are asked in turn, clockwise from the active player, and a
hobbit asked plays one card (and is asked again) or answers `continue`.

Whom a window asks depends on public things only, since the question's seat is public:
a seat asked only when it held a playable yellow card would tell the table it holds one
(issue 13, A). So a window is *open* when a card of this window, by what all can see, may
be in some hand and played now (which legendary and resource cards are in the hands
together is public: each board's are all dealt, and they leave face up; whose is not):
then every hobbit still in the game who holds a card is asked, even one whose only answer
is `continue`. Otherwise only a hobbit with a public play is asked: a Fellowship card,
the Two Special Cards, Gandalf (the active player, runes pooled). A seat without a real
choice is passed over only where nobody can tell it from one with a choice (issue 13,
item 4 gives way to hidden information); a game without such cards has no extra decisions.

Yellow cards (their holder plays them, for the hobbit the card names):
  Mithril    after-roll    the roller ignores the face just rolled
  Belt       before-roll   the roller does not roll
  Staff      items-tile    the "sundial and three items" tile just revealed is ignored
  Phial      turn-start    the active player reveals no tile this turn
  Elessar    action        one hobbit heals 1
  Lembas     action        one hobbit draws until he holds 6 cards
  Miruvor    action        the holder passes one of his cards to another hobbit
  Athelas    scenario-end  one hobbit ignores his missing life tokens
Gandalf cards (gandalf.py) are called by the active player in theirs; resource and
Fellowship cards (resources.py) and the Two Special Cards are played in them too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from . import gandalf, resources, sauron
from .steps import QuestionKind, Step, arity

WINDOW = ("Play 4: a yellow card is played by its holder in its window; a Gandalf card is "
          "called by the active player in its window for 5 runes, once per game; "
          "expansion, Cards: a resource card by its holder and a Fellowship card by its "
          "hobbit, once, in theirs")
# The case of each kind of play in a window (WINDOW gathers them).
YELLOW_CARD = "Play 4: a yellow card is played by its holder in its window, as its effect allows"
GANDALF_CALL = ("Play 4: a Gandalf card is called by the active player in its window for 5 "
                "runes pooled by the group, once per game")
RESOURCE_CARD = "Expansion, Cards: a resource card is played by its holder in its windows"
FELLOWSHIP_CARD = "Expansion, Cards: a hobbit uses his own Fellowship card once, in its windows"
SPECIAL_CARD = "Two Special Cards: the Ring-bearer plays each once, at any time"
# Decision (issue 13, item 8): a Gandalf call the group refused to pay for is not offered
# again in the same window, or a seat that will not pay meets the same call forever.
CALLED_HERE = "Play 4, decision: a Gandalf card is called once in a window, paid or refused"
LEMBAS_HAND = 6
# Two Special Cards, "at any time during the game": decision — offered to the Ring-bearer
# in every window where a yellow card may be played (turn start, action, event, items tile,
# before and after a roll): every point where the Fellowship may act at all.
SPECIAL_WINDOWS = ("turn-start", "action", "event", "after-roll", "items-tile",
                   "before-roll")


@dataclass
class Window(Step):
    """A window: the next hobbit, clockwise, whom it asks (by public things only)."""

    name: ClassVar[str] = "window"
    window: str
    seats: Any
    index: int
    context: tuple
    called: tuple = ()  # the Gandalf cards called in this window (CALLED_HERE)

    def carry(self, state) -> None:
        """What the step does, once off the stack."""
        name, seats, index, context = self.window, self.seats, self.index, self.context
        called = tuple(self.called)
        if seats is None:
            seats = tuple(state.in_order(state.active))
        open_ = window_open(state, name, context)
        while index < len(seats):
            seat = seats[index]
            if not state.eliminated[seat] and (
                    (open_ and state.hands[seat])
                    or _public_plays(state, seat, name, context, called)):
                state.question = ("window", seat, name, seats, index, context, called)
                return
            index += 1


def window_open(state, name: str, context: tuple) -> bool:
    """Whether a card held may be played in this window, by what every seat can see: a
    card of the window in the hands together that some holder could play now (Miruvor,
    whose play needs another card of its holder's, counted as playable)."""
    held = {card for seat in _hobbits(state) for card in state.hands[seat]}
    for card in sorted(held):
        info = state.parts.cards[card]
        if info.window == name and info.effect == "pass-card":
            return True
        if (info.window == name or name in info.windows) and any(
                _card_plays(state, seat, card, name, context) for seat in _hobbits(state)):
            return True
    return False


def _public_plays(state, seat: int, name: str, context: tuple,
                  called: tuple = ()) -> list[str]:
    """The plays of face-up things: the seat's Fellowship card, the special cards, Gandalf
    (a card not called in this window yet)."""
    plays = []
    if state.fellowship_cards:
        plays += resources.fellowship_plays(state, seat, name, context)
    if _may_play_specials(state, seat, name):
        plays += _special_plays(state, seat)
    if _may_call_gandalf(state, seat):
        for gid in state.gandalf_left:
            if gid not in called:
                plays += _gandalf_plays(state, gid, name, context)
    return plays


def _window_plays(state, seat: int, name: str, context: tuple,
                  called: tuple = ()) -> list[str]:
    plays = []
    for card in sorted(set(state.hands[seat])):
        plays += _card_plays(state, seat, card, name, context)
    return plays + _public_plays(state, seat, name, context, called)


def _card_plays(state, seat: int, card: str, name: str, context: tuple) -> list[str]:
    """The plays of a card held: a yellow card in its window, a resource card in its."""
    info = state.parts.cards[card]
    if info.window == name:
        return _yellow_plays(state, seat, card, context)
    if info.windows:
        return resources.resource_plays(state, seat, card, name, context)
    return []


def _may_play_specials(state, seat: int, name: str) -> bool:
    return bool(state.specials) and seat == state.ring_bearer and name in SPECIAL_WINDOWS


def _may_call_gandalf(state, seat: int) -> bool:
    return seat == state.active and gandalf.pooled_runes(state) >= state.parts.gandalf_cost


def _gandalf_plays(state, gid: str, name: str, context: tuple) -> list[str]:
    if state.parts.gandalf[gid]["window"] != name:
        return []
    return gandalf.gandalf_calls(state, gid, context)


def window_problem(state, seat: int, words: list[str]) -> tuple[str, str] | None:
    """Play 4 (and the expansion's Cards, the Two Special Cards): why a play in this
    window breaks the rules, or None: the case of its kind of play (who may play it,
    where, once), then what its effect allows now — the very plays `legal_window` lists."""
    _, _, name, _, _, context, called = state.question
    verb, text = words[0], " ".join(words)
    if verb == "continue":
        return arity(words, 1, "continue", WINDOW)
    if len(words) < 2:
        return f"'{verb}' names what is played", WINDOW
    what, _, _ = words[1].partition("@")
    if verb in ("yellow", "resource"):
        rule = YELLOW_CARD if verb == "yellow" else RESOURCE_CARD
        info = state.parts.cards.get(what)
        if info is None:
            return f"there is no card '{what}'", rule
        if what not in state.hands[seat]:
            return f"you hold no {what}", rule
        kind_ok = info.window == name if verb == "yellow" else \
            (bool(info.windows) and info.window != name)
        if not kind_ok:
            return f"{what} is not a {verb} card played in the window '{name}'", rule
        plays = _card_plays(state, seat, what, name, context)
    elif verb == "fellowship":
        rule = FELLOWSHIP_CARD
        if what != state.characters[seat]:
            return f"{state.name(seat)} uses only his own Fellowship card", rule
        if what not in state.fellowship_cards:
            return f"{state.name(seat)}'s Fellowship card is used already (or not in play)", \
                rule
        plays = resources.fellowship_plays(state, seat, name, context)
    elif verb == "special":
        rule = SPECIAL_CARD
        if what not in state.specials:
            return f"'{what}' is not a special card still face up", rule
        if not _may_play_specials(state, seat, name):
            return "only the Ring-bearer plays a special card, in a window where the " \
                "Fellowship may act", rule
        plays = _special_plays(state, seat)
    else:  # gandalf
        rule = GANDALF_CALL
        if what not in state.gandalf_left:
            return f"'{what}' is not a Gandalf card still face up", rule
        if seat != state.active:
            return "only the active player calls Gandalf", rule
        if not _may_call_gandalf(state, seat):
            return (f"the hobbits still in the game hold fewer than "
                    f"{state.parts.gandalf_cost} runes"), rule
        if what in called:
            return f"{what} was called in this window already", CALLED_HERE
        plays = _gandalf_plays(state, what, name, context)
    if text not in plays:
        return f"'{text}' is not what {what} may do in the window '{name}' now", rule
    return None


def _special_plays(state, seat: int) -> list[str]:
    """Two Special Cards, for the Ring-bearer: The One Ring to another hobbit still in
    the game; The Watchful Peace while Sauron can move back."""
    plays = []
    if "one-ring" in state.specials:
        plays += [f"special one-ring@{state.characters[s]}" for s in _hobbits(state)
                  if s != seat]
    if "watchful-peace" in state.specials and state.sauron < temptation_end(state):
        plays.append("special watchful-peace")
    return plays


def temptation_end(state) -> int:
    """The last space of the Temptation track."""
    return state.parts.temptation_spaces


def _hobbits(state) -> list[int]:
    return state.in_order(state.active)


def _yellow_plays(state, seat: int, card: str, context: tuple) -> list[str]:
    effect = state.parts.cards[card].effect
    char = state.characters
    if effect == "ignore-roll":
        return [f"yellow {card}"] if context[1] != "blank" else []
    if effect in ("skip-roll", "ignore-items-tile"):
        return [f"yellow {card}"]
    if effect == "skip-tile":
        return [f"yellow {card}"] if sum(state.tiles.values()) or state.foreseen else []
    if effect == "heal-one":
        return [f"yellow {card}@{char[s]}" for s in _hobbits(state) if state.positions[s]]
    if effect == "draw-up-to-six":
        return [f"yellow {card}@{char[s]}" for s in _hobbits(state)
                if len(state.hands[s]) - (s == seat) < LEMBAS_HAND]
    if effect == "pass-card":
        given = sorted(set(state.hands[seat]) - {card})
        return [f"yellow {card} {g}@{char[s]}" for g in given for s in _hobbits(state)
                if s != seat]
    if effect == "ignore-missing-life-tokens":
        return [f"yellow {card}@{char[s]}" for s in _hobbits(state)
                if s not in state.athelas and missing_life_tokens(state, s)]
    raise NotImplementedError(f"yellow card effect '{effect}'")


def missing_life_tokens(state, seat: int) -> int:
    """Play 5: how many life-token types the hobbit lacks (Merry needs only 2)."""
    needed = 2 if state.ability(seat) == "two-life-token-types" else 3
    held = sum(1 for k in ("ring", "heart", "sun") if state.life[seat][k])
    return max(0, needed - held)


def legal_window(state, seat: int) -> list[str]:
    """What the hobbit asked may play in this window, or continue."""
    _, _, name, _, _, context, called = state.question
    return _window_plays(state, seat, name, context, called) + ["continue"]


def answer_window(state, seat: int, text: str) -> None:
    """A card played in the window (the hobbit is asked again), or continue."""
    _, _, name, seats, index, context, called = state.answered
    if text == "continue":
        state.push(("window", name, seats, index + 1, context, called))
        return
    again = ("window", name, seats, index, context, called)
    verb, what = text.split()[0], text.split()[1:]
    if verb == "resource":
        resources.play_resource(state, seat, text.split(), again)
        return
    if verb == "fellowship":
        resources.use_fellowship_card(state, seat, text.split(), again)
        return
    if verb == "special":
        card, _, target = what[0].partition("@")
        state.specials.remove(card)
        if card == "one-ring":
            # The Ring is taken from the current hobbit, even if used this scenario.
            state.ring_bearer = state.characters.index(target)
            state.say(f"{state.name(seat)} plays The One Ring: "
                      f"{state.name(state.ring_bearer)} is the Ring-bearer")
            if state.expansion and not state.rider_returning and \
                    state.positions[state.ring_bearer] >= state.rider:
                # The Black Rider: the new Ring-bearer is on its space or beyond.
                sauron.rider_meets_ring_bearer(state)
        else:
            before = state.sauron
            back = state.parts.sauron["special_cards"]["the-watchful-peace"]["sauron_back"]
            state.sauron = min(temptation_end(state), state.sauron + back)
            state.say(f"{state.name(seat)} plays The Watchful Peace: Sauron moves back "
                      f"{state.sauron - before}, to {state.sauron}")
        # A new Ring-bearer is asked in his turn in the window, not the old one now.
        state.push(again if seat == state.ring_bearer else
                   ("window", name, seats, index + 1, context, called))
        return
    if verb == "gandalf":
        gid, _, arg = what[0].partition("@")
        state.say(f"{state.name(seat)} calls Gandalf: {state.parts.gandalf[gid]['name']}")
        state.push(("resolve", gandalf.gandalf_call(state, gid, arg), None),
                   again[:-1] + (tuple(called) + (gid,),))
        return
    card, _, target = what[0].partition("@")
    state.discard_card(seat, card)
    state.used_here.append(card)  # Red Arrow may take it back
    state.say(f"{state.name(seat)} plays {state.parts.cards[card].name}")
    yellow_effect(state, seat, card, what, target)
    state.push(again)


def yellow_effect(state, seat: int, card: str, what: list[str], target: str) -> None:
    """Carry out a yellow card just played by `seat`."""
    effect = state.parts.cards[card].effect
    if effect == "ignore-roll":
        state.next_step("suffer", "sauron-card").ignored = True
    elif effect == "skip-roll":
        step = state.next_step("roll-die", "call")
        # No die is rolled (nor Sauron called): nothing is suffered and the Ring moves
        # as on a blank.
        state.replace_step(step, ("suffer", step.seat, "blank", step.purpose, True)
                           if step.name == "roll-die" else
                           ("sauron-after", step.seat, step.purpose))
    elif effect == "ignore-items-tile":
        state.drop_step(state.next_step("resolve"))
    elif effect == "skip-tile":
        state.drop_step(state.next_step("reveal"))
    elif effect == "heal-one":
        state.heal(state.characters.index(target), 1)
    elif effect == "draw-up-to-six":
        to = state.characters.index(target)
        state.draw_cards(to, LEMBAS_HAND - len(state.hands[to]))
    elif effect == "pass-card":
        given, _, target = what[1].partition("@")
        to = state.characters.index(target)
        state.hidden_shown = True  # the receiver sees the card passed
        state.hands[seat].remove(given)
        state.hands[to].append(given)
        state.hands[to].sort()
        state.say(f"{state.name(seat)} passes a card to {state.name(to)}")
        state.say(f"you receive {given}", to)
        state.say(f"you pass {given}", seat)
    elif effect == "ignore-missing-life-tokens":
        state.athelas.append(state.characters.index(target))


# The steps of this phase (table.py reads them).
STEPS = (Window,)

# The questions of this phase (table.py reads them).
QUESTIONS = {"window": QuestionKind(legal_window, answer_window, WINDOW,
                                     ("yellow", "resource", "fellowship", "special", "gandalf",
                                      "continue"), window_problem)}
