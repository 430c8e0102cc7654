"""The `ismcts` agent: information-set Monte Carlo tree search for hidden-hand games.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012). The agent reads nothing but
its seat's view: each iteration asks the game for one determinization (a full state whose
unseen cards are dealt at random consistently with the view), and descends one shared tree along it. A node is the
sequence of decisions (in the game's notation) taken since the root, so the statistics of
a decision are pooled over every determinization in which it was available; the chance
outcomes and hidden cards of a determinization never split the tree. Because a decision
is legal in some determinizations and not in others, each edge counts its
*availability* (how often it could have been chosen) and UCB uses that count in place of
the parent's visits. Dice rolled by the search are private and never logged.

Strength at small budgets: by default the search compares the root's decisions by
*root-only paired rounds* — each round deals one determinization and one dice seed, and
every decision still compared is applied to that same deal and played on by the rollout
policy, with no tree below the root (the policy's play is the cleanest common ground for
comparing two decisions: a tree's tries of other decisions below would add noise to the
paired differences). The root keeps the rollout policy's pick unless another decision
beats it round by round by CONFIDENCE standard errors; a decision losing to the pick by
ELIMINATION standard errors is dropped, and the search stops once the pick alone is left.
With `tree=True` (or unpaired) the rounds descend one shared tree instead: below the root
a node visited n times searches at most ceil(n ** 0.5) decisions, the policy's pick first.

What the search asks of the game is the engine's search contract, the SearchHooks the game
returns from `search()` (engine/search.py): it deals determinizations with
`determinizer(view)`;
compares at the root only the offered decisions that `search_actions(state)` lists (from
the first determinization; they depend only on the seat's own cards and public facts);
spends no budget where `search_worthy(view)` is False (e.g. a game's minor questions: the
rollout policy's pick on one determinization); scores finished games by `search_payoffs`
(e.g. a cooperative game's score shared by the whole team); and stops a rollout where
`search_cutoff(root)` first gives payoffs (e.g. a value fitted at the next stage of the
game) or after `rollout_evaluation()`'s horizon, which spares the noise of the far future.

Paired rounds roll `StreamDice`: each die by name draws from its own stream of the
round's seed, so the root decisions compared see the same k-th roll of every die.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Callable

from ..engine.dice import Dice
from ..engine.errors import PalantirError, UnknownAgent
from ..engine.game import Game, State
from .mcts import (ACTION_WIDENING_POWER, CONFIDENCE, MAX_ROLLOUT_STEPS, SamplingDice,
                   parse_budget)

DEFAULT_ITERATIONS = 1000
# Payoffs are in [0, 1]; as in mcts.py a constant below sqrt(2) spends a modest budget on
# the leading decisions.
EXPLORATION = 0.7
# The prior spread of paired differences (one pseudo-difference of 0.1).
PAIRED_PRIOR = 0.01
# Root-only paired rounds: after this many rounds a decision losing to the pick by more
# than ELIMINATION standard errors is compared no more (stricter than CONFIDENCE: it is
# tested again after every round).
ELIMINATION_ROUNDS = 10
ELIMINATION = 3.0


class StreamDice(Dice):
    """Private dice of a paired round: each die (by name) rolls from its own seeded stream,
    so two branches of one round that roll a die for the k-th time draw the same number
    even when their decisions made them roll other dice in between (common random numbers
    that survive the branches parting). Never logged."""

    def __init__(self, seed: int):
        super().__init__(record=False)
        self.seed = seed
        self._streams: dict[str, random.Random] = {}

    def _pick(self, die: str, faces) -> str:
        stream = self._streams.get(die)
        if stream is None:
            stream = self._streams[die] = random.Random(f"{self.seed}/{die}")
        return faces[stream.randrange(len(faces))]


def _clearly_worse(payoffs: dict[int, float], base: dict[int, float]) -> bool:
    """Whether `payoffs` lose to `base` on their common rounds by ELIMINATION errors."""
    gain, error = ISMCTSAgent._paired_gain(payoffs, base)
    return gain + ELIMINATION * error < 0


class _Edge:
    """A decision out of a node: its visits, the deciding seat's payoff and availability."""

    __slots__ = ("visits", "total", "squares", "available", "child")

    def __init__(self):
        self.visits = 0
        self.total = 0.0
        self.squares = 0.0  # summed squared payoffs, for the standard error
        self.available = 0
        self.child: dict[str, _Edge] = {}  # the decisions after this one, by notation

    def mean(self) -> float:
        """Average payoff of the deciding seat (0 before any visit)."""
        return self.total / self.visits if self.visits else 0.0

    def variance_of_mean(self) -> float:
        """Squared standard error of `mean`, with one pseudo-payoff of the largest variance."""
        if not self.visits:
            return math.inf
        spread = max(0.0, self.squares - self.total * self.total / self.visits)
        return (spread + 0.25) / (self.visits * self.visits)


