"""The Games page (``?page=games``) and the page of a shared game opened by its link.

``GamesDashboard``: create a Conquest game (players, each seat a person or a CPU level, set-up,
fortification); after creating, each human seat's private link
(``?game=conquest&tab=play&match=<id>&seat=<token>``) is shown to copy and hand out; lists the
open, running and finished games with a Watch link for each (and Play links for the seats whose
tokens this browser session created: tokens are stored only as hashes, so nobody else can list them).

``SharedPlayPage``: the Conquest board, controls, odds panel, players and event log for one seat
of a shared game (or a spectator), on a ``SharedSession``; for a seat also the messages panel
(``academy.ui.messages_view.MessagesView``) and a Resign button that asks for confirmation first.

Every session uses the one process-wide hub ``academy.ui.live_session.shared_hub()`` (shared
mutable game state by design: that is how a move reaches every browser); the database is
``ACADEMY_DB`` or the Academy's data folder.
"""
from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import panel as pn
import param

from academy.core.rng import new_seed
from academy.games.conquest.game import OPTIONS, PLAYER_NAMES
from academy.games.conquest.mapdata import available_maps
from academy.store.errors import StoreError
from academy.ui.defer import later
from academy.ui.leave_view import LeaveView
from academy.ui.live_session import SharedSession, shared_hub
from academy.ui.labels import hidden_label, wrapping_row
from academy.ui.page_errors import alert_page, game_number
from academy.ui.registry import UI, part
from academy.ui.seat_info import seat_info_pane
from academy.ui.session import CPU_LEVELS, HUMAN
from academy.ui.rule_line import divider

__all__ = ["GamesDashboard", "SharedPlayPage", "forget_replaced_links", "seat_link", "watch_link", "shared_game_page"]

OPEN_SEAT = "open"
SEAT_OPTIONS = {"Human (by link)": HUMAN, "Open seat (anyone may join)": OPEN_SEAT,
                **{f"CPU {level}": level for level in CPU_LEVELS}}
CLOCK_OPTIONS = {"No clock": "",        # a string: a Select shows no label for None
                 "Live: 2 min per turn": {"mode": "live", "seconds": 120},
                 "Live: 5 min per turn": {"mode": "live", "seconds": 300},
                 "Daily: 1 day per move": {"mode": "daily", "seconds": 86400},
                 "Daily: 3 days per move": {"mode": "daily", "seconds": 3 * 86400}}
SETUP_LABELS = {"random": "Random (quick)", "deal": "Dealt cards", "claim": "Claim in turn"}
FORTIFY_LABELS = {"connected": "Connected path", "adjacent": "Adjacent only"}
STYLE = """
.games-table { border-collapse: collapse; width: 100%; font-size: 14px; }
.games-table td, .games-table th { border-bottom: 1px solid #e1e4e8; padding: 5px 8px; text-align: left; }
.seat-links { background: #eef5fb; border-radius: 10px; padding: 10px 14px; }
.seat-links code { user-select: all; background: #fff; padding: 2px 4px; border-radius: 4px; }
.status-open { color: #1a7f37; } .status-running { color: #2f5d8a; } .status-finished { color: #6e7781; }
"""


def watch_link(game_id: int) -> str:
    return f"?game=conquest&tab=play&match={int(game_id)}"


def seat_link(game_id: int, token: str) -> str:
    return f"{watch_link(game_id)}&seat={quote(token, safe='')}"


def _base_url() -> str:
    """The page's own address (for links to copy), or '' outside a server."""
    loc = pn.state.location
    if loc is None or not getattr(loc, "origin", None):
        return ""
    return f"{loc.origin}{loc.pathname or '/'}"


def created_links_html(title: str, game_id: int, tokens: dict[int, str], seat_name: Callable[[int], str],
                       link: Callable[[int, str], str], watch: str) -> str:
    """The private link of each person's seat of a new game, to copy and hand out, and the watch link."""
    base = _base_url()
    rows = "".join(
        f"<li><b>{html.escape(seat_name(p))}</b>: <a href='{html.escape(link(game_id, t))}' target='_blank' "
        f"class='seat-link' data-seat='{p}'>play {html.escape(seat_name(p))}</a> · copy: "
        f"<code>{html.escape(base + link(game_id, t))}</code></li>" for p, t in sorted(tokens.items()))
    return (f"<div class='seat-links' data-game='{game_id}'><b>{html.escape(title)} {game_id} created.</b> "
            "Send each person their own link (it is their seat's key; keep it private):"
            f"<ul>{rows}</ul>Anyone can <a href='{watch}' target='_blank'>watch</a>.</div>")


