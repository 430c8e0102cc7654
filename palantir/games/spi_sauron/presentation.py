"""How SPI Sauron draws itself (engine/presentation.py): the terminal's map from render.py,
the web table's SVG from svg.py, its decisions on the map and their odds from
table_decisions.py."""

from __future__ import annotations

from ...engine.presentation import Presentation
from . import render, svg, table_decisions

PRESENTATION = Presentation(
    render_table=render.render_table, help_text=render.help_text,
    render_svg=svg.render_svg, action_label=svg.action_label, seat_names=svg.seat_names,
    selection=svg.selection, phase_help=svg.phase_help,
    decision_places=table_decisions.decision_places, preview=table_decisions.preview)
