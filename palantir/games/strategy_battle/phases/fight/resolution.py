"""Working out one fight as a sequence of stages that may stop to ask a side a question.

The fight in progress is `state.combat`, a JSON-able record; the question outstanding is
`state.question` ({"kind", "side", ...}). `advance` does the automatic work of each stage
until a question must be answered or the fight is over (docs/strategy-battle.md):

    declare  each model with a choice of weapons names one ('More Than One Weapon'); each
             side whose warriors all carry shields says whether they shield ('Shields');
             once a fight, each side says which spears and pikes support whom ('Spears')
    roll     every model rolls its duel dice (two per Attack when shielding); a monstrous
             mount rolls its own ('E1.mount')
    banner   a side in range of a friendly banner may re-roll one of its dice, the side
             behind first, the other after seeing it ('Banners')
    might    Heroes spend Might on their own dice; opposing Heroes bid in secret ('Might')
    decide   the winner (ties by the best Fight value, a monstrous mount's included); who is
             knocked down by a charging rider
    back     each loser backs away where its side says, friends making way, or is trapped;
             a rider knocked down by a monstrous mount is then thrown beside it
    strikes  the winners strike, saying where (allot) when there is a choice: a beaten
             model, its mount or the passenger it carries
    strike   one Wound Chart roll per strike (a monstrous mount's with its own Strength); a
             Hero striking may spend Might on it; a Hero wounded may spend Fate ('Fate')
    end      a Hero who slew all his foes may take a weapon ('Picking Up Weapons'); the fight
             ends, or at a barrier goes on to its next duel (next: defending.py)
"""

from __future__ import annotations

import math

from .....engine.procedure import Plan, Refusal
from ... import procedure
from ...notation import Back, Might, Pass, Reroll, Shielding, Strike, Support, Take, Trapped
from .backing import (RULE_BACK, RULE_MAKING_WAY, allocation_needed, can_back_away, cavalry_bonus,
                      check_back, farthest_back, free_spots, knockable, making_way_options,
                      part_slightly, rides_monstrous)
from .defending import (after_duel, barrier_between, charger_candidates, check_charger, finish,
                        next_duel, plan, take_charger)
from .weapons import (RULE_PICKING_UP, RULE_SPEARS, check_support, check_weapon, default_support,
                      spoils, support_options, take_weapon, taking, weapon_candidates, weapon_effect,
                      weapon_options, written)
from ...state import (RULE_BANNER_BONUS, fight_in_banner_range as fight_in_range, find,
                      is_hero, players_choose)
from ...table import fortress
from ...wounds import (D6, RULE_MIGHT, fall, roll_d6, score, take_wound, thrown_down, wound,
                       wound_mount, wound_roll)

RULE_SHIELDING = "Weapons: Shields (shielding)"
RULE_STRIKES = "The Fight Phase: Multiple Combats (dividing strikes)"
# The news that both secret bids are in and shown ('Might'): BattleState.decision_revealed
# reads it.
BIDS_REVEALED = "the bids are revealed: "


# ---------------------------------------------------------------- starting and stepping

def start(state, fight) -> None:
    """Begin working out a fight chosen by the side with priority."""
    single, many = fight
    members = [k for k in (single, *many) if k in state.models]
    good = sorted(k for k in members if state.models[k].side == "good")
    evil = sorted(k for k in members if state.models[k].side == "evil")
    if not good or not evil:
        return
    models = [state.models[k] for k in members]
    state.supported = {}
    # the charge bonuses are judged as the fight begins, before anyone backs away
    state.charge_bonus = {m.id for m in models if cavalry_bonus(state, m)}
    # spear support is declared once a fight, by each side after the first shielding
    state.combat = {"defence": plan(state, single, members), "stage": "next",
                    "members": sorted(members), "support_to_declare": [
                        state.priority, state.other(state.priority)], "spoils": []}
    if state.combat["defence"] is None:
        _fresh(state, state.combat, good, evil, "plain")
    advance(state)


def _sides(state, ids):
    good = sorted(k for k in ids if state.models[k].side == "good")
    evil = sorted(k for k in ids if state.models[k].side == "evil")
    return good, evil


def _fresh(state, c, good, evil, duel: str) -> None:
    """Set up the stages of one duel (a defended barrier may see several in one fight): a
    plain fight, one across a barrier the defender holds, the fight on a defender's own side
    ('behind'), or an open fight with chargers after he is beaten there."""
    if duel in ("held", "open"):
        # 'Fighting Across Barriers': no charge bonuses when charging a defended barrier
        state.charge_bonus = set()
    c.update({"good": good, "evil": evil, "stage": "declare", "duel": duel,
              "held": duel == "held",
              "to_declare": [state.priority, state.other(state.priority)],
              "shielding": {"good": False, "evil": False}, "dice": {},
              "might_done": False, "bids": {}, "winner": None, "rerolls": None, "double": {},
              "backed": [],
              "strikers": [], "losers": [], "queue": [], "roll": None, "wounded": None,
              "to_back": [], "from": [], "then": None, "knocked": [],
              "gear": {k: list(state.models[k].profile.wargear) for k in good + evil},
              "places": {k: [state.models[k].x, state.models[k].y] for k in good + evil}})


def advance(state) -> None:
    """Do the automatic work of the fight until a question is needed or it is over."""
    while state.combat is not None and state.question is None and state.phase != "over":
        STAGES[state.combat["stage"]](state, state.combat)


def side_models(state, c, side):
    """The models of one side still in the fight."""
    return [state.models[k] for k in c[side] if k in state.models]


# ---------------------------------------------------------------- stages