def join_chosen_seat(form: Any, seat_name: Callable[[int], str], link: Callable[[int, str], str]) -> str | None:
    """Take the open seat chosen on a games form (``join_seat``, ``join_name``); return its token, or
    None when refused (``join_result`` says why). The form's ``my_tokens`` keeps it for this session."""
    choice = form.join_seat.value
    if not choice:
        form.join_result.object = "<div class='seat-links'>Choose a free seat first.</div>"
        return None
    game_id, player = choice
    try:
        token = form.hub.open(game_id).claim(player, form.join_name.value.strip() or None)
    except StoreError as exc:
        form.join_result.object = f"<div class='seat-links'>{html.escape(str(exc))}</div>"
        form.refresh()
        return None
    form.my_tokens.setdefault(game_id, {})[player] = token
    url = link(game_id, token)
    form.join_result.object = (
        f"<div class='seat-links' data-game='{game_id}'><b>You play {html.escape(seat_name(player))} in game "
        f"{game_id}.</b> <a href='{html.escape(url)}' class='seat-link' data-seat='{player}'>Play now</a> · "
        f"keep this link to come back: <code>{html.escape(_base_url() + url)}</code></div>")
    form.refresh()
    return token


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


class GamesDashboard(pn.viewable.Viewer):
    """Create shared games, copy the seats' links, list games; see the module docstring."""

    def __init__(self, hub: Any = None, **params: Any) -> None:
        super().__init__(**params)
        self.hub = hub or shared_hub()
        self.my_tokens: dict[int, dict[int, str]] = {}    # this session's created games: id -> seat -> token
        self.players = pn.widgets.RadioButtonGroup(options=[2, 3, 4, 5, 6], value=2, color="primary",
                                                   variant="outline", css_classes=["dash-players"])
        self.seats = [pn.widgets.Select(label=name, options=SEAT_OPTIONS, value=HUMAN if i < 2 else "normal",
                                        width=130, css_classes=["dash-seat", f"dash-seat-{i}"])
                      for i, name in enumerate(PLAYER_NAMES)]
        self.setup = pn.widgets.RadioButtonGroup(options={SETUP_LABELS[k]: k for k in OPTIONS["setup"]},
                                                 value="random", color="primary", variant="outline",
                                                 css_classes=["dash-setup"])
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
        self.replays = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width",
                                    css_classes=["other-replays"])
        self.players.param.watch(lambda e: self._show_seats(), "value")
        self._show_seats()
        label = lambda text: pn.pane.HTML(f"<b>{text}</b>", margin=(8, 5, 0, 5))  # noqa: E731
        form = pn.Column(label("Players"), self.players, label("Who plays each colour"),
                         wrapping_row(*self.seats),
                         pn.pane.HTML("<span>Each person gets a private link to their own seat; "
                                      "they see only their own cards.</span>"),
                         label("Map"), self.map, label("Set-up"), self.setup, label("Fortification"),
                         self.fortify, label("Clock"), self.clock,
                         pn.pane.HTML("<span>Live: whoever runs out of time is out. Daily: once a player's time "
                                      "has run out, an opponent may claim the win.</span>"), self.create_button,
                         css_classes=["create-form"], sizing_mode="stretch_width")
        self.layout = pn.Column(
            pn.pane.HTML("<h2 style='margin:4px 0'>Games</h2>"),
            pn.Card(form, title="New Conquest game", sizing_mode="stretch_width", css_classes=["new-shared-game"]),
            self.links, self.join_row,
            *self._game_forms(),
            pn.Row(pn.pane.HTML("<h3 style='margin:4px 0'>All games</h3>"), self.refresh_button,
                   pn.pane.HTML("<a href='?page=replay' class='import-link'>Replay a saved record (JSON)</a>",
                                margin=(12, 10))),
            self.table, self.replays, sizing_mode="stretch_width", css_classes=["games-dashboard"])
        self.refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def _game_forms(self) -> list[pn.viewable.Viewable]:
        """Each other game's card (its new-game form and games list), in the registry's order."""
        self.forms = {game: form(self.hub) for game in UI if (form := part(game, "games_form")) is not None}
        return list(self.forms.values())

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
        self.replays.object = other_replays_html(games)
        free = {f"Game {g.id} · seat {PLAYER_NAMES[p]} ({len(g.seats)} players)": (g.id, p)
                for g in games if g.game_name == "conquest" for p in g.free_public_seats}
        self.join_seat.options = free
        self.join_row.visible = bool(free) or bool(self.join_result.object)
        if not games:
            self.table.object = "<p>No games yet: create one above.</p>"
            return
        rows = []
        for g in games:
            if g.game_name != "conquest":
                continue
            seats = ", ".join(html.escape(f"{s.name or PLAYER_NAMES[s.player]}"
                                          + ("" if s.kind == "cpu" or s.joined else
                                             " (open seat)" if s.public else " (free)")
                                          + ("" if s.status == "in" else f" ({s.status})")) for s in g.seats)
            links = [f"<a href='{watch_link(g.id)}' class='watch-link'>Watch</a>",
                     f"<a href='?match={int(g.id)}&replay=1' class='replay-link'>Replay</a>"]
            for p, t in sorted(self.my_tokens.get(g.id, {}).items()):
                verb = "Resume" if g.seats[p].joined else "Join"
                links.append(f"<a href='{html.escape(seat_link(g.id, t))}' class='seat-link'>"
                             f"{verb} as {PLAYER_NAMES[p]}</a>")
            winner = f" · {PLAYER_NAMES[g.winner]} won" if g.status == "finished" and g.winner is not None else ""
            rows.append(f"<tr data-game='{g.id}'><td>{g.id}</td><td class='status-{g.status}'>{g.status}{winner}</td>"
                        f"<td>{seats}</td><td>{g.num_actions}</td><td>{' · '.join(links)}</td></tr>")
        self.table.object = ("<table class='games-table'><thead><tr><th>#</th><th>Status</th><th>Seats</th>"
                             "<th>Steps</th><th></th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>")


