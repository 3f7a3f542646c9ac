"""PlayPage: a game of Conquest against people on this screen (hot seat) and CPU players.

A new-game form, then the game: the phase banner, the board, the phase controls, the odds panel,
the players, the event log, the keyboard path, Undo / Save / Load / Replay, and the Rules panel.
Every part watches one ``ConquestSession``; nothing here knows a rule.
"""
from __future__ import annotations

from html import escape
from typing import Any

import panel as pn
import param

from academy.games.conquest.game import OPTIONS, PLAYER_NAMES
from academy.games.conquest.mapdata import available_maps
from academy.ui.fit import board_and_side, side_by_side
from academy.ui.practice import practice_message, practice_seats
from academy.ui.labels import wrapping_row
from academy.ui.coach_box import CoachBox
from academy.ui.play_frame import PlayFrame
from academy.ui.conquest.session import CPU_LEVELS, HUMAN, ConquestSession
from academy.ui.seat_choice import play_seat_options, seat_select

from .banner import PhaseBanner, players_html
from .board import ConquestBoard
from .controls import PhaseControls
from .keyboard import ActionPicker
from .log_view import EventLog
from .odds_panel import OddsPanel
from .style import CSS
from .setup_choice import setup_buttons
from .tools import GameTools
from academy.ui.rule_line import divider
from academy.ui.cpu_levels import level_notes_pane
from academy.ui.rules_page import rules_card
from ..tap_answer import TAP_ANSWER

__all__ = ["PlayPage", "NewGameForm"]

SEAT_OPTIONS = play_seat_options(HUMAN, CPU_LEVELS)
FORTIFY_LABELS = {"connected": "Connected path", "adjacent": "Adjacent only"}


class NewGameForm(pn.viewable.Viewer):
    """Seats (human or CPU level), set-up and fortification options; calls ``session.new_game`` through
    ``starter`` (the Play page's ``PlayFrame.start_or_say``: a running game is not thrown away unasked)."""

    session = param.Parameter()

    def __init__(self, session: ConquestSession, seed: int | None = None,
                 starter: Any = None, **params: Any) -> None:
        super().__init__(session=session, **params)
        self.seed = seed
        #: runs the start (``start(fn)``); by default at once
        self.starter = starter or (lambda start: start() or True)
        #: called after the form has started a game (the page folds the form away, however often it is used)
        self.on_started: list[Any] = []
        self.players = pn.widgets.RadioButtonGroup(label="Players", options=[2, 3, 4, 5, 6], value=2, color="primary",
                                                   variant="outline", css_classes=["players-choice"])
        self.seats = [seat_select(name, SEAT_OPTIONS, HUMAN if i == 0 else "normal", ["seat", f"seat-{i}"])
                      for i, name in enumerate(PLAYER_NAMES)]
        self.setup = setup_buttons(self.players, label="Set-up", color="primary", variant="outline",
                                   css_classes=["setup-choice"])
        self.fortify = pn.widgets.RadioButtonGroup(label="Fortify",
                                                   options={FORTIFY_LABELS[k]: k for k in OPTIONS["fortify"]},
                                                   value="connected", color="primary",
                                                   variant="outline", css_classes=["fortify-choice"])
        maps, map_errors = available_maps()
        self.map = pn.widgets.Select(label="Map", options={m.name: m.id for m in maps.values()},
                                     value="classic" if "classic" in maps else next(iter(maps.values())).id,
                                     width=260, css_classes=["map-choice"])
        self.map_errors = pn.pane.HTML("".join(f"<div class='feedback-wrong'>A map file could not be read: "
                                               f"{escape(str(e))}</div>" for e in map_errors),
                                       stylesheets=[CSS], visible=bool(map_errors), css_classes=["map-errors"])
        self.start = pn.widgets.Button(label="Start game", color="primary", width=160,
                                       css_classes=["start-game"])
        self.start.on_click(self._start)
        self.players.param.watch(self._show_seats, "value")
        self._show_seats()
        label = lambda text: pn.pane.HTML(f"<b>{text}</b>", margin=(8, 5, 0, 5))  # noqa: E731
        self.layout = pn.Column(
            label("Players"), self.players,
            label("Who plays each colour"), wrapping_row(*self.seats), level_notes_pane("conquest"),
            pn.pane.HTML('<span class="academy-muted">Several people share this screen and take turns '
                         "(hot seat); each sees only their own cards.</span>", stylesheets=[CSS]),
            label("Set-up"), self.setup, label("Fortification"), self.fortify, self.map, self.map_errors,
            self.start, css_classes=["new-game-form"], sizing_mode="stretch_width", margin=0)

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def _show_seats(self, *events: Any) -> None:
        for i, w in enumerate(self.seats):
            w.visible = i < self.players.value

    def _start(self, *events: Any) -> bool:
        n = self.players.value
        seats = [w.value for w in self.seats[:n]]
        setup, fortify, map_id = self.setup.value, self.fortify.value, self.map.value

        def start() -> None:
            self.session.choice.reset()           # a new game starts with the default amounts per click
            self.session.new_game(players=n, seats=seats, setup=setup, fortify=fortify, map=map_id, seed=self.seed)
            for started in list(self.on_started):
                started()
        try:
            return bool(self.starter(start))
        except ValueError:
            return False  # the engine's message is on session.message


