"""Journey to Mordor's batch engine: many games at once, compiled with Numba.

A second working of the rules (rules.py and phases/ are the first) for the `random` and
`heuristic` agents, every option included: one compiled loop plays game after game with
plain integers, no objects. Each game draws its dice and its random agents' choices from
one SplitMix64 stream seeded by the game's seed alone, so a game is the same whatever
batch, chunk or worker plays it. A game replayed with a trace buffer logs every die and
decision, which `record` writes as an ordinary record (engine/record.py): the reference
rules replay it exactly, and the tests do so for a sample of every run.

The batch games are other games than the reference simulator's for the same seed (its
dice come from Python's random.Random); what must agree is their distribution (win,
elimination, rounds), which tests/games/journey_to_mordor/test_batch.py and
benchmarks/bench_journey_batch_agreement.py check.

Numba is the optional extra palantir[batch]; choosing it over vectorised NumPy was a
measurement (docs/journey-to-mordor.md, "The batch engine").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

import numpy as np

from ...engine.errors import PalantirError
from ...engine.game import Outcome
from ...engine.record import GameRecord
from .components import FEATURES, SYMBOLS
from .notation import REROLL, Advance, keep_text
from .phases import ADVANCING_PHASE, OVER, ROLLING
from .phases.end import outcome_summary

try:
    import numba
except ImportError:  # the optional extra; the engine then refuses, naming it
    numba = None

INSTALL = "pip install 'palantir[batch]'"
AGENTS = ("random", "heuristic")
MAX_DECISIONS = 1_000_000  # as engine/match.py: a game that never ends is an error
TRACE_START = 4096

# Symbols and features as the kernel's integers (components.py's orders).
R, G, F, O, N, T = range(6)
(IDENTICAL, NO_GANDALF, DOUBLE_FELLOWSHIP, REROLL_EACH, DOUBLE_ORCS, SPARE_YOU, ALL_ON_YOU,
 ONE_RING_FEWER) = range(8)
NO_FEATURE = -1
# A Nazgûl square: whole or split, and how much of it is marked (phases/__init__.py).
SQ_WHOLE, SQ_MARKED, SQ_SPLIT, SQ_HALF, SQ_SPLIT_MARKED = range(5)
# Trace events: kind << 24 | a << 16 | b << 8 | c.
EV_ROLL, EV_KEEP, EV_REROLL, EV_ADVANCE = 1, 2, 3, 4
# The kernel's exit: every game finished, a trace buffer too small, a game without end.
DONE, TRACE_FULL, ENDLESS = 0, 1, 2


class BatchUnavailable(PalantirError):
    """The batch engine cannot play as asked (no Numba, an agent it does not play)."""


def _compiled(function):
    """Compile with Numba (cached on disk), or leave the function as it is without it."""
    if numba is None:
        return function
    return numba.njit(cache=True, nogil=True)(function)


@_compiled
def _next(rng):
    """SplitMix64: the next 64-bit word of the game's stream (rng is its one-word state)."""
    rng[0] += np.uint64(0x9E3779B97F4A7C15)
    z = rng[0]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@_compiled
def _below(rng, k):
    """A whole number uniform on 0..k-1 (k ≤ 32: the bias of the 32-bit product is
    below 1e-8, far under any sampling error a run can see)."""
    return np.int64(((_next(rng) >> np.uint64(32)) * np.uint64(k)) >> np.uint64(32))


@_compiled
def _target(die, me, feature, colour_seat, eliminated):
    """Nazgûl: the seat a set-aside Nazgûl on `die` marks (-1: nobody, in Gondor)."""
    if feature == ALL_ON_YOU:
        return me
    seat = colour_seat[die]
    target = me if seat < 0 or eliminated[seat] else seat
    if target == me and feature == SPARE_YOU:
        return -1
    return target


@_compiled
def _effective_rings(rings, orcs, fellows, feature):
    """Orcs: rings count only if Fellowship members counter every orc; Shelob takes one."""
    if feature == DOUBLE_FELLOWSHIP:
        fellows *= 2
    if feature == DOUBLE_ORCS:
        orcs *= 2
    if orcs > fellows:
        return 0
    if feature == ONE_RING_FEWER:
        rings = max(0, rings - 1)
    return rings


@_compiled
def _units(squares, count):
    """Whole and half spaces left unmarked on a Nazgûl route."""
    total = 0
    for i in range(count):
        s = squares[i]
        if s == SQ_WHOLE or s == SQ_HALF:
            total += 1
        elif s == SQ_SPLIT:
            total += 2
    return total


