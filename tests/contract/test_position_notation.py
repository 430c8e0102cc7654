"""Positions as a notation (issue 11, item 4; engine/position.py, docs/positions.md), on
every registered game: a full position loads into a state no seat can tell from the
original, that plays on identically with the same dice; a seat's position holds exactly
what that seat sees; malformed positions are refused with BadPosition naming the field;
`palantir position` and `palantir play --position` work on the golden records.

Before this the only way to set up a position was to edit a view and call
state_from_view, which nothing documented and which is not exact for the games with
hidden cards (the board game's hands, the Strategy Battle Game's secret Might bids)."""

from __future__ import annotations

import copy
import io
import json
import random
from pathlib import Path

import pytest

from palantir import cli
from palantir.engine.dice import Roll, ScriptedDice, SeededDice
from palantir.engine.driver import Driver
from palantir.engine.errors import BadPosition, BadRecord
from palantir.engine.game import game_ids, get_game
from palantir.engine.position import (FORMAT, load_position, position_document,
                                      read_position)
from palantir.engine.record import GameRecord, position_from_record, replay
from palantir.terminal import TerminalTable, parse_seats, play_terminal

from tests.support import seats_of, snapshot
from tests.support.positions import JUNK, mutated, sbg
from tests.support.games import main_variants, random_walk, variants

SEEDS = (5, 6)
MAX_DECISIONS = 500
PLAY_ON = 12  # decisions played on from a loaded position, beside the original
GOLDEN = Path(__file__).parent.parent / "golden"
# One golden record per game for the command line (each replayed whole).
GOLDEN_RECORDS = ("jtm-2p-basic-seed40.json", "lotr-4p-sauron-heuristic-seed4.json",
                  "sbg-intro-heuristic-seed1.json", "spi-heuristic-seed1.json")


def points(variant, per_game: int = 6):
    """About `per_game` random points over random games of `variant`: (game, state)."""
    game = get_game(variant.game)
    for seed in SEEDS:
        rng = random.Random(seed * 31)
        left = per_game // len(SEEDS)
        for taken, state in random_walk(game, variant.options, seed, MAX_DECISIONS):
            if not left:
                break  # the game's points are taken: walking on would find no more
            if rng.random() < max(0.03, 3 / (taken + 20)):
                left -= 1
                yield game, state


def plain(data):
    """Data as a JSON file gives it back (a tuple a view holds reads back as a list)."""
    return json.loads(json.dumps(data))


def standing(state):
    """The refusal snapshot as JSON less the last step's narration: a position is the table
    as it stands, not the story of how it got there."""
    seen = plain(snapshot(state))
    del seen["narration"]
    return seen


def plays_on_alike(loaded, original, rng: random.Random, decisions: int, where: str) -> None:
    """The same decisions (by their place in the legal list) taken in both, up to
    `decisions` of them: every seat sees the same table after each."""
    for _ in range(decisions):
        if original.is_over():
            break
        legal = original.legal_actions()
        pick = rng.randrange(len(legal))
        original.apply(legal[pick])
        loaded.apply(loaded.legal_actions()[pick])
        assert standing(loaded) == standing(original), \
            f"{where}: the loaded position plays on otherwise with the same dice"


@pytest.mark.parametrize("variant", main_variants())
def test_a_full_position_loads_into_the_same_state_that_plays_on_the_same(variant):
    probed = 0
    for game, state in points(variant):
        document = position_document(game, state)
        assert document["format"] == FORMAT and document["full"] is True
        assert document["for"] is None
        # through a file's text, as `palantir position` writes it
        document = json.loads(json.dumps(document))
        loaded = load_position(document, SeededDice(probed))
        assert standing(loaded) == standing(state), \
            f"{variant.name}: a seat sees another game in the loaded position"
        plays_on_alike(loaded, state.clone(dice=SeededDice(probed)), random.Random(probed),
                       PLAY_ON, variant.name)
        probed += 1
    assert probed >= 2, f"{variant.name}: only {probed} points probed"


