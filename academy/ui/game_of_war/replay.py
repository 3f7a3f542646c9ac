"""Game of War replays, move by move: the board as it was after each step (read-only), the step's
events with their why (an attack's every contribution, the totals and the margin), the story so far,
the seat's messages as they were written, and "Try moves from here".

``GameOfWarReplay`` (a ``RecordReplay``, no Panel: it holds the frame's view state and is not a play
session) steps through a record with ``academy.ui.replay_model.Replay``:

- a finished game or an imported record: every position in full;
- a running game (``masked=True``): each position is the engine's view state of
  ``state.observation(viewer)`` only (``Game.view_state``), so during a free deployment the other
  side's units are never part of a frame (a spectator sees neither side's) and the other side's
  deployment events say only that a unit was placed (``visible_events``).

The board is the Play page's ``GameOfWarBoard`` on this replay: the step's moves are drawn as
arrows (``trail``), an attack rings its attacker and target, and a tap only says that this is a
replay.
"""
from __future__ import annotations

import html
from typing import Any

import panel as pn
import param

from academy.core.protocol import Event
from academy.core.record import Record
from academy.games.game_of_war.state import told_to
from academy.ui.fit import board_and_side
from academy.ui.replay_parts import STYLE, GameReplayPage, ReplayChrome, step_events_html
from academy.ui.replay_parts import status_html as replay_status
from academy.ui.replay_model import Frame, Replay
from academy.ui.replay_session import RecordReplay

from .board import GameOfWarBoard
from .play import CSS, LEGEND, status_html
from academy.ui.rule_line import divider

#: the Play page's legend, with the replay's own last line (nothing here is tapped to play)
REPLAY_LEGEND = LEGEND.replace("Tap one of your units, then a green square to move, or an enemy ring to aim (tap it "
                               "again to attack).", "Here the dashed arrows are the step's moves; an attack rings "
                               "its attacker (yellow) and its target.")
from .session import GameOfWarSession, GameOfWarView

__all__ = ["GameOfWarReplay", "GameOfWarReplayPage", "game_of_war_replay_page", "visible_events"]


def visible_events(events: list[Event], viewer: int | None) -> list[Event]:
    """The events as ``viewer`` may see them: the engine's rule (``game_of_war.state.told_to``)."""
    return told_to(events, viewer)


class GameOfWarReplay(RecordReplay, GameOfWarView):
    """A Game of War record, step by step, as ``viewer`` may see it; see the module docstring. Read-only:
    the board reads what a play session's board reads (``board_position()``, the rings, ``trail``)."""

    thinking = param.Boolean(False, doc="(nobody thinks in a replay)")

    def __init__(self, record: Record, viewer: int | None = None, masked: bool = False, title: str = "",
                 seat_names: list[str] | None = None, chat: list[dict[str, Any]] | None = None,
                 cpu_delay: float = 0.35, **params: Any) -> None:
        super().__init__(cpu_delay=cpu_delay, **params)
        self.load(Replay(record, viewer=viewer, masked=masked, event_filter=visible_events), title, seat_names,
                  chat)

    @property
    def viewer(self) -> int | None:
        """The seat shown (the messages' reader)."""
        return self.seat

    def _frame_changes(self, frame: Frame) -> dict[str, Any]:
        pos = frame.state.position
        trail, selected, target = [], None, None
        for e in frame.events:
            if e.kind in ("move", "retreat"):
                unit = e.data.get("unit")
                side = pos.unit(unit).side if pos.has_unit(unit) else None
                trail.append({"side": side, "from": tuple(e.data["from"]), "to": tuple(e.data["to"])})
            elif e.kind == "attack":
                selected = e.data["unit"] if pos.has_unit(e.data["unit"]) else None
                target = e.data["target"] if pos.has_unit(e.data["target"]) else None
        return dict(trail=trail, selected=selected, destinations=[], targets=[target] if target else [],
                    target=target, preview=None)

    def board_position(self) -> Any:
        """The frame's position as the replay shows it (already hidden for its viewer while running)."""
        return self.state.position if self.state is not None else None

    def counter_text(self) -> str:
        turn = getattr(self.state, "turn", 0) if self.state is not None else 0
        return f"Step {self.step} of {self.length} · turn {turn}"

    def show_network(self, side: str | None) -> None:
        self.param.update(network_side=side)

    # --- play from here ------------------------------------------------------------------------
    def _planner_start(self, seed: int | None = None) -> tuple[Any, str]:
        """For a running game the position shown (refused while the armies are deployed in secret)."""
        if not self.masked:
            return super()._planner_start(seed)
        shown = self.replay.frame(self.step).state
        if shown.phase == "deploy":
            raise ValueError("The armies are still being deployed in secret: there is no position to "
                             "play on from yet.")
        return shown.clone(), "the position as you saw it"

    def make_planner(self) -> GameOfWarSession:
        return GameOfWarSession(cpu_delay=self.cpu_delay)


