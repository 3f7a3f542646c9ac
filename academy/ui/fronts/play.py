"""The Play tab of Fronts: a new-game form (the map and number of players, teams or free-for-all,
which players are people on this screen, the CPU level), then the board, the orders panel with the
odds of the planned moves, the battle reports of every turn, Save / Load (the record as JSON) and a
replay of the game so far, and the Rules panel. Several people share the screen in turn (hot seat): a
cover hides the board between two people's orders.
Nothing here knows a rule."""
from __future__ import annotations

from html import escape
from typing import Any

import panel as pn
import param

from academy.games.fronts.mapdata import load_map
from academy.ui.fit import board_and_side
from academy.ui.coach_box import CoachBox
from academy.ui.play_frame import PlayFrame

from .board import FrontsBoard
from .map_page import map_link
from .panels import CSS, LEGEND, OddsPanel, OrdersPanel, ReportsPanel
from .session import GAMES, LEVELS, SIDES, TURNS, LocalFronts, default_mode, seats_note
from academy.ui.rule_line import divider
from academy.ui.cpu_levels import level_notes_pane, who_plays
from academy.ui.practice import practice_message
from academy.ui.rules_page import rules_card

__all__ = ["FrontsPlayPage"]

def _players(label: str) -> dict[str, str]:
    map_id, n = GAMES[label]
    fmap = load_map(map_id)
    ids = list(fmap.players)[:n]
    labels = {}
    for p in ids:
        name, team = fmap.players[p].name, fmap.teams.get(fmap.players[p].team, fmap.players[p].team)
        labels[name if team == name else f"{name} ({team})"] = p     # a team of one named for its player
    return labels


def _map_about(label: str) -> str:
    """The link to the chosen map's page (its provinces, terrain, cities and garrisons)."""
    fmap = load_map(GAMES[label][0])
    note = seats_note(label)
    return (f"<span class='academy-muted'>About this map: </span>{map_link(fmap.id, fmap.name, new_tab=True)}"
            "<span class='academy-muted'> (provinces, terrain, cities, garrisons)</span>"
            f"<br><span class='academy-muted turn-limit'>A game lasts {TURNS} turns: then the side holding the most "
            "cities wins (taking every enemy city wins sooner).</span>"
            + (f"<br><span class='academy-muted seats-note'>{escape(note)}</span>" if note else ""))


