"""Each kind of question judges its decisions by its own rule (issue 11): a decision is
checked by the rule of its question (`QuestionKind.problem`: the case it breaks, named),
not by membership in the legal list with an explanation found afterwards, and the legal
list is what that rule accepts. Rulebook: reference/lotr-board-game-base-game.md (Play 2
to 6, the boards' events and cards) and the Sauron expansion's (Playing as Sauron, Start
of each turn, Cards)."""

from __future__ import annotations

import random

import pytest

from palantir.engine.errors import BadNotation
from palantir.games.lotr_board_game.components import LIFE_TOKENS
from palantir.games.lotr_board_game.notation import canonical
from palantir.games.lotr_board_game.phases import (costs, council, gandalf, sauron, threat,
                                                   turn, windows)
from palantir.games.lotr_board_game.phases.table import QUESTIONS
from tests.support.games import random_walk

from tests.support.positions.board import GAME, PARTS, refused

BASE = {"players": 3}
SAURON = {"players": 4, "expansion": "sauron"}
BAG = {"players": 2, "dark_events": True, "special_cards": True, "bag": True}

# Where each kind of question is first asked in a random game: options, seed.
SEEDS_TRIED = 10
FIRST_ASKED = {
    "act": (BASE, 0), "choose": (BASE, 3), "council": (BASE, 0), "deal": (BASE, 0),
    "decline": (BAG, 0), "discard": (BASE, 0), "foresight": (BASE, 2), "give": (BASE, 0),
    "life-token": (SAURON, 2), "sauron-call": (SAURON, 0), "sauron-refill": (SAURON, 0),
    "sauron-start": (SAURON, 0), "sauron-symbol": (SAURON, 0), "track": (BASE, 0),
    "use-token": (SAURON, 3), "window": (BASE, 0),
}


def asked(kind: str):
    """The first position of a random game where a question of this kind is asked (the
    game of the seed given, or of one of the next few: a rules change moves the course)."""
    options, first = FIRST_ASKED[kind]
    for seed in range(first, first + SEEDS_TRIED):
        for _, state in random_walk(GAME, GAME.validate_options(options), seed, 4000):
            if state.question[0] == kind:
                return state
    raise AssertionError(f"no '{kind}' question in the games of seeds {first}.."
                         f"{first + SEEDS_TRIED - 1}")


def not_held(state, seat: int) -> str:
    """A card of the game that the hobbit does not hold."""
    return next(c for c in sorted(PARTS.cards) if c not in state.hands[seat])


# For each kind: a decision of its own kind that its rule refuses, and the rule named.
ILLEGAL = {
    "act": lambda s, seat: (f"play {not_held(s, seat)}@hiding", turn.TURN),
    "track": lambda s, seat: ("track nowhere", turn.ACTIVITY),
    "use-token": lambda s, seat: ("use nothing", gandalf.FORESIGHT),
    "decline": lambda s, seat: ("decline it", turn.DARK_EVENTS),
    "give": lambda s, seat: (f"give {not_held(s, seat)}", costs.GROUP_COST),
    "choose": lambda s, seat: ("choose nothing", costs.CHOOSE),
    "window": lambda s, seat: ("gandalf nothing@sam", windows.GANDALF_CALL),
    "foresight": lambda s, seat: ("order " + " ".join(s.foreseen[1:]), gandalf.FORESIGHT),
    "council": lambda s, seat: (f"pass {not_held(s, seat)}", council.COUNCIL),
    "deal": lambda s, seat: ("deal sauron", council.PREPARATIONS),
    "discard": lambda s, seat: (f"discard {not_held(s, seat)}", threat.DISCARD),
    "sauron-call": lambda s, seat: ("sauron nazgul-1", sauron.SAURON_CALL),
    "sauron-refill": lambda s, seat: ("refill nazgul-1", sauron.SAURON_CALL),
    "sauron-start": lambda s, seat: ("nazgul sauron-1", sauron.SAURON_START),
    "sauron-symbol": lambda s, seat: ("suffer hand-turn", sauron.ONE_SYMBOL),
    "life-token": lambda s, seat: ("lose rune", sauron.LIFE_TOKEN),
}


def test_every_kind_of_question_has_its_refusal_test():
    assert set(ILLEGAL) == set(QUESTIONS) == set(FIRST_ASKED)


