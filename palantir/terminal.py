"""`palantir play`: a game at the terminal, people and computer players at one table.

The loop holds the state as referee; each person sees only `state.view(seat)` and the
narration for their seat, and each computer player gets its view, so games with hidden
information fit the same loop. `play_terminal` takes its input and output streams so
tests drive whole games by piping decisions.
"""

from __future__ import annotations

import io
import os
import random
import select
from collections import deque
import shutil
import sys
import textwrap
from dataclasses import dataclass
from typing import Any, Mapping, Sequence, TextIO

try:
    import termios
except ImportError:          # no POSIX terminal (Windows): no type-ahead to drop
    termios = None

from .agents import AGENT_HELP, make_agent
from .engine.dice import SeededDice
from .engine.errors import BadOption, IllegalAction, PalantirError, UnknownAgent
from .engine.game import Game, State, get_game
from .engine.options import parse_option_pairs
from .engine.driver import Driver
from .engine.position import check_header, load_position, read_position
from .engine.record import GameRecord

HUMAN = "human"
QUIT_WORDS = {"quit", "exit", "q"}
HELP_WORDS = {"help", "?", "h"}
BACK_WORDS = {"back", "0"}
MORE_WORDS = {"more", "m"}
LOG_WORDS = {"log"}
LOG_LINES = 500       # the decisions and narration kept for 'log'
WIDTH = 79  # fits an 80-column terminal without the last column
SCREEN_LINES = 50     # the screen a grouped menu must fit when the output is no terminal
LONGEST_LINE = 1000   # no decision is longer; a longer line is refused unread
SPARE_LINES = 2       # below the menu: the prompt and one line of refusal


@dataclass
class Seat:
    """Who sits in a seat: a person, or a computer player with its agent."""

    spec: str           # "human" or the agent's name, e.g. "mcts:2000"
    agent: Any = None   # None for a person

    @property
    def human(self) -> bool:
        """True for a person at the keyboard."""
        return self.agent is None

    @property
    def label(self) -> str:
        """How the seat is named in records and messages: 'human' or 'ai:heuristic'."""
        return HUMAN if self.human else f"ai:{self.spec}"


def parse_seats(text: str | Sequence[str], game: Game, seed: int | None) -> list[Seat]:
    """Seats from 'human,ai:heuristic,ai:mcts:2000' (bare agent names work too)."""
    specs = text.split(",") if isinstance(text, str) else list(text)
    specs = [s.strip() for s in specs]
    if not specs or any(not s for s in specs):
        raise PalantirError(f"--seats '{','.join(specs)}': name one seat per player, "
                            f"e.g. human,ai:heuristic")
    seats = []
    for number, spec in enumerate(specs):
        if spec.lower() == HUMAN:
            seats.append(Seat(HUMAN))
            continue
        name = spec[3:] if spec.lower().startswith("ai:") else spec
        agent_seed = None if seed is None else seed * 97 + number + 1
        try:
            agent = make_agent(name, game, number, agent_seed)
        except UnknownAgent as exc:
            raise UnknownAgent(f"seat {number + 1} '{spec}': {exc}; a seat is 'human' or "
                               f"ai:AGENT with AGENT one of {', '.join(AGENT_HELP)}") from None
        seats.append(Seat(name.lower(), agent))
    return seats


def options_for_seats(game: Game, options: Mapping[str, Any] | None, seats: int) -> dict:
    """The options with the player count the seats imply; a contradiction is refused."""
    options = dict(options or {})
    if not game.min_players <= seats <= game.max_players:
        raise BadOption("players", f"{game.title} takes {game.min_players} to "
                        f"{game.max_players} players, but --seats names {seats}")
    if "players" not in options and any(o.name == "players" for o in game.option_schema()):
        options["players"] = game.players_for_seats(seats, options)
    validated = game.validate_options(options)
    if game.players_of(validated) != seats:
        raise BadOption("players", f"{options.get('players')} given, but --seats names "
                        f"{seats} seats")
    return validated


def render_view(game: Game, view: Mapping, color: bool) -> str:
    """The table as `view` shows it, drawn by the game (JSON if it draws no text)."""
    return game.presentation().render_table(view, color=color)


