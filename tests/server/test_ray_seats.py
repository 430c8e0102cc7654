"""Computer seats on Ray (`palantir serve --ray ADDRESS`): the same task, the seat's view
only, thought in a Ray worker and applied by the server; a Ray worker killed while thinking
is replaced and the decision asked again (issue 10, item 9)."""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import subprocess
import sys

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
