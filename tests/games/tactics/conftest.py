"""Fixtures for the Tactics tests."""
from __future__ import annotations

import pytest

from tests.games.tactics.rulesdoc import RULES_FILE


@pytest.fixture(scope="session")
def rules_text() -> str:
    """The text of tactics.md; skips the test when the document is not on this machine."""
    if RULES_FILE is None:
        pytest.skip("the rules document ../shared/rules/tactics.md is not beside this checkout")
    return RULES_FILE.read_text(encoding="utf-8")