def _declare(state, c) -> None:
    """Before the dice: each model's weapon, each side's shielding, then spear support."""
    for side in (state.priority, state.other(state.priority)):
        for m in side_models(state, c, side):
            if m.weapon is None:
                options = weapon_options(state, m)
                if len(options) > 1 and players_choose(state):
                    # 'More Than One Weapon': either, but not both, in the Fight phase
                    state.question = {"kind": "weapon", "side": side, "model": m.id}
                    return
                m.weapon = options[0]
    while c["to_declare"]:
        side = c["to_declare"][0]
        if can_shield(state, side_models(state, c, side)):
            state.question = {"kind": "shield", "side": side}
            return
        c["to_declare"].pop(0)
    while c["support_to_declare"]:
        side = c["support_to_declare"][0]
        fighters = _fighters(state, c, side)
        if support_options(state, fighters, c["shielding"]):
            if players_choose(state):
                state.question = {"kind": "support", "side": side}
                return
            _give_support(state, default_support(state, fighters, c["shielding"]))
        c["support_to_declare"].pop(0)
    c["stage"] = "roll"


def _fighters(state, c, side) -> list:
    """A side's models in the whole fight (a barrier fight's duels share the support)."""
    return [state.models[k] for k in c["members"]
            if k in state.models and state.models[k].side == side]


def _give_support(state, pairs) -> None:
    for spearman, fighter in pairs:
        state.supported.setdefault(fighter, []).append(spearman)
        state.supported_this_phase.add(spearman)
        state.news.append(f"{spearman} supports {fighter}")


def can_shield(state, models) -> bool:
    """Shielding: every warrior of the side carries a shield and is on foot ('Shields')."""
    return bool(models) and all("shield" in m.profile.wargear and not m.mounted for m in models)


def _roll(state, c) -> None:
    for side in ("good", "evil"):
        per_attack = 2 if c["shielding"][side] else 1
        for m in side_models(state, c, side):
            modifier = weapon_effect(state, m)[0]
            # 'Immobilise': a held model (the whole cavalry model) rolls one die only
            beast = 0 if m.immobilised else mount_attacks(state, m)
            count = 1 if m.immobilised else (state.attacks(m) - beast) * per_attack
            c["dice"][m.id] = [score(int(state.dice.roll(f"duel {m.id}", D6)), modifier)
                               for _ in range(count)]
            if beast:
                # 'Monstrous Mounts': the mount is a separate model in the fight, its dice
                # rolled apart from the rider's (his Might, his weapon are his own)
                c["dice"][f"{m.id}.mount"] = [int(state.dice.roll(f"duel {m.id}.mount", D6))
                                              for _ in range(beast)]
    c["stage"] = "banner"


def _banner(state, c) -> None:
    """'Banner Combat Bonus': each side whose fight is in range of a friendly banner may
    re-roll one of its dice; the side behind as the dice stand decides first (a side sure
    to win has nothing to gain), and the other may then re-roll "even after seeing the
    result of their opponent's re-roll". The second number stands; Might comes after."""
    if c.get("rerolls") is None:
        ids = c["good"] + c["evil"]
        c["rerolls"] = [side for side in (state.priority, state.other(state.priority))
                        if fight_in_range(state, ids, side)]
    while True:
        side = next((s for s in c["rerolls"] if own_dice(c, s) and not sure_to_win(state, c, s)),
                    None)
        if side is None:
            break
        if players_choose(state):
            state.question = {"kind": "banner", "side": side}
            return
        # the quicker game's default: the side's lowest die
        key, face = lowest_die(state, c, side)
        reroll_die(state, c, side, key, face)
    c["stage"] = "might"


def own_dice(c, side) -> list[tuple[str, int]]:
    """A side's duel dice as (whose, score), a monstrous mount's ('E1.mount') too."""
    return [(k, d) for k, dice in sorted(c["dice"].items()) if k.partition(".")[0] in c[side]
            for d in dice]


def die_modifier(state, key: str) -> int:
    """The duel modifier of a die's owner: its weapon's; none for a monstrous mount."""
    ident, _, beast = key.partition(".")
    return 0 if beast else weapon_effect(state, state.models[ident])[0]


def lowest_die(state, c, side) -> tuple[str, int]:
    """The die a side re-rolls by default: its lowest, of the model with the best duel
    modifier among equals (any die but the best leaves the best as it is; with one die,
    that one), a Hero's before another's. The same choice as the odds' policy (odds.py)."""
    def rank(kd):
        key, face = kd
        owner = state.models[key.partition(".")[0]]
        hero = not key.partition(".")[2] and owner.might_left > 0
        return (face, -die_modifier(state, key), 0 if hero else 1, key)
    return min(own_dice(c, side), key=rank)


def reroll_die(state, c, side, key: str, face: int) -> None:
    """Re-roll one of the side's dice showing `face`: the second number stands."""
    dice = c["dice"][key]
    i = dice.index(face)
    dice[i] = score(int(state.dice.roll(f"duel {key} again", D6)), die_modifier(state, key))
    c["rerolls"].remove(side)
    state.news.append(f"{side} re-rolls {key}'s {face} (banner): it scores {dice[i]}")


def reroll_win_chance(state, c, side, key: str, face: int) -> float:
    """The chance a side wins the duel outright or on Fight value after re-rolling this die,
    half a chance for a 50/50 tie roll (for the general)."""
    dice = c["dice"][key]
    i = dice.index(face)
    modifier = die_modifier(state, key)
    other = "evil" if side == "good" else "good"
    total = 0.0
    for raw in range(1, 7):
        dice[i] = score(raw, modifier)
        if sure_to_win(state, c, side):
            total += 1.0
        elif not sure_to_win(state, c, other):
            total += 0.5
    dice[i] = face
    return total / 6


def mount_attacks(state, model) -> int:
    """The Attacks a rider's monstrous mount makes as a model of its own ('Monstrous
    Mounts'; counted in `state.attacks` too, which is the whole cavalry model's)."""
    return state.mounts[model.profile.mount].attacks if rides_monstrous(state, model) else 0


