"""How the Strategy Battle Game draws itself (engine/presentation.py): the terminal's map
and help from render.py, its menu in words from words.py; the web table's SVG from svg.py,
its decisions on the table and their paths and odds from table_decisions.py."""

from __future__ import annotations

from ...engine.presentation import Presentation
from . import render, svg, table_decisions

PRESENTATION = Presentation(
    render_table=render.render_table, help_text=render.help_text, seat_title=render.seat_title,
    render_svg=svg.render_svg, action_label=svg.action_label, seat_names=svg.seat_names,
    selection=svg.selection, phase_help=svg.phase_help, menu_note=render.menu_note,
    decision_places=table_decisions.decision_places, preview=table_decisions.preview)
