"""The board game imports nothing inside a function (issue 11; docs/architecture.md): the
fitting of search_value.py imported numpy in its body, and now lives in a tool module of
its own (search_value_fit.py) that imports it at the top. An import under
`if TYPE_CHECKING:` (types only) is not one."""

from __future__ import annotations

from pathlib import Path

import palantir.games.lotr_board_game as lotr

from tests.games.spi_sauron.test_layers import imports_inside_functions

ROOT = Path(lotr.__file__).parent


def test_no_import_inside_a_function():
    assert imports_inside_functions(ROOT) == []
