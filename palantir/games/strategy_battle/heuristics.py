"""A basic general for the Strategy Battle Game, reading only its seat's view and the
candidate decisions: it charges where the duel favours it, shoots where a wound is likeliest,
strikes the weakest, advances the rest (bowmen only half, so that they may shoot).

It does not yet use cover, spears, shielding or Might; the issue's full heuristic general
builds on it.
"""

from __future__ import annotations

import random

from .notation import (Cast, Charge, Done, FateRoll, Fight, Heroic, Might, Move, Pass,
                       Resist, Shielding, Shoot, Strike)
from .profiles import default_data


def _wound_chance(entry: str) -> float:
    """Chance of wounding with one die for a Wound Chart entry."""
    if entry == "-":
        return 0.0
    if "/" in entry:
        second = int(entry.split("/")[1])
        return (1 / 6) * (7 - second) / 6
    return (7 - int(entry)) / 6


class HeuristicAgent:
    """Scores each candidate decision and takes the best (ties broken by its own seeded dice)."""

    def __init__(self, seat: int, seed: int | None = None):
        self.seat = seat
        self.rng = random.Random(seed)

    def choose(self, view: dict, legal_actions: list):
        """The best-scored candidate."""
        profiles, mounts, charts = default_data()
        models = {m["id"]: m for m in view["models"]}

        def profile(ident):
            return profiles[models[ident]["profile"]]

        def score(action) -> float:
            if isinstance(action, Charge):
                me, them = profile(action.model), profile(action.targets[0])
                # better Fight, more Attacks and a likelier wound make a good charge
                edge = (me.fight - them.fight) + (me.attacks - them.attacks)
                return 3 + edge + 2 * _wound_chance(charts.to_wound(me.strength, them.defence))
            if isinstance(action, Shoot):
                missile = charts.missiles[profile(action.model).missile]
                return 5 + _wound_chance(charts.to_wound(missile.strength,
                                                         profile(action.target).defence))
            if isinstance(action, Fight):
                return 1.0
            if isinstance(action, Strike):
                ident, _, part = action.targets[0].partition(".")
                target = models[ident]
                if part:
                    # a rider's mount: worth striking when it is easier to wound than the rider
                    mount = mounts[profile(ident).mount]
                    return 1.0 - 1 / 10 - mount.defence / 100
                return 1.0 - target["wounds"] / 10 - profile(ident).defence / 100
            if isinstance(action, Move):
                me = profile(action.model)
                x, y = models[action.model]["x"], models[action.model]["y"]
                length = sum(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 for a, b in
                             zip([(x, y), *action.path], action.path))
                # bowmen prefer the short move that keeps their shot; others go as far as they can
                return 1.0 - length / 100 if me.missile else 1.0 + length / 100
            if isinstance(action, Shielding):
                # shield when the enemy in this fight outfights us, else fight to strike
                c = view["combat"]
                mine = view["question"]["side"]
                theirs = "evil" if mine == "good" else "good"
                edge = (max(profile(k).fight for k in c[mine])
                        - max(profile(k).fight for k in c[theirs]))
                wanted = edge < 0
                return 1.0 if action.on == wanted else 0.0
            if isinstance(action, Cast):
                # a power worth the Will: hold or dart the strongest foe; one die is cheap
                target = profile(action.target)
                worth = {"immobilise": 2.5, "transfix": 2.5, "black-dart": 2.6}.get(action.power, 1.2)
                return worth + target.fight / 20 - action.dice * 0.2
            if isinstance(action, Heroic):
                # a heroic combat gets a Hero's fight in first; moves and shots are not worth it
                return 0.8 if view["phase"] == "fight" else 0.3
            if isinstance(action, Resist):
                return 1.6 - action.dice * 0.3
            if isinstance(action, FateRoll):
                return 2.0                       # Fate is worth spending to stay alive
            if isinstance(action, Might):
                # a little Might to win a duel or land a wound; never all of it at once
                return 1.5 - action.points * 0.4
            if isinstance(action, Pass):
                return 0.5
            if isinstance(action, Done):
                return 0.0
            return -1.0

        best = max(score(a) for a in legal_actions)
        top = [a for a in legal_actions if score(a) >= best - 1e-9]
        return top[self.rng.randrange(len(top))]


def rollout_policy(state, rng: random.Random):
    """A cheap policy for search rollouts: the heuristic's choice, tie-broken by `rng`."""
    agent = HeuristicAgent(state.to_move(), rng.randrange(2**31))
    return agent.choose(state.view(state.to_move()), state.legal_actions())
