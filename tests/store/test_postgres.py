"""The store on a real PostgreSQL (Debian's server, started for the session by tests/store/pgserver.py),
and two LiveHubs on one database as two servers: changes cross between them through LISTEN/NOTIFY.

Waits are generous guards against hanging (WAIT seconds), never timing assertions.
"""
from __future__ import annotations

import queue
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from sqlalchemy import create_engine, inspect

import tests.store.test_conflicts as conflict_tests
import tests.store.test_messages as message_tests
from academy.core.record import Record
from academy.games.conquest import EndTurn
from academy.store import Conflict, LiveHub, Store, migrate
from academy.store.catchup import follow_hub, new_entries, replay_new
from academy.store.live import LiveGame
from academy.store.notify import CHANNEL, Listener, notify_game
from tests.store.helpers import OPTIONS, SEATS, bot_game

HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
WAIT = 10.0


@pytest.fixture
def pg_store(pg_url: str) -> Iterator[Store]:
    with Store(pg_url) as s:
        yield s


@pytest.fixture
def hubs(pg_url: str) -> Iterator[tuple[LiveHub, LiveHub]]:
    """Two hubs on one PostgreSQL database: two servers, each with its own store and listener."""
    with LiveHub(pg_url, synchronous=True) as one, LiveHub(pg_url, synchronous=True) as two:
        for hub in (one, two):
            assert hub._follower is not None and hub._follower.listener.wait_connected(WAIT)
        yield one, two


def wait_until(check: Callable[[], bool], what: str, timeout: float = WAIT) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout} s for {what}")
        time.sleep(0.02)


class Heard:
    """A subscriber that records each delivery: (step, events)."""

    def __init__(self) -> None:
        self.calls: list[tuple[int, list[Any]]] = []

    def __call__(self, step: int, events: list[Any]) -> None:
        self.calls.append((step, list(events)))

    @property
    def kinds(self) -> list[str]:
        return [e.kind for _, events in self.calls for e in events]

    def wait(self, check: Callable[[], bool], what: str) -> None:
        wait_until(check, what)


def place_all(game: LiveGame, token: str) -> list[Any]:
    """Place every reinforcement on one territory; return the events."""
    from academy.games.conquest.actions import Place
    state = game._state
    place = next(a for a in state.legal_actions() if isinstance(a, Place) and a.armies == state.reinforcements)
    return game.act(token, place)


# ============================================================================ the store
def test_the_schema_is_migrated_and_matches_the_models(pg_store: Store) -> None:
    assert migrate.current_revision(pg_store.engine) == migrate.head_revision()
    assert {"games", "seats", "actions", "messages", "message_recipients"} <= set(
        inspect(pg_store.engine).get_table_names())
    with Store(pg_store.url) as again:          # a second server starting: nothing to do
        assert migrate.current_revision(again.engine) == migrate.head_revision()


def test_migration_0006_keeps_classes_and_matches_the_models(pg_url: str) -> None:
    """Teachers and courses (0006) on PostgreSQL: a database of 0005 keeps its classes' work, and the schema
    is the models' to the letter (foreign keys named as on SQLite, where SQLAlchemy cannot read their names)."""
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    from academy.store.models import Base
    from tests.store.test_teachers import test_a_class_runs_a_course_and_keeps_work_per_lesson, upgrades_from_0005
    upgrades_from_0005(pg_url)
    with Store(pg_url) as store, store.engine.connect() as conn:
        ctx = MigrationContext.configure(conn, opts={"compare_type": True})
        assert compare_metadata(ctx, Base.metadata) == []
        test_a_class_runs_a_course_and_keeps_work_per_lesson(store)


def test_a_game_is_stored_and_replayed_and_a_wrong_index_conflicts(pg_store: Store) -> None:
    live = bot_game(seed=4)
    game_id, tokens = pg_store.create_game("conquest", OPTIONS, 4, SEATS)
    assert pg_store.seat_for_token(game_id, tokens[0]) == 0 and pg_store.seat_for_token(game_id, "forged") is None
    for i, e in enumerate(live.record.entries[:40]):
        pg_store.append_action(game_id, i, e.player, e.action, e.chance)
    assert pg_store.load_state(game_id) == live.record.replay(upto=40)
    with pytest.raises(Conflict) as caught:
        pg_store.append_action(game_id, 39, 0, EndTurn(), False)
    assert (caught.value.index, caught.value.expected) == (39, 40)
    assert pg_store.game(game_id).num_actions == 40
    pg_store.finish(game_id, 1)
    info = pg_store.game(game_id)
    assert (info.status, info.winner) == ("finished", 1)


