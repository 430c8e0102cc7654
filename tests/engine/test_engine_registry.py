"""The registry of games and what a game provides to the rest of palantir."""

from palantir.engine import get_game


def test_a_game_finds_its_own_drawing_modules_by_medium():
    """A game's tests reach its drawing modules by medium (the terminal and the web draw
    through Game.presentation)."""
    game = get_game("journey-to-mordor")
    assert hasattr(game.view_module("terminal"), "render_table")
    assert hasattr(game.view_module("svg"), "render_svg")
    assert game.view_module("hologram") is None
