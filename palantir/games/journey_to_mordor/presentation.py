"""How Journey to Mordor draws itself (engine/presentation.py): the terminal's table from
render.py, the web table's SVG from svg.py."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...engine.presentation import Presentation
from . import odds, render, svg

ODDS_WORDS = ("odds",)


def _percent(p: float) -> str:
    """A probability in whole percent, '<1%' for a chance that is small but there."""
    if p < 1e-12:
        return "0%"
    return "<1%" if p < 0.005 else f"{100 * p:.0f}%"


def choice_odds(view: Mapping[str, Any], texts: Sequence[str]) -> dict | None:
    """The odds of each legal decision: P(gain k spaces), expected Nazgûl marks on your
    route, P(elimination), the rest of the turn played for the stated objective."""
    if view["phase"] == "over" or view["to_move"] is None:
        return None
    found = {str(c.action): c for c in odds.view_odds(view)}
    chosen = [found[t] for t in texts if t in found]
    if not chosen:
        return None
    most = max(max(c.p_spaces()) for c in chosen)
    best = max(c.value for c in chosen)
    o = odds.DEFAULT_OBJECTIVE
    return {
        "title": "Odds of each choice (this turn)",
        # The chance of elimination and the Nazgûl first: they fit a narrow column.
        "columns": ["Decision", "P out", "E Nazgûl", "E sp."]
                   + [f"+{k}" for k in range(most + 1)],
        "rows": [{"action": str(c.action), "label": svg.action_label(view, str(c.action)),
                  "best": abs(c.value - best) < 1e-9,
                  "cells": [_percent(c.p_eliminated()), f"{c.expected_marks():.2f}",
                            f"{c.expected_spaces():.2f}"]
                  + [_percent(c.p_spaces().get(k, 0.0)) for k in range(most + 1)]}
                 for c in chosen],
        "notes": [f"Exact, the rest of the turn played to maximise spaces × {o.space:g} "
                  f"(+{o.arrive:g} reaching Mordor) − {o.unit:g} per Nazgûl space lost − "
                  f"{o.eliminated:g} if eliminated. ★ best by that measure. "
                  "+k: P(gain k spaces); E sp.: expected spaces; E Nazgûl: expected marks on your route; "
                  "P out: P(you are eliminated this turn)."],
    }


def answer(view: Mapping[str, Any], legal, text: str) -> str | None:
    """'odds' at the terminal: the odds of each legal decision as a table."""
    if text.strip().lower() not in ODDS_WORDS:
        return None
    table = choice_odds(view, [str(a) for a in legal])
    if table is None:
        return "No odds to show now."
    rows = [table["columns"]] + [[("★ " if r["best"] else "  ") + r["action"]] + r["cells"]
                                 for r in table["rows"]]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [table["title"] + ":"]
    lines += ["  " + "  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                               for i, (cell, w) in enumerate(zip(row, widths))) for row in rows]
    return "\n".join(lines + table["notes"])

PRESENTATION = Presentation(
    render_table=render.render_table, help_text=render.help_text,
    menu_order=render.menu_order, menu_note=render.menu_note, seat_title=render.seat_title,
    render_svg=svg.render_svg, action_label=svg.action_label, seat_names=svg.seat_names,
    selection=svg.selection, phase_help=svg.phase_help, choice_odds=choice_odds,
    answer=answer)
