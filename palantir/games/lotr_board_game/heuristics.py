"""Rule-of-thumb players: a heuristic hobbit and a heuristic Sauron, and the rollout policy.

Every function here decides for the seat asked from what that seat may see: the public
boards and tracks, the Temptation track, runes, life tokens, hand sizes, and its own hand
(Sauron: his own hand). The agent reads its view through `SeenTable`, a thin object with
the few attributes the rules of thumb use (no state is rebuilt, no hidden card sampled:
another seat's hand is only its size); the rollout policy is the same functions on a
search's own (determinized) state.
"""

from __future__ import annotations

import random
from collections import Counter

from .components import LIFE_TOKENS, default_components
from .plain import decode

# What a reward is worth to the Fellowship (reference, Play 5 and 9: life tokens guard
# against darkness at each scenario's end, runes score and pay for Gandalf).
REWARD_VALUE = {"rune": 1.0, "big-rune": 2.0, "heal": 1.5, "roll": -2.0}
MAIN_TRACK = 8.5       # a main-track space brings the scenario's end and the score nearer
SIDE_TRACK = 1.0
# A life-token kind lacked at a scenario's end is a step into darkness (Play 5): about a
# turn's healing.
LACKED_TOKEN = 2.5
# A hobbit this close to Sauron (or closer) heals before anything else.
DANGER = 3
# The action spent on healing costs the turn's cards and its tiles (issue 13, item 11,
# benchmarks/lotr_strength.py: the Ring-bearer healing at 3 steps and the others at 2
# won fewer games than the Ring-bearer alone at 2).
HEAL_OTHER = 0
HEAL_BEARER = 2
RING_MARGIN = 1        # steps kept beyond the Ring's worst roll
MORDOR_RING_ROOM = 4   # Mordor: the Ring when the main track has this many spaces left
GANDALF_HEAL = 4       # Gandalf's Healing for a hobbit this close to Sauron
# Hoarding for the boards ahead: the last board's main track (Mordor's Travelling; every
# earlier one is Fighting), before that board a symbol of it is worth this much more to keep
# (benchmarks/lotr_strength.py: 1 and 3 won fewer games than 2).
HOARD_TRAVELLING = 2.0
# A roll on a track space risks the Ring-bearer's elimination: this share of the game
# (the chance of it times CATASTROPHE) is charged when he would cross it himself.
BEARER_ROLL_RISK = 0.25
# Gandalf is not called when his 5 runes would leave the Fellowship without what an event
# still to come asks (Shelob's Lair: The Forbidden Pool, 5 runes, else eye, eye) — unless
# the Ring-bearer is this close to Sauron and Healing is the call.
RESERVE_HEALING = 3
# A gift is made while it costs less than this share of what refusing would cost (a half
# gave fewer wins: benchmarks/lotr_strength.py, 1000 paired seeds).
GIFT_SHARE = 0.75
DRAW_SHORT = 2.0       # what drawing is worth with 3 cards or fewer, and with more
DRAW_FULL = 0.8
# Sauron card symbols, most harmful to the Fellowship first (for Sauron's choice), and the
# hobbit's order of preference when he suffers only one of them (least harmful first).
HARM = {"sauron": 5.0, "darkness": 3.0, "hand-turn": 3.0, "discard-ring": 2.0,
        "discard-life": 2.0, "black-rider": 1.0, "discard-card": 1.0, "discard-runes": 0.5}
SUFFER_ORDER = ("discard-runes", "discard-card", "black-rider", "discard-life",
                "discard-ring", "darkness", "sauron")


def card_worth(state, card: str) -> float:
    """How much a hobbit would miss this card: symbols, legendary cards more."""
    info = state.parts.cards[card]
    worth = float(info.symbol_count)
    if not info.is_hobbit_card:
        worth += 2.0
    if info.symbols and info.symbols[0][0] == "joker":
        worth += 0.5
    if info.symbols and info.symbols[0][0] == _last_main(state):
        worth += HOARD_TRAVELLING * info.symbol_count
    return worth


def _last_main(state) -> str | None:
    """The main track of the journey's last board (Mordor's Travelling), hoarded for on
    every board before it (their main tracks are Fighting)."""
    last = state.parts.boards[state.parts.journey[-1]]
    return None if last.id == state.board.id else last.main


