"""Fixtures for every test folder: a throwaway PostgreSQL server for the session (tests/store/pgserver.py),
and a private data folder, so that no test writes into the user's own (progress, games).

``pg_server`` starts on first use only, so a run without PostgreSQL tests never starts it. Without
Debian's postgresql package it skips with the reason "apt-get install postgresql" (or fails when the
environment variable CI is set). ``pg_url`` is a fresh, empty database on it for each test.
"""
from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.store.pgserver import PgServer, start_server


@pytest.fixture(scope="session", autouse=True)
def private_data_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The Academy's default data folder (its SQLite database: learners' progress, games) is a temporary
    folder for the whole run: pages that record progress never touch the real one."""
    before = os.environ.get("ACADEMY_DATA")
    os.environ["ACADEMY_DATA"] = str(tmp_path_factory.mktemp("academy-data"))
    yield
    if before is None:
        os.environ.pop("ACADEMY_DATA", None)
    else:
        os.environ["ACADEMY_DATA"] = before


#: the Academy's settings from the environment that code under test may set (``academy serve --db`` sets
#: ACADEMY_DB, ``--lessons`` ACADEMY_LESSONS)
ACADEMY_ENV = ("ACADEMY_DB", "ACADEMY_LESSONS", "ACADEMY_FRAME_ANCESTORS")


@pytest.fixture(autouse=True)
def academy_environment() -> Iterator[None]:
    """Whatever a test sets of the Academy's environment is undone after it: a test that runs
    ``academy serve --db <a database that cannot be opened>`` in-process left every later page on it."""
    before = {name: os.environ.get(name) for name in ACADEMY_ENV}
    yield
    for name, value in before.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    server = start_server()
    yield server
    server.stop()


@pytest.fixture
def pg_url(pg_server: PgServer) -> str:
    """The SQLAlchemy URL of a fresh, empty database on the session's PostgreSQL server."""
    return pg_server.new_database()
