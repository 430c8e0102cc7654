"""`palantir play` at a terminal made of streams: whole games driven by piped decisions."""

import io

import pytest

from palantir.engine.errors import BadOption, PalantirError, UnknownAgent
from palantir.engine.game import get_game
from palantir.engine.record import GameRecord, replay
from palantir.terminal import (decision_menu, options_for_seats, parse_seats, play_terminal,
                               wants_color)

GAME = get_game("journey-to-mordor")
ALWAYS_FIRST = "1\n" * 3000


def play(seats, answers, seed=7, options=None, **kwargs):
    """Play with piped answers; returns (record, everything printed)."""
    out = io.StringIO()
    record = play_terminal(GAME, options or {}, seats, seed, io.StringIO(answers), out, **kwargs)
    return record, out.getvalue()


def test_a_whole_game_answered_with_1_ends_with_a_result_and_a_record_that_replays():
    record, text = play("human,ai:random", ALWAYS_FIRST)
    assert record.result is not None
    assert record.seats == ["human", "ai:random"]
    assert f"Result: {record.result['summary']}" in text
    assert "seat 1 (human): " in text.split("Result:")[1]
    state = replay(record)
    assert state.outcome().to_json() == record.result


def test_the_table_and_a_numbered_menu_come_before_each_question():
    _, text = play("human,ai:heuristic", "quit\n")
    before_prompt = text.split("Frodo (human) [1-")[0]
    assert "Journey to Mordor · round 1 · basic game" in before_prompt
    assert "▶ Frodo (yellow) · seat 1 · you" in before_prompt
    assert "Your decisions:\n  1  keep " in before_prompt
    assert "Roll: " in before_prompt  # the narration of the opening roll


def test_typos_help_and_illegal_decisions_get_a_message_and_a_new_prompt():
    record, text = play("human,ai:random",
                        "xyz\nhelp\nkeep G G\n99\n0\n\n" + ALWAYS_FIRST, seed=3)
    assert all(len(line) <= 79 for line in text.splitlines())
    text = " ".join(text.split())  # messages are folded to the terminal's width
    assert "Not allowed: 'xyz': unknown word 'xyz'" in text
    assert "Notation: name the dice to set aside" in text
    assert ("'keep G G': all the dice set aside in one roll must show different symbols "
            "(Dice Rolls: only 1 die per symbol in a single roll)") in text
    assert "No decision 99: choose 1 to 17" in text
    assert "No decision 0: choose 1 to 17" in text
    assert record.result is not None
    # The refused answers changed nothing: the game went on to a result that replays.
    assert replay(record).outcome().to_json() == record.result


def test_a_decision_may_be_typed_in_notation_in_any_case():
    # Seed 3 opens with G:yellow O:red O:blue G:green F:black (see the menu test above).
    record, text = play("human,ai:random", "KEEP g:Y o:red\nquit\n", seed=3)
    decisions = [e["action"] for _, e in record.decisions()]
    assert decisions == ["keep G:yellow O:red"]
    assert "Frodo (human): keep G:yellow O:red" in text


def test_a_forced_decision_is_taken_with_a_visible_line():
    _, text = play("human,ai:random", ALWAYS_FIRST)
    assert "(the only legal decision)" in text


def test_computer_moves_are_narrated_with_the_seat_that_made_them():
    _, text = play("ai:heuristic,human", "quit\n")
    assert "Frodo (ai:heuristic): keep " in text
    assert "    Set aside: " in text


def test_quit_ends_cleanly_and_saves_the_record_so_far(tmp_path):
    path = tmp_path / "game.json"
    record, text = play("human,ai:random", "1\nquit\n", seed=3, record_path=str(path))
    assert "Game abandoned (quit) after 1 decision." in text
    assert f"Record saved to {path}." in text
    saved = GameRecord.load(path)
    assert saved.result is None and len(list(saved.decisions())) == 1
    assert replay(saved).to_move() == 0


def test_end_of_input_ends_the_game_like_quit():
    record, text = play("human,human", "")
    assert "Game abandoned (input ended) after 0 decisions." in text
    assert record.result is None


def test_hot_seat_says_whose_turn_it_is():
    _, text = play("human,human", ALWAYS_FIRST, seed=11)
    assert "=== Frodo (human), it is your turn (seat 1). ===" in text
    assert "=== Sam (human), it is your turn (seat 2). ===" in text


def test_the_location_version_offers_advances():
    record, text = play("human", ALWAYS_FIRST, options={"locations": "true"}, seed=5)
    assert "location version" in text
    assert any(e["action"].startswith("advance ") for _, e in record.decisions())
    assert "  2  advance 1  (to Rivendell: You may set aside identical symbols)" in text
    assert "  3  advance 0  (stay at Bag End)" in text
    assert replay(record).outcome().to_json() == record.result


