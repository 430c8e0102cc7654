"""The terminal table of Journey to Mordor: every sheet, the dice and the turn, drawn from a
view alone, readable with and without colour."""

import json
import re

from tests.support.positions.journey import DIE_ORDER, play, roll, step, table

from palantir.games.journey_to_mordor.notation import REROLL, Advance
from palantir.games.journey_to_mordor.render import (_Paint, help_text, menu_note, menu_order,
                                                     nazgul_route, render_table)

ANSI = re.compile(r"\x1b\[[0-9;]*m")
OPENING = roll(yellow="R", red="N", blue="O", green="F", black="T")


def sheet_lines(text: str, name: str) -> list[str]:
    """The lines of one player's sheet: from its header to the next header."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(rf"^. {name} ", line))
    end = next((i for i in range(start + 1, len(lines))
                if not lines[i] or re.match(r"^. \S+ .*· seat", lines[i])), len(lines))
    return lines[start:end]


def test_without_colour_there_is_no_escape_code_at_all():
    state = table(OPENING, players=4, locations=True, ring={0: "Rohan"},
                  nazgul={1: "xsh..."}, eliminated=[3])
    text = render_table(state.view(0), color=False)
    assert "\x1b" not in text


def test_the_table_is_drawn_from_plain_json_data():
    state = table(OPENING, players=3, ring={1: "Moria"})
    view = json.loads(json.dumps(state.view(1)))
    assert render_table(view, color=False) == render_table(state.view(1), color=False)


def test_each_player_sheet_names_hobbit_colour_and_seat_and_marks_the_viewer():
    state = table(OPENING, players=4)
    text = render_table(state.view(2), color=False)
    assert sheet_lines(text, "Frodo")[0].startswith("▶ Frodo (yellow) · seat 1 · at Bag End")
    assert sheet_lines(text, "Sam")[0].startswith("  Sam (red) · seat 2")
    assert "· you" in sheet_lines(text, "Merry")[0]
    assert "· you" not in sheet_lines(text, "Frodo")[0]
    assert sheet_lines(text, "Pippin")[0].startswith("  Pippin (green) · seat 4")


def test_the_ring_bearer_route_runs_from_bag_end_to_mordor_with_the_location_bracketed():
    state = table(OPENING, players=2, ring={0: "Rohan"})
    text = render_table(state.view(0), color=False)
    frodo, sam = sheet_lines(text, "Frodo"), sheet_lines(text, "Sam")
    assert frodo[1].strip() == ("Ring   Bag·Rivendell·Moria·Lothlórien·[Rohan]·Helm·Gondor·"
                                "Minas·Shelob·Mordor")
    assert "at Rohan (4 of 9)" in frodo[0]
    assert "[Bag]·Rivendell" in sam[1]
    assert all(len(line) <= 80 for line in text.splitlines())


def test_the_highlighted_location_is_painted_when_colour_is_on():
    state = table(OPENING, players=2, ring={0: "Shelob's Lair"})
    coloured = render_table(state.view(0), color=True)
    assert "\x1b[1;7m[Shelob]" in coloured
    plain = render_table(state.view(0), color=False)
    assert sheet_lines(ANSI.sub("", coloured), "Frodo") == sheet_lines(plain, "Frodo")


def test_nazgul_squares_whole_marked_split_half_marked_and_split_marked_differ():
    state = table(OPENING, players=2, nazgul={1: "xshX.."})
    text = render_table(state.view(0), color=False)
    assert "Nazgûl [XX] [ | ] [X| ] [X|X] [  ] Mordor [  ]  (left unmarked: 5)" in \
        sheet_lines(text, "Sam")[-1]
    assert nazgul_route([0, 1, 2, 3, 4], _Paint(False)) == "[  ] [XX] [ | ] [X| ] Mordor [X|X]"


def test_eliminated_and_arrived_players_are_marked_on_their_sheets():
    state = table(OPENING, players=3, active=1, eliminated=[0], arrived=[2],
                  ring={2: "Mordor"}, final_round=True)
    text = render_table(state.view(None), color=False)
    assert "ELIMINATED" in sheet_lines(text, "Frodo")[0]
    assert "REACHED MOUNT DOOM" in sheet_lines(text, "Merry")[0]
    assert "Final round" in text


def test_the_roll_and_the_dice_set_aside_carry_their_colour_names():
    state = step(table(OPENING, roll(blue="G", green="O", black="F")), "keep R N")
    text = render_table(state.view(0), color=False)
    assert "Roll       [G:blue] [O:green] [F:black]" in text
    assert "Set aside  [R:yellow] [N:red]" in text
    assert "T White Tree" in text  # the legend of the letters


def test_dice_are_painted_in_their_colours_and_the_black_die_is_white_on_black():
    state = table(OPENING)
    text = render_table(state.view(0), color=True)
    assert "\x1b[1;30;43m R:yellow \x1b[0m" in text
    assert "\x1b[1;97;41m N:red \x1b[0m" in text
    # White text shows on a dark terminal, the black box on a light one.
    assert "\x1b[1;97;40m T:black \x1b[0m" in text


def test_whose_turn_and_the_round_are_shown():
    state = table(OPENING, players=3, active=2, round=4)
    text = render_table(state.view(0), color=False)
    assert text.splitlines()[0] == "Journey to Mordor · round 4 · basic game"
    assert text.splitlines()[1] == "Merry (seat 3) sets dice aside."
    assert sheet_lines(text, "Merry")[0].startswith("▶ Merry")


def test_the_location_feature_in_force_is_shown_in_the_location_version():
    state = table(OPENING, locations=True, ring={0: "Rohan", 1: "Gondor"})
    text = render_table(state.view(0), color=False)
    assert "In force: Rohan, Éomer: You may reroll each roll once." in text
    assert "Gondor: Éowyn — The Nazgûl do not affect you" in "\n".join(sheet_lines(text, "Sam"))
    assert text.splitlines()[0].endswith("location version")


def test_the_basic_game_shows_no_feature():
    state = table(OPENING, ring={0: "Rohan"})
    text = render_table(state.view(0), color=False)
    assert "In force" not in text and "reroll" not in text


def test_the_end_of_the_game_shows_the_result_instead_of_dice():
    state = play(table(roll(yellow="R", red="R", blue="O", green="F", black="T"), players=1,
                       ring={0: "Shelob's Lair"}), "keep T R:yellow")
    text = render_table(state.view(0), color=False)
    assert text.splitlines()[1] == "Game over. Frodo has reached Mount Doom and wins."
    assert "Roll " not in text


def test_help_explains_the_notation_and_the_rule_of_the_phase():
    rolling = table(OPENING, locations=True, ring={0: "Rohan"})
    text = help_text(rolling.view(0))
    assert "keep N:red" in text and "reroll" in text
    assert "exactly 1 of them" in text
    assert "In force this turn: Rohan" in text
    advancing = step(table(roll(yellow="R", red="R", blue="F", green="F", black="T"),
                           locations=True, ring={0: "Rivendell"}), "keep T R:yellow F:blue")
    assert "choose advance 0 to advance 1" in help_text(advancing.view(0))


def test_menu_lists_fewer_dice_first_and_a_rohan_reroll_last():
    state = table(OPENING, locations=True, ring={0: "Rohan"})
    ordered = menu_order(state.legal_actions())
    assert ordered[-1] is REROLL
    sizes = [len(a.dice) for a in ordered[:-1]]
    assert sizes == sorted(sizes) and str(ordered[0]) == "keep N"
    assert menu_order([Advance(2), Advance(1), Advance(0)]) == [Advance(2), Advance(1),
                                                               Advance(0)]


def test_narration_counts_rings_in_words():
    state = play(table(roll(yellow="R", red="R", blue="F", green="F", black="T"),
                       roll(yellow="G", red="G", blue="G", green="G", black="G")),
                 "keep T R:yellow F:blue")
    assert "1 ring counts." in state.narration(0)


def test_each_advance_says_where_it_leads_and_what_is_met_there():
    state = step(table(roll(yellow="R", red="R", blue="F", green="F", black="T"),
                       locations=True, ring={0: "Moria"}), "keep T R:yellow F:blue")
    view = state.view(0)
    assert [menu_note(view, a) for a in state.legal_actions()] == [
        "(to Lothlórien: Doubles the value of Fellowship members)",
        "(stay at Moria: Gandalf has no effect)"]
    assert menu_note(view, REROLL) is None


def test_narration_says_once_that_gandalf_has_nothing_left_to_split():
    """Gandalf: with every space already split, Gandalf has no effect — said once, not per die."""
    gandalfs = [roll(**{die: "G" for die in DIE_ORDER[i:]}) for i in range(5)]
    # the only square is already split
    state = table(*gandalfs, gandalfs[0], players=1, nazgul={0: "s"}, nazgul_squares=1,
                  black_die="R,G,F,O,N,T")
    for die in ("yellow", "red", "blue", "green"):
        state.apply(f"keep G:{die}")
    state.apply("keep G")
    lines = state.narration(0)
    assert sum("no square left to split" in line for line in lines) == 1
    assert state.nazgul[0] == [2]


def test_narration_says_the_balrog_cancels_gandalf_in_moria():
    """Location Features 2, Moria: the Gandalf set aside has no effect, and the log says why."""
    # the turn is played from Moria
    state = table(roll(yellow="G", red="O", blue="O", green="O", black="T"),
                  roll(yellow="O", red="O", blue="O", green="O", black="O"),
                  players=1, locations=True, ring={0: "Moria"})
    state.apply("keep G T")
    assert "Moria: the Balrog — Gandalf has no effect." in state.narration(0)
    assert state.nazgul[0][0] == 0  # nothing was split
