"""The coach's review on a page (issue 22): every finished game's replay can open it ("Review this game"),
and so can each Play page once its game is over.

``ReviewPanel(review, page)`` shows a ``ReviewSession`` (prepared here unless it holds its review already)
above the board of a game's replay page ``page``
(a ``GameReplayPage``, whose board was drawn with the coach's layers): whose decisions (the learner's seats
first; any player, or every player), "Mistakes and blunders" or "Every decision", the list of marks with
previous and next, and the mark shown (the decision and the better one with their numbers, why, and the
lesson's link). Choosing a mark steps the replay to the board it was decided on (``go_to_step``) and draws
the decision made (dashed red) and the better one (green) there, where the game's ``coach`` entry of the UI
registry says. The review is prepared on a worker thread (the page says so meanwhile) and handed back to
the session's loop; in a notebook or a test it is prepared at once.

``ReviewLauncher(play_page)`` is a Play page's "Review this game" button, shown once the game is over: it
opens the game's replay under the board (``play_page.open_replay()``) and the review of the people's seats
on it (``session.learner_players``); while the game runs, "Resign" beside it ends it there
(``resign.Resigning``), so a lost game's review is a click away. Nothing here names a game.
"""
from __future__ import annotations

import html
from typing import Any

import panel as pn

from academy.ui.board_kit.coach import draw_coach
from academy.ui.labels import growing, wrapping_row
from academy.ui.registry import part
from academy.ui.review_session import STYLE, ReviewSession
from academy.ui.session_loop import in_session, work_in_thread

__all__ = ["ReviewLauncher", "ReviewPanel", "FILTERS"]

#: the filter's choices: label -> only mistakes and blunders
FILTERS = {"Mistakes and blunders": True, "Every decision": False}


def _inline() -> bool:
    doc = pn.state.curdoc
    return doc is None or doc.session_context is None


class ReviewPanel(pn.viewable.Viewer):
    """A review above a replay page's board; see the module docstring. ``synchronous``: prepare the review
    inline (True), on a thread (False), or on a thread only in a served page (None)."""

    def __init__(self, review: ReviewSession, page: Any, synchronous: bool | None = None, **params: Any) -> None:
        super().__init__(**params)
        self.review, self.page = review, page
        if "step" not in page.session.param:  # a replay of phases counts frames ("(frame 2 of 9)"), not steps
            review.step_words = lambda step: f"Frame {page.session.frame_of_step(step) + 1}"
        self.synchronous = _inline() if synchronous is None else synchronous
        self._generation = 0
        self._doc = pn.state.curdoc
        r = review
        self.spinner = pn.indicators.LoadingSpinner(value=True, size=22, visible=False, align="center",
                                                    css_classes=["review-preparing"])
        self.status = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["review-status"],
                                   margin=(4, 5))
        choices = r.choices()
        self.who = pn.widgets.Select(label="Whose decisions", options=list(choices), width=220,
                                     value=next((k for k, v in choices.items() if v == r.players), list(choices)[0]),
                                     css_classes=["review-who"])
        self.filter = pn.widgets.RadioButtonGroup(label="Show", options=list(FILTERS), color="primary",
                                                  variant="outline", css_classes=["review-filter"],
                                                  value=next(k for k, v in FILTERS.items() if v == r.only_mistakes))
        self.previous = pn.widgets.Button(label="◀ Previous", width=110, css_classes=["review-previous"])
        self.next = pn.widgets.Button(label="Next ▶", width=100, css_classes=["review-next"])
        self.marks = pn.widgets.Select(label="Decision", options={}, css_classes=["review-marks"])
        self.summary = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["review-counts"])
        self.detail = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["review-detail"])
        self.layout = pn.Column(
            pn.pane.HTML("<h3 style='margin:4px 0'>The coach's review</h3>"), pn.Row(self.spinner, self.status),
            wrapping_row(self.who, self.filter), self.summary,
            wrapping_row(self.previous, growing(self.marks, 260), self.next), self.detail,
            sizing_mode="stretch_width", css_classes=["review-panel"],
            styles={"border": "1px solid #d9e2ec", "border-radius": "8px", "padding": "6px 10px"})
        self.who.param.watch(lambda e: self.choose(choices[e.new]), "value")
        self.filter.param.watch(lambda e: r.param.update(only_mistakes=FILTERS[e.new], position=0), "value")
        self.previous.on_click(lambda e: r.previous())
        self.next.on_click(lambda e: r.next())
        self.marks.param.watch(lambda e: r.go(e.new) if e.new is not None else None, "value")
        r.param.watch(lambda *e: self._refresh(), ["review", "preparing", "message", "only_mistakes"])
        r.param.watch(lambda *e: self._show_mark(), ["position"])
        frame = [n for n in ("step", "index") if n in page.session.param]
        page.session.param.watch(lambda *e: self._left_the_mark(), frame)
        if r.review is None:
            self.prepare()
        else:                                  # a review made already (a notebook's): shown as it is
            self._refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    # --- preparing ----------------------------------------------------------------------------------
    def choose(self, players: list[int]) -> None:
        """Review ``players``' decisions (prepared again)."""
        self.review.players = list(players)
        self.prepare()

    def prepare(self) -> None:
        """Prepare the review of the players chosen: inline, or on a thread and back on the session's loop."""
        r = self.review
        self._generation += 1
        generation, players = self._generation, list(r.players)
        r.param.update(preparing=True, review=None, message="")

        def compute() -> Any:
            return r.compute(players)

        def deliver(result: Any) -> None:
            if generation == self._generation:
                r.show(result)
        if self.synchronous:
            try:
                result: Any = compute()
            except Exception as exc:  # noqa: BLE001 - the page says the review failed, the game stays
                result = exc
            deliver(result)
            return
        work_in_thread(compute, 0.0, lambda result: in_session(self._doc, lambda: deliver(result)),
                       name="academy-review")

    # --- showing ------------------------------------------------------------------------------------
    def _refresh(self) -> None:
        r = self.review
        with pn.io.hold():
            self.spinner.visible = r.preparing
            text = r.status_text()
            self.status.object = f"<span role='status'>{html.escape(text)}</span>" if text else ""
            shown = r.shown
            labels: dict[str, int] = {}
            for pos, i in enumerate(shown):
                label = r.mark_label(i)
                labels[label if label not in labels else f"{label} ({pos + 1})"] = pos
            self.marks.options = labels
            for w in (self.marks, self.previous, self.next):
                w.disabled = not shown
            self.summary.object = r.summary_html()
            self._show_mark()

    def _show_mark(self) -> None:
        """The mark shown: its words, the replay at its board, the decisions drawn."""
        r = self.review
        m = r.mark
        with pn.io.hold():
            self.previous.disabled = m is None or r.position <= 0
            self.next.disabled = m is None or r.position >= len(r.shown) - 1
            if m is not None and self.marks.value != r.position:
                self.marks.value = r.position
            self.detail.object = r.mark_html()
            if m is None:
                draw_coach(self.page.board.kit, None)
                return
            self.page.session.go_to_step(m.step)
            draw = part(r.game_name, "coach")
            draw_coach(self.page.board.kit, draw(self.page.board, r.state_at(), m) if draw is not None else None)

    def _left_the_mark(self) -> None:
        """The replay was stepped away from the mark's board: its drawing goes."""
        m, s = self.review.mark, self.page.session
        if m is not None and s.frame_index != s.frame_of_step(m.step):
            draw_coach(self.page.board.kit, None)


