"""The position editor's page (``?page=editor&game=<name>[&position=<line>]``): one editor per game
that has one, each starting from the given position line when there is one."""
from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import Any

import panel as pn

from academy.core.errors import RulesError
from academy.ui.registry import UI, editor_factory

__all__ = ["EDITORS", "editor_page"]


#: game name -> a factory of its editor page from an optional position line (the UI registry's editors)
EDITORS: dict[str, Callable[[str | None], Any]] = {
    game: (lambda position, game=game: editor_factory(game)(position)) for game in UI}


def _choices() -> str:
    return " · ".join(f'<a href="?page=editor&game={g}">{html.escape(g.replace("_", " ").title())}</a>'
                      for g in EDITORS)


def editor_page(query: Mapping[str, str]) -> pn.viewable.Viewable:
    """The editor of ``query["game"]``; a list of the editors for a missing or unknown game; the editor's
    start position and a warning when the ``position`` line cannot be read."""
    game = query.get("game", "")
    if game not in EDITORS:
        said = f"There is no position editor for {html.escape(game)!s} yet. " if game else ""
        return pn.pane.HTML(f'<div class="editor-choose"><h2>Position editor</h2><p>{said}Choose a game: '
                            f"{_choices()}</p></div>", sizing_mode="stretch_width", css_classes=["editor-choose"])
    try:
        return EDITORS[game](query.get("position"))
    except RulesError as exc:
        return pn.Column(pn.pane.Alert(f"The position in this link cannot be read: {exc.message} The editor starts "
                                       "from its usual position instead.", alert_type="warning",
                                       css_classes=["editor-bad-position"]),
                         EDITORS[game](None), sizing_mode="stretch_width")
