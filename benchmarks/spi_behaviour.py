"""SPI Sauron: does the computer general fight the designed battle? Behaviour and strength.

Plays seeded heuristic games in-process (agents choose from `legal_actions()` reading
`view(seat)`, as the simulator does) and reports per side what the general does:
reinforcements entered against those the schedule offers (14.0; entered at all, and on the
turn they were due), the melee declarations with two or more attackers (7.32) and the
defenders attacked by two or more units in one Combat Phase, leader duels (7.2), attacks
made beside a leader and beside a magic weapon (19.1), the Beast (17.0), formations (8.4,
15.3), spells cast and worked (8.5, 16.0), Sauron's units out of Mordor, the turns with
combat, the results (21.2), and seconds a game and a decision.

`--general` picks the general: `new` (this tree's heuristics.py) or a git revision whose
heuristics.py and battlefield.py are loaded beside it (default old one: OLD, the last commit
before the rewrite of issue 12 item 10; its battlefield.py too, so a change to this tree's
battlefield.py changes only the new general). Paired seeds: game k plays dice seed
`--seed + k` whichever general plays, so two runs compare the generals on the same dice.

`--strength` plays each seed twice, the new general as Sauron against the old as
Westernesse and the other way round, and reports the new general's wins over both sides with
a 95% Wilson interval (the old general against itself wins exactly half of such pairs).

Run: nice .venv/bin/python benchmarks/spi_behaviour.py --games 20 --general 350ee5f,new
     nice .venv/bin/python benchmarks/spi_behaviour.py --games 40 --strength
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
import types
from collections import Counter
from pathlib import Path

from palantir.analysis.sweep import wilson
from palantir.engine.dice import SeededDice
from palantir.engine.procedure import Refusal
from palantir.games.spi_sauron import SpiSauron, heuristics
from palantir.games.spi_sauron.notation import END, Attack, Cast, Duel, Enter, Fire, Form
from palantir.games.spi_sauron.phases.combat import weapon_in_hex
from palantir.games.spi_sauron.units import WAITING

OLD = "350ee5f"          # main before the general's rewrite (issue 12 item 10)
SIDES = ("sauron", "westernesse")
ROOT = Path(__file__).resolve().parent.parent


def general_module(rev: str) -> types.ModuleType:
    """The heuristics module: this tree's for 'new', else `rev`'s heuristics.py with `rev`'s
    battlefield.py (what the general reads off the map is part of it), each loaded as a
    sibling module of the package (their caches their own)."""
    if rev == "new":
        return heuristics
    tag = rev.replace("-", "_")
    field = _load(rev, "battlefield", f"_battlefield_{tag}")
    source = _source(rev, "heuristics").replace(
        "from .battlefield import", f"from .{field.__name__.rsplit('.', 1)[1]} import")
    return _load(rev, "heuristics", f"_general_{tag}", source)


def _source(rev: str, module: str) -> str:
    """The text of spi_sauron/`module`.py at git revision `rev`."""
    return subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{rev}:palantir/games/spi_sauron/{module}.py"],
        check=True, capture_output=True, text=True).stdout


def _load(rev: str, module: str, as_name: str, source: str | None = None) -> types.ModuleType:
    """`rev`'s `module` (or `source`) run as palantir.games.spi_sauron.`as_name`, once."""
    name = f"palantir.games.spi_sauron.{as_name}"
    if name in sys.modules:
        return sys.modules[name]
    loaded = types.ModuleType(name)
    loaded.__package__ = "palantir.games.spi_sauron"
    loaded.__file__ = f"{rev}:{module}.py"
    sys.modules[name] = loaded
    exec(compile(source if source is not None else _source(rev, module), loaded.__file__,
                 "exec"), loaded.__dict__)
    return loaded


