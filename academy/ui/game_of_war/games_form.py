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
from academy.ui.games_forms import CLOCK_OPTIONS, GamesCard, created_links_html, seat_link, watch_link
from academy.ui.labels import hidden_label, wrapping_row
from academy.ui.seat_choice import games_seat_options, seat_select
from academy.ui.cpu_levels import level_notes_pane

from .session import DEPLOYMENTS

__all__ = ["GameOfWarGamesForm", "gow_seat_link", "gow_watch_link"]

HUMAN, OPEN_SEAT = "human", "open"
SEAT_OPTIONS = games_seat_options(HUMAN, OPEN_SEAT, LEVELS)


def gow_watch_link(game_id: int) -> str:
    return watch_link("game_of_war", game_id)


def gow_seat_link(game_id: int, token: str) -> str:
    return seat_link("game_of_war", game_id, token)


def _side_name(player: int) -> str:
    return GameOfWarGame().player_name(player)


class GameOfWarGamesForm(GamesCard):
    """The "New Game of War" card of the Games page; ``hub`` is the process's LiveHub."""

    game = "game_of_war"

    def __init__(self, hub: Any, **params: Any) -> None:
        super().__init__(hub, **params)
        self.seats = [seat_select(_side_name(p), SEAT_OPTIONS, HUMAN, ["gow-seat", f"gow-seat-{p}"]) for p in range(2)]
        self.clock = pn.widgets.Select(options=CLOCK_OPTIONS, value="", width=220, css_classes=["gow-clock"])
        self.deployment = pn.widgets.Select(options=DEPLOYMENTS, value="standard", width=300,
                                            css_classes=["gow-deployment"])
        self.create_button = pn.widgets.Button(label="Create Game of War", color="primary", width=200,
                                               css_classes=["create-gow"])
        self.create_button.on_click(lambda e: self.create())
        for widget, text in ((self.clock, "Clock"), (self.deployment, "Deployment")):
            hidden_label(widget, text)   # the headings beside them say it on screen
        form = pn.Column(pn.pane.HTML("<b>Who plays each side</b>", margin=(8, 5, 0, 5)), wrapping_row(*self.seats),
                         level_notes_pane("game_of_war"),
                         pn.pane.HTML("<b>Deployment</b> (free: each seat places its army in its own half on "
                                      "its own page, hidden from the other until both are done)",
                                      margin=(8, 5, 0, 5)), self.deployment,
                         pn.pane.HTML("<b>Clock</b>", margin=(8, 5, 0, 5)), self.clock, self.create_button,
                         sizing_mode="stretch_width")
        self.lay_out(form, "New Game of War")

    def seat_name(self, player: int) -> str:
        return _side_name(player)

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
