"""The computer general of SPI Sauron, for either side, and its use as a rollout policy.

It reads a position rebuilt from its seat's view (the whole map is public, 2.0) and plays
like a wargamer (values from battlefield.py, in points of a Demoralization Level):

- Movement: it plans the whole phase at once. Each unit, the nearest the enemy first, goes
  where it stands best: what it can inflict from there (its missile fire and melee at the
  best target), less what it stands to lose (the enemies that can reach it, as many as the
  hexes open around it), with friends beside it (a line: no flank open, no stack left
  alone) and a pull toward the front. Westernesse closes with the enemy; Sauron's army
  comes out of Mordor to a line a few hexes beyond striking range by day and closes at
  night or where he strikes hard (fanatical Orcs, Slaves, Trolls). Every reinforcement due
  comes on in its first Movement Phase if any hex is open to it, as many as the chain of
  14.0 C lets through, each where it stands best; while more are due Sauron's units clear
  the hexes beyond the gate. Leaders, arriving ones too (with their units: Gil-galad and
  Cirdan with the Elves), stand with the units they may rally, beside enemy leaders they
  outrate (7.21) and away from those who outrate them; a weapon-bearer with a unit in
  contact (19.1.2). Westernesse makes Wedges and Shield Walls (8.4), Sauron Slave
  Phalanxes (15.3); the Pedestal's bearer takes Mordor's gate hex and keeps still there so
  Sauron may cast with the gate shut (16.5.1, 18.0 C).
- Combat: every missile fires at its best target; leaders duel only at good odds (7.26);
  the units whose only target is the same defender attack it together, one after another
  (7.32: each attack another chance, none lost); the others one at a time, the best odds
  first, so no attack that had somewhere else to go falls on nothing; a defender retreats
  toward friends and leaders who can rally it.
- Magic: Sauron goes to the Pedestal and casts what the moment calls for: Sinister Visions
  when many Men face his units, Wrath of the Ringwraith when his units are engaged near
  the Ringwraith, Total Eclipse to make engaged Orcs fanatical, the Beast at night with
  Magic Armor, and its Death Breath where it kills.
- Rally: every attempt, the best chance on the most valuable unit first.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from itertools import repeat
from operator import attrgetter, is_

from ...engine.dice import SeededDice
from ...engine.errors import IllegalAction
from .battlefield import DISRUPTION_SHARE, Battlefield, _within, beyond_reach, hit_chance
from .beast import BEAST, FACINGS, kill_zone
from .components import default_components
from .hexmap import distance
from .notation import END, Advance, Attack, Cast, Duel, End, Enter, Fire, Form, Give, Hold, \
    Move, Rally, Retreat, Stand
from .phases.rally import rally_rating
from .units import WAITING, Unit
from .phases.losses import pedestal_hex
from .phases import is_night, spell_active
from .phases.beast import beast_spell_cost
from .phases.combat import armour_against, fanatical, leader_rating, melee_strength, \
    missile_strength
from .movement import mover_of, step_cost
from .phases.movement import arrivals_waiting, moves_of

# ----- the doctrine: how much each consideration weighs (points of a Demoralization Level)
PULL = {"westernesse": 0.5, "sauron": 0.4}     # per hex toward the front
CAUTION = {"westernesse": 1.0, "sauron": 2.0}  # weight of one's own losses (by day)
BESIDE_FRIEND = 0.4        # per friend adjacent (up to two): a line, no flank open
ALONE = 1.5                # no friend within two hexes, near the enemy
NEAR_FRONT = 10            # hexes from the enemy within which the line matters
MOVE_MARGIN = 0.05         # a move must be worth this much more than standing
PEDESTAL_STILL = 4.0       # 16.5.1 B: the bearer keeps still so Sauron may cast
# The Pedestal is safest in Mordor's gate hex: Sauron there keeps the gate shut (18.0 C),
# no melee crosses it, and he casts from inside Mordor.
THRONE = 6.0
LEADER_RALLY = 2.0         # per disrupted unit a leader may rally from a hex (8.31)
LEADER_FRONT = 0.5         # per unit of his beside him near the front
LEADER_DANGER = 4.0        # an enemy leader who outrates him within two hexes (7.2)
WEAPON_FRONT = 1.5         # a weapon-bearer with a unit in contact (19.1.2)
DAY_STAND_OFF = 4          # Sauron's line by day: this many hexes beyond striking range
GATE_ROOM = 1.0           # per step nearer Mordor's gate while reinforcements are due (14.1)
GATE_ROOM_RADIUS = 3
# Westernesse wins only by demoralizing Sauron before the game ends (21.2): from turn
# PRESS_FROM on its pull toward the front grows, to (1 + PRESS) times at the last turn, so
# a line standing off the last of Sauron's units goes in while there is time to
PRESS_FROM = 9
PRESS = 3.0
SPENT_CAUTION = 0.25       # weight of one's own losses once demoralized (21.2)
# 7.42: the share of casualties that remove the defender from its hex (a retreat or an
# elimination; most results but the mildest do)
LEAVES_ON_CASUALTY = 5 / 6
BEAST_ROOM = 5             # DPs below Sauron's level he keeps before conjuring (20.1 B)
SPELL_POINTS_RESERVE = 25  # MCP kept for the Beast and its Death Breath (17.0, 17.2.4)
# The postures a search may weigh for a Movement Phase, beside the general's own: how much
# more (or less) each side fears its own losses, and whether its units close with the
# enemy ("close"), hold where they stand ("hold"), or follow the doctrine (None)
POSTURES = {
    "sauron": {"default": (1.0, None), "bold": (0.5, "close"), "wary": (1.5, "hold")},
    "westernesse": {"default": (1.0, None), "bold": (0.5, None), "wary": (2.0, "hold")},
}


# ----- the agent and the rollout policy -------------------------------------------------

class HeuristicAgent:
    """The `heuristic` agent of SPI Sauron, for either seat."""

    def __init__(self, seat: int, seed: int | None = None, *, game):
        self.seat = seat
        self.rng = random.Random(seed)
        self.game = game        # given by the game: it reads views back into positions
        self.position = None    # the last view read, rebuilt in place at the next
        # the position's dice: fresh ones at every decision, but the general rolls none, so
        # the same serve until one is rolled (seeding them costs as much as a small decision)
        self.dice = SeededDice(0)

    def choose(self, view: dict, legal_actions: list):
        """The general's decision for this view."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        if self.dice.log:
            self.dice = SeededDice(0)
        self.position = self.game.state_from_view(view, self.dice, into=self.position)
        return decide(self.position, legal_actions)