class PlayPage(PlayFrame, pn.viewable.Viewer):
    """The Play tab of Conquest.

    ``session``: an existing ConquestSession (default: a new one with ``cpu_delay`` seconds between CPU
    actions); ``seed``: the seed of games started from the form (default: a fresh one each game);
    ``position``: a position line from a shared link, played hot seat (a bad line: its message, no game).
    """

    session = param.Parameter()
    game = "conquest"

    def __init__(self, session: ConquestSession | None = None, cpu_delay: float = 0.4, seed: int | None = None,
                 position: str | None = None, **params: Any) -> None:
        super().__init__(session=session or ConquestSession(cpu_delay=cpu_delay), **params)
        s = self.session
        self.form = NewGameForm(s, seed=seed, starter=self.start_or_say)
        self.new_game_card(self.form)
        # every Start folds the form away, the second one too (opened again with New game, it stayed open
        # above the board: the page folded it only when the first game appeared)
        self.form.on_started.append(lambda: setattr(self.form_card, "collapsed", True))
        self.banner = PhaseBanner(s)
        self.spinner = pn.indicators.LoadingSpinner(value=True, size=28, visible=False,
                                                    css_classes=["cpu-thinking"], align="center")
        self.message = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width",
                                    css_classes=["game-message", TAP_ANSWER], visible=False)
        self.board = ConquestBoard(s)
        self.players = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["players"])
        side = pn.Column(
            self.message, CoachBox(s, self.keep_watch), PhaseControls(s), divider(), OddsPanel(s), divider(), self.players,
            sizing_mode="stretch_width", margin=0, css_classes=["side-panel"])
        replay_area = self.replay_slot()
        self.table = pn.Column(
            board_and_side(self.board, side, 390),
            self.share_link(lambda: s.state),
            side_by_side(
                (pn.Column(ActionPicker(s),
                           GameTools(s, replay=self.open_replay), self.review_launcher,
                           sizing_mode="stretch_width", margin=0), 320, 1),
                (pn.Column(pn.pane.HTML("<h3 style='margin:4px 0'>What happened</h3>"), EventLog(s),
                           sizing_mode="stretch_width", margin=0), 320, 1)),
            replay_area, sizing_mode="stretch_width", margin=0)
        self.game_area = pn.Column(
            pn.Row(self.banner, self.spinner, sizing_mode="stretch_width", margin=0),
            # hot seat: between two people's turns a cover hides the screen until the next one is ready
            self.pass_screen(s.show_cards, CSS, width=260, min_height="320px"), self.table,
            rules_card("conquest"),
            sizing_mode="stretch_width", visible=False, margin=0)
        self.form_message = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", visible=False,
                                         css_classes=["form-message"])
        self.layout = pn.Column(self.form_card, self.form_message, self.game_area, sizing_mode="stretch_width",
                                css_classes=["conquest-play"])
        self.watch_session(["state", "message", "thinking", "seats", "cards_shown_for"], position)
        self.stop_cpu_when_closed()

    def open_replay(self) -> Any:
        """The game so far, step by step, under the board. With one person on this screen, as that person
        saw it while it runs (the CPU's cards stay hidden); with several, as a spectator would."""
        from .replay import conquest_replay_page
        s = self.session
        if s.state is None:
            return None
        humans = s.humans
        page = conquest_replay_page(s.state.record.fork(), viewer=humans[0] if len(humans) == 1 else None,
                                    masked=not s.game_over, title=self.replay_title(),
                                    seat_names=[s.seat_label(p) for p in range(s.state.game.num_players)],
                                    embedded=True)
        return self.show_replay(page)

    def open_position(self, text: str, cpu: str | None = None) -> bool:
        """Play the position of a shared link, every seat a person (with ``cpu``, a level: the player to move
        a person, the others that CPU); False (and why) if it cannot be read."""
        state = self.read_link(text)
        if state is None:
            return False
        if cpu:
            self.session.start_from(state, seats=practice_seats(state, "human", cpu),
                                    message=practice_message(cpu, state.game.player_name(state.to_move())))
        else:
            self.session.start_from(state, seats=["human"] * state.game.num_players,
                                    message="This position was opened from a link: every seat is played here.")
        self.session.show_cards()          # whoever opened the link is at the screen: no cover for the first turn
        return True

    # --- kept over a reload (academy.ui.local_games) ----------------------------------------------
    keep_watch = ("state", "seats")

    def local_game(self) -> Any:
        """The game to keep: its record and seats (None: no game yet)."""
        from academy.ui.local_games import LocalGame
        s = self.session
        if s.state is None:
            return None
        return LocalGame(s.state.record, {"seats": list(s.seats)}, s.game_over)

    def resume_local_game(self, record: Any, setup: dict[str, Any]) -> None:
        """Play on from a kept record with its seats; raises ValueError if it cannot be read."""
        seats = [str(x) for x in setup.get("seats") or ()]
        if len(seats) != record.game.num_players:
            raise ValueError(f"the kept game has {len(seats)} seats for {record.game.num_players} players")
        self.session.choice.reset()
        self.session.resume(record, seats)

    def start_game(self) -> bool:
        """Start a game with the form's choices (``PlayFrame.start_or_say``: asks first while one runs)."""
        return self.form._start()

    def say_in_form(self, text: str) -> None:
        """The session's message says it (under the form while there is no game)."""
        if text or self.session.state is None:     # no game: nothing else is said
            self.session.message = text

    def pass_screen_words(self) -> tuple[str, str, str]:
        name = self.session.state.game.player_name(self.session.viewer)
        return name, (f"{escape(name)}'s turn. The others look away: the next screen shows {escape(name)}'s "
                      "cards."), "turn"

    def covered(self) -> bool:
        """Hot seat with hidden cards: a person's turn begins and they have not said they are ready."""
        s = self.session
        return bool(s.state is not None and s.cards_hidden and s.state.turn and not s.state.is_terminal())

    def _update(self, *events: Any) -> None:
        s = self.session
        with pn.io.hold():
            has_game = s.state is not None
            self.show_game(has_game)
            self.spinner.visible = bool(s.thinking)
            text = s.message
            html = f'<div class="academy-message" role="status" aria-live="polite">{escape(text)}</div>' if text else ""
            target, other = (self.message, self.form_message) if has_game else (self.form_message, self.message)
            if target.object != html:
                target.object = html
            target.visible = bool(text)
            other.visible = False
            self.show_cover(has_game and self.covered())
            if has_game:
                self.share.refresh()
                players = players_html(s)
                if players != self.players.object:
                    self.players.object = players
