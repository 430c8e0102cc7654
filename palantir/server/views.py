"""What one seat (or a spectator) is sent: built from `state.view(seat)` and nothing else."""

from __future__ import annotations

import secrets
from typing import Any, Callable

from ..engine.dice import SeededDice
from ..engine.errors import BadNotation, IllegalAction
from ..engine.forced import shown_to
from ..engine.game import get_game
from ..engine.presentation import Presentation
from .lobby import LiveTable, Lobby, ServerError

# Pages compare revisions only within one server process: a restart starts a new epoch.
EPOCH = secrets.token_hex(4)

def presentation_of(game_id: str) -> Presentation:
    """How this game draws its table (a game without SVG is shown as its view data)."""
    return get_game(game_id).presentation()


def seat_names(drawn: Presentation, view: dict, table: LiveTable) -> list[str]:
    """The seats' names as the game gives them, else numbered."""
    names = drawn.seat_names(view)
    return [f"Seat {s.seat}" for s in table.seats] if names is None else names


def seat_summary(table: LiveTable) -> list[dict[str, Any]]:
    """Who sits where: kind and agent, never a token."""
    return [{"seat": s.seat, "kind": s.kind, "agent": s.agent, "time_limit": s.time_limit}
            for s in table.seats]


def created_answer(table: LiveTable, tokens: list[str | None]) -> dict[str, Any]:
    """The answer to a new table: its id and pages, and each human seat's private link."""
    seats = seat_summary(table)
    for seat, token in zip(seats, tokens):
        if token:
            seat["token"] = token
            seat["url"] = f"/table/{table.id}#seat={seat['seat']}&token={token}"
    return {"id": table.id, "game": table.game.id, "spectator_url": f"/table/{table.id}",
            "seats": seats}


def log_entries(table: LiveTable, viewer: int | None, start: int = 0,
                end: int | None = None) -> list[dict]:
    """The log from step `start` on (to `end`), in the words `viewer` may read: each
    decision also as `said`, in the game's words (Presentation.log_words)."""
    words = presentation_of(table.game.id).log_words
    return [{"step": s.index, "seat": s.seat, "action": s.action_for(viewer),
             "said": said(words, s.action_for(viewer)), "lines": s.lines[viewer]}
            for s in table.steps[start:end]]


def said(words: Callable[[str], str], action: str | None) -> str | None:
    """A decision of the log in the game's words, or None for none (or one withheld)."""
    return None if action is None else words(action)


def public_extent(table: LiveTable, viewer: int | None) -> tuple[int, int]:
    """The log steps and record events `viewer` may know of: all, but while the seat asked
    is withheld from it (engine/forced.py), those up to the table's public point."""
    _, _, point = shown_to(table.state, table.point, viewer)
    return (len(table.steps), table.version) if point is None else \
        (point.steps, point.version)


def revision_shown(table: LiveTable, viewer: int | None, point, state) -> int:
    """The revision `viewer`'s page is given: the table's, but while a window's seat is
    withheld from it, the last one every seat saw (or one past what it saw while asked):
    it stays the same however many decisions are taken at the window (engine/forced.py)."""
    withheld = point is not None or (state.unseen_asker() is not None
                                     and viewer != state.to_move())
    if not withheld:
        if viewer is not None and state.unseen_asker() is not None:
            table.asked_revision[viewer] = table.revision
        return table.revision
    return max(table.public_revision, table.asked_revision.get(viewer, -1) + 1)


