"""The route and its boards (reference, "Route and boards"): each board's tracks as the
reference lists them, and each step and event carried out — paid and refused — on the
table: Rivendell's Fellowship, Lothlórien, Moria 5, Helm's Deep, Shelob's Lair and
Mordor 1-5 (Bag End, Rivendell's Elrond and Council, Moria 1-4 and 6, Mordor 6 have their
own tests). Also the life-token supply (Components: 5 rings, 3 hearts, 3 suns)."""

from collections import Counter

from tests.support.positions.board import (PARTS, die, draw, revealed, run, setup, step, table,
                                           tile, used_all)

NONE = {"ring": 0, "heart": 0, "sun": 0}


def event(board, k, players=2, dice=(), **fields):
    """The table with the event marker about to move to event `k` of `board`."""
    fields.setdefault("gandalf_left", [])  # no Gandalf card to call in the event window
    return table(players=players, board=board, event=k - 1, dice=[tile("event"), *dice],
                 **fields)


# ----- tracks -----------------------------------------------------------------------------

def test_route_the_journey_and_each_board_s_tracks_as_the_reference_lists_them():
    boards = PARTS.boards
    assert PARTS.journey == ("bag-end", "rivendell", "moria", "lothlorien", "helms-deep",
                             "shelobs-lair", "mordor")
    tracks = {b: {t: ["+".join(s) for s in spaces] for t, spaces in boards[b].tracks.items()}
              for b in ("moria", "helms-deep", "shelobs-lair", "mordor")}
    assert tracks["moria"] == {
        "fighting": ["rune", "rune", "ring", "rune", "rune", "ring", "roll", "rune", "roll",
                     "big-rune"],
        "hiding": ["card:book", "ring", "heart", "ring", "heart", "ring", "heart"],
        "travelling": ["rune", "rune", "sun", "rune", "sun", "rune", "sun"]}
    assert tracks["helms-deep"] == {
        "fighting": ["rune", "rune", "ring", "rune", "rune", "ring", "rune", "rune", "rune",
                     "big-rune"],
        "friendship": ["roll", "card:theoden", "ring", "card:shadowfax", "ring", "card:eomer",
                       "ring"],
        "travelling": ["rune", "heart", "heart", "heart", "rune", "sun", "rune", "sun",
                       "rune", "sun"]}
    assert tracks["shelobs-lair"] == {
        "fighting": ["rune"] * 5 + ["roll", "roll", "big-rune", "ring", "ring"],
        "hiding": ["card:faramir", "ring", "heart", "ring", "heart", "ring", "heart"],
        "travelling": ["rune", "rune", "sun", "rune", "rune", "sun", "rune", "heal", "rune",
                       "sun"]}
    assert tracks["mordor"] == {
        "travelling": ["rune"] * 5 + ["roll"] + ["rune"] * 4 + ["roll", "rune", "roll",
                                                               "roll+rune"],
        "friendship": ["rune", "card:army-of-the-dead", "rune", "card:ghan", "rune",
                       "card:eowyn", "heal"],
        "fighting": ["rune", "heart", "rune", "heart", "rune", "heart", "heal"],
        "hiding": ["rune", "sun", "rune", "sun", "rune", "sun", "heal"]}
    assert [boards[b].main for b in ("moria", "helms-deep", "shelobs-lair", "mordor")] == \
        ["fighting", "fighting", "fighting", "travelling"]
    assert [boards[b].score_at(0) for b in ("moria", "helms-deep", "shelobs-lair")] == \
        [10, 30, 40]


def test_components_life_tokens_5_rings_3_hearts_3_suns_are_enough_for_every_board():
    # Components: "Life tokens (11): 5 rings, 3 hearts, 3 suns", returned after each
    # scenario (Play 5): no board offers more of a kind than the supply holds.
    for board in PARTS.boards.values():
        offered = Counter(item for spaces in board.tracks.values() for space in spaces
                          for item in space if item in ("ring", "heart", "sun"))
        assert offered["ring"] <= 5 and offered["heart"] <= 3 and offered["sun"] <= 3, \
            board.id


# ----- Rivendell and Lothlórien -----------------------------------------------------

