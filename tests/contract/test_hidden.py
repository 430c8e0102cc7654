"""Hidden information: twin games that differ only in one hidden thing — one card dealt
face down (to one seat, or to nobody), or one secret decision — give every seat that may
not see it the same views, narration, legal decisions, refusals and agents' decisions
(heuristic, and ismcts with a fixed seed and budget), until the difference comes out: by
a decision of a seat that sees it, by a roll, or by a decision the game declares shows
what was hidden (State.decision_revealed: a card played, a hand discarded face up) — only
right after such a decision may the twins look different.

A twin is played in step with its original on MirrorDice (tests/support/twins.py): the
same faces but for the one private roll swapped, so the two games differ in that card and
in nothing else. A game that says it has perfect information rolls nothing privately and
takes no secret decision."""

from __future__ import annotations

import random

import pytest

from palantir.agents import make_agent
from palantir.engine import IllegalAction
from palantir.engine.dice import SeededDice
from palantir.engine.driver import REVEALED
from palantir.engine.forced import forced_decision, next_point, shown_to
from palantir.engine.game import game_ids, get_game

from tests.support import (Diverged, MirrorDice, attempt, mutations, random_texts,
                           random_walk, seats_of, vocabulary)
from tests.support.games import main_variants, variants

HIDDEN_GAMES = [g for g in game_ids() if not get_game(g).perfect_information]
OPEN_GAMES = [g for g in game_ids() if get_game(g).perfect_information]
# games searched for a secret decision until two are met (the Strategy Battle Game's secret
# Might bids are rarer since a Hero on a 6 bids nothing: 'Might', never past 6); once a game
# has met two, each further variant is searched over the first few seeds only (most of the
# Strategy Battle Game's scenarios meet none in 900 random decisions)
SEARCH_SEEDS = tuple(range(20, 29))
SEARCH_SEEDS_ONCE_MET = SEARCH_SEEDS[:3]
SEARCH_WALK = 100      # decisions searched for a secret decision, per game
TWIN_STEPS = 40        # decisions the twins are played in step, at most
AGENT_POINTS = 2       # points of a twin run at which the agents are asked
ISMCTS = "ismcts:6"


