"""Journey to Mordor imports nothing inside a function (issue 11): rules.py's narration
imported render.py in its body to dodge the circle render -> rules (render now takes its
constants from phases/ and JourneyState for types only), and __init__.py imported heuristics
in its agent hooks. An import under `if TYPE_CHECKING:` (types only) is not one."""

from __future__ import annotations

from pathlib import Path

import palantir.games.journey_to_mordor as jtm

from tests.games.spi_sauron.test_layers import imports_inside_functions

ROOT = Path(jtm.__file__).parent


def test_no_import_inside_a_function():
    assert imports_inside_functions(ROOT) == []
