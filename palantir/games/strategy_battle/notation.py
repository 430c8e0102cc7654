"""The notation of a battle's decisions (docs/strategy-battle.md, 'Notation').

    move G1 12.5,10 14,10      a move along waypoints (table units)
    move G1 to 14,10           a move to a point; the referee finds the path
    charge G1 E2               a charge into contact; the referee finds the path
    charge G1 E2+E3 13,11      a charge along waypoints, touching every named target
    shoot G3 E4                a shot
    fight G1                   the side with priority names the next fight
    pick G2                    the model moved next (its suggested moves are listed)
    strike E1 E1               a lone winner's strikes, one beaten enemy per Attack
    shield on / shield off     a side's declaration at the start of a fight
    might G1 2                 a Hero spends (or, against a Hero, bids) Might on its dice
    fate G1                    a wounded Hero spends a point of Fate to try to recover
    cast G1 immobilise E2 2    a Hero uses a magical power, rolling 2 Will dice
    resist E2 1                a Hero resists a power with 1 Will die
    heroic G1                  a Hero's heroic action, declared at the start of a phase
    pair E1 G1+G2              the side with priority matches E1 against G1 and G2
    back G1 12,9.5 G2 11,8     G1 backs away to 12,9.5; friend G2 makes way to 11,8
    trapped G1                 G1 stays trapped: no friend makes way for it
    charger E2                 the charging side's next charger to fight the defender
    weapon G1 two-handed-weapon  the weapon a model fights with this phase
    support G4>G1 G5>G2        spearmen supporting fighters (or 'support none')
    throw G1 E2 13,11          a charge halting 1"/2cm away to throw a weapon first
    take G1 shield             a Hero takes a weapon from the foes he slew
    cast G1 command E2 2 from 12,10  a Hero moves along waypoints, then uses a power there
    reroll G1                  an Expert Rider re-rolls his roll on the Jump chart
    reroll G1 2                a side in range of its banner re-rolls G1's duel die showing 2
    take G2 banner             a friend in base contact picks up a fallen bearer's banner
    volley G1+G2+G3+G4+G5+G6 E4  six or more bowmen in base contact fire a volley at E4
    allot E5                   a volley's next extra hit goes to E5, within 6"/14cm of its target
    dismount G1 [loose]        a rider gets off (leaving his mount loose); a passenger jumps down
    mount G1 G1m               a model on foot mounts a loose mount, or a passenger a rider's
    loose G1                   a fallen or thrown rider's mount is left loose (pass: it runs off)
    leave G1 bow               an Expert Rider off his horse leaves his bow (or shield) on it
    climb G1 12,10 13,10       a model climbs the sheer side on its way, up or down, then on
    lie G1                     a model lies down ('Models on the Ground')
    crawl G1 12,10             a model on the ground crawls along waypoints
    open G1 gate               a model inside touching a gate or door opens it
    close G1 gate              ... or shuts it
    bolt G1 door               a model holding a door bolts it
    unbolt G1 door             a model inside unbolts a door to pass through
    raise E3 ladder1           an access ladder put up
    pull G2 ladder1            an access ladder pulled up or down
    carry E4 ram               a model takes up a ram or demolition charge
    drop E4 ram                ... or puts it down
    haul ram 20,12             a ram's (or charge's) carriers move it together to a point
    batter ram gate            a ram (or a model) strikes a gate, door or wall
    detonate E5 charge         a model touching a demolition charge sets it off
    pass                       no Might, no Fate
    done                       the side has finished this phase
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.errors import BadNotation

Point = tuple[float, float]


def number(value: float) -> str:
    """A coordinate as written: at most three decimals, no trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _point(text: str, whole: str) -> Point:
    parts = text.split(",")
    if len(parts) != 2:
        raise BadNotation(f"'{text}' is not a point like 12.5,10", action=whole)
    try:
        x, y = float(parts[0]), float(parts[1])
    except ValueError:
        raise BadNotation(f"'{text}' is not a point like 12.5,10", action=whole) from None
    return x, y


@dataclass(frozen=True)
class Move:
    """Move a model along waypoints, or (unresolved) to a destination."""

    model: str
    path: tuple[Point, ...] = ()
    to: Point | None = None

    @staticmethod
    def rounded(path) -> tuple[Point, ...]:
        """Waypoints rounded as the notation writes them, so text and action agree."""
        return tuple((float(number(x)), float(number(y))) for x, y in path)

    def __str__(self) -> str:
        if self.to is not None:
            return f"move {self.model} to {number(self.to[0])},{number(self.to[1])}"
        return f"move {self.model} " + " ".join(f"{number(x)},{number(y)}" for x, y in self.path)