class Twins:
    """Two states played in step; `seers`: the seats that may see how they differ."""

    def __init__(self, game, first, second, seers, mirror=None, secret=False):
        self.game, self.first, self.second = game, first, second
        self.seers, self.mirror, self.secret = set(seers), mirror, secret
        self.compared = 0

    def others(self):
        """The seats (and the spectator) that may not see the difference."""
        seers = self.seers | (self.mirror.seers if self.mirror else set())
        return [s for s in seats_of(self.first) if s not in seers]

    def differs(self):
        """Whether the twins have come to differ at all (the swap may lie ahead)."""
        return self.secret or (self.mirror is not None and self.mirror.swapped is not None)

    def difference(self) -> str | None:
        """How the twins differ to a seat that may not see the difference, if they do."""
        self.compared += 1
        for seat in self.others():
            if self.first.view(seat) != self.second.view(seat):
                return f"seat {seat}'s view shows the hidden difference"
            if self.first.narration(seat) != self.second.narration(seat):
                return f"seat {seat}'s narration tells the hidden difference"
        return None

    def same_answers(self, mover, rng, where, agents):
        """The mover (one of the others) gets the same legal decisions, the same refusals
        and the same decisions from its agents."""
        legal = [str(a) for a in self.first.legal_actions()]
        assert [str(a) for a in self.second.legal_actions()] == legal, \
            f"{where}: seat {mover}'s legal decisions show the hidden difference"
        words = vocabulary(legal)
        texts = random_texts(rng, words, 3)
        for text in rng.sample(legal, min(len(legal), 4)):
            texts += mutations(text, rng, words, 1)
        for text in texts:
            assert attempt(self.first.clone(), text) == attempt(self.second.clone(), text), \
                f"{where}: seat {mover} typing {text!r} is answered differently"
        if not agents:
            return
        specs = ["heuristic"] + ([ISMCTS] if self.game.search().can_sample() else [])
        for spec in specs:
            chosen = []
            for state in (self.first, self.second):
                agent = make_agent(spec, self.game, mover, 11)
                chosen.append(str(agent.choose(state.view(mover), state.legal_actions())))
            assert chosen[0] == chosen[1], f"{where}: {spec} for seat {mover} decides " \
                                           f"{chosen[0]!r} in one twin, {chosen[1]!r} in the other"

    def play(self, rng, steps, where):
        """Play both in step (random decisions of the first) while they can be kept so."""
        asked, revealed = 0, False
        for step in range(steps):
            difference = self.differs() and self.difference()
            if difference and revealed:
                return  # the rules showed what was hidden (State.decision_revealed)
            assert not difference, f"{where}, step {step}: {difference}"
            if self.first.is_over():
                assert self.second.is_over(), f"{where}: one twin ended, the other not"
                return
            mover = self.first.to_move()
            assert self.second.to_move() == mover, f"{where}: the twins wait on other seats"
            blind = self.differs() and mover in self.others()
            if blind:
                ask = asked < AGENT_POINTS and rng.random() < 0.3
                asked += ask
                self.same_answers(mover, rng, f"{where}, step {step}", ask)
            legal = self.first.legal_actions()
            text = str(legal[rng.randrange(len(legal))])
            action = self.first.parse_action(text)
            audience = self.first.decision_audience(action)
            self.first.apply(action)
            try:
                twin_action = self.second.parse_action(text)
                twin_audience = self.second.decision_audience(twin_action)
                self.second.apply(twin_action)
            except IllegalAction:
                # a seer took a decision its twin cannot take (the card it holds there)
                assert not blind, f"{where}: seat {mover}'s decision {text!r} parts the twins"
                return
            except Diverged:
                return  # the rules rolled the difference where it shows
            revealed = self.first.decision_revealed(action)
            if blind:
                assert twin_audience == audience, where
                assert self.second.decision_revealed(twin_action) == revealed, where
            if self.secret and revealed:
                return  # the secret choice is complete and shown


def dealt_twins(game, options, seed, swap_from):
    """Two new games whose first private roll at or after roll `swap_from` differs."""
    first = game.new_state(options, SeededDice(seed))
    mirror = MirrorDice(first.dice, swap_from, seed)
    second = game.new_state(options, mirror)
    return Twins(game, first, second, (), mirror)


def secret_twins(game, state, seed):
    """Two copies of `state` taking two different secret decisions of its mover, or None."""
    audiences = {}
    for action in state.legal_actions():
        audience = state.decision_audience(action)
        if audience is not None:
            audiences.setdefault(tuple(sorted(set(audience) | {state.to_move()})),
                                 []).append(action)
    for audience, actions in audiences.items():
        if len(actions) >= 2 and len(audience) < state.players:
            first = state.clone(dice=SeededDice(seed))
            mirror = MirrorDice(first.dice)
            second = state.clone(dice=mirror)
            first.apply(str(actions[0]))
            second.apply(str(actions[-1]))
            if first.decision_revealed(actions[0]):
                continue  # it completes the secret choice: the difference is out at once
            return Twins(game, first, second, audience, mirror, secret=True)
    return None


@pytest.mark.parametrize("game_id", HIDDEN_GAMES)
def test_twin_games_differing_in_one_hidden_thing_look_the_same_to_everyone_else(game_id):
    game = get_game(game_id)
    compared = {"dealt": 0, "drawn": 0, "secret": 0}
    met = 0
    for param in main_variants():
        variant = param.values[0]
        if variant.game != game_id:
            continue
        rng = random.Random(13)
        where = f"{game_id}[{variant.name}]"
        if game.search().can_sample():
            # a card dealt face down at the start, and one drawn later on
            for kind, swap_from in (("dealt", 0), ("drawn", 60)):
                twins = dealt_twins(game, variant.options, 21, swap_from)
                twins.play(rng, TWIN_STEPS + (0 if kind == "dealt" else 120),
                           f"{where} {kind} twins")
                compared[kind] += twins.compared
        found = 0
        for seed in SEARCH_SEEDS if met < 2 else SEARCH_SEEDS_ONCE_MET:
            for taken, state in random_walk(game, variant.options, seed, SEARCH_WALK):
                twins = secret_twins(game, state, seed)
                if twins:
                    found += 1
                    met += 1
                    twins.play(rng, TWIN_STEPS, f"{where} secret twins, seed {seed} after "
                                                f"{taken}")
                    compared["secret"] += twins.compared
                    break  # one a game: the next is in another game
            if found == 2:
                break
    assert compared["secret"] >= 2, f"{game_id}: no secret decision met ({compared})"
    if game.search().can_sample():
        assert compared["dealt"] >= 10 and compared["drawn"] >= 10, compared


