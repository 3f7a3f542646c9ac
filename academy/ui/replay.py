"""Replays: watch a game move by move or turn by turn, try moves from any point, download and import records.

``ReplaySession`` is a ``BoardModel`` (the Conquest board, banner, players table and event log work
with it unchanged) over a Panel-free ``Replay`` (academy/ui/replay_model.py):

- step to the start / back / forward / end, by one entry or by turn, or with the slider; the board
  shows the position at that step; ``step_events`` holds the events of the step just shown (with
  their "why" lines), ``log`` the story up to it, ``attack`` what the attacker faced in the attack
  being replayed (for the odds panel);
- a running game (its record holds hidden cards and the seed) is replayed *masked*: each position
  is built from the viewer seat's own observation only (a spectator: no hand at all), the events
  are filtered, and the record is neither shown nor offered for download; a finished game, or a
  record imported from a file, shows everything;
- ``branch()`` opens a local hot-seat sandbox (a ``GameSession``, never stored) from the step
  shown: the true state for a finished game or an imported record; for a running game a copy whose
  hidden cards are resampled from what the seat may know and whose seed is new;
- ``export_json()`` gives ``Record.to_json()`` for finished games; ``import_text()`` reads a JSON
  record (checked by replaying it) and shows it, with a plain message when the file is wrong.

``ReplayPage`` lays it out; ``replay_page(query)`` is what the shell's routes open:
``?match=<id>&replay=1`` (a spectator, or a finished game), ``?match=<id>&seat=<token>&replay=1``
(a seat's own view), ``?page=replay`` (import a file).

Every game's replay page is found in one place, ``REPLAY_PAGES`` (game name → page factory, each
called with the record, the viewer seat, whether it is masked, a title, the seats' names, the
viewer's messages and a back link): a stored game's link opens the factory of the stored game's
name (``stored_replay`` reads what it needs from the store), and an imported file opens the factory
of its record's game (``ReplayPage.import_file``: a Conquest record on this page, any other under
it). A file that is not JSON, names an unknown game or cannot be replayed gets a plain message and
the page stays as it was.
"""
from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import panel as pn
import param

from academy.core.record import Record
from academy.core.text import count, listing
from academy.ui.labels import growing, wrapping_row
from academy.ui.fit import board_and_side
from academy.ui.defer import later
from academy.ui.page_errors import alert_page, game_number
from academy.ui.registry import UI, load

from .messages_view import STYLE as CHAT_STYLE
from .replay_parts import messages_html
from .model import BoardModel
from .session import GameSession
from .record_file import RecordFileInput
from .replay_model import Frame, Replay, RecordError, read_record
from .replay_session import RecordReplay
from academy.ui.rule_line import divider

__all__ = ["ReplaySession", "ReplayPage", "SandboxSession", "replay_page", "replay_link", "shared_replay",
           "IMPORT_LINK", "REPLAY_PAGES", "replay_factory", "stored_replay", "conquest_replay_page"]

IMPORT_LINK = "?page=replay"
BOARDS = ("conquest",)      # the games whose boards ReplaySession itself shows

#: game name -> "module:function" of the factory building that game's replay page (from the UI registry). Every
#: factory is called as ``factory(record, viewer=..., masked=..., title=..., seat_names=..., chat=..., back_link=...,
#: embedded=...)``
#: and returns a Panel object; both a stored game's link and an imported record open through this mapping.
REPLAY_PAGES: dict[str, str] = {game: entry.replay for game, entry in UI.items()}


def replay_factory(game_name: str) -> Callable[..., Any] | None:
    """The replay page factory of ``game_name`` (None: that game has no replay page yet)."""
    target = REPLAY_PAGES.get(game_name)
    if target is None:
        return None
    return load(target)


def replayable_titles() -> str:
    """"Conquest, Diplomacy, Game of War and Fronts": the games whose records open here."""
    from academy.games import REGISTRY
    titles = [getattr(REGISTRY.get(n), "title", n) for n in REPLAY_PAGES]
    return listing(titles)