@pytest.mark.parametrize("variant", main_variants())
def test_a_seats_position_holds_what_that_seat_sees_and_no_more(variant):
    for game, state in points(variant, per_game=2):
        for seat in seats_of(state):
            document = position_document(game, state, seat, full=False)
            assert document["full"] is False and document["for"] == seat
            assert document["position"] == plain(state.view(seat)), \
                f"{variant.name}: seat {seat}'s position holds more or less than its view"
            if game.perfect_information:
                # exact: the seat's position is the whole state
                assert standing(load_position(document, SeededDice(0))) == \
                    standing(state)


def test_the_board_games_seat_position_is_completed_and_shows_that_seat_the_same():
    game = get_game("lotr-board-game")
    for _, state in zip(range(3), (s for t, s in random_walk(game, {"players": 3}, 2, 200)
                                   if t % 50 == 49)):
        for seat in range(state.players):
            document = position_document(game, state, seat)
            assert "hidden" not in document["position"]
            loaded = load_position(document, SeededDice(0))
            assert loaded.view(seat) == state.view(seat)
        full = position_document(game, state)
        assert [sorted(h) for h in full["position"]["hidden"]["hands"]] == \
            [sorted(h) for h in state.hands]


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 2, "expansion": "sauron"}])
def test_the_board_games_hidden_cards_must_be_the_cards_left_unseen(options):
    game = get_game("lotr-board-game")
    state = next(s for t, s in random_walk(game, options, 4, 300) if t == 60)
    document = plain(position_document(game, state))
    hidden = document["position"]["hidden"]
    held = next(card for hand in hidden["hands"] for card in hand)
    public = next(iter(document["position"]["discards"]), "white-joker")

    def broken(change):
        doc = copy.deepcopy(document)
        change(doc["position"]["hidden"])
        return doc

    cases = [
        ("position.hidden.deck", broken(lambda h: h["hands"][0].__setitem__(0, "no-card"))),
        ("position.hidden.deck", broken(lambda h: h["hands"][0].__setitem__(0, public))
         if public != held else None),
        ("position.hidden.deck", broken(lambda h: h["deck"].__setitem__("white-joker", 40))),
        ("position.hidden.hands", broken(lambda h: h["hands"].pop())),
        ("position.hidden.council", broken(lambda h: h["council"].__setitem__("0", "no-card"))),
        ("position.hidden.deck", broken(lambda h: h.__setitem__("deck", [1]))),
    ]
    if state.expansion:
        cases += [
            ("position.hidden.sauron_deck", broken(lambda h: h["sauron_deck"].append("x"))),
            ("position.hidden.nazgul_deck", broken(lambda h: h["nazgul_deck"].clear())),
            ("position.hidden.sauron_secret", broken(lambda h: h["sauron_secret"].append(
                "sauron-none"))),
        ]
    for field, doc in cases:
        if doc is None:
            continue
        with pytest.raises(BadPosition) as refused:
            load_position(doc, SeededDice(0))
        assert refused.value.field.startswith(field), (field, str(refused.value))
    seat_doc = plain(position_document(game, state, 0))
    seat_doc["position"]["hidden"] = hidden
    with pytest.raises(BadPosition) as refused:
        load_position(seat_doc, SeededDice(0))
    assert refused.value.field == "position.hidden"


def test_a_seats_position_hiding_a_secret_bid_is_refused_by_the_battle_game():
    game = get_game("strategy-battle")
    for variant in variants(game):
        for seed in range(6):
            for _, state in random_walk(game, variant.options, seed, MAX_DECISIONS):
                bids = (state.combat or {}).get("bids", {})
                if len(bids) == 1:
                    for seat in range(2):
                        view = state.view(seat)
                        if "hidden" in view["combat"]["bids"].values():
                            document = position_document(game, state, seat)
                            with pytest.raises(BadPosition) as refused:
                                load_position(document, SeededDice(0))
                            assert refused.value.field == "position.combat"
                            full = load_position(position_document(game, state), SeededDice(0))
                            assert standing(full) == standing(state)
                            return
    pytest.fail("no random battle reached a duel with one secret bid in")