class ReviewLauncher(pn.viewable.Viewer):
    """A Play page's "Review this game", shown once its game is over, and "Resign" beside it while a game
    runs (see the module docstring): a first click asks "Really resign?", a second gives the game up
    (``resign.Resigning``) and the review's button appears. The page has ``session`` (with ``game_over``,
    ``learner_players``, ``resign()`` and ``resigned``), ``keep_watch`` (its session's parameters that change
    after every action) and ``open_replay()``."""

    def __init__(self, play_page: Any, **params: Any) -> None:
        super().__init__(**params)
        self.play_page = play_page
        self.button = pn.widgets.Button(label="Review this game", color="primary", width=170, visible=False,
                                        css_classes=["review-game"], description="The coach's marks on your decisions")
        self.button.on_click(lambda e: self.open())
        self.resign_button = pn.widgets.Button(label="Resign", visible=False, css_classes=["resign-game"],
                                               description="Give this game up; then review it")
        self.resign_button.on_click(lambda e: self.resign())
        self._armed = False
        session = play_page.session
        session.param.watch(lambda *e: self.refresh(disarm=True),
                            [*play_page.keep_watch, *(["resigned"] if "resigned" in session.param else [])])
        self.layout = wrapping_row(self.resign_button, self.button)
        self.refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def refresh(self, disarm: bool = False) -> None:
        s = self.play_page.session
        over = bool(s.game_over)
        if self.button.visible != over:
            self.button.visible = over
        if disarm:
            self._armed = False
        running = bool(getattr(s, "can_resign", False))
        label = "Really resign? Click again" if self._armed else "Resign"
        if self.resign_button.label != label:
            self.resign_button.label = label
            self.resign_button.button_type = "danger" if self._armed else "default"
        if self.resign_button.visible != bool(running):
            self.resign_button.visible = bool(running)

    def resign(self) -> bool:
        """First click: ask again; second: the session resigns (True once it has)."""
        if not self._armed:
            self._armed = True
            self.refresh()
            return False
        self._armed = False
        done = bool(self.play_page.session.resign())
        self.refresh()
        return done

    def open(self) -> Any:
        """The game's replay under the board with the review of the people's decisions on it (None: no game
        over yet)."""
        if not self.play_page.session.game_over:
            return None
        page = self.play_page.open_replay()         # under the board, brought into view
        return page.open_review(self.play_page.session.learner_players) if page is not None else None
