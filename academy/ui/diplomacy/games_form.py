"""Create a shared Diplomacy game on the Games page (``?page=games``), and list the Diplomacy games.

Seven seats, each a person by link, an open seat (anyone may take it from the games list) or the
CPU (easy, normal or hard, a line saying what to expect of each); an optional clock (at the deadline the phase resolves with the orders given). After
creating, each person's private link ``?game=diplomacy&tab=play&match=<id>&seat=<token>`` is shown.
"""
from __future__ import annotations

import html
from typing import Any

import panel as pn

from academy.core.rng import new_seed
from academy.games.diplomacy.game import RULE_NOTES
from academy.store.errors import StoreError
from academy.ui.games_forms import (CLOCK_OPTIONS, STYLE, created_links_html, forget_replaced_links, join_chosen_seat,
                                    seat_link, watch_link)
from academy.ui.labels import hidden_label, set_options, wrapping_row
from academy.ui.conquest.session import CPU_LEVELS

from .session import POWERS

__all__ = ["DiplomacyGamesForm", "diplomacy_seat_link", "diplomacy_watch_link"]

HUMAN, OPEN_SEAT, CPU = "human", "open", "easy"
SEAT_OPTIONS = {"Person (by link)": HUMAN, "Open seat (anyone may join)": OPEN_SEAT,
                **{f"CPU {level}": level for level in CPU_LEVELS}}


def diplomacy_watch_link(game_id: int) -> str:
    return watch_link("diplomacy", game_id)


def diplomacy_seat_link(game_id: int, token: str) -> str:
    return seat_link("diplomacy", game_id, token)


def _power_name(player: int) -> str:
    return POWERS[player].title()


