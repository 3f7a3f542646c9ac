"""Colours, signs and text sizes of the Tactics board (the side panels' legend uses the same colours)."""
from __future__ import annotations

__all__ = ["ARMY_COLOURS", "NEUTRAL", "TERRAIN_FILL", "TERRAIN_SIGN", "PROPERTY_CODE", "UNIT_CODES", "SELECTED",
           "DESTINATION", "MOVE_TO", "TARGET", "BUILD", "THREAT", "FOG", "MAX_BOARD_PX", "army_colour", "cell_px",
           "fonts"]

ARMY_COLOURS = {"red": "#c0392b", "blue": "#2f6fb3", "green": "#2e8b57", "yellow": "#c9a400"}
NEUTRAL = "#8a8f98"
TERRAIN_FILL = {"plains": "#dcebb4", "road": "#d9d3c3", "bridge": "#bfae8c", "forest": "#8cbf72",
                "mountain": "#b79b78", "river": "#8fc6ea", "sea": "#5c95cf", "shoal": "#eee2a8",
                "reef": "#7eaec0", "city": "#e9e5dc", "factory": "#e9e5dc", "hq": "#e9e5dc",
                "airport": "#e9e5dc", "port": "#e9e5dc"}
TERRAIN_SIGN = {"forest": "♣", "mountain": "▲", "river": "≈", "reef": "✶", "bridge": "═"}
PROPERTY_CODE = {"hq": "HQ", "factory": "F", "airport": "A", "port": "P", "city": "C"}
UNIT_CODES = {"infantry": "Inf", "mech": "Mech", "recon": "Rec", "apc": "APC", "anti_air": "AA", "tank": "Tank",
              "heavy_tank": "HvT", "artillery": "Art", "rockets": "Rkt", "missiles": "Msl",
              "transport_copter": "TCop", "attack_copter": "ACop", "fighter": "Ftr", "bomber": "Bmb",
              "lander": "Lndr", "gunboat": "Gunb", "cruiser": "Crsr", "battleship": "Bshp"}
SELECTED, DESTINATION, MOVE_TO, TARGET = "#f2b705", "#3d7be0", "#14866d", "#d7263d"
BUILD, THREAT, FOG = "#e07b00", "#e8590c", "#1d2430"
MAX_BOARD_PX = 860


def army_colour(players: tuple[str, ...] | list[str], owner: int | None) -> str:
    """The colour of player ``owner`` (an index into the map's armies); grey for neutral.

    >>> army_colour(("red", "blue"), 1), army_colour(("red", "blue"), None)
    ('#2f6fb3', '#8a8f98')
    """
    if owner is None or not 0 <= owner < len(players):
        return NEUTRAL
    return ARMY_COLOURS.get(players[owner], NEUTRAL)


def cell_px(map_width: int) -> int:
    """Pixels per tile: as large as fits the board's width, from 30 to 60."""
    return max(30, min(60, MAX_BOARD_PX // map_width))


def fonts(cell: int) -> dict[str, str]:
    """The text sizes for tiles of ``cell`` pixels: "small" (property codes, capture points), "unit"
    (unit codes, HP, warnings) and "sign" (terrain signs)."""
    return {"small": f"{max(9, cell // 5)}px", "unit": f"{max(9, cell // 4)}px", "sign": f"{max(12, cell // 2)}px"}
