"""Create a shared Conquest game on the Games page (``?page=games``): players, each seat a person by
link, an open seat anyone may take, or a CPU level; map, set-up, fortification and clock. After
creating, each person's private seat link (``?game=conquest&tab=play&match=<id>&seat=<token>``) is
shown to copy and hand out; the card lists the Conquest games with a Watch and a Replay link each,
and Play links for the seats this browser session created (tokens are stored only as hashes, so
nobody else can list them)."""
from __future__ import annotations

import html
from typing import Any

import panel as pn

from academy.core.rng import new_seed
from academy.games.conquest.game import OPTIONS, PLAYER_NAMES
from academy.games.conquest.mapdata import available_maps
from academy.store.errors import StoreError
from academy.ui.games_forms import CLOCK_OPTIONS, OPEN_SEAT, GamesCard, created_links_html
from academy.ui.games_forms import seat_link as shared_seat_link
from academy.ui.games_forms import watch_link as shared_watch_link
from academy.ui.labels import hidden_label, wrapping_row
from academy.ui.conquest.session import CPU_LEVELS, HUMAN
from academy.ui.cpu_levels import level_notes_pane
from academy.ui.seat_choice import games_seat_options, seat_select

from .setup_choice import setup_buttons

__all__ = ["ConquestGamesForm", "seat_link", "watch_link", "SEAT_OPTIONS"]

SEAT_OPTIONS = games_seat_options(HUMAN, OPEN_SEAT, CPU_LEVELS)
FORTIFY_LABELS = {"connected": "Connected path", "adjacent": "Adjacent only"}

def watch_link(game_id: int) -> str:
    return shared_watch_link("conquest", game_id)


def seat_link(game_id: int, token: str) -> str:
    return shared_seat_link("conquest", game_id, token)


class ConquestGamesForm(GamesCard):
    """The "New Conquest game" card of the Games page, its open seats and its games; ``hub`` is the
    process's LiveHub."""

    game = "conquest"

    def __init__(self, hub: Any, **params: Any) -> None:
        super().__init__(hub, **params)
        self.players = pn.widgets.RadioButtonGroup(options=[2, 3, 4, 5, 6], value=2, color="primary",
                                                   variant="outline", css_classes=["dash-players"])
        self.seats = [seat_select(name, SEAT_OPTIONS, HUMAN if i < 2 else "normal", ["dash-seat", f"dash-seat-{i}"])
                      for i, name in enumerate(PLAYER_NAMES)]
        self.setup = setup_buttons(self.players, color="primary", variant="outline", css_classes=["dash-setup"])
        self.fortify = pn.widgets.RadioButtonGroup(options={FORTIFY_LABELS[k]: k for k in OPTIONS["fortify"]},
                                                   value="connected", color="primary", variant="outline",
                                                   css_classes=["dash-fortify"])
        self.clock = hidden_label(pn.widgets.Select(options=CLOCK_OPTIONS, value="", width=220,
                                                    css_classes=["dash-clock"]), "Clock")
        maps, _errors = available_maps()        # a broken map file is reported on the Play tab's form
        self.map = hidden_label(pn.widgets.Select(options={m.name: m.id for m in maps.values()},
                                                  value="classic" if "classic" in maps else next(iter(maps)),
                                                  width=260, css_classes=["dash-map"]), "Map")
        self.create_button = pn.widgets.Button(label="Create game", color="primary", width=160,
                                               css_classes=["create-game"])
        self.create_button.on_click(lambda e: self.create())
        self.players.param.watch(lambda e: self._show_seats(), "value")
        self._show_seats()
        label = lambda text: pn.pane.HTML(f"<b>{text}</b>", margin=(8, 5, 0, 5))  # noqa: E731
        form = pn.Column(label("Players"), self.players, label("Who plays each colour"),
                         wrapping_row(*self.seats), level_notes_pane("conquest"),
                         pn.pane.HTML("<span>Each person gets a private link to their own seat; "
                                      "they see only their own cards.</span>"),
                         label("Map"), self.map, label("Set-up"), self.setup, label("Fortification"),
                         self.fortify, label("Clock"), self.clock,
                         pn.pane.HTML("<span>Live: whoever runs out of time is out. Daily: once a player's time "
                                      "has run out, an opponent may claim the win.</span>"), self.create_button,
                         css_classes=["create-form"], sizing_mode="stretch_width")
        self.lay_out(form, "New Conquest game", collapsed=False)

    def seat_name(self, player: int) -> str:
        return PLAYER_NAMES[player]

    def _show_seats(self) -> None:
        for i, w in enumerate(self.seats):
            w.visible = i < self.players.value

    def create(self, seed: int | None = None) -> tuple[int, dict[int, str]]:
        """Create the game the form describes; returns (game id, tokens of the human seats)."""
        n = self.players.value
        seats = []
        for p, w in enumerate(self.seats[:n]):
            if w.value in (HUMAN, OPEN_SEAT):
                seats.append({"kind": "human", "name": PLAYER_NAMES[p], "public": w.value == OPEN_SEAT})
            else:
                seats.append({"kind": "cpu", "level": w.value, "name": f"{PLAYER_NAMES[p]} (CPU {w.value})"})
        options = {"players": n, "setup": self.setup.value, "fortify": self.fortify.value, "map": self.map.value}
        try:
            game, tokens = self.hub.create("conquest", options, new_seed() if seed is None else seed, seats,
                                           clock=self.clock.value or None)
        except (StoreError, ValueError) as exc:
            self.links.object = f"<div class='seat-links'>The game could not be created: {html.escape(str(exc))}</div>"
            raise
        self.my_tokens[game.game_id] = dict(tokens)
        self.links.object = created_links_html("Game", game.game_id, tokens, PLAYER_NAMES.__getitem__, seat_link,
                                               watch_link(game.game_id))
        self.refresh()
        return game.game_id, dict(tokens)
