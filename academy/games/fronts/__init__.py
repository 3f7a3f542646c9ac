"""Fronts: simultaneous orders, stacks and supply (../shared/rules/fronts.md). Pure Python, no UI imports.

The pieces: units and costs (``units``), terrain (``terrain``), the map format (``mapdata``), the
battle model with exact odds (``battle``), the movement step model (``movement``), supply and
falling back (``supply``); the board (``board``), order notation (``orders``) and the one-line
position (``notation``), which orders are legal and the menu of choices (``rules``), turn
resolution (``resolve``: ``battles`` for the movement steps, ``upkeep`` for what follows, on the
working data of ``turn``), fog (``fog``), the odds of planned orders (``odds``: the resolution run
over every way the battles can go), the protocol
state (``state``), the game (``game``, registered as "fronts") and the CPU players (``bots``).
"""
