"""Joining an open seat from the games list (issue 3, "join an open seat"): a public seat gets a new
secret token for whoever takes it first; a race has one winner; private seats open only by link."""
from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

from academy.store import GameFinished, InvalidInput, SeatTaken, Store
from academy.store.live import LiveHub

OPTIONS: dict[str, Any] = {"players": 2, "setup": "random"}
SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Seat 2", "public": True}]


@pytest.fixture
def hub(db_url: str) -> Iterator[LiveHub]:
    with LiveHub(db_url, synchronous=True) as h:
        yield h


def test_public_seats_are_listed_until_taken(store: Store) -> None:
    gid, tokens = store.create_game("conquest", OPTIONS, 1, SEATS)
    info = store.game(gid)
    assert [s.public for s in info.seats] == [False, True]
    assert info.free_public_seats == [1]
    token = store.claim_seat(gid, 1, "Bea")
    assert store.seat_for_token(gid, token) == 1
    assert store.seat_for_token(gid, tokens[1]) is None        # the host's old link no longer opens it
    info = store.game(gid)
    assert info.free_public_seats == [] and info.seats[1].name == "Bea" and info.seats[1].joined
    assert info.status == "open"                               # Ann has not joined yet
    store.join_seat(gid, tokens[0])
    assert store.game(gid).status == "running"


def test_private_cpu_and_taken_seats_cannot_be_claimed(store: Store) -> None:
    gid, _ = store.create_game("conquest", {"players": 3, "setup": "random"}, 1,
                               [SEATS[0], SEATS[1], {"kind": "cpu", "level": "easy", "public": True}])
    assert store.game(gid).seats[2].public is False            # only human seats can be public
    with pytest.raises(SeatTaken, match="only its own link"):
        store.claim_seat(gid, 0)
    with pytest.raises(SeatTaken):
        store.claim_seat(gid, 2)
    store.claim_seat(gid, 1)
    with pytest.raises(SeatTaken, match="just taken"):
        store.claim_seat(gid, 1)
    with pytest.raises(InvalidInput, match="no seat 7"):
        store.claim_seat(gid, 7)


def test_finished_games_cannot_be_joined(store: Store) -> None:
    gid, _ = store.create_game("conquest", OPTIONS, 1, SEATS)
    store.finish(gid, 0)
    with pytest.raises(GameFinished):
        store.claim_seat(gid, 1)


def test_two_people_racing_for_one_seat_one_wins(store: Store) -> None:
    gid, _ = store.create_game("conquest", OPTIONS, 1, SEATS)
    results: list[Any] = []
    barrier = threading.Barrier(4)

    def claim(name: str) -> None:
        barrier.wait()
        try:
            results.append(("ok", store.claim_seat(gid, 1, name)))
        except SeatTaken as exc:
            results.append(("taken", str(exc)))

    threads = [threading.Thread(target=claim, args=(f"P{i}",)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(kind for kind, _ in results) == ["ok", "taken", "taken", "taken"]
    token = next(value for kind, value in results if kind == "ok")
    assert store.seat_for_token(gid, token) == 1


def test_live_claim_tells_the_watchers_and_the_new_token_plays(hub: LiveHub) -> None:
    game, tokens = hub.create("conquest", OPTIONS, 7, SEATS)
    seen: list[str] = []
    game.subscribe(lambda step, events: seen.extend(e.kind for e in events))
    game.join(tokens[0])
    token = game.claim(1, "Bea")
    assert "join" in seen and game.status == "running"
    assert game.seat_of(token) == 1
    mover = game.to_move()
    own = tokens[0] if mover == 0 else token
    state = game._state
    place = next(a for a in state.legal_actions() if type(a).__name__ == "Place")
    game.act(own, place)
    assert game.step > 0
