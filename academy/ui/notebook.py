"""A game's live board from a position line, in one call (for notebooks and scripts).

>>> from academy.ui.notebook import board                                   # doctest: +SKIP
>>> board("game_of_war", "North to move | board: empty | North arsenals: e1 | South arsenals: t20 | "
...       "North: N-I1 e5 | South: S-I1 t15")                                 # doctest: +SKIP

``board(game, line)`` reads the line with the game's own parser (``academy.games.<game>.parse_position``),
so a wrong line raises the engine's RulesError naming the part that is wrong, and returns the game's Play
page at that position: the board with its side panel, every seat played at this screen. ``.session`` is the
game's session, to act on from code.
"""
from __future__ import annotations

from typing import Any

__all__ = ["board"]


def board(game: str, line: str) -> Any:
    """The Play page of ``game`` ("conquest", "diplomacy", ...) opened at position ``line``."""
    from academy.ui.position_link import parse_line
    from academy.ui.registry import part
    parse_line(game, line)                 # the engine's own words when the line is wrong
    play = part(game, "play")
    if play is None:
        raise ValueError(f"{game!r} is not a game of the Academy")
    return play(position=line)
