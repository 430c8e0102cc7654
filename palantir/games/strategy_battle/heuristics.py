"""The computer general of the Strategy Battle Game: it reads its seat's view (rebuilt into a
state, as a player reads the table) and weighs each candidate decision by what it is likely
to win or lose, in the points-like values of `value`:

- it charges where the exact odds of the fight (odds.py) promise more than they risk, with
  a rider's charge bonuses; holds a barrier it defends; brings spears up behind friends who
  fight ('Spears'); advances the rest, preferring ground that enemy bowmen see less of;
  bowmen move no more than lets them shoot;
- it shoots where a kill is likeliest and worth most, finishing wounded Heroes first; a
  group of six bowmen holds together and looses a volley where the hits it expects are
  worth more than the shots its members could make one by one ('Bows — Volley Fire'),
  and allots a volley's extra hits to the enemy worth most;
- in range of a friendly banner it counts the banner's re-roll in a fight's odds, re-rolls
  the die that most likely wins the duel, keeps its bearer within 3"/8cm of friends and
  has a friend pick up a fallen banner ('Banners');
- in a fight it shields when shielding loses less than fighting risks ('Shields'), spends
  Might where a few points win a duel or land a wound that matters, always tries Fate, and
  strikes where a kill is likeliest ('Multiple Combats');
- at a fortress it hauls its ram and charge to the gate and wall and batters there, sets
  the charge off when no friend would be caught by it, takes its warriors to the foot of
  the ladders and raises them; the defenders pull ladders up, bolt doors and keep the gate
  shut (siege.worth);
- it makes a heroic move or shot when the enemy has priority and the Hero keeps a point of
  Might for his own fight, and a heroic combat when the Hero's fight is one he should win.

Decisions it has no rule for (new ones the referee offers) take the referee's first listed,
its default. The same judgement, without the costlier looks at cover, is the search's
rollout policy (in the Move phase rollouts.py moves models along straight lines instead).
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

from shapely.geometry import LineString, Point

from ...engine.errors import IllegalAction
from . import siege
from . import table as geo
from . import candidates as cand
from .candidates import exposure
from .notation import (Allot, Cast, Charge, Climb, Done, FateRoll, Fight, Heroic, Lie, Might,
                       Move, Pass, Pick, Reroll, Resist, Shielding, Shoot, Siege, Strike, Take,
                       Throw, Volley,
                       Weapon)
from .odds import Fighter, fight_odds, shot_odds, wound_chance
from .phases.fight.resolution import best, fight_value, reroll_win_chance, sure_to_win
from .phases import move as move_rules
from .phases.fight.weapons import weapon_effect
from .phases.shoot import (VOLLEY_BOWS, check_shot, check_volley, near_target, roofed,
                           shooters, shooting_limit)
from .profiles import default_data
from .reading import state_of
from .state import carries_banner, fight_in_banner_range
from .wounds import in_the_way, opponents_of

# what the general will pay for a point of Might or Will, in the values of `value`
MIGHT_PRICE = 1.5
WILL_PRICE = 1.0
ENGAGE = 1.0      # the worth of closing with the enemy at all: battles are won in fights
CLIMB_RISK = 0.3  # a climb's chance of a fall, in the values of `value`
LIE_COST = 0.05   # getting up again costs half a move
SHOT_KEPT = 1.5   # the worth of a move that keeps a shooter's shot at an enemy in range
ELEVATED = 2.0    # a defender of an elevated position fights as behind a barrier


def value(profile) -> float:
    """A warrior's worth to its side, points-like: its fighting characteristics, extra
    Attacks and Wounds, a Hero's stores, a missile weapon and a mount."""
    v = 2 + 0.5 * (profile.fight + profile.strength + profile.defence) + 0.2 * profile.courage
    v += 3 * (profile.attacks - 1) + 3 * (profile.wounds - 1)
    v += 2 * profile.might + profile.will + 1.5 * profile.fate
    if profile.missile:
        v += 1.5
    if profile.mount:
        v += 4
    return v


def standing(model) -> float:
    """What is left of a model's worth: part of it lost with each wound."""
    full = model.profile.wounds
    return value(model.profile) * (0.4 + 0.6 * model.wounds / full)


