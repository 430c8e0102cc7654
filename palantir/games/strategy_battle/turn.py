"""The turn of a Strategy Battle Game: priority, the Move, Shoot and Fight phases, the end
('The Turn Sequence'), each phase's question a procedure of the kernel (engine/procedure.py).

Whoever must decide now is asked by one procedure: the question a side must answer
(`state.question`, a kind registered in `QUESTIONS`), or else the phase's own — the side
acting names its next decision in the Move phase (`MovePhase`), shoots or is done
(`ShootPhase`), names the next fight (`FightPhase`), or, after a heroic combat, moves
again (`MovingAgain`). Each phase lists the decisions it takes as data: the kind of
decision, the check that finds what it needs or raises a Refusal naming the rule, and the
carrying out, both in the phase module of the rule. `BattleState.apply` is the kernel's
`decide` on that procedure. The procedure is read from the state's plain data (the phase,
the question), so views, positions and records stay as they are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, ClassVar

from ...engine.errors import IllegalAction
from ...engine.procedure import Plan, Procedure, Procedures, Question, Refusal
from . import siege
from . import table as geo
from .candidates import move_candidates, move_order, movable
from .notation import (Cast, Charge, Climb, Crawl, Dismount, Done, Fight, Lie, Mount, Move, Pick,
                       Shoot, Siege, Throw, Volley)
from .phases import cavalry, courage, heroics, magic, pairing, shoot as volley, throwing
from .phases import move as move_rules
from .phases.fight import resolution as combat
from .phases.shoot import RULE_SHOOT, check_shot, shooters
from .state import RULE_HEROIC_COMBAT, allowed, is_loose, moving_again
from .wounds import D6, FateQuestion, PickingUp, RollQuestion, resolve_shot

RULE_MOVING = geo.RULE_MOVING
RULE_WHEN_TO_FIGHT = "The Fight Phase: When to Fight"

MOVE, SHOOT, FIGHT, OVER = "move", "shoot", "fight", "over"
FIGHT_BEGINS = "fight phase"    # a 'pair' question's sequel: the Fight phase begins
AGAIN = "fight again"           # the Fight phase while a heroic combat's models move again

# a decision of a phase: (check: state, action, text -> what carrying it out needs;
# carry out: state, action, what the check found)
Decision = tuple[Callable, Callable]


@dataclass
class Phase(Procedure):
    """A phase's question: the side acting names its next decision, one of `decisions`."""

    decisions: ClassVar[dict[type, Decision]] = {}
    wrong: ClassVar[str] = ""     # the refusal of any other decision ({action} in it)

    def question(self, state) -> Question | None:
        """The side acting decides, while no other question is outstanding."""
        if state.question is not None or state.phase == OVER:
            return None
        return Question(state.seat_of(state.acting), self.name)

    def check(self, state, action) -> Plan:
        """The decision's own check, or a refusal: not a decision of this phase."""
        text = str(action)
        entry = self.decisions.get(type(action))
        if entry is None:
            raise Refusal(self.rule, self.refusal(state, action), action=text)
        checking, doing = entry
        return Plan(action=action, do=doing, found=checking(state, action, text))

    def refusal(self, state, action) -> str:
        """Why a decision of another kind is refused here."""
        return self.wrong.format(action=action)

    def carry_out(self, state, stack, plan) -> None:
        """The checked decision, done."""
        stack.finish(self)
        plan.do(state, plan.action, plan.found)


# ------------------------------------------------------------ the Move phase

def _nothing(state, action, text: str) -> None:
    return None


def _done_moving(state, action, found) -> None:
    if state.heroic is not None and state.heroic["stage"] == "act":
        heroics.next_hero(state)          # this Hero's heroic move is over
        return
    # models that stay put still owe their Courage tests: Heroes first ('Stand Fast!');
    # then side_moves_done
    courage.stay_put(state)


def _check_pick(state, action, text: str) -> str:
    model = state.model(action.model, text)
    if model.side != state.acting or not movable(state, model):
        raise Refusal(RULE_MOVING, f"{model.id} cannot be moved now", action=text)
    if state.heroic is not None:
        raise Refusal(RULE_MOVING, "heroic moves go Hero by Hero", action=text)
    if state.picked_model() is not None:
        raise Refusal(RULE_MOVING,
                      f"{state.picked} was picked to move next: move it first", action=text)
    return model.id


def _pick(state, action, ident: str) -> None:
    state.picked = ident