def test_the_sqlite_store_tests_pass_on_postgresql(pg_store: Store) -> None:
    """A few of the SQLite store tests, run again on PostgreSQL (racing writers: one wins)."""
    message_tests.test_a_seat_sees_only_its_conversations(pg_store)
    message_tests.test_messages_are_per_game_and_carry_their_step(pg_store)
    message_tests.test_bad_messages(pg_store)
    live = bot_game(seed=4)                      # as test_conflicts.py's fixture: a game with 5 actions
    game, _ = pg_store.create_game("conquest", OPTIONS, 4, SEATS)
    for i, e in enumerate(live.record.entries[:5]):
        pg_store.append_action(game, i, e.player, e.action, e.chance)
    conflict_tests.test_racing_writers_for_one_index_exactly_one_wins(pg_store, game)


# ============================================================================ notifications
def test_each_change_notifies_once_it_commits_and_a_refused_one_does_not(pg_store: Store) -> None:
    heard: queue.Queue[tuple[int, int]] = queue.Queue()
    listener = Listener(pg_store.engine, lambda game_id, pid: heard.put((game_id, pid))).start()
    try:
        assert listener.wait_connected(WAIT)
        game_id, tokens = pg_store.create_game("conquest", OPTIONS, 4, HUMANS)
        changes: list[Callable[[], Any]] = [
            lambda: pg_store.join_seat(game_id, tokens[0], "Ann"),
            lambda: pg_store.append_action(game_id, 0, None, bot_game(seed=4).record.entries[0].action, True),
            lambda: pg_store.add_message(game_id, 0, [1], "hello"),
            lambda: pg_store.set_seat_status(game_id, 1, "resigned"),
            lambda: pg_store.finish(game_id, 0),
        ]
        for change in changes:
            with pytest.raises(Conflict):
                pg_store.append_action(game_id, 7, 0, EndTurn(), False)  # refused, rolled back: never sent
            change()
            got, pid = heard.get(timeout=WAIT)                           # so the next one heard is this
            assert got == game_id and pid != listener.backend_pid
        assert heard.empty()
    finally:
        listener.close()
    assert not listener.connected


def test_sqlite_neither_notifies_nor_listens(store: Store) -> None:
    with store.engine.begin() as conn:
        notify_game(conn, 1)                      # a no-op, not an error
    with pytest.raises(ValueError, match="PostgreSQL"):
        Listener(store.engine, lambda game_id, pid: None)
    with LiveHub(store) as hub:
        assert follow_hub(hub) is None and hub._follower is None


def test_the_listener_reconnects_after_its_connection_is_killed(pg_store: Store, pg_server: Any) -> None:
    heard: queue.Queue[int] = queue.Queue()
    connects: list[bool] = []
    listener = Listener(pg_store.engine, lambda game_id, pid: heard.put(game_id),
                        on_connect=connects.append).start()
    try:
        assert listener.wait_connected(WAIT)
        first = listener.backend_pid
        with pg_server.connect_admin() as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (first,))
        wait_until(lambda: listener.connected and listener.backend_pid not in (None, first), "a new connection")
        assert connects == [False, True]
        with pg_store.engine.begin() as conn:
            notify_game(conn, 42)
        assert heard.get(timeout=WAIT) == 42
    finally:
        listener.close()


# ============================================================================ two servers
def test_a_move_through_one_hub_reaches_a_subscriber_of_the_other(hubs: tuple[LiveHub, LiveHub]) -> None:
    one, two = hubs
    game_a, tokens = one.create("conquest", OPTIONS, 7, HUMANS)
    game_b = two.open(game_a.game_id)
    heard = Heard()
    game_b.subscribe(heard, player=1)
    mover = game_a.to_move()
    made = place_all(game_a, tokens[mover])
    heard.wait(lambda: any(step == game_a.step for step, _ in heard.calls), "the move to reach hub two")
    texts = [e.text for _, events in heard.calls for e in events]
    assert made and all(e.text in texts for e in made)        # the engine's own words, as in hub one
    assert game_b._state.to_json() == game_a._state.to_json()
    # and back: hub two's move reaches hub one
    heard_a = Heard()
    game_a.subscribe(heard_a, player=0)
    made = game_b.act(tokens[mover], "end attack")
    heard_a.wait(lambda: any(step == game_b.step for step, _ in heard_a.calls), "the move to reach hub one")
    assert [e.text for e in heard_a.calls[-1][1]] == [e.text for e in made]
    assert game_a._state.to_json() == game_b._state.to_json()


