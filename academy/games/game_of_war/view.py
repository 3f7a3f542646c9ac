"""The state a side of a Game of War may see (game_of_war.md, "Deployment"): ``view_state``.

Once both armies stand, everything is public: the whole board, whose turn, the moves made and the
lines of communication. During a free deployment each side sees only its own units and how many
the other side has placed; a spectator (``observation(None)``) sees no unit then, only how many
have been placed.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from academy.core.record import ViewRecord

from .position import Position
from .state import PHASES, GameOfWarState

if TYPE_CHECKING:
    from .game import GameOfWarGame

__all__ = ["GameOfWarView", "view_state"]


class GameOfWarView(GameOfWarState):
    """A Game of War state built from one observation (``view_state``): during a free deployment the
    units the viewer may not see are absent and only counted (``unseen_placed``)."""

    unseen_placed: int = 0

    def observation(self, player: int | None) -> dict[str, Any]:
        data = super().observation(player)
        if self.phase == "deploy":
            data["enemy_placed"] += self.unseen_placed
        return data


def view_state(game: GameOfWarGame, observation: Mapping[str, Any], step: int = 0) -> GameOfWarView:
    """A Game of War state holding only what ``observation`` (``state.observation(seat)``) shows:
    during a free deployment the viewer's own units (none for a spectator), the others only as a
    count; after it, the whole position. ``view.observation(seat) == observation``; ``step`` is the
    record's length. Raises ValueError for an observation that is not a Game of War one.

        >>> from academy.games.game_of_war.actions import Deploy
        >>> from academy.games.game_of_war.game import GameOfWarGame
        >>> s = GameOfWarGame(deployment="free").new_initial_state(seed=1)
        >>> _ = s.apply(Deploy("cavalry", (3, 4)))
        >>> south = view_state(s.game, s.observation(1))
        >>> south.position.units, south.observation(1)["enemy_placed"]
        ((), 1)
    """
    try:
        state = GameOfWarView(game, ViewRecord(game, step), Position.from_dict(observation["position"]),
                              observation["phase"])
        state.current, state.first = observation["current"], observation["first"]
        state.moved, state.retreats = list(observation["moved"]), list(observation["retreats"])
        state.turn = int(observation["turn"])
        state.won_by, state.result = observation["winner"], observation["result"]
        state.unseen_placed = int(observation.get("enemy_placed", 0)) if state.phase == "deploy" else 0
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"This is not a Game of War observation: {exc!s} is missing or of the wrong kind.") from None
    if state.phase not in PHASES:
        raise ValueError(f"Unknown Game of War phase {state.phase!r}; expected one of {PHASES}.")
    return state
