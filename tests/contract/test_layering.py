"""The layering (issue 11, item 6): the import-linter contracts of pyproject.toml hold, and
they cover what they claim — every registered game, and the Strategy Battle Game's phases."""

from __future__ import annotations

import pkgutil
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from palantir.engine.game import REGISTRY_PATHS

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "pyproject.toml"


def lint_imports(*args: str) -> subprocess.CompletedProcess:
    """Run the linter of the test extras on the source tree (no cache written into it)."""
    beside = Path(sys.executable).with_name("lint-imports")
    command = str(beside) if beside.exists() else shutil.which("lint-imports")
    assert command, "lint-imports is missing: install the test extras (pip install -e '.[test]')"
    return subprocess.run([command, "--no-cache", "--no-logo", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def contracts() -> dict[str, dict]:
    """The import-linter contracts of pyproject.toml, by id."""
    config = tomllib.loads(CONFIG.read_text(encoding="utf-8"))["tool"]["importlinter"]
    return {c["id"]: c for c in config["contracts"]}


def test_the_import_contracts_of_pyproject_hold():
    done = lint_imports()
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"Contracts: {len(contracts())} kept, 0 broken." in done.stdout, done.stdout


def test_a_broken_contract_fails_the_linter(tmp_path):
    # The run above could only fail if the linter sees imports: here it must see the
    # agents importing the engine, and say so.
    config = tmp_path / "broken.toml"
    config.write_text('[tool.importlinter]\nroot_package = "palantir"\n\n'
                      '[[tool.importlinter.contracts]]\nid = "wrong"\nname = "wrong"\n'
                      'type = "forbidden"\nsource_modules = ["palantir.agents"]\n'
                      'forbidden_modules = ["palantir.engine"]\n', encoding="utf-8")
    done = lint_imports(str(config))
    assert done.returncode != 0
    assert "wrong BROKEN" in done.stdout and "palantir.agents" in done.stdout, done.stdout


def test_every_registered_game_is_a_package_the_independence_contract_covers():
    modules = contracts()["games-independent"]["modules"]
    assert modules == ["palantir.games.*"]
    for game_id, path in REGISTRY_PATHS.items():
        package = path.partition(":")[0]
        assert package.count(".") == 2 and package.startswith("palantir.games."), \
            f"{game_id} lives at {package}, outside what 'games-independent' covers"
    forbidden = set(contracts()["games-engine-only"]["forbidden_modules"])
    assert forbidden == set(contracts()["engine"]["forbidden_modules"]) - {"palantir.games"}
    # every top-level part of palantir but the engine and the games is forbidden to both
    tops = {f"palantir.{m.name}" for m in pkgutil.iter_modules([str(ROOT / "palantir")])}
    assert tops - forbidden == {"palantir.engine", "palantir.games"}


def test_the_phases_contract_is_about_real_phases():
    # A wildcard matching nothing is kept vacuously: the package must hold the phases.
    assert contracts()["sbg-phases"]["modules"] == ["palantir.games.strategy_battle.phases.*"]
    phases = ROOT / "palantir" / "games" / "strategy_battle" / "phases"
    found = {m.name for m in pkgutil.iter_modules([str(phases)])}
    assert {"move", "shoot", "magic", "courage"} <= found, found
