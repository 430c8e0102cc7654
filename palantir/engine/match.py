"""Play one game between agents, recording every decision and die."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Protocol, Sequence

from .dice import SeededDice
from .driver import Driver
from .game import Game, State
from .record import GameRecord


class Chooser(Protocol):
    """Anything that picks a decision from a seat's view."""

    def choose(self, view: dict, legal_actions: list) -> Any:
        """The decision to take."""


def play_match(game: Game, options: Mapping[str, Any] | None, agents: Sequence[Chooser],
               seed: int | None, *, seat_names: Sequence[str] = (),
               on_step: Callable[[State, int | None, Any], None] | None = None,
               max_decisions: int = 1_000_000,
               stop_after: int | None = None) -> tuple[State, GameRecord]:
    """Run a game to its end (or, with `stop_after`, for that many decisions: the record of
    a game in progress); on_step(state, seat, action) is called after every step."""
    options = game.validate_options(options)
    dice = SeededDice(seed)
    driver = Driver(game.new_state(options, dice), dice,
                    GameRecord.start(game, options, seed, seat_names))
    state = driver.state
    if on_step:
        on_step(state, None, None)
    for taken in range(max_decisions):
        seat = state.to_move()
        if seat is None or taken == stop_after:
            break
        action = agents[seat].choose(state.view(seat), state.legal_actions())
        driver.decide(seat, action)
        if on_step:
            on_step(state, seat, action)
    else:
        raise RuntimeError(f"{game.id}: no end after {max_decisions} decisions")
    driver.finish()
    return state, driver.record
