"""Yellow legendary cards and Gandalf cards in their windows (reference, Play 4 and
Legendary cards; gandalf.toml), and the reference's rule 7."""

from palantir.agents import make_agent
from palantir.games.lotr_board_game.phases import windows

from tests.support.positions.board import (GAME, die, draw, more, refused, run, setup, step,
                                           table, tile, used_all)


def test_play_4_mithril_the_roller_ignores_the_face_just_rolled():
    state = table(board="moria", hands=[["mithril"], []], dice=[die("darkness-2")], run=False)
    state.push(("roll", 1))
    state.run()
    # Sam rolled; Frodo, who holds Mithril, is asked in the after-roll window.
    assert state.question[:3] == ("window", 0, "after-roll")
    assert state.legal_actions() == ["yellow mithril", "continue"]
    step(state, "yellow mithril")
    assert state.positions == [0, 0] and "mithril" in state.removed
    assert "mithril" not in state.hands[0]


def test_play_4_mithril_not_played_the_face_is_suffered():
    state = table(board="moria", hands=[["mithril"], []], dice=[die("darkness-2")], run=False)
    state.push(("roll", 0))
    state.run()
    step(state, "continue")
    assert state.positions == [2, 0] and state.hands[0] == ["mithril"]


def test_play_4_belt_the_roller_does_not_roll():
    state = table(board="moria", hands=[[], ["belt"]], run=False)
    state = setup(state, queue=[("roll", 0)])
    state.run()
    assert state.question[:3] == ("window", 1, "before-roll")
    step(state, "yellow belt")
    assert len(state.dice.log) == 0 and state.positions == [0, 0]
    assert "belt" in state.removed


def test_play_4_staff_ignores_the_items_tile_just_revealed():
    state = table(board="moria", hands=[["staff"], []],
                  dice=[tile("three-cards-or-event"), tile("fighting")])
    assert state.question[:3] == ("window", 0, "items-tile")
    step(state, "yellow staff")
    # Nobody is asked for the three cards; the next tile is revealed and the turn goes on.
    assert state.question == ("act", 0) and state.event == 0
    assert state.tracks["fighting"] == 1
    used_all(state)


def test_play_4_phial_the_active_player_reveals_no_tile():
    state = table(board="moria", hands=[[], ["phial"]])
    assert state.question[:3] == ("window", 1, "turn-start")
    step(state, "yellow phial")
    assert state.question == ("act", 0) and state.revealed == []
    assert len(state.dice.log) == 0


def test_play_4_elessar_one_hobbit_heals_1():
    state = table(board="moria", hands=[[], ["elessar"]], positions=[3, 0],
                  dice=[tile("fighting")])
    assert state.question[:3] == ("window", 1, "action")
    assert state.legal_actions() == ["yellow elessar@frodo", "continue"]
    step(state, "yellow elessar@frodo")
    assert state.positions == [2, 0] and state.question == ("act", 0)


def test_play_4_lembas_one_hobbit_draws_until_he_holds_6():
    state = table(board="moria", hands=[["lembas", "white-joker"], []],
                  dice=[tile("fighting")] + [draw("frodo", "grey-hiding")] * 5)
    step(state, "yellow lembas@frodo")
    assert len(state.hands[0]) == 6 and "lembas" in state.removed
    assert all(roll.seen_by == (0,) for roll in state.dice.log[1:])


def test_play_4_miruvor_the_holder_passes_a_card_seen_by_giver_and_receiver_only():
    state = table(players=3, board="moria", hands=[["miruvor", "gimli"], [], []],
                  dice=[tile("fighting")])
    action = "yellow miruvor gimli@pippin"
    assert action in state.legal_actions()
    assert state.decision_audience(action) == (0, 2)
    step(state, action)
    assert state.hands[2] == ["gimli"] and state.hands[0] == []
    assert any("gimli" in line for line in state.narration(2))
    assert not any("gimli" in line for line in state.narration(1))
    assert not any("gimli" in line for line in state.narration(None))


