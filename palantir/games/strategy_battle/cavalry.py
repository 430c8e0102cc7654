"""Cavalry off and on their mounts: riders thrown to the ground, and the equipment a model
carries as it is now ('Cavalry'; 'Your Staff is Broken')."""

from __future__ import annotations

from dataclasses import replace

from .profiles import MISSILE_NAMES


def outfit(state, model):
    """The model's profile with what it has lost: a broken staff ('Your Staff is Broken'),
    an Expert Rider's bow or shield left on his horse ('Expert Riders': without the shield
    his Defence is 1 less). Applying it twice changes nothing."""
    p = model.profile
    if model.staff_broken and "staff of power" in p.special:
        p = replace(p, special=tuple(x for x in p.special if x != "staff of power"))
    if model.left_on_horse == "bow" and p.missile:
        p = replace(p, wargear=tuple(w for w in p.wargear if w not in MISSILE_NAMES))
    if model.left_on_horse == "shield" and "shield" in p.wargear:
        p = replace(p, wargear=tuple(w for w in p.wargear if w != "shield"),
                    defence=p.defence - 1)
    return p


def thrown_down(state, model, why: str, hurt: bool = True) -> None:
    """A rider knocked to the ground: he is thrown and lies beside his mount, which is knocked
    down too, with a Strength 3 hit as on a 1 on the Thrown Rider chart ('Monstrous Mounts
    charge!'); he can do nothing more this turn."""
    from .shoot import hit
    model.mount_wounds = 0
    model.move_used = min(model.move_used, state.allowance(model))
    model.prone = True
    model.moved = model.shot = True
    state.news.append(f"{model.id} is thrown to the ground ({why})")
    if hurt:
        hit(state, model, 3, f"{model.id} hits the dirt")
