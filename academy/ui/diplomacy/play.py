"""The Play tab of Diplomacy, and the page of a shared Diplomacy game.

``DiplomacyPlayPage``: a new-game form (which powers are people on this screen; the others are the CPU,
easy, normal or hard per power, a line saying what to expect of each level; an optional length), then the board, the orders panel (click menu, list, typed orders, preview,
submit), the centres, the results of every phase, and the Rules panel. Several people share the screen
in turn (hot seat): a cover hides the board between two people's orders.

``SharedDiplomacyPage``: the same board and panels for one seat of a shared game (``SharedDiplomacy``),
with who has submitted, the clock and a link to all games. Nothing here knows a rule.
"""
from __future__ import annotations

from html import escape
from typing import Any

import panel as pn
import param

from academy.ui.fit import board_and_side
from academy.ui.defer import later
from academy.ui.leave_view import LeaveView
from academy.ui.messages_view import MessagesView
from academy.ui.coach_box import CoachBox
from academy.ui.play_frame import PlayFrame
from academy.ui.position_link import position_text
from academy.ui.seat_info import seat_info_pane

from .board import DiplomacyBoard
from .panels import LEGEND, OrdersPanel, ResultsPanel, centres_html
from .session import POWERS, LocalDiplomacy, SharedDiplomacy, past_phases
from .style import CSS
from academy.ui.rule_line import divider
from academy.ui.labels import hidden_label, wrapping_row
from academy.ui.conquest.session import CPU_LEVELS
from academy.ui.tick import Tick
from academy.ui.cpu_levels import level_notes_pane, who_plays
from academy.ui.practice import practice_message
from academy.ui.rules_page import rules_card

__all__ = ["DiplomacyPlayPage", "SharedDiplomacyPage", "shared_diplomacy_page", "YEARS_OPTIONS"]

NO_LIMIT = "No limit (18 centres win)"
#: the lengths offered; 0 is no limit (a Select shows a None value as a blank box)
YEARS_OPTIONS = {NO_LIMIT: 0, "1 year": 1, "2 years": 2, "5 years": 5, "10 years": 10}
CPU_OPTIONS = {f"CPU {level}": level for level in CPU_LEVELS}


def _board_footer(board: DiplomacyBoard) -> Any:
    """The legend and a switch for the last phase's orders, under the board."""
    toggle = Tick("Show the last phase's orders", value=board.show_last, css_classes=["show-last"])
    toggle.param.watch(lambda e: setattr(board, "show_last", e.new), "value")
    return pn.Column(pn.pane.HTML(LEGEND, stylesheets=[CSS], sizing_mode="stretch_width"), toggle,
                     sizing_mode="stretch_width", margin=0)


