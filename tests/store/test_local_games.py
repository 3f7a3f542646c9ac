"""Local games kept per learner (issue 14, item 8: a local game survives a reload, stored with its record)."""
from __future__ import annotations

import doctest

import pytest

import academy.store.local_games
from academy.core.record import Record
from academy.games import REGISTRY
from academy.store import Store
from academy.store.errors import InvalidInput
from academy.store.local_games import MAX_BYTES, GameTooLarge, LocalGames
from academy.store.progress import Progress

ANN, BOB = "a" * 22, "b" * 22


def _record(game: str = "game_of_war", seed: int = 3, moves: int = 2) -> Record:
    state = REGISTRY[game]().new_initial_state(seed=seed)
    state.settle()
    for _ in range(moves):
        state.play(state.legal_actions()[0])
        state.settle()
    return state.record


def test_a_saved_game_comes_back_with_its_record_and_setup(store: Store) -> None:
    """issue 14, item 8: the record round-trips through the store and replays to the same position."""
    games = LocalGames(store)
    record = _record()
    saved = games.save(ANN, "game_of_war", record.to_json(), {"seats": ["human", "easy"]})
    kept = games.load(ANN, "game_of_war")
    assert kept == saved and kept.setup == {"seats": ["human", "easy"]} and not kept.finished
    again = Record.from_json(kept.record, REGISTRY)
    assert len(again) == len(record) >= 2
    assert again.replay().to_json() == record.replay().to_json()
    assert kept.saved_at.tzinfo is not None


def test_one_game_per_learner_and_game_each_save_replaces_it(store: Store) -> None:
    """issue 14, item 8: New game replaces the kept one; learners and games are kept apart."""
    games = LocalGames(store)
    games.save(ANN, "game_of_war", _record(moves=1).to_json(), {"seats": ["human", "easy"]})
    games.save(ANN, "game_of_war", _record(moves=3).to_json(), {"seats": ["easy", "human"]}, finished=True)
    games.save(ANN, "conquest", _record("conquest", moves=0).to_json(), {"seats": ["human", "hard"]})
    kept = games.load(ANN, "game_of_war")
    assert len(kept.record["log"]) == len(_record(moves=3)) and kept.setup == {"seats": ["easy", "human"]} and kept.finished
    assert games.load(ANN, "conquest").setup == {"seats": ["human", "hard"]}
    assert games.load(BOB, "game_of_war") is None            # another browser's id sees nothing
    assert games.load("c" * 22, "conquest") is None           # an id nobody used yet
    assert games.forget(ANN, "game_of_war") and games.load(ANN, "game_of_war") is None
    assert not games.forget(ANN, "game_of_war") and not games.forget(BOB, "conquest")
    assert [p.key for p in [Progress(store).learner(ANN, create=False)]] == [ANN]


def test_bad_input_is_refused_and_nothing_is_written(store: Store) -> None:
    """issue 14, item 8: a malformed id, a non-record or a record over the size limit is refused in words."""
    games = LocalGames(store)
    record = _record().to_json()
    with pytest.raises(InvalidInput, match="learner id"):
        games.save("short", "game_of_war", record)
    with pytest.raises(InvalidInput, match="not one"):
        games.save(ANN, "game_of_war", {"log": []})
    big = dict(record, padding="x" * (MAX_BYTES + 1))
    with pytest.raises(GameTooLarge, match="2 MB") as refused:
        games.save(ANN, "game_of_war", big)
    assert "Save it to a file" in str(refused.value)
    with pytest.raises(InvalidInput, match="JSON"):
        games.save(ANN, "game_of_war", record, {"when": object()})
    assert games.load(ANN, "game_of_war") is None


def test_docstring_example_runs() -> None:
    result = doctest.testmod(academy.store.local_games, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_a_learners_finished_games_by_key_or_by_id(store: Store) -> None:
    """issue 22, item 3: the coach's progress from play reads a learner's finished games (their key on the
    progress page, their id in a teacher's class table)."""
    games = LocalGames(store)
    games.save(ANN, "game_of_war", _record(moves=3).to_json(), {"seats": ["human", "easy"]}, finished=True)
    games.save(ANN, "conquest", _record("conquest", moves=0).to_json(), {"seats": ["human", "hard"]})
    games.save(BOB, "tactics", _record("tactics", moves=1).to_json(), {"seats": ["human", "easy"]}, finished=True)
    assert [g.game for g in games.finished(ANN)] == ["game_of_war"]               # the running one is left out
    ann = Progress(store).learner(ANN, create=False).id
    assert games.finished(learner_id=ann) == games.finished(ANN)
    assert games.finished("c" * 22) == []
    with pytest.raises(ValueError):
        games.finished()
    with pytest.raises(InvalidInput):
        games.finished("bad key!")
