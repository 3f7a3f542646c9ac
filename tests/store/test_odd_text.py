"""Odd characters in what people type (issue 13, item 8): a lone surrogate, NUL and other control
characters are refused with a clear InvalidInput by one check (academy/store/text.py), the same on
SQLite and PostgreSQL, wherever the store keeps free text; nothing is stored; ordinary text (accents,
emoji, lines) passes."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from academy.store import InvalidInput, LiveHub, Store
from academy.store.classroom import Classroom
from academy.store.progress import Progress, new_learner_key
from academy.store.text import check_json_text, check_text, find_unsafe

CONQUEST: dict[str, Any] = {"players": 2, "setup": "random"}
HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Open", "public": True}]
#: (text, what the refusal names)
ODD = [("hi \ud800 there", "U+D800 (half of a surrogate pair"), ("a\x00b", "U+0000 (NUL"),
       ("\udfff", "U+DFFF"), ("bell\x07", "U+0007"), ("esc\x1b[31m", "U+001B (escape"), ("c1\x9b", "U+009B")]


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path / 'odd.db'}" if request.param == "sqlite" else request.getfixturevalue("pg_url")


@pytest.fixture
def store(db: str) -> Iterator[Store]:
    with Store(db) as s:
        yield s


def test_the_check_names_the_character_and_where_it_is() -> None:
    """issue 13, item 8: the shared check itself."""
    for text, named in ODD:
        with pytest.raises(InvalidInput, match="cannot hold the character") as err:
            check_text(text, "A message")
        assert named in str(err.value) and str(err.value).startswith("A message")
        assert "codec" not in str(err.value)
    with pytest.raises(InvalidInput, match="position 4"):
        check_text("abc\x00", "A name")
    for fine in ("Zoë 👍", "line one\nline two\r\n\ttabbed", "日本語", ""):
        assert check_text(fine, "A message") == fine and find_unsafe(fine) is None
    assert check_json_text({"map": "classic", "n": [1, "x"]}, "An option") == {"map": "classic", "n": [1, "x"]}
    for data in ({"map": "a\x00"}, {"k\ud800": 1}, [["deep", ["\x01"]]]):
        with pytest.raises(InvalidInput, match="An option cannot hold"):
            check_json_text(data, "An option")


def test_messages_with_odd_characters_are_refused_and_not_stored(store: Store) -> None:
    """issue 13, item 8: chat messages (PostgreSQL raised an uncaught DataError for NUL; SQLite a codec error)."""
    gid, _ = store.create_game("conquest", CONQUEST, 1, HUMANS)
    for text, named in ODD:
        with pytest.raises(InvalidInput, match="A message cannot hold") as err:
            store.add_message(gid, 0, [1], text)
        assert named in str(err.value)
    assert store.messages_for(gid, 0) == []
    store.add_message(gid, 0, [1], "Zoë says 👍\nsecond line")
    assert [m.text for m in store.messages_for(gid, 1)] == ["Zoë says 👍\nsecond line"]


def test_seat_names_titles_and_options_with_odd_characters_are_refused(store: Store) -> None:
    """issue 13, item 8: seat and player names (created, joined, claimed), titles, CPU levels, options."""
    for text, _ in ODD:
        with pytest.raises(InvalidInput, match="The name of seat 2 cannot hold"):
            store.create_game("conquest", CONQUEST, 1, [HUMANS[0], {"kind": "human", "name": text}])
        with pytest.raises(InvalidInput, match="A game's title cannot hold"):
            store.create_game("conquest", CONQUEST, 1, HUMANS, title=text)
        with pytest.raises(InvalidInput, match="The CPU level of seat 2 cannot hold"):
            store.create_game("conquest", CONQUEST, 1, [HUMANS[0], {"kind": "cpu", "level": text}])
        with pytest.raises(InvalidInput, match="A game option cannot hold"):
            store.create_game("conquest", {**CONQUEST, "map": text}, 1, HUMANS)
    assert store.list_games() == []
    gid, tokens = store.create_game("conquest", CONQUEST, 1, HUMANS, title="Zoë's game 🎲")
    for text, _ in ODD:
        with pytest.raises(InvalidInput, match="A player's name cannot hold"):
            store.join_seat(gid, tokens[0], text)
        with pytest.raises(InvalidInput, match="A player's name cannot hold"):
            store.claim_seat(gid, 1, text)
    info = store.game(gid)
    assert [s.name for s in info.seats] == ["Ann", "Open"] and not any(s.joined for s in info.seats)
    assert store.game(gid).title == "Zoë's game 🎲"
    store.claim_seat(gid, 1, "Bea 👋")
    assert store.game(gid).seats[1].name == "Bea 👋"


def test_actions_and_start_positions_with_odd_characters_are_refused(store: Store) -> None:
    """issue 13, item 8: JSON that reaches the store (a start position, an action) is checked too."""
    gid, _ = store.create_game("conquest", CONQUEST, 1, HUMANS)
    with pytest.raises(InvalidInput, match="action #0 cannot hold the character U\\+0000"):
        store.append_action(gid, 0, 0, {"type": "Place", "territory": "Ural\x00", "armies": 1})
    with pytest.raises(InvalidInput, match="start position cannot hold"):
        store.create_game("conquest", CONQUEST, 1, HUMANS, start={"owner": {"Ural\ud800": 0}})
    assert store.game(gid).num_actions == 0


def test_the_live_game_refuses_an_odd_message_and_an_odd_name(db: str) -> None:
    """issue 13, item 8: through LiveGame.send_message, join and claim, as the pages call them."""
    with LiveHub(db, synchronous=True) as hub:
        game, tokens = hub.create("conquest", CONQUEST, 1, HUMANS)
        for text, named in ODD:
            with pytest.raises(InvalidInput, match=named.replace("(", "\\(").replace("+", "\\+")):
                game.send_message(tokens[0], [1], text)
            with pytest.raises(InvalidInput, match="A player's name"):
                game.join(tokens[0], text)
            with pytest.raises(InvalidInput, match="A player's name"):
                game.claim(1, text)
        assert game.messages(tokens[0]) == [] and game.info.free_public_seats == [1]


def test_student_and_learner_names_with_odd_characters_are_refused(store: Store) -> None:
    """issue 13, item 8: the name a student types to join a class (it failed silently), a learner's
    name on the progress page, a class's lesson, an exercise id and a student's board."""
    room = Classroom(store, listen=False)
    info, teacher = room.open_class("conquest", "attacking", exercises=2)
    for text, named in ODD:
        with pytest.raises(InvalidInput, match="Your name cannot hold") as err:
            room.join(info.code, text)
        assert named in str(err.value) or "U+" in str(err.value)
        with pytest.raises(InvalidInput, match="A name cannot hold"):
            Progress(store).rename(new_learner_key(), text)
        with pytest.raises(InvalidInput, match="A class's lesson cannot hold"):
            room.open_class("conquest", text)
    assert room.table(teacher) == []
    ann = room.join(info.code, "Zoë 🙂")
    with pytest.raises(InvalidInput, match="An exercise id cannot hold"):
        room.record_work(info.id, ann.learner_id, 0, "most\x00dice")
    with pytest.raises(InvalidInput, match="A student's board cannot hold"):
        room.record_work(info.id, ann.learner_id, 0, "most-dice", board=[{"type": "Attack", "src": "\ud800"}])
    [row] = room.table(teacher)
    assert row.name == "Zoë 🙂" and row.tries == 0
    room.close()


def test_a_class_code_with_odd_characters_is_a_wrong_code(store: Store) -> None:
    """issue 13, item 8: a class code holding NUL (an uncaught DataError on PostgreSQL) or a lone surrogate
    is refused as a wrong code, without echoing it; the real code still joins."""
    from academy.store.classroom import ClassNotFound
    room = Classroom(store, listen=False)
    info, _ = room.open_class("conquest", "attacking", exercises=2)
    for code in (info.code[:3] + "\x00" + info.code[3:], "\ud800" + info.code, "AB\x07CD"):
        with pytest.raises(ClassNotFound, match="invisible characters") as err:
            room.join(code, "Ann")
        assert find_unsafe(str(err.value)) is None
        assert room.membership(code, new_learner_key()) is None
    assert room.join(info.code, "Ann").name == "Ann"
