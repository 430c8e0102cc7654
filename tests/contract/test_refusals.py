"""What a seat may type at random points of random games: decisions of other moments and
other seats, legal notations mutated, random strings. The engine takes each or refuses it
(IllegalAction / BadNotation, naming a rule) and a refusal changes nothing any seat sees,
nor the legal decisions. Anything else raised is a crash at the terminal and a 500 at the
web table."""

from __future__ import annotations

import os
import random

import pytest

from palantir.engine.game import get_game

from tests.support import (NUMBER, ODD_CHARS, ODD_NUMBERS, attempt, each_seat, help_examples,
                           mutations, random_texts, random_walk, refused, snapshot, vocabulary)
from tests.support.games import main_variants

# PALANTIR_CONTRACT_SCALE=10 searches ten times as many points; the default keeps it quick.
SCALE = int(os.environ.get("PALANTIR_CONTRACT_SCALE", 1))
SEEDS = tuple(range(5, 5 + 2 * SCALE))
MAX_DECISIONS = 400
PER_SEAT = 3 * SCALE  # points of each seat's turn per game
STALE, MUTATED, RANDOM = 6, 14, 6  # texts tried at each point


def probe(state, texts, where):
    """Offer each text to a clone of `state`: a refusal must name a rule and change nothing;
    a decision taken starts the next text on a fresh clone. Returns the refusals."""
    before = snapshot(state)
    trial = state.clone()
    refusals = 0
    for text in texts:
        verdict, said = attempt(trial, text)
        if verdict == "refused":
            refusals += 1
            assert "[]" not in said, f"{where}: {text!r} refused naming no rule: {said}"
            assert snapshot(trial) == before, f"{where}: refusing {text!r} changed the state"
        else:
            trial = state.clone()
    return refusals


@pytest.mark.parametrize("variant", main_variants())
def test_anything_typed_is_taken_or_refused_without_a_change(variant):
    game = get_game(variant.game)
    rng = random.Random(7)
    earlier: list[str] = []   # notations legal at earlier points, any seat's
    refusals = 0
    for state, seat in each_seat(game, variant.options, SEEDS, MAX_DECISIONS, PER_SEAT):
        legal = [str(a) for a in state.legal_actions()]
        words = vocabulary(legal + earlier + help_examples(state, seat))
        stale = [t for t in rng.sample(earlier, min(len(earlier), 4 * STALE)) if t not in legal]
        texts = stale[:STALE] + random_texts(rng, words, RANDOM)
        for text in rng.sample(legal, min(len(legal), MUTATED)):
            texts += mutations(text, rng, words, 1)
        refusals += probe(state, texts, f"{variant.name}, seat {seat}")
        earlier = (earlier + rng.sample(legal, min(len(legal), 5)))[-200:]
    assert refusals >= 20, f"{variant.name}: only {refusals} refusals met"


def first_of_each_kind(game, options, seeds, max_decisions):
    """(state, notation) at the first point of random games where each kind of decision
    (the notation's first word, with or without a number) is legal, or shown in the
    game's help (decisions a random game may never meet, typed all the same)."""
    seen = {"legal": set(), "help": set()}
    for seed in seeds:
        for _, state in random_walk(game, options, seed, max_decisions):
            offered = [("legal", str(a)) for a in state.legal_actions()]
            offered += [("help", t) for t in help_examples(state, state.to_move())]
            for source, text in offered:
                kind = (text.split() or [""])[0], bool(NUMBER.search(text))
                if kind not in seen[source]:
                    seen[source].add(kind)
                    yield state, text


@pytest.mark.parametrize("variant", main_variants())
def test_every_kind_of_decision_with_odd_numbers_and_characters_is_taken_or_refused(variant):
    # Each number of a notation in turn replaced by each odd number (other scripts' digits
    # that str.isdigit() accepts and int() does not), each word followed by odd characters.
    game = get_game(variant.game)
    kinds = 0
    for state, text in first_of_each_kind(game, variant.options, SEEDS[:1], MAX_DECISIONS):
        kinds += 1
        tokens = text.split()
        texts = []
        for i, token in enumerate(tokens):
            if NUMBER.fullmatch(token):
                texts += [" ".join(tokens[:i] + [n] + tokens[i + 1:]) for n in ODD_NUMBERS]
            texts += [" ".join(tokens[:i] + [token + c] + tokens[i + 1:])
                      for c in ODD_CHARS[:10]]
        for attempt_text in texts:
            attempt(state.clone(), attempt_text)
    assert kinds >= 2, f"{variant.name}: {kinds} kinds of decision met"


def sauron_turns(seed):
    """Sauron's turns in a random game of the board game's expansion."""
    game = get_game("lotr-board-game")
    options = {"players": 3, "expansion": "sauron"}
    met = 0
    for _, state in random_walk(game, options, seed, 2000):
        if state.to_move() == state.players - 1 and met < 8:
            met += 1
            yield state


@pytest.mark.parametrize("text", ["give white-joker", "discard white-joker",
                                  "pass white-joker"])
def test_lotr_board_game_a_sauron_seat_typing_a_hobbit_s_card_decision_is_refused(text):
    # Once an IndexError (a hobbit's hand looked up at Sauron's seat number): a crash at
    # the terminal, a 500 at the web table.
    met = 0
    for state in sauron_turns(8):
        refused(state.clone(), text)
        met += 1
    assert met == 8


# Texts that once raised something other than a refusal, found by the typing tests above
# (a crash at the terminal, a 500 at the web table): each is now refused at any point.
ONCE_CRASHED = [
    # 'advance ²': str.isdigit() takes the superscript two, int() does not (ValueError)
    pytest.param("journey-to-mordor", {"locations": True}, "advance ²", id="jtm-advance-²"),
    pytest.param("spi-sauron", {}, "cast total-eclipse ²", id="spi-cast-²"),
    pytest.param("strategy-battle", {"scenario": "amon_hen"}, "might G1 ²", id="sbg-might-²"),
    pytest.param("strategy-battle", {"scenario": "weathertop"}, "cast E1 transfix G1 ²",
                 id="sbg-cast-²"),
    pytest.param("strategy-battle", {"scenario": "weathertop"}, "resist G1 ²",
                 id="sbg-resist-²"),
]


@pytest.mark.parametrize("game_id,options,text", ONCE_CRASHED)
def test_a_text_that_once_crashed_a_game_is_refused(game_id, options, text):
    game = get_game(game_id)
    met = 0
    for state, seat in each_seat(game, options, (9, 10), MAX_DECISIONS, per_seat=2):
        refused(state.clone(), text)
        met += 1
    assert met >= 4
