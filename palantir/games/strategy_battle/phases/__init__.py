"""The phases of a turn: each module is one chapter of the rules (the Move phase, the Shoot
phase, matching fights, resolving them, Courage, magic, cavalry, heroic actions, throwing
weapons). A phase imports only the table, the state, the wounds and the engine - never
another phase; one phase starts another's procedure by name on the stack (procedure.py)."""