def best(c, side) -> int:
    """The best duel die of a side (its monstrous mounts' dice too)."""
    return max((d for k, dice in c["dice"].items() if k.partition(".")[0] in c[side]
                for d in dice), default=0)


def side_fight(state, c, side) -> int:
    """The best Fight value of a side, a monstrous mount's included ('Monstrous Mounts':
    "use the best Fighting value available (including that of the mount)")."""
    values = [fight_value(m) for m in side_models(state, c, side)]
    values += [state.mounts[m.profile.mount].fight for m in side_models(state, c, side)
               if mount_attacks(state, m) and not m.immobilised]
    return max(values)


def heroes_with_might(state, c, side) -> list:
    """Heroes of a side in this fight who have Might left and a duel die below 6 to raise
    ('Might': no die is raised past 6)."""
    return [m for m in side_models(state, c, side) if m.might_left > 0 and duel_room(c, m)]


def duel_room(c, hero) -> int:
    """How far a Hero's best duel die can still be raised: up to 6 ('Might')."""
    return 6 - max(c["dice"].get(hero.id) or [6])


def wound_room(c) -> int:
    """How far the failing die of the strike's Wound Chart roll can still be raised, the
    points already spent counting on it: up to 6 ('Might')."""
    r = c["roll"]
    add = r["bonus"] + r["might"]
    failing = next((d for d, need in zip(r["dice"], _needs(r["entry"]))
                    if score(d, add) < need), None)
    return 0 if failing is None else 6 - score(failing, add)


def might_room(state, c, q, hero) -> int:
    """The most Might a Hero may spend on the roll asked about: his store, and no die past 6."""
    room = wound_room(c) if q.get("for") == "wound" else duel_room(c, hero)
    return min(hero.might_left, room)


def _might(state, c) -> None:
    ready = {side: heroes_with_might(state, c, side) for side in ("good", "evil")}
    if ready["good"] and ready["evil"]:
        # 'Might': when opposing Heroes both want to win, both bid in secret, then reveal
        for side in (state.priority, state.other(state.priority)):
            if side not in c["bids"]:
                state.question = {"kind": "bid", "side": side}
                return
        # both bids are in: revealed together, the side with priority named first
        state.news.append(BIDS_REVEALED + ", ".join(
            f"{side} {hero} {points}" if points else f"{side} nothing"
            for side, (hero, points) in sorted(c["bids"].items(),
                                               key=lambda kv: kv[0] != state.priority)))
        for side, (hero, points) in c["bids"].items():
            if points:
                raise_best(state, c, state.models[hero], points)
        c["stage"] = "decide"
        return
    for side in ("good", "evil"):
        if ready[side] and not c["might_done"] and not sure_to_win(state, c, side):
            state.question = {"kind": "might", "side": side}
            return
    c["stage"] = "decide"


def sure_to_win(state, c, side) -> bool:
    """Whether a side wins the duel as the dice stand: the better die, or a tie and the
    better Fight value ('Working Out a Fight')."""
    other = "evil" if side == "good" else "good"
    if best(c, side) != best(c, other):
        return best(c, side) > best(c, other)
    return side_fight(state, c, side) > side_fight(state, c, other)


def raise_best(state, c, hero, points: int) -> None:
    """Spend Might to raise a Hero's best duel die, never above 6 ('Might')."""
    dice = c["dice"][hero.id]
    i = max(range(len(dice)), key=lambda k: dice[k])
    dice[i] = min(6, dice[i] + points)
    hero.spend_might(points)
    state.news.append(f"{hero.id} spends {points} Might: its best die counts {dice[i]}")


def fight_value(model) -> int:
    """A model's Fight value in a duel: 1 while held by Immobilise or Transfix."""
    return 1 if model.immobilised else model.profile.fight


def _decide(state, c) -> None:
    g, e = best(c, "good"), best(c, "evil")
    detail = f"best {g} v {e}"
    if g != e:
        winner = "good" if g > e else "evil"
    else:
        fg, fe = side_fight(state, c, "good"), side_fight(state, c, "evil")
        detail += f", Fight {fg} v {fe}"
        if fg != fe:
            winner = "good" if fg > fe else "evil"
        else:
            # a 50/50 roll: never changed by Might ('Might')
            tie = int(state.dice.roll("duel tie", D6))
            detail += f", tie roll {tie}"
            winner = "evil" if tie <= 3 else "good"
    winners = side_models(state, c, winner)
    losers = side_models(state, c, "evil" if winner == "good" else "good")
    state.news.append(f"fight {'/'.join(c['good'])} v {'/'.join(c['evil'])}: {detail}: "
                      f"{winner} wins")
    c["winner"] = winner
    # 'Cavalry Charge!': a charging rider's win knocks his foes on foot to the ground (a
    # monstrous mount's, enemy cavalry too: 'Monstrous mounts charge!')
    chargers = [w for w in winners if w.id in state.charge_bonus]
    knocked = {l.id for l in losers if chargers and knockable(state, l, chargers)}
    defence = c.get("defence")
    for loser in sorted(losers, key=lambda m: m.id):
        if c["held"] and loser.id in defence["defenders"]:
            # 'Defending': the defender does not move even if he is beaten
            c["double"][loser.id] = False
            state.news.append(f"{loser.id} holds the barrier")
            continue
        c["backed"].append(loser.id)
        # 'Models on the Ground': strikes count double (trapped or not, never more)
        c["double"][loser.id] = loser.prone or loser.id in knocked
    c["knocked"] = sorted(knocked)
    for w in sorted(winners, key=lambda m: m.id):
        if c["shielding"][winner]:
            state.news.append(f"{w.id} was shielding: no blows")
        elif w.prone:
            # 'Models on the Ground': a winner on the ground stands instead of striking
            w.prone = False
            state.news.append(f"{w.id} gets up")
        elif w.immobilised:
            state.news.append(f"{w.id} is held by a magical power: no blows")
        elif w.no_strikes:
            state.news.append(f"{w.id} is still dusting itself down: no blows")
        else:
            c["strikers"].append(w.id)
    c["losers"] = sorted(m.id for m in losers)
    # the losers back away before the blows are struck ('Working Out a Fight')
    c.update({"to_back": list(c["backed"]), "from": sorted(w.id for w in winners),
              "stage": "back", "then": "strikes"})


