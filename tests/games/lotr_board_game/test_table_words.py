"""The decisions, prompts and rules help of the board game in words (issue 13, items 4 and
5): card names instead of raw ids, every prompt saying what is pending and what refusing
costs, the turn's plays grouped by card and track, the rules help of the moment made from
the game's data; and none of it names a card another seat holds (hidden information)."""

from __future__ import annotations

import itertools
import random
import re

import pytest

from palantir.agents import make_agent
from palantir.engine.dice import SeededDice
from palantir.engine.errors import IllegalAction
from palantir.games.lotr_board_game import table_words
from palantir.games.lotr_board_game.presentation import PRESENTATION

from tests.support import Diverged, MirrorDice

from tests.support.positions.board import GAME, PARTS

RAW_ID = re.compile(r"\b(white|grey)-(fighting|hiding|travelling|friendship|joker)\b|"
                    r"\bsauron-\d|\bnazgul-\d")


def seeded_prompts(seed, options):
    """Every decision of more than one choice in a seeded game of heuristic seats, with the
    state and view of the seat asked."""
    options = GAME.validate_options(options)
    state = GAME.new_state(options, SeededDice(seed))
    agents = [make_agent("heuristic", GAME, s, seed * 97 + s) for s in range(state.players)]
    while (seat := state.to_move()) is not None:
        legal = [str(a) for a in state.legal_actions()]
        view = state.view(seat)
        if len(legal) > 1:
            yield state, seat, view, legal
        state.apply(agents[seat].choose(view, legal))


GAMES = [(3, {"players": 3}), (3, {"players": 3, "expansion": "sauron"})]


def test_card_names_not_raw_ids_in_the_labels():
    """Issue 13, item 4: 'white-friendship' is shown as 'Friendship (white)'."""
    view = {"question": {"kind": "act", "seat": 0}}
    label = PRESENTATION.action_label(view, "play white-friendship@friendship aragorn@hiding")
    assert label == "Play Friendship (white) on friendship, Aragorn on hiding"
    assert PRESENTATION.action_label(view, "discard grey-hiding") == "Discard Hiding (grey)"
    assert PRESENTATION.action_label({"question": {"kind": "sauron-call"}},
                                     "sauron sauron-1") == ("Play Sauron card 1: the Black "
                                                            "Rider advances 2")


@pytest.mark.parametrize("seed,options", GAMES)
def test_every_label_and_prompt_of_a_seeded_game_is_in_words(seed, options):
    """Issue 13, item 4: no raw card id in any decision's label; each prompt says what is
    asked; `continue` at a window reads as one clear choice; a give's `pass` says what the
    refusal costs, from the event's data."""
    passes = 0
    for state, seat, view, legal in seeded_prompts(seed, options):
        prompt = table_words.prompt(view)
        assert prompt and not RAW_ID.search(prompt), prompt
        for text in legal:
            label = PRESENTATION.action_label(view, text)
            assert not RAW_ID.search(label), (text, label)
        if view["question"]["kind"] == "window":
            assert "continue" in legal
            assert PRESENTATION.action_label(view, "continue") == table_words.CONTINUE
            # what the window holds up, from the view's (public) procedure
            assert "a moment to play a card: " in prompt and "; next: " in prompt, prompt
        res = table_words.asked_resolution(view)
        if view["question"]["kind"] == "give" and res is not None and res.otherwise:
            assert "pass: " in prompt
            label = PRESENTATION.action_label(view, "pass")
            refusal = table_words.effects_words(res.otherwise, table_words.REFUSER)
            assert label.startswith("Pass: ") and refusal in label
            passes += 1
    assert passes > 0


def test_a_refusal_says_what_it_costs():
    """'pass: Sauron moves 1 towards you' (issue 13, item 4), from Moria's first event."""
    event = PARTS.boards["moria"].events[0]
    assert event.otherwise == (("eye", 1),)
    assert table_words.effects_words(event.otherwise) == "Sauron moves 1 towards the hobbits"
    assert table_words.resolution_words(event).endswith(
        "otherwise Sauron moves 1 towards the hobbits")


