"""Create a shared Tactics game on the Games page (``?page=games``): the map, each army a person by link,
an open seat anyone may take, or a CPU level, a commander per army, fog of war, luck, starting funds and
an optional clock (the house rules: academy.ui.tactics.house_rules); the private links after creating, and joining an open seat."""
from __future__ import annotations

import html
from typing import Any

import panel as pn

from academy.core.rng import new_seed
from academy.games.tactics.game import TacticsGame
from academy.games.tactics.missions import MISSIONS
from academy.store.errors import StoreError
from academy.ui.games_forms import CLOCK_OPTIONS, GamesCard, created_links_html, seat_link, watch_link
from academy.ui.labels import hidden_label, wrapping_row
from academy.ui.seat_choice import games_seat_options, seat_select
from academy.ui.cpu_levels import level_notes_pane

from .house_rules import HouseRules
from .play import COMMANDER_OPTIONS, MISSION_OPTIONS, map_options
from .session import CPU_LEVELS, HUMAN

__all__ = ["TacticsGamesForm", "tactics_seat_link", "tactics_watch_link"]

OPEN_SEAT = "open"
SEAT_OPTIONS = games_seat_options(HUMAN, OPEN_SEAT, CPU_LEVELS)


def tactics_watch_link(game_id: int) -> str:
    return watch_link("tactics", game_id)


def tactics_seat_link(game_id: int, token: str) -> str:
    return seat_link("tactics", game_id, token)


def _army(player: int) -> str:
    return ("Red", "Blue")[player] if player in (0, 1) else f"Player {player + 1}"


class TacticsGamesForm(GamesCard):
    """The "New Tactics game" card of the Games page; ``hub`` is the process's LiveHub."""

    game = "tactics"

    def __init__(self, hub: Any, **params: Any) -> None:
        super().__init__(hub, **params)
        self.maps = map_options()
        first = next(iter(self.maps.values()))
        self.map_choice = pn.widgets.Select(label="Map", options={k: m.id for k, m in self.maps.items()},
                                            value=first.id, width=300, css_classes=["tactics-map"])
        self.seats = [seat_select(f"{_army(p)} is played by", SEAT_OPTIONS, HUMAN,
                                  ["tactics-seat", f"tactics-seat-{p}"])
                      for p in range(2)]
        self.commanders = [pn.widgets.Select(label=f"{_army(p)}'s commander", options=COMMANDER_OPTIONS, value="",
                                             width=300, css_classes=["tactics-commander", f"tactics-commander-{p}"])
                           for p in range(2)]
        self.house = HouseRules(first.settings, prefix="tactics-")
        self.fog, self.luck, self.funds = self.house.fog, self.house.luck, self.house.funds
        self.clock = pn.widgets.Select(options=CLOCK_OPTIONS, value="", width=220, css_classes=["tactics-clock"])
        self.map_choice.param.watch(self._on_map, "value")
        self.mission = pn.widgets.Select(label="Campaign mission", options=MISSION_OPTIONS, value="", width=300,
                                         css_classes=["tactics-mission"])
        self.mission.param.watch(self._on_mission, "value")
        self.create_button = pn.widgets.Button(label="Create Tactics game", color="primary", width=200,
                                               css_classes=["create-tactics"])
        self.create_button.on_click(lambda e: self._create_clicked())
        hidden_label(self.clock, "Clock")   # the heading beside it says it on screen
        form = pn.Column(wrapping_row(self.map_choice, self.mission),
                         wrapping_row(*[pn.Column(seat, cmdr, margin=0)
                                        for seat, cmdr in zip(self.seats, self.commanders)]),
                         level_notes_pane("tactics"),
                         pn.pane.HTML("<span>Each person gets a private link to their own army; with fog of war "
                                      "they see only what their own units see, and never the other's funds."
                                      "</span>"),
                         self.house.layout(),
                         pn.pane.HTML("<b>Clock</b>", margin=(8, 5, 0, 5)), self.clock,
                         pn.pane.HTML("<span>Live: whoever runs out of time is out. Daily: once a player's time "
                                      "has run out, the other may claim the win.</span>"),
                         self.create_button, sizing_mode="stretch_width")
        self.lay_out(form, "New Tactics game")

    def seat_name(self, player: int) -> str:
        return _army(player)

    def _on_map(self, event: Any) -> None:
        tmap = next(m for m in self.maps.values() if m.id == event.new)
        self.house.set_from(tmap.settings)

    def _on_mission(self, event: Any) -> None:
        """A mission sets the map (and the weather): the map choice follows it."""
        campaign = MISSIONS.get(event.new)
        self.map_choice.disabled = campaign is not None
        if campaign is not None:
            self.map_choice.value = campaign.map

    def options(self) -> dict[str, Any]:
        """The game options the form describes (``TacticsGame``'s keywords)."""
        options = {"map": self.map_choice.value, **self.house.options(),
                   "commanders": [w.value or None for w in self.commanders]}
        if self.mission.value:
            options["mission"] = self.mission.value
        return options

    def _create_clicked(self) -> None:
        try:
            self.create()
        except (StoreError, ValueError):
            pass                          # the form says why

    def create(self, seed: int | None = None) -> tuple[int, dict[int, str]]:
        """Create the game the form describes; returns (game id, tokens of the people's seats). Raises
        StoreError or ValueError (the engine's IllegalAction for bad options); the form says why."""
        seats = []
        for p, w in enumerate(self.seats):
            if w.value in (HUMAN, OPEN_SEAT):
                seats.append({"kind": "human", "name": _army(p), "public": w.value == OPEN_SEAT})
            else:
                seats.append({"kind": "cpu", "level": w.value, "name": f"{_army(p)} (CPU {w.value})"})
        options = self.options()
        try:
            TacticsGame(**options)              # the engine checks the options before anything is stored
            game, tokens = self.hub.create("tactics", options, new_seed() if seed is None else seed, seats,
                                           clock=self.clock.value or None)
        except (StoreError, ValueError) as exc:
            text = getattr(exc, "message", None) or str(exc)
            self.links.object = f"<div class='seat-links'>The game could not be created: {html.escape(text)}</div>"
            raise
        self.my_tokens[game.game_id] = dict(tokens)
        names = TacticsGame(**options).player_name
        self.links.object = created_links_html("Tactics game", game.game_id, tokens, names, tactics_seat_link,
                                               tactics_watch_link(game.game_id))
        self.refresh()
        return game.game_id, dict(tokens)
