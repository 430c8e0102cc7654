"""The text notation of SPI Sauron decisions (documented in docs/spi-sauron.md).

    move 1108-1208-1209        the combat unit in 1108 moves along this path of hexes
    move elendil 1108-1208     a leader moves (leaders are named; a combat unit by its hex)
    enter orc-archers 1331-1330-1329
                               a waiting reinforcement of this type enters at 1331 (14.0)
    fire 0608 0710             the missile unit in 0608 fires at the enemy in 0710 (7.1)
    duel elendil gorgol        a phasing leader attacks an adjacent enemy leader (7.2)
    attack 1109 from 1108 1209 these adjacent units melee the enemy in 1109, each in turn (7.32)
    retreat 1109-1110-1111     the unit in 1109 retreats along this path (7.54-7.57, 7.6, 7.7)
    stand                      the defender does not retreat before combat (7.7)
    advance 1108-1109          the victorious unit in 1108 advances into the vacated hex (7.5)
    hold                       no advance after combat (7.51 "may")
    rally elendil 1109         a leader tries to rally the disrupted unit in 1109 (8.3)
    cast total-eclipse 6       Sauron spends 6 Magic Capability Points on a spell (8.54)
    give narsil isildur        Elendil hands Narsil to Isildur in the same hex (19.1.4)
    form 1108-1109             the unit in 1108 joins the one in 1109 in a formation (8.4, 15.3)
    split 1109-1110            one unit of the formation in 1109 moves off, disbanding it (8.48)
    end                        the phasing player ends the current phase (or step)

Names are written with hyphens (gil-galad, orc-archers); underscores are accepted too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields

from ...engine.errors import BadNotation

HEX = re.compile(r"^\d{4}$")
VERBS = ("move", "enter", "fire", "duel", "attack", "retreat", "stand", "advance", "hold",
         "rally", "cast", "give", "form", "split", "end")


def name_text(key: str) -> str:
    """The notation of a data key: hyphens for underscores (gil_galad -> gil-galad)."""
    return key.replace("_", "-")


def key_of(text: str) -> str:
    """The data key of a name in notation (gil-galad -> gil_galad)."""
    return text.lower().replace("-", "_")


@dataclass(frozen=True, slots=True)
class Move:
    """A piece moves along `path` (4.0): a leader if `leader` is set, else the combat unit."""

    path: tuple[str, ...]
    leader: str | None = None
    # The notation, written once: listed moves are kept for a whole phase and written often.
    text: str = field(default="", compare=False, repr=False)
    # The hash, worked out once: agents put the hundreds of a phase's moves in sets.
    hashed: int = field(default=0, init=False, compare=False, repr=False)

    def __str__(self) -> str:
        if not self.text:
            who = f"{name_text(self.leader)} " if self.leader else ""
            object.__setattr__(self, "text", f"move {who}{'-'.join(self.path)}")
        return self.text

    def __hash__(self) -> int:
        if not self.hashed:
            object.__setattr__(self, "hashed", hash((self.path, self.leader)))
        return self.hashed


@dataclass(frozen=True, slots=True)
class Enter:
    """A waiting reinforcement (unit type or leader) enters the map along `path` (14.0)."""

    piece: str
    path: tuple[str, ...]
    text: str = field(default="", compare=False, repr=False)   # as Move.text
    hashed: int = field(default=0, init=False, compare=False, repr=False)  # as Move.hashed

    def __str__(self) -> str:
        if not self.text:
            object.__setattr__(self, "text",
                               f"enter {name_text(self.piece)} {'-'.join(self.path)}")
        return self.text

    def __hash__(self) -> int:
        if not self.hashed:
            object.__setattr__(self, "hashed", hash((self.piece, self.path)))
        return self.hashed


# A new path search makes a Move (or Enter) for each of the hundreds of hexes it reaches:
# made here by the classes' slots, as their own __init__ makes them (no text and no hash
# written yet), without a call of __init__ for each.
_MOVE_SLOTS = tuple(Move.__dict__[f.name].__set__ for f in fields(Move))
_ENTER_SLOTS = tuple(Enter.__dict__[f.name].__set__ for f in fields(Enter))
assert [f.name for f in fields(Move)] == ["path", "leader", "text", "hashed"]
assert [f.name for f in fields(Enter)] == ["piece", "path", "text", "hashed"]


def moves_to(found: dict, leader: str | None) -> list:
    """(hex, Move(path, leader)) for every hex -> (cost, path) of a path search, in order."""
    new = object.__new__
    set_path, set_leader, set_text, set_hashed = _MOVE_SLOTS
    made = []
    append = made.append
    for there, (_, path) in found.items():
        move = new(Move)
        set_path(move, path)
        set_leader(move, leader)
        set_text(move, "")
        set_hashed(move, 0)
        append((there, move))
    return made


def splits_to(found: dict) -> list:
    """(hex, Split(path)) for every hex -> (cost, path) of a path search, in order."""
    new = object.__new__
    set_path = _SPLIT_PATH
    made = []
    append = made.append
    for there, (_, path) in found.items():
        split = new(Split)
        set_path(split, path)
        append((there, split))
    return made


def entries_to(found: dict, piece: str) -> list:
    """(hex, Enter(piece, path)) for every hex -> (cost, path) of a path search, in order."""
    new = object.__new__
    set_piece, set_path, set_text, set_hashed = _ENTER_SLOTS
    made = []
    append = made.append
    for there, (_, path) in found.items():
        entry = new(Enter)
        set_piece(entry, piece)
        set_path(entry, path)
        set_text(entry, "")
        set_hashed(entry, 0)
        append((there, entry))
    return made


@dataclass(frozen=True, slots=True)
class End:
    """The phasing player ends the phase (or the current step of it)."""

    def __str__(self) -> str:
        return "end"


END = End()


@dataclass(frozen=True, slots=True)
class Fire:
    """The missile unit in `firer` fires at the enemy combat unit in `target` (7.1)."""

    firer: str
    target: str

    def __str__(self) -> str:
        return f"fire {self.firer} {self.target}"


@dataclass(frozen=True, slots=True)
class Duel:
    """Leader `attacker` attacks the adjacent enemy leader `defender` (7.21)."""

    attacker: str
    defender: str

    def __str__(self) -> str:
        return f"duel {name_text(self.attacker)} {name_text(self.defender)}"


@dataclass(frozen=True, slots=True)
class Attack:
    """The combat units in `attackers` melee the enemy combat unit in `defender` (7.32)."""

    defender: str
    attackers: tuple[str, ...]

    def __str__(self) -> str:
        return f"attack {self.defender} from {' '.join(self.attackers)}"


@dataclass(frozen=True, slots=True)
class Retreat:
    """The unit (or lone leader) in path[0] retreats along `path` (7.54, 7.6, 7.7, 7.23)."""

    path: tuple[str, ...]

    def __str__(self) -> str:
        return f"retreat {'-'.join(self.path)}"


@dataclass(frozen=True, slots=True)
class Stand:
    """The defender offered a retreat before combat stays to fight (7.7)."""

    def __str__(self) -> str:
        return "stand"


@dataclass(frozen=True, slots=True)
class Advance:
    """The victorious unit in path[0] advances into the vacated hex path[1] (7.51, 7.7)."""

    path: tuple[str, ...]

    def __str__(self) -> str:
        return f"advance {'-'.join(self.path)}"


@dataclass(frozen=True, slots=True)
class Hold:
    """The victorious unit does not advance (7.51: it 'may')."""

    def __str__(self) -> str:
        return "hold"


@dataclass(frozen=True, slots=True)
class Rally:
    """Leader `leader` tries to rally the disrupted unit in `hex` (8.34)."""

    leader: str
    hex: str

    def __str__(self) -> str:
        return f"rally {name_text(self.leader)} {self.hex}"


@dataclass(frozen=True, slots=True)
class Cast:
    """Sauron spends `points` Magic Capability Points trying `spell` (8.54, 16.0, 17.2)."""

    spell: str
    points: int
    facing: str | None = None      # Death Breath: the Beast's front (17.2.4)

    def __str__(self) -> str:
        tail = f" {self.facing}" if self.facing else ""
        return f"cast {name_text(self.spell)} {self.points}{tail}"


@dataclass(frozen=True, slots=True)
class Give:
    """The magic weapon `weapon` passes to the leader `to` in the same hex (19.1.4)."""

    weapon: str
    to: str

    def __str__(self) -> str:
        return f"give {name_text(self.weapon)} {name_text(self.to)}"


@dataclass(frozen=True, slots=True)
class Form:
    """The unit in path[0] moves into path[1] to make a formation with the unit there."""

    path: tuple[str, ...]

    def __str__(self) -> str:
        return f"form {'-'.join(self.path)}"


@dataclass(frozen=True, slots=True)
class Split:
    """One unit of the formation in path[0] moves along `path` alone, disbanding it (8.48)."""

    path: tuple[str, ...]

    def __str__(self) -> str:
        return f"split {'-'.join(self.path)}"


STAND, HOLD = Stand(), Hold()
_SPLIT_PATH = Split.__dict__["path"].__set__       # splits_to makes them as __init__ does
assert [f.name for f in fields(Split)] == ["path"]


def parse_hex(text: str, action: str) -> str:
    """'1108' -> '1108'; BadNotation for anything that is not CCRR."""
    if not HEX.match(text):
        raise BadNotation(f"'{text}' is not a hex id CCRR (e.g. 1108)", action=action)
    return text


def parse_path(text: str, action: str) -> tuple[str, ...]:
    """'1108-1208-1209' -> ('1108', '1208', '1209'); BadNotation on anything else."""
    hexes = tuple(text.split("-"))
    for h in hexes:
        if not HEX.match(h):
            raise BadNotation(f"'{h}' is not a hex: a path is hex ids CCRR joined by '-', "
                              "e.g. 1108-1208-1209", action=action)
    return hexes


def parse_action(text: str):
    """Read a decision in SPI Sauron notation (legality is checked by the state)."""
    words = str(text).strip().split()
    if not words:
        raise BadNotation("empty decision; try 'move 1108-1208', 'enter elves 1401-1402' "
                          "or 'end'", action=str(text))
    verb = words[0].lower()
    if verb == "end":
        if len(words) != 1:
            raise BadNotation("'end' stands alone", action=text)
        return END
    if verb in ("stand", "hold"):
        if len(words) != 1:
            raise BadNotation(f"'{verb}' stands alone", action=text)
        return STAND if verb == "stand" else HOLD
    if verb == "fire":
        if len(words) != 3:
            raise BadNotation("'fire' takes the firing hex and the target hex: fire 0608 0710",
                              action=text)
        target = "beast" if words[2].lower() == "beast" else parse_hex(words[2], text)
        return Fire(parse_hex(words[1], text), target)
    if verb == "duel":
        if len(words) != 3:
            raise BadNotation("'duel' takes two leaders: duel elendil gorgol", action=text)
        return Duel(key_of(words[1]), key_of(words[2]))
    if verb == "attack":
        if len(words) < 4 or words[2].lower() != "from":
            raise BadNotation("'attack' takes the defender's hex, 'from' and the attackers' "
                              "hexes: attack 1109 from 1108 1209", action=text)
        # the Beast of Mordor is named, not placed (17.0); so are leaders striking it (17.3.2)
        defender = "beast" if words[1].lower() == "beast" else parse_hex(words[1], text)
        return Attack(defender, tuple(w if HEX.match(w) else key_of(w) for w in words[3:]))
    if verb in ("retreat", "advance"):
        if len(words) != 2:
            raise BadNotation(f"'{verb}' takes a path: {verb} 1109-1110", action=text)
        path = parse_path(words[1], text)
        if len(path) < 2:
            raise BadNotation(f"'{verb}' names the hex left and at least one more", action=text)
        return Retreat(path) if verb == "retreat" else Advance(path)
    if verb == "rally":
        if len(words) != 3:
            raise BadNotation("'rally' takes a leader and a hex: rally elendil 1109",
                              action=text)
        return Rally(key_of(words[1]), parse_hex(words[2], text))
    if verb == "cast":
        if len(words) not in (3, 4) or not words[2].isdecimal():  # int() takes no ²
            raise BadNotation("'cast' takes a spell and the points spent: cast total-eclipse "
                              "6 (Death Breath adds the facing: cast death-breath 20 N)",
                              action=text)
        return Cast(key_of(words[1]), int(words[2]), words[3].upper() if len(words) == 4
                    else None)
    if verb in ("form", "split"):
        if len(words) != 2:
            raise BadNotation(f"'{verb}' takes a path: {verb} 1108-1109", action=text)
        path = parse_path(words[1], text)
        if len(path) < 2:
            raise BadNotation(f"'{verb}' names the hex left and at least one more", action=text)
        return Form(path) if verb == "form" else Split(path)
    if verb == "give":
        if len(words) != 3:
            raise BadNotation("'give' takes a magic weapon and a leader: give narsil isildur",
                              action=text)
        return Give(key_of(words[1]), key_of(words[2]))
    if verb == "move":
        if len(words) == 2:
            return Move(parse_path(words[1], text))
        if len(words) == 3:
            return Move(parse_path(words[2], text), key_of(words[1]))
        raise BadNotation("'move' takes a path (move 1108-1208) or a leader and a path "
                          "(move elendil 1108-1208)", action=text)
    if verb == "enter":
        if len(words) != 3:
            raise BadNotation("'enter' takes a unit type or leader and a path, e.g. "
                              "enter orc-archers 1331-1330", action=text)
        return Enter(key_of(words[1]), parse_path(words[2], text))
    raise BadNotation(f"unknown word '{words[0]}'; a decision starts with "
                      f"{', '.join(VERBS)}", action=text)
