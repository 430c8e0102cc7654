"""The `mcts` agent: chance-aware Monte Carlo tree search over any registered game.

The search starts from `game.state_from_view(view, dice)` only, so it never knows more
than its seat may see. Dice are sampled: every iteration replays the tree's decisions on a
copy of the root whose dice are private to the search, and the outcomes rolled during each
decision pick the child node (closed loop over sampled outcomes). Nothing the search rolls
reaches the game's record.
"""

from __future__ import annotations

import math
import random
import re
import time
from typing import Any, Callable, Sequence

from ..engine.dice import SeededDice
from ..engine.errors import PalantirError, UnknownAgent
from ..engine.game import Game, State

DEFAULT_ITERATIONS = 1000
# Payoffs are in [0, 1]; a constant below the textbook sqrt(2) spends more of a modest
# budget on the leading decisions, whose estimates the final choice compares.
EXPLORATION = 0.5
# Progressive widening of chance nodes: an edge visited n times keeps at most
# ceil(WIDENING * n ** WIDENING_POWER) distinct sampled outcomes as children.
WIDENING = 1.0
WIDENING_POWER = 0.5
# Below the root, a node visited n times searches only its first ceil(n ** 0.5) decisions,
# the rollout policy's pick first: with few visits a deep node should play like the policy,
# not try every poor decision once and drag the estimates above it down.
ACTION_WIDENING_POWER = 0.5
MAX_ROLLOUT_STEPS = 5000
# The search overrules the rollout policy's own pick at the root only when the most-visited
# decision beats it by this many standard errors: a game's heuristic is usually within a
# few percent of the best decision, well inside the noise of a few hundred rollouts.
CONFIDENCE = 2.0
# ...and to make that comparison sharp, UCT may not starve the policy's pick at the root:
# it gets at least this share of the visits of the most-visited decision.
POLICY_SHARE = 0.5

_ITERATIONS = re.compile(r"[0-9]+")
_SECONDS = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)s")


def parse_budget(text: str, spec: str) -> tuple[int | None, float | None]:
    """The budget of an `mcts:` spec: '' -> 1000 iterations, '2000', or '1.5s' seconds."""
    budget = (text or "").strip().lower()
    hint = "use e.g. 'mcts', 'mcts:2000' (iterations) or 'mcts:1.5s' (seconds)"
    if not budget:
        return DEFAULT_ITERATIONS, None
    if _ITERATIONS.fullmatch(budget):
        iterations = int(budget)
        if iterations <= 0:
            raise UnknownAgent(f"agent '{spec}': the number of iterations must be at least 1; "
                               f"{hint}")
        return iterations, None
    if _SECONDS.fullmatch(budget):
        seconds = float(budget[:-1])
        if seconds <= 0:
            raise UnknownAgent(f"agent '{spec}': the time budget must be more than 0 seconds; "
                               f"{hint}")
        return None, seconds
    raise UnknownAgent(f"agent '{spec}': bad budget '{text.strip()}'; {hint}")


class SamplingDice(SeededDice):
    """Private dice of the search: seeded, never logged, and they tell what they rolled."""

    def __init__(self, seed: int | None):
        super().__init__(seed, record=False)
        self.rolled: list[tuple[str, str]] = []

    def _pick(self, die: str, faces: Sequence[str]) -> str:
        face = super()._pick(die, faces)
        self.rolled.append((die, face))
        return face


class _Node:
    """A decision point reached by one sequence of decisions and sampled outcomes."""

    __slots__ = ("seat", "edges", "untried", "visits")

    def __init__(self, seat: int | None):
        self.seat = seat  # None: the game is over here
        self.edges: list[_Edge] = []
        self.untried: list[Any] | None = None  # decisions not yet searched; None: unexpanded
        self.visits = 0


class _Edge:
    """A decision taken at a node: its statistics and the outcomes sampled after it."""

    __slots__ = ("action", "visits", "total", "squares", "outcomes")

    def __init__(self, action: Any):
        self.action = action
        self.visits = 0
        self.total = 0.0  # summed payoff of the seat that decides at the parent node
        self.squares = 0.0  # and its summed squares, for the standard error
        self.outcomes: dict[tuple, _Node] = {}

    def mean(self) -> float:
        """Average payoff of the deciding seat."""
        return self.total / self.visits

    def variance_of_mean(self) -> float:
        """Squared standard error of `mean`, with one pseudo-payoff of the largest variance."""
        spread = max(0.0, self.squares - self.total * self.total / self.visits)
        return (spread + 0.25) / (self.visits * self.visits)


