"""The state of the battle at a glance (issue 12 item 4), read from a seat's view alone.

`status(view)` gathers what a wargamer looks up between moves: the Game-Turn of 18, day or
night, the phase and who decides; each army's Demoralization Points against its level (9.2,
20.0) and the Victory Points with the level they give now (21.1, 21.2); Sauron's Magic
Capability Points, the spells in force and those cast (8.5, 16.0); the Pedestal (16.5), the
Beast (17.0) and the magic weapons (19.0); the reinforcements still to come, when and where
they may enter (14.0). The web table draws `panel_lines()`, the terminal `summary()`.

Demoralization adjustments (20.1 B, 20.2 B-C) are added to the army's tally, not its level
(docs/spi-sauron.md, "Demoralization"), so the tally shown already holds them; the lines
say which ones it holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from .components import SIDES, Components, components_with, merge, read_override
from .phases import PHASES, SIDE_TITLES
from .phases.turn import victory_level
from .units import ELIMINATED, MORDOR, WAITING, order_of_battle

TITLES = dict(zip(SIDES, SIDE_TITLES))
ENTRY_NAMES = {"mordor": "from Mordor", "north": "at the north edge"}
ENTRY_RULES = {"mordor": "14.1", "north": "14.2 A"}


@dataclass(frozen=True)
class ArmyStatus:
    """One army's tallies: Demoralization Points against its level, Victory Points."""

    side: str
    points: int                       # Demoralization Points, adjustments included
    level: int                        # 20.0 A
    adjustments: tuple[str, ...]      # the 20.0 B-C additions the tally holds
    demoralized: bool
    victory_points: int

    def line(self) -> str:
        """'Sauron: DP 23 / 71 (Beast slain +15) · VP 4'."""
        held = f" ({', '.join(self.adjustments)})" if self.adjustments else ""
        down = " DEMORALIZED" if self.demoralized else ""
        return (f"{TITLES[self.side]}: DP {self.points} / {self.level}{held}{down} · "
                f"VP {self.victory_points}")


@dataclass(frozen=True)
class Arrival:
    """Reinforcements of one side due on one turn through one entry (14.0)."""

    side: str
    turn: int
    entry: str
    hexes: tuple[str, ...]
    pieces: tuple[str, ...]           # '8 Orc Archers', 'Sauron'

    def line(self, now: int) -> str:
        """'Turn 4, from Mordor via 1331 (14.1): 8 Orc Archers, Sauron'."""
        when = "due now" if self.turn <= now else f"turn {self.turn}"
        return (f"{TITLES[self.side]} {when}, {ENTRY_NAMES.get(self.entry, self.entry)} via "
                f"{' '.join(self.hexes)} ({ENTRY_RULES.get(self.entry, '14.0')}): "
                f"{', '.join(self.pieces)}")


@dataclass(frozen=True)
class Status:
    """What the status panel shows, each fact as text (issue 12 item 4)."""

    turn: int
    last_turn: int
    night: bool
    phase: str
    deciding: str                     # 'Sauron moves', 'Westernesse decides: retreat'
    outcome: str | None
    armies: tuple[ArmyStatus, ArmyStatus]
    victory_level: str                # 21.2, as it would stand if the game ended now
    magic: tuple[str, ...]            # each Magic Leader's points left (8.53)
    spells: tuple[str, ...]           # spells in force (16.0, 17.2)
    cast: tuple[str, ...]             # spells cast so far against their allowance
    pedestal: str
    beast: str
    weapons: tuple[str, ...]
    arrivals: tuple[Arrival, ...]
    in_mordor: tuple[str, ...]        # Magic Leaders inside Mordor, off the map (18.0)

    def panel_lines(self) -> list[str]:
        """The web table's status panel, one fact a line."""
        day = "night" if self.night else "day"
        lines = [f"Turn {self.turn} of {self.last_turn} · {day} · {self.phase}"]
        lines.append(f"Game over: {self.outcome}" if self.outcome else self.deciding)
        lines += [army.line() for army in self.armies]
        if not self.outcome:
            lines.append(f"Victory level if it ended now: {self.victory_level} (21.2)")
        lines += [f"Magic: {', '.join(self.magic)}" if self.magic else "Magic: none",
                  f"Spells in force: {', '.join(self.spells) or 'none'}",
                  f"Spells cast: {', '.join(self.cast) or 'none'}",
                  f"Pedestal: {self.pedestal}", f"Beast: {self.beast}"]
        lines += self.weapons
        lines += [f"Inside Mordor: {who}" for who in self.in_mordor]
        if self.arrivals:
            lines.append("Reinforcements waiting (units enter in their Movement Phase, "
                         "Magic Leaders in a Magic Leader Movement Phase):")
            lines += ["  " + arrival.line(self.turn) for arrival in self.arrivals]
        else:
            lines.append("Reinforcements waiting: none")
        return lines

    def summary(self) -> str:
        """One or two lines for the terminal."""
        day = "night" if self.night else "day"
        head = self.outcome and f"Game over: {self.outcome}" or self.deciding
        armies = " · ".join(
            f"{TITLES[a.side]} DP {a.points}/{a.level}{'!' if a.demoralized else ''} "
            f"VP {a.victory_points}" for a in self.armies)
        first = f"Turn {self.turn}/{self.last_turn} {day} · {self.phase} · {head}"
        second = f"{armies} · now {self.victory_level}"
        if self.magic:
            second += f" · {self.magic[0]}"
        if self.spells:
            second += f" · in force: {', '.join(self.spells)}"
        return f"{first}\n{second}"


