"""Tactics replays, step by step and day by day: the board as it was after each step (read-only), the
step's events with their why (each factor of a damage roll), the story so far, the seat's messages as
they were written, "Try moves from here" (a local board from the step shown, never stored), and a
download of the record once the game is over.

What each viewer may see (the fog of war, tactics.md):

- a finished game or an imported record: every position in full (``masked=False``);
- a running game (``masked=True``): each position is the engine's view state
  (``academy.games.tactics.view.view_state``) of the viewer seat's own ``state.observation(seat)``:
  enemy units out of its sight and enemy funds are never part of a frame, and the events are those
  its fog let through (``view.visible_events``, judged on that view state); a spectator is shown what
  the engine's spectator rule allows (``view.spectator_observation``: under fog, what every side sees).

The live seat pages (shared.py) use the same engine functions.

The board is the Play page's ``TacticsBoard`` on a ``TacticsReplay`` (a ``RecordReplay``, which holds the
frame's view state; not a play session): the step's moves and attacks are drawn as dashed arrows
(``trail``), and a tap only says that this is a replay.
"""
from __future__ import annotations

from typing import Any

import panel as pn

from academy.core.record import Record
from academy.games.tactics.state import TacticsState
from academy.games.tactics.view import spectator_observation, view_state, visible_events
from academy.ui.labels import wrapping_row
from academy.ui.fit import board_and_side
from academy.ui.history import log_lines
from academy.ui.replay_parts import STYLE, GameReplayPage, ReplayChrome, step_events_html
from academy.ui.replay_parts import status_html as replay_status
from academy.ui.replay_model import Frame, Replay
from academy.ui.replay_session import RecordReplay

from .board import TacticsBoard
from .panels import CSS, LEGEND, events_html, status_html, why_html
from .session import TacticsSession, TacticsView
from academy.ui.rule_line import divider

__all__ = ["TacticsRecordReplay", "TacticsReplay", "TacticsReplayPage", "tactics_replay_page", "REFUSAL"]

REFUSAL = "This is a replay: nothing can be played here. Step through it with the buttons above the board."

REPLAY_LEGEND = LEGEND.replace(
    "Tap one of your units, then a blue tile (or the unit again to stay), then an action; tap an enemy ring to see "
    "the odds, tap it again to attack. Tap your empty factory to build.",
    "Here the dashed arrows are the step's moves and attacks.")

# ================================================================================ the record, step by step
class TacticsRecordReplay(Replay):
    """``Replay`` for Tactics: masked frames are the engine's view states of what the viewer is shown
    (``_view``) and their events those the viewer's fog let through (judged on the position after each
    step, as the live page does); ``days`` gives the day after each step."""

    def __init__(self, record: Record, viewer: int | None = None, masked: bool = False) -> None:
        super().__init__(record, viewer=viewer, masked=masked, event_filter=lambda events, who: events)
        state = self._record.initial_state()
        self.days = [state.day]
        self._opening = log_lines(self._shown(state, state.opening(), state.current, 0), 0, state, starts_only=True)
        lines: list[list[dict[str, Any]]] = []
        for i, entry in enumerate(self._record.entries):
            events = state.apply(entry.action)
            lines.append(log_lines(self._shown(state, events, self._owners[i], i + 1), i + 1, state, starts_only=True))
            self.days.append(state.day)
        self._lines = lines

    def _shown(self, state: Any, events: list[Any], mover: int | None, step: int) -> list[Any]:
        if not self.masked:
            return list(events)
        # a seat's events are judged on what it sees (its observation: the true state gives just that, and
        # is cheaper than a view state); a spectator's on the view of what the spectator rule shows
        seen = state if self.viewer is not None else self._view(state, step)
        return visible_events(seen, list(events), mover, self.viewer)

    def _view(self, state: Any, step: int) -> Any:
        """The view state of what the viewer is shown of ``state`` (a spectator: the spectator rule)."""
        seen = state.observation(self.viewer) if self.viewer is not None else spectator_observation(state)
        return view_state(self.game, seen, step)

    def frame(self, step: int) -> Frame:
        step = max(0, min(int(step), len(self)))
        state, events = self._full(step)
        mover = self._owners[step - 1] if step > 0 else None
        if not self.masked:
            return Frame(step, len(self), state.clone(), list(events), mover)
        view = self._view(state, step)
        return Frame(step, len(self), view, visible_events(view, list(events), mover, self.viewer), mover)

    def branch_state(self, step: int, seed: int) -> Any:
        """The true position at ``step`` (finished games and imported records only)."""
        if self.masked:
            raise ValueError("This game is still running: the fog hides the other side, so there is no true "
                             "position to play on from.")
        return super().branch_state(step, seed)

    # --- days --------------------------------------------------------------------------------
    def next_day(self, step: int) -> int:
        """The first step of the next day (or the end)."""
        day = self.days[max(0, min(step, len(self)))]
        return next((i for i in range(step + 1, len(self) + 1) if self.days[i] > day), len(self))

    def previous_day(self, step: int) -> int:
        """The first step of the day shown (or, at its start, of the day before)."""
        step = max(0, min(step, len(self)))
        day = self.days[step]
        start = next(i for i in range(len(self.days)) if self.days[i] == day)
        if start < step:
            return start
        before = self.days[step - 1] if step > 0 else day
        return next((i for i in range(len(self.days)) if self.days[i] == before), 0)


