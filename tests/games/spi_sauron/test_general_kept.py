"""The general's short cuts (heuristics.py) decide as the long way would: a hex passed over
unweighed is one that could not have been chosen."""

import math
import random

import pytest

from palantir.engine.dice import SeededDice
from palantir.engine.errors import BadOption
from palantir.games.spi_sauron.battlefield import _within
from palantir.games.spi_sauron.heuristics import HeuristicAgent, Planner, _Listed, _plans_of, \
    decide
from palantir.games.spi_sauron.notation import Move

from tests.support.positions.spi import GAME


def test_a_hex_passed_over_by_its_best_case_could_not_beat_the_best_so_far():
    """Planner.standing with `beat` answers None only where the unit's full standing is no
    more than `beat` (the best case of a hex is never below its standing), else the full
    standing itself: through the Movement Phases of a seeded game, both sides, every unit
    and every hex it reaches."""
    rng = random.Random(3)
    state = GAME.new_state({}, SeededDice(3))
    weighed = passed = 0
    while not state.is_over() and state.turn <= 4:
        legal = state.legal_actions()
        if state.phase.kind == "movement" and not state.pending and \
                not any(u.moved for u in state.units.values()):
            planner = Planner(state, legal)
            for start, moves in planner.moves.items():
                unit = state.unit_at(start, planner.side)
                for move in moves:
                    end = move.path[-1]
                    value = planner.standing(unit, end, start)
                    below = math.nextafter(value, -math.inf)
                    assert planner.standing(unit, end, start, below) == value, \
                        f"{unit.id} {start}->{end}: passed over though worth {value}"
                    assert planner.standing(unit, end, start, -math.inf) == value
                    at_par = planner.standing(unit, end, start, value)
                    assert at_par in (None, value)
                    for beat in (value + 0.5, value + 2.0):
                        passed += planner.standing(unit, end, start, beat) is None
                    weighed += 1
        state.apply(legal[rng.randrange(len(legal))])
    assert weighed > 2000 and passed > weighed / 2


def test_the_generals_position_is_read_with_dice_never_rolled():
    """The general rolls no dice, so its position keeps one pair of seeded dice from
    decision to decision; should they ever be rolled, the next decision has fresh ones
    (each decision reads its position with dice as if new)."""
    state = GAME.new_state({}, SeededDice(1))
    agent = HeuristicAgent(0, 1, game=GAME)
    fresh = SeededDice(0).roll("d6", "123456")
    decided = 0
    while decided < 3:
        legal = state.legal_actions()
        seat = state.to_move()
        if seat == 0 and len(legal) > 1:
            state.apply(agent.choose(state.view(seat), legal))
            assert agent.position.dice.log == [], "the general's position rolled"
            agent.position.dice.roll("d6", "123456")       # as a rule read might
            decided += 1
        else:
            state.apply(legal[0])
    agent.choose(state.view(state.to_move()), state.legal_actions())
    assert agent.position.dice.log == []
    assert agent.position.dice.roll("d6", "123456") == fresh


def test_a_decision_is_listed_by_identity_and_place_as_by_the_whole_list():
    """movement_choice looks a plan's decisions up among the legal ones by identity, and
    passes over a move whose unit or leader is not (or no longer) where it starts: through
    the Movement Phases of a seeded game, every decision of every plan kept, and every
    decision listed, is found as `set(legal)` finds it."""
    state = GAME.new_state({}, SeededDice(2))
    asked = passed = 0
    while not state.is_over() and state.turn <= 5:
        legal = state.legal_actions()
        if state.phase.kind == "movement" and not state.pending:
            listed, every = _Listed(state, legal), set(legal)
            plans = [a for plan in _plans_of(state) for a in plan.actions]
            copies = [Move(a.path, a.leader) for a in plans if type(a) is Move]
            for action in plans + copies + legal:
                assert (action in listed) == (action in every), action
                asked += 1
                passed += action not in every
        state.apply(decide(state, legal))
    assert asked > 10000 and passed > 1000


def test_a_disc_read_off_the_map_by_cube_is_every_hex_within_its_radius():
    """battlefield._within (kept per map) reads a disc off the map's hexes by their cube
    coordinates: every map hex within the radius (hexmap.within, by distance), each once."""
    hexmap = GAME.components_for({}).hexmap
    for hex_name in list(hexmap.terrain)[::23]:
        for radius in (0, 1, 4, 8):
            disc = _within(hexmap, hex_name, radius)
            assert len(disc) == len(set(disc))
            assert set(disc) == set(hexmap.within(hex_name, radius)), (hex_name, radius)


def test_a_views_options_read_once_are_still_refused_when_they_differ_in_kind():
    """state_from_view keeps the options of the last view read (validated, with their
    components); a view whose options differ, even only as 2.0 or True from 2, is
    validated afresh and refused naming the field."""
    game = type(GAME)()
    view = game.new_state({}, SeededDice(0)).view(0)
    game.state_from_view(view, SeededDice(0))
    game.state_from_view(view, SeededDice(0))
    for players in (2.0, True):
        with pytest.raises(BadOption, match="players"):
            game.state_from_view(dict(view, options=dict(view["options"], players=players)),
                                 SeededDice(0))
    with pytest.raises(BadOption, match="reinforcement_delay"):
        game.state_from_view(dict(view, options=dict(view["options"], reinforcement_delay=9)),
                             SeededDice(0))
    assert game.state_from_view(view, SeededDice(0)).view(0) == view