def _back(state, c) -> None:
    """'Working Out a Fight': each beaten model backs away 1"/2cm where its side chooses, in
    the order it chooses; one that cannot, and for which no friend can make way, is trapped
    at once ('Trapped Fighters')."""
    away_from = [state.models[k] for k in c["from"] if k in state.models]
    for ident in list(c["to_back"]):
        loser = state.models.get(ident)
        if loser is None or not away_from:
            c["to_back"].remove(ident)
        elif loser.climbing is not None:
            c["to_back"].remove(ident)
            falling_off(state, loser)
        elif not (can_back_away(state, loser, away_from)
                  or making_way_options(state, loser, away_from, count=1)):
            c["to_back"].remove(ident)
            trap(state, c, loser, away_from)
    if c["to_back"] and not players_choose(state):
        # the quicker game's default: straight away, else the first way friends make
        for choice in back_candidates(state, c)[:1]:
            _answer_back(state, c, choice, str(choice))
        return
    if c["to_back"]:
        state.question = {"kind": "back", "side": state.models[c["to_back"][0]].side}
        return
    c["stage"] = c["then"]


def falling_off(state, loser) -> None:
    """'Defending Elevated Positions: Falling Off': a warrior beaten back while climbing can
    only go down the surface: on a 4-6 he keeps his footing and backs 1"/2cm down it, on a
    1-3 he falls the full distance to the ground (falling damage as usual)."""
    name, z = loser.climbing
    die = int(state.dice.roll(f"footing {loser.id}", D6))
    if die >= 4:
        loser.climbing = [name, round(max(0.0, z - state.units.control_zone), 6)]
        state.news.append(f"{loser.id} keeps his footing on '{name}' (rolled {die})")
        if loser.climbing[1] <= 0:
            loser.climbing = None
        return
    state.news.append(f"{loser.id} loses his footing on '{name}' (rolled {die})")
    loser.climbing = None
    # "roll a dice for every other model that is climbing right below him": on a 1-3 it
    # is knocked off too, falling from where it is
    below = [m for m in state.models.values() if m.id != loser.id and m.climbing is not None
             and m.climbing[0] == name and m.climbing[1] < z
             and math.hypot(m.x - loser.x, m.y - loser.y) <= 2 * state.units.control_zone]
    fall(state, loser, z, "falls")
    for other in sorted(below, key=lambda m: m.id):
        roll = int(state.dice.roll(f"knocked off {other.id}", D6))
        if roll <= 3:
            state.news.append(f"{other.id} is knocked from '{name}' by {loser.id} (rolled {roll})")
            height, other.climbing = other.climbing[1], None
            fall(state, other, height, "falls")
        else:
            state.news.append(f"{other.id} clings on (rolled {roll})")


def trap(state, c, loser, away_from) -> None:
    """'Trapped Fighters': strikes against the model count double, and it is moved back as far
    as possible so that enemies no longer touch it, others moved slightly if need be."""
    c["double"][loser.id] = True
    state.news.append(f"{loser.id} cannot back away: trapped")
    spot = farthest_back(state, loser, away_from)
    if spot is not None:
        loser.x, loser.y = spot
        state.news.append(f"{loser.id} is moved back clear of its enemies")
    else:
        moved = part_slightly(state, loser)
        if moved:
            state.news.append(f"{', '.join(moved)} moved slightly to leave a gap")
    _knocked_down(state, c, loser)


def _knocked_down(state, c, loser) -> None:
    """A beaten model knocked down by a charging rider lies down where it backed away to; a
    rider knocked down by a monstrous mount is thrown beside his mount, which is knocked
    down too, with a Strength 3 hit ('Monstrous mounts charge!')."""
    if loser.id not in c.get("knocked", ()):
        return
    if loser.mounted:
        floor = len(state.pending)
        thrown_down(state, loser, "knocked down by a monstrous mount")
        procedure.run(state, floor)
        return
    loser.prone = True
    state.news.append(f"{loser.id} is knocked to the ground")


def _strikes(state, c) -> None:
    losers = [state.models[k] for k in c["losers"] if k in state.models]
    if not c["strikers"] or not losers:
        c["stage"] = "end"
    elif allocation_needed(state, losers):
        c["stage"] = "allot"
        state.question = {"kind": "strike", "side": c["winner"]}
    else:
        queue_strikes(state, c, [losers[0].id] * strikes_of(state, c))


def strikes_of(state, c) -> int:
    """How many strikes the winners make, before doubling ('Multiple Attacks')."""
    return sum(state.attacks(state.models[w]) for w in c["strikers"] if w in state.models)


def strike_options(state, c) -> list[str]:
    """What the winners may strike: each beaten model, a beaten rider's mount ('Strikes
    Against Mounts') and the passenger a beaten cavalry model carries ('Passengers')."""
    out = []
    for k in c["losers"]:
        if k in state.models:
            loser = state.models[k]
            out.append(k)
            if loser.mounted:
                out.append(f"{k}.mount")
            if loser.passenger is not None:
                out.append(loser.passenger.id)
    return out


def strike_order(state, c) -> list[str]:
    """Who makes each strike, in the order the targets are named: the winners by id, each
    rider's own Attacks before his monstrous mount's (`E1.mount`, 'Monstrous Mounts')."""
    order = []
    for w in c["strikers"]:
        if w in state.models:
            model = state.models[w]
            beast = mount_attacks(state, model)
            order += [w] * (state.attacks(model) - beast) + [f"{w}.mount"] * beast
    return order


