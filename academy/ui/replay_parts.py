"""Pieces every game's replay page shares: the page's frame (``GameReplayPage``), its heading and step bar
(``ReplayChrome``), the record's
download (only once the game is over), the seat's messages so far, the replay's message, the events of the
step shown (``step_events_html``), their look (``STYLE``), and a planner opened under the replay from the
step shown.

A replay session is a ``ReplaySteps`` (academy/ui/replay_steps.py: ``at_start``, ``at_end``, ``seat``,
``message``, ``chat``, ``messages_until()``, ``seat_label(seat)``) with ``export_json()`` (PermissionError
while the game runs), ``can_export``, ``counter_text()`` and ``planner()``.
"""
from __future__ import annotations

import html
import io
from collections.abc import Callable, Sequence
from typing import Any

import panel as pn
import param

from academy.core.record import Record
from academy.ui.defer import later
from academy.ui.messages_view import conversations_html

__all__ = ["GameReplayPage", "RecordDownload", "ReplayChrome", "STEP_BUTTONS", "STYLE", "messages_html",
           "show_planner", "status_html", "step_events_html"]

#: the look of the parts every replay page has: the heading, the counter, the step's events, the download's note,
#: the replay's message
STYLE = """
.replay-head { font-size: 15px; }
.replay-counter { font-size: 14px; white-space: nowrap; }
.step-events ul { margin: 2px 0 0 0; padding-left: 1.3em; }
.step-events .why { color: #52606d; font-size: 0.92em; }
.record-note { color: #52606d; font-size: 13px; max-width: 360px; }
.academy-message { background: #fff8e1; border-left: 4px solid #E0A000; padding: 6px 10px; border-radius: 4px; }
"""

#: the look of a replay's step buttons, by key: label, width, tooltip. A page picks the keys it has, in
#: order; the keys before "forward" step back (off at the start), the others forward (off at the end).
STEP_BUTTONS = {
    "start": ("|◀", 50, "To the start"), "day-back": ("◀◀ day", 80, "Back one day"),
    "turn-back": ("◀◀ turn", 86, "Back one turn"), "back": ("◀", 46, "Back one step"),
    "forward": ("▶", 46, "Forward one step"), "turn-forward": ("turn ▶▶", 86, "Forward one turn"),
    "day-forward": ("day ▶▶", 80, "Forward one day"), "end": ("▶|", 50, "To the end"),
}

FINISHED_NOTE = "The record can be downloaded once the game is over."


class RecordDownload(pn.viewable.Viewer):
    """What a finished game's record offers: 'Download record (JSON)' and, with ``on_review``, 'Review this game'
    (the coach's review); while the game runs, a note saying when the record can be downloaded."""

    def __init__(self, session: Any, filename: str, note: str = FINISHED_NOTE, stylesheets: list[str] | None = None,
                 on_review: Callable[[], Any] | None = None, **params: Any) -> None:
        super().__init__(**params)
        self.session = session
        self.download = pn.widgets.FileDownload(callback=self._saved, filename=filename, label="Download record (JSON)",
                                                width=220, css_classes=["download-record"], visible=session.can_export)
        self.review = pn.widgets.Button(label="Review this game", width=170, css_classes=["rv-review"],
                                        description="The coach's marks on each decision",
                                        visible=session.can_export and on_review is not None)
        if on_review is not None:
            self.review.on_click(lambda e: on_review())
        self._reviewable = on_review is not None
        self.note = pn.pane.HTML(f"<div class='record-note'>{html.escape(note)}</div>", stylesheets=stylesheets or [],
                                 visible=not session.can_export, css_classes=["record-note-pane"])
        self.layout = pn.Row(self.download, self.review, self.note, margin=0)

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def refresh(self) -> None:
        done = self.session.can_export
        self.download.visible, self.note.visible = done, not done
        self.review.visible = done and self._reviewable

    def _saved(self) -> io.StringIO:
        try:
            return io.StringIO(self.session.export_json())
        except (PermissionError, ValueError) as exc:
            self.session.message = str(exc)
            return io.StringIO("")


