"""Alembic environment for the Academy store.

Run by :func:`academy.store.migrate.upgrade` with an open connection in
``config.attributes["connection"]``; the ``alembic`` command line also works with
``-x url=sqlite:///path/to/academy.db`` (see ``academy/store/migrate.py``).
"""
from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from academy.store.models import Base

config = context.config
target_metadata = Base.metadata


def _configure(**kw: object) -> None:
    context.configure(target_metadata=target_metadata, render_as_batch=True,
                      compare_type=True, **kw)  # type: ignore[arg-type]


def run_offline() -> None:
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option("sqlalchemy.url")
    _configure(url=url, literal_binds=True, dialect_opts={"paramstyle": "named"})
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _configure(connection=connection)
        with context.begin_transaction():
            context.run_migrations()
        return
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option("sqlalchemy.url")
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            _configure(connection=conn)
            with context.begin_transaction():
                context.run_migrations()
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_offline()
else:
    run_online()
