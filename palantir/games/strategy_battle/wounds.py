"""Heroes' stores spent on their own rolls: Might after seeing a roll, and Fate against a
wound ('Heroes: Might, Will & Fate').

Might in a fight's duel and on a fight's wound rolls is asked by the fight itself
(combat.py); here is Might on every other roll a Hero makes to resolve something he has
done — to hit with a shot and to wound with it, a Courage test, a Jump or Thrown Rider
roll, casting and resisting magic, a Fate roll ('Can I Use Might?') — and Fate against any
wound. Each roll is asked about once, after it is seen, only when points could change its
result; 50/50 rolls (in the way, the mount or the rider) are never asked about.

Questions:

    roll  {"model", "for", "score", "might": [useful amounts], "reroll": bool}
          answered 'might G1 2', 'reroll G1' (when a rule allows a re-roll) or 'pass'
    fate  {"target"}: answered 'fate G1' (one point, a die: 4+ recovers) or 'pass'
"""

from __future__ import annotations

from ...engine.errors import IllegalAction
from . import procedure
from .notation import FateRoll, Might, Pass, Reroll

D6 = ("1", "2", "3", "4", "5", "6")
RULE_MIGHT = "Heroes: Might"
RULE_FATE = "Heroes: Fate"


def offer(state, frame: dict, hero, kind: str, score: int, goals, *, room: int | None = None,
          reroll: bool = False, spare: int = 0) -> bool:
    """Ask the Hero, once for this roll, whether to spend Might on it; True if asked.

    `goals` are the scores that would give a better result (a Jump's 2 and 6); points that
    reach one are offered. `room` is how far the dice can still be raised (each die counts
    at most 6: 'Might'); `spare` offers raising a result that already succeeds by up to
    that many points (a cast's best die, which the resistance must then beat). `reroll`
    offers a re-roll the rules allow instead."""
    if frame.get("answered") or hero is None:
        return False
    room = 6 - score if room is None else room
    left = min(hero.might_left, room)
    amounts = sorted({g - score for g in goals if 0 < g - score <= left}
                     | set(range(1, min(spare, left) + 1)))
    if not amounts and not reroll:
        return False
    state.question = {"kind": "roll", "side": hero.side, "model": hero.id, "for": kind,
                      "score": score, "might": amounts, "reroll": reroll}
    return True


def spent(frame: dict) -> int:
    """The Might points spent on a frame's roll so far."""
    return frame.get("might", 0)


def answer_roll(state, action, text: str) -> None:
    """Take a Hero's answer about his roll: Might points, a re-roll, or 'pass'."""
    q = state.question
    frame = procedure.top(state)
    hero = state.models[q["model"]]
    if isinstance(action, Might):
        if action.model != hero.id:
            # 'Might': a Hero can only use Might to affect his own dice rolls
            raise IllegalAction(f"the roll is {hero.id}'s: only he may spend Might on it",
                                rule=RULE_MIGHT, action=text)
        if not 1 <= action.points <= hero.might_left:
            raise IllegalAction(f"{hero.id} has {hero.might_left} Might", rule=RULE_MIGHT,
                                action=text)
    elif isinstance(action, Reroll):
        if not q["reroll"] or action.model != hero.id:
            raise IllegalAction(f"{action.model} has no re-roll of this die",
                                rule="Introduction: Re-rolls", action=text)
    elif not isinstance(action, Pass):
        raise IllegalAction(f"spend Might on {hero.id}'s roll ('might {hero.id} 1')"
                            + (f", re-roll it ('reroll {hero.id}')" if q["reroll"] else "")
                            + " or 'pass'", rule=RULE_MIGHT, action=text)
    state.question = None
    if isinstance(action, Reroll):
        frame["reroll"] = True
        return
    frame["answered"] = True
    if isinstance(action, Might):
        hero.spend_might(action.points)
        frame["might"] = spent(frame) + action.points
        state.news.append(f"{hero.id} spends {action.points} Might on the {q['for']} roll")


def candidates_roll(state) -> list:
    """The answers to a question about a Hero's roll."""
    q = state.question
    out = [Might(q["model"], n) for n in q["might"]]
    if q["reroll"]:
        out.append(Reroll(q["model"]))
    return out + [Pass()]


def roll_again(frame: dict) -> None:
    """Forget the answers about a roll once it is re-rolled (the new one may be asked about,
    but never re-rolled again: 'Re-rolls')."""
    frame.pop("answered", None)
    frame.pop("reroll", None)
    frame["rerolled"] = True


# ---------------------------------------------------------------- Fate

def suffer(state, victim) -> None:
    """A wound is about to be taken: a Hero with Fate may first try to recover it."""
    procedure.push(state, {"proc": "fate", "target": victim.id, "declined": False})


@procedure.step("fate")
def _fate(state, frame) -> None:
    """'Fate': one point a die, 4+ recovers the wound; roll again while Fate lasts, or take it."""
    from .cavalry import find, take_wound
    victim = find(state, frame["target"])           # on the table, or a passenger
    if victim is None:
        procedure.finish(state, frame)
        return
    if frame.get("score") is not None:
        hero = victim
        if frame["score"] < 4 and offer(state, frame, hero, "Fate", frame["score"], (4,)):
            return
        die = frame["score"]
        score = min(6, die + spent(frame))
        for key in ("score", "answered", "might"):
            frame.pop(key, None)
        told = f"{victim.id} spends Fate: rolled {die}" + (f", {score} with Might"
                                                            if score != die else "")
        if score >= 4:
            state.news.append(f"{told}: the wound is recovered")
            if frame.get("combat") and state.combat is not None:
                state.combat["wounded"] = None
            procedure.finish(state, frame)
            return
        state.news.append(f"{told}: no luck")
        if frame.get("combat"):
            procedure.finish(state, frame)       # the fight asks again, or takes the wound
            return
    if victim.fate > 0 and not frame["declined"]:
        state.question = {"kind": "fate", "side": victim.side, "target": victim.id}
        return
    procedure.finish(state, frame)
    take_wound(state, victim)


def answer_fate(state, action, text: str) -> None:
    """'Fate': a point spent and a die rolled, or the wound taken ('pass').

    A wound struck in a fight waits in the fight's record (combat.py); any other wound waits
    in a fate frame. Either way a failed die may be raised with Might ('Using Might, Will &
    Fate Together')."""
    q = state.question
    if not isinstance(action, (FateRoll, Pass)):
        raise IllegalAction(f"roll Fate for {q['target']} ('fate {q['target']}') or 'pass'",
                            rule=RULE_FATE, action=text)
    if isinstance(action, FateRoll) and action.model != q["target"]:
        raise IllegalAction(f"the wound is on {q['target']}", rule=RULE_FATE, action=text)
    state.question = None
    frame = procedure.top(state, "fate")
    in_fight = frame is None
    if in_fight and isinstance(action, Pass):
        state.combat["wounded"]["declined"] = True
        return
    if isinstance(action, Pass):
        frame["declined"] = True
        return
    from .cavalry import find
    hero = find(state, q["target"])
    hero.fate -= 1
    roll = int(state.dice.roll(f"fate {hero.id}", D6))
    if in_fight:
        frame = procedure.push(state, {"proc": "fate", "target": hero.id, "declined": False,
                                       "combat": True})
    frame["score"] = roll


def candidates_fate(state) -> list:
    """The answers to a wounded Hero's Fate question."""
    return [FateRoll(state.question["target"]), Pass()]


procedure.question("roll", answer_roll, candidates_roll)
procedure.question("fate", answer_fate, candidates_fate)