@pytest.mark.parametrize("game_id", OPEN_GAMES)
def test_a_game_of_perfect_information_rolls_nothing_privately_and_has_no_secret(game_id):
    game = get_game(game_id)
    for variant in variants(game):
        state = None
        for _, state in random_walk(game, variant.options, 24, 2000):
            for action in state.legal_actions():
                assert state.decision_audience(action) is None, \
                    f"{variant.name}: {action} is secret in a game of perfect information"
        assert state is not None and state.dice.log
        private = [r for r in state.dice.log if r.seen_by is not None]
        assert not private, f"{variant.name}: private rolls {private[:3]}"



# Twin games known to reach a moment where the hidden difference once showed: a window
# asked only the hobbits holding a playable card, and the question's seat is public
# (issue 13, item A: with seed 30 and the swap from roll 90, Belt and Lembas swapped, the
# before-roll window of step 191 asked seat 4 in one twin and seat 3 in the other). The
# random decisions of many runs are tried, as a rules change moves each run's course.
KNOWN_TWINS = [("lotr-board-game", {"players": 5, "bag": True, "sauron_tokens": True},
                30, 90, range(40), 400)]
KNOWN_TWINS_COMPARED = 1000  # comparisons at least, over the runs: well past the swap


@pytest.mark.parametrize("game_id,options,seed,swap_from,rng_seeds,steps", KNOWN_TWINS)
def test_known_twin_games_look_the_same_to_everyone_else(game_id, options, seed, swap_from,
                                                         rng_seeds, steps):
    compared = 0
    for rng_seed in rng_seeds:
        twins = dealt_twins(get_game(game_id), options, seed, swap_from)
        twins.play(random.Random(rng_seed), steps,
                   f"{game_id} twins {seed}/{swap_from}, decisions of rng {rng_seed}")
        compared += twins.compared
    assert compared >= KNOWN_TWINS_COMPARED, compared


class TableTwin:
    """One twin as a table plays it (engine/forced.py, as the lobby and the terminal do):
    its forced decisions taken, and each seat shown the table at its public point."""

    def __init__(self, game, state):
        self.game, self.state, self.point, self.version = game, state, None, 0
        self.steps = [self._step(None, None, None)]

    def _step(self, seat, action, audience):
        # A log step as each viewer reads it: who decided, what (unless private), the words.
        return {viewer: (seat, action if audience is None or viewer in audience else None,
                         self.state.narration(viewer)) for viewer in seats_of(self.state)}

    def decide(self, text):
        """Take a decision as the lobby does: the public point moves on or stays."""
        before, seat = self.state, self.state.to_move()
        action = before.parse_action(text)
        audience = before.decision_audience(action)
        rolls = len(before.dice.log)
        self.state = before.clone()
        try:
            self.state.apply(action)  # on a copy: a twin that cannot follow stays as it was
        except (IllegalAction, Diverged):
            self.state = before
            raise
        event = {REVEALED: True} if self.state.decision_revealed(action) else {}
        self.point = next_point(self.point, before, event, len(self.steps), self.version)
        self.version += 1 + len(self.state.dice.log) - rolls
        self.steps.append(self._step(seat, str(action), audience))
        return bool(event)

    def take_forced(self):
        """Every seat's only decision, taken for it."""
        while (text := forced_decision(self.state)) is not None:
            self.decide(text)

    def shown(self, viewer):
        """What `viewer`'s page holds: the view, the log, the version, whom it waits on."""
        shown, view, point = shown_to(self.state, self.point, viewer)
        steps, version = (len(self.steps), self.version) if point is None else \
            (point.steps, point.version)
        waiting = None if viewer == self.state.to_move() else self.state.unseen_asker()
        return {"view": view, "log": [s[viewer] for s in self.steps[:steps]],
                "version": version, "waiting_for": waiting,
                "to_move": None if waiting else self.state.to_move()}


