"""Every palantir game as a PettingZoo AEC environment (docs/interop.md).

    from palantir.interop.pettingzoo import env
    table = env("journey-to-mordor", players=3, render_mode="ansi")
    table.reset(seed=7)

Agents are "seat_0", "seat_1", ...; the one to act is the seat to move. Its observation is
{"observation": the tensor of its view (encoding.py), "action_mask": 1 for each legal
decision number}. Rewards come once, at the end: each seat's payoff (Outcome.returns; -1/+1
for the two-sided games). `reset(seed=s)` rolls SeededDice(s), so a seed replays the game
exactly; `max_steps` truncates a game still running after that many decisions.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from ..engine.dice import SeededDice
from ..engine.game import get_game
from .encoding import codec_for, payoffs, tensor_for, view_text

class PalantirEnv(AECEnv):
    """One palantir game as an AEC environment."""

    metadata = {"render_modes": ["ansi"], "name": "palantir", "is_parallelizable": False}

    def __init__(self, game_id: str, render_mode: str | None = None,
                 max_steps: int | None = None, **options: Any):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode: only 'ansi' is offered, not '{render_mode}'")
        self.game = get_game(game_id)
        self.options = self.game.validate_options(options)
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.metadata = {**self.metadata, "name": f"palantir_{game_id.replace('-', '_')}"}
        self.codec = codec_for(self.game, self.options)
        self.tensor = tensor_for(self.game, self.options)
        players = self.game.players_of(self.options)
        self.possible_agents = [f"seat_{i}" for i in range(players)]
        observation = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(self.tensor.low, self.tensor.high,
                                                (self.tensor.size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (self.codec.num_actions,), np.int8),
        })
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(self.codec.num_actions)
                              for a in self.possible_agents}
        self.game_state = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        """The seat's view tensor and its action mask."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        """The numbers of the game's decisions (encoding.py)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game rolling SeededDice(seed) (a fresh seed when None)."""
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1)[0])
        self.seed_used = seed
        self.game_state = self.game.new_state(self.options, SeededDice(seed))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.steps = 0
        self._legal = None
        self._settle()

    def _legal_table(self) -> dict[int, Any]:
        if self._legal is None:
            self._legal = self.codec.legal(self.game_state)
        return self._legal

    def _settle(self) -> None:
        """Who acts next; at the end (or the step limit) every seat is done, paid once."""
        over = self.game_state.is_over()
        cut = not over and self.max_steps is not None and self.steps >= self.max_steps
        if over or cut:
            for agent in self.agents:
                self.terminations[agent] = over
                self.truncations[agent] = cut
            if over:
                self.rewards = dict(zip(self.possible_agents, payoffs(
                    self.game, self.game_state.outcome(), len(self.possible_agents))))
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
            return
        self.agent_selection = self.possible_agents[self.game_state.to_move()]

    def observe(self, agent: str) -> dict:
        """`agent`'s view as numbers, with the mask of its legal decisions."""
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.codec.num_actions, np.int8)
        if not self.game_state.is_over() and self.game_state.to_move() == seat:
            mask[list(self._legal_table())] = 1
        return {"observation": self.tensor.encode(self.game_state.view(seat)), "action_mask": mask}

    def step(self, action) -> None:
        """The selected seat takes decision number `action` (None once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self._legal_table()
        if action is None or int(action) not in table:
            raise ValueError(f"action {action} is not a legal decision of {agent} now "
                             f"(legal: {sorted(table)})")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        self.game_state.apply(table[int(action)])
        self._legal = None
        self.steps += 1
        self._settle()
        if self.render_mode == "ansi":
            self.last_frame = self.render()

    def render(self) -> str | None:
        """The terminal's drawing of the spectator's view ("ansi")."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: nothing drawn")
            return None
        return self.game.presentation().render_table(self.game_state.view(None), color=False)

    def view_text(self, agent: str) -> str:
        """`agent`'s view as canonical text (what OpenSpiel calls its observation string)."""
        return view_text(self.game_state.view(self.possible_agents.index(agent)))

    def close(self) -> None:
        """Nothing to release."""


def env(game_id: str, **options: Any) -> PalantirEnv:
    """The AEC environment of `game_id` ("journey-to-mordor", ...) with these options."""
    return PalantirEnv(game_id, **options)
