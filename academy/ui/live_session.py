"""The server's shared (live) games: the one ``LiveHub`` of this process (``shared_hub()``).

Each game's seat page binds its game's session to a ``LiveGame`` of this hub (Conquest:
academy/ui/conquest/shared.py, Tactics: academy/ui/tactics/shared.py, the games of orders:
academy/ui/orders_session.py ...), following it with ``live_follow.FollowsLiveGame``.

The one process-wide ``LiveHub`` (``shared_hub()``) is shared mutable game state *by design*:
every session of the server process must see the same ``LiveGame`` objects so that a move in one
browser reaches the others. It is the only such object in academy/ui (per-session state stays per
session); it lives in the store's database (``ACADEMY_DB`` or the data folder) and is created lazily,
one per database URL.
"""
from __future__ import annotations

import os
import threading

from academy.store.live import LiveHub

__all__ = ["shared_hub", "close_shared_hubs"]

_HUBS: dict[str, LiveHub] = {}
_HUBS_LOCK = threading.Lock()


def shared_hub(url: str | None = None, cpu_delay: float | None = None) -> LiveHub:
    """The process's LiveHub for ``url`` (default: ``ACADEMY_DB`` or the data folder's SQLite file).

    Shared by every session of this process on purpose (see the module docstring); created at
    first use. ``cpu_delay`` (seconds between CPU actions; ``ACADEMY_CPU_DELAY``, default 0.4)
    applies when the hub is created.
    """
    from academy.store.location import default_url
    url = url or default_url()
    with _HUBS_LOCK:
        hub = _HUBS.get(url)
        if hub is None or hub.closed:
            delay = cpu_delay if cpu_delay is not None else float(os.environ.get("ACADEMY_CPU_DELAY", "0.4"))
            hub = _HUBS[url] = LiveHub(url, cpu_delay=delay)
        return hub


def close_shared_hubs() -> None:
    """Close every shared hub (tests, server shutdown)."""
    with _HUBS_LOCK:
        hubs = list(_HUBS.values())
        _HUBS.clear()
    for hub in hubs:
        hub.close(wait=False)
