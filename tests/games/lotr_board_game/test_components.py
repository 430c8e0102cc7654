"""The components as data: counts from the reference, reconstructed values marked,
and malformed data refused with the file and the field named."""

from collections import Counter
import tomllib

import pytest

from palantir.games.lotr_board_game.components import (DATA, FILES, ComponentError,
                                                       default_components, parse_components)

PARTS = default_components()


def docs():
    out = {}
    for name in FILES:
        with open(DATA / name, "rb") as handle:
            out[name] = tomllib.load(handle)
    return out


def test_components_60_hobbit_cards_7_white_5_grey_per_symbol_and_12_white_jokers():
    deck = PARTS.hobbit_deck
    assert sum(deck.values()) == 60
    assert deck["white-joker"] == 12
    for symbol in ("fighting", "hiding", "travelling", "friendship"):
        assert deck[f"white-{symbol}"] == 7 and deck[f"grey-{symbol}"] == 5


def test_components_35_legendary_cards_by_board():
    legendary = [c for c in PARTS.cards.values()
                 if not c.is_hobbit_card and c.id not in PARTS.resource_cards]
    assert len(legendary) == 35
    by_board = {}
    for card in legendary:
        by_board[card.board] = by_board.get(card.board, 0) + 1
    assert by_board == {"rivendell": 12, "moria": 2, "lothlorien": 12, "helms-deep": 4,
                        "shelobs-lair": 2, "mordor": 3}
    assert PARTS.cards["gollum"].symbols == (("joker", 3),)
    assert PARTS.cards["gollum"].then == (("roll", 1, "active"),)
    assert PARTS.cards["mithril"].colour == "yellow" and PARTS.cards["mithril"].effect


def test_components_23_event_tiles():
    tiles = PARTS.tiles
    assert sum(t.count for t in tiles.values()) == 23
    assert sum(t.count for t in tiles.values() if t.kind == "activity") == 12
    assert tiles["event"].count == 6
    assert tiles["ring-bearer-darkness"].count == 2


def test_components_threat_die_and_temptation_track():
    assert PARTS.die_faces == ("blank", "eye", "darkness-1", "darkness-2", "darkness-3",
                               "discard-2")
    assert PARTS.temptation_spaces == 15
    assert PARTS.sauron_start == {"easy": 15, "normal": 12, "hard": 10}


def test_components_journey_and_conflict_boards():
    assert PARTS.journey == ("bag-end", "rivendell", "moria", "lothlorien", "helms-deep",
                             "shelobs-lair", "mordor")
    moria = PARTS.boards["moria"]
    assert moria.main == "fighting" and len(moria.tracks["fighting"]) == 10
    assert moria.tracks["hiding"][0] == ("card:book",)
    assert [e.name for e in moria.events][0] == "Speak Friend and Enter"
    assert all(len(PARTS.boards[b].events) == 6
               for b in ("moria", "helms-deep", "shelobs-lair", "mordor"))
    mordor = PARTS.boards["mordor"]
    assert mordor.main == "travelling" and mordor.crack_of_doom
    assert mordor.tracks["travelling"][-1] == ("roll", "rune")
    assert mordor.score_at(0) == 50 and mordor.score_at(14) == 60
    assert PARTS.boards["helms-deep"].parts == {"travelling": 5}
    assert PARTS.boards["lothlorien"].score_at(0) == 20


def test_components_sauron_and_nazgul_cards_as_the_reference_and_the_rulebook_say():
    # Issue 13, item 12: the reference's reconstructed Sauron deck (The Sauron expansion's
    # decks), every symbol one of the rulebook's eight ("The symbols on Sauron cards have
    # different effects"); the Nazgûl incidents as the reference lists them, the first as the
    # rulebook's example ("your hobbit advances one step ... one of the players must
    # voluntarily discard 5 symbols (or stars) from hand, otherwise Sauron advances two
    # steps": the corner darkness, one player, not the group).
    deck = Counter(c.symbols for c in PARTS.sauron_cards)
    assert deck == Counter({
        (("black-rider", 2),): 5, (("black-rider", 3),): 3,
        (("black-rider", 1), ("discard-card", 1)): 4, (("sauron", 1),): 3,
        (("darkness", 1),): 3, (("darkness", 1), ("discard-card", 1)): 4,
        (("discard-card", 1), ("discard-card", 1)): 2, (("discard-life", 1),): 2,
        (("discard-ring", 1), ("discard-runes", 2)): 1, (("discard-runes", 3),): 2,
        (("hand-turn", 1), ("black-rider", 1)): 1})
    symbols = {"black-rider", "sauron", "darkness", "discard-card", "discard-life",
               "discard-ring", "discard-runes", "hand-turn"}
    assert {k for c in PARTS.sauron_cards for k, _ in c.symbols} == symbols
    assert {c.corner[0] for c in PARTS.nazgul_cards} <= symbols
    incidents = {c.id: (c.incident.ask, dict(c.incident.cost), c.incident.otherwise,
                        c.incident.then) for c in PARTS.nazgul_cards}
    assert incidents["nazgul-1"][:3] == ("one", {"symbols": 5}, (("eye", 2),))
    assert PARTS.nazgul_cards[0].corner == ("darkness", 1)
    assert incidents["nazgul-2"][:3] == ("group", {"runes": 3}, (("darkness", 1, "each"),))
    assert incidents["nazgul-3"][:3] == ("each", {"cards": 1}, (("darkness", 1, "payer"),))
    assert incidents["nazgul-4"][:3] == ("group", {"life": 2}, (("black-rider", 3),))
    assert incidents["nazgul-5"][3] == (("call-sauron", "ring-bearer"),)
    assert incidents["nazgul-6"][:3] == ("active", {"ring": 1}, (("eye", 1),))
    assert incidents["nazgul-7"][:3] == ("group", {"cards": 4},
                                         (("black-rider", 2), ("eye", 1)))
    assert incidents["nazgul-8"][3] == (("darkness-if-fewer-cards", 2),)
    assert incidents["nazgul-9"][3] == (("sauron-draws", 2),)


