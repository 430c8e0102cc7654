"""The effects as a table of procedures of the engine's kernel (issue 11): every verb the
data files may use has one, each names its rule, each is JSON, and carrying one out on
its own stack leaves what it asks for on the queue."""

from palantir.engine.procedure import Stack
from palantir.games.lotr_board_game.components import EFFECTS as VERBS
from palantir.games.lotr_board_game.phases import EFFECTS
from palantir.games.lotr_board_game.phases.effects import (carry_out, effect_procedure,
                                                           registry_of)
from palantir.games.lotr_board_game.phases.sauron_effects import SAURON_EFFECTS

from .lbg_table import PARTS, table


def test_every_verb_of_the_data_files_has_an_effect_procedure_naming_its_rule():
    # gandalf-call is the rules' own (a Gandalf card paid for), never written in the data.
    assert set(EFFECTS) == set(VERBS) | {"gandalf-call"}
    assert all(cls.rule for cls in EFFECTS.values())
    assert {cls.name for cls in SAURON_EFFECTS} == {"black-rider", "call-sauron",
                                                    "darkness-if-fewer-cards", "sauron-draws"}


def test_every_effect_of_every_card_board_and_tile_reads_back_from_json():
    registry = registry_of(EFFECTS)
    effects = [e for card in PARTS.cards.values() for e in card.then]
    for board in PARTS.boards.values():
        for res in list(board.events) + list(board.steps):
            effects += list(res.then) + list(res.otherwise)
    assert len(effects) > 20
    for effect in effects:
        procedure = effect_procedure(EFFECTS, effect, 1)
        again = Stack.from_json(Stack([procedure]).to_json(), registry).top()
        assert again.to_json() == procedure.to_json() and again.payer == 1


def test_an_effect_is_done_at_once_leaving_the_steps_it_asks_for():
    state = table(board="moria", hands=[["white-joker"], ["white-hiding"]], run=False)
    state.queue = []
    carry_out(EFFECTS, state, ("discard", 1, "each"), None)
    assert state.queue == [("discard", 0, 1), ("discard", 1, 1)]
    carry_out(EFFECTS, state, ("darkness", 2, "payer"), 1)
    assert state.positions == [0, 2]
