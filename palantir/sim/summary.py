"""What a batch of simulated games adds up to: per-game results and their summary."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from ..engine.game import Outcome


@dataclass(frozen=True, slots=True)
class GameResult:
    """The few facts of one finished game that the summary needs (small to pickle)."""

    index: int
    seed: int
    winners: tuple[int, ...]
    eliminated: tuple[int, ...]
    rounds: int
    decisions: int
    kinds: tuple[tuple[str, str], ...] = ()  # the outcome's categorical details
    outcome: Outcome | None = None  # the whole outcome, for a results file (--out)

    @classmethod
    def of(cls, index: int, seed: int, outcome: Outcome, decisions: int) -> "GameResult":
        """The result of game `index` from its outcome."""
        # A detail given as text is a kind of result (a victory level): it is counted.
        kinds = tuple(sorted((key, value) for key, value in outcome.details.items()
                             if isinstance(value, str)))
        return cls(index, seed, tuple(outcome.winners), tuple(outcome.eliminated),
                   int(outcome.rounds), decisions, kinds, outcome)


@dataclass
class Summary:
    """Win, elimination and length statistics of a batch of games, per seat where it matters."""

    game: str
    options: dict[str, Any]
    agents: list[str]
    seed: int
    workers: int
    games: int = 0
    wins: list[float] = field(default_factory=list)
    eliminations: list[int] = field(default_factory=list)
    no_winner: int = 0
    everyone_eliminated: int = 0
    rounds_total: int = 0
    rounds_min: int = 0
    rounds_max: int = 0
    decisions_total: int = 0
    decisions_min: int = 0
    decisions_max: int = 0
    wall_seconds: float = 0.0
    kinds: dict[str, dict[str, int]] = field(default_factory=dict)
    backend: str = "local"  # where the games were played: local or ray

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.agents)

    def add(self, result: GameResult) -> None:
        """Count one game in; callers add games in index order so sums are reproducible."""
        n = self.players
        if not self.wins:
            self.wins = [0.0] * n
            self.eliminations = [0] * n
        if result.winners:
            share = 1.0 / len(result.winners)  # a shared victory counts fractionally
            for seat in result.winners:
                self.wins[seat] += share
        else:
            self.no_winner += 1
        for seat in result.eliminated:
            self.eliminations[seat] += 1
        if len(set(result.eliminated)) == n:
            self.everyone_eliminated += 1
        if self.games == 0:
            self.rounds_min = self.rounds_max = result.rounds
            self.decisions_min = self.decisions_max = result.decisions
        self.rounds_min = min(self.rounds_min, result.rounds)
        self.rounds_max = max(self.rounds_max, result.rounds)
        self.decisions_min = min(self.decisions_min, result.decisions)
        self.decisions_max = max(self.decisions_max, result.decisions)
        self.rounds_total += result.rounds
        self.decisions_total += result.decisions
        for key, value in result.kinds:
            counts = self.kinds.setdefault(key, {})
            counts[value] = counts.get(value, 0) + 1
        self.games += 1

    def add_all(self, results: Iterable[GameResult]) -> None:
        """Count several games in the order given."""
        for result in results:
            self.add(result)

    def _rate(self, count: float) -> float:
        return count / self.games if self.games else 0.0

    @property
    def win_rate(self) -> list[float]:
        """Share of games each seat won (shared wins count fractionally)."""
        return [self._rate(w) for w in self.wins]

    @property
    def elimination_rate(self) -> list[float]:
        """Share of games in which each seat was eliminated."""
        return [self._rate(e) for e in self.eliminations]

    @property
    def games_per_second(self) -> float:
        """Throughput of the whole batch, wall clock."""
        return self.games / self.wall_seconds if self.wall_seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        """The summary as one JSON object (per-seat figures are lists indexed by seat)."""
        return {
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "games": self.games,
            "players": self.players,
            "agents": list(self.agents),
            "win_rate": self.win_rate,
            "wins": list(self.wins),
            "no_winner_rate": self._rate(self.no_winner),
            "elimination_rate": self.elimination_rate,
            "everyone_eliminated_rate": self._rate(self.everyone_eliminated),
            "rounds": {"mean": self._rate(self.rounds_total), "min": self.rounds_min,
                       "max": self.rounds_max},
            "decisions_per_game": {"mean": self._rate(self.decisions_total),
                                   "min": self.decisions_min, "max": self.decisions_max},
            "outcomes": {key: dict(sorted(counts.items()))
                         for key, counts in sorted(self.kinds.items())},
            "workers": self.workers,
            "backend": self.backend,
            "wall_seconds": self.wall_seconds,
            "games_per_second": self.games_per_second,
        }

    def table(self) -> str:
        """The summary as an aligned text table."""
        options = " ".join(f"{k}={_option_text(v)}" for k, v in self.options.items())
        lines = [f"{self.game}: {self.games} games, seed {self.seed}",
                 f"options: {options or '(none)'}", ""]
        agent_width = max(len("agent"), *(len(a) for a in self.agents))
        lines.append(f"{'seat':<4}  {'agent':<{agent_width}}  {'win rate':>8}  "
                     f"{'eliminated':>10}")
        for seat, agent in enumerate(self.agents):
            lines.append(f"{seat:<4}  {agent:<{agent_width}}  {_percent(self.win_rate[seat]):>8}"
                         f"  {_percent(self.elimination_rate[seat]):>10}")
        rows = [
            ("no winner", _percent(self._rate(self.no_winner))),
            ("everyone eliminated", _percent(self._rate(self.everyone_eliminated))),
            ("rounds per game", _spread(self._rate(self.rounds_total), self.rounds_min,
                                        self.rounds_max)),
            ("decisions per game", _spread(self._rate(self.decisions_total),
                                           self.decisions_min, self.decisions_max)),
            *((f"{key.replace('_', ' ')}: {value}", _percent(self._rate(count)))
              for key, counts in sorted(self.kinds.items())
              for value, count in sorted(counts.items())),
            ("wall time", f"{self.wall_seconds:.2f} s, {self.games_per_second:.1f} games/s, "
                          f"{self.workers} worker{'s' if self.workers != 1 else ''}"
                          f"{' on Ray' if self.backend == 'ray' else ''}"),
        ]
        label_width = max(len(label) for label, _ in rows)
        lines.append("")
        lines.extend(f"{label:<{label_width}}  {value}" for label, value in rows)
        return "\n".join(lines)


def _percent(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def _spread(mean: float, low: int, high: int) -> str:
    return f"mean {mean:.1f}  min {low}  max {high}"


def _option_text(value: Any) -> str:
    if isinstance(value, Sequence) and not isinstance(value, str):
        return ",".join(map(str, value))
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
