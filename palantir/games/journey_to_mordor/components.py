"""The components of Journey to Mordor, loaded once from components.toml and validated."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

SYMBOLS = ("R", "G", "F", "O", "N", "T")
FEATURES = ("identical_symbols", "no_gandalf", "double_fellowship", "reroll_each_roll",
            "double_orcs", "nazgul_spare_you", "all_nazgul_on_you", "one_ring_fewer")
DATA_FILE = Path(__file__).with_name("components.toml")


class ComponentError(ValueError):
    """The components file is malformed; names the field."""


@dataclass(frozen=True)
class Location:
    """A space of the Ring-bearer's route and the feature met there."""

    name: str
    character: str
    feature: str
    text: str


@dataclass(frozen=True)
class Components:
    """Everything physical the rules refer to."""

    symbol_names: Mapping[str, str]
    hobbit_order: tuple[str, ...]
    hobbit_names: Mapping[str, str]
    hobbit_colours: Mapping[str, str]
    die_names: tuple[str, ...]          # coloured dice first, the black die last
    coloured_faces: tuple[str, ...]
    black_faces: tuple[str, ...]
    start: str
    ring_spaces: tuple[str, ...]        # the last one is Mordor
    nazgul_squares: int
    locations: Mapping[str, Location]
    reconstructed: tuple[str, ...]      # which facts are reconstructed

    @property
    def black(self) -> int:
        """Index of the black die."""
        return len(self.die_names) - 1

    def faces_of(self, die: int) -> tuple[str, ...]:
        """The faces of die number `die`."""
        return self.black_faces if die == self.black else self.coloured_faces


def check_faces(faces: tuple[str, ...], *, black: bool) -> str | None:
    """Why a list of die faces is not acceptable, or None."""
    if len(faces) != 6:
        return f"a die has 6 faces, got {len(faces)}"
    unknown = [f for f in faces if f not in SYMBOLS]
    if unknown:
        return f"unknown symbol {unknown[0]!r}; symbols are {', '.join(SYMBOLS)}"
    if not black and "T" in faces:
        return "the White Tree is found only on the black die"
    return None


def _need(table: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in table or not isinstance(table[key], kind):
        raise ComponentError(f"{where}.{key}: missing or not a {kind.__name__}")
    return table[key]


def parse_components(doc: Mapping[str, Any]) -> Components:
    """Validate a components document (the TOML's data) and build Components."""
    symbols = _need(doc, "symbols", dict, "components")
    if tuple(symbols) != SYMBOLS:
        raise ComponentError(f"symbols: expected exactly {', '.join(SYMBOLS)} in that order")
    hobbits = _need(doc, "hobbits", dict, "components")
    order = tuple(_need(hobbits, "order", list, "hobbits"))
    dice = _need(doc, "dice", dict, "components")
    coloured = tuple(_need(dice, "coloured", list, "dice"))
    names, colours = {}, {}
    for key in order:
        entry = _need(hobbits, key, dict, "hobbits")
        names[key] = _need(entry, "name", str, f"hobbits.{key}")
        colours[key] = _need(entry, "colour", str, f"hobbits.{key}")
        if colours[key] not in coloured:
            raise ComponentError(f"hobbits.{key}.colour: {colours[key]!r} is not a die colour")
    if len(set(colours.values())) != len(order):
        raise ComponentError("hobbits: each hobbit corresponds to a different colour")
    reconstructed = []
    faces = {}
    for key, black in (("coloured_faces", False), ("black_faces", True)):
        table = _need(dice, key, dict, "dice")
        faces[key] = tuple(_need(table, "faces", list, f"dice.{key}"))
        problem = check_faces(faces[key], black=black)
        if problem:
            raise ComponentError(f"dice.{key}.faces: {problem}")
        if table.get("reconstructed"):
            reconstructed.append(f"dice.{key}")
    route = _need(doc, "ring_route", dict, "components")
    spaces = tuple(_need(route, "spaces", list, "ring_route"))
    if route.get("reconstructed"):
        reconstructed.append("ring_route")
    nazgul = _need(doc, "nazgul_route", dict, "components")
    squares = _need(nazgul, "squares", int, "nazgul_route")
    if squares < 1:
        raise ComponentError("nazgul_route.squares: at least 1")
    if nazgul.get("reconstructed"):
        reconstructed.append("nazgul_route")
    locations = {}
    for name, entry in _need(doc, "locations", dict, "components").items():
        feature = _need(entry, "feature", str, f"locations.{name}")
        if feature not in FEATURES:
            raise ComponentError(f"locations.{name}.feature: unknown feature {feature!r}")
        if name not in spaces:
            raise ComponentError(f"locations.{name}: not a space of the Ring-bearer's route")
        locations[name] = Location(name, _need(entry, "character", str, f"locations.{name}"),
                                   feature, _need(entry, "text", str, f"locations.{name}"))
    return Components(
        symbol_names=dict(symbols), hobbit_order=order, hobbit_names=names,
        hobbit_colours=colours, die_names=coloured + (_need(dice, "black", str, "dice"),),
        coloured_faces=faces["coloured_faces"], black_faces=faces["black_faces"],
        start=_need(route, "start", str, "ring_route"), ring_spaces=spaces,
        nazgul_squares=squares, locations=locations, reconstructed=tuple(reconstructed))


@lru_cache(maxsize=None)
def default_components() -> Components:
    """The components from the packaged data file."""
    with DATA_FILE.open("rb") as handle:
        return parse_components(tomllib.load(handle))
