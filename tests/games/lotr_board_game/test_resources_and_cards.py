"""The Sauron expansion's Resources and Cards (rules/lotr-board-game-sauron-expansion.txt):
the resource tokens laid out at Preparation and taken as the tracks reach them, the six
resource cards (Narya, Nenya, Vilya, Star of Elendil, Gwaihir, Red Arrow) and the five
Fellowship cards (Frodo, Sam, Pippin, Merry, Fatty)."""

import json
from collections import Counter

import pytest

from tests.support.positions.board import (GAME, PARTS, die, draw, refused, run, sauron_setup,
                                           setup, snapshot, step, table, tile, used_all)
from palantir.engine.errors import IllegalAction
from palantir.games.lotr_board_game.phases.resources import RESOURCE_TOKEN

SAURON = {"expansion": "sauron"}


def token(name):
    """The scripted draw of a resource token."""
    return (RESOURCE_TOKEN, name)


def until(state, window, seat):
    """Answer `continue` to every other window until `window` asks `seat`."""
    while state.question[0] == "window" and state.question[1:3] != (seat, window):
        step(state, "continue")
    assert state.question[:3] == ("window", seat, window)
    return state


def moria(tokens=("narya", "three-runes", "two-towards-light", "three-hobbit-cards"),
          dice=(), **fields):
    """Moria with the expansion, its four tokens scripted, not yet run."""
    return table(board="moria", options=SAURON, run=False,
                 dice=sauron_setup("sauron-13", "sauron-14", tokens=tokens) + list(dice),
                 **fields)


# ----- Resources ----------------------------------------------------------------------

def test_resources_preparation_six_cards_face_up_four_tokens_above_the_4th_and_last_spaces():
    # "Lay out the six resource cards face up ... draw four of them at random and place
    # each one face up above the fourth and last space of each track other than the main
    # track."
    state = moria()
    assert state.resource_pile == list(PARTS.resource_cards)
    assert state.resource_spaces == {("hiding", 4): "narya", ("hiding", 7): "three-runes",
                                     ("travelling", 4): "two-towards-light",
                                     ("travelling", 7): "three-hobbit-cards"}
    assert sum(state.resource_tokens.values()) == 8  # "Shuffle the 12 resource tokens"
    draws = [roll for roll in state.dice.log if roll.die == RESOURCE_TOKEN]
    assert len(draws) == 4 and all(roll.seen_by is None for roll in draws)  # face up
    view = state.view(0)
    assert ["hiding", 4, "narya"] in view["resource_spaces"]
    assert view["resource_pile"] == list(PARTS.resource_cards)


def test_resources_a_bonus_token_goes_to_the_active_player_with_the_space_s_own_reward():
    # "the active player discards the resource token and receives the bonus together with
    # the bonus of the space itself": hiding 4 is a ring space, its token three runes.
    state = moria(tokens=("three-runes", "narya", "nenya", "vilya"),
                  tracks={"fighting": 0, "hiding": 3, "travelling": 0})
    state = setup(state, queue=[("advance", "hiding", 1, True)])
    run(state)
    assert state.runes == [3, 0] and state.life[0]["ring"] == 1
    assert ("hiding", 4) not in state.resource_spaces
    assert state.tokens_out == ["three-runes"]


def test_resources_a_marker_moved_past_the_space_takes_the_token_too():
    # "advances a progress marker onto or past a space with a resource token": two
    # spaces from 3 pass space 4 (three hobbit cards, then two steps towards the light).
    state = moria(tokens=("three-hobbit-cards", "narya", "two-towards-light", "vilya"),
                  dice=[draw("frodo", "white-joker")] * 3, positions=[3, 0],
                  tracks={"fighting": 0, "hiding": 3, "travelling": 3})
    state = setup(state, queue=[("advance", "hiding", 2, True), ("advance", "travelling", 1, True)])
    run(state)
    assert state.hands[0] == ["white-joker"] * 3
    assert state.positions[0] == 1  # "two steps toward the light, if possible"
    used_all(state)


