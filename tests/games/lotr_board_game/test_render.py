"""The terminal table and the SVG table (issue 5, 3 and 6): boards, tracks, the Temptation
track with Sauron, every hobbit's tokens and hand size, whose turn and what is asked; each
seat sees only its own hand (Sauron's cards only Sauron), a spectator no hand."""

import random
import re
import xml.etree.ElementTree as ET

import pytest

from tests.support.positions.board import GAME, PARTS, sauron_setup, table, tile
from palantir.engine.dice import SeededDice
from palantir.games.lotr_board_game import render, svg, table_words, text_table

SECRET = ["gimli", "white-joker"]


def glyph_free(text):
    """Only Latin letters, Latin-1 and general punctuation: no emoji, chess piece or other
    symbol a browser without an emoji font (Debian's Chromium) draws as an empty box."""
    return all(ord(c) < 0x250 or 0x2000 <= ord(c) <= 0x206F for c in text)


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
                drawn = svg.render_svg(view)
                root = ET.fromstring(drawn)
                assert root.tag.endswith("svg")
                assert glyph_free(drawn), [c for c in drawn if not glyph_free(c)]
                render.render_table(view, color=True)
                render.help_text(view)
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))


def test_view_labels_and_seat_names():
    state = GAME.new_state({"players": 2, "expansion": "sauron"}, SeededDice(5))
    view = state.view(0)
    # The seats' names are render.py's (the presentation takes them from there).
    assert render.seat_names(view) == ["Frodo", "Sam", "Sauron"]
    assert render.seat_title(view, 2) == "Sauron"
    # The buttons' words are table_words' (the presentation's action_label).
    assert table_words.action_label(view, "play grey-hiding@hiding") == \
        "Play Hiding (grey) on hiding"
    assert table_words.action_label(view, "rider 2").startswith("Play no cards")
    assert svg.selection(view) is None


def test_view_svg_draws_sauron_and_the_black_rider_as_shapes_not_glyphs():
    state = table(board="moria", options={"expansion": "sauron"}, rider=9,
                  dice=sauron_setup() + [tile("fighting")])
    drawn = svg.render_svg(state.view(0))
    root = ET.fromstring(drawn)
    groups = {g.get("class"): g for g in root.iter("{http://www.w3.org/2000/svg}g")}
    for marker in ("sauron", "black-rider"):
        shapes = [e for e in groups[marker] if not e.tag.endswith("title")]
        assert shapes and all(e.tag.rsplit("}", 1)[1] in ("path", "ellipse", "circle")
                              for e in shapes)
    assert "\U0001F441" not in drawn and "\u265e" not in drawn and glyph_free(drawn)


def test_view_resource_tokens_and_fellowship_cards_on_both_tables():
    # Resources: the tokens lie face up above their spaces; Cards: the Fellowship cards
    # face up beside the hobbits; the resource cards face up beside the board.
    state = table(board="moria", options={"expansion": "sauron"},
                  fellowship_cards=["sam"], hands=[["narya"], []],
                  dice=sauron_setup(tokens=("narya", "three-runes", "nenya", "vilya"))
                  + [tile("fighting")])
    text = render.render_table(state.view(1), color=False)
    assert "tokens: narya above 4, three-runes above 7" in text
    assert "Sam: at 0, 0 runes, 0 ring, 0 heart, 0 sun, 0 cards, Fellowship card" in text
    assert "resource cards face up: nenya, vilya, star-of-elendil" in text  # narya: a hand
    drawn = svg.render_svg(state.view(1))
    tokens = [g for g in ET.fromstring(drawn).iter("{http://www.w3.org/2000/svg}g")
              if g.get("class") == "resource-token"]
    assert sorted(g[0].text for g in tokens) == ["narya", "nenya", "three-runes", "vilya"]
    assert "Fellowship card" in drawn
    assert table_words.action_label(state.view(0), "resource gwaihir white-joker") == \
        "Play Gwaihir: take back Joker (white)"
    assert table_words.action_label(state.view(0), "fellowship frodo@hiding") == \
        "Use Frodo's Fellowship card on hiding"


def test_view_text_table_each_seat_sees_only_its_own_hand_by_name():
    """Issue 13, item 6: the terminal's table names the seat's own cards with their symbols
    ('Gimli [...]', 'Joker (white)'), and nobody else's."""
    state = moria()
    frodo, sam, spectator = (text_table.render_table(state.view(s), color=False)
                             for s in (0, 1, None))
    assert "Your hand: Hiding (grey)" in frodo
    assert "Gimli [" in sam and "Joker (white)" in sam
    for name in ("Gimli", "Joker (white)"):
        assert name not in frodo and name not in spectator
    assert "Hiding (grey)" not in sam and "Your hand" not in spectator


def test_view_text_table_sauron_cards_with_their_text_for_sauron_only():
    state = GAME.new_state({"players": 2, "expansion": "sauron"}, SeededDice(5))
    rng = random.Random(2)
    while not state.sauron_discards or state.to_move() is None:
        state.apply(rng.choice(state.legal_actions()))
    mine = text_table.render_table(state.view(2), color=False)
    hobbit = text_table.render_table(state.view(0), color=False)
    for card in state.sauron_hand:
        named = re.compile(re.escape(table_words.sauron_card_name(card)) + "(?![0-9])")
        assert named.search(mine) and not named.search(hobbit)
        assert f"yours, {table_words.sauron_card_name(card)}: " \
               f"{table_words.sauron_card_words(card)}" in mine


@pytest.mark.parametrize("options,seed", [({"players": 3}, 1),
                                          ({"players": 5, "expansion": "sauron"}, 2)])
def test_view_text_table_fits_100_columns_all_game_long(options, seed):
    """Issue 13, item 6: the Master board (journey, corruption line), the board in play
    (every track with its spaces, the next event) within 99 columns, about 30 lines."""
    state = GAME.new_state(options, SeededDice(seed))
    rng = random.Random(seed)
    for k in range(400):
        if k % 10 == 0 or state.is_over():
            for seat in list(range(state.players)) + [None]:
                view = state.view(seat)
                lines = text_table.render_table(view, color=False).split("\n")
                assert all(len(line) <= 99 for line in lines), max(lines, key=len)
                assert len(lines) <= 36, "\n".join(lines)
                assert lines[1].startswith("Journey: ") and "[" in lines[1] + lines[2]
                assert any(line.startswith("Corruption: ") for line in lines)
                board = PARTS.boards[view["board"]]
                for track in board.tracks:
                    assert any(line.startswith(f"  {track} ") for line in lines), track
                if board.kind == "conflict" and view["event"] < len(board.events):
                    assert board.events[view["event"]].name in "\n".join(lines)
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