@dataclass(frozen=True)
class Charge:
    """Charge one or more enemies, along waypoints or (unresolved) by a found path."""

    model: str
    targets: tuple[str, ...]
    path: tuple[Point, ...] = ()

    def __str__(self) -> str:
        text = f"charge {self.model} {'+'.join(self.targets)}"
        return text + "".join(f" {number(x)},{number(y)}" for x, y in self.path)


@dataclass(frozen=True)
class Shoot:
    """Shoot at a target."""

    model: str
    target: str

    def __str__(self) -> str:
        return f"shoot {self.model} {self.target}"


@dataclass(frozen=True)
class Fight:
    """The side with priority names the next fight by one of its models."""

    model: str

    def __str__(self) -> str:
        return f"fight {self.model}"


@dataclass(frozen=True)
class Strike:
    """A lone winner's strikes, one beaten enemy named per Attack."""

    targets: tuple[str, ...]

    def __str__(self) -> str:
        return "strike " + " ".join(self.targets)


@dataclass(frozen=True)
class Shielding:
    """A side's declaration at the start of a fight: its warriors shield, or fight."""

    on: bool

    def __str__(self) -> str:
        return "shield on" if self.on else "shield off"


@dataclass(frozen=True)
class Might:
    """A Hero spends Might on its own dice (or bids it, when opposing Heroes both do)."""

    model: str
    points: int

    def __str__(self) -> str:
        return f"might {self.model} {self.points}"


@dataclass(frozen=True)
class FateRoll:
    """A wounded Hero spends a point of Fate and rolls to recover the wound."""

    model: str

    def __str__(self) -> str:
        return f"fate {self.model}"


@dataclass(frozen=True)
class Cast:
    """A Hero uses a magical power on a target, rolling as many dice as Will spent."""

    model: str
    power: str          # as written: lower case, hyphens for spaces (black-dart)
    target: str
    dice: int
    path: tuple[Point, ...] = ()     # moved first, casting part-way through the move

    def __str__(self) -> str:
        text = f"cast {self.model} {self.power} {self.target} {self.dice}"
        return text + ("" if not self.path else
                       " from " + " ".join(f"{number(x)},{number(y)}" for x, y in self.path))


@dataclass(frozen=True)
class Resist:
    """A Hero resists a power with Will dice."""

    model: str
    dice: int

    def __str__(self) -> str:
        return f"resist {self.model} {self.dice}"


@dataclass(frozen=True)
class Heroic:
    """A side declares a Hero's heroic action at the start of a phase."""

    model: str

    def __str__(self) -> str:
        return f"heroic {self.model}"


@dataclass(frozen=True)
class Pair:
    """The side with priority matches a fight: one model against one or more enemies."""

    single: str
    many: tuple[str, ...]

    def __str__(self) -> str:
        return f"pair {self.single} {'+'.join(self.many)}"


@dataclass(frozen=True)
class Back:
    """A beaten model backs away to a spot; friends named after it make way to theirs."""

    model: str
    to: Point
    way: tuple[tuple[str, Point], ...] = ()

    def __str__(self) -> str:
        text = f"back {self.model} {number(self.to[0])},{number(self.to[1])}"
        return text + "".join(f" {k} {number(x)},{number(y)}" for k, (x, y) in self.way)


@dataclass(frozen=True)
class Trapped:
    """The beaten side lets a model be trapped rather than have friends make way."""

    model: str

    def __str__(self) -> str:
        return f"trapped {self.model}"


@dataclass(frozen=True)
class Charger:
    """The charging side names its next charger to fight a defender of a barrier."""

    model: str

    def __str__(self) -> str:
        return f"charger {self.model}"


@dataclass(frozen=True)
class Weapon:
    """The close-combat weapon a model fights with this Fight phase (written with hyphens)."""

    model: str
    weapon: str

    def __str__(self) -> str:
        return f"weapon {self.model} {self.weapon}"


@dataclass(frozen=True)
class Support:
    """Spearmen supporting fighters, as (spearman, fighter) pairs; none for no support."""

    pairs: tuple[tuple[str, str], ...]

    def __str__(self) -> str:
        if not self.pairs:
            return "support none"
        return "support " + " ".join(f"{s}>{f}" for s, f in self.pairs)


@dataclass(frozen=True)
class Throw:
    """A charge along waypoints that halts 1"/2cm from the target to throw a weapon first."""

    model: str
    target: str
    path: tuple[Point, ...] = ()

    def __str__(self) -> str:
        return f"throw {self.model} {self.target}" + "".join(
            f" {number(x)},{number(y)}" for x, y in self.path)


