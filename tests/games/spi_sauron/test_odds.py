"""The odds shown before an attack (issue 12 item 6): exact chances from the referee's own
functions, checked against the rulebook's tables worked by hand (7.33's example, 7.41,
7.42, 7.26, 8.37) and against the real resolution rolled many times."""

from collections import Counter
from fractions import Fraction
import re

from palantir.engine.dice import SeededDice
from palantir.games.spi_sauron.components import default_components
from palantir.games.spi_sauron.notation import Attack, Duel, Fire
from palantir.games.spi_sauron import SpiSauron
from palantir.games.spi_sauron.odds import casualty_distribution, distribution, odds_of
from palantir.games.spi_sauron.table_decisions import decision_places

from tests.support.positions.spi import cleared, mark, place, setup

PARTS = default_components()


def chances(rows):
    """{result: Fraction} of an odds answer's rows."""
    return {r["result"]: Fraction(r["exact"]) for r in rows}


def combat(side="sauron", turn=1):
    return cleared(f"{side}-combat", turn, SeededDice(0))


def test_the_dice_are_enumerated_once_each():
    found = distribution(lambda dice: int(dice.roll("a", "123456")) + int(dice.roll("b", "123456")))
    assert found[7] == Fraction(6, 36) and found[2] == Fraction(1, 36)
    assert sum(found.values()) == 1 and len(found) == 11


def test_the_rulebook_example_of_7_33_b_against_3_y():
    # 7.41: B vs armour 3 needs 2-7 (21 of 36); 7.42 column Y: 1-2 E, 3 1/2E r1, 4-5 r2
    found = {(r.text if r else None): c for r, c in
             casualty_distribution(PARTS, "B", 3, "Y").items()}
    assert found[None] == Fraction(15, 36)
    assert found["E"] == Fraction(21, 36) * Fraction(2, 6)
    assert found["1/2E, r1"] == Fraction(21, 36) / 6
    assert found["r2"] == Fraction(21, 36) * Fraction(2, 6)


def test_7_37_a_fanatical_attacker_always_reaches_the_results_table():
    found = casualty_distribution(PARTS, "E", 4, "Z", fanatic=True)
    assert None not in found and found[PARTS.casualty_results[1, "Z"]] == Fraction(4, 6)


def test_melee_in_rough_terrain_adds_one_to_the_armour():
    # 4.3 errata: Rough +1. Men D-3-X in rough 0611 defend at 4: D vs 4 needs 2-5 (10/36)
    state = combat()
    place(state, "orcs-1", "0610")
    place(state, "men-1", "0611")
    odds = odds_of(state, Attack("0611", ("0610",)))
    attack = odds["attacks"][0]
    assert (attack["strength"], attack["armour"], attack["morale"]) == ("D", 4, "X")
    assert Fraction(attack["casualty"]["exact"]) == Fraction(10, 36)
    assert any("rough" in m and "4.3" in m for m in attack["modifiers"])


def test_an_up_slope_hexside_adds_its_armour():
    # 4.3: 0509 is above 0510; Men D-3-X attacked from below defend at 4
    state = combat()
    place(state, "orcs-1", "0510")
    place(state, "men-1", "0509")
    attack = odds_of(state, Attack("0509", ("0510",)))["attacks"][0]
    assert attack["armour"] == 4
    assert any("slope" in m for m in attack["modifiers"])


def test_night_orcs_are_fanatical_and_defend_one_morale_better():
    state = combat("sauron", turn=15)
    place(state, "orcs-1", "0504")
    place(state, "men-1", "0505")
    attack = odds_of(state, Attack("0505", ("0504",)))["attacks"][0]
    assert attack["fanatical"] and Fraction(attack["casualty"]["exact"]) == 1
    assert any("7.37" in m for m in attack["modifiers"])
    state = combat("westernesse", turn=15)
    place(state, "orcs-1", "0504")
    place(state, "men-1", "0505")
    attack = odds_of(state, Attack("0504", ("0505",)))["attacks"][0]
    assert attack["morale"] == "X" and any("15.4 B" in m for m in attack["modifiers"])


def test_a_second_attack_falls_only_if_the_first_did_nothing():
    # 7.32: every casualty result moves or kills the defender, so the melee's "no effect"
    # is the product of the attacks' chances of no effect
    state = combat()
    place(state, "orcs-1", "0504")
    place(state, "orcs-2", "0604")
    place(state, "men-1", "0505")
    odds = odds_of(state, Attack("0505", ("0504", "0604")))
    single = chances(odds["attacks"][0]["results"])
    nothing = single["no casualty"] + single.get("no effect", 0)
    overall = chances(odds["overall"])
    assert overall["no effect"] == nothing * nothing
    assert sum(overall.values()) == 1


def test_missile_fire_uses_the_missile_strength_and_no_slope():
    state = combat("westernesse")
    place(state, "archers-1", "0510")
    place(state, "goblins-1", "0509")
    attack = odds_of(state, Fire("0510", "0509"))["attacks"][0]
    assert (attack["strength"], attack["armour"]) == ("E", 2)    # 7.17, 7.18
    assert attack["modifiers"][0] == "missile strength e"          # not its melee strength


