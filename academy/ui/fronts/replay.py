"""Fronts replays, turn by turn: each turn's orders drawn on the map as it stood, then the resolution
(the new map, the battles marked, every event with its why), the battle reports so far and the
seat's messages as they were written.

``FrontsReplay`` (an ``OrdersReplay`` with the ``FrontsView`` its board and panels read; no Panel, not
a play session) reads a record once and keeps its frames:

- frame 0: the start; then for every resolved turn two frames, "the orders" (the map before the
  turn with the orders drawn as arrows) and "resolved" (the map after it, the battles, the events);
- a running game (``masked=True``) is seen as ``viewer`` (a player index or id; None: a spectator)
  saw it: every map is ``state.observation(viewer)`` (the fog: stacks out of sight are never part
  of a frame), the orders and events are those the observation's reports show (the viewer's team's
  orders, the battles it could see); the orders of the turn under way are never shown;
- a finished game, or an imported record: everything, every stack exact, everyone's orders (the
  engine's ``full_observation``).

The board is the Play page's ``FrontsBoard`` (each order drawn in its owner's colour); a click only
says that this is a replay.
"""
from __future__ import annotations

import copy
import html
from typing import Any

import panel as pn
import param

from academy.core.record import Record
from academy.games.fronts.actions import Resolve
from academy.games.fronts.mapdata import load_map
from academy.games.fronts.units import LOSS_ORDER
from academy.games.fronts.view import full_observation
from academy.ui.fit import board_and_side
from academy.ui.orders_replay import OrdersReplay
from academy.ui.replay_parts import GameReplayPage, ReplayChrome
from academy.ui.replay_parts import status_html as replay_status

from .board import FrontsBoard, colour
from .panels import CSS, LEGEND, ReportsPanel, reports_html, swatch
from .view import FrontsView

__all__ = ["FrontsReplay", "FrontsReplayPage", "ReplayFrontsBoard", "fronts_replay_page"]

#: the turn pane's look (the parts every replay page has are in ``replay_parts.STYLE``)
STYLE = """
.turn-orders ul { margin: 2px 0 6px 0; padding-left: 1.2em; }
"""


