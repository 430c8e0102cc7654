"""`simulate` and `analyze` with `--backend ray` (issue 15, item 1): the games spread over a
real Ray of two CPUs give the same summary, table and Parquet rows as local processes for
the same --seed; a bad --address is one line naming it, within a bounded time."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest
import ray

from palantir.analysis.sweep import run_analysis
from palantir.cli import main
from palantir.sim import runner
from palantir.sim.backends import open_pool
from palantir.ray_cluster import PROBE_SECONDS
from palantir.sim.ray_backend import connect
from palantir.sim.runner import SimulationError, prepare_records_dir, run_simulation

ROOT = Path(__file__).resolve().parents[2]
# What depends on where and how fast the games ran, not on the games.
RUN_KEYS = ("workers", "backend", "wall_seconds", "games_per_second")


@pytest.fixture(scope="module")
def two_cpu_ray():
    """One Ray of two CPUs for the module, started as a run without --address starts its
    own; the runs then join it rather than each starting one."""
    assert connect(2, None) is True
    yield
    ray.shutdown()


def without_run(doc: dict) -> dict:
    return {k: v for k, v in doc.items() if k not in RUN_KEYS}


def test_simulate_on_ray_gives_the_local_summary_and_parquet_rows(two_cpu_ray, tmp_path,
                                                                 monkeypatch):
    args = ("journey-to-mordor", {}, ["random", "heuristic", "random"], 40, 11)
    local = run_simulation(*args, progress=False, out=str(tmp_path / "local.parquet"))

    def not_here(*_args, **_kwargs):
        raise AssertionError("a Ray run played a game in the driver")

    # The driver's play_one is broken; Ray's workers import their own, unbroken.
    monkeypatch.setattr(runner, "play_one", not_here)
    on_ray = run_simulation(*args, progress=False, out=str(tmp_path / "ray.parquet"),
                            backend="ray")
    assert (on_ray.backend, on_ray.workers) == ("ray", 2)  # the cluster's CPUs
    assert without_run(on_ray.to_json()) == without_run(local.to_json())
    assert on_ray.to_json()["games"] == 40 and "2 workers on Ray" in on_ray.table()
    local_rows, ray_rows = (pq.read_table(tmp_path / name) for name in ("local.parquet",
                                                                        "ray.parquet"))
    assert ray_rows.num_rows == 40
    assert ray_rows.equals(local_rows)
    assert ray_rows.schema.metadata == local_rows.schema.metadata


def test_an_spi_sauron_sweep_on_ray_gives_the_local_table(two_cpu_ray):
    # Issue 15's "done when": a Ray run of an SPI Sauron sweep gives the local run's table.
    args = ("spi-sauron", ["reinforcement-delay=0,2"], ["random"], 1, 3)
    local = run_analysis(*args, progress=False)
    on_ray = run_analysis(*args, progress=False, backend="ray")
    assert on_ray.workers == 2 and on_ray.backend == "ray"
    assert [c.games for c in on_ray.cells] == [1, 1]
    local_doc, ray_doc = local.to_json(), on_ray.to_json()
    assert ray_doc.pop("run")["backend"] == "ray"
    local_doc.pop("run")
    assert ray_doc == local_doc
    # The printed table, all but its last line (the wall time and where it ran).
    assert on_ray.table().splitlines()[:-1] == local.table().splitlines()[:-1]


def test_an_error_in_a_ray_task_is_raised_as_itself_not_as_rays_traceback(two_cpu_ray):
    with open_pool("ray", 2) as pool:
        assert pool.workers == 2
        with pytest.raises(SimulationError) as caught:
            list(pool.imap_unordered(prepare_records_dir, ["/proc/palantir-nowhere"]))
    assert str(caught.value).startswith("--records '/proc/palantir-nowhere': cannot write")
    assert "\n" not in str(caught.value)  # the CLI prints it as one line
    assert ray.is_initialized()  # a pool that joined a running Ray leaves it running


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.parametrize("command", ["simulate", "analyze"])
@pytest.mark.parametrize("extra, names", [
    (["--backend", "ray", "--address", f"127.0.0.1:{closed_port()}"], "--address 127.0.0.1"),
    (["--backend", "ray", "--address", "head-without-port"], "--address 'head-without-port'"),
    (["--address", "127.0.0.1:6379"], "--address 127.0.0.1:6379"),
    (["--backend", "dask"], "--backend"),
])
def test_a_bad_backend_or_address_is_one_line_naming_it(capsys, command, extra, names):
    started = time.monotonic()
    agents = ["--agents", "random,random"] if command == "simulate" else []
    assert main([command, "journey-to-mordor", "--games", "2", *agents, *extra]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith(f"palantir: {names}")
    assert time.monotonic() - started < PROBE_SECONDS


def test_records_are_refused_with_a_cluster_address(capsys, tmp_path):
    assert main(["simulate", "journey-to-mordor", "--agents", "random,random", "--backend",
                 "ray", "--address", "auto", "--records", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert err.startswith("palantir: --records") and err.count("\n") == 1


def test_an_address_that_listens_but_is_no_ray_head_is_refused_after_the_timeout():
    # ray.init alone retries such an address for many minutes (issue 15: a connect timeout).
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)  # the kernel completes the handshake; nothing ever answers
        address = "127.0.0.1:%d" % silent.getsockname()[1]
        script = ("import sys; import palantir.ray_cluster as r; r.CONNECT_SECONDS = 1.5;"
                  " from palantir.cli import main; sys.exit(main(sys.argv[1:]))")
        started = time.monotonic()
        done = subprocess.run([sys.executable, "-c", script, "simulate", "journey-to-mordor",
                               "--agents", "random,random", "--backend", "ray",
                               "--address", address], cwd=ROOT, capture_output=True,
                              text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines()[-1] == (
        f"palantir: --address {address}: no Ray cluster answered within 1.5 s (is it the "
        f"address `ray start --head` printed?)")
    assert time.monotonic() - started < 30