@_compiled
def _nth_bit(bits, n):
    """The n-th (0-based) set bit of `bits`, as a mask."""
    for d in range(5):
        if bits >> d & 1:
            if n == 0:
                return 1 << d
            n -= 1
    return 0


@_compiled
def _subset(bits, digit):
    """The dice of `bits` that the bits of `digit` select (Rivendell: any of them)."""
    mask = 0
    j = 0
    for d in range(5):
        if bits >> d & 1:
            if digit >> j & 1:
                mask |= 1 << d
            j += 1
    return mask


@_compiled
def _choices(showing, radix, riv):
    """Dice Rolls, setting aside: per symbol, how many ways to take its dice (none or one
    of them, Rivendell any of them; at least one Nazgûl if any shows); returns how many
    keeps the roll allows (the empty one left out)."""
    total = 1
    for s in range(6):
        k = 0
        for d in range(5):
            k += showing[s] >> d & 1
        r = (1 << k) if riv else k + 1
        if s == N and k > 0:
            r -= 1
        radix[s] = r
        total *= r
    return total - (1 if showing[N] == 0 else 0)


@_compiled
def _keep(index, showing, radix, riv):
    """The keep numbered `index` (0..count-1) of those `_choices` counts."""
    index += 1 if showing[N] == 0 else 0  # number 0 of the product is the empty keep
    mask = 0
    for s in range(6):
        if showing[s] == 0:
            continue
        digit = index % radix[s]
        index //= radix[s]
        if s == N:
            digit += 1
        if riv:
            mask |= _subset(showing[s], digit)
        elif digit > 0:
            mask |= _nth_bit(showing[s], digit - 1)
    return mask


@_compiled
def _all_keeps(showing, riv, keeps, spare):
    """Every keep of the roll into `keeps` (the empty one first when no Nazgûl shows, so
    the caller skips it); returns how many were written."""
    n = 1
    keeps[0] = 0
    for s in range(6):
        bits = showing[s]
        if bits == 0:
            continue
        m = 0
        for i in range(n):
            base = keeps[i]
            if s != N:
                spare[m] = base
                m += 1
            if riv:
                sub = bits
                while sub:
                    spare[m] = base | sub
                    m += 1
                    sub = (sub - 1) & bits
            else:
                for d in range(5):
                    if bits >> d & 1:
                        spare[m] = base | 1 << d
                        m += 1
        for i in range(m):
            keeps[i] = spare[i]
        n = m
    return n


@_compiled
def _score(mask, rolled, face, me, target, ring, kept, room, units, can_split, leader,
           feature):
    """heuristics.score of setting aside `mask` (target[d]: whom die d's Nazgûl marks;
    kept: the rings, orcs and fellows set aside before), the same floating-point sums in
    the same order, so ties fall as they fall there."""
    worth = 0.0
    rings_kept = rings = kept[0]
    orcs = kept[1]
    fellows = kept[2]
    has_nazgul = False
    has_tree = False
    own_hits = 0
    for d in range(5):
        if not mask >> d & 1:
            continue
        f = face[d]
        if f == R:
            worth += 3.0 if rings_kept < room else 0.5
            rings_kept += 1
            rings += 1
        elif f == G:
            worth += 2.0 if can_split else 0.5
        elif f == N:
            has_nazgul = True
            if target[d] == me:
                worth += -5.0
                own_hits += 1
            elif target[d] >= 0:
                worth += 1.0 * (1.5 if ring[target[d]] >= leader else 1.0)
        elif f == F:
            worth += 2.0
            fellows += 1
        elif f == O:
            worth += -3.0
            orcs += 1
        else:
            has_tree = True
            worth += 0.0
        if f != N and target[d] == me:
            worth += 0.1
    if has_nazgul:
        worth -= -5.0
    if has_tree:
        pays = _effective_rings(rings, orcs, fellows, feature) >= 1
        endangered = units - own_hits <= 2 and rolled >= 3
        worth += 10.0 if pays or endangered else -10.0
    return worth


@_compiled
def _trace(trace, at, code):
    """Log one event when tracing (a trace longer than 1); False when the buffer is full."""
    if trace.shape[0] <= 1:
        return True
    if at[0] >= trace.shape[0]:
        return False
    trace[at[0]] = code
    at[0] += 1
    return True


