"""Exact odds of a Journey to Mordor turn, and the `optimal-turn` agent that plays them.

For the decision in front of the active player, the distribution of the turn's result
(spaces gained, own Nazgûl marks, elimination) for each legal choice, with the rest of the
turn played by the policy that maximises an `Objective`'s expectation. Dynamic programming
over the dice still to roll: a roll's outcomes are enumerated as multisets per class of
interchangeable dice (the same faces, a Nazgûl on them hitting the same seat) with their
multinomial probabilities, and every sub-state of the turn (the dice set aside so far, by
what they count for; the dice left, by class; whether Rohan's repeat is still open) is
memoised. The dice faces, the legal keeps and the end-of-turn effects are the rules' own
(components, phases/dice.py `legal_keeps`, phases/nazgul.py, phases/ring.py).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from itertools import product
from math import factorial
from types import SimpleNamespace
from typing import Any, Mapping

from ...engine.dice import SeededDice
from ...engine.game import get_game
from .components import Components
from .notation import Keep, Reroll
from .phases import ADVANCING_PHASE, UNMARKED_UNITS
from .phases.dice import legal_keeps
from .phases.nazgul import mark_nazgul, nazgul_target, split_square
from .phases.ring import effective_rings


@dataclass(frozen=True)
class Objective:
    """What the turn's policy maximises: the expectation of spaces × `space` (+ `arrive`
    on reaching Mordor) less `unit` per whole or half space of one's own Nazgûl route lost
    (Gandalf's split gains one back), less `eliminated` on elimination, plus `rival_unit`
    per space a rival loses and `rival_eliminated` per rival eliminated."""

    space: float = 1.0
    arrive: float = 4.0
    unit: float = 0.5
    eliminated: float = 30.0
    rival_unit: float = 0.1
    rival_eliminated: float = 2.0


DEFAULT_OBJECTIVE = Objective()


@dataclass(frozen=True)
class Result:
    """What a turn did for the active player: spaces gained, own Nazgûl marks (whole or
    half squares), whether eliminated; and rival marks, for the objective."""

    spaces: int
    marks: int
    eliminated: bool
    rival_marks: int = 0


@dataclass(frozen=True)
class ChoiceOdds:
    """One legal decision, its objective value and the exact distribution of the turn."""

    action: Any
    value: float
    distribution: Mapping[Result, float]

    def p_spaces(self) -> dict[int, float]:
        """P(gain k spaces) by k."""
        out: dict[int, float] = {}
        for result, p in self.distribution.items():
            out[result.spaces] = out.get(result.spaces, 0.0) + p
        return dict(sorted(out.items()))

    def expected_marks(self) -> float:
        """Expected Nazgûl marks on one's own route."""
        return sum(r.marks * p for r, p in self.distribution.items())

    def p_eliminated(self) -> float:
        """P(the active player is eliminated this turn)."""
        return sum(p for r, p in self.distribution.items() if r.eliminated)

    def expected_spaces(self) -> float:
        """Expected spaces gained."""
        return sum(r.spaces * p for r, p in self.distribution.items())


class TurnOdds:
    """The turn of `me` from a view's sheets: every sub-state's value and distribution."""

    def __init__(self, parts: Components, view: Mapping[str, Any], objective: Objective):
        self.parts = parts
        self.objective = objective
        self.me = view["active"]
        self.feature = view["feature"]
        self.locations = bool(view["options"].get("locations"))
        self.nazgul = tuple(tuple(s) for s in view["nazgul"])
        self.eliminated = tuple(view["eliminated"])
        self.room = len(parts.ring_spaces) - view["ring"][self.me]
        colour_seat: list[int | None] = [None] * len(parts.die_names)
        for seat, hobbit in enumerate(view["hobbits"]):
            colour_seat[parts.die_names.index(parts.hobbit_colours[hobbit])] = seat
        self.colour_seat = tuple(colour_seat)
        self.target = tuple(nazgul_target(d, self.me, self.feature, colour_seat,
                                          list(self.eliminated), parts.black)
                            for d in range(len(parts.die_names)))
        # Dice are interchangeable when they have the same faces and a Nazgûl on them
        # hits the same seat: a class, whose dice are listed in order.
        kinds: dict[tuple, list[int]] = {}
        for d in range(len(parts.die_names)):
            kinds.setdefault((parts.faces_of(d), self.target[d]), []).append(d)
        self.class_dice = [dice for dice in kinds.values()]
        self.class_of = {d: c for c, dice in enumerate(self.class_dice) for d in dice}
        self._roll_memo: dict = {}
        self._end_memo: dict = {}
        self._outcome_memo: dict = {}
        self._choice_memo: dict = {}

    # ----- what a die set aside counts for ----------------------------------------------

    def category(self, die: int, face: str) -> str:
        """A set-aside die by what it counts for: its face, and a Nazgûl's target."""
        if face != "N":
            return face
        target = self.target[die]
        return "N-" if target is None else f"N{target}"

    def aside_key(self, dice) -> tuple[str, ...]:
        """The dice set aside as a sorted tuple of categories."""
        return tuple(sorted(self.category(d, f) for d, f in dice))

    def classes(self, dice) -> tuple[int, ...]:
        """Dice (indices) as a sorted tuple of their classes."""
        return tuple(sorted(self.class_of[d] for d in dice))

    # ----- the end of the turn ------------------------------------------------------------

    def end(self, aside: tuple[str, ...]) -> tuple[float, Result]:
        """The turn's value and result once `aside` is applied (Gandalf, Nazgûl, Ring),
        the player advancing as far as the rings allow."""
        memo = self._end_memo.get(aside)
        if memo is not None:
            return memo
        faces = [c[0] for c in aside]
        table = SimpleNamespace(nazgul=[list(s) for s in self.nazgul],
                                eliminated=list(self.eliminated), news=[])
        before = [sum(UNMARKED_UNITS[s] for s in squares) for squares in table.nazgul]
        if self.feature != "no_gandalf":  # Moria: Gandalf has no effect
            for _ in range(faces.count("G")):
                if not split_square(table, self.me):
                    break
        for category in aside:
            if category[0] == "N" and category != "N-":
                mark_nazgul(table, int(category[1:]), 0)
        marks = sum(1 for item in table.news if item[0] == "mark" and item[1] == self.me)
        rival_marks = sum(1 for item in table.news if item[0] == "mark" and item[1] != self.me)
        out = table.eliminated[self.me]
        spaces = 0 if out else min(effective_rings(faces, self.feature), self.room)
        after = [sum(UNMARKED_UNITS[s] for s in squares) for squares in table.nazgul]
        o = self.objective
        value = spaces * o.space + (o.arrive if spaces and spaces == self.room else 0.0)
        value -= o.unit * (before[self.me] - after[self.me])
        value -= o.eliminated if out else 0.0
        for seat in range(len(before)):
            if seat != self.me:
                value += o.rival_unit * (before[seat] - after[seat])
                if table.eliminated[seat] and not self.eliminated[seat]:
                    value += o.rival_eliminated
        memo = self._end_memo[aside] = (value, Result(spaces, marks, out, rival_marks))
        return memo

    # ----- the rolls still to come ----------------------------------------------------------

    def outcomes(self, classes: tuple[int, ...]) -> list[tuple[float, list[tuple[int, str]]]]:
        """Every outcome of rolling dice of these classes, as (probability, roll) with the
        class's first dice standing for its members, faces counted as multisets."""
        memo = self._outcome_memo.get(classes)
        if memo is not None:
            return memo
        per_class = []
        for c, count in sorted(Counter(classes).items()):
            faces = self.parts.faces_of(self.class_dice[c][0])
            weights = {f: faces.count(f) / len(faces) for f in dict.fromkeys(faces)}
            dice = self.class_dice[c][:count]
            per_class.append([(p, list(zip(dice, roll)))
                              for p, roll in _multisets(tuple(weights.items()), count)])
        memo = []
        for combo in product(*per_class):
            p = 1.0
            roll: list[tuple[int, str]] = []
            for q, part in combo:
                p *= q
                roll += part
            memo.append((p, roll))
        self._outcome_memo[classes] = memo
        return memo

    def keep_choices(self, roll: list[tuple[int, str]]) -> list[tuple[Keep, tuple, tuple, bool]]:
        """The legal keeps of `roll` (the rules' own list) with what each leaves: the
        categories set aside, the classes still to roll, whether the turn ends."""
        table = SimpleNamespace(roll=roll, parts=self.parts, feature=self.feature)
        out = []
        for keep in legal_keeps(table):
            kept = set(keep.dice)
            left = self.classes(d for d, f in roll if (d, f) not in kept)
            stops = any(f == "T" for _, f in keep.dice) or not left
            out.append((keep, self.aside_key(keep.dice), left, stops))
        return out

    def after_keep(self, aside: tuple[str, ...], kept: tuple[str, ...], left: tuple[int, ...],
                   stops: bool) -> tuple[float, dict]:
        """Value and distribution once `kept` joins `aside`."""
        total = tuple(sorted(aside + kept))
        if stops:
            value, result = self.end(total)
            return value, {result: 1.0}
        return self.roll_node(total, left, self.feature == "reroll_each_roll")

    def choices_of(self, left: tuple[int, ...]) -> list[tuple[float, list, tuple]]:
        """The outcomes of rolling classes `left`, each with its distinct keeps (categories
        kept, classes left, whether the turn ends) and the classes rolled."""
        memo = self._choice_memo.get(left)
        if memo is None:
            memo = self._choice_memo[left] = [
                (p, list(dict.fromkeys((kept, rest, stops)
                                       for _, kept, rest, stops in self.keep_choices(roll))),
                 self.classes(d for d, _ in roll))
                for p, roll in self.outcomes(left)]
        return memo

    def roll_node(self, aside: tuple[str, ...], left: tuple[int, ...],
                  can_repeat: bool) -> tuple[float, dict]:
        """Value and distribution of rolling the dice of classes `left`, playing on well."""
        key = (aside, left, can_repeat)
        memo = self._roll_memo.get(key)
        if memo is not None:
            return memo
        value, dist = 0.0, {}
        for p, keeps, rolled in self.choices_of(left):
            best = None
            for kept, rest, stops in keeps:
                choice = self.after_keep(aside, kept, rest, stops)
                if best is None or choice[0] > best[0]:
                    best = choice
            if can_repeat:  # Rohan: the same dice once more, if that is worth more
                again = self.roll_node(aside, rolled, False)
                if again[0] > best[0]:
                    best = again
            value += p * best[0]
            for result, q in best[1].items():
                dist[result] = dist.get(result, 0.0) + p * q
        memo = self._roll_memo[key] = (value, dist)
        return memo


def _multisets(weights: tuple[tuple[str, float], ...], n: int):
    """Every multiset of `n` draws from faces with these probabilities, with its
    multinomial probability, as (probability, faces)."""
    faces = [f for f, _ in weights]

    def split(i: int, left: int):
        if i == len(faces) - 1:
            yield [left]
            return
        for k in range(left, -1, -1):
            for rest in split(i + 1, left - k):
                yield [k] + rest

    for counts in split(0, n):
        p = factorial(n)
        for (face, w), k in zip(weights, counts):
            p = p * w ** k / factorial(k)
        yield p, [f for f, k in zip(faces, counts) for _ in range(k)]


_TURNS: dict = {}


def turn_odds(parts: Components, view: Mapping[str, Any],
              objective: Objective = DEFAULT_OBJECTIVE) -> TurnOdds:
    """The (memoised) odds of the turn the view is in: the same for every decision of it."""
    key = (id(parts), objective, view["active"], view["feature"], tuple(view["hobbits"]),
           bool(view["options"].get("locations")), view["ring"][view["active"]],
           tuple(tuple(s) for s in view["nazgul"]), tuple(view["eliminated"]))
    found = _TURNS.get(key)
    if found is None:
        if len(_TURNS) > 256:  # a long run meets many turns: keep the memory bounded
            _TURNS.clear()
        found = _TURNS[key] = TurnOdds(parts, view, objective)
    return found


_PARTS: dict = {}


def parts_of(game, view: Mapping[str, Any]) -> Components:
    """The components the view's options make (dice faces and squares overridden)."""
    key = json.dumps(view["options"], sort_keys=True)
    found = _PARTS.get(key)
    if found is None:
        found = _PARTS[key] = game.components_for(game.validate_options(view["options"]))
    return found


def choice_odds(game, view: Mapping[str, Any], actions,
                objective: Objective = DEFAULT_OBJECTIVE) -> list[ChoiceOdds]:
    """For each legal decision (the rules' list, in its order) of the view's active player,
    its value and the exact distribution of the turn's result, played on by the policy."""
    parts = parts_of(game, view)
    turn = turn_odds(parts, view, objective)
    if view["phase"] == ADVANCING_PHASE:
        out = []
        for action in actions:
            value = action.spaces * objective.space + (
                objective.arrive if action.spaces and action.spaces == turn.room else 0.0)
            out.append(ChoiceOdds(action, value, {Result(action.spaces, 0, False): 1.0}))
        return out
    names = parts.die_names
    roll = [(names.index(d), f) for d, f in view["roll"]]
    aside = turn.aside_key((names.index(d), f) for d, f in view["aside"])
    out = []
    for action in actions:
        if isinstance(action, Reroll):
            value, dist = turn.roll_node(aside, turn.classes(d for d, _ in roll), False)
        else:
            kept = set(action.dice)
            left = turn.classes(d for d, f in roll if (d, f) not in kept)
            stops = any(f == "T" for _, f in action.dice) or not left
            value, dist = turn.after_keep(aside, turn.aside_key(action.dice), left, stops)
        out.append(ChoiceOdds(action, value, dict(dist)))
    return out


def view_odds(view: Mapping[str, Any], objective: Objective = DEFAULT_OBJECTIVE
              ) -> list[ChoiceOdds]:
    """The odds of every legal decision of a view's active player (the rules' list)."""
    game = get_game("journey-to-mordor")
    state = game.state_from_view(view, SeededDice(0, record=False))
    return choice_odds(game, view, state.legal_actions(), objective)


class OptimalTurnAgent:
    """The `optimal-turn` agent: the decision of highest expected objective this turn."""

    def __init__(self, game, seat: int, seed: int | None = None,
                 objective: Objective = DEFAULT_OBJECTIVE):
        self.game = game
        self.seat = seat
        self.objective = objective

    def choose(self, view: dict, legal_actions: list):
        """The legal decision whose turn has the highest expected objective."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        odds = choice_odds(self.game, view, legal_actions, self.objective)
        best = max(range(len(odds)), key=lambda i: (odds[i].value, -i))
        return legal_actions[best]