def components_of(view: Mapping[str, Any]) -> Components:
    """The components the game of this view plays with (its override files merged in)."""
    merged: dict[str, dict] = {}
    for path in view["options"].get("overrides", ()):
        merged = merge(merged, read_override(path))
    return components_with(merged)


def status(view: Mapping[str, Any], parts: Components | None = None) -> Status:
    """The status panel's facts from a seat's view (the whole map is public, 2.0)."""
    parts = parts or components_of(view)
    leaders = {l["key"]: l for l in view["leaders"]}
    units = {u["id"]: u for u in view["units"]}
    turn = view["turn"]
    outcome = view["outcome"]["summary"] if view.get("outcome") else None
    return Status(
        turn=turn, last_turn=parts.last_turn, night=view["night"],
        phase=next(p.title for p in PHASES if p.key == view["phase"]),
        deciding=_deciding(view), outcome=outcome,
        armies=tuple(_army(view, parts, side, leaders) for side in SIDES),
        victory_level=outcome or victory_level(view["demoralized"], view["victory_points"]),
        magic=tuple(f"{parts.leaders[k].name} {l['magic_left']} of "
                    f"{parts.leaders[k].magic} MCP left"
                    for k, l in leaders.items() if parts.leaders[k].magic),
        spells=tuple(_in_force(view, parts)),
        cast=tuple(f"{parts.spells[k].name} {n}"
                   + (f"/{parts.spells[k].allowance}" if parts.spells[k].allowance else "")
                   for k, n in view["spells_cast"].items() if n),
        pedestal=_pedestal(view, parts, units, leaders),
        beast=_beast(view, parts),
        weapons=tuple(_weapons(parts, leaders)),
        arrivals=tuple(_arrivals(view, parts)),
        in_mordor=tuple(
            f"{parts.leaders[k].name} (comes out through "
            f"{parts.hexmap.mordor_gate_hex} in a Magic Leader Movement Phase, 18.0)"
            for k, l in leaders.items() if l["hex"] == MORDOR))


def _deciding(view: Mapping[str, Any]) -> str:
    if view.get("outcome"):
        return "the game is over"
    if view.get("pending"):
        asked = view["pending"][0]
        return f"{SIDE_TITLES[asked['seat']]} decides: {asked['kind']}"
    if view["to_move"] is None:
        return "nobody to move"
    if PHASES[[p.key for p in PHASES].index(view["phase"])].seat is None:
        return f"{SIDE_TITLES[view['to_move']]} rallies (both sides in turn)"
    return f"{SIDE_TITLES[view['to_move']]} to play"


def _army(view, parts: Components, side: str, leaders) -> ArmyStatus:
    levels = parts.demoralization_levels
    held = []
    if side == "sauron" and view["beast"]["hex"] == ELIMINATED:
        held.append(f"Beast slain +{levels['beast_slain']} (20.1 B)")
    if side == "westernesse":
        for key, l in leaders.items():
            if l["side"] == side and l["hex"] == ELIMINATED:
                held.append(f"{parts.leaders[key].name} slain +{parts.leaders[key].rally} "
                            "(20.2 C)")
        for weapon in _lost_weapons(parts, leaders):
            held.append(f"{parts.weapon_names[weapon]} lost +{levels['magic_weapon_lost']} "
                        "(20.2 B)")
    return ArmyStatus(side, view["demoralization_points"][side], levels[side], tuple(held),
                      view["demoralized"][side], view["victory_points"][side])


