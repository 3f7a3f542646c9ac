"""What every game's card on the Games page shares: the clock choices, the style, the links shown after
creating a game, and ``GamesCard``, the base of every game's card (joining an open seat, the list of its
games, forgetting a seat link that was replaced since)."""
from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import panel as pn

from academy.games import catalog_entry
from academy.store.errors import StoreError
from academy.ui.address import full_link, link_html
from academy.ui.labels import hidden_label, set_options, wrapping_row

__all__ = ["CLOCK_OPTIONS", "OPEN_SEAT", "STYLE", "GamesCard", "created_links_html", "forget_replaced_links",
           "seat_link", "watch_link"]

OPEN_SEAT = "open"
CLOCK_OPTIONS = {"No clock": "",        # a string: a Select shows no label for None
                 "Live: 2 min per turn": {"mode": "live", "seconds": 120},
                 "Live: 5 min per turn": {"mode": "live", "seconds": 300},
                 "Daily: 1 day per move": {"mode": "daily", "seconds": 86400},
                 "Daily: 3 days per move": {"mode": "daily", "seconds": 3 * 86400}}
STYLE = """
.games-table { border-collapse: collapse; width: 100%; font-size: 14px; }
.games-table td, .games-table th { border-bottom: 1px solid #e1e4e8; padding: 5px 8px; text-align: left; }
.seat-links { background: #eef5fb; border-radius: 10px; padding: 10px 14px; }
.seat-links code { user-select: all; background: #fff; padding: 2px 4px; border-radius: 4px; }
.status-open { color: #1a7f37; } .status-running { color: #2f5d8a; } .status-finished { color: #6e7781; }
"""



def watch_link(game: str, game_id: int) -> str:
    """The address of shared game ``game_id`` of ``game`` (the registry's name) for a spectator."""
    return f"?game={game}&tab=play&match={int(game_id)}"


def seat_link(game: str, game_id: int, token: str) -> str:
    """The address of shared game ``game_id`` of ``game`` for the seat whose private token is ``token``."""
    return f"{watch_link(game, game_id)}&seat={quote(token, safe='')}"


def created_links_html(title: str, game_id: int, tokens: dict[int, str], seat_name: Callable[[int], str],
                       link: Callable[[int, str], str], watch: str) -> str:
    """The private link of each person's seat of a new game, to copy and hand out, and the watch link. They
    open a new tab: these links are shown only once, and the host still has to hand the others out."""
    rows = "".join(
        f"<li><b>{html.escape(seat_name(p))}</b>: "
        + link_html(link(game_id, t), f"play {html.escape(seat_name(p))}", "seat-link tap", new_tab=True,
                    attrs=f"data-seat='{p}'")
        + f" · copy: <code>{html.escape(full_link(link(game_id, t)))}</code></li>" for p, t in sorted(tokens.items()))
    return (f"<div class='seat-links' data-game='{game_id}'><b>{html.escape(title)} {game_id} created.</b> "
            "Send each person their own link (it is their seat's key; keep it private):"
            f"<ul>{rows}</ul>Anyone can {link_html(watch, 'watch', new_tab=True)}.</div>")


