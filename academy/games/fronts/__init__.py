"""Fronts: simultaneous orders, stacks and supply (../shared/rules/fronts.md). Pure Python, no UI imports.

The pieces: units and costs (``units``), terrain (``terrain``), the map format (``mapdata``), the
battle model with exact odds (``battle``), the movement step model (``movement``), supply and
falling back (``supply``); the board (``board``), order notation (``orders``) and the one-line
position (``notation``), which orders are legal and the menu of choices (``rules``), turn
resolution (``resolve``: ``battles`` for the movement steps, ``upkeep`` for what follows, on the
working data of ``turn``), fog (``fog``), the odds of planned orders (``odds``: the resolution run
over every way the battles can go), the protocol
state (``state``), the game (``game``, registered as "fronts") and the CPU players (``bots``).

The one-line position of a whole game, for notebooks and links: ``parse_position(text)`` gives the state a
line stands for, ``format_position(state)`` writes it (``map: duel; players: 2; mode: ...; turn 1; Red 10: ...``).
"""
from .game import format_game_position as format_position
from .game import parse_game_position as parse_position

__all__ = ["format_position", "parse_position"]
