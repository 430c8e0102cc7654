"""The Strategy Battle odds calculator against a Monte Carlo of 100,000 fights per case.

For each case (profiles, weapons, spears, trapped sides, Might policies, shielding, cavalry
charges, Might on wound and Fate rolls, Fate) the exact odds of
`palantir.games.strategy_battle.odds` are compared with the frequencies of `--fights` fights
worked out by `odds_sampling` (NumPy, an independent working of the same rules). Every
probability must lie within `--sigmas` standard errors; the script prints each case, the
largest deviation in standard errors, and exits 1 on any disagreement. It also prints exact
queries per second beside sampled fights per second, measured in the same run.

Run it: `.venv/bin/python benchmarks/mc_strategy_battle_odds.py [--fights 100000]`.
"""

from __future__ import annotations

import argparse
import sys
import time

from palantir.games.strategy_battle.odds import fight_odds, fighter_of, fighters_of
from palantir.games.strategy_battle.odds_sampling import disagreements, sample_fights
from palantir.games.strategy_battle.profiles import default_data

ORC = "Mordor Orc with sword and shield"


def cases():
    """(label, good, evil, keyword arguments of fight_odds) for a spread of fights."""
    profiles, mounts, charts = default_data()

    def f(name, **kw):
        return fighter_of(profiles[name], charts, mounts=mounts, **kw)

    return [
        ("Rohan v Orc", [f("Warrior of Rohan with sword and shield")], [f(ORC)], {}),
        ("Aragorn (win) v 2 Orcs, Orcs trapped", [f("Aragorn (Strider)")], [f(ORC)] * 2,
         {"might": {"good": "win"}, "trapped": ["evil"]}),
        ("Aragorn bid 1 v Lurtz bid 2", [f("Aragorn (Strider)")], [f("Lurtz")],
         {"might": {"good": "bid:1", "evil": "bid:2"}}),
        ("Uruk two-handed v Dwarf, both trapped",
         [f("Mordor Uruk-hai with sword", weapon="two-handed weapon")],
         [f("Dwarf Warrior with axe and shield")], {"trapped": ["good", "evil"]}),
        ("3 Minas Tirith (spears) v Cave Troll, Men trapped",
         [f("Warrior of Minas Tirith", supported=True)] * 3, [f("Cave Troll")],
         {"trapped": ["good"]}),
        ("Boromir v Uruk-hai Captain (win)", [f("Boromir")], [f("Uruk-hai Captain")],
         {"might": {"evil": "win"}}),
        ("Orc with dagger v 2 Rohan", [f(ORC, weapon="dagger")],
         [f("Warrior of Rohan with sword and shield")] * 2, {"trapped": ["good"]}),
        ("Rohan shielding v Uruk", [f("Warrior of Rohan with sword and shield")],
         [f("Mordor Uruk-hai with sword")], {"shielding": ["good"]}),
        ("Rider of Rohan charging v Orc shielding", [f("Rider of Rohan", charging=True)],
         [f(ORC)], {"shielding": ["evil"]}),
        ("Theoden charging v Cave Troll (win, Might on rolls)",
         [f("Théoden on horse", charging=True)], [f("Cave Troll")],
         {"might": {"good": "win"}, "roll_might": ["good"]}),
        ("Boromir bid 2 v Captain bid 1, Might on rolls, Fate",
         [f("Boromir")], [f("Uruk-hai Captain")],
         {"might": {"good": "bid:2", "evil": "bid:1"}, "roll_might": ["good", "evil"],
          "fate": ["good", "evil"]}),
        ("Aragorn (win) v Lurtz + Orc, Fate, Lurtz trapped",
         [f("Aragorn (Strider)")], [f("Lurtz"), f(ORC)],
         {"might": {"good": "win"}, "roll_might": ["good", "evil"], "fate": ["good", "evil"],
          "trapped": ["evil"]}),
        # 'Monstrous Mounts': the Warg a model of its own beside its rider (73/216)
        ("Minas Tirith v Warg Rider charging", [f("Warrior of Minas Tirith")],
         fighters_of(profiles["Warg Rider"], charts, mounts=mounts, charging=True), {}),
    ]


def worst_sigma(exact, sampled, n) -> float:
    """The largest deviation of the sample from the exact odds, in standard errors."""
    worst = 0.0
    for key in ("good_wins", "good_kills", "evil_kills"):
        p = float(exact[key])
        error = (p * (1 - p) / n) ** 0.5
        if error:
            worst = max(worst, abs(sampled[key] - p) / error)
    return worst


def main() -> int:
    """Print each case's agreement; exit 1 if any disagrees."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fights", type=int, default=100_000)
    parser.add_argument("--sigmas", type=float, default=4.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    entry_of = default_data()[2].to_wound
    failed = 0
    exact_time = sample_time = 0.0
    for i, (label, good, evil, kw) in enumerate(cases()):
        started = time.perf_counter()
        exact = fight_odds(good, evil, entry_of, **kw)
        exact_time += time.perf_counter() - started
        started = time.perf_counter()
        sampled = sample_fights(good, evil, entry_of, args.fights, args.seed + i, **kw)
        sample_time += time.perf_counter() - started
        wrong = disagreements(exact, sampled, args.fights, args.sigmas)
        failed += bool(wrong)
        print(f"{label:55} good wins {float(exact['good_wins']):.4f} sampled "
              f"{sampled['good_wins']:.4f}  worst {worst_sigma(exact, sampled, args.fights):4.2f}"
              f" sigma  {'DISAGREES: ' + '; '.join(wrong) if wrong else 'ok'}")
    n = len(cases())
    print(f"exact queries/s {n / exact_time:10.1f}   sampled fights/s "
          f"{n * args.fights / sample_time:12.0f}   ratio (fights sampled in one exact "
          f"query's time) {(n * args.fights / sample_time) / (n / exact_time):.0f}")
    print("all cases agree" if not failed else f"{failed} case(s) disagree")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