def _check_move(state, action, text: str):
    report = move_rules.check_move(state, action)
    siege.check_move(state, action, report)       # what the fortress forbids ('The Fortress')
    return report


def _move(state, action, report) -> None:
    # the test it owes, the test to charge a terror, the jumps on the way (phases/move.py)
    move_rules.begin(state, action, report)


def _check_casting(state, action, text: str):
    siege.check_cast(state, state.model(action.model, text), text)
    return magic.check_casting(state, action, text)


MOVING: dict[type, Decision] = {Move: (_check_move, _move), Charge: (_check_move, _move)}


@dataclass
class MovePhase(Phase):
    """'The Move Phase': the side moving moves, charges, casts, mounts or gets off, picks
    the model it moves next, or is done."""

    name = MOVE
    rule = RULE_MOVING
    wrong = "'{action}' is not a Move-phase decision"
    decisions = {
        Done: (_nothing, _done_moving),
        Pick: (_check_pick, _pick),
        Cast: (_check_casting, magic.cast),
        Dismount: (cavalry.check_dismounting, cavalry.dismount),
        Mount: (cavalry.check_mount, cavalry.mount),
        # 'Throwing Weapons': a charge that halts 1"/2cm away to throw first
        Throw: (throwing.check, throwing.charge_throwing),
        # 'Climbing' and 'Models on the Ground' (phases/move.py)
        Climb: (move_rules.check_climb, move_rules.start_climb),
        Lie: (move_rules.check_lie, move_rules.lie_down),
        Crawl: (move_rules.check_crawl, move_rules.crawl),
        # 'The Fortress': gates, doors, ladders, rams and charges
        Siege: (siege.check_move_decision, siege.move_decision),
        **MOVING,
    }

    def answers(self, state) -> list:
        """A candidate set for agents (the full set of paths is continuous): the few moves
        of the next model (candidates.py), casts, mounting, throws, picks and 'done'."""
        moves = move_candidates(state)
        out: list = (siege.move_candidates(state) + _cast_candidates(state)
                     + cavalry.candidates(state) + moves
                     + siege.ladder_approaches(state, move_order(state)))
        out += throwing.candidates(state, out)
        out += _pick_candidates(state, moves)
        out.append(Done())
        return out


def _pick_candidates(state, moves: list) -> list:
    # 'Moving the Models': the player moves his models one at a time in any order, so
    # every other model that may move can be picked next (once a model is picked, it
    # moves before another is picked, so picks never go round in circles)
    if state.heroic is not None or state.picked_model() is not None:
        return []
    listed = {getattr(a, "model", None) for a in moves}
    return [Pick(m.id) for m in move_order(state) if m.id not in listed]


def _cast_candidates(state) -> list:
    """Every power each free Hero of the moving side could use now, with 1 or 2 Will dice."""
    out = []
    for caster in state.models.values():
        if caster.side != state.acting or caster.cast or not caster.profile.powers:
            continue
        for name, _ in caster.profile.powers:
            written = name.lower().replace(" ", "-")
            for target in state.models.values():
                for dice in range(1, min(caster.will_left, 2) + 1):
                    action = Cast(caster.id, written, target.id, dice)
                    try:
                        magic.check_cast(state, action, str(action))
                    except IllegalAction:
                        break
                    out.append(action)
    return out


# ------------------------------------------------------------ the Shoot phase

def _check_shoot(state, action, text: str):
    siege.check_shooter(state, state.model(action.model, text), text)
    return check_shot(state, action.model, action.target, text)


def _shoot(state, action, found) -> None:
    shooter, target, missile, seen = found
    resolve_shot(state, shooter, target, missile, seen)


def _done_shooting(state, action, found) -> None:
    if state.heroic is not None and state.heroic["stage"] == "act":
        heroics.next_hero(state)              # this Hero's "Fire!" is over
        return
    # 'The Shoot Phase': the side with priority shoots first, then the other
    if state.acting == state.priority:
        state.acting = state.other(state.priority)
        return
    state.phase = FIGHT
    state.acting = state.priority
    # 'Fights': a model slain since the matching may leave one touching an enemy out of
    # every fight: the fights are rematched, the side with priority choosing where it can
    # be done several ways
    heroics.fights_of_the_living(state)
    if pairing.rematch_fights(state):
        state.question = {"kind": "pair", "side": state.priority, "then": FIGHT_BEGINS}
        return
    begin_fight_phase(state)


