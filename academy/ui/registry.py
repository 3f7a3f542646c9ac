"""The UI's registry: for each game, where its pages are. Pages ask here and never branch on a game's name.

Each entry names, as ``"module:attribute"`` (imported on first use, so the app starts without loading
every game's pages), the game's

- ``play``: its Play tab, called as ``play(position=None)`` (a position line opens a hot-seat game; its page's
  ``open_position(line, cpu=level)`` plays one out against the CPU);
- ``lessons``: its Lessons tab, a ``LessonsView`` class called as ``lessons(lesson_id=None)``;
- ``shared``: a shared game's seat (or watch) page, ``shared(live_game, seat_token_or_None)``;
- ``replay``: its replay page, ``replay(record, viewer=..., masked=..., title=..., ...)``;
- ``editor``: its position editor class, ``editor(position_line)``, from a module that also gives ``START``;
- ``games_form``: its card on the Games page, ``games_form(hub)`` (None: the game has no shared games);
- ``position``: its position line codec, ``(read, public)``: ``read(text)`` the state a line stands for
  (the engine's RulesError when it is wrong), ``public(state)`` the line everybody may see, or None
  while hidden information is on the board (both the engine's own functions);
- ``turns``: for a turn-by-turn game, how its event log is grouped (``TurnRule``: the counter the
  heading names and the event kinds that begin a turn); None for simultaneous orders (their logs are
  grouped by phase);
- ``map_page``: the page of one of its maps, ``map_page(map_id_or_None)`` (None: the game has no map pages);
- ``coach``: where the coach's review draws a decision and its better one on the game's board,
  ``coach(board, state, mark) -> board_kit.coach.CoachDrawing`` (``state``: the board before the decision).

A new game adds its folder and one line here. The order is the home page's (``academy.games.CATALOG``).

>>> sorted(UI) == sorted(["conquest", "diplomacy", "fronts", "game_of_war", "tactics"])
True
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["GameUi", "TurnRule", "UI", "load", "moment", "part", "editor_factory", "turn_rule"]


@dataclass(frozen=True)
class TurnRule:
    """How a turn-by-turn game's log is grouped: an event of a kind in ``starts`` begins a turn, headed
    "<label> <state.<counter>> · <the player to move>" ("Turn 3 · Red", "Day 2 · Blue"); "Set-up" while the
    counter is 0 (before the first turn)."""

    label: str
    counter: str
    starts: tuple[str, ...]

    def heading(self, state: Any) -> str:
        """The heading of the turn ``state`` is in."""
        player = getattr(state, "current", None)
        name = state.game.player_name(player) if isinstance(player, int) else ""
        number = getattr(state, self.counter, None)
        if not number:
            return "Set-up"
        return f"{self.label} {number}" + (f" · {name}" if name else "")


@dataclass(frozen=True)
class GameUi:
    """Where one game's pages are (see the module docstring)."""

    play: str
    lessons: str
    shared: str
    replay: str
    editor: str
    games_form: str | None
    position: tuple[str, str]
    turns: TurnRule | None = None
    map_page: str | None = None
    coach: str = ""


def _ui(folder: str, play: str, lessons: str, shared: str, replay: str, editor: str,
        games_form: str | None, position: tuple[str, str], turns: TurnRule | None = None,
        map_page: str | None = None, coach: str = "coach:coach_drawing") -> GameUi:
    base = f"academy.ui.{folder}"

    def at(target: str) -> str:
        return target if target.startswith("academy.") else f"{base}.{target}"
    return GameUi(at(play), at(lessons), at(shared), at(replay), at(editor),
                  at(games_form) if games_form else None, position, turns, at(map_page) if map_page else None,
                  at(coach))


UI: dict[str, GameUi] = {
    "conquest": _ui("conquest", "play:PlayPage", "lessons:LessonsPage", "shared:conquest_shared_page",
                    "replay:conquest_replay_page", "editor:EditorPage", "games_form:ConquestGamesForm",
                    ("academy.games.conquest.position:parse_position", "academy.games.conquest.position:public_position"),
                    TurnRule("Turn", "turn", ("turn",))),
    "diplomacy": _ui("diplomacy", "play:DiplomacyPlayPage", "lessons:DiplomacyLessonsPage",
                     "play:shared_diplomacy_page", "replay:diplomacy_replay_page", "editor:DiplomacyEditorPage",
                     "games_form:DiplomacyGamesForm",
                     ("academy.games.diplomacy.position_line:read_position_line",
                      "academy.games.diplomacy.position_line:public_position")),
    "tactics": _ui("tactics", "play:TacticsPlayPage", "lessons:TacticsLessonsPage", "shared:shared_tactics_page",
                   "replay:tactics_replay_page", "editor:TacticsEditorPage", "games_form:TacticsGamesForm",
                   ("academy.games.tactics.position:parse_position", "academy.games.tactics.position:public_position"),
                   TurnRule("Day", "day", ("power_end", "income"))),
    "game_of_war": _ui("game_of_war", "play:GameOfWarPlayPage", "lessons:GameOfWarLessonsPage",
                       "shared:shared_game_of_war_page", "replay:game_of_war_replay_page",
                       "editor:GameOfWarEditorPage", "games_form:GameOfWarGamesForm",
                       ("academy.games.game_of_war.snapshot:parse_position",
                        "academy.games.game_of_war.snapshot:public_position"),
                       TurnRule("Turn", "turn", ("turn",))),
    "fronts": _ui("fronts", "play:FrontsPlayPage", "lessons:FrontsLessonsPage", "shared:shared_fronts_page",
                  "replay:fronts_replay_page", "editor:FrontsEditorPage", "games_form:FrontsGamesForm",
                  ("academy.games.fronts.game:parse_game_position", "academy.games.fronts.game:public_position"),
                  map_page="map_page:map_page"),
}


def turn_rule(game: str) -> TurnRule | None:
    """How game ``game``'s log is grouped by turn (None: not a turn-by-turn game, or no such game)."""
    entry = UI.get(game)
    return entry.turns if entry is not None else None


def moment(state: Any) -> str:
    """When in its game ``state`` is, as its pages say it: its turn's heading ("Turn 3 · Red", "Day 2 ·
    Blue") in a turn-by-turn game, else the engine's own words ("Spring 1901 movement", "Turn 3")."""
    rule = turn_rule(state.game.name)
    return rule.heading(state) if rule is not None else state.when()


def load(target: str) -> Any:
    """The object ``"module:attribute"`` names (the module imported now if it was not yet)."""
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)


def part(game: str, name: str) -> Any:
    """Game ``game``'s page part ``name`` (a field of GameUi), or None when the game has none.

    >>> part("fronts", "lessons").__name__
    'FrontsLessonsPage'
    """
    entry = UI.get(game)
    target = getattr(entry, name) if entry is not None else None
    return load(target) if isinstance(target, str) and target else target


def editor_factory(game: str) -> Callable[[str | None], Any] | None:
    """``make(position_line_or_None)`` for game ``game``'s position editor (its START when None), or None."""
    entry = UI.get(game)
    if entry is None:
        return None
    editor = load(entry.editor)
    start = importlib.import_module(entry.editor.partition(":")[0]).START
    return lambda position: editor(position or start)
