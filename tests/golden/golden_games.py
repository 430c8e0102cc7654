"""The golden games: a few seeded games of random agents, checked into tests/golden/.

Regenerate them (only after a deliberate change of the rules, the notation or the record
format, which must then be explained in the commit) with:

    .venv/bin/python tests/golden/golden_games.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from palantir.agents import RandomAgent
from palantir.engine import GameRecord, get_game, play_match

HERE = Path(__file__).parent
GOLDEN = {
    # file name: (options, seed); seeds picked so that the games end in different ways
    "jtm-2p-basic-seed40.json": ({"players": 2}, 40),                      # Frodo wins
    "jtm-4p-locations-seed2.json": ({"players": 4, "locations": True}, 2),  # all eliminated
    "jtm-1p-basic-seed114.json": ({"players": 1}, 114),                    # a solo win
    # overridden components; two Ring-bearers reach Mordor in the final round
    "jtm-3p-locations-overrides-seed258.json": (
        {"players": 3, "locations": True, "hobbits": "pippin,sam,merry", "nazgul_squares": 8,
         "coloured_die": "R,R,G,F,O,N", "black_die": "R,G,G,F,O,T"}, 258),
}


def play_golden(name: str) -> GameRecord:
    """Play the golden game `name` again: random agents seeded from the game's seed."""
    options, seed = GOLDEN[name]
    game = get_game("journey-to-mordor")
    players = game.players_of(game.validate_options(options))
    agents = [RandomAgent(seat, seed * 100 + seat) for seat in range(players)]
    _, record = play_match(game, options, agents, seed, seat_names=["random"] * players)
    return record


def main() -> int:
    """Write every golden record."""
    for name in GOLDEN:
        play_golden(name).save(HERE / name)
        print(f"wrote {HERE / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
