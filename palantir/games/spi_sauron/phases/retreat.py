"""After a combat result (7.5): retreats (7.54-7.57), displacement (7.6), retreat before
combat (7.7) and advance after combat (7.51) — the decisions asked mid-combat, each a
procedure on the stack above the Game-Turn, asked in the order they arise.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....engine.procedure import Plan, Procedure, Question, Refusal
from ..combat import retreat_before_combat_disrupts
from ..hexmap import distance
from ..movement import mover_of, step_cost
from ..notation import HOLD, STAND, Advance, Hold, Retreat, Stand
from ..units import LeaderPiece, Unit
from . import seat_of
from .losses import arrived_in_mordor, drop_pedestal, eliminate_unit, leaders_share, \
    pick_up_pedestal, sauron_on_pedestal


# ----- the questions asked mid-combat (7.5) -----------------------------------------------

@dataclass(frozen=True)
class Pending(Procedure):
    """A decision the rules ask for in the middle of the Combat Phase, and who makes it: a
    sub-procedure on the stack. `Pending(kind, ...)` is the procedure of that kind:

    "retreat" (7.54, the owner), "displace" (7.6, the owner), "before" (7.7, the owner:
    retreat before combat or stand), "advance" (7.51, 7.7: the phasing player).
    """

    rule = "7.5"

    kind: str
    seat: int
    piece: str                     # unit id, or leader key for a leader alone (7.26 r2)
    hexes: int = 0                 # hexes to retreat
    advance_by: tuple[str, ...] = ()   # attackers that may advance into the hex left
    into: str = ""                 # the vacated hex (advance)
    displacer: str = ""            # displace: the retreating unit waiting in this hex

    def __new__(cls, *args, **values):
        if cls is Pending:
            cls = PENDING_KINDS[args[0] if args else values["kind"]]
        return object.__new__(cls)

    def __post_init__(self):
        if type(self.advance_by) is not tuple:      # read back from JSON
            object.__setattr__(self, "advance_by", tuple(self.advance_by))

    def question(self, state) -> Question | None:
        if self.kind in ("retreat", "displace") and not retreat_options(state, self):
            return None      # 7.56: every path has closed since it was queued (see `step`)
        return Question(self.seat, self.kind)

    def answers(self, state) -> list:
        return pending_candidates(state)

    def check(self, state, action) -> Plan:
        """7.5: only the retreat or advance asked is decided now."""
        if isinstance(action, Retreat):
            pending, piece = check_retreat(state, action)
            return Plan(do=carry_out_retreat, args=(pending, piece, action.path))
        if isinstance(action, Stand):
            if self.kind != "before":
                raise Refusal("7.7", "no retreat before combat is offered now")
            return Plan(do=carry_out_stand, args=())
        if isinstance(action, Advance):
            return Plan(do=carry_out_advance, args=(check_advance(state, action),))
        if isinstance(action, Hold):
            if self.kind != "advance":
                raise Refusal("7.51", "no advance after combat is offered now")
            return Plan(do=carry_out_advance, args=(None,))
        raise Refusal("7.5", "a retreat or advance after combat must be decided first")

    def carry_out(self, state, stack, plan: Plan) -> None:
        state.news = []
        plan.do(state, *plan.args)

    def step(self, state, stack) -> None:
        """7.56: a queued retreat or displacement whose every path has closed since it was
        queued (an earlier retreat took the last way out) ends as one with no path."""
        stack.finish(self)
        piece = state.units.get(self.piece) or state.leaders.get(self.piece)
        if isinstance(piece, Unit) and piece.on_map:
            state.news.append(f"{piece.type.name} in {piece.hex} has no path of retreat "
                              "left (7.56)")
            _cannot_retreat(state, piece, "7.56", self.advance_by)



@dataclass(frozen=True)
class RetreatAfterCombat(Pending):
    """7.54-7.57: the owner retreats a unit the hexes its result says (7.23: two, with its
    leader; 7.26: a leader alone), never into an enemy ZOC (6.2); one disrupted or with no
    path is eliminated instead (7.23: reduced)."""

    name = "retreat-after-combat"
    rule = "7.54"



@dataclass(frozen=True)
class Displacement(Pending):
    """7.6: a Friendly unit in the hex a retreat ends in makes way, retreating one hex by
    the same rules (7.62, 7.64: it may displace another in turn), disrupted (7.65)."""

    name = "displacement"
    rule = "7.6"



@dataclass(frozen=True)
class RetreatBeforeCombat(Pending):
    """7.7: bowmen, and cavalry attacked only by infantry, may retreat one or two hexes
    before the attacks are resolved, or stand."""

    name = "retreat-before-combat"
    rule = "7.7"



@dataclass(frozen=True)
class AdvanceAfterCombat(Pending):
    """7.51, 7.7: a victorious attacker may move into the hex the defender left, and then
    neither attacks nor is attacked again this phase (7.52)."""

    name = "advance-after-combat"
    rule = "7.51"



PENDING_KINDS = {"retreat": RetreatAfterCombat, "displace": Displacement,
                 "before": RetreatBeforeCombat, "advance": AdvanceAfterCombat}



def pending_candidates(state) -> list:
    """The choices of the pending mid-phase decision."""
    pending = state.pending[0]
    if pending.kind in ("retreat", "displace"):
        return [Retreat(path) for path in retreat_options(state, pending).values()]
    if pending.kind == "before":
        return [Retreat(path) for path in retreat_options(state, pending).values()] + [STAND]
    if pending.kind == "advance":
        return [Advance((state.units[a].hex, pending.into)) for a in pending.advance_by
                if may_advance(state, state.units[a], pending.into)] + [HOLD]
    raise AssertionError(pending.kind)



# ----- a result's retreat, and the hex it leaves (7.51, 7.54-7.57) ------------------------

def start_retreat(state, unit: Unit, hexes: int, advance_by: tuple[str, ...],
                  case: str) -> None:
    """7.54-7.57: the owner retreats the unit; a disrupted unit or one with nowhere to
    go is eliminated instead (or, after 7.23, reduced)."""
    if unit.partner:
        # 8.46 B, 15.3.5 B: each unit of a formation retreats, to a different hex
        partner = state.units[unit.partner]
        break_formation(state, unit)
        start_retreat(state, unit, hexes, advance_by, case)
        start_retreat(state, partner, hexes, advance_by, case)
        return
    pending = Pending("retreat", seat_of(unit.side), unit.id, hexes, advance_by, unit.hex)
    where = unit.hex
    if unit.disrupted:
        state.news.append(f"{unit.type.name} in {where} is disrupted and cannot retreat "
                          "(7.57)")
        _cannot_retreat(state, unit, case, advance_by)
        return
    if not retreat_options(state, pending):
        state.news.append(f"{unit.type.name} in {where} has no path of retreat (7.56)")
        _cannot_retreat(state, unit, case, advance_by)
        return
    push_pending(state, pending)



def _cannot_retreat(state, unit: Unit, case: str, advance_by: tuple[str, ...]) -> None:
    where = unit.hex
    if case == "7.23" and not unit.reduced:
        leaders_share(state, unit, False)
        unit.reduced = True           # 7.23: flipped over if it cannot retreat
        state.news.append(f"{unit.type.name} in {where} is reduced instead (7.23)")
        return
    leaders_share(state, unit, True)
    eliminate_unit(state, unit, "cannot retreat, " + ("7.23" if case == "7.23" else "7.56"))
    vacated(state, where, state.units[advance_by[0]] if advance_by else None)



def vacated(state, hex_name: str, attacker: Unit | None) -> None:
    """7.51: a hex emptied by melee may be entered by the victorious unit."""
    if attacker is None or not attacker.on_map or state.unit_at(hex_name) is not None:
        return
    if may_advance(state, attacker, hex_name):
        push_pending(state, Pending("advance", seat_of(attacker.side), attacker.id, 0,
                                   (attacker.id,), hex_name))



def may_advance(state, unit: Unit, hex_name: str) -> bool:
    """7.51, 7.36: into the vacated adjacent hex, regardless of ZOC, if it may enter it."""
    if not unit.on_map or unit.disrupted or distance(unit.hex, hex_name) != 1:
        return False
    if state.unit_at(hex_name) is not None:
        return False
    mover = mover_of(state, unit)
    return not isinstance(step_cost(state, mover, unit.hex, hex_name), Refusal)



def break_formation(state, unit: Unit) -> None:
    """The formation `unit` is in ends (a retreat or a loss, 8.46, 15.3.5)."""
    if unit.partner:
        partner = state.units[unit.partner]
        partner.partner = partner.formation = None
        unit.partner = unit.formation = None



def push_pending(state, pending: Pending) -> None:
    """Queue a mid-phase decision: asked after those already asked (on the stack under
    them, above the Game-Turn and any melee under way)."""
    depth = 0
    for procedure in reversed(list(state.stack)):
        if not isinstance(procedure, Pending):
            break
        depth += 1
    state.stack.insert(depth, pending)



# ----- retreats and displacement (7.54, 7.55, 6.2, 7.6, 7.7) ------------------------------

def retreat_options(state, pending: Pending, seen: set | None = None
                    ) -> dict[str, tuple[str, ...]]:
    """Each hex the piece may end its retreat in, with one path (7.54, 7.55, 6.2, 7.61).

    A unit retreats `hexes` hexes (1 or 2 before combat, 7.7), each step leaving the
    hex it comes from further behind, never into an Enemy ZOC or Enemy-occupied or
    prohibited hex. It ends in an empty hex; only if there is none may it end on a
    Friendly combat unit that can be displaced one hex (7.61, 7.63).
    """
    if pending.piece in state.units:
        piece = state.units[pending.piece]
        is_leader = False
    else:
        piece = state.leaders[pending.piece]
        is_leader = True
    start = piece.hex
    lengths = (1, 2) if pending.kind == "before" else (pending.hexes,)
    if pending.kind == "displace":
        lengths = (1,)
    mover = mover_of(state, piece)
    zone = frozenset() if is_leader else state.enemy_zoc(piece.side)
    ends: dict[str, tuple[str, ...]] = {}
    frontier = [(start,)]
    for depth in range(1, max(lengths) + 1):
        grown = []
        for path in frontier:
            here = path[-1]
            for there in state.hexmap.neighbours[here]:
                if distance(start, there) != depth or there in zone:
                    continue
                if isinstance(step_cost(state, mover, here, there), Refusal):
                    continue
                grown.append(path + (there,))
        frontier = grown
        if depth in lengths:
            for path in frontier:
                ends.setdefault(path[-1], path)
    if is_leader:
        return ends
    empty = {h: p for h, p in ends.items()
             if not any(u is not piece for u in state.combat_units_at(h))}
    if empty:
        return empty
    # 7.61, 7.63: onto a Friendly unit only if that unit can itself retreat one hex;
    # 7.62, 7.64: a displaced unit retreats by the same rules, so it may displace another
    # in turn. Whether a chain of displacements reaches an empty hex is a question of
    # reachability: each unit's one-hex retreats are fixed by its hex and kind, so the
    # search marks every hex it has tried (never the hex the chain started from).
    if seen is None:
        return {h: p for h, p in ends.items()
                if displaceable(state, h, {start})}
    seen.add(start)
    return {h: p for h, p in ends.items()
            if h not in seen and displaceable(state, h, seen)}



def displaceable(state, hex_name: str, seen: set) -> bool:
    """7.57, 7.62, 7.63: the Friendly unit in the hex can retreat one hex, into an empty
    hex or onto a friend who can in turn (never into a hex the chain has tried)."""
    friend = state.unit_at(hex_name)
    if friend is None or friend.disrupted or friend.partner:
        return False        # ruling: a formation (two units) is not displaced (8.4, 15.3)
    seen.add(hex_name)
    probe = Pending("displace", seat_of(friend.side), friend.id, 1)
    return bool(retreat_options(state, probe, seen))



def check_retreat(state, action: Retreat):
    """The pending retreat must follow one of the legal paths (7.55)."""
    if not state.pending or state.pending[0].kind not in ("retreat", "displace", "before"):
        raise Refusal("7.54", "no retreat is called for now")
    pending = state.pending[0]
    piece = state.units.get(pending.piece) or state.leaders[pending.piece]
    if action.path[0] != piece.hex:
        raise Refusal("7.54", f"the retreating piece is in {piece.hex}, not {action.path[0]}")
    options = retreat_options(state, pending)
    if options.get(action.path[-1]) is None:
        raise Refusal("7.55", f"{action.path[-1]} is not a hex this piece may retreat to "
                              f"(choices: {', '.join(sorted(options)) or 'none'})")
    _check_retreat_path(state, pending, piece, action.path)
    return pending, piece



def _check_retreat_path(state, pending: Pending, piece, path) -> None:
    zone = frozenset() if isinstance(piece, LeaderPiece) else state.enemy_zoc(piece.side)
    mover = mover_of(state, piece)
    for i in range(1, len(path)):
        a, b = path[i - 1], path[i]
        refusal = step_cost(state, mover, a, b)
        if isinstance(refusal, Refusal):
            raise Refusal(refusal.rule, refusal.reason)
        if distance(path[0], b) != i:
            raise Refusal("7.54", "each hex of a retreat lies further from the hex left")
        if b in zone:
            raise Refusal("6.2", f"a path of retreat never enters an enemy ZOC ({b})")



def carry_out_retreat(state, pending: Pending, piece, path) -> None:
    """Move the piece (and its leaders); it is disrupted (7.57, 7.65); a Friendly unit
    in the way is displaced (7.61); the victor may advance (7.51)."""
    state.stack.finish(pending)
    start, end = path[0], path[-1]
    if isinstance(piece, Unit):
        break_formation(state, piece)      # a retreating unit leaves any formation
    if isinstance(piece, LeaderPiece):
        piece.hex = end
        state._zoc.clear()
        state.news.append(f"{piece.leader.name} retreats to {end} ({'-'.join(path)})")
        return
    friend = state.unit_at(end)
    # 16.5.4 A: Sauron on the Pedestal does not go along (the Pedestal never retreats)
    companions = [p for p in state.leaders_at(start) if p.side == piece.side
                  and not sauron_on_pedestal(state, p)]
    piece.hex = end
    for leader in companions:
        leader.hex = end
    state._zoc.clear()
    if pending.kind == "before":
        disrupted, text = retreat_before_combat_disrupts(state.dice)
        piece.disrupted = piece.disrupted or disrupted
        state.news.append(f"{piece.type.name} retreats before combat to {end} "
                          f"({'-'.join(path)}): {text} (7.7)")
        end_the_melee(state)                            # 7.7: the attacks fall on nothing
        drop_pedestal_on_retreat(state, piece, start)
        vacated_before_combat(state, start, pending.advance_by)
        if friend is not None and friend is not piece:
            # 7.61: a retreat before combat onto a Friendly unit displaces it too
            state.stack.push(Pending("displace", seat_of(friend.side), friend.id, 1))
        return
    piece.disrupted = True
    state.news.append(f"{piece.type.name} retreats to {end} ({'-'.join(path)}), disrupted "
                      f"({'7.65' if pending.kind == 'displace' else '7.57'})")
    drop_pedestal_on_retreat(state, piece, start)
    pick_up_pedestal(state, piece)
    arrived_in_mordor(state, piece)
    if friend is not None and friend is not piece:
        state.stack.push(Pending("displace", seat_of(friend.side), friend.id, 1))
    if pending.kind == "retreat" and pending.advance_by:
        vacated(state, start, state.units[pending.advance_by[0]])



def drop_pedestal_on_retreat(state, unit: Unit, where: str) -> None:
    """16.5.3 A-B: a bearer forced back leaves the Pedestal behind (it never retreats)."""
    drop_pedestal(state, unit, where)



def vacated_before_combat(state, hex_name: str, attackers: tuple[str, ...]) -> None:
    """7.7: an attacker may move into the hex the defender left."""
    able = tuple(a for a in attackers if may_advance(state, state.units[a], hex_name))
    if able:
        push_pending(state, Pending("advance", seat_of(state.units[able[0]].side), able[0], 0,
                                  able, hex_name))



def carry_out_stand(state) -> None:
    """7.7: the defender stays; the committed attacks are resolved."""
    if not state.pending or state.pending[0].kind != "before":
        raise Refusal("7.7", "no retreat before combat is offered now")
    state.stack.finish(state.stack.top())
    state.news.append("the defender stands (7.7)")



def check_advance(state, action: Advance):
    """7.51: the advancing unit is one allowed to, into the vacated hex."""
    if not state.pending or state.pending[0].kind != "advance":
        raise Refusal("7.51", "no advance after combat is offered now")
    pending = state.pending[0]
    if len(action.path) != 2 or action.path[1] != pending.into:
        raise Refusal("7.51", f"the advance goes one hex, into {pending.into}")
    unit = state.unit_at(action.path[0], state.phasing_side())
    if unit is None or unit.id not in pending.advance_by or \
            not may_advance(state, unit, pending.into):
        raise Refusal("7.51", f"the unit in {action.path[0]} may not advance into "
                              f"{pending.into}")
    return unit



def carry_out_advance(state, unit: Unit | None) -> None:
    """7.51-7.52: the unit moves in and may neither attack nor be attacked again."""
    pending = state.stack.top()
    state.stack.finish(pending)
    if unit is not None:
        was = unit.hex
        unit.hex = pending.into
        state.advanced.add(unit.id)
        if unit.partner:           # a formation advances as one
            partner = state.units[unit.partner]
            partner.hex = pending.into
            state.advanced.add(partner.id)
        state._zoc.clear()
        state.news.append(f"{unit.type.name} advances from {was} into {pending.into} (7.51)")
        pick_up_pedestal(state, unit)
        arrived_in_mordor(state, unit)


def end_the_melee(state) -> None:
    """7.7: the defender left before combat: the attacks committed against it (combat.py's
    `Melee`, known here by its name in the registry) are not resolved."""
    for procedure in reversed(list(state.stack)):
        if procedure.name == "melee":
            state.stack.finish(procedure)
            return
