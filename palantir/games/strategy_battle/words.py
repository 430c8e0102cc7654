"""A battle's decisions in words, for the terminal's menu and the web table's buttons (issue 14
items 9 and 10): "advance 6" towards E2", "charge E1", "hold", "G1 backs away 1" up-left".

Each kind of decision has its own wording (a table of functions, by the notation's class); a
kind with none is shown in its notation. Words are worked out from a state rebuilt from a
seat's view (reading.py), so they say nothing the view does not show.
"""

from __future__ import annotations

import math
from typing import Any, Callable

from ...engine.errors import BadNotation
from ...engine.errors import IllegalAction
from . import siege
from . import table as geo
from .notation import (Allot, Back, Cast, Charge, Charger, Climb, Crawl, Dismount, Done, FateRoll,
                       Fight, Heroic, Leave, Lie, Loose, Might, Mount, Move, Pair, Pass, Pick,
                       Reroll, Resist, Shielding, Shoot, Siege, Strike, Support, Take, Throw,
                       Trapped, Volley, Weapon, number, parse)
from .phases.fight.resolution import die_modifier, reroll_win_chance, sure_to_win
from .phases.shoot import check_volley
from .wounds import score

# directions on the picture of the table (y grows up it, away from Good's edge), by eighths
DIRECTIONS = ("right", "up-right", "up", "up-left", "left", "down-left", "down", "down-right")
HOLD_WITHIN = 0.001          # a move ending this near where it began stays put


def distance_text(state, value: float) -> str:
    """A length as the table measures it: 6" or 14cm, to a tenth."""
    shown = f"{value:.1f}".rstrip("0").rstrip(".")
    return f'{shown}"' if state.units.name == "in" else f"{shown}cm"


