"""The engine contract: Game, State and Outcome, and the registry of games.

A game package subclasses `Game` and `State` and registers itself in `REGISTRY_PATHS`.
Everything outside a game (agents, simulator, CLI, server) sees it only through these.
"""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Mapping, Sequence

from .dice import Dice
from .errors import BadPosition, UnknownCommand, UnknownGame
from .options import Option, options_to_json, validate_options
from .presentation import Presentation, load_presentation
from .search import PLAIN_SEARCH, SearchHooks


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended."""

    winners: tuple[int, ...]
    summary: str
    eliminated: tuple[int, ...] = ()
    rounds: int = 0
    details: Mapping[str, Any] = field(default_factory=dict)

    def returns(self, players: int) -> list[float]:
        """Payoff per seat: winners share 1, everyone else 0."""
        share = 1.0 / len(self.winners) if self.winners else 0.0
        return [share if seat in self.winners else 0.0 for seat in range(players)]

    def to_json(self) -> dict:
        """The record form of this outcome."""
        return {
            "winners": list(self.winners),
            "eliminated": list(self.eliminated),
            "rounds": self.rounds,
            "summary": self.summary,
            **({"details": dict(self.details)} if self.details else {}),
        }


class State:
    """One position of a game. Subclasses implement the methods below.

    `apply` is atomic: when it raises `IllegalAction` nothing has changed.
    """

    game: "Game"
    dice: Dice

    def to_move(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""
        raise NotImplementedError

    def legal_actions(self) -> list:
        """Every decision the seat to move may take now."""
        raise NotImplementedError

    def parse_action(self, text: str):
        """Read a decision in this game's notation; raises IllegalAction if it is not legal."""
        raise NotImplementedError

    def apply(self, action) -> None:
        """Carry out a decision (an action or its notation); rolls dice as the rules say."""
        raise NotImplementedError

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.to_move() is None

    def outcome(self) -> Outcome | None:
        """The result once the game is over, else None."""
        raise NotImplementedError

    def clone(self, dice: Dice | None = None) -> "State":
        """An independent copy; with `dice`, the copy rolls those dice instead."""
        raise NotImplementedError

    def view(self, seat: int | None) -> dict:
        """Everything `seat` may see (None: a spectator), as plain JSON data."""
        raise NotImplementedError

    def decision_audience(self, action) -> tuple[int, ...] | None:
        """Who may read this decision in the record (None: everyone); asked before apply."""
        return None

    def decision_revealed(self, action) -> bool:
        """Asked right after apply(action): whether it showed some seat what was hidden from
        it (a card from a hand, another's card) or completed a secret or simultaneous choice,
        so it may not be taken back (engine/undo.py). Dice need not count: a roll forbids
        that already. False for a game with nothing hidden but the dice to come."""
        return False

    def narration(self, seat: int | None) -> list[str]:
        """What happened in the last step, in words, as `seat` may see it."""
        return []

    def takes_forced(self) -> bool:
        """Whether a table may take the seat's only legal decision for it now (engine/
        forced.py): only where that it had no choice shows the others nothing hidden. False
        by default, as a lone decision may be one a person means to click (the Journey to
        Mordor's lone "advance" rolls, and taking it would end the undo of the keep before
        it), and a seat asked in the open with nothing it can give would show its hand."""
        return False

    def unseen_asker(self) -> str | None:
        """At a table that answers forced decisions itself (engine/forced.py), whether the
        seat asked now is withheld from the other seats, and the words they are shown
        instead ("the hobbits at the window"): a question put to several seats in turn,
        where being asked at all would show what a seat holds. None: the seat is public."""
        return None

    def view_unasked(self, seat: int | None) -> dict:
        """`seat`'s view with who is asked withheld (unseen_asker): for the other seats."""
        return self.view(seat)

    @property
    def players(self) -> int:
        """Number of seats."""
        raise NotImplementedError