@dataclass
class ShootPhase(Phase):
    """'The Shoot Phase': the side shooting shoots a model's missile, or is done."""

    name = SHOOT
    rule = RULE_SHOOT
    wrong = "'{action}' is not a Shoot-phase decision"
    decisions = {Done: (_nothing, _done_shooting), Shoot: (_check_shoot, _shoot),
                 # 'Bows — Volley Fire': six or more bowmen in base contact fire together
                 Volley: (volley.check_volley, volley.fire)}

    def answers(self, state) -> list:
        """Every shot of a model free to shoot, every volley a group may fire, and 'done'."""
        return [Shoot(a, b) for a, b in shooters(state)
                if _may_act(state, state.models[a]) and _may_shoot(state, state.models[a])
                ] + volley.volley_candidates(state) + [Done()]


def _may_shoot(state, model) -> bool:
    """Whether the fortress lets a model shoot (a carrier, a gate opener does not)."""
    try:
        siege.check_shooter(state, model, "")
    except IllegalAction:
        return False
    return True


def _may_act(state, model) -> bool:
    """Whether a model may move or shoot now, as far as heroic actions go."""
    try:
        allowed(state, model, "")
    except IllegalAction:
        return False
    return True


# ------------------------------------------------------------ the Fight phase

def _check_fight(state, action, text: str):
    fight = state.fight_of(action.model)
    if fight is None:
        raise Refusal(RULE_WHEN_TO_FIGHT,
                      f"{action.model} is not in a fight waiting to be fought", action=text)
    return fight


def _fight(state, action, fight) -> None:
    state.fights.remove(fight)
    combat.start(state, fight)
    if state.combat is None and state.question is None:
        fight_phase_continues(state)


@dataclass
class FightPhase(Phase):
    """'When to Fight': the side with priority names the next fight."""

    name = FIGHT
    rule = RULE_WHEN_TO_FIGHT
    wrong = ("in the Fight phase the side with priority names the next fight, "
             "e.g. 'fight G1'")
    decisions = {Fight: (_check_fight, _fight)}

    def answers(self, state) -> list:
        """Each fight still to be fought."""
        return [Fight(single) for single, _ in state.fights]


def _done_again(state, action, found) -> None:
    pool = heroics.end_moving_again(state)
    if pairing.divide_fights(state, pool):
        state.question = {"kind": "pair", "side": state.priority, "then": "fight", "pool": pool}
    if state.question is None:
        fight_phase_continues(state)


@dataclass
class MovingAgain(Phase):
    """'Heroic Combat': the Hero and his friends move again, then fights are rematched."""

    name = AGAIN
    rule = RULE_HEROIC_COMBAT
    decisions = {Done: (_nothing, _done_again), **MOVING}

    def refusal(self, state, action) -> str:
        """Only the models of the heroic combat move, or 'done'."""
        return (f"{', '.join(state.heroic['group'])} may move again after the heroic combat, "
                "or 'done'")

    def answers(self, state) -> list:
        """A charge by each model moving again, and 'done'."""
        return heroics.again_candidates(state)


# ------------------------------------------------------------ the exact form of a decision

# a decision given by where it ends (a destination, a target): its path found
RESOLVE: dict[type, Callable] = {Move: move_rules.resolve_move, Charge: move_rules.resolve_charge,
                                 Throw: throwing.resolve}


def resolve(state, action, text: str):
    """A decision in its exact form: a destination or bare charge gets its path found."""
    found = RESOLVE.get(type(action))
    return action if found is None else found(state, action, text)


# ------------------------------------------------------------ the questions

QUESTIONS = Procedures(
    MovePhase, ShootPhase, FightPhase, MovingAgain,
    heroics.Declaration, pairing.Pairing, RollQuestion, FateQuestion,
    magic.Resisting, magic.Commanded, cavalry.LooseMount, cavalry.LeaveOnHorse,
    combat.ShieldQuestion, combat.Striking, combat.BackingAway, combat.ChoosingWeapon,
    combat.Supporting, combat.TakingSpoils, combat.ChoosingCharger, combat.SpendingMight,
    combat.Bidding, siege.Battering, combat.BannerReroll, PickingUp, volley.AllottingHit)


def asking(state) -> Procedure:
    """The procedure that asks the question now: the question's own, or the phase's."""
    if state.question is not None:
        return QUESTIONS.read({"proc": state.question["kind"]})
    if state.phase == FIGHT and moving_again(state):
        return QUESTIONS.read({"proc": AGAIN})
    return QUESTIONS.read({"proc": state.phase})


# ------------------------------------------------------------ the turn sequence