RUNNING_NOTE = ("The record can be downloaded once the game is over: while it runs, it holds the dice seed and "
                "every player's hidden cards.")
STYLE = """
.replay-head { font-size: 15px; }
.replay-counter { font-size: 14px; white-space: nowrap; }
.step-events ul { margin: 2px 0 0 0; padding-left: 1.3em; }
.step-events .why { color: #52606d; font-size: 0.92em; }
.sandbox-note { background: #eef4f8; border-left: 5px solid #0072B2; padding: 8px 12px; border-radius: 6px; }
.record-note { color: #52606d; font-size: 13px; max-width: 360px; }
"""


def replay_link(game_id: int, token: str | None = None) -> str:
    """The replay page of a shared game: a spectator's (or a finished game's), or a seat's own view."""
    seat = f"&seat={quote(token, safe='')}" if token else ""
    return f"?match={int(game_id)}{seat}&replay=1"


class ReplaySession(RecordReplay, BoardModel):
    """A Conquest record replayed for one viewer (the stepping is ``RecordReplay``'s); see the module
    docstring. A ``BoardModel`` only so that the Conquest board, banner and tables read it as they read a
    game; every tap is refused."""

    refusal = "This is a replay: press “Try moves from here” to play on in a sandbox."
    planner_note = "Sandbox from step {step}: {how}. Nothing here changes the real game."

    attack = param.Parameter(None, doc="(state, src, dst, dice): the attack being replayed, as the attacker faced it")
    has_replay = param.Boolean(False, doc="a record is loaded")
    sandbox_open = param.Boolean(False, doc="the sandbox has been opened from a step")

    _publish = BoardModel._publish      # the board's highlights are worked out as for a game (none here)

    def __init__(self, replay: Replay | None = None, title: str = "", seat_names: list[str] | None = None,
                 cpu_delay: float = 0.4, chat: list[dict[str, Any]] | None = None, **params: Any) -> None:
        self.sandbox: Any = None            # a SandboxSession, created at the first branch
        super().__init__(replay, title=title, seat_names=seat_names, chat=chat, cpu_delay=cpu_delay,
                         game_name=replay.game_name if replay is not None else "conquest", **params)

    # --- loading ---------------------------------------------------------------------------
    def load(self, replay: Replay, title: str = "", seat_names: list[str] | None = None,
             chat: list[dict[str, Any]] | None = None, message: str | None = None) -> None:
        """Show ``replay`` from its start."""
        with param.parameterized.discard_events(self):
            self.has_replay = True
        if message is None:
            message = f"{title + ': ' if title else ''}{count(len(replay), 'step')}. Step through them below."
        super().load(replay, title, seat_names, chat, message)

    def import_text(self, text: str | bytes, name: str = "the file") -> bool:
        """Read a JSON record and show it (never stored); False (and ``message`` says why) if it cannot be read."""
        try:
            record = read_record(text)
        except RecordError as exc:
            self.message = f"{name} could not be opened. {exc}"
            return False
        if record.game.name not in BOARDS:
            self.message = (f"{name} is a record of {record.game.title}: replays here show "
                            f"{replayable_titles()} games only so far." if record.game.name not in REPLAY_PAGES
                            else f"{name} is a record of {record.game.title}: open it on the replay page "
                                 f"({IMPORT_LINK}), which shows it on the {record.game.title} board.")
            return False
        self.load(Replay(record), title=f"Imported record ({name})")
        return True

    # --- stepping (RecordReplay) -------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        """Whose cards are shown: the viewer seat (a masked replay), else the player to move."""
        if self.replay is None:
            return None
        if self.masked or self.replay.viewer is not None:
            return self.replay.viewer
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

    # --- what the shared board asks (BoardModel) ---------------------------------------------
    def _refuse_input(self) -> str | None:
        return self.refusal

    def _input_blocked(self) -> bool:
        return True

    def _play(self, action: Any) -> list[Any]:   # never reached: input is refused
        raise RuntimeError("A replay does not play moves.")

    # --- sandbox (RecordReplay.planner) --------------------------------------------------------
    def _planner_start(self, seed: int | None = None) -> tuple[Any, str]:
        how = ("the hidden cards are a random guess from what you know, and the dice are new"
               if self.masked else "the real position")
        return self.branch_state(seed), how

    def make_planner(self) -> Any:
        return SandboxSession(self.replay.game_name, cpu_delay=self.cpu_delay)

    def branch(self, seed: int | None = None) -> Any:
        """Open (or restart) the local sandbox from the step shown; returns its GameSession. Never stored."""
        if self.replay is None:
            return None
        try:
            self.sandbox = self.planner(self.sandbox, seed)
        except ValueError as exc:
            self.message = f"No sandbox from this step: {exc}"
            return None
        self.sandbox_open = True
        self.message = f"Sandbox opened from step {self.step}: try moves below; the replay is unchanged."
        return self.sandbox


