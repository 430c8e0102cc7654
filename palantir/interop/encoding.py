"""Integer encodings of each game's decisions and numeric tensors of a seat's view, for
OpenSpiel and PettingZoo (docs/interop.md). A codec knows its fixed number of actions.

Journey to Mordor has a meaning per number (`JourneyCodec`); a game whose legal decisions
are listed but have no small fixed vocabulary (SPI Sauron, the board game, the Strategy
Battle Game's candidates) is encoded by the index of the decision in its legal list, up to
a declared maximum (`IndexCodec`).
"""

from __future__ import annotations

import json
import zlib
from typing import Any, Mapping

import numpy as np

from ..engine.game import Game, State


class Codec:
    """Numbers for the decisions of one game with given options."""

    num_actions: int = 0
    by_index = False  # whether a decision's number is its index in the legal list

    def encode(self, state: State, action) -> int:
        """The number of `action`, one of `state`'s legal decisions."""
        raise NotImplementedError

    def legal(self, state: State) -> dict[int, Any]:
        """Every legal decision of `state` by its number."""
        table = {}
        for action in state.legal_actions():
            number = self.encode(state, action)
            if number in table:
                raise ValueError(f"two decisions share the number {number}: "
                                 f"{table[number]} and {action}")
            table[number] = action
        return table


class JourneyCodec(Codec):
    """Journey to Mordor: 0..30 set aside the dice of bitmask n+1 (bit i: die i in the
    order yellow, red, blue, green, black), 31 reroll (Rohan), 32+k advance k spaces
    (location version, k = 0..the route's length)."""

    def __init__(self, game: Game, options: Mapping[str, Any]):
        parts = game.components_for(options)
        self.dice = len(parts.die_names)
        self.keep_count = (1 << self.dice) - 1
        self.reroll = self.keep_count
        self.advance = self.keep_count + 1
        self.num_actions = self.advance + len(parts.ring_spaces) + 1

    def encode(self, state: State, action) -> int:
        kind = type(action).__name__
        if kind == "Keep":
            return sum(1 << die for die, _ in action.dice) - 1
        if kind == "Reroll":
            return self.reroll
        if kind == "Advance":
            return self.advance + action.spaces
        raise ValueError(f"no number for the decision {action!r}")


class IndexCodec(Codec):
    """A decision is its index in the legal list (the game's own order), below a maximum."""

    by_index = True

    def __init__(self, game: Game, options: Mapping[str, Any], maximum: int):
        self.num_actions = maximum

    def encode(self, state: State, action) -> int:
        raise ValueError("an index codec numbers a whole legal list (legal)")

    def legal(self, state: State) -> dict[int, Any]:
        actions = state.legal_actions()
        if len(actions) > self.num_actions:
            raise ValueError(f"{len(actions)} legal decisions exceed the declared maximum "
                             f"{self.num_actions} of this game's index encoding")
        return dict(enumerate(actions))


def view_text(view: Mapping[str, Any]) -> str:
    """A seat's view as canonical text (sorted keys, ASCII: JSON's encoder writes that
    twice as fast as raw Unicode): the observation string."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


class JourneyTensor:
    """Journey to Mordor's view as numbers: per seat its ring space (one-hot), its Nazgûl
    squares (one-hot by mark), eliminated and arrived; the active seat; the phase; the
    location feature; per die its face in the roll and set aside (one-hot, or none); and
    rerolled, advance_max and final_round."""

    low, high = 0.0, 1.0
    SYMBOLS = "RGFONT"
    PHASES = ("set-aside", "advance", "over")

    def __init__(self, game: Game, options: Mapping[str, Any]):
        parts = game.components_for(options)
        self.players = options["players"]
        self.spaces = len(parts.ring_spaces) + 1
        self.squares = parts.nazgul_squares
        self.marks = ("whole", "marked", "split", "half-marked", "split-marked")
        self.die_names = parts.die_names
        self.features = [None] + sorted({loc.feature for loc in parts.locations.values()})
        per_seat = self.spaces + self.squares * len(self.marks) + 2
        per_die = 2 * (len(self.SYMBOLS) + 1)
        self.size = (self.players * per_seat + self.players + len(self.PHASES) + 1
                     + len(self.features) + len(self.die_names) * per_die + 3 + self.spaces)

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        """The tensor of one seat's view."""
        out = np.zeros(self.size, dtype=np.float32)
        at = 0

        def one_hot(index: int, width: int) -> None:
            nonlocal at
            if 0 <= index < width:
                out[at + index] = 1.0
            at += width

        for seat in range(self.players):
            one_hot(view["ring"][seat], self.spaces)
            for square in view["nazgul"][seat]:
                one_hot(self._mark(square), len(self.marks))
            one_hot(0 if view["eliminated"][seat] else -1, 1)
            one_hot(0 if view["arrived"][seat] else -1, 1)
        one_hot(view["active"] if view["to_move"] is not None else -1, self.players)
        phase = view["phase"]
        one_hot(self.PHASES.index(phase) if phase in self.PHASES else len(self.PHASES),
                len(self.PHASES) + 1)
        one_hot(self.features.index(view["feature"]) if view["feature"] in self.features
                else 0, len(self.features))
        for part in ("roll", "aside"):
            faces = {die: face for die, face in view[part]}
            for name in self.die_names:
                face = faces.get(name)
                one_hot(self.SYMBOLS.index(face) if face else len(self.SYMBOLS),
                        len(self.SYMBOLS) + 1)
        one_hot(0 if view["rerolled"] else -1, 1)
        one_hot(0 if view["final_round"] else -1, 1)
        one_hot(0, 1)  # a constant: the tensor is never all zeros
        one_hot(view["advance_max"], self.spaces)
        assert at == self.size
        return out

    def _mark(self, square) -> int:
        return square if isinstance(square, int) else self.marks.index(square)