def test_a_message_reaches_only_its_recipient_on_the_other_hub(hubs: tuple[LiveHub, LiveHub]) -> None:
    one, two = hubs
    three = [{"kind": "human", "name": n} for n in ("Ann", "Bob", "Cy")]
    game_a, tokens = one.create("conquest", {"players": 3, "setup": "random"}, 5, three)
    game_b = two.open(game_a.game_id)
    bystander, recipient = Heard(), Heard()
    game_b.subscribe(bystander, player=2)         # subscribed first: told first, if at all
    game_b.subscribe(recipient, player=1)
    game_a.send_message(tokens[0], [1], "Truce in Asia?")
    recipient.wait(lambda: "message" in recipient.kinds, "the message on hub two")
    event = next(e for _, events in recipient.calls for e in events if e.kind == "message")
    assert (event.data["sender"], event.data["recipients"], event.data["text"]) == (0, [1], "Truce in Asia?")
    assert "message" not in bystander.kinds
    assert [m.text for m in game_b.messages(tokens[1])] == ["Truce in Asia?"]


def test_a_resignation_reaches_the_other_hub(hubs: tuple[LiveHub, LiveHub]) -> None:
    one, two = hubs
    game_a, tokens = one.create("conquest", OPTIONS, 7, HUMANS)
    game_b = two.open(game_a.game_id)
    heard = Heard()
    game_b.subscribe(heard, player=1)
    game_a.resign(tokens[0])
    heard.wait(lambda: "resigned" in heard.kinds and game_b.status == "finished", "the resignation on hub two")
    assert game_b.winner == 1 and game_b.info.seats[0].status == "resigned"


def test_a_hub_ignores_the_echo_of_its_own_writes(hubs: tuple[LiveHub, LiveHub], pg_url: str) -> None:
    one, two = hubs
    game_a, tokens = one.create("conquest", OPTIONS, 7, HUMANS)
    two.open(game_a.game_id)
    place_all(game_a, tokens[game_a.to_move()])
    follower = one._follower
    assert follower is not None and follower.refreshes == 0
    with Store(pg_url) as outsider:             # a write from elsewhere, after ours on the same channel
        outsider.add_message(game_a.game_id, 1, [0], "from outside")
    wait_until(lambda: follower.refreshes >= 1, "hub one to hear the outside write")
    assert follower.echoes >= 1                 # ours came first and cost nothing
    assert game_a.refresh() is False            # and a refresh by hand finds nothing new


def test_a_hub_catches_up_after_its_listener_reconnects(hubs: tuple[LiveHub, LiveHub], pg_server: Any) -> None:
    one, two = hubs
    game_a, tokens = one.create("conquest", OPTIONS, 7, HUMANS)
    game_b = two.open(game_a.game_id)
    listener = two._follower.listener if two._follower else None
    assert listener is not None
    first = listener.backend_pid
    with pg_server.connect_admin() as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", (first,))
    place_all(game_a, tokens[game_a.to_move()])     # perhaps while hub two is not listening
    wait_until(lambda: game_b.step == game_a.step, "hub two to catch up")
    wait_until(lambda: listener.connected and listener.backend_pid != first, "the listener to reconnect")
    game_a.act(tokens[game_a.to_move()], "end attack")
    wait_until(lambda: game_b.step == game_a.step, "hub two to follow after the reconnect")
    assert game_b._state.to_json() == game_a._state.to_json()


def test_engine_urls_with_a_password_are_not_logged(pg_url: str, caplog: pytest.LogCaptureFixture) -> None:
    engine = create_engine(pg_url.replace("postgres@", "postgres:secret@"))
    try:
        listener = Listener(engine, lambda game_id, pid: None)
        assert "secret" not in listener._where
    finally:
        engine.dispose()
    assert CHANNEL == "academy_games"


