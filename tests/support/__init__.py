"""Game-agnostic test support, for every registered game: the variants a contract covers,
random legal games, snapshots of everything the seats see, refusals checked to change
nothing, mutated notations, and twin games that differ only in one hidden thing.

The positions the rule tests ask for are built in `tests.support.positions` (one module
per game, as position documents the engine loads); the Strategy Battle Game's battles
are set up from inline scenarios (tests/games/strategy_battle/sbg_table.py)."""

from .games import (Variant, each_seat, random_record, random_walk, refused, seats_of,
                    snapshot, used_all, variants, views)
from .notation import (NUMBER, ODD_CHARS, ODD_NUMBERS, REFUSED, attempt, help_examples,
                       mutations, random_texts, vocabulary)
from .twins import Diverged, MirrorDice

__all__ = ["Variant", "each_seat", "random_record", "random_walk", "refused", "seats_of",
           "snapshot", "used_all", "variants", "views", "NUMBER", "ODD_CHARS", "ODD_NUMBERS",
           "REFUSED", "attempt", "help_examples", "mutations", "random_texts", "vocabulary",
           "Diverged", "MirrorDice"]
