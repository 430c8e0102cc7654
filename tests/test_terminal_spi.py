"""SPI Sauron at `palantir play` (issue 12 item 8), driven by piped answers: seats named by
side, a menu grouped per unit that never outgrows a 50-line screen, the table's questions,
and bad input that never ends the session."""

import io
import re

from palantir.engine.game import get_game
from palantir.terminal import SCREEN_LINES, play_terminal

GAME = get_game("spi-sauron")
PROMPT = re.compile(r"^(Sauron|Westernesse) \((you|computer)\) \[1-\d+(, back)?, notation, "
                    r"help, quit\]> ")


def play(answers, seats="ai:heuristic,human", seed=3):
    out = io.StringIO()
    record = play_terminal(GAME, {}, seats, seed, io.StringIO(answers), out)
    return record, out.getvalue()


def screens(text):
    """Each stretch of output from a table's first status line to the prompt after it."""
    lines = text.splitlines()
    found, start = [], None
    for i, line in enumerate(lines):
        if line.startswith("Turn ") and "/18 " in line:
            start = i
        elif PROMPT.match(line) and start is not None:
            found.append(lines[start:i + 1])
            start = None
    return found


def test_the_seats_are_named_by_side():
    _, text = play("quit\n")
    assert "Sauron (computer): end" in text
    assert "Westernesse (you) [1-" in text
    assert "seat 1 (computer), seat 2 (you)" in " ".join(text.split())


def test_table_menu_and_prompt_fit_one_screen_move_after_move():
    """Choosing a unit shows the table again with that unit's decisions; every such screen,
    from the status line to the prompt, fits 50 lines of 100 columns."""
    record, text = play("1\n1\n" * 12 + "quit\n")
    assert len(list(record.decisions())) >= 12
    shown = screens(text)
    assert len(shown) >= 24
    for screen in shown:
        assert len(screen) <= SCREEN_LINES - 1, "\n".join(screen)
        assert all(len(line) <= 99 for line in screen[:-1])
        assert screen[1].startswith("Sauron ") or "DP" in screen[1]     # the status
        assert any(line.startswith("   01 02 03") for line in screen)  # the map
    assert "Your decisions (choose one to see its decisions):" in text
    assert re.search(r"^\d{4} Cavalry:$", text, re.M)     # one unit's decisions


def test_more_pages_and_back_returns_to_the_units():
    _, text = play("1\nmore\nback\nquit\n")
    assert "(page 1 of 2: 'more' shows the next)" in text
    assert "(page 2 of 2: 'more' shows the next)" in text
    assert text.count("Your decisions (choose one to see its decisions):") == 2


def test_inspect_moves_and_help_answer_at_the_prompt_and_the_game_goes_on():
    record, text = play("inspect 1108\nmoves 1108\nhelp\nmoves 1108 1313\n"
                        "move 1108-1208-1309-1310-1311-1312-1313\nquit\n")
    assert "Westernesse Men (men-1) D-3-X, MA 4: full strength" in text
    assert "1108 Men: 54 destinations" in text and "1313 4 MP" in text
    assert "split 1011-1111" in text and "inspect HEX" in text
    assert "  move 1108-1208-1309-1310-1311-1312-1313  (1313 4 MP)" in text
    assert [e["action"] for _, e in record.decisions()][-1] == \
        "move 1108-1208-1309-1310-1311-1312-1313"


def test_log_shows_what_the_computer_did_before_the_table():
    record, text = play("1\n1\nend\nlog\nquit\n", seed=3)
    told = text.split("> log\n", 1)[1].split("\nWesternesse (you) [", 1)[0]
    assert told.startswith("The last decisions and what came of them:\n")
    # Worked out from the record, not from the general's habits: the person's move and
    # end of turn 1, then the computer's whole Movement Phase of turn 2, in order.
    steps = [(entry["seat"], entry["action"]) for _, entry in record.decisions()]
    mine = [i for i, (seat, _) in enumerate(steps) if seat == 1]
    assert [steps[i][1] for i in mine[-2:]] == [steps[mine[-2]][1], "end"]
    assert f"  Westernesse (you): {steps[mine[-2]][1]}\n" in told
    assert "  Westernesse (you): end\n    Turn 2\n" in told
    assert "    Turn 2: Forces of Sauron Movement Phase\n" in told
    after = told.split("    Turn 2: Forces of Sauron Movement Phase\n", 1)[1]
    computer = [action for seat, action in steps[mine[-1] + 1:] if seat == 0]
    assert computer and after.startswith(f"  Sauron (computer): {computer[0]}\n")
    assert told.rstrip().endswith("Westernesse Movement Phase")


def test_bad_input_gets_a_message_and_never_ends_the_session():
    bad = ["xyzzy", "\ud800\udfff", "\x1b[2J\x07", "x" * 200_000, "²", "١٢", "-1", "99999",
           "moves", "inspect 0000", "move", "attack", "cast death-breath 20 UP", "0", "back",
           "more", "\x00", "move 1108-" + "-".join(["1208"] * 400)]
    record, text = play("\n".join(bad) + "\n1\n1\nquit\n")
    decisions = [entry["seat"] for _, entry in record.decisions()]
    assert decisions[-1] == 1 and decisions.count(1) == 1        # only "1 1" was taken
    assert f"Game abandoned (quit) after {len(decisions)} decisions." in text
    assert "\x1b" not in text and "\x00" not in text and "\ud800" not in text
    assert "A line of 200000 characters is no decision" in text
    assert text.count("Not allowed:") >= 8
    entries = re.search(r"Westernesse \(you\) \[1-(\d+), notation", text).group(1)
    assert f"No decision 99999: choose 1 to {entries}" in text


def test_a_whole_game_as_sauron_never_shows_a_screen_taller_or_wider_than_100_by_50():
    """Every screen of a whole game, the late status with its DP and spells included."""
    record, text = play("1\n1\n" * 1500 + "quit\n", seats="human,ai:heuristic", seed=11)
    assert record.result is not None
    shown = screens(text)
    assert len(shown) > 200 and any(screen[0].startswith("Turn 18/18") for screen in shown)
    assert max(len(screen) for screen in shown) <= SCREEN_LINES - 1
    assert max(len(line) for screen in shown for line in screen[:-1]) <= 99
