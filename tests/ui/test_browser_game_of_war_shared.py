"""A shared Game of War in two browser contexts: North moves a unit by two taps, South's page shows the
move without a reload, and South cannot move while it is North's turn."""
from __future__ import annotations

import pytest

from academy.ui.game_of_war.games_form import gow_seat_link
from academy.ui.live_session import close_shared_hubs, shared_hub
from academy.ui.shell import build_page, current_query
from tests.ui.test_browser_game_of_war import BOARD, click_square, source, wait_for

pytestmark = pytest.mark.ui


@pytest.fixture
def hub(tmp_path, monkeypatch):
    monkeypatch.setenv("ACADEMY_DB", f"sqlite:///{tmp_path}/gow-shared.db")
    yield shared_hub()
    close_shared_hubs()


def test_a_move_in_one_browser_shows_in_the_other(serve, open_page, hub):
    game, tokens = hub.create("game_of_war", {}, 5, [{"kind": "human", "name": "Ann"},
                                                     {"kind": "human", "name": "Bob"}])
    url = serve(lambda: build_page(current_query()))
    mover = game.to_move()
    pages = {}
    for player in (0, 1):
        page = open_page(height=1100)
        page.open(url + gow_seat_link(game.game_id, tokens[player]), board=BOARD)
        pages[player] = page
    me, other = pages[mover], pages[1 - mover]
    state = game._state
    move = next(a for a in state.legal_actions() if type(a).__name__ == "Move")
    start = state.position.unit(move.unit).at
    click_square(me, *start)
    click_square(me, *move.to)
    me.wait_text(".gow-status", "Moves left: 4 of 5")
    other.wait_text(".gow-status", "Moves left: 4 of 5")      # no reload: the live game told this page
    units = wait_for(lambda: (lambda d: d if d and tuple(move.to) in zip(d["x"], d["y"]) else None)(
        source(other, "gow-units")), other)
    assert units is not None
    click_square(other, *move.to)                             # not the other side's turn: nothing happens
    other.wait_text(".game-message", "wait for your turn")
