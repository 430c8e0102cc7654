"""The registry of games and what a game provides to the rest of palantir."""

import ast
from pathlib import Path

import palantir
from palantir.engine import Outcome, get_game
from palantir.engine.game import Game
from palantir.engine.search import SearchHooks


def test_a_game_finds_its_own_drawing_modules_by_medium():
    """A game's tests reach its drawing modules by medium (the terminal and the web draw
    through Game.presentation)."""
    game = get_game("journey-to-mordor")
    assert hasattr(game.view_module("terminal"), "render_table")
    assert hasattr(game.view_module("svg"), "render_svg")
    assert game.view_module("hologram") is None


def test_the_search_hooks_are_one_object_a_game_returns():
    """Issue 11: Game carried nine search hooks among its members; now a game returns them
    as one SearchHooks from search(), and the engine's Game has none of them."""
    hooks = ("rollout_policy", "search_actions", "search_worthy", "search_payoffs",
             "rollout_evaluation", "search_cutoff", "sample_state", "can_sample",
             "determinizer")
    assert [name for name in hooks if hasattr(Game, name)] == []
    assert isinstance(Game().search(), SearchHooks)
    lotr = get_game("lotr-board-game").search()
    assert lotr.can_sample() and not get_game("journey-to-mordor").search().can_sample()


def test_search_hooks_default_to_a_plain_search_and_take_a_games_functions():
    plain = SearchHooks()
    assert plain.rollout_policy() is None and plain.rollout_evaluation() is None
    assert plain.search_worthy({}) and plain.search_cutoff(None) is None
    assert plain.search_payoffs(Outcome(winners=(1,), summary=""), 2) == [0.0, 1.0]

    def policy(state, rng):
        return "stall"

    given = SearchHooks(rollout_policy=lambda: policy, search_worthy=lambda view: False)
    assert given.rollout_policy() is policy and not given.search_worthy({})
    assert given.search_payoffs(Outcome(winners=(0,), summary=""), 1) == [1.0]
    try:
        SearchHooks(rollout=policy)
    except TypeError as exc:
        assert "no search hook 'rollout'" in str(exc)
    else:
        raise AssertionError("an unknown hook was taken")


def test_no_import_is_deferred_into_a_function_of_the_shared_code():
    """The shared code imports what it uses at the top (the cli alone loads a subcommand's
    module when it runs, and the analysis matplotlib only to draw)."""
    root = Path(palantir.__file__).parent
    paths = [*root.glob("engine/*.py"), *root.glob("agents/*.py"), *root.glob("sim/*.py"),
             root / "terminal.py", root / "commands.py", root / "server/lobby.py",
             root / "server/runner.py", root / "server/views.py", root / "server/replay.py"]
    deferred = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                deferred += [f"{path.relative_to(root)}:{inner.lineno}"
                             for inner in ast.walk(node)
                             if isinstance(inner, (ast.Import, ast.ImportFrom))]
    assert deferred == []