def play_table_twins(game, twins, rng, steps, where) -> int:
    """Play twins at tables that take forced decisions. Where their windows rest on
    different hobbits (one holds a card he can play, the other not), every seat that may
    not see the difference, and is asked in neither, is shown the same; returns how many
    such comparisons were made. (Whether anyone at the window can play shows in whether
    the table waits at all: a twin whose window closed at once is let catch up.)"""
    first, second = TableTwin(game, twins.first), TableTwin(game, twins.second)
    compared = 0
    for step in range(steps):
        first.take_forced()
        try:
            second.take_forced()
        except Diverged:
            if not first.state.unseen_asker():
                return compared
            # The second's window closed at once and rolled on; the first's waits on a
            # hobbit who can play: he lets it pass, and the first catches up.
            first.decide("continue")
            continue
        if first.state.is_over() or second.state.is_over():
            assert first.state.is_over() == second.state.is_over(), f"{where}: one ended"
            return compared
        movers = {first.state.to_move(), second.state.to_move()}
        at_window = [t for t in (first, second) if t.state.unseen_asker()]
        try:
            if len(movers) == 1 and first.state.question[0] == second.state.question[0]:
                legal = first.state.legal_actions()
                text = str(legal[rng.randrange(len(legal))])
                if first.state.unseen_asker() and rng.random() < 0.8:
                    text = "continue"  # cards kept in hand keep the twins apart longer
                shown = first.decide(text) | second.decide(text)
            elif len(at_window) == 2 and len(movers) == 2:
                for viewer in twins.others():
                    if viewer not in movers:
                        compared += 1
                        assert first.shown(viewer) == second.shown(viewer), \
                            f"{where}, step {step}: seat {viewer} is shown who is asked"
                # Each hobbit asked lets the window pass, as he may.
                shown = first.decide("continue") | second.decide("continue")
            elif len(at_window) == 2:
                shown = first.decide("continue") | second.decide("continue")
            else:
                assert at_window, f"{where}, step {step}: the twins wait on other seats " \
                                  "outside a window"
                shown = at_window[0].decide("continue")
        except (IllegalAction, Diverged):
            return compared  # a seer's decision, or a roll, brought the difference out
        if shown and twins.differs():
            return compared  # a card played (State.decision_revealed): the difference is out
    return compared


# Twin games whose windows rest on different hobbits (found by a search over seeds, swaps
# and runs: a card one hobbit can play in one twin and not in the other, with another
# hobbit who can play in both). Without the public point these fail: the log and the
# version show how far round the window is. (issue 13, item 4)
TABLE_TWINS = [("lotr-board-game", {"players": 4, "expansion": "sauron"}, 42, 90, range(8),
                400)]
TABLE_TWINS_COMPARED = 8


@pytest.mark.parametrize("game_id,options,seed,swap_from,rng_seeds,steps", TABLE_TWINS)
def test_a_table_taking_forced_decisions_shows_nobody_who_holds_a_playable_card(
        game_id, options, seed, swap_from, rng_seeds, steps):
    game = get_game(game_id)
    compared = 0
    for rng_seed in rng_seeds:
        twins = dealt_twins(game, options, seed, swap_from)
        compared += play_table_twins(game, twins, random.Random(rng_seed), steps,
                                     f"{game_id} table twins {seed}/{swap_from}, rng "
                                     f"{rng_seed}")
    assert compared >= TABLE_TWINS_COMPARED, compared