@pytest.mark.parametrize("seed,options", GAMES)
def test_the_turn_s_plays_are_grouped_by_card_and_track(seed, options):
    """Issue 13, item 4: a menu of hundreds of plays becomes at most ~40 entries, each
    legal decision in exactly one group; the web table's buttons likewise."""
    longest = 0
    for state, seat, view, legal in seeded_prompts(seed, options):
        groups = PRESENTATION.menu_groups(view, legal)
        if groups is None:
            continue
        listed = [a for _, items in groups for a, _ in items]
        assert sorted(listed) == sorted(legal)
        assert len(groups) <= table_words.MOST_BUTTONS, [t for t, _ in groups]
        places = PRESENTATION.decision_places(view, legal)
        assert all("place" in p and p["place"] is None for p in places)  # listed, grouped
        shown = {p.get("group") or p["label"] for p in places}
        assert len(shown) <= table_words.MOST_BUTTONS
        # A group opened on the page (the others' toggles hidden): its plays, its toggle
        # and the decisions on their own fit (the whole game by clicks met 41 once).
        named = [p["group"] for p in places if p.get("group")]
        if named:
            alone = len(places) - len(named)
            opened = alone + 1 + max(named.count(g) for g in set(named))
            assert opened <= table_words.MOST_BUTTONS, (alone, opened)
            assert alone + len(set(named)) <= table_words.MOST_BUTTONS, (alone, set(named))
        longest = max(longest, len(legal))
    assert longest > table_words.MOST_BUTTONS  # a long menu was met and grouped


@pytest.mark.parametrize("seed,options", GAMES)
def test_rules_help_of_the_moment(seed, options):
    """Issue 13, item 5: the help names the event in progress, the board's next spaces and
    what they give, the next event, and what Sauron may do now."""
    seen = set()
    for state, seat, view, legal in seeded_prompts(seed, options):
        help_ = PRESENTATION.phase_help(view)
        assert help_.startswith("Now: ")
        assert "Sauron" in help_
        board = PARTS.boards[view["board"]]
        if board.kind == "conflict":
            assert f"{board.main} (main" in help_
            if view["event"] < len(board.events):
                assert board.events[view["event"]].name in help_
        res = table_words.asked_resolution(view) or table_words.pending_resolution(view)
        if res is not None:
            assert "Event in progress: " + res.name in help_
            seen.add("event")
        if view["question"]["kind"] in ("sauron-start", "sauron-call"):
            assert "Now, " in help_ and "your Sauron card " in help_
            seen.add("sauron")
        terminal = PRESENTATION.help_text(view)
        # the terminal wraps the same words at its own width
        assert " ".join(terminal.split()).endswith(" ".join(help_.split())[-20:])
        assert terminal.count("Now: ") == 1
    assert "event" in seen and ("sauron" in seen or "expansion" not in options)


# The events' and tiles' own names, public words that may contain a card's name ('Test of
# Galadriel'): a card's name in them is no card named.
EVENT_NAMES = " ".join(r.name for b in PARTS.boards.values() for r in b.events + b.steps) + \
    " ".join(t.resolution.name for t in PARTS.tiles.values() if t.resolution)


