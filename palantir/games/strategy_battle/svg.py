"""The battle as SVG, drawn from a seat's view alone (the web table can show it): the table,
its terrain, every base with its id and wounds, control zones, lines between fighters, and
for each model what it can reach and see: its move, its missile's range, and a line of sight
to every enemy it sees ('Can I See?': green where nothing is in the way, amber past things
in the way, numbered).

Each base carries `data-model` (its id) so a page can let a player click models. A model's
reach is drawn inside its group, hidden until the model is picked (class `picked`, set by
the web table) or hovered; the model whose decisions are listed first is shown at once.
The sight lines are worked out from the view rebuilt into a state (reading.py: the terrain
the view carries, the models' profiles), never from anything the view does not show.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any, Mapping

from . import StrategyBattle
from . import table as geo
from .candidates import movable, move_order
from .reading import state_of

WIDTH = 760                      # pixels across the table
GOING_FILL = {"open": "#d9c9a3", "difficult": "#a08a5a", "woods": "#5f8a4a",
              "impassable": "#6e6e6e"}
SIDE_FILL = {"good": "#2f63c4", "evil": "#c8312b"}


def seat_names(view: Mapping[str, Any]) -> list[str]:
    """The seats' names at the table: seat 0 commands Good, seat 1 Evil."""
    return ["Good", "Evil"]


def action_label(view: Mapping[str, Any], text: str) -> str:
    """A decision as the web table lists it, with the model's profile for moves and shots;
    a move to where the model stands says that it stays put."""
    words = text.split()
    models = {m["id"]: m for m in view["models"]}
    if len(words) >= 2 and words[0] in ("move", "charge", "shoot") and words[1] in models:
        m = models[words[1]]
        if words[0] == "move" and len(words) == 3 and _stays(m, words[2]):
            return f"{text} ({m['profile']} stays put)"
        return f"{text} ({m['profile']})"
    return text


def _stays(model: Mapping[str, Any], point: str) -> bool:
    try:
        x, y = (float(v) for v in point.split(","))
    except ValueError:
        return False
    return math.dist((x, y), (model["x"], model["y"])) < 0.001


def selection(view: Mapping[str, Any]) -> None:
    """Nothing to select and set aside (the battle's picking is by its decisions' places)."""
    return None


# what the page lets a player do, phase by phase (web/table.js, table_decisions.py)
PAGE_HELP = {
    "move": ("Click one of your models: the shaded area is where it can move this turn. "
             "Click anywhere in it, or drag the model there (the path and its cost follow "
             "the pointer), and the referee finds the path, drawn with its cost; "
             "'Do it' makes the move. Click an enemy it sees within its move to charge it "
             "(the path into contact is found, with the odds of the fight). The buttons "
             "beside the table are the suggested moves in words. A Hero's magical powers "
             "are buttons of his own once he is picked: choose one, then click its target. "
             "'done' ends your moves."),
    "shoot": ("Click one of your models that may shoot, then a highlighted enemy: the chance "
              "to hit and to wound, with what is in the way, is shown before you shoot. "
              "'done' ends your shots."),
    "fight": ("Click the button of the next fight: the exact chance of each outcome is "
              "shown before it is fought ('Do it'). Each question of the fight (shields, "
              "Might, strikes, backing away, spears, weapons) is a button in words."),
}
# a table with a fortress: its pieces are clicked as models are ('The Fortress')
FORTRESS_HELP = ("At the fortress: click a gate, door or ladder for what your models beside it "
                 "may do with it (open, close, bolt, unbolt, raise, pull down); click a ram or "
                 "charge to take it up or put it down, or to haul it: then click a point on "
                 "the table, and the crew's way there and its cost are shown first.")
BATTERING_HELP = ("Battering: click a warrior or ram of yours, then the highlighted gate, door "
                  "or wall it strikes (a charge: click it to set it off); the chance of each "
                  "blow is shown before 'Do it'. 'done' ends your battering.")
TOOLS_HELP = ("Hover a model for its profile, wargear, Might, Will and Fate left and what it "
              "has done; its move, missile range and sight lines to the enemies it sees "
              "(amber: something in the way) are drawn while it is picked or hovered. "
              "'Ruler' measures between two points or two models (edge to edge); under "
              "'Show on the map' the control zones can be hidden and every missile's range "
              "shown.")