def start_turn(state) -> None:
    """'The Turn Sequence': priority, then the Move phase with the priority side first."""
    state.turn += 1
    if state.turns_run_out():
        return              # 'Scenarios': the set number of turns is played
    if state.turn > 1:
        state.priority = roll_priority(state)
    for m in state.models.values():
        m.moved, m.move_used, m.charged, m.shot, m.jumped = False, 0.0, False, False, False
        if is_loose(m):
            m.moved = True           # 'Loose Mounts' do not move but to retreat
        m.tested = None
        m.no_strikes = False
        m.weapon = None
        m.cast = m.immobilised = False
        m.shots_fired, m.move_left, m.began = 0, None, None
        m.free_might = 1 if m.profile.has("mighty hero") else 0
        m.free_will = 1 if m.profile.has("staff of power") else 0
    state.phase = MOVE
    state.acting = state.priority
    state.fights = []
    state.supported = {}
    state.charge_bonus = set()
    state.across = []        # every fight over a barrier was fought last turn
    state.news.append(f"turn {state.turn}: {state.priority} has priority")
    siege.start_turn(state)       # a breached wall may collapse, once priority is known
    if state.phase == OVER:
        return
    heroics.begin(state, MOVE)


def roll_priority(state) -> str:
    """Both sides roll; the higher has priority; on a tie it changes sides ('The Priority
    Phase')."""
    good = int(state.dice.roll("priority good", D6))
    evil = int(state.dice.roll("priority evil", D6))
    if good == evil:
        return "evil" if state.priority == "good" else "good"
    return "good" if good > evil else "evil"


def side_moves_done(state) -> None:
    """The moving side has finished: the other side moves, or the Move phase ends."""
    if state.phase == OVER:
        return          # its last warrior fled the battle on a failed test: it is over
    siege.settle(state)     # 'Battering Rams': a carrier charged drops the ram
    if state.acting == state.priority:
        state.acting = state.other(state.priority)
        return
    # 'Fights': at the end of the Move phase touching models are paired off; where it
    # can be done several ways the side with priority matches them
    state.fights = []
    if pairing.divide_fights(state):
        state.question = {"kind": "pair", "side": state.priority, "then": SHOOT}
        return
    start_shoot_phase(state)


def start_shoot_phase(state) -> None:
    """'The Shoot Phase' begins, the side with priority first."""
    state.phase = SHOOT
    state.acting = state.priority
    heroics.begin(state, SHOOT)


def begin_fight_phase(state) -> None:
    """The fights matched: heroic combats are declared, then the fights are fought."""
    # 'Spears': a warrior engaged in this Fight phase cannot also support
    state.fought_this_phase = {k for single, many in state.fights for k in (single, *many)}
    state.supported_this_phase = set()
    heroics.begin(state, FIGHT)
    if state.question is None:
        fight_phase_continues(state)


def fights_matched(state, then: str) -> None:
    """The fights are matched: the phase that waited for them goes on."""
    if then == SHOOT:
        start_shoot_phase(state)
    elif then == FIGHT_BEGINS:
        begin_fight_phase(state)
    else:
        fight_phase_continues(state)


def start_heroic_fight(state, fight) -> None:
    """A heroic combat: this Hero's fight is fought before the others ('Heroic Combat')."""
    state.fights.remove(fight)
    combat.start(state, fight)


def procedures_done(state) -> None:
    """Once the procedures that waited on a question are done: the fight they stopped
    (a thrown rider in a strike at his mount) goes on, then the Fight phase."""
    if state.question is None and state.combat is not None and not state.pending:
        combat.advance(state)
    if state.phase == FIGHT and state.combat is None and state.question is None \
            and not state.pending:
        fight_phase_continues(state)


def fight_phase_continues(state) -> None:
    """Drop fights emptied by casualties; when none is left, the turn ends ('End')."""
    if state.phase == OVER:
        return
    while (state.heroic is not None and state.heroic["phase"] == FIGHT
           and state.heroic["stage"] == "act" and state.combat is None
           and state.question is None and state.phase == FIGHT):
        heroics.next_hero(state)              # the next heroic combat, if any
    if (state.combat is not None or state.question is not None or state.phase == OVER
            or moving_again(state)):
        return
    heroics.fights_of_the_living(state)
    if not state.fights and siege.battering(state):
        return                                # 'Battering the Fortress', after the fights
    if not state.fights:
        magic.will_of_evil(state)             # 'Will of Evil': at the end of the phase
        if state.phase != OVER:
            start_turn(state)