def _coming_events(state):
    """The events of this conflict board still to come."""
    if state.board.kind != "conflict":
        return ()
    return state.board.events[state.event:]


def _rune_reserve(state) -> int:
    """The runes an event still to come on this board asks one player or the group to pay
    (not a may-cost: Shelob's Lair's Forbidden Pool, five)."""
    return max((dict(e.cost).get("runes", 0) for e in _coming_events(state)
                if e.ask in ("one", "group") and not e.may), default=0)


def _elimination_chance(state, seat: int, gap: int) -> float:
    """The chance that one roll of the threat die eliminates `seat` standing `gap` from
    Sauron: the dots (Sam suffers one at most) or the eye (Sauron moves onto him)."""
    if gap <= 0:
        return 1.0
    most = 1 if state.ability(seat) == "one-damage-per-roll" else 3
    dots = sum(1 for d in (1, 2, 3) if min(d, most) >= gap)
    return (dots + (gap <= 1)) / 6.0


def _gap(state, seat: int) -> int:
    """Spaces between a hobbit and Sauron on the Temptation track."""
    return state.sauron - state.positions[seat]


def _next_event(state):
    """The board's next event (the one the marker moves to next), or None."""
    events = state.board.events
    return events[state.event] if state.board.kind == "conflict" and \
        state.event < len(events) else None


# What another hobbit's elimination costs the Fellowship (his cards, runes and turns).
HOBBIT_LOST = 25.0
# A step of distance from Sauron gained (or lost) by the next Ring-bearer, for a ring.
BEARER_SHIFT = 2.5


def _alive(state) -> list[int]:
    """The hobbits still in the game."""
    return [s for s in range(len(state.positions)) if not state.eliminated[s]]


def _loss(state, seat: int) -> float:
    """What the elimination of `seat` costs: the game, if he bears the Ring."""
    return CATASTROPHE if seat == state.ring_bearer else HOBBIT_LOST


def _lacked(state, seat: int, gained: Counter | None = None) -> int:
    """Play 5: the life-token kinds `seat` would lack at the scenario's end (Merry needs
    two kinds), with `gained` tokens added."""
    needed = 2 if state.ability(seat) == "two-life-token-types" else 3
    held = sum(1 for k in LIFE_TOKENS if state.life[seat][k] + (gained or {}).get(k, 0))
    return max(0, needed - held)


def _end_harm(state, seat: int, gained: Counter) -> float:
    """What ending the scenario now would cost (Play 5: darkness for each kind lacked,
    the active player `seat` having received `gained`): the hobbits it would eliminate."""
    if state.board.crack_of_doom:
        return 0.0  # Mordor ends at Mount Doom, not in lacked life tokens
    harm = 0.0
    for s in _alive(state):
        steps = _lacked(state, s, gained if s == seat else None)
        harm += (_loss(state, s) if steps >= _gap(state, s) else 0.0)
    return harm


def _next_bearer(state, rings: list[int]) -> int | None:
    """Play 5: who would bear the Ring after this scenario with these rings (most rings;
    the Ring-bearer loses ties; other ties go clockwise from him)."""
    current = state.ring_bearer
    if current is None:
        return None
    n = len(rings)
    best, most = current, rings[current]
    for step in range(1, n):
        s = (current + step) % n
        if not state.eliminated[s] and rings[s] >= most and (best == current or rings[s] > most):
            best, most = s, rings[s]
    return best


def _bearer_worth(state, seat: int) -> float:
    """A ring received by `seat` may choose the next Ring-bearer: worth it when he will
    stand farther from Sauron, after the scenario's lacked life tokens, than the hobbit who
    would bear it otherwise."""
    if state.board.crack_of_doom or state.ring_bearer is None:
        return 0.0
    rings = [life["ring"] for life in state.life]
    before = _next_bearer(state, rings)
    rings[seat] += 1
    after = _next_bearer(state, rings)
    # Play 5: the scenario's end takes each a step into darkness per kind lacked first.
    after_gap = _gap(state, after) - _lacked(state, after, Counter(ring=1) if after == seat
                                             else None)
    return BEARER_SHIFT * (after_gap - _gap(state, before) + _lacked(state, before))


