"""Messages: one to one and in groups; a seat sees only the conversations it is part of."""
from __future__ import annotations

import pytest

from academy.store import InvalidInput, Store
from academy.games.conquest import EndTurn

SIX = [{"kind": "human"}] * 6


def test_a_seat_sees_only_its_conversations(store: Store) -> None:
    game_id, _ = store.create_game("conquest", {"players": 6}, 1, SIX)
    a = store.add_message(game_id, 0, [1], "Truce in Asia?")
    b = store.add_message(game_id, 1, {0}, "Agreed.", phase="turn 1")
    c = store.add_message(game_id, 2, [3, 4], "Let's gang up on Red.")
    d = store.add_message(game_id, 4, [0, 1, 2, 3, 5], "Hello all")
    seen = {seat: [m.id for m in store.messages_for(game_id, seat)] for seat in range(6)}
    assert seen == {0: [a, b, d], 1: [a, b, d], 2: [c, d], 3: [c, d], 4: [c, d], 5: [d]}
    first = store.messages_for(game_id, 3)[0]
    assert (first.sender, first.recipients, first.text, first.step, first.phase) == (
        2, frozenset({3, 4}), "Let's gang up on Red.", 0, None)
    assert store.messages_for(game_id, 0)[1].phase == "turn 1"
    assert first.created_at.tzinfo is not None


def test_messages_are_per_game_and_carry_their_step(store: Store) -> None:
    one, _ = store.create_game("conquest", {"players": 2}, 1, SIX[:2])
    two, _ = store.create_game("conquest", {"players": 2}, 2, SIX[:2])
    store.append_action(one, 0, 0, EndTurn(), False)  # any entry: the store does not check the rules
    store.add_message(one, 0, [1], "in game one")
    store.add_message(one, 0, [1], "placed earlier", step=0)
    assert [(m.text, m.step) for m in store.messages_for(one, 1)] == [("in game one", 1), ("placed earlier", 0)]
    assert store.messages_for(two, 1) == []


def test_bad_messages(store: Store) -> None:
    game_id, _ = store.create_game("conquest", {"players": 3}, 1, SIX[:3])
    with pytest.raises(InvalidInput, match="needs some text"):
        store.add_message(game_id, 0, [1], "   ")
    with pytest.raises(InvalidInput, match="at most"):
        store.add_message(game_id, 0, [1], "x" * 5000)
    with pytest.raises(InvalidInput, match="recipient other than its sender"):
        store.add_message(game_id, 0, [0], "to myself")
    with pytest.raises(InvalidInput, match=r"no seat \[7\]"):
        store.add_message(game_id, 0, [1, 7], "to a ghost")
    with pytest.raises(InvalidInput, match=r"no seat \[5\]"):
        store.add_message(game_id, 5, [1], "from a ghost")
    assert all(store.messages_for(game_id, s) == [] for s in range(3))
