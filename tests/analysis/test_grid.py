"""--sweep parsing, the cartesian grid and the agents of each cell."""

import pytest

from palantir.analysis import AnalysisError, expand_grid, parse_sweep, seat_agents
from palantir.analysis.grid import Sweep, default_sweeps, parse_sweeps
from palantir.analysis.profiles import profile_of
from palantir.engine.game import get_game

SPI = get_game("spi-sauron")
JOURNEY = get_game("journey-to-mordor")
LOTR = get_game("lotr-board-game")


def test_a_range_includes_both_ends_and_accepts_the_option_name_with_a_dash():
    sweep = parse_sweep(SPI, "reinforcement-delay=-2..2")
    assert sweep == Sweep("reinforcement_delay", (-2, -1, 0, 1, 2))


def test_the_option_name_with_an_underscore_and_a_value_list():
    assert parse_sweep(SPI, "reinforcement_delay=3,-1").values == (3, -1)


def test_choice_values_are_parsed_by_the_option():
    assert parse_sweep(LOTR, "difficulty=Easy,hard").values == ("easy", "hard")


def test_the_agents_pseudo_option_sweeps_whole_lists():
    sweep = parse_sweep(LOTR, "agents=heuristic,heuristic+ismcts:50")
    assert sweep == Sweep("agents", (("heuristic",), ("heuristic", "ismcts:50")))


def test_the_grid_is_the_cartesian_product_with_the_last_sweep_fastest():
    grid = expand_grid([Sweep("players", (2, 3)), Sweep("difficulty", ("easy", "hard"))])
    assert grid == [{"players": 2, "difficulty": "easy"}, {"players": 2, "difficulty": "hard"},
                    {"players": 3, "difficulty": "easy"}, {"players": 3, "difficulty": "hard"}]


def test_no_sweep_is_one_cell():
    assert expand_grid([]) == [{}]


def test_the_default_grid_drops_an_option_fixed_with_option():
    sweeps = default_sweeps(LOTR, profile_of("lotr-board-game"), {"expansion": "sauron"})
    assert [s.option for s in sweeps] == ["difficulty", "players"]


@pytest.mark.parametrize("text, field", [
    ("speed=1..2", "--sweep speed: spi-sauron has no such option"),
    ("reinforcement_delay=2..-2", "--sweep reinforcement_delay: empty range 2..-2"),
    ("reinforcement_delay=1..x", "--sweep reinforcement_delay: bad range '1..x'"),
    ("reinforcement_delay=7", "--sweep reinforcement_delay: 7 is above the maximum 6"),
    ("reinforcement_delay=1,,2", "--sweep reinforcement_delay: empty value"),
    ("reinforcement_delay=1,1", "--sweep reinforcement_delay: a value is given twice"),
    ("reinforcement_delay", "--sweep 'reinforcement_delay': expected OPTION=a..b"),
    ("overrides=a.toml", "--sweep overrides: a list option cannot be swept"),
])
def test_bad_sweeps_are_refused_naming_the_field(text, field):
    with pytest.raises(AnalysisError) as caught:
        parse_sweep(SPI, text)
    assert str(caught.value).startswith(field)


def test_a_range_needs_a_whole_number_option():
    with pytest.raises(AnalysisError, match="--sweep difficulty: a range a..b needs"):
        parse_sweep(LOTR, "difficulty=1..2")


def test_an_option_swept_twice_or_also_fixed_is_refused():
    with pytest.raises(AnalysisError, match="--sweep players: swept twice"):
        parse_sweeps(JOURNEY, ["players=1..2", "players=3"], {})
    with pytest.raises(AnalysisError, match="--sweep players: also fixed with --option"):
        parse_sweeps(JOURNEY, ["players=1..2"], {"players": "3"})


@pytest.mark.parametrize("agents, seats, expected", [
    (["a", "b"], 2, ["a", "b"]),
    (["a"], 3, ["a", "a", "a"]),
    (["hobbit", "sauron"], 4, ["hobbit", "hobbit", "hobbit", "sauron"]),
    (["a", "b", "c"], 5, ["a", "b", "b", "b", "c"]),
    (["a", "b", "c", "d"], 2, ["a", "d"]),
    (["a", "b", "c"], 1, ["c"]),
])
def test_seat_agents_keeps_the_last_agent_on_the_last_seat(agents, seats, expected):
    assert seat_agents(agents, seats) == expected
