"""The models on the table and what every phase asks of them.

A `Model` is a warrior as the state keeps it. Beside it: its equipment as it is now (a mount
not its own, an Expert Rider's bow or shield left on the horse), loose mounts, who is a Hero,
his Courage and terror, who touches whom, what a heroic action allows, what a shooter may
look past, and the procedures one phase starts in another (a move, a Jump test to mount, a
Courage test) - started by name on the stack (procedure.py), so no phase imports another.
`Battle` is the battle as data, with the queries every phase makes of it (a model's base
and control zone, contact, sight, its move allowance, its attacks); rules.BattleState adds
the dispatcher.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Mapping

from shapely.geometry import Point

from ...engine.dice import Dice
from ...engine.game import Outcome, State
from ...engine.procedure import Refusal
from . import procedure
from . import table as geo
from .table import fortress
from .profiles import MISSILE_NAMES, SIDES, Profile, default_data


@dataclass
class Model:
    """A warrior on the table: its profile, place and what it has done this turn."""

    id: str
    profile: Profile
    x: float
    y: float
    wounds: int
    prone: bool = False
    moved: bool = False          # has taken its move this Move phase
    move_used: float = 0.0       # movement spent (difficult going counted as the rules count it)
    charged: bool = False
    shot: bool = False           # has shot this Shoot phase
    jumped: bool = False         # tried to jump an obstacle this turn (and so cannot shoot)
    tested: str | None = None    # this turn's Courage test: passed, failed or not taken
    mount_wounds: int = 0        # a cavalry model's steed: wounds left (0: on foot)
    might: int = 0               # Hero's stores left ('Might, Will & Fate')
    will: int = 0
    fate: int = 0
    free_might: int = 0          # 'Mighty Hero': one free point of Might each turn
    free_will: int = 0           # 'Staff of Power': one free point of Will each turn
    cast: bool = False           # has used a magical power this turn
    immobilised: bool = False    # held by Immobilise or Transfix this turn
    courage_loss: int = 0        # Drain Courage, for the rest of the battle
    terror: bool = False         # Terrifying Aura, for the rest of the battle
    no_strikes: bool = False     # 'Thrown Rider' 2-5: strikes no blows this turn if it wins
    shots_fired: int = 0         # 'Multiple Shots': shots made this Shoot phase
    heading: float = 0.0         # where a long (cavalry) base points, radians ('Cavalry')
    move_left: float | None = None   # the rest of a move made in parts (a cast, a mount on the way)
    began: list | None = None    # where a move made in parts began ('Who Can Charge?')
    passenger: "Model | None" = None   # the passenger a cavalry model carries, off the table
    carried_by: str | None = None    # the cavalry model carrying this passenger ('Passengers')
    left_on_horse: str | None = None     # an Expert Rider's bow or shield left on his horse
    staff_broken: bool = False   # 'Your Staff is Broken'
    riding: str | None = None    # a mount not its own profile's, mounted on the table
    weapon: str | None = None    # the close-combat weapon it fights with this Fight phase
    taken: tuple = ()            # weapons and shields a Hero has picked up ('Weapons')
    climbing: list | None = None     # on a sheer side: [its area, height above its foot] ('Climbing')

    @property
    def might_left(self) -> int:
        """Might the Hero can spend now, its free point first."""
        return self.might + self.free_might

    @property
    def will_left(self) -> int:
        """Will the Hero can spend now, its free point first."""
        return self.will + self.free_will

    def spend_might(self, points: int) -> None:
        """Spend Might, the turn's free point first."""
        free = min(points, self.free_might)
        self.free_might -= free
        self.might -= points - free

    def spend_will(self, points: int) -> None:
        """Spend Will, the turn's free point first."""
        free = min(points, self.free_will)
        self.free_will -= free
        self.will -= points - free

    @property
    def mounted(self) -> bool:
        """Whether the model rides its mount ('Cavalry')."""
        return self.mount_wounds > 0

    @property
    def side(self) -> str:
        """good or evil."""
        return self.profile.side

    def copy(self) -> "Model":
        """An independent copy (with its own copy of a passenger it carries)."""
        other = replace(self, passenger=None if self.passenger is None else self.passenger.copy())
        # the base as geometry sees it is kept with what it was worked out from, so a copy
        # may share it (BattleState.disc checks that nothing it depends on has changed)
        for memo in ("_base", "_zoned"):
            if memo in self.__dict__:
                setattr(other, memo, self.__dict__[memo])
        return other


