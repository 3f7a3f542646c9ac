"""The replay routes: a stored game's replay page, and the page that opens a record file.

``replay_page(query)`` is what the shell's routes open:

- ``?match=<id>&replay=1`` (a spectator, or a finished game) and ``?match=<id>&seat=<token>&replay=1``
  (a seat's own view): the stored game's replay page (``stored_replay`` reads what it needs from the
  store: masked to the seat, or to a spectator, while the game runs); with ``&review=1`` the coach's
  review of the seat's decisions opens on it (a finished game only: "Review this game" on any finished
  game's replay opens it too);
- ``?page=replay``: ``RecordImportPage``, which reads a record file (``read_record``, checked by
  replaying it) and shows it on its game's replay page, under its own heading. The file stays in this
  browser session: nothing is stored. A file that is not JSON, names an unknown game, cannot be
  replayed or is over the size limit gets a plain message and the page stays as it was.

Every game's replay page is found in one place, ``REPLAY_PAGES`` (game name → page factory, from the UI
registry): this module names no game.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import panel as pn
import param

from academy.core.record import Record
from academy.core.text import listing
from academy.ui.page_errors import alert_page, game_number
from academy.ui.registry import UI, load
from academy.ui.history import moments
from academy.ui.seat_chat import message_dicts
from academy.ui.seat_info import LEFT

from .record_file import RecordFileInput
from .replay_model import RecordError, read_record
from .replay_parts import STYLE, status_html

__all__ = ["IMPORT_LINK", "REPLAY_PAGES", "RecordImportPage", "how_it_ended", "replay_factory", "replay_link",
           "replay_page", "replayable_titles", "stored_replay"]

IMPORT_LINK = "?page=replay"

#: game name -> "module:function" of the factory building that game's replay page (from the UI registry). Every
#: factory is called as ``factory(record, viewer=..., masked=..., title=..., seat_names=..., chat=..., back_link=...,
#: embedded=...)`` and returns a Panel object; both a stored game's link and an imported record open through it.
REPLAY_PAGES: dict[str, str] = {game: entry.replay for game, entry in UI.items()}


def replay_factory(game_name: str) -> Callable[..., Any] | None:
    """The replay page factory of ``game_name`` (None: that game has no replay page yet)."""
    target = REPLAY_PAGES.get(game_name)
    if target is None:
        return None
    return load(target)


def replayable_titles() -> str:
    """The titles of the games whose records open here, in words ("A, B and C")."""
    from academy.games import REGISTRY
    return listing([getattr(REGISTRY.get(n), "title", n) for n in REPLAY_PAGES])


def replay_link(game_id: int, token: str | None = None) -> str:
    """The replay page of a shared game: a spectator's (or a finished game's), or a seat's own view."""
    seat = f"&seat={quote(token, safe='')}" if token else ""
    return f"?match={int(game_id)}{seat}&replay=1"


def stored_replay(hub: Any, game_id: int, token: str | None = None) -> dict[str, Any]:
    """What any game's replay page needs from a stored game: the record, the viewer seat, whether it is masked
    (a running game), a title, the seats' names and the viewer's messages (the seat's conversations only).

    Raises the store's errors (GameNotFound, BadToken).
    """
    game = hub.open(int(game_id))
    player = game.seat_of(token) if token else None
    info = game.info
    finished = info.status == "finished"
    record: Record = game.record_copy()
    names = [s.name or record.game.player_name(s.player) for s in info.seats]
    who = "everything" if finished else ("your own view" if player is not None else "a spectator's view")
    title = f"{record.game.title} game {info.id} ({'finished' if finished else 'in progress'}; {who})"
    ended = how_it_ended(info, record.game.player_name)
    title += f": {ended}" if ended else ""
    if finished:                          # the download says it too (a resignation or a timeout is no action)
        record.result = {"text": ended, "winner": info.winner,
                         "left": {str(s.player): s.status for s in info.seats if s.status in LEFT}}
    stored = game.messages(token) if token else []
    chat = message_dicts(stored, moments(record, {m.step for m in stored}))
    return {"record": record, "viewer": player, "masked": not finished, "title": title, "seat_names": names,
            "chat": chat}


def how_it_ended(info: Any, player_name: Callable[[int], str]) -> str:
    """How a finished stored game ended, in words: who left it and how, then who won ('' while it runs). A
    resignation or a timeout is not in the game's record, so its replay would not say it otherwise.

    >>> from types import SimpleNamespace as S
    >>> seats = (S(player=0, name="Red", status="resigned"), S(player=1, name="Bea", status="in"))
    >>> how_it_ended(S(status="finished", winner=1, seats=seats), ["Red", "Blue"].__getitem__)
    'Red resigned. Blue (Bea) wins.'
    """
    if info.status != "finished":
        return ""
    from academy.ui.seat_info import seat_label
    names = {s.player: s.name for s in info.seats}

    def label(player: int) -> str:
        return seat_label(player_name(player), names.get(player))
    left = [f"{label(s.player)} {LEFT[s.status]}." for s in info.seats if s.status in LEFT]
    won = f"{label(info.winner)} wins." if info.winner is not None else "It ended without a winner."
    return " ".join([*left, won])