def _reward_worth(state, seat: int, item: str) -> float:
    if item == "roll" and seat == state.ring_bearer:
        chance = _elimination_chance(state, seat, _gap(state, seat))
        return REWARD_VALUE["roll"] - BEARER_ROLL_RISK * chance * CATASTROPHE
    if item == "ring":
        return _token_worth(state, seat, item) + _bearer_worth(state, seat)
    if item in LIFE_TOKENS:
        return _token_worth(state, seat, item)
    if item.startswith("card:"):
        return 2.0
    return REWARD_VALUE.get(item, 0.0)


def _token_worth(state, seat: int, item: str) -> float:
    if item in LIFE_TOKENS:
        # Play 5: a kind lacked costs a step into darkness at the scenario's end; the next
        # event may ask for one (Mordor: a heart, a sun).
        coming = _next_event(state)
        wanted = coming is not None and dict(coming.cost).get(item) and \
            state.life[seat][item] == 0
        return LACKED_TOKEN + 1.0 if wanted else LACKED_TOKEN if state.life[seat][item] == 0 \
            else 0.5


def _play_worth(state, seat: int, text: str) -> float:
    """The value of playing these cards on these tracks."""
    board = state.board
    advanced, gained = Counter(), Counter()
    worth = 0.0
    for token in text.split()[1:]:
        card, _, track = token.partition("@")
        spaces = state.parts.cards[card].symbol_count
        rewards = board.tracks[track]
        start = state.tracks.get(track, 0) + advanced[track]
        room = len(rewards) - start
        moved = min(spaces, room)
        advanced[track] += moved
        worth += moved * (MAIN_TRACK if track == board.main else SIDE_TRACK)
        for space in range(start, start + moved):
            worth += sum(_reward_worth(state, seat, r) for r in rewards[space])
            gained.update(r for r in rewards[space] if r in LIFE_TOKENS)
        worth -= 0.3 * card_worth(state, card)  # what is spent is gone
        worth -= 2.0 * (spaces - moved)        # symbols wasted past the track's end
    if state.tracks.get(board.main, 0) + advanced[board.main] >= len(board.tracks[board.main]):
        # Completing the main track ends the scenario (Play 5): its lacked life tokens.
        worth -= _end_harm(state, seat, gained)
    return worth


def _act_worths(state, seat: int, legal: list[str]) -> list[tuple[float, str]]:
    """The worth of each turn action the rules of thumb score, in the order of `legal`."""
    worths = []
    for text in legal:
        if text.startswith("play "):
            worth = _play_worth(state, seat, text)
        elif text == "heal":
            worth = 0.6 * state.positions[seat]
        elif text.startswith("ring ") and text.split()[1] == state.board.main:
            # Play 6: the Ring is worth it when the main track has room for its move.
            worth = 4.0 if _main_room(state) >= 3 and _ring_is_safe(state, seat) else -1.0
        elif text.startswith("rider "):
            # Do Not Play Cards: when the Black Rider is about to reach the Ring-bearer, or
            # riding back is near Mordor (the Eye of Sauron ends the game).
            bearer = state.ring_bearer
            steps = int(text.split()[1])
            if state.rider_returning:
                worth = 30.0 + steps if state.parts.temptation_spaces - state.rider <= 3 \
                    else -1.0
            else:
                close = bearer is not None and state.rider - state.positions[bearer] <= 2
                worth = 8.0 + steps if close else -1.0
        else:
            continue
        worths.append((worth, text))
    return worths


def _main_room(state) -> int:
    """Spaces left on the board's main track."""
    board = state.board
    return len(board.tracks[board.main]) - state.tracks.get(board.main, 0)


def _ring_is_safe(state, seat: int) -> bool:
    """Play 6: the Ring's roll may bring 3 steps into darkness (Sam: 1)."""
    worst = 1 if state.ability(seat) == "one-damage-per-roll" else 3
    if _main_room(state) <= 4 and _end_harm(state, seat, Counter()) >= HOBBIT_LOST:
        return False  # the Ring may complete the main track: the scenario's end would cost a hobbit
    return _gap(state, seat) > worst + RING_MARGIN


def _danger(state, seat: int) -> int:
    """How close to Sauron a hobbit spends his action on healing: the Ring-bearer sooner
    (his elimination loses the game)."""
    return HEAL_BEARER if seat == state.ring_bearer else HEAL_OTHER