class ISMCTSAgent:
    """SO-ISMCTS with one determinization per iteration and availability counts."""

    def __init__(self, game: Game, seat: int, seed: int | None = None,
                 iterations: int | None = None, seconds: float | None = None, *,
                 exploration: float = EXPLORATION, max_rollout_steps: int = MAX_ROLLOUT_STEPS,
                 confidence: float = CONFIDENCE, paired: bool = True, streams: bool = True,
                 tree: bool = False):
        if iterations is not None and (isinstance(iterations, bool) or
                                       not isinstance(iterations, int) or iterations < 1):
            raise UnknownAgent(f"ismcts: iterations must be a whole number of at least 1, "
                               f"got {iterations!r}")
        if seconds is not None and (isinstance(seconds, bool) or
                                    not isinstance(seconds, (int, float)) or
                                    not math.isfinite(seconds) or seconds <= 0):
            raise UnknownAgent(f"ismcts: seconds must be a number above 0, got {seconds!r}")
        hooks = game.search()
        if not hooks.can_sample():
            raise UnknownAgent(f"ismcts: the game {game.id} cannot sample hidden information "
                               f"(it has no sample_state); use mcts")
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        self.game = game
        self.seat = seat
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.max_rollout_steps = max_rollout_steps
        self.confidence = confidence
        self.paired = paired
        self.streams = streams
        self.tree = tree
        self.rng = random.Random(seed)
        self.hooks = hooks
        self.policy: Callable[[State, random.Random], Any] | None = hooks.rollout_policy()
        self.payoffs = hooks.search_payoffs
        self.evaluation = hooks.rollout_evaluation()
        self.last_search: dict[str, Any] = {}
        self._cut: Callable[[State], list[float] | None] | None = None

    def choose(self, view: dict, legal_actions: list):
        """The decision of `legal_actions` the search from `view` finds best (the policy's
        pick unless clearly beaten)."""
        if not legal_actions:
            raise PalantirError(f"ismcts (seat {self.seat}): no legal decision to choose from")
        if len(legal_actions) == 1:
            self.last_search = {"iterations": 0, "seconds": 0.0, "root": []}
            return legal_actions[0]
        offered = {str(a): a for a in legal_actions}
        rng = random.Random(self.rng.getrandbits(64))
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        determinize = self.hooks.determinizer(view)
        if self.policy is not None and not self.hooks.search_worthy(view):
            state = determinize(rng, SamplingDice(rng.getrandbits(64)))
            wanted = str(self.policy(state, rng))
            self.last_search = {"iterations": 0, "seconds": time.perf_counter() - start,
                                "root": [], "policy": wanted, "overruled": False}
            return offered.get(wanted, legal_actions[0])
        if self.paired and not self.tree:
            choice, preferred, done, rounds = self._flat_rounds(determinize, offered, rng,
                                                                deadline)
            ranked = sorted(((len(p), sum(p.values()) / len(p), text)
                             for text, p in rounds.items() if p), reverse=True)
        else:
            choice, preferred, done, root = self._tree_search(determinize, offered, rng,
                                                              deadline)
            ranked = sorted(((e.visits, e.mean(), text)
                             for text, e in root.child.items() if text in offered),
                            reverse=True)
            choice = choice or (ranked[0][2] if ranked else str(legal_actions[0]))
        overruled = preferred is not None and choice != preferred
        self.last_search = {
            "iterations": done, "seconds": time.perf_counter() - start,
            "root": [(text, visits, mean) for visits, mean, text in ranked],
            "policy": preferred, "overruled": overruled,
        }
        return offered[choice]

    def _setup(self, determinize, offered: dict, rng: random.Random):
        """From one determinization: the rollout cut, the policy's pick (None if not
        offered) and the decisions compared, the pick first and the rest shuffled."""
        deal = random.Random(rng.getrandbits(64))
        state = determinize(deal, SamplingDice(rng.getrandbits(64)))
        self._cut = self.hooks.search_cutoff(state)
        preferred = None
        if self.policy is not None:
            # The root's decisions are the seat's own, so every determinization offers
            # the pick of this one.
            wanted = str(self.policy(state, deal))
            preferred = wanted if wanted in offered else None
        searched = [str(t) for t in self.hooks.search_actions(state)]
        searched = [t for t in searched if t in offered] or list(offered)
        rest = [t for t in searched if t != preferred]
        rng.shuffle(rest)
        return preferred, ([preferred] if preferred is not None else []) + rest

    def _spent(self, done: int, deadline: float | None) -> bool:
        """Whether the budget (iterations or the clock) is spent."""
        return (self.iterations is not None and done >= self.iterations) or \
            (deadline is not None and time.perf_counter() >= deadline)

    def _flat_rounds(self, determinize, offered: dict, rng: random.Random,
                     deadline: float | None):
        """Root-only paired rounds: each round deals one determinization and one dice seed,
        and every decision still compared is applied to that same deal and rolled out by
        the policy (no tree: below the root the policy's play is the cleanest common
        ground for comparing two decisions). A decision whose paired loss to the pick is
        beyond `ELIMINATION` standard errors leaves the comparison, so the budget goes to
        the contenders; the search stops early once the pick alone is left.
        (choice, pick, rollouts, payoffs by decision and round)."""
        preferred, live = self._setup(determinize, offered, rng)
        base = preferred if preferred is not None else live[0]
        rounds: dict[str, dict[int, float]] = {text: {} for text in live}
        done = r = 0
        while len(live) > 1 and not self._spent(done, deadline):
            seeds = (rng.getrandbits(64), rng.getrandbits(64))
            for text in live:
                deal = random.Random(seeds[0])
                state = determinize(deal, StreamDice(seeds[1]) if self.streams
                                    else SamplingDice(seeds[1]))
                state.apply(text)
                rounds[text][r] = self._rollout(state, deal)[self.seat]
                done += 1
                if self._spent(done, deadline):
                    break
            r += 1
            if r >= ELIMINATION_ROUNDS:
                live = [t for t in live if t == base or
                        not _clearly_worse(rounds[t], rounds[base])]
        if preferred is None:
            means = {t: sum(p.values()) / len(p) for t, p in rounds.items() if p}
            return max(means, key=means.get, default=base), None, done, rounds
        return self._paired_choice(rounds, preferred), preferred, done, rounds

    def _tree_search(self, determinize, offered: dict, rng: random.Random,
                     deadline: float | None):
        """The tree below the root (paired rounds with `tree`, or unpaired): one
        determinization an iteration descends the shared tree. (choice or None for the
        most visited, pick, iterations, root)."""
        root = _Edge()
        preferred, order = self._setup(determinize, offered, rng)
        rounds: dict[str, dict[int, float]] = {}
        seeds = (0, 0)
        done = 0
        while not self._spent(done, deadline) or done == 0:
            if self.paired:
                # Common random numbers: a round deals one determinization and one dice
                # seed, and every root decision is searched once from that same deal.
                if done % len(order) == 0:
                    seeds = (rng.getrandbits(64), rng.getrandbits(64))
                deal = random.Random(seeds[0])
                state = determinize(deal, StreamDice(seeds[1]) if self.streams
                                    else SamplingDice(seeds[1]))
                forced = order[done % len(order)]
                returns = self._iterate(root, state, offered, deal, preferred, forced)
                rounds.setdefault(forced, {})[done // len(order)] = returns[self.seat]
            else:
                state = determinize(rng, SamplingDice(rng.getrandbits(64)))
                self._iterate(root, state, offered, rng, preferred)
            done += 1
        choice = None
        if self.paired and preferred is not None:
            choice = self._paired_choice(rounds, preferred)
        elif preferred is not None and root.child:
            best = max((e.visits, e.mean(), t) for t, e in root.child.items()
                       if t in offered)[2]
            choice = best if self._clearly_better(
                root.child[best], root.child.get(preferred, _Edge())) else preferred
        return choice, preferred, done, root

    @staticmethod
    def _paired_gain(payoffs: dict[int, float], base: dict[int, float]) -> tuple[float, float]:
        """The mean paired gain of `payoffs` over `base` on the rounds both played, and its
        standard error (inf without a common round)."""
        diffs = [p - base[r] for r, p in payoffs.items() if r in base]
        n = len(diffs)
        if not n:
            return 0.0, math.inf
        gain = sum(diffs) / n
        spread = sum((d - gain) ** 2 for d in diffs)
        # A small prior spread: paired differences of the same deal are far less noisy
        # than payoffs, and the prior of one payoff's largest variance (0.25) would alone
        # outweigh any gain at 20 rounds.
        return gain, math.sqrt((spread + PAIRED_PRIOR) / (n * n))

    def _paired_choice(self, rounds: dict[str, dict[int, float]], preferred: str) -> str:
        """The decision whose payoff beats the policy's pick, round by round over the
        same deals, by the most, if by `confidence` standard errors; else the pick."""
        base = rounds.get(preferred, {})
        best, best_gain = preferred, 0.0
        for text, payoffs in rounds.items():
            if text == preferred:
                continue
            gain, error = self._paired_gain(payoffs, base)
            if gain > self.confidence * error and gain > best_gain:
                best, best_gain = text, gain
        return best

    def _clearly_better(self, edge: _Edge, than: _Edge) -> bool:
        """Whether `edge` beats `than` by `confidence` standard errors."""
        error = math.sqrt(edge.variance_of_mean() + than.variance_of_mean())
        return edge.mean() - than.mean() > self.confidence * error

    def _iterate(self, root: _Edge, state: State, offered: dict, rng: random.Random,
                 preferred: str | None = None, forced: str | None = None) -> list[float]:
        """Select and expand along one determinization (the root's decision `forced` if
        given), roll out, back up; the rollout's payoffs."""
        node = root
        path: list[tuple[_Edge, int]] = []  # (edge taken, seat that took it)
        first = True
        while not state.is_over():
            seat = state.to_move()
            if first:
                # The root's decisions are the ones offered (the same in every
                # determinization: they depend on the seat's own cards and public facts).
                legal = list(offered)
            else:
                legal = [str(a) for a in state.legal_actions()]
            for text in legal:
                edge = node.child.get(text)
                if edge is None:
                    edge = node.child[text] = _Edge()
                edge.available += 1
            if first and forced is not None:
                state.apply(forced)
                node = node.child[forced]
                path.append((node, seat))
                first = False
                if node.visits == 0:
                    break
                continue
            tried = [t for t in legal if node.child[t].visits]
            untried = len(tried) < len(legal)
            if untried and not first and tried and len(tried) >= math.ceil(
                    (node.visits + 1) ** ACTION_WIDENING_POWER):
                # Progressive widening below the root (as mcts.py): few visits, few
                # decisions searched.
                legal, untried = tried, False
            if untried:
                untried_list = [t for t in legal if not node.child[t].visits]
                if first and preferred in untried_list:
                    text = preferred
                else:
                    text = self._first_try(state, untried_list, rng)
                state.apply(text)
                edge = node.child[text]
                path.append((edge, seat))
                break
            first = False
            text = self._select(node, legal)
            state.apply(text)
            node = node.child[text]
            path.append((node, seat))
        returns = self._rollout(state, rng)
        root.visits += 1
        for edge, seat in path:
            payoff = returns[seat]
            edge.visits += 1
            edge.total += payoff
            edge.squares += payoff * payoff
        return returns

    def _first_try(self, state: State, untried: list[str], rng: random.Random) -> str:
        """Among untried decisions, the rollout policy's pick if it is one, else any."""
        if self.policy is not None and len(untried) > 1:
            wanted = str(self.policy(state, rng))
            if wanted in untried:
                return wanted
        return untried[rng.randrange(len(untried))]

    def _select(self, node: _Edge, legal: list[str]) -> str:
        """UCB over the decisions available here, each with its own availability count."""
        c = self.exploration
        best, best_score = legal[0], -math.inf
        for text in legal:
            edge = node.child[text]
            score = edge.total / edge.visits + c * math.sqrt(math.log(edge.available)
                                                             / edge.visits)
            if score > best_score:
                best, best_score = text, score
        return best

    def _rollout(self, state: State, rng: random.Random) -> list[float]:
        """Play on to the end with the rollout policy; a game still running is a draw."""
        players = state.players
        policy = self.policy
        cut = self._cut
        horizon, evaluate = self.evaluation or (None, None)
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
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply(action)
        if state.is_over():
            return self.payoffs(state.outcome(), players)
        return [1.0 / players] * players


def make_ismcts(game: Game, seat: int, seed: int | None, budget: str, spec: str) -> ISMCTSAgent:
    """The agent of an `ismcts[:N|:Ns]` spec."""
    iterations, seconds = parse_budget(budget, spec)
    return ISMCTSAgent(game, seat, seed, iterations=iterations, seconds=seconds)