def test_components_sauron_expansion_decks():
    assert len(PARTS.sauron_cards) == 30
    assert all(1 <= len(c.symbols) <= 3 for c in PARTS.sauron_cards)
    assert len(PARTS.nazgul_cards) == 9
    tokens = PARTS.sauron["resources"]["tokens"]
    assert sum(tokens.values()) == 12 and len(PARTS.sauron["resources"]["card"]) == 6
    assert set(PARTS.sauron["fellowship_cards"]) == set(PARTS.characters)
    assert {g["set"] for g in PARTS.gandalf.values()} == {"base", "sauron"}
    assert "protection" in PARTS.gandalf and "foresight-bag" in PARTS.gandalf


def test_components_reconstructed_values_are_marked():
    marked = set(PARTS.reconstructed)
    for expected in ("hobbits.toml:special_runes", "hobbits.toml:hand",
                     "boards.toml:board.moria", "sauron.toml:sauron_deck",
                     "sauron.toml:nazgul_deck", "sauron.toml:dark_events",
                     "gandalf.toml:gandalf.cost_runes"):
        assert expected in marked
    # Mordor's scores are printed on the board: not reconstructed.
    assert "boards.toml:board.mordor" not in marked


def broken(file, change):
    data = docs()
    change(data[file])
    with pytest.raises(ComponentError) as err:
        parse_components(data)
    return str(err.value)


def test_validation_names_the_file_and_field_of_an_unknown_effect():
    def change(doc):
        doc["board"]["moria"]["events"][0]["otherwise"] = [["explode", 1]]
    message = broken("boards.toml", change)
    assert message.startswith("boards.toml: board.moria.events[0].otherwise[0]")
    assert "explode" in message


def test_validation_names_a_bad_cost():
    def change(doc):
        doc["board"]["moria"]["events"][4]["cost"] = {"fighting": 0}
    assert "boards.toml: board.moria.events[4].cost.fighting" in broken("boards.toml", change)


def test_validation_names_a_bad_reward():
    def change(doc):
        doc["board"]["moria"]["tracks"]["hiding"][0] = "card:nothing"
    assert "boards.toml: board.moria.tracks.hiding[0]" in broken("boards.toml", change)


def test_validation_refuses_a_sauron_deck_of_the_wrong_size():
    def change(doc):
        doc["sauron_deck"]["cards"][0]["count"] = 4
    assert "sauron.toml: sauron_deck.cards: the Sauron deck has 30" in broken("sauron.toml",
                                                                              change)


def test_validation_refuses_a_yellow_card_with_symbols():
    def change(doc):
        doc["card"]["mithril"]["symbols"] = {"fighting": 1}
    assert "legendary.toml: card.mithril" in broken("legendary.toml", change)


def test_validation_refuses_a_bad_die_face_and_sauron_start():
    def face(doc):
        doc["threat_die"]["faces"][0] = "wobble"
    assert "hobbits.toml: threat_die.faces" in broken("hobbits.toml", face)

    def start(doc):
        doc["temptation"]["sauron_start"]["hard"] = 20
    assert "hobbits.toml: temptation.sauron_start.hard" in broken("hobbits.toml", start)


def test_validation_refuses_a_bad_target():
    def change(doc):
        doc["card"]["gollum"]["then"] = [["roll", 1, "everybody"]]
    assert "legendary.toml: card.gollum.then[0][2]" in broken("legendary.toml", change)


def test_components_only_a_declined_token_can_empty_a_pile_drawn_from():
    # Why the bag and the special runes never run out but by declining (docs, Rulings:
    # the bag exhausted): every board's six events come with six sundial tiles, so the
    # sixth ends the scenario before the bag is empty; a big-rune space is reached once a
    # board, and the journey has fewer of them than special runes.
    sundials = sum(t.count for t in PARTS.tiles.values() if t.kind == "event")
    conflict = [b for b in PARTS.boards.values() if b.kind == "conflict"]
    assert all(len(b.events) == sundials == 6 for b in conflict)
    big = sum(space.count("big-rune") for b in conflict for track in b.tracks.values()
              for space in track)
    assert 0 < big <= len(PARTS.special_runes)
