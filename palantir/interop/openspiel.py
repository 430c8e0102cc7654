"""Every palantir game as an OpenSpiel Python game, registered on import (docs/interop.md).

    import pyspiel, palantir.interop.openspiel
    game = pyspiel.load_game("palantir_journey_to_mordor", {"players": 4, "locations": True})

The game's options are the OpenSpiel parameters (a list option is a comma-separated string),
plus `max_game_length`: a game still running after that many moves (decisions and rolls)
ends there with every seat's return 0, as OpenSpiel needs a bound none of these games has.
Every roll of a die is a chance node (chance.py); observations come from `view(seat)` only.
"""

from __future__ import annotations

import copy
import random
from typing import Any, Mapping

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ..agents import make_agent
from ..agents.mcts import MAX_ROLLOUT_STEPS
from ..engine.dice import SeededDice
from ..engine.errors import UnknownAgent
from ..engine.game import Game, get_game, game_ids
from .chance import ChanceStepper
from .encoding import codec_for, payoffs, tensor_for, utility_of, view_text

PREFIX = "palantir_"
# Declared per game: its move cap (decisions and rolls, see the module's docstring) and the
# most faces a roll of it offers; its payoffs are encoding.payoffs.
GAME_DECLARATIONS: dict[str, dict[str, Any]] = {
    "journey-to-mordor": {"max_game_length": 4000, "max_chance_outcomes": 6},
    "spi-sauron": {"max_game_length": 20000, "max_chance_outcomes": 36},
    "lotr-board-game": {"max_game_length": 20000, "max_chance_outcomes": 64},
    "strategy-battle": {"max_game_length": 20000, "max_chance_outcomes": 6},
}
UTILITIES = {"general_sum": pyspiel.GameType.Utility.GENERAL_SUM,
             "zero_sum": pyspiel.GameType.Utility.ZERO_SUM,
             "identical": pyspiel.GameType.Utility.IDENTICAL}


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a palantir game: palantir_journey_to_mordor."""
    return PREFIX + game_id.replace("-", "_")


def parameters_of(game: Game) -> dict[str, Any]:
    """The game's options as OpenSpiel parameter defaults (files on this machine left out)."""
    params: dict[str, Any] = {}
    for option in game.option_schema():
        if option.local:
            continue
        default = option.to_json(option.default)
        if option.kind == "list":
            default = ",".join(map(str, default))
        elif option.kind == "choice":
            # OpenSpiel reads "black_rider=15" in a game's name back as a number.
            numeric = all(str(c).isdecimal() for c in option.choices)
            default = int(default) if numeric else str(default)
        params[option.name] = default
    params["max_game_length"] = GAME_DECLARATIONS[game.id]["max_game_length"]
    return params


def game_type(game: Game, options: Mapping[str, Any] | None = None) -> pyspiel.GameType:
    """The honest OpenSpiel type of `game` (with these options: the utility may depend)."""
    perfect = game.perfect_information
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name=f"Palantir {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(pyspiel.GameType.Information.PERFECT_INFORMATION if perfect
                     else pyspiel.GameType.Information.IMPERFECT_INFORMATION),
        utility=UTILITIES[utility_of(game, options)],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=parameters_of(game))


class Setup:
    """What a game with given options needs at every state: plain data, no OpenSpiel
    object (pickled states carry it, and OpenSpiel rebuilds its game objects on its own)."""

    def __init__(self, game_id: str, params: Mapping[str, Any]):
        self.game_id = game_id
        self.params = dict(params)
        self.palantir_game = get_game(game_id)
        given = dict(params)
        declared = GAME_DECLARATIONS[game_id]
        self.move_cap = int(given.pop("max_game_length", declared["max_game_length"]))
        defaults = parameters_of(self.palantir_game)
        defaults.pop("max_game_length")
        self.chosen = {**defaults, **given}
        self.options = self.palantir_game.validate_options(self.chosen)
        self.codec = codec_for(self.palantir_game, self.options)
        self.tensor = tensor_for(self.palantir_game, self.options)
        self.players = self.palantir_game.players_of(self.options)
        self.utility = utility_of(self.palantir_game, self.options)
        self.max_chance_outcomes = declared["max_chance_outcomes"]
        # Only a seat that cannot see everything needs its past views kept.
        self.keeps_trail = not self.palantir_game.perfect_information
        self._start: tuple[Play, Memo] | None = None

    def start(self) -> "tuple[Play, Memo]":
        """A fresh game and the answers about its first position. OpenSpiel makes a new
        initial state for every clone (and to measure a tensor), so the start is worked
        out once and each new game copies it (a copy shares its positions)."""
        if self._start is None:
            self._start = (Play(ChanceStepper(self.palantir_game, self.options),
                                self.keeps_trail), Memo())
        play, memo = self._start
        return copy.deepcopy(play), memo

    def __reduce__(self):
        return (Setup, (self.game_id, self.params))

    def __deepcopy__(self, memo) -> "Setup":
        return self  # never changed once made: every copy of a state shares it


