"""How the Lord of the Rings board game draws itself (engine/presentation.py): the
terminal's table and the seats' names from render.py, the web table's SVG from svg.py."""

from __future__ import annotations

from ...engine.presentation import Presentation
from . import render, svg

PRESENTATION = Presentation(
    render_table=render.render_table, help_text=render.help_text, seat_title=render.seat_title,
    seat_names=render.seat_names, render_svg=svg.render_svg, action_label=svg.action_label,
    selection=svg.selection, phase_help=svg.phase_help)
