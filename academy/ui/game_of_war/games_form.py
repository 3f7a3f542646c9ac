"""Create a shared Game of War on the Games page (``?page=games``): North and South, each a person by
link, an open seat anyone may take, or a CPU level; the deployment (an opening, or free deployment:
each seat places its army on its own page, hidden from the other); an optional clock; the private
links after creating, and joining an open seat."""
from __future__ import annotations

import html
from typing import Any

import panel as pn

from academy.core.rng import new_seed
from academy.games.game_of_war.bots import LEVELS
from academy.games.game_of_war.game import GameOfWarGame
from academy.store.errors import StoreError
from academy.ui.games_forms import CLOCK_OPTIONS, STYLE, created_links_html, join_chosen_seat, seat_link, watch_link
from academy.ui.labels import hidden_label, set_options, wrapping_row
from academy.ui.cpu_levels import level_notes_pane

from .session import DEPLOYMENTS

__all__ = ["GameOfWarGamesForm", "gow_seat_link", "gow_watch_link"]

HUMAN, OPEN_SEAT = "human", "open"
SEAT_OPTIONS = {"Person (by link)": HUMAN, "Open seat (anyone may join)": OPEN_SEAT,
                **{f"CPU {level}": level for level in LEVELS}}


def gow_watch_link(game_id: int) -> str:
    return watch_link("game_of_war", game_id)


def gow_seat_link(game_id: int, token: str) -> str:
    return seat_link("game_of_war", game_id, token)


def _side_name(player: int) -> str:
    return GameOfWarGame().player_name(player)


class GameOfWarGamesForm(pn.viewable.Viewer):
    """The "New Game of War" card of the Games page; ``hub`` is the process's LiveHub."""

    def __init__(self, hub: Any, **params: Any) -> None:
        super().__init__(**params)
        self.hub = hub
        self.my_tokens: dict[int, dict[int, str]] = {}
        self.seats = [pn.widgets.Select(label=_side_name(p), options=SEAT_OPTIONS, value=HUMAN, width=200,
                                        css_classes=["gow-seat", f"gow-seat-{p}"]) for p in range(2)]
        self.clock = pn.widgets.Select(options=CLOCK_OPTIONS, value="", width=220, css_classes=["gow-clock"])
        self.deployment = pn.widgets.Select(options=DEPLOYMENTS, value="standard", width=300,
                                            css_classes=["gow-deployment"])
        self.create_button = pn.widgets.Button(label="Create Game of War", color="primary", width=200,
                                               css_classes=["create-gow"])
        self.create_button.on_click(lambda e: self.create())
        self.links = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["gow-links"])
        self.join_seat = pn.widgets.Select(options={}, width=300, css_classes=["gow-join-seat"])
        for widget, text in ((self.clock, "Clock"), (self.deployment, "Deployment"),
                             (self.join_seat, "Open seat to join")):
            hidden_label(widget, text)   # the headings beside them say it on screen
        self.join_name = pn.widgets.TextInput(placeholder="Your name", width=160, max_length=60)
        self.join_button = pn.widgets.Button(label="Join", color="primary", width=90, css_classes=["gow-join"])
        self.join_button.on_click(lambda e: self.join())
        self.join_result = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width")
        form = pn.Column(pn.pane.HTML("<b>Who plays each side</b>", margin=(8, 5, 0, 5)), wrapping_row(*self.seats),
                         level_notes_pane("game_of_war"),
                         pn.pane.HTML("<b>Deployment</b> (free: each seat places its army in its own half on "
                                      "its own page, hidden from the other until both are done)",
                                      margin=(8, 5, 0, 5)), self.deployment,
                         pn.pane.HTML("<b>Clock</b>", margin=(8, 5, 0, 5)), self.clock, self.create_button,
                         sizing_mode="stretch_width")
        self.layout = pn.Column(
            pn.Card(form, title="New Game of War", sizing_mode="stretch_width", collapsed=True,
                    css_classes=["new-gow-game"]),
            self.links, wrapping_row(self.join_seat, self.join_name, self.join_button), self.join_result,
            sizing_mode="stretch_width", css_classes=["gow-games"])
        self.refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def create(self, seed: int | None = None) -> tuple[int, dict[int, str]]:
        """Create the game the form describes; returns (game id, tokens of the people's seats)."""
        seats = []
        for p, w in enumerate(self.seats):
            if w.value in (HUMAN, OPEN_SEAT):
                seats.append({"kind": "human", "name": _side_name(p), "public": w.value == OPEN_SEAT})
            else:
                seats.append({"kind": "cpu", "level": w.value, "name": f"{_side_name(p)} (CPU {w.value})"})
        try:
            options = {} if self.deployment.value == "standard" else {"deployment": self.deployment.value}
            game, tokens = self.hub.create("game_of_war", options, new_seed() if seed is None else seed, seats,
                                           clock=self.clock.value or None)
        except (StoreError, ValueError) as exc:
            self.links.object = f"<div class='seat-links'>The game could not be created: {html.escape(str(exc))}</div>"
            raise
        self.my_tokens[game.game_id] = dict(tokens)
        self.links.object = created_links_html("Game of War", game.game_id, tokens, _side_name, gow_seat_link,
                                               gow_watch_link(game.game_id))
        self.refresh()
        return game.game_id, dict(tokens)

    def join(self) -> str | None:
        return join_chosen_seat(self, _side_name, gow_seat_link)

    def refresh(self) -> None:
        try:
            games = [g for g in self.hub.store.list_games() if g.game_name == "game_of_war"]
        except StoreError:
            return
        set_options(self.join_seat, {f"Game of War {g.id} · {_side_name(p)}": (g.id, p)
                                     for g in games for p in g.free_public_seats})
