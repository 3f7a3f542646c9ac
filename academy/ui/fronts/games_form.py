"""Create a shared Fronts game on the Games page (``?page=games``): the map and number of players, teams
or free-for-all, each player a person by link, an open seat anyone may take, or a CPU level; an optional
clock (at the deadline the turn resolves with the orders given); joining an open seat."""
from __future__ import annotations

import html
from typing import Any

import panel as pn

from academy.core.rng import new_seed
from academy.games.fronts.game import FrontsGame
from academy.store.errors import StoreError
from academy.ui.games_forms import CLOCK_OPTIONS, STYLE, created_links_html, join_chosen_seat, seat_link, watch_link
from academy.ui.labels import hidden_label, set_options, wrapping_row
from academy.ui.cpu_levels import level_notes_pane

from .panels import CSS
from .session import GAMES, LEVELS, seats_note

__all__ = ["FrontsGamesForm", "fronts_seat_link", "fronts_watch_link"]

HUMAN, OPEN_SEAT = "human", "open"
SEAT_OPTIONS = {"Person (by link)": HUMAN, "Open seat (anyone may join)": OPEN_SEAT,
                **{f"CPU {level}": level for level in LEVELS}}
COLOURS = ("Red", "Blue", "Green", "Gold")


def fronts_watch_link(game_id: int) -> str:
    return watch_link("fronts", game_id)


def fronts_seat_link(game_id: int, token: str) -> str:
    return seat_link("fronts", game_id, token)


class FrontsGamesForm(pn.viewable.Viewer):
    """The "New Fronts game" card of the Games page; ``hub`` is the process's LiveHub."""

    def __init__(self, hub: Any, **params: Any) -> None:
        super().__init__(**params)
        self.hub = hub
        self.my_tokens: dict[int, dict[int, str]] = {}
        self.game_choice = pn.widgets.Select(options=list(GAMES), value=next(iter(GAMES)), width=300,
                                             css_classes=["fronts-game-choice"])
        self.mode = pn.widgets.RadioButtonGroup(options={"Teams": "teams", "Free-for-all": "ffa"}, value="teams",
                                                color="primary", variant="outline")
        self.seats = [pn.widgets.Select(label=c, options=SEAT_OPTIONS, value=HUMAN if i == 0 else "normal",
                                        width=180, css_classes=["fronts-seat", f"fronts-seat-{i}"])
                      for i, c in enumerate(COLOURS)]
        self.clock = pn.widgets.Select(options=CLOCK_OPTIONS, value="", width=220, css_classes=["fronts-clock"])
        self.create_button = pn.widgets.Button(label="Create Fronts game", color="primary", width=200,
                                               css_classes=["create-fronts"])
        self.create_button.on_click(lambda e: self.create())
        self.links = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["fronts-links"])
        self.join_seat = pn.widgets.Select(options={}, width=300, css_classes=["fronts-join-seat"])
        for widget, text in ((self.game_choice, "Map and players"), (self.clock, "Clock"),
                             (self.join_seat, "Open seat to join")):
            hidden_label(widget, text)   # the headings beside them say it on screen
        self.join_name = pn.widgets.TextInput(placeholder="Your name", width=160, max_length=60)
        self.join_button = pn.widgets.Button(label="Join", color="primary", width=90, css_classes=["fronts-join"])
        self.join_button.on_click(lambda e: self.join())
        self.join_result = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width")
        self.seats_about = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width",
                                        css_classes=["fronts-seats-note"])
        self.game_choice.param.watch(lambda e: self._show_seats(), "value")
        self._show_seats()
        form = pn.Column(self.game_choice, self.seats_about, self.mode, wrapping_row(*self.seats),
                         level_notes_pane("fronts"), pn.pane.HTML("<b>Clock</b>", margin=(8, 5, 0, 5)), self.clock, self.create_button,
                         sizing_mode="stretch_width")
        self.layout = pn.Column(
            pn.Card(form, title="New Fronts game", sizing_mode="stretch_width", collapsed=True,
                    css_classes=["new-fronts-game"]),
            self.links, wrapping_row(self.join_seat, self.join_name, self.join_button), self.join_result,
            sizing_mode="stretch_width", css_classes=["fronts-games"])
        self.refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def _show_seats(self) -> None:
        n = GAMES[self.game_choice.value][1]
        for i, w in enumerate(self.seats):
            w.visible = i < n
        note = seats_note(self.game_choice.value)
        self.seats_about.object = f"<span class='academy-muted'>{html.escape(note)}</span>" if note else ""
        self.seats_about.visible = bool(note)

    def create(self, seed: int | None = None) -> tuple[int, dict[int, str]]:
        """Create the game the form describes; returns (game id, tokens of the people's seats)."""
        map_id, n = GAMES[self.game_choice.value]
        seats = []
        for p, w in enumerate(self.seats[:n]):
            if w.value in (HUMAN, OPEN_SEAT):
                seats.append({"kind": "human", "name": COLOURS[p], "public": w.value == OPEN_SEAT})
            else:
                seats.append({"kind": "cpu", "level": w.value, "name": f"{COLOURS[p]} (CPU {w.value})"})
        options = {"players": n, "map": map_id, "mode": self.mode.value}
        try:
            game, tokens = self.hub.create("fronts", options, new_seed() if seed is None else seed, seats,
                                           clock=self.clock.value or None)
        except (StoreError, ValueError) as exc:
            self.links.object = f"<div class='seat-links'>The game could not be created: {html.escape(str(exc))}</div>"
            raise
        self.my_tokens[game.game_id] = dict(tokens)
        names = FrontsGame(**options).player_name
        self.links.object = created_links_html("Fronts game", game.game_id, tokens, names, fronts_seat_link,
                                               fronts_watch_link(game.game_id))
        self.refresh()
        return game.game_id, dict(tokens)

    def join(self) -> str | None:
        return join_chosen_seat(self, COLOURS.__getitem__, fronts_seat_link)

    def refresh(self) -> None:
        try:
            games = [g for g in self.hub.store.list_games() if g.game_name == "fronts"]
        except StoreError:
            return
        set_options(self.join_seat, {f"Fronts game {g.id} · {COLOURS[p]}": (g.id, p)
                                     for g in games for p in g.free_public_seats})
