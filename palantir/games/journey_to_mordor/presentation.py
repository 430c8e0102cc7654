"""How Journey to Mordor draws itself (engine/presentation.py): the terminal's table from
render.py, the web table's SVG from svg.py."""

from __future__ import annotations

import textwrap
from typing import Any, Mapping, Sequence

from ...engine.presentation import Presentation
from . import odds, render, svg

ODDS_WORDS = ("odds",)


def _percent(p: float) -> str:
    """A probability in whole percent, '<1%' for a chance that is small but there."""
    if p < 1e-12:
        return "0%"
    return "<1%" if p < 0.005 else f"{100 * p:.0f}%"


def _win_percent(p: float) -> str:
    """A chance of winning to a tenth of a percent (choices often differ by less than one)."""
    if p < 1e-12:
        return "0%"
    if p > 1 - 1e-12:
        return "100%"
    return "<0.1%" if p < 0.0005 else ">99.9%" if p > 0.9995 else f"{100 * p:.1f}%"


TURN_LEGEND = ("+k: P(gain k spaces); E sp.: expected spaces; E Nazgûl: expected marks on your "
               "route; P out: P(you are eliminated this turn).")


def choice_odds(view: Mapping[str, Any], texts: Sequence[str]) -> dict | None:
    """The odds of each legal decision, by the policy the optimal-turn agent plays (odds.
    decision_odds): in the two-player basic game its chance of winning (P win, `p_win`)
    with the turn's results played for it, the agent's choice marked (`best`, `agent`);
    elsewhere the one-turn objective's. The rows of both the web table and the terminal."""
    if view["phase"] == "over" or view["to_move"] is None:
        return None
    found = odds.decision_odds(view, texts)
    if found is None:
        return None
    chosen = found.choices
    most = max(max(c.p_spaces()) for c in chosen)
    turn_columns = ["P out", "E Nazgûl", "E sp."] + [f"+{k}" for k in range(most + 1)]

    def turn_cells(c: odds.ChoiceOdds) -> list[str]:
        """The turn's results: elimination and the Nazgûl first (they fit a narrow column)."""
        return ([_percent(c.p_eliminated()), f"{c.expected_marks():.2f}",
                 f"{c.expected_spaces():.2f}"]
                + [_percent(c.p_spaces().get(k, 0.0)) for k in range(most + 1)])

    def row(i: int, c: odds.ChoiceOdds, best: bool) -> dict:
        """One decision's row."""
        return {"action": str(c.action), "label": svg.action_label(view, str(c.action)),
                "best": best, "agent": i == found.agent, "cells": turn_cells(c)}

    if found.win_chance:
        rows = []
        for i, c in enumerate(chosen):
            r = row(i, c, i == found.agent)
            r["p_win"] = min(1.0, max(0.0, c.value))  # sums of floats may pass 1 by an ulp
            r["cells"] = [_win_percent(c.value)] + r["cells"]
            rows.append(r)
        return {
            "title": "Odds of each choice (this turn played for the chance of winning, "
                     "as the optimal-turn agent plays)",
            "columns": ["Decision", "P win"] + turn_columns,
            "rows": rows,
            "notes": ["Exact. P win: your chance of winning the game if you take this "
                      "decision and play the rest of the turn for it, as the optimal-turn "
                      "agent does (the later turns as its chain plays them: each player's "
                      "turn by the one-turn objective); a shared victory counts as its "
                      "share. ★ the agent's choice (the highest P win, the first of equals). "
                      "The turn's results under that play: " + TURN_LEGEND],
        }
    o = odds.DEFAULT_OBJECTIVE
    best = max(c.value for c in chosen)
    return {
        "title": "Odds of each choice (this turn)",
        "columns": ["Decision"] + turn_columns,
        "rows": [row(i, c, abs(c.value - best) < 1e-9) for i, c in enumerate(chosen)],
        "notes": [f"Exact, the rest of the turn played to maximise spaces × {o.space:g} "
                  f"(+{o.arrive:g} reaching Mordor) − {o.unit:g} per Nazgûl space lost − "
                  f"{o.eliminated:g} if eliminated. ★ best by that measure. " + TURN_LEGEND,
                  "The chance of winning is given for two-player basic games only "
                  "(the default dice and routes)."],
    }


TERMINAL_WIDTH = 100


def answer(view: Mapping[str, Any], legal, text: str) -> str | None:
    """'odds' at the terminal: the odds of each legal decision as a table, in 100 columns."""
    if text.strip().lower() not in ODDS_WORDS:
        return None
    table = choice_odds(view, [str(a) for a in legal])
    if table is None:
        return "No odds to show now."
    rows = [table["columns"]] + [[("★ " if r["best"] else "  ") + r["action"]] + r["cells"]
                                 for r in table["rows"]]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    # Two spaces between columns, one where that would pass the width (Rivendell's keeps
    # of four dice, named one by one, and six +k columns come to 100).
    gap = "  " if 2 + sum(widths) + 2 * (len(widths) - 1) <= TERMINAL_WIDTH else " "
    lines = textwrap.wrap(table["title"] + ":", TERMINAL_WIDTH)
    lines += ["  " + gap.join(cell.ljust(w) if i == 0 else cell.rjust(w)
                              for i, (cell, w) in enumerate(zip(row, widths))) for row in rows]
    for note in table["notes"]:
        lines += textwrap.wrap(note, TERMINAL_WIDTH)
    return "\n".join(lines)

PRESENTATION = Presentation(
    render_table=render.render_table, help_text=render.help_text,
    menu_order=render.menu_order, menu_note=render.menu_note, seat_title=render.seat_title,
    render_svg=svg.render_svg, action_label=svg.action_label, seat_names=svg.seat_names,
    selection=svg.selection, phase_help=svg.phase_help, choice_odds=choice_odds,
    answer=answer)