def _status_html(s: GameOfWarReplay) -> str:
    state = s.state
    if state is None:
        return ""
    if not state.is_terminal() and state.to_move() is None:        # a chance step: who starts is drawn
        what = "The armies are deployed" if state.phase == "first" else "The game is set up"
        return f"<div class='gow-banner'>{what}<div class='sub'>Who plays first is drawn next.</div></div>"
    return status_html(s)


def _log_html(log: list[dict[str, Any]], count: int = 40) -> str:
    if not log:
        return "<span class='muted'>Nothing yet.</span>"
    rows = [f"<p style='margin:2px 0'><span class='muted'>{int(e['step'])}.</span> {html.escape(e['text'])}</p>"
            for e in reversed(log[-count:])]
    return "<div class='events'>" + "".join(rows) + "</div>"


class GameOfWarReplayPage(GameReplayPage):
    """The replay page: step buttons, the board, this step's events and why, the story, messages,
    download, and a board to try moves from the step shown. ``embedded``: under a Play page."""

    replay_class = GameOfWarReplay

    def __init__(self, session: GameOfWarReplay, back_link: str = "", embedded: bool = False,
                 **params: Any) -> None:
        super().__init__(session=session, **params)
        s = session
        c = self._use(ReplayChrome(
            s, "Game of War", (("start", s.to_start), ("turn-back", s.previous_turn), ("back", s.back),
                               ("forward", s.forward), ("turn-forward", s.next_turn), ("end", s.to_end)),
            _play_page, "Try moves from here", "game_of_war-record.json", back_link, embedded))
        bar = c.bar()
        self.board = GameOfWarBoard(s)
        self.status = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["gow-status"])
        self.message = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width",
                                    css_classes=["replay-message"])
        self.step_pane = pn.pane.HTML("", stylesheets=[CSS, STYLE], sizing_mode="stretch_width",
                                      css_classes=["step-events"])
        self.lines = pn.widgets.RadioButtonGroup(color="primary",
                                                 variant="outline", options={"No lines": "", "North's lines": "north",
                                                          "South's lines": "south"}, value="",
                                                 css_classes=["network-choice"])
        self.lines.param.watch(lambda e: s.show_network(e.new or None), "value")
        self.log = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["replay-log"])
        side = pn.Column(self.status, self.message, pn.pane.HTML("<h4 style='margin:4px 0'>This step</h4>"),
                         self.step_pane, pn.pane.HTML("<b>Lines of communication</b>", stylesheets=[CSS]),
                         self.lines, self.chat, divider(),
                         pn.pane.HTML("<h4 style='margin:4px 0'>What happened so far (newest first)</h4>"),
                         self.log, sizing_mode="stretch_width", margin=0, css_classes=["side-panel", "replay-side"])
        self.layout = pn.Column(
            self.head, bar, self.review_area,
            board_and_side(pn.Column(self.board, pn.pane.HTML(REPLAY_LEGEND, stylesheets=[CSS],
                                                              sizing_mode="stretch_width", max_width=890),
                                     sizing_mode="stretch_width", margin=0), side, 400),
            self.planner_area, sizing_mode="stretch_width", css_classes=["replay-page", "game-of-war-replay"])
        self._follow("state", "step", "message", "step_events")

    def _update(self, *events: Any) -> None:
        s = self.session
        with pn.io.hold():
            self.status.object = _status_html(s)
            self.message.object = replay_status(s.message)
            self.step_pane.object = step_events_html(s.step_events, "muted")
            self.log.object = _log_html(s.log)
            self.chrome.refresh()


def _play_page(local: Any) -> Any:
    from .play import GameOfWarPlayPage
    return GameOfWarPlayPage(local)


#: the page of a Game of War record (the factory the UI registry names)
game_of_war_replay_page = GameOfWarReplayPage.of
