"""The live shared game service (academy/store/live.py): seats, turns, subscribers, CPU, restarts, races."""
from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

from academy.core.errors import IllegalAction, RulesError
from academy.core.protocol import NodeKind
from academy.games.conquest import ConquestGame
from academy.games.conquest.actions import Attack, Place
from academy.store import BadToken, GameFinished, Store
from academy.store.live import LiveGame, LiveHub, bot_seed

OPTIONS: dict[str, Any] = {"players": 2, "setup": "random"}
HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
WAIT = 60.0  # seconds: only a guard against hanging, never a timing assertion


@pytest.fixture
def hub(db_url: str) -> Iterator[LiveHub]:
    with LiveHub(db_url, synchronous=True) as h:
        yield h


def place_all(game: LiveGame, token: str) -> None:
    """Place every reinforcement on the first territory the seat may reinforce (in notation)."""
    state = game._state
    amount = state.reinforcements
    place = next(a for a in state.legal_actions() if isinstance(a, Place) and a.armies == amount)
    game.act(token, state.game.format_action(place, state))


def finish_turn(game: LiveGame, token: str) -> None:
    """Place everything, don't attack, don't fortify."""
    place_all(game, token)
    game.act(token, "end attack")
    game.act(token, "end turn")


def stored_matches(store: Store, game: LiveGame) -> bool:
    return store.load_state(game.game_id).to_json() == game._state.to_json()


# ============================================================================ turns and tokens
def test_two_seats_act_in_turn(hub: LiveHub) -> None:
    game, tokens = hub.create("conquest", OPTIONS, 7, HUMANS)
    first = game.to_move()
    assert first in (0, 1) and game._state.phase == "reinforce"
    finish_turn(game, tokens[first])
    second = game.to_move()
    assert second == 1 - first
    assert stored_matches(hub.store, game)
    finish_turn(game, tokens[second])
    assert game.to_move() == first
    assert hub.store.game(game.game_id).num_actions == game.step
    assert stored_matches(hub.store, game)
    assert hub.store.game(game.game_id).status == "running"  # both seats joined by acting


def test_a_wrong_token_is_refused_and_nothing_changes(hub: LiveHub) -> None:
    game, tokens = hub.create("conquest", OPTIONS, 7, HUMANS)
    other, other_tokens = hub.create("conquest", OPTIONS, 8, HUMANS)
    before = game.step
    for bad in ("forged-token", "", other_tokens[game.to_move()]):
        with pytest.raises(BadToken, match="does not open a seat|No seat token"):
            game.act(bad, "end attack")
    with pytest.raises(BadToken):
        game.state_for_token("forged-token")
    assert game.step == before == hub.store.game(game.game_id).num_actions


def test_out_of_turn_is_refused(hub: LiveHub) -> None:
    game, tokens = hub.create("conquest", OPTIONS, 7, HUMANS)
    waiting = 1 - game.to_move()
    before = game._state.to_json()
    with pytest.raises(IllegalAction) as caught:
        game.act(tokens[waiting], "end turn")
    assert caught.value.reason == "not_your_turn" and "Wait for your turn" in caught.value.message
    assert game._state.to_json() == before and hub.store.game(game.game_id).num_actions == game.step


def test_an_illegal_action_changes_nothing(hub: LiveHub) -> None:
    game, tokens = hub.create("conquest", OPTIONS, 7, HUMANS)
    mover = game.to_move()
    before, step = game._state.to_json(), game.step
    with pytest.raises(RulesError):
        game.act(tokens[mover], "end turn")         # reinforcements still to place
    with pytest.raises(RulesError):
        game.act(tokens[mover], "flap wings")       # not notation
    assert game._state.to_json() == before and game.step == step == hub.store.game(game.game_id).num_actions


def test_action_objects_are_accepted_too(hub: LiveHub) -> None:
    game, tokens = hub.create("conquest", OPTIONS, 7, HUMANS)
    mover = game.to_move()
    view = game.view(mover)
    assert view.legal and game.view(1 - mover).legal is None
    events = game.act(tokens[mover], view.legal[0])
    assert events and events[0].kind == "place"


# ============================================================================ hidden information
def test_observation_hides_the_other_hand(db_url: str) -> None:
    state = ConquestGame(**OPTIONS).new_initial_state(5)
    state.settle()
    start = state.to_json()
    deck = list(start["deck"])
    start["hands"], start["deck"] = [deck[:2], deck[2:5]], deck[5:]
    with LiveHub(db_url, synchronous=True) as hub:
        game, tokens = hub.create("conquest", OPTIONS, 5, HUMANS, start=start)
        mine = game.state_for_token(tokens[0])
        assert mine["hands"] == [deck[:2], 3] and mine["deck"] == len(deck) - 5
        theirs = game.state_for(1)
        assert theirs["hands"] == [2, deck[2:5]]
        watcher = game.state_for(None)
        assert watcher["hands"] == [2, 3] and isinstance(watcher["deck"], int)
        assert not set(deck[2:]) & {c for h in mine["hands"] if isinstance(h, list) for c in h}
        assert game.view(0).observation == mine
        mine["hands"][0].append("tampered")          # a copy: the live state is untouched
        assert game.state_for(0)["hands"][0] == deck[:2]
        with pytest.raises(IllegalAction):
            game.state_for(7)