# the Model fields a view carries as they are (after the ones it names one by one)
MORE_FIELDS = ("shots_fired", "heading", "move_left", "began", "passenger", "carried_by",
               "left_on_horse", "staff_broken", "weapon", "taken", "riding", "climbing")


# ---------------------------------------------------------------- loose mounts and riders

LOOSE = "loose mount"
# a rider's head above his saddle: the Rider of Rohan is 60mm tall on a 40mm horse
RIDER_ABOVE_SADDLE_MM = 20.0


@lru_cache(maxsize=None)
def loose_profile(mount_name: str, side: str) -> Profile:
    """A mount with no rider as a model of its side: its own characteristics, no Attacks
    ('Loose Mounts': "Loose mounts have no Attacks and so roll no dice in a fight")."""
    mount = default_data()[1][mount_name]
    return Profile(name=f"{mount_name} (loose, {side})", source=mount.source, side=side,
                   race=mount.race or "Horse Rider", fight=mount.fight, shoot=None,
                   strength=mount.strength, defence=mount.defence, attacks=0,
                   wounds=mount.wounds, courage=mount.courage, might=0, will=0, fate=0,
                   wargear=(), special=(LOOSE,), base_mm=mount.base_mm[1],
                   height_mm=mount.height_mm, mount=mount_name)


def profile_named(name: str) -> Profile:
    """A profile by name: the data file's, or a loose mount's."""
    profiles, mounts, _ = default_data()
    if name in profiles:
        return profiles[name]
    for mount in mounts:
        for side in ("good", "evil"):
            if name == f"{mount} (loose, {side})":
                return loose_profile(mount, side)
    raise KeyError(name)


def is_loose(model) -> bool:
    """Whether the model is a loose mount."""
    return model.profile.has(LOOSE)


def outfit(state, model):
    """The model's profile as it is now: riding a mount not its own ('Mounting'), with a
    broken staff ('Your Staff is Broken'), an Expert Rider's bow or shield left on his horse
    ('Expert Riders': without the shield his Defence is 1 less). Applying it twice changes
    nothing."""
    p = model.profile
    if model.riding and p.mount != model.riding:
        mount = default_data()[1][model.riding]
        p = replace(p, mount=model.riding, race=mount.race or p.race, foot_race=p.race,
                    foot_base_mm=p.base_mm, foot_height_mm=p.height_mm,
                    base_mm=mount.base_mm[1],
                    height_mm=mount.height_mm + RIDER_ABOVE_SADDLE_MM)
    if model.staff_broken and "staff of power" in p.special:
        p = replace(p, special=tuple(x for x in p.special if x != "staff of power"))
    if model.left_on_horse == "bow" and p.missile:
        p = replace(p, wargear=tuple(w for w in p.wargear if w not in MISSILE_NAMES))
    if model.left_on_horse == "shield" and "shield" in p.wargear:
        p = replace(p, wargear=tuple(w for w in p.wargear if w != "shield"),
                    defence=p.defence - 1)
    return p


def foot_race(model) -> str:
    """The race a model has on foot."""
    p = model.profile
    return p.foot_race if p.mount and p.foot_race else p.race


def foot_height_mm(model) -> float:
    """How tall the model is on foot."""
    p = model.profile
    return p.foot_height_mm if p.mount else p.height_mm


