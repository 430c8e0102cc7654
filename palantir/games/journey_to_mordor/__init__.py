"""Journey to Mordor (Kosmos 2015): push-your-luck dice for 1–4 players."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Mapping

from ...engine.dice import Dice, SeededDice
from ...engine.errors import BadOption, BadPosition
from ...engine.game import Game
from ...engine.options import Option
from ...engine.search import SearchHooks
from .analysis_profile import ANALYSIS_PROFILE
from . import heuristics
from .odds import OptimalTurnAgent
from .components import Components, check_faces, default_components
from .rules import (ADVANCING_PHASE, HALF_MARKED, MARKED, OVER, ROLLING, SPLIT, SPLIT_MARKED,
                    WHOLE, JourneyState)

SQUARES = (WHOLE, MARKED, SPLIT, HALF_MARKED, SPLIT_MARKED)


class JourneyToMordor(Game):
    """The game object registered as `journey-to-mordor`."""

    id = "journey-to-mordor"
    title = "Journey to Mordor"
    ruleset = "1"
    min_players = 1
    max_players = 4
    presentation_path = "palantir.games.journey_to_mordor.presentation:PRESENTATION"
    analysis_profile = ANALYSIS_PROFILE
    batch_path = "palantir.games.journey_to_mordor.batch:JourneyBatch"
    own_agents = {"optimal-turn": (
        "plays each turn for the best chance of winning from where the turn ends (two "
        "players, basic game; elsewhere expected spaces less Nazgûl marks and elimination), "
        "exact odds by dynamic programming (odds.py)", OptimalTurnAgent)}

    def option_schema(self):
        if self._schema is None:
            self._schema = self._build_schema()
        return self._schema

    _schema = None

    def _build_schema(self):
        parts = default_components()
        hobbits = parts.hobbit_order

        def distinct(value):
            if len(set(value)) != len(value):
                return "no two players may choose the same hobbit"
            return None

        def faces_check(black):
            def check(value):
                return check_faces(tuple(value), black=black) if value else None
            return check

        return (
            Option("players", "int", 2, "number of players", minimum=1, maximum=4),
            Option("locations", "bool", False, "the version with location features"),
            Option("hobbits", "list", (), "hobbit of each seat in turn order "
                   "(default frodo,sam,merry,pippin)", choices=hobbits, check=distinct),
            Option("nazgul_squares", "int", parts.nazgul_squares,
                   "squares on the Nazgûl route, the last one Mordor",
                   minimum=1, maximum=20, reconstructed=True),
            Option("coloured_die", "list", (), "the six faces of each coloured die "
                   f"(default {','.join(parts.coloured_faces)})", reconstructed=True,
                   check=faces_check(False), case_sensitive=True),
            Option("black_die", "list", (), "the six faces of the black die "
                   f"(default {','.join(parts.black_faces)})", reconstructed=True,
                   check=faces_check(True), case_sensitive=True),
        )

    def validate_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        given = dict(given or {})
        for key in ("coloured_die", "black_die"):  # face letters are capitals: accept r,g,f
            if isinstance(given.get(key), str):
                given[key] = given[key].upper()
            elif isinstance(given.get(key), (list, tuple)):
                given[key] = [str(face).upper() for face in given[key]]
        options = super().validate_options(given)
        parts = default_components()
        if not options["hobbits"]:
            options["hobbits"] = parts.hobbit_order[: options["players"]]
        elif len(options["hobbits"]) != options["players"]:
            raise BadOption("hobbits", f"{len(options['hobbits'])} hobbits named for "
                            f"{options['players']} players")
        options["coloured_die"] = tuple(options["coloured_die"]) or parts.coloured_faces
        options["black_die"] = tuple(options["black_die"]) or parts.black_faces
        return options

    def players_of(self, options: Mapping[str, Any]) -> int:
        return int(options["players"])

    def components_for(self, options: Mapping[str, Any]):
        """The components with the options' overrides of reconstructed values."""
        return replace(default_components(), nazgul_squares=options["nazgul_squares"],
                       coloured_faces=tuple(options["coloured_die"]),
                       black_faces=tuple(options["black_die"]))

    def new_state(self, options: Mapping[str, Any] | None, dice: Dice) -> JourneyState:
        options = self.validate_options(options)
        state = JourneyState(self, options, self.components_for(options), dice)
        state.start_turn()
        return state

    def state_from_view(self, view: Mapping[str, Any], dice: Dice) -> JourneyState:
        options = self.validate_options(view["options"])
        parts = self.components_for(options)
        _check_sheets(view, options["players"], parts)
        state = JourneyState(self, options, parts, dice)
        names = parts.die_names
        state.ring = list(view["ring"])
        state.nazgul = [list(squares) for squares in view["nazgul"]]
        state.eliminated = list(view["eliminated"])
        state.arrived = list(view["arrived"])
        state.active = view["active"]
        state.round = view["round"]
        state.phase = view["phase"]
        state.feature = view["feature"]
        state.roll = [(names.index(d), f) for d, f in view["roll"]]
        state.aside = [(names.index(d), f) for d, f in view["aside"]]
        state.rerolled = view["rerolled"]
        state.advance_max = view["advance_max"]
        state.final_round = view["final_round"]
        if state.phase == "over":
            state.finish()
        return state

    def search(self) -> SearchHooks:
        """What mcts asks of this game: the heuristic's rollout policy, its rollouts played
        by the batch engine where Numba is installed."""
        return SearchHooks(rollout_policy=self.rollout_policy,
                           search_rollout=self.search_rollout)

    def search_rollout(self, root: JourneyState):
        """The batch engine's heuristic plays mcts's rollouts below `root` (batch.Playout),
        or None without Numba: mcts then plays heuristics.rollout_policy itself."""
        engine = self.batch_engine()
        if engine is None or engine.refusal(("heuristic",)):
            return None
        return engine.playout(root.options)

    def warm_up(self) -> None:
        """Compile (or load from Numba's cache) the batch engine mcts rolls out with: the
        first compile takes some ten seconds, longer than a seat's time limit."""
        root = self.new_state(self.validate_options({"players": 2}), SeededDice(0))
        playout = self.search_rollout(root)
        if playout is not None:
            playout(root, random.Random(0))

    def heuristic_agent(self, seat: int, seed: int | None):
        return heuristics.HeuristicAgent(seat, seed)

    def rollout_policy(self):
        return heuristics.rollout_policy


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_sheets(view: Mapping[str, Any], players: int, parts: Components) -> None:
    """Refuse (BadPosition) a view whose sheets and dice no game has: a list of another
    length than the seats, a Ring-bearer off the route, a square or die face that is not
    one, a die named twice: a position read from a file must not break the rules later."""
    def need(ok: bool, name: str, what: str) -> None:
        if not ok:
            raise BadPosition(f"position.{name}", what)

    for name in ("ring", "nazgul", "eliminated", "arrived"):
        need(isinstance(view[name], list) and len(view[name]) == players, name,
             f"one entry per seat ({players})")
    for seat in range(players):
        ring, squares = view["ring"][seat], view["nazgul"][seat]
        need(_whole(ring) and 0 <= ring <= len(parts.ring_spaces), f"ring[{seat}]",
             f"a space of the route, 0 to {len(parts.ring_spaces)}")
        need(isinstance(squares, list) and len(squares) == parts.nazgul_squares
             and all(_whole(q) and q in SQUARES for q in squares), f"nazgul[{seat}]",
             f"{parts.nazgul_squares} squares, each one of {list(SQUARES)}")
        for name in ("eliminated", "arrived"):
            need(isinstance(view[name][seat], bool), f"{name}[{seat}]", "true or false")
    need(_whole(view["active"]) and 0 <= view["active"] < players, "active",
         f"a seat, 0 to {players - 1}")
    need(_whole(view["round"]) and view["round"] >= 1, "round", "a round, 1 or more")
    need(view["phase"] in (ROLLING, ADVANCING_PHASE, OVER), "phase",
         f"one of {[ROLLING, ADVANCING_PHASE, OVER]}")
    need(_whole(view["advance_max"]) and view["advance_max"] >= 0, "advance_max",
         "a whole number, 0 or more")
    for name in ("rerolled", "final_round"):
        need(isinstance(view[name], bool), name, "true or false")
    need(view["feature"] is None or isinstance(view["feature"], str), "feature",
         "null or a feature")
    named: list[str] = []
    for name in ("roll", "aside"):
        for i, die in enumerate(view[name]):
            ok = (isinstance(die, list) and len(die) == 2 and die[0] in parts.die_names
                  and isinstance(die[1], str))
            need(ok and die[1] in parts.faces_of(parts.die_names.index(die[0]))
                 and die[0] not in named, f"{name}[{i}]",
                 "a die not named before and one of its faces, e.g. [\"black\", \"R\"]")
            named.append(die[0])