def phase_help(view: Mapping[str, Any]) -> str:
    """What the decision at hand is about and how the page takes it: every decision by
    clicks on the table or a button, none typed."""
    question = view.get("question")
    if view.get("result"):
        now = "The game is over."
    elif question and question.get("kind") == "siege":
        now = BATTERING_HELP
    elif question:
        now = (f"{question['side']} answers a question ({question['kind']}): click one "
               "of the buttons; each says in words what it does.")
    else:
        now = PAGE_HELP.get(view["phase"], "")
        if view["phase"] == "move" and view["table"].get("fortress"):
            now += "\n\n" + FORTRESS_HELP
    return now + "\n\n" + TOOLS_HELP


BAND = 24    # px above the table for the status line
MARGIN = 12  # px around the table


def frame(view: Mapping[str, Any]):
    """(pixels per table unit, the table point's place on the picture, the table's height
    in pixels): the table's y grows away from the Good player's edge, up the picture."""
    table = view["table"]
    scale = WIDTH / table["width"]
    height = table["depth"] * scale

    def px(x: float, y: float) -> tuple[float, float]:
        return round(MARGIN + x * scale, 1), round(BAND + height - y * scale, 1)

    return scale, px, height


def render_svg(view: Mapping[str, Any]) -> str:
    """The whole table as an SVG document."""
    table = view["table"]
    scale, px, height = frame(view)
    # A band above the table for the status line, and a margin so that bases and control
    # zones on the table's edge are drawn whole.
    outer_w, outer_h = WIDTH + 2 * MARGIN, height + BAND + MARGIN
    # the page turns a click into a table point (a move's destination, the ruler) by these
    origin = (f'data-scale="{scale:g}" data-origin-x="{MARGIN}" '
              f'data-origin-y="{BAND + height:g}" data-units="{escape(view["units"])}"')
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{outer_w:.0f}" '
           f'height="{outer_h:.0f}" viewBox="0 0 {outer_w:.0f} {outer_h:.0f}" '
           f'class="strategy-battle" {origin}>',
           f'<rect x="{MARGIN}" y="{BAND}" width="{WIDTH}" height="{height:.0f}" '
           f'fill="#e8dcb8" stroke="#8a7a5a" class="table-edge"/>']
    for area in table.get("areas", []):
        points = " ".join("%s,%s" % px(x, y) for x, y in area["outline"])
        fill = GOING_FILL.get(area["going"], "#d9c9a3")
        if area["ground"] and area["going"] == "open":
            fill = "#c9b07a"                                  # elevated ground
        out.append(f'<polygon points="{points}" fill="{fill}" fill-opacity="0.8" '
                   f'stroke="#4a3b20" stroke-width="1" class="terrain"><title>'
                   f'{escape(area["name"])} ({area["going"]})</title></polygon>')
    for barrier in table.get("barriers", []):
        points = " ".join("%s,%s" % px(x, y) for x, y in barrier["line"])
        out.append(f'<polyline points="{points}" fill="none" stroke="#5a4a3a" '
                   f'stroke-width="{max(2.0, barrier["width"] * scale):.1f}" '
                   f'stroke-linecap="butt" class="terrain"><title>{escape(barrier["name"])}'
                   f'</title></polyline>')
    out += _fortress(view, px, scale)
    models = {m["id"]: m for m in view["models"]}
    cz = table.get("control_zone", 0)
    out.append('<g data-layer="control zones">')
    for m in view["models"]:
        if not m["engaged"] and not m["prone"]:
            cx, cy = px(m["x"], m["y"])
            out.append(_base(m, cx, cy, m["radius"] + cz, scale,
                             f'fill="none" stroke="{SIDE_FILL[m["side"]]}" stroke-opacity="0.35" '
                             f'stroke-dasharray="4 3" class="control-zone"') + "/>")
    out.append("</g>")
    for single, many in view.get("fights", []):
        for other in many:
            if single in models and other in models:
                (x1, y1), (x2, y2) = px(models[single]["x"], models[single]["y"]), \
                    px(models[other]["x"], models[other]["y"])
                out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#000" '
                           f'stroke-width="2" class="fight"/>')
    reach = reach_of(view)
    first = reach.pop("first", None)
    out.append(REACH_STYLE)
    # every missile's range at once, on demand (hidden until the page's switch shows it)
    out.append('<g data-layer="missile ranges" display="none">')
    for m in view["models"]:
        shot = reach.get(m["id"])
        if shot and shot["range"]:
            cx, cy = px(m["x"], m["y"])
            out.append(f'<circle class="range missile-layer" cx="{cx}" cy="{cy}" '
                       f'r="{(shot["range"] + m["radius"]) * scale:.1f}" fill="none" '
                       f'stroke="{SIDE_FILL[m["side"]]}" stroke-dasharray="2 3" '
                       f'stroke-opacity="0.6" pointer-events="none"/>')
    out.append("</g>")
    for m in view["models"]:
        cx, cy = px(m["x"], m["y"])
        faded = ' fill-opacity="0.5"' if m["prone"] else ""      # a model on the ground
        shape = "rect" if m.get("half") else "circle"
        about = escape(reach[m["id"]]["about"]) if m["id"] in reach else escape(m["id"])
        out.append(f'<g class="model" data-model="{escape(m["id"])}" data-side="{m["side"]}" '
                   f'data-r="{m["radius"]:g}" data-x="{m["x"]:g}" data-y="{m["y"]:g}" '
                   f'data-detail="{about}">'
                   + _base(m, cx, cy, m["radius"], scale,
                           f'fill="{SIDE_FILL[m["side"]]}" stroke="#111" stroke-width="'
                           f'{2 if m["id"] == _current(view) else 1}"{faded}')
                   + f'><title>{about}</title></{shape}><text x="{cx}" y="{cy + 4}" '
                   f'text-anchor="middle" '
                   f'font-size="11" fill="#fff">{escape(m["id"])}</text>'
                   + _reach_svg(m, reach.get(m["id"]), models, px, scale, m["id"] == first)
                   + '</g>')
    out.append(f'<text x="8" y="16" font-size="13" fill="#222">Turn {view["turn"]}, '
               f'{escape(view["phase"])} phase, {escape(view["priority"])} has priority</text>')
    out.append("</svg>")
    return "\n".join(out)


