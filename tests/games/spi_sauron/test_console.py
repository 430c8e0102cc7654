"""SPI Sauron at the terminal (console.py, issue 12 item 8): `inspect HEX`, `moves HEX`
with each destination's MP cost, the menu grouped per unit, the seats named by side."""

import random
import re

from palantir.engine.dice import SeededDice
from palantir.games.spi_sauron import console
from palantir.games.spi_sauron.movement import Mover, cheapest_paths, half
from palantir.games.spi_sauron.phases.beast import beast_allowance
from palantir.games.spi_sauron.notation import END, VERBS, Enter, Move, Split

from tests.support.positions.spi import GAME, cleared, new_game, place, setup


def test_the_mp_cost_shown_is_the_one_the_referee_charges():
    """4.3, 14.0 C, 15.1.2 A, 8.45: over a random game, every listed move sampled costs what
    the referee's narration says it cost ('(path, N MP)')."""
    rng = random.Random(1)
    state = GAME.new_state({}, SeededDice(2))
    checked = 0
    for _ in range(250):
        if state.to_move() is None:
            break
        legal = state.legal_actions()
        view = state.view(state.to_move())
        for action in legal:
            if isinstance(action, (Move, Enter, Split)) and rng.random() < 0.1:
                trial = state.clone()
                trial.apply(action)
                said = " ".join(trial.narration(None))
                found = re.search(r"\(" + "-".join(action.path) + r", ([^ ]+) MP\)", said)
                assert found, (str(action), said)
                assert half(console.path_cost(view, action)) == found.group(1), str(action)
                checked += 1
        state.apply(rng.choice(legal))
    assert checked > 500


def test_every_decision_is_in_exactly_one_group_and_a_group_is_one_piece():
    state = new_game()
    state.apply("end")                               # to the Westernesse Movement Phase
    view, legal = state.view(1), state.legal_actions()
    groups = console.menu_groups(view, legal)
    listed = [action for _, items in groups for action, _ in items]
    assert sorted(map(str, listed)) == sorted(map(str, legal))
    titles = dict(groups)
    assert [label for _, label in titles["1108 Men"]][:2] == ["1008 1 MP", "1107 1 MP"]
    assert all(str(a).startswith("move 1108-") for a, _ in titles["1108 Men"])
    assert all(str(a).startswith("move elendil 1108-") for a, _ in titles["Elendil 1108"])
    assert titles["end"] == [(END, "end")]


def test_inspect_names_every_unit_leader_and_marker_with_values_and_state():
    state = cleared("westernesse-movement")
    place(state, "men-1", "0806", disrupted=True, moved=True)
    place(state, "elendil", "0806")
    place(state, "goblins-1", "0705")
    text = console.answer(state.view(1), state.legal_actions(), "inspect 0806")
    assert text.splitlines()[0] == "0806: clear"
    assert "Westernesse Men (men-1) D-3-X, MA 4: full strength, DISRUPTED, moved" in text
    assert "Westernesse leader Elendil: rally 10, bears Narsil" in text
    empty = console.answer(state.view(1), [], "inspect 0706")
    assert "in the Zone of Control of Sauron" in empty
    slope = console.answer(state.view(1), [], "inspect 0509")
    assert "slope to 0510 (this hex higher)" in slope
    assert "the Gate hexside to 1330" in console.answer(state.view(1), [], "inspect 1331")


def test_moves_lists_each_destination_once_with_its_cost_and_shows_a_path_on_request():
    state = new_game()
    state.apply("end")
    view, legal = state.view(1), state.legal_actions()
    text = console.answer(view, legal, "moves 1108")
    first = text.splitlines()[0]
    men = [a for a in legal if isinstance(a, Move) and a.path[0] == "1108" and not a.leader]
    assert first.startswith(f"1108 Men: {len(men)} destinations")
    men_part, elendil_part = text.split("1108 Elendil: ")
    cells = re.findall(r"(\d{4}) (\d+½?|½) MP", men_part)
    assert sorted(h for h, _ in cells) == sorted(a.path[-1] for a in men)   # each once
    assert ("1313", "4") in cells and elendil_part.startswith("12 destinations")
    assert all(len(line) <= 99 for line in text.splitlines())
    path = console.answer(view, legal, "moves 1108 1313")
    assert path.strip().startswith("move 1108-") and path.strip().endswith("(1313 4 MP)")
    assert console.answer(view, legal, "moves 1331") == "1331: no piece there."
    assert "HEX is a map hex CCRR" in console.answer(view, legal, "moves 99")
    assert "HEX is a map hex CCRR" in console.answer(view, legal, "inspect")
    assert console.answer(view, legal, "move 1108-1008") is None    # a decision, no question


def test_help_lists_every_verb_and_the_questions():
    text = console.terminal_help(new_game().view(0))
    for verb in VERBS + ("inspect", "moves", "back", "more", "log"):
        assert re.search(rf"\b{verb}\b", text), verb
    assert "death-breath 20 N-NE" in text and "NW-N" in text
    assert all(len(line) <= 99 for line in text.splitlines())


def test_seats_are_named_by_side_and_player():
    view = new_game().view(0)
    assert [console.seat_title(view, s) for s in (0, 1)] == ["Sauron", "Westernesse"]
    assert console.seat_role("human") == "you"
    assert console.seat_role("ai:heuristic") == "computer"


def test_the_beast_walks_at_mp_and_flies_in_hexes():
    """17.1: the Beast walks within its MA at the map's costs; 17.2.1: by Flight it flies a
    straight line of up to 12 hexes, over anything, counted in hexes."""
    state = cleared("sauron-movement", turn=15)
    setup(state, beast={"hex": "1316"})
    place(state, "orc_archers-1", "1320")
    walks = [a for a in state.legal_actions() if isinstance(a, Move) and a.leader == "beast"]
    groups = dict(console.menu_groups(state.view(0), state.legal_actions()))
    assert len(groups["the Beast 1316"]) == len(walks) > 0
    walker = Mover("sauron", beast_allowance(state), True, False, False, "", False,
                   frozenset())
    priced = {path: cost for cost, path in cheapest_paths(state, walker, "1316", 0).values()}
    assert {a.path: console.path_cost(state.view(0), a) for a in walks} == \
        {path: cost for path, cost in priced.items() if path in {a.path for a in walks}}
    setup(state, spell_until={"beast_flight": 15})
    state._zoc.clear()
    view, legal = state.view(0), state.legal_actions()
    text = console.answer(view, legal, "moves 1316")
    assert text.startswith("1316 the Beast: ") and "12 hexes by Flight" in text
    assert " MP" not in text.split("\n", 1)[1]
