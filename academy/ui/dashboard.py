"""The Games page (``?page=games``) and the page a shared game's link opens.

``GamesDashboard``: each game's card from the UI registry (its new-game form, its open seats and its
games), the finished games of every course with a Replay link each, and the link to replay a saved
record. ``shared_game_page``: the page of the stored game a seat's (or a watcher's) link names.

Every session uses the one process-wide hub ``academy.ui.live_session.shared_hub()`` (shared
mutable game state by design: that is how a move reaches every browser); the database is
``ACADEMY_DB`` or the Academy's data folder.
"""
from __future__ import annotations

import html
from typing import Any

import panel as pn

from academy.store.errors import StoreError
from academy.ui.games_forms import STYLE
from academy.ui.labels import wrapping_row
from academy.ui.live_session import shared_hub
from academy.ui.page_errors import alert_page, game_number
from academy.ui.registry import UI, part

__all__ = ["GamesDashboard", "shared_game_page", "finished_games_html"]


class GamesDashboard(pn.viewable.Viewer):
    """Every game's card and the finished games; see the module docstring."""

    def __init__(self, hub: Any = None, **params: Any) -> None:
        super().__init__(**params)
        self.hub = hub or shared_hub()
        self.forms = {game: form(self.hub) for game in UI if (form := part(game, "games_form")) is not None}
        self.refresh_button = pn.widgets.Button(label="Refresh all lists", width=150, css_classes=["refresh-all-games"])
        self.refresh_button.on_click(lambda e: self.refresh())
        self.replays = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width",
                                    css_classes=["other-replays"])
        self.layout = pn.Column(
            pn.pane.HTML("<h2 style='margin:4px 0'>Games</h2>"),
            *self.forms.values(),
            wrapping_row(pn.pane.HTML("<h3 style='margin:4px 0'>Finished games</h3>"), self.refresh_button,
                         pn.pane.HTML("<a href='?page=replay' class='import-link'>Replay a saved record (JSON)</a>",
                                      margin=(12, 10))),
            self.replays, sizing_mode="stretch_width", css_classes=["games-dashboard"])
        self.refresh(forms=False)

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def refresh(self, forms: bool = True) -> None:
        """List the finished games again (and, with ``forms``, each card's games)."""
        if forms:
            for form in self.forms.values():
                form.refresh()
        try:
            games = self.hub.store.list_games()
        except StoreError as exc:
            self.replays.object = f"<p>The games cannot be listed: {html.escape(str(exc))}</p>"
            return
        self.replays.object = finished_games_html(games)


def finished_games_html(games: list[Any]) -> str:
    """The finished games of every course, each with its Replay link ('' when there are none)."""
    from academy.games import REGISTRY
    from academy.ui.address import link_html
    from academy.ui.replay import REPLAY_PAGES, replay_link
    from academy.ui.seat_info import LEFT
    done = [g for g in games if g.status == "finished" and g.game_name in REPLAY_PAGES]
    if not done:
        return "<p>No finished games yet.</p>"
    rows = []
    for g in done:
        title = getattr(REGISTRY.get(g.game_name), "title", g.game_name)
        seats = ", ".join(html.escape((s.name or f"Player {s.player + 1}")
                                      + (f" ({LEFT[s.status]})" if s.status in LEFT else "")) for s in g.seats)
        rows.append(f"<tr data-game='{g.id}'><td>{g.id}</td><td>{html.escape(title)}</td><td>{seats}</td>"
                    f"<td>{g.num_actions}</td><td>{link_html(replay_link(g.id), 'Replay', 'replay-link tap')}"
                    "</td></tr>")
    return ("<table class='games-table'>"
            "<thead><tr><th>#</th><th>Game</th><th>Seats</th><th>Steps</th><th></th></tr></thead><tbody>"
            + "".join(rows) + "</tbody></table>")


def shared_game_page(match: str, seat: str | None = None, hub: Any = None) -> pn.viewable.Viewable:
    """The page a seat's (or a watcher's) link opens; a clear message for a bad game id or token."""
    hub = hub or shared_hub()
    try:
        game = hub.open(game_number(match))
        page = part(game.info.game_name, "shared")(game, seat or None)   # the stored game's page, whatever the link says
        from academy.ui.seat_memory import remember_seat     # the browser and its learner keep the seat (issue 22)
        player = game.seat_of(seat) if seat else None
        return remember_seat(page, game.game_id, seat if player is not None else None, player)
    except (ValueError, StoreError) as exc:
        return alert_page(str(exc), "shared-error")
