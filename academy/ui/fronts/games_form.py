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
from academy.ui.games_forms import CLOCK_OPTIONS, GamesCard, created_links_html, seat_link, watch_link
from academy.ui.labels import hidden_label, wrapping_row
from academy.ui.seat_choice import games_seat_options, seat_select
from academy.ui.cpu_levels import level_notes_pane

from .panels import CSS
from .session import GAMES, LEVELS, SIDES, default_mode, seats_note

__all__ = ["FrontsGamesForm", "fronts_seat_link", "fronts_watch_link"]

HUMAN, OPEN_SEAT = "human", "open"
SEAT_OPTIONS = games_seat_options(HUMAN, OPEN_SEAT, LEVELS)
COLOURS = ("Red", "Blue", "Green", "Gold")


def fronts_watch_link(game_id: int) -> str:
    return watch_link("fronts", game_id)


def fronts_seat_link(game_id: int, token: str) -> str:
    return seat_link("fronts", game_id, token)


class FrontsGamesForm(GamesCard):
    """The "New Fronts game" card of the Games page; ``hub`` is the process's LiveHub."""

    game = "fronts"

    def __init__(self, hub: Any, **params: Any) -> None:
        super().__init__(hub, **params)
        self.game_choice = pn.widgets.Select(options=list(GAMES), value=next(iter(GAMES)), width=300,
                                             css_classes=["fronts-game-choice"])
        self.mode = pn.widgets.RadioButtonGroup(options=SIDES, value="teams", color="primary", variant="outline")
        self.seats = [seat_select(c, SEAT_OPTIONS, HUMAN if i == 0 else "normal", ["fronts-seat", f"fronts-seat-{i}"])
                      for i, c in enumerate(COLOURS)]
        self.clock = pn.widgets.Select(options=CLOCK_OPTIONS, value="", width=220, css_classes=["fronts-clock"])
        self.create_button = pn.widgets.Button(label="Create Fronts game", color="primary", width=200,
                                               css_classes=["create-fronts"])
        self.create_button.on_click(lambda e: self.create())
        for widget, text in ((self.game_choice, "Map and players"), (self.clock, "Clock")):
            hidden_label(widget, text)   # the headings beside them say it on screen
        self.seats_about = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width",
                                        css_classes=["fronts-seats-note"])
        self.game_choice.param.watch(lambda e: self._show_seats(), "value")
        self._show_seats()
        form = pn.Column(self.game_choice, self.seats_about, self.mode, wrapping_row(*self.seats),
                         level_notes_pane("fronts"), pn.pane.HTML("<b>Clock</b>", margin=(8, 5, 0, 5)), self.clock, self.create_button,
                         sizing_mode="stretch_width")
        self.lay_out(form, "New Fronts game")

    def seat_name(self, player: int) -> str:
        return COLOURS[player]

    def _show_seats(self) -> None:
        n = GAMES[self.game_choice.value][1]
        for i, w in enumerate(self.seats):
            w.visible = i < n
        self.mode.value = default_mode(self.game_choice.value)
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
