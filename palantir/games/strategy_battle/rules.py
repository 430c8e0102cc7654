"""The state of a Strategy Battle Game and its turn: priority, move, shoot, fight, end.

Procedures are named in the manual's words; each check comes before the first change, so
an illegal decision leaves the state exactly as it was ('apply' is atomic).
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any, Mapping

from ...engine.dice import Dice
from ...engine.game import Outcome, State
from ...engine.procedure import Refusal, Stack, decide
from . import procedure, turn
from . import table as geo
from .candidates import movable
from .notation import parse
from .phases import cavalry
from .phases import move as move_rules
from .phases.fight import resolution as combat
from .phases.fight.weapons import equipped
from .profiles import SIDES, default_data
from .scenarios import Scenario
from .state import MORE_FIELDS, Model, is_loose, monstrous, outfit, profile_named


RULE_MOVING = geo.RULE_MOVING
RULE_OVER = "Starting a Game: the end of the game"

MOVE, SHOOT, FIGHT, OVER = turn.MOVE, turn.SHOOT, turn.FIGHT, turn.OVER


class BattleState(State):
    """One position of a battle."""

    def __init__(self, game, options: Mapping[str, Any], scenario: Scenario, dice: Dice):
        self.game = game
        self.dice = dice
        self.options = dict(options)
        self.scenario = scenario
        self.table = scenario.table
        self.units = scenario.table.units
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
        self.priority = scenario.first_priority
        self.phase = MOVE
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

    # ------------------------------------------------------------ contract

    @property
    def players(self) -> int:
        return 2

    def seat_of(self, side: str) -> int:
        """Seat 0 commands Good, seat 1 Evil ('The Game Turn: Sides')."""
        return SIDES.index(side)

    def to_move(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.question is not None:
            return self.seat_of(self.question["side"])
        return self.seat_of(self.acting)

    def outcome(self) -> Outcome | None:
        return self.result

    def decision_audience(self, action) -> tuple[int, ...] | None:
        """'Might': a bid between opposing Heroes is secret, read only by its bidder's seat
        (both bids are revealed together through the fight's news); all else is public."""
        if self.question is not None and self.question["kind"] == "bid":
            return (self.seat_of(self.question["side"]),)
        return None

    def decision_revealed(self, action) -> bool:
        """'Might': the second secret bid completes the choice, and both bids are shown
        together; nothing else of a battle is hidden."""
        return any(line.startswith(combat.BIDS_REVEALED) for line in self.news)

    def clone(self, dice: Dice | None = None) -> "BattleState":
        other = object.__new__(BattleState)
        other.__dict__.update(self.__dict__)
        other.dice = self.dice if dice is None else dice
        other.options = dict(self.options)
        other.models = {k: m.copy() for k, m in self.models.items()}
        other.lost = dict(self.lost)
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
        return other

    def parse_action(self, text: str):
        if self.phase == OVER:
            raise Refusal(RULE_OVER, "the game is over", action=str(text))
        action = parse(str(text))
        return self.resolve(action, str(text))

    def apply(self, action) -> None:
        if isinstance(action, str):
            action = self.parse_action(action)
        else:
            action = self.resolve(action, str(action))
        if self.phase == OVER:
            raise Refusal(RULE_OVER, "the game is over", action=str(action))
        self.news = []
        # the procedure asking now checks the decision, carries it out, and the turn goes on
        decide(self, Stack([turn.asking(self)]), action)

    # ------------------------------------------------------------ geometry views

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
                and memo[7] == model.mounted):
            return memo[8]
        disc = self._measure_base(model)
        model._base = (prof, self.units, self.mounts, model.id, model.x, model.y,
                       model.heading, model.mounted, disc)
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
                        self.units.from_mm(height), model.side, zone)

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
            raise Refusal(RULE_MOVING, f"there is no model '{ident}' on the table", action=action)
        return self.models[ident]

    # ------------------------------------------------------------ turn sequence

    def start_game(self) -> None:
        """The first turn: priority goes to the side the scenario names ('The Priority Phase')."""
        turn.start_turn(self)

    def roll_priority(self) -> str:
        """Both sides roll; the higher has priority; on a tie it changes sides ('The Priority
        Phase')."""
        return turn.roll_priority(self)

    def side_moves_done(self) -> None:
        """The moving side has finished: the other side moves, or the Move phase ends."""
        turn.side_moves_done(self)

    def fights_matched(self, then: str) -> None:
        """The fights are matched: the phase that waited for them goes on."""
        turn.fights_matched(self, then)

    def start_heroic_fight(self, fight) -> None:
        """A heroic combat: this Hero's fight is fought before the others ('Heroic Combat')."""
        turn.start_heroic_fight(self, fight)

    def procedures_done(self) -> None:
        """The procedures that waited on a question are done: the turn goes on."""
        turn.procedures_done(self)

    @staticmethod
    def other(side: str) -> str:
        """The opposing side."""
        return "evil" if side == "good" else "good"

    # ------------------------------------------------------------ resolving notation

    def resolve(self, action, text: str):
        """Turn a decision into its exact form: a destination or bare charge gets its path
        found (an answer to a question is read as it is)."""
        if self.question is not None:
            return action
        return turn.resolve(self, action, text)

    def check_move(self, action) -> geo.PathReport:
        """Check a move or charge fully without changing anything (phases/move.py)."""
        return move_rules.check_move(self, action)

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

    # ------------------------------------------------------------ casualties and the end

    def wound(self, model: Model, wounds: int) -> None:
        """Take wounds off a model; at none left it is slain and removed ('Casualties')."""
        model.wounds -= wounds
        if model.wounds > 0:
            self.news.append(f"{model.id} is wounded ({model.wounds} left)")
            return
        self.news.append(f"{model.id} is slain")
        self.remove(model)

    def wound_mount(self, model: Model, wounds: int) -> None:
        """Wound a steed; a slain mount throws its rider ('Hits on Mounts')."""
        model.mount_wounds = max(0, model.mount_wounds - wounds)
        if model.mounted:
            self.news.append(f"{model.id}'s mount is wounded")
            return
        self.news.append(f"{model.id}'s mount is slain")
        self.throw_rider(model)

    def wound_mount_throw(self, model: Model) -> None:
        """The rider comes off a living mount (a failed second jump): on foot, then the
        Thrown Rider chart ('Jumping (Cavalry)'); the mount may be left loose."""
        cavalry.throw(self, model)

    def throw_rider(self, model: Model) -> None:
        """The Thrown Rider chart: 1 knocked flying (a Strength 3 hit, then lying down, nothing
        more this turn), 2-5 nothing more this turn and no blows if it wins a fight, 6 on its
        feet at once ('Thrown Rider Chart'); a procedure (phases/cavalry.py)."""
        cavalry.throw(self, model)

    def remove(self, model: Model, fled: bool = False) -> None:
        """Take a model off the table, slain or fled; both count as lost ('Fleeing the Battle')."""
        del self.models[model.id]
        self.across = [p for p in self.across if model.id not in p[:2]]
        if not is_loose(model):
            # 'Casualties in Scenarios (Cavalry)': a mount does not count
            self.lost[model.side] += 1
        if not fled:
            cavalry.rider_fell(self, model)   # his passenger thrown, his mount left loose
        self.check_victory()

    def check_victory(self) -> None:
        """'destroy all': the first side to kill all the opposing models wins."""
        for side in SIDES:
            if not any(m.side == side and not is_loose(m)
                       for m in self.models.values()):
                winner = self.other(side)
                self.phase = OVER
                self.question = self.combat = None
                self.pending = procedure.Frames()
                self.result = Outcome(winners=(self.seat_of(winner),),
                                      summary=f"{winner} has slain every {side} warrior",
                                      rounds=self.turn)
                self.news.append(f"{winner} wins")
                return

    # ------------------------------------------------------------ listing for agents

    def legal_actions(self) -> list:
        """A candidate set for agents: the answers of the procedure asking now (in the Move
        phase a handful of decisions for the next model, candidates.py)."""
        if self.phase == OVER:
            return []
        return turn.asking(self).answers(self)

    def picked_model(self) -> Model | None:
        """The model picked to move next, while it may still move."""
        model = self.models.get(self.picked) if self.picked else None
        return model if model is not None and movable(self, model) else None

    # ------------------------------------------------------------ views

    def view(self, seat: int | None) -> dict:
        # A battle has no hidden information: every seat sees the whole table.
        return {
            "game": "strategy-battle",
            "seat": seat,
            "scenario": self.scenario.name,
            "options": dict(self.options),
            "units": self.units.name,
            "table": self._table_view(),
            "turn": self.turn,
            "priority": self.priority,
            "phase": self.phase,
            "acting": self.acting,
            "to_move": self.to_move(),
            "models": [self.model_view(m) for m in self.models.values()],
            "force": dict(self.force),
            "lost": dict(self.lost),
            "fought_this_phase": sorted(self.fought_this_phase),
            "supported_this_phase": sorted(self.supported_this_phase),
            "picked": self.picked,
            "supported": dict(self.supported),
            "charge_bonus": sorted(self.charge_bonus),
            "fights": [[single, list(many)] for single, many in self.fights],
            "combat": self._combat_seen_by(seat),
            "across": copy.deepcopy(self.across),
            "heroic": copy.deepcopy(self.heroic),
            "question": copy.deepcopy(self.question),
            "pending": copy.deepcopy(self.pending.plain()),
            "result": self.result.to_json() if self.result else None,
        }

    def _table_view(self) -> dict:
        """The table and its terrain as plain data (for drawing from a view alone)."""
        t = self.table
        return {"width": t.width, "depth": t.depth, "control_zone": self.units.control_zone,
                "areas": [{"name": a.name, "going": a.going, "ground": round(a.ground, 4),
                           "sight": round(a.sight, 4),
                           "outline": [[round(x, 4), round(y, 4)]
                                       for x, y in a.shape.exterior.coords]}
                          for a in t.areas],
                "barriers": [{"name": b.name, "height": round(b.height, 4),
                              "width": round(b.width, 4), "blocks_sight": b.blocks_sight,
                              "gap": b.gap, "depth": round(b.depth, 4),
                              "line": [[round(x, 4), round(y, 4)] for x, y in b.line.coords]}
                             for b in t.barriers]}

    def _combat_seen_by(self, seat: int | None):
        """The fight in progress as a seat may see it: the other side's secret bid is hidden."""
        if self.combat is None:
            return None
        seen = copy.deepcopy(self.combat)
        # (a fight at a barrier waiting on the charging side's choice has no duel, nor bids, yet)
        for side in list(seen.get("bids", {})):
            if seat is None or SIDES[seat] != side:
                if len(seen["bids"]) < 2:       # revealed only once both are in
                    seen["bids"][side] = "hidden"
        return seen

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

    def model_from_view(self, m: Mapping[str, Any]) -> Model:
        """The model a view's entry shows (the inverse of `model_view`)."""
        model = Model(
            m["id"], profile_named(m["profile"]), m["x"], m["y"], m["wounds"],
            prone=m["prone"],
            moved=m["moved"], move_used=m["move_used"], charged=m["charged"], shot=m["shot"],
            jumped=m["jumped"], tested=m["tested"], mount_wounds=m["mount_wounds"],
            no_strikes=m["no_strikes"], might=m["might"], will=m["will"], fate=m["fate"],
            cast=m["cast"], immobilised=m["immobilised"], courage_loss=m["courage_loss"],
            terror=m["terror"], free_might=m["free_might"], free_will=m["free_will"])
        for key in MORE_FIELDS:
            setattr(model, key, copy.deepcopy(m[key]))
        if m["passenger"] is not None:
            model.passenger = self.model_from_view(m["passenger"])
        # what the model has lost (a broken staff, a bow or shield left on a horse)
        model.profile = outfit(self, model)
        model.profile = equipped(self, model.profile, model.taken)
        return model

    def restore(self, view: Mapping[str, Any]) -> None:
        """Set this state to what a view shows (the inverse of `view`)."""
        self.models = {}
        for m in view["models"]:
            self.models[m["id"]] = self.model_from_view(m)
        self.turn, self.priority = view["turn"], view["priority"]
        self.phase, self.acting = view["phase"], view["acting"]
        self.force, self.lost = dict(view["force"]), dict(view["lost"])
        self.fights = [(single, tuple(many)) for single, many in view["fights"]]
        self.combat = copy.deepcopy(view["combat"])
        self.across = copy.deepcopy(view["across"])
        self.heroic = copy.deepcopy(view["heroic"])
        if self.combat is not None and "bids" in self.combat:
            # a bid the seat could not see is taken as a bid of nothing (hidden information)
            self.combat["bids"] = {k: ([None, 0] if v == "hidden" else v)
                                   for k, v in self.combat["bids"].items()}
        self.question = copy.deepcopy(view["question"])
        self.pending = procedure.Frames.read(copy.deepcopy(view["pending"]))
        self.fought_this_phase = set(view["fought_this_phase"])
        self.supported_this_phase = set(view["supported_this_phase"])
        self.picked = view.get("picked")
        self.supported = dict(view["supported"])
        self.charge_bonus = set(view["charge_bonus"])
        if view["result"]:
            r = view["result"]
            self.result = Outcome(tuple(r["winners"]), r["summary"], tuple(r["eliminated"]),
                                  r["rounds"])

    def narration(self, seat: int | None) -> list[str]:
        return list(self.news)
