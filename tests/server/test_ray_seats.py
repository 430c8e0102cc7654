"""Computer seats on Ray (`palantir serve --ray ADDRESS`): the same task, the seat's view
only, thought in a Ray worker and applied by the server; a Ray worker killed while thinking
is replaced and the decision asked again (issue 10, item 9)."""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import socket
import subprocess
import sys
import time

import pytest
import ray

from . import agent_faults
from .live_server import ROOT, wait_until
from palantir.server.lobby import Lobby
from palantir.server.runner import AgentRunner
from palantir.server.storage import Storage
from palantir.server.thinkers import WorkerPool

GAME = "journey-to-mordor"


@pytest.fixture(scope="module")
def local_ray(tmp_path_factory):
    """A Ray of one CPU on loopback for this module; its workers see the test's pid file."""
    pid_file = tmp_path_factory.mktemp("ray") / "pids"
    # Set before Ray starts: its workers inherit the environment of this process.
    os.environ["PALANTIR_TEST_PID_FILE"] = str(pid_file)
    ray.init(num_cpus=1, include_dashboard=False, _node_ip_address="127.0.0.1",
             log_to_driver=False, logging_level=logging.WARNING)
    yield pid_file
    ray.shutdown()
    del os.environ["PALANTIR_TEST_PID_FILE"]


@pytest.fixture
def ray_runner(local_ray, tmp_path):
    """A lobby whose computer seats think on the local Ray, and the runner doing it."""
    local_ray.unlink(missing_ok=True)
    storage = Storage(f"sqlite:///{tmp_path / 'table.db'}")
    lobby = Lobby(storage)
    runner = AgentRunner(lobby, workers=2, ray_address="local")
    lobby.on_change.append(runner.kick)
    yield lobby, runner, local_ray
    runner.close()
    storage.close()


def test_computer_decisions_are_thought_on_a_ray_worker_and_applied(ray_runner):
    lobby, runner, _pids = ray_runner
    assert not isinstance(runner.workers, WorkerPool) and runner.workers.slots == 1
    table, _ = lobby.create(GAME, {}, [{"kind": "agent", "agent": "mcts:50"},
                                       {"kind": "agent", "agent": "heuristic"}])
    wait_until(lambda: len({step.seat for step in table.steps[1:]}) == 2 and
               len(table.steps) > 4 or table.state.is_over(), timeout=45)
    runner.close()
    decided = [step for step in table.steps[1:] if step.seat is not None]
    assert len(decided) >= 4 and {step.seat for step in decided} == {0, 1}
    thinkers = runner.workers.pids()
    assert thinkers and os.getpid() not in thinkers  # answered from Ray's worker processes
    assert not [p for p in multiprocessing.active_children() if p.name == "palantir-agent"]


def test_a_ray_worker_killed_while_thinking_is_replaced_and_asked_again(ray_runner, caplog):
    lobby, runner, pid_file = ray_runner
    runner.think = agent_faults.slow_first
    with caplog.at_level(logging.WARNING, logger="palantir.server"):
        table, _ = lobby.create(GAME, {}, [{"kind": "agent", "agent": "heuristic",
                                            "time_limit": 10}, "human"])
        thinking = wait_until(lambda: pid_file.exists() and pid_file.read_text().split(),
                              timeout=30)
        assert int(thinking[0]) != os.getpid()
        os.kill(int(thinking[0]), signal.SIGKILL)
        wait_until(lambda: table.state.to_move() != 0, timeout=45)
    pids = [int(p) for p in pid_file.read_text().split()]
    assert len(pids) >= 2 and pids[1] != pids[0], "another Ray worker took the decision"
    assert any(step.seat == 0 for step in table.steps[1:])
    assert "the Ray worker died" in caplog.text and "re-queued for a fresh worker" in caplog.text
    assert "heuristic agent decides" not in caplog.text


def test_the_server_runs_without_ray_unless_asked_for_it():
    # The web table imports Ray only for --ray: a server without Ray installed still runs.
    probe = ("import sys; import palantir.server.app, palantir.server.runner; "
             "print('ray' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          cwd=ROOT, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"



def refusal_of(address: str) -> str:
    """What `serve --ray ADDRESS` is refused with, from a process of its own (so no Ray of
    this test process is joined), with the join's timeout cut to 1.5 s."""
    script = ("import palantir.ray_cluster as r; r.CONNECT_SECONDS = 1.5\n"
              "from palantir.server.ray_thinkers import connect\n"
              "from palantir.server.thinkers import ThinkersUnavailable\n"
              "try:\n    connect(%r)\nexcept ThinkersUnavailable as exc:\n"
              "    print(exc)\n" % address)
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_ray_address_where_nothing_listens_is_refused_naming_the_option():
    # `serve --ray HOST:PORT` with no Ray head there is refused within seconds, not left
    # waiting in ray.init (the same join as `simulate --backend ray --address`).
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        address = "127.0.0.1:%d" % closed.getsockname()[1]   # bound, never listening
        started = time.monotonic()
        refused = refusal_of(address)
    assert refused.startswith(f"--ray {address}: no Ray cluster there ("), refused
    assert time.monotonic() - started < 20


def test_a_ray_address_that_listens_but_is_no_ray_head_is_refused_after_the_timeout():
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)  # the kernel completes the handshake; nothing ever answers
        address = "127.0.0.1:%d" % silent.getsockname()[1]
        started = time.monotonic()
        refused = refusal_of(address)
    assert refused == (f"--ray {address}: no Ray cluster answered within 1.5 s "
                       f"(is it the address `ray start --head` printed?)")
    assert time.monotonic() - started < 30
