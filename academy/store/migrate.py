"""Schema migrations with Alembic, run from the scripts shipped in ``academy/store/migrations``.

:func:`upgrade` brings a database to the newest revision (``upgrade head``); the store calls it
at every start, and it does nothing when the schema is already current. On PostgreSQL a
transaction-level advisory lock keeps two servers that start together from migrating at once;
on SQLite the migration runs in a ``BEGIN IMMEDIATE`` transaction.

For developers, a new revision after changing ``models.py``::

    python -c "from academy.store.migrate import revision; revision('add clocks', 'sqlite:////tmp/dev.db')"

(it upgrades that database to head first, then autogenerates the difference; review the script.)
"""
from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, text

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
#: an arbitrary constant that names the Academy's migration lock on PostgreSQL
PG_LOCK_KEY = 0x41636164  # "Acad"


def alembic_config() -> Config:
    """An Alembic config pointing at the packaged migration scripts (no alembic.ini needed)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


def head_revision() -> str:
    """The newest revision id among the shipped scripts."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None, "no migration scripts found"
    return head


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at (None for an empty database)."""
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Run the migrations up to ``revision`` in one transaction; a no-op when already there."""
    cfg = alembic_config()
    with engine.connect() as conn:
        conn.execution_options(academy_begin="IMMEDIATE")
        with conn.begin():
            if conn.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": PG_LOCK_KEY})
            script = ScriptDirectory.from_config(cfg)
            current = MigrationContext.configure(conn).get_current_revision()
            if revision == "head" and current == script.get_current_head():
                return
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, revision)


def revision(message: str, url: str) -> None:
    """Autogenerate a new migration script from the difference between ``url``'s schema and the models."""
    from sqlalchemy import create_engine
    engine = create_engine(url)
    try:
        upgrade(engine)
        cfg = alembic_config()
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.revision(cfg, message=message, autogenerate=True)
    finally:
        engine.dispose()
