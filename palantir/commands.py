"""`palantir games`, `palantir replay` and `palantir position`: what can be played, a record
rebuilt, and the position after one of its steps."""

from __future__ import annotations

import sys
from typing import TextIO

from .engine.game import get_game, game_ids
from .engine.errors import BadRecord
from .engine.position import dumps, save_position
from .engine.record import GameRecord, position_from_record, replay
from .terminal import closed_reader, fold, render_view, wants_color


def describe_games() -> str:
    """Every registered game: id, title, player counts, options and its own commands."""
    blocks = []
    for game_id in game_ids():
        game = get_game(game_id)
        players = (f"{game.min_players} player" if game.min_players == game.max_players
                   else f"{game.min_players}–{game.max_players} players")
        if game.min_players == game.max_players and game.min_players != 1:
            players += "s"
        lines = [f"{game.id}  {game.title} ({players})"]
        schema = game.option_schema()
        if schema:
            lines.append("  options (--option NAME=VALUE):")
            lines.extend(f"    {option.describe()}" for option in schema)
        else:
            lines.append("  no options")
        lines.extend(f"  command: palantir {name} {game.id} --help"
                     for name in sorted(game.commands))
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def games_command(args) -> int:
    """`palantir games`."""
    try:
        print(describe_games())
    except BrokenPipeError:
        return closed_reader()
    return 0


def replay_record(record: GameRecord, out: TextIO, *, steps: bool = False,
                  color: bool = False) -> None:
    """Rebuild every state of `record`, printing each step's narration if asked, then the end."""
    def show_step(index: int | None, state) -> None:
        if index is None:
            out.write("Start:\n")
        else:
            event = record.events[index]
            seat = event["seat"]
            who = f" ({record.seats[seat]})" if seat < len(record.seats) else ""
            out.write(f"event {index}: seat {seat + 1}{who}: {event['action']}\n")
        for line in state.narration(None):
            out.write(fold(line, "    ") + "\n")

    state = replay(record, on_state=show_step if steps else None)
    game = state.game
    if steps:
        out.write("\n")
    out.write(render_view(game, state.view(None), color) + "\n\n")
    outcome = state.outcome()
    if outcome is None:
        out.write("Result: the game is not finished (the record ends before the end).\n")
    else:
        out.write(fold(f"Result: {outcome.summary}") + "\n")
    out.write(f"Replayed {len(record.events)} events: the record fits the rules.\n")


def replay_command(args) -> int:
    """`palantir replay FILE [--steps]`; a bad record raises BadRecord naming the event."""
    record = GameRecord.load(args.file)
    try:
        replay_record(record, sys.stdout, steps=args.steps,
                      color=wants_color(sys.stdout, args.no_color))
    except BrokenPipeError:
        return closed_reader()
    return 0


def position_command(args) -> int:
    """`palantir position GAME --from-record FILE --step N [--seat S] [--out FILE]`."""
    game = get_game(args.game)
    record = GameRecord.load(args.from_record)
    if record.game != game.id:
        raise BadRecord(f"field 'game': the record is of '{record.game}', not '{game.id}'")
    document = position_from_record(record, args.step, args.seat)
    if args.out:
        save_position(document, args.out)
        print(f"Position after step {args.step} written to {args.out}.")
    else:
        try:
            sys.stdout.write(dumps(document))
        except BrokenPipeError:
            return closed_reader()
    return 0
