"""Analysis: balance sweeps over a game's options, their tables and plots."""

from .grid import AnalysisError, Sweep, expand_grid, parse_sweep, seat_agents
from .sweep import Analysis, Cell, run_analysis

__all__ = ["Analysis", "AnalysisError", "Cell", "Sweep", "expand_grid", "parse_sweep",
           "run_analysis", "seat_agents"]
