"""Sandbox copies of a Conquest position that one player may explore without learning anything hidden.

``determinize(state, player, seed)`` keeps what ``player`` sees (the board, their own hand, the
discard pile, every hand's size, the deck's size, the phase) and replaces what they cannot see
(the other hands and which cards are still in the deck) by a random sample consistent with that
view. The copy gets a new record with a new seed and the copy as its start position, so future
dice and draws are unknown too, and it has no history to undo into.

Only ``state.observation(player)`` is read, so a state whose hidden cards are placeholders (the
shared game's view state) gives the same kind of copy as the full state.

    >>> from academy.games.conquest.game import ConquestGame
    >>> s = ConquestGame(players=2, setup="random").new_initial_state(seed=4)
    >>> _ = s.settle()
    >>> copy = determinize(s, 0, seed=99)
    >>> copy.owner == s.owner and copy.record.seed == 99 and len(copy.record) == 0
    True
"""
from __future__ import annotations

import random
from typing import Any

from academy.core.record import Record

from .cards import full_deck
from .state import ConquestState

__all__ = ["determinize", "unseen_cards"]


def unseen_cards(state: ConquestState, player: int | None) -> list[str]:
    """The cards ``player`` cannot place: the full deck minus their own hand and the discard pile (sorted).

    Raises ValueError if the visible cards are not part of one deck (a damaged position).
    """
    seen = state.observation(player)
    own = list(seen["hands"][player]) if player is not None and isinstance(seen["hands"][player], list) else []
    left = list(full_deck(state.game.card_symbols))
    for card in own + list(seen["discard"]):
        if card not in left:
            raise ValueError(f"The card {card!r} is shown twice or is not a card of this map's deck.")
        left.remove(card)
    return sorted(left)


def determinize(state: ConquestState, player: int | None, seed: int) -> ConquestState:
    """A copy of ``state`` for ``player`` to explore: hidden cards resampled, a new seed; see the module docstring.

    ``player`` None (a spectator) resamples every hand. Raises ValueError if the position's card
    counts do not fit one deck.
    """
    seen = state.observation(player)
    sizes = [len(h) if isinstance(h, list) else int(h) for h in seen["hands"]]
    pool = unseen_cards(state, player)
    hidden_hands = [n for p, n in enumerate(sizes) if p != player]
    if sum(hidden_hands) + int(seen["deck"]) != len(pool):
        raise ValueError(f"The position's cards do not fit one deck: {len(pool)} unseen cards for "
                         f"{sum(hidden_hands)} in other hands and {seen['deck']} in the deck.")
    rng = random.Random(f"academy/determinize/{int(seed)}")
    rng.shuffle(pool)
    hands: list[list[str]] = []
    for p, n in enumerate(sizes):
        if p == player:
            hands.append(list(seen["hands"][p]))
        else:
            hands.append(sorted(pool[:n]))
            del pool[:n]
    data = state.to_json()
    data["hands"] = hands
    data["deck"] = sorted(pool)
    copy: Any = state.game.state_from_json(data)
    # (set after: ``from_json(data, record)`` takes an empty record for a missing one, as it has length 0)
    copy.record = Record(state.game, int(seed), start=data)
    return copy
