"""The terminal rendering shows the table, the terrain, every model and what happened."""

from palantir.engine.dice import SeededDice
from palantir.games.strategy_battle import StrategyBattle
from palantir.games.strategy_battle.render import help_text, render, render_table, table_map


def test_render_shows_terrain_models_and_news():
    state = StrategyBattle().new_state({}, SeededDice(1))
    state.apply("move G3 to 12,8")
    text = render(state)
    assert text.startswith("Turn 1, move phase; good has priority")
    grid = table_map(state.view(0))
    assert len(grid) == 28 + 2 and all(len(row) == 56 + 2 for row in grid)
    body = "\n".join(grid)
    assert "~" in body and "=" in body                 # the ruins and the broken wall
    for ident in ("G1", "G2", "G3"):
        assert ident in body
    for ident in ("e1", "e2", "e3", "e4"):
        assert ident in body
    assert "G3 moves (2.50in)" in text and "[moved]" in text


def test_render_places_a_model_by_its_coordinates():
    state = StrategyBattle().new_state({}, SeededDice(1))
    grid = table_map(state.view(None))
    # G1 stands at the exact centre (12, 12): row 14 from the top of 28, column 28 of 56
    assert grid[1 + 14][1 + 28: 1 + 30] == "G1"


def test_render_table_draws_from_a_view_alone_with_the_question_and_help():
    state = StrategyBattle().new_state({}, SeededDice(1))
    view = state.view(1)
    plain = render_table(view, color=False)
    assert "\x1b[" not in plain and "G1" in plain and "Mordor Orc" in plain
    coloured = render_table(view, color=True)
    assert "\x1b[31m" in coloured and "\x1b[34m" in coloured    # Evil red, Good blue
    assert "Move phase" in help_text(view) and "charge G1 E2" in help_text(view)
    # a finished game says so
    over = dict(state.view(None), result={"summary": "good has slain every evil warrior",
                                          "winners": [0]})
    assert render_table(over, color=False).startswith("Game over after turn")
