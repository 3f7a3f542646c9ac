"""The Play tab of Tactics: a new-game form (the map, each army a person or a CPU level, commanders, fog,
luck, starting funds), then the board, the side panel (status with funds, day, weather and power meters;
the message; the action buttons; the odds of the aimed attack; why the last attack did what it did; every
event of the game, grouped by day, ``academy.ui.event_log``) and the Rules card. Two people share the screen in turn (hot seat); with fog a cover hides
the board between their turns. "Replay this game" shows the game so far step by step under the board
(replay.py). Nothing here knows a rule."""
from __future__ import annotations

from html import escape
from typing import Any

import panel as pn
import param

from academy.games.tactics.commanders import COMMANDERS
from academy.games.tactics.mapdata import available_maps
from academy.games.tactics.missions import MISSIONS
from academy.ui.fit import board_and_side
from academy.ui.coach_box import CoachBox
from academy.ui.event_log import EventLog
from academy.ui.local_games import KeptBySeats
from academy.ui.play_frame import PlayFrame, message_html, show_objects

from .board import TacticsBoard
from .controls import ActionControls
from .house_rules import HouseRules
from .panels import CSS, LEGEND, odds_html, status_html, why_html
from .session import CPU_LEVELS, HUMAN, TacticsSession
from academy.ui.rule_line import divider
from academy.ui.practice import practice_message, practice_seats
from academy.ui.cpu_levels import level_notes_pane
from academy.ui.seat_choice import play_seat_options, seat_select
from academy.ui.rules_page import rules_card
from ..tap_answer import TAP_ANSWER

__all__ = ["TacticsPlayPage", "SEAT_OPTIONS", "COMMANDER_OPTIONS", "map_options"]

SEAT_OPTIONS = play_seat_options(HUMAN, CPU_LEVELS)
COMMANDER_OPTIONS = {"No commander": "", **{f"{c.name}: {c.blurb}": c.id for c in COMMANDERS.values()}}


MISSION_OPTIONS = {"None (a skirmish)": "", **{m.title: m.id for m in MISSIONS.values()}}


def map_options() -> dict[str, Any]:
    """The skirmish maps that load (label -> map), smallest first."""
    maps, _errors = available_maps()
    ordered = sorted(maps.values(), key=lambda m: (m.width * m.height, m.id))
    return {f"{m.name} ({m.width}×{m.height})": m for m in ordered}


