"""The Games page and the shared play page without a browser (issue 3): open seats joined from the
list, a clock chosen at creation, the time left on the page and the claim-the-win button."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from bokeh.document import Document

from academy.store.live import LiveHub
from academy.ui.conquest.games_form import ConquestGamesForm
from academy.ui.conquest.shared import SharedPlayPage
from academy.ui.games_forms import CLOCK_OPTIONS, OPEN_SEAT
from academy.ui.conquest.shared import SharedConquest

T0 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.t = T0

    def __call__(self) -> datetime:
        return self.t


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def hub(tmp_path, clock):
    with LiveHub(f"sqlite:///{tmp_path}/dash.db", synchronous=True, now=clock) as h:
        yield h


def test_an_open_seat_is_joined_from_the_list(hub):
    host = ConquestGamesForm(hub=hub)
    host.__panel__().get_root(Document())
    host.seats[1].value = OPEN_SEAT
    gid, tokens = host.create(seed=3)
    assert "(open seat)" in host.table.object
    guest = ConquestGamesForm(hub=hub)                      # another browser
    assert list(guest.join_seat.options.values()) == [(gid, 1)] and guest.join_row.visible
    guest.join_seat.value = (gid, 1)
    guest.join_name.value = "Bea"
    token = guest.join()
    assert token and "Play now" in guest.join_result.object and "Resume as Blue" in guest.table.object
    assert hub.open(gid).seat_of(token) == 1 and hub.store.game(gid).seats[1].name == "Bea"
    assert guest.join_seat.options == {}
    late = ConquestGamesForm(hub=hub)                       # a third browser chose the seat before it went
    late.join_seat.options = {"stale": (gid, 1)}
    late.join_seat.value = (gid, 1)
    assert late.join() is None and "just taken" in late.join_result.object


def test_a_clock_shows_the_time_left_and_lets_the_opponent_claim(hub, clock):
    dash = ConquestGamesForm(hub=hub)
    dash.clock.value = CLOCK_OPTIONS["Daily: 1 day per move"]
    gid, tokens = dash.create(seed=7)
    game = hub.open(gid)
    red, blue = SharedConquest(game, tokens[0]), SharedConquest(game, tokens[1])
    assert hub.store.game(gid).clock == {"mode": "daily", "seconds": 86400}
    assert hub.store.game(gid).options["map"] == dash.map.value == "classic"
    mover, other = (red, blue) if red.state.to_move() == 0 else (blue, red)
    page = SharedPlayPage(other)
    page.__panel__().get_root(Document())
    assert "24 h left" in page.clock.line.object or "1 d left" in page.clock.line.object
    assert not page.clock.claim_button.visible
    clock.t += timedelta(days=1, seconds=1)
    page.clock.tick()
    assert "run out of time" in page.clock.line.object and page.clock.claim_button.visible
    assert page.clock.claim_win()
    assert other.status == "finished" and other.winner == other.player
    assert "you win" in other.message
    assert mover.seat_status[mover.player] == "timed_out"