def messages_html(session: Any, viewer: int | None) -> str:
    """The viewer seat's conversations up to the step shown ('' for a replay without messages)."""
    if not session.chat:
        return ""
    return ("<h4 style='margin:4px 0'>Your messages so far</h4>"
            + conversations_html(session.messages_until(), viewer, session.seat_label))


def show_planner(area: pn.Column, session: Any, make_page: Callable[[Any], Any], heading: str) -> Any:
    """A planner from the step shown: ``session.planner()`` (a local game session) on ``make_page(local)``,
    its new-game form hidden, in ``area`` under ``heading``. Returns the page, or None (and the reason in
    ``session.message``) when the replay has no planner here (``planner()`` raised ValueError)."""
    try:
        local = session.planner()
    except ValueError as exc:
        session.message = str(exc)
        return None
    page = make_page(local)
    if getattr(page, "form_card", None) is not None:
        page.form_card.visible = False
    area.objects = [pn.pane.HTML(f"<h3>{html.escape(heading)}</h3>"), page]
    return page


def step_events_html(events: Sequence[Any], muted: str = "academy-muted") -> str:
    """The events of the step shown (engine Events), each with its why lines; before the first step, "The
    start of the game." in the page's ``muted`` class."""
    if not events:
        return f"<span class='{muted}'>The start of the game.</span>"
    items = []
    for e in events:
        why = "".join(f"<li class='why'>{html.escape(w)}</li>" for w in e.why)
        items.append(f"<li>{html.escape(e.text)}{f'<ul>{why}</ul>' if why else ''}</li>")
    return f"<ul>{''.join(items)}</ul>"


def status_html(text: str) -> str:
    """The replay's message for the person looking ('' when there is none)."""
    return f"<div class='academy-message' role='status'>{html.escape(text)}</div>" if text else ""


