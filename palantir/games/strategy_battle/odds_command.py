"""`palantir odds strategy-battle fight|shot ...`: exact odds of a fight or a shot, by profile.

    palantir odds strategy-battle fight --good "Aragorn (Strider)" \
        --evil "2x Mordor Orc with sword and shield" --trapped evil --might good=win
    palantir odds strategy-battle fight --good "Mordor Uruk-hai with sword @two-handed weapon" \
        --evil "Warrior of Minas Tirith +spear"
    palantir odds strategy-battle fight --good "Rider of Rohan +charging" \
        --evil "Mordor Orc with sword and shield" --shield evil
    palantir odds strategy-battle shot --shooter "Moria Goblin Warrior" --target "Wood Elf Warrior"

A model is `[Nx ]PROFILE[ @WEAPON][ +spear][ +charging][ +on foot]` (see MODEL_HELP).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from fractions import Fraction

from ...engine.errors import PalantirError
from .odds import fight_odds, fighters_of, shot_odds
from .profiles import default_data

SPEC = re.compile(r"^(?:(?P<count>\d+)\s*x\s+)?(?P<name>.+?)(?:\s+@(?P<weapon>[^+]+?))?"
                  r"(?P<flags>(?:\s+\+(?:spear|charging|on foot))*)$")

MODEL_HELP = """\
A model is [Nx ]PROFILE[ @WEAPON][ +spear][ +charging][ +on foot]:
  Nx         N models of the profile (data/profiles.toml)
  @WEAPON    fights with WEAPON instead of the one the referee gives it: hand weapon,
             two-handed weapon (not mounted, not with a shield), dagger, lance (a rider
             charging only) ('Weapons')
  +spear     a spear supports it: +1 Attack; not a rider, not a shielding side ('Spears')
  +charging  a rider who charged this turn, not in difficult terrain: +1 Attack and the
             beaten foes on foot knocked down (double strikes) when all its foes are on
             foot; a lance wounds at +1 ('Cavalry Charge!', 'Lances')
  +on foot   a cavalry profile fighting on foot (a thrown or dismounted rider)
A rider's monstrous mount (one with Fight and Attacks, as the Warg) fights as a model of its
own beside him: its dice, its Fight value, its Strength ('Monstrous Mounts'); a monstrous
mount's rider gets no Extra Attack when charging.
A fight is one model on one side against one or more on the other ('Fights'); when a lone
winner beats several, all its strikes go at the first of them.

Might policies for a side's Hero (its first model with Might), --might SIDE=POLICY:
  none       spend nothing (the default)
  win        when not sure to win as the dice stand, the fewest points that win outright,
             else that force a 50/50 tie roll at equal Fight, else nothing
  bid:N      N points when not sure to win; when both sides have a policy, the secret bids
             of the referee: both spend their N ('win' against a bid is refused)