def test_rivendell_fellowship_each_player_discards_a_friendship_else_rolls():
    state = table(players=3, board="rivendell", run=False,
                  hands=[["grey-friendship"], [], []],
                  dice=[die("darkness-2"), die("darkness-2")])
    state = setup(state, queue=[("resolve", PARTS.boards["rivendell"].steps[2], None)])
    run(state)
    step(state, "give grey-friendship", "pass", "pass")
    assert state.positions == [0, 1, 2]  # Sam: no more than one damage
    assert state.discards["grey-friendship"] == 1
    used_all(state)


def test_lothlorien_galadriel_deals_the_12_cards_one_at_a_time_from_the_ring_bearer():
    pile = sorted(c for c in PARTS.cards if PARTS.cards[c].board == "lothlorien")
    state = table(board="lothlorien", run=False, ring_bearer=1,
                  dice=[("lothlorien card", c) for c in pile])
    state = setup(state, queue=[("resolve", PARTS.boards["lothlorien"].steps[0], None)])
    run(state)
    assert state.hands[1] == sorted(pile[0::2]) and state.hands[0] == sorted(pile[1::2])
    assert [r.seen_by for r in state.dice.log] == [(1,), (0,)] * 6
    assert state.board_cards["lothlorien"] == []


def test_lothlorien_recovery_each_may_discard_2_runes_to_draw_2_or_heal_1():
    state = table(board="lothlorien", run=False, runes=[2, 0], positions=[2, 0],
                  dice=[tile("fighting")])
    state = setup(state, queue=[("resolve", PARTS.boards["lothlorien"].steps[1], None)])
    run(state)
    step(state, "give rune", "give rune")
    assert state.question == ("choose", 0)
    assert state.legal_actions() == ["choose draw", "choose heal"]
    step(state, "choose heal")
    assert state.positions == [1, 0] and state.runes == [0, 0]
    assert state.question == ("give", 1) and state.legal_actions() == ["pass"]
    step(state, "pass")  # Sam has no runes: nothing happens to him
    assert state.positions == [1, 0] and state.question is None


def test_lothlorien_test_of_galadriel_each_discards_a_joker_else_rolls():
    state = table(board="lothlorien", run=False, hands=[["white-joker"], []],
                  dice=[die("eye")])
    state = setup(state, queue=[("resolve", PARTS.boards["lothlorien"].steps[2], None)])
    run(state)
    step(state, "give white-joker", "pass")
    assert state.sauron == 11 and state.hands[0] == []
    used_all(state)


# ----- Moria 5 ---------------------------------------------------------------------------

def test_moria_5_orcs_attack_the_group_discards_5_fighting_else_eye_eye():
    state = event("moria", 5, hands=[["grey-fighting", "white-fighting", "white-joker"],
                                     ["boromir"]])
    step(state, "give grey-fighting", "give white-fighting", "give white-joker", "pass")
    assert state.question == ("give", 1)
    step(state, "give boromir")  # two fighting symbols: 5 in all
    assert state.sauron == 12 and state.hands == [[], []]
    state = event("moria", 5)
    step(state, "pass", "pass")
    assert state.sauron == 10


# ----- Helm's Deep -------------------------------------------------------------------------

def test_helms_deep_1_wormtongue_unmasked_one_discards_friendship_and_fighting():
    state = event("helms-deep", 1, hands=[[], ["grey-friendship", "grey-fighting"]])
    step(state, "pass", "give grey-friendship", "give grey-fighting")
    assert state.board_cards["helms-deep"] == ["eomer", "riders-of-rohan", "shadowfax",
                                               "theoden"]
    state = event("helms-deep", 1)
    step(state, "pass", "pass")  # else the remaining Helm's Deep cards are discarded
    assert state.board_cards["helms-deep"] == [] and "theoden" in state.removed


def test_helms_deep_2_riders_of_rohan_if_friendship_complete_else_eye_and_ring_bearer_rolls():
    state = event("helms-deep", 2, tracks={"fighting": 0, "friendship": 7, "travelling": 0})
    assert state.hands[0] == ["riders-of-rohan"] and state.sauron == 12
    state = event("helms-deep", 2, ring_bearer=1, dice=[die("darkness-1")])
    assert state.sauron == 11 and state.positions == [0, 1] and state.hands[0] == []


