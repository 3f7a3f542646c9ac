"""Learner progress in the store: learners by browser id, tries and solves per exercise, the class table."""
from __future__ import annotations

import doctest

import pytest

import academy.store.progress
from academy.store import InvalidInput, Store
from academy.store.progress import LearnerNotFound, Progress, new_learner_key, summary


def test_docstring_example_runs() -> None:
    result = doctest.testmod(academy.store.progress)
    assert result.attempted > 0 and result.failed == 0


def test_a_learner_is_found_again_by_its_browser_id(store: Store) -> None:
    book = Progress(store)
    key = new_learner_key()
    first = book.learner(key)
    assert first.name is None and first.label == "Anonymous learner"
    assert book.learner(key).id == first.id
    assert book.learner(key, name="  Ann   Lee ").name == "Ann Lee"
    assert book.learner(key).name == "Ann Lee"                # no name given: the stored one stays
    assert book.rename(key, "").name is None
    with pytest.raises(LearnerNotFound):
        book.learner(new_learner_key(), create=False)


@pytest.mark.parametrize("key", ["", "short", "has space in it", "x" * 65, None, 42, "a/b/c/d/e/f"])
def test_malformed_learner_ids_are_refused(store: Store, key: object) -> None:
    with pytest.raises(InvalidInput, match="learner id"):
        Progress(store).learner(key)  # type: ignore[arg-type]


def test_tries_and_solves_are_counted_per_exercise(store: Store) -> None:
    book = Progress(store)
    key = new_learner_key()
    p = book.record_try(key, "conquest", "attacking", 0, "most-dice")
    assert (p.tries, p.solved, p.first_solved_at) == (1, False, None)
    p = book.record_try(key, "conquest", "attacking", 0, "most-dice")
    p = book.record_try(key, "conquest", "attacking", 0, "most-dice", solved=True, new_try=False)
    assert (p.tries, p.solved) == (2, True) and p.first_solved_at is not None
    first = p.first_solved_at
    p = book.record_try(key, "conquest", "attacking", 0, "most-dice", solved=True)
    assert (p.tries, p.solved, p.first_solved_at) == (3, True, first)        # solved stays, first time kept
    book.record_try(key, "conquest", "attacking", 1, "who-can-attack", solved=True, new_try=False)
    book.record_try(key, "diplomacy", "orders", 0, "hold")
    entries = book.progress_of(key)
    assert [(e.game, e.lesson_id, e.exercise_index, e.tries, e.solved) for e in entries] == [
        ("conquest", "attacking", 0, 3, True), ("conquest", "attacking", 1, 1, True),
        ("diplomacy", "orders", 0, 1, False)]
    assert [e.game for e in book.progress_of(key, game="diplomacy")] == ["diplomacy"]
    assert summary(entries) == {("conquest", "attacking"): (2, 4), ("diplomacy", "orders"): (0, 1)}


def test_learners_do_not_see_each_others_progress(store: Store) -> None:
    book = Progress(store)
    ann, bob = new_learner_key(), new_learner_key()
    book.record_try(ann, "conquest", "setup", 0, "claim-the-door", solved=True)
    assert book.progress_of(bob) == []
    assert len(book.progress_of(ann)) == 1


@pytest.mark.parametrize("args", [("conquest", "attacking", -1), ("conquest", "", 0), ("", "attacking", 0),
                                  ("conquest", "attacking", True), ("conquest", "attacking", "0")])
def test_bad_progress_input_is_refused_and_nothing_is_written(store: Store, args: tuple) -> None:
    book = Progress(store)
    key = new_learner_key()
    with pytest.raises(InvalidInput):
        book.record_try(key, *args)
    assert book.progress_of(key) == []


def test_progress_survives_a_restart(db_url: str) -> None:
    key = new_learner_key()
    with Store(db_url) as store:
        Progress(store).record_try(key, "conquest", "setup", 0, "claim-the-door", solved=True)
    with Store(db_url) as store:
        [entry] = Progress(store).progress_of(key)
        assert entry.solved and entry.tries == 1 and entry.exercise_id == "claim-the-door"


def test_hints_seen_are_kept_the_most_of_any_try(store: Store) -> None:
    """A solve with hints is told apart from one without: the row keeps the most hints seen in a try."""
    book = Progress(store)
    key = book.learner(new_learner_key()).key
    p = book.record_try(key, "tactics", "repairs", 0, "back-to-the-city", hints=2)
    assert (p.tries, p.hints, p.solved) == (1, 2, False)
    p = book.record_try(key, "tactics", "repairs", 0, "back-to-the-city", solved=True, hints=1)
    assert (p.tries, p.hints, p.solved) == (2, 2, True)
    assert book.progress_of(key)[0].hints == 2
