"""Fronts: simultaneous orders, stacks and supply (../shared/rules/fronts.md). Pure Python, no UI imports.

This package is the foundation of the engine: units and costs (``units``), terrain (``terrain``),
the map format (``mapdata``), the battle model with exact odds (``battle``), the movement step
model (``movement``) and supply and falling back (``supply``). The game is not registered yet.
"""
