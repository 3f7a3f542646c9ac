"""What to expect of each CPU level, one line each, on every form that offers the levels (issue 21, item 3).

The words are the engine's: each game's ``bots.LEVEL_NOTES`` ({level: line}). ``level_notes_pane(game)``
is the list a Play form or a Games card shows under its seats. ``who_plays(here, cpu, level)`` is the line under
a form's "Who plays on this screen" buttons (Fronts, Diplomacy), which add and remove sides: a walk clicked Blue
to play Blue and got Red and Blue.
"""
from __future__ import annotations

import importlib
from collections.abc import Sequence
from html import escape

import panel as pn

from academy.core.text import listing

__all__ = ["level_notes", "level_notes_pane", "who_plays"]


def level_notes(game: str) -> dict[str, str]:
    """{level: what to expect of it} for ``game``, easy first (the game's ``bots.LEVEL_NOTES``)."""
    bots = importlib.import_module(f"academy.games.{game}.bots")
    return {level: bots.LEVEL_NOTES[level] for level in bots.LEVELS}


def level_notes_pane(game: str) -> pn.pane.HTML:
    """One line per CPU level of ``game``, as a short muted list."""
    items = "".join(f"<li>{escape(line)}</li>" for line in level_notes(game).values())
    return pn.pane.HTML(f"<ul class='academy-muted level-notes' style='margin:2px 0;padding-left:18px'>{items}</ul>",
                        sizing_mode="stretch_width", css_classes=["cpu-level-notes"])


def who_plays(here: Sequence[str], cpu: Sequence[str], level: str | None = None) -> str:
    """Who is played on this screen and who by the CPU, in words (``level``: the CPU's, or None when each CPU
    side has its own, chosen below).

    >>> who_plays(["Blue"], ["Red"], "easy")
    'Played here: Blue. The CPU (easy) plays Red. A click on a side adds or removes it.'
    """
    if not here:
        return "Choose the side (or sides) played on this screen."
    head = f"Played here{', taking turns' if len(here) > 1 else ''}: {listing(here)}."
    if not cpu:
        return f"{head} No CPU plays, so the CPU level is not used. A click on a side adds or removes it."
    by = f"The CPU ({level}) plays" if level else "The CPU plays"
    tail = "" if level else ", each at the level chosen below"
    return f"{head} {by} {listing(cpu)}{tail}. A click on a side adds or removes it."