class RecordImportPage(pn.viewable.Viewer):
    """``?page=replay``: choose a record file; it opens on its game's replay page, under this one (see the
    module docstring). ``message`` says why the last file could not be opened."""

    message = param.String("", doc="why the last file chosen could not be opened ('' when it was)")

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.head = pn.pane.HTML("<h2 style='margin:4px 0'>Replay a game record</h2>", stylesheets=[STYLE],
                                 sizing_mode="stretch_width", css_classes=["replay-head"])
        self.upload = RecordFileInput(width=300, css_classes=["import-record", "import-first"])
        self.upload.param.watch(lambda e: self._read_upload(), "value")
        self.upload.param.watch(self._refused, "refused")       # a file over the size limit is never sent
        self.message_pane = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width",
                                         css_classes=["import-message"])
        self.import_area = pn.Column(
            pn.pane.HTML("<p>Open a game record (a <code>.json</code> file saved from a game or downloaded from a "
                         "replay) to step through it here. It stays in this browser session: nothing is stored.</p>",
                         sizing_mode="stretch_width", css_classes=["import-intro"]),
            self.upload, self.message_pane, sizing_mode="stretch_width", margin=0)
        self.replay_slot = pn.Column(sizing_mode="stretch_width", margin=0, css_classes=["imported-replay"])
        self.shown: Any = None          # the replay page of the record opened, in ``replay_slot``
        self.layout = pn.Column(self.head, self.import_area, self.replay_slot, sizing_mode="stretch_width",
                                css_classes=["replay-page", "replay-import"])
        self.param.watch(lambda e: self._show_message(), "message")

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def import_file(self, text: str | bytes, name: str = "the file") -> bool:
        """Open a record file on its game's replay page, under this one. False, and ``message`` saying what is
        wrong (not JSON, an unknown game, a damaged record, a game without a replay page), for a file that cannot
        be opened; the page stays as it was."""
        try:
            record = read_record(text)
        except RecordError as exc:
            self.message = f"{name} could not be opened. {exc}"
            return False
        factory = replay_factory(record.game.name)
        if factory is None:
            self.message = (f"{name} is a record of {record.game.title}: replays here show "
                            f"{replayable_titles()} games only so far.")
            return False
        ended = f": {record.result['text']}" if record.result and record.result["text"] else ""
        self.shown = factory(record, viewer=None, masked=False, title=f"imported record ({name}){ended}", seat_names=[],
                             chat=[], back_link="")
        self.replay_slot.objects = [self.shown]
        self.import_area.visible = False
        self.head.object = (f"<div class='replay-head'><a href='{IMPORT_LINK}'>Import another record</a> · "
                            "<a href='?page=games'>all games</a></div>")
        self.message = ""
        return True

    def _read_upload(self) -> None:
        if self.upload.value:
            self.import_file(self.upload.value, self.upload.filename or "the file")

    def _refused(self, event: Any) -> None:
        if event.new:
            self.message = f"The file could not be opened: {event.new}"

    def _show_message(self) -> None:
        self.message_pane.object = status_html(self.message)


def _error(text: str) -> pn.viewable.Viewable:
    return alert_page(text, "replay-error", f"<a href='?page=games'>See all games</a> · "
                                            f"<a href='{IMPORT_LINK}'>import a record</a>")


def replay_page(query: dict[str, str] | None = None, hub: Any = None) -> pn.viewable.Viewable:
    """The page for ``?match=<id>[&seat=<token>]&replay=1`` (the stored game's own replay page, by its game's
    name in ``REPLAY_PAGES``) or ``?page=replay`` (``RecordImportPage``); a clear message for a bad link."""
    query = dict(query or {})
    match = query.get("match")
    if not match:
        return RecordImportPage()
    from academy.store.errors import StoreError
    from academy.ui.live_session import shared_hub
    token = query.get("seat") or None
    try:
        game_id = game_number(match)
        hub = hub or shared_hub()
        name = hub.open(game_id).info.game_name
        factory = replay_factory(name)
        if factory is None:
            from academy.games import REGISTRY
            title = getattr(REGISTRY.get(name), "title", name)
            return _error(f"Game {game_id} is a game of {title}: it has no replay page yet.")
        args = stored_replay(hub, game_id, token)
    except (ValueError, StoreError) as exc:
        return _error(str(exc))
    back = f"?game={name}&tab=play&match={game_id}" + (f"&seat={quote(token, safe='')}" if token else "")
    page = factory(args.pop("record"), back_link=back, **args)
    if query.get("review") and hasattr(page, "open_review"):
        page.open_review()            # the seat's decisions; a running game: the page says why there is none
    return page