@pytest.mark.parametrize("seed,options", GAMES)
def test_no_word_names_another_seat_s_hidden_card(seed, options):
    """Hidden information: the labels, prompt and help a seat gets name no card that only
    another seat holds (the functions see the seat's view alone)."""
    for state, seat, view, legal in seeded_prompts(seed, options):
        for other in range(state.players):
            shown = state.view(other)
            own = set(shown.get("hand") or ()) | set(shown.get("sauron_hand") or ())
            public = {item for _, item in (shown["question"] or {}).get("pot", ())}
            board = PARTS.boards[shown["board"]]
            public |= {r.partition(":")[2] for spaces in board.tracks.values()
                       for space in spaces for r in space}
            # help_text adds only the notation's fixed lines to phase_help
            words = PRESENTATION.phase_help(shown) + " " + table_words.prompt(shown) + " "
            if other == seat:
                words += " ".join(PRESENTATION.action_label(shown, t) for t in legal) + " "
            own_names = {table_words.card_name(c) for c in own | public}
            for holder in range(state.players):
                if holder == other:
                    continue
                held = list(state.hands[holder]) if holder < state.n else \
                    list(getattr(state, "sauron_hand", ()))
                for card in held:
                    # 'Gandalf' also names the wizard whose (public) cards are called
                    if card in own or card in public or card == "gandalf" or \
                            table_words.card_name(card) in EVENT_NAMES:
                        continue
                    name = table_words.card_name(card)
                    if name in own_names:
                        continue
                    assert card not in words.split() and f" {name} " not in words, \
                        (other, holder, card)


@pytest.mark.parametrize("options,swap_from", [({"players": 3}, 0),
                                               ({"players": 3, "expansion": "sauron"}, 0),
                                               ({"players": 3, "expansion": "sauron"}, 40)])
def test_twin_games_differing_in_one_hidden_card_read_the_same_to_everyone_else(options,
                                                                               swap_from):
    """Hidden information (tests/support/twins.py): two games that differ only in one card
    dealt face down give every seat that may not see it the same table, prompt, help,
    labels and groups, decision after decision."""
    options = GAME.validate_options(options)
    first = GAME.new_state(options, SeededDice(7))
    mirror = MirrorDice(first.dice, swap_from, 7)
    second = GAME.new_state(options, mirror)
    rng = random.Random(7)
    compared = 0
    for _ in range(150):
        if first.is_over():
            break
        if mirror.swapped is not None:
            for seat in [s for s in range(first.players) if s not in mirror.seers] + [None]:
                one, two = first.view(seat), second.view(seat)
                for draw in (PRESENTATION.render_table, PRESENTATION.help_text,
                             PRESENTATION.phase_help, table_words.prompt):
                    assert draw(one) == draw(two), (seat, draw)
                if seat == first.to_move():
                    legal = [str(a) for a in first.legal_actions()]
                    assert PRESENTATION.menu_groups(one, legal) == \
                        PRESENTATION.menu_groups(two, legal)
                    assert [PRESENTATION.action_label(one, t) for t in legal] == \
                        [PRESENTATION.action_label(two, t) for t in legal]
                compared += 1
        legal = first.legal_actions()
        text = str(legal[rng.randrange(len(legal))])
        first.apply(first.parse_action(text))
        try:
            second.apply(second.parse_action(text))
        except (IllegalAction, Diverged):
            break      # the seat that holds the difference played it
    assert compared > 20     # seats and spectators compared once the card differed


# Every id the narration may name a piece by: cards, Sauron and Nazgûl cards, the tiles and
# die faces of more than one word, the resource tokens, the special rune.
PIECE_IDS = sorted({*PARTS.cards, *(f.id for f in PARTS.sauron_cards),
                    *(f.id for f in PARTS.nazgul_cards),
                    *(t for t in PARTS.tiles if "-" in t),
                    *(f for f in PARTS.die_faces if "-" in f), *PARTS.resource_tokens,
                    "big-rune"}, key=len, reverse=True)
PIECE_ID = re.compile(r"(?<![\w-])(?:card:|token:)?(" + "|".join(map(re.escape, PIECE_IDS))
                      + r")(?![\w-])")


def seeded_log(seed, options):
    """Every line of a seeded game's narration, for every seat and the spectator."""
    options = GAME.validate_options(options)
    state = GAME.new_state(options, SeededDice(seed))
    agents = [make_agent("heuristic", GAME, s, seed * 97 + s) for s in range(state.players)]
    lines = []
    while True:
        for viewer in [*range(state.players), None]:
            lines += state.narration(viewer)
        if (seat := state.to_move()) is None:
            return lines
        state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))