# ============================================================================ subscribers
def test_subscribers_are_notified_in_order_and_one_failure_breaks_nothing(
        hub: LiveHub, caplog: pytest.LogCaptureFixture) -> None:
    game, tokens = hub.create("conquest", OPTIONS, 7, HUMANS)
    game.join(tokens[0])
    game.join(tokens[1], "Bobby")
    assert hub.store.game(game.game_id).status == "running"
    seen_a: list[int] = []
    seen_b: list[tuple[int, list[str]]] = []

    def broken(step: int, events: list[Any]) -> None:
        raise RuntimeError("a broken page")

    game.subscribe(lambda step, events: seen_a.append(step))
    game.subscribe(broken)
    unsubscribe = game.subscribe(lambda step, events: seen_b.append((step, [e.kind for e in events])), player=0)
    start = game.step
    first = game.to_move()
    finish_turn(game, tokens[first])
    assert seen_a == sorted(seen_a) and len(seen_a) == 3 and seen_a[-1] == game.step
    assert [s for s, _ in seen_b] == seen_a
    assert seen_b[0][1][0] == "place" and seen_a[0] > start
    assert "a subscriber failed" in caplog.text
    unsubscribe()
    unsubscribe()  # harmless twice
    place_all(game, tokens[1 - first])
    assert len(seen_b) == 3 and len(seen_a) == 4
    assert game.num_subscribers == 2


def test_each_step_is_stored_before_subscribers_hear_of_it(hub: LiveHub) -> None:
    game, tokens = hub.create("conquest", OPTIONS, 7, HUMANS)
    game.join(tokens[0])
    game.join(tokens[1])
    stored: list[tuple[int, int]] = []
    game.subscribe(lambda step, events: stored.append((step, hub.store.game(game.game_id).num_actions)))
    finish_turn(game, tokens[game.to_move()])
    assert stored and all(step == n for step, n in stored)


def test_messages_reach_only_their_participants(db_url: str) -> None:
    with LiveHub(db_url, synchronous=True) as hub:
        seats = HUMANS + [{"kind": "human", "name": "Cy"}]
        game, tokens = hub.create("conquest", {"players": 3, "setup": "random"}, 4, seats)
        got: dict[Any, list[str]] = {0: [], 1: [], 2: [], None: []}
        for p in got:
            game.subscribe(lambda step, events, p=p: got[p].extend(e.data["text"] for e in events
                                                                   if e.kind == "message"), player=p)
        msg = game.send_message(tokens[0], [1], "Truce on the Ural?")
        assert msg.recipients == frozenset({1})
        assert got == {0: ["Truce on the Ural?"], 1: ["Truce on the Ural?"], 2: [], None: []}
        assert [m.text for m in game.messages(tokens[1])] == ["Truce on the Ural?"]
        assert game.messages(tokens[2]) == []


# ============================================================================ CPU seats
def test_a_cpu_seat_plays_its_turn(hub: LiveHub) -> None:
    game, tokens = hub.create("conquest", OPTIONS, 7, [{"kind": "human", "name": "Ann"},
                                                       {"kind": "cpu", "level": "easy"}])
    assert game.to_move() == 0                     # a CPU first player already played
    steps: list[int] = []
    game.subscribe(lambda step, events: steps.append(step))
    before = game.step
    finish_turn(game, tokens[0])
    record = hub.store.load_record(game.game_id)
    cpu_entries = [e for e in record.entries[before:] if e.player == 1 and not e.chance]
    assert cpu_entries, "the CPU played"
    assert game.to_move() == 0 or game.status == "finished"
    assert steps == sorted(steps) and steps[-1] == game.step
    assert stored_matches(hub.store, game)


def test_cpu_seats_are_deterministic(tmp_path: Any) -> None:
    logs = []
    for run in range(2):
        with LiveHub(f"sqlite:///{tmp_path / f'run{run}.db'}", synchronous=True) as hub:
            game, tokens = hub.create("conquest", OPTIONS, 11, [{"kind": "cpu", "level": "normal"},
                                                                {"kind": "human", "name": "Bob"}])
            finish_turn(game, tokens[1])
            logs.append(hub.store.record_json(game.game_id)["log"])
    assert logs[0] == logs[1]
    assert bot_seed(11, 0) != bot_seed(11, 1)


