"""The Lord of the Rings board game's rules as procedures of the engine's kernel
(palantir/engine/procedure.py): the effects of cards, board spaces and events as a table
of effect procedures (effects.py; the Sauron expansion's own in sauron_effects.py; the
tables in table.py), the steps of the game on the kernel's Stack and its questions
(steps.py), the windows where cards are played (windows.py), the Gandalf cards
(gandalf.py), and the Sauron expansion's Sauron player and Black Rider (sauron.py) and its
resources and Fellowship cards (resources.py)."""
