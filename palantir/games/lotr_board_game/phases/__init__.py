"""The Lord of the Rings board game's rules as procedures of the engine's kernel
(palantir/engine/procedure.py), each phase a module of its steps, its questions and what
they do: the journey across the boards (journey.py), a hobbit's turn (turn.py), costs and
choices (costs.py), the threat die (threat.py), the Council and the cards dealt
(council.py), the windows where cards are played (windows.py), the Gandalf cards
(gandalf.py), and the Sauron expansion's Sauron player and Black Rider (sauron.py) and its
resources and Fellowship cards (resources.py). The effects of cards, spaces and events are
a table of effect procedures (effects.py; the expansion's in sauron_effects.py); table.py
gathers the effects, steps and questions; steps.py holds the step and the question on the
stack."""