# ================================================================================ the replay
class TacticsReplay(RecordReplay, TacticsView):
    """A Tactics record, step by step, as one viewer may see it; see the module docstring. Read-only: the
    board reads what a play session's board reads (``obs``, the rings, ``trail``), from the frame shown."""

    refusal = REFUSAL

    def __init__(self, record: Record, viewer: int | None = None, masked: bool = False, title: str = "",
                 seat_names: list[str] | None = None, chat: list[dict[str, Any]] | None = None,
                 cpu_delay: float = 0.3, **params: Any) -> None:
        super().__init__(viewer=viewer if masked else None, cpu_delay=cpu_delay, **params)
        self.load(TacticsRecordReplay(record, viewer=viewer, masked=masked), title, seat_names, chat)

    def _frame_changes(self, frame: Frame) -> dict[str, Any]:
        events = list(frame.events)
        trail = [{"from": e.data["frm"], "to": e.data["to"], "owner": frame.mover} for e in events
                 if e.kind == "move" and isinstance(e.data.get("frm"), str) and e.data["frm"] != e.data.get("to")]
        trail += [{"from": e.data["attacker"], "to": e.data["target"], "owner": frame.mover} for e in events
                  if e.kind == "attack" and isinstance(e.data.get("attacker"), str)
                  and isinstance(e.data.get("target"), str)]
        attack = next((e for e in reversed(events) if e.kind == "attack"), None)
        return dict(obs=frame.state.observation(self.viewer), trail=trail,
                    last_attack={"text": attack.text, "why": list(attack.why)} if attack else None)

    # --- days ----------------------------------------------------------------------------------
    def next_day(self) -> None:
        self.go(self.replay.next_day(self.step))

    def previous_day(self) -> None:
        self.go(self.replay.previous_day(self.step))

    def counter_text(self) -> str:
        day = self.replay.days[self.step]
        return f"Step {self.step} of {self.length} · day {day} of {self.replay.days[-1]}"

    def player_name(self, player: int | None, game: Any = None) -> str:
        return super().player_name(player, game) or "Nobody"

    def drag(self, phase: str, where: Any) -> None:
        """A drag on the board: a replay plays nothing (the start of one says so)."""
        if phase == "start":
            self.refuse()

    # --- play from here ------------------------------------------------------------------------
    def _planner_start(self, seed: int | None = None) -> tuple[Any, str]:
        """The true position of a finished game or an imported record; for a running game the position as
        the viewer saw it (the units its fog hid are not there, hidden funds are 0), with new dice."""
        if self.masked:
            return (TacticsState.from_json(self.state.game, self.state.to_json()),     # a plain copy of the view
                    "what you saw at that step (the fog's hidden units are not on it)")
        return super()._planner_start(seed)

    def make_planner(self) -> TacticsSession:
        return TacticsSession(cpu_delay=self.cpu_delay)


# ================================================================================ the page
class TacticsReplayPage(GameReplayPage):
    """The replay page: step, turn and day buttons, the board, this step's events and why, the story so
    far, the seat's messages, the download (finished games), a board to try moves from the step shown.
    ``embedded``: under another page (the local Play page)."""

    replay_class = TacticsReplay

    def __init__(self, session: TacticsReplay, back_link: str = "", embedded: bool = False,
                 **params: Any) -> None:
        super().__init__(session=session, **params)
        s = session
        c = self._use(ReplayChrome(
            s, "Tactics", (("start", s.to_start), ("day-back", s.previous_day), ("turn-back", s.previous_turn),
                           ("back", s.back), ("forward", s.forward), ("turn-forward", s.next_turn),
                           ("day-forward", s.next_day), ("end", s.to_end)),
            _play_page, "Try moves from here", "tactics-record.json", back_link, embedded,
            note="The record can be downloaded once the game is over: while it runs, it holds what the fog hides.",
            labels={"turn-back": "◀ turn", "turn-forward": "turn ▶"}))
        bar = c.bar(tools=False)
        self.board = TacticsBoard(s)
        self.status = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["tactics-status"])
        self.message = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width",
                                    css_classes=["replay-message"])
        self.step_pane = pn.pane.HTML("", stylesheets=[CSS, STYLE], sizing_mode="stretch_width",
                                      css_classes=["step-events"])
        self.why = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["attack-why"])
        self.log = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["replay-log"])
        side = pn.Column(self.status, self.message, pn.pane.HTML("<h4 style='margin:4px 0'>This step</h4>"),
                         self.step_pane, self.why, self.chat, divider(), self.log,
                         sizing_mode="stretch_width", margin=0, css_classes=["side-panel", "replay-side"])
        width = max(520, int(self.board.figure.width or 0))
        self.layout = pn.Column(
            self.head, bar, c.review_area,
            board_and_side(pn.Column(self.board, pn.pane.HTML(REPLAY_LEGEND, stylesheets=[CSS],
                                                              sizing_mode="stretch_width", max_width=width),
                                     sizing_mode="stretch_width", margin=0), side, 430),
            wrapping_row(*c.tools(), margin=(4, 0), css_classes=["replay-tools"]),
            self.planner_area, sizing_mode="stretch_width", css_classes=["replay-page", "tactics-replay"])
        self._follow("state", "step", "message", "step_events")

    def _update(self, *events: Any) -> None:
        s = self.session
        with pn.io.hold():
            self.status.object = status_html(s)
            self.message.object = replay_status(s.message)
            self.step_pane.object = step_events_html(s.step_events, "muted")
            self.why.object = why_html(s.last_attack) if any(e.kind == "attack" for e in s.step_events) else ""
            self.log.object = events_html(s.log, count=40) or "<span class='muted'>Nothing yet.</span>"
            self.chrome.refresh()


def _play_page(local: Any) -> Any:
    from .play import TacticsPlayPage
    return TacticsPlayPage(local)


#: the page of a Tactics record (the factory the UI registry names)
tactics_replay_page = TacticsReplayPage.of
