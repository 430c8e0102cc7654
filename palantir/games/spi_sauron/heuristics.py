"""A fast heuristic general for either side of SPI Sauron, and a rollout policy.

It reads only the view (the whole map is public, 2.0): it fires every missile it can,
fights leaders when its rating is higher, commits every attacker of a defender together,
retreats away from the enemy, advances after combat, rallies, brings reinforcements up, and
moves units toward the nearest enemy (units that melee badly stay a hex behind the line).
"""

from __future__ import annotations

import random

from .beast import FACINGS, kill_zone
from .components import default_components
from .notation import Advance, Attack, Cast, Duel, End, Enter, Fire, Form, Give, Hold, Move, \
    Rally, Retreat, Split, Stand
from .phases import SIDE_NAMES

STRONG = ("A", "B", "C")     # melee strengths worth closing with
ATTACK_LETTERS = ("A", "B", "C", "D", "E")
TWO_DICE = {t: 6 - abs(t - 7) for t in range(2, 13)}     # ways to throw each 2d6 total


def _enemy_hexes(view: dict, side: str) -> list[str]:
    return [u["hex"] for u in view["units"] if u["side"] != side and u["hex"][0].isdigit()]


class Nearest:
    """Hexes from every map hex to the nearest of `targets`: one breadth-first search over
    the map from all targets at once, instead of a distance to each target per question."""

    def __init__(self, targets: list[str]):
        neighbours = default_components().hexmap.neighbours
        found = {t: 0 for t in targets if t in neighbours}
        frontier = list(found)
        steps = 0
        while frontier:
            steps += 1
            grown = []
            for here in frontier:
                for there in neighbours[here]:
                    if there not in found:
                        found[there] = steps
                        grown.append(there)
            frontier = grown
        self.found = found

    def __call__(self, hex_name: str) -> int:
        return self.found.get(hex_name, 99)


def _strengths(view: dict) -> dict[str, str]:
    return {u["hex"]: u["strength"] for u in reversed(view["units"])}


def hit_chance(attacker: str, defender: str) -> float:
    """7.41: the chance that a melee attack with strength text `attacker` ('B-3-W') causes a
    casualty on the defender `defender` (0 for a unit with no melee letter)."""
    letter = attacker[:1]
    if letter not in ATTACK_LETTERS:
        return 0.0
    armour = int(defender.split("-")[1]) if defender.count("-") >= 2 else 2
    needed = default_components().casualty_probability[letter, min(4, max(1, armour))]
    return sum(TWO_DICE[t] for t in needed) / 36


def attack_value(view: dict, action: Attack, strengths: dict | None) -> float:
    """A melee is worth its expected casualties; long shots score below `end` (7.31 still
    forces one when an attack is owed, and then the best of them is chosen)."""
    strengths = strengths if strengths is not None else _strengths(view)
    if action.defender == "beast":
        return 5 + 2 * len(action.attackers)
    target = strengths.get(action.defender, "C-2-X")
    expected = sum(hit_chance(strengths.get(h, "-"), target) for h in action.attackers
                   if h[:1].isdigit())
    return 30 * expected - 9 + len(action.attackers)


def pedestal_hex(view: dict) -> str | None:
    """Where the Pedestal stands (its bearer's hex, or where it lies), as the view says."""
    where = view.get("pedestal")
    if not where or where.startswith("captured:"):
        return None
    if where[:1].isdigit():
        return where
    bearer = next((u for u in view["units"] if u["id"] == where), None)
    return bearer["hex"] if bearer and bearer["hex"][:1].isdigit() else None


