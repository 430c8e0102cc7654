"""The turn's parts on the procedure kernel (issue 11): the roll (Dice Rolls), the Gandalf
and Nazgûl step at the end of a turn and the End of the Game are procedures that run on the
stack between two questions, each asking nothing, so the stack at every question is the
Sequence of Play alone (positions read back from a view play on)."""

from __future__ import annotations

from palantir.engine.procedure import Stack
from palantir.games.journey_to_mordor.notation import REROLL, Keep
from palantir.games.journey_to_mordor.phases.dice import Roll
from palantir.games.journey_to_mordor.phases.end import EndOfGame
from palantir.games.journey_to_mordor.phases.nazgul import NazgulStep
from palantir.games.journey_to_mordor.phases.turn import PROCEDURES

from tests.support.positions.journey import (MARKED, YELLOW, fellowship, finish_turn, roll,
                                             table)


class Watched(Stack):
    """A stack that notes the name of every procedure pushed on it."""

    def __init__(self, stack: Stack):
        super().__init__(list(stack))
        self.pushed: list[str] = []

    def push(self, procedure):
        self.pushed.append(procedure.name)
        return super().push(procedure)


def watch(state) -> Watched:
    state.stack = Watched(state.stack)
    return state.stack


def test_setting_dice_aside_rolls_the_rest_with_a_roll_procedure():
    # Dice Rolls: "Reroll the remaining dice": the dice not set aside, in a Roll.
    state = table(roll(yellow="R", red="F", blue="O", green="G", black="F"),
                  roll(red="F", blue="F", green="F", black="F"))
    pushed = watch(state)
    state.apply(Keep(((YELLOW, "R"),)))
    assert pushed.pushed == ["roll"] and [d for d, _ in state.roll] == [1, 2, 3, 4]
    assert [p.name for p in state.stack] == ["journey-turn"]


def test_rohan_repeats_the_roll_with_a_roll_procedure():
    # Location Features 4, Rohan: "you may repeat each roll once".
    state = table(roll(yellow="O", red="O", blue="O", green="O", black="O"),
                  roll(yellow="F", red="F", blue="F", green="F", black="F"),
                  locations=True, ring={0: "Rohan"})
    pushed = watch(state)
    state.apply(REROLL)
    assert pushed.pushed == ["roll"] and state.rerolled
    assert {f for _, f in state.roll} == {"F"}


def test_the_end_of_a_turn_is_the_nazgul_step_then_the_next_player_s_roll():
    # End of the turn: Gandalf, then Nazgûl (the yellow Nazgûl marks Frodo's route when
    # Sam is active), then the rings; then the next player rolls all 5 dice.
    state = table(roll(yellow="N", red="F", blue="F", green="F", black="F"),
                  *fellowship("red", "blue", "green", "black"),
                  fellowship("yellow", "red", "blue", "green", "black")[0],
                  players=2, active=1)
    pushed = watch(state)
    finish_turn(state)
    assert pushed.pushed[-2:] == ["nazgul-step", "roll"]
    assert state.nazgul[0][0] == MARKED and state.active == 0 and len(state.roll) == 5


def test_the_game_ends_with_the_end_of_game_procedure_and_an_empty_stack():
    # End of the Game: Mordor reached on the last turn of the round ends it at once.
    state = table(roll(yellow="R", red="F", blue="F", green="F", black="F"),
                  *fellowship("red", "blue", "green", "black"),
                  players=2, active=1, ring={1: "Shelob's Lair"})
    pushed = watch(state)
    finish_turn(state)
    assert pushed.pushed[-2:] == ["nazgul-step", "end-of-game"]
    assert state.is_over() and state.outcome().winners == (1,) and len(state.stack) == 0


def test_the_procedures_that_ask_nothing_read_back_from_json():
    stack = Stack([Roll(dice=(0, 2), repeat=True), NazgulStep(), EndOfGame()],
                  [False, False, False])
    data = stack.to_json()
    again = Stack.from_json(data, PROCEDURES)
    assert again.to_json() == data and again.top() == EndOfGame()
    assert list(again)[0].dice == (0, 2) and list(again)[0].repeat
