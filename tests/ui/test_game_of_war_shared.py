"""Shared Game of War games (issue 3 for Game of War): two seats on one live game, a click in one seat
reaches the other, the other seat cannot act out of turn, a CPU seat plays on the server, messages and
resign work, and the Games page creates the game and gives its links."""
from __future__ import annotations

import pytest
from bokeh.document import Document

from academy.store.live import LiveHub
from academy.ui.dashboard import shared_game_page
from academy.ui.game_of_war.games_form import GameOfWarGamesForm
from academy.ui.game_of_war.shared import SharedGameOfWar, SharedGameOfWarPage

PEOPLE = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


@pytest.fixture
def hub(tmp_path):
    with LiveHub(f"sqlite:///{tmp_path}/gow.db", synchronous=True) as h:
        yield h


def seats_of(hub, seats=PEOPLE, seed=5):
    game, tokens = hub.create("game_of_war", {}, seed, seats)
    a, b = SharedGameOfWar(game, tokens[0]), SharedGameOfWar(game, tokens[1])
    return game, tokens, a, b


def test_a_move_in_one_seat_reaches_the_other(hub):
    game, tokens, north, south = seats_of(hub)
    mover, other = (north, south) if north.state.to_move() == 0 else (south, north)
    move = next(a for a in mover.my_actions() if type(a).__name__ == "Move")
    assert other.my_actions() == []                           # not its turn: nothing to click
    assert mover.act(move)
    assert game.step == len(game.record_copy())
    assert other.state.position.unit(move.unit).at == tuple(move.to)
    assert other.state.moves_left == mover.state.moves_left == 4
    assert any(move.unit in e["text"] for e in other.log)
    assert not other.act(move) and other.message               # refused: not its turn


def test_a_cpu_seat_is_played_by_the_server(hub):
    game, tokens = hub.create("game_of_war", {}, 5, [PEOPLE[0], {"kind": "cpu", "level": "easy"}])
    me = SharedGameOfWar(game, tokens[0])
    if me.state.to_move() == 0:
        assert me.end_turn()
    assert me.state.to_move() == 0 and me.state.turn >= 2        # the CPU's turn has been played


def test_page_messages_and_resign(hub):
    game, tokens, north, south = seats_of(hub)
    page = SharedGameOfWarPage(north)
    page.__panel__().get_root(Document())
    assert "Your seat: North" in page.seat_info.object
    assert north.send_message([1], "Truce along the pass?") and south.messages[0]["text"] == "Truce along the pass?"
    assert south.resign() and game.status == "finished" and game.winner == 0
    assert "you win" in north.outcome()


def test_the_games_page_creates_a_game_whose_links_open_it(hub):
    form = GameOfWarGamesForm(hub)
    form.seats[1].value = "open"
    game_id, tokens = form.create(seed=3)
    assert list(tokens) == [0, 1] and "play North" in form.links.object
    form.join_seat.value = (game_id, 1)
    token = form.join()
    assert token and "You play South" in form.join_result.object
    page = shared_game_page(str(game_id), token, hub=hub)
    assert isinstance(page, SharedGameOfWarPage) and page.session.player == 1