def direction(dx: float, dy: float) -> str:
    """Which way a step goes on the picture of the table, in one of eight words."""
    turn = math.degrees(math.atan2(dy, dx)) % 360
    return DIRECTIONS[int((turn + 22.5) // 45) % 8]


def _walked(start, points) -> float:
    here, total = start, 0.0
    for p in points:
        total += math.dist(here, p)
        here = p
    return total


def _nearest_enemy(state, model, at):
    enemies = [m for m in state.models.values() if m.side != model.side]
    if not enemies:
        return None
    return min(enemies, key=lambda e: (math.dist(at, (e.x, e.y)), e.id))


def _fighting_friend(state, model, at):
    """A friend in a fight whose base the move ends touching (a spearman's support)."""
    me = state.disc(model, zone=False).at(*at)
    for friend in sorted(state.models.values(), key=lambda m: m.id):
        if friend.side == model.side and friend.id != model.id and state.engaged(friend) \
                and geo.in_contact(me, state.disc(friend, zone=False), state.units.tolerance):
            return friend
    return None


def move_words(state, action: Move) -> str:
    """'hold', 'advance 6" towards E2', 'move 3" away from E1', 'move 2" to support G1'."""
    model = state.models.get(action.model)
    if model is None:
        return str(action)
    start = (model.x, model.y)
    points = list(action.path) if action.to is None else [action.to]
    end = points[-1] if points else start
    if math.dist(start, end) < HOLD_WITHIN:
        return f"{model.id}: hold (stay put)"
    length = _walked(start, points)
    friend = _fighting_friend(state, model, end)
    if friend is not None:
        return f"{model.id}: move {distance_text(state, length)} to support {friend.id}"
    enemy = _nearest_enemy(state, model, end)
    if enemy is None:
        return (f"{model.id}: move {distance_text(state, length)} "
                f"{direction(end[0] - start[0], end[1] - start[1])}")
    nearer = math.dist(end, (enemy.x, enemy.y)) < math.dist(start, (enemy.x, enemy.y))
    verb = "advance" if nearer else "move"
    way = "towards" if nearer else "away from"
    return (f"{model.id}: {verb} {distance_text(state, length)} {way} {enemy.id} "
            f"({direction(end[0] - start[0], end[1] - start[1])})")


def charge_words(state, action: Charge) -> str:
    """'G1: charge E1 (3.2")', the length of the path into contact when it is given."""
    model = state.models.get(action.model)
    targets = " and ".join(action.targets)
    if model is None or not action.path:
        return f"{action.model}: charge {targets}"
    length = _walked((model.x, model.y), action.path)
    return f"{model.id}: charge {targets} ({distance_text(state, length)})"


def back_words(state, action: Back) -> str:
    """'G1 backs away 1" up-left; G2 makes way'."""
    model = state.models.get(action.model)
    if model is None:
        return str(action)
    dx, dy = action.to[0] - model.x, action.to[1] - model.y
    text = (f"{model.id} backs away {distance_text(state, math.hypot(dx, dy))} "
            f"{direction(dx, dy)}")
    for friend, _ in action.way:
        text += f"; {friend} makes way"
    return text


def _pass_words(state, action) -> str:
    """What passing declines: the question's own word."""
    kind = (state.question or {}).get("kind", "")
    declined = {"might": "no Might", "bid": "bid no Might", "roll": "no Might on this roll",
                "fate": "no Fate", "resist": "do not resist", "heroic": "no heroic action",
                "take": "take nothing", "command": "no move", "strike": "no strikes"}
    return f"pass ({declined.get(kind, 'decline')})"


def _done_words(state, action) -> str:
    if (state.question or {}).get("kind") == "siege":
        return f"done: {state.question['side']} has finished battering"
    phase = {"move": "moves", "shoot": "shots", "fight": "moves again"}.get(state.phase,
                                                                             "decisions")
    return f"done: {state.acting} has finished its {phase}"


def piece_name(state, name: str) -> str:
    """A fortress piece as a player calls it: 'the gate', 'the ladder ladder1'."""
    piece = siege.pieces(state).get(name) if state.siege else None
    if piece is None or piece.kind == name:
        return f"the {name}"
    return f"the {piece.kind} {name}"


# 'The Fortress': what each verb does to its piece, in the words of a model doing it
SIEGE_DEEDS = {"open": "opens {}", "close": "closes {}", "bolt": "bolts {}",
               "unbolt": "unbolts {}", "raise": "raises {}", "pull": "pulls down {}",
               "carry": "takes up {}", "drop": "puts down {}"}


def _to_wound(state, strength: int, defence: int) -> str:
    """What a blow on a structure needs: the Wound chart's entry, a wall's 6 at Strength 10."""
    if defence >= 100:                # 'Knocking Down Fortress Walls & Towers'
        return "6 to harm it" if strength >= 10 else "cannot harm it"
    entry = state.charts.to_wound(strength, defence)
    if entry == "-":
        return "cannot harm it"
    return "+ then ".join(entry.split("/")) + "+ to wound"     # '6/4': a 6, then a 4+


def ram_strength_of(state, name: str) -> int:
    """A ram's Strength from its crew now ('Battering Rams'; 0 with no one carrying it)."""
    crew = [state.models[k] for k in siege.status(state, name)["carriers"] if k in state.models]
    return siege.ram_strength(m.profile.strength for m in crew) if crew else 0


def _against(state, strength: int, target) -> str:
    if target is None:
        return f"Strength {strength}"
    if target.defence >= 100:
        return f"Strength {strength} against a wall: {_to_wound(state, strength, target.defence)}"
    return (f"Strength {strength} against Defence {target.defence}: "
            f"{_to_wound(state, strength, target.defence)}")


def siege_words(state, action: Siege) -> str:
    """'G1 opens the gate', 'E4 takes up the ram', 'haul the ram 4" to 20,12 (6 crew)', 'batter the gate with the
    ram (Strength 9 against Defence 10: 5+ to wound)'."""
    if not state.siege:
        return str(action)
    found = siege.pieces(state)
    if action.verb == "haul":
        s = siege.status(state, action.model)
        crew = len(s.get("carriers", ()))
        length = math.dist((s["x"], s["y"]), action.to)
        return (f"haul {piece_name(state, action.model)} {distance_text(state, length)} to "
                f"{action.to[0]:g},{action.to[1]:g} ({crew} crew)")
    if action.verb == "batter":
        target = found.get(action.thing)
        if action.model in found:
            strength = ram_strength_of(state, action.model)
            return (f"batter {piece_name(state, action.thing)} with "
                    f"{piece_name(state, action.model)} ({_against(state, strength, target)})")
        model = state.models.get(action.model)
        if model is None:
            return str(action)
        blows = state.attacks(model)
        return (f"{model.id} batters {piece_name(state, action.thing)} ({blows} "
                f"{'blow' if blows == 1 else 'blows'}, "
                f"{_against(state, model.profile.strength, target)})")
    if action.verb == "detonate":
        return (f"{action.model} sets off {piece_name(state, action.thing)} (a Courage test "
                "first; D6 wounds to all it touches)")
    deed = SIEGE_DEEDS.get(action.verb)
    if deed is None:
        return str(action)
    return f"{action.model} {deed.format(piece_name(state, action.thing))}"


def banner_reroll_chance(state, action: Reroll) -> tuple[int | None, float] | None:
    """'Banner Combat Bonus': the least die roll that wins outright after re-rolling this die
    (None when none does) and the chance of winning (a tie roll counted half); None when no
    fight of the view has that die."""
    c, side = state.combat, (state.question or {}).get("side")
    if not c or side is None or action.face is None \
            or action.face not in c.get("dice", {}).get(action.model, ()):
        return None
    dice = c["dice"][action.model]
    i = dice.index(action.face)
    modifier = die_modifier(state, action.model)
    winning = []
    for raw in range(1, 7):
        dice[i] = score(raw, modifier)
        if sure_to_win(state, c, side):
            winning.append(raw)
    dice[i] = action.face
    least = winning[0] if winning and winning == list(range(winning[0], 7)) else None
    return least, reroll_win_chance(state, c, side, action.model, action.face)


def reroll_words(state, action: Reroll) -> str:
    """'G1 re-rolls his 2 under the banner (then 4+ wins: 50 %)'; the Expert Rider's jump."""
    if action.face is None:
        return f"{action.model} re-rolls the jump (Expert Rider)"
    text = f"{action.model} re-rolls his {action.face} under the banner"
    found = banner_reroll_chance(state, action)
    if found is None:
        return text
    least, chance = found
    percent = f"{chance * 100:.0f} %"
    if least is not None:
        return f"{text} (then {least}+ wins: {percent})"
    return f"{text} (wins: {percent})"


def take_words(state, action: Take) -> str:
    """'G2 picks up the fallen banner' ('Banners'), 'G1 takes the shield' (spoils)."""
    if action.item == "banner" and (state.question or {}).get("kind") == "pick up":
        return f"{action.model} picks up the fallen banner"
    return f"{action.model} takes the {_gear(state, action.model, action.item)}"


# a bow's name as a player says it, its people named as a proper noun ('Elf bow')
BOW_NAMES = {"elf bow": "Elf bow", "orc bow": "Orc bow", "dwarf bow": "Dwarf bow"}


def volley_words(state, action: Volley) -> str:
    """'volley: 6 Elf bows at E4 (hits on 6: expected 1.0 hits)', those in range counted."""
    try:
        _, rolling, _, missile = check_volley(state, action, str(action))
    except (IllegalAction, KeyError):
        return f"volley: {len(action.models)} bows at {action.target}"
    name = BOW_NAMES.get(missile.name, missile.name)
    bows = f"{len(rolling)} {name}{'s' if len(rolling) != 1 else ''}"
    return f"volley: {bows} at {action.target} (hits on 6: expected {len(rolling) / 6:.1f} hits)"


WORDS: dict[type, Callable[[Any, Any], str]] = {
    Siege: siege_words,
    Move: move_words,
    Charge: charge_words,
    Back: back_words,
    Pass: _pass_words,
    Done: _done_words,
    Pick: lambda s, a: f"{a.model}: move it next",
    Shoot: lambda s, a: f"{a.model} shoots at {a.target}",
    Fight: lambda s, a: "fight: " + _fight_of(s, a.model),
    Strike: lambda s, a: "strikes at " + ", ".join(a.targets),
    Shielding: lambda s, a: ("shield: two dice per Attack, no blows if it wins" if a.on
                             else "no shielding: fight as ever"),
    Might: lambda s, a: f"{a.model} spends {a.points} Might",
    FateRoll: lambda s, a: f"{a.model} rolls for Fate",
    Cast: lambda s, a: (f"{a.model} uses {a.power.replace('-', ' ')} on {a.target} with "
                        f"{a.dice} Will {'die' if a.dice == 1 else 'dice'}"),
    Resist: lambda s, a: (f"{a.model} resists with {a.dice} Will "
                          f"{'die' if a.dice == 1 else 'dice'}"),
    Heroic: lambda s, a: f"{a.model} declares a heroic action",
    Pair: lambda s, a: f"{a.single} fights {' and '.join(a.many)}",
    Trapped: lambda s, a: f"{a.model} stays trapped (no friend makes way)",
    Charger: lambda s, a: f"{a.model} fights the defender next",
    Weapon: lambda s, a: f"{a.model} fights with its {_gear(s, a.model, a.weapon)}",
    Support: lambda s, a: ("no spear support" if not a.pairs else
                           "; ".join(f"{sp} supports {f} with a spear" for sp, f in a.pairs)),
    Throw: lambda s, a: f"{a.model}: charge {a.target}, throwing a weapon first",
    Take: take_words,
    Reroll: reroll_words,
    Volley: volley_words,
    Allot: lambda s, a: f"the next volley hit on {a.model}",
    Dismount: lambda s, a: f"{a.model} gets off" + (" (mount left loose)" if a.loose else ""),
    Mount: lambda s, a: f"{a.model} mounts {a.steed}",
    Loose: lambda s, a: f"{a.model}'s mount is left loose",
    Leave: lambda s, a: f"{a.model} leaves the {_gear(s, a.model, a.item)} on the horse",
    Climb: lambda s, a: f"{a.model}: climb (the Climb chart), towards {_at(a.path[-1])}",
    Lie: lambda s, a: f"{a.model}: lie down (half its move)",
    Crawl: lambda s, a: f"{a.model}: crawl to {_at(a.path[-1])}",
}


def _at(point) -> str:
    """A point as the notation writes it."""
    return f"{number(point[0])},{number(point[1])}"


def _gear(state, ident: str, written: str) -> str:
    """A piece of wargear as its name is spelt ('two-handed weapon'), from the notation's
    spelling with hyphens for spaces ('two-handed-weapon')."""
    model = state.models.get(ident)
    names = [*state.charts.weapons, *(model.profile.wargear if model else ())]
    return next((n for n in names if n.replace(" ", "-") == written), written.replace("-", " "))


def _fight_of(state, ident: str) -> str:
    fight = state.fight_of(ident)
    if fight is None:
        return ident
    single, many = fight
    return f"{single} against {' and '.join(many)}"


def words(state, action) -> str:
    """One decision in words (its notation where there are none for its kind)."""
    if isinstance(action, str):
        try:
            action = parse(action)
        except BadNotation:
            return action
    said = WORDS.get(type(action))
    return str(action) if said is None else said(state, action)


def words_for(state, texts) -> list[str]:
    """Each decision of `texts` in words."""
    return [words(state, text) for text in texts]