def hobbit_act(state, seat: int, legal: list[str]) -> str:
    """The turn's action: heal when in danger; the Ring on the main track when it is safe
    (Play 6: the action follows); play the best cards, else draw."""
    if "heal" in legal and _gap(state, seat) <= _danger(state, seat):
        return "heal"
    ring = f"ring {state.board.main}"
    if ring in legal and _main_room(state) >= 3 and _ring_is_safe(state, seat):
        return ring
    if ring in legal and state.board.crack_of_doom and _main_room(state) <= MORDOR_RING_ROOM \
            and _gap(state, seat) > 1:
        # Mordor: the Ring carries the marker over the last spaces (three rolls) towards the
        # Crack of Doom; its own roll is one, and the scenario cannot end in lacked tokens.
        return ring
    best, best_worth = "draw", DRAW_SHORT if len(state.hands[seat]) <= 3 else DRAW_FULL
    coming = _next_event(state)
    held, keep = sum(len(h) for s, h in enumerate(state.hands) if not state.eliminated[s]), 0
    if coming is not None and coming.ask == "group" and "cards" in dict(coming.cost):
        # The next event asks the group for cards (Mordor 5: seven): keep hands full.
        needed = dict(coming.cost)["cards"]
        if held < needed + 2:
            best_worth = 5.0
        if _harm(state, coming.otherwise, seat) >= CATASTROPHE:
            # Its refusal loses the game (Surrounded by Dark Forces' eye 3 reaching the
            # Ring-bearer): no play that leaves the group short, unless it ends the board.
            keep = needed
    for worth, text in _act_worths(state, seat, legal):
        if held - _cards_in(text) < keep and not _completes_main(state, text):
            continue
        if worth > best_worth:
            best, best_worth = text, worth
    return best


def _cards_in(text: str) -> int:
    """The cards a turn action spends (a play's cards; none for the others)."""
    return len(text.split()) - 1 if text.startswith("play ") else 0


def _completes_main(state, text: str) -> bool:
    """Whether this play completes the board's main track (the scenario ends, Play 5)."""
    if not text.startswith("play "):
        return False
    main = state.board.main
    moved = sum(state.parts.cards[t.partition("@")[0]].symbol_count
                for t in text.split()[1:] if t.partition("@")[2] == main)
    return moved > 0 and moved >= _main_room(state)


def act_candidates(state, seat: int, legal: list[str], k: int) -> list[str]:
    """The rule of thumb's pick, then its next best turn actions, `k` in all (draw and
    heal always among them when legal): the few a search should compare."""
    pick = hobbit_act(state, seat, legal)
    ranked = sorted(_act_worths(state, seat, legal), key=lambda wt: -wt[0])
    out = [pick] + [t for t in ("draw", "heal") if t in legal and t != pick]
    for _, text in ranked:
        if len(out) >= k:
            break
        if text not in out:
            out.append(text)
    return out[:max(k, 1)]


# What losing the game is worth to the rules of thumb: pay anything to avoid it.
CATASTROPHE = 100.0


def _targets(state, target: str, payer: int) -> list[int]:
    """The hobbits still in the game an effect's target names (as the rules' targets)."""
    alive = [s for s in range(len(state.positions)) if not state.eliminated[s]]
    if target == "each":
        return alive
    if target == "ring-bearer":
        return [s for s in alive if s == state.ring_bearer]
    if target == "payer":
        return [s for s in alive if s == payer]
    if target == "others":
        return [s for s in alive if s != state.active]
    return [s for s in alive if s == state.active]


def _stake(state, seat: int) -> float:
    """What refusing the cost being asked would cost the Fellowship: its `otherwise`,
    CATASTROPHE when it may eliminate the Ring-bearer (Temptation track: the game is
    lost)."""
    asking = state.asking or {}
    res = asking.get("res")
    if res is None:
        return 4.0
    return _harm(state, res.otherwise, seat)