@pytest.mark.parametrize("seed,options", [(3, {"players": 3, "expansion": "sauron"}),
                                          (5, {"players": 4, "bag": True})])
def test_the_log_names_cards_as_players_know_them(seed, options):
    """Issue 13, item 2: the log says 'Friendship (white)', 'Sauron card 16', 'Gimli', the
    tile's words — never the notation's ids (`white-friendship`, `nazgul-7`)."""
    raw = seeded_log(seed, options)
    assert any(PIECE_ID.search(line) for line in raw)  # the rules narrate in ids
    told = [PRESENTATION.log_words(line) for line in raw]
    named = [(line, m.group(0)) for line in told for m in PIECE_ID.finditer(line)]
    assert not named, named[:5]
    text = "\n".join(told)
    assert re.search(r"\b(Friendship|Fighting|Hiding|Travelling|Joker) \((white|grey)\)",
                     text)
    if options.get("expansion"):
        assert re.search(r"Sauron plays Sauron card \d+ \(", text)
        assert "Nazgûl card " in text


@pytest.mark.parametrize("seed", [3, 4])
def test_no_group_of_pippin_s_three_card_plays_holds_more_than_fit(seed):
    """Issue 13, item 3: with Pippin's Fellowship card a hobbit plays up to three cards,
    and one card on one track led a group of up to 140 plays; a group too long is split by
    the second card, so no page shows more than MOST_BUTTONS buttons, nor an opened group
    (the terminal pages a long group to its screen itself)."""
    most, three = 0, False
    for state, seat, view, legal in seeded_prompts(seed, {"players": 3,
                                                          "expansion": "sauron"}):
        three = three or any(len(text.split()) > 3 for text in legal)
        places = PRESENTATION.decision_places(view, legal)
        buttons: dict = {}
        for place in places:
            buttons[place.get("group")] = buttons.get(place.get("group"), 0) + 1
        assert all(n <= table_words.MOST_BUTTONS for n in buttons.values()), buttons
        if len(legal) > table_words.MOST_BUTTONS:  # one button a group, or a decision
            assert len(buttons) - 1 + buttons.get(None, 1) <= table_words.MOST_BUTTONS
        most = max(most, len(legal))
    assert three and most > 3 * table_words.MOST_BUTTONS  # Pippin's long menus were met


# What a screen might show by mistake: the narration's ids and the expansion's Sauron event
# tokens and dark event tiles ('active-calls-sauron').
SCREEN_IDS = sorted({*PIECE_IDS, *(t for t in PARTS.sauron_tokens if "-" in t),
                     *(t for t in PARTS.dark_events if "-" in t)}, key=len, reverse=True)
SCREEN_ID = re.compile(r"(?<![\w@-])(" + "|".join(map(re.escape, SCREEN_IDS)) + r")(?![\w@-])")
SCREEN_GAMES = GAMES + [(5, {"players": 4, "bag": True}),
                        (4, {"players": 4, "expansion": "sauron", "dark_events": True})]


@pytest.mark.parametrize("seed,options", SCREEN_GAMES)
def test_rules_help_and_terminal_table_name_no_piece_by_its_id(seed, options):
    """Issue 13, items 5 and 6: the rules help (web and terminal) and the terminal table
    name resource tokens ('Nenya', '2 steps towards the light'), story tiles and die faces
    by the words of the data, never by their ids ('two-towards-light', 'nenya',
    'active-calls-sauron', 'darkness-2'); the table's lines stay within 99 columns. The
    terminal help's notation block (what a person types) is left out of the scan."""
    seen = set()
    for state, seat, view, legal in seeded_prompts(seed, options):
        situation = PRESENTATION.help_text(view).rpartition("\n\n")[2]
        table = PRESENTATION.render_table(view, color=False)
        for where, text in (("help", PRESENTATION.phase_help(view)), ("terminal help", situation),
                            ("table", table), ("prompt", table_words.prompt(view))):
            found = SCREEN_ID.search(text)
            assert found is None, (where, found.group(0), text)
        assert all(len(line) <= 99 for line in table.splitlines()), table
        seen.update(token for _, _, token in view.get("resource_spaces", ()))
        seen.update(view.get("revealed", ()))
    assert seen & set(SCREEN_IDS)   # the ids were there to be named


