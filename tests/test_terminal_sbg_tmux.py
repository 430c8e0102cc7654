"""`palantir play strategy-battle` in a real terminal of 100x50 (tmux), as a person plays it
(issue 14 item 10): the menu says each decision in words beside its notation ("advance 6"
towards E4", "hold"), the map keeps every model's label apart, `help` names every verb, and
after each answer the status, the whole map and the menu with its prompt are on the screen."""

import re
import sys

import pytest

from tests.test_terminal_tmux import HEIGHT, PROMPT_END, WIDTH, Screen

MODELS = ("G1", "G2", "G3", "e1", "e2", "e3", "e4")


@pytest.fixture
def screen():
    shown = Screen([sys.executable, "-m", "palantir.cli", "play", "strategy-battle", "--seats",
                    "human,ai:heuristic", "--seed", "1", "--no-color"])
    yield shown
    shown.close()


def assert_whole_table(shown: list[str]) -> None:
    """The status, the map from border to border with every model's own label, and the
    menu with its prompt, all on the 50 lines, nothing wider than 100 columns."""
    text = "\n".join(shown)
    assert len(shown) <= HEIGHT and all(len(line) <= WIDTH for line in shown)
    assert any(line.startswith("Turn ") for line in shown), text
    borders = [i for i, line in enumerate(shown) if re.fullmatch(r"\+-+\+", line.rstrip())]
    assert len(borders) == 2, text
    board = "\n".join(shown[borders[0]:borders[1] + 1])
    for ident in MODELS:
        assert re.search(rf"(?<![A-Za-z0-9]){ident}(?![A-Za-z0-9])", board), board
    assert shown[[i for i, l in enumerate(shown) if l.strip()][-1]].rstrip().endswith(
        PROMPT_END), text


def test_the_menu_in_words_the_map_and_the_help_at_a_100_by_50_terminal(screen):
    shown = screen.wait_for_prompt()
    assert_whole_table(shown)
    text = "\n".join(shown)
    assert re.search(r'\d+  move G1 [\d.,]+ +G1: advance [\d.]+" towards E\d', text), text
    assert re.search(r"\d+  move G1 12,12 +G1: hold \(stay put\)", text), text
    assert "pick G2  G2: move it next" in text and "done: good has finished its moves" in text
    shown = screen.answer("help")
    said = "\n".join(shown)
    for verb in ("back G1", "pair E1", "support G4>G1", "weapon G1", "pick G2", "trapped G1",
                 "charger E2", "might G1 2", "heroic G1"):
        assert verb in said, said
    assert all(len(line) <= WIDTH for line in shown)
    for _ in range(2):                           # the first suggested move of two models
        shown = screen.answer("1")
        assert_whole_table(shown)
        assert any(line.startswith("  Good (human): move ") for line in shown), shown