def best_action(view: dict, legal_actions: list, game):
    """The heuristic choice for a seat's view (rebuilt as a position by `game`, the
    SpiSauron that asks: the map is public)."""
    if len(legal_actions) == 1:
        return legal_actions[0]
    state = game.state_from_view(view, SeededDice(0))
    return decide(state, legal_actions)


def rollout_policy(state, rng: random.Random):
    """The heuristic as a rollout policy for search (on the position itself): in a
    Movement Phase already planned, the plan's next decision still legal, checked without
    listing every decision."""
    if not state.pending and state.phase.kind == "movement":
        plan = current_plan(state)
        if plan is not None:
            action = next_of_plan(state, plan)
            if action is not None and not (
                    action == END and arrivals_waiting(state, state.phasing_side())
                    and _moved_count(state) > plan.moved):
                return action
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return decide(state, legal)


def next_of_plan(state, plan):
    """The plan's next decision still legal in `state`, if any."""
    side = state.phasing_side()
    unmoved = {u.hex for u in state.units.values()
               if u.side == side and not u.moved and u.on_map}
    for action in plan.actions:
        if type(action) is Move and action.leader is None and \
                action.path[0] not in unmoved:
            continue        # its unit has moved (or left the plan)
        if _still_legal(state, action):
            return action
    return None


def search_choices(state, rng: random.Random) -> list:
    """The decisions worth comparing by search: in a Movement Phase the next move of each
    posture's plan that the phase has followed so far, `end` only when no posture moves (a
    search cannot compare hundreds of single moves, but it can weigh a bolder or a warier
    plan); in a Magic Phase his own pick, `end`,
    and for each spell he thinks worth casting his best number of points (every spell at
    every number of points is too many choices for a search to tell apart; it would
    spend points on noise, 8.56); in the Rally Phase every attempt but no `end` while one
    is open (8.34: a failed attempt costs nothing, a rallied unit is never worse off);
    elsewhere — combats, retreats, advances — every legal decision."""
    if not state.pending and state.phase.kind == "movement":
        choices = []
        for plan in posture_plans(state):
            action = next_of_plan(state, plan)
            # no `end` while a posture still moves: a search that scores the position at
            # its horizon finds an army that stands still in Mordor safe, and chose it
            # over the general's first move of Game-Turn 1 in every game replayed
            if action is not None and action != END and action not in choices:
                choices.append(action)
        return choices or [rollout_policy(state, rng)]
    legal = state.legal_actions()
    if state.pending or len(legal) < 2:
        return legal
    kind = state.phase.kind
    if kind == "magic":
        best: dict[str, tuple[float, Cast]] = {}
        for action in legal:
            if isinstance(action, Cast):
                value = spell_value(state, action)
                if value > 0 and value > best.get(action.spell, (0.0, None))[0]:
                    best[action.spell] = (value, action)
        chosen = [decide(state, legal)]
        for extra in [END] + [cast for _, cast in best.values()]:
            if extra in legal and extra not in chosen:
                chosen.append(extra)
        return chosen
    if kind == "rally":
        rallies = [a for a in legal if isinstance(a, Rally)]
        return rallies or legal
    return legal


def decide(state, legal: list):
    """The general's decision in `state` among `legal`."""
    if len(legal) == 1:
        return legal[0]
    if state.pending:
        kind = state.pending[0].kind
        if kind == "advance":
            return advance_or_hold(state, legal)
        return retreat_choice(state, legal)
    kind = state.phase.kind
    if kind == "movement":
        return movement_choice(state, legal)
    if kind == "combat":
        return combat_choice(state, legal)
    if kind == "magic":
        return magic_choice(state, legal)
    return rally_choice(state, legal)


# ----- movement (4.0-6.0, 8.1, 8.4, 14.0, 15.3, 17.1) -------------------------------------

def movement_choice(state, legal: list):
    """The next move of the phase's plan that is still legal; a new plan when there is none
    for this position (or it is spent), or when it would end the phase while a
    reinforcement may still enter (14.0: the plan's entries changed what can enter)."""
    allowed = _Listed(state, legal)
    plan = current_plan(state)
    action = None
    if plan is not None:
        action = next((a for a in plan.actions if a in allowed), None)
        if action is not None and not (action == END and _entry_left(state, plan, legal)):
            return action
    # a plan spent but for `end`: only the pieces still off the map are new to it
    plan = Planner(state, legal, arrivals_only=action == END).make()
    _keep(state, plan, first=True)
    for action in plan.actions:
        if action in allowed:
            return action
    return END if END in allowed else legal[0]


class _Listed:
    """Whether a decision is among a Movement Phase's `legal` ones, as `set(legal)` tells,
    without hashing the hundreds listed at every decision: a plan holds mostly the very
    decisions the rules listed (found by identity), and a unit's move is listed only from
    the hex of a unit of the phasing side yet to move (the plan's moves made are not); only
    what neither tells is looked for among them all (a leader's moves, the entries).
    Identity and the places tell no more than the list: test_general_kept.py."""

    def __init__(self, state, legal: list):
        self.state, self.legal = state, legal
        # identity is looked for by a scan of the list (a plan's next decision is mostly
        # the first asked for), by a set of the ids once it has been scanned for twice
        self.scans = 0
        self.ids: set[int] | None = None
        self.unmoved: set[str] | None = None
        self.equal: set | None = None

    def __contains__(self, action) -> bool:
        if type(action) is Move:
            if action.leader is None:
                if self.unmoved is None:
                    side = self.state.phasing_side()
                    self.unmoved = {u.hex for u in self.state.units.values()
                                    if u.side == side and not u.moved and u.on_map}
                if action.path[0] not in self.unmoved:
                    return False
            else:       # a leader's moves are listed from where he stands, until he moves
                piece = self.state.leaders.get(action.leader)
                if piece is not None and (piece.moved or piece.hex != action.path[0]):
                    return False
        if self.ids is not None:
            if id(action) in self.ids:
                return True
        elif self.scans < 2:
            self.scans += 1
            if any(map(is_, self.legal, repeat(action))):
                return True
        else:
            self.ids = set(map(id, self.legal))
            if id(action) in self.ids:
                return True
        if self.equal is None:
            self.equal = set(self.legal)
        return action in self.equal


