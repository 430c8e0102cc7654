"""What `palantir analyze GAME` does for each game when it is told nothing: data, no code.

A profile has, all optional:
  sweep     the default grid: a list of (option, values), used when no --sweep is given
            (a dimension whose option is fixed with --option is dropped)
  games     games per cell when --games is not given
  measures  extra values read from the Outcome: {name: source}, source being "summary",
            "details.PATH" or "count:details.PATH" (the length of a list)
  hide      details the generic reading would find but that say nothing new
  order     categories of a categorical measure in the order their stacks are drawn
  plot      the measures drawn, in order (default: every categorical one and every numeric
            one that varies); win rates are always drawn first
"""

from __future__ import annotations

from typing import Any

DEFAULT_GAMES = 50

PROFILES: dict[str, dict[str, Any]] = {
    "spi-sauron": {
        "sweep": [("reinforcement_delay", [-2, -1, 0, 1, 2])],
        # A full 18-turn game between heuristics takes a second or two.
        "games": 20,
        # 21.2's victory level is the outcome's summary (shown once: the same text is also
        # in its details, for simulate's counts).
        "measures": {"victory level": "summary"},
        "hide": ["victory_level"],
        "order": {"victory level": ["Sauron Decisive", "Sauron Tactical", "Draw",
                                    "Westernesse Tactical", "Westernesse Decisive"]},
        "plot": ["victory level", "victory_points.sauron", "victory_points.westernesse"],
    },
    "lotr-board-game": {
        "sweep": [("difficulty", ["easy", "normal", "hard"]),
                  ("players", [2, 3, 4]),
                  ("expansion", ["none", "sauron"])],
        "games": 30,
        # "hobbits" repeats the players option.
        "hide": ["hobbits"],
        # Where the game ended, in the order of the journey.
        "order": {"board": ["bag-end", "rivendell", "moria", "lothlorien", "helms-deep",
                            "shelobs-lair", "mordor"]},
        "plot": ["fellowship_won", "score", "board"],
    },
    "journey-to-mordor": {
        "sweep": [("players", [1, 2, 3, 4])],
        "games": 200,
        "measures": {"Ring-bearers at Mount Doom": "count:details.reached"},
    },
    "strategy-battle": {
        "sweep": [("scenario", ["intro", "amon_hen", "riders", "the_wall"])],
        # A heuristic battle takes one to four seconds.
        "games": 10,
    },
}


def profile_of(game_id: str) -> dict[str, Any]:
    """The analysis profile of a game (empty for a game without one)."""
    return PROFILES.get(game_id, {})