class Game:
    """A game: id, title, option schema and the factory of initial states."""

    id: str = ""
    title: str = ""
    ruleset: str = "1"
    min_players: int = 1
    max_players: int = 1
    perfect_information: bool = True
    # What `palantir analyze` does when told nothing: the default grid, games per cell,
    # measures and plots (the keys are in analysis/profiles.py). Data, no code.
    analysis_profile: Mapping[str, Any] = MappingProxyType({})
    # The game's own commands, `palantir NAME GAME ARGS...`: NAME -> "module:function", the
    # function given the arguments after the game's id and returning the exit status.
    commands: Mapping[str, str] = MappingProxyType({})
    # The searching computer players the web lobby offers beyond random and heuristic:
    # (agent spec, label, the seat's time limit in seconds). Data, no code.
    table_strengths: tuple[tuple[str, str, float], ...] = (
        ("mcts:0.5s", "search, 0.5 s a move", 5.0), ("mcts:2s", "search, 2 s a move", 5.0))

    def command(self, name: str) -> Callable[[list[str]], int]:
        """The game's own command `name` (imported when first run); raises UnknownCommand."""
        if name not in self.commands:
            offered = ", ".join(sorted(self.commands)) or "none"
            raise UnknownCommand(f"{name}: the game '{self.id}' has no such command "
                                 f"(its own commands: {offered})")
        module_name, _, function = self.commands[name].partition(":")
        return getattr(importlib.import_module(module_name), function)

    def option_schema(self) -> Sequence[Option]:
        """The options this game takes."""
        return ()

    def validate_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults filled in and every value checked; raises BadOption naming the field."""
        return validate_options(self.option_schema(), given)

    def options_to_json(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Validated options in record form."""
        return options_to_json(self.option_schema(), options)

    def players_of(self, options: Mapping[str, Any]) -> int:
        """How many seats a game with these (validated) options has."""
        return int(options.get("players", self.min_players))

    def players_for_seats(self, seats: int, given: Mapping[str, Any]) -> int:
        """The `players` option a table of `seats` seats implies (given: the other options,
        unvalidated) — the inverse of players_of, for games whose seats are not all players."""
        return seats

    def new_state(self, options: Mapping[str, Any] | None, dice: Dice) -> State:
        """The initial state for these options (validated here), rolling `dice` as needed."""
        raise NotImplementedError

    def state_from_view(self, view: Mapping[str, Any], dice: Dice) -> State:
        """A state consistent with a seat's view (exact for perfect-information games)."""
        raise NotImplementedError

    # Whether state_from_view completes a seat's view into a full state the seat could be
    # in (dealing what it does not see), so a seat's position may be loaded. A perfect-
    # information game's views are exact, so it needs no completion.
    completes_views: bool = False
    # Where the game's own position code is, a module with `position_of(game, state, seat)`
    # and `state_from_position(game, document, dice)` (engine/position.py): only a game whose
    # spectator's view is not its full position needs one.
    position_path: str | None = None

    def position_of(self, state: State, seat: int | None = None) -> dict:
        """The position of `state` as plain JSON data: what `seat` sees, or with None the
        full position, hidden parts included (docs/positions.md)."""
        if self.position_path is not None:
            return importlib.import_module(self.position_path).position_of(self, state, seat)
        if seat is None and not self.perfect_information:
            raise BadPosition("full", f"'{self.id}' hides information and declares no full "
                                      f"position (Game.position_path)")
        return state.view(seat)

    def state_from_position(self, document: Mapping[str, Any], dice: Dice) -> State:
        """The state of a checked position document (engine/position.py), rolling `dice`;
        a seat's position only where its view is exact or the game completes it."""
        if self.position_path is not None:
            return importlib.import_module(self.position_path).state_from_position(
                self, document, dice)
        if not document["full"] and not (self.perfect_information or self.completes_views):
            raise BadPosition("full", f"this is a seat's position of '{self.id}', which hides "
                                      f"information from that seat and cannot complete it: "
                                      f"load a full position")
        return self.state_from_view(document["position"], dice)

    # Where the game's Presentation is, "module:attribute" (engine/presentation.py). It is
    # imported when first asked for: drawing modules import the game, not the other way.
    presentation_path: str | None = None

    def presentation(self) -> Presentation:
        """How this game draws itself at the terminal and on the web table (the plain
        defaults for whatever it does not declare)."""
        return load_presentation(self.presentation_path)

    # The game's own drawing modules by medium, for its tests; the terminal and the server
    # draw through presentation() alone.
    VIEW_MODULES = {"terminal": "render", "svg": "svg"}

    def view_module(self, medium: str):
        """The game's drawing module for `medium` ("terminal": render.py, "svg": svg.py),
        or None if the game has none."""
        name = self.VIEW_MODULES.get(medium)
        if name is None:
            return None
        package = sys.modules[type(self).__module__].__package__
        try:
            return importlib.import_module(f"{package}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{package}.{name}":
                raise  # a real import error inside the module must not be hidden
            return None

    # Where the game's batch engine is, "module:attribute" (`palantir simulate --engine
    # batch`): a class taking the game, playing many games at once for the agents it
    # names (games/journey_to_mordor/batch.py). None: the game has none.
    batch_path: str | None = None

    def batch_engine(self):
        """The game's batch engine (imported when first asked for), or None."""
        if self.batch_path is None:
            return None
        module_name, _, name = self.batch_path.partition(":")
        return getattr(importlib.import_module(module_name), name)(self)

    def heuristic_agent(self, seat: int, seed: int | None):
        """The game's own fast agent for `seat`."""
        raise NotImplementedError

    def warm_up(self) -> None:
        """Compile or load what this game's agents need before their first decision; a
        worker process does it before it says it is ready, so no decision's clock pays."""

    # Agents of this game alone, by name: (help, make(seat, seed)); make_agent finds them.
    own_agents: Mapping[str, tuple[str, Any]] = {}

    def search(self) -> SearchHooks:
        """What a search (mcts, ismcts) may ask of this game (engine/search.py); the plain
        defaults unless the game gives its own."""
        return PLAIN_SEARCH


REGISTRY_PATHS: dict[str, str] = {
    "journey-to-mordor": "palantir.games.journey_to_mordor:JourneyToMordor",
    "lotr-board-game": "palantir.games.lotr_board_game:LordOfTheRingsBoardGame",
    "spi-sauron": "palantir.games.spi_sauron:SpiSauron",
    "strategy-battle": "palantir.games.strategy_battle:StrategyBattle",
}
_loaded: dict[str, Game] = {}


def game_ids() -> list[str]:
    """Ids of every registered game."""
    return list(REGISTRY_PATHS)


def get_game(game_id: str) -> Game:
    """The registered game with this id; raises UnknownGame."""
    if game_id not in REGISTRY_PATHS:
        raise UnknownGame(
            f"unknown game '{game_id}'; the games are: {', '.join(REGISTRY_PATHS)}")
    if game_id not in _loaded:
        module_name, class_name = REGISTRY_PATHS[game_id].split(":")
        _loaded[game_id] = getattr(importlib.import_module(module_name), class_name)()
    return _loaded[game_id]