def _lost_weapons(parts: Components, leaders) -> list[str]:
    """Westernesse's weapons no Westernesse leader carries: destroyed or captured (19.2)."""
    carried = {l["weapon"] for l in leaders.values()
               if l["weapon"] and l["side"] == "westernesse" and l["hex"] != ELIMINATED}
    return [w for w, users in parts.weapons.items()
            if parts.leaders[users[0]].side == "westernesse" and w not in carried]


def _in_force(view, parts: Components) -> list[str]:
    found = []
    for key, until in view["spell_until"].items():
        if until < view["turn"]:
            continue
        spell = parts.spells[key]
        lasts = "until the Beast is slain" if spell.duration == 0 else \
            "this turn" if until == view["turn"] else f"to turn {until}"
        found.append(f"{spell.name} ({lasts})")
    return found


def _where(piece: Mapping[str, Any]) -> str:
    if piece["hex"] == WAITING:
        return f"waiting to enter on turn {piece['arrival']}"
    if piece["hex"] == MORDOR:
        return "inside Mordor"
    return "eliminated" if piece["hex"] == ELIMINATED else f"in {piece['hex']}"


def _pedestal(view, parts: Components, units, leaders) -> str:
    where = view["pedestal"]
    if where is None:
        return "not in this game"
    if where.startswith("captured:"):
        captor = units[where.split(":", 1)[1]]
        return (f"captured by Westernesse {parts.unit_types[captor['type']].name} "
                f"({_where(captor)}, 16.5.3)")
    if where in units:
        bearer = units[where]
        text = f"carried by {parts.unit_types[bearer['type']].name} {_where(bearer)}"
        sauron = leaders.get("sauron")
        if sauron and bearer["hex"] == sauron["hex"] and bearer["hex"] not in (
                WAITING, ELIMINATED, MORDOR):
            text += ", Sauron with it"
        if view["pedestal_moved"]:
            text += "; moved in the last Sauron Movement Phase (no spell, 16.5.1 B)"
        return text
    return f"lies in {where}, no bearer (16.5.3)"


def _beast(view, parts: Components) -> str:
    beast = view["beast"]
    if beast["hex"] == WAITING:
        nights = sorted(parts.night_turns)
        return (f"not conjured ({parts.spells['conjure_beast'].cost} MCP on a night turn, "
                f"turns {nights[0]}-{nights[-1]} or a Total Eclipse, 17.0 A)")
    if beast["hex"] == ELIMINATED:
        return "slain (17.0 C)"
    return f"in {beast['hex']}" + (", wounded (17.3.3)" if beast["reduced"] else "")


def _weapons(parts: Components, leaders) -> list[str]:
    found = []
    for weapon in parts.weapons:
        name = parts.weapon_names[weapon]
        bearer = next((l for l in leaders.values() if l["weapon"] == weapon), None)
        if bearer is None:
            found.append(f"{name}: destroyed (19.2.1)")
        else:
            found.append(f"{name}: {parts.leaders[bearer['key']].name} {_where(bearer)}")
    return found


def _arrivals(view, parts: Components) -> list[Arrival]:
    """The waiting pieces, by side, turn and entry, in the schedule's order (14.0)."""
    delay = view["options"].get("reinforcement_delay", 0)
    units, leaders = order_of_battle(parts, delay)
    entry_of = {u.id: u.entry for u in units} | {l.key: l.entry for l in leaders}
    groups: dict[tuple[str, int, str], list[str]] = {}
    counts: dict[tuple[str, int, str], dict[str, int]] = {}
    for u in view["units"]:
        if u["hex"] == WAITING:
            key = (u["side"], u["arrival"], entry_of[u["id"]])
            tally = counts.setdefault(key, {})
            tally[u["type"]] = tally.get(u["type"], 0) + 1
            groups.setdefault(key, [])
    for l in view["leaders"]:
        if l["hex"] == WAITING:
            key = (l["side"], l["arrival"], entry_of[l["key"]])
            groups.setdefault(key, []).append(parts.leaders[l["key"]].name)
    found = []
    for key in sorted(groups, key=lambda k: (k[1], SIDES.index(k[0]), k[2])):
        side, turn, entry = key
        pieces = [f"{n} {parts.unit_types[t].name}" for t, n in counts.get(key, {}).items()]
        found.append(Arrival(side, turn, entry, parts.hexmap.entries[entry],
                             tuple(pieces + groups[key])))
    return found
