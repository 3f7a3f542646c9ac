"""Where the Academy keeps its data, and which database URL the store uses by default.

``ACADEMY_DB`` (any SQLAlchemy URL) wins; otherwise a SQLite file ``academy.db`` in the data
folder: ``ACADEMY_DATA`` if set, else the platform's per-user data folder
(``$XDG_DATA_HOME/academy`` or ``~/.local/share/academy`` on Linux,
``~/Library/Application Support/Academy`` on macOS, ``%APPDATA%\\Academy`` on Windows).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

DB_FILE = "academy.db"


def data_dir(create: bool = True) -> Path:
    """The Academy's data folder (created with its parents when ``create``)."""
    env = os.environ.get("ACADEMY_DATA")
    if env:
        path = Path(env).expanduser()
    elif sys.platform == "win32":
        path = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming") / "Academy"
    elif sys.platform == "darwin":
        path = Path.home() / "Library" / "Application Support" / "Academy"
    else:
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        path = Path(base).expanduser() / "academy"
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def sqlite_url(path: str | os.PathLike[str]) -> str:
    """The SQLAlchemy URL of a SQLite file."""
    return f"sqlite:///{Path(path).expanduser().resolve()}"


def default_url() -> str:
    """``ACADEMY_DB`` if set, else the SQLite file in :func:`data_dir` (the folder is created)."""
    env = os.environ.get("ACADEMY_DB")
    if env:
        return env
    return sqlite_url(data_dir() / DB_FILE)
