"""Knizia's Lord of the Rings board game (2000) with the Sauron expansion: cooperative,
hidden hands. Registered in the engine as `lotr-board-game`."""

from __future__ import annotations

import random
from typing import Any, Mapping

from ...engine.dice import Dice
from ...engine.game import Game
from ...engine.options import Option
from ...engine.search import SearchHooks
from .analysis_profile import ANALYSIS_PROFILE
from .components import default_components
from .heuristics import HeuristicAgent, act_candidates, rollout_policy
from .rules import LotrState
from .sampling import Determinizer, sample_state
from .search_value import cutoff


# A turn offers dozens of card plays; a search of 50-200 iterations can compare only a
# few of them round by round (ismcts.py, paired rounds).
SEARCH_CANDIDATES = 5


class LordOfTheRingsBoardGame(Game):
    """The game object to be registered as `lotr-board-game`."""

    id = "lotr-board-game"
    title = "The Lord of the Rings (Knizia) with the Sauron expansion"
    ruleset = "1"
    min_players = 2
    max_players = 5
    perfect_information = False
    presentation_path = "palantir.games.lotr_board_game.presentation:PRESENTATION"
    position_path = "palantir.games.lotr_board_game.position"
    analysis_profile = ANALYSIS_PROFILE
    # Hidden hands: the table's search is ismcts, at the budget measured in
    # docs/lotr-board-game.md (about 1.3 s a decision on one core), its seat's time limit
    # keeping every decision within 3 s on a slower or busier machine.
    table_strengths = (("ismcts:500", "search, up to 3 s a move", 3.0),)

    def option_schema(self):
        return (
            Option("players", "int", 2, "number of hobbits (Frodo, Sam, Pippin, Merry, "
                   "Fatty in that order)", minimum=2, maximum=5),
            Option("difficulty", "choice", "normal",
                   "where Sauron starts on the Temptation track: easy 15, normal 12, hard 10",
                   choices=("easy", "normal", "hard")),
            Option("expansion", "choice", "none", "the Sauron expansion (Sauron is then the "
                   "last seat)", choices=("none", "sauron")),
            Option("black_rider", "choice", "15", "expansion, Variants: the Black Rider's "
                   "start space at each adventure", choices=("15", "12", "10")),
            Option("bag", "bool", False, "Special Options, Bag: in the original game, the "
                   "bag's Gandalf Foresight (five tokens face up) replaces the original"),
            Option("sauron_tokens", "bool", False, "Special Options, Bag: the four Sauron "
                   "event tokens in the original game's bag (calling Sauron rolls the die)"),
            Option("dark_events", "bool", False, "Special Options, Dark Events: the 23 Dark "
                   "Event and the 4 Sauron event tokens in the bag; a token may be declined"),
            Option("special_cards", "bool", False, "Two Special Cards: The One Ring and The "
                   "Watchful Peace face up from the start (with or without the expansion)"),
            Option("first_elimination", "bool", False, "expansion, Variants: the game ends "
                   "when a hobbit is eliminated"),
            Option("deal_characters", "bool", False, "expansion, Preparation: the Sauron card "
                   "and the hobbits' character cards dealt at random, one to each seat "
                   "(else Sauron is the last seat and the characters go in seat order)"),
        )

    def players_of(self, options: Mapping[str, Any]) -> int:
        """The hobbits, and Sauron's seat with the expansion (the last seat, or the one
        dealt the Sauron card with deal_characters)."""
        return int(options["players"]) + (options.get("expansion") == "sauron")

    def players_for_seats(self, seats: int, given: Mapping[str, Any]) -> int:
        """With the expansion the last seat is Sauron's: the hobbits are one fewer."""
        expansion = str(given.get("expansion", "")).strip().lower()
        return seats - (expansion == "sauron")

    def new_state(self, options: Mapping[str, Any] | None, dice: Dice) -> LotrState:
        options = self.validate_options(options)
        state = LotrState(self, options, default_components(), dice)
        state.queue = [("board",)]
        state.run()
        return state

    def sample_state(self, view: Mapping[str, Any], rng: random.Random,
                     dice: Dice | None = None) -> LotrState:
        """A full state consistent with `view`: the unseen cards dealt uniformly with `rng`
        into the deck and the other hands at their shown sizes (sampling.py)."""
        return sample_state(self, view, rng, dice)

    def determinizer(self, view: Mapping[str, Any]) -> Determinizer:
        """A callable `(rng, dice) -> state` giving many determinizations of `view`, each
        as `sample_state` would, the view read only once (sampling.py)."""
        return Determinizer(self, view)

    def search_worthy(self, view: Mapping[str, Any]) -> bool:
        """Whether ISMCTS should search this decision: a hobbit's turn action (play, draw,
        heal, the Ring), whether to take darkness, a roll or a call to Sauron for the
        Fellowship, and Sauron's choice of card; the many minor questions (what to give,
        which symbol to suffer, a yellow card's window) follow the rollout policy."""
        question = view.get("question") or {}
        if question.get("kind") == "give":
            # Taking darkness, a roll or a call to Sauron on oneself, or not: a real choice.
            return any(k in question.get("cost", {}) for k in ("darkness", "roll",
                                                                 "call-sauron"))
        return question.get("kind") in ("act", "sauron-call", "sauron-start")

    def search_actions(self, state) -> list[str]:
        """The decisions a search compares: at a hobbit's turn action, the heuristic's pick
        and its next best (SEARCH_CANDIDATES in all); elsewhere every decision."""
        legal = [str(a) for a in state.legal_actions()]
        if state.question and state.question[0] == "act":
            return act_candidates(state, state.question[1], legal, SEARCH_CANDIDATES)
        return list(legal)

    def state_from_view(self, view: Mapping[str, Any], dice: Dice) -> LotrState:
        """One state consistent with `view` (the unseen cards dealt with a fixed generator,
        so the same view gives the same state); it rolls `dice`."""
        return sample_state(self, view, random.Random(0), dice)

    def search_payoffs(self, outcome, players: int) -> list[float]:
        """Each seat's payoff for a search: the hobbits share the Fellowship's result (half
        for the score reached, capped at a win's 60, half for winning), Sauron the rest."""
        hobbits = outcome.details.get("hobbits", players)
        # Sauron's seat: the last one, unless the character cards were dealt elsewhere.
        sauron = outcome.details.get("sauron_seat", hobbits if players > hobbits else None)
        won = bool(outcome.winners) and sauron not in outcome.winners
        fellowship = 0.5 * min(outcome.details.get("score", 0), 60) / 60 + 0.5 * won
        return [1.0 - fellowship if s == sauron else fellowship for s in range(players)]

    def search_cutoff(self, root):
        """Where a search's rollout from `root` stops: at the next conflict board's first
        decision, valued by the fitted `search_value.value` (search_value.py)."""
        return cutoff(root)

    def search(self) -> SearchHooks:
        """What mcts and ismcts ask of this game: the heuristic's rollouts, the turn actions
        compared, the decisions worth a search, the Fellowship's shared payoffs, the cut at
        the next conflict board and the determinizations of a seat's view."""
        return SearchHooks(rollout_policy=self.rollout_policy,
                           search_actions=self.search_actions,
                           search_worthy=self.search_worthy,
                           search_payoffs=self.search_payoffs,
                           search_cutoff=self.search_cutoff, determinizer=self.determinizer)

    def heuristic_agent(self, seat: int, seed: int | None):
        """The heuristic hobbit (seats of hobbits) or heuristic Sauron (the last seat)."""
        return HeuristicAgent(self, seat, seed)

    def rollout_policy(self):
        """The heuristic decision on a search's own state."""
        return rollout_policy