def _entry_left(state, plan, legal: list) -> bool:
    """Whether a piece may still enter (14.0) and something has moved since `plan` was made
    (a plan made for this very position would only end the phase again)."""
    return _moved_count(state) > plan.moved and any(type(a) is Enter for a in legal)


def _moved_count(state) -> int:
    """How many of the phasing side's pieces have moved this phase."""
    side = state.phasing_side()
    return sum(1 for u in state.units.values() if u.side == side and u.moved) + \
        sum(1 for p in state.leaders.values() if p.side == side and p.moved)


def posture_plans(state) -> list:
    """The plans that fit the position, the general's own first: at the phase's first
    decision one is made for each posture (POSTURES) that has none yet."""
    side = state.phasing_side()
    started = any(u.moved for u in state.units.values() if u.side == side) or \
        any(p.moved for p in state.leaders.values() if p.side == side and not p.magic_leader)
    context = _context(state)
    if not started:
        have = {plan.posture for plan in _plans_of(state) if plan.fits(state, context)}
        missing = [p for p in POSTURES[side] if p not in have]
        if missing:
            legal = state.legal_actions()
            for posture in missing:
                _keep(state, Planner(state, legal, posture).make())
    current = current_plan(state)
    if current is None:
        return []
    return [current] + [plan for plan in _plans_of(state) if plan is not current
                        and plan.posture != current.posture and plan.followed(state)
                        and plan.fits(state, context)]


class Plan:
    """A Movement Phase's decisions in order, and the position it was made for: where the
    pieces not yet moved stood, and all else the plan read that a move does not change.
    Pieces may leave the plan (search tries other moves); its other decisions still stand,
    each taken if it is still legal."""

    def __init__(self, actions: list, state, sent: dict | None = None,
                 posture: str = "default"):
        self.actions = actions
        self.posture = posture
        side = state.phasing_side()
        # where the plan sends each piece: a plan fits only a phase whose moves so far are
        # its own (search may follow another posture's plan, which then leaves this one)
        self.sent = dict(sent or {})
        for action in actions:
            if type(action) is Move and action.leader is not None:
                self.sent[action.leader] = action.path[-1]
            elif type(action) is Enter:
                self.sent.setdefault(action.piece, action.path[-1])
        self.origin = {u.id: u.hex for u in state.units.values()
                       if u.side == side and u.on_map and not u.moved}
        self.origin.update({p.key: p.hex for p in state.leaders.values()
                            if p.side == side and not p.moved})
        self.context = _context(state)
        self.moved = _moved_count(state)
        # a plan made mid-phase (14.0: more may enter) fits only where the pieces moved
        # before it stand as they did (a search's rollouts make such plans elsewhere)
        self.before = {u.id: u.hex for u in state.units.values()
                       if u.side == side and u.moved}
        self.before.update({p.key: p.hex for p in state.leaders.values()
                            if p.side == side and p.moved})

    def fits(self, state, context: tuple | None = None) -> bool:
        """Whether every piece of the phasing side not yet moved stands where it stood, in
        the same circumstances (`context`: _context(state), if already read)."""
        side = state.phasing_side()
        origin = self.origin
        for unit in state.units.values():
            if unit.side == side and not unit.moved and unit.on_map and \
                    origin.get(unit.id) != unit.hex:
                return False
        for piece in state.leaders.values():
            if piece.side == side and not piece.moved and origin.get(piece.key) != piece.hex:
                return False
        for key, there in self.before.items():
            piece = state.units.get(key) or state.leaders.get(key)
            if piece is None or piece.hex != there:
                return False
        return self.context == (_context(state) if context is None else context)

    def followed(self, state) -> bool:
        """Whether every piece the plan knew that has moved since stands where the plan sent
        it (the moves so far are this plan's, not another posture's)."""
        side = state.phasing_side()
        origin, sent = self.origin, self.sent
        for unit in state.units.values():
            if unit.side == side and unit.moved and unit.id in origin and \
                    sent.get(unit.id, origin[unit.id]) != unit.hex:
                return False
        for piece in state.leaders.values():
            if piece.side == side and piece.moved and piece.key in origin and \
                    sent.get(piece.key, origin[piece.key]) != piece.hex:
                return False
        return True


def _context(state) -> tuple:
    """What the plan reads that no move of the phasing side changes: the armies' tallies,
    every unit's markers, the spells in force, the Pedestal, the Beast."""
    return (state.demoralization_points["sauron"], state.demoralization_points["westernesse"],
            state.demoralized["sauron"], state.demoralized["westernesse"],
            tuple(map(_MARKERS, state.units.values())),
            tuple(sorted(state.spell_until.items())), state.pedestal, state.beast.hex,
            tuple(p.hex for p in state.leaders.values() if p.side != state.phasing_side()),
            tuple(p.magic_left for p in state.leaders.values()))


_MARKERS = attrgetter("disrupted", "reduced", "partner")   # a unit's, as _context reads them


def current_plan(state) -> Plan | None:
    """The first plan made for this phase that fits the position, if any (a search makes
    others from the positions its rollouts reach; the first made stands)."""
    plans = _plans_of(state)
    if not plans:
        return None
    context = _context(state)
    first = next((plan for plan in plans if plan.fits(state, context)), None)
    if first is None or first.followed(state):
        return first
    # a search took another posture's move: the phase goes on by that plan
    for plan in plans:
        if plan is not first and plan.posture != "default" and plan.followed(state) \
                and plan.fits(state, context):
            return plan
    return first


def _plans_of(state) -> list:
    """The plans kept for this phase and enemy position (most recently used kept longest)."""
    key = _phase_key(state)
    plans = _PLANS.get(key)
    if plans is None:
        return []
    _PLANS.move_to_end(key)
    return plans


def _keep(state, plan: Plan, first: bool = False) -> None:
    """Keep a plan for its phase: the first made stands first (a search makes others from
    the positions its rollouts reach), unless made to replace the one that stood
    (`first`); the phases least recently used are forgotten."""
    key = _phase_key(state)
    kept = _PLANS.get(key)
    if kept is None:
        kept = _PLANS[key] = []
        while len(_PLANS) > PHASES_KEPT:
            _PLANS.popitem(last=False)
    else:
        _PLANS.move_to_end(key)
    if len(kept) >= PLANS_KEPT:
        kept.pop()
    if first:
        kept.insert(0, plan)
    else:
        kept.append(plan)