def help_for(game: Game, view: Mapping) -> str:
    """The game's help on its notation and the rule of the decision at hand."""
    return game.presentation().help_text(view)


def typed_ahead(stream: TextIO) -> list[str]:
    """Drop what was typed at a terminal before the decision now asked was shown, and
    return its complete lines: input is never applied to a later decision than the one it
    was typed for (a 'done' typed twice must not end the next phase too)."""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, io.UnsupportedOperation):
        return []
    chunks = []
    # a terminal in its usual (canonical) mode is readable once a whole line is typed
    while select.select([fd], [], [], 0)[0]:
        chunk = os.read(fd, 4096)
        if not chunk:
            break
        chunks.append(chunk)
    if termios is not None:
        termios.tcflush(fd, termios.TCIFLUSH)      # and a line half typed
    text = b"".join(chunks).decode("utf-8", errors="replace")
    return [line.strip() for line in text.splitlines() if line.strip()]


def _is_terminal(stream: TextIO) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def wants_color(stream: TextIO, disabled: bool = False) -> bool:
    """Colour only on a terminal, and never when --no-color or NO_COLOR asks otherwise."""
    if disabled or os.environ.get("NO_COLOR"):
        return False
    return _is_terminal(stream)


def decision_menu(actions: Sequence[Any], width: int = WIDTH,
                  notes: Sequence[str | None] = (), start: int = 1, cell: int = 0) -> str:
    """The legal decisions, numbered from `start`, in as many columns as fit (columns at
    least `cell` wide, so that the pages of one menu line up)."""
    notes = list(notes) + [None] * (len(actions) - len(notes))
    cells = [f"{i:>3}  {action}" + (f"  {note}" if note else "")
             for i, (action, note) in enumerate(zip(actions, notes), start)]
    cell = max(cell, max(len(c) for c in cells) + 2)
    columns = max(1, width // cell)
    rows = -(-len(cells) // columns)
    lines = []
    for r in range(rows):
        row = [cells[c * rows + r] for c in range(columns) if c * rows + r < len(cells)]
        lines.append("".join(text.ljust(cell) for text in row).rstrip())
    return "\n".join(lines)


def menu_pages(labels: Sequence[str], rows: int, width: int = WIDTH) -> list[str]:
    """A numbered menu cut into pages of at most `rows` lines, numbered on across pages."""
    cell = max(len(f"{len(labels):>3}  {label}") for label in labels) + 2
    per_page = max(1, width // cell) * max(1, rows)
    return [decision_menu(labels[i:i + per_page], width, start=i + 1, cell=cell)
            for i in range(0, len(labels), per_page)]


def printable(text: str) -> str:
    """Text safe to write to a terminal: control characters and lone surrogates (from
    undecodable input) shown as '?', so typed escape sequences are not replayed."""
    return "".join(c if c.isprintable() or c == "\n" else "?" for c in text)


@dataclass
class MenuLevel:
    """One level of a menu: its entries (each a decision, or the level of one piece's
    decisions), the numbered pages that list them and the page shown."""

    title: str
    entries: list
    pages: list[str]
    grouped: bool = False
    page: int = 0

    def text(self) -> str:
        """The page shown, with a word on the others."""
        more = (f"\n  (page {self.page + 1} of {len(self.pages)}: 'more' shows the next)"
                if len(self.pages) > 1 else "")
        return self.pages[self.page] + more


def menu_notes(game: Game, view: Mapping, actions: Sequence[Any]) -> list[str | None]:
    """What each decision leads to, where the game can say it in a few words."""
    note = game.presentation().menu_note
    return [note(view, action) for action in actions]


def menu_order(game: Game, actions: list) -> list:
    """The legal decisions in the order the game lists them (else as given)."""
    return game.presentation().menu_order(actions)


def fold(text: str, indent: str = "") -> str:
    """A sentence folded to the table's width, continuation lines indented a little more."""
    return textwrap.fill(text, width=WIDTH, initial_indent=indent,
                         subsequent_indent=indent + "  ", break_on_hyphens=False)


def closed_reader() -> int:
    """The reader of our output went away (e.g. `| head`): stop quietly, as filters do."""
    # Point stdout at nothing so the interpreter's final flush cannot fail again.
    sys.stdout = open(os.devnull, "w")
    return 1


class QuitGame(Exception):
    """The person asked to leave (quit or end of input)."""


class TerminalTable:
    """One game at the terminal: the referee's state, the seats and the record."""

    def __init__(self, game: Game, options: Mapping[str, Any], seats: list[Seat],
                 seed: int | None, stdin: TextIO, stdout: TextIO, color: bool,
                 position: Mapping[str, Any] | None = None):
        self.game, self.seats, self.seed = game, seats, seed
        self.stdin, self.out, self.color = stdin, stdout, color
        dice = SeededDice(seed)
        start = (game.new_state(options, dice) if position is None
                 else load_position(position, dice, game))
        self.driver = Driver(start, dice,
                             GameRecord.start(game, options, seed, [s.label for s in seats],
                                              None if position is None else start))
        humans = [i for i, s in enumerate(seats) if s.human]
        # One person sees the narration for their seat; several share a spectator's.
        self.viewer = humans[0] if len(humans) == 1 else None
        self.hot_seat = len(humans) > 1
        self.echoed = _is_terminal(stdin)
        self.live = _is_terminal(stdout)
        self.log: deque[str] = deque(maxlen=LOG_LINES)
        screen = shutil.get_terminal_size((WIDTH + 1, SCREEN_LINES)) if self.live else \
            os.terminal_size((WIDTH + 1, SCREEN_LINES))
        self.screen_lines, self.screen_width = screen.lines, max(WIDTH, screen.columns - 1)

    def say(self, text: str = "") -> None:
        """Write a line and make it visible at once."""
        self.out.write(text + "\n")
        self.out.flush()

    @property
    def state(self) -> State:
        """The referee's state."""
        return self.driver.state

    @property
    def record(self) -> GameRecord:
        """The record so far."""
        return self.driver.record

    def say_wrapped(self, text: str, indent: str = "") -> None:
        """Write a sentence folded to the table's width, continuation lines indented."""
        self.say(fold(text, indent))

    def tell(self, text: str) -> None:
        """Write a line of the game's story, kept for 'log' (it scrolls away as the table
        is drawn again)."""
        self.log.extend(text.splitlines())
        self.say(text)

    def _narrate(self) -> None:
        words = self.game.presentation().log_words
        for line in self.state.narration(self.viewer):
            self.tell(fold(words(line), "    "))

    def seat_name(self, seat: int) -> str:
        """'seat 2 (ai:heuristic)', the player as the game words it."""
        role = self.game.presentation().seat_role(self.seats[seat].label)
        return f"seat {seat + 1} ({role})"

    def play(self) -> GameRecord:
        """Play to the end (or until the person quits); returns the record so far."""
        self.say_wrapped(f"{self.game.title}: " + ", ".join(
            self.seat_name(i) for i in range(len(self.seats))) + f"; seed {self.seed}.")
        self.say("Type the number or the notation of a decision; 'help' explains, "
                 "'quit' leaves.")
        self._narrate()
        while (seat := self.state.to_move()) is not None:
            if self.seats[seat].human:
                self._ask(seat)
            else:
                self._compute(seat)
            self._narrate()
        outcome = self.driver.finish()
        self.say()
        self.say(render_view(self.game, self.state.view(self.viewer), self.color))
        self.say()
        self.say_wrapped(f"Result: {outcome.summary if outcome else 'no result'}")
        winners = set(outcome.winners) if outcome else set()
        for i in range(len(self.seats)):
            self.say(f"  {self.seat_name(i)}: {'won' if i in winners else 'lost'}")
        return self.record

    def _apply(self, seat: int, action: Any) -> None:
        self._decided = self.driver.decide(seat, action)[0]

    def _compute(self, seat: int) -> Any:
        agent = self.seats[seat].agent
        thinking = self.live  # a person is watching: say so while a slow search runs
        if thinking:
            self.out.write(f"  {self._who(seat)} is thinking…")
            self.out.flush()
        action = agent.choose(self.state.view(seat), self.state.legal_actions())
        if thinking:
            self.out.write("\r\x1b[K")
        self._apply(seat, action)
        self.tell(f"  {self._who(seat)}: {self._readable(self._decided)}")
        return action

    def _readable(self, event: dict) -> str:
        """A decision as the person at the terminal may read it (a private one is hidden)."""
        audience = event.get("seen_by")
        if audience is not None and self.viewer not in audience:
            return "(a decision you may not see)"
        return event["action"]

    def _who(self, seat: int) -> str:
        drawn = self.game.presentation()
        name = drawn.seat_title(self.state.view(seat), seat)
        return f"{name} ({drawn.seat_role(self.seats[seat].label)})"

    def _menu_rows(self, table: str) -> int:
        """How many lines the menu may take so the table, menu and prompt fit the screen."""
        used = table.count("\n") + 1 + 3 + (1 if self.hot_seat else 0)  # 2 blanks, a title
        return max(4, self.screen_lines - used - SPARE_LINES)

    def _menu(self, view: Mapping, legal: list, table: str) -> MenuLevel:
        """The menu of `legal`: flat as ever, or grouped when the game groups decisions
        and one screen would not hold them all."""
        notes = menu_notes(self.game, view, legal)
        flat = decision_menu(legal, notes=notes)
        rows = self._menu_rows(table)
        groups = self.game.presentation().menu_groups(view, legal)
        if not groups or flat.count("\n") < rows:
            return MenuLevel("Your decisions:", list(legal), [flat])
        entries, labels = [], []
        for title, items in groups:
            if len(items) == 1:
                action, label = items[0]
                entries.append(action)
                labels.append(label if label == title else f"{title}: {label}")
            else:
                entries.append(self._paged(f"{title}:", [a for a, _ in items],
                                           [label for _, label in items], rows))
                labels.append(f"{title} ({len(items)})")
        return self._paged("Your decisions (choose one to see its decisions):", entries,
                           labels, rows)

    def _paged(self, title: str, entries: list, labels: list, rows: int) -> MenuLevel:
        pages = menu_pages(labels, rows, self.screen_width)
        if len(pages) > 1:   # a line says there are more pages
            pages = menu_pages(labels, rows - 1, self.screen_width)
        return MenuLevel(title, entries, pages, grouped=True)

    def _show(self, level: MenuLevel) -> None:
        self.say(level.title)
        self.say(level.text())

    def _draw(self, seat: int, table: str, level: MenuLevel) -> None:
        self.say()
        self.say(table)
        self.say()
        if self.hot_seat:
            self.say(f"=== {self._who(seat)}, it is your turn (seat {seat + 1}). ===")
        self._show(level)

    def _ask(self, seat: int) -> Any:
        if self.echoed:
            dropped = typed_ahead(self.stdin)
            if dropped:
                self.say_wrapped(printable("  Typed before this decision was asked, not "
                                           "applied: " + "; ".join(dropped)[:LONGEST_LINE]),
                                 "    ")
        view = self.state.view(seat)
        legal = menu_order(self.game, self.state.legal_actions())
        if len(legal) == 1:
            # A forced decision is taken for the person, with a visible line, every time.
            self._apply(seat, legal[0])
            self.tell(f"  {self._who(seat)}: {legal[0]}  (the only legal decision)")
            return legal[0]
        table = render_view(self.game, view, self.color)
        top = level = self._menu(view, legal, table)
        self._draw(seat, table, level)
        while True:
            back = ", back" if level is not top else ""
            self.out.write(f"{self._who(seat)} [1-{len(level.entries)}{back}, notation, help, "
                           f"quit]> ")
            self.out.flush()
            line = self.stdin.readline()
            if line and not self.echoed:
                # Piped answers are not echoed by a terminal: echo them so a transcript
                # reads like the session a person would see.
                shown = printable(line.rstrip("\n")[:LONGEST_LINE])
                self.out.write(shown + "\n")
            if not line:
                self.say()
                raise QuitGame("input ended")
            text = line.strip()
            if len(text) > LONGEST_LINE:
                self.say(f"  A line of {len(text)} characters is no decision (the longest "
                         f"is far under {LONGEST_LINE}).")
                continue
            if not text:
                if top.grouped:
                    self._draw(seat, table, level)   # Enter: the table and menu again
                continue
            word = text.lower()
            if word in QUIT_WORDS:
                raise QuitGame("quit")
            if word in HELP_WORDS:
                self.say(help_for(self.game, view))
                self._show(level)
                continue
            if word in LOG_WORDS:
                shown = list(self.log)[-(self.screen_lines - 2):]
                self.say("The last decisions and what came of them:" if shown else
                         "Nothing has happened yet.")
                for told in shown:
                    self.say(told)
                continue
            if word in MORE_WORDS and len(level.pages) > 1:
                level.page = (level.page + 1) % len(level.pages)
                self._draw(seat, table, level)
                continue
            if word in BACK_WORDS and top.grouped:
                level = top
                self._draw(seat, table, level)
                continue
            answer = self.game.presentation().answer(view, legal, text)
            if answer is not None:
                self.say(answer)
                continue
            if text.isascii() and text.isdigit():
                number = int(text)
                if not 1 <= number <= len(level.entries):
                    self.say(f"  No decision {number}: choose 1 to {len(level.entries)}, "
                             f"or type the notation.")
                    continue
                action = level.entries[number - 1]
                if isinstance(action, MenuLevel):
                    level = action      # the table again, with this piece's decisions
                    self._draw(seat, table, level)
                    continue
            else:
                action = text
            try:
                if isinstance(action, str):
                    action = self.state.parse_action(action)
                self._apply(seat, action)
            except IllegalAction as exc:
                self.say_wrapped(printable(f"Not allowed: {exc}. Type 'help' for the "
                                           f"notation."), "  ")
                continue
            self.tell(f"  {self._who(seat)}: {action}")
            return action


def play_terminal(game: Game, options: Mapping[str, Any] | None, seats: str | Sequence[str],
                  seed: int | None, stdin: TextIO, stdout: TextIO, *, color: bool = False,
                  record_path: str | None = None,
                  position: Mapping[str, Any] | None = None) -> GameRecord:
    """Play one game at a terminal made of these streams; returns (and saves) its record.
    With `position` (a position document) the game starts there, with its options."""
    if position is not None:
        if options:
            raise BadOption(next(iter(options)), "a game started from a position plays "
                                                 "the position's options")
        options = check_header(position, game)[1]
    seat_list = parse_seats(seats, game, seed)
    options = options_for_seats(game, options, len(seat_list))
    table = TerminalTable(game, options, seat_list, seed, stdin, stdout, color, position)
    try:
        record = table.play()
    except QuitGame as stop:
        made = len(list(table.record.decisions()))
        table.say(f"Game abandoned ({stop}) after {made} decision{'s' if made != 1 else ''}.")
        record = table.record
    except KeyboardInterrupt:
        if record_path:  # keep what was played; the command still ends as interrupted
            table.record.save(record_path)
            table.say(f"\nRecord of the game so far saved to {record_path}.")
        raise
    if record_path:
        record.save(record_path)
        table.say(f"Record saved to {record_path}.")
    return record


def play_command(args) -> int:
    """`palantir play GAME --seats ... [--option K=V] [--seed N] [--record FILE]
    [--position FILE]`."""
    game = get_game(args.game)
    options = parse_option_pairs(args.option)
    position = read_position(args.position) if args.position else None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    for stream in (sys.stdin, sys.stdout):
        if isinstance(stream, io.TextIOWrapper):
            # Undecodable bytes typed or piped in are a refused line, not a traceback.
            stream.reconfigure(errors="replace")
    try:
        play_terminal(game, options, args.seats, seed, sys.stdin, sys.stdout,
                      color=wants_color(sys.stdout, args.no_color), record_path=args.record,
                      position=position)
    except BrokenPipeError:
        return closed_reader()
    return 0
