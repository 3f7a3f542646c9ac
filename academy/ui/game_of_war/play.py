"""The Play tab of the Game of War: a new-game form, the board, the side panel and the Rules card.

The side panel shows whose turn it is, the moves left (of 5), the message (refusals in the engine's
words), the preview of the aimed attack (``combat.combat``: totals, result, who counts), End turn,
Attack and Undo (Space also ends the turn), a switch to draw a side's lines of communication, and every
event of the game with its why, grouped by turn (``academy.ui.event_log``). With free deployment, the side panel first shows the palette of units to
place and Done (deploy.py); in hot seat a cover hides the board between North's and South's deployment;
Save, Load, the share link and the replay wait until both armies are deployed. The form may also start
from a position line pasted by the person (``snapshot.parse_position``). Under the board: Save (the
record as JSON), Load (a saved record, to play on) and a replay of the game so far.
Nothing here knows a rule.
"""
from __future__ import annotations

from html import escape
from typing import Any

import panel as pn
import param
from panel.custom import JSComponent

from academy.core.errors import RulesError
from academy.games.game_of_war.snapshot import parse_position
from academy.games.game_of_war.units import MOVES_PER_TURN
from academy.ui.fit import board_and_side
from academy.ui.coach_box import CoachBox
from academy.ui.event_log import EventLog
from academy.ui.local_games import KeptBySeats
from academy.ui.play_frame import PlayFrame, message_html, show_objects

from .board import CUT_OFF_FILL, CUTTING, DESTINATION, SIDE_COLOURS, TARGET, GameOfWarBoard
from .deploy import DeploymentCover, DeploymentPanel
from .legend import unit_key_text, unit_legend
from .session import CPU_LEVELS, DEPLOYMENTS, HUMAN, GameOfWarSession
from academy.ui.rule_line import divider
from academy.ui.labels import hidden_label, wrapping_row
from academy.ui.practice import practice_message, practice_seats
from academy.ui.cpu_levels import level_notes_pane
from academy.ui.rules_page import rules_card
from ..tap_answer import TAP_ANSWER

__all__ = ["GameOfWarPlayPage", "SIDE_OPTIONS", "lines_choice"]

SIDE_OPTIONS = {"North": "north", "South": "south", "Both (two people, one screen)": "both"}

CSS = """
:host { --ink: #1f2933; --muted: #52606d; color: var(--ink); font-size: 14px; line-height: 1.45; }
.gow-banner { font-size: 20px; font-weight: 700; }
.gow-banner .sub { font-weight: 400; color: var(--muted); font-size: 15px; }
.muted { color: var(--muted); font-size: 0.93em; }
.academy-message { background: #fff8e1; border-left: 4px solid #E0A000; padding: 6px 10px; border-radius: 4px; }
.preview-box { background: #f1f6fb; border: 1px dashed #7fa7c9; border-radius: 8px; padding: 6px 10px; }
.preview-box h4, .events h4 { margin: 2px 0 6px 0; font-size: 14px; }
.why { color: var(--muted); font-size: 0.9em; margin: 0 0 0 14px; padding: 0; }
.events { max-height: 360px; overflow-y: auto; }
.events p { margin: 3px 0; }
.legend span.key { display: inline-block; width: 12px; height: 12px; border-radius: 3px; margin: 0 4px 0 10px;
                   vertical-align: -1px; border: 1px solid #0004; }
"""

LEGEND = (
    "<div class='legend muted'>"
    f"<span class='key' style='background:{SIDE_COLOURS['north']}'></span>North"
    f"<span class='key' style='background:{SIDE_COLOURS['south']}'></span>South"
    f"<span class='key' style='background:{CUT_OFF_FILL}'></span>cut off"
    "<span class='key' style='background:#7a6a58'></span>mountain"
    "<span class='key' style='background:#d8c08a'></span>pass"
    "<span class='key' style='background:#b9c0cc;border:2px solid #4a5566'></span>fortress"
    " · ★ arsenal"
    f" · <span style='color:{DESTINATION}'>●</span> where the selected unit may go"
    f" (<span style='color:{CUTTING}'>●</span> a move there cuts a unit off its lines)"
    f" · <span style='color:{TARGET}'>◯</span> an enemy it may attack · small dots: the chosen side's lines"
    " · dashed arrows: the last turn's moves<br>"
    f"Letters: {unit_key_text()}. "
    "Tap one of your units, then a green square to move, or an enemy ring to aim (tap it again to attack); "
    "or drag the unit onto the square or the enemy (the preview shows while you hold it there)."
    "</div>")


#: the chosen option of the lines' buttons: filled (the others only outlined), bold and ticked (issue 18)
CHOSEN_CSS = """
:host .bk-btn-group .bk-btn.bk-active { font-weight: 700; }
:host .bk-btn-group .bk-btn.bk-active::before { content: "\\2713\\00a0"; }
"""


