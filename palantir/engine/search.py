"""What a search (agents/mcts.py, agents/ismcts.py) may ask of a game: one object a game
returns from `Game.search()`, every hook with a default.

A game passes its own functions for the hooks it has, by the hook's name, each taking what
the method here takes (`SearchHooks(rollout_policy=..., search_actions=...)`), or subclasses
and overrides; what it leaves out keeps the default below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping

from .dice import Dice

if TYPE_CHECKING:
    from .game import Outcome, State

HOOKS = ("rollout_policy", "root_policy", "search_actions", "search_worthy", "search_payoffs",
         "rollout_evaluation", "search_cutoff", "search_rollout", "determinizer")


class SearchHooks:
    """A game's answers to a search, defaulting to a plain search of every legal decision,
    random rollouts played to the end and a win's payoffs."""

    def __init__(self, **hooks: Callable):
        for name, hook in hooks.items():
            if name not in HOOKS:
                raise TypeError(f"no search hook '{name}'; the hooks are {', '.join(HOOKS)}")
            if hook is not None:
                setattr(self, name, hook)

    def rollout_policy(self) -> "Callable[[State, Any], Any] | None":
        """A cheap callable (state, rng) -> action for search rollouts, or None for random."""
        return None

    def root_policy(self) -> "Callable[[State, Any], Any] | None":
        """A callable (state, rng) -> action whose pick a search must clearly beat at its
        root and which answers the questions not worth a search (a game's full general,
        dearer than its rollouts), or None: the rollout policy serves there too."""
        return None

    def search_actions(self, state: "State") -> list:
        """The decisions a search considers in `state`: all legal ones by default; a game whose
        decisions are continuous or many offers a small abstraction of them, each legal."""
        return state.legal_actions()

    def search_worthy(self, view: Mapping[str, Any]) -> bool:
        """Whether a decision from this view deserves a search (False: a minor question the
        rollout policy answers at once)."""
        return True

    def search_payoffs(self, outcome: "Outcome", players: int) -> list[float]:
        """Each seat's payoff in [0, 1] for a search (a cooperative game may share a score)."""
        return outcome.returns(players)

    # Rollouts can be cut short two ways: after a fixed number of decisions, or where the
    # game reaches a stage at which it can value the position well (a board's first turn).
    def rollout_evaluation(self) -> "tuple[int, Callable[[State], list[float]]] | None":
        """None (rollouts play to the end), or (decisions, evaluate): a search rollout stops
        after that many decisions and scores the position with evaluate(state), each seat's
        expected payoff in [0, 1] — for long games whose rollouts cost too much."""
        return None

    def search_cutoff(self, root: "State") -> "Callable[[State], list[float] | None] | None":
        """None, or cut(state) -> payoffs or None: the search's horizon — a rollout from
        `root` stops at the first state where cut gives payoffs, and mcts grows no tree
        past one."""
        return None

    def search_rollout(self, root: "State") -> "Callable[[State, Any], list[float]] | None":
        """None (mcts plays its rollouts itself, decision by decision), or
        playout(state, rng) -> each seat's payoff: the rest of a game below `root` played
        as mcts's own rollout would play it (the rollout policy, the evaluation and the
        cutoff), by a faster working of the game such as a compiled batch engine."""
        return None

    def determinizer(self, view: Mapping[str, Any]) -> "Callable[[Any, Dice], State]":
        """A callable (rng, dice) -> state dealing full states consistent with `view`, their
        unseen parts at random with `rng` (information-set search); only games with hidden
        information that can deal them give one."""
        raise NotImplementedError("this game cannot sample hidden information")

    def can_sample(self) -> bool:
        """Whether this game deals determinizations of a view (ismcts needs them)."""
        return "determinizer" in vars(self) or \
            type(self).determinizer is not SearchHooks.determinizer


PLAIN_SEARCH = SearchHooks()