def other_replays_html(games: list[Any]) -> str:
    """The finished games of the other courses (Diplomacy, Game of War, Fronts), each with its Replay link."""
    from academy.games import REGISTRY
    from academy.ui.replay import REPLAY_PAGES, replay_link
    done = [g for g in games if g.status == "finished" and g.game_name != "conquest" and g.game_name in REPLAY_PAGES]
    if not done:
        return ""
    rows = []
    for g in done:
        title = getattr(REGISTRY.get(g.game_name), "title", g.game_name)
        seats = ", ".join(html.escape(s.name or f"Player {s.player + 1}") for s in g.seats)
        rows.append(f"<tr data-game='{g.id}'><td>{g.id}</td><td>{html.escape(title)}</td><td>{seats}</td>"
                    f"<td>{g.num_actions}</td><td><a href='{html.escape(replay_link(g.id))}' class='replay-link'>"
                    "Replay</a></td></tr>")
    return ("<h3 style='margin:8px 0 4px 0'>Finished games of the other courses</h3><table class='games-table'>"
            "<thead><tr><th>#</th><th>Game</th><th>Seats</th><th>Steps</th><th></th></tr></thead><tbody>"
            + "".join(rows) + "</tbody></table>")


class SharedPlayPage(pn.viewable.Viewer):
    """A shared Conquest game for one seat (or a spectator): board, controls, odds, players, log."""

    session = param.Parameter()

    def __init__(self, session: SharedSession, **params: Any) -> None:
        super().__init__(session=session, **params)
        from academy.ui.conquest.banner import PhaseBanner, players_html
        from academy.ui.conquest.board import ConquestBoard
        from academy.ui.conquest.controls import PhaseControls
        from academy.ui.conquest.keyboard import ActionPicker
        from academy.ui.conquest.log_view import EventLog
        from academy.ui.conquest.odds_panel import OddsPanel
        from academy.ui.conquest.style import CSS
        self._players_html, self._css = players_html, CSS
        s = session
        self.seat_info = seat_info_pane("Game", s.game.game_id,
                                        None if s.spectator else s.engine_game.player_name(s.player), s.token)
        self.banner = PhaseBanner(s)
        self.message = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["game-message"])
        self.board = ConquestBoard(s)
        self.players = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["players"])
        from academy.ui.messages_view import MessagesView
        self.messages = MessagesView(s)
        self.leave = LeaveView(s)
        self.clock = pn.pane.HTML("", sizing_mode="stretch_width", css_classes=["game-clock"])
        self.claim_button = pn.widgets.Button(label="Claim the win", color="warning", width=140, visible=False,
                                              css_classes=["claim-win"])
        self.claim_button.on_click(lambda e: self.claim_win())
        timing = pn.Column(self.clock, self.claim_button, margin=0, sizing_mode="stretch_width",
                           css_classes=["clock-panel"])
        side = pn.Column(self.message, timing, PhaseControls(s), divider(), OddsPanel(s), divider(),
                         self.players, self.leave, divider(), self.messages,
                         width=390, margin=(0, 0, 0, 12), css_classes=["side-panel"])
        self.layout = pn.Column(
            self.seat_info, self.banner,
            pn.Row(self.board, side, sizing_mode="stretch_width", margin=0),
            pn.Row(
                pn.Column(pn.pane.HTML("<h3 style='margin:4px 0'>Play with the keyboard</h3>"),
                          self._picker(ActionPicker(s)), sizing_mode="stretch_width", margin=(0, 12, 0, 0)),
                pn.Column(pn.pane.HTML("<h3 style='margin:4px 0'>What happened</h3>"), EventLog(s),
                          sizing_mode="stretch_width"),
                sizing_mode="stretch_width", margin=0),
            sizing_mode="stretch_width", css_classes=["conquest-play", "shared-play"])
        s.param.watch(later(self._update), ["state", "message", "seats", "status", "seat_status", "winner",
                                            "deadline", "clock"])
        self._update()
        if s.clock is not None and pn.state.curdoc is not None and pn.state.curdoc.session_context is not None:
            # the time left counts down on the page; a cheap text update once a second
            self._ticker = pn.state.add_periodic_callback(self.tick, period=1000)

    def tick(self) -> None:
        """Refresh the clock line and the claim button (every second while a clock runs)."""
        s = self.session
        text = s.clock_text()
        obj = f"<div class='academy-clock' role='timer'>{html.escape(text)}</div>" if text else ""
        if obj != self.clock.object:
            self.clock.object = obj
        claim = s.can_claim_win()
        if claim != self.claim_button.visible:
            self.claim_button.visible = claim

    def claim_win(self) -> bool:
        ok = self.session.claim_win()
        self._update()
        self.leave.update()
        return ok

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def _picker(self, picker: Any) -> Any:
        self.picker = picker
        return picker

    def _update(self, *events: Any) -> None:
        s = self.session
        with pn.io.hold():
            text = s.message
            obj = (f'<div class="academy-message" role="status" aria-live="polite">{html.escape(text)}</div>'
                   if text else "")
            if self.message.object != obj:
                self.message.object = obj
            players = self._players_html(s)
            if players != self.players.object:
                self.players.object = players
            self.tick()


def conquest_shared_page(game: Any, seat: str | None = None) -> pn.viewable.Viewable:
    """A shared Conquest game's seat (or watch) page."""
    return SharedPlayPage(SharedSession(game, seat or None))


def shared_game_page(match: str, seat: str | None = None, hub: Any = None) -> pn.viewable.Viewable:
    """The page a seat's (or a watcher's) link opens; a clear message for a bad game id or token."""
    hub = hub or shared_hub()
    try:
        game = hub.open(game_number(match))
        return part(game.info.game_name, "shared")(game, seat or None)   # the stored game's page, whatever the link says
    except (ValueError, StoreError) as exc:
        return alert_page(str(exc), "shared-error")
