"""How the Lord of the Rings board game draws itself (engine/presentation.py): the
terminal's table from text_table.py and the seats' names from render.py, the web table's
SVG from svg.py, the decisions' words, groups and the rules help of the moment from
table_words.py."""

from __future__ import annotations

from ...engine.presentation import Presentation
from . import render, svg, table_words, text_table

PRESENTATION = Presentation(
    render_table=text_table.render_table, help_text=table_words.help_text,
    menu_note=table_words.menu_note, seat_title=render.seat_title,
    seat_names=render.seat_names, render_svg=svg.render_svg,
    action_label=table_words.action_label, selection=svg.selection,
    phase_help=table_words.phase_help, menu_groups=table_words.menu_groups,
    decision_places=table_words.decision_places, log_words=table_words.log_words)