def test_resources_a_card_token_gives_the_resource_card_from_the_face_up_pile():
    # "Add the corresponding resources to your deck": the token of Narya gives Narya.
    state = moria(tracks={"fighting": 0, "hiding": 3, "travelling": 0})
    state = setup(state, queue=[("advance", "hiding", 1, True)])
    run(state)
    assert state.hands[0] == ["narya"] and "narya" not in state.resource_pile
    assert any("receives the resource card narya" in line for line in state.narration(1))


def test_resources_not_when_the_ring_skips_the_space():
    # "This does not apply when the space is skipped as a consequence of using the Ring."
    state = moria(dice=[die("blank")], tracks={"fighting": 0, "hiding": 2, "travelling": 0})
    state = setup(state, queue=[("ring", "hiding")])
    run(state)
    assert state.tracks["hiding"] == 6 and state.hands[0] == []
    assert state.resource_spaces[("hiding", 4)] == "narya"


def test_resources_only_the_active_player_receives_the_bonus():
    # "Resource bonuses may not be passed to another player": Sam is active.
    state = moria(tokens=("three-runes", "narya", "nenya", "vilya"), active=1,
                  tracks={"fighting": 0, "hiding": 3, "travelling": 0})
    state = setup(state, queue=[("advance", "hiding", 1, True)])
    run(state)
    assert state.runes == [0, 3]


def test_end_of_an_adventure_the_tokens_left_are_discarded_and_four_new_at_the_next_board():
    # End of an Adventure: "Also discard all remaining resource tokens ... When you move on
    # to the next board, draw four new resource tokens ... only to the first three boards".
    state = moria(dice=[("nazgul card", "nazgul-5"), draw("frodo", "white-joker"),
                        draw("frodo", "white-joker")])
    state = setup(state, queue=[("scenario-end",)])
    run(state)
    assert state.resource_spaces == {}
    assert sorted(state.tokens_out) == sorted(["narya", "three-runes", "two-towards-light",
                                               "three-hobbit-cards"])
    assert state.resource_pile == list(PARTS.resource_cards)  # the cards stay face up
    state = table(board="helms-deep", options=SAURON, run=False,
                  dice=sauron_setup(tokens=("nenya", "vilya", "gwaihir", "red-arrow")))
    assert set(state.resource_spaces) == {("friendship", 4), ("friendship", 7),
                                          ("travelling", 4), ("travelling", 10)}
    state = table(board="mordor", options=SAURON, run=False, dice=sauron_setup(tokens=()))
    assert state.resource_spaces == {}  # the fourth conflict board: none


# ----- Cards: the resource cards -------------------------------------------------------

def test_cards_narya_after_an_activity_token_is_revealed_advances_its_track_two_spaces():
    # Narya, Nenya, Vilya: "after the event tokens have been revealed ... The active player
    # may advance the corresponding action of the token" two spaces, collecting them.
    state = table(board="moria", options=SAURON, hands=[[], ["narya"]],
                  dice=sauron_setup(tokens=("three-runes",) * 2 + ("vilya", "nenya"))
                  + [("sauron card", "sauron-2"), tile("travelling")])
    step(state, "draw")  # Sauron draws at the start of Frodo's turn
    assert state.question[:3] == ("window", 1, "tile")
    assert "resource narya" in state.legal_actions()
    step(state, "resource narya")
    # Two spaces for Narya, then the token's own: rune, rune, sun.
    assert state.tracks["travelling"] == 3 and state.runes[0] == 2
    assert state.life[0]["sun"] == 1
    assert "narya" not in state.hands[1] and "narya" in state.removed
    assert state.question[:2] == ("act", 0)


def test_cards_vilya_in_the_action_window_after_the_tokens_were_carried_out():
    state = table(board="moria", options=SAURON, hands=[["vilya"], []],
                  dice=sauron_setup() + [("sauron card", "sauron-2"), tile("hiding")])
    step(state, "draw", "continue")  # not at the token: after it was carried out
    assert state.tracks["hiding"] == 1
    assert state.question[:3] == ("window", 0, "action")
    step(state, "resource vilya")
    assert state.tracks["hiding"] == 3 and state.question[:2] == ("act", 0)


