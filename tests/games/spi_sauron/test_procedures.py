"""SPI Sauron on the procedure kernel (engine/procedure.py): the stack of a position — the
Game-Turn (3.0), a melee under way (7.32), the retreats and advances asked (7.5) — is JSON
through the game's registry, and a copy of the state has a stack of its own."""

from palantir.engine.dice import SeededDice
from palantir.engine.errors import IllegalAction
from palantir.engine.procedure import Stack
from palantir.games.spi_sauron.phases.combat import Melee
from palantir.games.spi_sauron.phases.turn import PROCEDURES, GameTurn

from tests.support.positions.spi import GAME
from palantir.games.spi_sauron.phases.retreat import Pending


def mid_combat(seed=1, limit=3000):
    """A heuristic game played until a retreat or advance is asked while a melee is under
    way (7.32, 7.5)."""
    state = GAME.new_state({}, SeededDice(seed))
    agents = [GAME.heuristic_agent(seat, seed) for seat in (0, 1)]
    for _ in range(limit):
        if state.pending and state.stack.find(Melee) is not None:
            return state
        seat = state.to_move()
        state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
    raise AssertionError("no melee with a question under way")


def test_a_stack_mid_combat_is_json_through_the_games_registry():
    state = mid_combat()
    stack = list(state.stack)
    assert isinstance(stack[0], GameTurn) and isinstance(stack[-1], Pending)
    back = Stack.from_json(state.stack.to_json(), PROCEDURES)
    assert list(back) == stack                      # advance_by, attackers: tuples again
    assert back.to_json() == state.stack.to_json()


def test_a_pending_decision_is_the_procedure_of_its_kind():
    kinds = {"retreat": "retreat-after-combat", "displace": "displacement",
             "before": "retreat-before-combat", "advance": "advance-after-combat"}
    for kind, name in kinds.items():
        procedure = Pending(kind, 0, "goblins-1", 1, ("men-1",), "0504")
        assert procedure.name == name and name in PROCEDURES
        assert PROCEDURES.read(procedure.to_json()) == procedure


def test_a_clone_has_a_stack_of_its_own():
    state = mid_combat()
    other = state.clone()
    before = state.stack.to_json()
    other.apply(other.legal_actions()[0])
    assert state.stack.to_json() == before and other.stack is not state.stack


def test_a_refused_stand_leaves_the_narration_as_it_was():
    # Before the kernel, `stand` with no retreat before combat offered emptied the news of
    # the last decision before it was refused (7.7): a refusal must change nothing.
    state = mid_combat()
    while state.pending:
        state.apply(state.legal_actions()[0])
    before = state.narration(0)
    assert before
    try:
        state.apply("stand")
    except IllegalAction as refusal:
        assert refusal.rule == "7.7"
    else:
        raise AssertionError("stand was taken with no retreat before combat offered")
    assert state.narration(0) == before
