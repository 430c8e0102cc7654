"""Computer seats think in worker processes, from the seat's view alone; a worker that
crashes, hangs, raises or answers nonsense never stalls the table."""

from __future__ import annotations

import logging
import os

from . import agent_faults
from .jtm_play import create, token_of
from .live_server import wait_until
from palantir.server.runner import think


def computer_first(client, fault, time_limit: float = 5.0, grace: float | None = None):
    """A table where the computer (seat 0) moves first, its worker thinking with `fault`."""
    runner = client.app.state.runner
    runner.think = fault
    if grace is not None:
        runner.grace = grace
    created = create(client, [{"kind": "agent", "agent": "mcts:200", "time_limit": time_limit},
                              "human"])
    return created, runner


def after_the_computer(client, created) -> dict:
    """The table once the computer's turn is over (the person's turn, or the end)."""
    table_id = created["id"]
    return wait_until(lambda: (lambda p: p if p["to_move"] != 0 else None)(
        client.get(f"/api/tables/{table_id}", headers=token_of(created, 1)).json()),
        timeout=60)


def test_the_worker_is_sent_the_seat_view_and_the_notation_only(sqlite_client):
    created, runner = computer_first(sqlite_client, agent_faults.hang)
    table = sqlite_client.app.state.lobby.get(created["id"])
    with table.lock:
        task, legal, version = runner.task_for(table)
        assert set(task) == {"game", "options", "seat", "view", "legal", "agent",
                             "time_limit", "seed"}
        assert task["seat"] == 0 and task["view"] == table.state.view(0)
        assert task["legal"] == [str(a) for a in table.state.legal_actions()] == \
            [str(a) for a in legal]
        assert task["options"] == table.record.options and version == table.version
        assert (task["agent"], task["time_limit"]) == ("mcts:200", 5.0)
    assert think(task) in task["legal"]


def test_the_computer_thinks_in_another_process(sqlite_client, tmp_path, monkeypatch):
    pid_file = tmp_path / "pids"
    monkeypatch.setenv("PALANTIR_TEST_PID_FILE", str(pid_file))
    created, runner = computer_first(sqlite_client, agent_faults.worker_pid)
    after = after_the_computer(sqlite_client, created)
    pids = {int(line) for line in pid_file.read_text().split()}
    assert pids and os.getpid() not in pids
    assert pids <= set(runner.workers.pids())  # the workers live on for the next decision
    assert any(step["seat"] == 0 for step in after["log"])


def test_a_crashed_worker_falls_back_to_the_heuristic(sqlite_client, caplog):
    created, runner = computer_first(sqlite_client, agent_faults.crash)
    with caplog.at_level(logging.WARNING, logger="palantir.server"):
        after = after_the_computer(sqlite_client, created)
    assert any(step["seat"] == 0 for step in after["log"])
    assert "the worker died" in caplog.text and "heuristic agent decides" in caplog.text
    assert runner.workers.pids() == []  # each crashed worker was discarded, none reused


def test_a_worker_past_the_time_limit_is_killed_and_the_heuristic_decides(sqlite_client,
                                                                            caplog):
    created, runner = computer_first(sqlite_client, agent_faults.hang, time_limit=0.2,
                                     grace=0.3)
    with caplog.at_level(logging.WARNING, logger="palantir.server"):
        after = after_the_computer(sqlite_client, created)
    assert any(step["seat"] == 0 for step in after["log"])
    assert "no decision within 0.5 s" in caplog.text
    assert runner.workers.pids() == []  # the hanging workers were killed


def test_an_agent_that_raises_falls_back_and_its_worker_is_replaced(sqlite_client, caplog):
    created, runner = computer_first(sqlite_client, agent_faults.raise_error)
    with caplog.at_level(logging.WARNING, logger="palantir.server"):
        after = after_the_computer(sqlite_client, created)
    assert any(step["seat"] == 0 for step in after["log"])
    assert "an agent's bug" in caplog.text
    runner.think = think
    payload = after
    # The game goes on with working agents in fresh workers.
    table_id, person = created["id"], token_of(created, 1)
    while payload["status"] == "open" and payload["to_move"] == 1:
        payload = sqlite_client.post(f"/api/tables/{table_id}/decisions", headers=person,
                                     json={"action": payload["legal"][-1]["action"]}).json()
    assert payload["status"] == "finished" or after_the_computer(sqlite_client, created)
    assert payload["status"] == "finished" or runner.workers.pids()


def test_an_illegal_answer_is_refused_and_the_heuristic_decides(sqlite_client, caplog):
    created, runner = computer_first(sqlite_client, agent_faults.illegal)
    with caplog.at_level(logging.WARNING, logger="palantir.server"):
        after = after_the_computer(sqlite_client, created)
    assert "advance 99" not in [step["action"] for step in after["log"]]
    assert any(step["seat"] == 0 for step in after["log"])
    assert "'advance 99', refused" in caplog.text


class NoProcesses:
    """A multiprocessing context that cannot start a process (out of pids, say)."""

    def Pipe(self):
        import multiprocessing
        return multiprocessing.Pipe()

    def Process(self, **_kwargs):
        raise OSError("no process can be started")


def test_when_no_worker_can_start_the_heuristic_decides(sqlite_client, caplog):
    runner = sqlite_client.app.state.runner
    runner.workers.context = NoProcesses()
    created = create(sqlite_client, [{"kind": "agent", "agent": "mcts:200"}, "human"])
    with caplog.at_level(logging.WARNING, logger="palantir.server"):
        after = after_the_computer(sqlite_client, created)
    assert any(step["seat"] == 0 for step in after["log"])
    assert "no worker could start" in caplog.text
