"""What the table and the state remember for speed (geometry.Table.answers, a model's base,
who touches whom) never answers for another position: every remembered answer equals the
one worked out afresh, and changing anything it depends on gives a new answer."""

import random

import pytest
from shapely.geometry import LineString, Polygon

from palantir.engine.dice import SeededDice
from palantir.engine.errors import IllegalAction
from palantir.games.strategy_battle import StrategyBattle
from palantir.games.strategy_battle import geometry as geo
from palantir.games.strategy_battle.heuristics import rollout_policy
from palantir.games.strategy_battle.reading import table_of
from palantir.games.strategy_battle.scenarios import scenario_names

R = geo.INCHES.from_mm(12.5)
MAN = geo.INCHES.from_mm(28)


def man(key, x, y, side="good", **kw):
    return geo.Disc(key, x, y, R, MAN, side, **kw)


def walled_table():
    wall = geo.Barrier("wall", LineString([(20, 5), (20, 40)]), geo.INCHES.from_mm(30),
                       geo.INCHES.from_mm(10))
    bog = geo.Area("bog", Polygon([(8, 20), (14, 20), (14, 26), (8, 26)]), "difficult")
    rocks = geo.Area("rocks", Polygon([(26, 10), (30, 10), (30, 14), (26, 14)]), "impassable",
                     sight=2.0)
    return geo.Table(48, 48, geo.INCHES, [bog, rocks], [wall])


def afresh(table, work):
    """The answer worked out with nothing remembered (and then remembered)."""
    table.forget()
    return work()


def test_a_remembered_path_check_is_the_check_made_afresh_and_a_copy():
    table = walled_table()
    me, other = man("m", 10, 10), man("o", 16, 10, "evil")
    mover = geo.Mover(6)
    for path in ([(12, 12)], [(15, 30)], [(13, 10.5)], [(11, 22)]):
        def check():
            try:
                report = geo.check_path(table, [me, other], me, path, mover)
                return ("legal", report)
            except IllegalAction as exc:
                return ("illegal", exc.reason, exc.rule)
        first = afresh(table, check)
        again = check()            # remembered now
        assert first == again
    report = geo.check_path(table, [me, other], me, [(12, 12)], mover)
    report.contacts.append("mischief")          # the caller's copy, not the table's
    assert geo.check_path(table, [me, other], me, [(12, 12)], mover).contacts == []


def test_a_remembered_refusal_names_the_same_rule():
    table = walled_table()
    me = man("m", 18, 10)
    with pytest.raises(IllegalAction) as first:
        geo.check_path(table, [me], me, [(20, 10)], geo.Mover(6))
    with pytest.raises(IllegalAction) as again:
        geo.check_path(table, [me], me, [(20, 10)], geo.Mover(6))
    assert (first.value.reason, first.value.rule) == (again.value.reason, again.value.rule)


def test_any_change_to_the_bases_mover_or_goal_asks_afresh():
    table = walled_table()
    me, other = man("m", 10, 10), man("o", 16, 10, "evil")
    found = geo.find_path(table, [me, other], me, geo.Mover(6), to=(12, 14))
    assert found is not None
    # the enemy moved into the way: a different question, a different answer
    blocker = other.at(11, 12)
    moved = geo.find_path(table, [me, blocker], me, geo.Mover(6), to=(12, 14))
    assert moved == afresh(table, lambda: geo.find_path(table, [me, blocker], me,
                                                       geo.Mover(6), to=(12, 14)))
    assert geo.find_path(table, [me, other], me, geo.Mover(1), to=(12, 14)) is None
    assert geo.find_path(table, [me, other], me, geo.Mover(6), to=(12, 14)) == found
    found.append((0, 0))                        # the caller's copy, not the table's
    assert geo.find_path(table, [me, other], me, geo.Mover(6), to=(12, 14)) != found


def test_remembered_sight_is_sight_worked_out_afresh():
    table = walled_table()
    rng = random.Random(3)
    models = [man(f"m{i}", rng.uniform(2, 46), rng.uniform(2, 46), "good" if i % 2 else "evil")
              for i in range(8)]
    for a in models:
        for b in models:
            if a is b:
                continue
            remembered = geo.sight(table, models, a, b)
            assert remembered == afresh(table, lambda: geo.sight(table, models, a, b))
            remembered.in_the_way.append("mischief")
            assert "mischief" not in geo.sight(table, models, a, b).in_the_way


@pytest.mark.parametrize("scenario", scenario_names())
def test_a_search_sees_the_same_battle_with_its_memory_or_without(scenario):
    """Rollout play from each scenario's start: at every decision the candidates, and the
    sight of every pair, are the same with the table's answers kept or forgotten."""
    game = StrategyBattle()
    state = game.new_state({"scenario": scenario}, SeededDice(5))
    rng = random.Random(5)
    models = list(state.models.values())
    for _ in range(30):
        if state.is_over():
            break
        kept = [str(a) for a in state.legal_actions()]
        state.table.forget()
        assert kept == [str(a) for a in state.legal_actions()]
        a, b = models[0], models[-1]
        if a.id in state.models and b.id in state.models:
            seen = state.sees(a, b)
            state.table.forget()
            assert seen == state.sees(a, b)
        state.apply(rollout_policy(state, rng))


def test_a_model_s_base_follows_its_place_and_who_touches_whom_follows_the_bases():
    game = StrategyBattle()
    state = game.new_state({"scenario": "intro"}, SeededDice(0))
    good = next(m for m in state.models.values() if m.side == "good")
    evil = next(m for m in state.models.values() if m.side == "evil")
    before = state.disc(good, zone=False)
    assert state.disc(good, zone=False) is before          # kept while nothing changes
    assert not state.engaged(good)
    # set him in base contact with the enemy: a new base, and now he touches
    reach = before.radius + state.disc(evil, zone=False).radius
    good.x, good.y = evil.x + reach, evil.y
    moved = state.disc(good, zone=False)
    assert (moved.x, moved.y) == (good.x, good.y)
    assert state.engaged(good) and state.engaged(evil)
    assert not next(d for d in state.discs() if d.key == good.id).zone
    # a clone shares what is kept, and goes its own way when its model moves
    other = state.clone()
    other.models[good.id].x += 5
    assert not other.engaged(other.models[good.id]) and state.engaged(good)


def test_the_general_reads_one_table_for_one_view_table():
    game = StrategyBattle()
    state = game.new_state({"scenario": "the_wall"}, SeededDice(0))
    view = state.view(0)
    assert table_of(view) is table_of(state.view(1))
    other = game.new_state({"scenario": "intro"}, SeededDice(0)).view(0)
    assert table_of(other) is not table_of(view)
    assert table_of(other).width == other["table"]["width"]
