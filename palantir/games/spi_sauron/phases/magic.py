"""Magic (8.5, 16.0): Sauron casts spells from the Pedestal in the Magic Leader phases.

The Magic Spell Chart (8.57) is reconstructed: success when two dice total at most
`base + points` (spells.toml). The Beast of Mordor's own rules (17.0) are in beast.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....engine.procedure import Refusal
from ..beast import FACINGS
from ..combat import roll_2d6
from ..notation import END, Cast
from . import PhaseProcedure
from .beast import beast_bonus_cast, beast_refusal, beast_spell_cost, carry_out_beast_spell
from .movement import magic_leader_candidates


SURE_TOTAL = 12      # two dice never exceed 12


def casting_bar(state) -> str | None:
    """The first condition of 16.5.1, 3.0 E and 8.52 keeping Sauron from casting now, in
    words, or None: he is on the map, has not moved this phase, began it on the Pedestal,
    the Pedestal did not move in the last Movement Phase, and he cast nothing in phase A
    if this is phase E."""
    sauron = state.leaders.get("sauron")
    if sauron is None or not sauron.on_map:
        return "Sauron is not on the map"
    if sauron.moved:
        return "Sauron has moved this phase (8.52: no spell in the phase a leader moves)"
    if not state.on_pedestal_at_start:
        return "Sauron did not begin this phase on the Pedestal"
    if state.pedestal_moved:
        return "the Pedestal moved in the last Movement Phase (16.5.1 B)"
    if state.cast_turn == state.turn and not beast_bonus_cast(state):
        return "Sauron cast a spell in phase A of this turn (3.0 E: none in phase E)"
    return None


def sauron_may_cast(state) -> bool:
    """16.5.1, 3.0 E, 8.52: nothing keeps Sauron from casting (`casting_bar`)."""
    return casting_bar(state) is None


def spell_refusal(state, key: str, points: int,
                  facing: str | None = None) -> tuple[str, str] | None:
    """Why Sauron may not try `key` with `points` now, or None (8.54, 8.55, 16.0, 17.0)."""
    spell = state.parts.spells.get(key)
    if spell is None:
        return ("16.0", f"no spell '{key}' (spells: {', '.join(state.parts.spells)})")
    if state.phase.kind != "magic":
        return ("8.54", "spells are cast in a Magic Leader Movement Phase")
    bar = casting_bar(state)
    if bar:
        return ("16.5.1", bar)
    if state.cast_turn == state.turn and not spell.beast:
        return ("3.0 E", "after conjuring the Beast only one of its capabilities may be "
                         "activated in the phase that follows (17.0 A)")
    problem = beast_refusal(state, key, facing)
    if problem:
        return problem
    cost = beast_spell_cost(state, key)
    if points < cost:
        return ("17.3.3" if cost != spell.cost else "8.54",
                f"{spell.name} costs at least {cost} points")
    if points > state.leaders["sauron"].magic_left:
        return ("8.55", f"Sauron has {state.leaders['sauron'].magic_left} Magic Capability "
                        "Points left")
    if spell.allowance and state.spells_cast.get(key, 0) >= spell.allowance:
        return ("16.0", f"{spell.name} may be cast {spell.allowance} times a game")
    return None


def spell_candidates(state) -> list:
    """Casts worth listing: each castable spell at its cost, two more, and a sure thing."""
    if not sauron_may_cast(state):
        return []
    left = state.leaders["sauron"].magic_left
    found = []
    for key, spell in state.parts.spells.items():
        cost = beast_spell_cost(state, key)
        facings = FACINGS if key == "death_breath" else (None,)
        for points in sorted({cost, cost + 2,
                              max(cost, SURE_TOTAL - state.parts.spell_base)}):
            for facing in facings:
                if points <= left and spell_refusal(state, key, points, facing) is None:
                    found.append(Cast(key, points, facing))
    return found


def check_cast(state, action: Cast) -> None:
    """8.54: a spell Sauron may try, or Refusal naming the case."""
    problem = spell_refusal(state, action.spell, action.points, action.facing)
    if problem:
        raise Refusal(problem[0], problem[1])


def carry_out_cast(state, action: Cast) -> None:
    """8.54, 8.56, 8.57: two dice; a success spends the points, a failure costs nothing."""
    spell = state.parts.spells[action.spell]
    sauron = state.leaders["sauron"]
    sauron.moved = True            # 4.11, 8.52: no move in the phase he casts
    state.cast_turn = state.turn     # 3.0 E: not again in phase E
    needed = state.parts.spell_base + action.points
    total = roll_2d6(state.dice, f"8.57 {spell.name} with {action.points} points")
    if total > needed:
        state.news.append(f"Sauron casts {spell.name} with {action.points} points: 2d6 = "
                          f"{total}, needs 2–{min(needed, SURE_TOTAL)}: fails (8.56: no "
                          "points spent)")
        return
    sauron.magic_left -= action.points
    state.spells_cast[action.spell] = state.spells_cast.get(action.spell, 0) + 1
    state.spell_until[action.spell] = state.turn + spell.duration - 1
    carry_out_beast_spell(state, action.spell, action.facing)
    state.news.append(f"Sauron casts {spell.name} with {action.points} points: 2d6 = "
                      f"{total}, needs 2–{min(needed, SURE_TOTAL)}: it works "
                      f"({sauron.magic_left} points left)")
    if action.spell == "sinister_visions":
        sinister_visions(state)
    state._zoc.clear()


def sinister_visions(state) -> None:
    """16.1: Westernesse units but Dwarves and Elves, morale X or worse, are disrupted."""
    hit = [u for u in state.units.values()
           if u.side == "westernesse" and u.on_map and not u.type.dwarf and not u.type.elf
           and u.strength.morale in ("X", "Y", "Z")]
    for unit in hit:
        unit.disrupted = True
        state.visions.add(unit.id)
    state.news.append(f"Sinister Visions disrupt {len(hit)} Westernesse units (16.1)")


@dataclass(frozen=True)
class MagicPhase(PhaseProcedure):
    """3.0 A, E: the Magic Leaders move and Sauron may cast a spell from the Pedestal."""

    name = "magic-phase"
    rule = "3.0 A"

    def answers(self, state) -> list:
        return spell_candidates(state) + magic_leader_candidates(state) + [END]