def fighter(state, model, foes=(), charging: bool = False, fighting: bool = False,
            extra_attack: int = 0, weapon: tuple[int, int] | None = None) -> Fighter:
    """A model as the odds see it: the referee's weapon (or `weapon`'s duel and wound
    modifiers), Might and Fate left, mounted or not; `charging`: a charge to come;
    `fighting`: in the fight being worked out now (its spear support and charge bonus
    already counted in its Attacks)."""
    p = model.profile
    duel, wound = weapon if weapon is not None else weapon_effect(state, model)
    if charging and model.mounted and "lance" in p.wargear:
        duel, wound = state.charts.weapons["lance"]
    attacks = (state.attacks(model) if fighting else p.attacks) + extra_attack
    mount = state.mounts[p.mount] if model.mounted else None
    return Fighter(fight_value(model), p.strength, p.defence, attacks, model.wounds, duel,
                   wound, model.might_left, model.fate, "shield" in p.wargear,
                   model.mounted, charging and not fighting,
                   mount.strength if mount else 0)


@lru_cache(maxsize=20000)
def _odds(good: tuple, evil: tuple, shielding: tuple, trapped: tuple, might: tuple,
          banner: tuple = (), first: str = "good") -> tuple:
    """fight_odds as floats: (good wins, good kills, evil kills, mean wounds each loses)."""
    entry = default_data()[2].to_wound
    o = fight_odds(list(good), list(evil), entry, shielding=shielding, trapped=trapped,
                   might=dict(might), roll_might=[s for s, _ in might], fate=("good", "evil"),
                   banner=banner, banner_first=first)
    lost_evil = sum(k * p for k, p in o["wounds_if_good_wins"].items())
    lost_good = sum(k * p for k, p in o["wounds_if_evil_wins"].items())
    return (float(o["good_wins"]), float(o["good_kills"]), float(o["evil_kills"]),
            float(lost_evil), float(lost_good))


def prospect(state, mine: list, theirs: list, my_side: str, *, shielding=(),
             trapped=(), charging=(), fighting=False, weapons=None) -> tuple[float, float]:
    """(my chance to win, the value I expect to gain) of a fight between these models:
    the first enemy's expected loss against my first model's (the ones struck).
    `weapons`: duel and wound modifiers of the weapons some of mine would choose."""
    if len(mine) > 1 and len(theirs) > 1:
        theirs = theirs[:1]
    weapons = weapons or {}
    mf = tuple(fighter(state, m, theirs, m.id in charging, fighting, weapon=weapons.get(m.id))
               for m in mine)
    tf = tuple(fighter(state, m, mine, False, fighting) for m in theirs)
    good, evil = (mf, tf) if my_side == "good" else (tf, mf)
    policy = tuple((s, "win") for s, side in (("good", good), ("evil", evil))
                   if any(f.might for f in side))
    if len(policy) == 2:
        policy = (("good", "bid:1"), ("evil", "bid:1"))
    banner = banner_sides(state, mine + theirs)
    extra = (banner, state.priority) if banner else ()
    p_good, _, _, lost_evil, lost_good = _odds(good, evil, tuple(sorted(shielding)),
                                               tuple(sorted(trapped)), policy, *extra)
    p_win = p_good if my_side == "good" else 1 - p_good
    gain_w, loss_w = (lost_evil, lost_good) if my_side == "good" else (lost_good, lost_evil)
    target, me = theirs[0], mine[0]
    gain = p_win * min(1.0, gain_w / target.wounds) * standing(target)
    loss = (1 - p_win) * min(1.0, loss_w / me.wounds) * standing(me)
    return p_win, gain - loss


def banner_sides(state, models) -> tuple:
    """The sides a fight of these models would be in range of a friendly banner for, as
    they stand ('Banners'); none at all where no banner is on the table."""
    if not any(carries_banner(m) for m in state.models.values()):
        return ()
    ids = [m.id for m in models]
    return tuple(side for side in ("good", "evil") if fight_in_banner_range(state, ids, side))


def in_volley_group(state, model) -> bool:
    """Whether a bowman stands in a group of six or more of his bow in base contact."""
    if model.profile.missile not in VOLLEY_BOWS:
        return False
    tol = state.units.tolerance
    kin = [m for m in state.models.values() if m.side == model.side
           and m.profile.missile == model.profile.missile]
    if len(kin) < 6:
        return False
    found, todo = {model.id}, [model]
    while todo:
        here = todo.pop()
        for m in kin:
            if m.id not in found and geo.in_contact(state.disc(here, zone=False),
                                                    state.disc(m, zone=False), tol):
                found.add(m.id)
                todo.append(m)
    return len(found) >= 6


