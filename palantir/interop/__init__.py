"""Palantir's games in the research ecosystem: OpenSpiel games (openspiel.py) and PettingZoo
environments (pettingzoo.py), built on the engine contract alone (docs/interop.md).

Nothing here is imported by the engine, the games or the agents' core: a caller imports
`palantir.interop.openspiel` or `palantir.interop.pettingzoo` (the `interop` extra).
"""
