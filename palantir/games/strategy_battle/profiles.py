"""Profiles, mounts and the manual's charts, loaded once from data/*.toml and validated."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

DATA = Path(__file__).with_name("data")
SIDES = ("good", "evil")
SOURCES = ("manual", "H", "M")
WARGEAR = ("hand weapon", "shield", "spear", "pike", "elven blade", "two-handed weapon",
           "lance", "dagger", "bow",
           "orc bow", "elf bow", "dwarf bow", "uruk-hai crossbow", "throwing weapon", "banner")
SPECIAL = ("woodland creature", "goblin climber", "terror", "mighty hero", "staff of power",
           "expert rider", "will of evil", "resistant to magic", "savage creature")
# 'Knives & Daggers': a warrior with no close-combat weapon has a knife about him (-1 to win
# the fight), unless a savage creature that fights with "claws, teeth, and whatever else
# nature has endowed them with"
UNPENALISED_UNARMED = "savage creature"
# Sizes decided in shared/reference/strategy-battle-game-data.md ('Sizes')
DEFAULT_BASE_MM = 25.0
DEFAULT_HEIGHT_MM = 28.0


class DataError(ValueError):
    """A data file is malformed; the message names the file and field."""


@dataclass(frozen=True)
class Mount:
    """A steed's own characteristics ('Cavalry: Characteristics for Mounts')."""

    name: str
    source: str
    fight: int
    strength: int
    defence: int
    attacks: int
    wounds: int
    courage: int
    height_mm: float
    base_mm: tuple[float, float] = (25.0, 50.0)   # the cavalry base: width, length
    race: str | None = None          # how it moves loose, on the Movement Chart
    riders: tuple[str, ...] = ()     # the races that may ride it ('Which Models Can Ride?')


@dataclass(frozen=True)
class Profile:
    """A warrior's characteristic profile F/S/D/A/W/C with its wargear and sizes."""

    name: str
    source: str
    side: str
    race: str
    fight: int
    shoot: int | None          # minimum roll to hit; None for '-'
    strength: int
    defence: int
    attacks: int
    wounds: int
    courage: int
    might: int
    will: int
    fate: int
    wargear: tuple[str, ...]
    special: tuple[str, ...]
    base_mm: float
    height_mm: float
    mount: str | None
    powers: tuple[tuple[str, int], ...] = ()   # magical powers and their casting values
    foot_race: str | None = None         # a rider's race on foot, when dismounted or thrown
    foot_base_mm: float = DEFAULT_BASE_MM
    foot_height_mm: float = DEFAULT_HEIGHT_MM
    shots: int = 1                       # 'Multiple Shots': shots in one Shoot phase

    @property
    def missile(self) -> str | None:
        """The missile weapon carried, if any."""
        return next((w for w in self.wargear if w in MISSILE_NAMES), None)

    def has(self, thing: str) -> bool:
        """Whether the profile carries this wargear or special rule."""
        return thing in self.wargear or thing in self.special


MISSILE_NAMES = ("bow", "orc bow", "elf bow", "dwarf bow", "uruk-hai crossbow", "throwing weapon")


@dataclass(frozen=True)
class Missile:
    """A line of the Missile Chart ('The Shoot Phase')."""

    name: str
    range: tuple[float, float]    # inches, cm
    strength: int
    penalty: str                  # half, all, none


@dataclass(frozen=True)
class Charts:
    """The manual's charts."""

    movement: Mapping[str, tuple[float, float]]
    missiles: Mapping[str, Missile]
    wounds: tuple[tuple[str, ...], ...]
    weapons: Mapping[str, tuple[int, int]]      # close-combat weapon: (duel, wound) modifiers

    def to_wound(self, strength: int, defence: int) -> str:
        """The Wound Chart entry: '4', '6/5' or '-' ('The Shoot Phase: Wound Chart')."""
        if strength < 1 or defence < 1:
            raise ValueError("Wound Chart: Strength and Defence start at 1")
        # the chart's last row is 10+; a Defence above 10 is read as 10 (not printed)
        return self.wounds[min(strength, 10) - 1][min(defence, 10) - 1]


def _need(table: Mapping[str, Any], key: str, kind, where: str):
    if key not in table or not isinstance(table[key], kind) or isinstance(table[key], bool) and kind is not bool:
        name = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise DataError(f"{where}.{key}: missing or not a {name}")
    return table[key]


def _shoot_value(raw: str, where: str) -> int | None:
    if raw in ("-", "–"):
        return None
    if len(raw) == 2 and raw[0] in "23456" and raw[1] == "+":
        return int(raw[0])
    raise DataError(f"{where}.shoot: '{raw}' is not a Shooting value like '4+' or '-'")


def _base_size(raw: Mapping[str, Any], at: str) -> tuple[float, float]:
    size = raw.get("base_mm", [25, 50])
    if (not isinstance(size, list) or len(size) != 2
            or not all(isinstance(v, (int, float)) and v > 0 for v in size)
            or size[0] > size[1]):
        raise DataError(f"{at}.base_mm: [width, length] in millimetres")
    return float(size[0]), float(size[1])


