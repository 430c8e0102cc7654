"""Storage on every backend: a table rebuilt from its stored record is the same table."""

from __future__ import annotations

from palantir.server.lobby import Lobby, TableDice
from palantir.server.storage import Storage


def play_some(lobby: Lobby, table, decisions: int) -> None:
    for _ in range(decisions):
        if table.state.is_over():
            return
        seat = table.state.to_move()
        lobby.decide(table, seat, str(table.state.legal_actions()[-1]))


def test_a_new_process_rebuilds_every_table_from_storage(database_url):
    storage = Storage(database_url)
    lobby = Lobby(storage)
    table, tokens = lobby.create("journey-to-mordor", {"locations": True},
                                 ["human", "human", "human"])
    play_some(lobby, table, 12)
    fresh = Lobby(Storage(database_url)).get(table.id)
    assert fresh.state.view(None) == table.state.view(None)
    assert fresh.record.events == table.record.events
    assert [s.lines for s in fresh.steps] == [s.lines for s in table.steps]
    assert fresh.seat_of(tokens[2]) == 2 and fresh.seat_of("not a token") is None
    # The dice go on exactly as they would have without the restart.
    play_some(lobby, table, 5)
    again = Lobby(Storage(database_url)).get(table.id)
    assert again.record.events == table.record.events


def test_the_same_decisions_roll_the_same_dice_after_a_restart(database_url):
    first = Lobby(Storage(database_url))
    table, _ = first.create("journey-to-mordor", {}, ["human", "human"])
    play_some(first, table, 4)
    resumed = Lobby(Storage(database_url))
    copy = resumed._rebuild(first.storage.load(table.id))
    action = str(table.state.legal_actions()[0])
    first.decide(table, table.state.to_move(), action)
    # The copy is not stored under its id again: apply to its state directly.
    twin = copy.state.clone(dice=TableDice(copy.seed, copy.rolls()))
    twin.apply(twin.parse_action(action))
    assert twin.view(None) == table.state.view(None)


def test_table_dice_depend_only_on_seed_and_roll_number():
    faces = ("R", "G", "F", "O", "N", "T")
    straight = TableDice(11)
    rolls = [straight.roll("black", faces) for _ in range(20)]
    resumed = TableDice(11, rolled=12)
    assert [resumed.roll("black", faces) for _ in range(8)] == rolls[12:]
    assert [TableDice(12).roll("black", faces) for _ in range(20)] != rolls


def test_listing_and_status_follow_the_game(database_url):
    storage = Storage(database_url)
    lobby = Lobby(storage)
    table, _ = lobby.create("journey-to-mordor", {}, ["human"])
    assert [r.id for r in storage.listing("open")] == [table.id]
    play_some(lobby, table, 500)
    assert table.state.is_over()
    assert [r.id for r in storage.listing("finished")] == [table.id]
    assert storage.listing("open") == [] and storage.open_ids() == []
    assert storage.load(table.id).result == table.state.outcome().to_json()
