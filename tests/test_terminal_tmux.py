"""`palantir play spi-sauron` in a real terminal of 100×50 (tmux), as a person plays it:
keys sent, the screen read back (issue 12 item 8). After every answer the status, the map
and the menu are on the screen together, and no input ends the session."""

import os
import re
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

import palantir

ROOT = Path(palantir.__file__).resolve().parent.parent
WIDTH, HEIGHT = 100, 50
PROMPT_END = "notation, help, quit]>"


class Screen:
    """A tmux session on its own server running one command, read as a person sees it."""

    def __init__(self, command: list[str]):
        assert shutil.which("tmux"), "tmux is needed to play at a real terminal"
        self.server = f"palantir-test-{uuid.uuid4().hex[:8]}"
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        env.pop("NO_COLOR", None)
        shell = " ".join(f"'{part}'" for part in command) + "; echo SESSION-ENDED; sleep 60"
        subprocess.run(["tmux", "-L", self.server, "-f", "/dev/null", "new-session", "-d",
                        "-x", str(WIDTH), "-y", str(HEIGHT), "-s", "play", shell],
                       check=True, env=env, cwd=ROOT)

    def tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.server, *args], check=True,
                              capture_output=True, text=True, errors="replace").stdout

    def lines(self) -> list[str]:
        """The 50 lines on the screen now."""
        return self.tmux("capture-pane", "-p", "-t", "play").split("\n")[:HEIGHT]

    def wait_for_prompt(self, timeout: float = 60) -> list[str]:
        """The screen once the game waits for an answer (a prompt as its last line)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            shown = self.lines()
            text = "\n".join(shown)
            assert "Traceback" not in text and "SESSION-ENDED" not in text, text
            last = [line for line in shown if line.strip()]
            if last and last[-1].rstrip().endswith(PROMPT_END):
                return shown
            time.sleep(0.2)
        raise AssertionError("no prompt:\n" + "\n".join(self.lines()))

    def answer(self, text: str) -> list[str]:
        """Type a line and Enter; the screen at the next prompt."""
        before = self.lines()
        if text:
            self.tmux("send-keys", "-t", "play", "-l", text)
        self.tmux("send-keys", "-t", "play", "Enter")
        deadline = time.monotonic() + 30
        while self.lines() == before and time.monotonic() < deadline:
            time.sleep(0.1)
        return self.wait_for_prompt()

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.server, "kill-server"], capture_output=True)


@pytest.fixture
def screen():
    shown = Screen([sys.executable, "-m", "palantir.cli", "play", "spi-sauron", "--seats",
                    "ai:heuristic,human", "--seed", "3", "--no-color"])
    yield shown
    shown.close()


def assert_whole_table(shown: list[str]) -> None:
    """The status, the map from its first to its last column and the menu with its prompt
    are all on the screen, nothing wider than it."""
    text = "\n".join(shown)
    assert any(line.startswith("Turn ") and "/18 " in line for line in shown), text
    assert any("DP " in line and "VP " in line for line in shown), text
    header = [i for i, line in enumerate(shown) if line.startswith("   01 02 03")]
    assert len(header) == 2 and header[1] - header[0] == 24, text     # 23 columns between
    below = shown[header[1] + 1:]
    title = [i for i, line in enumerate(below) if line.endswith(":") and line[0] != " "]
    assert title and re.match(r"^ *\d+  \S", below[title[0] + 1]), text     # the menu
    assert shown[[i for i, l in enumerate(shown) if l.strip()][-1]].rstrip().endswith(
        PROMPT_END)
    assert "\x1b" not in text and "\033[" not in text


def test_a_turn_at_a_100_by_50_terminal_keeps_the_whole_table_on_the_screen(screen):
    shown = screen.wait_for_prompt()
    assert_whole_table(shown)
    assert any(line.startswith("Westernesse (you) [1-") for line in shown)
    for _ in range(6):                   # choose the first unit, then its first destination
        shown = screen.answer("1")
        assert_whole_table(shown)
        assert any(line.endswith(":") and line[:4].isdigit() for line in shown), shown
        shown = screen.answer("1")
        assert_whole_table(shown)
        assert any(line.startswith("  Westernesse (you): move ") for line in shown)
    counts = {int(count): number for number, count in
              re.findall(r"(\d+)  \d{4} [A-Z][a-z ]+ \((\d+)\)", "\n".join(shown))}
    shown = screen.answer(counts[max(counts)])           # the unit with most destinations
    assert any("(page 1 of " in line for line in shown)
    assert_whole_table(shown)
    shown = screen.answer("more")
    assert_whole_table(shown)
    assert any("(page 2 of " in line for line in shown)
    shown = screen.answer("back")
    assert_whole_table(shown)
    assert any(line.startswith("Your decisions (choose one") for line in shown)


def test_questions_and_bad_input_at_a_real_terminal(screen):
    screen.wait_for_prompt()
    shown = screen.answer("inspect 1108")
    assert "  Westernesse Men (men-1) D-3-X, MA 4: full strength" in shown
    assert "  Westernesse leader Elendil: rally 10, bears Narsil" in shown
    shown = screen.answer("moves 1108")
    assert any(line.startswith("1108 Men: 54 destinations") for line in shown)
    assert any("1313 4 MP" in line for line in shown)
    shown = screen.answer("help")
    text = "\n".join(shown)
    for verb in ("form 1010-1011", "split 1011-1111", "give narsil isildur", "N-NE", "inspect HEX"):
        assert verb in text
    assert_whole_table(screen.answer(""))                 # Enter draws the table again
    shown = screen.answer("garbage 12 !!")
    assert any("Not allowed: 'garbage 12 !!'" in line for line in shown)
    screen.tmux("send-keys", "-t", "play", "-H", "ff", "fe", "80", "c3", "28")  # no UTF-8
    shown = screen.answer("")
    assert any("Not allowed: '" in line for line in shown), shown
    shown = screen.answer("y" * 3000)
    assert any("A line of 3000 characters is no decision" in line for line in shown)
    shown = screen.answer("\x1b[2J")                    # an escape sequence typed in
    assert any("Not allowed: '?[2J'" in line for line in shown)
    shown = screen.answer("1")
    shown = screen.answer("1")
    assert_whole_table(shown)
    assert any(line.startswith("  Westernesse (you): move ") for line in shown)


def test_input_typed_ahead_is_never_applied_to_a_later_decision():
    # issue 14, item 10: a 'done' typed twice at the Move phase of the Strategy Battle Game
    # ended the Move and then, typed before it was asked, skipped the Shoot phase. What is
    # typed before a decision is shown is dropped, said on the screen, never applied.
    shown = Screen([sys.executable, "-m", "palantir.cli", "play", "strategy-battle",
                    "--seats", "human,ai:heuristic", "--seed", "1", "--no-color"])
    try:
        first = "\n".join(shown.wait_for_prompt())
        assert "Turn 1, move phase; good has priority; good to decide" in first
        shown.tmux("send-keys", "-t", "play", "done", "Enter", "done", "Enter")  # one burst
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            text = "\n".join(shown.lines())
            if "shoot phase" in text or "Turn 2" in text:
                break
            time.sleep(0.2)
        time.sleep(2)                           # a second 'done' would be applied by now
        screen = shown.wait_for_prompt()
        text = "\n".join(screen)
        status = [line for line in screen if line.startswith("Turn ")]
        assert status[-1].startswith("Turn 1, shoot phase; good has priority; good to decide"), \
            text
        assert "Typed before this decision was asked, not applied: done" in text, text
        # counted over the scrollback: the Move phase's lines may have left the screen
        history = shown.tmux("capture-pane", "-p", "-S", "-500", "-t", "play")
        assert history.count("Good (human): done") == 1, history
    finally:
        shown.close()