def _shots(raw: Mapping[str, Any], at: str) -> int:
    shots = raw.get("shots", 1)
    if not isinstance(shots, int) or isinstance(shots, bool) or shots < 1:
        raise DataError(f"{at}.shots: {shots!r} is not a number of shots (1 or more)")
    if shots > 1 and not any(w in MISSILE_NAMES for w in raw.get("wargear", ())):
        raise DataError(f"{at}.shots: {shots} shots but no missile weapon")
    return shots


def _check_banner(raw: Mapping[str, Any], wargear: tuple[str, ...], at: str) -> None:
    """'Banners': a bearer "cannot use any other kind of weapon/equipment" (armour and a steed
    are not wargear here), and "Heroes can never carry and pick up banners"."""
    if "banner" not in wargear:
        return
    if wargear != ("banner",):
        raise DataError(f"{at}.wargear: a banner bearer carries no other weapon or equipment "
                        "('Banners')")
    if any(raw.get(k, 0) for k in ("might", "will", "fate")):
        raise DataError(f"{at}.wargear: a Hero (Might, Will or Fate) never carries a banner "
                        "('Banners')")


def parse_profiles(doc: Mapping[str, Any], where: str = "profiles.toml") -> tuple[dict, dict]:
    """Validate the profiles document; return (profiles, mounts) by name."""
    mounts = {}
    for name, raw in doc.get("mount", {}).items():
        at = f"{where}: mount.{name}"
        source = _need(raw, "source", str, at)
        if source not in SOURCES:
            raise DataError(f"{at}.source: '{source}' is not one of {', '.join(SOURCES)}")
        mounts[name] = Mount(name, source, *(int(_need(raw, k, int, at)) for k in
                                             ("fight", "strength", "defence", "attacks",
                                              "wounds", "courage")),
                             float(_need(raw, "height_mm", (int, float), at)),
                             _base_size(raw, at), raw.get("race"),
                             tuple(raw.get("riders", ())))
    profiles = {}
    for name, raw in _need(doc, "profile", dict, where).items():
        at = f"{where}: profile.{name}"
        source = _need(raw, "source", str, at)
        if source not in SOURCES:
            raise DataError(f"{at}.source: '{source}' is not one of {', '.join(SOURCES)}")
        side = _need(raw, "side", str, at)
        if side not in SIDES:
            raise DataError(f"{at}.side: '{side}' is not good or evil")
        wargear = tuple(raw.get("wargear", ()))
        for item in wargear:
            if item not in WARGEAR:
                raise DataError(f"{at}.wargear: unknown item '{item}'")
        special = tuple(raw.get("special", ()))
        for item in special:
            if item not in SPECIAL:
                raise DataError(f"{at}.special: unknown special rule '{item}'")
        _check_banner(raw, wargear, at)
        mount = raw.get("mount")
        if mount is not None and mount not in mounts:
            raise DataError(f"{at}.mount: no mount called '{mount}'")
        values = {k: _need(raw, k, int, at) for k in
                  ("fight", "strength", "defence", "attacks", "wounds", "courage")}
        for k, v in values.items():
            if v < (1 if k in ("strength", "defence", "wounds") else 0):
                raise DataError(f"{at}.{k}: {v} is out of range")
        profiles[name] = Profile(
            name=name, source=source, side=side, race=_need(raw, "race", str, at),
            shoot=_shoot_value(_need(raw, "shoot", str, at), at),
            might=int(raw.get("might", 0)), will=int(raw.get("will", 0)),
            fate=int(raw.get("fate", 0)), wargear=wargear, special=special,
            base_mm=float(raw.get("base_mm", DEFAULT_BASE_MM)),
            height_mm=float(raw.get("height_mm", DEFAULT_HEIGHT_MM)), mount=mount,
            powers=tuple(sorted((str(k), int(v)) for k, v in raw.get("powers", {}).items())),
            foot_race=raw.get("foot_race"),
            foot_base_mm=float(raw.get("foot_base_mm", DEFAULT_BASE_MM)),
            foot_height_mm=float(raw.get("foot_height_mm", DEFAULT_HEIGHT_MM)),
            shots=_shots(raw, at), **values)
        if mount is not None and profiles[name].foot_race is None:
            raise DataError(f"{at}.foot_race: a cavalry model needs the race it has on foot")
    return profiles, mounts