def test_cpu_seats_play_on_a_worker_thread(db_url: str) -> None:
    with LiveHub(db_url, synchronous=False) as hub:
        game, tokens = hub.create("conquest", OPTIONS, 7, [{"kind": "human", "name": "Ann"},
                                                           {"kind": "cpu", "level": "easy"}])
        changed = threading.Condition()
        threads: set[str] = set()

        def watch(step: int, events: list[Any]) -> None:
            threads.add(threading.current_thread().name)
            with changed:
                changed.notify_all()
        game.subscribe(watch)

        def humans_turn() -> bool:
            return game.to_move() == 0 or game.status == "finished"
        with changed:
            assert changed.wait_for(humans_turn, WAIT)
        before = game.step
        finish_turn(game, tokens[0])
        with changed:
            assert changed.wait_for(humans_turn, WAIT), "the CPU did not hand the turn back"
        assert any(e.player == 1 and not e.chance for e in hub.store.load_record(game.game_id).entries[before:])
        assert any(name.startswith("academy-live-cpu") for name in threads)
        assert stored_matches(hub.store, game)


def test_a_game_of_cpus_ends_and_the_winner_is_stored(hub: LiveHub) -> None:
    game, _ = hub.create("conquest", OPTIONS, 3, [{"kind": "cpu", "level": "easy"},
                                                 {"kind": "cpu", "level": "normal"}])
    info = hub.store.game(game.game_id)
    assert info.status == "finished" and info.winner == game._state.winner() is not None
    assert game._state.node_kind() is NodeKind.TERMINAL


# ============================================================================ leaving
def test_resigning_a_two_player_game_gives_the_other_the_win(hub: LiveHub) -> None:
    game, tokens = hub.create("conquest", OPTIONS, 7, HUMANS)
    kinds: list[str] = []
    game.subscribe(lambda step, events: kinds.extend(e.kind for e in events))
    events = game.resign(tokens[0])
    assert [e.kind for e in events] == ["resigned", "game_over"] and kinds == ["resigned", "game_over"]
    info = hub.store.game(game.game_id)
    assert info.status == "finished" and info.winner == 1 and info.seats[0].status == "resigned"
    with pytest.raises(GameFinished):
        game.act(tokens[1], "end turn")
    with pytest.raises(GameFinished):
        game.resign(tokens[1])


def test_a_resigned_seat_in_a_bigger_game_is_played_by_the_cpu(hub: LiveHub) -> None:
    seats = HUMANS + [{"kind": "human", "name": "Cy"}]
    game, tokens = hub.create("conquest", {"players": 3, "setup": "random"}, 4, seats)
    mover = game.to_move()
    game.resign(tokens[mover])
    assert game.status != "finished" and game.to_move() != mover
    assert hub.store.game(game.game_id).seats[mover].status == "resigned"
    with pytest.raises(IllegalAction) as caught:
        game.act(tokens[mover], "end turn")
    assert caught.value.reason == "seat_out"
    assert any(e.player == mover and not e.chance for e in hub.store.load_record(game.game_id).entries)


# ============================================================================ restarts
def test_a_new_hub_reloads_the_game_and_continues(db_url: str) -> None:
    with LiveHub(db_url, synchronous=True) as hub:
        game, tokens = hub.create("conquest", OPTIONS, 7, HUMANS)
        first = game.to_move()
        finish_turn(game, tokens[first])
        place_all(game, tokens[1 - first])
        saved, step, game_id = game._state.to_json(), game.step, game.game_id
    with LiveHub(db_url, synchronous=True) as hub:
        again = hub.open(game_id)
        assert hub.open(game_id) is again
        assert again.step == step and again._state.to_json() == saved
        again.act(tokens[1 - first], "end attack")
        again.act(tokens[1 - first], "end turn")
        assert again.to_move() == first
        assert stored_matches(hub.store, again)


def test_chance_steps_lost_in_a_crash_are_resolved_on_reload(db_url: str) -> None:
    with LiveHub(db_url, synchronous=True) as hub:
        game, tokens = hub.create("conquest", OPTIONS, 7, HUMANS)
        mover = game.to_move()
        place_all(game, tokens[mover])
        attack = next(a for a in game._state.legal_actions() if isinstance(a, Attack))
        trial = game._state.clone()
        trial.play(attack)
        index = game.step
        # the process dies after storing the attack but before storing its dice
        hub.store.append_action(game.game_id, index, mover, attack)
        game_id = game.game_id
    with LiveHub(db_url, synchronous=True) as hub:
        again = hub.open(game_id)
        assert again.step == len(trial.record) and again._state.to_json() == trial.to_json()
        assert hub.store.game(game_id).num_actions == again.step


