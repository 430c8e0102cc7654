"""SPI Sauron (1977): the Battle of Dagorlad, a hex-and-counter wargame for two sides."""

from __future__ import annotations

import random
from typing import Any, Mapping

from ...engine.dice import Dice, SeededDice
from ...engine.errors import BadOption, BadPosition
from ...engine.game import Game
from ...engine.options import Option
from ...engine.search import SearchHooks
from . import evaluation, heuristics
from .analysis_profile import ANALYSIS_PROFILE
from .components import ComponentError, components_with, read_override
from .rules import SauronState
from .units import ELIMINATED, MORDOR, WAITING
from .phases import side_of
from .phases.turn import start_game


class SpiSauron(Game):
    """The game `spi-sauron`: seat 0 plays Sauron, seat 1 Westernesse (the Alliance)."""

    id = "spi-sauron"
    title = "Sauron (SPI 1977): the Battle of Dagorlad"
    ruleset = "1"
    min_players = 2
    max_players = 2
    presentation_path = "palantir.games.spi_sauron.presentation:PRESENTATION"
    analysis_profile = ANALYSIS_PROFILE

    _schema = None
    # the options of the last view read without override files (as given, validated) and
    # their components: a general reads hundreds of views with the same options a game
    _options_read: tuple | None = None

    def option_schema(self):
        if SpiSauron._schema is None:
            SpiSauron._schema = (
                Option("players", "int", 2, "number of players (two sides)",
                       minimum=2, maximum=2),
                Option("reinforcement_delay", "int", 0,
                       "21.3: Sauron's reinforcements arrive this many turns later "
                       "(negative: earlier)", minimum=-3, maximum=6),
                Option("overrides", "list", (),
                       "TOML files replacing data values (e.g. reconstructed tables)",
                       case_sensitive=True, check=_check_overrides, local=True),
            )
        return SpiSauron._schema

    def components_for(self, options: Mapping[str, Any]):
        """The components with the options' override files merged in."""
        merged: dict[str, dict] = {}
        for path in options.get("overrides", ()):
            for name, doc in read_override(path).items():
                merged.setdefault(name, {}).update(doc)
        try:
            return components_with(merged)
        except ComponentError as exc:
            raise BadOption("overrides", str(exc)) from None

    def new_state(self, options: Mapping[str, Any] | None, dice: Dice) -> SauronState:
        options = self.validate_options(options)
        state = SauronState(self, options, self.components_for(options), dice)
        start_game(state)
        return state

    def search(self) -> SearchHooks:
        """What mcts asks of this game: the heuristic's rollouts, the evaluation that cuts
        them short, the horizon at the searching side's next Movement Phase, the postures
        compared, the decisions worth a search and a Draw's worth."""
        return SearchHooks(rollout_policy=self.rollout_policy,
                           rollout_evaluation=self.rollout_evaluation,
                           search_cutoff=self.search_cutoff,
                           search_actions=self.search_actions,
                           search_worthy=self.search_worthy,
                           search_payoffs=self.search_payoffs)

    def heuristic_agent(self, seat: int, seed: int | None):
        return heuristics.HeuristicAgent(seat, seed, game=self)

    def rollout_policy(self):
        return heuristics.rollout_policy

    def rollout_evaluation(self):
        """Search rollouts stop after at most HORIZON decisions and score the position by
        each army's chance of ending demoralized (evaluation.py)."""
        return evaluation.rollout_evaluation()

    def search_cutoff(self, root):
        """A search stops where the searching side's next Movement Phase is about to begin
        (the enemy has answered), and the position is scored (evaluation.py)."""
        seat = root.to_move()
        return None if seat is None else evaluation.cut_for(side_of(seat))

    def search_payoffs(self, outcome, players: int) -> list[float]:
        """A finished game's payoff to a search: a win 1, a loss 0, a Draw (21.2) half to
        each side (evaluation.payoffs)."""
        return evaluation.payoffs(outcome, players)

    def search_actions(self, state) -> list:
        """The decisions a search compares (heuristics.search_choices): in a Movement Phase
        the general's planned move; in a Magic Phase his pick, `end`, and each spell he
        thinks worth casting; in the Rally Phase the rally attempts; elsewhere every
        decision."""
        return heuristics.search_choices(state, _SEARCH_RNG)

    def search_worthy(self, view: Mapping[str, Any]) -> bool:
        """Whether a decision is worth a search's budget: every combat, retreat, advance,
        spell and rally; in a Movement Phase only where the plans of the postures a search
        weighs part ways (heuristics.search_choices) — not each piece's move among the
        hundreds of the phase, which the general plans whole."""
        if view.get("pending") or not str(view.get("phase", "")).endswith("movement"):
            return True
        state = self.state_from_view(view, SeededDice(0))
        return len(heuristics.search_choices(state, _SEARCH_RNG)) > 1

    def state_from_view(self, view: Mapping[str, Any], dice: Dice,
                        into: SauronState | None = None) -> SauronState:
        """The position a view shows; `into`: a state its owner no longer reads (the
        general's position of its last decision), rebuilt in place when it has the view's
        options and pieces, instead of drawing up the order of battle afresh."""
        given = view["options"]
        written = repr(given) if type(given) is dict else None    # 2.0 is not 2 here
        read = self._options_read
        if read is not None and written is not None and read[0] == written:
            options, parts = dict(read[1]), read[2]
        else:
            options = self.validate_options(given)
            parts = self.components_for(options)
            if written is not None and not options.get("overrides"):
                self._options_read = (written, dict(options), parts)   # the packaged data
        _check_places(view, parts.hexmap)
        if into is not None and into.parts is parts and \
                into.options == options and \
                into.holds_pieces_of(view):
            into.start_over(dice)
            state = into
        else:
            state = SauronState(self, options, parts, dice)
        state.restore(view)
        return state


_SEARCH_RNG = random.Random(0)      # the general's choices do not use it
OFF_MAP = (WAITING, MORDOR, ELIMINATED)


def _check_places(view: Mapping[str, Any], hexmap) -> None:
    """Refuse (BadPosition) a piece in a hex the map does not have: a position read from
    a file must not send the rules looking for terrain that is not there."""
    places = {piece.get("hex") if isinstance(piece, dict) else None
              for pieces in (view["units"], view["leaders"]) for piece in pieces}
    beast = view["beast"]
    places.add(beast.get("hex") if isinstance(beast, dict) else None)
    if places <= _places_of(hexmap):
        return
    pieces = [(f"units[{i}]", u) for i, u in enumerate(view["units"])] + \
        [(f"leaders[{i}]", p) for i, p in enumerate(view["leaders"])] + [("beast", view["beast"])]
    for where, piece in pieces:
        place = piece.get("hex") if isinstance(piece, dict) else None
        if place not in OFF_MAP and place not in hexmap:
            raise BadPosition(f"position.{where}.hex", f"{place!r} is no hex of the map "
                              f"(nor one of {', '.join(OFF_MAP)})")


_PLACES: dict = {}      # id of a map -> (the map, its hexes and the places off it)


def _places_of(hexmap) -> frozenset[str]:
    """Every place a piece may be: the map's hexes and OFF_MAP, kept per map."""
    found = _PLACES.get(id(hexmap))
    if found is None or found[0] is not hexmap:
        if len(_PLACES) > 16:
            _PLACES.clear()
        found = _PLACES[id(hexmap)] = (hexmap, frozenset(hexmap.terrain) | frozenset(OFF_MAP))
    return found[1]


def _check_overrides(paths) -> str | None:
    for path in paths:
        try:
            read_override(path)
        except ComponentError as exc:
            return str(exc)
    return None