@_compiled
def _roll(rng, roll, face, faces, trace, at):
    """Dice Rolls: roll the dice of `roll`; the number rolled and whether the trace held them."""
    rolled = 0
    ok = True
    for d in range(5):
        if roll >> d & 1:
            k = _below(rng, 6)
            face[d] = faces[d, k]
            rolled += 1
            ok = _trace(trace, at, EV_ROLL << 24 | d << 16 | face[d] << 8) and ok
    return rolled, ok


# Where a game stands for the kernel (_play_on's `turn`): a turn begins, a keep is asked of
# the dice showing, how far to advance is asked (locations), or the game is over.
ST_START, ST_KEEP, ST_ADVANCE, ST_OVER = range(4)
# The layout of a position as one vector (to_position): the turn's scalars, the dice, the
# sheets of up to 4 seats and their Nazgûl routes of up to 21 squares.
(P_ACTIVE, P_ROUND, P_STAGE, P_FEATURE, P_ROLL, P_NASIDE, P_REROLLED, P_ADVANCE,
 P_FINAL) = range(9)  # the final round is shown, not played: the kernel ignores it
P_FACE, P_ASIDE_DIE, P_ASIDE_FACE = 9, 14, 19
P_RING, P_ELIM, P_ARRIVED, P_SQUARES = 24, 28, 32, 36
SEATS, SQUARES_MAX = 4, 21
POSITION = P_SQUARES + SEATS * SQUARES_MAX


