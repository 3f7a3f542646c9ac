"""Conquest replays, move by move and turn by turn: the board as it was after each step (read-only), the
step's events with their why, the odds the attacker faced in the attack replayed and its dice, the
players and the hands the viewer may see, the story so far, the seat's messages as they were written,
"Try moves from here" (a local board from the step shown, never stored), and the record's download
once the game is over.

``ConquestReplay`` (a ``RecordReplay``, no Panel: it holds the frame's view state and is not a play
session) steps through a record with ``academy.ui.replay_model.Replay``:

- a finished game or an imported record: every position in full, every hand;
- a running game (``masked=True``, its record holds the hidden cards and the seed): each position is
  the engine's view state of the viewer seat's own observation (a spectator: no hand at all), the
  events are filtered, and the record is neither shown nor offered for download; its planner plays on
  from a copy whose hidden cards are resampled from what the seat may know, with new dice.

It has the board's clicks (``BoardClicks``) only so that the Conquest board, banner and tables read it as they read a game;
every tap is refused. ``ConquestReplayPage`` lays it out on the shared ``ReplayChrome`` (with a slider
between the step buttons).
"""
from __future__ import annotations

from typing import Any

import panel as pn
import param

from academy.core.record import Record
from academy.ui.fit import board_and_side
from academy.ui.replay_model import Frame, Replay
from academy.ui.replay_parts import STYLE, GameReplayPage, ReplayChrome, status_html, step_events_html
from academy.ui.replay_session import RecordReplay
from academy.ui.rule_line import divider

from .banner import PhaseBanner, players_html
from .board import ConquestBoard
from .clicks import BoardClicks
from .controls import hand_html
from .log_view import EventLog
from .odds_panel import OddsPanel, attack_html
from .session import ConquestSession
from .style import CSS

__all__ = ["ConquestReplay", "ConquestReplayPage", "PlannerSession", "conquest_replay_page", "RUNNING_NOTE"]

RUNNING_NOTE = ("The record can be downloaded once the game is over: while it runs, it holds the dice seed and "
                "every player's hidden cards.")


class ConquestReplay(RecordReplay, BoardClicks):
    """A Conquest record replayed for one viewer; see the module docstring."""

    planner_note = "A board of your own from step {step}, {how}: play every side; nothing here changes the game."

    attack = param.Parameter(None, doc="(state, src, dst, dice): the attack being replayed, as the attacker faced it")

    _publish = BoardClicks._publish      # the board's highlights are worked out as for a game (none here)

    def __init__(self, record: Record, viewer: int | None = None, masked: bool = False, title: str = "",
                 seat_names: list[str] | None = None, chat: list[dict[str, Any]] | None = None,
                 cpu_delay: float = 0.4, **params: Any) -> None:
        super().__init__(cpu_delay=cpu_delay, **params)
        self.load(Replay(record, viewer=viewer, masked=masked), title, seat_names, chat)

    @property
    def viewer(self) -> int | None:
        """Whose cards are shown: the viewer seat (a masked replay), else the player to move."""
        if self.masked or self.seat is not None:
            return self.seat
        return getattr(self.state, "current", None) if self.state is not None else None

    def _frame_changes(self, frame: Frame) -> dict[str, Any]:
        rolled = frame.step > 0 and any(e.kind == "roll" for e in frame.events)
        before = self.replay.frame(frame.step - 1) if rolled else None       # the attack the dice decided
        attack, sel, tgt = self._attack(frame, before)
        return dict(attack=attack, selected=sel, target=tgt)

    @staticmethod
    def _attack(frame: Frame, before: Frame | None) -> tuple[Any, str | None, str | None]:
        """The attack this step shows (declared, or rolled) as the attacker faced it, and its two territories."""
        battle = getattr(frame.state, "battle", None)
        if battle:                                   # an attack just declared: the dice are next
            return (frame.state, battle["src"], battle["dst"], battle["dice"]), battle["src"], battle["dst"]
        prior = getattr(before.state, "battle", None) if before is not None else None
        if prior and any(e.kind == "roll" for e in frame.events):   # the roll of that attack
            return (before.state, prior["src"], prior["dst"], prior["dice"]), prior["src"], prior["dst"]
        return None, None, None

    def _input_blocked(self) -> bool:
        """No highlights: nothing is played on a replay's board (BoardClicks)."""
        return True

    # --- play from here (RecordReplay.planner) -------------------------------------------------
    def _planner_start(self, seed: int | None = None) -> tuple[Any, str]:
        how = ("the hidden cards a random guess from what you knew, the dice new" if self.masked
               else "the real position")
        return self.branch_state(seed), how

    def make_planner(self) -> PlannerSession:
        return PlannerSession(cpu_delay=self.cpu_delay)