class PalantirGame(pyspiel.Game):
    """One palantir game with given options, as OpenSpiel sees it."""

    game_id = ""

    def __init__(self, params: Mapping[str, Any] | None = None):
        setup = Setup(self.game_id, params or {})
        info = pyspiel.GameInfo(
            num_distinct_actions=setup.codec.num_actions,
            max_chance_outcomes=setup.max_chance_outcomes,
            num_players=setup.players,
            min_utility=-1.0 if setup.utility == "zero_sum" else 0.0,
            max_utility=1.0,
            utility_sum=0.0 if setup.utility == "zero_sum" else None,
            max_game_length=setup.move_cap)
        super().__init__(game_type(setup.palantir_game, setup.options), info,
                         {**setup.chosen, "max_game_length": setup.move_cap})
        self._setup = setup

    @property
    def setup(self) -> Setup:
        """The game's Setup (rebuilt from its parameters where OpenSpiel copied the game)."""
        if "_setup" not in self.__dict__:
            self._setup = Setup(self.game_id, self.get_parameters())
        return self._setup

    def new_initial_state(self) -> "PalantirState":
        """The start of a game: its first rolls are chance nodes too."""
        return PalantirState(self, self.setup)

    def state_at(self, position) -> "PalantirState":
        """An OpenSpiel state at a palantir `position` (a settled state of this game; the
        OpenSpiel state keeps a copy of its own, as its positions are never changed)."""
        state = PalantirState(self, self.setup)
        state._play = Play(ChanceStepper.at(self.setup.palantir_game, self.setup.options,
                                            position.clone()), self.setup.keeps_trail)
        state._memo = Memo()
        return state

    def make_py_observer(self, iig_obs_type=None, params=None) -> "PalantirObserver":
        """An observer of seats' views (information states with perfect recall)."""
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        return PalantirObserver(self.setup, recall)


class Memo:
    """The answers about one position, each worked out once when first asked: its numbered
    legal decisions, each seat's view, its text and tensor, its information state. A
    position never changes (a move makes a new one, with a new Memo), so every copy of a
    state at that position shares its Memo. Callers read what it holds, never change it."""

    def __init__(self):
        self.legal: dict[int, Any] | None = None
        self.numbers: list[int] | None = None       # the legal numbers, sorted
        self.action_texts: dict[int, str] | None = None
        self.views: dict[int | None, dict] = {}
        self.texts: dict[int | None, str] = {}
        self.tensors: dict[int, np.ndarray] = {}
        self.informations: dict[int, str] = {}

    def __deepcopy__(self, memo) -> "Memo":
        return self

    def __reduce__(self):
        return (Memo, ())  # answers are worked out again after unpickling