def _harm(state, effects, seat: int | None) -> float:
    """What these effects would cost the Fellowship (CATASTROPHE: maybe the game)."""
    bearer = state.ring_bearer
    harm = 0.0
    for effect in effects:
        verb, args = effect[0], effect[1:]
        if verb == "eye":
            gaps = [_gap(state, s) for s in range(len(state.positions))
                    if not state.eliminated[s]]
            if bearer is not None and _gap(state, bearer) <= args[0]:
                return CATASTROPHE
            harm += 3.0 * args[0] + 10.0 * sum(1 for g in gaps if g <= args[0])
        elif verb in ("darkness", "roll"):
            worst = args[0] * (1 if verb == "darkness" else 3)
            for s in _targets(state, args[1], seat):
                if s == bearer and _gap(state, s) <= worst:
                    return CATASTROPHE if verb == "darkness" else harm + 20.0
                harm += 2.0 * args[0]
        elif verb == "next-event":
            harm += 5.0
        elif verb == "lose-board-cards":
            harm += 4.0
        elif verb in ("discard", "lose-runes"):
            harm += 1.0 * args[0]
    return harm


def _give(state, seat: int, legal: list[str]) -> str:
    """Towards a cost: pay what is cheap (hobbit cards, spare tokens, runes) to avoid the
    consequence, anything when the consequence may lose the game; suffer darkness or a
    roll only when far from Sauron (or to save the Ring-bearer when it is safe)."""
    stake = _stake(state, seat)
    if "take" in legal:
        cost = dict((state.asking or {}).get("cost") or {})
        worst = cost.get("darkness", 0) + 3 * cost.get("roll", 0) + 2 * cost.get("call-sauron", 0)
        if state.ability(seat) == "one-damage-per-roll" and "roll" in cost:
            worst = cost.get("darkness", 0) + cost["roll"]
        if _gap(state, seat) <= worst:
            return "pass"  # it would eliminate him
        if stake >= CATASTROPHE:
            return "take"
        res = (state.asking or {}).get("res")
        if seat != state.ring_bearer and res is not None and \
                any(e[0] == "eye" for e in res.otherwise) and _gap(state, seat) > worst + 1:
            return "take"  # Sauron's move would bring every hobbit nearer, the Ring-bearer too
        return "take" if _gap(state, seat) > DANGER + 1 else "pass"
    gifts = []
    for text in legal:
        if not text.startswith("give "):
            continue
        item = text.split()[1]
        if item == "rune":
            cost = 1.5
        elif item in LIFE_TOKENS:
            cost = 0.8 if state.life[seat][item] > 1 else _only_token_cost(state, seat, item)
        else:
            cost = card_worth(state, item)
        gifts.append((cost, text))
    if not gifts:
        return "pass"
    cost, text = min(gifts)
    return text if cost < max(4.0, stake * GIFT_SHARE) else "pass"


def _only_token_cost(state, seat: int, item: str) -> float:
    """What giving away the only life token of a kind costs: a step into darkness at the
    scenario's end (Play 5), more when an event still to come asks each hobbit for it
    (Mordor: Pelennor's heart, the Mouth of Sauron's sun)."""
    asked = any(e.ask == "each" and dict(e.cost).get(item) for e in _coming_events(state))
    return 4.0 if asked or state.board.crack_of_doom else LACKED_TOKEN


def _least_worth(state, seat: int, legal: list[str]) -> str:
    return min(legal, key=lambda t: (card_worth(state, t.split()[1]), t))


def _window(state, seat: int, legal: list[str]) -> str:
    """Yellow cards and Gandalf when they help: healing the hobbit nearest to Sauron,
    anything that cancels a roll, an event or a Sauron card, Guidance on the main track,
    Persistence for an empty hand; the Two Special Cards only when a hobbit is a step
    from Sauron (an unused Watchful Peace is 10 points)."""
    special = _special(state, seat, legal)
    if special:
        return special
    gandalf = _gandalf(state, seat, legal)
    if gandalf:
        return gandalf
    card = _expansion_card(state, seat, legal)
    if card:
        return card
    athelas = []
    for text in legal:
        words = text.split()
        if words[0] == "continue":
            continue
        what, _, target = words[1].partition("@")
        if target in state.characters:
            who = state.characters.index(target)
            if what in ("elessar", "healing") and _gap(state, who) <= DANGER:
                return text
            if what == "lembas" and len(state.hands[who]) <= 2:
                return text
            if what == "athelas":
                athelas.append(text)
            continue
        if what == "magic":
            # Magic ignores the event just moved to: worth it for a harmful one only.
            res = state.board.events[state.event - 1]
            effects = res.otherwise if res.ask or res.if_complete else res.then
            if _harm(state, effects, state.active) >= 6.0:
                return text
            continue
        if what in ("mithril", "belt", "staff", "protection"):
            return text
    if athelas:
        return max(athelas, key=lambda t: (_athelas_saves(state, t.partition("@")[2]), t))
    return "continue"