class ReplayChrome:
    """What every replay page has around its board: the heading with its links (none when ``embedded``
    under another page), the step buttons (``steps``: (key of ``STEP_BUTTONS``, action) pairs, in order),
    the counter, "Try … from here" (a planner in ``planner_area``), the record's download, "Make an exercise
    from this position" (``exercise``, for teachers: the frame shown, once the game is over), "Review this game"
    (the coach's review of a finished game, in ``review_area``, drawn on ``page``'s board) and the seat's
    messages (``chat``), in ``STYLE`` and the page's ``stylesheets``. ``refresh()`` after each step;
    ``bar(*middle)`` is the step bar (``middle``: widgets between the back and forward buttons; by default
    ``slider``, the step slider)."""

    def __init__(self, session: Any, game_title: str, steps: Sequence[tuple[str, Callable[[], Any]]],
                 make_page: Callable[[Any], Any], try_label: str, filename: str, back_link: str = "",
                 embedded: bool = False, note: str = FINISHED_NOTE, labels: dict[str, str] | None = None,
                 stylesheets: Sequence[str] = ()) -> None:
        from academy.ui.messages_view import STYLE as CHAT_STYLE
        self.session, self._make_page, self._try_label = session, make_page, try_label
        stylesheets = [STYLE, *stylesheets]
        back = f" · <a href='{html.escape(back_link)}'>back to the game</a>" if back_link else ""
        links = "" if embedded else (f"{back} · <a href='?page=games'>all games</a> · "
                                     "<a href='?page=replay'>import a record</a>")
        self.head = pn.pane.HTML(f"<h2 style='margin:4px 0'>Replay: {html.escape(game_title)}</h2><div><b>"
                                 f"{html.escape(session.title)}</b>{links}</div>", stylesheets=stylesheets,
                                 sizing_mode="stretch_width", css_classes=["replay-head"])
        self.buttons: dict[str, pn.widgets.Button] = {}
        for key, action in steps:
            label, width, tip = STEP_BUTTONS[key]
            b = pn.widgets.Button(label=(labels or {}).get(key, label), width=width, description=tip,
                                  css_classes=[f"rv-{key}"])
            b.on_click(lambda e, f=action: f())
            self.buttons[key] = b
        keys = list(self.buttons)
        cut = keys.index("forward") if "forward" in keys else len(keys)
        self._back_keys, self._forward_keys = keys[:cut], keys[cut:]
        self.counter = pn.pane.HTML("", stylesheets=stylesheets, css_classes=["replay-counter"], margin=(12, 8))
        # every replay's slider: a walk found one in Conquest's replay only
        self.slider = pn.widgets.IntSlider(label="Step", start=0, end=max(1, session.last_frame),
                                           value=session.frame_index, sizing_mode="stretch_width",
                                           css_classes=["rv-slider"])
        self.slider.param.watch(lambda e: e.new != session.frame_index and session.go(e.new), "value_throttled")
        self.try_button = pn.widgets.Button(label=try_label, color="primary", width=190, css_classes=["rv-branch"])
        self.try_button.on_click(lambda e: self.open_planner())
        self.record = RecordDownload(session, filename, note=note, stylesheets=stylesheets, on_review=self.open_review)
        self.review_area = pn.Column(sizing_mode="stretch_width", margin=0, css_classes=["replay-review"])
        self.page: Any = None          # the replay page this chrome is part of (its board shows the review)
        self.review_panel: Any = None  # the review shown in ``review_area`` (a ReviewPanel), if any
        self.chat = pn.pane.HTML("", stylesheets=[CHAT_STYLE], sizing_mode="stretch_width",
                                 css_classes=["replay-chat"])
        self.planner_area = pn.Column(sizing_mode="stretch_width", margin=0, css_classes=["replay-planner"])
        self.exercise = pn.pane.HTML("", css_classes=["make-exercise"], margin=(10, 5), visible=False)

    def tools(self) -> tuple[Any, ...]:
        """The tools beside the step bar: the planner's button, the download and, for teachers, "Make an
        exercise from this position" (once the game is over)."""
        return self.try_button, self.record, self.exercise

    def bar(self, *middle: Any, tools: bool = True) -> pn.viewable.Viewable:
        """The step bar: back buttons, ``middle`` (default: the slider), forward buttons, the counter (and, with
        ``tools``, the planner's button and the download)."""
        from academy.ui.labels import growing, wrapping_row
        b = self.buttons
        middle = middle or (growing(self.slider, 160),)
        extra = self.tools() if tools else ()
        return wrapping_row(*(b[k] for k in self._back_keys), *middle, *(b[k] for k in self._forward_keys),
                            self.counter, *extra, margin=(4, 0), css_classes=["replay-steps"])

    def refresh(self) -> None:
        """The counter, the seat's messages and the buttons (off at the ends) for the step shown."""
        s = self.session
        self.counter.object = html.escape(s.counter_text())
        end = max(1, s.last_frame)
        if (self.slider.end, self.slider.value) != (end, s.frame_index):
            self.slider.param.update(end=end, value=min(s.frame_index, end))
        self.chat.object = messages_html(s, s.seat)          # the seat that reads them
        for k in self._back_keys:
            self.buttons[k].disabled = s.at_start
        for k in self._forward_keys:
            self.buttons[k].disabled = s.at_end
        self.record.refresh()
        self._show_exercise_link()

    def _show_exercise_link(self) -> None:
        """The lesson writer's link for the frame shown (none while the game runs)."""
        from academy.ui.position_link import exercise_link, position_text
        state = self.session.position_state()
        line = position_text(state.game.name, state) if state is not None else None
        from academy.ui.address import link_html
        made = (link_html(exercise_link(state.game.name, line), "Make an exercise from this position",
                          "make-exercise-a tap", new_tab=True)
                + " <span class='academy-muted'>(teachers)</span>") if line else ""
        if self.exercise.object != made:
            self.exercise.object = made
        self.exercise.visible = bool(line)

    def open_planner(self) -> Any:
        """A board of one's own from the step shown, under the replay (None, and a message, if there is none)."""
        return show_planner(self.planner_area, self.session, self._make_page,
                            self._try_label.replace("Try", "Trying", 1) + " (this never changes the game)")

    def open_review(self, players: Sequence[int] | None = None) -> Any:
        """The coach's review of a finished game above the board (``players``: whose decisions; default the
        seat this replay is shown to, else the first player). None, and why in ``session.message``, for a
        game still running."""
        from academy.ui.review_panel import ReviewPanel
        from academy.ui.review_session import ReviewSession
        try:
            record = self.session.review_record()
        except (PermissionError, ValueError) as exc:
            self.session.message = str(exc)
            return None
        seat = self.session.seat
        learners = list(players) if players is not None else ([seat] if seat is not None and seat >= 0 else [])
        return self.show_review(ReviewPanel(ReviewSession(record, learners, self.session.seat_names), self.page))

    def show_review(self, panel: Any) -> Any:
        """Show a review (a ``ReviewPanel`` on this page) above the board; returns it."""
        self.review_panel = panel
        self.review_area.objects = [panel]
        return panel


