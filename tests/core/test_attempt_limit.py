"""The limit on wrong guesses (issue 13, item 9: class codes could be guessed without limit), with an
injected clock: free failures, then a wait that doubles up to a cap, forgotten after the window."""
from __future__ import annotations

import doctest

import pytest

import academy.core.attempt_limit
from academy.core.attempt_limit import AttemptLimiter, wait_text


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def test_free_failures_then_a_doubling_wait_up_to_the_cap() -> None:
    """issue 13, item 9."""
    clock = Clock()
    limit = AttemptLimiter(free=5, window=600, base_delay=10, max_delay=300, clock=clock)
    waits = [limit.failed("tab") for _ in range(12)]
    assert waits == [0, 0, 0, 0, 0, 10, 20, 40, 80, 160, 300, 300]
    assert limit.wait("tab") == 300 and limit.failures("tab") == 12
    clock.t += 299.5
    assert limit.wait("tab") == pytest.approx(0.5)
    clock.t += 0.5
    assert limit.wait("tab") == 0


def test_keys_are_separate_and_the_longest_wait_counts() -> None:
    """issue 13, item 9: a page session and an address are counted apart; the caller waits for both."""
    clock = Clock()
    limit = AttemptLimiter(free=1, base_delay=10, clock=clock)
    assert limit.failed("tab-1", "addr") == 0
    assert limit.failed("tab-2", "addr") == 10           # the address's second failure
    assert limit.wait("tab-1") == 0 and limit.wait("tab-2") == 0 and limit.wait("addr") == 10
    assert limit.wait("tab-3", "addr") == 10 and limit.wait("tab-3", "other") == 0


def test_failures_are_forgotten_after_the_window_and_after_a_success() -> None:
    """issue 13, item 9."""
    clock = Clock()
    limit = AttemptLimiter(free=2, window=60, base_delay=10, clock=clock)
    limit.failed("tab")
    limit.failed("tab")
    clock.t += 61
    assert limit.failures("tab") == 0 and limit.failed("tab") == 0      # two free again
    assert limit.failed("tab") == 0 and limit.failed("tab") == 10
    limit.succeeded("tab")
    assert limit.wait("tab") == 0 and limit.failures("tab") == 0


def test_memory_stays_bounded_by_the_active_keys() -> None:
    """issue 13, item 9: an attacker with many addresses cannot grow the limiter without bound."""
    clock = Clock()
    limit = AttemptLimiter(free=1, window=60, clock=clock, max_keys=100)
    for i in range(1000):
        limit.failed(f"addr-{i}")
        clock.t += 1
    assert len(limit) <= 100
    limit.failed("a")
    limit.failed("a")
    assert limit.wait("a") == 10                          # a key just blocked is kept


def test_the_wait_in_words() -> None:
    """issue 13, item 9: the page says when to try again."""
    assert wait_text(40, "wrong codes") == "Too many wrong codes: try again in 40 seconds."
    assert wait_text(0.2, "wrong codes") == "Too many wrong codes: try again in 1 second."
    assert wait_text(39.01, "wrong codes") == "Too many wrong codes: try again in 40 seconds."
    assert wait_text(300, "wrong codes") == "Too many wrong codes: try again in 5 minutes."
    assert wait_text(0, "wrong codes") == ""
    with pytest.raises(ValueError):
        AttemptLimiter(free=-1)


def test_docstring_examples() -> None:
    result = doctest.testmod(academy.core.attempt_limit)
    assert result.attempted > 0 and result.failed == 0
