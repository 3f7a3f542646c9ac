"""Shareable positions: a link that opens the same position on a game's Play tab.

A link carries the position as the game's own one-line notation (readable, and checked by the engine
when it is opened), e.g. ``?game=conquest&tab=play&position=Red%20to%20move%2C%20attack%20%7C%20...``.
Opening it starts a hot-seat game from that position. A link made from a running game carries only
what the board shows everybody: no cards in anyone's hand (Conquest), no orders (Diplomacy), and no
link at all while hidden information is on the board (Game of War's hidden deployment; the fog of Fronts
and of Tactics games played with fog, until the game is over). Position editors share what the teacher set up, in full.

``position_text(game, state)`` gives the line (None when the position cannot be shared),
``read_position(game, text)`` the state it stands for (raises ``InvalidNotation`` for a tampered or
malformed line, with the engine's message), ``position_link(game, text)`` the link's query string,
and ``ShareLink`` a small view with the link and a Copy button (and "Play this out against the CPU" from the
same position), kept up to date from a callable.
"""
from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlencode

import panel as pn

from academy.core.errors import InvalidNotation, RulesError
from academy.ui.address import full_link, link_html
from academy.ui.labels import growing, hidden_label, wrapping_row
from academy.ui.registry import UI, load

__all__ = ["MAX_LENGTH", "ShareLink", "exercise_link", "parse_line", "position_link", "position_text", "read_position",
           "sharable_games"]

#: the longest position line a link may carry (a whole map is well under this)
MAX_LENGTH = 6000


@dataclass(frozen=True)
class _Codec:
    parse: Callable[[str], Any]
    format: Callable[[Any], str | None]


def sharable_games() -> list[str]:
    """The games whose positions links can carry (every game the UI registry has)."""
    return sorted(UI)


def _codec(game: str) -> _Codec:
    if game not in UI:
        raise InvalidNotation("no_position_links", f"Positions of {game!r} cannot be shared by link yet; "
                                                   f"those of {', '.join(sharable_games())} can.")
    read, public = UI[game].position
    return _Codec(load(read), load(public))


def position_text(game: str, state: Any) -> str | None:
    """The one-line position everybody may see of ``state``, or None if it cannot be shared now (a line
    the link could not open again, e.g. Conquest's set-up, is never offered)."""
    if state is None or game not in UI:
        return None
    codec = _codec(game)
    try:
        text = codec.format(state)
        if text is not None:
            codec.parse(text)
        return text
    except (RulesError, AttributeError, KeyError, TypeError, ValueError):
        return None


def parse_line(game: str, text: str) -> Any:
    """The state a position line stands for, in the engine's own words when it is wrong (RulesError)."""
    return _codec(game).parse(text)


def read_position(game: str, text: str) -> Any:
    """The state a link's position stands for; raises InvalidNotation saying what is wrong with it."""
    if len(text) > MAX_LENGTH:
        raise InvalidNotation("position_too_long", f"This link's position is {len(text)} characters long, "
                                                   f"more than the {MAX_LENGTH} a position needs: it was cut or "
                                                   "changed. Ask for the link again.")
    try:
        return parse_line(game, text)
    except RulesError as exc:
        raise InvalidNotation(exc.reason if hasattr(exc, "reason") else "bad_position",
                              f"The position in this link cannot be read: {exc.message} The link may have "
                              "been cut or changed; ask for it again, or start a new game below.") from exc


def position_link(game: str, text: str, tab: str = "play", **extra: str | None) -> str:
    """The query string of a link that opens ``text`` on ``game``'s ``tab`` (``extra``: more fields, the
    empty ones left out)."""
    fields = {"game": game, "tab": tab, "position": text, **{k: v for k, v in extra.items() if v}}
    return "?" + urlencode(fields, quote_via=quote)


def exercise_link(game: str, position: str) -> str:
    """The query string of "Make an exercise from this position" (the lesson writer, ``?page=write``)."""
    return "?" + urlencode({"page": "write", "game": game, "position": position}, quote_via=quote)


_COPY_JS = """
const url = new URL(source.value, window.location.href).href;
if (navigator.clipboard) { navigator.clipboard.writeText(url).catch(() => {}); }
"""


class ShareLink(pn.viewable.Viewer):
    """The link to the position shown now, with a Copy button; hidden when nothing can be shared.

    ``text`` is called on ``refresh()`` (a page calls it when its board changes) and returns the
    position line or None. ``compact``: stacked, for a narrow side column. ``practice``: under the link,
    "Play this out against the CPU" at a chosen level from the same position (``practice.PracticeLink``;
    a lesson page, which has its own with the exercise's goal, passes False). Under it too, for teachers,
    "Make an exercise from this position" (``lesson_writer``), from ``exercise_text()`` (default: ``text``;
    a page whose lesson line says more than its link, such as who plays, gives its own). ``practice_text``: the
    line "Play this out" starts from (default: ``text``; a Play page whose link names nobody gives one that names
    the side the person here plays, so that the practice game keeps it).
    """

    def __init__(self, game: str, text: Callable[[], str | None], compact: bool = False,
                 label: str = "Share this position:", practice: bool = True,
                 exercise_text: Callable[[], str | None] | None = None,
                 practice_text: Callable[[], str | None] | None = None, **params: Any) -> None:
        super().__init__(**params)
        from academy.ui.practice import PracticeLink
        self.game, self._text = game, text
        self._exercise_text = exercise_text or text
        self.exercise = pn.pane.HTML("", css_classes=["make-exercise"], margin=(4, 5), visible=False)
        self.practice = PracticeLink(game, practice_text or text) if practice else None
        self.url = hidden_label(pn.widgets.TextInput(value="", sizing_mode="stretch_width",
                                                     css_classes=["share-link-url"]), "The link to this position")
        self.copy = pn.widgets.Button(label="Copy link", width=110, css_classes=["share-link-copy"])
        self.copy.js_on_click(args={"source": self.url}, code=_COPY_JS)
        self.open = pn.pane.HTML("", css_classes=["share-link-open"], margin=(10, 5))
        title = pn.pane.HTML(f"<b>{html.escape(label)}</b>", margin=(10, 5))
        if compact:
            self.layout = pn.Column(title, self.url, wrapping_row(self.copy, self.open),
                                    sizing_mode="stretch_width", visible=False, css_classes=["share-link"])
        else:
            self.layout = wrapping_row(title, growing(self.url, 220), self.copy, self.open, visible=False,
                                       css_classes=["share-link"])
        self.view = pn.Column(self.layout, *([self.practice] if self.practice is not None else []), self.exercise,
                              sizing_mode="stretch_width", margin=0)
        self.refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.view

    def refresh(self, *events: Any) -> None:
        text = self._text()
        link = position_link(self.game, text) if text else ""
        shown = full_link(link) if link else ""      # the whole address, to paste on another computer
        if self.url.value != shown:
            self.url.value = shown
            self.open.object = link_html(link, "open", "share-link-a tap", new_tab=True) if link else ""
        self.layout.visible = bool(link)
        if self.practice is not None:
            self.practice.refresh()
        line = self._exercise_text()
        made = (link_html(exercise_link(self.game, line), "Make an exercise from this position", "make-exercise-a tap",
                          new_tab=True) + " <span class='academy-muted'>(teachers)</span>") if line else ""
        if self.exercise.object != made:
            self.exercise.object = made
        self.exercise.visible = bool(line)