def malformed(document: dict, game_id: str):
    """(expected field or prefix, broken document) pairs."""
    other = next(g for g in game_ids() if g != game_id)
    for name in document:
        yield name, {k: v for k, v in document.items() if k != name}
    yield "format", {**document, "format": "palantir-position/0"}
    yield "format", {**document, "format": None}
    yield "game", {**document, "game": "chess"}
    yield "game", {**document, "game": 7}
    yield "game", {**document, "game": other}
    yield "ruleset", {**document, "ruleset": "99"}
    yield "options", {**document, "options": "none"}
    yield "options", {**document, "options": {**document["options"], "players": 99}}
    yield "options", {**document, "options": {"no-such-option": 1}}
    yield "position", {**document, "position": [1, 2]}
    yield "full", {**document, "full": "yes"}
    for seat in (-1, 99, "0", True):
        yield "for", {**document, "full": False, "for": seat}
    yield "for", {**document, "full": True, "for": 0}
    yield "surplus", {**document, "surplus": 1}
    body = document["position"]
    for name in sorted(body):
        yield f"position.{name}", {**document, "position": {
            k: v for k, v in body.items() if k != name}}
        for garbage in ("garbage", -7, 3.5, [], {}, [["x"]], {"x": [1]}):
            if garbage != body[name]:
                yield "position", {**document, "position": {**body, name: garbage}}


@pytest.mark.parametrize("game_id", game_ids())
def test_malformed_positions_are_refused_naming_the_field(game_id):
    game = get_game(game_id)
    state = next(s for t, s in random_walk(game, {}, 1, 200) if t == 30)
    document = plain(position_document(game, state))
    refused = 0
    for field, broken in malformed(document, game_id):
        before = copy.deepcopy(broken)
        try:
            # as `palantir play GAME --position` loads it: GAME is the game expected
            load_position(broken, SeededDice(0), game)
        except BadPosition as exc:
            assert exc.field.startswith(field), \
                f"{game_id}: refused naming {exc.field!r}, expected {field!r}: {exc}"
            refused += 1
        else:
            # a garbage value the state gives back as it is would be no garbage
            assert field == "position" and broken["position"] == position_document(
                game, load_position(broken, SeededDice(0)))["position"]
        assert broken == before, "loading a position changed the document"
    assert refused > len(document["position"])
    for name in ("chess", None):
        with pytest.raises(BadPosition) as unknown:
            load_position({**document, "game": name}, SeededDice(0))
        assert unknown.value.field == "game"


def test_a_position_that_is_not_a_json_object_or_file_is_refused(tmp_path):
    for junk in (None, [], "palantir-position/1", 3):
        with pytest.raises(BadPosition) as refused:
            load_position(junk, SeededDice(0))
        assert refused.value.field == "format"
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(BadPosition) as refused:
        read_position(path)
    assert refused.value.field == "file"


