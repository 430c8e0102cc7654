"""Knizia's Lord of the Rings board game (2000) with the Sauron expansion: cooperative,
hidden hands. Not yet in the engine's registry (issue 5: registered once full games with
the expansion play to the end)."""

from __future__ import annotations

from typing import Any, Mapping

from ...engine.dice import Dice
from ...engine.game import Game
from ...engine.options import Option
from .components import default_components
from .rules import LotrState


class LordOfTheRingsBoardGame(Game):
    """The game object to be registered as `lotr-board-game`."""

    id = "lotr-board-game"
    title = "The Lord of the Rings (Knizia) with the Sauron expansion"
    ruleset = "1"
    min_players = 2
    max_players = 5
    perfect_information = False

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
            Option("first_elimination", "bool", False, "expansion, Variants: the game ends "
                   "when a hobbit is eliminated"),
        )

    def players_of(self, options: Mapping[str, Any]) -> int:
        """The hobbits, and Sauron's seat with the expansion."""
        return int(options["players"]) + (options.get("expansion") == "sauron")

    def new_state(self, options: Mapping[str, Any] | None, dice: Dice) -> LotrState:
        options = self.validate_options(options)
        state = LotrState(self, options, default_components(), dice)
        state.queue = [("board",)]
        state.run()
        return state