class HashedTensor:
    """Any view as numbers by feature hashing: every leaf of the view's JSON, named by its
    path (list positions included), lands in one of `size` cells (CRC-32 of the path, so
    the same on every machine): a number adds its value, any other leaf adds 1 at the cell
    of its path and value. For the games without a tensor of their own."""

    low, high = -np.inf, np.inf
    # Cells already worked out, by path (or path=value): a game's views reuse a bounded
    # vocabulary of them; past this many the memory is started afresh.
    REMEMBERED = 200_000

    def __init__(self, game: Game, options: Mapping[str, Any], size: int = 1024):
        self.size = size
        self._cells: dict[str, int] = {}

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        """The tensor of one seat's view."""
        cells: list[int] = []
        weights: list[float] = []
        known = self._cells
        if len(known) > self.REMEMBERED:
            known.clear()
        crc, size = zlib.crc32, self.size
        stack: list[tuple[str, Any]] = [("", view)]
        pop, push = stack.pop, stack.append
        while stack:
            path, value = pop()
            kind = type(value)
            if kind is dict:
                for key, item in value.items():
                    push((f"{path}/{key}", item))
                continue
            if kind is list or kind is tuple:
                for i, item in enumerate(value):
                    push((f"{path}/{i}", item))
                continue
            if kind is int or kind is float:
                name, weight = path, value
            else:
                name, weight = f"{path}={value}", 1.0
            cell = known.get(name)
            if cell is None:
                cell = known[name] = crc(name.encode()) % size
            cells.append(cell)
            weights.append(weight)
        return np.bincount(cells, weights, minlength=size).astype(np.float32)


CODECS = {"journey-to-mordor": JourneyCodec}
TENSORS = {"journey-to-mordor": JourneyTensor}
# The most legal decisions a position of each index-encoded game offers (docs/interop.md).
INDEX_MAXIMUM = {"spi-sauron": 8192, "lotr-board-game": 256, "strategy-battle": 256}


def shared_payoffs(outcome, players: int) -> list[float]:
    """Journey to Mordor: the winners share 1 (all eliminated: everyone 0)."""
    return outcome.returns(players)


def two_sided_payoffs(outcome, players: int) -> list[float]:
    """SPI Sauron, the Strategy Battle Game: +1 the winner, -1 the loser, 0 each in a draw."""
    return [(1.0 if seat in outcome.winners else -1.0) if outcome.winners else 0.0
            for seat in range(players)]


def team_payoffs(outcome, players: int) -> list[float]:
    """The board game: 1 to every seat on the winning side (all the hobbits together, or
    Sauron's seat), 0 to the others: identical payoffs for the cooperating hobbits."""
    return [1.0 if seat in outcome.winners else 0.0 for seat in range(players)]


PAYOFFS = {"journey-to-mordor": shared_payoffs, "spi-sauron": two_sided_payoffs,
           "strategy-battle": two_sided_payoffs, "lotr-board-game": team_payoffs}


def payoffs(game: Game, outcome, players: int) -> list[float]:
    """Each seat's payoff at the end of a game, by the game's rule above."""
    return PAYOFFS[game.id](outcome, players)


def utility_of(game: Game, options: Mapping[str, Any] | None) -> str:
    """The kind of sum the payoffs make: zero_sum, identical or general_sum."""
    if PAYOFFS[game.id] is two_sided_payoffs:
        return "zero_sum"
    if game.id == "lotr-board-game" and (options or {}).get("expansion", "none") == "none":
        return "identical"
    return "general_sum"


def codec_for(game: Game, options: Mapping[str, Any]) -> Codec:
    """The codec of `game` with these validated options."""
    if game.id in CODECS:
        return CODECS[game.id](game, options)
    return IndexCodec(game, options, INDEX_MAXIMUM[game.id])


def tensor_for(game: Game, options: Mapping[str, Any]):
    """The view tensor encoder of `game` (its own, else the hashed one)."""
    return TENSORS.get(game.id, HashedTensor)(game, options)