class DiplomacyPlayPage(PlayFrame, pn.viewable.Viewer):
    """The Play tab of Diplomacy (see the module docstring); ``seed`` fixes the games' seed (tests)."""

    session = param.Parameter()
    game = "diplomacy"

    def __init__(self, session: LocalDiplomacy | None = None, seed: int | None = None, position: str | None = None,
                 **params: Any) -> None:
        super().__init__(session=session or LocalDiplomacy(), **params)
        s = self.session
        self.seed = seed
        self.people = pn.widgets.CheckButtonGroup(options={p.title(): p for p in POWERS}, value=["FRANCE"],
                                                  color="primary", variant="outline", css_classes=["people-choice"])
        self.levels = {p: pn.widgets.Select(label=p.title(), options=CPU_OPTIONS, value="normal", width=130,
                                            css_classes=["cpu-level", f"cpu-level-{p.lower()}"])
                       for p in POWERS}
        self.all_levels = pn.widgets.Select(label="Every CPU power", options=CPU_OPTIONS, value="normal", width=160,
                                            css_classes=["cpu-level-all"])
        self.all_levels.param.watch(lambda e: self._set_all_levels(e.new), "value")
        self.who = pn.pane.HTML("", stylesheets=[CSS], css_classes=["who-plays"], margin=(0, 10))
        self.people.param.watch(lambda e: self._show_levels(), "value")
        self._show_levels()
        self.years = pn.widgets.Select(options=YEARS_OPTIONS, value=YEARS_OPTIONS[NO_LIMIT], width=240,
                                       css_classes=["years-choice"])
        hidden_label(self.years, "Length")   # the bold label above it says it on screen
        self.start = pn.widgets.Button(label="Start game", color="primary", width=160, css_classes=["start-game"])
        self.start.on_click(lambda e: self.start_game())
        form = pn.Column(
            pn.pane.HTML("<b>Who plays on this screen</b> <span class='academy-muted'>(the CPU plays the "
                         "others; several people take turns at the screen, each writing their orders in "
                         "secret)</span>", stylesheets=[CSS]),
            self.people, self.who, pn.pane.HTML("<b>The CPU powers</b>", margin=(8, 5, 0, 5)),
            self.all_levels, wrapping_row(*self.levels.values()), level_notes_pane("diplomacy"),
            pn.pane.HTML("<b>Length</b>", margin=(8, 5, 0, 5)), self.years, self.start,
            self.form_message_pane(CSS), sizing_mode="stretch_width", css_classes=["new-game-form"])
        self.board = DiplomacyBoard(s)
        self.centres = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["centres"])
        self.orders_panel = OrdersPanel(s)
        side = pn.Column(CoachBox(s, self.keep_watch), self.orders_panel, divider(), self.centres, sizing_mode="stretch_width", margin=0,
                         css_classes=["side-panel"])
        self.table = board_and_side(pn.Column(self.board, _board_footer(self.board), sizing_mode="stretch_width",
                                              margin=0), side, 410)
        replay_area = self.replay_slot()
        tools = self.save_load_bar()
        self.save, self.load = tools.save, tools.load
        self.game_area = pn.Column(
            self.pass_screen(s.show_screen, CSS), self.table, tools, self.share_link(lambda: s.engine_state, self.practice_line),
            replay_area,
            pn.Card(ResultsPanel(s), title="Results of each phase", sizing_mode="stretch_width",
                    css_classes=["results-card"]),
            rules_card("diplomacy"), sizing_mode="stretch_width", visible=False, margin=0)
        self.layout = pn.Column(self.new_game_card(form), self.game_area, sizing_mode="stretch_width",
                                css_classes=["diplomacy-play"])
        self.watch_session(["state", "ready", "power", "history"], position)

    def _save(self) -> Any:
        return self.tools.saved()

    def open_replay(self) -> Any:
        """The game so far, phase by phase, under the board (everything: this is a game on this screen)."""
        from .replay import DiplomacyReplay, DiplomacyReplayPage
        st = self.session.engine_state
        if st is None:
            return None
        page = DiplomacyReplayPage(DiplomacyReplay(st.record.fork(), viewer=None, title=self.replay_title(),
                                                   masked=not self.session.game_over), embedded=True)
        return self.show_replay(page)

    def practice_line(self) -> str | None:
        """The position "Play this out against the CPU" starts from: the shared one, naming the power the
        person at this screen plays ("France to order, ..."), so that the practice game keeps that power."""
        from academy.games.diplomacy.position_line import format_position
        s = self.session
        st = s.engine_state
        if st is None or not s.people or position_text(self.game, st) is None:
            return None
        return format_position(st.position, s.seat_id if s.seat_id in s.people else s.people[0])

    def open_position(self, text: str, cpu: str | None = None) -> bool:
        """Play the position of a shared link: its power "to order" by a person on this screen (no such
        power named: every power with units and no orders in the link), and the orders the link gives
        another power as that power's orders for the first phase (the CPU plays it after); with ``cpu`` (a
        level) only the first such power is played here and the CPU plays the others at that level; False
        (and why, in the form) if the line cannot be read."""
        from academy.games.diplomacy.position_line import parse_position
        state = self.read_link(text)
        if state is None:
            return False
        _position, learner, fixed = parse_position(text)      # read once already: the link's learner and orders
        if learner:
            people = [learner]
        else:
            people = sorted({unit.power for unit in state.position.units.values()} - set(fixed)) or ["FRANCE"]
        for power, orders in fixed.items():
            if power not in people and power in state.powers_to_order():
                state.submit(power, list(orders))     # the link's orders: that power's for this phase
        if cpu:                          # played out against the CPU: one power here, every other at that level
            people = people[:1]
            self.session.new_game(people=people, state=state,
                                  levels={p: cpu for p in state.powers if p not in people})
            self.session.message = practice_message(cpu, people[0].title())
        else:
            self.session.new_game(people=people, state=state)
        if fixed:
            s = self.session
            given = "; ".join(f"{pw.title()}: {', '.join(o)}" for pw, o in fixed.items())
            s.param.update(others={pw: list(o) for pw, o in fixed.items()},
                           message=f"{s.message} The link's orders are in for this phase ({given}); the CPU "
                                   "plays those powers after it.")
        self.session.show_screen()       # whoever opened the link is at the screen: no cover for the first orders
        return True

    # --- kept over a reload (academy.ui.local_games) ----------------------------------------------
    keep_watch = ("state",)

    def local_game(self) -> Any:
        """The game to keep: its record and the powers played on this screen (None: no game yet)."""
        from academy.ui.local_games import LocalGame
        st = self.session.engine_state
        if st is None:
            return None
        return LocalGame(st.record, {"people": list(self.session.people), "levels": dict(self.session.levels)},
                         self.session.game_over)

    def resume_local_game(self, record: Any, setup: dict[str, Any]) -> None:
        """Play on from a kept record with the same people on this screen, every phase's results back."""
        s = self.session
        s.new_game(people=[str(p) for p in setup.get("people") or ()], state=record.replay(),
                   levels=dict(setup.get("levels") or {}))
        s.param.update(history=past_phases(record), message="")

    def _show_levels(self) -> None:
        """A level choice for each power the CPU plays (those not played on this screen), and the line that says
        who plays ("Played here: France. The CPU plays Austria, …, each at the level chosen below.")."""
        for p, w in self.levels.items():
            w.visible = p not in self.people.value
        cpu = [p.title() for p in POWERS if p not in self.people.value]
        text = who_plays([p.title() for p in POWERS if p in self.people.value], cpu)
        self.who.object = f"<span class='academy-muted'>{escape(text)}</span>"
        self.all_levels.visible = bool(cpu)

    def _set_all_levels(self, level: str) -> None:
        """"Every CPU power": one choice sets the level of all six (each may still be changed after)."""
        for w in self.levels.values():
            w.value = level

    def start_game(self) -> bool:
        levels = {p: w.value for p, w in self.levels.items() if p not in self.people.value}
        return self.start_or_say(lambda: self.session.new_game(
            people=list(self.people.value), seed=self.seed, years=self.years.value or None, levels=levels))

    def pass_screen_words(self) -> tuple[str, str, str]:
        name = self.session.power.title()
        return name, (f"{escape(name)} writes their orders now; the others look away. The orders stay secret "
                      "until the phase resolves."), "orders"

    def _update(self, *events: Any) -> None:
        s = self.session
        with pn.io.hold():
            has_game = s.state is not None
            self.show_frame(has_game, covered=has_game and not s.ready)
            if has_game:
                self.centres.object = centres_html(s)


