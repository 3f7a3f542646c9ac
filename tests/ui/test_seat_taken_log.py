"""A seat's log reads the same live and after a reload, when someone takes an open seat: a walk found
"Blue takes seat 2." in Red's live log (Conquest and Tactics) but not in Blue's, and gone after a reload
(the store keeps that a seat was taken, not when). No seat's log keeps it (``live_follow.UNLOGGED``); the
seats' table says who plays."""
from __future__ import annotations

import pytest

from academy.store.live import LiveHub

OPEN = [{"kind": "human", "name": "Red"}, {"kind": "human", "name": "Blue", "public": True}]


@pytest.fixture
def hub(tmp_path):
    with LiveHub(f"sqlite:///{tmp_path}/seats.db", synchronous=True) as h:
        yield h


def conquest(game, token):
    from academy.ui.conquest.shared import SharedConquest
    return SharedConquest(game, token)


def tactics(game, token):
    from academy.ui.tactics.shared import SharedTactics
    return SharedTactics(game, token)


def game_of_war(game, token):
    from academy.ui.game_of_war.shared import SharedGameOfWar
    return SharedGameOfWar(game, token)


SESSIONS = {"conquest": ({"players": 2, "setup": "random"}, conquest), "tactics": ({}, tactics),
            "game_of_war": ({}, game_of_war)}


def texts(session) -> list[str]:
    return [line["text"] for line in session.log]


@pytest.mark.parametrize("name", sorted(SESSIONS))
def test_a_seat_taken_reads_the_same_in_every_seats_log_live_and_after_a_reload(name, hub):
    options, session = SESSIONS[name]
    game, tokens = hub.create(name, options, 5, OPEN)
    red = session(game, tokens[0])                   # Red's page is open when Blue takes the open seat
    blue_token = game.claim(1, "Bea")                 # from the Games page's list of open seats
    blue = session(game, blue_token)                  # Blue opens the link the Games page gave
    assert game.info.seats[1].joined and game.info.seats[1].name == "Bea"
    for live, token in ((red, tokens[0]), (blue, blue_token)):
        reloaded = session(game, token)
        assert texts(live) == texts(reloaded), f"{name}: seat {live.player + 1}'s log changed on a reload"
        assert not [t for t in texts(live) if "takes seat" in t]
    assert texts(red) == texts(blue)                  # nothing hidden at the start: both read the same
