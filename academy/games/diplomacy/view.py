"""The state a power of a Diplomacy game may see (diplomacy.md, "Writing orders"): ``view_state``.

The board, the supply centres, the last phase's orders and results, the draw votes and who has
submitted are public. The orders written for the phase under way are secret until it resolves: a
power sees its own, nobody sees another's. A spectator (``observation(None)``) sees no pending
order at all, only who has submitted.
"""
from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from academy.core.record import ViewRecord

from .position import Position
from .state import DiplomacyState

if TYPE_CHECKING:
    from .game import DiplomacyGame

__all__ = ["HIDDEN_ORDERS", "view_state"]

#: the pending orders of a power that has submitted, as another power sees them: a placeholder
#: (no order at all), never the orders themselves
HIDDEN_ORDERS: tuple[str, ...] = ()


def view_state(game: DiplomacyGame, observation: Mapping[str, Any], step: int = 0) -> DiplomacyState:
    """A Diplomacy state holding only what ``observation`` (``state.observation(power)``) shows: the
    position, the last results and the draw votes; the viewer's own pending orders as they are, and
    for every other power that has submitted ``HIDDEN_ORDERS`` (so ``waiting()`` is right and nothing
    secret is there). ``view.observation(power) == observation``; ``step`` is the record's length.

    Raises ValueError for an observation that is not a Diplomacy one.

        >>> from academy.games.diplomacy.game import DiplomacyGame
        >>> s = DiplomacyGame().new_initial_state()
        >>> _ = s.submit("FRANCE", ["A PAR - BUR"])
        >>> view_state(s.game, s.observation("ENGLAND")).pending
        {'FRANCE': ()}
    """
    try:
        state = DiplomacyState(game, ViewRecord(game, step), Position.from_dict(observation["position"]))
        own = {pw: tuple(t) for pw, t in observation["pending"].items()}
        state.pending = {pw: own.get(pw, HIDDEN_ORDERS) for pw in observation["submitted"]}
        state.draw_votes = set(observation["draw_votes"])
        state.last = copy.deepcopy(observation["last"])
        state.result = copy.deepcopy(observation["result"])
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"This is not a Diplomacy observation: {exc!s} is missing or of the wrong kind.") from None
    return state