@_compiled
def _play_on(rng, players, locations, colour_seat, faces, squares_n, ring_len, feature_at,
             agents, trace, at, limit, ring, squares, elim, arrived, turn, work):
    """Play one game on from where it stands to its end: the sheets (ring, squares, elim,
    arrived) change in place; turn: the P_ACTIVE..P_ADVANCE scalars of a position; work: a
    9 × 32 scratch whose rows 0-2 hold the faces showing and the dice set aside. Returns
    (DONE, TRACE_FULL or ENDLESS, the last round, decisions taken, dice rolled)."""
    face = work[0]
    aside_die = work[1]
    aside_face = work[2]
    showing = work[3, :6]   # per symbol, the dice of the roll showing it
    radix = work[4, :6]
    target = work[5, :5]    # whom each die's Nazgûl marks this turn
    keeps = work[6]
    spare = work[7]
    kept = work[8, :3]
    active = turn[P_ACTIVE]
    round_ = turn[P_ROUND]
    stage = turn[P_STAGE]
    feature = turn[P_FEATURE]
    roll = turn[P_ROLL]
    naside = turn[P_NASIDE]
    rerolled = turn[P_REROLLED] != 0
    spaces = turn[P_ADVANCE]
    room = units = leader = 0
    can_split = False
    taken = 0
    dice_rolled = 0
    over = stage == ST_OVER
    while not over:
        if stage == ST_START:
            # A turn begins: the location's feature, then all 5 dice are rolled.
            feature = NO_FEATURE
            if locations and ring[active] > 0:
                feature = feature_at[ring[active] - 1]
            naside = 0
            roll = 31
            n_rolled, ok = _roll(rng, roll, face, faces, trace, at)
            dice_rolled += n_rolled
            if not ok:
                return TRACE_FULL, round_, taken, dice_rolled
            rerolled = False
            stage = ST_KEEP
        asking = stage == ST_ADVANCE  # a position read while the player chooses how far
        if stage == ST_KEEP:
            heuristic = agents[active] == 1
            if heuristic:
                # What the heuristic reads from the table; nothing of it changes in a turn.
                room = ring_len - ring[active]
                units = _units(squares[active], squares_n)
                can_split = False
                for q in range(squares_n):
                    if squares[active, q] == SQ_WHOLE and feature != NO_GANDALF:
                        can_split = True
                leader = 0
                for s in range(players):
                    leader = max(leader, ring[s])
                for d in range(5):
                    target[d] = _target(d, active, feature, colour_seat, elim)
            riv = feature == IDENTICAL
            while True:
                showing[:] = 0
                rolled = 0
                for d in range(5):
                    if roll >> d & 1:
                        showing[face[d]] |= 1 << d
                        rolled += 1
                count = _choices(showing, radix, riv)
                may_reroll = feature == REROLL_EACH and not rerolled
                mask = 0  # the keep; 0: Rohan's reroll
                if not heuristic:
                    choice = _below(rng, count + (1 if may_reroll else 0))
                    if choice < count:
                        mask = _keep(choice, showing, radix, riv)
                elif count == 1 and not may_reroll:
                    mask = _keep(0, showing, radix, riv)
                else:
                    # max((score, i)) over keeps listed by mask: a tie goes to the larger.
                    kept[:] = 0
                    for i in range(naside):
                        kept[0] += aside_face[i] == R
                        kept[1] += aside_face[i] == O
                        kept[2] += aside_face[i] == F
                    listed = _all_keeps(showing, riv, keeps, spare)
                    first = 1 if showing[N] == 0 else 0
                    best = 0.0
                    for i in range(first, listed):
                        candidate = keeps[i]
                        worth = _score(candidate, rolled, face, active, target, ring, kept,
                                       room, units, can_split, leader, feature)
                        if i == first or worth > best or (worth == best and candidate > mask):
                            best = worth
                            mask = candidate
                    if best < 0 and may_reroll:
                        mask = 0
                taken += 1
                if taken > limit:
                    return ENDLESS, round_, taken, dice_rolled
                if mask == 0:
                    # Rohan: the same dice once more before setting any aside.
                    if not _trace(trace, at, EV_REROLL << 24 | active << 16):
                        return TRACE_FULL, round_, taken, dice_rolled
                    n_rolled, ok = _roll(rng, roll, face, faces, trace, at)
                    dice_rolled += n_rolled
                    if not ok:
                        return TRACE_FULL, round_, taken, dice_rolled
                    rerolled = True
                    continue
                if not _trace(trace, at, EV_KEEP << 24 | active << 16 | roll << 8 | mask):
                    return TRACE_FULL, round_, taken, dice_rolled
                tree = False
                for d in range(5):
                    if mask >> d & 1:
                        aside_die[naside] = d
                        aside_face[naside] = face[d]
                        naside += 1
                        tree = tree or face[d] == T
                roll &= ~mask
                if tree or roll == 0:
                    break  # the White Tree, or every die set aside: the results apply
                n_rolled, ok = _roll(rng, roll, face, faces, trace, at)
                dice_rolled += n_rolled
                if not ok:
                    return TRACE_FULL, round_, taken, dice_rolled
                rerolled = False
            # Gandalf splits first (not in Moria), then each Nazgûl marks its target.
            if feature != NO_GANDALF:
                for i in range(naside):
                    if aside_face[i] != G:
                        continue
                    split = False
                    for q in range(squares_n):
                        if squares[active, q] == SQ_WHOLE:
                            squares[active, q] = SQ_SPLIT
                            split = True
                            break
                    if not split:
                        break
            for i in range(naside):
                if aside_face[i] != N:
                    continue
                hit = _target(aside_die[i], active, feature, colour_seat, elim)
                if hit < 0 or elim[hit]:
                    continue
                for q in range(squares_n):
                    s = squares[hit, q]
                    if s == SQ_WHOLE:
                        squares[hit, q] = SQ_MARKED
                        break
                    if s == SQ_SPLIT:
                        squares[hit, q] = SQ_HALF
                        break
                    if s == SQ_HALF:
                        squares[hit, q] = SQ_SPLIT_MARKED
                        break
                last = squares[hit, squares_n - 1]
                if last == SQ_MARKED or last == SQ_SPLIT_MARKED:
                    elim[hit] = True
            # Ring, Orcs, Fellowship member: the rings that count advance the Ring-bearer.
            rings = orcs = fellows = 0
            for i in range(naside):
                rings += aside_face[i] == R
                orcs += aside_face[i] == O
                fellows += aside_face[i] == F
            rings = _effective_rings(rings, orcs, fellows, feature)
            spaces = 0
            if not elim[active] and rings > 0:
                spaces = min(rings, ring_len - ring[active])
                asking = locations
        stage = ST_START
        if asking:
            # The player chooses how far: advance spaces..0, the heuristic the most.
            if agents[active] == 0:
                spaces = spaces - _below(rng, spaces + 1)
            taken += 1
            if not _trace(trace, at, EV_ADVANCE << 24 | active << 16 | spaces << 8):
                return TRACE_FULL, round_, taken, dice_rolled
        if spaces > 0:
            ring[active] += spaces
            if ring[active] == ring_len:
                arrived[active] = True
        # Sequence of Play: the turn passes to the left; the round's end may end it all.
        everyone_out = True
        for s in range(players):
            if not elim[s]:
                everyone_out = False
        if everyone_out:
            over = True
            continue
        following = -1
        for s in range(active + 1, players):
            if not elim[s]:
                following = s
                break
        if following >= 0:
            active = following
            continue
        for s in range(players):
            if arrived[s] and not elim[s]:
                over = True
        if over:
            continue
        round_ += 1
        for s in range(players):
            if not elim[s]:
                active = s
                break
    return DONE, round_, taken, dice_rolled


