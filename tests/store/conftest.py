"""Fixtures for the store tests: a fresh SQLite store in a temporary folder per test."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from academy.store import Store


@pytest.fixture
def db_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("ACADEMY_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("ACADEMY_DB", raising=False)
    return f"sqlite:///{tmp_path / 'academy.db'}"


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    with Store(db_url) as s:
        yield s
