"""A local game survives a reload: the Play tab keeps its game, with its record, for the learner's browser.

A local game (against the CPU, or several people taking turns at this screen) is saved as it is
played: after every action or phase its record and seats are written to the Academy's database under
the browser's learner id (``academy.store.local_games``; the id is the one ``LearnerKey`` keeps in the
browser's localStorage, 128 random bits, so no other browser can read it by guessing). When the Play
tab opens again in that browser and a kept game is not over, the game comes back where it was (the
same board, turn and CPU levels) with a notice: "Your game from <time> is back. New game starts a
fresh one." While a CPU plays its turn its actions are not written one by one: the game is
kept when the turn comes back to a person (or the game ends); moves quicker than one a second are
written together, a second after the first. A new game (or a restart) replaces the
kept one at its first save; a finished game is kept
as finished and never brought back. A game whose record grows over the record-file limit (2 MB) is no
longer kept, and the notice says so.

One ``GameKeeper`` serves the five Play pages. A page takes part with three members:

- ``keep_watch``: the names of its session's params that change after every action or phase;
- ``local_game()``: a ``LocalGame`` (the record, a ``setup`` dict of what the record does not say:
  seats, people on this screen, CPU level; finished or not), or None when there is nothing to keep now
  (no game yet, a replay on the board);
- ``resume_local_game(record, setup)``: play on from a kept record with its setup (raises ValueError
  when it cannot).

``keep_local_game(game, page, query)`` wraps a Play page with the notice and the learner-id hook; a
Play page opened from a position link (``?position=``, "Play this out against the CPU" too) shows that
position and does not bring an older game back. Nor does it throw that game away: while the browser keeps
a game that is not over, the link's game is not kept, and the notice says so, with a link back to the kept
game and "Keep this game instead" (which keeps the link's game from then on).
"""
from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from html import escape
from typing import Any

import panel as pn

from academy.core.record import Record
from academy.games import REGISTRY
from academy.store.errors import StoreError
from academy.store.local_games import GameTooLarge, LocalGames

from .address import link_html
from .defer import later
from .progress_page import LearnerKey, initial_key, learner_store

__all__ = ["LocalGame", "GameKeeper", "KeptBySeats", "keep_local_game", "back_text", "kept_text"]

log = logging.getLogger("academy.ui.local_games")

#: seconds between two writes of one page's game: quicker moves are written together, MIN_GAP after the last
MIN_GAP = 1.0

STYLE = """
.local-game-notice { background: #eaf4ea; border-left: 4px solid #2e7d32; padding: 6px 10px; border-radius: 4px; }
.local-game-notice.warning { background: #fff8e1; border-left-color: #e0a000; }
"""


@dataclass(frozen=True)
class LocalGame:
    """What a Play page keeps of its game: the record, the seats and the like, and whether it is over."""

    record: Record
    setup: dict[str, Any] = field(default_factory=dict)
    finished: bool = False


class KeptBySeats:
    """What a Play page whose ``session`` has ``state``, ``seats`` and ``resume(record, seats)`` (Tactics,
    Game of War) tells the keeper: the record and seats to keep, and how to play on from them."""

    session: Any

    def local_game(self) -> LocalGame | None:
        """The game to keep: its record and seats (None: no game yet)."""
        s = self.session
        if s.state is None:
            return None
        return LocalGame(s.state.record, {"seats": list(s.seats)}, s.game_over)

    def resume_local_game(self, record: Any, setup: dict[str, Any]) -> None:
        """Play on from a kept record with its seats."""
        self.session.resume(record, [str(x) for x in setup.get("seats") or ()])


def _saved_when(saved_at: datetime, now: datetime | None = None) -> str:
    """"today, 14:05 UTC" (the day is named unless it is today)."""
    at = saved_at.astimezone(UTC)
    now = (now or datetime.now(UTC)).astimezone(UTC)
    day = "today" if at.date() == now.date() else f"{at.day} {at.strftime('%B %Y')}"
    return f"{day}, {at.strftime('%H:%M')} UTC"


def back_text(saved_at: datetime, now: datetime | None = None) -> str:
    """The notice for a game brought back: "Your game from today, 14:05 UTC is back. New game starts a
    fresh one." (the day is named unless it is today)."""
    return f"Your game from {_saved_when(saved_at, now)} is back. New game starts a fresh one."


def kept_text(saved_at: datetime, now: datetime | None = None) -> str:
    """The notice's start over a link's game while another is kept: "Your game from today, 14:05 UTC is still
    kept."."""
    return f"Your game from {_saved_when(saved_at, now)} is still kept."