class SharedDiplomacyPage(pn.viewable.Viewer):
    """One seat (or a spectator) of a shared Diplomacy game: board, orders, who submitted, results."""

    session = param.Parameter()

    def __init__(self, session: SharedDiplomacy, **params: Any) -> None:
        super().__init__(session=session, **params)
        s = session
        self.seat_info = seat_info_pane("Diplomacy game", s.live.game_id, s.power.title() if s.power else None,
                                        s.token, s)
        self.board = DiplomacyBoard(s)
        self.clock = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["game-clock"])
        self.centres = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["centres"])
        self.leave = LeaveView(s)
        self.draw_text = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["draw-votes"])
        self.draw_button = pn.widgets.Button(label="Propose a draw", width=160, css_classes=["draw-vote"],
                                             visible=s.power is not None)
        self.draw_button.on_click(lambda e: s.vote_draw(s.power not in s.draw_votes))
        side = pn.Column(self.clock, OrdersPanel(s), divider(), self.centres, self.draw_text,
                         self.draw_button, self.leave, sizing_mode="stretch_width",
                         margin=0, css_classes=["side-panel"])
        self.layout = pn.Column(
            self.seat_info,
            board_and_side(pn.Column(self.board, _board_footer(self.board), sizing_mode="stretch_width", margin=0),
                           side, 410),
            pn.Card(ResultsPanel(s), title="Results of each phase", sizing_mode="stretch_width",
                    css_classes=["results-card"]),
            MessagesView(s), rules_card("diplomacy"), sizing_mode="stretch_width", css_classes=["diplomacy-play", "shared-play"])
        s.param.watch(later(self._update), ["state", "deadline", "status", "submitted", "draw_votes"])
        self._update()
        doc = pn.state.curdoc
        if s.clock is not None and doc is not None and doc.session_context is not None:
            self._ticker = pn.state.add_periodic_callback(self._update, period=1000)

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def _update(self, *events: Any) -> None:
        s = self.session
        text = ""
        if s.status == "finished":
            text = "This game is over."
        elif s.clock is not None and s.deadline is not None:
            from academy.store.live import duration_text
            left = s.live.time_left()
            text = (f"⏱ {duration_text(left)} left for this phase; then it resolves with the orders given "
                    "(units without orders hold)." if left is not None and left > 0 else "⏱ Time is up: the "
                    "phase resolves now.")
        elif s.clock is not None:
            text = "⏱ The clock starts when every seat is taken."
        obj = f"<div class='waiting' role='timer'>{escape(text)}</div>" if text else ""
        if obj != self.clock.object:
            self.clock.object = obj
        centres = centres_html(s)
        if centres != self.centres.object:
            self.centres.object = centres
        words = s.draw_text()
        self.draw_text.object = f"<div class='waiting'>{escape(words)}</div>" if words else ""
        self.draw_button.label = "Withdraw from the draw" if s.power in s.draw_votes else "Propose a draw"
        self.draw_button.visible = s.power is not None and s.status != "finished" and not s.out


def shared_diplomacy_page(game: Any, seat: str | None = None) -> pn.viewable.Viewable:
    """The page of a shared Diplomacy game for the seat ``seat`` opens (None: watching)."""
    return SharedDiplomacyPage(SharedDiplomacy(game, seat or None))
