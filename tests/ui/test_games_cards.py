"""The Games page's card of every game is one piece of code (``games_forms.GamesCard``): the list of that
game's games, and "Join an open seat" only while one of its games has an open seat. A newcomer found
Tactics, Game of War and Fronts showing an empty seat list with an active Join button that could only
say "Choose a free seat first.", and no list of their games."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from bokeh.document import Document

from academy.store.live import LiveHub
from academy.ui.games_forms import GamesCard
from academy.ui.registry import UI, part

OPEN = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Open", "public": True}]
GAMES = {"conquest": ({"players": 2, "setup": "random"}, OPEN),
         "diplomacy": ({"players": 7}, OPEN + [{"kind": "cpu", "level": "easy"}] * 5),
         "tactics": ({}, OPEN),
         "game_of_war": ({}, OPEN),
         "fronts": ({"players": 2, "map": "duel"}, OPEN)}


@pytest.fixture
def hub(tmp_path: Any) -> Iterator[LiveHub]:
    with LiveHub(f"sqlite:///{tmp_path / 'cards.db'}", synchronous=True) as h:
        yield h


def card(game: str, hub: LiveHub) -> Any:
    form = part(game, "games_form")(hub)
    form.__panel__().get_root(Document())
    return form


def test_every_game_has_a_card():
    assert set(GAMES) == {game for game in UI if part(game, "games_form") is not None}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_card_lists_its_games_and_offers_only_open_seats(game, hub):
    form = card(game, hub)
    assert isinstance(form, GamesCard)
    assert "games yet: create one above" in form.table.object
    assert not form.join_row.visible                          # no open seat: no Join button to fail
    options, seats = GAMES[game]
    started, _ = hub.create(game, options, 3, seats)
    guest = card(game, hub)                                   # another browser
    row = f"data-game='{started.game_id}'"
    assert row in guest.table.object and "(open seat)" in guest.table.object and "Watch" in guest.table.object
    assert guest.join_row.visible and guest.join_inputs.visible
    assert list(guest.join_seat.options.values()) == [(started.game_id, 1)]
    guest.join_name.value = "Bea"
    token = guest.join()
    assert token and "You play" in guest.join_result.object and "Resume as" in guest.table.object
    assert not guest.join_inputs.visible and guest.join_row.visible   # the seat is taken: only what happened
    host = card(game, hub)
    assert not host.join_row.visible and row in host.table.object and "(open seat)" not in host.table.object


def test_a_games_row_names_each_seat_by_its_colour_and_how_it_left():
    """A newcomer's walk: the list read "Red (resigned), Bea", losing the colour of the seat Bea took (the game's
    own pages say "Blue (Bea)"), and a timeout read "(timed_out)"."""
    from types import SimpleNamespace as S
    form = object.__new__(GamesCard)
    form.game, form.my_tokens = "conquest", {}
    form.seat_name = ["Red", "Blue", "Green"].__getitem__
    seats = (S(player=0, name="Red", kind="human", joined=True, public=False, status="resigned"),
             S(player=1, name="Bea", kind="human", joined=True, public=True, status="in"),
             S(player=2, name="", kind="human", joined=True, public=False, status="timed_out"))
    row = form._row(S(id=4, seats=seats, status="finished", winner=1, num_actions=12))
    assert "Red (resigned), Blue (Bea), Green (ran out of time)" in row
