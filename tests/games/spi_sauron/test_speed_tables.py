"""The precomputed tables and caches behind fast play say exactly what the rules say.

Movement steps are looked up in tables built once per map (4.3, 15.1.1, errata Rough), and
the decisions listed in a Movement Phase are kept while the enemy stands still; these tests
hold them to the plain procedures they replace.
"""

import random

from palantir.engine.dice import SeededDice
from palantir.games.spi_sauron.hexmap import coordinates, cube, cube_distance, distance
from palantir.games.spi_sauron.movement import Mover, Refusal, cheapest_paths, kept_search, \
    mover_of, search_paths, searches_of, static_step_cost, step_cost, step_table
from palantir.games.spi_sauron.notation import Enter, Move
from palantir.games.spi_sauron.phases.movement import movable_units

from tests.support.positions.spi import GAME, cleared, new_game, place


def test_distance_table_agrees_with_cube_arithmetic():
    hexes = ["0101", "0232", "2301", "1331", "1224", "0917", "2332"]
    for a in hexes:
        for b in hexes:
            assert distance(a, b) == cube_distance(cube(*coordinates(a)), cube(*coordinates(b)))


def test_case_4_3_step_table_agrees_with_the_terrain_chart_for_every_hexside():
    state = new_game()
    hexmap, parts = state.hexmap, state.parts
    for cavalry in (False, True):
        for elf in (False, True):
            table = step_table(hexmap, parts, cavalry, elf)
            for a, around in hexmap.neighbours.items():
                for b in around:
                    direct = static_step_cost(hexmap, parts, cavalry, elf, a, b)
                    listed = table[a].get(b)
                    assert listed == (None if isinstance(direct, Refusal) else direct), (a, b)


def test_case_4_27_step_cost_still_refuses_an_enemy_hex_and_names_the_case():
    state = cleared()
    place(state, "goblins-1", "1320")
    place(state, "men-1", "1319")
    mover = Mover("sauron", 8, False, False, False, "", False, frozenset())
    refusal = step_cost(state, mover, "1320", "1319")
    assert isinstance(refusal, Refusal) and refusal.rule == "4.27"
    assert step_cost(state, mover, "1320", "1321") == step_table(
        state.hexmap, state.parts, False, False)["1320"]["1321"]


def brute_force_costs(state, mover, start):
    """Cheapest costs by relaxing every hexside until nothing improves (Bellman-Ford)."""
    zoc = frozenset() if mover.leader else mover.zoc
    if start in zoc and not mover.elf:
        return {}
    extra = 2 * state.parts.movement["elf_leave_zoc_mp"] if start in zoc else 0
    best = {start: 0}
    changed = True
    while changed:
        changed = False
        for here, spent in list(best.items()):
            if here != start and here in zoc:
                continue
            for there in state.hexmap.neighbours[here]:
                cost = step_cost(state, mover, here, there)
                if isinstance(cost, Refusal):
                    continue
                total = spent + cost + (extra if here == start else 0)
                if total > mover.allowance or (mover.ezoc_rule and there in zoc):
                    continue
                if total < best.get(there, 10 ** 6):
                    best[there] = total
                    changed = True
    best.pop(start)
    return best


def test_case_4_26_cheapest_paths_match_a_brute_force_search_in_a_played_position():
    state = new_game(dice=SeededDice(5))
    rng = random.Random(5)
    while state.turn < 4:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    checked = 0
    for unit in list(state.units.values())[::4]:
        if not unit.on_map:
            continue
        mover = mover_of(state, unit)
        found = cheapest_paths(state, mover, unit.hex, 0)
        assert {h: c for h, (c, _) in found.items()} == brute_force_costs(state, mover, unit.hex)
        checked += 1
    assert checked >= 5


def test_listed_decisions_are_the_same_with_every_cache_emptied():
    state = new_game(dice=SeededDice(11))
    rng = random.Random(11)
    for step in range(400):
        legal = state.legal_actions()
        if step % 40 == 0:
            fresh = GAME.state_from_view(state.view(None), SeededDice(0))
            assert [str(a) for a in fresh.legal_actions()] == [str(a) for a in legal]
        state.apply(legal[rng.randrange(len(legal))])