def _phase_key(state) -> tuple:
    """The phase and the enemy's position, which stay the same while one side moves."""
    side = state.phasing_side()
    return (id(state.parts), state.turn, state.phase_index, side,
            tuple(u.hex for u in state.units.values() if u.side != side))


def _still_legal(state, action) -> bool:
    """Whether a planned movement decision is legal now: the rules' own checks, cheaper
    than listing every decision (each raises IllegalAction and changes nothing)."""
    if type(action) not in (Move, Enter, Form, Give, End):
        return False
    try:
        state.stack.top().check(state, action)
    except IllegalAction:
        return False
    return True


_PLANS: OrderedDict = OrderedDict()
PHASES_KEPT = 256           # phases (and enemy positions) whose plans are kept
PLANS_KEPT = 16             # plans kept for one of them


class Planner:
    """Plans one side's Movement Phase: where each piece goes, in order."""

    def __init__(self, state, legal: list, posture: str = "default",
                 arrivals_only: bool = False):
        self.state = state
        self.arrivals_only = arrivals_only
        self.side = state.phasing_side()
        self.posture = posture
        fear, self.approach = POSTURES[self.side][posture]
        self.field = Battlefield(state, self.side)
        self.night = is_night(state)
        # Sauron wins by not being demoralized (21.2): by day he values his own losses
        # above what his weak units could inflict; and either side grows more careful as
        # its losses near its Demoralization Level (20.0)
        level = state.parts.demoralization_levels[self.side]
        room = max(5, level - state.demoralization_points[self.side])
        self.caution = (CAUTION[self.side] if not self.night else 1.0) * \
            (level / room) ** 0.5 * fear
        # a demoralized army's further losses change only the Victory Points (21.2): it
        # fights on for the Draw, the enemy demoralized too
        self.spent = state.demoralized[self.side]
        if self.spent:
            self.caution = SPENT_CAUTION * fear
        self.moves: dict[str, list[Move]] = {}
        self.enters: dict[str, list[Enter]] = {}
        self.leader_moves: dict[str, list[Move]] = {}
        self.others: list = []
        for action in legal:
            kind = type(action)
            if kind is Move:
                if action.leader is None:
                    self.moves.setdefault(action.path[0], []).append(action)
                else:
                    self.leader_moves.setdefault(action.leader, []).append(action)
            elif kind is Enter:
                if action.piece in state.leaders:      # a leader arriving (14.0)
                    self.leader_moves.setdefault(action.piece, []).append(action)
                else:
                    self.enters.setdefault(action.piece, []).append(action)
            elif kind is not End:
                self.others.append(action)
        # 14.1: Sauron's reinforcements come through the gate, the k-th paying k times
        # (14.0 C) and staying near the road: his units clear the hexes beyond it while
        # more are due (the gate hex itself is the Pedestal's)
        self.gate_room: dict[str, int] = {}
        if self.side == "sauron" and _reinforcements_due(state, "sauron", 2):
            gate = state.hexmap.mordor_gate_hex
            for there in _within(state.hexmap, gate, GATE_ROOM_RADIUS):    # kept per map
                if there != gate:
                    self.gate_room[there] = GATE_ROOM_RADIUS + 1 - distance(there, gate)
        self.pull_rate = PULL[self.side]
        if self.side == "westernesse" and state.turn > PRESS_FROM:
            last = state.parts.last_turn
            self.pull_rate *= 1 + PRESS * (state.turn - PRESS_FROM) / max(1, last - PRESS_FROM)
        self.claimed: set[str] = set()
        self._stand_offs: dict[str, int | None] = {}
        # read at every hex weighed; no planned move changes them
        self.gate_hex, self.pedestal = state.hexmap.mordor_gate_hex, state.pedestal
        self.plan: list = []
        self.sent: dict[str, str] = {}        # unit id -> where the plan sends it

    # how a unit stands in a hex ---------------------------------------------------------

    def standing(self, unit: Unit, hex_name: str, leaving: str | None,
                 beat: float | None = None) -> float | None:
        """What `unit` is worth to its side standing in `hex_name` (points); with `beat`,
        None where it cannot be worth more than `beat` (told before its exposure and its
        friends are weighed: most hexes a unit reaches are far behind the best)."""
        field = self.field
        front = field.front.get(hex_name, 99)
        # most hexes weighed are beyond the unit's reach, where it strikes nothing
        strike = 0.0 if beyond_reach(unit, front) else field.strike(unit, hex_name)
        # the pull toward the front (none for Sauron's units holding where they stand); a
        # unit's stand-off reads only the unit and the planned position: once a plan
        stand_offs = self._stand_offs
        if unit.id in stand_offs:
            stand_off = stand_offs[unit.id]
        else:
            stand_off = stand_offs[unit.id] = self.stand_off(unit)
        pull = 0.0 if stand_off is None else -self.pull_rate * max(0, front - stand_off)
        # the most it can be worth: no exposure, two friends beside it, not alone (each
        # term is added as below, and rounding keeps the order of sums: never less)
        if beat is not None:
            best = strike + pull
            if front <= NEAR_FRONT:
                best += BESIDE_FRIEND * 2
            if self._placed(best, unit, hex_name) <= beat:
                return None
        value = strike - self.caution * field.exposure(unit, hex_name, leaving) + pull
        # the line, the throne, the Pedestal and the gate's room weighed in
        if front <= NEAR_FRONT:
            value += BESIDE_FRIEND * min(2, field.friends_beside(hex_name, leaving))
            if field.isolated(hex_name, leaving):
                value -= ALONE
        return self._placed(value, unit, hex_name)

    def _placed(self, value: float, unit: Unit, hex_name: str) -> float:
        """`value` with the throne, the Pedestal and the gate's room weighed in, added last
        and in this order, so the bound and the full value are the same sums."""
        if hex_name == self.gate_hex and self.side == "sauron":
            value += THRONE if unit.id == self.pedestal else -THRONE / 2
        if unit.id == self.pedestal and hex_name != unit.hex:
            value -= PEDESTAL_STILL
        elif self.gate_room and hex_name in self.gate_room:
            value -= GATE_ROOM * self.gate_room[hex_name]
        return value

    def stand_off(self, unit: Unit) -> int | None:
        """How close to the enemy a unit wants to come: Westernesse attacks; Sauron's units
        close at night (10.0), when fanatical, or when they strike hard (A, B); else they
        come up to a line DAY_STAND_OFF hexes further off, out of Mordor to meet the enemy
        (the battle is fought on the plain, 18.0), and close at the next night."""
        closing = 2 if unit.strength.melee is None else 1
        if self.approach is not None:
            return closing if self.approach == "close" else None
        if self.side == "westernesse":
            return closing
        if self.night or self.spent or fanatical(self.state, unit) or \
                unit.strength.melee in ("A", "B"):
            return closing
        return closing + DAY_STAND_OFF

    def place(self, unit: Unit, start: str | None, end: str) -> None:
        """Note a planned move: later pieces plan around it."""
        mine = self.field.mine
        if start is not None and mine.get(start) is unit:
            del mine[start]
        mine[end] = unit
        self.claimed.add(end)
        self.sent[unit.id] = end

    # the plan ---------------------------------------------------------------------------

    def make(self) -> list:
        """Every planned decision of the phase, in order, ending with `end`."""
        state = self.state
        if not self.arrivals_only:
            self.plan_formations()
            units = [state.unit_at(h, self.side) for h in self.moves]
            units = [u for u in units if u is not None]
            units.sort(key=lambda u: (self.field.front.get(u.hex, 99), u.hex))
            for unit in units:
                self.plan_unit(unit)
        self.plan_reinforcements()
        self.plan_leaders()
        self.plan_beast()
        for action in self.others:
            if isinstance(action, Give) and action.to == "isildur":
                self.plan.append(action)       # 19.1.4: Narsil to the unhurt Isildur
        self.plan.append(END)
        return Plan(self.plan, self.state, self.sent, self.posture)

    def plan_unit(self, unit: Unit) -> None:
        start = unit.hex
        stay = self.standing(unit, start, None)
        best, best_value = None, stay + MOVE_MARGIN
        for move in self.moves.get(start, ()):
            end = move.path[-1]
            if end in self.claimed or end in self.field.mine:
                continue
            value = self.standing(unit, end, start, best_value)
            if value is not None and value > best_value:
                best, best_value = move, value
        if best is not None:
            self.plan.append(best)
            self.place(unit, start, best.path[-1])
        else:
            self.claimed.add(start)

    def plan_reinforcements(self) -> None:
        """14.0: every reinforcement due comes on this phase if it can, each where it stands
        best among the hexes it reaches; the k-th unit through an entry hex pays k times
        the first hex's cost (14.0 C), so the plan spreads them over the entry hexes."""
        state = self.state
        if not self.enters:
            return
        waiting = [u for u in arrivals_waiting(state, self.side) if u.type.key in self.enters]
        # the strongest first: they go furthest on the cheapest entries
        waiting.sort(key=lambda u: (-self.field.unit_value(u), u.id))
        through = dict(state.entered)       # units through each entry hex this phase
        first_cost: dict[tuple[str, str], int | None] = {}
        for unit in waiting:
            mover = mover_of(state, unit)
            best, best_value = None, float("-inf")
            for entry_hex in state.hexmap.entries[unit.entry]:
                key = (unit.type.key, entry_hex)
                if key not in first_cost:
                    cost = step_cost(state, mover, None, entry_hex)
                    first_cost[key] = cost if isinstance(cost, int) else None
                first = first_cost[key]
                if first is None:
                    continue
                start = through.get(entry_hex, 0) * first
                for end, action in moves_of(state, self.representative(unit), None, start,
                                            (entry_hex,)):
                    if end in self.claimed or end in self.field.mine:
                        continue
                    value = self.standing(unit, end, None, best_value)
                    if value is not None and value > best_value:
                        best, best_value = action, value
            if best is not None:
                self.plan.append(best)
                self.place(unit, None, best.path[-1])
                through[best.path[0]] = through.get(best.path[0], 0) + 1

    def representative(self, unit: Unit) -> Unit:
        """The counter of `unit`'s type that enters next (14.0: identical counters; the
        rules list the paths of the first one waiting)."""
        for other in arrivals_waiting(self.state, self.side):
            if other.type.key == unit.type.key:
                return other
        return unit

    def plan_formations(self) -> None:
        """8.4, 15.3: form where the enemy is near but not yet in contact."""
        for action in self.others:
            if not isinstance(action, Form):
                continue
            joiner, host = action.path
            if joiner in self.claimed or host in self.claimed:
                continue
            front = self.field.front.get(host, 99)
            if 2 <= front <= 10:
                self.plan.append(action)
                self.claimed.update((joiner, host))
                for there in (joiner, host):
                    unit = self.state.unit_at(there, self.side)
                    if unit is not None:
                        self.sent[unit.id] = host
                unit = self.field.mine.pop(joiner, None)
                if unit is not None:
                    self.moves.pop(joiner, None)
                self.moves.pop(host, None)

    def plan_leaders(self) -> None:
        """Each leader goes, after the units have moved, to the hex of a unit he leads where
        he stands best; one whose unit leaves him follows it or another (8.1, 4.28: no
        rule carries a leader left alone)."""
        state = self.state
        planned = dict(self.leader_moves)
        for piece in state.leaders.values():     # his unit may leave him with no move yet
            if piece.side == self.side and piece.on_map and not piece.moved:
                planned.setdefault(piece.key, [])
        for key, moves in planned.items():
            piece = state.leaders.get(key)
            if piece is None or piece.magic_leader:
                continue
            if piece.on_map:
                moves = self.following_moves(piece) or moves
            elif moves:
                moves = self.entering_moves(piece) or moves
            stay = self.leader_standing(piece, piece.hex) if piece.on_map else -99
            best, best_value = None, stay + MOVE_MARGIN
            for move in moves:
                value = self.leader_standing(piece, move.path[-1])
                if value > best_value:
                    best, best_value = move, value
            if best is not None:
                self.plan.append(best)

    def following_moves(self, piece) -> list[Move]:
        """A leader's moves to the hexes his units stand in once the plan's moves are made
        (the legal ones list only where they stand now)."""
        mine = self.field.mine
        return [Move(tuple(path), piece.key)
                for there, (_, path) in self.state.leader_reach(piece).items()
                if there != piece.hex and there in mine
                and piece.leader.commands_nationality(mine[there].type.nationality)]

    def entering_moves(self, piece) -> list[Enter]:
        """A waiting leader's entries to the hexes his arriving units take in the plan (the
        legal ones list only where his units stand now; 14.0, 8.1)."""
        mine = self.field.mine
        found = []
        for entry_hex in self.state.hexmap.entries[piece.entry or "mordor"]:
            found.extend(action for there, action in
                         moves_of(self.state, piece, None, 0, (entry_hex,))
                         if there in mine and piece.leader.commands_nationality(
                             mine[there].type.nationality))
        return found

    def leader_standing(self, piece, hex_name: str) -> float:
        """A leader stands best with his units near the front, beside the disrupted ones he
        may rally (8.31), not where a stronger enemy leader can reach him (7.2)."""
        state = self.state
        mine = self.field.mine
        unit_here = mine.get(hex_name)
        if unit_here is None or not piece.leader.commands_nationality(
                unit_here.type.nationality):
            return -99.0        # 8.1: he ends with a unit he leads (as the plan stands)
        value = 0.0
        for there in (hex_name,) + tuple(self.field.hexmap.neighbours[hex_name]):
            unit = mine.get(there)
            if unit is None or not piece.leader.commands_nationality(unit.type.nationality):
                continue
            if unit.disrupted:
                value += LEADER_RALLY
            if self.field.front.get(there, 99) <= 2:
                value += LEADER_FRONT
        rating = leader_rating(state, piece)
        for other in state.leaders.values():
            if other.side == self.side or not other.on_map:
                continue
            apart = distance(other.hex, hex_name)
            if apart <= 2 and leader_rating(state, other) >= rating:
                value -= LEADER_DANGER
            elif apart == 1:
                # 7.21: beside a leader he outrates, he may attack him this Combat Phase
                value += max(0.0, duel_value(state, Duel(piece.key, other.key)))
        if piece.weapon and self.field.front.get(hex_name, 99) <= 1:
            value += WEAPON_FRONT       # 19.1.2: his unit attacks a level better
        stake = 1.0 + (2.0 if piece.weapon else 0.0)
        value -= stake * self.field.exposure(unit_here, hex_name) / 10
        return value

    def plan_beast(self) -> None:
        """17.1: the Beast goes where its breath would kill most, if Sauron can afford it."""
        state = self.state
        moves = [a for a in self.others if isinstance(a, Move) and a.leader == BEAST]
        moves += self.leader_moves.get(BEAST, [])
        if not moves:
            return
        breath = beast_spell_cost(state, "death_breath")
        sauron = state.leaders.get("sauron")
        if sauron is None or sauron.magic_left < breath:
            return
        enemies = set(self.field.theirs)
        best, best_value = None, breath_victims(state, state.beast.hex, enemies)
        for move in moves:
            value = breath_victims(state, move.path[-1], enemies)
            if value > best_value:
                best, best_value = move, value
        if best is not None:
            self.plan.append(best)