@pytest.mark.parametrize("name", GOLDEN_RECORDS)
def test_palantir_position_from_a_golden_record_is_accepted_by_play(name, tmp_path, capsys):
    record = json.loads((GOLDEN / name).read_text(encoding="utf-8"))
    game = get_game(record["game"])
    steps = sum(1 for e in record["events"] if "action" in e)
    out = tmp_path / "position.json"
    assert cli.main(["position", game.id, "--from-record", str(GOLDEN / name),
                     "--step", str(steps // 2), "--out", str(out)]) == 0
    assert f"written to {out}" in capsys.readouterr().out
    document = read_position(out)
    assert document["game"] == game.id and document["full"] is True
    assert cli.main(["position", game.id, "--from-record", str(GOLDEN / name),
                     "--step", "0", "--seat", "1"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["for"] == 1 and printed["full"] is False
    assert "hidden" not in printed["position"]
    players = game.players_of(game.validate_options(document["options"]))
    screen = io.StringIO()
    play_terminal(game, None, ",".join(["human"] * players), 3, io.StringIO(""), screen,
                  position=document)
    text = screen.getvalue()
    assert "Game abandoned (input ended)" in text or "Result:" in text
    # the table starts at the position, not at a new game's set-up
    table = TerminalTable(game, game.validate_options(document["options"]),
                          parse_seats(["human"] * players, game, 3), 3, io.StringIO(""),
                          io.StringIO(), False, document)
    assert standing(table.state) == standing(load_position(document, SeededDice(3)))


def test_the_command_line_refuses_bad_positions_and_steps_with_a_message(tmp_path, capsys):
    golden = str(GOLDEN / GOLDEN_RECORDS[0])
    assert cli.main(["position", "journey-to-mordor", "--from-record", golden,
                     "--step", "100000"]) == 2
    assert "--step 100000" in capsys.readouterr().err
    assert cli.main(["position", "spi-sauron", "--from-record", golden, "--step", "1"]) == 2
    assert "not 'spi-sauron'" in capsys.readouterr().err
    assert cli.main(["position", "journey-to-mordor", "--from-record", golden,
                     "--step", "1", "--seat", "9"]) == 2
    assert "'for'" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": FORMAT, "game": "journey-to-mordor"}))
    assert cli.main(["play", "journey-to-mordor", "--position", str(bad)]) == 2
    assert "position field 'ruleset': missing" in capsys.readouterr().err
    out = tmp_path / "p.json"
    assert cli.main(["position", "journey-to-mordor", "--from-record", golden,
                     "--step", "2", "--out", str(out)]) == 0
    assert cli.main(["play", "spi-sauron", "--position", str(out)]) == 2
    assert "not 'spi-sauron'" in capsys.readouterr().err
    assert cli.main(["play", "journey-to-mordor", "--position", str(out), "--option",
                     "players=3"]) == 2
    assert "position's options" in capsys.readouterr().err


def rerecorded(record: GameRecord) -> GameRecord:
    """The record a driver writes playing `record`'s decisions again from its start, with
    its dice: a record that replays byte-identically gives back the same text."""
    game = get_game(record.game)
    dice = ScriptedDice([Roll(e["die"], e["face"]) for e in record.events if "die" in e])
    start = load_position(record.position, dice, game)
    driver = Driver(start, dice, GameRecord.start(game, game.validate_options(
        record.options), record.seed, record.seats, start))
    for _, event in record.decisions():
        driver.decide(event["seat"], start.parse_action(event["action"]))
    driver.finish()
    return driver.record


@pytest.mark.parametrize("name", GOLDEN_RECORDS)
def test_a_game_played_from_a_position_keeps_a_record_that_replays_byte_identically(
        name, tmp_path):
    # Before: `play --position` refused --record, so a game from a position left nothing
    # that replays (issue 11 item 4).
    record = GameRecord.load(GOLDEN / name)
    steps = sum(1 for _ in record.decisions())
    document = position_from_record(record, steps // 3)
    game = get_game(record.game)
    players = game.players_of(game.validate_options(document["options"]))
    path = tmp_path / "from-position.json"
    played = play_terminal(game, None, ",".join(["ai:random"] * players), 11, io.StringIO(""),
                           io.StringIO(), record_path=str(path), position=document)
    saved = GameRecord.load(path)
    assert saved.dumps() == played.dumps() == path.read_text(encoding="utf-8")
    assert saved.position == plain(document), "the record starts from the position played"
    assert played.result is not None and len(played.events) > 0
    state = replay(saved)
    assert state.outcome().to_json() == saved.result
    assert rerecorded(saved).dumps() == saved.dumps()
    # step 0 of such a record is the position it starts from
    assert position_from_record(saved, 0) == plain(document)


def test_an_excerpt_of_a_record_from_a_position_shows_the_seat_its_own_position_only():
    game = get_game("lotr-board-game")
    state = next(s for t, s in random_walk(game, {"players": 3}, 2, 200) if t == 40)
    record = GameRecord.start(game, state.options, 2, ["ai:random"] * 3, state)
    assert record.position["position"]["hidden"]["hands"]
    for seat in (0, 1, None):
        excerpt = record.excerpt(seat).to_json()
        assert excerpt["position"] == plain(position_document(game, state, seat, full=False))
        assert "hidden" not in excerpt["position"]["position"]


def test_a_malformed_position_in_a_record_is_refused_naming_the_field():
    record = GameRecord.load(GOLDEN / GOLDEN_RECORDS[0])
    document = position_from_record(record, 4)
    game = get_game(record.game)
    played = play_terminal(game, None, "ai:random,ai:random", 5, io.StringIO(""),
                           io.StringIO(), position=document)
    good = played.to_json()
    assert replay(GameRecord.from_json(good)).outcome() is not None

    def broken(change):
        doc = copy.deepcopy(good)
        change(doc)
        return doc

    cases = [
        ("position field 'position.ring", broken(
            lambda d: d["position"]["position"].__setitem__("ring", [1]))),
        ("position field 'position.phase'", broken(
            lambda d: d["position"]["position"].pop("phase"))),
        ("position field 'format'", broken(lambda d: d["position"].__setitem__("format", 1))),
        ("position field 'game'", broken(
            lambda d: d["position"].__setitem__("game", "spi-sauron"))),
        ("position field 'full'", broken(lambda d: d["position"].update({"full": False}))),
        ("position field 'options'", broken(
            lambda d: d["options"].__setitem__("nazgul_squares", 5))),
    ]
    for expected, doc in cases:
        with pytest.raises(BadRecord) as refused:
            replay(GameRecord.from_json(doc))
        assert f"field 'position': {expected}" in str(refused.value), str(refused.value)
    for junk in ([], "here", 3):
        with pytest.raises(BadRecord) as refused:
            GameRecord.from_json({**good, "position": junk})
        assert "field 'position'" in str(refused.value)


def nested_scalars(value, path):
    """(path, value) of every number, text and true/false below the top of a body."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from nested_scalars(item, f"{path}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from nested_scalars(item, f"{path}[{i}]")
    elif value is not None and path.count(".") + path.count("[") > 1:
        yield path, value


def set_at(document: dict, path: str, value) -> dict:
    """A copy of the document with the value at a dotted path (`position.a[2].b`) replaced."""
    doc = copy.deepcopy(document)
    parts = [p if not p.isdigit() else int(p)
             for p in path.replace("[", ".").replace("]", "").split(".")]
    target = doc
    for part in parts[:-1]:
        target = target[part]
    target[parts[-1]] = value
    return doc


@pytest.mark.parametrize("game_id", game_ids())
def test_a_value_of_another_kind_deep_in_a_position_is_refused_naming_its_path(game_id):
    # Before, only the body's top-level fields were checked: a unit's hex given as a
    # list, or a number made null, reached the game's reader and broke the rules later
    # (a web table would have answered 500 on a later decision).
    game = get_game(game_id)
    state = next(s for t, s in random_walk(game, {}, 2, 200) if t == 40)
    document = plain(position_document(game, state))
    rng = random.Random(game_id)
    found = list(nested_scalars(document["position"], "position"))
    assert len(found) > 10
    # the leaves a set-up shows an example of (a key the set-up lacks may hold anything)
    template = plain(position_document(game, game.new_state(state.options, SeededDice(0))))
    kinds = {path: type(v) for path, v in nested_scalars(template["position"], "position")}
    checked = 0
    for path, value in rng.sample(found, min(80, len(found))):
        if kinds.get(path) is not type(value):
            continue
        for junk in ([value], {"x": value}, None if not isinstance(value, bool) else 3):
            with pytest.raises(BadPosition) as refused:
                load_position(set_at(document, path, junk), SeededDice(0), game)
            if "[" in path:
                # in a list of items of several shapes the kind is not learnt: the state
                # read back names where it differs
                assert refused.value.field.startswith("position"), str(refused.value)
            else:
                assert refused.value.field == path, (path, junk, str(refused.value))
                checked += 1
    assert checked >= 3, f"{game_id}: only {checked} deep values probed"


# ---------------------------------------------------------------- a battle's own table
# Before this a Strategy Battle position could only name a shipped scenario (the options'
# `scenario`), and its view rounds the terrain: a test's battle on a table of its own
# (tests/support/positions/sbg.py) could not be written as a position at all.

def own_table_battle(dice=None):
    """A battle on a table of its own: woods, a hill and a wall at places no view keeps
    exactly, and an Orc's profile changed (a shield swapped for a spear, Defence 6)."""
    from_sbg = sbg.battle(
        [("G1", sbg.ROHAN, 10 + 1 / 3, 10), ("G2", sbg.ROHAN_BOW, 4, 30),
         ("E1", sbg.ORC, 30, 20 + 1 / 7), ("E2", sbg.ORC_BOW, 40, 40)],
        areas=[{"name": "wood", "going": "woods", "outline": [[1, 1], [6 + 1 / 3, 1], [5, 5]]},
               {"name": "hill", "ground_mm": 33.3, "outline": [[20, 30], [28, 30], [24, 37]]}],
        barriers=[sbg.WALL], dice=dice, heroic_actions=True)
    return sbg.profile(from_sbg, sbg.ORC, wargear=["hand weapon", "spear"], defence=6)


def test_a_battle_on_a_table_of_its_own_is_a_position_that_loads_exactly_and_plays_on():
    game = get_game("strategy-battle")
    state = own_table_battle(SeededDice(3))
    document = plain(position_document(game, state))
    setting = document["position"]["setting"]
    assert setting["version"] == 1 and document["options"]["scenario"] == "intro"
    # exact where a view rounds: the wood's corner at 6 1/3", the hill's height in inches
    assert setting["table"]["areas"][0]["outline"][1] == [6 + 1 / 3, 1]
    assert setting["table"]["areas"][1]["ground"] == 33.3 / 25.4
    assert setting["profiles"][0]["wargear"] == ["hand weapon", "spear"]
    loaded = load_position(json.loads(json.dumps(document)), SeededDice(9))
    assert plain(position_document(game, loaded)) == document
    assert loaded.models["E1"].profile.defence == 6
    assert loaded.table.areas[0].shape.equals(state.table.areas[0].shape)
    assert standing(loaded) == standing(state)
    original = state.clone(dice=SeededDice(9))
    plays_on_alike(loaded, original, random.Random(4), 40, "a battle on its own table")
    assert position_document(game, loaded) == position_document(game, original)


def test_a_seats_position_of_a_battle_on_its_own_table_is_refused_naming_the_scenario():
    game = get_game("strategy-battle")
    state = own_table_battle()
    for seat in (0, 1, None):
        document = plain(position_document(game, state, seat, full=False))
        assert "setting" not in document["position"]     # a seat's position is its view
        with pytest.raises(BadPosition) as refused:
            load_position(document, SeededDice(0))
        assert refused.value.field == "position.scenario"


def broken_settings(setting: dict):
    """(field refused, broken setting) pairs."""
    yield "position.setting", "a wood"
    yield "position.setting.version", {**setting, "version": 2}
    yield "position.setting.extra", {**setting, "extra": 1}
    for name in setting:
        yield f"position.setting.{name}", {k: v for k, v in setting.items() if k != name}
    yield "position.setting.first_priority", {**setting, "first_priority": "neutral"}
    yield "position.setting.victory", {**setting, "victory": "hold the ford"}
    yield "position.setting.max_turns", {**setting, "max_turns": 0}
    yield "position.setting.courage_before_moving[0]", {**setting,
                                                        "courage_before_moving": ["orcs"]}
    table = setting["table"]
    for name, junk in (("units", "furlongs"), ("width", 0), ("width", 10 ** 9),
                       ("depth", float("nan")), ("depth", True), ("areas", {}),
                       ("barriers", [None])):
        field = "position.setting.table.barriers[0]" if name == "barriers" else \
            f"position.setting.table.{name}"
        yield field, {**setting, "table": {**table, name: junk}}
    area = table["areas"][0]
    for name, junk in (("going", "swamp"), ("ground", -1), ("sight", "high"),
                       ("outline", [[0, 0], [1, 1]]), ("outline", [[0, 0], [1, 1], [0, 0]]),
                       ("outline", [[0, 0], [1, "x"], [0, 1]]), ("outline", [[0, 0, 0]]),
                       ("name", ""), ("outline", [[0, 0], [2, 2], [2, 0], [0, 2]])):
        yield f"position.setting.table.areas[0].{name}", {**setting, "table": {
            **table, "areas": [{**area, name: junk}, *table["areas"][1:]]}}
    same_name = [table["areas"][0], {**table["areas"][1], "name": table["areas"][0]["name"]}]
    yield "position.setting.table", {**setting, "table": {**table, "areas": same_name}}
    wall = table["barriers"][0]
    for name, junk in (("width", 0), ("height", -2), ("gap", "no"), ("line", [[20, 0]]),
                       ("line", [[20, 0], [20, 0]]), ("depth", None)):
        yield f"position.setting.table.barriers[0].{name}", {**setting, "table": {
            **table, "barriers": [{**wall, name: junk}]}}
    orc = setting["profiles"][0]
    for name, junk in (("name", "Balrog"), ("attacks", 10 ** 6), ("wounds", 0),
                       ("fight", 2.5), ("shoot", 7), ("wargear", ["banana"]),
                       ("special", "terror"), ("powers", [["Sauron's Gaze", 3]]),
                       ("powers", [["Nature's Wrath"]]), ("mount", "Mumak"),
                       ("race", "Martian"), ("base_mm", -25), ("height_mm", 10 ** 9),
                       ("side", "neutral"), ("source", "internet"), ("foot_race", 3)):
        yield f"position.setting.profiles[0].{name}", {**setting, "profiles": [
            {**orc, name: junk}]}
    yield "position.setting.profiles", {**setting, "profiles": [orc, orc]}
    yield "position.setting.profiles[0].extra", {**setting, "profiles": [{**orc, "extra": 1}]}


def test_a_malformed_setting_is_refused_naming_its_field():
    game = get_game("strategy-battle")
    document = plain(position_document(game, own_table_battle()))
    probed = 0
    for field, setting in broken_settings(document["position"]["setting"]):
        broken = copy.deepcopy(document)
        broken["position"]["setting"] = setting
        with pytest.raises(BadPosition) as refused:
            load_position(broken, SeededDice(0), game)
        named = refused.value.field
        assert named == field or named.startswith(f"{field}["), (field, str(refused.value))
        probed += 1
    assert probed > 40
    # a setting is a full position's: a seat's view with one is refused
    seat = plain(position_document(game, own_table_battle(), 0, full=False))
    seat["position"]["setting"] = document["position"]["setting"]
    with pytest.raises(BadPosition) as refused:
        load_position(seat, SeededDice(0), game)
    assert refused.value.field == "position.setting"


def test_mutated_settings_are_refused_or_played_on_never_a_crash():
    # An uploaded position is untrusted (POST /api/positions): whatever a setting says, the
    # loader refuses it with BadPosition, or the battle it describes plays on by the rules.
    game = get_game("strategy-battle")
    document = plain(position_document(game, own_table_battle()))
    rng = random.Random(11)
    refused = played = 0
    for _ in range(150):
        # one value of the setting replaced (an outline's point too), dropped or doubled
        setting = mutated({"position": document["position"]["setting"]}, rng,
                          JUNK + [[[0, 0]]])["position"]
        doc = {**document, "position": {**document["position"], "setting": setting}}
        try:
            state = load_position(doc, SeededDice(0), game)
        except BadPosition as exc:
            assert exc.field.startswith("position"), str(exc)
            refused += 1
            continue
        played += 1
        for _ in range(6):
            if state.is_over():
                break
            state.view(0), state.view(1)
            state.apply(rng.choice(state.legal_actions()))
    assert refused > 50 and played > 0


def test_a_battle_on_its_own_table_played_at_the_terminal_keeps_a_record_that_replays(
        tmp_path):
    # the record's header carries the full position, setting and all: replay starts there
    game = get_game("strategy-battle")
    document = plain(position_document(game, own_table_battle()))
    path = tmp_path / "own-table.json"
    played = play_terminal(game, None, "ai:random,ai:random", 5, io.StringIO(""),
                           io.StringIO(), record_path=str(path), position=document)
    saved = GameRecord.load(path)
    assert saved.position == document and len(played.events) > 0
    state = replay(saved)
    assert state.scenario.name == "test" and state.scenario.profile(sbg.ORC).defence == 6
    assert played.result is not None
    assert state.outcome().to_json() == saved.result
    assert rerecorded(saved).dumps() == saved.dumps()
    assert position_from_record(saved, 0) == document