class SandboxSession(GameSession):
    """A local game for one person planning every side's moves (never stored): no pass-the-screen cover
    between turns, as its cards are the real ones of a finished game or a random guess for a running one."""

    @property
    def cards_hidden(self) -> bool:
        return False


def stored_replay(hub: Any, game_id: int, token: str | None = None) -> dict[str, Any]:
    """What any game's replay page needs from a stored game: the record, the viewer seat, whether it is masked
    (a running game), a title, the seats' names and the viewer's messages (the seat's conversations only).

    Raises the store's errors (GameNotFound, BadToken).
    """
    game = hub.open(int(game_id))
    player = game.seat_of(token) if token else None
    info = game.info
    finished = info.status == "finished"
    record: Record = game.record_copy()
    names = [s.name or record.game.player_name(s.player) for s in info.seats]
    who = "everything" if finished else ("your own view" if player is not None else "a spectator's view")
    title = f"{record.game.title} game {info.id} ({'finished' if finished else 'in progress'}; {who})"
    chat = [{"id": m.id, "sender": m.sender, "recipients": sorted(m.recipients), "text": m.text, "step": m.step}
            for m in game.messages(token)] if token else []
    return {"record": record, "viewer": player, "masked": not finished, "title": title, "seat_names": names,
            "chat": chat}


def shared_replay(hub: Any, game_id: int, token: str | None = None, cpu_delay: float = 0.4) -> ReplaySession:
    """The replay of a stored Conquest game: masked to the seat (or a spectator) while it runs, in full once
    finished. Raises the store's errors (GameNotFound, BadToken)."""
    args = stored_replay(hub, game_id, token)
    replay = Replay(args["record"], viewer=args["viewer"], masked=args["masked"])
    return ReplaySession(replay, title=args["title"], seat_names=args["seat_names"], cpu_delay=cpu_delay,
                         chat=args["chat"])


def conquest_replay_page(record: Record, viewer: int | None = None, masked: bool = False, title: str = "",
                         seat_names: list[str] | None = None, chat: list[dict[str, Any]] | None = None,
                         back_link: str = "", embedded: bool = False) -> ReplayPage:
    """The replay page of a Conquest record (a factory of ``REPLAY_PAGES``)."""
    session = ReplaySession(Replay(record, viewer=viewer, masked=masked), title=title, seat_names=seat_names,
                            chat=list(chat or []))
    return ReplayPage(session, back_link=back_link, embedded=embedded)


# ================================================================================ views
def _events_html(events: list[Any], label: Any) -> str:
    if not events:
        return "<span class='academy-muted'>The start of the game.</span>"
    items = []
    for e in events:
        why = "".join(f"<li class='why'>{html.escape(w)}</li>" for w in e.why)
        items.append(f"<li>{html.escape(e.text)}{f'<ul>{why}</ul>' if why else ''}</li>")
    return f"<ul>{''.join(items)}</ul>"


