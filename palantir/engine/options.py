"""Game options: a typed schema per game, validated once when a game is created."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from .errors import BadOption, PalantirError

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class Option:
    """One option of a game: its name, kind, default and bounds."""

    name: str
    kind: str  # "bool", "int", "choice", "list"
    default: Any
    help: str
    choices: Sequence[str] = ()
    minimum: int | None = None
    maximum: int | None = None
    reconstructed: bool = False
    case_sensitive: bool = False
    # Names files on this machine (read when the game starts): given on the command line
    # only, never taken from a request — a path from the web would let anyone probe files.
    local: bool = False
    check: Callable[[Any], str | None] | None = field(default=None, compare=False)

    def parse(self, raw: Any) -> Any:
        """Turn a command-line string (or a JSON value) into this option's value."""
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in _TRUE:
                return True
            if text in _FALSE:
                return False
            raise BadOption(self.name, f"expected true or false, got '{raw}'")
        if self.kind == "int":
            if isinstance(raw, bool):
                raise BadOption(self.name, f"expected a whole number, got '{raw}'")
            try:
                value = int(str(raw).strip())
            except ValueError:
                raise BadOption(self.name, f"expected a whole number, got '{raw}'") from None
            if self.minimum is not None and value < self.minimum:
                raise BadOption(self.name, f"{value} is below the minimum {self.minimum}")
            if self.maximum is not None and value > self.maximum:
                raise BadOption(self.name, f"{value} is above the maximum {self.maximum}")
            return value
        if self.kind == "choice":
            text = str(raw).strip().lower()
            if text not in self.choices:
                raise BadOption(self.name, f"'{raw}' is not one of {', '.join(self.choices)}")
            return text
        if self.kind == "list":
            items = raw if isinstance(raw, (list, tuple)) else str(raw).split(",")
            value = tuple(str(i).strip() if self.case_sensitive else str(i).strip().lower()
                          for i in items if str(i).strip())
            if self.choices:
                for item in value:
                    if item not in self.choices:
                        raise BadOption(
                            self.name, f"'{item}' is not one of {', '.join(self.choices)}")
            return value
        raise BadOption(self.name, f"unknown option kind {self.kind}")

    def to_json(self, value: Any) -> Any:
        """The JSON form of a parsed value."""
        return list(value) if isinstance(value, tuple) else value

    def describe(self) -> str:
        """One line for `palantir games`."""
        if self.kind == "int":
            kind = f"{self.minimum}..{self.maximum}"
        elif self.kind == "choice":
            kind = "|".join(self.choices)
        elif self.kind == "list":
            kind = "comma list" + (f" of {'|'.join(self.choices)}" if self.choices else "")
        else:
            kind = "true|false"
        default = self.to_json(self.default)
        if isinstance(default, bool):
            default = "true" if default else "false"
        elif isinstance(default, list):
            default = ",".join(map(str, default))
        shown = f" (default {default})" if default != "" else ""
        mark = " [reconstructed]" if self.reconstructed else ""
        mark += " [command line only]" if self.local else ""
        return f"{self.name}={kind}{shown}{mark}: {self.help}"


def validate_options(schema: Sequence[Option], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Fill defaults and parse every given option; unknown names are refused."""
    known = {o.name: o for o in schema}
    given = dict(given or {})
    for name in given:
        if name not in known:
            raise BadOption(name, f"unknown option; this game takes {', '.join(known) or 'none'}")
    values: dict[str, Any] = {}
    for option in schema:
        value = option.parse(given[option.name]) if option.name in given else option.default
        if option.check is not None:
            problem = option.check(value)
            if problem:
                raise BadOption(option.name, problem)
        values[option.name] = value
    return values


def local_options_given(schema: Sequence[Option], given: Mapping[str, Any]) -> list[str]:
    """Names of the local options (files on this machine) that `given` sets to anything but
    their default; a value that does not even parse counts as set."""
    names = []
    for option in schema:
        if option.local and option.name in given:
            try:
                unchanged = option.parse(given[option.name]) == option.default
            except BadOption:
                unchanged = False
            if not unchanged:
                names.append(option.name)
    return names


def options_to_json(schema: Sequence[Option], values: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON form of validated options (for records)."""
    by_name = {o.name: o for o in schema}
    return {k: by_name[k].to_json(v) if k in by_name else v for k, v in values.items()}


def parse_option_pairs(pairs: Sequence[str] | None) -> dict[str, str]:
    """--option K=V pairs as a dict; a pair without '=' is refused by name."""
    options: dict[str, str] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise PalantirError(f"--option '{pair}': expected NAME=VALUE")
        options[key.strip()] = value.strip()
    return options
