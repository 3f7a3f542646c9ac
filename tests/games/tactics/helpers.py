"""Helpers for the Tactics engine tests: a position from notation, refusals that change nothing."""
from __future__ import annotations

from typing import Any

import pytest

from academy.core.errors import RulesError
from academy.games.tactics.game import TacticsGame
from academy.games.tactics.position import parse_position
from academy.games.tactics.state import TacticsState


def position(text: str, **options: Any) -> TacticsState:
    """The state of a one-line position on the map it names, with game ``options`` (luck off by default)."""
    options.setdefault("luck", False)
    return parse_position(text, TacticsGame(map=text.split()[0], **options))


def refused(state: TacticsState, action: Any) -> str:
    """Apply ``action``: it must raise a RulesError (IllegalAction, GameOver) and leave the state unchanged; returns the reason."""
    before, size = state.to_json(), len(state.record)
    with pytest.raises(RulesError) as info:
        state.apply(action)
    assert state.to_json() == before and len(state.record) == size
    assert info.value.message
    return info.value.reason


def act(state: TacticsState, text: str) -> list[Any]:
    """Play a command in notation (and resolve the luck that follows); returns the events."""
    return state.play(state.game.parse_action(text, state))
