"""Clocks in shared games (issue 3, "Time and leaving"): a live clock puts a player who runs out of
time out of the game; a daily clock lets the opponent claim the win; a simultaneous phase resolves
at its deadline with default orders; deadlines are stored and survive a restart."""
from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from academy.core.errors import IllegalAction
from academy.store import InvalidInput, Store, TooEarly
from academy.store.live import LiveHub, duration_text

from .test_live import finish_turn

OPTIONS: dict[str, Any] = {"players": 2, "setup": "random"}
HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
T0 = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


class Clock:
    """A hand-moved clock for the hub."""

    def __init__(self) -> None:
        self.t = T0

    def __call__(self) -> datetime:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def hub(db_url: str, clock: Clock) -> Iterator[LiveHub]:
    with LiveHub(db_url, synchronous=True, now=clock) as h:
        yield h


def started(hub: LiveHub, mode: str, seconds: int, seats: list[dict[str, Any]] = HUMANS,
            options: dict[str, Any] = OPTIONS, game: str = "conquest") -> tuple[Any, dict[int, str]]:
    live, tokens = hub.create(game, options, 7, seats, clock={"mode": mode, "seconds": seconds})
    for token in tokens.values():
        live.join(token)
    return live, tokens


def test_clock_settings_are_checked(store: Store) -> None:
    for bad in ({"mode": "blitz", "seconds": 60}, {"mode": "live", "seconds": 5}, {"mode": "live", "seconds": "60"}):
        with pytest.raises(InvalidInput):
            store.create_game("conquest", OPTIONS, 1, HUMANS, clock=bad)


def test_no_deadline_until_every_seat_is_taken(hub: LiveHub) -> None:
    game, tokens = hub.create("conquest", OPTIONS, 7, HUMANS, clock={"mode": "live", "seconds": 300})
    assert game.info.deadline is None
    game.join(tokens[0])
    assert game.info.deadline is None            # still open: Bob has not come
    game.join(tokens[1])
    assert game.info.status == "running"
    assert game.info.deadline == T0 + timedelta(seconds=300)


def test_deadline_runs_per_turn_not_per_action(hub: LiveHub, clock: Clock) -> None:
    game, tokens = started(hub, "live", 300)
    first = game.to_move()
    start = game.info.deadline
    clock.advance(100)
    game.act(tokens[first], game._state.game.format_action(
        next(a for a in game._state.legal_actions() if type(a).__name__ == "Place"), game._state))
    assert game.info.deadline == start           # the same turn: the same deadline
    finish_turn_rest(game, tokens[first])
    assert game.to_move() != first
    assert game.info.deadline == clock.t + timedelta(seconds=300)   # a new turn, a new deadline


def finish_turn_rest(game: Any, token: str) -> None:
    state = game._state
    while state.to_move() == game.seat_of(token) and type(state.legal_actions()[0]).__name__ == "Place":
        place = next(a for a in state.legal_actions() if type(a).__name__ == "Place")
        game.act(token, state.game.format_action(place, state))
        state = game._state
    game.act(token, "end attack")
    game.act(token, "end turn")


def test_live_clock_running_out_puts_the_player_out(hub: LiveHub, clock: Clock) -> None:
    game, tokens = started(hub, "live", 60)
    late = game.to_move()
    clock.advance(59)
    assert hub.check_clocks() == 0 and game.status == "running"
    clock.advance(1)
    assert hub.check_clocks() == 1
    assert game.info.seats[late].status == "timed_out"
    assert game.status == "finished" and game.winner == 1 - late      # two players: the other wins
    assert game.info.deadline is None


def test_live_clock_in_a_three_player_game_hands_the_seat_to_the_cpu(hub: LiveHub, clock: Clock) -> None:
    seats = HUMANS + [{"kind": "human", "name": "Cy"}]
    game, tokens = started(hub, "live", 60, seats, {"players": 3, "setup": "random"})
    late = game.to_move()
    clock.advance(61)
    hub.check_clocks()
    assert game.info.seats[late].status == "timed_out" and game.status == "running"
    assert game.to_move() != late                # the CPU played the rest of that turn
    assert game.info.deadline == clock.t + timedelta(seconds=60)     # the next person's clock


def test_daily_clock_lets_the_opponent_claim_the_win(hub: LiveHub, clock: Clock) -> None:
    game, tokens = started(hub, "daily", 86400)
    late = game.to_move()
    other = 1 - late
    clock.advance(3600)
    with pytest.raises(TooEarly, match="23 h"):
        game.claim_win(tokens[other])
    with pytest.raises(IllegalAction) as mine:
        game.claim_win(tokens[late])               # it is the claimant's own turn
    assert mine.value.reason == "nobody_late"
    clock.advance(86400)
    assert hub.check_clocks() == 1 and game.status == "running"   # daily: nothing happens on its own
    events = game.claim_win(tokens[other])
    assert any(e.kind == "timed_out" for e in events)
    assert game.status == "finished" and game.winner == other


def test_deadline_is_stored_and_survives_a_restart(db_url: str, clock: Clock) -> None:
    with LiveHub(db_url, synchronous=True, now=clock) as hub:
        game, tokens = started(hub, "live", 120)
        game_id, deadline = game.game_id, game.info.deadline
    clock.advance(30)
    with LiveHub(db_url, synchronous=True, now=clock) as again:
        game = again.open(game_id)
        assert game.info.deadline == deadline
        assert game.time_left() == 90
        clock.advance(90)
        again.check_clocks()
        assert game.status == "finished"


def test_cpu_turns_have_no_deadline(hub: LiveHub, clock: Clock) -> None:
    game, tokens = started(hub, "live", 60, [{"kind": "human", "name": "Ann"}, {"kind": "cpu", "level": "easy"}])
    assert game.to_move() == 0 or game.to_move() is None
    finish_turn(game, tokens[0])
    assert game.to_move() == 0                   # the CPU played at once
    assert game.info.deadline == clock.t + timedelta(seconds=60)


def test_duration_in_words() -> None:
    assert duration_text(83_000) == "23 h 3 min"
    assert duration_text(245) == "4 min 5 s"
    assert duration_text(-3) == "0 s"
    assert duration_text(2 * 86400 + 5) == "2 d 5 s"
