"""Limits on wrong guesses (class codes ...): a few are free, then each costs a growing wait.

Pure Python; the clock is injected (``clock()`` returns seconds, ``time.monotonic`` by default).
An ``AttemptLimiter`` counts the failures of each key (a page session, an address) within a
sliding ``window``. Up to ``free`` failures cost nothing; each failure beyond them blocks the key
for ``base_delay`` seconds, doubled for every further one, at most ``max_delay``. While a key is
blocked the caller refuses the attempt without trying it (so it is not counted and tells nothing).
A success clears the keys it names (a person who got in is no guesser). Old keys are forgotten,
so memory stays bounded by the keys active within one window.

>>> now = [0.0]
>>> limit = AttemptLimiter(free=2, base_delay=10, clock=lambda: now[0])
>>> [limit.failed("tab") for _ in range(4)]      # seconds blocked after each failure
[0.0, 0.0, 10.0, 20.0]
>>> limit.wait("tab", "addr"), wait_text(limit.wait("tab"), "wrong codes")
(20.0, 'Too many wrong codes: try again in 20 seconds.')
>>> now[0] = 20.0; limit.wait("tab")
0.0
"""
from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from .text import count

__all__ = ["AttemptLimiter", "wait_text"]


@dataclass
class _Key:
    failures: deque[float] = field(default_factory=deque)   # times of the failures within the window
    blocked_until: float = 0.0


class AttemptLimiter:
    """Failures per key in a sliding window, and the wait they impose; see the module docstring."""

    def __init__(self, free: int = 5, window: float = 600.0, base_delay: float = 10.0, max_delay: float = 300.0,
                 clock: Callable[[], float] = time.monotonic, max_keys: int = 100_000) -> None:
        if free < 0 or window <= 0 or base_delay <= 0 or max_delay < base_delay:
            raise ValueError("An attempt limit needs free >= 0, window > 0 and 0 < base_delay <= max_delay.")
        self.free, self.window = free, float(window)
        self.base_delay, self.max_delay = float(base_delay), float(max_delay)
        self.clock = clock
        self.max_keys = max_keys
        self._keys: dict[str, _Key] = {}
        self._lock = threading.Lock()

    def wait(self, *keys: str) -> float:
        """Seconds until every one of ``keys`` may try again (0.0: now)."""
        now = self.clock()
        with self._lock:
            return max([0.0] + [k.blocked_until - now for key in keys if (k := self._keys.get(key)) is not None])

    def failed(self, *keys: str) -> float:
        """Count one failure for each key; return the wait it imposes now (the longest of the keys)."""
        now = self.clock()
        with self._lock:
            if len(self._keys) >= self.max_keys:
                self._forget(now)
            longest = 0.0
            for key in keys:
                k = self._keys.setdefault(key, _Key())
                self._expire(k, now)
                k.failures.append(now)
                over = len(k.failures) - self.free
                if over > 0:
                    k.blocked_until = max(k.blocked_until,
                                          now + min(self.max_delay, self.base_delay * 2 ** min(over - 1, 60)))
                longest = max(longest, k.blocked_until - now)
            return longest

    def succeeded(self, *keys: str) -> None:
        """Forget the failures of ``keys`` (e.g. the page session that got in)."""
        with self._lock:
            for key in keys:
                self._keys.pop(key, None)

    def failures(self, key: str) -> int:
        """How many failures of ``key`` count now (within the window)."""
        now = self.clock()
        with self._lock:
            k = self._keys.get(key)
            if k is None:
                return 0
            self._expire(k, now)
            return len(k.failures)

    def __len__(self) -> int:
        return len(self._keys)

    def _expire(self, k: _Key, now: float) -> None:
        while k.failures and k.failures[0] <= now - self.window:
            k.failures.popleft()

    def _forget(self, now: float) -> None:
        """Drop the keys with no failure in the window and no block; if still full, the oldest half."""
        for key in [key for key, k in self._keys.items()
                    if k.blocked_until <= now and (not k.failures or k.failures[-1] <= now - self.window)]:
            del self._keys[key]
        if len(self._keys) >= self.max_keys:
            oldest = sorted(self._keys, key=lambda key: self._keys[key].failures[-1] if self._keys[key].failures else 0)
            for key in oldest[: len(oldest) // 2 + 1]:
                del self._keys[key]


def wait_text(seconds: float, what: str) -> str:
    """``Too many wrong codes: try again in 40 seconds.`` (minutes from two minutes on); '' for no wait."""
    if seconds <= 0:
        return ""
    whole = math.ceil(seconds)
    if whole >= 120:
        minutes = math.ceil(whole / 60)
        return f"Too many {what}: try again in {count(minutes, 'minute')}."
    return f"Too many {what}: try again in {count(whole, 'second')}."
