"""Weapons in a fight ('Weapons'): choosing among more than one, spears and pikes
supporting, picking up the weapons of the slain."""

from __future__ import annotations

from dataclasses import replace

from shapely.geometry import Point

from .....engine.procedure import Refusal
from ... import table as geo
from ...notation import Weapon
from ...profiles import MISSILE_NAMES, UNPENALISED_UNARMED, default_data


RULE_WEAPONS = "Weapons: More Than One Weapon"



RULE_SPEARS = "Weapons: Spears"



RULE_PICKING_UP = "Weapons: Picking Up Weapons"



# close-combat weapons a model may fight with, in the order the referee prefers by default;
# bladed bows and crossbows, throwing weapons, spears and pikes fight as hand weapons
# ('Bladed Bows & Crossbows', 'Throwing Weapons', 'Spears', 'Pikes')
AS_HAND_WEAPON = ("hand weapon", "spear", "pike", "orc bow", "uruk-hai crossbow",
                  "throwing weapon")



BOWS = ("bow", "orc bow", "elf bow", "dwarf bow", "uruk-hai crossbow")



# a banner counts as a two-handed weapon, but for the Wound Chart ('Banners')
TWO_HANDED = ("two-handed weapon", "elven blade two-handed", "banner")



def written(weapon: str) -> str:
    """A weapon's name as the notation writes it: hyphens for spaces."""
    return weapon.replace(" ", "-")



def weapon_options(state, model) -> list[str]:
    """The close-combat weapons a model could fight with that are worth a choice: no two with
    the same effect and none worse in both ways than another ('More Than One Weapon'; a
    lance is the shaft, as a dagger, when not charging, and cannot be used on foot; a
    two-handed weapon or an Elven blade in both hands cannot be used mounted, nor the blade
    so by a model with a shield or spear ('Elven Blades'); a model on the ground uses only
    shields, hand weapons, knives and daggers, a knife if it has nothing else ('Models on
    the Ground'))."""
    gear = model.profile.wargear    # with anything it has picked up
    if "banner" in gear:
        return ["banner"]           # 'Banners': no other weapon is used
    names = []
    if "lance" in gear and model.mounted:
        names.append("lance")
    if "two-handed weapon" in gear and not model.mounted and not model.prone:
        names.append("two-handed weapon")
    if any(w in gear for w in AS_HAND_WEAPON):
        names.append("hand weapon")
    if "elven blade" in gear:
        names.append("elven blade")
        if not model.mounted and not model.prone and \
                not any(w in gear for w in ("shield", "spear", "pike")):
            names.append("elven blade two-handed")
    if "dagger" in gear:
        names.append("dagger")
    if not names:
        # 'Knives & Daggers': one with no visible weapon (a lance-armed model on foot, a
        # two-handed weapon's bearer on the ground, a warrior with only a bow or a shield)
        # has a knife about him; a savage creature with none is not penalised
        names.append("hand weapon" if UNPENALISED_UNARMED in model.profile.special
                     else "dagger")
    effects = {name: _effect_of(state, model, name) for name in names}
    kept: list[str] = []
    for name in names:
        d, w = effects[name]
        worse = any((d2, w2) != (d, w) and d2 >= d and w2 >= w for d2, w2 in effects.values())
        if not worse and all(effects[k] != (d, w) for k in kept):
            kept.append(name)
    return kept



def _effect_of(state, model, name: str) -> tuple[int, int]:
    if name == "lance":
        # 'Lances': +1 to wound when charging; not charging, the butt or shaft, as a dagger
        return state.charts.weapons["lance" if lance_charge(state, model) else "dagger"]
    if name == "banner":
        return state.charts.weapons["banner"]
    if name in TWO_HANDED:
        return state.charts.weapons["two-handed weapon"]
    if name == "dagger":
        return state.charts.weapons["dagger"]
    return (0, 0)



def weapon_of(state, model) -> str:
    """The weapon a model fights with: its choice this Fight phase, else the first worth
    having (a two-handed weapon before a hand weapon, a hand weapon before a dagger)."""
    options = weapon_options(state, model)
    return model.weapon if model.weapon in options else options[0]



