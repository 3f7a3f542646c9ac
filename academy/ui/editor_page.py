"""The position editor's page (``?page=editor&game=<name>[&position=<line>]``): one editor per game
that has one, each starting from the given position line when there is one."""
from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import Any

import panel as pn

from academy.core.errors import RulesError

__all__ = ["EDITORS", "editor_page"]


def _conquest(position: str | None) -> Any:
    from academy.ui.conquest.editor import START, EditorPage
    return EditorPage(position or START)


def _game_of_war(position: str | None) -> Any:
    from academy.ui.game_of_war.editor import START, GameOfWarEditorPage
    return GameOfWarEditorPage(position or START)


def _diplomacy(position: str | None) -> Any:
    from academy.ui.diplomacy.editor import START, DiplomacyEditorPage
    return DiplomacyEditorPage(position or START)


def _fronts(position: str | None) -> Any:
    from academy.ui.fronts.editor import START, FrontsEditorPage
    return FrontsEditorPage(position or START)


def _tactics(position: str | None) -> Any:
    from academy.ui.tactics.editor import START, TacticsEditorPage
    return TacticsEditorPage(position or START)


#: game name -> a factory of its editor page from an optional position line
EDITORS: dict[str, Callable[[str | None], Any]] = {"conquest": _conquest, "diplomacy": _diplomacy,
                                                   "fronts": _fronts, "game_of_war": _game_of_war,
                                                   "tactics": _tactics}


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
