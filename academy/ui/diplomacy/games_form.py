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
from academy.ui.games_forms import CLOCK_OPTIONS, GamesCard, created_links_html, seat_link, watch_link
from academy.ui.labels import hidden_label
from academy.ui.seat_choice import games_seat_options, seat_select
from academy.ui.conquest.session import CPU_LEVELS

from .session import POWERS

__all__ = ["DiplomacyGamesForm", "diplomacy_seat_link", "diplomacy_watch_link"]

HUMAN, OPEN_SEAT, CPU = "human", "open", "easy"
SEAT_OPTIONS = games_seat_options(HUMAN, OPEN_SEAT, CPU_LEVELS)


def diplomacy_watch_link(game_id: int) -> str:
    return watch_link("diplomacy", game_id)


def diplomacy_seat_link(game_id: int, token: str) -> str:
    return seat_link("diplomacy", game_id, token)


def _power_name(player: int) -> str:
    return POWERS[player].title()


class DiplomacyGamesForm(GamesCard):
    """The "New Diplomacy game" card of the Games page; ``hub`` is the process's LiveHub."""

    game = "diplomacy"

    def __init__(self, hub: Any, **params: Any) -> None:
        super().__init__(hub, **params)
        self.seats = [seat_select(p.title(), SEAT_OPTIONS, HUMAN if p == "FRANCE" else CPU,
                                  ["dip-seat", f"dip-seat-{i}"])
                      for i, p in enumerate(POWERS)]
        self.clock = pn.widgets.Select(options=CLOCK_OPTIONS, value="", width=220, css_classes=["dip-clock"])
        from academy.ui.cpu_levels import level_notes_pane

        from .play import NO_LIMIT, YEARS_OPTIONS
        self.years = pn.widgets.Select(options=YEARS_OPTIONS, value=YEARS_OPTIONS[NO_LIMIT], width=240, css_classes=["dip-years"])
        self.create_button = pn.widgets.Button(label="Create Diplomacy game", color="primary", width=220,
                                               css_classes=["create-diplomacy"])
        self.create_button.on_click(lambda e: self.create())
        for widget, text in ((self.clock, "Clock"), (self.years, "Length")):
            hidden_label(widget, text)   # the headings beside them say it on screen
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
        self.lay_out(form, "New Diplomacy game")

    def seat_name(self, player: int) -> str:
        return _power_name(player)

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
