"""A game's presentation (engine/presentation.py): the drawing functions it declares, one
object a game returns, instead of ten functions the terminal and the server looked for in
its modules with hasattr (issue 11)."""

import ast
import json
from pathlib import Path

import palantir
from palantir.engine import SeededDice, game_ids, get_game
from palantir.engine.game import Game
from palantir.engine.presentation import PLAIN, Presentation, load_presentation
from palantir.games.journey_to_mordor import render as jtm_render
from palantir.games.journey_to_mordor import svg as jtm_svg

DRAWING = {"render_table", "help_text", "menu_order", "menu_note", "seat_title",
           "render_svg", "action_label", "seat_names", "selection", "phase_help",
           "decision_places", "preview"}


def test_every_game_declares_how_it_draws_at_the_terminal_and_on_the_web():
    for game_id in game_ids():
        drawn = get_game(game_id).presentation()
        assert isinstance(drawn, Presentation), game_id
        assert drawn.render_table is not PLAIN.render_table, game_id
        assert drawn.render_svg is not PLAIN.render_svg, game_id
        view = get_game(game_id).new_state(None, SeededDice(1)).view(0)
        assert drawn.render_svg(view).startswith("<svg"), game_id
        assert isinstance(drawn.render_table(view, color=False), str)


def test_the_declaration_names_the_games_own_functions():
    drawn = get_game("journey-to-mordor").presentation()
    assert drawn.render_table is jtm_render.render_table
    assert drawn.menu_note is jtm_render.menu_note
    assert drawn.selection is jtm_svg.selection


def test_a_game_that_declares_nothing_is_drawn_plainly():
    class Bare(Game):
        id = "bare"

    drawn = Bare().presentation()
    view = {"pile": [1, 2]}
    assert drawn is PLAIN
    assert json.loads(drawn.render_table(view, color=True)) == view
    assert drawn.render_svg(view) is None and drawn.seat_names(view) is None
    assert drawn.action_label(view, "draw 2") == "draw 2"
    assert drawn.menu_order(["b", "a"]) == ["b", "a"] and drawn.menu_note(view, "a") is None
    assert drawn.seat_title(view, 1) == "Seat 2"
    assert drawn.selection(view) is None and drawn.phase_help(view) == ""
    # issue 12: no decision is placed on a board (the page reads the notation), none foreseen
    assert drawn.decision_places(view, ["draw 1", "draw 2"]) == [None, None]
    assert drawn.preview(view, "draw 2") is None


def test_the_terminal_hooks_default_to_the_plain_terminal():
    """Issue 12 item 8: a game that declares none keeps its seat labels, takes every line as
    a decision and lists its menu flat."""
    drawn, view = PLAIN, {"pile": [1, 2]}
    assert drawn.seat_role("ai:heuristic") == "ai:heuristic" and drawn.seat_role("human") == \
        "human"
    assert drawn.answer(view, ["draw 2"], "inspect 1108") is None
    assert drawn.menu_groups(view, ["draw 2"]) is None


def test_a_path_to_something_else_is_refused():
    try:
        load_presentation("palantir.engine.presentation:json_table")
    except TypeError as exc:
        assert "not a Presentation" in str(exc)
    else:
        raise AssertionError("a function was taken for a Presentation")


TERMINAL_HOOKS = {"seat_role", "answer", "menu_groups"}


def test_nothing_looks_for_a_drawing_function_by_name():
    """Outside the games no hasattr/getattr names one of the drawing functions."""
    root = Path(palantir.__file__).parent
    found = []
    for path in root.rglob("*.py"):
        relative = path.relative_to(root).as_posix()
        if relative.startswith("games/"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                    node.func.id in ("hasattr", "getattr") and len(node.args) > 1 and \
                    isinstance(node.args[1], ast.Constant) and \
                    node.args[1].value in DRAWING | TERMINAL_HOOKS:
                found.append(relative)
    assert found == []