class Play:
    """A game in progress at OpenSpiel's pace: the chance layer (every die a move of its
    own), the number of moves made and, for a hidden-hand game, the trail of positions it
    has settled in, one per decision carried out with its rolls: a seat's information
    state is its views of them. Settled positions are never changed, so a copy shares them."""

    def __init__(self, stepper: ChanceStepper, keeps_trail: bool):
        self.stepper = stepper
        self.moves = 0
        self.trail: list | None = [] if keeps_trail else None
        # per seat: (how many positions read, the distinct views so far); a list is never
        # extended in place, so copies share it
        self.seen: dict[int, tuple[int, list[str]]] = {}
        self.note()

    def __deepcopy__(self, memo) -> "Play":
        other = object.__new__(Play)
        other.stepper = copy.deepcopy(self.stepper, memo)
        other.moves = self.moves
        other.trail = None if self.trail is None else self.trail[:]
        other.seen = dict(self.seen)
        return other

    def __reduce__(self):
        stepper = self.stepper
        if stepper.steps is None:
            raise TypeError("a game started at a given position has no steps to replay "
                            "and cannot be pickled")
        return (replayed_play, (stepper.game.id, stepper.options, tuple(stepper.steps),
                                self.trail is not None, self.moves))

    def note(self) -> None:
        """Keep the stepper's position in the trail if it has settled in a new one."""
        if self.trail is None:
            return
        settled = self.stepper.state
        if settled is not None and not self.stepper.at_chance and \
                (not self.trail or self.trail[-1] is not settled):
            self.trail.append(settled)

    def views(self, seat: int) -> list[str]:
        """`seat`'s views of the positions so far, each that differs from the one before."""
        read, texts = self.seen.get(seat, (0, []))
        if read < len(self.trail):
            texts = texts[:]
            for position in self.trail[read:]:
                text = view_text(position.view(seat))
                if not texts or texts[-1] != text:
                    texts.append(text)
            self.seen[seat] = (len(self.trail), texts)
        return texts