class ReplayOdds(pn.viewable.Viewer):
    """The odds the attacker faced in the attack being replayed, the dice and their why; reinforcements."""

    model = param.Parameter()

    def __init__(self, model: ReplaySession, **params: Any) -> None:
        super().__init__(model=model, **params)
        from academy.ui.conquest.style import CSS
        self.dice = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["replay-dice"],
                                 visible=False)
        self.odds = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["replay-odds"],
                                 visible=False)
        self.layout = pn.Column(self.dice, self.odds, sizing_mode="stretch_width", margin=0,
                                css_classes=["replay-odds-panel"])
        model.param.watch(later(self._update), ["state", "attack", "step_events"])
        self._update()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def body_html(self) -> str:
        from academy.ui.conquest.odds_panel import attack_html, reinforcement_html
        m, state = self.model, self.model.state
        if state is None:
            return ""
        if m.attack is not None:
            faced, src, dst, dice = m.attack
            return ("<div class='academy-muted'>What the attacker faced when choosing this attack:</div>"
                    + attack_html(faced, src, dst, dice))
        if state.phase in ("reinforce", "cashout") and state.current is not None and state.current >= 0:
            return reinforcement_html(state)
        return ""

    def _update(self, *events: Any) -> None:
        from academy.ui.conquest.odds_panel import roll_html
        m = self.model
        body = self.body_html()
        dice = roll_html(m.state, m.step_events) if m.state is not None else ""
        with pn.io.hold():
            if self.odds.object != body:
                self.odds.object = body
            self.odds.visible = bool(body)
            if self.dice.object != dice:
                self.dice.object = dice
            self.dice.visible = bool(dice)


