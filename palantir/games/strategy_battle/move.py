"""The Move phase's rolls: jumping obstacles ('Barriers and Obstacles: Jumping an Obstacle')."""

from __future__ import annotations

from . import geometry as geo

D6 = ("1", "2", "3", "4", "5", "6")


def jump_roll(state, model, barrier) -> int:
    """Roll on the Jump chart for crossing `barrier`: -1 if it is taller or wider than the model
    (the mount for cavalry); Moria Goblins always count a 6 ('Moria Goblins & Jumping')."""
    if model.profile.has("goblin climber"):
        state.news.append(f"{model.id} bounds over '{barrier.name}' (a Moria Goblin)")
        return 6
    height = state.disc(model, zone=False).barrier_height
    minus = 1 if (barrier.height > height or barrier.width > height) else 0
    score = _jump_die(state, model, barrier, minus)
    if score == 1 and model.mounted and model.profile.has("expert rider"):
        # 'Expert Riders' re-roll a Jump while mounted (palantir re-rolls only a failure)
        score = _jump_die(state, model, barrier, minus, "jump again")
    if score == 1 and model.mounted:
        # 'Jumping (Cavalry)': after a 1 a rider may try once more; a second 1 throws him
        score = _jump_die(state, model, barrier, minus, "jump second try")
        if score == 1:
            state.news.append(f"{model.id} is thrown at '{barrier.name}'")
            state.wound_mount_throw(model)
    return score


def _jump_die(state, model, barrier, minus: int, die: str = "jump") -> int:
    roll = int(state.dice.roll(f"{die} {model.id}", D6))
    score = max(1, roll - minus)
    state.news.append(f"{model.id} jumps '{barrier.name}': rolled {roll}"
                      + (f", -1 = {score}" if score != roll else ""))
    return score


def follow_path(state, model, points, report) -> tuple[tuple[float, float], bool, bool]:
    """Walk a checked path, jumping each obstacle on it in order.

    Returns (where the model ends, whether it completed the path, whether it tried a jump).
    Jump chart: 1 — fails, stays at the obstacle; 2-5 — placed on the far side touching it
    and moves no further; 6 — completes its move.
    """
    barriers = {b.name: b for b in state.table.barriers}
    radius = state.disc(model, zone=False).radius
    jumped = False
    for crossing in report.crossings:
        if crossing.kind != "obstacle":
            continue
        jumped = True
        barrier = barriers[crossing.barrier]
        before, after = geo.obstacle_stops(points, radius, barrier.footprint, crossing.at)
        score = jump_roll(state, model, barrier)
        if score == 1:
            state.news.append(f"{model.id} stumbles and fails to cross")
            return geo.point_along(points, before), False, True
        if score <= 5:
            state.news.append(f"{model.id} clambers over and stops")
            return geo.point_along(points, after), False, True
    return tuple(points[-1]), True, jumped