class FrontsPlayPage(PlayFrame, pn.viewable.Viewer):
    """The Play tab of Fronts (see the module docstring); ``seed`` fixes the games' seed (tests)."""

    session = param.Parameter()
    game = "fronts"

    def __init__(self, session: LocalFronts | None = None, seed: int | None = None, position: str | None = None,
                 **params: Any) -> None:
        super().__init__(session=session or LocalFronts(), **params)
        s = self.session
        self.seed = seed
        first = next(iter(GAMES))
        self.game_choice = pn.widgets.Select(label="Map and players", options=list(GAMES), value=first, width=300,
                                             css_classes=["game-choice"])
        self.mode = pn.widgets.RadioButtonGroup(options=SIDES, value="teams", color="primary",
                                                variant="outline", css_classes=["mode-choice"])
        people = _players(first)
        self.people = pn.widgets.CheckButtonGroup(options=people, value=[next(iter(people.values()))],
                                                  color="primary", variant="outline", css_classes=["people-choice"])
        self.level = pn.widgets.RadioButtonGroup(options={lv.capitalize(): lv for lv in LEVELS}, value="normal",
                                                 color="primary", variant="outline", css_classes=["level-choice"])
        self.map_about = pn.pane.HTML(_map_about(first), stylesheets=[CSS], css_classes=["map-about"])
        self.who = pn.pane.HTML("", stylesheets=[CSS], css_classes=["who-plays"], margin=(0, 10))
        self.game_choice.param.watch(self._on_game, "value")
        self.people.param.watch(self._on_people, "value")
        self.level.param.watch(self._on_people, "value")
        self.start = pn.widgets.Button(label="Start game", color="primary", width=160, css_classes=["start-game"])
        self.start.on_click(lambda e: self.start_game())
        form = pn.Column(
            self.game_choice, self.map_about,
            pn.pane.HTML("<b>Sides</b> <span class='academy-muted'>(teams: the map's teams; "
                         "free-for-all: every player for themselves)</span>", stylesheets=[CSS]),
            self.mode,
            pn.pane.HTML("<b>Who plays on this screen</b> <span class='academy-muted'>(the CPU plays the others; "
                         "several people take turns at the screen, each writing their orders in secret)</span>",
                         stylesheets=[CSS]),
            self.people, self.who, pn.pane.HTML("<b>CPU level</b>", stylesheets=[CSS]), self.level,
            level_notes_pane("fronts"), self.start,
            self.form_message_pane(CSS), sizing_mode="stretch_width", css_classes=["new-game-form"])
        self.board = FrontsBoard(s)
        side = pn.Column(CoachBox(s, self.keep_watch), OrdersPanel(s), divider(), OddsPanel(s), sizing_mode="stretch_width", margin=0,
                         css_classes=["side-panel"])
        legend = pn.pane.HTML(LEGEND, stylesheets=[CSS], sizing_mode="stretch_width")
        self.table = board_and_side(pn.Column(self.board, legend, sizing_mode="stretch_width", margin=0), side, 430)
        replay_area = self.replay_slot()
        self.game_area = pn.Column(
            self.pass_screen(s.show_screen, CSS), self.table, self.save_load_bar(),
            self.share_link(lambda: s.engine_state), replay_area,
            pn.Card(ReportsPanel(s), title="Battle reports", sizing_mode="stretch_width",
                    css_classes=["reports-card"]),
            rules_card("fronts"), sizing_mode="stretch_width", visible=False, margin=0)
        self.layout = pn.Column(self.new_game_card(form), self.game_area, sizing_mode="stretch_width",
                                css_classes=["fronts-play"])
        self._on_people()
        self.watch_session(["obs", "ready", "player"], position)

    def _on_game(self, event: Any) -> None:
        people = _players(event.new)
        self.mode.value = default_mode(event.new)
        self.map_about.object = _map_about(event.new)
        self.people.param.update(options=people, value=[next(iter(people.values()))])
        self._on_people()

    def _on_people(self, *events: Any) -> None:
        names = {p: label.split(" (")[0] for label, p in self.people.options.items()}
        text = who_plays([n for p, n in names.items() if p in self.people.value],
                         [n for p, n in names.items() if p not in self.people.value], self.level.value)
        self.who.object = f"<span class='academy-muted'>{escape(text)}</span>"
        self.level.disabled = all(p in self.people.value for p in names)

    def open_position(self, text: str, cpu: str | None = None) -> bool:
        """Play the position of a shared link, every player by a person on this screen (with ``cpu``, a level:
        the first player here, the others that CPU); False (and why, in the form) if the line cannot be read."""
        state = self.read_link(text)
        if state is None:
            return False
        if cpu:
            me = state.game.player_ids[0]
            self.session.level = cpu
            self.session.start_from(state, people=[me],
                                    message=practice_message(cpu, state.game.map.players[me].name))
        else:
            self.session.start_from(state, message="This position was opened from a link: every player is "
                                                    "played here, each in turn at the screen.")
        self.session.show_screen()       # whoever opened the link is at the screen: no cover for the first turn
        return True

    def open_replay(self) -> Any:
        """The game so far, turn by turn, under the board. With one person on this screen, as that
        person saw it (the CPU's stacks stay in the fog); with several, as a spectator would."""
        from .replay import FrontsReplay, FrontsReplayPage
        st = self.session.engine_state
        if st is None:
            return None
        people = self.session.people
        viewer = people[0] if len(people) == 1 else None
        masked = not self.session.game_over
        page = FrontsReplayPage(FrontsReplay(st.record.fork(), viewer=viewer, masked=masked,
                                             title=self.replay_title()),
                                embedded=True)
        return self.show_replay(page)

    # --- kept over a reload (academy.ui.local_games) ----------------------------------------------
    keep_watch = ("obs",)

    def local_game(self) -> Any:
        """The game to keep: its record, the players on this screen and the CPU level (None: no game yet)."""
        from academy.ui.local_games import LocalGame
        s = self.session
        st = s.engine_state
        if st is None:
            return None
        return LocalGame(st.record, {"people": list(s.people), "level": s.level}, s.game_over)

    def resume_local_game(self, record: Any, setup: dict[str, Any]) -> None:
        """Play on from a kept record with the same people and CPU level, every turn's reports back."""
        import json
        s = self.session
        if setup.get("level") in LEVELS:
            s.level = setup["level"]
        s.people = [str(p) for p in setup.get("people") or ()]
        if not s.load_json(json.dumps(record.to_json()), name="The kept game"):
            raise ValueError(s.message)
        s.message = ""

    def start_game(self) -> bool:
        map_id, n = GAMES[self.game_choice.value]
        return self.start_or_say(lambda: self.session.new_game(
            people=list(self.people.value), map=map_id, players=n, mode=self.mode.value, level=self.level.value,
            seed=self.seed))

    def pass_screen_words(self) -> tuple[str, str, str]:
        name = self.session.player_name(self.session.player)
        return name, (f"{escape(name)} writes their orders now; the others look away. The orders stay secret "
                      "until the turn resolves."), "board"

    def _update(self, *events: Any) -> None:
        s = self.session
        with pn.io.hold():
            has_game = s.obs is not None
            self.show_frame(has_game, covered=has_game and not s.ready)
