"""The procedure kernel carries the Strategy Battle Game (issue 11): whoever must decide is
asked by one procedure on top of the stack (a phase's question, or the question a side
must answer), whose answers are the legal decisions, whose check finds a plan or refuses
naming the rule without changing anything, and whose carrying out is the decision; every
question the game asks and every frame it pushes is a registered procedure."""

from __future__ import annotations

import random
import re
from pathlib import Path

import palantir.games.strategy_battle as sbg
from palantir.engine.dice import SeededDice
from palantir.engine.errors import IllegalAction
from palantir.engine.procedure import Plan
from palantir.games.strategy_battle import procedure, turn
from palantir.games.strategy_battle.notation import Done, Fight, Pass

ROOT = Path(sbg.__file__).parent


def source() -> str:
    return "\n".join(p.read_text() for p in sorted(ROOT.rglob("*.py")))


def test_every_kind_of_question_asked_is_a_registered_procedure():
    kinds = set(re.findall(r'\{"kind": "([a-z ]+)",\s+"side"', source()))
    assert {"pair", "heroic", "roll", "fate", "bid", "might", "strike"} <= kinds
    assert sorted(k for k in kinds if k not in turn.QUESTIONS) == []


def test_every_frame_pushed_is_a_registered_procedure():
    names = set(re.findall(r'\{\s*"proc": "([a-z ]+)"', source()))
    assert {"move", "jump", "courage", "shot", "hit", "thrown", "cast"} <= names
    assert sorted(n for n in names if n not in procedure.REGISTRY) == []


def test_the_procedure_asking_is_who_decides_and_its_answers_are_the_legal_decisions():
    game = sbg.StrategyBattle()
    rng = random.Random(11)
    seen = set()
    for scenario in ("intro", "riders", "amon_hen"):
        state = game.new_state({"scenario": scenario, "fight_choices": True}, SeededDice(5))
        for _ in range(160):
            if state.outcome() is not None:
                break
            asking = turn.asking(state)
            asked = asking.question(state)
            assert asked is not None and asked.seat == state.to_move()
            seen.add(asked.kind)
            actions = state.legal_actions()
            assert [str(a) for a in actions] == [str(a) for a in asking.answers(state)]
            before = state.view(None)
            # the check plans the decision it takes, and changes nothing
            assert isinstance(asking.check(state, actions[0]), Plan)
            assert state.view(None) == before
            state.apply(rng.choice(actions))
    assert {"move", "shoot", "fight"} <= seen


def test_a_decision_of_another_phase_is_refused_by_the_phase_naming_its_rule():
    game = sbg.StrategyBattle()
    state = game.new_state({"scenario": "intro", "heroic_actions": False}, SeededDice(1))
    assert state.phase == "move" and state.question is None
    before = state.view(None)
    for wrong, rule in ((Fight("G1"), "The Move Phase"), (Pass(), "The Move Phase")):
        try:
            state.apply(wrong)
        except IllegalAction as exc:
            assert exc.rule.startswith(rule) and "Move-phase" in exc.reason
        else:
            raise AssertionError(f"{wrong} was taken in the Move phase")
        assert state.view(None) == before
    state.apply(Done())
    state.apply(Done())
    assert state.phase in ("shoot", "fight", "move") and state.view(None) != before