def _struck_base(state, ident: str) -> str:
    """The model on the table a strike lands on: a passenger's is the one carrying him."""
    if ident in state.models:
        return ident
    passenger = find(state, ident)
    return passenger.carried_by if passenger is not None else ident


def queue_strikes(state, c, targets) -> None:
    """One queue entry per strike, in the winners' order (ids, then Attacks), doubled ones twice
    (a passenger's when the model carrying him takes double strikes)."""
    for striker, target in zip(strike_order(state, c), targets):
        ident = _struck_base(state, target.partition(".")[0])
        for _ in range(2 if c["double"].get(ident) else 1):
            c["queue"].append([striker, target])
    c["stage"] = "strike"


def _strike(state, c) -> None:
    if c["wounded"] is not None:
        settle_wound(state, c)
        return
    if c["roll"] is not None:
        finish_roll(state, c)
        return
    if not c["queue"]:
        c["stage"] = "end"
        return
    striker_id, target = c["queue"].pop(0)
    rider, _, beast = striker_id.partition(".")      # "E1.mount": a monstrous mount strikes
    ident, _, part = target.partition(".")
    striker, victim = state.models.get(rider), find(state, ident)
    if striker is None or victim is None or (beast and not striker.mounted):
        return
    if part == "mount" and not victim.mounted:
        return
    if victim.carried_by is not None and victim.carried_by not in c["losers"]:
        # 'Passengers': struck as part of the beaten cavalry model; thrown clear, the
        # strikes named at him are lost (decided)
        return
    barrier = barrier_between(c, rider, _struck_base(state, ident))
    if barrier is not None:
        # 'Defending One-on-One': 1-3 the blow strikes the barrier; a 50/50 roll, no Might
        roll = int(state.dice.roll(f"barrier {striker_id}", D6))
        if roll <= 3:
            state.news.append(f"{striker_id}'s blow strikes '{barrier}' (rolled {roll})")
            return
    defence = state.mounts[victim.profile.mount].defence if part else victim.profile.defence
    # 'Monstrous Mounts': "the mount will strike at the enemy using its own Strength value"
    strength = state.mounts[striker.profile.mount].strength if beast else striker.profile.strength
    entry = state.charts.to_wound(strength, defence)
    what = f"{ident}'s mount" if part else ident
    if entry == "-":
        state.news.append(f"{striker_id} strikes {what}: it cannot be hurt")
        return
    die = f"wound {target}"
    c["roll"] = {"striker": striker_id, "target": target, "entry": entry,
                 "bonus": 0 if beast else weapon_effect(state, striker)[1], "might": 0,
                 "dice": [int(state.dice.roll(die, D6))]}
    finish_roll(state, c)


def _needs(entry: str) -> list[int]:
    return [int(v) for v in entry.split("/")]


def finish_roll(state, c) -> None:
    """Judge a strike's Wound Chart roll; roll the second die of a 6/x when the first makes it;
    a Hero striking may first add Might to it ('Might': it adds to both dice)."""
    r = c["roll"]
    needs = _needs(r["entry"])
    add = r["bonus"] + r["might"]
    for i, need in enumerate(needs):
        if i >= len(r["dice"]):
            r["dice"].append(int(state.dice.roll(f"wound {r['target']} again", D6)))
        if score(r["dice"][i], add) < need:
            striker = state.models.get(r["striker"])
            if (striker is not None and striker.might_left > 0 and not r.get("declined")
                    and r["dice"][i] + r["bonus"] + r["might"] + striker.might_left >= need):
                state.question = {"kind": "might", "side": striker.side, "for": "wound"}
                return
            state.news.append(f"{r['striker']} strikes {r['target']}: needs {r['entry']}, "
                              f"rolled {'/'.join(map(str, r['dice']))}: no wound")
            c["roll"] = None
            return
    state.news.append(f"{r['striker']} strikes {r['target']}: needs {r['entry']}, rolled "
                      f"{'/'.join(map(str, r['dice']))}: a wound")
    c["roll"] = None
    c["wounded"] = {"target": r["target"]}
    settle_wound(state, c)


def settle_wound(state, c) -> None:
    """A wound struck home: a Hero may spend Fate to recover it first ('Fate')."""
    ident, _, part = c["wounded"]["target"].partition(".")
    victim = find(state, ident)                     # on the table, or a passenger
    if victim is None:
        c["wounded"] = None
        return
    if not part and victim.fate > 0 and not c["wounded"].get("declined"):
        state.question = {"kind": "fate", "side": victim.side, "target": ident}
        return
    c["wounded"] = None
    if part:
        wound_mount(state, victim, 1)
    else:
        take_wound(state, victim)


def _end(state, c) -> None:
    """A duel is over: a victorious Hero may take the spoils; an ordinary fight ends; at a
    barrier, what follows ('Defending')."""
    if _offer_spoils(state, c):
        return
    if c["defence"] is None:
        fought = set(c["good"] + c["evil"])
        state.across = [p for p in state.across if not (p[0] in fought and p[1] in fought)]
        state.combat = None
        return
    c["stage"] = "next"
    after_duel(state, c)


def _next(state, c) -> None:
    """The next duel of a barrier fight, or its end."""
    duel = next_duel(state, c)
    if state.question is not None:
        return
    if duel is None:
        finish(state, c)
        state.combat = None
        return
    ids, kind = duel
    _fresh(state, c, *_sides(state, [k for k in ids if k in state.models]), kind)


STAGES = {"declare": _declare, "roll": _roll, "banner": _banner, "might": _might,
          "decide": _decide, "back": _back, "strikes": _strikes, "allot": lambda state, c: None,
          "strike": _strike, "end": _end, "next": _next}