def test_no_colour_codes_unless_asked():
    _, plain = play("human,ai:random", "quit\n")
    _, coloured = play("human,ai:random", "quit\n", color=True)
    assert "\x1b[" not in plain
    assert "\x1b[" in coloured


def test_record_file_of_a_finished_game(tmp_path):
    path = tmp_path / "done.json"
    record, _ = play("ai:random,human,random", ALWAYS_FIRST, record_path=str(path))
    saved = GameRecord.load(path)
    assert saved.to_json() == record.to_json()
    assert saved.seats == ["ai:random", "human", "ai:random"]
    assert saved.options["players"] == 3


def test_seats_accept_human_ai_specs_and_bare_agent_names():
    seats = parse_seats("human, ai:heuristic ,random", GAME, 1)
    assert [s.label for s in seats] == ["human", "ai:heuristic", "ai:random"]
    assert seats[0].human and not seats[1].human


def test_an_unknown_seat_is_refused_by_name():
    with pytest.raises(UnknownAgent, match=r"seat 2 'ai:bogus'.*a seat is 'human' or ai:AGENT"):
        parse_seats("human,ai:bogus", GAME, 1)
    with pytest.raises(PalantirError, match="name one seat per player"):
        parse_seats("human,,ai:random", GAME, 1)


def test_the_seat_count_sets_players_and_a_contradiction_is_refused():
    assert options_for_seats(GAME, {}, 3)["players"] == 3
    assert options_for_seats(GAME, {"players": "2"}, 2)["players"] == 2
    with pytest.raises(BadOption, match=r"option 'players': 3 given, but --seats names 2"):
        options_for_seats(GAME, {"players": "3"}, 2)
    with pytest.raises(BadOption, match=r"takes 1 to 4 players, but --seats names 5"):
        options_for_seats(GAME, {}, 5)


def test_colour_only_on_a_terminal_and_never_with_no_color(monkeypatch):
    class Tty(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert wants_color(Tty())
    assert not wants_color(io.StringIO())
    assert not wants_color(Tty(), disabled=True)
    monkeypatch.setenv("NO_COLOR", "1")
    assert not wants_color(Tty())


def test_the_menu_fills_columns_top_to_bottom():
    menu = decision_menu([f"keep {s}" for s in "RGFONT"], width=30)
    assert menu.splitlines()[0].split() == ["1", "keep", "R", "4", "keep", "O"]


def test_ctrl_c_keeps_the_record_so_far_and_still_interrupts(tmp_path):
    class Interrupting(io.StringIO):
        def readline(self, *args):
            answer = super().readline(*args)
            if not answer:
                raise KeyboardInterrupt
            return answer

    path = tmp_path / "cut.json"
    with pytest.raises(KeyboardInterrupt):
        play_terminal(GAME, {}, "human,ai:random", 3, Interrupting("1\n"), io.StringIO(),
                      record_path=str(path))
    saved = GameRecord.load(path)
    assert [e["action"] for _, e in saved.decisions()][:1] == ["keep G:yellow"]
    assert replay(saved).to_move() is not None


def test_the_seats_of_a_game_with_a_non_player_seat_set_its_player_count():
    """The Sauron expansion: Sauron is the last seat, so three seats are two hobbits."""
    from palantir.engine import get_game
    from palantir.terminal import options_for_seats
    game = get_game("lotr-board-game")
    options = options_for_seats(game, {"expansion": "sauron"}, 3)
    assert options["players"] == 2 and game.players_of(options) == 3


def test_a_computer_seats_private_decision_is_not_shown_to_the_person():
    """Hidden information: the card passed face down at the Council stays hidden (the person
    first declines to play a Fellowship card at Bag End)."""
    import io
    from palantir.engine import get_game
    from palantir.terminal import play_terminal
    out = io.StringIO()
    play_terminal(get_game("lotr-board-game"), {"expansion": "sauron"},
                  ["ai:heuristic", "human", "ai:heuristic"], 3,
                  io.StringIO("continue\nquit\n"), out, color=False)
    text = out.getvalue()
    assert "(a decision you may not see)" in text
    assert "Frodo (ai:heuristic): pass " not in text


def test_log_shows_the_decisions_and_narration_that_scrolled_away():
    """Issue 12 item 8: what the computer did is printed before the table is drawn again,
    so 'log' shows it once more, at most a screen of it."""
    _, text = play("ai:heuristic,human", "log\nquit\n")
    told = text.split("> log\n", 1)[1].split("\nSam (human) [1-")[0]
    assert told.startswith("The last decisions and what came of them:\n")
    assert "  Frodo (ai:heuristic): keep " in told and "    Set aside: " in told
    assert len(told.splitlines()) <= 50