def _wound_p(strength: int, defence: int, bonus: int = 0) -> float:
    return float(wound_chance(default_data()[2].to_wound(strength, defence), bonus))


def kill_chance(strikes: int, p: float, wounds: int) -> float:
    """Chance that `strikes` blows, each wounding with chance p, take `wounds` wounds."""
    return sum(math.comb(strikes, k) * p ** k * (1 - p) ** (strikes - k)
               for k in range(wounds, strikes + 1))


class General:
    """The general's judgement of one position, for one side."""

    def __init__(self, state, thorough: bool = True):
        self.state = state
        self.thorough = thorough
        q = state.question
        self.side = q["side"] if q is not None and "side" in q else state.acting
        self.enemy = state.other(self.side)

    # ------------------------------------------------------------ the Move phase

    def charge(self, action: Charge) -> float:
        s = self.state
        me = s.models[action.model]
        targets = [s.models[t] for t in action.targets if t in s.models]
        if not targets:
            return -1.0
        if me.side != self.side:
            # an enemy we move (a power holds him): into the fight worst for him
            return 2.0 - prospect(s, [me], targets[:1], me.side, charging=(me.id,))[1]
        target = targets[0]
        # friends already fighting the target fight beside the charger, and those yet to
        # move who could reach him too are likely to join him ('Multiple Combats')
        tol = s.units.tolerance
        td = s.disc(target, zone=False)
        friends = [m for m in s.models.values() if m.side == self.side and m.id != me.id
                   and geo.in_contact(td, s.disc(m, zone=False), tol)]
        joiners = [m for m in s.models.values() if m.side == self.side and m.id != me.id
                   and m not in friends and not m.moved and not s.engaged(m)
                   and geo.gap(s.disc(m, zone=False), td) <= s.allowance(m)]
        p_win, gain = prospect(s, [me] + friends, targets, self.side, charging=(me.id,))
        if joiners and len(friends) < 2:
            helped = prospect(s, [me] + friends + joiners[:2 - len(friends)], targets,
                              self.side, charging=(me.id,))
            p_win, gain = (p_win + helped[0]) / 2, (gain + helped[1]) / 2
        score = 2.0 + ENGAGE + gain + (1.5 if p_win > 0.6 else 0.0)
        end = s.disc(me, zone=False).at(*action.path[-1])
        if geo.defended_across(s.table, end, td):
            score -= 2.0        # he would defend the barrier against us ('Defending')
        return score

    def move(self, action: Move) -> float:
        s = self.state
        model = s.models[action.model]
        if model.side != self.side:
            return 0.4           # an enemy we move (a power holds him): no worse than passing
        start = (model.x, model.y)
        end = action.path[-1]
        length = geo.path_length([start, *action.path])
        allowance = s.allowance(model)
        me = s.disc(model, zone=False)
        enemies = [m for m in s.models.values() if m.side != self.side]
        if not enemies:
            return 0.0
        near = min(enemies, key=lambda e: geo.gap(me, s.disc(e, zone=False)))
        nd = s.disc(near, zone=False)
        progress = (geo.gap(me, nd) - geo.gap(me.at(*end), nd)) / max(allowance, 1e-6)
        if self.supports(model, end):
            return 3.0 + ENGAGE
        if length < 0.01 and self.defends(model):
            return 3.5          # a barrier is held, not crossed: let them come ('Defending')
        # closing in matters more as the battle wears on (two cautious generals would
        # otherwise watch each other for ever); walking alone into reach of enemies who
        # would charge at good odds matters less
        score = 1.0 + (0.5 + 0.1 * s.turn) * progress
        score -= self.danger(model, end) / (1.0 + 0.2 * s.turn)
        missile = model.profile.missile
        if missile:
            kept = (shooting_limit(s, model) or 0.0) + 1e-6
            reach = s.units.rule(*s.charts.missiles[missile].range)
            in_range = any(geo.gap(me.at(*end), s.disc(e, zone=False)) <= reach
                           for e in enemies)
            if length <= kept and in_range:
                score += SHOT_KEPT + 0.2 * progress
            elif length < 0.01 and in_volley_group(s, model):
                # 'Volley Fire': a group that holds together shoots twice as far, from
                # 18"/42cm; a member who walks off breaks it
                least = s.units.rule(18, 42)
                if any(least <= geo.gap(me, s.disc(e, zone=False)) <= 2 * reach
                       for e in enemies):
                    score += 2.0
        if carries_banner(model):
            # 'Banners': the re-roll reaches fights within 3"/8cm of the bearer
            reach3 = s.units.rule(3, 8)
            score += 0.3 * sum(1 for f in s.models.values()
                               if f.side == self.side and f.id != model.id
                               and geo.gap(me.at(*end), s.disc(f, zone=False)) <= reach3)
        if self.thorough and any(e.profile.missile for e in enemies):
            discs = s.discs()
            hits = exposure(s, model, end, discs)
            score -= hits * 0.35 * standing(model) / max(1, model.wounds) / 3
        return score

    def climb(self, action: Climb) -> float:
        """A climb is weighed as the move to where it comes out, less the risk of the Climb
        chart's 1 ('Climbing'); one that comes over the edge into an enemy's control zone
        is a charge at the nearest such enemy, who defends the edge as a barrier
        ('Defending Elevated Positions')."""
        s = self.state
        model = s.models[action.model]
        try:
            plan = move_rules.check_climb(s, action, "")
        except IllegalAction:
            return -1.0
        if plan["up"]:
            landed = s.disc(model, zone=False).at(*plan["land"])
            cz = s.units.control_zone
            defenders = sorted((geo.gap(landed, d), d.key) for d in s.discs()
                               if d.side != model.side and d.zone and geo.gap(landed, d) < cz)
            if defenders:
                charge = Charge(model.id, (defenders[0][1],), action.path)
                return self.charge(charge) - ELEVATED - CLIMB_RISK
            # enemies on top can be reached no other way: a climb up to them closes with
            # them as an advance on open ground does, though it gains little ground (the
            # height costs double) and leaves the foot of the side that hid him
            area = next(a for a in s.table.areas if a.name == plan["area"])
            if any(e.side != model.side and area.shape.contains(Point(e.x, e.y))
                   for e in s.models.values()):
                return self.move(Move(action.model, action.path)) - CLIMB_RISK + ENGAGE
        return self.move(Move(action.model, action.path)) - CLIMB_RISK

    def lie(self, action: Lie) -> float:
        """Lying down is holding still with half the shots at it spotted away ('Models on
        the Ground': a spotting roll of 4+), less the half move it costs to get up."""
        s = self.state
        model = s.models[action.model]
        hold = self.move(Move(model.id, ((model.x, model.y),)))
        if model.profile.missile:
            hold -= SHOT_KEPT          # lying down, he does not shoot
        if not self.thorough:
            return hold - LIE_COST
        hits = exposure(s, model, (model.x, model.y), s.discs())
        return hold + 0.5 * hits * 0.35 * standing(model) / max(1, model.wounds) / 3 - LIE_COST

    def danger(self, model, end) -> float:
        """What enemies able to charge the model where it would stand stand to gain, shared
        with the friends standing near enough to join the fight."""
        s = self.state
        me = s.disc(model, zone=False).at(*end)
        threat = 0.0
        for e in s.models.values():
            if e.side == self.side or s.engaged(e):
                continue
            if geo.gap(me, s.disc(e, zone=False)) <= s.allowance(e):
                threat += max(0.0, prospect(s, [e], [model], e.side, charging=(e.id,))[1])
        if not threat:
            return 0.0
        near = sum(1 for f in s.models.values() if f.side == self.side and f.id != model.id
                   and geo.gap(me, s.disc(f, zone=False)) <= s.units.rule(2, 4))
        return threat / (1 + near)

    def supports(self, model, end) -> bool:
        """Whether a spearman's move ends touching a friend who is fighting ('Spears')."""
        if "spear" not in model.profile.wargear:
            return False
        s = self.state
        tol = s.units.tolerance
        me = s.disc(model, zone=False).at(*end)
        return any(m.side == self.side and m.id != model.id and s.engaged(m)
                   and geo.in_contact(me, s.disc(m, zone=False), tol)
                   for m in s.models.values())

    def defends(self, model) -> bool:
        """Whether the model stands at a barrier with the nearest enemy beyond it, close
        enough to charge soon (a barrier no enemy comes near is not worth waiting at)."""
        s = self.state
        me = s.disc(model, zone=False)
        enemies = [m for m in s.models.values() if m.side != self.side]
        if not enemies or not s.table.barriers:
            return False
        near = min(enemies, key=lambda e: geo.gap(me, s.disc(e, zone=False)))
        if geo.gap(me, s.disc(near, zone=False)) > 2 * s.allowance(near):
            return False
        line = LineString([(model.x, model.y), (near.x, near.y)])
        for b in s.table.barriers:
            if (b.kind_for(me.height) != "impassable"
                    and b.footprint.distance(Point(model.x, model.y)) <= me.radius +
                    s.units.control_zone and line.intersects(b.line)):
                return True
        return False

    def cast(self, action: Cast) -> float:
        s = self.state
        target = s.models.get(action.target)
        if target is None:
            return -1.0
        worth = {"immobilise": 2.5, "transfix": 2.5, "black-dart": 2.6}.get(action.power, 1.2)
        return worth + standing(target) / 20 - action.dice * WILL_PRICE * 0.2

    # ------------------------------------------------------------ the Shoot phase

    def shoot(self, action: Shoot) -> float:
        s = self.state
        try:
            shooter, target, missile, seen = check_shot(s, action.model, action.target, "")
        except Exception:
            return -1.0
        way = len(in_the_way(s, shooter, target, seen))
        odds = shot_odds(shooter.profile.shoot, missile.strength, target.profile.defence,
                         s.charts.to_wound, in_the_way=way)
        p = float(odds["wounds"])
        if target.mounted:
            p *= 0.75           # half the hits strike the horse, itself worth something
        # a wound is worth its share of the model; the last one the whole rest of it
        worth = standing(target) / max(1, target.wounds) + (
            0.5 * value(target.profile) if target.wounds == 1 else 0.0)
        friends = opponents_of(s, target) if s.engaged(target) else []
        if not friends:
            return 1.0 + p * worth
        # 'Targets in Combat': 1-3 the shot strikes the friend fighting it instead
        own = friends[0]
        p_own = float(odds["reaches"]) * _wound_p(missile.strength, own.profile.defence)
        return 1.0 + 0.5 * p * worth - 0.5 * p_own * standing(own)

    def volley(self, action: Volley) -> float:
        """A volley's expected worth (one hit on the target at most, the extra hits spread
        within 6"/14cm of it, half of them at the enemy's choosing), less the shots its
        members give up ('Bows — Volley Fire')."""
        s = self.state
        try:
            group, rolling, target, missile = check_volley(s, action, "")
        except IllegalAction:
            return -1.0
        n = len(rolling)
        first = 1 - (5 / 6) ** n
        near = [m for m in near_target(s, target) if not roofed(s, m)]
        extra = min(max(0.0, n / 6 - first), len(near))

        def worth(m):
            # as a shot's: a wound's share of the model, the last one the whole rest of it
            return _wound_p(missile.strength, m.profile.defence) * (
                standing(m) / max(1, m.wounds) + (0.5 * value(m.profile) if m.wounds == 1
                                                  else 0.0))

        gain = first * worth(target)
        if near and extra:
            values = [worth(m) * (1 if m.side != self.side else -1) for m in near]
            # the firer picks the best for him, the enemy the least bad for itself
            gain += extra * (max(values) + min(values)) / 2
        given_up = sum(self._best_shot(m.id) for m in group)
        return 1.0 + gain - given_up

    def _best_shot(self, shooter: str) -> float:
        """What the model's best shot of its own is worth (a volley's members give it up)."""
        if not hasattr(self, "_best_shots"):
            # the shots offered beside the volley, else every shot there is
            if hasattr(self, "_legal"):
                shots = [a for a in self._legal if isinstance(a, Shoot)]
            else:
                shots = [Shoot(a, b) for a, b in shooters(self.state)]
            best: dict[str, float] = {}
            for shot in shots:
                best[shot.model] = max(best.get(shot.model, 0.0), self.shoot(shot) - 1.0)
            self._best_shots = best
        return self._best_shots.get(shooter, 0.0)

    def allot(self, action: Allot) -> float:
        """A volley's hit where it hurts the enemy most, or us least."""
        s, frame = self.state, self.state.pending.top()
        model = s.models.get(action.model)
        if model is None or frame is None:
            return 0.0
        strength = s.charts.missiles[frame["missile"]].strength
        hurt = _wound_p(strength, model.profile.defence) * standing(model)
        return hurt if model.side != self.side else -hurt

    def banner_reroll(self, action) -> float:
        """The banner's re-roll of the die most likely to win the duel ('Banners')."""
        s, c = self.state, self.state.combat
        side = s.question["side"]
        if isinstance(action, Pass):
            if sure_to_win(s, c, side):
                return 1.5
            return 0.5 * (not sure_to_win(s, c, s.other(side)))
        return reroll_win_chance(s, c, side, action.model, action.face)

    # ------------------------------------------------------------ the Fight phase

    def fight_order(self, action: Fight) -> float:
        fight = self.state.fight_of(action.model)
        if fight is None:
            return 0.0
        single, many = fight
        s = self.state
        ids = [single, *many]
        mine = [s.models[k] for k in ids if k in s.models and s.models[k].side == self.side]
        theirs = [s.models[k] for k in ids if k in s.models and s.models[k].side != self.side]
        if not mine or not theirs:
            return 0.0
        p_win, gain = prospect(s, mine, theirs, self.side)
        return 1.0 + p_win

    def _combat_sides(self):
        """My models and theirs in the fight being worked out."""
        s, c = self.state, self.state.combat
        ids = [k for k in (c.get("good", []) + c.get("evil", []) or c.get("members", []))
               if k in s.models]
        mine = [s.models[k] for k in ids if s.models[k].side == self.side]
        theirs = [s.models[k] for k in ids if s.models[k].side != self.side]
        return mine, theirs

    def shielding(self, action: Shielding) -> float:
        s, c = self.state, self.state.combat
        mine, theirs = self._combat_sides()
        if not mine or not theirs:
            return 0.0
        declared = {side for side, on in c.get("shielding", {}).items() if on}
        outcomes = {}
        for on in (False, True):
            shields = (declared | {self.side}) if on else (declared - {self.side})
            outcomes[on] = prospect(s, mine, theirs, self.side, shielding=shields,
                                    fighting=True)[1]
        return outcomes[action.on]

    def might(self, action) -> float:
        """Might in the duel, on a wound roll, or a bid."""
        s, q, c = self.state, self.state.question, self.state.combat
        if q.get("for") == "wound":
            r = c["roll"]
            need = [int(v) for v in r["entry"].split("/")][len(r["dice"]) - 1]
            short = need - r["dice"][-1] - r["bonus"] - r["might"]
            target = s.models.get(r["target"].partition(".")[0])
            worth = standing(target) / max(1, target.wounds) if target else 0.0
            if isinstance(action, Pass):
                return 0.0
            if action.points != short:
                return -1.0
            return worth - short * MIGHT_PRICE
        mine, theirs = self._combat_sides()
        if not mine or not theirs:
            return 0.0 if isinstance(action, Pass) else -1.0
        my_best, their_best = best(c, self.side), best(c, self.enemy)
        my_fight = max(fight_value(m) for m in mine)
        their_fight = max(fight_value(m) for m in theirs)
        stakes = sum(standing(m) for m in mine[:1]) * 0.5 + standing(theirs[0]) * 0.5
        if isinstance(action, Pass):
            return 0.0
        hero = s.models[action.model]
        dice = c["dice"].get(hero.id, [])
        hero_best = max(dice) if dice else 0
        raised = max(my_best, min(6, hero_best + action.points))
        if q["kind"] == "bid":
            # the other side may bid too: a point more than the bare need buys a margin
            wins = raised > their_best + 1 or (raised >= their_best + 1 and my_fight > their_fight)
        else:
            wins = raised > their_best or (raised == their_best and my_fight > their_fight)
        ties = raised == their_best and my_fight == their_fight
        if wins:
            return stakes - action.points * MIGHT_PRICE
        if ties:
            return 0.5 * stakes - action.points * MIGHT_PRICE
        return -1.0

    def strike(self, action: Strike) -> float:
        s, c = self.state, self.state.combat
        ident, _, part = action.targets[0].partition(".")
        target = s.models.get(ident)
        if target is None:
            return -1.0
        strikers = [s.models[k] for k in c["strikers"] if k in s.models]
        per = 2 if c["double"].get(ident, False) else 1
        defence = s.mounts[target.profile.mount].defence if part else target.profile.defence
        blows = [(s.attacks(m) * per, _wound_p(m.profile.strength, defence,
                                                weapon_effect(s, m)[1])) for m in strikers]
        n = sum(k for k, _ in blows)
        p = sum(k * q for k, q in blows) / max(n, 1)
        if part:
            # a slain mount throws its rider: worth the horse and a chance at the rider
            return kill_chance(n, p, target.mount_wounds) * (4 + 0.3 * standing(target))
        return kill_chance(n, p, target.wounds) * standing(target) + n * p * 0.1

    def heroic(self, action: Heroic) -> float:
        s = self.state
        hero = s.models.get(action.model)
        if hero is None:
            return -1.0
        phase = s.heroic["phase"] if s.heroic else s.phase
        keep = hero.might_left - 1           # what is left for his own fight after this
        if phase == "fight":
            fight = s.fight_of(hero.id)
            if fight is None or keep < 1:
                return -1.0
            single, many = fight
            ids = [k for k in (single, *many) if k in s.models]
            mine = [s.models[k] for k in ids if s.models[k].side == self.side]
            theirs = [s.models[k] for k in ids if s.models[k].side != self.side]
            if not mine or not theirs:
                return -1.0
            p_win, gain = prospect(s, mine, theirs, self.side)
            # his fight first: a kill before the rest are fought, worth it when he should win
            return (0.5 + gain - MIGHT_PRICE) if p_win > 0.7 else -1.0
        if s.priority == self.side or keep < 1:
            return -1.0          # with priority the side moves and shoots first anyway
        enemies = [m for m in s.models.values() if m.side != self.side]
        me = s.disc(hero, zone=False)
        if phase == "move":
            reach = s.allowance(hero)
            near = [e for e in enemies if geo.gap(me, s.disc(e, zone=False)) <= reach * 2]
            return 0.5 if near else -1.0
        friends = [m for m in s.models.values() if m.side == self.side and m.profile.missile
                   and math.dist((m.x, m.y), (hero.x, hero.y)) <= s.units.rule(6, 14)]
        return 0.3 * len(friends) - 0.5

    def throw(self, action: Throw) -> float:
        """A charge that throws first ('Throwing Weapons'): the charge, and a shot's worth."""
        s = self.state
        score = self.charge(Charge(action.model, (action.target,), action.path))
        model, target = s.models[action.model], s.models.get(action.target)
        if target is None or model.profile.shoot is None:
            return score
        p = (7 - model.profile.shoot) / 6 * _wound_p(3, target.profile.defence)
        return score + p * standing(target) / max(1, target.wounds)

    def weapon(self, action: Weapon) -> float:
        """The weapon that makes the coming fight best ('More Than One Weapon')."""
        s, c = self.state, self.state.combat
        if c is None or action.model not in s.models:
            return 0.0
        name = action.weapon.replace("-", " ")
        mods = (0, 0) if name == "hand weapon" else tuple(s.charts.weapons.get(name, (0, 0)))
        mine, theirs = self._combat_sides()
        if not mine or not theirs:
            return 0.0
        return prospect(s, mine, theirs, self.side, fighting=True,
                        weapons={action.model: mods})[1]

    def resist(self, action: Resist) -> float:
        return 1.6 - action.dice * 0.3 * WILL_PRICE

    # ------------------------------------------------------------ choosing

    def score(self, action, index: int) -> float:
        """How good a decision looks; unknown kinds keep the referee's order (its default)."""
        kind = type(action)
        if kind is Charge:
            return self.charge(action)
        if kind is Siege:
            return siege.worth(self.state, action)
        if kind is Move and self.state.siege and \
                siege.outside(self.state, self.state.models[action.model]) and \
                siege.at_ladder(self.state, self.state.models[action.model], action.path[-1]):
            return 2.5                   # to the foot of a ladder, to raise it
        if kind is Move:
            return self.move(action)
        if kind is Shoot:
            return self.shoot(action)
        if kind is Fight:
            return self.fight_order(action)
        if kind is Strike:
            return self.strike(action)
        if kind is Shielding:
            return self.shielding(action)
        if kind is Cast:
            return self.cast(action)
        if kind is Heroic:
            return self.heroic(action)
        if kind is Resist:
            return self.resist(action)
        if kind is Throw:
            return self.throw(action)
        if kind is Climb:
            return self.climb(action)
        if kind is Lie:
            return self.lie(action)
        if kind is Weapon:
            return self.weapon(action)
        q = self.state.question
        if q is not None and q["kind"] == "banner" and kind in (Reroll, Pass):
            return self.banner_reroll(action)
        if kind is Volley:
            return self.volley(action)
        if kind is Allot:
            return self.allot(action)
        if kind is Take and q is not None and q["kind"] == "pick up":
            # 'Banners': a banner kept is worth a friend's equipment; the least of them
            return 1.0 - value(self.state.models[action.model].profile) / 100
        if kind is Reroll:
            return 1.0                   # a free second chance at a failed roll
        if kind is FateRoll:
            return 2.0                   # Fate is worth spending to stay alive
        q = self.state.question
        if kind is Might and q is not None and q["kind"] in ("might", "bid"):
            return self.might(action)
        if kind is Might and q is not None and q["kind"] == "roll":
            # Might on another roll (a Fate die, a Courage test...): the fewest useful points
            return 1.5 - action.points * 0.4 if action.points <= 2 else -1.0
        if kind is Pass:
            if q is not None and q["kind"] in ("might", "bid"):
                return self.might(action)
            return 0.5 if q is None or q["kind"] != "heroic" else 0.0
        if kind is Done:
            return 0.0
        if kind is Pick:
            return -5.0                  # the general keeps his own order of moving
        return 0.3 - index * 1e-3

    def choose(self, legal: list, rng: random.Random):
        """The best-scored decision, ties broken by `rng`."""
        self._legal = legal
        scored = [(self.score(a, i), i) for i, a in enumerate(legal)]
        best = max(sc for sc, _ in scored)
        top = [i for sc, i in scored if sc >= best - 1e-9]
        return legal[top[rng.randrange(len(top))] if len(top) > 1 else top[0]]


