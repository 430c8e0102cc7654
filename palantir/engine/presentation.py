"""How a game draws itself: the one declared set of drawing functions a game provides.

The terminal (palantir play, palantir replay) draws a seat's view as text; the web table
draws it as SVG with buttons labelled for people. A game declares the functions it has in a
`Presentation`; every one it leaves out has the plain default here, so a new game plays at
the terminal and on the web (as its view data) before it draws anything. Every function is
given a seat's view only (`State.view`), never a state: drawing can show nothing hidden.
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

View = Mapping[str, Any]


def json_table(view: View, color: bool = True) -> str:
    """The view as indented JSON: the table of a game that draws no text."""
    return json.dumps(view, indent=1, ensure_ascii=False)


def plain_help(view: View) -> str:
    """The terminal's help where a game explains nothing of its own."""
    return "Type a decision in the game's notation, or the number of one from the list."


def no_note(view: View, action: Any) -> str | None:
    """No word on what a decision leads to."""
    return None


def as_given(actions: Sequence[Any]) -> list:
    """The decisions in the order the state gives them."""
    return list(actions)


def seat_number(view: View, seat: int) -> str:
    """'Seat 2' for seat 1."""
    return f"Seat {seat + 1}"


def label_as_is(label: str) -> str:
    """A seat's player as the terminal labels it: 'human' or 'ai:heuristic'."""
    return label


def no_answer(view: View, legal: Sequence[Any], text: str) -> str | None:
    """No questions about the table: every line typed is a decision."""
    return None


def no_groups(view: View, legal: Sequence[Any]) -> list | None:
    """No grouping: the menu lists every decision."""
    return None


def no_svg(view: View) -> str | None:
    """No drawing: the web table shows the view data."""
    return None


def notation(view: View, text: str) -> str:
    """A decision's button reads its notation."""
    return text


def no_names(view: View) -> list[str] | None:
    """No names of the seats: the web table numbers them."""
    return None


def no_selection(view: View) -> dict | None:
    """Nothing on the drawing to click and select."""
    return None


def no_phase_help(view: View) -> str:
    """No words on the rule of the decision at hand."""
    return ""


def no_places(view: View, texts: Sequence[str]) -> list[dict | None]:
    """No word on where decisions sit: the web table reads places from the notation."""
    return [None] * len(texts)


def line_as_is(line: str) -> str:
    """A line of the log as the game narrates it."""
    return line


def no_preview(view: View, text: str) -> dict | None:
    """Nothing to foresee of a decision before it is taken."""
    return None


def no_choice_odds(view: View, texts: Sequence[str]) -> dict | None:
    """No odds of each choice to show."""
    return None


@dataclass(frozen=True)
class Presentation:
    """The drawing functions of a game, each defaulting to the plain one above.

    Terminal: render_table(view, color) the table as text; help_text(view) the notation and
    the rule of the decision at hand; menu_order(actions) the order the menu lists decisions
    in; menu_note(view, action) a few words on what one leads to; seat_title(view, seat)
    who a seat is ('Frodo'); seat_role(label) the player in it ('human', 'you');
    answer(view, legal, text) the reply to a question typed at the prompt ('inspect 1108'),
    None when the line is no question; menu_groups(view, legal) the decisions as
    [(title, [(action, label), ...]), ...] for a menu too long for one screen, or None.
    Web table: render_svg(view) the board; action_label(view, text)
    a decision's button; seat_names(view) every seat's name; selection(view) what the
    drawing lets a person click (web/table.js); phase_help(view) the rule at hand;
    decision_places(view, texts) for each legal decision where the page offers it (None:
    read from its notation), a dict of: place (the map place, data-hex/-model/-place, it
    is offered at once that place is picked; None: listed apart, under `group`), also
    (the other places that offer it too: a volley at each of its group), target
    (the place clicked to choose it), path, cost and rank (the cheaper first), piece and
    piece_label (which of the place's pieces it moves), members and compose (a decision
    made of several places picked together: compose's "{}" filled with the picked
    members), zone (the places it strikes, shown while it is weighed), label, confirm
    (shown before it is sent) and preview (whether `preview` has
    something to show); preview(view, text) what a legal decision may lead to, e.g. the
    odds of an attack, as JSON; choice_odds(view, texts) the odds of every legal decision
    at once, shown on request, as {"title", "columns", "rows": [{"action", "label",
    "cells", "best"}], "notes"} (None: the game offers none). Both: log_words(line) a line of the narration in the words
    players know (the game narrates in its notation's ids).
    """

    render_table: Callable[..., str] = json_table
    help_text: Callable[[View], str] = plain_help
    menu_order: Callable[[Sequence[Any]], list] = as_given
    menu_note: Callable[[View, Any], str | None] = no_note
    seat_title: Callable[[View, int], str] = seat_number
    seat_role: Callable[[str], str] = label_as_is
    answer: Callable[[View, Sequence[Any], str], str | None] = no_answer
    menu_groups: Callable[[View, Sequence[Any]], list | None] = no_groups
    render_svg: Callable[[View], str | None] = no_svg
    action_label: Callable[[View, str], str] = notation
    seat_names: Callable[[View], list[str] | None] = no_names
    selection: Callable[[View], dict | None] = no_selection
    phase_help: Callable[[View], str] = no_phase_help
    decision_places: Callable[[View, Sequence[str]], list] = no_places
    preview: Callable[[View, str], dict | None] = no_preview
    choice_odds: Callable[[View, Sequence[str]], dict | None] = no_choice_odds
    log_words: Callable[[str], str] = line_as_is


    @property
    def offers_choice_odds(self) -> bool:
        """Whether the game can show the odds of each choice."""
        return self.choice_odds is not no_choice_odds


PLAIN = Presentation()
_loaded: dict[str, Presentation] = {}


def load_presentation(path: str | None) -> Presentation:
    """The Presentation at "module:attribute" (imported once), or PLAIN for None."""
    if path is None:
        return PLAIN
    if path not in _loaded:
        module_name, _, attribute = path.partition(":")
        found = getattr(importlib.import_module(module_name), attribute)
        if not isinstance(found, Presentation):
            raise TypeError(f"{path} is a {type(found).__name__}, not a Presentation")
        _loaded[path] = found
    return _loaded[path]