class FrontsReplay(OrdersReplay, FrontsView):
    """A Fronts record, turn by turn, as ``viewer`` may see it; see the module docstring."""

    secret = "every player's secret orders and stacks"

    order_owners = param.List([], doc="the player id of each order in ``pending`` (for their colours)")
    turn_orders = param.List([], doc="the orders of the turn shown: dicts player, results ([text, outcome]...)")
    turn_events = param.List([], doc="the events of the frame shown (dicts kind, text, why)")

    def __init__(self, record: Record, viewer: int | str | None = None, masked: bool = False, title: str = "",
                 seat_names: list[str] | None = None, chat: list[dict[str, Any]] | None = None,
                 **params: Any) -> None:
        ids = record.game.player_ids
        pid = ids[viewer] if isinstance(viewer, int) else viewer
        super().__init__(record, ids.index(pid) if pid is not None else None, masked, title, seat_names, chat,
                         **params)
        self.fmap = load_map(self.game.map.id)
        self.player = pid
        self.load(self._read(pid))

    def _read(self, pid: str | None) -> list[dict[str, Any]]:
        """The frames (see the module docstring); in a masked replay only observations of ``pid``."""
        def view(st: Any) -> dict[str, Any]:
            return copy.deepcopy(st.observation(pid)) if self.masked else full_observation(st)

        state = self._record.initial_state()
        frames = [{"kind": "start", "turn": state.board.turn, "obs": view(state), "orders": [], "events": [],
                   "step": 0}]
        notes: list[dict[str, Any]] = []
        for i, entry in enumerate(self._record.entries):
            if not isinstance(entry.action, Resolve):
                for e in state.apply(entry.action):
                    if e.kind == "surrender":            # public; an order given is not shown here
                        notes.append({"kind": e.kind, "text": e.text, "data": {}, "why": list(e.why)})
                continue
            turn = state.board.turn
            before = view(state)
            before["last"] = []                          # the map before the turn: no battle marks yet
            state.apply(entry.action)
            after = view(state)
            events = after.get("last") or []
            orders = [{"player": e["data"]["player"], "results": [list(r) for r in e["data"].get("results", [])]}
                      for e in events if e["kind"] == "orders"]
            frames.append({"kind": "orders", "turn": turn, "obs": before, "orders": orders, "events": notes,
                           "step": i})
            frames.append({"kind": "result", "turn": turn, "obs": after, "orders": orders,
                           "events": [e for e in events if e["kind"] != "orders"], "step": i + 1})
            notes = []
        frames[-1]["step"] = len(self._record)    # the last frame: everything so far (the turn under way too)
        return frames

    # --- the frames (OrdersReplay) -------------------------------------------------------------
    def _frame_changes(self, index: int) -> dict[str, Any]:
        """The map of the frame, the orders drawn on it (an orders frame's, each in its owner's colour), the
        turn's orders and events, and the reports of every turn resolved so far."""
        f = self._frames[index]
        texts, owners = [], []
        if f["kind"] == "orders":
            for o in f["orders"]:
                for text, _outcome in o["results"]:
                    texts.append(text)
                    owners.append(o["player"])
        reports = [{"turn": g["turn"], "events": g["events"]} for g in self._frames[1:index + 1]
                   if g["kind"] == "result"]
        return dict(obs=f["obs"], pending=texts, order_owners=owners, turn_orders=list(f["orders"]),
                    turn_events=list(f["events"]), reports=reports)

    def _frame_words(self, index: int) -> str:
        f = self._frames[index]
        return {"start": f"Turn {f['turn']}: the start of the game", "orders": f"Turn {f['turn']}: the orders",
                "result": f"Turn {f['turn']}: resolved"}[f["kind"]]

    def frame_of_step(self, step: int) -> int:
        """The orders frame of the turn that holds entry ``step`` (the map before it, its orders drawn)."""
        return next((i for i, f in enumerate(self._frames) if f["kind"] == "orders" and f["step"] >= step),
                    super().frame_of_step(step))

    @property
    def frame_kind(self) -> str:
        return self._frames[self.index]["kind"]

    @property
    def frame_turn(self) -> int:
        return self._frames[self.index]["turn"]

    # --- a planner ------------------------------------------------------------------------------
    def _true_state(self) -> Any:
        """The game's state at the frame shown, replayed from the record (an orders frame: before them); a
        copy of the one replayed for the frame before, when there is one."""
        step = self._frames[self.index]["step"]
        kept = getattr(self, "_kept", None)
        state = kept[1].clone() if kept is not None and kept[0] <= step else self._record.initial_state()
        for entry in self._record.entries[(kept[0] if kept is not None and kept[0] <= step else 0):step]:
            state.apply(entry.action)
        self._kept = (step, state.clone())
        return state

    def position_state(self) -> Any:
        """The true map at the frame shown, once the game is over (None while it runs: the fog)."""
        return None if self.masked else self._true_state()

    def planner(self) -> Any:
        """A board of your own from the frame shown (a LocalFronts; the game itself never changes).

        The position is the map at that frame (an orders frame: before its orders). In a running game
        it is only what the viewer saw: stacks seen exactly as they were, stacks seen roughly as the
        middle of their size range of their first type (as the odds do), no other player's funds. The
        viewer plays (everyone in a finished game or an imported record); the CPU plays the others.
        """
        from academy.games.fronts.odds import RANGE_MIDDLE
        from .session import LocalFronts
        f = self._frames[self.index]
        board = self._true_state().board.copy()
        if self.masked:
            obs = f["obs"]
            board.stacks = {pl: {} for pl in board.players}
            board.neutral = {}
            for prov, entries in obs.get("stacks", {}).items():
                for e in entries:
                    rough = (e.get("types") or ["infantry"])[0]
                    units = dict(e["units"]) if "units" in e else {rough: RANGE_MIDDLE[e["size"]]}
                    home = board.neutral if e["owner"] == "neutral" else board.stacks.setdefault(e["owner"], {})
                    home[prov] = {k: units.get(k, 0) for k in LOSS_ORDER}
            board.funds = {pl: (obs.get("funds", 0) if pl == self.player else 0) for pl in board.players}
            board.oos = {pl: (dict(v) if pl == self.player else {}) for pl, v in board.oos.items()}
        local = LocalFronts()
        people = [self.player] if self.masked and self.player else list(self.game.player_ids)
        local.start_from(self.game.state_from_board(board), people=people,
                         message=f"Trying orders from turn {f['turn']}: this never changes the game."
                         + (" Stacks you saw only roughly stand at the middle of their size range." if self.masked
                            else ""))
        return local


