"""What the visible enemy units could do to a player's units next turn (tactics.md, "Combat and damage",
"Fog of war"): for the threat overlay's "with what damage".

``threat_damage(state, player)`` takes ``view.threat_map`` (the tiles the enemies ``player`` sees can
fire at) and, for each of ``player``'s units standing on such a tile, the damage each threatening enemy
would deal to it there, one value per luck roll: the enemy's health, ammo, commander percentages and
luck range as they are now, the weather, and the target's terrain. (A power used next turn would
change it.)

>>> from academy.games.tactics.position import parse_position
>>> s = parse_position("river_crossing day 2 red | red 0: infantry D4 | blue 0: tank F4")
>>> threat_damage(s, 0)[(3, 3)][(5, 3)]
[67, 68, 69, 70, 71, 72, 72, 73, 74, 75]
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from academy.core.errors import IllegalAction

from .board import Pos
from .combat import _pcts, luck_range
from .commanders import luck_off_roll
from .damage import damage_by_luck
from .view import threat_map

if TYPE_CHECKING:
    from .state import TacticsState

__all__ = ["threat_damage"]


def threat_damage(state: TacticsState, player: int) -> dict[Pos, dict[Pos, list[int]]]:
    """For each unit of ``player`` that a visible enemy can hit next turn: {enemy tile: damage by luck roll}.

    An enemy whose weapons cannot hit that unit (or are out of ammo with no fallback) is left out.
    """
    out: dict[Pos, dict[Pos, list[int]]] = {}
    for tile, enemies in threat_map(state, player).items():
        target = state.units.get(tile)
        if target is None or target.owner != player:
            continue
        for pos in enemies:
            enemy = state.units[pos]
            attack_pct, _ = _pcts(state, enemy.owner, enemy.type)
            _, defense_pct = _pcts(state, target.owner, target.type)
            lo, hi = luck_range(state, enemy.owner)
            if not state.game.options["luck"]:
                lo = hi = luck_off_roll((lo, hi))
            try:
                rolls = damage_by_luck(enemy.type, target.type, enemy.health, target.health, state.terrain(tile),
                                       attack_pct=attack_pct, defense_pct=defense_pct, ammo=enemy.ammo,
                                       weather=state.game.options["weather"], luck_range=(lo, hi))
            except IllegalAction:
                continue
            out.setdefault(tile, {})[pos] = rolls
    return out