class DiplomacyGamesForm(pn.viewable.Viewer):
    """The "New Diplomacy game" card of the Games page; ``hub`` is the process's LiveHub."""

    def __init__(self, hub: Any, **params: Any) -> None:
        super().__init__(**params)
        self.hub = hub
        self.my_tokens: dict[int, dict[int, str]] = {}
        self.seats = [pn.widgets.Select(label=p.title(), options=SEAT_OPTIONS, value=HUMAN if p == "FRANCE" else CPU,
                                        width=150, css_classes=["dip-seat", f"dip-seat-{i}"])
                      for i, p in enumerate(POWERS)]
        self.clock = pn.widgets.Select(options=CLOCK_OPTIONS, value="", width=220, css_classes=["dip-clock"])
        from academy.ui.cpu_levels import level_notes_pane

        from .play import NO_LIMIT, YEARS_OPTIONS
        self.years = pn.widgets.Select(options=YEARS_OPTIONS, value=YEARS_OPTIONS[NO_LIMIT], width=240, css_classes=["dip-years"])
        self.create_button = pn.widgets.Button(label="Create Diplomacy game", color="primary", width=220,
                                               css_classes=["create-diplomacy"])
        self.create_button.on_click(lambda e: self.create())
        self.links = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width",
                                  css_classes=["dip-seat-links"])
        self.table = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["dip-games-list"])
        self.join_seat = pn.widgets.Select(options={}, width=300, css_classes=["dip-join-seat"])
        for widget, text in ((self.clock, "Clock"), (self.years, "Length"), (self.join_seat, "Open seat to join")):
            hidden_label(widget, text)   # the headings beside them say it on screen
        self.join_name = pn.widgets.TextInput(placeholder="Your name", width=160, max_length=60,
                                              css_classes=["dip-join-name"])
        self.join_button = pn.widgets.Button(label="Join", color="primary", width=90, css_classes=["dip-join"])
        self.join_button.on_click(lambda e: self.join())
        self.join_result = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width",
                                        css_classes=["dip-join-result"])
        self.join_row = pn.Column(pn.pane.HTML("<h3 style='margin:4px 0'>Join an open Diplomacy seat</h3>"),
                                  wrapping_row(self.join_seat, self.join_name, self.join_button),
                                  self.join_result, sizing_mode="stretch_width", css_classes=["dip-join-panel"])
        self.refresh_button = pn.widgets.Button(label="Refresh list", width=130, css_classes=["refresh-dip-games"])
        self.refresh_button.on_click(lambda e: self.refresh())
        form = pn.Column(
            pn.pane.HTML("<b>Who plays each power</b>", margin=(8, 5, 0, 5)),
            pn.FlexBox(*self.seats, margin=0), level_notes_pane("diplomacy"),
            pn.pane.HTML("<span>Each person gets a private link to their seat; the orders of a phase stay secret "
                         "until everyone has submitted (CPU powers order on their own).</span>"),
            pn.pane.HTML("<b>Length</b>", margin=(8, 5, 0, 5)), self.years,
            pn.pane.HTML(f"<span>{html.escape(RULE_NOTES['years'])}</span>"),
            pn.pane.HTML("<b>Clock</b>", margin=(8, 5, 0, 5)), self.clock,
            pn.pane.HTML("<span>At the deadline the phase resolves with the orders given. "
                         f"{html.escape(RULE_NOTES['no_orders'])}</span>"), self.create_button,
            sizing_mode="stretch_width", css_classes=["dip-create-form"])
        self.layout = pn.Column(
            pn.Card(form, title="New Diplomacy game", sizing_mode="stretch_width", collapsed=True,
                    css_classes=["new-diplomacy-game"]),
            self.links, self.join_row,
            wrapping_row(pn.pane.HTML("<h3 style='margin:4px 0'>Diplomacy games</h3>"), self.refresh_button),
            self.table, sizing_mode="stretch_width", css_classes=["diplomacy-games"])
        self.refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def create(self, seed: int | None = None) -> tuple[int, dict[int, str]]:
        """Create the game the form describes; returns (game id, tokens of the people's seats)."""
        seats = []
        for p, w in zip(POWERS, self.seats):
            if w.value in (HUMAN, OPEN_SEAT):
                seats.append({"kind": "human", "name": p.title(), "public": w.value == OPEN_SEAT})
            else:
                seats.append({"kind": "cpu", "level": w.value, "name": f"{p.title()} (CPU {w.value})"})
        try:
            options = {"years": self.years.value} if self.years.value else {}
            game, tokens = self.hub.create("diplomacy", options, new_seed() if seed is None else seed, seats,
                                           clock=self.clock.value or None)
        except (StoreError, ValueError) as exc:
            self.links.object = f"<div class='seat-links'>The game could not be created: {html.escape(str(exc))}</div>"
            raise
        self.my_tokens[game.game_id] = dict(tokens)
        self.links.object = created_links_html("Diplomacy game", game.game_id, tokens, _power_name,
                                               diplomacy_seat_link, diplomacy_watch_link(game.game_id))
        self.refresh()
        return game.game_id, dict(tokens)

    def join(self) -> str | None:
        """Take the open seat chosen; return its token (None if refused: the form says why)."""
        return join_chosen_seat(self, _power_name, diplomacy_seat_link)

    def refresh(self) -> None:
        try:
            games = [g for g in self.hub.store.list_games() if g.game_name == "diplomacy"]
            forget_replaced_links(self.hub.store, games, self.my_tokens)   # links of seats taken since
        except StoreError as exc:
            self.table.object = f"<p>The games cannot be listed: {html.escape(str(exc))}</p>"
            return
        free = {f"Game {g.id} · {POWERS[p].title()}": (g.id, p) for g in games for p in g.free_public_seats}
        set_options(self.join_seat, free)
        self.join_row.visible = bool(free) or bool(self.join_result.object)
        if not games:
            self.table.object = "<p>No Diplomacy games yet: create one above.</p>"
            return
        rows = []
        for g in games:
            seats = ", ".join(html.escape((s.name or POWERS[s.player].title())
                                          + ("" if s.kind == "cpu" or s.joined else
                                             " (open seat)" if s.public else " (free)")) for s in g.seats)
            links = [f"<a href='{diplomacy_watch_link(g.id)}' class='watch-link tap'>Watch</a>"]
            for p, t in sorted(self.my_tokens.get(g.id, {}).items()):
                links.append(f"<a href='{html.escape(diplomacy_seat_link(g.id, t))}' class='seat-link tap'>"
                             f"Play {POWERS[p].title()}</a>")
            rows.append(f"<tr data-game='{g.id}'><td>{g.id}</td><td class='status-{g.status}'>{g.status}</td>"
                        f"<td>{seats}</td><td>{' · '.join(links)}</td></tr>")
        self.table.object = ("<table class='games-table'><thead><tr><th>#</th><th>Status</th><th>Seats</th>"
                             "<th></th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>")
