"""What the Tactics side panel says about an attack, a tile or the enemy's reach, as plain data and text
read from the engine (``combat.attack_preview``, ``view.threat_map``, the terrain table) and the
viewer's observation. No Panel, no rules of its own."""
from __future__ import annotations

from typing import Any

from academy.games.tactics import combat
from academy.games.tactics.actions import Attack
from academy.games.tactics.board import parse_tile, tile_name
from academy.games.tactics.terrain import TERRAIN, defence_stars
from academy.games.tactics.threats import threat_damage
from academy.games.tactics.units import UNITS
from academy.games.tactics.view import threat_map

__all__ = ["CHOICE_LABELS", "attack_odds", "moved_words", "threats", "tile_info", "terrain_name"]

#: the action buttons' labels, by kind of action (``controls.ActionControls`` shows them)
CHOICE_LABELS = {"wait": "Wait", "attack": "Attack", "capture": "Capture", "load": "Load", "unload": "Unload",
                 "supply": "Supply"}
#: what each button does once the unit has stopped on its tile
_PRESS = {"wait": "to end its move there", "capture": "to capture (or go on capturing) the property there",
          "load": "to board the transport there", "unload": "to drop its cargo", "supply": "to resupply the units "
          "next to it"}


def attack_odds(state: Any, action: Attack) -> dict[str, Any]:
    """The exact odds of a legal attack (``combat.attack_preview``) as data for the odds panel: the damage
    for each luck roll, its range, the chance to destroy, the counter, the defender's terrain stars and the
    engine's explanation of the middle roll. Raises IllegalAction for an attack that is not legal now."""
    odds = combat.attack_preview(state, action)
    m = state.game.map
    at, target = parse_tile(action.at, m.width, m.height), parse_tile(action.target, m.width, m.height)
    attacker, defender = state.units[at], state.units[target]
    terrain = state.terrain(target)
    counter = odds.counter_range
    return {"action": state.game.format_action(action, state), "at": action.at, "to": action.to,
            "target": action.target, "attacker": attacker.spec.name, "defender": defender.spec.name,
            "attacker_hp": attacker.hp, "defender_hp": defender.hp, "defender_health": defender.health,
            "damage_by_luck": list(odds.damage_by_luck), "damage_range": list(odds.damage_range),
            "expected_damage": float(odds.expected_damage), "chance_to_destroy": float(odds.chance_to_destroy),
            "counter_range": list(counter) if counter else None, "expected_counter": float(odds.expected_counter),
            "chance_of_counter": float(odds.chance_of_counter), "no_counter": odds.example.no_counter_ahead,
            "chance_attacker_destroyed": float(odds.chance_attacker_destroyed),
            "terrain": TERRAIN[terrain].name, "stars": defence_stars(terrain, defender.type),
            "luck": bool(state.game.options["luck"]), "why": list(odds.example.why(preview=True))}


def threats(state: Any, viewer: int) -> list[dict[str, Any]]:
    """Every tile the enemy units ``viewer`` sees can hit next turn (``view.threat_map``), with the units
    that threaten it ("Tank H9"), and on the viewer's own units the damage each could deal
    (``threats.threat_damage``: "Tank H9 45–55%")."""
    damage = threat_damage(state, viewer)
    out = []
    for pos, by in sorted(threat_map(state, viewer).items(), key=lambda kv: kv[0][::-1]):
        names = []
        for q in by:
            name = f"{state.units[q].spec.name} {tile_name(q)}"
            rolls = damage.get(pos, {}).get(q)
            if rolls:
                name += f" {min(rolls)}–{max(rolls)}%" if min(rolls) != max(rolls) else f" {rolls[0]}%"
            names.append(name)
        out.append({"tile": tile_name(pos), "by": names})
    return out


def terrain_name(state: Any, tile: str) -> str:
    m = state.game.map
    return TERRAIN[state.terrain(parse_tile(tile, m.width, m.height))].name


def tile_info(state: Any, obs: dict[str, Any], tile: str, unit: dict[str, Any] | None) -> str:
    """A tapped tile as the viewer sees it: terrain, owner, the unit on it with its HP and cover."""
    m = state.game.map
    terrain = state.terrain(parse_tile(tile, m.width, m.height))
    info = f"{tile}: {TERRAIN[terrain].name}"
    owners = obs.get("owners", {})
    if tile in owners:
        info += f" ({state.game.player_name(owners[tile]) if owners[tile] is not None else 'neutral'})"
    if unit is not None:
        spec = UNITS[unit["type"]]
        info += (f", {state.game.player_name(unit['owner'])}'s {spec.name} with {unit['hp']} HP "
                 f"({defence_stars(terrain, spec.id)}★ defence here)")
    else:
        info += f", {TERRAIN[terrain].stars}★ defence"
    return info + ". Tap one of your units to move it, or one of your empty factories to build."


def moved_words(unit: str, tile: str, stays: bool, kinds: list[str], can_aim: bool, can_drop: bool) -> str:
    """The message once the selected ``unit`` ("Tank") has a destination ``tile``: the buttons the panel
    offers now, by their labels, and what each does (``kinds``: the session's ``choice_kinds()``). Attack
    waits for an aim: ``can_aim`` says how to aim (a tap on a red-ringed enemy), ``can_drop`` how to drop
    cargo by a tap.

    >>> moved_words("Tank", "H5", False, ["wait", "attack"], True, False)
    'Tank moves to H5: press Wait to end its move there, or Cancel to choose again. Tap a red-ringed enemy to see the odds, again to attack.'
    """
    presses = [f"{CHOICE_LABELS[k]} {_PRESS[k]}" for k in kinds if k in _PRESS]
    text = f"{unit} {'stays on' if stays else 'moves to'} {tile}"
    text += (": press " + ", ".join(presses) + ", or Cancel to choose again.") if presses else "."
    if can_aim:
        text += " Tap a red-ringed enemy to see the odds, again to attack."
    if can_drop:
        text += " Tap a free tile next to it to drop the cargo there (or pick the drop in the panel by the board)."
    return text
