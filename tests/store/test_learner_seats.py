"""Learner seats (academy/store/learner_seats.py): the seats of shared games a learner's browser opened, by
number, newest first, at most KEEP per learner; bad input refused with the reason."""
from __future__ import annotations

import pytest

from academy.store import Store
from academy.store.errors import InvalidInput
from academy.store.learner_seats import KEEP, LearnerSeats
from academy.store.progress import Progress, new_learner_key

PEOPLE = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture
def store(tmp_path):
    with Store(f"sqlite:///{tmp_path}/seats.db") as s:
        yield s


def test_a_seat_opened_again_comes_first_and_the_oldest_go(store):
    seats, key = LearnerSeats(store), new_learner_key()
    ids = [store.create_game("conquest", {"players": 2}, i, PEOPLE)[0] for i in range(KEEP + 2)]
    for gid in ids:
        seats.remember(key, gid, 1)
    seats.remember(key, ids[2], 0)
    seats.remember(key, ids[2], 1)                                   # opened again: the newest
    kept = seats.of(key=key)
    assert len(kept) == KEEP and kept[0] == (ids[2], 1) and kept[1] == (ids[2], 0)
    assert (ids[0], 1) not in kept and (ids[1], 1) not in kept       # the oldest went
    learner = Progress(store).learner(key, create=False)
    assert seats.of(learner_id=learner.id) == kept
    assert seats.of(key=new_learner_key()) == []                      # nobody used this id yet


def test_bad_seats_are_refused_with_the_reason(store):
    seats, key = LearnerSeats(store), new_learner_key()
    gid, _ = store.create_game("conquest", {"players": 2}, 1, PEOPLE)
    with pytest.raises(InvalidInput, match="no shared game 999"):
        seats.remember(key, 999, 0)
    with pytest.raises(InvalidInput, match="seat number"):
        seats.remember(key, gid, -1)
    with pytest.raises(InvalidInput):
        seats.remember("not a key", gid, 0)
    with pytest.raises(ValueError, match="learner key or a learner id"):
        seats.of()
    assert seats.of(key=key) == []                                     # nothing was kept
