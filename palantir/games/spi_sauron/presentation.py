"""How SPI Sauron draws itself (engine/presentation.py): the terminal's map from render.py
and its questions and grouped menu from console.py, the web table's SVG from svg.py, its
decisions on the map and their odds from table_decisions.py."""

from __future__ import annotations

from ...engine.presentation import Presentation
from . import console, render, svg, table_decisions

PRESENTATION = Presentation(
    render_table=render.render_table, help_text=console.terminal_help,
    seat_title=console.seat_title, seat_role=console.seat_role, answer=console.answer,
    menu_groups=console.menu_groups,
    render_svg=svg.render_svg, action_label=svg.action_label, seat_names=svg.seat_names,
    selection=svg.selection, phase_help=svg.phase_help,
    decision_places=table_decisions.decision_places, preview=table_decisions.preview)