class ReplayPage(pn.viewable.Viewer):
    """The replay page: board, step controls, the step's events and odds, the story, sandbox, download, import.
    ``embedded``: under the local Play page (no links to other pages, no import)."""

    session = param.Parameter()

    def __init__(self, session: ReplaySession | None = None, back_link: str = "", embedded: bool = False,
                 **params: Any) -> None:
        super().__init__(session=session or ReplaySession(), **params)
        self.embedded = embedded
        from academy.ui.conquest.banner import PhaseBanner, players_html
        from academy.ui.conquest.board import ConquestBoard
        from academy.ui.conquest.controls import hand_html
        from academy.ui.conquest.log_view import EventLog
        from academy.ui.conquest.style import CSS
        self._players_html, self._hand_html = players_html, hand_html
        s = self.session
        self.back_link = back_link
        self.head = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["replay-head"])
        self.banner = PhaseBanner(s, compact=True)
        self.board = ConquestBoard(s, height=500)
        self.board_slot = pn.Column(self.board, sizing_mode="stretch_width", margin=0)
        self.message = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["replay-message"])
        self.step_pane = pn.pane.HTML("", stylesheets=[CSS, STYLE], sizing_mode="stretch_width",
                                      css_classes=["step-events"])
        self.players = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["replay-players"])
        self.hands = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["replay-hands"])
        self.chat = pn.pane.HTML("", stylesheets=[CHAT_STYLE], sizing_mode="stretch_width", css_classes=["replay-chat"])
        # --- stepping
        steps = (("start", "|◀", 50, "To the start"), ("turn-back", "◀◀ turn", 86, "Back one turn"),
                 ("back", "◀", 46, "Back one step"), ("forward", "▶", 46, "Forward one step"),
                 ("turn-forward", "turn ▶▶", 86, "Forward one turn"), ("end", "▶|", 50, "To the end"))
        b = {k: pn.widgets.Button(label=label, width=w, css_classes=[f"rv-{k}"], description=tip)
             for k, label, w, tip in steps}
        self.buttons = b
        b["start"].on_click(lambda e: self.session.to_start())
        b["turn-back"].on_click(lambda e: self.session.previous_turn())
        b["back"].on_click(lambda e: self.session.back())
        b["forward"].on_click(lambda e: self.session.forward())
        b["turn-forward"].on_click(lambda e: self.session.next_turn())
        b["end"].on_click(lambda e: self.session.to_end())
        self.slider = pn.widgets.IntSlider(label="Step", start=0, end=1, value=0, sizing_mode="stretch_width",
                                           css_classes=["rv-slider"])
        self.slider.param.watch(lambda e: self.session.go(e.new), "value_throttled")
        self.counter = pn.pane.HTML("", stylesheets=[STYLE], css_classes=["replay-counter"], margin=(12, 8))
        self.bar = wrapping_row(b["start"], b["turn-back"], b["back"], growing(self.slider, 160), b["forward"],
                                b["turn-forward"], b["end"], self.counter, sizing_mode="stretch_width", margin=(4, 0),
                                css_classes=["replay-steps", "academy-card"])
        # --- sandbox, download, import
        self.branch_button = pn.widgets.Button(label="Try moves from here", color="primary", width=190,
                                               css_classes=["rv-branch"])
        self.branch_button.on_click(lambda e: self.open_sandbox())
        self.download = pn.widgets.FileDownload(callback=self._download, filename="game-record.json",
                                                label="Download record (JSON)", width=220,
                                                css_classes=["download-record"])
        self.record_note = pn.pane.HTML(f"<div class='record-note'>{html.escape(RUNNING_NOTE)}</div>",
                                        stylesheets=[STYLE], css_classes=["record-note-pane"], visible=False)
        self.upload = RecordFileInput(width=230, css_classes=["import-record"])
        self.upload.param.watch(lambda e: self._import(self.upload), "value")
        self.first_upload = RecordFileInput(width=300, css_classes=["import-record", "import-first"])
        self.first_upload.param.watch(lambda e: self._import(self.first_upload), "value")
        for widget in (self.upload, self.first_upload):   # a file over the size limit is never sent
            widget.param.watch(self._refused, "refused")
        self.tools = wrapping_row(self.branch_button, self.download, self.record_note,
                                  pn.Column(pn.pane.HTML("<b>Import a record (JSON)</b>", margin=(0, 5)), self.upload,
                                            margin=0, visible=not embedded),
                                  margin=(4, 0), css_classes=["replay-tools"])
        self.odds = ReplayOdds(s)
        side = pn.Column(self.message, pn.pane.HTML("<h4 style='margin:4px 0'>This step</h4>"), self.step_pane,
                         self.odds, divider(), self.players, self.hands, self.chat,
                         sizing_mode="stretch_width", margin=0, css_classes=["side-panel", "replay-side"])
        self.replay_area = pn.Column(
            self.banner, board_and_side(self.board_slot, side, 390), self.bar, self.tools,
            pn.Column(pn.pane.HTML("<h3 style='margin:4px 0'>What happened so far</h3>"), EventLog(s),
                      sizing_mode="stretch_width"),
            sizing_mode="stretch_width", margin=0, visible=False)
        # --- the sandbox area (filled at the first branch)
        self.sandbox_slot = pn.Column(sizing_mode="stretch_width", margin=0)
        self.close_sandbox = pn.widgets.Button(label="Close the sandbox", width=170, css_classes=["rv-close-sandbox"])
        self.close_sandbox.on_click(lambda e: setattr(self.session, "sandbox_open", False))
        self.sandbox_area = pn.Column(
            divider(),
            pn.Row(pn.pane.HTML("<h3 style='margin:4px 0'>Sandbox</h3>"), self.close_sandbox, margin=0),
            pn.pane.HTML("<div class='sandbox-note'>A planner on this screen only: play any side's moves to see "
                         "what could happen. Nothing here is stored or sent to the real game.</div>",
                         stylesheets=[STYLE]),
            self.sandbox_slot, sizing_mode="stretch_width", margin=0, visible=False, css_classes=["sandbox-area"])
        self.import_intro = pn.pane.HTML(
            "<p>Open a game record (a <code>.json</code> file saved from a game or downloaded from a replay) "
            "to step through it here. It stays in this browser session: nothing is stored.</p>",
            sizing_mode="stretch_width", css_classes=["import-intro"])
        self.import_message = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width",
                                           css_classes=["import-message"])
        self.import_area = pn.Column(self.import_intro, self.first_upload, self.import_message,
                                     sizing_mode="stretch_width", margin=0)
        self.other_slot = pn.Column(sizing_mode="stretch_width", margin=0, css_classes=["other-replay"])
        self.other_page: Any = None          # another game's replay page, shown in ``other_slot``
        self.layout = pn.Column(self.head, self.import_area, self.replay_area, self.sandbox_area, self.other_slot,
                                sizing_mode="stretch_width", css_classes=["replay-page", "conquest-play"])
        s.param.watch(later(self._update), ["state", "step", "length", "message", "title", "masked", "has_replay",
                                            "step_events"])
        s.param.watch(later(self._update_sandbox), ["sandbox_open"])
        self._update()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    # --- actions ---------------------------------------------------------------------------
    def open_sandbox(self) -> Any:
        sandbox = self.session.branch()
        if sandbox is not None and not self.sandbox_slot.objects:
            from academy.ui.conquest.play import PlayPage
            self.sandbox_page = PlayPage(session=sandbox)
            self.sandbox_page.form_card.visible = False      # the sandbox plays on from the replay, not anew
            self.sandbox_slot.objects = [self.sandbox_page]
        self._update_sandbox()
        return sandbox

    def _download(self) -> Any:
        import io
        try:
            return io.StringIO(self.session.export_json())
        except (PermissionError, ValueError) as exc:
            self.session.message = str(exc)
            return io.StringIO("")

    def _refused(self, event: Any) -> None:
        if event.new:
            self.session.message = f"The file could not be opened: {event.new}"

    def _import(self, widget: Any) -> None:
        if not widget.value:
            return
        self.import_file(widget.value, widget.filename or "the file")

    def import_file(self, text: str | bytes, name: str = "the file") -> bool:
        """Open a record file: a Conquest record here, any other game's on that game's replay page (under
        this one). False, and a message saying what is wrong (not JSON, an unknown game, a damaged record),
        for a file that cannot be opened; whatever was shown stays."""
        try:
            record = read_record(text)
        except RecordError as exc:
            self.session.message = f"{name} could not be opened. {exc}"
            return False
        if record.game.name in BOARDS:
            if self.session.import_text(text, name=name):
                self.session.sandbox_open = False
                self.other_slot.objects = []
                return True
            return False
        return self.open_record(record, name) is not None

    def open_record(self, record: Record, name: str) -> Any:
        """Show ``record`` on its own game's replay page, under this one; None (and a message) if its game
        has no replay page."""
        factory = replay_factory(record.game.name)
        if factory is None:
            self.session.message = (f"{name} is a record of {record.game.title}: replays here show "
                                    f"{replayable_titles()} games only so far.")
            return None
        page = factory(record, viewer=None, masked=False, title=f"imported record ({name})", seat_names=[],
                       chat=[], back_link="")
        self.other_page = page
        self.other_slot.objects = [page]
        self.import_area.visible = self.replay_area.visible = self.sandbox_area.visible = False
        self.head.object = (f"<div class='replay-head'><a href='{IMPORT_LINK}'>Import another record</a> · "
                            "<a href='?page=games'>all games</a></div>")
        return page

    def open_diplomacy(self, text: str | bytes, name: str) -> Any:
        """A record that is not Conquest's opens on its own game's replay page (None for any other file)."""
        try:
            record = read_record(text)
        except RecordError:
            return None
        if record.game.name in BOARDS:
            return None
        return self.open_record(record, name)

    # --- view ------------------------------------------------------------------------------
    def _update_sandbox(self, *events: Any) -> None:
        self.sandbox_area.visible = bool(self.session.sandbox_open and self.sandbox_slot.objects)

    def _check_board(self) -> None:
        """A record on another map gets a board of its own map."""
        state = self.session.state
        if state is None or getattr(state.game.map, "id", None) == getattr(self.board.map, "id", None):
            return
        from academy.ui.conquest.board import ConquestBoard
        self.board = ConquestBoard(self.session, height=500)
        self.board_slot.objects = [self.board]

    def _update(self, *events: Any) -> None:
        s = self.session
        if self.other_slot.objects and not s.has_replay:       # another game's replay is shown instead
            return
        with pn.io.hold():
            back = f" · <a href='{html.escape(self.back_link)}'>back to the game</a>" if self.back_link else ""
            links = "" if self.embedded else (f"{back} · <a href='?page=games'>all games</a> · "
                                              f"<a href='{IMPORT_LINK}'>import a record</a>")
            head = (f"<h2 style='margin:4px 0'>Replay</h2><div><b>{html.escape(s.title)}</b>{links}</div>"
                    if s.has_replay else "<h2 style='margin:4px 0'>Replay a game record</h2>")
            if self.head.object != head:
                self.head.object = head
            self.replay_area.visible = s.has_replay
            self.import_area.visible = not s.has_replay
            if not s.has_replay:
                self.import_message.object = self._message_html()
                return
            self._check_board()
            self.message.object = self._message_html()
            self.step_pane.object = _events_html(s.step_events, s.seat_label)
            self.counter.object = html.escape(s.counter_text())
            if self.slider.end != max(1, s.length):
                self.slider.end = max(1, s.length)
            if self.slider.value != s.step:
                self.slider.value = s.step
            at_start, at_end = s.step <= 0, s.step >= s.length
            for k in ("start", "turn-back", "back"):
                self.buttons[k].disabled = at_start
            for k in ("forward", "turn-forward", "end"):
                self.buttons[k].disabled = at_end
            players = self._players_html(s)
            if players != self.players.object:
                self.players.object = players
            self.hands.object = self._hands()
            self.chat.object = messages_html(s, s.viewer)
            self.download.visible = s.can_export
            self.record_note.visible = not s.can_export
            if s.can_export:
                self.download.filename = f"{s.replay.game_name}-record.json"

    def _message_html(self) -> str:
        text = self.session.message
        return f'<div class="academy-message" role="status" aria-live="polite">{html.escape(text)}</div>' \
            if text else ""

    def _hands(self) -> str:
        s, state = self.session, self.session.state
        if state is None or not getattr(state, "turn", 0):
            return ""
        if s.masked:
            return self._hand_html(state, s.viewer) if s.viewer is not None else \
                "<div class='academy-muted'>Watching: the players' cards stay hidden until the game is over.</div>"
        return "".join(self._hand_html(state, p) for p in range(state.game.num_players))


