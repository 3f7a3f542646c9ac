"""Seat tokens: random and URL-safe, stored only as hashes, compared in constant time."""
from __future__ import annotations

import re
import sqlite3

import pytest

from academy.store import BadToken, GameFinished, Store
from academy.store import tokens as tokens_module
from tests.store.helpers import OPTIONS

HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def test_tokens_are_url_safe_long_and_distinct(store: Store) -> None:
    game_id, tokens = store.create_game("conquest", OPTIONS, 1, HUMANS)
    assert set(tokens) == {0, 1}
    for t in tokens.values():
        assert re.fullmatch(r"[A-Za-z0-9_-]{43,}", t)  # >= 256 bits of base64url
    assert tokens[0] != tokens[1]


def test_only_hashes_are_stored(store: Store, db_url: str) -> None:
    game_id, tokens = store.create_game("conquest", OPTIONS, 1, HUMANS)
    with open(db_url.removeprefix("sqlite:///"), "rb") as f:
        raw = f.read()
    conn = sqlite3.connect(db_url.removeprefix("sqlite:///"))
    try:
        stored = dict(conn.execute("SELECT player, token_hash FROM seats WHERE game_id = ?", (game_id,)).fetchall())
    finally:
        conn.close()
    for player, token in tokens.items():
        assert stored[player] == tokens_module.hash_token(token) != token
        assert token.encode() not in raw


def test_right_wrong_and_other_games_tokens(store: Store) -> None:
    game_id, tokens = store.create_game("conquest", OPTIONS, 1, HUMANS)
    other_id, other = store.create_game("conquest", OPTIONS, 2, HUMANS)
    assert store.seat_for_token(game_id, tokens[0]) == 0
    assert store.seat_for_token(game_id, tokens[1]) == 1
    assert store.seat_for_token(other_id, other[1]) == 1
    for wrong in ("", "x", tokens[0][:-1], tokens[0] + "A", tokens[0].upper(), other[0], None, 12):
        assert store.seat_for_token(game_id, wrong) is None  # type: ignore[arg-type]


def test_cpu_seats_have_no_token(store: Store) -> None:
    game_id, tokens = store.create_game("conquest", OPTIONS, 1, [{"kind": "cpu", "level": "easy"}] * 2)
    assert tokens == {}
    assert store.seat_for_token(game_id, "") is None


def test_comparison_is_constant_time_and_checks_every_seat(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id, tokens = store.create_game("conquest", OPTIONS, 1, HUMANS)
    calls: list[tuple[str, str]] = []
    real = tokens_module.hmac.compare_digest

    def spy(a: str, b: str) -> bool:
        calls.append((a, b))
        return real(a, b)

    monkeypatch.setattr(tokens_module.hmac, "compare_digest", spy)
    assert store.seat_for_token(game_id, tokens[0]) == 0
    assert len(calls) == 2  # both seats compared, even after the first one matched
    calls.clear()
    assert store.seat_for_token(game_id, "forged") is None
    assert len(calls) == 2


def test_join_seat(store: Store) -> None:
    game_id, tokens = store.create_game("conquest", OPTIONS, 1, HUMANS)
    assert store.game(game_id).status == "open"
    assert store.join_seat(game_id, tokens[1], name="Bobby") == 1
    assert store.game(game_id).status == "open"
    assert store.join_seat(game_id, tokens[0]) == 0
    info = store.game(game_id)
    assert info.status == "running"
    assert [(s.name, s.joined) for s in info.seats] == [("Ann", True), ("Bobby", True)]
    assert store.join_seat(game_id, tokens[0]) == 0  # joining again is harmless
    with pytest.raises(BadToken, match="does not open a seat"):
        store.join_seat(game_id, "forged")
    store.finish(game_id, 0)
    with pytest.raises(GameFinished):
        store.join_seat(game_id, tokens[0])