# a model's reach is hidden until it is picked or hovered; the first listed is shown
REACH_STYLE = ('<style>.strategy-battle .reach{display:none;pointer-events:none}'
               '.strategy-battle .model.picked .reach,.strategy-battle .model:hover .reach,'
               '.strategy-battle .reach.shown{display:inline}</style>')
SIGHT_CLEAR, SIGHT_COVERED = "#1f8a3a", "#d08a00"


def reach_of(view: Mapping[str, Any]) -> dict:
    """For each model: its move, its missile's range (table units, base edge to base edge)
    and the enemies it sees, with how many things are in the way ('Can I See?', 'In the
    Way!'); and under "first" the model whose Move-phase decisions are listed first."""
    state = state_of(view, StrategyBattle())
    discs = {d.key: d for d in state.discs()}
    everyone = list(discs.values())
    moving = state.phase == "move" and state.question is None and state.result is None
    out: dict = {}
    for m in state.models.values():
        missile = m.profile.missile
        rng = (state.units.rule(*state.charts.missiles[missile].range)
               if missile and m.profile.shoot else None)
        seen = []
        for e in state.models.values():
            if e.side == m.side:
                continue
            sight = geo.sight(state.table, everyone, discs[m.id], discs[e.id])
            if sight.visible:
                seen.append((e.id, len(sight.in_the_way)))
        out[m.id] = {"move": state.mover(m).allowance, "missile": missile, "range": rng,
                     "sees": seen, "about": about(state, m)}
        if moving and movable(state, m):
            out[m.id]["area"] = geo.reach_area(state.table, everyone, discs[m.id],
                                               state.mover(m), state.units.rule(0.5, 1.0))
    if state.phase == "move" and state.question is None:
        order = move_order(state)
        out["first"] = order[0].id if order else None
    return out


