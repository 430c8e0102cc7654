"""Journey to Mordor: the state and the procedures of the rulebook.

Section names in comments are those of rules/journey-to-mordor.txt.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...engine.dice import Dice
from ...engine.errors import BadNotation, IllegalAction
from ...engine.game import Outcome, State
from .components import Components
from .notation import REROLL, SYMBOL_ORDER, Advance, Keep, Reroll, parse_keep

# A square of the Nazgûl route: whole or split by Gandalf, and how much of it is marked.
WHOLE, MARKED, SPLIT, HALF_MARKED, SPLIT_MARKED = range(5)
UNMARKED_UNITS = (1, 0, 2, 1, 0)  # whole and half spaces left unmarked, per square state
NEXT_MARK = {WHOLE: MARKED, SPLIT: HALF_MARKED, HALF_MARKED: SPLIT_MARKED}

SETTING_ASIDE = "Dice Rolls: setting dice aside"
ONE_PER_SYMBOL = "Dice Rolls: only 1 die per symbol in a single roll"
ONE_NAZGUL = "Dice Rolls: if the roll includes Nazgûl, you must set aside 1 of them"
ROHAN = "Location Features 4, Rohan: you may repeat each roll once"
ADVANCING = "Ring: for each ring you may mark 1 space"
GAME_OVER = "End of the Game: the game has ended"

ROLLING, ADVANCING_PHASE, OVER = "set-aside", "advance", "over"


def nazgul_target(die: int, active: int, feature: str | None, colour_seat, eliminated,
                  black: int) -> int | None:
    """Nazgûl: the seat a set-aside Nazgûl on `die` affects (None: nobody, in Gondor)."""
    if feature == "all_nazgul_on_you":  # Minas Tirith: the rival is freed
        return active
    seat = colour_seat[die]
    if die == black or seat is None or eliminated[seat]:
        target = active  # the black die, a colour with no player, or an eliminated player
    else:
        target = seat
    if target == active and feature == "nazgul_spare_you":  # Gondor shields only you
        return None
    return target


def effective_rings(faces, feature: str | None) -> int:
    """Orcs: rings count only if Fellowship members counter every orc; Shelob takes one."""
    rings, orcs, fellows = faces.count("R"), faces.count("O"), faces.count("F")
    if feature == "double_fellowship":  # Lothlórien
        fellows *= 2
    if feature == "double_orcs":  # Helm's Deep
        orcs *= 2
    if orcs > fellows:
        return 0
    if feature == "one_ring_fewer":  # Shelob's Lair
        rings = max(0, rings - 1)
    return rings


def _subset_masks(bits: list[int]) -> list[int]:
    """Every union of some of the given single-bit masks (the empty one included)."""
    masks = [0]
    for bit in bits:
        masks += [m | bit for m in masks]
    return masks


class JourneyState(State):
    """A position of Journey to Mordor: every sheet, the dice and whose turn it is."""

    __slots__ = ("game", "dice", "parts", "options", "n", "hobbits", "colour_seat", "ring",
                 "nazgul", "eliminated", "arrived", "active", "round", "phase", "roll",
                 "aside", "rerolled", "feature", "advance_max", "final_round", "news", "options_json",
                 "_outcome")

    def __init__(self, game, options: Mapping[str, Any], parts: Components, dice: Dice):
        self.game = game
        self.dice = dice
        self.parts = parts
        self.options = options
        self.options_json = game.options_to_json(options)
        self.n = options["players"]
        self.hobbits: tuple[str, ...] = tuple(options["hobbits"])
        # Which seat each die colour belongs to; None: no player (or black).
        self.colour_seat: list[int | None] = [None] * len(parts.die_names)
        for seat, hobbit in enumerate(self.hobbits):
            self.colour_seat[parts.die_names.index(parts.hobbit_colours[hobbit])] = seat
        self.ring = [0] * self.n
        self.nazgul = [[WHOLE] * parts.nazgul_squares for _ in range(self.n)]
        self.eliminated = [False] * self.n
        self.arrived = [False] * self.n
        self.active = 0  # Game Setup: seat 0 is the player who starts
        self.round = 1
        self.phase = ROLLING
        self.roll: list[tuple[int, str]] = []
        self.aside: list[tuple[int, str]] = []
        self.rerolled = False
        self.feature: str | None = None
        self.advance_max = 0
        self.final_round = False
        self.news: list[tuple] = []
        self._outcome: Outcome | None = None

    # ----- the contract ---------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.n

    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.active

    def is_over(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome | None:
        return self._outcome

    def legal_actions(self) -> list:
        if self.phase == ROLLING:
            actions: list = self._legal_keeps()
            if self.feature == "reroll_each_roll" and not self.rerolled:
                actions.append(REROLL)
            return actions
        if self.phase == ADVANCING_PHASE:
            return [Advance(k) for k in range(self.advance_max, -1, -1)]
        return []

    def parse_action(self, text: str):
        if self.phase == OVER:
            raise IllegalAction("the game is over", rule=GAME_OVER, action=str(text))
        words = str(text).replace(",", " ").split()
        if not words:
            raise BadNotation("empty decision; try 'keep R', 'reroll' or 'advance 1'",
                              action=text)
        verb = words[0].lower()
        if verb == "reroll" and len(words) == 1:
            return REROLL
        if verb == "advance":
            if len(words) != 2 or not words[1].isdecimal():  # int() takes no ²
                raise BadNotation("'advance' takes a number of spaces, e.g. 'advance 1'",
                                  action=text)
            return Advance(int(words[1]))
        if self.phase != ROLLING:
            raise IllegalAction(self._phase_hint(), rule=ADVANCING, action=text)
        if verb == "reroll":
            raise BadNotation("'reroll' stands alone", action=text)
        if verb not in ("keep", "stop") and verb.partition(":")[0].upper() not in SYMBOL_ORDER:
            raise BadNotation(f"unknown word '{words[0]}'; a decision starts with keep, stop, "
                              "reroll or advance, or names dice (R N:red)", action=text)
        if verb in ("keep", "stop"):
            named = [w.partition(":")[0].upper() for w in words[1:]]  # 'T:black' names T too
            tokens = words[1:] + (["T"] if verb == "stop" and "T" not in named else [])
        else:
            tokens = words
        dice = parse_keep(tokens, self.roll, self.parts.die_names, text)
        return Keep(dice, tuple(self.roll), self.parts.die_names)

    def apply(self, action) -> None:
        if isinstance(action, str):
            action = self.parse_action(action)
        # Every check comes before the first change, so a refusal leaves the state as it was.
        if self.phase == OVER:
            raise IllegalAction("the game is over", rule=GAME_OVER, action=str(action))
        if isinstance(action, Keep):
            self._check_keep(action)
        elif isinstance(action, Reroll):
            self._check_reroll()
        elif isinstance(action, Advance):
            self._check_advance(action)
        else:
            raise IllegalAction(f"not a Journey to Mordor decision: {action!r}",
                                rule="notation", action=str(action))
        self.news = []
        if isinstance(action, Keep):
            self.set_aside(action.dice)
        elif isinstance(action, Reroll):
            self.repeat_roll()
        else:
            self.advance(self.active, action.spaces)
            self.end_turn()

    def clone(self, dice: Dice | None = None) -> "JourneyState":
        other = object.__new__(JourneyState)
        other.game = self.game
        other.dice = self.dice if dice is None else dice
        other.parts = self.parts
        other.options = self.options
        other.options_json = self.options_json
        other.n = self.n
        other.hobbits = self.hobbits
        other.colour_seat = self.colour_seat
        other.ring = self.ring[:]
        other.nazgul = [squares[:] for squares in self.nazgul]
        other.eliminated = self.eliminated[:]
        other.arrived = self.arrived[:]
        other.active = self.active
        other.round = self.round
        other.phase = self.phase
        other.roll = self.roll[:]
        other.aside = self.aside[:]
        other.rerolled = self.rerolled
        other.feature = self.feature
        other.advance_max = self.advance_max
        other.final_round = self.final_round
        other.news = []
        other._outcome = self._outcome
        return other

    def view(self, seat: int | None) -> dict:
        # Journey to Mordor has no hidden information: every seat sees the whole table.
        names = self.parts.die_names
        return {
            "game": "journey-to-mordor",
            "seat": seat,
            "players": self.n,
            "options": dict(self.options_json),
            "hobbits": list(self.hobbits),
            "active": self.active,
            "to_move": self.to_move(),
            "round": self.round,
            "phase": self.phase,
            "feature": self.feature,
            "roll": [[names[d], f] for d, f in self.roll],
            "aside": [[names[d], f] for d, f in self.aside],
            "rerolled": self.rerolled,
            "advance_max": self.advance_max,
            "ring": self.ring[:],
            "nazgul": [squares[:] for squares in self.nazgul],
            "eliminated": self.eliminated[:],
            "arrived": self.arrived[:],
            "final_round": self.final_round,
            "outcome": self._outcome.to_json() if self._outcome else None,
        }

    def narration(self, seat: int | None) -> list[str]:
        from .render import describe_news  # words live with the rendering
        return [describe_news(self, item) for item in self.news]

    # ----- Dice Rolls -----------------------------------------------------------------

    def start_turn(self) -> None:
        """A turn begins: the location's feature comes into force, then all 5 dice are rolled."""
        # Version with Location Features: the feature of the location the player starts on.
        self.feature = None
        if self.options["locations"] and self.ring[self.active] > 0:
            place = self.parts.ring_spaces[self.ring[self.active] - 1]
            location = self.parts.locations.get(place)
            self.feature = location.feature if location else None
        self.phase = ROLLING
        self.aside = []
        self.news.append(("turn", self.active, self.round, self.ring[self.active], self.feature))
        self.roll_dice(list(range(len(self.parts.die_names))))

    def roll_dice(self, dice: list[int]) -> None:
        """Roll the given dice (all 5 at the start of a turn, then the ones not set aside)."""
        names = self.parts.die_names
        self.roll = [(d, self.dice.roll(names[d], self.parts.faces_of(d))) for d in dice]
        self.rerolled = False
        self.news.append(("roll", tuple(self.roll)))

    def repeat_roll(self) -> None:
        """Rohan: roll the same dice once more before setting any aside."""
        dice = [d for d, _ in self.roll]
        self.news.append(("reroll",))
        self.roll_dice(dice)
        self.rerolled = True

    def keep_problem(self, dice: tuple[tuple[int, str], ...]) -> tuple[str, str] | None:
        """Why setting aside `dice` breaks the rules (reason, rule), or None if it is legal."""
        if not dice:
            return "you must set aside at least 1 die", SETTING_ASIDE
        for die in dice:
            if die not in self.roll:
                return f"the {self.parts.die_names[die[0]]} die does not show {die[1]}", \
                    SETTING_ASIDE
        if len(set(dice)) != len(dice):
            return "a die is named twice", SETTING_ASIDE
        faces = [f for _, f in dice]
        identical_allowed = self.feature == "identical_symbols"  # Rivendell
        if not identical_allowed and len(set(faces)) != len(faces):
            return "all the dice set aside in one roll must show different symbols", \
                ONE_PER_SYMBOL
        nazgul_showing = any(f == "N" for _, f in self.roll)
        kept_nazgul = faces.count("N")
        if nazgul_showing and kept_nazgul == 0:
            return "the roll includes a Nazgûl: you must set aside 1 of them", ONE_NAZGUL
        return None

    def _legal_keeps(self) -> list[Keep]:
        # The same sets keep_problem accepts, built directly: per symbol none or one of the
        # dice showing it (Rivendell: any number), at least one Nazgûl if any shows.
        roll, names = tuple(self.roll), self.parts.die_names
        by_face: dict[str, list[int]] = {}
        for position, (_, face) in enumerate(roll):
            by_face.setdefault(face, []).append(1 << position)
        masks = [0]
        for face, bits in by_face.items():
            if self.feature == "identical_symbols":
                choices = _subset_masks(bits)
            else:
                choices = [0] + bits
            if face == "N":
                choices = [c for c in choices if c]
            masks = [m | c for m in masks for c in choices]
        return [Keep(tuple(roll[i] for i in range(len(roll)) if mask >> i & 1), roll, names)
                for mask in sorted(masks) if mask]

    def _check_keep(self, action: Keep) -> None:
        if self.phase != ROLLING:
            raise IllegalAction(self._phase_hint(), rule=SETTING_ASIDE, action=str(action))
        problem = self.keep_problem(action.dice)
        if problem:
            raise IllegalAction(problem[0], rule=problem[1], action=str(action))

    def _check_reroll(self) -> None:
        if self.phase != ROLLING:
            raise IllegalAction(self._phase_hint(), rule=ROHAN, action="reroll")
        if self.feature != "reroll_each_roll":
            raise IllegalAction("only a player who starts the turn in Rohan may reroll",
                                rule=ROHAN, action="reroll")
        if self.rerolled:
            raise IllegalAction("this roll has already been repeated once; set dice aside",
                                rule=ROHAN, action="reroll")

    def _check_advance(self, action: Advance) -> None:
        if self.phase != ADVANCING_PHASE:
            raise IllegalAction("there is no ring to apply now; set dice aside",
                                rule=ADVANCING, action=str(action))
        if not 0 <= action.spaces <= self.advance_max:
            raise IllegalAction(f"you may mark 0 to {self.advance_max} spaces this turn",
                                rule=ADVANCING, action=str(action))

    def _phase_hint(self) -> str:
        if self.phase == ADVANCING_PHASE:
            return f"the dice are applied: choose 'advance 0' to 'advance {self.advance_max}'"
        if self.phase == OVER:
            return "the game is over"
        return "set dice aside first"

    def set_aside(self, dice: tuple[tuple[int, str], ...]) -> None:
        """Set the chosen dice aside; the White Tree ends the turn, else roll the rest."""
        self.aside.extend(dice)
        self.roll = [d for d in self.roll if d not in dice]
        self.news.append(("keep", dice))
        if any(face == "T" for _, face in dice):
            # White Tree: the turn ends early; dice not set aside do not count.
            self.news.append(("white_tree", tuple(self.roll)))
            self.roll = []
            self.apply_results()
        elif not self.roll:
            self.apply_results()
        else:
            self.roll_dice([d for d, _ in self.roll])

    # ----- applying the results --------------------------------------------------------

    def nazgul_target(self, die: int) -> int | None:
        """Who a set-aside Nazgûl affects (None: nobody, in Gondor)."""
        return nazgul_target(die, self.active, self.feature, self.colour_seat,
                             self.eliminated, self.parts.black)

    def effective_rings(self) -> int:
        """Rings that count this turn, after orcs, Fellowship members and the location."""
        return effective_rings([f for _, f in self.aside], self.feature)

    def apply_results(self) -> None:
        """End of the turn: Gandalf splits first, then Nazgûl are marked, then rings advance."""
        active = self.active
        faces = [f for _, f in self.aside]
        gandalfs = faces.count("G")
        if gandalfs and self.feature == "no_gandalf":  # Moria: Gandalf has no effect
            self.news.append(("balrog", gandalfs))
        else:
            for _ in range(gandalfs):
                if not self.split_square(active):
                    break  # nothing left to split: say so once
        for die, face in self.aside:
            if face == "N":
                target = self.nazgul_target(die)
                if target is None:
                    self.news.append(("spared", die))
                else:
                    self.mark_nazgul(target, die)
        rings = self.effective_rings()
        self.news.append(("rings", faces.count("R"), rings))
        if self.eliminated[active] or rings == 0:
            self.end_turn()
            return
        room = len(self.parts.ring_spaces) - self.ring[active]  # leftover rings are ignored
        best = min(rings, room)
        if self.options["locations"]:
            self.phase = ADVANCING_PHASE
            self.advance_max = best
            self.roll = []
        else:
            self.advance(active, best)
            self.end_turn()

    def split_square(self, seat: int) -> bool:
        """Gandalf: split the next whole unmarked square (the Mordor square too); False if none."""
        squares = self.nazgul[seat]
        for i, square in enumerate(squares):
            if square == WHOLE:
                squares[i] = SPLIT
                self.news.append(("split", seat, i))
                return True
        self.news.append(("no_split", seat))
        return False

    def mark_nazgul(self, seat: int, die: int) -> None:
        """Mark the next square (or half square) of `seat`'s Nazgûl route."""
        if self.eliminated[seat]:
            return
        squares = self.nazgul[seat]
        for i, square in enumerate(squares):
            if square in NEXT_MARK:
                squares[i] = NEXT_MARK[square]
                self.news.append(("mark", seat, i, die))
                break
        if squares[-1] in (MARKED, SPLIT_MARKED):
            self.eliminate(seat)

    def eliminate(self, seat: int) -> None:
        """Elimination of a Player: the last Mordor square of the Nazgûl route is marked."""
        self.eliminated[seat] = True
        self.news.append(("eliminated", seat))

    def advance(self, seat: int, spaces: int) -> None:
        """Mark `spaces` round spaces of the Ring-bearer's route."""
        if spaces <= 0:
            if self.phase == ADVANCING_PHASE:
                self.news.append(("advance", seat, 0, self.ring[seat]))
            return
        self.ring[seat] += spaces
        self.news.append(("advance", seat, spaces, self.ring[seat]))
        if self.ring[seat] == len(self.parts.ring_spaces):
            self.arrived[seat] = True
            self.final_round = True
            self.news.append(("mount_doom", seat))

    # ----- turns, rounds and the end ---------------------------------------------------

    def unmarked(self, seat: int) -> int:
        """Whole and half spaces left unmarked on `seat`'s Nazgûl route."""
        return sum(UNMARKED_UNITS[s] for s in self.nazgul[seat])

    def end_turn(self) -> None:
        """Pass the turn to the left; at the end of a round see whether the game ends."""
        self.roll, self.aside, self.advance_max = [], [], 0
        self.rerolled = False
        if all(self.eliminated):
            self.finish()
            return
        for seat in range(self.active + 1, self.n):
            if not self.eliminated[seat]:
                self.active = seat
                self.start_turn()
                return
        # The round is over.
        if any(a and not e for a, e in zip(self.arrived, self.eliminated)):
            self.finish()
            return
        self.final_round = False  # every arrival this round was eliminated: play on
        self.round += 1
        self.active = self.eliminated.index(False)
        self.start_turn()

    def finish(self) -> None:
        """End of the Game: all eliminated, or the round of an arrival at Mount Doom is over."""
        self.phase = OVER
        self.roll = []
        self.feature = None
        out = tuple(s for s in range(self.n) if self.eliminated[s])
        reached = [s for s in range(self.n) if self.arrived[s] and not self.eliminated[s]]
        if not reached:
            winners: tuple[int, ...] = ()
            summary = "All players have been eliminated: everyone has lost."
        else:
            best = max(self.unmarked(s) for s in reached)
            winners = tuple(s for s in reached if self.unmarked(s) == best)
            names = [self.parts.hobbit_names[self.hobbits[s]] for s in winners]
            if len(reached) == 1:
                summary = f"{names[0]} has reached Mount Doom and wins."
            elif len(winners) == 1:
                summary = (f"{len(reached)} Ring-bearers reached Mount Doom; {names[0]} wins "
                           f"with {best} unmarked Nazgûl spaces.")
            else:
                summary = (f"{' and '.join(names)} reached Mount Doom with {best} unmarked "
                           f"Nazgûl spaces each and share the victory.")
        self._outcome = Outcome(
            winners=winners, summary=summary, eliminated=out, rounds=self.round,
            details={"reached": reached, "unmarked": [self.unmarked(s) for s in range(self.n)]})
        self.news.append(("over",))