def lines_choice(session: Any) -> pn.widgets.RadioButtonGroup:
    """Whose lines of communication the board shows (none, North's, South's): the chosen button filled,
    bold and ticked, the others outlined; a choice calls ``session.show_network``."""
    choice = pn.widgets.RadioButtonGroup(options={"No lines": "", "North's lines": "north", "South's lines": "south"},
                                         value=session.network_side or "", color="primary",
                                         variant="outline", stylesheets=[CHOSEN_CSS],
                                         css_classes=["network-choice"])
    choice.param.watch(lambda e: session.show_network(e.new or None), "value")
    return choice


def status_html(s: GameOfWarSession) -> str:
    """Whose turn it is (or who won), as the status banner shows it."""
    state = s.state
    if state is None:
        return ""
    if state.is_terminal():
        who = state.winner()
        head = "Draw" if who is None else f"{escape(s.seat_label(who))} wins"
        return (f"<div class='gow-banner'>{head}</div><div class='muted'>The game is over after turn "
                f"{state.turn}.</div>")
    if getattr(s, "resigned", None) is not None:
        return f"<div class='gow-banner'>{escape(s.resigned_line())}</div>"
    mover = state.to_move()
    name = escape(s.seat_label(mover))
    if state.phase == "deploy":
        return deployment_status_html(s)
    doing = " is thinking…" if s.is_cpu(mover) else " to play"
    phase = " (retreat first)" if state.phase == "retreat" else ""
    return (f"<div class='gow-banner'><span style='color:{SIDE_COLOURS[state.side]}'>{name}</span>{doing}"
            f"{phase}<div class='sub'>Turn {state.turn} · <span class='moves-left'>Moves left: "
            f"{state.moves_left} of {MOVES_PER_TURN}</span></div></div>")


def deployment_words(choice: str) -> str:
    """The line under the form's deployment choice: what that deployment is."""
    from academy.games.game_of_war.mapdata import deployment_description
    text = ("Each side places its 17 units in its own territory, hidden from the other until both are done."
            if choice == "free" else deployment_description("academy_default" if choice == "standard" else choice))
    return f"<span class='muted'>{escape(text)}</span>"


def deployment_status_html(s: GameOfWarSession) -> str:
    """The banner during free deployment: who is placing their army (and, to the others, only that)."""
    state = s.state
    mover = state.to_move()
    colour = SIDE_COLOURS[state.side]
    name = escape(s.seat_label(mover))
    done = [state.game.player_name(p) for p in range(mover or 0)]     # the engine deploys North, then South
    before = f"{escape(', '.join(done))} is deployed (hidden). " if done else ""
    if getattr(s, "covered", False):
        doing, sub = " deploys next", "Pass the screen: the other army stays hidden until both are done."
    elif s.is_cpu(mover) or getattr(s, "deploying", None) is None:
        doing, sub = " is deploying…", before + "Its units stay hidden until both armies are deployed."
    else:
        left = sum(s.unplaced().values())
        placed = len(list(s.board_position().units_of(state.side)))
        doing = ": deploy your army"
        count = f"{placed} placed, {left} to go" if left else f"All {placed} placed: press Done"
        sub = f"{before}<span class='deploy-count'>{escape(count)}</span>"
    return (f"<div class='gow-banner'><span style='color:{colour}'>{name}</span>{doing}"
            f"<div class='sub'>Free deployment · {sub}</div></div>")


def preview_html(s: GameOfWarSession) -> str:
    """The aimed attack's preview box (empty when nothing is aimed at)."""
    lines = s.preview_lines()
    if not lines:
        return ""
    body = "".join(f"<p style='margin:2px 0'>{escape(t)}</p>" for t in lines)
    return (f"<div class='preview-box'><h4>Attack preview: {escape(s.selected or '')} on "
            f"{escape(s.target or '')}</h4>{body}</div>")


class SpaceKey(JSComponent):
    """Counts presses of the Space bar on the page (not while typing or on a focused button)."""

    presses = param.Integer(0, doc="Space presses so far")

    _esm = """
    export function render({ model }) {
      const handler = (e) => {
        if (e.code !== 'Space' && e.key !== ' ') return;
        const t = e.composedPath ? e.composedPath()[0] : e.target;
        const tag = ((t && t.tagName) || '').toUpperCase();
        if (['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON'].includes(tag) || (t && t.isContentEditable)) return;
        e.preventDefault();
        model.presses = model.presses + 1;
      };
      document.addEventListener('keydown', handler);
      model.on('remove', () => document.removeEventListener('keydown', handler));
      return document.createElement('span');
    }
    """