@pytest.mark.parametrize("kind", sorted(QUESTIONS))
def test_a_decision_its_rule_refuses_names_the_rule_and_changes_nothing(kind):
    state = asked(kind)
    seat = state.question[1]
    decision, rule = ILLEGAL[kind](state, seat)
    assert decision not in state.legal_actions()
    err = refused(state, decision)
    assert err.rule == rule, err
    # A decision of another kind is refused under the question's own rule.
    other = "continue" if kind != "window" else "deal sam"
    assert refused(state, other).rule == QUESTIONS[kind].rule


@pytest.mark.parametrize("kind", sorted(QUESTIONS))
def test_the_legal_list_is_what_the_rule_accepts(kind):
    # The check and the list agree at the first question of each kind: every listed
    # decision passes the rule, and every decision typed that passes it is listed.
    state = asked(kind)
    legal = state.legal_actions()
    assert legal and all(state.problem(text) is None for text in legal)
    assert state.problem(ILLEGAL[kind](state, state.question[1])[0]) is not None


VOCABULARY = sorted({*PARTS.cards, *PARTS.characters, *LIFE_TOKENS, "rune", "hiding",
                     "fighting", "friendship", "travelling", "nowhere", "0", "1", "2", "3",
                     "4", "sauron-1", "nazgul-1", "darkness", "hand-turn", "black-rider"})


def mutations(text: str, rng: random.Random, count: int) -> list[str]:
    """Decisions near a legal one: a word replaced (or its @target), one added, one lost."""
    words = text.split()
    out = []
    for _ in range(count):
        w = list(words)
        move = rng.randrange(4)
        if move == 0 and len(w) > 1:
            w[rng.randrange(1, len(w))] = rng.choice(VOCABULARY)
        elif move == 1 and len(w) > 1:
            i = rng.randrange(1, len(w))
            w[i] = w[i].partition("@")[0] + "@" + rng.choice(VOCABULARY)
        elif move == 2:
            w.append(rng.choice(VOCABULARY))
        elif len(w) > 1:
            del w[rng.randrange(1, len(w))]
        out.append(" ".join(w))
    return out


@pytest.mark.parametrize("options,seed", [
    (BASE, 3), (SAURON, 4), (BAG, 6), ({"players": 5, "difficulty": "hard"}, 8),
    ({"players": 3, "expansion": "sauron", "dark_events": True}, 9),
])
def test_at_every_question_the_rule_accepts_exactly_the_legal_list(options, seed):
    # Decisions legal anywhere in the game, and near-misses of the legal ones, offered at
    # every question: the rule accepts a decision if and only if the list holds it.
    rng = random.Random(seed)
    seen: set[str] = set()
    kinds = set()
    for _, state in random_walk(GAME, GAME.validate_options(options), seed, 1500):
        legal = state.legal_actions()
        seen.update(legal)
        kinds.add(state.question[0])
        offered = set(rng.sample(sorted(seen), min(40, len(seen))))
        for text in legal[:10]:
            offered.update(mutations(text, rng, 4))
        listed = set(legal)
        for typed in sorted(offered):
            try:
                text = canonical(typed)
            except BadNotation:
                continue  # not a decision at all: refused before any rule
            try:
                problem = state.problem(text)
            except Exception as exc:  # the rule must judge, never crash
                raise AssertionError(f"{text!r} at {state.question}: {exc!r}") from exc
            assert (problem is None) == (text in listed), (text, state.question, problem)
    assert len(kinds) >= 5


@pytest.mark.parametrize("kind", ["sauron-call", "sauron-refill", "sauron-start"])
@pytest.mark.parametrize("decision", ["give white-joker", "discard white-joker",
                                      "pass white-joker", "give ring", "continue"])
def test_sauron_sending_a_hobbit_s_decision_is_refused_under_the_question_s_rule(kind,
                                                                                 decision):
    # Issue 13, item 7: the Sauron seat sending `give`, `discard` or `pass` with a card
    # raised IndexError (`self.hands[seat]`: Sauron holds no hobbit hand); it is a refusal
    # naming the rule of the question Sauron is asked.
    state = asked(kind)
    assert state.question[1] == state.n  # the rules' seat of Sauron
    err = refused(state, decision)
    assert err.rule == QUESTIONS[kind].rule, err
