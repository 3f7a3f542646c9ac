"""The Game of War: options, players, and the entry points of the protocol."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from academy.core.errors import IllegalAction
from academy.core.protocol import Game
from academy.core.record import Record

from . import actions, notation
from .limits import TURN
from .mapdata import board, deployment, deployment_names, territory_rows
from .position import Position, PositionError
from .state import GameOfWarState

PLAYER_NAMES = ("North", "South")
STANDARD = "academy_default"


class GameOfWarGame(Game):
    """Guy Debord's Game of War on the classic 25×20 board (game-of-war.md).

    Options: ``players`` 2 (North is player 0, South player 1); ``deployment`` "standard" (the Academy's
    opening), "free" (each side places its 17 units in its own half, hidden from the other until both are
    done), the name of another opening of the map ("open_source_default"), or a scenario: a position dict
    as read by ``Position.from_dict``; ``max_turns`` None (no limit) or a number of turns (both sides'
    counted together) after which the game is drawn; ``map`` a board in maps/game_of_war/.
    Raises IllegalAction(reason="bad_option") for bad options.

    >>> g = GameOfWarGame()
    >>> g.new_initial_state(seed=1).node_kind().value
    'chance'
    """

    name = "game_of_war"
    title = "Game of War"
    min_players, max_players = 2, 2
    action_types = actions.ALL

    def __init__(self, players: int = 2, deployment: str | Mapping[str, Any] = "standard",
                 max_turns: int | None = None, map: str = "classic") -> None:
        if players != 2 or isinstance(players, bool):
            raise IllegalAction("bad_option", f"The Game of War is for 2 players (North and South), not {players!r}.")
        if max_turns is not None and (isinstance(max_turns, bool) or not isinstance(max_turns, int)
                                      or max_turns < 1):
            raise IllegalAction("bad_option", f"max_turns={max_turns!r}: give a positive number of turns or None.")
        if max_turns is not None:
            TURN.read(max_turns, "max_turns", IllegalAction)
        if isinstance(deployment, Mapping):
            try:
                Position.from_dict(deployment)
            except PositionError as exc:
                raise IllegalAction("bad_option", f"The scenario is not a valid position: {exc}") from None
            deployment = dict(deployment)
        elif deployment not in ("standard", "free", *deployment_names(map)):
            raise IllegalAction("bad_option", f"deployment={deployment!r} is not an option; choose 'standard', "
                                              f"'free', one of {deployment_names(map)} or a position dict.")
        super().__init__(players=players, deployment=deployment, max_turns=max_turns, map=map)

    def player_name(self, player: int) -> str:
        return PLAYER_NAMES[player] if 0 <= player < 2 else f"Player {player + 1}"

    def territory(self, side: str) -> tuple[int, int]:
        """The first and last row of ``side``'s half (North 0..9, South 10..19 on the classic board)."""
        return territory_rows(side, self.options["map"])

    def start_position(self) -> Position:
        """The position the game starts from (the empty board for free deployment)."""
        dep = self.options["deployment"]
        if isinstance(dep, Mapping):
            return Position.from_dict(dep)
        if dep == "free":
            return board(self.options["map"])
        return deployment(STANDARD if dep == "standard" else dep, self.options["map"])

    def new_initial_state(self, seed: int = 0) -> GameOfWarState:
        """Free deployment starts with North deploying; otherwise with the draw for who starts (CHANCE)."""
        free = self.options["deployment"] == "free"
        state = GameOfWarState(self, Record(self, seed), self.start_position(), "deploy" if free else "first")
        state.current = 0 if free else None
        return state

    def state_from_json(self, data: Mapping[str, Any], record: Record | None = None) -> GameOfWarState:
        return GameOfWarState.from_json(self, data, record)

    def view_state(self, observation: Mapping[str, Any], step: int = 0) -> Any:
        """The state a seat sees, from its observation only (``view.view_state``, which says what a
        spectator sees)."""
        from .view import view_state
        return view_state(self, observation, step)

    def reviewer(self) -> Any:
        """The coach's grader of Game of War attacks, moves and retreats (``review.GameOfWarReviewer``)."""
        from .review import GameOfWarReviewer
        return GameOfWarReviewer(self)

    def parse_action(self, text: str, state: Any) -> Any:
        return notation.parse_action(text, state)

    def format_action(self, action: Any, state: Any) -> str:
        return notation.format_action(action, state)
