"""A seeded Conquest game played by bots, stored action by action, loads and replays exactly."""
from __future__ import annotations

from academy.core.bots import play_game
from academy.core.record import Record
from academy.games import REGISTRY
from academy.games.conquest import ConquestGame
from academy.games.conquest.bots import make_bot
from academy.store import Store
from tests.store.helpers import OPTIONS, SEATS, bot_game, prefix


def test_bot_game_stored_entry_by_entry_replays_to_the_live_state(store: Store) -> None:
    game_id, _ = store.create_game("conquest", OPTIONS, 4, SEATS)
    live = ConquestGame(**OPTIONS).new_initial_state(4)
    stored = 0

    def save(state, player, action) -> None:  # noqa: ANN001 - play_game's hook
        nonlocal stored
        for i in range(stored, len(state.record)):  # the decision and the chance outcomes after it
            e = state.record.entries[i]
            store.append_action(game_id, i, e.player, e.action, e.chance)
        stored = len(state.record)

    live.settle()
    save(live, None, None)
    play_game(live, {0: make_bot("easy", 1), 1: make_bot("normal", 2)}, on_decision=save)
    assert live.is_terminal() and stored == len(live.record) > 100
    store.finish(game_id, live.winner())

    record = store.load_record(game_id)
    assert record.to_json() == live.record.to_json()
    assert [(e.player, e.chance) for e in record.entries] == [(e.player, e.chance) for e in live.record.entries]
    replayed = store.load_state(game_id)
    assert replayed == live
    assert replayed.winner() == live.winner()
    info = store.game(game_id)
    assert (info.status, info.winner, info.num_actions) == ("finished", live.winner(), len(live.record))


def test_partial_replay_matches_the_record(store: Store) -> None:
    live = bot_game(seed=5)
    game_id, _ = store.create_game("conquest", OPTIONS, 5, SEATS)
    assert store.append_record(game_id, prefix(live.record, 120)) == 120
    assert store.append_record(game_id, prefix(live.record, 150)) == 30
    assert store.load_state(game_id, upto=40) == live.record.replay(upto=40)
    assert store.load_state(game_id) == live.record.replay(upto=150)


def test_record_survives_reopening_and_json_export_imports(db_url: str) -> None:
    live = bot_game(seed=8)
    with Store(db_url) as first:
        game_id, _ = first.create_game("conquest", OPTIONS, 8, SEATS, title="Evening game")
        first.append_record(game_id, prefix(live.record, 150))
    with Store(db_url) as again:
        data = again.record_json(game_id)
        assert Record.from_json(data, REGISTRY).replay() == live.record.replay(upto=150)
        assert again.game(game_id).title == "Evening game"


def test_options_are_stored_complete_and_start_positions_kept(store: Store) -> None:
    live = bot_game(seed=4)
    start = live.record.replay(upto=30)
    game_id, _ = store.create_game("conquest", {"players": 2, "setup": "random"}, 4, SEATS, start=start.to_json())
    info = store.game(game_id)
    assert info.options == dict(ConquestGame(players=2, setup="random").options)
    state = store.load_state(game_id)
    assert state == start
    assert store.load_record(game_id).start == start.to_json()


def test_list_games_by_status_newest_first(store: Store) -> None:
    a, _ = store.create_game("conquest", OPTIONS, 1, SEATS)
    b, _ = store.create_game("conquest", OPTIONS, 2, [{"kind": "cpu", "level": "easy"}] * 2)
    c, _ = store.create_game("conquest", OPTIONS, 3, SEATS)
    store.finish(c, 0)
    assert [g.id for g in store.list_games()] == [c, b, a]
    assert [g.id for g in store.list_games("open")] == [a]
    assert [g.id for g in store.list_games("running")] == [b]
    assert [g.id for g in store.list_games("finished")] == [c]
    seats = store.game(a).seats
    assert [(s.player, s.kind, s.level, s.joined, s.status) for s in seats] == [
        (0, "human", None, False, "in"), (1, "cpu", "easy", True, "in")]
    assert store.game(a).created_at.tzinfo is not None