def _athelas_saves(state, target: str) -> float:
    """What Athelas saves the hobbit `target` (Play 5: his lacked kinds): his elimination
    first, then the steps nearest to Sauron."""
    seat = state.characters.index(target)
    steps, gap = _lacked(state, seat), _gap(state, seat)
    return (_loss(state, seat) if steps >= gap else 0.0) + steps + 1.0 / max(1, gap - steps)


def _gandalf(state, seat: int, legal: list[str]) -> str | None:
    """Gandalf's Healing for the hobbit nearest to Sauron when he is in danger, else
    Guidance on the main track, else Persistence for a hobbit short of cards (called by
    the active player, or by Fatty's Fellowship card)."""
    fatty = {"gandalf " + t.split(" ", 2)[2]: t for t in legal
             if t.startswith("fellowship fatty ")}
    calls = [t for t in legal if t.startswith("gandalf ")] or list(fatty)
    if not calls:
        return None
    wanted = _gandalf_call(state, calls)
    return fatty.get(wanted, wanted)


def _gandalf_call(state, calls: list[str]) -> str | None:
    """The Gandalf call among `calls` (in `gandalf ...` form) worth making now."""
    reserve = _rune_reserve(state)
    if reserve and sum(state.runes[s] for s in _alive(state)) - 5 < reserve:
        bearer = state.ring_bearer
        if bearer is None or _gap(state, bearer) > RESERVE_HEALING:
            return None
        urgent = f"gandalf healing@{state.characters[bearer]}"
        return urgent if urgent in calls else None
    healing = [t for t in calls if t.startswith("gandalf healing@")]
    if healing:
        who = min(healing, key=lambda t: (_gap(state, state.characters.index(
            t.partition("@")[2])), t))
        if _gap(state, state.characters.index(who.partition("@")[2])) <= GANDALF_HEAL:
            return who
    guidance = f"gandalf guidance@{state.board.main}"
    if guidance in calls and _main_room(state) >= 2:
        return guidance
    persistence = [t for t in calls if t.startswith("gandalf persistence@")]
    if persistence:
        who = min(persistence, key=lambda t: (len(state.hands[state.characters.index(
            t.partition("@")[2])]), t))
        if len(state.hands[state.characters.index(who.partition("@")[2])]) <= 2:
            return who
    return None


def _expansion_card(state, seat: int, legal: list[str]) -> str | None:
    """Resources and Cards: the Rings and Frodo's card on the main track; Star of Elendil
    and Merry's card when the Black Rider threatens the Ring-bearer or Mordor; Sam's card
    against a harmful Sauron card; Pippin's when the active player holds cards enough;
    Gwaihir and Red Arrow for the best card they bring back."""
    main = state.board.main
    question = state.question
    for text in legal:
        words = text.split()
        if words[0] not in ("resource", "fellowship"):
            continue
        what, _, track = words[1].partition("@")
        if words[0] == "resource" and what in ("narya", "nenya", "vilya"):
            tile = question[5][0] if question[2] == "tile" else \
                (state.revealed[-1] if state.revealed else None)
            if tile == main:
                return text
        elif what == "frodo" and track == main:
            return text
        elif what in ("star-of-elendil", "merry") and _rider_threat(state, question):
            return text
        elif what == "sam" and _sam_saves(state, question[5][0], question[5][1]) >= 3.0:
            return text
        elif what == "pippin" and len(state.hands[state.active]) >= 4:
            return text
    takes = [t for t in legal if t.startswith(("resource gwaihir ", "resource red-arrow "))]
    if takes:
        return max(takes, key=lambda t: (card_worth(state, t.split()[2]), t))
    return None


def _sam_saves(state, target: int, card: str) -> float:
    """What Sam's Fellowship card saves against this Sauron card: its harm in full less
    its least harmful symbol's (the one the hobbit then carries out) — nothing on a card
    of one symbol, where the card would be spent for nothing."""
    return _card_harm(state, card, False, target) - _card_harm(state, card, True, target)