# ---------------------------------------------------------------- answering questions

class FightQuestion(procedure.Asked):
    """A question the fight under way asks (`state.combat`); once answered the fight goes
    on (`advance`)."""

    def take(self, state, plan) -> None:
        """The answer carried out on the fight, which then goes on."""
        self.carry(state, state.combat, plan)
        advance(state)

    def carry(self, state, c, plan) -> None:
        """Do what the checked answer says to the fight's record."""
        raise NotImplementedError


class ShieldQuestion(FightQuestion):
    """'Shielding': whether the side shields in this fight."""

    name = "shield"

    def answers(self, state) -> list:
        """Shield, or not."""
        return [Shielding(False), Shielding(True)]

    def check(self, state, action) -> Plan:
        """'shield on' or 'shield off'."""
        if not isinstance(action, Shielding):
            raise Refusal(RULE_SHIELDING, "say whether the side shields: 'shield on' or "
                                          "'shield off'", action=str(action))
        return Plan(on=action.on, side=state.question["side"])

    def carry(self, state, c, plan) -> None:
        """The side's choice noted."""
        c["shielding"][plan.side] = plan.on
        c["to_declare"].pop(0)
        if plan.on:
            state.news.append(f"{plan.side} shields")


class BannerReroll(FightQuestion):
    """'Banner Combat Bonus': the side re-rolls one of its duel dice, or not."""

    name = "banner"

    def answers(self, state) -> list:
        """Each die of the side by its owner and score (the same score once), or 'pass'."""
        side = state.question["side"]
        seen = []
        for key, face in own_dice(state.combat, side):
            if (key, face) not in seen:
                seen.append((key, face))
        return [Reroll(k, f) for k, f in seen] + [Pass()]

    def check(self, state, action) -> Plan:
        """One of the side's own dice in this fight, or 'pass'."""
        text, c, side = str(action), state.combat, state.question["side"]
        if isinstance(action, Pass):
            return Plan(die=None, side=side)
        mine = own_dice(c, side)
        if not isinstance(action, Reroll):
            key, face = mine[0]
            raise Refusal(RULE_BANNER_BONUS, f"re-roll one of {side}'s dice, e.g. 'reroll {key} "
                                             f"{face}', or 'pass'", action=text)
        faces = [f for k, f in mine if k == action.model]
        if not faces:
            raise Refusal(RULE_BANNER_BONUS, f"{action.model} rolled no die for {side} in this "
                                             "fight", action=text)
        face = min(faces) if action.face is None else action.face
        if face not in faces:
            raise Refusal(RULE_BANNER_BONUS, f"{action.model} has no die showing {face}: its "
                          f"dice show {', '.join(map(str, faces))}", action=text)
        return Plan(die=(action.model, face), side=side)

    def carry(self, state, c, plan) -> None:
        """The die re-rolled, or the side's re-roll given up."""
        if plan.die is None:
            c["rerolls"].remove(plan.side)
            state.news.append(f"{plan.side} does not re-roll")
            return
        reroll_die(state, c, plan.side, *plan.die)


class Striking(FightQuestion):
    """'Strikes': the winners say where their strikes go."""

    name = "strike"

    def answers(self, state) -> list:
        """All the strikes at one of the beaten."""
        c = state.combat
        count = strikes_of(state, c)
        return [Strike(tuple(t for _ in range(count))) for t in strike_options(state, c)]

    def check(self, state, action) -> Plan:
        """As many targets as strikes, each one of the beaten."""
        text, c = str(action), state.combat
        if not isinstance(action, Strike):
            raise Refusal(RULE_STRIKES,
                          f"{'+'.join(c['strikers'])} must say where the strikes go, e.g. "
                          f"'strike {c['losers'][0]}'", action=text)
        count = strikes_of(state, c)
        if len(action.targets) != count:
            raise Refusal(RULE_STRIKES,
                          f"{'+'.join(c['strikers'])} strikes {count} time(s); name {count} "
                          "target(s)", action=text)
        options = strike_options(state, c)
        for t in action.targets:
            if t not in options:
                raise Refusal(RULE_STRIKES,
                              f"{t} is not one of the beaten: {', '.join(options)}", action=text)
        return Plan(targets=list(action.targets))

    def carry(self, state, c, plan) -> None:
        """The strikes queued."""
        queue_strikes(state, c, plan.targets)


class BackingAway(FightQuestion):
    """'Working Out a Fight': where each beaten model backs away, or that it is trapped."""

    name = "back"

    def answers(self, state) -> list:
        """A few free spots, or ways for friends to make way and being trapped."""
        return back_candidates(state, state.combat)

    def check(self, state, action) -> Plan:
        """A beaten model backs 1"/2cm away, friends making way, or is truly trapped."""
        return _check_back(state, state.combat, action, str(action))

    def carry(self, state, c, plan) -> None:
        """The model backed away or trapped."""
        _take_back(state, c, plan)


class ChoosingWeapon(FightQuestion):
    """'Weapons': which weapon a model fights with in this Fight phase."""

    name = "weapon"

    def answers(self, state) -> list:
        """The weapons the model may choose between."""
        return weapon_candidates(state, state.question["model"])

    def check(self, state, action) -> Plan:
        """One of the model's weapons usable here."""
        return Plan(model=state.question["model"],
                    weapon=check_weapon(state, action, str(action)))

    def carry(self, state, c, plan) -> None:
        """The weapon taken up."""
        take_weapon(state, plan.model, plan.weapon)