def test_play_5_athelas_one_hobbit_ignores_his_missing_life_tokens():
    state = table(board="moria", hands=[[], ["athelas"]], run=False)
    state = setup(state, queue=[("scenario-end",)])
    more(state, draw("frodo", "white-joker"), draw("frodo", "white-joker"))
    run(state)
    assert state.question[:3] == ("window", 1, "scenario-end")
    step(state, "yellow athelas@sam")
    # Frodo lacks all three types: 3 into darkness; Sam, spared, none.
    assert state.positions == [3, 0]


def test_play_4_gandalf_healing_costs_5_runes_pooled_by_the_group_asked_in_order():
    state = table(board="moria", runes=[2, 3], positions=[4, 0], dice=[tile("hiding")])
    # Only the active player may call Gandalf: Foresight at the turn's start, passed by;
    # the Moria hiding tile gives no rune.
    assert state.question[:3] == ("window", 0, "turn-start")
    step(state, "continue")
    assert state.question[:3] == ("window", 0, "action")
    assert "gandalf healing@frodo" in state.legal_actions()
    step(state, "gandalf healing@frodo")
    assert state.question == ("give", 0)
    step(state, "give rune", "give rune", "pass")
    assert state.question == ("give", 1)
    step(state, "give rune", "give rune", "give rune")
    assert state.runes == [0, 0] and state.positions == [2, 0]
    assert "healing" not in state.gandalf_left
    # Each Gandalf card once: no rune left, and Healing is gone for good.
    assert state.question == ("act", 0)


def test_play_4_gandalf_refused_by_the_group_costs_nothing_and_stays():
    state = table(board="moria", runes=[2, 3], positions=[4, 0], dice=[tile("hiding")])
    step(state, "continue", "gandalf healing@frodo", "give rune", "pass", "pass")
    assert state.runes == [2, 3] and state.positions == [4, 0]
    assert "healing" in state.gandalf_left
    assert state.question[:3] == ("window", 0, "action")


def test_a_gandalf_call_refused_by_the_group_is_not_offered_again_in_that_window():
    # Issue 13, item 8: the heuristic hobbit called Healing again after every refusal by
    # the group (4 times in one window), so a person refusing met the same call forever.
    # Decision (CALLED_HERE): a Gandalf card is called once in a window, paid or refused.
    state = table(board="moria", runes=[2, 3], positions=[4, 0], dice=[tile("hiding")])
    step(state, "continue", "gandalf healing@frodo", "give rune", "pass", "pass")
    assert state.question[:3] == ("window", 0, "action")
    legal = state.legal_actions()
    assert not [a for a in legal if a.startswith("gandalf healing")], legal
    assert "gandalf guidance@fighting" in legal  # another card may still be called
    err = refused(state, "gandalf healing@frodo")
    assert err.rule == windows.CALLED_HERE
    agent = make_agent("heuristic", GAME, 0, 1)
    assert not agent.choose(state.view(0), legal).startswith("gandalf healing")


def test_the_heuristic_hobbit_does_not_repeat_a_refused_gandalf_call():
    # The same, played out by the heuristic in the seat asked: after the group (Sam, a
    # person) refuses Healing, the window moves on instead of asking for it again.
    state = table(board="moria", runes=[2, 3], positions=[4, 0], dice=[tile("hiding")])
    agent = make_agent("heuristic", GAME, 0, 1)
    calls = []
    for _ in range(40):
        if state.question[0] == "act":
            break
        if state.question[0] == "give" and state.question[1] == 1:
            step(state, "pass")  # the person who will not pay
            continue
        choice = str(agent.choose(state.view(0), state.legal_actions()))
        if choice.startswith("gandalf "):
            calls.append(choice.split()[1].partition("@")[0])
        step(state, choice)
    assert state.question == ("act", 0), calls
    assert calls and len(calls) == len(set(calls)), calls  # each card called once at most
    assert set(calls) <= set(state.gandalf_left)  # refused: still face up