class ReplayFrontsBoard(FrontsBoard):
    """The Fronts board, with each order drawn in its owner's colour (``session.order_owners``)."""

    def order_colours(self, orders: list[str]) -> list[str]:
        owners = list(getattr(self.session, "order_owners", []) or [])
        if len(owners) != len(orders):
            return super().order_colours(orders)
        return [colour(owner) for owner in owners]


def turn_html(s: FrontsReplay) -> str:
    """The frame's orders (with their outcomes once resolved) and events with their why."""
    kind = s.frame_kind
    if kind == "start":
        return "<span class='academy-muted'>The start of the game: press ▶ to see the first turn's orders.</span>"
    parts = []
    if s.turn_orders:
        for o in s.turn_orders:
            rows = "".join(f"<li>{html.escape(text)}" + (f" <span class='academy-muted'>→ {html.escape(outcome)}"
                                                            "</span>" if kind == "result" else "") + "</li>"
                           for text, outcome in o["results"]) or "<li class='academy-muted'>no orders: every " \
                                                                  "stack holds</li>"
            parts.append(f"<div>{swatch(o['player'])}<b>{html.escape(s.player_name(o['player']))}</b>"
                         f"<ul>{rows}</ul></div>")
    else:
        parts.append("<div class='academy-muted'>No orders you may see this turn.</div>")
    head = "Orders given" if kind == "orders" else "Orders and what became of them"
    body = f"<h4 style='margin:4px 0'>{head}</h4><div class='turn-orders'>{''.join(parts)}</div>"
    if kind == "result":
        body += "<h4 style='margin:4px 0'>The resolution</h4>" + reports_html([{"turn": s.frame_turn,
                                                                                 "events": s.turn_events}])
    elif s.turn_events:
        body += "".join(f"<p>{html.escape(e['text'])}</p>" for e in s.turn_events)
    return body


class FrontsReplayPage(GameReplayPage):
    """The replay page: step buttons, the map, the turn's orders and resolution, reports, messages."""

    replay_class = FrontsReplay

    def __init__(self, session: FrontsReplay, back_link: str = "", embedded: bool = False, **params: Any) -> None:
        super().__init__(session=session, **params)
        s = session
        c = self._use(ReplayChrome(
            s, "Fronts", (("start", s.to_start), ("back", s.back), ("forward", s.forward), ("end", s.to_end)),
            _play_page, "Try orders from here", "fronts-record.json", back_link, embedded))
        bar = c.bar()
        self.board = ReplayFrontsBoard(s)
        self.message = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width",
                                    css_classes=["replay-message"])
        self.turn = pn.pane.HTML("", stylesheets=[CSS, STYLE], sizing_mode="stretch_width",
                                 css_classes=["step-events", "turn-pane"])
        side = pn.Column(self.message, self.turn, self.chat, sizing_mode="stretch_width", margin=0,
                         css_classes=["side-panel", "replay-side"])
        self.layout = pn.Column(
            self.head, bar, c.review_area,
            board_and_side(pn.Column(self.board, pn.pane.HTML(LEGEND, stylesheets=[CSS], sizing_mode="stretch_width"),
                                     sizing_mode="stretch_width", margin=0), side, 430),
            pn.Card(ReportsPanel(s), title="Battle reports, up to the step shown", sizing_mode="stretch_width",
                    css_classes=["reports-card"]),
            self.planner_area, sizing_mode="stretch_width", css_classes=["replay-page", "fronts-replay"])
        self._follow("index", "message")

    def _update(self, *events: Any) -> None:
        s = self.session
        with pn.io.hold():
            self.message.object = replay_status(s.message)
            self.turn.object = turn_html(s)
            self.chrome.refresh()


def _play_page(local: Any) -> Any:
    from .play import FrontsPlayPage
    return FrontsPlayPage(local)


#: the page of a Fronts record (the factory the UI registry names)
fronts_replay_page = FrontsReplayPage.of
