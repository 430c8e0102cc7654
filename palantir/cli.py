"""The `palantir` command: games, play, simulate, replay, analyze, serve, and the commands a
game declares of its own (`palantir NAME GAME ...`, listed by `palantir games`)."""

from __future__ import annotations

import argparse
import sys

from .engine.errors import PalantirError
from .engine.game import game_ids, get_game

# Subcommands of palantir itself; any other first word followed by a game's id is that
# game's own command (Game.commands).
BUILT_IN = ("games", "play", "simulate", "replay", "position", "analyze", "serve")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = argparse.ArgumentParser(
        prog="palantir", description=__doc__,
        epilog="A game may have commands of its own, run as palantir NAME GAME ARGS... "
               "(palantir games lists them, e.g. an odds calculator).")
    sub = parser.add_subparsers(dest="command", required=True)

    sub.add_parser("games", help="list the games and their options")

    play = sub.add_parser("play", help="play a game in the terminal")
    play.add_argument("game")
    play.add_argument("--seats", default="human,ai:heuristic",
                      help="comma list, one per seat in turn order: human or ai:AGENT "
                           "(e.g. human,ai:heuristic,ai:mcts:2000); a bare AGENT works too")
    play.add_argument("--option", action="append", metavar="K=V", help="a game option")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--record", metavar="FILE", help="save the game's record here")
    play.add_argument("--no-color", action="store_true", help="plain text, no colours")
    play.add_argument("--position", metavar="FILE",
                      help="start from this position (docs/positions.md), not the set-up")

    sim = sub.add_parser("simulate", help="play many games between agents")
    sim.add_argument("game")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--agents", required=True, help="comma list, one agent per seat")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--option", action="append", metavar="K=V", help="a game option")
    sim.add_argument("--workers", type=int, default=1)
    sim.add_argument("--records", metavar="DIR", help="write one record file per game here")
    sim.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    sim.add_argument("--engine", choices=("rules", "batch"), default="rules",
                     help="rules: the game's rules, any agent (default); batch: the game's "
                          "batch engine, many games at once at compiled speed, random and "
                          "heuristic agents, for a game that has one (pip install "
                          "'palantir[batch]')")
    add_results_arguments(sim)
    add_backend_arguments(sim)

    rep = sub.add_parser("replay", help="rebuild a game from its record")
    rep.add_argument("file")
    rep.add_argument("--steps", action="store_true", help="print the narration of every step")
    rep.add_argument("--no-color", action="store_true", help="plain text, no colours")

    pos = sub.add_parser("position", help="write the position after a step of a record "
                                          "(docs/positions.md)")
    pos.add_argument("game")
    pos.add_argument("--from-record", metavar="FILE", required=True, help="the record")
    pos.add_argument("--step", type=int, required=True,
                     help="after this many decisions (0: the set-up)")
    pos.add_argument("--seat", type=int, default=None,
                     help="what this seat (0, 1, ...) sees; without it the full position")
    pos.add_argument("--out", metavar="FILE", help="write it here (default: print it)")

    ana = sub.add_parser("analyze", help="balance sweeps: simulate a grid of options, "
                                         "print a table per setting, plot it")
    ana.add_argument("game")
    ana.add_argument("--sweep", action="append", metavar="OPTION=a..b|v1,v2,...",
                     help="an option and its values (repeat for a grid; the pseudo-option "
                          "agents=A+B,C+D sweeps agent lists); none: the game's default grid")
    ana.add_argument("--agents", default=None,
                     help="comma list of agents, repeated or cut to each setting's seats: "
                          "the last keeps the last seat, the one before it fills the middle "
                          "(default: heuristic in every seat)")
    ana.add_argument("--option", action="append", metavar="K=V", help="a fixed game option")
    ana.add_argument("--games", type=int, default=None,
                     help="games per setting (default: the game's own)")
    ana.add_argument("--seed", type=int, default=0)
    ana.add_argument("--workers", type=int, default=1)
    ana.add_argument("--plot", metavar="FILE.png", help="draw the results into this PNG")
    ana.add_argument("--json", action="store_true", help="print the whole result as JSON")
    ana.add_argument("--keep-going", action="store_true",
                     help="leave a game that fails out of its cell's figures (listed as "
                          "failed) instead of stopping")
    add_results_arguments(ana)
    add_backend_arguments(ana)

    from .server import add_serve_parser
    add_serve_parser(sub)
    return parser


def add_results_arguments(parser: argparse.ArgumentParser) -> None:
    """--out FILE.parquet and --resume, the same for simulate and analyze."""
    parser.add_argument("--out", metavar="FILE.parquet",
                        help="write one row per game to this Parquet file as games finish "
                             "(needs pyarrow: pip install 'palantir[parquet]')")
    parser.add_argument("--resume", action="store_true",
                        help="with --out: keep the games the file holds and play only the "
                             "ones it lacks (same game, options, agents and --seed)")


def add_backend_arguments(parser: argparse.ArgumentParser) -> None:
    """--backend local|ray and --address, the same for simulate and analyze."""
    parser.add_argument("--backend", default="local",
                        help="where the games are played: local (processes of this machine, "
                             "the default) or ray (a Ray cluster: needs pip install "
                             "'palantir[ray]'; docs/analysis.md)")
    parser.add_argument("--address", metavar="HOST:PORT", default=None,
                        help="with --backend ray: the cluster's head, as `ray start --head` "
                             "prints it, or auto; without it a Ray of --workers CPUs is "
                             "started here for the run")


def game_command(argv: list[str]) -> int | None:
    """Run `NAME GAME ARGS...` as GAME's own command NAME; None for palantir's own."""
    if not argv or argv[0] in BUILT_IN or argv[0].startswith("-"):
        return None
    if len(argv) < 2 or argv[1] not in game_ids():
        raise PalantirError(f"'{argv[0]}' is not a command of palantir "
                            f"({', '.join(BUILT_IN)}), nor NAME GAME with GAME one of "
                            f"{', '.join(game_ids())}")
    return get_game(argv[1]).command(argv[0])(list(argv[2:]))


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script."""
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        ran = game_command(argv)
        if ran is not None:
            return ran
        args = build_parser().parse_args(argv)
        if args.command == "games":
            from .commands import games_command
            return games_command(args)
        if args.command == "play":
            from .terminal import play_command
            return play_command(args)
        if args.command == "simulate":
            from .sim.runner import simulate_command
            return simulate_command(args)
        if args.command == "replay":
            from .commands import replay_command
            return replay_command(args)
        if args.command == "position":
            from .commands import position_command
            return position_command(args)
        if args.command == "analyze":
            from .analysis.command import analyze_command
            return analyze_command(args)
        if args.command == "serve":
            from .server.app import serve_command
            return serve_command(args)
    except PalantirError as exc:
        print(f"palantir: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\npalantir: interrupted", file=sys.stderr)
        return 130
    return 2


if __name__ == "__main__":
    sys.exit(main())
