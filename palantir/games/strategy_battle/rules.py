"""The state of a Strategy Battle Game: the battle as data (state.Battle) and a dispatcher.

Every decision goes to the procedure asking now (turn.asking: the question a side must
answer, or the phase's own), through the kernel's `decide`: its check finds a plan or
refuses naming the rule, before anything changes, so an illegal decision leaves the state
exactly as it was; then it is carried out and the turn goes on (turn.py, phases/).
"""

from __future__ import annotations

from typing import Any, Mapping

from ...engine.errors import IllegalAction
from ...engine.game import Outcome
from ...engine.procedure import Refusal, Stack, decide
from . import table as geo
from . import siege, turn, views, wounds
from .candidates import movable
from .notation import parse
from .phases import move as move_rules
from .phases.fight import resolution as combat
from .state import Battle, Model

RULE_MOVING = geo.RULE_MOVING
RULE_OVER = "Starting a Game: the end of the game"

MOVE, SHOOT, FIGHT, OVER = turn.MOVE, turn.SHOOT, turn.FIGHT, turn.OVER


class BattleState(Battle):
    """One position of a battle: its data, and the decisions put to the procedure asking."""

    # ------------------------------------------------------------ the contract

    def to_move(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.question is not None:
            return self.seat_of(self.question["side"])
        return self.seat_of(self.acting)

    def outcome(self) -> Outcome | None:
        return self.result

    def decision_audience(self, action) -> tuple[int, ...] | None:
        """'Might': a bid between opposing Heroes is secret, read only by its bidder's seat
        (both bids are revealed together through the fight's news); all else is public."""
        if self.question is not None and self.question["kind"] == "bid":
            return (self.seat_of(self.question["side"]),)
        return None

    def decision_revealed(self, action) -> bool:
        """'Might': the second secret bid completes the choice, and both bids are shown
        together; nothing else of a battle is hidden."""
        return any(line.startswith(combat.BIDS_REVEALED) for line in self.news)

    def parse_action(self, text: str):
        if self.phase == OVER:
            raise Refusal(RULE_OVER, "the game is over", action=str(text))
        action = parse(str(text))
        return self.resolve(action, str(text))

    def apply(self, action) -> None:
        if isinstance(action, str):
            action = self.parse_action(action)
        else:
            action = self.resolve(action, str(action))
        if self.phase == OVER:
            raise Refusal(RULE_OVER, "the game is over", action=str(action))
        # A refusal leaves the last step's narration as it was: it is part of what a seat sees.
        news, self.news = self.news, []
        try:
            # the procedure asking now checks the decision, carries it out, the turn goes on
            decide(self, Stack([turn.asking(self)]), action)
        except IllegalAction:
            self.news = news
            raise

    def legal_actions(self) -> list:
        """A candidate set for agents: the answers of the procedure asking now (in the Move
        phase a handful of decisions for the next model, candidates.py)."""
        if self.phase == OVER:
            return []
        return turn.asking(self).answers(self)

    def view(self, seat: int | None) -> dict:
        # A battle has no hidden information but a secret bid (views.py).
        return views.view(self, seat)

    def restore(self, view: Mapping[str, Any]) -> None:
        """Set this state to what a view shows (the inverse of `view`)."""
        views.restore(self, view)

    def narration(self, seat: int | None) -> list[str]:
        return list(self.news)

    # ------------------------------------------------------------ what phases ask of the turn

    def start_game(self) -> None:
        """The first turn: priority goes to the side the scenario names ('The Priority Phase')."""
        turn.start_turn(self)

    def roll_priority(self) -> str:
        """Both sides roll; the higher has priority; on a tie it changes sides ('The Priority
        Phase')."""
        return turn.roll_priority(self)

    def side_moves_done(self) -> None:
        """The moving side has finished: the other side moves, or the Move phase ends."""
        turn.side_moves_done(self)

    def fights_matched(self, then: str) -> None:
        """The fights are matched: the phase that waited for them goes on."""
        turn.fights_matched(self, then)

    def start_heroic_fight(self, fight) -> None:
        """A heroic combat: this Hero's fight is fought before the others ('Heroic Combat')."""
        turn.start_heroic_fight(self, fight)

    def procedures_done(self) -> None:
        """The procedures that waited on a question are done: the turn goes on."""
        turn.procedures_done(self)

    def resolve(self, action, text: str):
        """Turn a decision into its exact form: a destination or bare charge gets its path
        found (an answer to a question is read as it is)."""
        if self.question is not None:
            return action
        return turn.resolve(self, action, text)

    def check_move(self, action) -> geo.PathReport:
        """Check a move or charge fully without changing anything (phases/move.py)."""
        report = move_rules.check_move(self, action)
        siege.check_move(self, action, report)
        return report

    def picked_model(self) -> Model | None:
        """The model picked to move next, while it may still move."""
        model = self.models.get(self.picked) if self.picked else None
        return model if model is not None and movable(self, model) else None

    def model_from_view(self, m: Mapping[str, Any]) -> Model:
        """The model a view's entry shows (the inverse of `model_view`)."""
        return views.model_from_view(self, m)

    def remove(self, model: Model, fled: bool = False) -> None:
        """Take a model off the table, slain or fled (wounds.py)."""
        wounds.remove(self, model, fled)

    def wound_mount(self, model: Model, count: int) -> None:
        """Wound a steed; a slain mount throws its rider (wounds.py)."""
        wounds.wound_mount(self, model, count)