def can_ride(model, mount_name: str) -> bool:
    """'Which Models Can Ride?': Men and Elves ride horses, Orcs Wargs, others only their own
    mounts; never a model of Strength 6 or more."""
    if model.profile.strength >= 6:
        return False
    mount = default_data()[1][mount_name]
    return foot_race(model) in mount.riders or model.profile.mount == mount_name


def monstrous(mount) -> bool:
    """'Monstrous Mounts': a mount whose profile has Fighting and Attacks other than 0."""
    return mount.fight != 0 and mount.attacks != 0


def may_carry(model, mount_name: str) -> bool:
    """'Passengers': only models that can ride, and Dwarves and Hobbits; never Strength 6."""
    return can_ride(model, mount_name) or (model.profile.strength < 6
                                           and foot_race(model) in ("Dwarf", "Hobbit"))


# ---------------------------------------------------------------- finding a model

def find(state, ident: str):
    """A model on the table, or a passenger carried off it; None if there is none."""
    if ident in state.models:
        return state.models[ident]
    for model in state.models.values():
        if model.passenger is not None and model.passenger.id == ident:
            return model.passenger
    return None


def carrier(state, passenger):
    """The cavalry model carrying a passenger."""
    return state.models.get(passenger.carried_by) if passenger.carried_by else None


# ---------------------------------------------------------------- Heroes, Courage and terror

def is_hero(model) -> bool:
    """A Hero has Might, Will or Fate ('Heroes')."""
    p = model.profile
    return p.might + p.will + p.fate > 0


def courage_of(model) -> int:
    """A model's Courage after Drain Courage, never below 1."""
    return max(1, model.profile.courage - model.courage_loss)


def terrifying(model) -> bool:
    """Whether a model causes terror (its special rule or a Terrifying Aura)."""
    return model.profile.has("terror") or model.terror


# ---------------------------------------------------------------- banners

RULE_BANNER_BONUS = "Banners: Banner Combat Bonus"


def carries_banner(model) -> bool:
    """Whether a model carries a banner ('Banners')."""
    return "banner" in model.profile.wargear


def in_banner_range(state, model) -> bool:
    """'Banner Combat Bonus': within 3"/8cm of a friendly banner bearer (the bearer too)."""
    reach = state.units.rule(3, 8)
    me = state.disc(model, zone=False)
    return any(other.side == model.side and carries_banner(other)
               and geo.gap(me, state.disc(other, zone=False)) <= reach + 1e-9
               for other in state.models.values())


def fight_in_banner_range(state, ids, side: str) -> bool:
    """'Banner Combat Bonus': "If at least one model in a fight is in range of a friendly
    banner, the entire fight is deemed to be in range of the banner"."""
    return any(k in state.models and state.models[k].side == side
               and in_banner_range(state, state.models[k]) for k in ids)


# ---------------------------------------------------------------- who touches whom

def players_choose(state) -> bool:
    """Whether the players make the Fight phase's choices (the game option `fight_choices`;
    off, the referee's defaults decide: a quicker game)."""
    return bool(state.options.get("fight_choices", True))


def contacts(state, pool=None) -> dict[str, list[str]]:
    """For every model touching an enemy, the enemies it touches (ordered by id); with a
    pool, only models of the pool count."""
    tol = state.units.tolerance
    models = [m for m in state.models.values() if pool is None or m.id in pool]
    discs = {m.id: state.disc(m, zone=False) for m in models}
    touching: dict[str, list[str]] = {}
    for a in models:
        for b in models:
            if a.side != b.side and geo.in_contact(discs[a.id], discs[b.id], tol):
                touching.setdefault(a.id, []).append(b.id)
    # 'Defending': a charger and the defender across the barrier count as touching
    for charger, defender, _ in state.across:
        if charger in discs and defender in discs:
            for x, y in ((charger, defender), (defender, charger)):
                if y not in touching.setdefault(x, []):
                    touching[x].append(y)
    return {k: sorted(v) for k, v in sorted(touching.items())}


