"""Optimistic concurrency on the action log, finished games, unknown games and bad arguments."""
from __future__ import annotations

import threading

import pytest

from academy.core.errors import AcademyError, IllegalAction
from academy.games.conquest import EndTurn
from academy.store import (Conflict, GameFinished, GameNotFound, InvalidInput, Store, StoreError)
from tests.store.helpers import OPTIONS, SEATS, bot_game


@pytest.fixture
def game(store: Store) -> int:
    live = bot_game(seed=4)
    game_id, _ = store.create_game("conquest", OPTIONS, 4, SEATS)
    for i, e in enumerate(live.record.entries[:5]):
        store.append_action(game_id, i, e.player, e.action, e.chance)
    return game_id


@pytest.mark.parametrize("index", [0, 4, 6, 100, -1])
def test_an_index_that_is_not_the_next_one_is_refused_and_nothing_is_written(store: Store, game: int,
                                                                             index: int) -> None:
    before = store.record_json(game)
    with pytest.raises(Conflict) as info:
        store.append_action(game, index, 0, EndTurn(), False)
    assert (info.value.index, info.value.expected) == (index, 5)
    assert "next action is #5" in str(info.value) and "Reload" in str(info.value)
    assert isinstance(info.value, StoreError) and isinstance(info.value, AcademyError)
    assert store.record_json(game) == before


def test_the_next_index_is_accepted(store: Store, game: int) -> None:
    store.append_action(game, 5, 0, {"type": "EndTurn"}, False)
    assert store.game(game).num_actions == 6
    assert store.load_record(game).entries[5].action == EndTurn()


def test_racing_writers_for_one_index_exactly_one_wins(store: Store, game: int) -> None:
    results: list[str] = []
    barrier = threading.Barrier(6)

    def write(player: int) -> None:
        barrier.wait()
        try:
            store.append_action(game, 5, player, EndTurn(), False)
            results.append("ok")
        except Conflict:
            results.append("conflict")

    threads = [threading.Thread(target=write, args=(p % 2,)) for p in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == ["conflict"] * 5 + ["ok"]
    assert store.game(game).num_actions == 6


def test_a_finished_game_takes_no_actions(store: Store, game: int) -> None:
    store.finish(game, 1)
    with pytest.raises(GameFinished, match="is over"):
        store.append_action(game, 5, 0, EndTurn(), False)
    assert store.game(game).num_actions == 5


def test_unknown_games_are_named(store: Store) -> None:
    for call in (lambda: store.append_action(999, 0, 0, EndTurn(), False), lambda: store.load_record(999),
                 lambda: store.game(999), lambda: store.seat_for_token(999, "x"), lambda: store.finish(999, 0),
                 lambda: store.messages_for(999, 0), lambda: store.set_status("999", "open")):  # type: ignore[arg-type]
        with pytest.raises(GameNotFound, match="No game with id"):
            call()


def test_bad_arguments(store: Store) -> None:
    with pytest.raises(InvalidInput, match="Unknown game 'chess'; known games: conquest"):
        store.create_game("chess", {}, 1, SEATS)
    with pytest.raises(IllegalAction, match="2 to 6 players"):
        store.create_game("conquest", {"players": 9}, 1, SEATS)
    with pytest.raises(InvalidInput, match="give 2 seats, not 1"):
        store.create_game("conquest", OPTIONS, 1, SEATS[:1])
    with pytest.raises(InvalidInput, match="kind 'robot'"):
        store.create_game("conquest", OPTIONS, 1, [{"kind": "robot"}, SEATS[1]])
    with pytest.raises(InvalidInput, match="needs a level"):
        store.create_game("conquest", OPTIONS, 1, [{"kind": "cpu"}, SEATS[1]])
    with pytest.raises(InvalidInput, match="64-bit"):
        store.create_game("conquest", OPTIONS, 2**70, SEATS)
    game_id, _ = store.create_game("conquest", OPTIONS, 1, SEATS)
    with pytest.raises(InvalidInput, match="Unknown game status"):
        store.set_status(game_id, "paused")
    with pytest.raises(InvalidInput, match="no player 5"):
        store.finish(game_id, 5)
    with pytest.raises(InvalidInput, match="Unknown seat status"):
        store.set_seat_status(game_id, 0, "asleep")
    assert store.list_games() and len(store.list_games()) == 1


def test_status_and_seat_status(store: Store) -> None:
    game_id, _ = store.create_game("conquest", OPTIONS, 1, SEATS)
    store.set_status(game_id, "running")
    store.set_seat_status(game_id, 1, "resigned")
    info = store.game(game_id)
    assert info.status == "running" and info.seats[1].status == "resigned"
    store.finish(game_id, None)
    assert (store.game(game_id).status, store.game(game_id).winner) == ("finished", None)


def test_a_stale_second_server_gets_a_conflict(db_url: str, store: Store, game: int) -> None:
    with Store(db_url) as other:  # another process on the same database
        other.append_action(game, 5, 0, EndTurn(), False)
        with pytest.raises(Conflict) as info:
            store.append_action(game, 5, 1, EndTurn(), False)
        assert info.value.expected == 6
        assert other.game(game).num_actions == store.game(game).num_actions == 6


@pytest.mark.parametrize("action", [{"type": "Checkmate"}, {"type": "Attack", "colour": "red"}, "EndTurn", 3])
def test_what_the_game_cannot_read_back_is_refused(store: Store, game: int, action: object) -> None:
    with pytest.raises(InvalidInput, match="action #5 is not"):
        store.append_action(game, 5, 0, action, False)
    assert store.game(game).num_actions == 5
    assert len(store.load_record(game)) == 5
