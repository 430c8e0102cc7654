"""The terminal table and the SVG table (issue 5, 3 and 6): boards, tracks, the Temptation
track with Sauron, every hobbit's tokens and hand size, whose turn and what is asked; each
seat sees only its own hand (Sauron's cards only Sauron), a spectator no hand."""

import random
import re
import xml.etree.ElementTree as ET

import pytest

from .lbg_table import GAME, table, tile
from palantir.engine.dice import SeededDice
from palantir.games.lotr_board_game import render, svg

SECRET = ["gimli", "white-joker"]


def moria():
    return table(players=2, board="moria", hands=[["grey-hiding"], SECRET],
                 dice=[tile("fighting")] * 2 + [tile("travelling")])


def test_view_terminal_table_shows_boards_tracks_temptation_and_the_question():
    state = moria()
    text = render.render_table(state.view(0), color=False)
    assert "Moria" in text and "fighting" in text and "(main)" in text
    assert "SAURON" in text and "Temptation track" in text
    assert "Frodo" in text and "Sam" in text and "1 cards" in text and "2 cards" in text
    assert "Frodo: the turn's action" in text
    assert "Your hand: grey-hiding" in text


@pytest.mark.parametrize("draw", [render.render_table, svg.render_svg])
def test_view_each_seat_sees_only_its_own_hand(draw):
    state = moria()
    frodo, sam, spectator = (draw(state.view(s)) for s in (0, 1, None))
    assert all(card in sam for card in SECRET)
    for card in SECRET:
        assert card not in frodo and card not in spectator
    assert "grey-hiding" in frodo and "grey-hiding" not in sam


def test_view_sauron_cards_drawn_for_sauron_only():
    state = GAME.new_state({"players": 2, "expansion": "sauron"}, SeededDice(5))
    rng = random.Random(2)
    while not state.sauron_discards or state.to_move() is None:
        state.apply(rng.choice(state.legal_actions()))
    hidden = [c for c in state.sauron_hand if c not in state.sauron_discards]
    assert hidden
    for draw in (render.render_table, svg.render_svg):
        mine, hobbit = draw(state.view(2)), draw(state.view(0))
        assert "Your Sauron cards" in mine and "Your Sauron cards" not in hobbit
        for card in hidden:
            named = re.compile(re.escape(card) + "(?![0-9])")
            assert named.search(mine) and not named.search(hobbit)


@pytest.mark.parametrize("options,seed", [({"players": 3}, 1),
                                          ({"players": 5, "expansion": "sauron"}, 2)])
def test_view_svg_is_well_formed_all_game_long(options, seed):
    state = GAME.new_state(options, SeededDice(seed))
    rng = random.Random(seed)
    for k in range(400):
        if k % 25 == 0 or state.is_over():
            for seat in list(range(state.players)) + [None]:
                view = state.view(seat)
                root = ET.fromstring(svg.render_svg(view))
                assert root.tag.endswith("svg")
                render.render_table(view, color=True)
                render.help_text(view)
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))


def test_view_labels_and_seat_names():
    state = GAME.new_state({"players": 2, "expansion": "sauron"}, SeededDice(5))
    view = state.view(0)
    assert svg.seat_names(view) == ["Frodo", "Sam", "Sauron"]
    assert render.seat_title(view, 2) == "Sauron"
    assert svg.action_label(view, "play grey-hiding@hiding") == "Play grey-hiding on hiding"
    assert svg.action_label(view, "rider 2").startswith("Do not play cards")
    assert svg.selection(view) is None