def test_a_leader_duel_at_even_ratings_reads_the_0_column():
    state = combat("westernesse")
    place(state, "men-1", "0504")
    place(state, "orcs-1", "0505")
    elendil, foe = state.leaders["elendil"], None
    for key, piece in state.leaders.items():
        if piece.side == "sauron" and piece.rally == elendil.rally:
            foe = piece
    assert foe is not None
    place(state, "elendil", "0504", weapon=None)
    place(state, foe.key, "0505")
    odds = odds_of(state, Duel("elendil", foe.key))
    # 7.26 column 0: 1 A1/2e, 2-3 Ar2, 4 -, 5 Dr2, 6 D1/2e
    assert chances(odds["overall"]) == {"A1/2e": Fraction(1, 6), "Ar2": Fraction(2, 6),
                                        "no effect": Fraction(1, 6), "Dr2": Fraction(1, 6),
                                        "D1/2e": Fraction(1, 6)}
    # 19.1.1: with Narsil he fights one better, column +1: 1-2 Ar2, 3 -, 4 Dr2, 5-6 D1/2e
    mark(state, "elendil", weapon="narsil")
    odds = odds_of(state, Duel("elendil", foe.key))
    assert "Elendil rating 10, +1 Narsil (19.1.1) = 11" in odds["modifiers"]  # its name
    assert chances(odds["overall"]) == {"Ar2": Fraction(2, 6), "no effect": Fraction(1, 6),
                                        "Dr2": Fraction(1, 6), "D1/2e": Fraction(2, 6)}
    assert any("19.1.1" in m for m in odds["modifiers"])


# ----- against the real resolution -----------------------------------------------------------

def real_results(state, action, rolls):
    """The Casualty Results Table cell of each of `rolls` resolutions by the referee."""
    found = Counter()
    for seed in range(rolls):
        trial = state.clone(dice=SeededDice(seed))
        trial.apply(action)
        text = " ".join(trial.news)
        cell = re.search(r"vs morale \w: ([^;.]+?)(?:$| [A-Z(])", text)
        found[cell.group(1) if cell else "no casualty"] += 1
    return found


def test_the_exact_odds_agree_with_the_referee_rolled_600_times():
    state = combat()
    place(state, "trolls-1", "0504")      # B
    place(state, "men-1", "0505")         # 3, X
    action = Attack("0505", ("0504",))
    exact = chances(odds_of(state, action)["attacks"][0]["results"])
    rolls = 600
    seen = real_results(state, action, rolls)
    assert set(seen) <= set(exact)
    for result, chance in exact.items():
        p = float(chance)
        sigma = (p * (1 - p) / rolls) ** 0.5
        assert abs(seen[result] / rolls - p) <= 4 * sigma + 1e-9, (result, seen, exact)


# ----- the Beast (17.2.2, 17.3) ----------------------------------------------------------------

def with_beast(key, hex_name, turn=15):
    state = cleared(key, turn, SeededDice(0))
    setup(state, beast={"hex": hex_name})
    state._zoc.clear()
    return state


def test_a_melee_on_the_beast_wounds_it_on_a_half_elimination():
    # 17.3.2 B: armour 4, morale X. B vs 4 needs 3-6 (14/36); 7.42 X: 1/2E on 1-3
    state = with_beast("westernesse-combat", "0505")
    place(state, "swordsmen-1", "0504")
    odds = odds_of(state, Attack("beast", ("0504",)))
    assert odds["attacks"][0]["casualty"]["exact"] == "7/18"
    overall = chances(odds["overall"])
    assert overall == {"wounded": Fraction(14, 36) / 2, "no effect": 1 - Fraction(14, 36) / 2}
    setup(state, beast={"reduced": True})                 # wounded already: a 1/2E slays it (17.3.3)
    assert chances(odds_of(state, Attack("beast", ("0504",)))["overall"])[
        "the Beast is slain"] == Fraction(14, 36) / 2


def test_the_horn_attack_strikes_at_a():
    # 17.2.2: A vs Men's armour 3 needs 2-8 (26/36)
    state = with_beast("sauron-combat", "0504")
    place(state, "men-1", "0505")
    attack = odds_of(state, Attack("0505", ("beast",)))["attacks"][0]
    assert attack["strength"] == "A" and attack["casualty"]["exact"] == "13/18"


def test_every_decision_of_a_game_has_a_place_on_the_map_and_its_odds():
    # issue 12 items 5 and 6: over a seeded game by the general, every decision the page
    # places is at a hex of the map (or listed apart), and every fire, duel, melee and
    # rally has odds summing to one
    game = SpiSauron()
    state = game.new_state({}, SeededDice(3))
    agents = [game.heuristic_agent(seat, 3) for seat in (0, 1)]
    hexes = set(state.hexmap.terrain)
    looked = with_odds = 0
    while not state.is_over():
        seat = state.to_move()
        legal = state.legal_actions()
        view = state.view(seat)
        if looked % 7 == 0 or state.phase.kind != "movement":
            for action, spot in zip(legal, decision_places(view, [str(a) for a in legal])):
                for key in ("place", "target"):
                    assert spot.get(key) is None or spot[key] in hexes, (action, spot)
                assert all(m in hexes for m in spot.get("members", ())), (action, spot)
                if spot.get("preview"):
                    odds = odds_of(state, action)
                    assert sum(Fraction(r["exact"]) for r in odds["overall"]) == 1
                    with_odds += 1
        looked += 1
        state.apply(agents[seat].choose(view, legal))
    assert with_odds > 20
