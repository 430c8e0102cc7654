"""Every registered game seen through the engine contract alone: its variants, random legal
games, and snapshots of what each seat sees (for "nothing changed" and "the same")."""

from __future__ import annotations

import random
from typing import Any, Callable, Iterator, NamedTuple

import pytest

from palantir.agents import RandomAgent
from palantir.engine import IllegalAction
from palantir.engine.dice import SeededDice
from palantir.engine.game import Game, State, game_ids, get_game
from palantir.engine.match import play_match
from palantir.engine.record import GameRecord


class Variant(NamedTuple):
    """One way to set a game up: the game's id, the options given, and a readable name."""

    game: str
    options: dict[str, Any]
    name: str

    def param(self):
        """This variant as a pytest parameter, named `game[name]`."""
        return pytest.param(self, id=f"{self.game}[{self.name}]")


def variants(game: Game) -> list[Variant]:
    """The defaults, then each option moved alone off its default: the fewest and most
    seats, every value of a choice (a scenario, an expansion), every switch flipped.
    Options naming files and free lists are left at their defaults. Read from the option
    schema, so a registered game is covered without a line here."""
    found = [Variant(game.id, {}, "defaults")]
    for option in game.option_schema():
        if option.local or option.kind == "list":
            continue
        if option.kind == "bool":
            values = [not option.default]
        elif option.kind == "choice":
            values = [v for v in option.choices if v != option.default]
        elif option.name == "players":
            values = [v for v in (option.minimum, option.maximum) if v != option.default]
        else:
            continue  # a number's range is the rules' concern, not a variant
        found += [Variant(game.id, {option.name: value}, f"{option.name}={value}")
                  for value in values]
    unique, seen = [], set()
    for variant in found:
        key = repr(sorted(game.validate_options(variant.options).items()))
        if key not in seen:
            seen.add(key)
            unique.append(variant)
    return unique


def every_variant() -> list:
    """Every variant of every registered game, as pytest parameters."""
    return [v.param() for gid in game_ids() for v in variants(get_game(gid))]


def main_variants() -> list:
    """Each registered game's defaults and every value of its choice options (scenarios,
    expansions, difficulties) and seat counts: the heavier checks run on these."""
    chosen = []
    for gid in game_ids():
        game = get_game(gid)
        kinds = {o.name: o.kind for o in game.option_schema()}
        chosen += [v.param() for v in variants(game)
                   if not v.options or kinds[next(iter(v.options))] != "bool"]
    return chosen


def seats_of(state: State) -> list[int | None]:
    """Every seat of the game and the spectator (None)."""
    return [*range(state.players), None]


def views(state: State) -> dict:
    """What every seat and the spectator see."""
    return {seat: state.view(seat) for seat in seats_of(state)}


def snapshot(state: State) -> dict:
    """Everything a refusal must leave unchanged, seen through the engine contract: every
    seat's view and narration of the last step, who is to move and the legal decisions (in
    notation)."""
    mover = state.to_move()
    return {"views": views(state), "to_move": mover,
            "narration": {seat: state.narration(seat) for seat in seats_of(state)},
            "legal": None if mover is None else [str(a) for a in state.legal_actions()]}


def refused(state: State, decision, rule: str | None = None, *, exact: bool = False,
            internals: Callable[[State], Any] | None = None) -> IllegalAction:
    """Offer a decision the rules forbid: it must raise IllegalAction naming a rule (`rule`
    if given: contained in the cited rule, or equal to it with `exact`) and leave every
    seat's view, who moves and the legal decisions as they were, no die rolled, and with
    `internals` (a game's deep copy of its state) every part of the state too."""
    before = snapshot(state)
    # Taken after the snapshot, which may fill a memo of the legal decisions.
    inside = None if internals is None else internals(state)
    rolled = len(state.dice.log)
    with pytest.raises(IllegalAction) as caught:
        state.apply(decision)
    assert len(state.dice.log) == rolled, f"refusing {decision!r} rolled dice"
    cited = caught.value.rule
    assert cited, f"{decision!r} was refused naming no rule: {caught.value}"
    if rule is not None:
        assert (cited == rule) if exact else (rule in cited), \
            f"cited {cited!r}, expected {rule!r}: {caught.value}"
    if internals is not None:
        assert internals(state) == inside, f"refusing {decision!r} changed the state"
    assert snapshot(state) == before, f"refusing {decision!r} changed what a seat sees"
    return caught.value


def used_all(state: State) -> None:
    """Every outcome scripted for the state's dice (a ScriptedDice) was rolled."""
    left = state.dice.remaining()
    assert left == 0, f"{left} scripted outcomes unused"


def random_walk(game: Game, options: dict, seed: int, max_decisions: int
                ) -> Iterator[tuple[int, State]]:
    """Yield (decisions taken, state) before each decision of a random legal game, then
    take a uniformly random legal decision; stops at the end or after `max_decisions`.
    The caller may look at the state but must not change it."""
    state = game.new_state(options, SeededDice(seed))
    rng = random.Random(seed ^ 0x5EED)
    for taken in range(max_decisions):
        if state.is_over():
            return
        yield taken, state
        legal = state.legal_actions()
        assert legal, f"{game.id}: a running game with no legal decision (after {taken})"
        state.apply(legal[rng.randrange(len(legal))])


def each_seat(game: Game, options: dict, seeds, max_decisions: int, per_seat: int
              ) -> Iterator[tuple[State, int]]:
    """About `per_seat` random points of each seat's turn over random games (one per
    seed): yields (state, seat to move) for the caller to probe."""
    seats = set(range(game.players_of(game.validate_options(options))))
    for seed in seeds:
        rng = random.Random(seed)
        left = {}
        for taken, state in random_walk(game, options, seed, max_decisions):
            if seats <= {s for s, n in left.items() if n == 0}:
                break  # every seat has had its points: walking on would find no more
            seat = state.to_move()
            left.setdefault(seat, per_seat)
            # Sparse at first so that the points spread over the game, denser once the
            # game is long enough that a seat could miss out.
            if left[seat] > 0 and rng.random() < max(0.08, 4 / (taken + 40)):
                left[seat] -= 1
                yield state, seat


def random_record(game: Game, options: dict, seed: int, *,
                  on_step: Callable[[State, int | None, Any], None] | None = None,
                  max_decisions: int = 20_000) -> tuple[State, GameRecord]:
    """A random legal game to its end by the engine's driver: the final state and record."""
    players = game.players_of(game.validate_options(options))
    agents = [RandomAgent(seat, seed * 10 + seat) for seat in range(players)]
    return play_match(game, options, agents, seed, on_step=on_step,
                      max_decisions=max_decisions)