def test_cards_a_ring_is_not_offered_after_a_token_that_is_no_activity():
    state = table(board="moria", options=SAURON, hands=[["nenya"], []],
                  dice=sauron_setup() + [("sauron card", "sauron-2"),
                                         tile("ring-bearer-darkness"), tile("fighting")])
    step(state, "draw")
    # The darkness token was carried out without asking; the activity token asks.
    assert state.positions[0] == 1
    assert state.question[:3] == ("window", 0, "tile") and state.question[5] == ("fighting",)


def test_cards_star_of_elendil_pushes_the_black_rider_back_five_steps_not_past_15():
    # Star of Elendil: "pushed back 5 steps along its line of movement (but no further than
    # step 15 if it is moving from Mordor, and no further than step 0 if it is moving
    # toward Mordor)".
    state = table(board="moria", options=SAURON, hands=[["star-of-elendil"], []],
                  rider=8, dice=sauron_setup() + [("sauron card", "sauron-2"), tile("hiding")])
    step(state, "draw")
    assert state.question[:3] == ("window", 0, "action")
    step(state, "resource star-of-elendil")
    assert state.rider == 13
    state = table(board="moria", options=SAURON, hands=[["star-of-elendil"], []],
                  rider=12, dice=sauron_setup() + [("sauron card", "sauron-2"), tile("hiding")])
    step(state, "draw", "resource star-of-elendil")
    assert state.rider == 15
    state = table(board="moria", options=SAURON, hands=[["star-of-elendil"], []],
                  rider=3, rider_returning=True,
                  dice=sauron_setup() + [("sauron card", "sauron-2"), tile("hiding")])
    step(state, "draw", "resource star-of-elendil")
    assert state.rider == 0 and state.rider_returning


def test_cards_star_of_elendil_as_the_black_rider_is_about_to_ride():
    # Sauron plays Black Rider 3 at the turn's start; the window before it rides.
    state = table(board="moria", options=SAURON, hands=[[], ["star-of-elendil"]],
                  positions=[4, 0], rider=9,
                  dice=sauron_setup("sauron-6", "sauron-13") + [tile("hiding")])
    step(state, "sauron sauron-6")
    assert state.question[:3] == ("window", 1, "after-roll")  # offered when played, too
    step(state, "continue")
    assert state.question[:3] == ("window", 1, "black-rider")
    step(state, "resource star-of-elendil")
    assert state.rider == 11  # 9 + 5 = 14, then 3 towards the hobbits
    assert not state.rider_returning


def test_cards_gwaihir_at_the_turn_s_end_takes_back_a_card_played_not_a_discarded_one():
    # Gwaihir: "used when the active player ends their turn. The active player may then
    # take one white or grey card played during the turn. Discarded cards may not be taken."
    state = table(board="moria", options=SAURON,
                  hands=[["grey-fighting", "white-travelling", "white-joker"], ["gwaihir"]],
                  discards=Counter({"grey-hiding": 1}),  # discarded earlier: not to be taken
                  dice=sauron_setup() + [("sauron card", "sauron-2"), tile("fighting")])
    step(state, "draw")
    step(state, "play grey-fighting@fighting white-travelling@travelling")
    # Gwaihir is in a hand, so the window asks every hobbit holding a card in turn (the
    # active player first, who holds no card of it: issue 13, A), then its holder.
    assert state.question[:3] == ("window", 0, "turn-end")
    assert state.legal_actions() == ["continue"]
    step(state, "continue")
    assert state.question[:3] == ("window", 1, "turn-end")
    assert sorted(a for a in state.legal_actions() if a.startswith("resource")) == [
        "resource gwaihir grey-fighting", "resource gwaihir white-travelling"]
    step(state, "resource gwaihir grey-fighting")
    assert state.hands[0] == ["grey-fighting", "white-joker"]
    assert state.discards == {"grey-hiding": 1, "white-travelling": 1}