class PalantirState(pyspiel.State):
    """A palantir position in OpenSpiel: a seat to decide, a die to roll, or the end."""

    def __init__(self, game: PalantirGame, setup: Setup):
        super().__init__(game)
        self._game = setup
        self._play, self._memo = setup.start()

    # -- who moves --------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to decide, the chance player while a die waits, or terminal."""
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        stepper = self._play.stepper
        if stepper.at_chance:
            return pyspiel.PlayerId.CHANCE
        return stepper.state.to_move()

    def is_terminal(self) -> bool:
        """Over by the rules, or cut at the move cap."""
        if self._play.moves >= self._game.move_cap:
            return True
        stepper = self._play.stepper
        return not stepper.at_chance and stepper.state.is_over()

    def returns(self) -> list[float]:
        """The outcome's payoffs at the end (0 for everyone when cut at the cap)."""
        players = self._game.players
        stepper = self._play.stepper
        state = stepper.state
        if stepper.at_chance or state is None or not state.is_over():
            return [0.0] * players
        return payoffs(self._game.palantir_game, state.outcome(), players)

    @property
    def position(self):
        """The palantir state last settled in (None while the first deal is rolled)."""
        return self._play.stepper.state

    # -- decisions and dice -----------------------------------------------------------
    def _legal_table(self) -> dict[int, Any]:
        memo = self._memo
        if memo.legal is None:
            memo.legal = self._game.codec.legal(self._play.stepper.state)
        return memo.legal

    def _legal_actions(self, player: int) -> list[int]:
        if self.is_terminal() or self._play.stepper.at_chance:
            return []
        memo = self._memo
        if memo.numbers is None:
            memo.numbers = sorted(self._legal_table())
        return memo.numbers

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every distinct face of the waiting die with its probability."""
        need = self._play.stepper.need
        if need is None:
            return []
        outcomes = need.outcomes()
        cap = self._game.max_chance_outcomes
        if len(outcomes) > cap:
            raise ValueError(f"die '{need.die}' has {len(outcomes)} faces, above the "
                             f"declared max_chance_outcomes {cap}")
        return outcomes

    def _apply_action(self, action: int) -> None:
        play = self._play
        if play.stepper.at_chance:
            play.stepper.pick(action)
        else:
            table = self._legal_table()
            if action not in table:
                raise ValueError(f"action {action} is not legal here (legal: {sorted(table)})")
            # the decision's place in the game's legal list, recorded for replays
            index = action if self._game.codec.by_index else list(table).index(action)
            play.stepper.decide(table[action], index)
        self._memo = Memo()
        play.moves += 1
        play.note()

    def _action_to_string(self, player: int, action: int) -> str:
        stepper = self._play.stepper
        if player == pyspiel.PlayerId.CHANCE:
            need = stepper.need
            if need is not None:
                return f"{need.die}={need.distinct_faces()[action]}"
            return f"chance outcome {action}"
        memo = self._memo
        if memo.action_texts is None:
            table = self._legal_table() if not stepper.at_chance else {}
            memo.action_texts = {number: str(a) for number, a in table.items()}
        text = memo.action_texts.get(action)
        return f"action {action}" if text is None else text

    # -- what a seat sees -------------------------------------------------------------
    def seat_view(self, seat: int | None) -> dict:
        """`seat`'s view, with the faces it may see of the dice rolled so far this step
        (worked out once a position: not to be changed by the caller)."""
        memo = self._memo
        view = memo.views.get(seat)
        if view is None:
            stepper = self._play.stepper
            view = stepper.state.view(seat) if stepper.state else {}
            if stepper.at_chance:
                view = {**view, "rolling": [[die, face]
                                            for die, face, seen in stepper.picked_rolls()
                                            if seen is None or seat in seen]}
            memo.views[seat] = view
        return view

    def view_text(self, seat: int | None) -> str:
        """`seat`'s view as canonical text (the observation string)."""
        memo = self._memo
        text = memo.texts.get(seat)
        if text is None:
            text = memo.texts[seat] = view_text(self.seat_view(seat))
        return text

    def view_tensor(self, seat: int) -> np.ndarray:
        """`seat`'s view as numbers (the observation tensor; not to be changed)."""
        memo = self._memo
        tensor = memo.tensors.get(seat)
        if tensor is None:
            tensor = memo.tensors[seat] = self._game.tensor.encode(self.seat_view(seat))
        return tensor

    def information_state_text(self, seat: int) -> str:
        """Everything `seat` has seen, in order: each of its views that differs from the
        one before, then its view now (the faces it may see of the dice being rolled)."""
        memo = self._memo
        text = memo.informations.get(seat)
        if text is None:
            seen = self._play.views(seat)
            now = self.view_text(seat)
            text = "\n".join(seen if seen and seen[-1] == now else seen + [now])
            memo.informations[seat] = text
        return text

    def __str__(self) -> str:
        if self._play.stepper.state is None:
            return "(dealing)"
        return self.view_text(None)

    def resample_from_infostate(self, player: int, sampler) -> "PalantirState":
        """A state `player` cannot tell from this one (OpenSpiel's ISMCTS asks for one each
        simulation): a determinization of `player`'s view by the game's own determinizer,
        whose unseen cards are dealt with a generator seeded by `sampler()` (a number in
        [0, 1)). Only `player`'s view is read, so nothing another seat hides shapes it; it
        keeps `player`'s information state, and the other seats' begin at the deal."""
        hooks = self._game.palantir_game.search()
        if not hooks.can_sample():
            raise ValueError(f"{self._game.game_id} deals no determinizations of a seat's "
                             f"view, so no state can be resampled from an information state")
        stepper = self._play.stepper
        if stepper.at_chance or stepper.state is None or self.is_terminal():
            raise ValueError("a state is resampled at a seat's decision only")
        rng = random.Random(int(float(sampler()) * 2 ** 53))
        position = hooks.determinizer(self.seat_view(player))(
            rng, SeededDice(rng.getrandbits(64)))
        other = PalantirState(self.get_game(), self._game)
        other._play = Play(ChanceStepper.at(self._game.palantir_game, self._game.options,
                                            position), keeps_trail=True)
        other._play.moves = self._play.moves
        other._memo = Memo()
        seen = self._play.views(player)
        if other.view_text(player) != seen[-1]:
            raise ValueError(f"{self._game.game_id}: a determinization shows seat {player} "
                             f"another view than the position it was dealt from")
        other._play.seen[player] = (1, seen)
        return other


class PalantirObserver:
    """Observation (and information-state) strings and tensors of one seat's view."""

    def __init__(self, game: Setup, perfect_recall: bool):
        self._game = game
        self._recall = perfect_recall
        size = game.tensor.size if game.tensor is not None else 0
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"view": self.tensor}

    def set_from(self, state: PalantirState, player: int) -> None:
        """Fill the tensor from `player`'s view of `state`."""
        if self._game.tensor is None or state.position is None:
            self.tensor.fill(0)
            return
        self.tensor[:] = state.view_tensor(player)

    def string_from(self, state: PalantirState, player: int) -> str:
        """`player`'s view as text; with perfect recall, everything it has seen so far."""
        if self._recall:
            if self._game.palantir_game.perfect_information:
                return " ".join(map(str, state.history()))
            return state.information_state_text(player)
        return state.view_text(player)


