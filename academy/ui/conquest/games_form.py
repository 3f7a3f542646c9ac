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
from academy.ui.games_forms import (CLOCK_OPTIONS, OPEN_SEAT, STYLE, created_links_html, forget_replaced_links,
                                    join_chosen_seat)
from academy.ui.games_forms import seat_link as shared_seat_link
from academy.ui.games_forms import watch_link as shared_watch_link
from academy.ui.labels import hidden_label, set_options, wrapping_row
from academy.ui.conquest.session import CPU_LEVELS, HUMAN
from academy.ui.cpu_levels import level_notes_pane

from .setup_choice import setup_buttons

__all__ = ["ConquestGamesForm", "seat_link", "watch_link", "SEAT_OPTIONS"]

SEAT_OPTIONS = {"Human (by link)": HUMAN, "Open seat (anyone may join)": OPEN_SEAT,
                **{f"CPU {level}": level for level in CPU_LEVELS}}
FORTIFY_LABELS = {"connected": "Connected path", "adjacent": "Adjacent only"}

def watch_link(game_id: int) -> str:
    return shared_watch_link("conquest", game_id)


def seat_link(game_id: int, token: str) -> str:
    return shared_seat_link("conquest", game_id, token)


class ConquestGamesForm(pn.viewable.Viewer):
    """The "New Conquest game" card of the Games page, its open seats and its games; ``hub`` is the
    process's LiveHub."""

    def __init__(self, hub: Any, **params: Any) -> None:
        super().__init__(**params)
        self.hub = hub
        self.my_tokens: dict[int, dict[int, str]] = {}    # this session's created games: id -> seat -> token
        self.players = pn.widgets.RadioButtonGroup(options=[2, 3, 4, 5, 6], value=2, color="primary",
                                                   variant="outline", css_classes=["dash-players"])
        self.seats = [pn.widgets.Select(label=name, options=SEAT_OPTIONS, value=HUMAN if i < 2 else "normal",
                                        width=130, css_classes=["dash-seat", f"dash-seat-{i}"])
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
        self.join_seat = hidden_label(pn.widgets.Select(options={}, width=300, css_classes=["join-seat"]),
                                      "Open seat to join")
        self.join_name = pn.widgets.TextInput(placeholder="Your name", width=160, max_length=60,
                                              css_classes=["join-name"])
        self.join_button = pn.widgets.Button(label="Join", color="primary", width=90, css_classes=["join-button"])
        self.join_button.on_click(lambda e: self.join())
        self.join_result = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width",
                                        css_classes=["join-result"])
        self.join_row = pn.Column(pn.pane.HTML("<h3 style='margin:4px 0'>Join an open seat</h3>"),
                                  wrapping_row(self.join_seat, self.join_name, self.join_button),
                                  self.join_result, sizing_mode="stretch_width", css_classes=["join-panel"])
        self.create_button.on_click(lambda e: self.create())
        self.refresh_button = pn.widgets.Button(label="Refresh list", width=130, css_classes=["refresh-games"])
        self.refresh_button.on_click(lambda e: self.refresh())
        self.links = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["seat-links-pane"])
        self.table = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["games-list"])
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
        self.layout = pn.Column(
            pn.Card(pn.Column(form, self.links, self.join_row, wrapping_row(
                pn.pane.HTML("<h3 style='margin:4px 0'>Conquest games</h3>"), self.refresh_button),
                self.table, sizing_mode="stretch_width"),
                title="New Conquest game", sizing_mode="stretch_width", css_classes=["new-shared-game"]),
            sizing_mode="stretch_width")
        self.refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

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

    def join(self) -> str | None:
        """Take the seat chosen in "Join an open seat"; return its token (None if refused: the page says why)."""
        return join_chosen_seat(self, PLAYER_NAMES.__getitem__, seat_link)

    def refresh(self) -> None:
        try:
            games = self.hub.store.list_games()
        except StoreError as exc:
            self.table.object = f"<p>The games cannot be listed: {html.escape(str(exc))}</p>"
            return
        forget_replaced_links(self.hub.store, games, self.my_tokens)
        free = {f"Game {g.id} · seat {PLAYER_NAMES[p]} ({len(g.seats)} players)": (g.id, p)
                for g in games if g.game_name == "conquest" for p in g.free_public_seats}
        set_options(self.join_seat, free)
        self.join_row.visible = bool(free) or bool(self.join_result.object)
        games = [g for g in games if g.game_name == "conquest"]
        if not games:
            self.table.object = "<p>No Conquest games yet: create one above.</p>"
            return
        rows = []
        for g in games:
            seats = ", ".join(html.escape(f"{s.name or PLAYER_NAMES[s.player]}"
                                          + ("" if s.kind == "cpu" or s.joined else
                                             " (open seat)" if s.public else " (free)")
                                          + ("" if s.status == "in" else f" ({s.status})")) for s in g.seats)
            links = [f"<a href='{watch_link(g.id)}' class='watch-link tap'>Watch</a>",
                     f"<a href='?match={int(g.id)}&replay=1' class='replay-link tap'>Replay</a>"]
            for p, t in sorted(self.my_tokens.get(g.id, {}).items()):
                verb = "Resume" if g.seats[p].joined else "Join"
                links.append(f"<a href='{html.escape(seat_link(g.id, t))}' class='seat-link tap'>"
                             f"{verb} as {PLAYER_NAMES[p]}</a>")
            winner = f" · {PLAYER_NAMES[g.winner]} won" if g.status == "finished" and g.winner is not None else ""
            rows.append(f"<tr data-game='{g.id}'><td>{g.id}</td><td class='status-{g.status}'>{g.status}{winner}</td>"
                        f"<td>{seats}</td><td>{g.num_actions}</td><td>{' · '.join(links)}</td></tr>")
        self.table.object = ("<table class='games-table'><thead><tr><th>#</th><th>Status</th><th>Seats</th>"
                             "<th>Steps</th><th></th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>")
