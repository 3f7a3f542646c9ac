"""The state a seat of a Conquest game may see (conquest.md, "Cards"): ``view_state``.

The board (owners, armies), the phase and every counter are public. Cards are not: a seat sees
its own hand and the discard pile; of the other hands and the deck only how many cards they hold.
A spectator (``observation(None)``) sees no hand at all, only every hand's size.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from academy.core.record import ViewRecord

from .state import PHASES, ConquestState

if TYPE_CHECKING:
    from .game import ConquestGame

__all__ = ["HIDDEN", "view_state"]

#: a card the seat may not see (another player's hand, the deck): a placeholder, never a real card
HIDDEN = "?"


def view_state(game: ConquestGame, observation: Mapping[str, Any], step: int = 0) -> ConquestState:
    """A Conquest state holding only what ``observation`` (``state.observation(seat)``) shows: the
    viewer's own hand as it is, every other hand and the deck as ``HIDDEN`` placeholders of the right
    length (a spectator's view, seat None, has only placeholders). ``view.observation(seat)`` gives
    ``observation`` back; ``step`` is the game's record length (the view's record is empty).

    Raises ValueError for an observation that is not a Conquest one.

        >>> from academy.games.conquest.game import ConquestGame
        >>> s = ConquestGame(players=2).new_initial_state(seed=3)
        >>> s.hands[1] = ["alaska"]
        >>> view_state(s.game, s.observation(0)).hands[1]
        ['?']
    """
    try:
        viewer = observation.get("viewer")
        state = ConquestState(game, ViewRecord(game, step))
        state.owner = {t: observation["owner"][t] for t in game.map.territories}
        state.armies = {t: int(observation["armies"][t]) for t in game.map.territories}
        state.phase = observation["phase"]
        state.current, state.first = observation["current"], observation["first"]
        state.hands = [list(h) if p == viewer and isinstance(h, list) else [HIDDEN] * _count(h)
                       for p, h in enumerate(observation["hands"])]
        state.deck = [HIDDEN] * _count(observation["deck"])
        state.discard = list(observation["discard"])
        state.sets_traded = int(observation["sets_traded"])
        state.reinforcements = int(observation["reinforcements"])
        state.conquered = bool(observation["conquered"])
        state.battle = dict(observation["battle"]) if observation["battle"] else None
        state.occupy = dict(observation["occupy"]) if observation["occupy"] else None
        state.pool = list(observation["pool"])
        state.placed_this_turn = int(observation["placed_this_turn"])
        state.deal_next = int(observation["deal_next"])
        state.turn = int(observation["turn"])
        state.won_by = observation["winner"]
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"This is not a Conquest observation: {exc!s} is missing or of the wrong kind.") from None
    if state.phase not in PHASES:
        raise ValueError(f"Unknown Conquest phase {state.phase!r}; expected one of {PHASES}.")
    return state


def _count(cards: Any) -> int:
    """How many cards a hand or the deck holds, given as a count or as a list."""
    return int(cards) if isinstance(cards, int) else len(cards)
