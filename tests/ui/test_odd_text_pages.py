"""Odd characters typed on the pages (issue 13, item 8): the messages panel, the games list's "your name"
and the progress page say clearly what was refused (no raw codec error, no silent failure), on SQLite
and PostgreSQL."""
from __future__ import annotations

from typing import Any

import pytest

from academy.store.live import LiveHub
from academy.store.progress import Progress
from academy.ui.conquest.games_form import ConquestGamesForm
from academy.ui.conquest.shared import SharedConquest
from academy.ui.progress_page import ProgressPage

HUMANS = [{"kind": "human", "name": "Red"}, {"kind": "human", "name": "Blue"}]


@pytest.fixture(params=["sqlite", "postgresql"])
def hub(request: pytest.FixtureRequest, tmp_path: Any):
    url = f"sqlite:///{tmp_path / 'odd.db'}" if request.param == "sqlite" else request.getfixturevalue("pg_url")
    with LiveHub(url, synchronous=True) as h:
        yield h


@pytest.mark.parametrize("text, named", [("hello \ud800", "U+D800"), ("hello \x00", "U+0000")])
def test_an_odd_chat_message_is_refused_with_a_clear_notice(hub: LiveHub, text: str, named: str) -> None:
    """issue 13, item 8: a lone surrogate showed a raw codec error; NUL an uncaught DataError on PostgreSQL."""
    game, tokens = hub.create("conquest", {"players": 2, "setup": "random"}, 7, HUMANS)
    red, blue = SharedConquest(game, tokens[0]), SharedConquest(game, tokens[1])
    assert not red.send_message([1], text)
    assert red.chat_notice.startswith("A message cannot hold the character " + named)
    assert "codec" not in red.chat_notice and "Delete it" in red.chat_notice
    assert red.messages == [] and blue.messages == []
    assert red.send_message([1], "hello 👋") and [m["text"] for m in blue.messages] == ["hello 👋"]


def test_an_odd_name_for_an_open_seat_is_refused_on_the_games_page(hub: LiveHub) -> None:
    """issue 13, item 8: the name typed to take an open seat."""
    host = ConquestGamesForm(hub=hub)
    host.seats[1].value = "open"
    gid, _ = host.create(seed=3)
    guest = ConquestGamesForm(hub=hub)
    guest.join_seat.value = (gid, 1)
    guest.join_name.value = "Bea\x00"
    assert guest.join() is None
    assert "A player&#x27;s name cannot hold the character U+0000" in guest.join_result.object
    assert not hub.store.game(gid).seats[1].joined
    guest.join_name.value = "Bea"
    assert guest.join()


def test_an_odd_learner_name_is_refused_on_the_progress_page(hub: LiveHub) -> None:
    """issue 13, item 8: the name a learner gives on the progress page."""
    page = ProgressPage({"learner": "k" * 22}, progress=Progress(hub.store))
    for text, named in (("Zo\ud800", "U+D800"), ("Zo\x00", "U+0000")):
        page.set_name(text)
        assert f"A name cannot hold the character {named}" in page.message.object
    assert page.progress.learner("k" * 22).name is None
    page.set_name("Zoë")
    assert page.progress.learner("k" * 22, create=False).name == "Zoë"