def params_of(game: Game, options: Mapping[str, Any]) -> dict[str, Any]:
    """Validated palantir options as OpenSpiel parameters (lists comma-joined)."""
    kinds = {o.name: o.kind for o in game.option_schema() if not o.local}
    defaults = parameters_of(game)
    params = {}
    for name, value in options.items():
        if name not in kinds:
            continue
        if kinds[name] == "list":
            value = ",".join(map(str, value))
        elif kinds[name] == "choice":
            value = type(defaults[name])(value)
        params[name] = value
    return params


def load(game: Game, options: Mapping[str, Any] | None = None) -> PalantirGame:
    """The OpenSpiel game of a palantir game with these options."""
    return pyspiel.load_game(short_name(game.id),
                             params_of(game, game.validate_options(options)))


class PalantirBot(pyspiel.Bot):
    """A palantir agent (make_agent: heuristic, mcts:N, ismcts:N, ...) as an OpenSpiel bot:
    it is shown its seat's view and legal decisions, as at palantir's own table."""

    def __init__(self, game: PalantirGame, player: int, spec: str, seed: int | None = None):
        pyspiel.Bot.__init__(self)
        self.player = player
        self.agent = make_agent(spec, game.setup.palantir_game, player, seed,
                                dict(game.setup.options))

    def step(self, state: PalantirState) -> int:
        """The number of the decision the agent takes at `state`."""
        position = state.position
        chosen = self.agent.choose(position.view(self.player), position.legal_actions())
        return next(number for number, action in state._legal_table().items()
                    if action == chosen or str(action) == str(chosen))

    def restart_at(self, state) -> None:
        """Nothing to forget: the agent reads each decision's view afresh."""

    def inform_action(self, state, player_id, action) -> None:
        """Nothing to follow: the agent reads each decision's view afresh."""


class PositionRolloutEvaluator:
    """An OpenSpiel evaluator (for ISMCTSBot) that values a decision node by one rollout of
    its palantir position by the game's own rollout policy (random where it has none), to
    the end or to the game's search cutoff (SearchHooks), with private dice; uniform
    priors. Cheaper than OpenSpiel's random rollouts through the chance layer, and as
    informed as palantir's own search."""

    def __init__(self, setup: Setup, rng: random.Random,
                 max_steps: int = MAX_ROLLOUT_STEPS):
        self.setup, self.rng, self.max_steps = setup, rng, max_steps
        self.hooks = setup.palantir_game.search()
        self.policy = self.hooks.rollout_policy()

    def evaluate(self, state: PalantirState) -> np.ndarray:
        """Each seat's payoff at the end of one rollout (or the cutoff's estimate)."""
        position = state.position.clone(dice=SeededDice(self.rng.getrandbits(64),
                                                        record=False))
        cut = self.hooks.search_cutoff(position)
        players, rng = self.setup.players, self.rng
        for _ in range(self.max_steps):
            if position.is_over():
                return np.array(payoffs(self.setup.palantir_game, position.outcome(),
                                        players))
            if cut is not None:
                value = cut(position)
                if value is not None:
                    return np.array(value, dtype=float)
            if self.policy is not None:
                action = self.policy(position, rng)
            else:
                legal = position.legal_actions()
                action = legal[rng.randrange(len(legal))]
            position.apply(action)
        return np.zeros(players)  # still running: no payoff, as at the move cap

    def prior(self, state: PalantirState) -> list[tuple[int, float]]:
        """Uniform over the legal decisions."""
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