def _rider_threat(state, question) -> bool:
    """The Black Rider: about to meet the Ring-bearer (searching), or near Mordor after
    meeting him (returning: the Eye of Sauron ends the game)."""
    if state.rider is None:
        return False
    if state.rider_returning:
        return state.parts.temptation_spaces - state.rider <= 4
    bearer = state.ring_bearer
    steps = question[5][0] if question[2] == "black-rider" else 3
    return bearer is not None and state.rider - steps <= state.positions[bearer]


def _special(state, seat: int, legal: list[str]) -> str | None:
    """The Watchful Peace when a hobbit still in the game is within a step of Sauron; The
    One Ring when its bearer is and another hobbit is far from him."""
    gaps = [_gap(state, s) for s in range(len(state.positions)) if not state.eliminated[s]]
    if "special watchful-peace" in legal and gaps and min(gaps) <= 1:
        return "special watchful-peace"
    rings = [t for t in legal if t.startswith("special one-ring@")]
    if rings and _gap(state, seat) <= 1:
        best = max(rings, key=lambda t: (_gap(state, state.characters.index(
            t.partition("@")[2])), t))
        if _gap(state, state.characters.index(best.partition("@")[2])) > DANGER:
            return best
    return None


def _suffer(state, seat: int, legal: list[str]) -> str:
    """Start of each turn: the least harmful symbol."""
    order = {k: i for i, k in enumerate(SUFFER_ORDER)}
    if _gap(state, seat) > DANGER + 2:
        order["darkness"] = 0.5  # far from Sauron a step into darkness costs little
    return min(legal, key=lambda t: order.get(t.split()[1], 99))


def _card_harm(state, card: str, one: bool, target: int | None = None) -> float:
    """How much a Sauron or Nazgûl card would hurt the Fellowship, played on `target`."""
    symbols = state.card_symbols(card)
    harms = [_symbol_harm(state, k, n, target) for k, n in symbols]
    # At the start of a turn the hobbit picks the least harmful symbol (Sam always).
    return min(harms) if one else sum(harms)


def _symbol_harm(state, kind: str, n: int, target: int | None) -> float:
    """One symbol's harm: the Black Rider back in Mordor or the Ring-bearer reached loses
    the game; the Rider meeting the Ring-bearer brings a Nazgûl card and a call."""
    bearer = state.ring_bearer
    if kind == "black-rider" and state.rider is not None:
        if state.rider_returning:
            if state.parts.temptation_spaces - state.rider <= n:
                return CATASTROPHE
        elif bearer is not None and state.rider - n <= state.positions[bearer]:
            return 6.0
    if kind == "sauron" and bearer is not None and _gap(state, bearer) <= n:
        return CATASTROPHE
    if kind == "darkness" and target is not None and target == bearer and \
            _gap(state, target) <= n:
        return CATASTROPHE
    return HARM.get(kind, 0.0) * n


def sauron_decision(state, seat: int, legal: list[str]) -> str:
    """Sauron: the most harmful card; draw (or refill) when his hand runs short."""
    kind = state.question[0]
    hand = len(state.sauron_hand)
    if kind == "sauron-refill":
        return "refill"
    if kind == "sauron-call":
        if hand <= 1 and "refill" in legal:
            return "refill"
        target = state.question[2]
        sam = state.ability(target) == "one-damage-per-roll"
        plays = [t for t in legal if t.startswith("sauron ")]
        return max(plays, key=lambda t: (_card_harm(state, t.split()[1], sam, target), t)) \
            if plays else "refill"
    plays = [t for t in legal if t.startswith("sauron ")]
    target = state.question[2]
    best = max(plays, key=lambda t: (_card_harm(state, t.split()[1], True, target), t)) \
        if plays else "draw"
    harm = _card_harm(state, best.split()[1], True, target) if plays else 0.0
    if harm >= CATASTROPHE:
        return best  # a symbol the hobbit cannot refuse wins the game
    nazgul = [t for t in legal if t.startswith("nazgul ")]
    if nazgul:
        return nazgul[0]
    if not plays or hand <= 2:
        return "draw"
    return best if harm >= 2.0 else "draw"


