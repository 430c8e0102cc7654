"""The game-agnostic core: nothing here imports a game."""

from .dice import AddressedDice, Dice, Roll, ScriptedDice, SeededDice
from .errors import (BadNotation, BadOption, BadPosition, BadRecord, DiceExhausted, IllegalAction,
                     PalantirError, UnknownAgent, UnknownGame)
from .game import Game, Outcome, State, game_ids, get_game
from .match import play_match
from .options import Option, validate_options
from .record import GameRecord, replay

__all__ = [
    "AddressedDice", "BadNotation", "BadOption", "BadPosition", "BadRecord", "Dice", "DiceExhausted", "Game", "GameRecord",
    "IllegalAction", "Option", "Outcome", "PalantirError", "Roll", "ScriptedDice",
    "SeededDice", "State", "UnknownAgent", "UnknownGame", "game_ids", "get_game",
    "play_match", "replay", "validate_options",
]