def _reinforcements_due(state, side: str, within: int) -> bool:
    """Whether units of `side` wait to enter now or are due within `within` turns (14.0)."""
    limit = state.turn + within
    return any(u.side == side and u.hex == WAITING and u.arrival <= limit
               for u in state.units.values())


def plan_movement(state, legal: list) -> list:
    """The general's plan for the rest of this Movement Phase: its decisions in order."""
    return Planner(state, legal).make().actions


def breath_victims(state, beast_hex: str, enemies: set | None = None) -> int:
    """17.2.4: the most Westernesse units one Death Breath from `beast_hex` would kill."""
    if not beast_hex[:1].isdigit():
        return 0
    if enemies is None:
        enemies = {u.hex for u in state.units.values() if u.side == "westernesse" and u.on_map}
    return max(sum(1 for h in _kill_zone(state, beast_hex, facing) if h in enemies)
               for facing in FACINGS)


def _kill_zone(state, beast_hex: str, facing: str) -> list[str]:
    key = (beast_hex, facing)
    found = _KILL_ZONES.get(key)
    if found is None:
        terrain = state.hexmap.terrain
        found = _KILL_ZONES[key] = kill_zone(beast_hex, facing, lambda h: h in terrain)
    return found


_KILL_ZONES: dict = {}