def _reach_svg(m, reach, models, px, scale, shown: bool) -> str:
    """The group of a model's move and missile circles and sight lines."""
    if reach is None:
        return ""
    cx, cy = px(m["x"], m["y"])
    parts = [f'<g class="reach{" shown" if shown else ""}" data-for="{escape(m["id"])}">']
    if reach.get("area") is not None and not reach["area"].is_empty:
        parts.append(f'<path class="reach-area" d="{_outline_path(reach["area"], px)}" '
                     f'fill="#3a9a3a" fill-opacity="0.18" fill-rule="evenodd" stroke="#1d6b1d" '
                     f'stroke-opacity="0.6" stroke-width="1"/>')
    parts += [
             f'<circle class="range move" cx="{cx}" cy="{cy}" r="{reach["move"] * scale:.1f}" '
             f'fill="none" stroke="#333" stroke-dasharray="6 4" stroke-opacity="0.6">'
             f'<title>{escape(m["id"])} moves up to {reach["move"]:g}</title></circle>']
    if reach["range"]:
        r = (reach["range"] + m["radius"]) * scale
        parts.append(f'<circle class="range missile" cx="{cx}" cy="{cy}" r="{r:.1f}" '
                     f'fill="none" stroke="#7a3fb0" stroke-dasharray="2 3" stroke-opacity="0.7">'
                     f'<title>{escape(m["id"])}\'s {escape(reach["missile"])} reaches '
                     f'{reach["range"]:g}</title></circle>')
    for enemy, in_way in reach["sees"]:
        if enemy not in models:
            continue
        ex, ey = px(models[enemy]["x"], models[enemy]["y"])
        colour = SIGHT_CLEAR if not in_way else SIGHT_COVERED
        parts.append(f'<line class="sight" data-to="{escape(enemy)}" x1="{cx}" y1="{cy}" '
                     f'x2="{ex}" y2="{ey}" stroke="{colour}" stroke-width="1.5" '
                     f'stroke-opacity="0.8"><title>{escape(m["id"])} sees {escape(enemy)}'
                     + (f", {in_way} in the way" if in_way else "") + '</title></line>')
        if in_way:
            mx, my = round((cx + ex) / 2, 1), round((cy + ey) / 2, 1)
            parts.append(f'<text class="in-the-way" x="{mx}" y="{my}" font-size="10" '
                         f'fill="{colour}">{in_way}</text>')
    parts.append("</g>")
    return "".join(parts)


def _base(m, cx, cy, radius: float, scale: float, attributes: str) -> str:
    """The opening tag of a base, or of the zone round it (`radius` beyond its spine): a
    circle, or for a cavalry base (25x50mm, 'Cavalry') a capsule — a rectangle with round
    ends — turned along its heading (the table's y grows up the picture)."""
    half = m.get("half") or 0.0
    if not half:
        return f'<circle cx="{cx}" cy="{cy}" r="{radius * scale:.1f}" {attributes}'
    w, h, r = (half + radius) * 2 * scale, radius * 2 * scale, radius * scale
    turn = -math.degrees(m.get("heading") or 0.0)
    return (f'<rect x="{cx - w / 2:.1f}" y="{cy - h / 2:.1f}" width="{w:.1f}" height="{h:.1f}" '
            f'rx="{r:.1f}" transform="rotate({turn:.1f} {cx} {cy})" {attributes}')


def _current(view: Mapping[str, Any]) -> str | None:
    heroic = view.get("heroic")
    return heroic.get("current") if heroic else None


# the fortress's pieces: walls grey, gates and doors brown when shut and pale when open or
# broken, ladders (a ring while down) and the ram and charge in their own colours; each
# names itself by data-place, so a click on it offers its decisions (table_decisions.py)
FORTRESS_STROKE = {"wall": "#6b6b6b", "tower": "#4b4b4b", "gate": "#7a4a1a", "door": "#7a4a1a",
                   "hatch": "#7a4a1a", "ladder": "#b08040"}


