"""Dice (engine/dice.py): seeded for play, scripted for replays and tests; every outcome logged."""

import pytest

from palantir.engine import AddressedDice, DiceExhausted, Roll, ScriptedDice, SeededDice

FACES = ("R", "G", "F", "O", "O", "N")


def test_seeded_dice_repeat_for_the_same_seed():
    one, two = SeededDice(42), SeededDice(42)
    assert [one.roll("red", FACES) for _ in range(50)] == [two.roll("red", FACES) for _ in range(50)]


def test_seeded_dice_differ_for_different_seeds():
    one, two = SeededDice(1), SeededDice(2)
    assert [one.roll("red", FACES) for _ in range(50)] != [two.roll("red", FACES) for _ in range(50)]


def test_seeded_dice_only_show_faces_of_the_die():
    dice = SeededDice(7)
    seen = {dice.roll("black", ("R", "T")) for _ in range(200)}
    assert seen == {"R", "T"}


def test_every_outcome_is_logged_in_order():
    dice = SeededDice(3)
    faces = dice.roll_many([("yellow", FACES), ("black", ("T",))])
    assert faces[1] == "T"
    assert dice.log == [Roll("yellow", faces[0]), Roll("black", "T")]
    assert len(dice.log) == 2
    assert dice.log[1].to_json() == {"die": "black", "face": "T"}


def test_unrecorded_dice_keep_no_log():
    dice = SeededDice(3, record=False)
    dice.roll("red", FACES)
    assert dice.log == []


def test_scripted_dice_accept_rolls_tuples_and_bare_faces():
    dice = ScriptedDice([Roll("yellow", "R"), ("red", "N"), "O"])
    assert dice.roll("yellow", FACES) == "R"
    assert dice.roll("red", FACES) == "N"
    assert dice.roll("blue", FACES) == "O"  # a bare face fits any die that has it
    assert dice.remaining() == 0 and dice.used == 3
    assert dice.log == [Roll("yellow", "R"), Roll("red", "N"), Roll("blue", "O")]


def test_scripted_dice_refuse_an_outcome_for_another_die():
    dice = ScriptedDice([("red", "N")])
    with pytest.raises(DiceExhausted, match="is for die 'red', but the rules roll die 'blue'"):
        dice.roll("blue", FACES)
    assert dice.used == 0 and dice.log == []


def test_scripted_dice_refuse_a_face_the_die_does_not_have():
    dice = ScriptedDice(["T"])
    with pytest.raises(DiceExhausted, match="'T' is not a face of die 'red'"):
        dice.roll("red", FACES)
    assert dice.remaining() == 1


def test_scripted_dice_run_out_loudly():
    dice = ScriptedDice([])
    with pytest.raises(DiceExhausted, match="no scripted outcome left for die 'green'"):
        dice.roll("green", FACES)


def test_scripted_dice_extend_takes_the_same_outcomes_as_the_constructor():
    # Tests that script a turn at a time wrote into the private _script list (positions.board.more,
    # test_barriers); extend is the public way, and converts pairs to Rolls as __init__ does.
    dice = ScriptedDice([("red", "N")])
    dice.roll("red", FACES)
    dice.extend([("yellow", "R"), Roll("blue", "O"), "G"])
    assert dice.remaining() == 3
    with pytest.raises(DiceExhausted, match="is for die 'yellow', but the rules roll die 'red'"):
        dice.roll("red", FACES)
    assert [dice.roll(d, FACES) for d in ("yellow", "blue", "green")] == ["R", "O", "G"]
    assert dice.log[1:] == [Roll("yellow", "R"), Roll("blue", "O"), Roll("green", "G")]


def test_addressed_dice_depend_only_on_seed_and_roll_number():
    faces = ("R", "G", "F", "O", "N", "T")
    straight = AddressedDice(11)
    rolls = [straight.roll("black", faces) for _ in range(20)]
    resumed = AddressedDice(11, rolled=12)
    assert [resumed.roll("black", faces) for _ in range(8)] == rolls[12:]
    assert resumed.rolled == 20
    assert [AddressedDice(12).roll("black", faces) for _ in range(20)] != rolls
    # Earlier dice of other sizes do not move roll k.
    other = AddressedDice(11)
    other.roll("white", ("a", "b", "c", "d"))
    assert other.roll("black", faces) == rolls[1]


def test_addressed_dice_keep_the_faces_tables_have_always_rolled():
    """The dice moved from the server (TableDice) to the engine: a stored table resumes
    with the faces it would have rolled before the move."""
    dice = AddressedDice(11)
    assert [dice.roll("d6", tuple("123456")) for _ in range(12)] == \
        ["1", "5", "3", "4", "4", "5", "1", "3", "1", "5", "5", "6"]


def test_seeded_dice_cannot_be_addressed():
    """Why tables do not use SeededDice: its second roll depends on the size of the first
    die, so roll k is not computable from (seed, k) alone."""
    sizes_first = []
    for first in (tuple("123456"), tuple("1234")):
        dice = SeededDice(5)
        dice.roll("first", first)
        sizes_first.append(dice.roll("second", tuple("123456")))
    assert sizes_first[0] != sizes_first[1]