# ----- combat (7.0) -------------------------------------------------------------------------

def combat_choice(state, legal: list):
    """Fire first at the best target, duel at good odds, then melee: the units whose best
    target is the same defender attack it together, one after another (7.32: each attack
    another chance of a casualty), the best odds first; `end` when nothing is worth doing
    (or owed)."""
    side = state.phasing_side()
    field = Battlefield(state, side)
    options: dict[str, int] = {}
    singles: dict[str, list[tuple[float, Attack]]] = {}     # attacker -> its attacks
    for action in legal:
        if type(action) is Attack and len(action.attackers) == 1:
            options[action.attackers[0]] = options.get(action.attackers[0], 0) + 1
    best, best_value = None, 0.0
    for action in legal:
        kind = type(action)
        if kind is Fire:
            value = 100 + fire_value(state, field, action)
        elif kind is Duel:
            value = duel_value(state, action)
            value = 60 + value if value > 0 else -1
        elif kind is Attack:
            if len(action.attackers) != 1:
                continue        # groups are made below from the attackers' own choices
            worth = attack_value(state, field, action)
            singles.setdefault(action.attackers[0], []).append((worth, action))
            value = 10 + worth - 0.01 * options.get(action.attackers[0], 0)
        else:
            continue
        if value > best_value:
            best, best_value = action, value
    if best is not None and type(best) is Attack and len(singles) > 1:
        group = concentrated_attack(state, field, singles)
        if group is not None and 10 + group[0] > best_value:
            best = group[1]
    if best is None:
        if END in legal:
            return END
        attacks = [a for a in legal if isinstance(a, Attack)]
        return attacks[0] if attacks else legal[0]
    return best