def play(seed: int, generals: tuple) -> dict:
    """One game, generals[seat] the heuristics module of each seat: what happened."""
    game = SpiSauron()
    state = game.new_state({}, SeededDice(seed))
    agents = [generals[seat].HeuristicAgent(seat, seed * 10 + seat, game=game)
              for seat in (0, 1)]
    stats = {side: Counter() for side in SIDES}
    thinking = [0.0, 0.0]
    decisions = [0, 0]
    combat_turns: set[int] = set()
    beast_on = False
    started = time.perf_counter()
    attacked: Counter = Counter()           # (turn, phase, defender id) -> attackers
    while not state.is_over():
        seat = state.to_move()
        legal = state.legal_actions()
        clock = time.perf_counter()
        action = agents[seat].choose(state.view(seat), legal)
        thinking[seat] += time.perf_counter() - clock
        decisions[seat] += 1
        side = state.phasing_side() if not state.pending else SIDES[seat]
        mine = stats[side]
        kind = type(action)
        if kind is Attack and action.defender[:1].isdigit() and action.attackers[0][:1].isdigit():
            mine["melee declarations"] += 1
            mine["declarations with 2+ attackers"] += len(action.attackers) >= 2
            defender = state.unit_at(action.defender)
            attacked[(state.turn, state.phase_index, defender.id, side)] += len(action.attackers)
            for h in action.attackers:
                mine["attackers"] += 1
                mine["attackers beside a leader"] += bool(
                    [p for p in state.leaders_at(h) if p.side == side])
                mine["attackers with a magic weapon"] += weapon_in_hex(state, h, side)
            combat_turns.add(state.turn)
        elif kind is Attack:
            mine["Beast attacks"] += 1
            combat_turns.add(state.turn)
        elif kind is Fire:
            mine["missile fire"] += 1
            combat_turns.add(state.turn)
        elif kind is Duel:
            mine["leader duels"] += 1
            mine["duels with a magic weapon"] += bool(state.leaders[action.attacker].weapon)
            combat_turns.add(state.turn)
        elif kind is Form:
            unit = state.unit_at(action.path[0], side)
            mine["Phalanx formed" if unit is not None and unit.type.key == "slaves"
                 else "Wedge or Shield Wall formed"] += 1
        elif kind is Cast:
            mine["spells tried"] += 1
        elif kind is Enter and action.piece in state.leaders:
            mine[f"{action.piece} entered"] += 1
        try:
            state.apply(action)
        except Refusal:
            # a decision the rules listed and then refused (a defect of the rules' lists,
            # seen after repeated attacks on the Beast): counted, and the game goes on by
            # `end` or the first listed decision they accept
            stats[side]["listed decisions refused"] += 1
            for other in [a for a in legal if a == END] + legal:
                try:
                    state.apply(other)
                    break
                except Refusal:
                    continue
        now_on = state.beast.hex[:1].isdigit()
        if now_on and not beast_on:
            stats["sauron"]["Beast appearances"] += 1
        beast_on = now_on
    for (_, _, _, side), count in attacked.items():
        stats[side]["defenders attacked"] += 1
        stats[side]["defenders attacked by 2+ units"] += count >= 2
    last = state.turn
    for unit in state.units.values():
        if unit.arrival > 0 and unit.arrival <= last:
            mine = stats[unit.side]
            mine["reinforcements offered"] += 1
            mine["reinforcements entered"] += unit.hex != WAITING
            mine["entered on time"] += unit.first_turn_on_map == unit.arrival
    for spell, times in state.spells_cast.items():
        stats["sauron"]["spells worked"] += times
    stats["sauron"]["turns with combat"] = len(combat_turns)
    return {"stats": stats, "result": state.outcome().summary, "turns": last,
            "seconds": time.perf_counter() - started, "thinking": thinking,
            "decisions": decisions, "mordor": _sauron_out(state)}


def _sauron_out(state) -> int:
    """Sauron's units standing out of Mordor's gate area (north of row 28) at the end."""
    return sum(1 for u in state.units.values()
               if u.side == "sauron" and u.on_map and int(u.hex[2:]) < 28)




ROWS = ["reinforcements entered", "reinforcements offered", "entered on time",
        "melee declarations", "declarations with 2+ attackers", "defenders attacked",
        "defenders attacked by 2+ units", "attackers", "attackers beside a leader",
        "attackers with a magic weapon", "missile fire", "leader duels",
        "duels with a magic weapon", "Wedge or Shield Wall formed", "Phalanx formed",
        "spells tried", "spells worked", "Beast appearances", "Beast attacks",
        "gil_galad entered", "cirdan entered", "sauron entered", "ringwraith entered",
        "turns with combat", "listed decisions refused"]