class MCTSAgent:
    """UCT search with sampled dice, rollouts by the game's policy, per-seat payoffs."""

    def __init__(self, game: Game, seat: int, seed: int | None = None,
                 iterations: int | None = None, seconds: float | None = None, *,
                 exploration: float = EXPLORATION, max_rollout_steps: int = MAX_ROLLOUT_STEPS,
                 confidence: float = CONFIDENCE):
        if iterations is not None and (isinstance(iterations, bool) or
                                       not isinstance(iterations, int) or iterations < 1):
            raise UnknownAgent(f"mcts: iterations must be a whole number of at least 1, "
                               f"got {iterations!r}")
        if seconds is not None and (isinstance(seconds, bool) or
                                    not isinstance(seconds, (int, float)) or
                                    not math.isfinite(seconds) or seconds <= 0):
            raise UnknownAgent(f"mcts: seconds must be a number above 0, got {seconds!r}")
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        self.game = game
        self.seat = seat
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.max_rollout_steps = max_rollout_steps
        self.confidence = confidence
        self.rng = random.Random(seed)
        self.hooks = game.search()
        self.policy: Callable[[State, random.Random], Any] | None = self.hooks.rollout_policy()
        # the pick the root must clearly beat: the game's full general where it has one
        self.root_policy = self.hooks.root_policy() or self.policy
        self.evaluation = self.hooks.rollout_evaluation()
        self.payoffs = self.hooks.search_payoffs
        self._cut: Callable[[State], list[float] | None] | None = None
        self._playout: Callable[[State, random.Random], list[float]] | None = None
        self.last_search: dict[str, Any] = {}

    def choose(self, view: dict, legal_actions: list):
        """The most-searched of `legal_actions` (unless the rollout policy's pick is as good)."""
        if not legal_actions:
            raise PalantirError(f"mcts (seat {self.seat}): no legal decision to choose from")
        if len(legal_actions) == 1:
            self.last_search = {"iterations": 0, "seconds": 0.0, "root": [], "tree": None}
            return legal_actions[0]
        dice = SamplingDice(self.rng.getrandbits(64))
        rollout_rng = random.Random(self.rng.getrandbits(64))
        root_state = self.game.state_from_view(view, dice)
        if self.root_policy is not None and not self.hooks.search_worthy(view):
            # a minor question: the root policy answers it without a search
            wanted = self.root_policy(root_state, rollout_rng)
            choice = next((a for a in legal_actions if a == wanted or str(a) == str(wanted)),
                          legal_actions[0])
            self.last_search = {"iterations": 0, "seconds": 0.0, "root": [], "tree": None,
                                "policy": str(wanted), "overruled": False}
            return choice
        self._cut = self.hooks.search_cutoff(root_state)
        self._playout = self.hooks.search_rollout(root_state)
        root = _Node(root_state.to_move())
        # The root searches the very decisions offered, so the answer is one of them; where
        # the game abstracts its decisions for search, only those offered that it lists.
        searched = {str(a) for a in self.hooks.search_actions(root_state)}
        offered = [a for a in legal_actions if str(a) in searched] or list(legal_actions)
        root.untried, preferred = self._ordered(root_state, offered, rollout_rng,
                                                self.root_policy)
        players = root_state.players
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        done = 0
        anchor = None
        while True:
            self._iterate(root, root_state, dice, rollout_rng, players, anchor)
            done += 1
            if anchor is None and preferred is not None:
                anchor = next(e for e in root.edges if e.action is preferred)
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        best = max(root.edges, key=lambda e: (e.visits, e.mean()))
        overruled = anchor is not None and best is not anchor
        if overruled and not self._clearly_better(best, anchor):
            best, overruled = anchor, False
        self.last_search = {
            "iterations": done,
            "seconds": time.perf_counter() - start,
            "root": [(str(e.action), e.visits, e.mean()) for e in root.edges],
            "policy": None if preferred is None else str(preferred),
            "overruled": overruled,
            "tree": root,
        }
        return best.action

    def _clearly_better(self, edge: _Edge, than: _Edge) -> bool:
        """Whether `edge` beats `than` by `confidence` standard errors."""
        error = math.sqrt(edge.variance_of_mean() + than.variance_of_mean())
        return edge.mean() - than.mean() > self.confidence * error

    # ----- one iteration ---------------------------------------------------------------

    def _iterate(self, root: _Node, root_state: State, dice: SamplingDice,
                 rng: random.Random, players: int, anchor: _Edge | None) -> None:
        state = root_state.clone(dice=dice)
        node = root
        path: list[tuple[_Node, _Edge]] = []
        returns = None
        while node.seat is not None:
            if node is not root and self._cut is not None:
                # the game's search horizon bounds the tree as it bounds rollouts: a branch
                # grown past it would be scored later than its siblings, and the score of a
                # position depends on how far the game has gone (search_cutoff)
                returns = self._cut(state)
                if returns is not None:
                    break
            if node.untried is None:
                node.untried, _ = self._ordered(state, self.hooks.search_actions(state), rng)
                if not node.untried:
                    raise PalantirError(f"mcts: {self.game.id} lists no legal decision for "
                                        f"seat {node.seat} in a running game")
            if node.untried and (node is root or len(node.edges) <
                                 math.ceil((node.visits + 1) ** ACTION_WIDENING_POWER)):
                edge = _Edge(node.untried.pop())
                node.edges.append(edge)
            elif node is root and anchor is not None and \
                    anchor.visits < POLICY_SHARE * max(e.visits for e in node.edges):
                edge = anchor
            else:
                edge = self._select(node)
            dice.rolled.clear()
            try:
                state.apply(edge.action)
            except PalantirError:
                # The same decisions and outcomes should reach the same state; if a game's
                # hidden randomness made this one illegal here, forget it and score here.
                self._forget(node, edge)
                break
            path.append((node, edge))
            outcome = tuple(dice.rolled)
            child = edge.outcomes.get(outcome)
            if child is not None:
                node = child
                continue
            # A new outcome gets a node only while the edge may widen; beyond that the
            # rollout still scores the sampled outcome, keeping the edge's mean unbiased.
            if len(edge.outcomes) < math.ceil(WIDENING * edge.visits ** WIDENING_POWER) \
                    or not edge.outcomes:
                edge.outcomes[outcome] = _Node(state.to_move())
            break
        if returns is None:
            returns = self._rollout(state, rng, players) if self._playout is None \
                else self._playout(state, rng)
        for parent, edge in path:
            parent.visits += 1
            edge.visits += 1
            payoff = returns[parent.seat]
            edge.total += payoff
            edge.squares += payoff * payoff

    @staticmethod
    def _forget(node: _Node, edge: _Edge) -> None:
        """Drop an edge that turned out illegal, keeping the node's counts consistent."""
        if edge in node.edges and len(node.edges) > 1:
            node.edges.remove(edge)
            node.visits -= edge.visits

    def _ordered(self, state: State, actions: list, rng: random.Random,
                 policy: Callable[[State, random.Random], Any] | None = None
                 ) -> tuple[list, Any]:
        """Untried decisions, popped from the end so the policy's pick (`policy`, else the
        rollout policy's) comes first; and it."""
        rng.shuffle(actions)
        policy = policy or self.policy
        if policy is None or len(actions) < 2:
            return actions, None
        wanted = policy(state, rng)
        for i, action in enumerate(actions):
            if action == wanted or str(action) == str(wanted):
                actions.append(actions.pop(i))
                return actions, action
        return actions, None

    def _select(self, node: _Node) -> _Edge:
        """UCT for the seat deciding at `node`."""
        log_visits = math.log(node.visits)
        c = self.exploration
        best, best_score = node.edges[0], -math.inf
        for edge in node.edges:
            score = edge.total / edge.visits + c * math.sqrt(log_visits / edge.visits)
            if score > best_score:
                best, best_score = edge, score
        return best

    def _rollout(self, state: State, rng: random.Random, players: int) -> list[float]:
        """Play on to the end, or to the game's evaluation horizon; a game still running
        after the cap counts as a draw."""
        policy = self.policy
        horizon, evaluate = self.evaluation or (None, None)
        cut = self._cut
        for step in range(self.max_rollout_steps):
            if state.is_over():
                return self.payoffs(state.outcome(), players)
            if step == horizon:
                return list(evaluate(state))
            if cut is not None:
                value = cut(state)
                if value is not None:
                    return value
            if policy is not None:
                action = policy(state, rng)
            else:
                legal = self.hooks.search_actions(state)
                action = legal[rng.randrange(len(legal))]
            state.apply(action)
        if state.is_over():
            return self.payoffs(state.outcome(), players)
        return [1.0 / players] * players
