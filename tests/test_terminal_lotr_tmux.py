"""`palantir play lotr-board-game` in a real terminal of 100×50 (tmux), a whole seeded game
with the Sauron expansion as Frodo and as Sauron, answering '1' to every prompt (issue 13,
item 6): at every prompt the Master board (journey, corruption line, the hobbits), the
board in play, the hand (Sauron's cards with their text) and what is asked are on the
screen together with the menu, no line wider than the screen."""

import re
import sys
import time

import pytest

from tests.test_terminal_tmux import HEIGHT, PROMPT_END, WIDTH, Screen

SEED = 3
MOST_PROMPTS = 400


def until_prompt_or_end(screen: Screen, before: list[str] | None, timeout: float = 90):
    """The screen at the next prompt, or at the end of the game (None then)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        shown = screen.lines()
        text = "\n".join(shown)
        assert "Traceback" not in text, text
        if "SESSION-ENDED" in text:
            return None, shown
        last = [line for line in shown if line.strip()]
        if shown != before and last and last[-1].rstrip().endswith(PROMPT_END):
            return shown, shown
        time.sleep(0.15)
    raise AssertionError("no prompt:\n" + "\n".join(screen.lines()))


def assert_whole_table(shown: list[str], seat: str) -> None:
    """Everything a player needs is on the one screen: nothing has scrolled away."""
    text = "\n".join(shown)
    assert len(shown) <= HEIGHT
    first = [i for i, line in enumerate(shown) if line.startswith("The Lord of the Rings · ")]
    assert first, text
    table = shown[first[-1]:]
    for start in ("Journey: ", "Corruption: ", "  Frodo", "  Sam", "  Pippin", "Sauron holds ",
                  "Your hand: " if seat != "Sauron" else "Sauron holds "):
        assert any(line.startswith(start) for line in table), (start, text)
    assert any(re.match(r"^Turn \d+, \w+ active — \w+: \S", line) for line in table), text
    assert any(line.startswith("Your decisions") or re.match(r"^Play .+ on \w+:$", line)
               for line in table), text              # the menu, or a group of its plays
    assert re.search(r"(?m)^ +\d+  \S", "\n".join(table)), text       # a numbered entry
    assert table[[i for i, line in enumerate(table) if line.strip()][-1]].rstrip().endswith(
        PROMPT_END)
    # tmux wraps a line longer than the screen: a line filling all 100 columns is one
    assert all(len(line.rstrip()) < WIDTH for line in shown), text
    assert "\x1b" not in text


@pytest.mark.parametrize("seat,seats", [
    ("Frodo", "human,ai:heuristic,ai:heuristic,ai:heuristic"),
    ("Sauron", "ai:heuristic,ai:heuristic,ai:heuristic,human")])
def test_a_whole_game_keeps_the_table_on_a_100_by_50_screen(seat, seats):
    screen = Screen([sys.executable, "-m", "palantir.cli", "play", "lotr-board-game", "--seats",
                     seats, "--option", "players=3", "--option", "expansion=sauron",
                     "--seed", str(SEED), "--no-color"])
    try:
        shown, _ = until_prompt_or_end(screen, None)
        prompts = opened = entered = 0
        just_opened = None
        seen_boards = set()
        while shown is not None and prompts < MOST_PROMPTS:
            assert_whole_table(shown, seat)
            if just_opened:   # a group's plays: '+ another card', or the card alone
                assert any(line == just_opened + ":" for line in shown), (just_opened, shown)
                assert re.search(r"(?m)^ +\d+  (alone|\+ \S)", "\n".join(shown)), shown
                entered += 1
            just_opened = None
            if seat == "Sauron":     # each of his cards with its text, for him alone
                held = int(re.search(r"Sauron holds (\d+) card", "\n".join(shown)).group(1))
                assert sum(line.startswith("  yours, Sauron card ") for line in shown) == held
            prompts += 1
            seen_boards.update(line for line in shown
                               if line.startswith("The Lord of the Rings · "))
            answer = "1"
            table = shown[max(i for i, line in enumerate(shown)
                              if line.startswith("The Lord of the Rings · ")):]
            groups = re.findall(r"(?m)^ *(\d+)  (Play .+ on \w+) \(\d+\)$", "\n".join(table))
            if groups:    # the turn's plays by card and track: open the first group
                answer, just_opened = groups[0]
                opened += 1
            screen.tmux("send-keys", "-t", "play", "-l", answer)
            screen.tmux("send-keys", "-t", "play", "Enter")
            shown, last = until_prompt_or_end(screen, shown)
        assert shown is None, "the game did not end"
        assert any(line.startswith("Result: ") for line in last), last
        assert prompts > 10 and len(seen_boards) >= 3, (prompts, seen_boards)
        assert seat == "Sauron" or entered == opened > 0, (opened, entered)
    finally:
        screen.close()