def test_a_log_that_does_not_continue_the_live_state_is_reloaded_instead(store: Store) -> None:
    ours, theirs = bot_game(seed=4), bot_game(seed=5)
    game_id, _ = store.create_game("conquest", OPTIONS, 5, SEATS)
    store.append_record(game_id, Record(theirs.record.game, 5, theirs.record.entries[:8]))
    assert new_entries(store, game_id, theirs.record.replay(upto=5)) == theirs.record.entries[5:8]
    assert new_entries(store, game_id, ours.record.replay(upto=5)) is None      # entry #4 differs
    assert replay_new(ours.record.replay(upto=5), None) is None
    caught = replay_new(theirs.record.replay(upto=5), theirs.record.entries[5:8])
    assert caught is not None and caught[0] == theirs.record.replay(upto=8) and caught[1]


def test_cpu_seats_are_played_by_one_server_while_the_other_follows(pg_url: str,
                                                                    caplog: pytest.LogCaptureFixture) -> None:
    """The server where Ann moves plays the CPU's turns; the other follows them without racing it."""
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "cpu", "level": "easy"}]
    with LiveHub(pg_url) as one, LiveHub(pg_url) as two:
        for hub in (one, two):
            assert hub._follower is not None and hub._follower.listener.wait_connected(WAIT)
        game_a, tokens = one.create("conquest", OPTIONS, 3, seats)     # Ann moves first
        game_b = two.open(game_a.game_id)
        for _ in range(3):
            wait_until(lambda: game_a.to_move() == 0 and game_b.to_move() == 0 and game_a.step == game_b.step,
                       "Ann's turn on both servers", timeout=60)
            place_all(game_a, tokens[0])
            game_a.act(tokens[0], "end attack")
            game_a.act(tokens[0], "end turn")
        wait_until(lambda: game_a.to_move() == 0 and game_b.to_move() == 0 and game_a.step == game_b.step,
                   "Ann's turn again on both servers", timeout=60)
        stored = one.store.load_state(game_a.game_id).to_json()
        assert game_a._state.to_json() == game_b._state.to_json() == stored
        assert game_a.step > 30
    refused = [r.getMessage() for r in caplog.records if "refused" in r.getMessage() or "conflict" in r.getMessage()]
    assert refused == []        # one server played the CPU: no race for its moves


def test_the_other_server_takes_over_the_cpu_seat_when_its_server_stops(pg_url: str) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "cpu", "level": "easy"}]
    one, two = LiveHub(pg_url, cpu_delay=0.2), LiveHub(pg_url)
    try:
        for hub in (one, two):
            assert hub._follower is not None and hub._follower.listener.wait_connected(WAIT)
        two._follower.stall_after = 0.5
        game_a, tokens = one.create("conquest", OPTIONS, 3, seats)     # Ann moves first
        game_b = two.open(game_a.game_id)
        place_all(game_a, tokens[0])
        game_a.act(tokens[0], "end attack")
        game_a.act(tokens[0], "end turn")                              # server one starts the CPU's turn ...
        wait_until(lambda: game_b.to_move() == 1, "the CPU's turn on server two")
        one.close()                                                    # ... and stops
        wait_until(lambda: game_b.to_move() == 0, "server two to finish the CPU's turn", timeout=60)
        assert game_b._state.to_json() == two.store.load_state(game_b.game_id).to_json()
    finally:
        one.close()
        two.close()


def test_without_postgresql_the_tests_skip_or_fail_in_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    import tests.store.pgserver as pgserver
    monkeypatch.setattr(pgserver, "PG_GLOB", "/nonexistent/*/bin/initdb")
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="apt-get install postgresql"):
        pgserver.require_bindir()
    monkeypatch.setenv("CI", "1")
    with pytest.raises(pytest.fail.Exception, match="CI is set"):
        pgserver.require_bindir()


def test_a_change_without_events_still_reaches_the_other_hubs_pages(hubs: tuple[LiveHub, LiveHub]) -> None:
    """A new deadline (stored by another server's clock) calls the subscribers with no events: pages redraw."""
    from datetime import UTC, datetime, timedelta
    one, two = hubs
    game_a, _ = one.create("conquest", OPTIONS, 7, HUMANS)
    game_b = two.open(game_a.game_id)
    heard = Heard()
    game_b.subscribe(heard, player=1)
    deadline = datetime.now(UTC).replace(microsecond=0) + timedelta(hours=1)
    one.store.set_deadline(game_a.game_id, deadline, game_a.step)
    heard.wait(lambda: bool(heard.calls), "hub two to hear of the deadline")
    assert heard.calls == [(game_b.step, [])] and game_b.info.deadline == deadline