# ============================================================================ races
def test_two_threads_acting_at_once_cannot_corrupt_the_game(hub: LiveHub) -> None:
    game, tokens = hub.create("conquest", OPTIONS, 7, HUMANS)
    mover = game.to_move()
    place_all(game, tokens[mover])
    game.act(tokens[mover], "end attack")
    barrier = threading.Barrier(2)
    results: list[Any] = []

    def end_turn() -> None:
        barrier.wait(WAIT)
        try:
            game.act(tokens[mover], "end turn")
            results.append("ok")
        except Exception as exc:  # noqa: BLE001 - collected for the assertion
            results.append(exc)
    threads = [threading.Thread(target=end_turn) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(WAIT)
    assert results.count("ok") == 1
    refused = next(r for r in results if r != "ok")
    assert isinstance(refused, IllegalAction) and refused.reason == "not_your_turn"
    assert game.to_move() == 1 - mover and stored_matches(hub.store, game)


def test_two_hubs_on_one_database_resolve_conflicts(db_url: str) -> None:
    with LiveHub(db_url, synchronous=True) as one, LiveHub(db_url, synchronous=True) as two:
        game_a, tokens = one.create("conquest", OPTIONS, 7, HUMANS)
        game_b = two.open(game_a.game_id)
        mover = game_a.to_move()
        finish_turn(game_a, tokens[mover])             # hub two does not know yet
        other = 1 - mover
        synced: list[str] = []
        game_b.subscribe(lambda step, events: synced.extend(e.kind for e in events))
        with pytest.raises(IllegalAction) as caught:     # stale: conflict, reload, then a clear refusal
            game_b.act(tokens[mover], "end turn")
        assert caught.value.reason == "not_your_turn" and "sync" in synced
        state = game_b._state
        places = [a for a in state.legal_actions() if isinstance(a, Place) and a.armies == 1][:2]
        game_a.act(tokens[other], places[0])           # hub two is stale again
        game_b.act(tokens[other], places[1])           # conflict, reload, the retry is legal: stored
        record = one.store.load_record(game_a.game_id)
        assert [e.action for e in record.entries[-2:]] == places
        assert game_a.refresh() is True and game_a.refresh() is False
        assert game_a._state.to_json() == game_b._state.to_json()
        assert stored_matches(one.store, game_a)


def test_two_hubs_racing_for_one_move(db_url: str) -> None:
    with LiveHub(db_url, synchronous=True) as one, LiveHub(db_url, synchronous=True) as two:
        game_a, tokens = one.create("conquest", OPTIONS, 7, HUMANS)
        mover = game_a.to_move()
        place_all(game_a, tokens[mover])
        game_a.act(tokens[mover], "end attack")
        game_b = two.open(game_a.game_id)
        barrier = threading.Barrier(2)
        results: list[Any] = []

        def end_turn(game: LiveGame) -> None:
            barrier.wait(WAIT)
            try:
                game.act(tokens[mover], "end turn")
                results.append("ok")
            except Exception as exc:  # noqa: BLE001 - collected for the assertion
                results.append(exc)
        threads = [threading.Thread(target=end_turn, args=(g,)) for g in (game_a, game_b)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(WAIT)
        assert results.count("ok") == 1
        refused = next(r for r in results if r != "ok")
        assert isinstance(refused, IllegalAction) and refused.reason == "not_your_turn"
        game_a.refresh()
        game_b.refresh()
        assert game_a._state.to_json() == game_b._state.to_json()
        assert stored_matches(one.store, game_a) and game_a.to_move() == 1 - mover


def test_a_broken_bot_stops_with_a_message_not_a_loop(db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    class Broken:
        name, level = "Broken", "broken"

        def choose(self, state: Any) -> Any:
            raise RuntimeError("no idea")
    with LiveHub(db_url, synchronous=True, bot_factory=lambda game, level, seed: Broken()) as hub:
        kinds: list[str] = []
        game_id, tokens = hub.store.create_game("conquest", OPTIONS, 7, [{"kind": "human", "name": "Ann"},
                                                                         {"kind": "cpu", "level": "easy"}])
        game = hub.open(game_id)
        game.subscribe(lambda step, events: kinds.extend(e.kind for e in events))
        if game.to_move() == 0:
            finish_turn(game, tokens[0])
        assert game.to_move() == 1 and game.status != "finished"
        assert "the easy bot of player 1 failed" in caplog.text
        assert kinds == [] or "cpu_error" in kinds     # the error came before or after subscribing
        assert hub.store.game(game_id).num_actions == game.step


def test_unknown_games_and_closed_hubs(db_url: str) -> None:
    from academy.store import GameNotFound
    hub = LiveHub(db_url, synchronous=True)
    with pytest.raises(GameNotFound):
        hub.open(999)
    hub.close()
    with pytest.raises(RuntimeError, match="closed"):
        hub.open(1)


def test_docstring_examples() -> None:
    import doctest

    import academy.store.live
    result = doctest.testmod(academy.store.live, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