@dataclass(frozen=True)
class Take:
    """A Hero who slew all his foes takes one weapon or shield from them (written with hyphens)."""

    model: str
    item: str

    def __str__(self) -> str:
        return f"take {self.model} {self.item}"


@dataclass(frozen=True)
class Pass:
    """Decline: no Might, no Fate."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Pick:
    """The model the moving side moves next ('Moving the Models': one at a time, in any
    order); its moves are then listed."""

    model: str

    def __str__(self) -> str:
        return f"pick {self.model}"


@dataclass(frozen=True)
class Done:
    """The side has finished its part of this phase."""

    def __str__(self) -> str:
        return "done"


def parse(text: str):
    """Read one decision; BadNotation says what was expected."""
    words = text.split()
    if not words:
        raise BadNotation("empty decision; try 'move G1 to 12,10', 'charge G1 E2' or 'done'",
                          action=text)
    verb = words[0].lower()
    if verb == "done" and len(words) == 1:
        return Done()
    if verb == "pick":
        if len(words) != 2:
            raise BadNotation("'pick' takes the model to move next, e.g. 'pick G2'",
                              action=text)
        return Pick(words[1])
    if verb == "move":
        if len(words) < 3:
            raise BadNotation("'move' takes a model and waypoints or 'to x,y'", action=text)
        if words[2].lower() == "to":
            if len(words) != 4:
                raise BadNotation("'move G1 to x,y' takes one point", action=text)
            return Move(words[1], to=_point(words[3], text))
        return Move(words[1], tuple(_point(w, text) for w in words[2:]))
    if verb == "charge":
        if len(words) < 3:
            raise BadNotation("'charge' takes a model and its target(s), e.g. 'charge G1 E2'",
                              action=text)
        targets = tuple(t for t in words[2].split("+") if t)
        if not targets:
            raise BadNotation("name the model charged, e.g. 'charge G1 E2'", action=text)
        return Charge(words[1], targets, tuple(_point(w, text) for w in words[3:]))
    if verb == "shoot":
        if len(words) != 3:
            raise BadNotation("'shoot' takes a shooter and a target, e.g. 'shoot G3 E4'",
                              action=text)
        return Shoot(words[1], words[2])
    if verb == "pass" and len(words) == 1:
        return Pass()
    if verb == "shield":
        if len(words) != 2 or words[1].lower() not in ("on", "off"):
            raise BadNotation("'shield on' or 'shield off'", action=text)
        return Shielding(words[1].lower() == "on")
    if verb == "might":
        if len(words) != 3 or not words[2].isdecimal():  # int() takes no ²
            raise BadNotation("'might' names the Hero and the points, e.g. 'might G1 1'",
                              action=text)
        return Might(words[1], int(words[2]))
    if verb == "cast":
        if (len(words) < 5 or not words[4].isdecimal() or len(words) == 6
                or (len(words) > 6 and words[5].lower() != "from")):
            raise BadNotation("'cast' names the Hero, the power, the target and the Will dice, "
                              "e.g. 'cast G1 immobilise E2 2', then perhaps 'from' and the "
                              "waypoints moved first", action=text)
        return Cast(words[1], words[2].lower(), words[3], int(words[4]),
                    tuple(_point(w, text) for w in words[6:]))
    if verb == "heroic":
        if len(words) != 2:
            raise BadNotation("'heroic' names the Hero, e.g. 'heroic G1'", action=text)
        return Heroic(words[1])
    if verb == "resist":
        if len(words) != 3 or not words[2].isdecimal():
            raise BadNotation("'resist' names the Hero and the Will dice, e.g. 'resist E1 1'",
                              action=text)
        return Resist(words[1], int(words[2]))
    if verb == "fate":
        if len(words) != 2:
            raise BadNotation("'fate' names the wounded Hero, e.g. 'fate G1'", action=text)
        return FateRoll(words[1])
    if verb == "fight":
        if len(words) != 2:
            raise BadNotation("'fight' names one model of the fight, e.g. 'fight G1'", action=text)
        return Fight(words[1])
    if verb == "strike":
        if len(words) < 2:
            raise BadNotation("'strike' names the model each strike goes to, e.g. 'strike E1 E2'",
                              action=text)
        return Strike(tuple(words[1:]))
    if verb in _MORE:
        return _MORE[verb](words, text)
    raise BadNotation(f"unknown decision '{words[0]}'; the decisions are move, charge, shoot, "
                      "fight, strike, shield, might, fate, cast, resist, heroic, pair, back, "
                      "trapped, charger, weapon, support, throw, take, reroll, dismount, mount, "
                      "loose, leave, climb, lie, crawl, volley, allot, the fortress's open, "
                      "close, bolt, unbolt, raise, pull, carry, drop, haul, batter and "
                      "detonate, pass and done", action=text)


def _one_model(cls, verb: str, example: str):
    def read(words, text):
        if len(words) != 2:
            raise BadNotation(f"'{verb}' names one model, e.g. '{example}'", action=text)
        return cls(words[1])
    return read


def _pair(words, text):
    if len(words) != 3 or not all(words[2].split("+")):
        raise BadNotation("'pair' names the lone model then its foes, e.g. 'pair E1 G1+G2'",
                          action=text)
    return Pair(words[1], tuple(words[2].split("+")))


def _back(words, text):
    if len(words) < 3 or len(words) % 2 == 0:
        raise BadNotation("'back' names the beaten model and its spot, then any friends making "
                          "way and theirs, e.g. 'back G1 12,9.5 G2 11,8'", action=text)
    way = tuple((words[i], _point(words[i + 1], text)) for i in range(3, len(words), 2))
    return Back(words[1], _point(words[2], text), way)


def _weapon(words, text):
    if len(words) != 3:
        raise BadNotation("'weapon' names the model and the weapon, e.g. "
                          "'weapon G1 two-handed-weapon'", action=text)
    return Weapon(words[1], words[2].lower())


def _support(words, text):
    if words[1:] == ["none"]:
        return Support(())
    pairs = [w.split(">") for w in words[1:]]
    if not pairs or any(len(p) != 2 or not all(p) for p in pairs):
        raise BadNotation("'support' pairs spearman and fighter, e.g. 'support G4>G1', or "
                          "'support none'", action=text)
    return Support(tuple((a, b) for a, b in pairs))


def _throw(words, text):
    if len(words) < 3:
        raise BadNotation("'throw' names the charger and its target, then waypoints, e.g. "
                          "'throw G1 E2 13,11'", action=text)
    return Throw(words[1], words[2], tuple(_point(w, text) for w in words[3:]))


def _take(words, text):
    if len(words) != 3:
        raise BadNotation("'take' names the Hero and the item, e.g. 'take G1 shield'",
                          action=text)
    return Take(words[1], words[2].lower())


_MORE = {"pair": _pair, "back": _back, "weapon": _weapon, "support": _support,
         "throw": _throw, "take": _take,
         "trapped": _one_model(Trapped, "trapped", "trapped G1"),
         "charger": _one_model(Charger, "charger", "charger E2")}


# ---------------------------------------------------------------- cavalry and re-rolls

@dataclass(frozen=True)
class Reroll:
    """A model re-rolls its last die where a rule lets it (an Expert Rider's Jump); in a
    fight in range of a banner, one of its duel dice, named by its score ('Banners')."""

    model: str
    face: int | None = None

    def __str__(self) -> str:
        return f"reroll {self.model}" + ("" if self.face is None else f" {self.face}")


def _reroll(words, text):
    faces = ("1", "2", "3", "4", "5", "6")
    if len(words) not in (2, 3) or (len(words) == 3 and words[2] not in faces):
        raise BadNotation("'reroll' names the model, then perhaps the score of the duel die "
                          "it re-rolls, e.g. 'reroll G1' or 'reroll G1 2'", action=text)
    return Reroll(words[1], int(words[2]) if len(words) == 3 else None)


@dataclass(frozen=True)
class Dismount:
    """A rider gets off his mount, leaving it loose or not; a passenger jumps down."""

    model: str
    loose: bool = False

    def __str__(self) -> str:
        return f"dismount {self.model}" + (" loose" if self.loose else "")


@dataclass(frozen=True)
class Mount:
    """A model on foot mounts a loose mount, or climbs up behind a rider as a passenger."""

    model: str
    steed: str

    def __str__(self) -> str:
        return f"mount {self.model} {self.steed}"


@dataclass(frozen=True)
class Loose:
    """The mount of a rider who fell or was thrown is left on the table, loose."""

    model: str

    def __str__(self) -> str:
        return f"loose {self.model}"


@dataclass(frozen=True)
class Leave:
    """An Expert Rider off his horse leaves his bow or his shield on it."""

    model: str
    item: str

    def __str__(self) -> str:
        return f"leave {self.model} {self.item}"


@dataclass(frozen=True)
class Climb:
    """A model climbs a sheer side along waypoints ('Climbing'): the first sheer side too
    high to jump on its path, up or down, then the rest of the path."""

    model: str
    path: tuple[Point, ...]

    def __str__(self) -> str:
        return f"climb {self.model} " + " ".join(f"{number(x)},{number(y)}" for x, y in self.path)


@dataclass(frozen=True)
class Lie:
    """A model lies down ('Models on the Ground')."""

    model: str

    def __str__(self) -> str:
        return f"lie {self.model}"


@dataclass(frozen=True)
class Crawl:
    """A model on the ground crawls along waypoints ('Models on the Ground')."""

    model: str
    path: tuple[Point, ...]

    def __str__(self) -> str:
        return f"crawl {self.model} " + " ".join(f"{number(x)},{number(y)}" for x, y in self.path)


def _along(cls, verb: str):
    def read(words, text):
        if len(words) < 3:
            raise BadNotation(f"'{verb}' names the model then waypoints, e.g. "
                              f"'{verb} G1 12,10'", action=text)
        return cls(words[1], tuple(_point(w, text) for w in words[2:]))
    return read


def _dismount(words, text):
    if len(words) not in (2, 3) or (len(words) == 3 and words[2].lower() != "loose"):
        raise BadNotation("'dismount' names the rider, then perhaps 'loose', e.g. "
                          "'dismount G1 loose'", action=text)
    return Dismount(words[1], len(words) == 3)


def _mount(words, text):
    if len(words) != 3:
        raise BadNotation("'mount' names the model and what it mounts, e.g. 'mount G1 G1m'",
                          action=text)
    return Mount(words[1], words[2])


def _leave(words, text):
    if len(words) != 3 or words[2].lower() not in ("bow", "shield"):
        raise BadNotation("'leave' names the rider and 'bow' or 'shield', e.g. 'leave G1 bow'",
                          action=text)
    return Leave(words[1], words[2].lower())


_MORE.update({"reroll": _reroll, "dismount": _dismount,
              "mount": _mount, "loose": _one_model(Loose, "loose", "loose G1"),
              "leave": _leave, "climb": _along(Climb, "climb"), "crawl": _along(Crawl, "crawl"),
              "lie": _one_model(Lie, "lie", "lie G1")})


# ---------------------------------------------------------------- the fortress

# 'The Fortress (Siege Rules)': the decisions of a siege, each a verb, a model (or a ram or
# charge hauled) and the piece it works on
SIEGE_VERBS = ("open", "close", "bolt", "unbolt", "raise", "pull", "carry", "drop", "haul",
               "batter", "detonate")


@dataclass(frozen=True)
class Siege:
    """A fortress decision: `open G1 gate`, `bolt G1 door`, `raise E3 ladder1`, `pull G2
    ladder1`, `carry E4 ram`, `drop E4 charge`, `haul ram 20,12`, `batter ram gate`,
    `batter E1 door`, `detonate E5 charge`."""

    verb: str
    model: str
    thing: str = ""
    to: Point | None = None

    def __str__(self) -> str:
        if self.verb == "haul":
            return f"haul {self.model} {number(self.to[0])},{number(self.to[1])}"
        return f"{self.verb} {self.model} {self.thing}"


def _siege(words, text):
    verb = words[0].lower()
    if verb == "haul":
        if len(words) != 3:
            raise BadNotation("'haul' names the ram or charge and where its carriers take it, "
                              "e.g. 'haul ram 20,12'", action=text)
        return Siege("haul", words[1], "", _point(words[2], text))
    if len(words) != 3:
        raise BadNotation(f"'{verb}' names the model and the piece, e.g. '{verb} G1 gate'",
                          action=text)
    return Siege(verb, words[1], words[2])


_MORE.update({verb: _siege for verb in SIEGE_VERBS})


# ---------------------------------------------------------------- volley fire

@dataclass(frozen=True)
class Volley:
    """A group of six or more bowmen in base contact fires a volley at a target ('Bows —
    Volley Fire')."""

    models: tuple[str, ...]
    target: str

    def __str__(self) -> str:
        return f"volley {'+'.join(self.models)} {self.target}"


@dataclass(frozen=True)
class Allot:
    """A volley's next extra hit goes to this model, within 6"/14cm of the target."""

    model: str

    def __str__(self) -> str:
        return f"allot {self.model}"


def _volley(words, text):
    if len(words) != 3 or not all(words[1].split("+")):
        raise BadNotation("'volley' names the group then the target, e.g. "
                          "'volley G1+G2+G3+G4+G5+G6 E4'", action=text)
    return Volley(tuple(words[1].split("+")), words[2])


_MORE.update({"volley": _volley, "allot": _one_model(Allot, "allot", "allot E5")})
