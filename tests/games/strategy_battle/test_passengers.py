"""Passengers thrown off with the rider ('Cavalry: Advanced Rule - Passengers', 'Hits on
Mounts', 'Jumping (Cavalry)', 'Thrown Rider Chart'): what test_cavalry.py's passengers do
not already cover."""

from tests.support.positions.sbg import ORC, ORC_BOW, battle, mark, rolls

RIDER = "Rider of Rohan"
FRODO = "Frodo"
R = 12.5 / 25.4
H = 12.5 / 25.4                     # half a horse's 25mm width
BESIDE = 10 + H + R
WALL = {"name": "wall", "line": [[12, 0], [12, 48]], "height_mm": 30, "width_mm": 10}


def carried(dice, first="good", **kw):
    """G1, a Rider of Rohan, with Frodo (no Might) about to climb up behind him."""
    state = battle([("G1", RIDER, 10, 10), ("G2", FRODO, 10, BESIDE), ("E1", ORC_BOW, 26, 10),
                    ("E2", ORC, 40, 40)], first=first, dice=dice, **kw)
    mark(state, "G2", might=0)
    return state


def test_passengers_thrown_with_the_rider_when_the_mount_is_slain():
    # 'Hits on Mounts': "Should the mount be slain, its rider (and passenger) are thrown to
    # the ground ... Roll a dice on the Thrown Rider chart to determine if the rider (and
    # passenger) is hurt": the mount hit (a 2), S2 on the horse's D4 wounds on a 6
    state = carried(["6", "5", "2", "6", "4", "3"], first="evil")
    state.apply("done")
    state.apply("mount G2 G1")
    state.apply("done")
    state.apply("shoot E1 G1")
    rider, frodo = state.models["G1"], state.models["G2"]
    assert not rider.mounted and rider.passenger is None and frodo.carried_by is None
    names = [d for d, _ in rolls(state)]
    assert names[-2:] == ["thrown G1", "thrown G2"]
    # 4 and 3: both 'Rises from the Dust', no blows if they win a fight
    assert rider.no_strikes and frodo.no_strikes


def test_passengers_thrown_when_the_rider_is_thrown_at_a_jump():
    # 'Jumping (Cavalry)': "if a further 1 is rolled ... the rider is thrown from his mount";
    # his passenger with him (on a 6 Frodo leaps into action)
    state = battle([("G1", RIDER, 10, 20), ("G2", FRODO, 10, 20 + H + R), ("E1", ORC, 40, 40)],
                   barriers=[WALL], dice=["6", "1", "1", "5", "6"])
    mark(state, "G2", might=0)
    state.apply("mount G2 G1")
    state.apply("move G1 16,20")
    state.apply("reroll G1")
    rider, frodo = state.models["G1"], state.models["G2"]
    assert not rider.mounted and frodo.carried_by is None and not frodo.prone
    assert [d for d, _ in rolls(state)][-2:] == ["thrown G1", "thrown G2"]
