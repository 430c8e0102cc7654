"""Games Workshop's Strategy Battle Game: miniatures refereed in continuous space
(registered as `strategy-battle`)."""

from __future__ import annotations

from typing import Any, Mapping

from ...engine.dice import Dice, SeededDice
from ...engine.errors import BadOption
from ...engine.game import Game
from ...engine.options import Option
from ...engine.search import SearchHooks
from .analysis_profile import ANALYSIS_PROFILE
from .evaluation import rollout_evaluation
from .heuristics import HeuristicAgent, root_policy
from .notation import Cast, Charge, Done, Pick, Throw, Volley
from .profiles import DataError
from .rollouts import cutoff, straight_policy
from .rules import BattleState
from .scenarios import load_scenario, scenario_names


# the decisions worth a search's time: those that can start a fight, a spell or a volley
SEARCHED = (Charge, Throw, Cast, Volley)


class StrategyBattle(Game):
    """The game object for `strategy-battle`."""

    id = "strategy-battle"
    title = "The Lord of the Rings Strategy Battle Game"
    ruleset = "1"
    min_players = 2
    max_players = 2
    # all but one thing is on the table: opposing Heroes' Might bids are secret until both
    # are in ('Might'), so a seat's view is not always the whole state
    perfect_information = False
    presentation_path = "palantir.games.strategy_battle.presentation:PRESENTATION"
    position_path = "palantir.games.strategy_battle.position"
    analysis_profile = ANALYSIS_PROFILE
    commands = {"odds": "palantir.games.strategy_battle.odds_command:odds_command"}

    def option_schema(self):
        return (Option("scenario", "choice", "intro", "the scenario to play",
                       choices=tuple(scenario_names())),
                Option("heroic_actions", "bool", True, "Heroes may make heroic actions "
                       "(off: a quicker game without the declarations at each phase)"),
                Option("fight_choices", "bool", True, "the players make the Fight phase's "
                       "choices: matching fights, where beaten models back away, friends "
                       "making way, weapons, spear support, the order of chargers at a "
                       "barrier (off: the referee's defaults, a quicker game)"),
                Option("loose_mounts", "bool", False, "the advanced rule for loose mounts: "
                       "a mount whose rider falls, is thrown or dismounts may be left on the "
                       "table, and remounted"))

    def players_of(self, options: Mapping[str, Any]) -> int:
        return 2

    def new_state(self, options: Mapping[str, Any] | None, dice: Dice) -> BattleState:
        options = self.validate_options(options)
        try:
            scenario = load_scenario(options["scenario"])
        except DataError as exc:
            raise BadOption("scenario", str(exc)) from None
        state = BattleState(self, options, scenario, dice)
        state.start_game()
        return state

    def state_from_view(self, view: Mapping[str, Any], dice: Dice) -> BattleState:
        """The state a view shows: exact but for a secret Might bid the seat cannot see."""
        options = self.validate_options(view["options"])
        state = BattleState(self, options, load_scenario(options["scenario"]), dice)
        state.restore(view)
        return state

    def search(self) -> SearchHooks:
        """What mcts asks of this game: straight-line rollouts, the general's full judgement
        at the root, the decisions compared (no 'pick'), which are worth a search, and the
        horizon and evaluation that cut rollouts short (rollouts.py)."""
        return SearchHooks(rollout_policy=self.rollout_policy,
                           root_policy=self.root_policy,
                           search_actions=self.search_actions,
                           search_worthy=self.search_worthy,
                           rollout_evaluation=self.rollout_evaluation,
                           search_cutoff=self.search_cutoff)

    def heuristic_agent(self, seat: int, seed: int | None):
        return HeuristicAgent(seat, seed, self)

    def rollout_policy(self):
        """Models move along straight lines in rollouts (rollouts.straight_policy)."""
        return straight_policy

    def root_policy(self):
        """The search must clearly beat the general's own pick, cover and all
        (heuristics.root_policy), not only his cheaper rollout judgement's."""
        return root_policy

    def search_worthy(self, view: Mapping[str, Any]) -> bool:
        """A decision that can start a fight or a spell — one offering a charge, a throw, a
        cast or a volley — is searched; the rest (the advances of models no enemy is near,
        aimed shots, the questions inside a procedure: backing away, shielding, Might,
        strikes, re-rolls, Fate) the general answers at once, by his exact odds, so the
        search's time goes where a battle is decided."""
        if view.get("question") is not None:
            return False
        state = self.state_from_view(view, SeededDice(0))
        return any(isinstance(a, SEARCHED) for a in state.legal_actions())

    def search_actions(self, state) -> list:
        """The search moves models in the general's order: every decision but 'pick', and
        in the Move phase not 'done' while a model may still move (leaving the rest where
        they stand looks safe to a search that scores only what is left on the table, and
        the general never does it)."""
        found = [a for a in state.legal_actions() if not isinstance(a, Pick)]
        if state.phase == "move" and state.question is None:
            found = [a for a in found if not isinstance(a, Done)] or found
        return found

    def search_cutoff(self, root):
        """A search looks to the end of the phase it began in, then scores the position
        (rollouts.cutoff)."""
        return cutoff(root)

    def rollout_evaluation(self):
        """Rollouts stop after about two turns and score what each side has left
        (evaluation.py)."""
        return rollout_evaluation()
