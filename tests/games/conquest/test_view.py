"""The state a Conquest seat may see, from its observation only (issue 14, item 4: views from the engine)."""
from __future__ import annotations

import pytest

from academy.games.conquest.game import ConquestGame
from academy.games.conquest.view import HIDDEN, view_state


def dealt(players: int = 3):
    """A set-up position with cards in every hand and some discarded."""
    state = ConquestGame(players=players, setup="random").new_initial_state(seed=5)
    state.settle()
    deck = list(state.deck)
    state.hands = [deck[0:2], deck[2:5], deck[5:6]][:players]
    state.discard, state.deck = deck[6:9], deck[9:]
    return state


def test_another_hand_and_the_deck_stay_hidden():
    """Issue 14, item 4: seat 0's view holds its own two cards, the discard pile, and placeholders for the
    other hands and the deck: none of their cards is anywhere in the view."""
    state = dealt()
    view = view_state(state.game, state.observation(0), len(state.record))
    assert view.hands[0] == state.hands[0] and view.discard == state.discard
    assert view.hands[1] == [HIDDEN] * 3 and view.hands[2] == [HIDDEN] and view.deck == [HIDDEN] * len(state.deck)
    data = view.to_json()          # card names are territory names: look at where cards are kept
    cards = {c for h in data["hands"] for c in h} | set(data["deck"]) | set(data["discard"])
    assert cards == set(state.hands[0]) | set(state.discard) | {HIDDEN}
    assert view.owner == state.owner and view.armies == state.armies and len(view.record) == len(state.record)
    assert view.observation(0) == state.observation(0)


def test_a_spectator_sees_no_hand():
    """Issue 14, item 4 (the spectator rule): a spectator's view has only placeholders, of every hand's size."""
    state = dealt()
    view = state.game.view_state(state.observation(None))
    assert [len(h) for h in view.hands] == [2, 3, 1] and {c for h in view.hands for c in h} == {HIDDEN}
    assert view.observation(None) == state.observation(None)


def test_an_observation_of_another_game_is_refused():
    """Issue 14, item 4: ``view_state`` raises ValueError for what is not a Conquest observation."""
    with pytest.raises(ValueError, match="not a Conquest observation"):
        view_state(ConquestGame(), {"position": {}})
