"""A throwaway PostgreSQL server for the tests: Debian's binaries, a temporary cluster, trust auth.

``PgServer.start()`` runs ``initdb`` and ``pg_ctl start`` in a fresh temporary folder (as the
``postgres`` user when the tests run as root: PostgreSQL refuses to run as root), listening on
127.0.0.1 at a free port with its unix socket in that folder too; ``create_database(name)``
returns a SQLAlchemy URL (``postgresql+psycopg://postgres@127.0.0.1:<port>/<name>``);
``stop()`` stops it at once (``pg_ctl stop -m immediate``) and removes the folder.
Durability is off (``fsync=off``): the cluster only lives for one test session.

``require_bindir()`` finds the binaries (``/usr/lib/postgresql/<version>/bin``); when they are
missing it skips the test with the reason "apt-get install postgresql", or fails when the
environment variable ``CI`` is set (CI installs PostgreSQL: a skip there would hide the tests).
"""
from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from itertools import count
from pathlib import Path
from typing import Any

import pytest

PG_GLOB = "/usr/lib/postgresql/*/bin/initdb"
INSTALL_HINT = "apt-get install postgresql"


def find_bindir() -> Path | None:
    """The bin folder of the newest Debian PostgreSQL server installed, or None."""
    found = [Path(p).parent for p in glob.glob(PG_GLOB) if (Path(p).parent / "pg_ctl").exists()]

    def version(bindir: Path) -> tuple[int, ...]:
        try:
            return tuple(int(x) for x in bindir.parent.name.split("."))
        except ValueError:
            return (0,)
    return max(found, key=version) if found else None


def require_bindir() -> Path:
    """The PostgreSQL bin folder; pytest.skip (pytest.fail when CI is set) if it is missing."""
    bindir = find_bindir()
    if bindir is None:
        message = f"PostgreSQL server binaries not found ({PG_GLOB}): {INSTALL_HINT}"
        if os.environ.get("CI"):
            pytest.fail(f"{message} (CI is set: the PostgreSQL tests must run here; see .ci/run)")
        pytest.skip(INSTALL_HINT)
    return bindir


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PgServer:
    """One temporary PostgreSQL cluster; see the module docstring."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="academy-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = free_port()
        self.started = False
        self._names = count(1)
        self._as_user: list[str] = []
        if os.geteuid() == 0:   # initdb and postgres refuse root: run them as the postgres user
            import pwd
            entry = pwd.getpwnam("postgres")
            os.chown(self.root, entry.pw_uid, entry.pw_gid)
            self._as_user = ["runuser", "-u", "postgres", "--"]

    def _run(self, *args: str, timeout: float = 60) -> None:
        cmd = [*self._as_user, *args]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=self.root)
        if done.returncode != 0:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise RuntimeError(f"{' '.join(cmd)} failed ({done.returncode}): {done.stderr or done.stdout}\n{log}")

    def start(self) -> PgServer:
        """initdb, start, and wait until it accepts connections; raises RuntimeError with the log."""
        self._run(str(self.bindir / "initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust",
                  "-E", "UTF8", "--locale=C", "--no-sync")
        options = (f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off -c max_connections=60")
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-o", options,
                  "-w", "-t", "60", "start")
        self.started = True
        return self

    def connect_admin(self) -> Any:
        """A psycopg connection (autocommit) to the ``postgres`` database."""
        import psycopg
        return psycopg.connect(host="127.0.0.1", port=self.port, user="postgres", dbname="postgres",
                               autocommit=True, connect_timeout=10)

    def create_database(self, name: str) -> str:
        """Create the database ``name`` (a plain identifier); return its SQLAlchemy URL."""
        if not name.isidentifier():
            raise ValueError(f"not a plain database name: {name!r}")
        with self.connect_admin() as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def new_database(self, prefix: str = "academy") -> str:
        """Create a fresh database (``<prefix>_1``, ``<prefix>_2``, ...); return its SQLAlchemy URL."""
        return self.create_database(f"{prefix}_{next(self._names)}")

    def url(self, name: str) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        """Stop the server at once and remove its folder (safe to call twice)."""
        if self.started:
            self.started = False
            try:
                self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "stop", "-m", "immediate", timeout=30)
            except (RuntimeError, subprocess.TimeoutExpired):
                pass
        shutil.rmtree(self.root, ignore_errors=True)


def start_server() -> PgServer:
    """A started PgServer (skips or fails as ``require_bindir`` says when PostgreSQL is missing)."""
    server = PgServer(require_bindir())
    try:
        return server.start()
    except Exception:
        server.stop()
        raise

