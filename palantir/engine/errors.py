"""The errors the engine raises: each says which rule, field or event is at fault."""

from __future__ import annotations


class PalantirError(Exception):
    """Base of every error palantir raises on purpose."""


class IllegalAction(PalantirError):
    """A decision the rules forbid; the state it was offered to is unchanged."""

    def __init__(self, message: str, *, rule: str, action: str | None = None):
        self.rule = rule
        self.action = action
        self.reason = message
        where = f" ({rule})" if rule else ""
        quoted = f"'{action}': " if action else ""
        super().__init__(f"{quoted}{message}{where}")


class BadNotation(IllegalAction):
    """Text that does not parse as a decision of this game."""

    def __init__(self, message: str, *, action: str | None = None, rule: str = "notation"):
        super().__init__(message, rule=rule, action=action)


class BadOption(PalantirError):
    """A game option that is unknown or out of range; names the option."""

    def __init__(self, option: str, message: str):
        self.option = option
        super().__init__(f"option '{option}': {message}")


class BadRecord(PalantirError):
    """A record that is malformed or does not fit the rules; names the event."""

    def __init__(self, message: str, *, event: int | None = None):
        self.event = event
        where = f"event {event}: " if event is not None else ""
        super().__init__(f"{where}{message}")


class BadPosition(PalantirError):
    """A position document that is malformed, of another game, or that this game cannot
    load; names the field at fault (e.g. 'format', 'options', 'position.hands')."""

    def __init__(self, field: str, message: str):
        self.field = field
        super().__init__(f"position field '{field}': {message}")


class DiceExhausted(PalantirError):
    """Scripted dice were asked for more outcomes than they hold."""


class UnknownGame(PalantirError):
    """A game id that is not in the registry."""


class UnknownAgent(PalantirError):
    """An agent specification that names no agent or has a bad budget."""


class UnknownCommand(PalantirError):
    """A command a game does not declare (Game.commands)."""
