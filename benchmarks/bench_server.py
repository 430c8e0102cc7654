"""Many concurrent games through the HTTP API on loopback: moves per second and p99 latency.

The peer, measured in the same run, applies the same kind of decisions to the same games
in-process (clone, apply, nothing stored), so the ratio is the cost of HTTP + storage.

Three configurations are measured in turn: one server on SQLite (the default `make run`),
one on PostgreSQL, and two server processes on the same PostgreSQL with the players split
between them (each decision then also reaches the other process by NOTIFY). PostgreSQL is
the one .ci/web-deps.sh set up, or --postgres URL; without one only SQLite is measured.

With --thinkers K, K tables of computer seats only (searching `--thinker-agent`, default
mcts:0.5s) play in the background of the SQLite server, and the people's moves are measured
a second time beside them: the ratio of the two says how much thinking computers slow
the server for everyone else.

With --against P (and --thinkers K), only the wait for the computer is measured: K tables
of computers only and P people, each at a table against one `--thinker-agent` computer, on
one SQLite server with --agent-workers workers; each person decides at once, and the wait
is the time from their decision until it is their turn again, per computer decision.

    python benchmarks/bench_server.py [--games 16] [--moves 4000] [--seconds 30]
        [--port 8100] [--postgres URL] [--thinkers 2]
    python benchmarks/bench_server.py --against 2 --thinkers 50 --seconds 45
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
from live_server import LiveServer, fresh_schema  # noqa: E402

from palantir.engine.game import get_game  # noqa: E402
from palantir.server.lobby import TableDice  # noqa: E402

UNLIMITED = ("--create-rate", "0")  # the benchmark opens many tables from one address


def http_run(url: str | list[str], games: int, moves: int, seconds: float
             ) -> tuple[int, float, list]:
    """Play `games` solo tables concurrently until `moves` decisions or `seconds` pass
    (player i on url[i % len(url)] when several servers are given)."""
    urls = [url] if isinstance(url, str) else url
    latencies: list[float] = []
    lock = threading.Lock()
    done = [0]
    deadline = time.perf_counter() + seconds

    def player(url):
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

    threads = [threading.Thread(target=player, args=(urls[i % len(urls)],))
               for i in range(games)]
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


def against_run(url: str, people: int, agent: str, seconds: float) -> list[float]:
    """`people` tables of a person against a computer: each wait for the computer, in
    seconds per computer decision, until `seconds` have passed."""
    waits: list[float] = []
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def sit_down(client):
        created = client.post("/api/tables", json={
            "game": "journey-to-mordor", "options": {"players": 2},
            "seats": ["human", {"kind": "agent", "agent": agent, "time_limit": 5}]})
        created.raise_for_status()
        table = f"/api/tables/{created.json()['id']}"
        headers = {"X-Seat-Token": created.json()["seats"][0]["token"]}
        return table, headers, client.get(table, headers=headers).json()

    def person():
        with httpx.Client(base_url=url, timeout=60) as client:
            table, headers, payload = sit_down(client)
            while time.monotonic() < deadline:
                if payload["status"] != "open":  # the game is over: another one
                    table, headers, payload = sit_down(client)
                if payload["your_turn"]:
                    payload = client.post(f"{table}/decisions", headers=headers, json={
                        "action": payload["legal"][0]["action"]}).json()
                    continue
                asked, steps = time.monotonic(), payload["steps"]
                while time.monotonic() < deadline + 20 and payload["status"] == "open" \
                        and not payload["your_turn"]:
                    time.sleep(0.05)
                    payload = client.get(table, headers=headers).json()
                thought = payload["steps"] - steps
                if thought and (payload["your_turn"] or payload["status"] != "open"):
                    with lock:
                        waits.append((time.monotonic() - asked) / thought)

    threads = [threading.Thread(target=person) for _ in range(people)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return waits


def measure_against(workdir: Path, args) -> int:
    """--against: the wait for a computer beside --thinkers tables of computers only."""
    server = LiveServer(f"sqlite:///{workdir / 'bench.db'}", workdir, args.port,
                        UNLIMITED).start()
    try:
        ids = start_thinkers(server.url, args.thinkers, args.thinker_agent)
        time.sleep(1.0)  # let the computers get going (and their workers start)
        before = thinker_moves(server.url, ids)
        waits = against_run(server.url, args.against, args.thinker_agent, args.seconds)
        thought = thinker_moves(server.url, ids) - before
    finally:
        server.stop()
    if not waits:
        print(f"no computer decision at the people's tables within {args.seconds:g} s")
        return 1
    print(f"{args.against} people against {args.thinker_agent}, beside {args.thinkers} tables "
          f"of computers only, for {args.seconds:g} s: the computer's turn took "
          f"{len(waits)} times a median of {statistics.median(waits):.2f} s a decision "
          f"(min {min(waits):.2f}, max {max(waits):.2f}); the computers-only tables took "
          f"{thought} decisions meanwhile")
    return 0


def report(label: str, count: int, elapsed: float, latencies: list[float]) -> float:
    """Print one HTTP measurement; returns its moves per second."""
    rate = count / elapsed
    p99 = statistics.quantiles(latencies, n=100)[98] if len(latencies) >= 2 else float("nan")
    print(f"{label}: {count} moves in {elapsed:.2f} s = {rate:.0f} moves/s; "
          f"median latency {statistics.median(latencies) * 1000:.1f} ms, "
          f"p99 {p99 * 1000:.1f} ms")
    return rate


def postgres_url(given: str | None) -> str | None:
    """--postgres, else the test database .ci/web-deps.sh set up, else None."""
    if given:
        return given
    found = Path("/tmp/palantir-test-postgres-url")
    return found.read_text().strip() if found.exists() else None


def measure(database: str, workdir: Path, args, processes: int = 1):
    """Start `processes` servers on `database`, play, stop them; (count, elapsed, lat)."""
    servers = [LiveServer(database, workdir, args.port + i if args.port else None,
                          UNLIMITED).start() for i in range(processes)]
    try:
        return http_run([s.url for s in servers], args.games, args.moves, args.seconds)
    finally:
        for server in servers:
            server.stop()


def main() -> int:
    """Run every measurement and print each with its ratio to the in-process peer."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--moves", type=int, default=4000)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--port", type=int, default=None,
                        help="the server's port (two processes: this one and the next); "
                        "default: free ones")
    parser.add_argument("--postgres", default=None, metavar="URL",
                        help="PostgreSQL to measure on (default: the test database)")
    parser.add_argument("--thinkers", type=int, default=0,
                        help="tables of computers thinking in the background (second run)")
    parser.add_argument("--thinker-agent", default="mcts:0.5s")
    parser.add_argument("--against", type=int, default=0, metavar="P",
                        help="only measure P people's wait for their computer opponent")
    args = parser.parse_args()
    if args.against:
        with tempfile.TemporaryDirectory() as workdir:
            return measure_against(Path(workdir), args)
    runs: list[tuple[str, tuple]] = []
    busy = None
    with tempfile.TemporaryDirectory() as workdir:
        sqlite = f"sqlite:///{Path(workdir) / 'bench.db'}"
        runs.append(("SQLite, one process", measure(sqlite, Path(workdir), args)))
        postgres = postgres_url(args.postgres)
        if postgres:
            with fresh_schema(postgres, "bench") as database:
                runs.append(("PostgreSQL, one process", measure(database, Path(workdir), args)))
            with fresh_schema(postgres, "bench") as database:
                runs.append(("PostgreSQL, two processes",
                             measure(database, Path(workdir), args, processes=2)))
        else:
            print("no PostgreSQL (run .ci/web-deps.sh or give --postgres): SQLite only")
        if args.thinkers:
            server = LiveServer(sqlite, Path(workdir), args.port, UNLIMITED).start()
            try:
                ids = start_thinkers(server.url, args.thinkers, args.thinker_agent)
                time.sleep(1.0)  # let the computers get going (and their workers start)
                before = thinker_moves(server.url, ids)
                busy = http_run(server.url, args.games, args.moves, args.seconds)
                thought = thinker_moves(server.url, ids) - before
            finally:
                server.stop()
    count = runs[0][1][0]
    peer_count, peer_elapsed = in_process_run(max(count, 1))
    peer_rate = peer_count / peer_elapsed
    print(f"{args.games} concurrent solo games of Journey to Mordor through the HTTP API:")
    rates = [report(f"  {label}", *run) for label, run in runs]
    if busy:
        busy_rate = report(f"  SQLite beside {args.thinkers} tables of {args.thinker_agent} "
                           "computers", *busy)
        print(f"  the computers took {thought} decisions meanwhile; people's moves/s with "
              f"computers thinking / without: {busy_rate / rates[0]:.2f}")
    print(f"peer, in-process apply: {peer_count} moves in {peer_elapsed:.3f} s = "
          f"{peer_rate:.0f} moves/s")
    for (label, _), rate in zip(runs, rates):
        print(f"ratio: {label}: the HTTP table runs at {rate / peer_rate:.4f} of the "
              f"in-process speed (1/{peer_rate / rate:.0f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