def parse_charts(doc: Mapping[str, Any], where: str = "charts.toml") -> Charts:
    """Validate the charts document."""
    movement = {}
    for race, value in _need(doc, "movement", dict, where).items():
        if not (isinstance(value, list) and len(value) == 2):
            raise DataError(f"{where}: movement.{race}: expected [inches, cm]")
        movement[race] = (float(value[0]), float(value[1]))
    missiles = {}
    for name, raw in _need(doc, "missiles", dict, where).items():
        at = f"{where}: missiles.{name}"
        rng = _need(raw, "range", list, at)
        penalty = _need(raw, "penalty", str, at)
        if penalty not in ("half", "all", "none"):
            raise DataError(f"{at}.penalty: '{penalty}' is not half, all or none")
        missiles[name] = Missile(name, (float(rng[0]), float(rng[1])),
                                 _need(raw, "strength", int, at), penalty)
    chart = _need(_need(doc, "wounds", dict, where), "chart", list, f"{where}: wounds")
    if len(chart) != 10 or any(len(row) != 10 for row in chart):
        raise DataError(f"{where}: wounds.chart must be 10 rows of 10 entries")
    for row in chart:
        for cell in row:
            if cell not in ("3", "4", "5", "6", "6/4", "6/5", "6/6", "-"):
                raise DataError(f"{where}: wounds.chart: '{cell}' is not a Wound Chart entry")
    weapons = {}
    for name, raw in doc.get("weapons", {}).items():
        at = f"{where}: weapons.{name}"
        if name not in WARGEAR:
            raise DataError(f"{at}: '{name}' is not a known weapon")
        weapons[name] = (_need(raw, "duel", int, at), _need(raw, "wound", int, at))
    return Charts(movement, missiles, tuple(tuple(r) for r in chart), weapons)


@dataclass(frozen=True)
class Power:
    """A magical power ('Heroes: Magical Powers'; data/powers.toml)."""

    name: str
    effect: str
    range: tuple[float, float]       # inches, cm
    strength: int = 0
    friendly: bool = False           # cast on a friend
    on_self: bool = False            # cast on the caster himself (or all around him)
    hurl_cm: tuple[int, ...] = ()    # Sorcerous Blast: the D6" in centimetres, face by face
    needs: str | None = None         # what the target must have ('staff of power')


POWER_EFFECTS = ("immobilise", "black dart", "drain courage", "strengthen will",
                 "terrifying aura", "sap will", "command", "sorcerous blast", "break staff",
                 "nature's wrath")


def parse_powers(doc: Mapping[str, Any], where: str = "powers.toml") -> dict[str, Power]:
    """Validate the powers document."""
    out = {}
    for name, raw in _need(doc, "power", dict, where).items():
        at = f"{where}: power.{name}"
        effect = _need(raw, "effect", str, at)
        if effect not in POWER_EFFECTS:
            raise DataError(f"{at}.effect: '{effect}' is not one of {', '.join(POWER_EFFECTS)}")
        rng = _need(raw, "range", list, at)
        hurl = tuple(int(v) for v in raw.get("hurl_cm", ()))
        if effect == "sorcerous blast" and len(hurl) != 6:
            raise DataError(f"{at}.hurl_cm: the six faces of the D6 in centimetres")
        needs = raw.get("needs")
        if needs is not None and needs not in WARGEAR + SPECIAL:
            raise DataError(f"{at}.needs: '{needs}' is not wargear or a special rule")
        out[name] = Power(name, effect, (float(rng[0]), float(rng[1])),
                          int(raw.get("strength", 0)), bool(raw.get("friendly", False)),
                          bool(raw.get("self", False)), hurl, needs)
    return out


@lru_cache(maxsize=1)
def default_powers() -> dict[str, Power]:
    """The magical powers from the shipped data file, validated once."""
    with open(DATA / "powers.toml", "rb") as f:
        powers = parse_powers(tomllib.load(f))
    for p in default_data()[0].values():
        for name, value in p.powers:
            if name not in powers:
                raise DataError(f"profiles.toml: profile.{p.name}.powers: no power '{name}'")
            if not 1 <= value <= 6:
                raise DataError(f"profiles.toml: profile.{p.name}.powers.{name}: casting "
                                f"value {value} is not 1 to 6")
    return powers


@lru_cache(maxsize=1)
def default_data() -> tuple[dict, dict, Charts]:
    """(profiles, mounts, charts) from the shipped data files, validated once."""
    with open(DATA / "profiles.toml", "rb") as f:
        profiles, mounts = parse_profiles(tomllib.load(f))
    with open(DATA / "charts.toml", "rb") as f:
        charts = parse_charts(tomllib.load(f))
    for p in profiles.values():
        if p.foot_race is not None and p.foot_race not in charts.movement:
            raise DataError(f"profiles.toml: profile.{p.name}.foot_race: '{p.foot_race}' is "
                            "not on the Movement Chart")
        if p.race not in charts.movement:
            raise DataError(f"profiles.toml: profile.{p.name}.race: '{p.race}' is not on "
                            "the Movement Chart")
        if p.missile and p.missile not in charts.missiles:
            raise DataError(f"profiles.toml: profile.{p.name}: '{p.missile}' is not on the "
                            "Missile Chart")
    return profiles, mounts, charts