def concentrated_attack(state, field: Battlefield, singles: dict):
    """7.32: (value, attack) of the best defender that is the only target of two or more
    units, declared together and resolved one after another: each attack another chance
    of a casualty, and none is lost by the commitment (the defender hit first leaves and
    the attacks left fall on nothing, but they had no other target). A unit with another
    target waits: it attacks elsewhere if the first attack drives the defender off."""
    wanted: dict[str, list[tuple[float, str]]] = {}
    for attacker, attacks in singles.items():
        if attacker == BEAST or not attacker[:1].isdigit() or len(attacks) != 1:
            continue
        worth, action = attacks[0]
        if action.defender != BEAST and worth > 0:
            wanted.setdefault(action.defender, []).append((worth, attacker))
    best = None
    for defender_hex, members in wanted.items():
        if len(members) < 2:
            continue
        attack = Attack(defender_hex, tuple(sorted(h for _, h in members)))
        if not _declarable(state, attack):
            continue
        defender = state.unit_at(defender_hex, field.enemy)
        worth = dict((h, w) for w, h in members)
        value, standing = 0.0, 1.0
        for h in attack.attackers:      # resolved in the order named (7.32)
            attacker = state.unit_at(h, field.side)
            chance = hit_chance(state.parts, melee_strength(state, attacker),
                                armour_against(state, defender, h), fanatical(state, attacker))
            value += standing * worth[h]
            standing *= 1 - chance * LEAVES_ON_CASUALTY
        if best is None or value > best[0]:
            best = (value, attack)
    return best


def _declarable(state, action) -> bool:
    """Whether the rules accept a declaration now (their own check; it changes nothing)."""
    try:
        state.stack.top().check(state, action)
    except IllegalAction:
        return False
    return True


def fire_value(state, field: Battlefield, action: Fire) -> float:
    """7.1: the expected points of a missile fire."""
    if action.target == BEAST:
        return beast_hit_value(state, state.unit_at(action.firer), missile=True)
    firer = state.unit_at(action.firer, field.side)
    target = state.unit_at(action.target, field.enemy)
    if firer is None or target is None:
        return 0.0
    armour = armour_against(state, target, None)
    chance = hit_chance(state.parts, missile_strength(state, firer), armour)
    return chance * field.loss_if_hit(target, target.hex) * field.enemy_rate


def attack_value(state, field: Battlefield, action: Attack) -> float:
    """7.33: the expected points of one melee."""
    if action.defender == BEAST:
        name = action.attackers[0]
        unit = state.unit_at(name) if name[:1].isdigit() else None
        return beast_hit_value(state, unit, missile=False)
    if action.attackers == (BEAST,):
        target = state.unit_at(action.defender)
        armour = armour_against(state, target, state.beast.hex)
        return hit_chance(state.parts, "A", armour) * field.loss_if_hit(target, target.hex) * \
            field.enemy_rate
    attacker = state.unit_at(action.attackers[0], field.side)
    defender = state.unit_at(action.defender, field.enemy)
    if attacker is None or defender is None:
        return 0.0
    chance = hit_chance(state.parts, melee_strength(state, attacker),
                        armour_against(state, defender, attacker.hex),
                        fanatical(state, attacker))
    return chance * field.loss_if_hit(defender, defender.hex) * field.enemy_rate


def beast_hit_value(state, unit, missile: bool) -> float:
    """17.3: the Beast slain costs Sauron 15 DPs (20.1 B) and ends its breath."""
    letter = "A" if unit is None else (missile_strength(state, unit) if missile
                                       else melee_strength(state, unit))
    chance = hit_chance(state.parts, letter, state.parts.beast["armour"])
    return chance * 100 * state.parts.demoralization_levels["beast_slain"] / \
        state.parts.demoralization_levels["sauron"]


def duel_value(state, action: Duel) -> float:
    """7.26: the expected worth of a leader combat to the attacker (a leader lost counts his
    army's stake in him; a result on either moves his unit back, 7.23)."""
    attacker, defender = state.leaders[action.attacker], state.leaders[action.defender]
    parts = state.parts
    column = parts.leader_column(leader_rating(state, attacker) - leader_rating(state, defender))
    worth = {attacker.key: _leader_worth(state, attacker),
             defender.key: _leader_worth(state, defender)}
    total = 0.0
    for die in range(1, 7):
        result = parts.leader_combat[die, column]
        if result == "-":
            continue
        hit = attacker if result[0] == "A" else defender
        sign = -1 if hit is attacker else 1
        effect = result[1:]
        share = 1.0 if effect == "e" or (effect == "1/2e" and hit.reduced) else \
            0.4 if effect == "1/2e" else 0.1
        total += sign * share * worth[hit.key]
    return total / 6


def _leader_worth(state, piece) -> float:
    levels = state.parts.demoralization_levels
    if piece.key == "sauron":
        return 1000.0          # 20.1 C: Sauron slain demoralizes his army
    if piece.side == "westernesse":
        stake = piece.rally + (levels["magic_weapon_lost"] if piece.weapon else 0)
        return 100 * stake / levels["westernesse"] + 5
    return 10.0


# ----- after combat (7.5-7.7) ---------------------------------------------------------------

def retreat_choice(state, legal: list):
    """A retreat toward friends and a leader who may rally the unit, out of reach, without
    displacing a friend if it can; before combat, retreat when standing costs more."""
    pending = state.pending[0]
    piece = state.units.get(pending.piece)
    retreats = [a for a in legal if isinstance(a, Retreat)]
    if piece is None or not retreats:
        return retreats[-1] if retreats else legal[0]
    field = Battlefield(state, piece.side)
    best, best_value = None, float("-inf")
    for action in retreats:
        value = retreat_value(state, field, piece, action.path[-1])
        if value > best_value:
            best, best_value = action, value
    if pending.kind == "before" and any(isinstance(a, Stand) for a in legal):
        if stand_cost(state, field, piece, pending) < \
                DISRUPTION_SHARE / 2 * field.unit_value(piece) * field.own_rate - best_value / 4:
            return next(a for a in legal if isinstance(a, Stand))
    return best


def retreat_value(state, field: Battlefield, unit: Unit, end: str) -> float:
    value = -field.exposure(unit, end, unit.hex) + 0.3 * field.friends_beside(end, unit.hex)
    value += 0.2 * min(6, field.front.get(end, 99))
    for piece in state.leaders.values():
        if piece.side == unit.side and piece.on_map and distance(piece.hex, end) <= 1 and \
                piece.leader.commands_nationality(unit.type.nationality):
            value += 1.0
            break
    friend = field.mine.get(end)
    if friend is not None and friend is not unit:
        value -= DISRUPTION_SHARE * field.unit_value(friend) * field.own_rate + 1
    return value