@pytest.mark.parametrize("seed,options", SCREEN_GAMES[1:2] + SCREEN_GAMES[3:])
def test_the_log_s_decision_line_is_in_words(seed, options):
    """Issue 13, item 2: the web log's line for a decision read 'Sauron: sauron sauron-30';
    each decision of a seeded game reads in words ('plays Sauron card 30: ...'), no id."""
    options = GAME.validate_options(options)
    state = GAME.new_state(options, SeededDice(seed))
    agents = [make_agent("heuristic", GAME, s, seed * 97 + s) for s in range(state.players)]
    verbs = set()
    while (seat := state.to_move()) is not None:
        action = agents[seat].choose(state.view(seat), state.legal_actions())
        said = PRESENTATION.log_words(str(action))
        found = SCREEN_ID.search(said)
        assert found is None, (str(action), said)
        assert said != str(action) and said[0].isupper(), (str(action), said)
        verbs.add(str(action).split()[0])
        state.apply(action)
    assert {"sauron", "play"} <= verbs
    assert PRESENTATION.log_words("sauron sauron-30").startswith("Play Sauron card 30: ")


# The cards and tracks of a hand the whole game by clicks met with Pippin's card (a play
# of up to three cards): 1,191 plays, cut into 42 runs and 44 buttons on the closed page.
HAND = ["anduril@fighting", "aragorn@fighting", "aragorn@hiding", "aragorn@travelling",
        "book@hiding", "glamdring@fighting", "glamdring@hiding", "glamdring@travelling",
        "grey-hiding@hiding", "grey-travelling@travelling", "legolas@hiding",
        "white-fighting@fighting", "white-fighting@hiding", "white-fighting@travelling",
        "white-hiding@fighting", "white-hiding@hiding", "white-hiding@travelling",
        "white-joker@fighting", "white-joker@hiding", "white-joker@travelling"]


def pippin_plays(most: int) -> list[str]:
    """The first `most` decisions of a long turn: the decisions on their own, then the
    plays of one, two and three different cards, listed by length (so one second card's
    plays are not listed together)."""
    texts = ["draw", "heal", "ring fighting", "ring hiding", "ring travelling"]
    for size in (1, 2, 3):
        for combo in itertools.permutations(HAND, size):
            cards = {play.split("@")[0] for play in combo}
            if len(cards) == size and list(combo[1:]) == sorted(combo[1:]):
                texts.append("play " + " ".join(combo))
    return texts[:most]


@pytest.mark.parametrize("most", [400, 1191, 1300])
def test_a_turn_of_a_thousand_plays_fits_the_page_closed_and_opened(most):
    """Issue 13, item 4: however the plays are listed, the closed page (a button a group
    and the decisions on their own) and an opened group (its plays, its toggle and the
    decisions on their own) each hold at most MOST_BUTTONS buttons, every play in one
    group; before, 1,191 such plays gave a group of 176 plays."""
    texts = pippin_plays(most)
    groups = table_words.groups_of(None, texts)
    named = [g for g in groups if g is not None]
    alone = len(texts) - len(named)
    assert alone == 2  # draw and heal; the Ring's three tracks are a group
    assert alone + len(set(named)) <= table_words.MOST_BUTTONS
    assert alone + 1 + max(named.count(g) for g in set(named)) <= table_words.MOST_BUTTONS
    assert all(g.startswith("Play ") or g == "Put on the Ring" for g in set(named))
