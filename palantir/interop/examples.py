"""The training example of docs/interop.md: a tabular Monte Carlo learner of Journey to
Mordor through the PettingZoo environment, against a random seat.

The learner reads nothing but its observation: the `"observation"` tensor (decoded by
`JourneyFeatures`: the faces of the dice rolled and set aside, how far along each seat is,
its Nazgûl marks) and the `"action_mask"`. Its state is the symbols set aside so far this
turn; a decision is named by the symbols it sets aside (which die shows them matters only
for a Nazgûl, so the black die is told apart). It learns every-visit Monte Carlo values
with epsilon-greedy exploration, from the game's reward (1 for reaching Mordor first) plus
potential-based shaping (Ng, Harada and Russell, 1999: a difference of potentials along
the way, which leaves the best policy unchanged): the potential is the seat's progress on
the Ring-bearer's route less its progress on the Nazgûl's route.

    python -m palantir.interop.examples --episodes 3000 --games 500
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict

import numpy as np

from .pettingzoo import PalantirEnv, env

SYMBOLS = "RGFONT"


class JourneyFeatures:
    """Reads Journey to Mordor's observation tensor back (encoding.JourneyTensor's layout)."""

    def __init__(self, table: PalantirEnv):
        tensor = table.tensor
        self.players, self.spaces, self.squares = tensor.players, tensor.spaces, tensor.squares
        self.marks = len(tensor.marks)
        self.dice = list(tensor.die_names)
        self.per_seat = self.spaces + self.squares * self.marks + 2
        after_seats = self.players * self.per_seat
        self.dice_at = (after_seats + self.players + len(tensor.PHASES) + 1
                        + len(tensor.features))
        self.width = len(tensor.SYMBOLS) + 1

    def ring(self, obs: np.ndarray, seat: int) -> int:
        """How far along the Ring-bearer's route `seat` is."""
        at = seat * self.per_seat
        return int(np.argmax(obs[at:at + self.spaces]))

    def marks_made(self, obs: np.ndarray, seat: int) -> int:
        """How many marks `seat` has made on the Nazgûl's route (each square 0-4)."""
        at = seat * self.per_seat + self.spaces
        cells = obs[at:at + self.squares * self.marks].reshape(self.squares, self.marks)
        return int((cells.argmax(axis=1) * cells.max(axis=1)).sum())

    def faces(self, obs: np.ndarray, part: str) -> list[str | None]:
        """Each die's face in the roll ("roll") or set aside ("aside"), None if not there."""
        at = self.dice_at + (0 if part == "roll" else len(self.dice) * self.width)
        out = []
        for i in range(len(self.dice)):
            index = int(np.argmax(obs[at + i * self.width:at + (i + 1) * self.width]))
            out.append(SYMBOLS[index] if index < len(SYMBOLS) else None)
        return out