def test_helms_deep_3_orcs_attack_the_gate_if_travelling_s_first_part_else_eye_eye():
    state = event("helms-deep", 3, tracks={"fighting": 0, "friendship": 0, "travelling": 5},
                  dice=[draw("frodo", "white-joker"), draw("sam", "grey-hiding")])
    assert state.hands == [["white-joker"], ["grey-hiding"]] and state.sauron == 12
    state = event("helms-deep", 3, tracks={"fighting": 0, "friendship": 0, "travelling": 4})
    assert state.sauron == 10 and state.hands == [[], []]


def test_helms_deep_4_fire_of_orthanc_two_matching_symbols_else_each_rolls():
    state = event("helms-deep", 4, hands=[["grey-hiding", "white-joker"], []],
                  dice=[revealed("white-hiding")])
    step(state, "give grey-hiding", "give white-joker")
    assert state.hands[0] == [] and state.sauron == 12
    state = event("helms-deep", 4, dice=[revealed("white-hiding"), die("eye"), die("eye")])
    step(state, "pass")
    assert state.sauron == 10


def test_helms_deep_5_orcs_storm_forward_the_group_discards_a_heart_a_sun_and_a_ring():
    life = [{"ring": 1, "heart": 1, "sun": 0}, {"ring": 0, "heart": 0, "sun": 1}]
    state = event("helms-deep", 5, life=life)
    step(state, "give heart", "give ring", "pass", "give sun")
    assert state.life == [NONE, NONE] and state.sauron == 12
    state = event("helms-deep", 5, life=[dict(x) for x in life])
    step(state, "pass", "pass")
    assert state.sauron == 10 and state.life == life


def test_helms_deep_6_orcs_conquer_travelling_complete_eye_eye_else_also_two_rolls():
    # The last event: it resolves, then the scenario ends (Play 5).
    state = event("helms-deep", 6, tracks={"fighting": 0, "friendship": 0, "travelling": 10},
                  sauron=15, life=[{"ring": 1, "heart": 1, "sun": 1}] * 2, difficulty="easy",
                  dice=[draw("frodo", "white-joker")] * 2)
    assert state.sauron == 13 and state.board.id == "shelobs-lair"
    state = event("helms-deep", 6, sauron=15, difficulty="easy",
                  life=[{"ring": 1, "heart": 1, "sun": 1}] * 2,
                  dice=[die("darkness-1"), die("darkness-2")] + [draw("frodo", "white-joker")] * 2)
    assert state.sauron == 13 and state.positions == [3, 0]


# ----- Shelob's Lair -----------------------------------------------------------------------

def test_shelobs_lair_1_gollum_the_group_may_discard_7_runes_for_gollum_and_2_cards_each_other():
    state = event("shelobs-lair", 1, players=3, runes=[4, 3, 0],
                  dice=[draw("sam", "white-joker")] * 2 + [draw("pippin", "grey-hiding")] * 2)
    step(state, *["give rune"] * 4, "pass", *["give rune"] * 3)
    assert state.hands == [["gollum"], ["white-joker"] * 2, ["grey-hiding"] * 2]
    assert state.runes == [0, 0, 0]
    state = event("shelobs-lair", 1, runes=[7, 0])
    step(state, "pass", "pass")  # "may": refused, nothing happens
    assert state.hands == [[], []] and state.sauron == 12 and state.runes == [7, 0]


def test_shelobs_lair_2_faces_of_the_dead_each_discards_a_joker_else_3_runes():
    state = event("shelobs-lair", 2, hands=[["white-joker"], []], runes=[4, 4])
    step(state, "give white-joker", "pass")
    assert state.runes == [4, 1] and state.hands[0] == []


def test_shelobs_lair_3_the_forbidden_pool_one_discards_5_runes_then_each_draws_1():
    state = event("shelobs-lair", 3, runes=[0, 5],
                  dice=[draw("frodo", "white-joker"), draw("sam", "white-hiding")])
    step(state, "pass", *["give rune"] * 5)
    assert state.hands == [["white-joker"], ["white-hiding"]] and state.runes == [0, 0]
    state = event("shelobs-lair", 3, runes=[0, 4])
    step(state, "pass", "pass")
    assert state.sauron == 10 and state.runes == [0, 4]