def _fortress(view, px, scale) -> list[str]:
    """The fortress pieces as the view's `siege` says they stand ('The Fortress')."""
    out = []
    status = view.get("siege", {}).get("pieces", {})
    for piece in view["table"].get("fortress", []):
        s = status.get(piece["name"], {})
        kind = piece["kind"]
        if kind in FORTRESS_STROKE and kind != "ladder":
            shut = s.get("batter", 1) > 0 and not s.get("open", False)
            points = " ".join("%s,%s" % px(x, y) for x, y in piece["line"])
            state = ("breached" if s.get("breach") else "whole") if kind in ("wall", "tower") \
                else ("shut" if shut else "open")
            out.append(f'<polyline points="{points}" fill="none" '
                       f'stroke="{FORTRESS_STROKE[kind]}" '
                       f'stroke-opacity="{1.0 if shut or kind in ("wall", "tower") else 0.3}" '
                       f'stroke-width="{max(3.0, piece.get("thickness", 0.2) * scale):.1f}" '
                       f'stroke-linecap="butt" data-place="{escape(piece["name"])}" '
                       f'class="fortress-{kind}"><title>'
                       f'{escape(piece["name"])} ({kind}, {state}, {s.get("batter", 0)} '
                       f'Batter points)</title></polyline>')
        elif kind == "ladder":
            # a siege ladder stands where it was raised, or lies where it is carried
            where = s.get("at") or ((s["x"], s["y"]) if "x" in s else piece["at"])
            cx, cy = px(*where)
            up = bool(s.get("up"))
            # a ladder down is a faint ring, filled enough to take a click
            out.append(f'<circle cx="{cx}" cy="{cy}" r="4" fill="{FORTRESS_STROKE[kind]}" '
                       f'fill-opacity="{1.0 if up else 0.2}" '
                       f'stroke="{FORTRESS_STROKE[kind]}" stroke-width="1.5" '
                       f'class="fortress-ladder{"" if up else " down"}" '
                       f'data-place="{escape(piece["name"])}"><title>{escape(piece["name"])} '
                       f'({_ladder_state(s, up)})</title></circle>')
        elif kind == "corridor":
            # a narrow corridor's line, where its defender stands: a faint dashed mark
            points = " ".join("%s,%s" % px(x, y) for x, y in piece["line"])
            unit = '"' if view["units"] == "in" else "cm"
            out.append(f'<polyline points="{points}" fill="none" stroke="#6b6b6b" '
                       f'stroke-width="2" stroke-dasharray="3 3" class="fortress-corridor">'
                       f'<title>{escape(piece["name"])} (corridor, '
                       f'{piece.get("gap", 0):.2f}{escape(unit)} wide)</title></polyline>')
        elif kind in ("ram", "charge") and not s.get("gone"):
            cx, cy = px(s["x"], s["y"])
            out.append(f'<circle cx="{cx}" cy="{cy}" r="5" fill="#222" '
                       f'data-place="{escape(piece["name"])}" class="fortress-{kind}"><title>{escape(piece["name"])} ({kind}, '
                       f'carried by {", ".join(s["carriers"]) or "no one"})</title></circle>')
    return out


def _ladder_state(s, up: bool) -> str:
    """A ladder as its title says it stands: up or down, or a siege ladder lying."""
    if "on" in s and not s["on"]:
        return f"siege ladder, carried by {', '.join(s['carriers']) or 'no one'}"
    return "up" if up else "down"


def _outline_path(shape, px) -> str:
    """A shapely (multi)polygon as an SVG path's data, holes and all."""
    rings = []
    for polygon in getattr(shape, "geoms", [shape]):
        if polygon.geom_type != "Polygon":
            continue
        for ring in (polygon.exterior, *polygon.interiors):
            points = ["%s,%s" % px(x, y) for x, y in ring.coords]
            rings.append("M" + " L".join(points) + " Z")
    return " ".join(rings)


def about(state, model) -> str:
    """What a player reads of a model on hovering it: profile, wargear, stores left, state."""
    p = model.profile
    shoot = f"{p.shoot}+" if p.shoot else "-"
    lines = [f"{model.id}: {p.name} ({model.side})",
             f"F{p.fight}/{shoot} S{p.strength} D{p.defence} A{p.attacks} "
             f"W{model.wounds} of {p.wounds} C{p.courage}",
             "wargear: " + (", ".join(p.wargear) or "none")]
    if p.might or p.will or p.fate:
        lines.append(f"Might {model.might_left} of {p.might}, Will {model.will_left} of "
                     f"{p.will}, Fate {model.fate} of {p.fate} left")
    if p.special:
        lines.append("special: " + ", ".join(p.special))
    done = [word for word, on in (("moved", model.moved), ("charged", model.charged),
                                  ("shot", model.shot), ("fighting", state.engaged(model)),
                                  ("on the ground", model.prone),
                                  ("held by magic", model.immobilised)) if on]
    lines.append("this turn: " + (", ".join(done) if done else "nothing yet"))
    return "\n".join(lines)