def stand_cost(state, field: Battlefield, unit: Unit, pending) -> float:
    """7.7: the expected points lost if the defender stands the committed attacks."""
    miss = 1.0
    for attacker_id in pending.advance_by:
        attacker = state.units[attacker_id]
        miss *= 1 - hit_chance(state.parts, melee_strength(state, attacker),
                               armour_against(state, unit, attacker.hex),
                               fanatical(state, attacker))
    return (1 - miss) * field.loss_if_hit(unit, unit.hex) * field.own_rate


def advance_or_hold(state, legal: list):
    """7.51: advance where the unit stands better than where it is."""
    advances = [a for a in legal if isinstance(a, Advance)]
    hold = next((a for a in legal if isinstance(a, Hold)), None)
    if not advances:
        return hold or legal[0]
    side = state.phasing_side()
    planner = Planner(state, [])
    best, best_value = hold, None
    for action in advances:
        unit = state.unit_at(action.path[0], side)
        if unit is None:
            continue
        here = planner.standing(unit, unit.hex, None)
        there = planner.standing(unit, action.path[-1], unit.hex)
        gain = there - here + (0.3 if side == "westernesse" else 0.0)
        if best_value is None or gain > best_value:
            best, best_value = action, gain
    if best_value is None or best_value <= 0:
        return hold or best
    return best


# ----- magic (8.5, 16.0, 17.0) -------------------------------------------------------------

def magic_choice(state, legal: list):
    """Sauron casts what the moment calls for, else goes to (or stays on) the Pedestal."""
    casts = [a for a in legal if isinstance(a, Cast)]
    best, best_value = None, 0.0
    for action in casts:
        value = spell_value(state, action)
        if value > best_value:
            best, best_value = action, value
    if best is not None:
        return best
    moves = [a for a in legal if isinstance(a, (Move, Enter))]
    pedestal = pedestal_hex(state)
    sauron = state.leaders.get("sauron")
    if pedestal and sauron is not None and sauron.hex != pedestal:
        for action in moves:
            who = action.leader if isinstance(action, Move) else action.piece
            if who == "sauron" and action.path[-1] == pedestal:
                return action
    return END if END in legal else legal[0]


def spell_value(state, action: Cast) -> float:
    """What a spell attempt is worth now (0: not worth casting); more points for a surer
    attempt on the spells that matter, while points are plenty (8.56: a failure is free)."""
    spell = action.spell
    sauron = state.leaders["sauron"]
    left = sauron.magic_left
    cost = beast_spell_cost(state, spell)
    sure = action.points >= 12 - state.parts.spell_base
    spare = left - action.points
    thrift = 0.5 if sure and spare < SPELL_POINTS_RESERVE and spell != "death_breath" else 0.0
    bonus = (1.0 if sure else 0.5 if action.points > cost else 0.0) - thrift
    sauron_units = [u for u in state.units.values() if u.side == "sauron" and u.on_map]
    west_units = [u for u in state.units.values() if u.side == "westernesse" and u.on_map]
    if spell == "sinister_visions":
        shaken = [u for u in west_units if not u.type.dwarf and not u.type.elf
                  and u.strength.morale in ("X", "Y", "Z") and not u.disrupted
                  and any(distance(u.hex, s.hex) <= 3 for s in sauron_units)]
        return 3 * len(shaken) - 6 + bonus if len(shaken) >= 3 else 0.0
    if spell == "wrath_of_the_ringwraith":
        if spell_active(state, spell):
            return 0.0
        wraith = state.leaders.get("ringwraith")
        if wraith is None or not wraith.on_map:
            return 0.0
        engaged = [u for u in sauron_units if distance(u.hex, wraith.hex) <= 5
                   and any(distance(u.hex, w.hex) <= 2 for w in west_units)]
        return 2 * len(engaged) - 4 + bonus if len(engaged) >= 3 else 0.0
    if spell == "total_eclipse":
        if is_night(state):
            return 0.0
        orcs = [u for u in sauron_units if u.type.orc
                and any(distance(u.hex, w.hex) <= 2 for w in west_units)]
        return 2 * len(orcs) - 2 + bonus if len(orcs) >= 2 else 0.0
    if spell == "conjure_beast":
        room = state.parts.demoralization_levels["sauron"] - \
            state.demoralization_points["sauron"]
        wanted = left - action.points >= beast_spell_cost(state, "death_breath")
        # its death would cost 15 DPs (20.1 B), but only if it is slain, and its breath
        # kills several units a time (17.2.4): not at the brink of demoralization only
        return 8 + bonus if wanted and room > BEAST_ROOM else 0.0
    if spell == "death_breath":
        enemies = {u.hex for u in west_units}
        victims = sum(1 for h in _kill_zone(state, state.beast.hex, action.facing)
                      if h in enemies) if action.facing in FACINGS else 0
        return 10 * victims - 15 if victims >= 2 else 0.0
    if spell == "magic_armour":
        # 17.2.3: then only a leader with a magic weapon may attack it, while the breath
        # is still affordable after it
        if spell_active(state, spell) or spare < beast_spell_cost(state, "death_breath"):
            return 0.0
        near = sum(1 for u in west_units if distance(u.hex, state.beast.hex) <= 4)
        return 6 + bonus if near else 0.0
    if spell == "horn_attack":
        if spell_active(state, spell) or spare < beast_spell_cost(state, "death_breath"):
            return 0.0
        near = sum(1 for u in west_units if distance(u.hex, state.beast.hex) == 1)
        return 3 + bonus if near else 0.0
    return 0.0


# ----- rally (8.3) ---------------------------------------------------------------------------

def rally_choice(state, legal: list):
    """Every rally attempt, the surest on the most valuable unit first."""
    best, best_value = None, 0.0
    parts = state.parts
    for action in legal:
        if not isinstance(action, Rally):
            continue
        piece = state.leaders[action.leader]
        unit = state.unit_at(action.hex, piece.side)
        if unit is None:
            continue
        rating = max(1, min(rally_rating(state, piece), parts.rally_maximum))
        chance = sum(6 - abs(t - 7) for t in parts.rally[rating]) / 36
        value = chance * parts.demoralization_value(unit.type.key) + 0.01
        if value > best_value:
            best, best_value = action, value
    return best if best is not None else (END if END in legal else legal[0])


default_components()    # load (and validate) the data once, at import