# ---------------------------------------------------------------- heroic actions: who acts now

RULE_HEROIC = "Heroic Actions"
RULE_HEROIC_COMBAT = "Heroic Actions: Heroic Combat"
RULE_POWERS = "Heroes: Magical Powers"


def allowed(state, model, text: str) -> None:
    """During a heroic move or shot, only the Hero and his group act; the Hero moves first.
    After a heroic combat, only he and the friends of his fight move again."""
    h = state.heroic
    if h is not None and h["stage"] == "again":
        if model.id not in h["group"]:
            raise Refusal(RULE_HEROIC_COMBAT, f"only {', '.join(h['group'])} move again after "
                                              f"{h['current']}'s heroic combat", action=text)
        return
    if h is None or h["stage"] != "act" or h["phase"] == "fight":
        return
    if model.id == h["current"]:
        return
    if model.id not in h["group"]:
        raise Refusal(RULE_HEROIC,
                      f"only {h['current']} and the friends with him act now", action=text)
    if h["phase"] == "move" and not h["hero_moved"]:
        raise Refusal(RULE_HEROIC,
                      f"{h['current']} moves before the friends who go with him", action=text)


def moving_again(state) -> bool:
    """Whether the Hero of a heroic combat and his friends are moving again now."""
    return state.heroic is not None and state.heroic["stage"] == "again"


def ends_near_hero(state, model, end) -> None:
    """'Heroic Move': friends moving with the Hero must end within 6"/14cm of him."""
    h = state.heroic
    if h is None or h["stage"] != "act" or h["phase"] != "move" or model.id == h["current"]:
        return
    hero = state.models.get(h["current"])
    if hero is None:
        return
    reach = state.units.rule(6, 14)
    there = state.disc(model, zone=False).at(*end)
    if geo.gap(there, state.disc(hero, zone=False)) > reach + 1e-9:
        raise Refusal(RULE_HEROIC, f"{model.id} must end within {reach:g}{state.units.name} of "
                                   f"{hero.id}", action=None)


# ---------------------------------------------------------------- what a shooter looks past

def looked_past(state, shooter) -> set[str]:
    """What a shooter may shoot past as if it were not there (docs/strategy-battle.md).

    'Shooting from Cover': cover the shooter touches and can see over or around — a barrier
    lower than the model, a feature whose top is below its eyes; 'Shooting from Behind
    Friends': a friend whose base touches the shooter's and is no bigger.
    """
    me = state.disc(shooter)
    tol = state.units.tolerance
    centre = Point(me.x, me.y)
    eye = state.table.ground_at(me.x, me.y) + me.height
    past = set()
    for barrier in state.table.barriers:
        if barrier.footprint.distance(centre) <= me.radius + tol and barrier.height < me.height:
            past.add(barrier.name)
    for area in state.table.areas:
        if (area.shape.distance(centre) <= me.radius + tol
                and area.ground + area.sight < eye):
            past.add(area.name)
    for other in state.models.values():
        if (other.side == shooter.side and other.id != shooter.id
                and other.profile.base_mm <= shooter.profile.base_mm
                and geo.in_contact(me, state.disc(other, zone=False), tol)):
            past.add(other.id)
    return past


# ---------------------------------------------------------------- procedures started across phases

def take_test(state, model, why: str) -> None:
    """Put a Courage test on the stack; the frame under it gets `passed` ('Courage Tests')."""
    procedure.push(state, {"proc": "courage", "model": model.id, "why": why, "dice": []})


