"""`palantir odds strategy-battle fight|shot ...`: exact odds of a fight or a shot, by profile.

    palantir odds strategy-battle fight --good "Aragorn (Strider)" \
        --evil "2x Mordor Orc with sword and shield" --trapped evil --might good=win
    palantir odds strategy-battle fight --good "Dwarf Warrior with axe and shield @two-handed weapon" \
        --evil "Mordor Uruk-hai with sword +spear"
    palantir odds strategy-battle shot --shooter "Moria Goblin Warrior" --target "Wood Elf Warrior"

A model is `[Nx ]PROFILE[ @WEAPON][ +spear]`: N of them, fighting with WEAPON instead of its
own (hand weapon, two-handed weapon, dagger, lance), supported by a spear.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from fractions import Fraction

from ...engine.errors import PalantirError
from .odds import fight_odds, fighter_of, shot_odds
from .profiles import default_data

SPEC = re.compile(r"^(?:(?P<count>\d+)\s*x\s+)?(?P<name>.+?)(?:\s+@(?P<weapon>[^+]+?))?"
                  r"(?P<spear>\s+\+spear)?$")


class OddsError(PalantirError):
    """A query the odds calculator cannot answer, naming the field at fault."""


def parser() -> argparse.ArgumentParser:
    """The arguments after `palantir odds strategy-battle`."""
    p = argparse.ArgumentParser(prog="palantir odds strategy-battle",
                                description="Exact odds of a fight or a shot.")
    sub = p.add_subparsers(dest="kind", required=True)
    fight = sub.add_parser("fight", help="who wins a fight, wounds and kills")
    fight.add_argument("--good", action="append", required=True, metavar="MODEL",
                       help="[Nx ]PROFILE[ @WEAPON][ +spear], repeatable")
    fight.add_argument("--evil", action="append", required=True, metavar="MODEL")
    fight.add_argument("--trapped", action="append", default=[], choices=("good", "evil"),
                       help="this side cannot back away if it loses (double strikes)")
    fight.add_argument("--might", action="append", default=[], metavar="SIDE=POLICY",
                       help="none, win or bid:N for the side's Hero (default none)")
    fight.add_argument("--json", action="store_true")
    shot = sub.add_parser("shot", help="to hit and to wound with one shot")
    shot.add_argument("--shooter", required=True, metavar="PROFILE")
    shot.add_argument("--target", required=True, metavar="PROFILE")
    shot.add_argument("--in-the-way", type=int, default=0, metavar="N",
                      help="things in the way, each passed on a 4+")
    shot.add_argument("--json", action="store_true")
    return p


def _profile(name: str, field: str):
    profiles = default_data()[0]
    if name not in profiles:
        near = [p for p in profiles if name.lower() in p.lower()]
        hint = f"; did you mean: {', '.join(near)}" if near else \
            f"; the profiles are: {', '.join(profiles)}"
        raise OddsError(f"{field}: no profile '{name}'{hint}")
    return profiles[name]


def _side(specs: list[str], field: str) -> tuple[list, list[str]]:
    charts = default_data()[2]
    fighters, names = [], []
    for spec in specs:
        match = SPEC.match(spec.strip())
        if not match:
            raise OddsError(f"{field} '{spec}': expected [Nx ]PROFILE[ @WEAPON][ +spear]")
        count = int(match["count"] or 1)
        if count < 1:
            raise OddsError(f"{field} '{spec}': at least one model")
        profile = _profile(match["name"], field)
        try:
            fighter = fighter_of(profile, charts, weapon=match["weapon"],
                                 supported=bool(match["spear"]))
        except ValueError as exc:
            raise OddsError(f"{field} '{spec}': {exc}") from None
        fighters += [fighter] * count
        names += [spec.strip()]
    return fighters, names


def _number(p) -> dict:
    p = Fraction(p)
    return {"p": float(p), "exact": f"{p.numerator}/{p.denominator}"}


def fight_query(args) -> dict:
    """The exact odds of the fight the arguments describe, as JSON data."""
    charts = default_data()[2]
    good, good_names = _side(args.good, "--good")
    evil, evil_names = _side(args.evil, "--evil")
    might = {}
    for item in args.might:
        side, sep, policy = item.partition("=")
        if not sep or side not in ("good", "evil"):
            raise OddsError(f"--might '{item}': expected good=POLICY or evil=POLICY")
        might[side] = policy
    try:
        odds = fight_odds(good, evil, charts.to_wound, trapped=args.trapped, might=might)
    except ValueError as exc:
        raise OddsError(f"fight: {exc}") from None
    return {"fight": {"good": good_names, "evil": evil_names, "trapped": sorted(args.trapped),
                      "might": might},
            "good_wins": _number(odds["good_wins"]), "evil_wins": _number(odds["evil_wins"]),
            "good_kills": _number(odds["good_kills"]), "evil_kills": _number(odds["evil_kills"]),
            "good_might_spent": float(odds["good_might"]),
            "evil_might_spent": float(odds["evil_might"]),
            "wounds_if_good_wins": {str(k): _number(v) for k, v in
                                    sorted(odds["wounds_if_good_wins"].items())},
            "wounds_if_evil_wins": {str(k): _number(v) for k, v in
                                    sorted(odds["wounds_if_evil_wins"].items())}}


def shot_query(args) -> dict:
    """The exact odds of one shot, as JSON data ('The Shoot Phase', 'Wound Chart')."""
    charts = default_data()[2]
    shooter = _profile(args.shooter, "--shooter")
    target = _profile(args.target, "--target")
    if shooter.shoot is None or shooter.missile is None:
        raise OddsError(f"--shooter: '{shooter.name}' carries no missile weapon")
    if args.in_the_way < 0:
        raise OddsError("--in-the-way: a count, 0 or more")
    missile = charts.missiles[shooter.missile]
    odds = shot_odds(shooter.shoot, missile.strength, target.defence, charts.to_wound,
                     in_the_way=args.in_the_way)
    return {"shot": {"shooter": shooter.name, "missile": missile.name,
                     "strength": missile.strength, "target": target.name,
                     "defence": target.defence, "needs": charts.to_wound(missile.strength,
                                                                        target.defence),
                     "in_the_way": args.in_the_way},
            "hit": _number(odds["hit"]), "reaches": _number(odds["reaches"]),
            "wounds": _number(odds["wounds"])}


def _text(result: dict) -> str:
    def pct(entry):
        return f"{entry['p']:7.2%}  ({entry['exact']})"
    if "shot" in result:
        s = result["shot"]
        return "\n".join([
            f"{s['shooter']} ({s['missile']}, Strength {s['strength']}) shoots "
            f"{s['target']} (Defence {s['defence']}: needs {s['needs']})",
            f"hits             {pct(result['hit'])}",
            f"past {s['in_the_way']} in the way  {pct(result['reaches'])}",
            f"wounds           {pct(result['wounds'])}"])
    f = result["fight"]
    lines = [f"Good: {' + '.join(f['good'])}  v  Evil: {' + '.join(f['evil'])}"
             + (f"; trapped: {', '.join(f['trapped'])}" if f["trapped"] else "")
             + (f"; Might: {', '.join(f'{k} {v}' for k, v in f['might'].items())}"
                if f["might"] else ""),
             f"good wins the fight  {pct(result['good_wins'])}",
             f"evil wins the fight  {pct(result['evil_wins'])}",
             f"good kills           {pct(result['good_kills'])}",
             f"evil kills           {pct(result['evil_kills'])}"]
    for side in ("good", "evil"):
        lines.append(f"wounds struck if {side} wins: " + ", ".join(
            f"{k}: {v['p']:.2%}" for k, v in result[f"wounds_if_{side}_wins"].items()))
    for side in ("good", "evil"):
        if result[f"{side}_might_spent"]:
            lines.append(f"{side} spends {result[f'{side}_might_spent']:.3f} Might on average")
    return "\n".join(lines)


def odds_command(argv: list[str]) -> int:
    """Run the odds query given after `palantir odds strategy-battle`; prints text or JSON."""
    args = parser().parse_args(argv)
    result = fight_query(args) if args.kind == "fight" else shot_query(args)
    print(json.dumps(result, ensure_ascii=False) if args.json else _text(result),
          file=sys.stdout)
    return 0