@_compiled
def _result(players, squares_n, squares, elim, arrived, unmarked, reached, winners):
    """End of the Game: the Ring-bearers at Mount Doom with most unmarked spaces win;
    fills one game's rows and returns how many won."""
    best_units = -1
    for s in range(players):
        unmarked[s] = _units(squares[s], squares_n)
        reached[s] = arrived[s] and not elim[s]
        if reached[s]:
            best_units = max(best_units, unmarked[s])
    count = 0
    for s in range(players):
        winners[s] = reached[s] and unmarked[s] == best_units
        count += winners[s]
    return count


@_compiled
def play_games(seeds, players, locations, colour_seat, faces, squares_n, ring_len,
               feature_at, agents, trace, winners, eliminated, reached, rounds, decisions,
               unmarked, rolls):
    """Play one game per seed to its end; fills the output arrays (one row per game) and
    returns DONE, TRACE_FULL or ENDLESS. agents[seat]: 0 random, 1 heuristic."""
    ring = np.zeros(SEATS, np.int64)
    squares = np.zeros((SEATS, SQUARES_MAX), np.int64)
    elim = np.zeros(SEATS, np.bool_)
    arrived = np.zeros(SEATS, np.bool_)
    turn = np.zeros(8, np.int64)
    work = np.zeros((9, 32), np.int64)
    rng = np.zeros(1, np.uint64)
    at = np.zeros(1, np.int64)
    for g in range(seeds.shape[0]):
        rng[0] = np.uint64(seeds[g])
        ring[:] = 0
        squares[:, :] = SQ_WHOLE
        elim[:] = False
        arrived[:] = False
        turn[:] = 0
        turn[P_ROUND] = 1  # Game Setup: seat 0 starts round 1, a turn begins
        status, round_, taken, dice_rolled = _play_on(
            rng, players, locations, colour_seat, faces, squares_n, ring_len, feature_at,
            agents, trace, at, MAX_DECISIONS, ring, squares, elim, arrived, turn, work)
        if status != DONE:
            return status
        for s in range(players):
            eliminated[g, s] = elim[s]
        _result(players, squares_n, squares, elim, arrived, unmarked[g], reached[g],
                winners[g])
        rounds[g] = round_
        decisions[g] = taken
        rolls[g] = dice_rolled
    return DONE


@_compiled
def rollout(seed, players, locations, colour_seat, faces, squares_n, ring_len, feature_at,
            agents, position, payoffs, trace, at):
    """Play a game on from `position` (to_position's vector) to its end on the stream of
    `seed`, agents[seat] as in play_games; payoffs[seat]: the winners share 1; trace, at:
    as play_games's trace. Returns DONE, TRACE_FULL or ENDLESS."""
    ring = position[P_RING:P_RING + SEATS].copy()
    squares = position[P_SQUARES:].copy().reshape((SEATS, SQUARES_MAX))
    elim = position[P_ELIM:P_ELIM + SEATS] != 0
    arrived = position[P_ARRIVED:P_ARRIVED + SEATS] != 0
    turn = position[:P_FACE].copy()
    work = np.zeros((9, 32), np.int64)
    work[0, :5] = position[P_FACE:P_FACE + 5]
    work[1, :5] = position[P_ASIDE_DIE:P_ASIDE_DIE + 5]
    work[2, :5] = position[P_ASIDE_FACE:P_ASIDE_FACE + 5]
    rng = np.zeros(1, np.uint64)
    rng[0] = np.uint64(seed)
    status, _, _, _ = _play_on(rng, players, locations, colour_seat, faces, squares_n,
                               ring_len, feature_at, agents, trace, at, MAX_DECISIONS,
                               ring, squares, elim,
                               arrived, turn, work)
    unmarked = np.zeros(SEATS, np.int64)
    reached = np.zeros(SEATS, np.bool_)
    winners = np.zeros(SEATS, np.bool_)
    count = _result(players, squares_n, squares, elim, arrived, unmarked, reached, winners)
    for s in range(players):
        payoffs[s] = 1.0 / count if winners[s] else 0.0
    return status


@_compiled
def roll_only(seeds, dice):
    """The floor: the same stream rolling `dice[g]` six-sided dice for game g, nothing else;
    returns a checksum of the faces so the loop cannot be optimised away."""
    rng = np.zeros(1, np.uint64)
    total = 0
    for g in range(seeds.shape[0]):
        rng[0] = np.uint64(seeds[g])
        for _ in range(dice[g]):
            total += _below(rng, 6)
    return total