class Supporting(FightQuestion):
    """'Spears': which spearmen support whom."""

    name = "support"

    def answers(self, state) -> list:
        """Each way the side's spearmen may support, or none."""
        c, q = state.combat, state.question
        fighters = _fighters(state, c, q["side"])
        return [Support(p) for p in support_options(state, fighters, c["shielding"])] + [
            Support(())]

    def check(self, state, action) -> Plan:
        """Spearmen free to support, behind friends of this fight."""
        text, c, q = str(action), state.combat, state.question
        if not isinstance(action, Support):
            raise Refusal(RULE_SPEARS, "say which spearmen support whom, e.g. 'support G4>G1', "
                                       "or 'support none'", action=text)
        reason = check_support(state, _fighters(state, c, q["side"]), c["shielding"],
                               action.pairs)
        if reason is not None:
            raise Refusal(RULE_SPEARS, reason, action=text)
        return Plan(pairs=action.pairs)

    def carry(self, state, c, plan) -> None:
        """The support given."""
        c["support_to_declare"].pop(0)
        _give_support(state, plan.pairs)


class TakingSpoils(FightQuestion):
    """'Picking Up Weapons': the Hero takes one weapon or shield from the slain, or not."""

    name = "take"

    def answers(self, state) -> list:
        """Each item he may take, or 'pass'."""
        q = state.question
        return [Take(q["model"], written(item)) for item in q["items"]] + [Pass()]

    def check(self, state, action) -> Plan:
        """One of the items offered, or 'pass'."""
        text, q = str(action), state.question
        item = None
        if isinstance(action, Take) and action.model == q["model"]:
            item = {written(i): i for i in q["items"]}.get(action.item)
            if item is None:
                raise Refusal(RULE_PICKING_UP,
                              f"{q['model']} may take {', '.join(map(written, q['items']))}",
                              action=text)
        elif not isinstance(action, Pass):
            raise Refusal(RULE_PICKING_UP,
                          f"{q['model']} may take a weapon or shield from the slain "
                          f"('take {q['model']} {written(q['items'][0])}') or 'pass'",
                          action=text)
        return Plan(model=q["model"], item=item)

    def carry(self, state, c, plan) -> None:
        """The item taken up, or none."""
        c["spoils"].append(plan.model)
        if plan.item is not None:
            hero = state.models[plan.model]
            hero.profile = taking(state, hero.profile, plan.item)
            hero.taken = (*hero.taken, plan.item)
            state.news.append(f"{hero.id} takes a {plan.item}")


class ChoosingCharger(FightQuestion):
    """'Defending': the charging side names the charger who fights the defender next."""

    name = "charger"

    def answers(self, state) -> list:
        """The chargers who may fight next."""
        return charger_candidates(state)

    def check(self, state, action) -> Plan:
        """One of the chargers still to fight."""
        return Plan(model=check_charger(state, state.combat, action, str(action)))

    def carry(self, state, c, plan) -> None:
        """That charger fights next."""
        take_charger(state, c, plan.model)


class SpendingMight(FightQuestion):
    """'Might': a Hero of the fight raises his side's duel roll, or a striker his wound
    roll; or 'pass'."""

    name = "might"

    def answers(self, state) -> list:
        """Each Hero's points, or 'pass'."""
        c, q = state.combat, state.question
        if q.get("for") == "wound":
            striker = state.models[c["roll"]["striker"]]
            return [Might(striker.id, n)
                    for n in range(1, might_room(state, c, q, striker) + 1)] + [Pass()]
        heroes = heroes_with_might(state, c, q["side"]) if c else []
        return [Might(h.id, n) for h in heroes
                for n in range(1, might_room(state, c, q, h) + 1)] + [Pass()]

    def check(self, state, action) -> Plan:
        """A Hero of the side, on his own dice, with the Might he has; or 'pass'."""
        return _check_might(state, state.combat, state.question, action, str(action))

    def carry(self, state, c, plan) -> None:
        """The Might spent, or the side done with it."""
        q, action = plan.asked, plan.action
        if q.get("for") == "wound":
            if isinstance(action, Might):
                state.models[action.model].spend_might(action.points)
                c["roll"]["might"] += action.points
                state.news.append(f"{action.model} spends {action.points} Might on the wound "
                                  "roll")
            else:
                c["roll"]["declined"] = True
            return
        if isinstance(action, Might):
            raise_best(state, c, state.models[action.model], action.points)
        else:
            c["might_done"] = True


class Bidding(FightQuestion):
    """'Might': opposing Heroes bid Might in secret before the duel roll."""

    name = "bid"

    def answers(self, state) -> list:
        """'pass', or each Hero's points."""
        c, q = state.combat, state.question
        heroes = heroes_with_might(state, c, q["side"]) if c else []
        return [Pass()] + [Might(h.id, n) for h in heroes
                           for n in range(1, might_room(state, c, q, h) + 1)]

    def check(self, state, action) -> Plan:
        """A Hero of the side in this fight, with the Might he has; or 'pass'."""
        return _check_might(state, state.combat, state.question, action, str(action))

    def carry(self, state, c, plan) -> None:
        """The bid noted, unseen by the other side until both are in."""
        action = plan.action
        c["bids"][plan.asked["side"]] = ([action.model, action.points]
                                         if isinstance(action, Might) else [None, 0])


def _check_might(state, c, q, action, text) -> Plan:
    if not isinstance(action, (Might, Pass)):
        raise Refusal(RULE_MIGHT, "spend Might ('might G1 1') or 'pass'", action=text)
    if isinstance(action, Might):
        hero = state.models.get(action.model)
        if hero is None or hero.side != q["side"]:
            raise Refusal(RULE_MIGHT,
                          f"{action.model} is not a Hero of {q['side']} here", action=text)
        in_fight = hero.id in c["good"] or hero.id in c["evil"]
        if q.get("for") == "wound":
            in_fight = hero.id == c["roll"]["striker"]
        if not in_fight:
            # 'Might': a Hero adjusts only his own dice
            raise Refusal(RULE_MIGHT,
                          f"{hero.id} can spend Might only on its own dice", action=text)
        if not 1 <= action.points <= hero.might_left:
            raise Refusal(RULE_MIGHT, f"{hero.id} has {hero.might_left} Might", action=text)
        if action.points > might_room(state, c, q, hero):
            raise Refusal(RULE_MIGHT, f"{action.points} Might would raise {hero.id}'s die past "
                          "6: no die is raised past 6", action=text)
    return Plan(action=action, asked=q)