def test_shelobs_lair_4_the_lord_of_the_nazgul_searches_the_ring_bearer_matches_3_to_heal():
    state = event("shelobs-lair", 4, positions=[2, 0],
                  hands=[["grey-fighting", "white-fighting", "white-joker"], []],
                  dice=[revealed("grey-fighting")])
    step(state, "give grey-fighting", "give white-fighting", "give white-joker")
    assert state.positions == [1, 0]
    state = event("shelobs-lair", 4, dice=[revealed("grey-fighting"), die("darkness-3"),
                                           die("darkness-3")])
    step(state, "pass")
    assert state.positions == [3, 1]  # else each player rolls


def test_shelobs_lair_5_shelob_appears_the_active_player_rolls_twice_else_eye_eye():
    state = event("shelobs-lair", 5, dice=[die("darkness-1"), die("blank")])
    step(state, "take")
    assert state.positions == [1, 0] and state.sauron == 12
    state = event("shelobs-lair", 5)
    step(state, "pass")
    assert state.sauron == 10


def test_shelobs_lair_6_shelob_attacks_the_group_discards_7_fighting_else_three_eyes():
    state = event("shelobs-lair", 6, sauron=15, difficulty="easy",
                  life=[{"ring": 1, "heart": 1, "sun": 1}] * 2,
                  dice=[draw("frodo", "white-joker")] * 2)
    step(state, "pass", "pass")
    assert state.sauron == 12 and state.board.id == "mordor"


# ----- Mordor 1-5 -------------------------------------------------------------------------

def test_mordor_1_sam_saves_frodo_each_may_discard_3_runes_to_draw_2_or_heal_1():
    state = event("mordor", 1, runes=[3, 3], positions=[0, 2],
                  dice=[draw("frodo", "white-joker"), draw("frodo", "grey-hiding")])
    step(state, *["give rune"] * 3, "choose draw", *["give rune"] * 3, "choose heal")
    assert state.hands[0] == ["grey-hiding", "white-joker"] and state.positions == [0, 1]


def test_mordor_2_the_lord_of_the_nazgul_attacks_one_discards_eowyn_else_each_rolls():
    state = event("mordor", 2, hands=[[], ["eowyn"]],
                  dice=[draw("frodo", "white-joker"), draw("sam", "grey-hiding")])
    step(state, "pass", "give eowyn")
    assert state.hands == [["white-joker"], ["grey-hiding"]] and "eowyn" in state.removed
    state = event("mordor", 2, dice=[die("eye"), die("eye")])
    step(state, "pass", "pass")
    assert state.sauron == 10


def test_mordor_3_battle_of_the_pelennor_fields_each_discards_a_heart_else_rolls_and_2_cards():
    state = event("mordor", 3, life=[{"ring": 0, "heart": 1, "sun": 0}, dict(NONE)],
                  hands=[[], ["white-joker", "grey-hiding", "grey-fighting"]],
                  dice=[die("blank")])
    step(state, "give heart", "pass")
    assert state.life[0]["heart"] == 0
    assert state.question == ("discard", 1, 2)
    step(state, "discard grey-hiding", "discard white-joker")
    assert state.hands[1] == ["grey-fighting"]


def test_mordor_4_the_mouth_of_sauron_each_discards_a_sun_else_rolls_and_2_cards():
    state = event("mordor", 4, life=[dict(NONE), {"ring": 0, "heart": 0, "sun": 1}],
                  hands=[["white-joker"], []], dice=[die("darkness-1")])
    step(state, "pass", "give sun")
    assert state.positions == [1, 0] and state.hands[0] == []  # one card: all he has
    assert state.life[1]["sun"] == 0


def test_mordor_5_surrounded_by_dark_forces_the_group_discards_7_cards_else_three_eyes():
    hands = [["white-joker"] * 4, ["grey-hiding"] * 3]
    state = event("mordor", 5, hands=hands)
    step(state, *["give white-joker"] * 4, "pass", *["give grey-hiding"] * 3)
    assert state.hands == [[], []] and state.sauron == 12
    state = event("mordor", 5, hands=[h[:] for h in hands])
    step(state, "pass", "pass")
    assert state.sauron == 9