def behaviour(args) -> None:
    """Each seed played by every general of `--general` in turn (paired seeds, and the
    same load on a shared machine for the timing); one column per general and side."""
    names = args.general.split(",")
    generals = {name: general_module(name) for name in names}
    tally = {name: {"sides": {side: Counter() for side in SIDES}, "results": Counter(),
                    "seconds": [], "thinking": 0.0, "decisions": 0, "out": 0, "turns": 0,
                    "combat turns": 0} for name in names}
    clock = time.perf_counter()
    for k in range(args.games):
        for name in names:
            game = play(args.seed + k, (generals[name], generals[name]))
            mine = tally[name]
            for side in SIDES:
                mine["sides"][side].update(game["stats"][side])
            mine["results"][game["result"].split(":")[0]] += 1
            mine["seconds"].append(game["seconds"])
            mine["thinking"] += sum(game["thinking"])
            mine["decisions"] += sum(game["decisions"])
            mine["out"] += game["mordor"]
            mine["turns"] += game["turns"]
            mine["combat turns"] += game["stats"]["sauron"]["turns with combat"]
        print(f"\r{k + 1}/{args.games} seeds, {time.perf_counter() - clock:.0f} s",
              end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    n = args.games
    print(f"{n} games a general, seeds {args.seed}..{args.seed + n - 1}, "
          f"{time.perf_counter() - clock:.0f} s in all")
    print("| a game | " + " | ".join(f"{name} Sauron | {name} Westernesse" for name in names)
          + " |")
    print("|---|" + "---|---|" * len(names))
    for row in ROWS:
        if row == "turns with combat":
            continue
        values = [tally[name]["sides"][side][row] / n for name in names for side in SIDES]
        if any(values):
            print(f"| {row} | " + " | ".join(f"{v:.2f}" for v in values) + " |")
    for name in names:
        mine = tally[name]
        print(f"\n{name}:")
        for side in SIDES:
            t = mine["sides"][side]
            offered = max(1, t["reinforcements offered"])
            print(f"  {side}: reinforcements {t['reinforcements entered']}/"
                  f"{t['reinforcements offered']} = "
                  f"{t['reinforcements entered'] / offered:.0%} "
                  f"(on the turn due {t['entered on time'] / offered:.0%}); "
                  f"declarations with 2+ attackers "
                  f"{t['declarations with 2+ attackers'] / max(1, t['melee declarations']):.0%}; "
                  f"defenders attacked by 2+ units in a phase "
                  f"{t['defenders attacked by 2+ units'] / max(1, t['defenders attacked']):.0%}")
        print(f"  turns with combat {mine['combat turns'] / n:.1f} of "
              f"{mine['turns'] / n:.1f} a game")
        print(f"  Sauron's units out of the gate area (row < 28) at the end: "
              f"{mine['out'] / n:.1f} a game")
        print("  results: " + ", ".join(f"{k} {v}" for k, v in sorted(mine["results"].items())))
        seconds = mine["seconds"]
        print(f"  seconds a game {sum(seconds) / n:.2f} (min {min(seconds):.2f}, max "
              f"{max(seconds):.2f}); the generals' ms a decision "
              f"{1000 * mine['thinking'] / max(1, mine['decisions']):.2f}; decisions a game "
              f"{mine['decisions'] / n:.0f}")


def strength(args) -> None:
    new = general_module("new")
    old = general_module(args.general if args.general != "new" else OLD)
    wins = {side: 0 for side in SIDES}
    entered = {side: Counter() for side in SIDES}
    clock = time.perf_counter()
    for k in range(args.games):
        seed = args.seed + k
        for seat, side in enumerate(SIDES):
            if args.side not in (None, side):
                continue
            generals = (new, old) if seat == 0 else (old, new)
            game = play(seed, generals)
            wins[side] += game["result"].startswith(side.capitalize())
            entered[side].update(game["stats"][side])
        print(f"\r{k + 1}/{args.games} seeds, {time.perf_counter() - clock:.0f} s", end="",
              file=sys.stderr, flush=True)
    print(file=sys.stderr)
    n = args.games
    print("| the new general plays | games | its wins against the old (95% interval) | "
          "its reinforcements entered / offered |")
    print("|---|---|---|---|")
    for side in SIDES:
        low, high = wilson(wins[side], n)
        t = entered[side]
        print(f"| {side.capitalize()} | {n} | {wins[side]} ({low:.0%}–{high:.0%}) | "
              f"{t['reinforcements entered']}/{t['reinforcements offered']} |")
    total = sum(wins.values())
    low, high = wilson(total, 2 * n)
    print(f"| both | {2 * n} | {total} ({low:.0%}–{high:.0%}) |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--general", default="new",
                        help=f"'new' or a git revision (the old general: {OLD}), or several "
                        "separated by commas, played in turn on each seed")
    parser.add_argument("--side", choices=SIDES, help="--strength: the new general on this "
                        "side only")
    parser.add_argument("--strength", action="store_true",
                        help="new against the --general revision (default OLD), both sides")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    (strength if args.strength else behaviour)(args)


if __name__ == "__main__":
    main()