def test_every_listed_move_is_accepted_with_the_listed_path_after_other_moves():
    state = new_game(dice=SeededDice(2))
    for _ in range(6):   # moves made earlier in the phase keep the cached lists right
        moves = [a for a in state.legal_actions() if isinstance(a, (Move, Enter))]
        for action in moves[::23]:
            state.clone().apply(str(action))
        state.apply(moves[len(moves) // 2])


def _kept_reaches(state):
    """(piece key, start, start cost, entry hexes, alone) -> reach, as the state keeps them."""
    return {key: found for key, found in state._reach.items()
            if isinstance(key, tuple) and len(key) == 6 and key[0] not in (
                "search", "decisions", "splits", "leader-moves")}


def test_path_searches_kept_per_map_are_what_a_fresh_search_finds():
    # 4.0-6.0, 14.0: a search kept for the position around a piece serves later positions
    # (other phases, turns, games) only while all it reads is the same; held here to a
    # fresh search, path by path and in order, over seeded random and heuristic play.
    hexmap = new_game().hexmap
    searches_of(hexmap).clear()
    checked = 0
    for seed, heuristic in ((3, False), (4, True)):
        state = new_game(dice=SeededDice(seed))
        rng = random.Random(seed)
        agents = [GAME.heuristic_agent(seat, seed) for seat in (0, 1)]
        for step in range(300):
            legal = state.legal_actions()
            # the state's own cache holds the reaches of the phase being played
            if step % 13 == 0 and state.phase.kind in ("movement", "magic") and \
                    not state.pending:
                pieces = {**state.units, **state.leaders}
                for (name, start, cost, entry, formation, alone), found in \
                        _kept_reaches(state).items():
                    piece = pieces[name]
                    if piece.moved or getattr(piece, "formation", None) != formation or \
                            start not in (None, piece.hex):
                        continue    # kept from before it moved: no longer asked for
                    mover = mover_of(state, piece, alone)
                    fresh = search_paths(state, mover, start, cost, entry)
                    assert list(found.items()) == list(fresh.items()), (seed, step, name)
                    checked += 1
            seat = state.to_move()
            state.apply(agents[seat].choose(state.view(seat), legal) if heuristic
                        else legal[rng.randrange(len(legal))])
    assert checked > 200


def test_listed_decisions_are_the_same_with_the_map_searches_emptied():
    state = new_game(dice=SeededDice(12))
    rng = random.Random(12)
    for step in range(300):
        legal = state.legal_actions()
        if step % 30 == 0:
            fresh = GAME.state_from_view(state.view(None), SeededDice(0))
            searches_of(fresh.hexmap).clear()
            assert [str(a) for a in fresh.legal_actions()] == [str(a) for a in legal]
        state.apply(legal[rng.randrange(len(legal))])


def test_case_6_14_a_kept_search_is_not_reused_once_the_enemy_zoc_is_gone():
    # 6.14: a demoralized army exerts no Zones of Control; the same pieces in the same hexes
    # then reach further, so a search kept for the position before may not serve it.
    state = new_game(dice=SeededDice(6))
    rng = random.Random(6)
    while not (state.phase.key == "westernesse-movement" and not state.pending and any(
            u.hex in state.enemy_zoc("westernesse") for u in movable_units(state))):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    before = [str(a) for a in state.legal_actions()]
    state.demoralized["sauron"] = True
    state._zoc.clear()
    after = [str(a) for a in state.legal_actions()]
    fresh = GAME.state_from_view(state.view(None), SeededDice(0))
    searches_of(fresh.hexmap).clear()
    assert after == [str(a) for a in fresh.legal_actions()]
    assert after != before


def test_case_4_27_a_kept_search_serves_only_where_the_enemy_it_read_stands_as_before():
    # 4.27, 6.11: a search reads the enemy only in the hexes it stood in and looked into
    # (kept_search); an enemy moving elsewhere on the map changes nothing it found, one
    # moving among those hexes bars a hex or stops the mover, and the search is made anew.
    state = cleared()
    goblins = place(state, "goblins-1", "1320")
    place(state, "men-1", "0404")
    searches_of(state.hexmap).clear()
    mover = mover_of(state, goblins)
    first = kept_search(state, mover, "1320", 0)
    assert "0404" not in first[1] and "1322" in first[1] and "1322" in first[0]
    place(state, "men-1", "0405")           # far off: outside what the search read
    assert kept_search(state, mover_of(state, goblins), "1320", 0) is first
    place(state, "men-1", "1322")           # into a hex the goblins reached
    mover = mover_of(state, goblins)
    second = kept_search(state, mover, "1320", 0)
    assert second is not first and "1322" not in second[0]
    assert list(second[0].items()) == list(search_paths(state, mover, "1320", 0).items())


def test_a_view_shows_every_unit_as_it_stands_now_each_in_an_entry_of_its_own():
    # a piece's view entry is kept with its markers (rules._unit_views_now): after moves,
    # flips, wounds and formations it is the entry written afresh, and changing one view's
    # entry changes no later view
    state = new_game(dice=SeededDice(7))
    rng = random.Random(7)
    for step in range(250):
        view = state.view(step % 2)
        assert view["units"] == [state._unit_view(u) for u in state.units.values()], step
        assert view["leaders"] == [state._leader_view(p) for p in state.leaders.values()]
        view["units"][0]["hex"] = view["leaders"][0]["hex"] = "9999"
        again = state.view(None)
        assert again["units"][0]["hex"] != "9999" and again["leaders"][0]["hex"] != "9999"
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
