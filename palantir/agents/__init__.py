"""Generic agents and the registry that makes an agent from a name such as `mcts:2000`."""

from __future__ import annotations

import importlib

from ..engine.errors import UnknownAgent
from ..engine.game import Game
from .ismcts import make_ismcts
from .mcts import MCTSAgent, parse_budget
from .random_agent import RandomAgent

AGENT_HELP = {
    "random": "uniform over the legal decisions",
    "heuristic": "the game's own fast rule-of-thumb player",
    "mcts[:N|:Ns]": "Monte Carlo tree search, N iterations (default 1000) or N seconds a decision",
    "ismcts[:N|:Ns]": "information-set MCTS for hidden hands (samples what the seat cannot "
                      "see), N iterations (default 1000) or N seconds a decision",
    "openspiel:mcts[:N]": "OpenSpiel's MCTSBot, N simulations (default 100), for games with "
                          "nothing hidden (the interop extra)",
    "openspiel:ismcts[:N]": "OpenSpiel's ISMCTSBot, N simulations (default 100), resampling "
                            "what the seat cannot see (hidden-hand games; the interop extra)",
}
# Agents of other libraries, "module:function", imported only when a seat asks for one, so
# the core never needs them installed; the function takes (game, seat, seed, budget, spec,
# options).
EXTERNAL_AGENTS = {"openspiel": "palantir.interop.openspiel:openspiel_agent"}


def make_agent(spec: str, game: Game, seat: int, seed: int | None = None,
               options: dict | None = None):
    """The agent named by `spec` (random, heuristic, mcts:2000, mcts:1.5s) for `seat`."""
    name, _, budget = spec.strip().lower().partition(":")
    if name == "random":
        if budget:
            raise UnknownAgent(f"agent 'random' takes no budget, got '{spec}'")
        return RandomAgent(seat, seed)
    if name == "heuristic":
        if budget:
            raise UnknownAgent(f"agent 'heuristic' takes no budget, got '{spec}'")
        return game.heuristic_agent(seat, seed)
    if name == "mcts":
        iterations, seconds = parse_budget(budget, spec)
        return MCTSAgent(game, seat, seed, iterations=iterations, seconds=seconds)
    if name == "ismcts":
        return make_ismcts(game, seat, seed, budget, spec)
    if name in game.own_agents:
        if budget:
            raise UnknownAgent(f"agent '{name}' takes no budget, got '{spec}'")
        return game.own_agents[name][1](game, seat, seed)
    if name in EXTERNAL_AGENTS:
        module_name, _, function = EXTERNAL_AGENTS[name].partition(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            raise UnknownAgent(f"agent '{spec}' needs {exc.name}: install the interop extra "
                               f"(pip install 'palantir[interop]')") from None
        return getattr(module, function)(game, seat, seed, budget, spec, options)
    raise UnknownAgent(f"unknown agent '{spec}'; agents are: "
                       f"{', '.join([*AGENT_HELP, *game.own_agents])}")


__all__ = ["AGENT_HELP", "RandomAgent", "make_agent"]