@dataclass
class BatchGames:
    """What a batch played: one row per game (seat columns for the per-seat arrays)."""

    seeds: np.ndarray
    winners: np.ndarray      # bool, games × seats
    eliminated: np.ndarray   # bool, games × seats
    reached: np.ndarray      # bool, games × seats: at Mount Doom and not eliminated
    rounds: np.ndarray
    decisions: np.ndarray
    unmarked: np.ndarray     # games × seats
    rolls: np.ndarray        # dice rolled per game (the floor's workload)
    names: tuple[str, ...] = ()  # each seat's hobbit, as the outcome's sentence names them

    def __len__(self) -> int:
        return int(self.seeds.shape[0])

    def outcome(self, i: int) -> Outcome:
        """Game i's outcome, as the reference rules state it (phases/end.py)."""
        return self.outcomes(i, i + 1)[0]

    def outcomes(self, start: int = 0, stop: int | None = None) -> list[Outcome]:
        """The outcomes of games start..stop-1 (all by default)."""
        rows = zip(self.reached[start:stop].tolist(), self.winners[start:stop].tolist(),
                   self.eliminated[start:stop].tolist(), self.unmarked[start:stop].tolist(),
                   self.rounds[start:stop].tolist())
        found = []
        for reached_row, winners_row, eliminated_row, unmarked, rounds in rows:
            reached = [s for s, at in enumerate(reached_row) if at]
            winners = tuple(s for s, won in enumerate(winners_row) if won)
            best = max((unmarked[s] for s in reached), default=0)
            found.append(Outcome(
                winners=winners,
                summary=outcome_summary(len(reached), [self.names[s] for s in winners], best),
                eliminated=tuple(s for s, out in enumerate(eliminated_row) if out),
                rounds=rounds, details={"reached": reached, "unmarked": unmarked}))
        return found