class TacticsPlayPage(PlayFrame, KeptBySeats, pn.viewable.Viewer):
    """The Play tab of Tactics (see the module docstring); ``seed`` fixes the games' seed (tests)."""

    session = param.Parameter()
    game = "tactics"

    def __init__(self, session: TacticsSession | None = None, seed: int | None = None, position: str | None = None,
                 **params: Any) -> None:
        super().__init__(session=session or TacticsSession(), **params)
        s = self.session
        self.seed = seed
        self.maps = map_options()
        self.maps_by_id = {m.id: m for m in self.maps.values()}
        first = next(iter(self.maps.values()))
        self.map_choice = pn.widgets.Select(label="Map", options={k: m.id for k, m in self.maps.items()},
                                            value=first.id, width=300, css_classes=["map-choice"])
        self.seat_choices = [seat_select(f"{army.capitalize()} is played by", SEAT_OPTIONS,
                                         HUMAN if i == 0 else "normal", [f"seat-choice-{i}"])
                             for i, army in enumerate(first.players)]
        self.commander_choices = [pn.widgets.Select(label=f"{army.capitalize()}'s commander",
                                                    options=COMMANDER_OPTIONS, value="", width=330,
                                                    css_classes=[f"commander-choice-{i}"])
                                  for i, army in enumerate(first.players)]
        self.house = HouseRules(first.settings, suffix="-choice")
        self.fog, self.luck, self.funds = self.house.fog, self.house.luck, self.house.funds
        self.map_choice.param.watch(self._on_map, "value")
        self.mission = pn.widgets.Select(label="Campaign mission", options=MISSION_OPTIONS, value="", width=300,
                                         css_classes=["mission-choice"])
        self.mission_brief = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width",
                                          css_classes=["mission-brief"])
        self.mission.param.watch(self._on_mission, "value")
        self.start = pn.widgets.Button(label="Start game", color="primary", width=160, css_classes=["start-game"])
        self.start.on_click(lambda e: self.start_game())
        form = pn.Column(
            pn.FlexBox(self.map_choice, self.mission, flex_wrap="wrap", margin=0), self.mission_brief,
            pn.FlexBox(*[pn.Column(seat, cmdr, margin=0) for seat, cmdr in zip(self.seat_choices,
                                                                              self.commander_choices)],
                       flex_wrap="wrap", margin=0),     # under each other on a phone
            pn.pane.HTML("<span class='muted'>Two people: they take turns at this screen (with fog, a cover hides "
                         "the board between turns). Two CPUs: watch them play.</span>", stylesheets=[CSS]),
            level_notes_pane("tactics"), self.house.layout(), self.start, self.form_message_pane(CSS),
            sizing_mode="stretch_width", css_classes=["new-game-form"])

        self.board = TacticsBoard(s)
        self.status = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["tactics-status"])
        self.message = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["game-message", TAP_ANSWER])
        self.controls = ActionControls(s)
        self.odds = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["attack-odds"])
        self.why = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["attack-why"])
        self.events = EventLog(s, entries=lambda: s.log, mine=lambda: {s.viewer} if s.viewer is not None else set(),
                               watch=["log", "viewer"], css_classes=["last-events"], max_height=360)
        side = pn.Column(self.status, self.message, CoachBox(s, self.keep_watch), self.controls, self.odds, self.why, divider(),
                         pn.pane.HTML("<b>What happened</b>", stylesheets=[CSS], margin=(4, 5, 0, 5)),
                         self.events, sizing_mode="stretch_width", margin=0, css_classes=["side-panel"])
        self.legend = pn.pane.HTML(LEGEND, stylesheets=[CSS], sizing_mode="stretch_width",
                                   max_width=self._board_width())
        self.table = board_and_side(pn.Column(self.board, self.legend, sizing_mode="stretch_width", margin=0), side,
                                    430)
        replay_area = self.replay_slot()
        self.game_area = pn.Column(self.pass_screen(s.show_screen, CSS), self.table, self.save_load_bar(),
                                   self.share_link(lambda: s.state), replay_area, rules_card("tactics"),
                                   sizing_mode="stretch_width", visible=False, margin=0)
        self.layout = pn.Column(self.new_game_card(form), self.game_area, sizing_mode="stretch_width",
                                css_classes=["tactics-play"])
        self.watch_session(["obs", "message", "preview", "last_attack", "log", "thinking", "ready"], position)
        self.stop_cpu_when_closed()

    def _board_width(self) -> int:
        return max(520, int(self.board.figure.width or 0))

    def _on_map(self, event: Any) -> None:
        tmap = next(m for m in self.maps.values() if m.id == event.new)
        for i, army in enumerate(tmap.players[:len(self.seat_choices)]):
            self.seat_choices[i].label = f"{army.capitalize()} is played by"
            self.commander_choices[i].label = f"{army.capitalize()}'s commander"
        self.house.set_from(tmap.settings)

    def _on_mission(self, event: Any) -> None:
        """A mission sets the map (and the weather); its brief shows under the choice."""
        campaign = MISSIONS.get(event.new)
        self.map_choice.disabled = campaign is not None
        if campaign is None:
            self.mission_brief.object = ""
            return
        self.map_choice.value = campaign.map
        army = self.maps_by_id[campaign.map].players
        self.mission_brief.object = (f"<div class='muted'><b>{escape(campaign.title)}</b> ({campaign.weather}): "
                                     f"{escape(campaign.brief)} {escape(army[0].capitalize())} has the objective; "
                                     f"{escape(army[1].capitalize())} defends.</div>")

    def open_replay(self) -> Any:
        """The game so far, step by step, under the board: everything once it is over or without fog; while
        a fog game runs, what the person at the screen saw (the CPU's moves out of sight stay hidden)."""
        from .replay import TacticsReplay, TacticsReplayPage
        s = self.session
        if s.state is None:
            return None
        masked = bool(s.state.game.options["fog"]) and not s.game_over and s.viewer is not None
        session = TacticsReplay(s.state.record.fork(), viewer=s.viewer if masked else None, masked=masked,
                                title=self.replay_title(s.player_name(s.viewer) if masked else ""),
                                seat_names=[s.seat_label(p) for p in range(s.state.game.num_players)])
        page = TacticsReplayPage(session, embedded=True)
        return self.show_replay(page)

    def open_position(self, text: str, cpu: str | None = None) -> bool:
        """Play the position of a shared link, both armies here (the map's own options; with ``cpu``, a level:
        the army to move here, the other that CPU); False (and why, in the form) if the line cannot be read."""
        state = self.read_link(text)
        if state is None:
            return False
        if cpu:
            self.session.start_from(state, practice_seats(state, HUMAN, cpu),
                                    message=practice_message(cpu, state.game.player_name(state.to_move())))
        else:
            self.session.start_from(state, [HUMAN] * state.game.num_players,
                                    message="This position was opened from a link: both armies are played here.")
        if not self.session.ready:
            self.session.show_screen()   # whoever opened the link is at the screen: no cover for the first turn
        return True

    # --- kept over a reload (academy.ui.local_games) ----------------------------------------------
    keep_watch = ("obs",)

    def start_game(self) -> bool:
        """Start a game with the form's choices; False (and the reason under the form) if refused."""
        return self.start_or_say(lambda: self.session.new_game(
            seats=[w.value for w in self.seat_choices], map_id=self.map_choice.value,
            commanders=[w.value or None for w in self.commander_choices], seed=self.seed,
            mission=self.mission.value or None, **self.house.options()))

    def pass_screen_words(self) -> tuple[str, str, str]:
        name = self.session.player_name(self.session.viewer)
        return name, f"Fog of war is on: {escape(name)} plays now and the other player looks away.", "board"

    def _update(self, *events: Any) -> None:
        s = self.session
        with pn.io.hold():
            has_game = s.state is not None
            if self.legend.max_width != self._board_width():     # the map (and the board's size) changed
                self.legend.max_width = self._board_width()
            self.show_frame(has_game, covered=has_game and not s.ready)
            show_objects(((self.status, status_html(s)), (self.message, message_html(s.message)),
                          (self.odds, odds_html(s.preview)), (self.why, why_html(s.last_attack))))
