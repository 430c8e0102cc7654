"""The probe of an uploaded position before a table opens on it.

`load_position` checks a position's shape and that the state read gives it back; it cannot
prove that every rule copes with every value a stranger may write (a card a procedure
names, a track of a length no board has). Before a table opens, the position is drawn for
every seat and played on a few random decisions, on copies with dice of their own: a
position that breaks the rules there is refused (BadPosition naming `position`: a 422 at
the web table) instead of answering 500 later.
"""

from __future__ import annotations

import random

from ..engine.dice import SeededDice
from ..engine.errors import BadPosition, PalantirError
from ..engine.game import Game, State

PLAYOUTS = 2      # random continuations tried
DECISIONS = 16    # decisions in each


def _draw(game: Game, state: State) -> None:
    """Everything a table page draws, for every seat and a spectator."""
    drawn = game.presentation()
    mover = state.to_move()
    for seat in [*range(state.players), None]:
        view = state.view(seat)
        drawn.render_svg(view)
        drawn.phase_help(view)
        drawn.seat_names(view)
        list(state.narration(seat))
        if seat is not None and seat == mover:
            drawn.selection(view)
            for action in state.legal_actions():
                drawn.action_label(view, str(action))


def probe_position(game: Game, state: State) -> None:
    """Refuse (BadPosition, field `position`) a loaded position the rules cannot draw or
    play on; the state itself is left as it is."""
    taken = 0
    try:
        _draw(game, state)
        for playout in range(PLAYOUTS):
            trial = state.clone(dice=SeededDice(playout))
            rng = random.Random(playout)
            for taken in range(DECISIONS):
                if trial.is_over():
                    break
                legal = trial.legal_actions()
                if not legal:
                    raise ValueError("nobody can decide, yet the game is not over")
                # through the notation, as a seat's decision reaches the table
                trial.apply(trial.parse_action(str(legal[rng.randrange(len(legal))])))
                trial.view(None)
            _draw(game, trial)
    except PalantirError as exc:
        raise BadPosition("position", f"not a position the rules can play on: {exc}") \
            from None
    except Exception as exc:  # noqa: BLE001 - a stranger's values, not the rules' own data
        # The rules were written for the states they reach, not for any values: whatever
        # they raise on these is the position's fault, refused, never a 500.
        raise BadPosition("position", f"not a position the rules can play on (after "
                                      f"{taken} random decisions: {type(exc).__name__})") \
            from None