class GameKeeper:
    """Saves a Play page's local game after every change and brings it back on reload (module docstring).

    ``games``: the store's ``LocalGames`` (made from the Academy's database at first use unless given);
    ``restore``: bring a kept game back when the browser's learner id is known (False: a position link).
    """

    def __init__(self, game: str, page: Any, hook: LearnerKey, games: LocalGames | None = None,
                 restore: bool = True, store: Callable[[], Any] = learner_store) -> None:
        self.game, self.page, self.hook = game, page, hook
        self._games, self._store, self._failed = games, store, False
        self.restore_wanted = restore
        self._signature: tuple[Any, ...] | None = None
        self._too_large = False
        self._written, self._pending = float("-inf"), False
        self._restored: Record | None = None
        #: a link's game while the browser keeps a running one: not kept (None: not asked yet)
        self._held: bool | None = None if not restore else False
        self.notice = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", visible=False,
                                   css_classes=["local-game-notice-pane"], margin=(0, 5, 6, 5))
        self.keep_instead = pn.widgets.Button(label="Keep this game instead", visible=False, width=200,
                                              css_classes=["keep-link-game"], margin=(0, 5, 6, 5))
        self.keep_instead.on_click(lambda e: self.keep_this_game())
        watched = list(page.keep_watch) + [n for n in ("resigned",) if n in page.session.param]   # a resignation ends it
        page.session.param.watch(later(self.changed), watched)
        hook.param.watch(lambda event: self.start() if event.new else None, "checked")
        if hook.checked:
            self.start()

    # --- the store ---------------------------------------------------------------------------------
    @property
    def games(self) -> LocalGames | None:
        if self._games is None and not self._failed:
            try:
                self._games = LocalGames(self._store())
            except (StoreError, RuntimeError) as exc:
                self._failed = True
                log.warning("local games: not kept, the database cannot be used: %s", exc)
        return self._games

    # --- bringing a game back and keeping it -------------------------------------------------------
    def start(self) -> None:
        """The browser's learner id is known: bring its kept game back (if wanted), then keep the one shown."""
        if self.restore_wanted:
            self.restore()
        self.changed()

    def restore(self) -> bool:
        """Bring back the learner's kept game if it is not over; True if it came back."""
        games = self.games
        if games is None:
            return False
        try:
            saved = games.load(self.hook.key, self.game)
        except StoreError as exc:
            log.warning("local games: the kept %s game could not be read: %s", self.game, exc)
            return False
        if saved is None or saved.finished:
            return False
        try:
            record = Record.from_json(saved.record, REGISTRY)
            if record.game.name != self.game:
                raise ValueError(f"the kept record is of {record.game.name}")
            self.page.resume_local_game(record, saved.setup)
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
            log.warning("local games: the kept %s game could not be brought back: %s", self.game, exc)
            self._show(f"Your last game could not be brought back ({exc}); start a new one.", warning=True)
            return False
        kept = self.page.local_game()
        self._restored = kept.record if kept is not None else record
        self._signature = self._signature_of(kept) if kept is not None else None
        self._show(back_text(saved.saved_at))
        return True

    @staticmethod
    def _signature_of(kept: LocalGame) -> tuple[Any, ...]:
        return (id(kept.record), len(kept.record), json.dumps(kept.setup, sort_keys=True), kept.finished)

    def changed(self, *events: Any) -> None:
        """Save the page's game if it changed since the last save (only once the learner id is known)."""
        if not self.hook.checked:
            return
        kept = self.page.local_game()
        if kept is None or (getattr(self.page.session, "cpu_to_move", False) and not kept.finished):
            return                                     # a CPU's turn is kept when it ends
        if self._restored is not None and kept.record is not self._restored:
            self._restored = None                      # a new game: the notice about the old one goes
            self._show("")
        signature = self._signature_of(kept)
        if signature == self._signature:
            return
        if self._held is None:
            self._held = self._hold_for_kept_game()
        if self._held:
            return
        doc = pn.state.curdoc
        if doc is not None and doc.session_context is not None and \
                time.monotonic() - self._written < MIN_GAP:      # quick moves: one write a second at most
            if not self._pending:
                self._pending = True
                doc.add_timeout_callback(self._flush, int(MIN_GAP * 1000))
            return
        games = self.games
        if games is None:
            return
        try:
            games.save(self.hook.key, self.game, kept.record.to_json(), kept.setup, kept.finished)
        except GameTooLarge as exc:
            if not self._too_large:
                self._too_large = True
                self._show(f"This game is no longer kept over a reload: {exc}", warning=True)
            return
        except StoreError as exc:
            log.warning("local games: the %s game was not kept: %s", self.game, exc)
            return
        self._signature = signature
        self._too_large = False
        self._written = time.monotonic()

    def _hold_for_kept_game(self) -> bool:
        """A link's game, first time round: True (and the notice says why) if the browser keeps a game that
        is not over, which the link's game would replace."""
        games = self.games
        try:
            saved = games.load(self.hook.key, self.game) if games is not None else None
        except StoreError:
            saved = None
        if saved is None or saved.finished:
            return False
        back = link_html(f"?game={self.game}&tab=play", "Back to that game", "tap")
        self._show(f"{kept_text(saved.saved_at)} This game, opened from a link, does not replace it: a reload "
                   "will not bring this one back.", html_after=f" {back}")
        self.keep_instead.visible = True
        return True

    def keep_this_game(self) -> None:
        """"Keep this game instead": the link's game is kept from now on (the older one is gone)."""
        self._held = False
        self.keep_instead.visible = False
        self._show("")
        self.changed()

    def _flush(self) -> None:
        self._pending = False
        self.changed()

    def _show(self, text: str, warning: bool = False, html_after: str = "") -> None:
        cls = "local-game-notice warning" if warning else "local-game-notice"
        self.notice.object = f'<div class="{cls}" role="status">{escape(text)}{html_after}</div>' if text else ""
        self.notice.visible = bool(text)


def keep_local_game(game: str, page: Any, query: Mapping[str, str] | None = None,
                    games: LocalGames | None = None) -> pn.viewable.Viewable:
    """``page`` (a Play page taking part, see the module docstring) with its game kept for this browser:
    the notice above it and the learner-id hook. A page that does not take part is returned as it is."""
    if not all(hasattr(page, name) for name in ("keep_watch", "local_game", "resume_local_game")):
        return page
    query = dict(query or {})
    hook = LearnerKey(key=initial_key(query), height=0, width=0, margin=0)
    keeper = GameKeeper(game, page, hook, games=games, restore=not query.get("position"))
    page.keeper = keeper
    return pn.Column(keeper.notice, keeper.keep_instead, page, hook, sizing_mode="stretch_width", margin=0)