def back_candidates(state, c) -> list:
    """Where each beaten model could back away: a few free spots, or else ways for friends
    to make way and leaving it trapped."""
    away_from = [state.models[k] for k in c["from"] if k in state.models]
    out: list = []
    for ident in c["to_back"]:
        loser = state.models[ident]
        spots = free_spots(state, loser, away_from)
        if spots:
            out += [Back(ident, spot) for spot in spots]
            if only_drops(state, loser, away_from):
                out.append(Trapped(ident))        # stay, rather than jump the drop
        else:
            out += [Back(ident, end, way)
                    for end, way in making_way_options(state, loser, away_from)]
            out.append(Trapped(ident))
    return out


def _check_back(state, c, action, text) -> Plan:
    if not isinstance(action, (Back, Trapped)) or action.model not in c["to_back"]:
        raise Refusal(RULE_BACK,
                      f"say where {' or '.join(c['to_back'])} backs away, e.g. "
                      f"'back {c['to_back'][0]} x,y', or 'trapped {c['to_back'][0]}'", action=text)
    loser = state.models[action.model]
    away_from = [state.models[k] for k in c["from"] if k in state.models]
    if isinstance(action, Trapped):
        if can_back_away(state, loser, away_from) and not only_drops(state, loser, away_from):
            raise Refusal(RULE_BACK, f"{loser.id} can back away: it is not trapped", action=text)
    else:
        reason = check_back(state, loser, away_from, action)
        if reason is not None:
            raise Refusal(RULE_MAKING_WAY if action.way else RULE_BACK, reason, action=text)
    return Plan(action=action, loser=loser, away_from=away_from)


def _take_back(state, c, plan) -> None:
    loser, action = plan.loser, plan.action
    c["to_back"].remove(loser.id)
    if isinstance(action, Trapped):
        trap(state, c, loser, plan.away_from)
        return
    for friend, spot in action.way:
        state.models[friend].x, state.models[friend].y = spot
        state.news.append(f"{friend} makes way")
    start = (loser.x, loser.y)
    loser.x, loser.y = action.to
    state.news.append(f"{loser.id} backs away")
    if stumbles(state, loser, start, action.to):
        c["double"][loser.id] = True
    if jumps(state, loser, start, action.to):
        return
    _knocked_down(state, c, loser)


RULE_STUMBLE = "The Fortress: Stumbles on Stairs"
RULE_DROPS = "The Fortress: Fighting Beside Precipitous Drops"


def drop_of(state, start, end) -> float:
    """How far a model backing from `start` to `end` in a fortress falls: a drop of a full
    1"/2cm or more from a rampart, a stair or a tower ('Fighting Beside Precipitous
    Drops'); 0 elsewhere."""
    if not state.scenario.table.fortress:
        return 0.0
    fall = state.table.ground_at(*start) - state.table.ground_at(*end)
    return fall if fall >= state.units.rule(1, 2) - 1e-9 else 0.0


def only_drops(state, loser, away_from) -> bool:
    """Whether every way back is over a sheer drop: the loser may then stay, trapped."""
    spots = free_spots(state, loser, away_from)
    return bool(spots) and all(drop_of(state, (loser.x, loser.y), s) > 0 for s in spots)


def jumps(state, loser, start, end) -> bool:
    """'Fighting Beside Precipitous Drops': backing over a sheer drop is a jump, one
    Strength 3 hit for each full 1"/2cm fallen; True if the fall slew the loser."""
    fall = drop_of(state, start, end)
    if fall <= 0:
        return False
    hits = int(fall / state.units.rule(1, 2) + 1e-9)
    state.news.append(f"{loser.id} jumps down {fall:.2f}{state.units.name}: {hits} Strength "
                      "3 hit(s)")
    for _ in range(hits):
        if wound_roll(state, 3, loser, f"{loser.id} falls"):
            wound(state, loser, 1)
            if loser.id not in state.models:
                return True
    return False


def stumbles(state, loser, start, end) -> bool:
    """'Stumbles on Stairs': a warrior forced back down a stair rolls a die: on 1-3 it
    stumbles and takes double strikes like a trapped warrior; on 4-6 it steps down."""
    stair = fortress.on_stairs(state.scenario.table.fortress, *start)
    if stair is None or not fortress.downward(stair, start, end):
        return False
    roll = roll_d6(state, f"stumble {loser.id}")
    state.news.append(f"{loser.id} is forced down {stair.name}: rolled {roll}: "
                      + ("it stumbles" if roll <= 3 else "it steps nimbly down"))
    return roll <= 3


def _answer_back(state, c, action, text) -> None:
    """A backing away chosen for the side (the quicker game's default)."""
    checked = _check_back(state, c, action, text)
    state.question = None
    _take_back(state, c, checked)


def _offer_spoils(state, c) -> bool:
    """'Picking Up Weapons': a Hero whose side won and who has slain all his opponents may take
    one weapon or shield from any of them. True while one is asked."""
    if not players_choose(state) or c["winner"] is None:
        return False
    if not c["losers"] or any(k in state.models for k in c["losers"]):
        return False
    for ident in c[c["winner"]]:
        hero = state.models.get(ident)
        if hero is None or not is_hero(hero) or ident in c["spoils"]:
            continue
        items = spoils(state, hero, [c["gear"][k] for k in c["losers"]])
        if items:
            state.question = {"kind": "take", "side": hero.side, "model": ident,
                              "items": items}
            return True
    return False