def weapon_effect(state, model) -> tuple[int, int]:
    """(duel, wound) modifiers of the weapon a model fights with ('Weapons')."""
    return _effect_of(state, model, weapon_of(state, model))



def fights_two_handed(state, model) -> bool:
    """Whether a model fights with a two-handed weapon (an Elven blade in both hands too)."""
    return weapon_of(state, model) in TWO_HANDED



def weapon_candidates(state, ident: str) -> list:
    """The weapons a model may choose between."""
    return [Weapon(ident, written(w)) for w in weapon_options(state, state.models[ident])]



def check_weapon(state, action, text: str) -> str:
    """A model's choice of weapon for this Fight phase, one it may use here."""
    ident = state.question["model"]
    options = weapon_options(state, state.models[ident])
    if not isinstance(action, Weapon) or action.model != ident:
        raise Refusal(RULE_WEAPONS, f"say which weapon {ident} fights with: "
                                    f"{', '.join(written(w) for w in options)}", action=text)
    chosen = {written(w): w for w in options}.get(action.weapon)
    if chosen is None:
        raise Refusal(RULE_WEAPONS, f"{ident} cannot fight with '{action.weapon}' here; it may use "
                                    f"{', '.join(written(w) for w in options)}", action=text)
    return chosen


def take_weapon(state, ident: str, chosen: str) -> None:
    """The model fights with the weapon chosen."""
    state.models[ident].weapon = chosen
    state.news.append(f"{ident} fights with its {chosen}")



def lance_charge(state, model) -> bool:
    """A rider who charged this turn, not in difficult terrain and not against a defended
    barrier, has the lance's bonus, against cavalry too ('Lances', 'Fighting Across Barriers')."""
    if not (model.mounted and model.charged):
        return False
    if state.table.difficult(False).covers(Point(model.x, model.y)):
        return False
    return not (state.combat is not None and state.combat.get("duel") in ("held", "open"))



def _may_support(state, spearman, fighter, shielding: bool) -> bool:
    """'Spears': a warrior on foot with a spear or pike, not lying down, not held, not fighting
    this phase and not supporting already, can support a friend on a base no bigger who uses
    no two-handed weapon and is not shielding."""
    return (spearman.side == fighter.side and spearman.id != fighter.id
            and any(w in spearman.profile.wargear for w in ("spear", "pike"))
            and not spearman.mounted and not spearman.prone and not spearman.immobilised
            and spearman.id not in state.fought_this_phase
            and spearman.id not in state.supported_this_phase
            and fighter.profile.base_mm <= spearman.profile.base_mm
            and not fights_two_handed(state, fighter) and not shielding)



def check_support(state, members, shielding, pairs) -> str | None:
    """Why this support is not allowed, or None. Each pair is (spearman, fighter): one spear
    touching each fighter ('Only one spear-armed warrior can support one friendly model');
    a pike touching the spear or pike supporting him may add a second ('Pikes'); no spearman
    supports twice."""
    tol = state.units.tolerance
    fighters = {m.id: m for m in members}
    by_fighter: dict[str, list] = {}
    used: set[str] = set()
    for spear_id, fighter_id in pairs:
        spearman, fighter = state.models.get(spear_id), fighters.get(fighter_id)
        if spearman is None or fighter is None:
            return f"{spear_id} cannot support {fighter_id}: not a fighter of this fight"
        if spear_id in used:
            return f"{spear_id} supports one friend at a time"
        if not _may_support(state, spearman, fighter, shielding[fighter.side]):
            return (f"{spear_id} cannot support {fighter_id} (a spear or pike on foot, not "
                    "fighting this phase; a friend no bigger, not two-handed, not shielding)")
        used.add(spear_id)
        by_fighter.setdefault(fighter_id, []).append(spearman)

    def touch(a, b) -> bool:
        return geo.in_contact(state.disc(a, zone=False), state.disc(b, zone=False), tol)

    for fighter_id, spears in by_fighter.items():
        fighter = fighters[fighter_id]
        if len(spears) == 1 and not touch(spears[0], fighter):
            return f"{spears[0].id} does not touch {fighter_id}"
        if len(spears) > 2 or (len(spears) == 2 and not any(
                touch(a, fighter) and "pike" in b.profile.wargear and touch(a, b)
                for a, b in (spears, spears[::-1]))):
            return (f"one spear supports {fighter_id}; only a pike touching it may add a "
                    "second")
    return None



