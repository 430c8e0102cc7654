"""The golden games: seeded games of every game, checked into tests/golden/.

Random, heuristic and search agents (search with a fixed number of iterations, so the same
seed gives the same decisions anywhere); long search games are kept for their first
decisions only (a record of a game in progress). They are the proof that a refactor changed
nothing: played again, each must give the very same record text.

Regenerate them (only after a deliberate change of the rules, the notation, the agents or
the record format, which must then be explained in the commit) with:

    .venv/bin/python tests/golden/golden_games.py
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, NamedTuple

from palantir.agents import make_agent
from palantir.engine import GameRecord, get_game, play_match

HERE = Path(__file__).parent


class Golden(NamedTuple):
    """One golden game: which game, its options, one agent spec per seat (or one for all),
    the seed, and where to stop (None: the end)."""

    game: str
    options: dict[str, Any]
    agents: tuple[str, ...]
    seed: int
    stop_after: int | None = None


GOLDEN = {
    # Journey to Mordor; seeds picked so that the games end in different ways
    "jtm-2p-basic-seed40.json": Golden("journey-to-mordor", {"players": 2}, ("random",), 40),
    "jtm-4p-locations-seed2.json": Golden(       # all eliminated
        "journey-to-mordor", {"players": 4, "locations": True}, ("random",), 2),
    "jtm-1p-basic-seed114.json": Golden(          # a solo win
        "journey-to-mordor", {"players": 1}, ("random",), 114),
    # overridden components; two Ring-bearers reach Mordor in the final round
    "jtm-3p-locations-overrides-seed258.json": Golden(
        "journey-to-mordor",
        {"players": 3, "locations": True, "hobbits": "pippin,sam,merry", "nazgul_squares": 8,
         "coloured_die": "R,R,G,F,O,N", "black_die": "R,G,G,F,O,T"}, ("random",), 258),
    "jtm-4p-locations-heuristic-seed5.json": Golden(
        "journey-to-mordor", {"players": 4, "locations": True}, ("heuristic",), 5),
    "jtm-2p-mcts40-heuristic-seed6.json": Golden(
        "journey-to-mordor", {"players": 2}, ("mcts:40", "heuristic"), 6),
    # SPI Sauron: the generals' whole battle; both sides searching, the first decisions
    "spi-heuristic-seed1.json": Golden("spi-sauron", {}, ("heuristic",), 1),
    "spi-mcts10-seed2-first80.json": Golden("spi-sauron", {}, ("mcts:10",), 2, 80),
    # the board game: base and expansion, heuristic and information-set search
    "lotr-3p-heuristic-seed3.json": Golden(
        "lotr-board-game", {"players": 3}, ("heuristic",), 3),
    "lotr-4p-sauron-heuristic-seed4.json": Golden(
        "lotr-board-game", {"players": 4, "expansion": "sauron"}, ("heuristic",), 4),
    "lotr-3p-ismcts30-seed5.json": Golden(
        "lotr-board-game", {"players": 3}, ("ismcts:30",), 5),
    "lotr-3p-sauron-ismcts20-seed7-first100.json": Golden(
        "lotr-board-game", {"players": 3, "expansion": "sauron"},
        ("ismcts:20", "ismcts:20", "ismcts:20", "heuristic"), 7, 100),
    # the Strategy Battle Game: every scenario between generals, search in two of them
    **{f"sbg-{name}-heuristic-seed{seed}.json": Golden(
        "strategy-battle", {"scenario": name}, ("heuristic",), seed)
       for seed, name in enumerate(("intro", "the_wall", "riders", "amon_hen", "weathertop"),
                                   start=1)},
    # the fortress, the ruins and the banners between generals (each < 3 s of CPU to play):
    # the siege and the ruins to the end, the banners' long battle for its first volleys
    "sbg-siege-heuristic-seed3.json": Golden(
        "strategy-battle", {"scenario": "siege"}, ("heuristic",), 3),
    "sbg-ruins-heuristic-seed6.json": Golden(
        "strategy-battle", {"scenario": "ruins"}, ("heuristic",), 6),
    "sbg-banners-heuristic-seed8-first100.json": Golden(
        "strategy-battle", {"scenario": "banners"}, ("heuristic",), 8, 100),
    "sbg-the_wall-mcts4-seed6-first30.json": Golden(
        "strategy-battle", {"scenario": "the_wall"}, ("mcts:4", "heuristic"), 6, 30),
    "sbg-amon_hen-mcts8-seed7-first40.json": Golden(
        "strategy-battle", {"scenario": "amon_hen"}, ("heuristic", "mcts:8"), 7, 40),
}


def play_golden(name: str) -> GameRecord:
    """Play the golden game `name` again: each seat's agent seeded from the game's seed."""
    golden = GOLDEN[name]
    game = get_game(golden.game)
    options = game.validate_options(golden.options)
    players = game.players_of(options)
    specs = golden.agents if len(golden.agents) == players else golden.agents * players
    agents = [make_agent(specs[seat], game, seat, golden.seed * 100 + seat, options)
              for seat in range(players)]
    _, record = play_match(game, golden.options, agents, golden.seed,
                           seat_names=list(specs), stop_after=golden.stop_after)
    return record


def main() -> int:
    """Write every golden record."""
    for name in GOLDEN:
        play_golden(name).save(HERE / name)
        print(f"wrote {HERE / name}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