class OpenSpielAgent:
    """An OpenSpiel bot at palantir's table (seat spec `openspiel:mcts[:N]` or
    `openspiel:ismcts[:N]`, N simulations a decision): it searches an OpenSpiel state
    built from its seat's view alone."""

    def __init__(self, game: Game, seat: int, seed: int | None, simulations: int,
                 options: Mapping[str, Any] | None, bot: str = "mcts"):
        self.game, self.seat = game, seat
        self.options = options
        self.rng = np.random.RandomState(None if seed is None else seed % 2**32)
        self.simulations = simulations
        self.bot = bot

    def choose(self, view: dict, legal_actions: list):
        """The decision OpenSpiel's bot picks from a state rebuilt from `view`."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        options = self.options or view.get("options") or {}
        spiel = load(self.game, options)
        if self.bot == "ismcts":
            chosen = self._ismcts(spiel, view)
        else:
            dice_seed = int(self.rng.randint(2**31))
            position = self.game.state_from_view(view, SeededDice(dice_seed))
            bot = mcts.MCTSBot(spiel, 2.0, self.simulations,
                               mcts.RandomRolloutEvaluator(1, self.rng),
                               random_state=self.rng)
            state = spiel.state_at(position)
            chosen = state._legal_table()[bot.step(state)]
        return next(a for a in legal_actions if a == chosen or str(a) == str(chosen))

    def _ismcts(self, spiel: PalantirGame, view: dict):
        """OpenSpiel's ISMCTSBot from one determinization of `view`, resampling every
        simulation from the seat's view; a question the game deems not worth a search
        (search_worthy) is answered by its rollout policy, as palantir's ismcts does."""
        hooks = self.game.search()
        deal = random.Random(int(self.rng.randint(2**31)))
        position = hooks.determinizer(view)(deal, SeededDice(deal.getrandbits(64)))
        policy = hooks.rollout_policy()
        if policy is not None and not hooks.search_worthy(view):
            return policy(position, deal)
        state = spiel.state_at(position)
        evaluator = PositionRolloutEvaluator(spiel.setup, deal)
        bot = ismcts.ISMCTSBot(spiel, evaluator, 1.0, self.simulations,
                               random_state=self.rng)
        sampler = pyspiel.UniformProbabilitySampler(int(self.rng.randint(2**31)), 0.0, 1.0)
        bot.set_resampler(lambda s, player: s.resample_from_infostate(player, sampler))
        return state._legal_table()[int(bot.step(state))]


# OpenSpiel's bots a palantir seat may be: name -> default budget (simulations)
OPENSPIEL_BOTS = {"mcts": 100, "ismcts": 100}


def openspiel_agent(game: Game, seat: int, seed: int | None, budget: str, spec: str,
                    options: Mapping[str, Any] | None = None) -> OpenSpielAgent:
    """The agent of seat spec `openspiel:BOT[:N]` (agents/__init__.py make_agent)."""
    bot, _, number = budget.partition(":")
    if bot not in OPENSPIEL_BOTS:
        raise UnknownAgent(f"'{spec}': OpenSpiel bots are {', '.join(OPENSPIEL_BOTS)}")
    if bot == "mcts" and not game.perfect_information:
        raise UnknownAgent(f"'{spec}': OpenSpiel's mcts would see the whole state, and "
                           f"'{game.id}' hides information from its seats "
                           f"(openspiel:ismcts searches from a seat's view)")
    if bot == "ismcts" and (game.perfect_information or not game.search().can_sample()):
        raise UnknownAgent(f"'{spec}': OpenSpiel's ismcts resamples what a seat cannot see, "
                           f"and '{game.id}' " + ("hides nothing (use openspiel:mcts)"
                                                  if game.perfect_information else
                                                  "deals no determinizations of a view"))
    if number and not number.isdecimal():
        raise UnknownAgent(f"'{spec}': the budget is a number of simulations, e.g. "
                           f"openspiel:{bot}:200")
    return OpenSpielAgent(game, seat, seed, int(number or OPENSPIEL_BOTS[bot]), options, bot)


def replayed_play(game_id: str, options: Mapping[str, Any],
                  steps: tuple[tuple[str, int], ...], keeps_trail: bool, moves: int) -> Play:
    """The game after these steps, its trail rebuilt on the way (an unpickled state's)."""
    play = Play(ChanceStepper(get_game(game_id), options), keeps_trail)
    stepper = play.stepper
    for kind, number in steps:
        if kind == "pick":
            stepper.pick(number)
        else:
            stepper.decide(stepper.state.legal_actions()[number], number)
        play.note()
    play.moves = moves
    return play


def _register(game_id: str) -> type[PalantirGame]:
    game = get_game(game_id)
    name = f"Palantir_{game_id.replace('-', '_')}"
    cls = type(name, (PalantirGame,), {"game_id": game_id, "__module__": __name__})
    globals()[name] = cls  # pickled by name, as OpenSpiel copies games and states so
    pyspiel.register_game(game_type(game), cls)
    return cls


GAME_CLASSES = {game_id: _register(game_id) for game_id in game_ids()
                if game_id in GAME_DECLARATIONS}