def test_play_4_gandalf_needs_5_pooled_runes_and_is_called_by_the_active_player():
    state = table(board="moria", runes=[2, 2], positions=[4, 0], dice=[tile("hiding")])
    assert state.question == ("act", 0)
    state = table(board="moria", runes=[0, 5], positions=[0, 4], dice=[tile("hiding")])
    assert state.question[:2] == ("window", 0)  # Frodo calls, Sam's runes pay


def test_play_4_gandalf_magic_ignores_the_event_just_moved_to_but_not_the_last():
    state = table(board="moria", runes=[5, 0], dice=[tile("event"), tile("fighting")])
    step(state, "continue")
    assert state.question[:3] == ("window", 0, "event")
    step(state, "gandalf magic", *["give rune"] * 5)
    # Speak Friend and Enter is not asked; the next tile is revealed.
    assert state.event == 1 and state.question[0] in ("act", "window")
    assert state.tracks["fighting"] == 1
    state = table(board="moria", runes=[5, 0], dice=[tile("event")], event=5)
    step(state, "continue")
    assert state.question[0] != "window"  # Fly, You Fools! is the last event


def test_play_4_gandalf_guidance_two_jokers_advance_a_track_2():
    state = table(board="moria", runes=[5, 0], dice=[tile("hiding")])
    step(state, "continue", "gandalf guidance@travelling", *["give rune"] * 5)
    assert state.tracks["travelling"] == 2 and state.runes[0] == 2  # rune, rune rewards


def test_play_4_gandalf_persistence_one_hobbit_draws_4():
    state = table(board="moria", runes=[5, 0], dice=[tile("hiding")] +
                  [draw("sam", "white-joker")] * 4)
    step(state, "continue", "gandalf persistence@sam", *["give rune"] * 5)
    assert state.hands[1] == ["white-joker"] * 4


def test_play_4_gandalf_foresight_the_top_3_tiles_in_the_order_chosen():
    state = table(board="moria", runes=[5, 0],
                  dice=[tile("hiding"), tile("event"), tile("fighting"), tile("hiding")],
                  run=False)
    state = setup(state, queue=[("window", "turn-start", None, 0, ()), ("reveal",)])
    run(state)
    step(state, "gandalf foresight", *["give rune"] * 5)
    assert state.question == ("foresight", 0) and len(state.foreseen) == 3
    assert "order fighting event hiding" in state.legal_actions()
    step(state, "order fighting hiding event")
    # The first tile comes from the foreseen row (no roll); fighting ends the revealing.
    assert state.revealed == ["fighting"] and state.foreseen == ["hiding", "event"]


def test_play_4_a_yellow_card_is_not_played_on_a_track_and_refusals_change_nothing():
    state = table(board="moria", hands=[["elessar", "white-joker"], []], positions=[2, 0],
                  dice=[tile("fighting")])
    for wrong in ("yellow elessar@gandalf", "yellow mithril", "gandalf healing@frodo",
                  "play elessar@fighting"):
        refused(state, wrong)


def test_rule_7_a_personal_cost_that_cannot_be_paid_eliminates_the_hobbit():
    state = table(players=3, board="moria", hands=[[], [], []], run=False)
    state = setup(state, queue=[("effect", ("discard-or-eliminated", 1, "active"), None)])
    state = setup(state, active=1)
    state.run()
    assert state.eliminated == [False, True, False] and state.result is None
    state = table(players=3, board="moria", hands=[[], ["white-joker"], []], run=False)
    state = setup(state, queue=[("effect", ("discard-or-eliminated", 1, "active"), None)])
    state = setup(state, active=1)
    state.run()
    assert state.eliminated == [False, False, False] and state.hands[1] == []
