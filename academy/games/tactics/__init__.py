"""Tactics: an Advance Wars-style game on a tile grid (rules: tactics.md).

Pure Python, headless. The game (registered as "tactics"):

- :mod:`.game`     TacticsGame: options (map, luck, funds, income, repairs, fog, commanders, weather,
                   day limit, campaign mission) and the protocol's entry points
- :mod:`.state`    TacticsState: units, owners, capture points, funds, day, meters; JSON
- :mod:`.actions`  Wait/Attack/Capture/Load/Unload/Supply (move + one action), Build, ActivatePower,
                   EndTurn, and the Luck chance outcome
- :mod:`.legal`    every legal decision, as the player to move knows the board (fog)
- :mod:`.refusals` validation: IllegalAction with a reason and how to fix it
- :mod:`.rules`    applying a decision or a luck roll (moves, ambush, capture, transports, builds, powers)
- :mod:`.combat`   attacks in a game: the exact luck distribution, resolution, meter charge, previews
- :mod:`.upkeep`   turns, days, upkeep in the document's order, knock-outs, the day limit
- :mod:`.view`     fog of war for a player: visible units and the observation
- :mod:`.threats`  what the visible enemies could deal to a player's units next turn (threat overlay)
- :mod:`.commanders`, :mod:`.missions`   three commanders; three campaign missions (rain, snow)
- :mod:`.notation`, :mod:`.position`     commands ("tank E2 -> F2 attack F3") and one-line positions
- :mod:`.board`    tile names ("B3") and the Unit record
- :mod:`.bots`     the CPU at easy, normal and hard

The data layer:

- :mod:`.units`    the 18 unit types (cost, movement, vision, range, fuel, ammo, weapons)
- :mod:`.terrain`  the terrain table (defence stars, movement cost per move type)
- :mod:`.damage`   the damage formula, luck, counterattacks (``damage``, ``damage_by_luck``, ``exchange``)
- :mod:`.movement` reachable tiles on a grid (Dijkstra over move costs, fuel, friends and enemies),
                   attack and threat tiles
- :mod:`.odds`     exact odds of an attack and its counter over the luck rolls
- :mod:`.fog`      vision and hiding (the grid part of fog of war)
- :mod:`.mapdata`  skirmish maps from maps/tactics/, checked on load (MapError names the tile)

The one-line position, for notebooks and links: ``parse_position(text)`` gives the state a line stands for,
``format_position(state)`` writes it ("river_crossing day 2 red | red 3000: tank E2 | blue 0: ...").
"""
from .position import format_position, parse_position

__all__ = ["format_position", "parse_position"]