def _error(text: str) -> pn.viewable.Viewable:
    return alert_page(text, "replay-error", f"<a href='?page=games'>See all games</a> · "
                                            f"<a href='{IMPORT_LINK}'>import a record</a>")


def replay_page(query: dict[str, str] | None = None, hub: Any = None) -> pn.viewable.Viewable:
    """The page for ``?match=<id>[&seat=<token>]&replay=1`` (the stored game's own replay page, by its game's
    name in ``REPLAY_PAGES``) or ``?page=replay`` (import a record); a clear message for a bad link."""
    query = dict(query or {})
    match = query.get("match")
    if not match:
        return ReplayPage()
    from academy.store.errors import StoreError
    from academy.ui.live_session import shared_hub
    token = query.get("seat") or None
    try:
        game_id = game_number(match)
        hub = hub or shared_hub()
        name = hub.open(game_id).info.game_name
        factory = replay_factory(name)
        if factory is None:
            from academy.games import REGISTRY
            title = getattr(REGISTRY.get(name), "title", name)
            return _error(f"Game {game_id} is a game of {title}: it has no replay page yet.")
        args = stored_replay(hub, game_id, token)
    except (ValueError, StoreError) as exc:
        return _error(str(exc))
    back = f"?game={name}&tab=play&match={game_id}" + (f"&seat={quote(token, safe='')}" if token else "")
    return factory(args.pop("record"), back_link=back, **args)