class GamesCard(pn.viewable.Viewer):
    """One game's part of the Games page, the same for every game: its new-game form (the game's own) in a
    card, the seat links of a game just created, "Join an open seat" (shown only while one of its games has
    an open seat), and the list of its games: Watch, Replay and this browser's own seats.

    A game's form sets ``game`` (the registry's name) and ``seat_name(player)``, builds its widgets after
    ``super().__init__(hub)``, then calls ``lay_out(form, title)``; its ``create()`` shows the new game's
    links in ``links``, keeps their tokens in ``my_tokens`` and calls ``refresh()``."""

    game = ""

    def __init__(self, hub: Any, **params: Any) -> None:
        super().__init__(**params)
        self.hub = hub
        self.title = catalog_entry(self.game).title
        self.my_tokens: dict[int, dict[int, str]] = {}    # this session's seats: game id -> seat -> token
        self.links = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["seat-links-pane"])
        self.join_seat = hidden_label(pn.widgets.Select(options={}, width=300, css_classes=["join-seat"]),
                                      "Open seat to join")
        self.join_name = pn.widgets.TextInput(placeholder="Your name", width=160, max_length=60,
                                              css_classes=["join-name"])
        self.join_button = pn.widgets.Button(label="Join", color="primary", width=90, css_classes=["join-button"])
        self.join_button.on_click(lambda e: self.join())
        self.join_inputs = pn.Column(pn.pane.HTML(f"<h3 style='margin:4px 0'>Join an open {self.title} seat</h3>"),
                                     wrapping_row(self.join_seat, self.join_name, self.join_button), margin=0,
                                     sizing_mode="stretch_width")
        self.join_result = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width",
                                        css_classes=["join-result"])
        self.join_row = pn.Column(self.join_inputs, self.join_result, sizing_mode="stretch_width",
                                  css_classes=["join-panel"])
        self.refresh_button = pn.widgets.Button(label="Refresh list", width=130, css_classes=["refresh-games"])
        self.refresh_button.on_click(lambda e: self.refresh())
        self.table = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["games-list"])

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def seat_name(self, player: int) -> str:
        raise NotImplementedError

    def lay_out(self, form: Any, title: str, collapsed: bool = True) -> None:
        """The card titled ``title`` holding ``form``, then the links, the join row and the games list."""
        self.layout = pn.Column(
            pn.Card(form, title=title, sizing_mode="stretch_width", collapsed=collapsed,
                    css_classes=[f"new-{self.game}-game"]),
            self.links, self.join_row,
            wrapping_row(pn.pane.HTML(f"<h3 style='margin:4px 0'>{self.title} games</h3>"), self.refresh_button),
            self.table, sizing_mode="stretch_width", css_classes=[f"{self.game}-games"])
        self.refresh()

    def seat_link(self, game_id: int, token: str) -> str:
        return seat_link(self.game, game_id, token)

    def join(self) -> str | None:
        """Take the open seat chosen (``join_seat``, ``join_name``); return its token, or None when refused
        (``join_result`` says why). ``my_tokens`` keeps it for this session."""
        choice = self.join_seat.value
        if not choice:
            self.join_result.object = "<div class='seat-links'>Choose an open seat first.</div>"
            return None
        game_id, player = choice
        try:
            token = self.hub.open(game_id).claim(player, self.join_name.value.strip() or None)
        except StoreError as exc:
            self.join_result.object = f"<div class='seat-links'>{html.escape(str(exc))}</div>"
            self.refresh()
            return None
        self.my_tokens.setdefault(game_id, {})[player] = token
        url = self.seat_link(game_id, token)
        play = link_html(url, "Play now", "seat-link tap", attrs=f"data-seat='{player}'")
        self.join_result.object = (
            f"<div class='seat-links' data-game='{game_id}'><b>You play {html.escape(self.seat_name(player))} in "
            f"game {game_id}.</b> {play} · keep this link to come back: "
            f"<code>{html.escape(full_link(url))}</code></div>")
        self.refresh()
        return token

    def refresh(self) -> None:
        """List this game's games and their open seats again."""
        try:
            games = [g for g in self.hub.store.list_games() if g.game_name == self.game]
            forget_replaced_links(self.hub.store, games, self.my_tokens)
        except StoreError as exc:
            self.table.object = f"<p>The games cannot be listed: {html.escape(str(exc))}</p>"
            return
        free = {f"Game {g.id} · {self.seat_name(p)} ({len(g.seats)} players)": (g.id, p)
                for g in games for p in g.free_public_seats}
        set_options(self.join_seat, free)
        self.join_inputs.visible = bool(free)
        self.join_row.visible = bool(free) or bool(self.join_result.object)
        if not games:
            self.table.object = f"<p>No {self.title} games yet: create one above.</p>"
            return
        self.table.object = ("<table class='games-table'><thead><tr><th>#</th><th>Status</th><th>Seats</th>"
                             "<th>Steps</th><th></th></tr></thead><tbody>"
                             + "".join(self._row(g) for g in games) + "</tbody></table>")

    def _row(self, g: Any) -> str:
        from academy.ui.replay import replay_link
        from academy.ui.seat_info import LEFT, seat_label
        seats = ", ".join(html.escape(seat_label(self.seat_name(s.player), s.name)
                                      + ("" if s.kind == "cpu" or s.joined else
                                         " (open seat)" if s.public else " (free)")
                                      + ("" if s.status == "in" else f" ({LEFT.get(s.status, s.status)})"))
                          for s in g.seats)
        links = [link_html(watch_link(self.game, g.id), "Watch", "watch-link tap"),
                 link_html(replay_link(g.id), "Replay", "replay-link tap")]
        for p, t in sorted(self.my_tokens.get(g.id, {}).items()):
            verb = "Resume" if g.seats[p].joined else "Join"
            links.append(link_html(self.seat_link(g.id, t), f"{verb} as {html.escape(self.seat_name(p))}",
                                   "seat-link tap"))
        won = (f" · {html.escape(self.seat_name(g.winner))} won"
               if g.status == "finished" and g.winner is not None else "")
        return (f"<tr data-game='{g.id}'><td>{g.id}</td><td class='status-{g.status}'>{g.status}{won}</td>"
                f"<td>{seats}</td><td>{g.num_actions}</td><td>{' · '.join(links)}</td></tr>")


def forget_replaced_links(store: Any, games: list[Any], my_tokens: dict[int, dict[int, str]]) -> None:
    """Drop from ``my_tokens`` (a games form's seat links of this browser session) each open seat that
    someone else has taken from the games list since: its token was replaced and its old link opens
    nothing any more (issue 13, item 2), so the list must not offer it."""
    by_id = {g.id: g for g in games}
    for game_id, seats in my_tokens.items():
        info = by_id.get(game_id)
        if info is None:
            continue
        for player, token in list(seats.items()):
            seat = info.seats[player]
            if seat.public and seat.joined and store.seat_for_token(game_id, token) != player:
                del seats[player]
