"""SPI Sauron: one sha256 over every decision of seeded games, to prove speed work changes none.

Plays heuristic-against-heuristic games on seeds 0-3, a random-against-random game on seed 0
and a random Sauron against the general (Westernesse) on seed 1, as spi_behaviour.py and
elo_spi_sauron.py play them (dice SeededDice(seed), agent seeds 10 seed + seat, a listed
decision the rules refuse replaced by `end` or the first accepted), and digests each
decision's legal actions (as text, in order), the deciding seat's view (JSON, keys sorted)
and the choice. Run it on two checkouts: the same code path must print the same digest.

Run: PYTHONPATH=. .venv/bin/python benchmarks/spi_decision_digest.py
"""

from __future__ import annotations

import argparse
import hashlib
import json

from palantir.agents import make_agent
from palantir.engine.dice import SeededDice
from palantir.engine.game import get_game
from palantir.engine.procedure import Refusal
from palantir.games.spi_sauron.notation import END

GAMES = [("heuristic", "heuristic", 0), ("heuristic", "heuristic", 1),
         ("heuristic", "heuristic", 2), ("heuristic", "heuristic", 3),
         ("random", "random", 0), ("random", "heuristic", 1)]


def play(digest, sauron: str, westernesse: str, seed: int) -> int:
    """One game fed into `digest`; the number of decisions."""
    game = get_game("spi-sauron")
    agents = [make_agent(spec, game, seat, seed=seed * 10 + seat)
              for seat, spec in enumerate((sauron, westernesse))]
    state = game.new_state({}, SeededDice(seed))
    decisions = 0
    while not state.is_over():
        seat = state.to_move()
        legal = state.legal_actions()
        view = state.view(seat)
        digest.update(json.dumps([str(a) for a in legal]).encode())
        digest.update(json.dumps(view, sort_keys=True, default=str).encode())
        action = agents[seat].choose(view, legal)
        digest.update(f"{seat}:{action}\n".encode())
        decisions += 1
        try:
            state.apply(action)
        except Refusal:
            digest.update(b"refused\n")
            for other in [a for a in legal if a == END] + legal:
                try:
                    state.apply(other)
                    digest.update(f"then {other}\n".encode())
                    break
                except Refusal:
                    continue
    digest.update(f"result {state.outcome().summary}\n".encode())
    return decisions


def main(argv: list[str] | None = None) -> int:
    """Play the games and print the digest (and, with --each, one per game)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--each", action="store_true", help="print each game's digest too")
    args = parser.parse_args(argv)
    total = hashlib.sha256()
    for sauron, westernesse, seed in GAMES:
        digest = hashlib.sha256()
        decisions = play(digest, sauron, westernesse, seed)
        total.update(digest.digest())
        if args.each:
            print(f"{sauron} v {westernesse} seed {seed}: {decisions} decisions "
                  f"{digest.hexdigest()}")
    print(total.hexdigest())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
