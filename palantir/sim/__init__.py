"""The simulator: many games between agents on local processes, and their summary."""

from .runner import SimulationError, agent_seed, game_seed, run_simulation
from .summary import GameResult, Summary

__all__ = ["GameResult", "SimulationError", "Summary", "agent_seed", "game_seed",
           "run_simulation"]