class JourneyBatch:
    """The batch engine of Journey to Mordor (`palantir simulate --engine batch`)."""

    agents = AGENTS

    def __init__(self, game):
        self.game = game

    def refusal(self, specs: Sequence[str]) -> str | None:
        """Why the engine cannot play these agents (None: it can)."""
        if numba is None:
            return f"the batch engine needs Numba, which is not installed; {INSTALL}"
        for spec in specs:
            if spec.strip().lower() not in AGENTS:
                return (f"the batch engine plays the agents {', '.join(AGENTS)}, not "
                        f"'{spec}'")
        return None

    def _setup(self, options: Mapping[str, Any], specs: Sequence[str]) -> dict[str, Any]:
        problem = self.refusal(specs)
        if problem:
            raise BatchUnavailable(problem)
        options = self.game.validate_options(options)
        parts = self.game.components_for(options)
        players = options["players"]
        if len(specs) != players:
            raise BatchUnavailable(f"{len(specs)} agents for {players} players")
        colour_seat = np.full(5, -1, np.int64)
        for seat, hobbit in enumerate(options["hobbits"]):
            colour_seat[parts.die_names.index(parts.hobbit_colours[hobbit])] = seat
        faces = np.array([[SYMBOLS.index(f) for f in parts.faces_of(d)]
                          for d in range(len(parts.die_names))], np.int64)
        feature_at = np.array([FEATURES.index(parts.locations[space].feature)
                               if space in parts.locations else NO_FEATURE
                               for space in parts.ring_spaces], np.int64)
        return dict(players=players, locations=bool(options["locations"]),
                    colour_seat=colour_seat, faces=faces, squares_n=parts.nazgul_squares,
                    ring_len=len(parts.ring_spaces), feature_at=feature_at,
                    agents=np.array([AGENTS.index(s.strip().lower()) for s in specs],
                                    np.int64),
                    parts=parts, options=options)

    def play(self, options: Mapping[str, Any], specs: Sequence[str],
             seeds: Sequence[int] | np.ndarray) -> BatchGames:
        """Play one game per seed (the runner's game seeds) between these agents."""
        setup = self._setup(options, specs)
        return self._run(setup, np.asarray(seeds, np.uint64), np.zeros(1, np.int32))

    def _run(self, setup: dict[str, Any], seeds: np.ndarray, trace: np.ndarray
             ) -> BatchGames:
        games, players = seeds.shape[0], setup["players"]
        out = BatchGames(seeds=seeds, winners=np.zeros((games, players), np.bool_),
                         eliminated=np.zeros((games, players), np.bool_),
                         reached=np.zeros((games, players), np.bool_),
                         rounds=np.zeros(games, np.int64),
                         decisions=np.zeros(games, np.int64),
                         unmarked=np.zeros((games, players), np.int64),
                         rolls=np.zeros(games, np.int64),
                         names=tuple(setup["parts"].hobbit_names[h]
                                     for h in setup["options"]["hobbits"]))
        status = play_games(seeds, players, setup["locations"], setup["colour_seat"],
                            setup["faces"], setup["squares_n"], setup["ring_len"],
                            setup["feature_at"], setup["agents"], trace, out.winners,
                            out.eliminated, out.reached, out.rounds, out.decisions,
                            out.unmarked, out.rolls)
        if status == ENDLESS:
            raise BatchUnavailable(f"a game took more than {MAX_DECISIONS} decisions")
        if status == TRACE_FULL:
            raise OverflowError("trace buffer full")
        return out

    def _traced(self, setup: dict[str, Any], seeds: np.ndarray, size: int
                ) -> tuple[BatchGames, np.ndarray]:
        """The games of `seeds` with the trace on, its buffer grown from `size` until the
        games fit."""
        while True:
            trace = np.full(size, -1, np.int32)
            try:
                return self._run(setup, seeds, trace), trace
            except OverflowError:
                size *= 4

    def traces(self, options: Mapping[str, Any], specs: Sequence[str],
               seeds: Sequence[int] | np.ndarray) -> tuple[BatchGames, list[np.ndarray]]:
        """Play one game per seed with the trace on: the games, and each game's events
        (the codes `record` reads: each die rolled, each decision) in the order made."""
        setup = self._setup(options, specs)
        seeds = np.asarray(seeds, np.uint64)
        games, trace = self._traced(setup, seeds, TRACE_START * max(1, seeds.shape[0] // 16))
        # A game logs one event per die rolled and one per decision taken.
        ends = np.cumsum(games.rolls + games.decisions)
        return games, np.split(trace[:ends[-1]], ends[:-1]) if len(ends) else []

    def playout(self, options: Mapping[str, Any]) -> "Playout":
        """The search's rollout: the rest of a game played by the batch heuristic in
        every seat (the rollout policy of mcts, heuristics.rollout_policy, compiled)."""
        options = self.game.validate_options(options)
        return Playout(self._setup(options, ["heuristic"] * options["players"]))

    def record(self, options: Mapping[str, Any], specs: Sequence[str], seed: int,
               seats: Sequence[str] = ()) -> GameRecord:
        """The game of `seed` as an ordinary record: every die and decision the engine
        made, its result as the engine found it."""
        setup = self._setup(options, specs)
        games, trace = self._traced(setup, np.asarray([seed], np.uint64), TRACE_START)
        parts = setup["parts"]
        names = parts.die_names
        record = GameRecord.start(self.game, setup["options"], int(seed),
                                  seats=list(seats or specs))
        for event in decode(trace, names, [None] * len(names)):
            if "die" in event:
                record.events.append(event)
            else:
                record.add_decision(event["seat"], event["action"])
        record.result = games.outcome(0).to_json()
        return record


def decode(trace: np.ndarray, names: Sequence[str], showing: list) -> list[dict]:
    """A kernel's trace as a record's events: {"die", "face"} for each die rolled and
    {"seat", "action"} for each decision; showing[d]: die d's face before the trace."""
    events: list[dict] = []
    for code in trace[trace >= 0].tolist():
        kind, a, b, c = code >> 24, code >> 16 & 255, code >> 8 & 255, code & 255
        if kind == EV_ROLL:
            showing[a] = SYMBOLS[b]
            events.append({"die": names[a], "face": SYMBOLS[b]})
        elif kind == EV_KEEP:
            roll = tuple((d, showing[d]) for d in range(len(names)) if b >> d & 1)
            dice = tuple((d, showing[d]) for d in range(len(names)) if c >> d & 1)
            events.append({"seat": a, "action": keep_text(dice, roll, names)})
        elif kind == EV_REROLL:
            events.append({"seat": a, "action": str(REROLL)})
        else:
            events.append({"seat": a, "action": str(Advance(b))})
    return events


_SYMBOL = {symbol: i for i, symbol in enumerate(SYMBOLS)}
_FEATURE = {feature: i for i, feature in enumerate(FEATURES)}
_STAGE = {ROLLING: ST_KEEP, ADVANCING_PHASE: ST_ADVANCE, OVER: ST_OVER}
_PHASE = {stage: phase for phase, stage in _STAGE.items()}


def to_position(state) -> np.ndarray:
    """A reference state (rules.JourneyState, at a decision or over) as the kernel's
    position vector (the P_ layout)."""
    face = [0] * 5
    roll = 0
    for die, symbol in state.roll:
        roll |= 1 << die
        face[die] = _SYMBOL[symbol]
    pad = [0] * (5 - len(state.aside))
    free = [0] * (SEATS - state.n)
    vector = [state.active, state.round, _STAGE[state.phase], _FEATURE.get(state.feature, -1),
              roll, len(state.aside), state.rerolled, state.advance_max, state.final_round,
              *face, *[d for d, _ in state.aside], *pad,
              *[_SYMBOL[f] for _, f in state.aside], *pad,
              *state.ring, *free, *state.eliminated, *free, *state.arrived, *free]
    for squares in state.nazgul:
        vector += squares
        vector += [SQ_WHOLE] * (SQUARES_MAX - len(squares))
    vector += [SQ_WHOLE] * (SQUARES_MAX * (SEATS - state.n))
    return np.array(vector, np.int64)


def from_position(game, options: Mapping[str, Any], position: np.ndarray, dice):
    """The reference state of a position vector (to_position's inverse), rolling `dice`."""
    options = game.validate_options(options)
    parts = game.components_for(options)
    n = options["players"]
    names = parts.die_names
    p = position.tolist()
    stage = p[P_STAGE]
    view = {
        "options": game.options_to_json(options),
        "active": p[P_ACTIVE], "round": p[P_ROUND], "phase": _PHASE[stage],
        "feature": None if p[P_FEATURE] < 0 else FEATURES[p[P_FEATURE]],
        "roll": [[names[d], SYMBOLS[p[P_FACE + d]]] for d in range(5)
                 if p[P_ROLL] >> d & 1],
        "aside": [[names[p[P_ASIDE_DIE + i]], SYMBOLS[p[P_ASIDE_FACE + i]]]
                  for i in range(p[P_NASIDE])],
        "rerolled": bool(p[P_REROLLED]), "advance_max": p[P_ADVANCE],
        "final_round": bool(p[P_FINAL]),
        "ring": p[P_RING:P_RING + n],
        "eliminated": [bool(x) for x in p[P_ELIM:P_ELIM + n]],
        "arrived": [bool(x) for x in p[P_ARRIVED:P_ARRIVED + n]],
        "nazgul": [p[P_SQUARES + s * SQUARES_MAX:P_SQUARES + s * SQUARES_MAX
                     + parts.nazgul_squares] for s in range(n)],
    }
    return game.state_from_view(view, dice)


class Playout:
    """Rollouts for mcts (SearchHooks.search_rollout): from a reference state, the batch
    engine plays the game on with its heuristic in every seat and gives each seat's
    payoff, as mcts's rollout by heuristics.rollout_policy would (winners share 1)."""

    def __init__(self, setup: Mapping[str, Any]):
        self.players = setup["players"]
        self.args = (setup["players"], setup["locations"], setup["colour_seat"],
                     setup["faces"], setup["squares_n"], setup["ring_len"],
                     setup["feature_at"], setup["agents"])
        self.names = setup["parts"].die_names
        self.payoffs = np.zeros(SEATS)
        self.untraced = np.zeros(1, np.int32)
        self.at = np.zeros(1, np.int64)

    def __call__(self, state, rng) -> list[float]:
        """Each seat's payoff of one rollout from `state`, its stream seeded from `rng`."""
        if state.is_over():
            return state.outcome().returns(self.players)
        status = rollout(np.uint64(rng.getrandbits(64)), *self.args, to_position(state),
                         self.payoffs, self.untraced, self.at)
        if status != DONE:  # as mcts's rollouts past their cap: a draw
            return [1.0 / self.players] * self.players
        return self.payoffs[:self.players].tolist()

    def traced(self, state, seed: int) -> tuple[list[dict], list[float]]:
        """The rollout from `state` on the stream of `seed` with every die it rolled and
        decision it took (decode's events), and each seat's payoff."""
        size = TRACE_START
        while True:
            trace = np.full(size, -1, np.int32)
            at = np.zeros(1, np.int64)
            status = rollout(np.uint64(seed), *self.args, to_position(state), self.payoffs,
                             trace, at)
            if status != TRACE_FULL:
                break
            size *= 4
        if status != DONE:
            raise BatchUnavailable(f"a rollout took more than {MAX_DECISIONS} decisions")
        showing = [None] * len(self.names)
        for die, face in state.roll:
            showing[die] = face
        return decode(trace, self.names, showing), self.payoffs[:self.players].tolist()