class MonteCarloLearner:
    """Tabular every-visit Monte Carlo control over the state and decision names above."""

    def __init__(self, table: PalantirEnv, seed: int = 0, epsilon: float = 0.1,
                 shaping: float = 1.0):
        self.features = JourneyFeatures(table)
        self.codec = table.codec
        self.rng = random.Random(seed)
        self.epsilon, self.shaping = epsilon, shaping
        self.value: dict = defaultdict(float)
        self.visits: dict = defaultdict(int)

    def state(self, obs: np.ndarray) -> tuple:
        """The symbols set aside so far this turn (counts of R, O, F, G, each capped)."""
        aside = self.features.faces(obs, "aside")
        return tuple(min(aside.count(symbol), cap) for symbol, cap in
                     (("R", 3), ("O", 2), ("F", 2), ("G", 1)))

    def name(self, obs: np.ndarray, action: int, roll: list | None = None) -> str:
        """A decision by the symbols it sets aside ("b" for the black die), else its number
        (`roll`: the faces rolled, if already read)."""
        if action >= self.codec.keep_count:
            return str(action)
        roll = roll or self.features.faces(obs, "roll")
        kept = [(roll[die] or "?") + ("b" if die == len(roll) - 1 else "")
                for die in range(len(roll)) if (action + 1) >> die & 1]
        return "".join(sorted(kept))

    def potential(self, obs: np.ndarray, seat: int) -> float:
        """Progress on the Ring-bearer's route less progress on the Nazgûl's route."""
        features = self.features
        return (features.ring(obs, seat) / (features.spaces - 1)
                - features.marks_made(obs, seat) / (features.squares * (features.marks - 1)))

    def act(self, obs: dict, explore: bool = True) -> int:
        """Epsilon-greedy (or greedy) over the legal decisions, untried first."""
        legal = [int(a) for a in np.flatnonzero(obs["action_mask"])]
        if explore and self.rng.random() < self.epsilon:
            return self.rng.choice(legal)
        tensor = obs["observation"]
        state, roll = self.state(tensor), self.features.faces(tensor, "roll")
        scores = {}
        for action in legal:
            key = (state, self.name(tensor, action, roll))
            scores[action] = (explore and self.visits[key] == 0, self.value[key],
                              self.rng.random())
        return max(legal, key=scores.get)

    def learn(self, taken: list[tuple[tuple, float]], reward: float, last: float) -> None:
        """Every-visit update: each (state, decision) toward the episode's shaped return."""
        for key, before in taken:
            target = reward + self.shaping * (last - before)
            self.visits[key] += 1
            self.value[key] += (target - self.value[key]) / self.visits[key]


def play(table: PalantirEnv, seed: int, learner: MonteCarloLearner | None,
         explore: bool, rng: random.Random) -> float:
    """One game, seat 0 the learner (random when None), seat 1 random; seat 0's reward."""
    table.reset(seed=seed)
    taken: list[tuple[tuple, float]] = []
    result, last = 0.0, 0.0
    for agent in table.agent_iter():
        obs, reward, terminated, truncated, _ = table.last()
        if terminated or truncated:
            if agent == "seat_0":
                result, last = reward, 0.0 if learner is None else \
                    learner.potential(obs["observation"], 0)
            table.step(None)
            continue
        legal = [int(a) for a in np.flatnonzero(obs["action_mask"])]
        if agent != "seat_0" or learner is None:
            table.step(rng.choice(legal))
            continue
        action = learner.act(obs, explore)
        tensor = obs["observation"]
        taken.append(((learner.state(tensor), learner.name(tensor, action)),
                      learner.potential(tensor, 0)))
        table.step(action)
    if learner is not None and explore:
        learner.learn(taken, result, last)
    return result


def train(episodes: int, seed: int = 0, players: int = 2) -> MonteCarloLearner:
    """A learner after `episodes` games against a random seat (seeds seed, seed+1, ...)."""
    table = env("journey-to-mordor", players=players)
    learner = MonteCarloLearner(table, seed)
    rng = random.Random(seed)
    for episode in range(episodes):
        play(table, seed + episode, learner, True, rng)
    return learner


def win_rate(learner: MonteCarloLearner | None, games: int, seed: int = 10**6,
             players: int = 2) -> float:
    """Seat 0's mean reward over `games` fixed seeds: greedy learner (or random) vs random."""
    table = env("journey-to-mordor", players=players)
    rng = random.Random(seed)
    return float(np.mean([play(table, seed + g, learner, False, rng) for g in range(games)]))


def main(argv: list[str] | None = None) -> None:
    """Train, then compare the greedy learner with a random seat 0 on the same seeds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    baseline = win_rate(None, args.games)
    untrained = win_rate(train(0, args.seed), args.games)
    learner = train(args.episodes, args.seed)
    learned = win_rate(learner, args.games)
    print(f"seat 0 win rate over {args.games} games against a random seat: random "
          f"{baseline:.3f}, untrained greedy {untrained:.3f}, after {args.episodes} "
          f"episodes {learned:.3f} ({len(learner.value)} values, "
          f"{time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
