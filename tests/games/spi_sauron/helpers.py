"""Positions for SPI Sauron tests: a game with a board cleared and pieces placed by hand."""

from palantir.engine.dice import ScriptedDice, SeededDice
from palantir.games.spi_sauron import SpiSauron
from palantir.games.spi_sauron.phases import PHASE_INDEX
from palantir.games.spi_sauron.units import ELIMINATED
from palantir.games.spi_sauron.phases.turn import begin_phase
from tests import support

GAME = SpiSauron()


def new_game(options=None, dice=None):
    """A fresh game at its first decision (Sauron's Movement Phase of turn 1)."""
    # Dice are falsy while their log is empty: test for None, not truth.
    return GAME.new_state(options or {}, SeededDice(0) if dice is None else dice)


def at_phase(state, key, turn=None):
    """Jump the state to phase `key` (and `turn`), moved flags and entry counts reset."""
    if turn is not None:
        state.turn = turn
    state.phase_index = PHASE_INDEX[key]
    state.entered = {}
    for piece in list(state.units.values()) + list(state.leaders.values()):
        piece.moved = False
    state._zoc.clear()
    return state


def cleared(key="sauron-movement", turn=1, dice=None):
    """A game in phase `key` with every piece off the board (placed back by `place`)."""
    state = new_game(dice=ScriptedDice([]) if dice is None else dice)
    for piece in list(state.units.values()) + list(state.leaders.values()):
        piece.hex = ELIMINATED
    return at_phase(state, key, turn)


def place(state, piece_id, hex_name, **marks):
    """Put a unit (by id, e.g. 'goblins-1') or a leader (by key) in a hex."""
    piece = state.units.get(piece_id) or state.leaders[piece_id]
    piece.hex = hex_name
    for name, value in marks.items():
        setattr(piece, name, value)
    state._zoc.clear()
    return piece


def refused(state, action, rule):
    """Apply `action`, expect IllegalAction for exactly `rule`, and check nothing changed."""
    return support.refused(state, action, rule, exact=True)


def visions_position():
    """Sauron's first Magic Phase of turn 5, he on the Pedestal in 1331, four Men (morale X)
    within three hexes of his Orc Archers: Sinister Visions is worth casting (16.1)."""
    state = cleared("magic-1", turn=5, dice=ScriptedDice([]))
    place(state, "orc_archers-1", "1331")
    place(state, "sauron", "1331")
    state.pedestal = "orc_archers-1"
    place(state, "orc_archers-2", "1328")
    for i, h in enumerate(("1226", "1326", "1426", "1225"), start=1):
        place(state, f"men-{i}", h)
    begin_phase(state)
    return state