def people_at_screen(s: GameOfWarSession) -> set[int]:
    """The players of the person at the screen: the person to move, else every person playing here."""
    humans = {p for p, seat in enumerate(s.seats) if seat == HUMAN}
    mover = s.state.to_move() if s.state is not None else None
    return {mover} if mover in humans else humans


class GameOfWarPlayPage(PlayFrame, KeptBySeats, pn.viewable.Viewer):
    """The Play tab of the Game of War (see the module docstring); ``seed`` fixes the games' seed (tests)."""

    session = param.Parameter()
    game = "game_of_war"

    def __init__(self, session: GameOfWarSession | None = None, seed: int | None = None,
                 position: str | None = None, **params: Any) -> None:
        super().__init__(session=session or GameOfWarSession(), **params)
        s = self.session
        self.seed = seed
        self.side = pn.widgets.Select(options=SIDE_OPTIONS, value="north", width=260, css_classes=["side-choice"])
        self.level = pn.widgets.Select(options={lvl.title(): lvl for lvl in CPU_LEVELS}, value="normal", width=160,
                                       css_classes=["level-choice"])
        self.deployment = pn.widgets.Select(options=DEPLOYMENTS, value="standard", width=260,
                                            css_classes=["deployment-choice"])
        #: what the chosen deployment is (the map's own words for its openings)
        self.deployment_about = pn.pane.HTML(deployment_words(self.deployment.value), stylesheets=[CSS],
                                             css_classes=["deployment-about"], margin=(0, 5))
        self.deployment.param.watch(lambda e: setattr(self.deployment_about, "object", deployment_words(e.new)),
                                    "value")
        for widget, text in ((self.side, "You play"), (self.level, "CPU level"), (self.deployment, "Deployment")):
            hidden_label(widget, text)   # the bold labels above them say it on screen
        self.position_input = pn.widgets.TextAreaInput(
            placeholder="North to move | North: N-I1 e5, N-C1 f6 | South: S-I1 e7", height=70,
            sizing_mode="stretch_width", max_width=420, css_classes=["position-input"])
        self.start = pn.widgets.Button(label="Start game", color="primary", width=160, css_classes=["start-game"])
        self.start.on_click(lambda e: self.start_game())
        form = pn.Column(
            pn.pane.HTML("<b>You play</b> <span class='muted'>(the CPU plays the other side; who moves first "
                         "is drawn)</span>", stylesheets=[CSS]), self.side,
            pn.pane.HTML("<b>CPU level</b>", margin=(8, 5, 0, 5)), self.level, level_notes_pane("game_of_war"),
            pn.pane.HTML("<b>Deployment</b>", stylesheets=[CSS], margin=(8, 5, 0, 5)), self.deployment,
            self.deployment_about,
            pn.pane.HTML("<b>Start from a position</b> <span class='muted'>(optional: paste a saved scenario, "
                         "one line in Game of War notation; it replaces the deployment)</span>",
                         stylesheets=[CSS], margin=(8, 5, 0, 5)), self.position_input,
            self.start, self.form_message_pane(CSS), sizing_mode="stretch_width", css_classes=["new-game-form"])

        self.board = GameOfWarBoard(s)
        self.status = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["gow-status"])
        self.message = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["game-message", TAP_ANSWER])
        self.preview = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width",
                                    css_classes=["combat-preview"])
        self.attack_button = pn.widgets.Button(label="Attack", color="danger", width=110, css_classes=["attack"],
                                               disabled=True)
        self.attack_button.on_click(lambda e: s.attack())
        self.end_button = pn.widgets.Button(label="End turn", color="primary", width=110, css_classes=["end-turn"])
        self.end_button.on_click(lambda e: s.end_turn())
        self.undo_button = pn.widgets.Button(label="Undo", width=90, css_classes=["undo"])
        self.undo_button.on_click(lambda e: s.undo())
        self.lines = lines_choice(s)
        self.events = EventLog(s, entries=lambda: s.log, mine=lambda: people_at_screen(s), watch=["log"],
                               css_classes=["last-events"], max_height=380)
        self.space = SpaceKey(width=0, height=0, margin=0)
        self.space.param.watch(lambda e: self._space(), "presses")
        self.deploy_panel = DeploymentPanel(s)
        self.cover = DeploymentCover(s)
        self.play_buttons = wrapping_row(self.attack_button, self.end_button, margin=0)
        side = pn.Column(self.status, self.message, CoachBox(s, self.keep_watch), wrapping_row(self.play_buttons, self.undo_button),
                         self.deploy_panel,
                         self.preview, unit_legend(),
                         pn.pane.HTML("<b>Lines of communication</b>", stylesheets=[CSS]), self.lines,
                         divider(), pn.pane.HTML("<b>What happened</b>", stylesheets=[CSS], margin=(4, 5, 0, 5)),
                         self.events, self.space, sizing_mode="stretch_width", margin=0,
                         css_classes=["side-panel"])
        board_col = pn.Column(self.board, pn.pane.HTML(LEGEND, stylesheets=[CSS], sizing_mode="stretch_width", max_width=890),
                              sizing_mode="stretch_width", margin=0)
        replay_area = self.replay_slot()
        self.table = board_and_side(board_col, side, 400)
        self.game_tools = pn.Column(self.save_load_bar(), self.share_link(lambda: s.state), replay_area,
                                    sizing_mode="stretch_width", margin=0)
        self.game_area = pn.Column(self.cover, self.table, self.game_tools,
                                   rules_card("game_of_war"),
                                   sizing_mode="stretch_width", visible=False, margin=0)
        self.layout = pn.Column(self.new_game_card(form), self.game_area, sizing_mode="stretch_width",
                                css_classes=["game-of-war-play"])
        self.watch_session(["state", "message", "preview", "target", "thinking", "log", "selected", "placements",
                            "covered"], position)
        self.stop_cpu_when_closed()

    def open_position(self, text: str, cpu: str | None = None) -> bool:
        """Play the position of a shared link, both sides here (with ``cpu``, a level: the side to move here,
        the other that CPU); False (and why, in the form) if unreadable."""
        state = self.read_link(text)
        if state is None:
            return False
        if cpu:
            self.session.start_from(state, seats=practice_seats(state, HUMAN, cpu),
                                    message=practice_message(cpu, state.game.player_name(state.to_move())))
        else:
            self.session.start_from(state, seats=[HUMAN, HUMAN],
                                    message="This position was opened from a link: both sides are played here.")
        return True

    def open_replay(self) -> Any:
        """The game so far, move by move, under the board (everything: this is a game on this screen)."""
        from .replay import GameOfWarReplay, GameOfWarReplayPage
        st = self.session.state
        if st is None:
            return None
        page = GameOfWarReplayPage(GameOfWarReplay(st.record.fork(), title=self.replay_title()), embedded=True)
        return self.show_replay(page)

    # --- kept over a reload (academy.ui.local_games) ----------------------------------------------
    keep_watch = ("state",)

    def start_game(self) -> bool:
        """Start the game the form describes: from the pasted position if there is one, else with the
        chosen deployment. False (and why, under the form) for a bad position or option."""
        side, level = self.side.value, self.level.value
        seats = {"north": [HUMAN, level], "south": [level, HUMAN], "both": [HUMAN, HUMAN]}[side]
        text = (self.position_input.value or "").strip()
        if text:
            return self.start_position(text, seats)
        return self.start_or_say(lambda: self.session.new_game(seats=seats, deployment=self.deployment.value,
                                                               seed=self.seed))

    def start_position(self, text: str, seats: list[str]) -> bool:
        """Play on from a position line (``snapshot.parse_position``) with ``seats``; False and the
        engine's reason under the form if the line cannot be read."""
        try:
            state = parse_position(text)
        except RulesError as exc:
            self.form_message.object = (f"<div class='academy-message'>This position cannot be read: "
                                        f"{escape(exc.message)} Write it as "
                                        "<code>North to move | North: N-I1 e5 | South: S-I1 e7</code>, or clear "
                                        "the box to start with a deployment.</div>")
            return False
        return self.start_or_say(lambda: self.session.start_from(
            state, seats=seats, message=f"Started from your position: {state.game.player_name(state.to_move())}"
                                        " to play." if state.to_move() is not None else "Started from your position."))

    def _space(self) -> None:
        """Space ends the turn while a person is to play (ignored otherwise)."""
        s = self.session
        if s.state is not None and not s.state.is_terminal() and not s.cpu_to_move and not s.thinking \
                and s.state.phase != "deploy":
            s.end_turn()

    # --- rendering -----------------------------------------------------------------------------
    def status_html(self) -> str:
        return status_html(self.session)

    def preview_html(self) -> str:
        return preview_html(self.session)

    def _update(self, *events: Any) -> None:
        s = self.session
        with pn.io.hold():
            has_game = s.state is not None
            self.show_game(has_game)
            show_objects(((self.status, self.status_html()), (self.message, message_html(s.message)),
                          (self.preview, self.preview_html())))
            deploying = has_game and s.state.phase == "deploy"
            covered = has_game and s.covered
            if self.table.visible == covered:
                self.table.visible = not covered
            if self.game_tools.visible == deploying:         # they would show the hidden army
                self.game_tools.visible = not deploying
            if deploying and self.replay_area.objects:
                self.replay_area.objects = []
            if has_game and not deploying:
                self.share.refresh()
            self.tools.refresh()
            playing = has_game and not s.game_over and not s.cpu_to_move and not s.thinking
            self.attack_button.disabled = not (playing and s.preview is not None)
            self.end_button.disabled = not playing or deploying
            self.play_buttons.visible = not deploying
