"""Tactics: an Advance Wars-style game on a tile grid (rules: tactics.md).

Pure Python, headless. The data layer so far:

- :mod:`.units`    the 18 unit types (cost, movement, vision, range, fuel, ammo, weapons)
- :mod:`.terrain`  the terrain table (defence stars, movement cost per move type)
- :mod:`.damage`   the damage formula, luck, counterattacks (``damage``, ``damage_by_luck``, ``exchange``)
- :mod:`.movement` reachable tiles on a grid (Dijkstra over move costs, fuel, friends and enemies),
                   attack and threat tiles
- :mod:`.odds`     exact odds of an attack and its counter over the luck rolls
- :mod:`.fog`      vision and hiding (the grid part of fog of war)
- :mod:`.mapdata`  skirmish maps from maps/tactics/, checked on load (MapError names the tile)
"""
