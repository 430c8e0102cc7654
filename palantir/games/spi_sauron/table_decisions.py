"""What the web table needs to offer SPI Sauron's decisions on the map (issue 12 item 5):
for each legal decision, the hex it belongs to, the hex that completes it, the path and its
Movement Point cost, the piece it moves and the group it is listed in; and the odds of a
fire, duel, melee or rally before it is declared (odds.py). Both are read from a seat's
view only (engine/presentation.py): the state is rebuilt from it, as the computer seats do.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Sequence

from ...engine.dice import SeededDice
from ...engine.errors import BadNotation
from ...engine.game import get_game
from ...engine.procedure import Refusal
from .beast import BEAST, kill_zone
from .movement import Mover, check_path, half
from .notation import (Advance, Attack, Cast, Duel, End, Enter, Fire, Form, Give, Hold, Move,
                       Rally, Retreat, Split, Stand, name_text, parse_action)
from .odds import odds_of
from .phases.beast import beast_allowance, beast_capability
from .phases.magic import SURE_TOTAL
from .phases.movement import check_enter, check_move, check_split, formation_kind
from .units import FORMATION_NAMES

View = Mapping[str, Any]
GAME_ID = "spi-sauron"


def _state(view: View):
    # SPI hides nothing (every seat's view is the whole position): the view is a state.
    return get_game(GAME_ID).state_from_view(view, SeededDice(0))


def _spent(check, state, action) -> int | None:
    try:
        return check(state, action)[-1]
    except Refusal:
        return None


def _unit_label(state, hex_name: str) -> str:
    side = state.phasing_side()
    unit = state.unit_at(hex_name, side) or next(iter(state.combat_units_at(hex_name)), None)
    return f"{unit.type.name} {unit.strength}" if unit else hex_name


def _leader_name(state, key: str) -> str:
    piece = state.leaders.get(key)
    return piece.leader.name if piece else name_text(key)


def _moving(state, place: str, target: str | None, path, spent, piece: str, piece_label: str,
            label: str) -> dict:
    cost = None if spent is None else f"{half(spent)} MP"
    return {"place": place, "target": target, "path": list(path), "cost": cost,
            "rank": spent if spent is not None else 99, "piece": piece,
            "piece_label": piece_label, "label": label, "confirm": True}


def _beast_move(state, action: Move) -> dict:
    """17.1, 17.2.1: the Beast moves hex to hex within its MA, or flies a straight line."""
    path = action.path
    if beast_capability(state, "beast_flight"):
        steps = len(path) - 1
        place = _moving(state, path[0], path[-1], path, None, "beast", "The Beast of Mordor",
                        f"The Beast flies to {path[-1]}")
        place.update(cost=f"{steps} hexes (Flight, 17.2.1)", rank=steps)
        return place
    mover = Mover("sauron", beast_allowance(state), True, False, False, "", False,
                  frozenset())
    try:
        spent = check_path(state, mover, path, 0, False, lambda _hex: None)
    except Refusal:
        spent = None
    return _moving(state, path[0], path[-1], path, spent, "beast", "The Beast of Mordor",
                   f"The Beast moves to {path[-1]}")


def _beast_combat(state, action) -> dict:
    """17.2.2, 17.3: fire at the Beast, melee it, strike it, or its Horn Attack."""
    beast_hex = state.beast.hex
    if isinstance(action, Fire):
        return {"place": action.firer, "target": beast_hex, "piece": "fire",
                "piece_label": "Missile fire", "confirm": True, "preview": True,
                "label": "Fire at the Beast"}
    if action.attackers == (BEAST,):
        return {"place": beast_hex, "target": action.defender, "piece": "horn",
                "piece_label": "The Beast's Horn Attack", "confirm": True, "preview": True,
                "label": f"Horn Attack on {_unit_label(state, action.defender)}"}
    if all(a in state.leaders for a in action.attackers):   # 17.3.2 A: magic weapons
        names = ", ".join(_leader_name(state, a) for a in action.attackers)
        return {"place": beast_hex, "piece": "strike", "piece_label": "Strike the Beast",
                "confirm": True, "preview": True, "label": f"{names} strike the Beast"}
    return {"place": beast_hex, "members": list(action.attackers),
            "compose": f"attack {BEAST} from {{}}", "joiner": " ", "piece": "attack",
            "piece_label": "Melee the Beast", "confirm": True, "preview": True,
            "label": "Melee the Beast of Mordor"}


def _form_label(state, action: Form) -> str:
    """8.42, 15.3.1: the formation the two units make, named."""
    side = state.phasing_side()
    joiner, host = state.unit_at(action.path[0], side), state.unit_at(action.path[1], side)
    kind = formation_kind(state, joiner, host) if joiner and host else None
    made = f"a {FORMATION_NAMES[kind]}" if kind else "a formation"
    return f"Form {made} with {_unit_label(state, action.path[1])} in {action.path[1]}"


def _works(state, action: Cast) -> str:
    """8.57: a spell works when two dice roll at most 3 + the points spent (8.56: a
    failure spends nothing), written with its chance."""
    needed = min(state.parts.spell_base + action.points, SURE_TOTAL)
    chance = Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= needed), 36)
    return f"works on 2–{needed}: {'sure' if chance == 1 else f'{float(chance) * 100:.1f}%'}"


def _death_breath(state, action: Cast, name: str) -> dict:
    """17.2.4: a facing's kill zone on the map and the Westernesse pieces in it, weighed
    before the points are spent."""
    zone = kill_zone(state.beast.hex, action.facing, lambda h: h in state.hexmap.terrain)
    victims = [f"{u.type.name} in {h}" for h in zone for u in state.combat_units_at(h)
               if u.side == "westernesse"]
    victims += [f"{p.leader.name} in {h}" for h in zone for p in state.leaders_at(h)
                if p.side == "westernesse" and p.on_map]
    kills = f"kills {', '.join(victims)}" if victims else "kills nobody"
    return {"place": None, "group": f"Spell: {name}", "zone": zone, "confirm": True,
            "label": f"{name}: {action.points} points ({_works(state, action)}), facing "
                     f"{action.facing} ({', '.join(zone)}): {kills}"}


def place_of(state, action) -> dict:
    """Where one decision sits on the map and how the page offers it."""
    if isinstance(action, Move) and action.leader == BEAST:
        return _beast_move(state, action)
    if (isinstance(action, Fire) and action.target == BEAST) or \
            (isinstance(action, Attack) and (action.defender == BEAST or
                                            BEAST in action.attackers)):
        return _beast_combat(state, action)
    if isinstance(action, Move):
        spent = _spent(check_move, state, action)
        if action.leader:
            who = _leader_name(state, action.leader)
            piece, piece_label = f"leader:{action.leader}", who
        else:
            who = _unit_label(state, action.path[0])
            piece, piece_label = "unit", who
        return _moving(state, action.path[0], action.path[-1], action.path, spent, piece,
                       piece_label, f"Move {who} to {action.path[-1]}")
    if isinstance(action, Enter):
        spent = _spent(check_enter, state, action)
        name = _leader_name(state, action.piece) if action.piece in state.leaders else \
            state.parts.unit_types[action.piece].name
        target = action.path[-1] if len(action.path) > 1 else None
        return _moving(state, action.path[0], target, action.path, spent,
                       f"enter:{action.piece}", f"{name} (reinforcement)",
                       f"Bring on {name} to {action.path[-1]}")
    if isinstance(action, Split):
        spent = _spent(check_split, state, action)
        return _moving(state, action.path[0], action.path[-1], action.path, spent, "split",
                       "Split the formation", f"Split off to {action.path[-1]}")
    if isinstance(action, Form):
        return {"place": action.path[0], "target": action.path[1], "path": list(action.path),
                "piece": "form", "piece_label": "Make a formation", "confirm": True,
                "label": _form_label(state, action)}
    if isinstance(action, Retreat):
        steps = len(action.path) - 1
        place = {"place": action.path[0], "target": action.path[-1], "path": list(action.path),
                 "cost": f"{steps} hex{'es' if steps != 1 else ''}", "rank": steps,
                 "piece": "retreat", "piece_label": "Retreat", "confirm": True,
                 "label": f"Retreat to {action.path[-1]}"}
        if state.pending and state.pending[0].kind == "displace":     # 7.61, 7.62
            place.update(piece_label="Displaced (7.61)",
                         label=f"Displace {_unit_label(state, action.path[0])} to "
                               f"{action.path[-1]} (it makes way, disrupted: 7.61, 7.65)")
        return place
    if isinstance(action, Advance):
        return {"place": action.path[0], "target": action.path[-1], "path": list(action.path),
                "piece": "advance", "piece_label": "Advance after combat", "confirm": True,
                "label": f"Advance into {action.path[-1]}"}
    if isinstance(action, Fire):
        return {"place": action.firer, "target": action.target, "piece": "fire",
                "piece_label": "Missile fire", "confirm": True, "preview": True,
                "label": f"Fire at {_unit_label(state, action.target)} in {action.target}"}
    if isinstance(action, Duel):
        mine, theirs = state.leaders[action.attacker], state.leaders[action.defender]
        return {"place": mine.hex, "target": theirs.hex, "piece": f"duel:{action.attacker}",
                "piece_label": f"{mine.leader.name}: leader combat", "confirm": True,
                "preview": True, "label": f"{mine.leader.name} attacks {theirs.leader.name}"}
    if isinstance(action, Attack):
        return {"place": action.defender, "members": list(action.attackers),
                "compose": f"attack {action.defender} from {{}}", "joiner": " ",
                "piece": "attack", "piece_label": "Melee", "confirm": True, "preview": True,
                "label": f"Melee {_unit_label(state, action.defender)} in {action.defender}"}
    if isinstance(action, Rally):
        name = _leader_name(state, action.leader)
        return {"place": action.hex, "piece": f"rally:{action.leader}",
                "piece_label": f"Rally by {name}", "confirm": True, "preview": True,
                "label": f"{name} rallies {_unit_label(state, action.hex)}"}
    if isinstance(action, Cast):
        spell = state.parts.spells[action.spell]
        if action.facing:
            return _death_breath(state, action, spell.name)
        return {"place": None, "group": f"Spell: {spell.name}",
                "label": f"{spell.name}: {action.points} points ({_works(state, action)})"}
    if isinstance(action, Give):
        return {"place": None, "group": "Magic weapons",
                "label": f"Give {name_text(action.weapon)} to "
                         f"{_leader_name(state, action.to)}"}
    if isinstance(action, End):
        return {"place": None, "group": "", "label": f"End: {state.phase.title}"}
    if isinstance(action, Stand):
        return {"place": None, "group": "", "label": "Stand and fight (no retreat, 7.7)"}
    if isinstance(action, Hold):
        return {"place": None, "group": "", "label": "Hold (no advance, 7.51)"}
    return {"place": None, "group": ""}


def decision_places(view: View, texts: Sequence[str]) -> list[dict | None]:
    """Each legal decision's place on the map, completing place, path, cost and group."""
    state = _state(view)
    found = []
    for text in texts:
        found.append(place_of(state, parse_action(text)))
    return found


def preview(view: View, text: str) -> dict | None:
    """The exact odds of a fire, duel, melee or rally (odds.py), None for other decisions
    or a decision the position does not allow."""
    state = _state(view)
    try:
        action = parse_action(text)
    except BadNotation:
        return None
    return odds_of(state, action)
