"""What `palantir analyze GAME` does for each game when it is told nothing: data, no code,
declared by the game itself (`Game.analysis_profile`, each game's analysis_profile.py).

A profile has, all optional:
  sweep     the default grid: a list of (option, values), used when no --sweep is given
            (a dimension whose option is fixed with --option is dropped)
  games     games per cell when --games is not given
  measures  extra values read from the Outcome: {name: source}, source being "summary",
            "details.PATH" or "count:details.PATH" (the length of a list)
  hide      details the generic reading would find but that say nothing new
  order     categories of a categorical measure in the order their stacks are drawn
  plot      the measures drawn, in order (default: every categorical one and every numeric
            one that varies); win rates are always drawn first
  seats     the name of each seat, in order (a side's name: "Sauron"), shown beside its
            number in the table and in the plot's legend
"""

from __future__ import annotations

from typing import Any, Mapping

from ..engine.game import get_game

DEFAULT_GAMES = 50


def profile_of(game_id: str) -> Mapping[str, Any]:
    """The analysis profile the game declares (Game.analysis_profile; empty if none)."""
    return get_game(game_id).analysis_profile


def seat_label(game_id: str, seat: int) -> str:
    """A seat as the table and the plot name it: its number, and its side's name if the
    profile gives one ("seat 0 Sauron")."""
    names = profile_of(game_id).get("seats", ())
    return f"seat {seat} {names[seat]}" if seat < len(names) else f"seat {seat}"