def payload(lobby: Lobby, table: LiveTable, viewer: int | None, log_from: int = 0) -> dict:
    """Everything the table page of `viewer` shows (None: a spectator)."""
    with table.lock:
        state = table.state
        # While a window's seat is withheld from this viewer, the table as its public
        # point shows it (engine/forced.py): who is asked, and how far round, is unsaid.
        shown, view, point = shown_to(state, table.point, viewer)
        waiting = None if viewer == state.to_move() else state.unseen_asker()
        drawn = presentation_of(table.game.id)
        mover = state.to_move()
        yours = viewer is not None and mover == viewer and \
            table.seats[viewer].kind == "human"
        legal = []
        if yours:
            texts = [str(action) for action in state.legal_actions()]
            for text, place in zip(texts, drawn.decision_places(view, texts)):
                entry = {"action": text, "label": drawn.action_label(view, text)}
                if place is not None:
                    entry.update(place)     # where the page offers it (presentation.py)
                legal.append(entry)
        outcome = state.outcome()
        steps = len(table.steps) if point is None else point.steps
        start = min(max(log_from, 0), steps)
        return {
            "id": table.id,
            "game": table.game.id,
            "title": table.game.title,
            "source": table.source,
            "status": table.status,
            "version": table.version if point is None else point.version,
            "revision": revision_shown(table, viewer, point, state),
            "epoch": EPOCH,
            "viewer": viewer,
            "seats": seat_summary(table),
            "seat_names": seat_names(drawn, view, table),
            "to_move": None if waiting else mover,
            "waiting_for": waiting,
            "your_turn": yours,
            "thinking": not waiting and mover is not None and
            table.seats[mover].kind == "agent",
            "view": view,
            "svg": drawn.render_svg(view),
            "legal": legal,
            "select": drawn.selection(view) if yours else None,
            "choice_odds": yours and drawn.offers_choice_odds,
            "help": drawn.phase_help(view),
            "can_undo": lobby.undo_problem(table, viewer) is None,
            "outcome": outcome.to_json() if outcome else None,
            "steps": steps,
            "log_from": start,
            "log": log_entries(table, viewer, start, steps),
        }


def refuse_unless_to_move(table: LiveTable, state, viewer: int) -> None:
    """Refuse (409) a question only the person at the seat to move may ask: a preview, the
    odds of each choice."""
    if state.is_over():
        raise ServerError(409, "the game is over", rule="End of the Game")
    mover = state.to_move()
    if mover != viewer or table.seats[viewer].kind != "human":
        raise ServerError(409, f"it is seat {mover}'s turn, not seat {viewer}'s",
                          field="X-Seat-Token", rule="turn order")


def preview(table: LiveTable, viewer: int | None, text: str) -> dict:
    """What a legal decision of the seat to move may lead to (its odds), from its view.

    Judged as a decision is (the seat to move, the notation, the rules, on a copy with dice
    of its own, so nothing is rolled at the table), then shown from the seat's view only."""
    if viewer is None:
        raise ServerError(403, "a preview needs the seat's private token", field="X-Seat-Token")
    with table.lock:
        state = table.state
        refuse_unless_to_move(table, state, viewer)
        trial = state.clone(dice=SeededDice(0, record=False))
        try:
            trial.apply(trial.parse_action(text))
        except BadNotation as exc:
            raise ServerError(422, f"action: {exc}", field="action", rule=exc.rule) from None
        except IllegalAction as exc:
            raise ServerError(422, f"action: {exc}", field="action", rule=exc.rule) from None
        view = state.view(viewer)
    return {"action": text, "preview": presentation_of(table.game.id).preview(view, text)}


def choice_odds(table: LiveTable, viewer: int | None) -> dict:
    """The odds of each legal decision of the seat to move, from its view (shown on
    request: Presentation.choice_odds)."""
    if viewer is None:
        raise ServerError(403, "the odds need the seat's private token", field="X-Seat-Token")
    drawn = presentation_of(table.game.id)
    if not drawn.offers_choice_odds:
        raise ServerError(404, f"{table.game.title} shows no odds of each choice",
                          field="table")
    with table.lock:
        state = table.state
        refuse_unless_to_move(table, state, viewer)
        view = state.view(viewer)
        texts = [str(action) for action in state.legal_actions()]
    return {"odds": drawn.choice_odds(view, texts)}
