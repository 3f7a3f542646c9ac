"""The one reader of visitors' files (academy/core/visitor_json.py) and what the record import and the Load
buttons say with it (issue 13, item 7): every bad file gets a message stating the limit, no Python error."""
from __future__ import annotations

import json

import pytest

from academy.core.visitor_json import MAX_DEPTH, MAX_FILE_BYTES, VisitorFileError, read_visitor_json
from academy.games import REGISTRY
from academy.ui.history import read_saved
from academy.ui.replay_model import RecordError, read_record
from academy.ui.save_load import read_game_record


def a_record() -> dict:
    state = REGISTRY["conquest"](setup="random").new_initial_state(seed=5)
    state.settle()
    return state.record.to_json()


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def long_seed(digits: int) -> str:
    text = json.dumps(a_record())
    return text.replace('"seed": 5', '"seed": ' + "7" * digits)


BAD_FILES = {
    "200,000 nested brackets": (nested(200_000), f"more than {MAX_DEPTH} deep"),
    "nested brackets inside an object": ('{"log": ' + nested(5_000) + "}", f"more than {MAX_DEPTH} deep"),
    "a 4,400-digit seed": (long_seed(4_400), "numbers in a game record have at most 20 digits"),
    "a 15 MB file": ('{"log": [' + " " * (15 * 1024 * 1024) + "]}", "is 15.0 MB; a record file may be at most 2 MB"),
    "a 30 MB file as bytes": (b" " * (30 * 1024 * 1024), "is 30 MB; a record file may be at most 2 MB"),
    "Infinity": ('{"seed": Infinity}', "Infinity, which is not a number a game record uses"),
    "a float too large": ('{"seed": 1e999}', "too large"),
    "not UTF-8": (b'{"seed": "\xff"}', "not UTF-8"),
    "not JSON": ("{", "bad JSON at line 1"),
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_the_reader_refuses_with_the_limit(name: str) -> None:
    """issue 13, item 7: each file gets a VisitorFileError naming the limit (not RecursionError/ValueError)."""
    content, words = BAD_FILES[name]
    with pytest.raises(VisitorFileError) as err:
        read_visitor_json(content)
    assert words in err.value.message


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_every_import_says_the_same(name: str) -> None:
    """issue 13, item 7: the replay import, the Load buttons and the Conquest Load give that message."""
    content, words = BAD_FILES[name]
    with pytest.raises(RecordError, match=words):
        read_record(content)
    with pytest.raises(ValueError, match=words):
        read_game_record(content, "conquest", "game.json")
    with pytest.raises(ValueError, match=words):
        read_saved(content)


def test_a_file_within_the_limits_is_read() -> None:
    """issue 13, item 7: the limits are far above a real record: a long game and a 1 MB file pass."""
    data = a_record()
    assert read_visitor_json(json.dumps(data)) == data
    padded = json.dumps(data, indent=1) + " " * (MAX_FILE_BYTES - len(json.dumps(data, indent=1)))
    assert read_record(padded).game.name == "conquest"
    assert read_visitor_json(nested(MAX_DEPTH)) == read_visitor_json(nested(MAX_DEPTH))
    assert read_visitor_json('["[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["]') == ["[" * 50]


@pytest.mark.parametrize("seed", [2**63, -(2**63) - 1, 10**19 + 1])
def test_a_seed_out_of_bounds_is_a_clear_error(seed: int) -> None:
    """issue 13, item 3: a record's seed is a 64-bit number; beyond it, a message and no Python error."""
    data = a_record()
    data["seed"] = seed
    with pytest.raises(RecordError, match="seed is at"):
        read_record(json.dumps(data))


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_damaged_fields_of_any_game_are_a_record_error(game: str) -> None:
    """issue 13, item 7: a start position with fields of the wrong kind is 'damaged', never a server error."""
    state = REGISTRY[game]().new_initial_state(seed=1)
    state.settle()
    data = state.record.to_json()
    data["start"] = state.to_json()
    for key in list(data["start"]):
        if key in ("schema", "version"):
            continue
        for junk in ([[]], {"a": {"b": []}}, "x" * 50, 10**19, None):
            broken = dict(data, start=dict(data["start"], **{key: junk}))
            try:
                read_record(json.dumps(broken))
            except RecordError as exc:
                assert str(exc)
