"""What to expect of each CPU level, one line each, on every form that offers the levels (issue 21, item 3).

The words are the engine's: each game's ``bots.LEVEL_NOTES`` ({level: line}). ``level_notes_pane(game)``
is the list a Play form or a Games card shows under its seats.
"""
from __future__ import annotations

import importlib
from html import escape

import panel as pn

__all__ = ["level_notes", "level_notes_pane"]


def level_notes(game: str) -> dict[str, str]:
    """{level: what to expect of it} for ``game``, easy first (the game's ``bots.LEVEL_NOTES``)."""
    bots = importlib.import_module(f"academy.games.{game}.bots")
    return {level: bots.LEVEL_NOTES[level] for level in bots.LEVELS}


def level_notes_pane(game: str) -> pn.pane.HTML:
    """One line per CPU level of ``game``, as a short muted list."""
    items = "".join(f"<li>{escape(line)}</li>" for line in level_notes(game).values())
    return pn.pane.HTML(f"<ul class='academy-muted level-notes' style='margin:2px 0;padding-left:18px'>{items}</ul>",
                        sizing_mode="stretch_width", css_classes=["cpu-level-notes"])
