"""Many concurrent games through the HTTP API on loopback: moves per second and p99 latency.

The peer, measured in the same run, applies the same kind of decisions to the same games
in-process (clone, apply, nothing stored), so the ratio is the cost of HTTP + storage.

With --thinkers K, K tables of computer seats only (searching `--thinker-agent`, default
mcts:0.5s) play in the background of the same server, and the people's moves are measured
a second time beside them: the ratio of the two says how much thinking computers slow
the server for everyone else.

    python benchmarks/bench_server.py [--games 16] [--moves 800] [--seconds 30] [--thinkers 2]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "server"))
from live_server import LiveServer  # noqa: E402

from palantir.engine.game import get_game  # noqa: E402
from palantir.server.lobby import TableDice  # noqa: E402


def http_run(url: str, games: int, moves: int, seconds: float) -> tuple[int, float, list]:
    """Play `games` solo tables concurrently until `moves` decisions or `seconds` pass."""
    latencies: list[float] = []
    lock = threading.Lock()
    done = [0]
    deadline = time.perf_counter() + seconds

    def player():
        with httpx.Client(base_url=url, timeout=30) as client:
            created = client.post("/api/tables", json={
                "game": "journey-to-mordor", "options": {"players": 1},
                "seats": ["human"]}).json()
            headers = {"X-Seat-Token": created["seats"][0]["token"]}
            payload = client.get(f"/api/tables/{created['id']}", headers=headers).json()
            while time.perf_counter() < deadline:
                with lock:
                    if done[0] >= moves:
                        return
                    done[0] += 1
                if payload["status"] == "finished":
                    created = client.post("/api/tables", json={
                        "game": "journey-to-mordor", "options": {"players": 1},
                        "seats": ["human"]}).json()
                    headers = {"X-Seat-Token": created["seats"][0]["token"]}
                    payload = client.get(f"/api/tables/{created['id']}",
                                         headers=headers).json()
                start = time.perf_counter()
                response = client.post(f"/api/tables/{created['id']}/decisions",
                                       headers=headers,
                                       json={"action": payload["legal"][0]["action"]})
                elapsed = time.perf_counter() - start
                response.raise_for_status()
                payload = response.json()
                with lock:
                    latencies.append(elapsed)

    threads = [threading.Thread(target=player) for _ in range(games)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return len(latencies), time.perf_counter() - start, latencies


def in_process_run(moves: int) -> tuple[int, float]:
    """The peer: the same decisions (first legal) applied in-process to solo games."""
    game = get_game("journey-to-mordor")
    options = game.validate_options({"players": 1})
    seed, applied = 1, 0
    start = time.perf_counter()
    state = game.new_state(options, TableDice(seed))
    while applied < moves:
        if state.is_over():
            seed += 1
            state = game.new_state(options, TableDice(seed))
        state = state.clone(dice=TableDice(seed, state.dice.rolled))
        state.apply(state.legal_actions()[0])
        applied += 1
    return applied, time.perf_counter() - start


def start_thinkers(url: str, count: int, agent: str) -> list[str]:
    """`count` tables where every seat is a computer: they think until the game ends."""
    ids = []
    with httpx.Client(base_url=url, timeout=30) as client:
        for _ in range(count):
            created = client.post("/api/tables", json={
                "game": "journey-to-mordor", "options": {"players": 2},
                "seats": [{"kind": "agent", "agent": agent, "time_limit": 5}] * 2})
            created.raise_for_status()
            ids.append(created.json()["id"])
    return ids


def thinker_moves(url: str, ids: list[str]) -> int:
    """Decisions taken so far at the thinkers' tables."""
    with httpx.Client(base_url=url, timeout=30) as client:
        return sum(client.get(f"/api/tables/{i}").json()["steps"] - 1 for i in ids)


def report(label: str, count: int, elapsed: float, latencies: list[float]) -> float:
    """Print one HTTP measurement; returns its moves per second."""
    rate = count / elapsed
    p99 = statistics.quantiles(latencies, n=100)[98] if len(latencies) >= 2 else float("nan")
    print(f"{label}: {count} moves in {elapsed:.2f} s = {rate:.0f} moves/s; "
          f"median latency {statistics.median(latencies) * 1000:.1f} ms, "
          f"p99 {p99 * 1000:.1f} ms")
    return rate


def main() -> int:
    """Run both measurements and print them with their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--moves", type=int, default=800)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--database", default=None, help="default: a temporary SQLite file")
    parser.add_argument("--thinkers", type=int, default=0,
                        help="tables of computers thinking in the background (second run)")
    parser.add_argument("--thinker-agent", default="mcts:0.5s")
    args = parser.parse_args()
    busy = None
    with tempfile.TemporaryDirectory() as workdir:
        database = args.database or f"sqlite:///{Path(workdir) / 'bench.db'}"
        server = LiveServer(database, Path(workdir)).start()
        try:
            count, elapsed, latencies = http_run(server.url, args.games, args.moves,
                                                 args.seconds)
            if args.thinkers:
                ids = start_thinkers(server.url, args.thinkers, args.thinker_agent)
                time.sleep(1.0)  # let the computers get going (and their workers start)
                before = thinker_moves(server.url, ids)
                busy = http_run(server.url, args.games, args.moves, args.seconds)
                thought = thinker_moves(server.url, ids) - before
        finally:
            server.stop()
    peer_count, peer_elapsed = in_process_run(max(count, 1))
    rate = report(f"HTTP API ({args.games} concurrent games, {database.split(':')[0]})",
                  count, elapsed, latencies)
    if busy:
        busy_rate = report(f"the same beside {args.thinkers} tables of {args.thinker_agent} "
                           "computers", *busy)
        print(f"  the computers took {thought} decisions meanwhile; people's moves/s with "
              f"computers thinking / without: {busy_rate / rate:.2f}")
    peer_rate = peer_count / peer_elapsed
    print(f"peer, in-process apply: {peer_count} moves in {peer_elapsed:.3f} s = "
          f"{peer_rate:.0f} moves/s")
    print(f"ratio: the HTTP table runs at {rate / peer_rate:.4f} of the in-process speed "
          f"(1/{peer_rate / rate:.0f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