def push_move(state, action, report, part: bool = False, crawl: bool = False) -> None:
    """Put a checked move on the stack; `part`: the model stops part-way to do something
    else (a cast) and may go on with the rest of its move later. The frame under it gets
    `arrived`: whether the model got to the end of the path."""
    model = state.models[action.model]
    procedure.push(state, {
        "proc": "move", "model": model.id, "stage": "test", "part": part,
        "path": [[model.x, model.y], *([x, y] for x, y in action.path)],
        "targets": list(getattr(action, "targets", ())), "cost": report.cost,
        "length": report.length, "across": [list(a) for a in report.across],
        "contacts": list(report.contacts),
        # a fortress's passage (a doorway, a raised ladder) is crossed without a test
        "crossings": [[c.barrier, c.kind, c.at, c.height] for c in report.crossings
                      if c.kind not in ("stride", "passage")],
        **({"crawl": True} if crawl else {})})


def jump_to_mount(state, model, steed: str) -> None:
    """A Jump test to mount a steed ('Mounting and Dismounting'); the score goes down."""
    procedure.push(state, {"proc": "jump", "model": model.id, "barrier": steed,
                           "kind": "mount", "minus": 0, "die": None, "try": 1})


# ---------------------------------------------------------------- the battle as data

class Battle(State):
    """A battle as data — the table, the models, the turn and phase, the fights matched, the
    procedures and question under way — and what every phase asks of it: where a model
    stands as geometry sees it, who touches whom, what it sees, how far it moves, how many
    attacks it has. The rules that change it are the phases' (phases/) and the turn's
    (turn.py); `rules.BattleState` adds the dispatcher."""

    def __init__(self, game, options: Mapping[str, Any], scenario, dice: Dice):
        self.game = game
        self.dice = dice
        self.options = dict(options)
        self.scenario = scenario
        self.units = scenario.table.units
        # the fortress as it stands now: gates, doors, ladders, Batter points, rams
        # (table/fortress.py; empty on a table without one)
        self.siege: dict = fortress.initial_status(scenario.table.fortress)
        profiles, mounts, charts = default_data()
        self.charts = charts
        self.mounts = mounts
        self.models: dict[str, Model] = {}
        for p in scenario.placements:
            prof = profiles[p.profile]
            mount = mounts[prof.mount].wounds if prof.mount else 0
            self.models[p.id] = Model(p.id, prof, p.at[0], p.at[1], prof.wounds,
                                      mount_wounds=mount, might=prof.might, will=prof.will,
                                      fate=prof.fate)
        self.turn = 0
        # 'When to Test': half the force is judged against the warriors each side began with
        self.force = {side: sum(1 for m in self.models.values() if m.side == side)
                      for side in SIDES}
        self.lost = {side: 0 for side in SIDES}
        # 'Capturing Banners': the banners each side has lost, for the victor to capture
        self.banners_lost = {side: 0 for side in SIDES}
        self.priority = scenario.first_priority
        self.phase = "move"
        self.acting = self.priority      # the side whose turn it is to decide in this phase
        self.fights: list[tuple[str, tuple[str, ...]]] = []
        self.combat: dict | None = None      # the fight under way (phases/fight/resolution.py)
        self.across: list[list[str]] = []    # [charger, defender, barrier] fighting across it
        self.heroic: dict | None = None      # heroic actions of this phase (phases/heroics.py)
        self.question: dict | None = None    # the question a side must answer now
        self.pending = procedure.Frames()     # procedures waiting on a question (procedure.py)
        self.fought_this_phase: set[str] = set()
        self.supported_this_phase: set[str] = set()
        self.picked: str | None = None       # the model picked to move next ('pick G2')
        self.supported: dict[str, list[str]] = {}   # fighter -> spearmen, in the fight now
        self.charge_bonus: set[str] = set()     # riders with the charge bonuses in that fight
        self.news: list[str] = []
        self.result: Outcome | None = None

    @property
    def players(self) -> int:
        return 2

    def seat_of(self, side: str) -> int:
        """Seat 0 commands Good, seat 1 Evil ('The Game Turn: Sides')."""
        return SIDES.index(side)

    @staticmethod
    def other(side: str) -> str:
        """The opposing side."""
        return "evil" if side == "good" else "good"

    def clone(self, dice: Dice | None = None):
        """An independent copy (its dice, if given, the copy's own)."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.dice = self.dice if dice is None else dice
        other.options = dict(self.options)
        other.models = {k: m.copy() for k, m in self.models.items()}
        other.lost = dict(self.lost)
        other.banners_lost = dict(self.banners_lost)
        other.fights = list(self.fights)
        other.combat = copy.deepcopy(self.combat)
        other.across = copy.deepcopy(self.across)
        other.heroic = copy.deepcopy(self.heroic)
        other.question = copy.deepcopy(self.question)
        other.pending = self.pending.clone()
        other.fought_this_phase = set(self.fought_this_phase)
        other.supported_this_phase = set(self.supported_this_phase)
        other.picked = self.picked
        other.supported = dict(self.supported)
        other.charge_bonus = set(self.charge_bonus)
        other.news = list(self.news)
        if self.siege:
            other.siege = copy.deepcopy(self.siege)
        return other

    @property
    def table(self) -> geo.Table:
        """The table as the fortress stands now: the scenario's, with what is shut,
        broken, breached or laddered ('The Fortress (Siege Rules)')."""
        base = self.scenario.table
        if not base.fortress:
            return base
        return fortress.table_now(base, self.siege["pieces"], self.held_doors())

    def held_doors(self) -> frozenset:
        """The doors and hatches held shut now ('Holding and Bolting Doors & Hatches')."""
        placing = tuple((m.id, m.x, m.y, m.mount_wounds > 0) for m in self.models.values())
        memo = self.__dict__.get("_held")
        if memo is not None and memo[0] == placing and memo[1] == repr(self.siege["pieces"]):
            return memo[2]
        engaged = self.touching()
        models = [(self._base(m), m.profile.strength, not m.mounted, m.id in engaged)
                  for m in self.models.values()]
        held = fortress.held_doors(self.scenario.table.fortress, self.siege["pieces"], models,
                                   self.units)
        self._held = (placing, repr(self.siege["pieces"]), held)
        return held

    # ------------------------------------------------------------ what the phases ask

    def engaged(self, model: Model) -> bool:
        """Whether a model touches an enemy (it cannot move; it has no control zone)."""
        if any(model.id in pair[:2] for pair in self.across):
            return True          # 'Defending': fighting across a barrier counts as touching
        if model.id in self.models and self.models[model.id] is model:
            return model.id in self.touching()
        disc = self.disc(model, zone=False)
        return any(other.side != model.side and geo.in_contact(disc, self.disc(other, zone=False),
                                                              self.units.tolerance)
                   for other in self.models.values())

    def touching(self) -> frozenset:
        """The models on the table in base contact with an enemy, worked out once for a
        placing of the models (asked for again and again while a decision is weighed)."""
        # keyed by all a base is made from (see `_base`), model by model
        placing = [(k, m.id, m.profile, m.x, m.y, m.heading, m.mount_wounds > 0)
                   for k, m in self.models.items()]
        memo = self.__dict__.get("_touching")
        if (memo is not None and memo[0] is self.units and memo[1] is self.mounts
                and memo[2] == placing):
            return memo[3]
        bare = [self._base(m) for m in self.models.values()]
        found = set()
        tol = self.units.tolerance
        for i, a in enumerate(bare):
            for b in bare[i + 1:]:
                if a.side != b.side and geo.in_contact(a, b, tol):
                    found.update((a.key, b.key))
        self._touching = (self.units, self.mounts, placing, frozenset(found))
        return self._touching[3]

    def disc(self, model: Model, zone: bool | None = None) -> geo.Disc:
        """The model as geometry sees it."""
        if zone is None:
            # 'Control Zone rule': models touching an enemy have none; 'Models on the Ground': neither do prone ones
            zone = not model.prone and not self.engaged(model) and not is_loose(model)
        return self._base(model) if not zone else self._zoned(model)

    def _zoned(self, model: Model) -> geo.Disc:
        """The model's base with a control zone, kept beside the base it was made from."""
        bare = self._base(model)
        memo = model.__dict__.get("_zoned")
        if memo is not None and memo[0] is bare:
            return memo[1]
        zoned = replace(bare, zone=True)
        model._zoned = (bare, zoned)
        return zoned

    def _base(self, model: Model) -> geo.Disc:
        """The model's base with no control zone, kept on the model while the profile,
        place, heading, mount and measuring system it was worked out from stay the same."""
        prof = model.profile
        memo = model.__dict__.get("_base")
        if (memo is not None and memo[0] is prof and memo[1] is self.units
                and memo[2] is self.mounts and memo[3] == model.id and memo[4] == model.x
                and memo[5] == model.y and memo[6] == model.heading
                and memo[7] == model.mounted and memo[9] == model.prone):
            return memo[8]
        disc = self._measure_base(model)
        model._base = (prof, self.units, self.mounts, model.id, model.x, model.y,
                       model.heading, model.mounted, disc, model.prone)
        return disc

    def _measure_base(self, model: Model) -> geo.Disc:
        """The model's base with no control zone, from its profile and mount."""
        prof = model.profile
        zone = False
        if model.mounted or prof.has("loose mount"):
            # 'Cavalry': a 25x50mm base, a capsule pointing where the model faces
            mount = self.mounts[prof.mount]
            width, length = (self.units.from_mm(v) for v in mount.base_mm)
            height = prof.height_mm if model.mounted else mount.height_mm
            return geo.Disc(model.id, model.x, model.y, width / 2,
                            self.units.from_mm(height), model.side, zone,
                            self.units.from_mm(mount.height_mm),
                            loose=prof.has("loose mount"), half=(length - width) / 2,
                            heading=model.heading)
        base, height = ((prof.foot_base_mm, prof.foot_height_mm) if prof.mount
                        else (prof.base_mm, prof.height_mm))
        return geo.Disc(model.id, model.x, model.y, self.units.from_mm(base) / 2,
                        self.units.from_mm(height), model.side, zone, prone=model.prone)

    def discs(self) -> list[geo.Disc]:
        """Every model on the table as geometry sees it."""
        # who is engaged, worked out once for all ('Control Zone rule': none while touching)
        engaged = self.touching() | {k for pair in self.across for k in pair[:2]}
        out = []
        for k, m in self.models.items():
            # 'Loose Mounts': "They also have no control zone"
            zone = not m.prone and k not in engaged and not is_loose(m)
            out.append(self._zoned(m) if zone else self._base(m))
        return out

    def allowance(self, model: Model) -> float:
        """The model's maximum move over open ground ('Movement Chart')."""
        prof = model.profile
        race = (prof.race if model.mounted or not prof.mount or is_loose(model)
                else prof.foot_race)
        inches, cm = self.charts.movement[race]
        return self.units.rule(inches, cm)

    def mover(self, model: Model) -> geo.Mover:
        """What path checks need to know about a model's movement."""
        prof = model.profile
        # 'Models on the Ground': getting up costs half the model's move; a move made in
        # parts goes on with what is left of it
        allowance = self.allowance(model) / 2 if model.prone else self.allowance(model)
        if model.move_left is not None:
            allowance = model.move_left
        return geo.Mover(allowance,
                         difficult_factor=4.0 if model.mounted else 2.0,   # 'Cavalry: Moving Through Difficult Terrain'
                         woodland=prof.has("woodland creature"))

    def sees(self, a: Model, b: Model) -> geo.Sight:
        """What `a` sees of `b` ('Can I See?')."""
        return geo.sight(self.table, self.discs(), self.disc(a), self.disc(b))

    def measure(self, a: str, b: str) -> dict:
        """Distance, contact, sight and what is in the way between two models ('Measuring')."""
        ma, mb = self.model(a), self.model(b)
        return geo.measure(self.table, self.discs(), self.disc(ma), self.disc(mb))

    def model(self, ident: str, action: str | None = None) -> Model:
        """The model called `ident`; IllegalAction when there is none."""
        if ident not in self.models:
            raise Refusal(geo.RULE_MOVING, f"there is no model '{ident}' on the table", action=action)
        return self.models[ident]

    def attacks(self, model: Model) -> int:
        """Dice rolled and strikes made by a model ('Multiple Attacks'; 'Spears': +1 supported;
        'Cavalry Charge!': +1 for a rider who charged foes on foot)."""
        bonus = 1 if model.id in self.charge_bonus else 0
        if model.mounted and monstrous(self.mounts[model.profile.mount]):
            # 'Monstrous Mounts': the mount's own Attacks are added, never the Extra Attack
            bonus = self.mounts[model.profile.mount].attacks
        return model.profile.attacks + len(self.supported.get(model.id, ())) + bonus

    def fight_of(self, ident: str) -> tuple[str, tuple[str, ...]] | None:
        """The fight a model is in this phase, if any."""
        return next((f for f in self.fights if ident == f[0] or ident in f[1]), None)

    def check_victory(self) -> None:
        """'destroy all': the first side to kill all the opposing models wins."""
        for side in SIDES:
            if not any(m.side == side and not is_loose(m)
                       for m in self.models.values()):
                winner = self.other(side)
                self.phase = "over"
                self.question = self.combat = None
                self.pending = procedure.Frames()
                # 'Capturing Banners': the victor captures every banner the enemy lost
                captured = self.banners_lost.get(side, 0)
                spoils = (f"; {winner} captures {captured} {side} banner"
                          f"{'s' if captured > 1 else ''}" if captured else "")
                self.result = Outcome(winners=(self.seat_of(winner),),
                                      summary=f"{winner} has slain every {side} warrior"
                                              + spoils, rounds=self.turn)
                self.news.append(f"{winner} wins")
                return

    def turns_run_out(self) -> bool:
        """The scenario's last turn is over: the side holding out wins, else it is a draw
        ('Scenarios': a set number of turns)."""
        last = self.scenario.max_turns
        if last is None or self.turn <= last:
            return False
        self.turn = last
        holder = self.scenario.victory.split()[0] if \
            self.scenario.victory.endswith("holds out") else None
        self.phase = "over"
        self.question = self.combat = None
        self.pending = procedure.Frames()
        self.result = Outcome(winners=(self.seat_of(holder),) if holder else (),
                              summary=(f"{holder} has held out for {last} turns" if holder
                                       else f"{last} turns are over: a draw"), rounds=last)
        self.news.append(f"{holder} wins" if holder else "a draw")
        return True

    def model_view(self, m: Model) -> dict:
        """One model as a view shows it (a passenger it carries inside it)."""
        carried = m.carried_by is not None
        out = {"id": m.id, "profile": m.profile.name, "side": m.side,
               "x": round(m.x, 4), "y": round(m.y, 4), "wounds": m.wounds, "prone": m.prone,
               "radius": round(self.disc(m, zone=False).radius, 4),
               "half": round(self.disc(m, zone=False).half, 4),
               "engaged": not carried and self.engaged(m),
               "moved": m.moved, "move_used": round(m.move_used, 4), "charged": m.charged,
               "shot": m.shot, "jumped": m.jumped, "tested": m.tested,
               "mount_wounds": m.mount_wounds, "no_strikes": m.no_strikes,
               "might": m.might, "will": m.will, "fate": m.fate, "cast": m.cast,
               "immobilised": m.immobilised, "courage_loss": m.courage_loss,
               "terror": m.terror, "free_might": m.free_might, "free_will": m.free_will,
               **{k: copy.deepcopy(getattr(m, k)) for k in MORE_FIELDS}}
        out["passenger"] = None if m.passenger is None else self.model_view(m.passenger)
        return out
