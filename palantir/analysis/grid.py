"""The grid of an analysis: --sweep parsing, the cartesian product, the agents of each cell."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..engine.errors import BadOption, PalantirError
from ..engine.game import Game
from ..engine.options import Option

AGENTS_KEY = "agents"
_RANGE = re.compile(r"^\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*$")


class AnalysisError(PalantirError):
    """Input an analysis cannot run with; the message names the field."""


@dataclass(frozen=True)
class Sweep:
    """One dimension of the grid: an option (or the agents) and the values it takes."""

    option: str
    values: tuple[Any, ...]


def find_option(game: Game, name: str) -> Option:
    """The game's option called `name`, written with - or _; refused by name otherwise."""
    wanted = name.strip().replace("-", "_")
    for option in game.option_schema():
        if option.name.replace("-", "_") == wanted:
            return option
    known = ", ".join(o.name for o in game.option_schema()) or "none"
    raise AnalysisError(f"--sweep {name}: {game.id} has no such option; its options are "
                        f"{known} (and {AGENTS_KEY})")


def parse_sweep(game: Game, text: str) -> Sweep:
    """OPTION=a..b (whole numbers, both ends included) or OPTION=v1,v2,... for this game.

    The pseudo-option `agents` sweeps whole agent lists: agents=heuristic,heuristic+ismcts:200
    is two cells, the second with seats filled from [heuristic, ismcts:200] (see seat_agents).
    """
    name, sep, raw = text.partition("=")
    if not sep or not name.strip():
        raise AnalysisError(f"--sweep '{text}': expected OPTION=a..b or OPTION=v1,v2,...")
    name = name.strip()
    if not raw.strip():
        raise AnalysisError(f"--sweep {name}: no values given")
    if name.replace("-", "_") == AGENTS_KEY:
        lists = [tuple(a.strip() for a in value.split("+")) for value in raw.split(",")]
        for agents in lists:
            if any(not a for a in agents):
                raise AnalysisError(f"--sweep {name}: empty agent in '{raw}'")
        return Sweep(AGENTS_KEY, _distinct(name, lists))
    option = find_option(game, name)
    if option.kind == "list":
        raise AnalysisError(f"--sweep {name}: a list option cannot be swept; fix it with "
                            f"--option")
    match = _RANGE.match(raw)
    if match:
        if option.kind != "int":
            raise AnalysisError(f"--sweep {name}: a range a..b needs a whole-number option, "
                                f"{option.name} is {option.kind}")
        low, high = int(match.group(1)), int(match.group(2))
        if low > high:
            raise AnalysisError(f"--sweep {name}: empty range {low}..{high}")
        texts: list[Any] = list(range(low, high + 1))
    elif ".." in raw:
        raise AnalysisError(f"--sweep {name}: bad range '{raw}'; expected a..b with whole "
                            f"numbers")
    else:
        texts = [v.strip() for v in raw.split(",")]
        if any(not v for v in texts):
            raise AnalysisError(f"--sweep {name}: empty value in '{raw}'")
    values = []
    for value in texts:
        try:
            values.append(option.parse(value))
        except BadOption as exc:
            raise AnalysisError(f"--sweep {name}: {str(exc).split(': ', 1)[-1]}") from None
    return Sweep(option.name, _distinct(name, values))


def _distinct(name: str, values: Sequence[Any]) -> tuple[Any, ...]:
    if len(set(values)) != len(values):
        raise AnalysisError(f"--sweep {name}: a value is given twice")
    return tuple(values)


def parse_sweeps(game: Game, texts: Sequence[str], fixed: Mapping[str, Any]) -> list[Sweep]:
    """Every --sweep in order; an option swept twice or also fixed by --option is refused."""
    sweeps: list[Sweep] = []
    fixed_names = {k.replace("-", "_") for k in fixed}
    for text in texts:
        sweep = parse_sweep(game, text)
        if any(s.option == sweep.option for s in sweeps):
            raise AnalysisError(f"--sweep {sweep.option}: swept twice")
        if sweep.option.replace("-", "_") in fixed_names:
            raise AnalysisError(f"--sweep {sweep.option}: also fixed with --option")
        sweeps.append(sweep)
    return sweeps


def default_sweeps(game: Game, profile: Mapping[str, Any], fixed: Mapping[str, Any]
                   ) -> list[Sweep]:
    """The profile's grid without the dimensions that --option fixes."""
    fixed_names = {k.replace("-", "_") for k in fixed}
    return [Sweep(option, tuple(values)) for option, values in profile.get("sweep", ())
            if option.replace("-", "_") not in fixed_names]


def expand_grid(sweeps: Sequence[Sweep]) -> list[dict[str, Any]]:
    """Every setting of the grid, the last sweep varying fastest (one empty cell if none)."""
    return [dict(zip((s.option for s in sweeps), combo))
            for combo in itertools.product(*(s.values for s in sweeps))]


def seat_agents(agents: Sequence[str], seats: int) -> list[str]:
    """The agent of every seat of a cell with `seats` seats, from a list given once.

    The rule: a list as long as the seats is used as it is; one agent takes every seat;
    otherwise the last agent keeps the last seat (Sauron's in lotr-board-game with the
    expansion), the first ones take the first seats, and the one before the last repeats
    to fill the seats between (a shorter list) or the extra ones are dropped (a longer one).
    """
    agents = list(agents)
    if not agents:
        raise AnalysisError("--agents: no agent given")
    if seats < 1:
        raise AnalysisError(f"--agents: a cell has {seats} seats")
    if len(agents) == seats:
        return agents
    if len(agents) == 1:
        return agents * seats
    if seats == 1:
        return [agents[-1]]
    head, last = agents[:-1], agents[-1]
    if len(agents) < seats:
        head = head + [head[-1]] * (seats - len(agents))
    return head[:seats - 1] + [last]
