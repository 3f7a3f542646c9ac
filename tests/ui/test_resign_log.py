"""A seat's log reads the same live and after a reload when a player resigns: a walk saw "Red resigns." in
the live log of a shared game, gone after a reload, since the store kept that the seat resigned but not at
which step (the log is rebuilt from the record, which holds no resignation). The store now keeps the step
(``SeatInfo.left_step``), the live game gives its news with their steps (``LiveGame.seat_news``), and a
reloaded log weaves them in (``live_follow.with_news``)."""
from __future__ import annotations

import pytest

from academy.core.protocol import Event
from academy.ui.live_follow import with_news
from tests.ui.test_seat_taken_log import SESSIONS, hub, texts  # noqa: F401 (hub: the fixture of a live hub)

PEOPLE = [{"kind": "human", "name": "Red"}, {"kind": "human", "name": "Blue"}]


@pytest.mark.parametrize("name", ["conquest", "tactics", "game_of_war"])
def test_a_resignation_reads_the_same_in_every_seats_log_live_and_after_a_reload(name, hub):
    options, session = SESSIONS[name]
    game, tokens = hub.create(name, options, 5, PEOPLE)
    red, blue = session(game, tokens[0]), session(game, tokens[1])     # both pages open
    assert red.resign()
    assert game.info.seats[0].status == "resigned" and game.info.status == "finished"
    assert "Red resigns." in texts(blue) and "Blue wins: every other player is out." in texts(blue)
    for live, token in ((red, tokens[0]), (blue, tokens[1])):
        reloaded = session(game, token)
        assert texts(reloaded) == texts(live), f"{name}: seat {live.player}'s log changed on a reload"
        assert [line.get("turn") for line in reloaded.log] == [line.get("turn") for line in live.log]


def test_the_store_keeps_the_step_a_seat_left_at_and_the_news_in_order(hub):
    game, tokens = hub.create("conquest", {"players": 3, "setup": "random"}, 5,
                              [*PEOPLE, {"kind": "human", "name": "Green"}])
    for token in tokens.values():
        game.join(token)
    step = len(game.record_copy().entries)
    game.resign(tokens[1])                                # Blue resigns; the CPU plays Blue's seat from now on
    assert game.info.seats[1].left_step == step and game.info.status == "running"
    assert [(s, e.text) for s, e in game.seat_news()] == [(step, "Blue resigns.")]
    game.resign(tokens[2])                                # Green too: Red wins
    later = game.info.seats[2].left_step
    assert later >= step and game.info.status == "finished" and game.info.winner == 0
    assert [(s, e.kind, e.text) for s, e in game.seat_news()] == [
        (step, "resigned", "Blue resigns."), (later, "resigned", "Green resigns."),
        (later, "game_over", "Red wins: every other player is out.")]


def test_with_news_puts_each_line_after_its_step_and_before_later_ones():
    log = [{"step": 0, "text": "set-up"}, {"step": 3, "text": "a"}, {"step": 3, "text": "b"},
           {"step": 5, "text": "c"}]
    news = [(3, Event("resigned", "Blue resigns.")), (4, Event("timed_out", "Green ran out of time.")),
            (9, Event("game_over", "Red wins: every other player is out.")), (9, Event("join", "Ann takes seat 2."))]
    woven = with_news(log, news)
    assert [line["text"] for line in woven] == ["set-up", "a", "b", "Blue resigns.", "Green ran out of time.", "c",
                                                "Red wins: every other player is out."]
    assert woven[3] == {"step": 3, "kind": "resigned", "text": "Blue resigns.", "why": []}
    assert with_news(log, []) == log