class PlannerSession(ConquestSession):
    """A local game for one person planning every side's moves from a replay (never stored): no
    pass-the-screen cover between turns, as its cards are the real ones of a finished game or a random
    guess for a running one."""

    @property
    def cards_hidden(self) -> bool:
        return False


# ================================================================================ the page
class ReplayOdds(OddsPanel):
    """The odds the attacker faced in the attack being replayed (else the reinforcements), and the dice of the
    step with their why."""

    css_names = ("replay-odds-panel", "replay-odds", "replay-dice")

    def body_html(self) -> str:
        m = self.model
        if m.state is None or m.attack is None:
            return super().body_html()
        faced, src, dst, dice = m.attack
        return ("<div class='academy-muted'>What the attacker faced when choosing this attack:</div>"
                + attack_html(faced, src, dst, dice))


def hands_html(s: ConquestReplay) -> str:
    """The hands the viewer may see: a running game's seat its own (a spectator none), else every hand."""
    state = s.state
    if state is None or not getattr(state, "turn", 0):
        return ""
    if s.masked:
        return hand_html(state, s.viewer) if s.viewer is not None else \
            "<div class='academy-muted'>Watching: the players' cards stay hidden until the game is over.</div>"
    return "".join(hand_html(state, p) for p in range(state.game.num_players))


class ConquestReplayPage(GameReplayPage):
    """The replay page: the step bar (turn buttons and a slider), the board, this step's events, odds and
    dice, the players and hands, the story, the seat's messages, the download and a board to try moves
    from the step shown. ``embedded``: under the local Play page (no links to other pages)."""

    replay_class = ConquestReplay

    def __init__(self, session: ConquestReplay, back_link: str = "", embedded: bool = False,
                 **params: Any) -> None:
        super().__init__(session=session, **params)
        s = session
        c = self._use(ReplayChrome(
            s, "Conquest", (("start", s.to_start), ("turn-back", s.previous_turn), ("back", s.back),
                            ("forward", s.forward), ("turn-forward", s.next_turn), ("end", s.to_end)),
            _play_page, "Try moves from here", "conquest-record.json", back_link, embedded, note=RUNNING_NOTE))
        self.slider = c.slider
        self.banner = PhaseBanner(s, compact=True)
        self.board = ConquestBoard(s, height=500)
        self.message = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["replay-message"])
        self.step_pane = pn.pane.HTML("", stylesheets=[CSS, STYLE], sizing_mode="stretch_width",
                                      css_classes=["step-events"])
        self.players = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["replay-players"])
        self.hands = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["replay-hands"])
        self.odds = ReplayOdds(s)
        side = pn.Column(self.message, pn.pane.HTML("<h4 style='margin:4px 0'>This step</h4>"), self.step_pane,
                         self.odds, divider(), self.players, self.hands, self.chat,
                         sizing_mode="stretch_width", margin=0, css_classes=["side-panel", "replay-side"])
        self.layout = pn.Column(
            self.head, c.bar(), c.review_area, self.banner,
            board_and_side(self.board, side, 390),
            pn.Column(pn.pane.HTML("<h3 style='margin:4px 0'>What happened so far</h3>"), EventLog(s),
                      sizing_mode="stretch_width"),
            self.planner_area, sizing_mode="stretch_width", css_classes=["replay-page", "conquest-replay"])
        self._follow("state", "step", "message", "step_events")

    def _update(self, *events: Any) -> None:
        s = self.session
        with pn.io.hold():
            self.message.object = status_html(s.message)
            self.step_pane.object = step_events_html(s.step_events)
            players = players_html(s)
            if players != self.players.object:
                self.players.object = players
            self.hands.object = hands_html(s)
            self.chrome.refresh()


def _play_page(local: Any) -> Any:
    from .play import PlayPage
    return PlayPage(session=local)


#: the page of a Conquest record (the factory the UI registry names)
conquest_replay_page = ConquestReplayPage.of
