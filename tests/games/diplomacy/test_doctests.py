"""The examples in the diplomacy engine's docstrings run."""
from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["academy.games.diplomacy", "academy.games.diplomacy.orders", "academy.games.diplomacy.position",
           "academy.games.diplomacy.options", "academy.games.diplomacy.notation", "academy.games.diplomacy.state",
           "academy.games.diplomacy.game", "academy.games.diplomacy.order_rows",
           "academy.games.diplomacy.agreement", "academy.games.diplomacy.rule_notes", "academy.games.diplomacy.bots",
           "academy.games.diplomacy.likely"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