def score(view: dict, action, side: str, enemies, strengths: dict | None = None,
          nearest_table: dict | None = None) -> float:
    """How much the general likes a decision (higher is better; `end` scores 0)."""
    if isinstance(action, Fire):
        return 50
    if isinstance(action, Rally):
        return 40
    if isinstance(action, Cast):
        if action.spell == "death_breath":     # 17.2.4: worth it only if the breath kills
            beast = (view.get("beast") or {}).get("hex", "")
            zone = set(kill_zone(beast, action.facing, lambda h: True)) \
                if beast[:1].isdigit() and action.facing in FACINGS else set()
            victims = sum(1 for u in view["units"] if u["side"] != side and u["hex"] in zone)
            return 25 * victims - 10 if victims else -10
        return 30 if action.points <= 9 else 5
    if isinstance(action, Duel):
        ratings = {l["key"]: l["rally"] for l in view["leaders"]}
        return 20 if ratings.get(action.attacker, 0) > ratings.get(action.defender, 0) else -5
    if isinstance(action, Attack):
        return attack_value(view, action, strengths)
    if isinstance(action, Form):
        return 3                # 8.44, 15.3.3: a formation holds the line better
    if isinstance(action, Split):
        return -2
    if isinstance(action, Give):
        return 35               # 19.1.4: Narsil to the unhurt Isildur rallies and strikes better
    if isinstance(action, (Move, Enter)) and getattr(action, "leader", None) == "sauron" \
            or isinstance(action, Enter) and action.piece == "sauron":
        # 16.5.1: Sauron casts only from the Pedestal's hex: go there and stay
        return 30 if action.path[-1] == pedestal_hex(view) else -3
    if nearest_table is None:
        nearest_table = Nearest(list(enemies or _enemy_hexes(view, side))).found

    def nearest(hex_name: str) -> int:
        return nearest_table.get(hex_name, 99)

    if isinstance(action, (Retreat,)):
        return nearest(action.path[-1]) - 0.1 * len(action.path)
    if isinstance(action, Stand):
        return 0.5
    if isinstance(action, Advance):
        return 2
    if isinstance(action, Hold):
        return 1
    if isinstance(action, Enter):
        return 15 + 0.1 * len(action.path)
    if isinstance(action, Move):
        if action.leader:
            return -1           # leaders stay with their units unless they must move
        start, end = action.path[0], action.path[-1]
        gain = nearest(start) - nearest(end)
        strength = (strengths if strengths is not None else _strengths(view)).get(start, "-")
        if strength[:1] not in STRONG and nearest(end) <= 1:
            return -2           # weak and missile units keep a hex from the enemy
        return gain - 0.5 if gain > 0 else -1
    return 0


def best_action(view: dict, legal_actions: list):
    """The heuristic choice for this view."""
    if len(legal_actions) == 1:
        return legal_actions[0]
    side = SIDE_NAMES[view["to_move"]]
    nearest = Nearest(_enemy_hexes(view, side)).found
    strengths = _strengths(view)
    # 16.5.1 B: the Pedestal's bearer stays put, so Sauron may cast from it
    anchor = pedestal_hex(view) if side == "sauron" else None
    # a line: a move ending beside friends is worth a little more (they cover its flanks)
    friends = {u["hex"] for u in view["units"] if u["side"] == side}
    around = default_components().hexmap.neighbours
    best, best_score = None, float("-inf")
    for action in legal_actions:
        kind = type(action)
        if kind is Move and not action.leader:
            # the common case, scored inline: the same values as `score`
            path = action.path
            start_near = nearest.get(path[0], 99)
            end_near = nearest.get(path[-1], 99)
            if path[0] == anchor:
                value = -5
            elif strengths.get(path[0], "-")[:1] not in STRONG and end_near <= 1:
                value = -2
            else:
                gain = start_near - end_near
                value = gain - 0.5 if gain > 0 else -1
                if gain >= 0 and end_near <= 3:
                    value += 0.25 * min(2, sum(1 for h in around.get(path[-1], ())
                                               if h in friends and h != path[0]))
        elif kind is End:
            value = 0.0
        else:
            value = score(view, action, side, None, strengths, nearest)
        if value > best_score:
            best, best_score = action, value
    return best


class HeuristicAgent:
    """The `heuristic` agent of SPI Sauron, for either seat."""

    def __init__(self, seat: int, seed: int | None = None):
        self.seat = seat
        self.rng = random.Random(seed)

    def choose(self, view: dict, legal_actions: list):
        """The best-scoring decision for this view."""
        return best_action(view, legal_actions)


def light_view(state) -> dict:
    """Just what `best_action` reads, straight from the state: a rollout decides hundreds of
    times a game, and the full view serialises every counter and tally each time."""
    return {"to_move": state.to_move(), "pedestal": state.pedestal,
            "beast": {"hex": state.beast.hex},
            "units": [{"id": u.id, "side": u.side, "hex": u.hex, "strength": str(u.strength)}
                      for u in state.units.values()],
            "leaders": [{"key": l.key, "rally": l.rally} for l in state.leaders.values()]}


def rollout_policy(state, rng: random.Random):
    """The heuristic as a rollout policy for search."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return best_action(light_view(state), legal)


default_components()    # load (and validate) the data once, at import
