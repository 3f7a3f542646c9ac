"""The examples in the Tactics modules' docstrings run and hold."""
from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("module", ["units", "terrain", "damage", "movement", "names", "mapdata", "odds", "fog",
                                    "board", "actions", "commanders", "game", "position", "missions", "bots",
                                    "legal"])
def test_docstring_examples(module: str) -> None:
    mod = importlib.import_module(f"academy.games.tactics.{module}")
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