--might-on-rolls SIDE: that side's Heroes also spend the Might left after the duel on their
own failed wound rolls and Fate dice, the fewest points that make the roll.
--fate SIDE: that side's struck Hero spends Fate on each wound: a die a point, 4+ recovers.
--banner SIDE: the fight is in range of that side's banner: when behind as the dice stand
it re-rolls its lowest duel die before Might, the side behind first ('Banners');
--banner-first SIDE decides first on a level duel (the side with priority; default good).
"""


class OddsError(PalantirError):
    """A query the odds calculator cannot answer, naming the field at fault."""


def parser() -> argparse.ArgumentParser:
    """The arguments after `palantir odds strategy-battle`."""
    p = argparse.ArgumentParser(prog="palantir odds strategy-battle",
                                description="Exact odds (fractions, never sampled) of a fight "
                                "or a shot in the Strategy Battle Game.",
                                epilog=MODEL_HELP,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="kind", required=True, metavar="fight|shot")
    fight = sub.add_parser("fight", help="who wins a fight, wounds and kills",
                           description="Each side's chance to win the duel and to kill, the "
                           "wounds the beaten model loses, the Might spent in the duel.",
                           epilog=MODEL_HELP,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
    fight.add_argument("--good", action="append", required=True, metavar="MODEL",
                       help="a Good model: [Nx ]PROFILE[ @WEAPON][ +spear][ +charging]"
                       "[ +on foot]; repeatable")
    fight.add_argument("--evil", action="append", required=True, metavar="MODEL",
                       help="an Evil model, as --good; repeatable")
    fight.add_argument("--trapped", action="append", default=[], choices=("good", "evil"),
                       help="this side cannot back away if it loses: the winners' strikes "
                       "count double ('Trapped Fighters'); repeatable")
    fight.add_argument("--shield", action="append", default=[], choices=("good", "evil"),
                       help="this side shields: two dice per Attack, no blows if it wins; "
                       "all its models must carry shields, on foot ('Shields'); repeatable")
    fight.add_argument("--might", action="append", default=[], metavar="SIDE=POLICY",
                       help="none, win or bid:N for the side's Hero in the duel "
                       "(default none); repeatable")
    fight.add_argument("--might-on-rolls", action="append", default=[],
                       choices=("good", "evil"),
                       help="the side's Heroes spend Might left on failed wound rolls and "
                       "Fate dice; repeatable")
    fight.add_argument("--fate", action="append", default=[], choices=("good", "evil"),
                       help="the side's struck Hero spends Fate on each wound; repeatable")
    fight.add_argument("--banner", action="append", default=[], choices=("good", "evil"),
                       help="the fight is in range of this side's banner: it rolls one "
                       "duel die again when behind ('Banners'); repeatable")
    fight.add_argument("--banner-first", default="good", choices=("good", "evil"),
                       help="on a level duel, the side that decides on its re-roll first "
                       "(the side with priority; default good)")
    fight.add_argument("--json", action="store_true",
                       help='one JSON object, each probability as {"p": float, "exact": "a/b"}')
    shot = sub.add_parser("shot", help="to hit and to wound with one shot",
                          description="The chance one shot hits, gets past what is in the "
                          "way (each a 4+) and wounds ('The Shoot Phase', 'Wound Chart').")
    shot.add_argument("--shooter", required=True, metavar="PROFILE",
                      help="the shooting profile (its missile weapon and Shoot value)")
    shot.add_argument("--target", required=True, metavar="PROFILE",
                      help="the target's profile (its Defence)")
    shot.add_argument("--in-the-way", type=int, default=0, metavar="N",
                      help="things in the way, each passed on a 4+ (default 0)")
    shot.add_argument("--json", action="store_true",
                      help='one JSON object, each probability as {"p": float, "exact": "a/b"}')
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
    _, mounts, charts = default_data()
    fighters, names = [], []
    for spec in specs:
        match = SPEC.match(spec.strip())
        if not match:
            raise OddsError(f"{field} '{spec}': expected [Nx ]PROFILE[ @WEAPON][ +spear]"
                            "[ +charging][ +on foot]")
        count = int(match["count"] or 1)
        if count < 1:
            raise OddsError(f"{field} '{spec}': at least one model")
        profile = _profile(match["name"], field)
        flags = match["flags"]
        try:
            models = fighters_of(profile, charts, weapon=match["weapon"],
                                 supported="+spear" in flags, mounts=mounts,
                                 charging="+charging" in flags, on_foot="+on foot" in flags)
        except ValueError as exc:
            raise OddsError(f"{field} '{spec}': {exc}") from None
        fighters += models * count
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
        odds = fight_odds(good, evil, charts.to_wound, trapped=args.trapped, might=might,
                          shielding=args.shield, roll_might=args.might_on_rolls,
                          fate=args.fate, banner=args.banner, banner_first=args.banner_first)
    except ValueError as exc:
        raise OddsError(f"fight: {exc}") from None
    described = {"good": good_names, "evil": evil_names, "trapped": sorted(args.trapped),
                 "shielding": sorted(set(args.shield)), "might": might,
                 "might_on_rolls": sorted(set(args.might_on_rolls)),
                 "fate": sorted(set(args.fate))}
    if args.banner:
        described.update(banner=sorted(set(args.banner)), banner_first=args.banner_first)
    return {"fight": described,
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
             + (f"; shielding: {', '.join(f['shielding'])}" if f["shielding"] else "")
             + (f"; Might on rolls: {', '.join(f['might_on_rolls'])}"
                if f["might_on_rolls"] else "")
             + (f"; Fate: {', '.join(f['fate'])}" if f["fate"] else "")
             + (f"; banner: {', '.join(f['banner'])}" if f.get("banner") else "")
             + (f"; Might: {', '.join(f'{k} {v}' for k, v in f['might'].items())}"
                if f["might"] else ""),
             f"good wins the fight  {pct(result['good_wins'])}",
             f"evil wins the fight  {pct(result['evil_wins'])}",
             f"good kills           {pct(result['good_kills'])}",
             f"evil kills           {pct(result['evil_kills'])}"]
    for side in ("good", "evil"):
        lines.append(f"wounds lost if {side} wins: " + ", ".join(
            f"{k}: {v['p']:.2%}" for k, v in result[f"wounds_if_{side}_wins"].items()))
    for side in ("good", "evil"):
        if result[f"{side}_might_spent"]:
            lines.append(f"{side} spends {result[f'{side}_might_spent']:.3f} Might in the duel "
                         "on average")
    return "\n".join(lines)


def odds_command(argv: list[str]) -> int:
    """Run the odds query given after `palantir odds strategy-battle`; prints text or JSON."""
    args = parser().parse_args(argv)
    result = fight_query(args) if args.kind == "fight" else shot_query(args)
    print(json.dumps(result, ensure_ascii=False) if args.json else _text(result),
          file=sys.stdout)
    return 0