class GameReplayPage(pn.viewable.Viewer):
    """A game's replay page: ``layout`` (what it shows) on a ``ReplayChrome`` whose parts are the page's own
    (``head``, ``buttons``, ``counter``, ``record``, ``try_button``, ``chat``, ``planner_area``, ``review_area``
    (put under the step bar): ``_use``), with its ``board`` (the game's, which the review draws on),
    redrawn by ``_update`` after each step (``_follow``). ``of(record, ...)`` is the page of a record on a
    new ``replay_class`` model: the factory a game's registry entry names (``academy.ui.replay.REPLAY_PAGES``)."""

    session = param.Parameter()

    #: the replay model the page shows (a ``ReplaySteps``: RecordReplay's or OrdersReplay's)
    replay_class: type
    chrome: ReplayChrome
    layout: pn.viewable.Viewable

    @classmethod
    def of(cls, record: Record, viewer: int | None = None, masked: bool = False, title: str = "",
           seat_names: list[str] | None = None, chat: list[dict[str, Any]] | None = None, back_link: str = "",
           embedded: bool = False) -> GameReplayPage:
        """The replay page of ``record`` as ``viewer`` may see it (``masked``: a running game), under ``title``,
        with the seats' names and the viewer's messages; ``back_link`` to the game; ``embedded`` under another
        page (no links)."""
        session = cls.replay_class(record, viewer=viewer, masked=masked, title=title, seat_names=seat_names,
                                   chat=chat)
        return cls(session, back_link=back_link, embedded=embedded)

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def open_planner(self) -> Any:
        """A board of your own from the step shown, under the replay (None, and a message, if there is none)."""
        return self.chrome.open_planner()

    def open_review(self, players: Sequence[int] | None = None) -> Any:
        """The coach's review above the board (see ``ReplayChrome.open_review``)."""
        return self.chrome.open_review(players)

    def _use(self, chrome: ReplayChrome) -> ReplayChrome:
        """Build the page on ``chrome``: its parts become the page's own."""
        self.chrome = chrome
        self.head, self.buttons, self.counter, self.record = chrome.head, chrome.buttons, chrome.counter, chrome.record
        self.try_button, self.chat, self.planner_area = chrome.try_button, chrome.chat, chrome.planner_area
        self.review_area = chrome.review_area
        chrome.page = self
        return chrome

    def _follow(self, *names: str) -> None:
        """Draw the page now, and again after each change of the session's parameters ``names``."""
        self.session.param.watch(later(self._update), list(names))
        self._update()

    def _update(self, *events: Any) -> None:
        """Draw what the step shown changes (the page's own panes, then ``chrome.refresh()``)."""
        raise NotImplementedError
