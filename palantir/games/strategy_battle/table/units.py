"""The table's unit, inches or centimetres, chosen once per game and never mixed
('Measuring'); millimetre sizes from the data (bases, heights) are converted once, at the
edge, by `Units.from_mm`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


# Two edges closer than this count as touching ('base contact'); bases may overlap by no
# more than this. Half a millimetre is below what a player can see on the table.
CONTACT_TOLERANCE_MM = 0.5
EPS = 1e-9

@dataclass(frozen=True)
class Units:
    """One of the manual's two measuring systems ('Measuring')."""

    name: str           # "in" or "cm"
    mm: float           # millimetres in one unit
    step: float         # remaining movement rounds up to this ('Terrain': half inch, whole cm)

    def rule(self, inches: float, cm: float) -> float:
        """The manual's distance in this system (it prints both, e.g. 1"/2cm)."""
        return inches if self.name == "in" else cm

    def from_mm(self, mm: float) -> float:
        """A model-scale size (bases, heights) in table units."""
        return mm / self.mm

    def round_up(self, distance: float) -> float:
        """Round remaining movement up to the next half inch or whole centimetre ('Terrain')."""
        return math.ceil(distance / self.step - 1e-9) * self.step

    @property
    def tolerance(self) -> float:
        """The base-contact tolerance in table units."""
        return self.from_mm(CONTACT_TOLERANCE_MM)

    @property
    def control_zone(self) -> float:
        """The control zone's depth beyond the base edge, 1"/2cm ('Control Zone rule')."""
        return self.rule(1, 2)


INCHES = Units("in", 25.4, 0.5)
CENTIMETRES = Units("cm", 10.0, 1.0)
UNITS = {"in": INCHES, "cm": CENTIMETRES}


def units_named(name: str) -> Units:
    """The measuring system called `name` ('in' or 'cm'); ValueError names the choices."""
    if name not in UNITS:
        raise ValueError(f"units: '{name}' is not a measuring system; use 'in' or 'cm'")
    return UNITS[name]