def support_options(state, members, shielding) -> list[tuple[tuple[str, str], ...]]:
    """Every way of supporting these fighters that leaves no further spear able to help, the
    fuller first (for agents; any allowed support may be given)."""
    fighters = sorted(members, key=lambda m: m.id)
    spears = sorted((m for m in state.models.values()
                     if any(_may_support(state, m, f, shielding[f.side]) for f in fighters)),
                    key=lambda m: m.id)
    if not spears:
        return []
    found: list[tuple[tuple[str, str], ...]] = []

    def extend(pairs: tuple) -> None:
        grown = False
        for spear in spears:
            for f in fighters:
                trial = (*pairs, (spear.id, f.id))
                if (spear.id, f.id) not in pairs and check_support(
                        state, members, shielding, trial) is None:
                    grown = True
                    extend(trial)
        if not grown and not any(set(pairs) == set(f) for f in found):
            found.append(tuple(sorted(pairs)))

    extend(())
    found.sort(key=lambda p: (-len(p), p))
    return found



def default_support(state, members, shielding) -> tuple[tuple[str, str], ...]:
    """The quicker game's support: spears in order of ids, then pikes behind them."""
    pairs: tuple = ()
    for fighter in sorted(members, key=lambda m: m.id):
        for spearman in sorted(state.models.values(), key=lambda m: m.id):
            trial = (*pairs, (spearman.id, fighter.id))
            if check_support(state, members, shielding, trial) is None:
                pairs = trial
    return pairs



def support_of(pairs) -> dict[str, list[str]]:
    """Fighter -> the spearmen supporting him, as the state keeps it."""
    out: dict[str, list[str]] = {}
    for spear, fighter in pairs:
        out.setdefault(fighter, []).append(spear)
    return out



def spoils(state, hero, gears) -> list[str]:
    """What a Hero may take from the foes he slew ('Picking Up Weapons'): a weapon or shield
    he does not carry yet; no shield for one with a pike or two-handed weapon; a bow or
    crossbow only if he has none and can shoot one (his own Shoot value or his race's)."""
    mine = hero.profile.wargear
    out: list[str] = []
    for gear in gears:
        for item in gear:
            if item in mine or item in out or item == "banner":
                continue          # 'Banners': "Heroes can never carry and pick up banners"
            if item == "shield" and any(w in mine for w in ("pike", "two-handed weapon")):
                continue
            if item in MISSILE_NAMES and (any(w in mine for w in BOWS) or shoot_value(
                    hero.profile) is None):
                continue
            out.append(item)
    return out



def shoot_value(profile) -> int | None:
    """A Hero's Shoot value with a bow he picks up: his own, or "the base Shoot value for his
    race" — that of the race's warriors in the data (the poorer, if they differ)."""
    if profile.shoot is not None:
        return profile.shoot
    values = [p.shoot for p in default_data()[0].values() if p.race == profile.race
              and p.might + p.will + p.fate == 0 and p.shoot is not None]
    return max(values) if values else None



def taking(state, profile, item: str):
    """The profile of a Hero who has picked up `item`: a shield adds 1 to his Defence unless
    he has a bow or crossbow; a bow or crossbow picked up while using a shield takes 1 off
    it, and lets him shoot ('Picking Up Weapons')."""
    gear = profile.wargear
    defence, shoot = profile.defence, profile.shoot
    if item == "shield" and not any(w in gear for w in BOWS):
        defence += 1
    if item in BOWS and "shield" in gear and not any(w in gear for w in BOWS):
        defence -= 1
    if item in MISSILE_NAMES:
        shoot = shoot_value(profile)
    return replace(profile, wargear=(*gear, item), defence=defence, shoot=shoot)



def equipped(state, profile, taken):
    """A profile with the items a Hero has picked up, in the order taken."""
    for item in taken:
        profile = taking(state, profile, item)
    return profile