def decide(state, rng: random.Random | None = None, legal: list[str] | None = None) -> str:
    """The heuristic decision of the seat asked in `state` (among `legal` if given)."""
    if legal is None:
        legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    kind, seat = state.question[0], state.question[1]
    if seat == state.sauron_seat:
        return sauron_decision(state, seat, legal)
    if kind == "act":
        return hobbit_act(state, seat, legal)
    if kind == "give":
        return _give(state, seat, legal)
    if kind in ("discard", "council"):
        return _least_worth(state, seat, legal)
    if kind == "window":
        return _window(state, seat, legal)
    if kind == "use-token":
        # Foresight (bag): an activity tile on the main track first, then any activity
        # tile (it ends the reveal), else the first.
        tiles = state.parts.tiles
        main = f"use {state.board.main}"
        if main in legal:
            return main
        return next((t for t in legal if t.split()[1] in tiles
                     and tiles[t.split()[1]].kind == "activity"), legal[0])
    if kind == "decline":
        # Dark Events: keep an activity tile (it ends the reveal); any other may be
        # replaced by an activity tile — unless the bag is empty, when the token to
        # replace it cannot be taken and the game is lost (docs, Rulings).
        if not state.tiles.total():
            return "accept"
        return "accept" if state.question[2] in state.parts.tiles and \
            state.parts.tiles[state.question[2]].kind == "activity" else "decline"
    if kind == "sauron-symbol":
        return _suffer(state, seat, legal)
    if kind == "life-token":
        # The kind held most goes (a spare is cheapest at the scenario's end, Play 5).
        return max(legal, key=lambda t: (state.life[seat][t.split()[1]], t))
    if kind == "track":
        main = f"track {state.board.main}"
        return main if main in legal else legal[0]
    if kind == "choose":
        return "choose heal" if "choose heal" in legal and state.positions[seat] else \
            next((t for t in legal if t != "choose heal"), legal[0])
    if kind == "deal":
        return min(legal, key=lambda t: (len(state.hands[state.characters.index(t.split()[1])]),
                                         t))
    return legal[0]


class SeenTable:
    """What one seat's view shows, with the attribute names of a state that `decide` reads.

    Another hobbit's hand is a list of `None` of its shown size: the rules of thumb only
    count it, and nothing hidden is there to read."""

    def __init__(self, view: dict):
        self.parts = parts = default_components()
        self.board = parts.boards[view["board"]]
        self.characters = tuple(view["characters"])
        self.tracks = view["tracks"]
        self.positions = view["positions"]
        self.eliminated = view["eliminated"]
        self.sauron = view["sauron"]
        self.life = view["life"]
        self.runes = view["runes"]
        self.ring_bearer = view["ring_bearer"]
        seat = view["rules_seat"]
        self.hands = [list(view["hand"]) if s == seat and view["hand"] is not None
                      else [None] * size for s, size in enumerate(view["hand_sizes"])]
        self.question = decode(view["procedure"]["question"])
        self.asking = decode(view["procedure"]["asking"])
        self.active = view["active"]
        self.event = view["event"]
        self.sauron_seat = view.get("sauron_seat")
        self.sauron_hand = view.get("sauron_hand") or \
            [None] * view.get("sauron_hand_size", 0)
        self.rider = view.get("black_rider")
        self.rider_returning = view.get("black_rider_returning")
        self.revealed = view["revealed"]
        self.tiles = Counter(view["procedure"]["tiles"])  # the tiles left in the bag: public
        if self.sauron_seat is not None:
            self._symbols = {c.id: c.symbols for c in parts.sauron_cards}
            self._symbols.update((c.id, (c.corner,)) for c in parts.nazgul_cards)

    def ability(self, seat: int) -> str:
        """The special ability of the hobbit at `seat`."""
        return self.parts.abilities[self.characters[seat]]

    def card_symbols(self, card: str):
        """The symbols of a Sauron card, or a Nazgûl card's corner symbol."""
        return self._symbols[card]


class HeuristicAgent:
    """The heuristic hobbit or Sauron of one seat; it sees only the seat's view."""

    def __init__(self, game, seat: int, seed: int | None = None):
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)

    def choose(self, view: dict, legal_actions: list):
        """The rule-of-thumb decision among `legal_actions`."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        legal = [str(a) for a in legal_actions]
        wanted = decide(SeenTable(view), self.rng, legal)
        return legal_actions[legal.index(wanted)] if wanted in legal else legal_actions[0]


def rollout_policy(state, rng: random.Random) -> str:
    """The heuristic on a search's own state (fast: no view is built)."""
    return decide(state, rng)