def test_cards_red_arrow_takes_a_legendary_card_played_in_this_adventure():
    # Red Arrow: "The active player may then add to hand one of the creature cards (not
    # resource cards) shown and used during the adventure."
    state = table(board="moria", options=SAURON,
                  hands=[["gimli", "legolas"], ["red-arrow"]], removed=["boromir"],
                  dice=sauron_setup() + [("sauron card", "sauron-2"), tile("travelling"),
                                         ("sauron card", "sauron-3"), tile("travelling")])
    step(state, "draw")
    assert state.question[:2] == ("act", 0)  # nothing played here yet: not asked
    step(state, "play gimli@fighting")
    assert state.used_here == ["gimli"]
    step(state, "draw")  # Sauron at the start of Sam's turn; Sam is active
    assert state.question[:3] == ("window", 1, "action")
    # Boromir left the game on another board: only Gimli was used in this adventure.
    assert [a for a in state.legal_actions() if a.startswith("resource")] == [
        "resource red-arrow gimli"]
    step(state, "resource red-arrow gimli")
    assert state.hands[1] == ["gimli"] and "gimli" not in state.removed
    assert "red-arrow" in state.removed  # used, it leaves the game


def test_cards_a_resource_card_is_not_played_on_a_track_and_a_refusal_changes_nothing():
    state = table(board="moria", options=SAURON, hands=[["narya", "white-joker"], []],
                  dice=sauron_setup() + [("sauron card", "sauron-2"), tile("fighting")])
    step(state, "draw")
    while state.question[0] != "act":
        step(state, "continue")
    assert "not played on a track" in str(refused(state, "play narya@hiding"))


# ----- Cards: the Fellowship cards -----------------------------------------------------

def test_fellowship_cards_face_up_beside_each_hobbit_unused_ones_removed():
    # Preparation: "Unused Fellowship cards are removed from the game."
    state = GAME.new_state({"players": 3, **SAURON}, __import__(
        "palantir.engine.dice", fromlist=["SeededDice"]).SeededDice(1))
    assert state.fellowship_cards == ["frodo", "sam", "pippin"]
    assert state.view(None)["fellowship_cards"] == ["frodo", "sam", "pippin"]
    assert GAME.new_state({"players": 3}, state.dice).fellowship_cards == []


def test_fellowship_frodo_after_a_token_is_revealed_moves_a_track_one_space_and_carries_it_out():
    # Frodo: "immediately after the active player reveals an event token ... The active
    # player may then move the progress marker along one of the progress tracks by one
    # space and carry it out." Used by Frodo on Sam's turn.
    state = table(board="moria", options=SAURON, fellowship_cards=["frodo"], active=1,
                  dice=sauron_setup() + [("sauron card", "sauron-2"), tile("event")])
    step(state, "draw")
    assert state.question[:3] == ("window", 0, "tile")
    assert state.legal_actions() == ["fellowship frodo@fighting", "fellowship frodo@hiding",
                                     "fellowship frodo@travelling", "continue"]
    step(state, "fellowship frodo@fighting")
    assert state.tracks["fighting"] == 1 and state.runes == [0, 1]  # the active player's
    assert state.fellowship_cards == []  # once in the game


def test_fellowship_frodo_immediately_after_a_sauron_card():
    state = table(board="moria", options=SAURON, fellowship_cards=["frodo"],
                  dice=sauron_setup("sauron-13", "sauron-14") + [tile("fighting")])
    step(state, "sauron sauron-13")
    assert state.question[:3] == ("window", 0, "after-roll")
    step(state, "fellowship frodo@travelling")
    assert state.tracks["travelling"] == 1 and state.fellowship_cards == []
    assert state.runes[0] == 2  # travelling's first rune, then the fighting token's


def test_fellowship_sam_a_card_played_instead_of_a_roll_hits_with_one_symbol_only():
    # Sam: "when the Sauron player is called instead of a die roll and uses a card against
    # any player, Sam may use this card. The affected player must then choose one of the
    # consequences (one symbol!)".
    state = table(board="moria", options=SAURON, fellowship_cards=["sam"],
                  hands=[["white-joker"], []],
                  dice=sauron_setup("sauron-19", "sauron-1"), run=False)
    state = setup(state, queue=[("roll", 0)])
    run(state)
    step(state, "sauron sauron-19")  # darkness 1 and discard a card
    assert state.question[:3] == ("window", 1, "after-roll")
    step(state, "fellowship sam")
    assert state.question == ("sauron-symbol", 0, "sauron-19")
    step(state, "suffer discard-card")
    assert state.positions[0] == 0 and state.hands[0] == []