class HeuristicAgent:
    """The general: the best decision by `General`, read from the seat's view alone."""

    def __init__(self, seat: int, seed: int | None = None, game=None):
        self.seat = seat
        self.rng = random.Random(seed)
        self.game = game

    def choose(self, view: dict, legal_actions: list):
        """The best-scored candidate."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        return General(state_of(view, self.game)).choose(legal_actions, self.rng)


def root_policy(state, rng: random.Random):
    """The general's full judgement of the state itself, over the decisions a search
    compares (all but 'pick'): the pick a search's root must clearly beat."""
    legal = [a for a in state.legal_actions() if not isinstance(a, Pick)]
    if len(legal) == 1:
        return legal[0]
    return General(state).choose(legal, rng)


def rollout_policy(state, rng: random.Random):
    """A cheap policy for search rollouts: the general's judgement on the state itself (no
    view rebuilt, no looks at cover); in the Move phase only the next model's likeliest
    decision is worked out (`quick_move`), not the whole candidate list."""
    if state.phase == "move" and state.question is None:
        action = quick_move(state, rng)
        if action is not None:
            return action
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return General(state, thorough=False).choose(legal, rng)


def quick_move(state, rng: random.Random):
    """The next model's decision among a few of its candidates (candidates.py): charges only
    at the two enemies in reach with the best odds, no looks at cover."""
    order = cand.move_order(state)
    if not order:
        return Done()
    model = order[0]
    me = state.disc(model, zone=False)
    allowance = state.mover(model).allowance
    in_reach = [e for e in state.models.values() if e.side != model.side
                and geo.gap(me, state.disc(e, zone=False)) <= allowance + 1e-6]
    ranked = sorted(in_reach, key=lambda e: (-prospect(state, [model], [e], model.side,
                                                        charging=(model.id,))[1], e.id))
    found = cand.model_candidates(state, model, charges=ranked[:2], cover=False)
    if not found:
        return None
    return General(state, thorough=False).choose(found, rng)




