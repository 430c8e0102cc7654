"""The Lord of the Rings board game's rules as procedures of the engine's kernel
(palantir/engine/procedure.py): the effects of cards, board spaces and events as a table
of effect procedures (effects.py; the Sauron expansion's own in sauron_effects.py)."""

from .effects import BASE_EFFECTS, effect_table
from .sauron_effects import SAURON_EFFECTS

# The table of every effect of the game, verb -> procedure: the base game's and the
# expansion's (the original game may use the expansion's Sauron tokens: Dark Events).
EFFECTS = effect_table(*BASE_EFFECTS, *SAURON_EFFECTS)