def test_fellowship_sam_not_at_the_start_of_a_turn_where_one_symbol_is_the_rule():
    state = table(board="moria", options=SAURON, fellowship_cards=["sam"],
                  hands=[["white-joker"], []],
                  dice=sauron_setup("sauron-19", "sauron-1") + [tile("fighting")])
    step(state, "sauron sauron-19")
    assert state.question == ("sauron-symbol", 0, "sauron-19")


def test_fellowship_pippin_the_active_player_plays_three_cards_of_any_colours():
    # Pippin: "The active player may then discard a total of three brown/grey cards at the
    # end of their turn instead of one brown and one grey card."
    hand = ["white-fighting", "white-hiding", "white-travelling"]
    state = table(board="moria", options=SAURON, fellowship_cards=["pippin"], players=3,
                  hands=[hand, [], []],
                  dice=sauron_setup() + [("sauron card", "sauron-2"), tile("fighting")])
    step(state, "draw")
    assert state.question[:3] == ("window", 2, "action")
    before = snapshot(state)
    step(state, "continue")
    with pytest.raises(IllegalAction):
        state.apply("play white-fighting@fighting white-hiding@hiding")  # two white
    state.__dict__.update(before)
    step(state, "fellowship pippin")
    play = "play white-fighting@fighting white-hiding@hiding white-travelling@travelling"
    assert play in state.legal_actions()
    step(state, play)
    assert state.tracks == {"fighting": 2, "hiding": 1, "travelling": 1}


def test_fellowship_pippin_without_the_card_three_cards_are_refused_by_name():
    state = table(board="moria", options=SAURON,
                  hands=[["white-fighting", "grey-hiding", "grey-travelling"], []],
                  dice=sauron_setup() + [("sauron card", "sauron-2"), tile("fighting")])
    step(state, "draw")
    with pytest.raises(IllegalAction) as err:
        state.apply("play white-fighting@fighting grey-hiding@hiding grey-travelling@travelling")
    assert "three" in err.value.rule and "3 cards in one turn" in str(err.value)


def test_fellowship_merry_the_black_rider_approaching_does_not_move():
    # Merry: "Merry may use this card when the Black Rider approaches him. The movement of
    # the Black Rider is then avoided."
    state = table(board="moria", options=SAURON, fellowship_cards=["merry"], players=4,
                  positions=[4, 0, 0, 0], rider=7,
                  dice=sauron_setup("sauron-6", "sauron-13") + [tile("fighting")])
    step(state, "sauron sauron-6")  # Black Rider 3: would meet the Ring-bearer on 4
    assert state.question[:3] == ("window", 3, "black-rider")
    step(state, "fellowship merry")
    assert state.rider == 7 and not state.rider_returning
    assert state.fellowship_cards == []


def test_fellowship_fatty_calls_a_used_gandalf_card_for_five_runes():
    # Fatty: "at any time during the game, Fatty may use this card. The Fellowship may
    # then discard five runes to call any face-up or discarded Gandalf card."
    state = table(board="moria", options=SAURON, fellowship_cards=["fatty"], players=5,
                  positions=[3, 0, 0, 0, 0], runes=[0, 0, 0, 0, 5],
                  gandalf_left=["magic", "guidance", "persistence", "protection",
                                "foresight-bag"],
                  dice=sauron_setup() + [("sauron card", "sauron-2"), tile("fighting")])
    step(state, "draw")
    until(state, "action", 4)  # Healing was used already
    assert "fellowship fatty healing@frodo" in state.legal_actions()
    # The five runes asked of the group in order from the active player.
    step(state, "fellowship fatty healing@frodo", *["pass"] * 4, *["give rune"] * 5)
    assert state.positions[0] == 1 and state.runes[4] == 0
    assert "healing" not in state.gandalf_left and state.fellowship_cards == []


def test_fellowship_cards_are_public_and_used_once():
    state = table(board="moria", options=SAURON, fellowship_cards=["frodo", "sam"],
                  dice=sauron_setup("sauron-13", "sauron-14") + [tile("fighting")])
    step(state, "sauron sauron-13", "fellowship frodo@hiding")
    view = state.view(1)
    assert view["fellowship_cards"] == ["sam"]
    assert "fellowship frodo@" not in json.dumps(state.legal_actions())
    refused(state, "fellowship frodo@hiding")  # used once already
