"""A replaced seat link opens no page (issue 13, item 2): when someone takes the open seat while the
page of its old link is being built (after the page's seat check, before it joins), the page is the
refusal of an unknown link, with no seat view and no subscription, in every game; and the Diplomacy
games list stops offering the old link, as the Conquest one does."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import panel as pn
import pytest

from academy.store import LiveHub
from academy.store.live import LiveGame
from academy.ui.dashboard import shared_game_page
from academy.ui.diplomacy.games_form import OPEN_SEAT, DiplomacyGamesForm
from academy.ui.diplomacy.session import POWERS

OPEN = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Open", "public": True}]
GAMES = {"conquest": ({"players": 2, "setup": "random"}, OPEN),
         "diplomacy": ({"players": 7}, OPEN + [{"kind": "cpu", "level": "easy"}] * 5),
         "tactics": ({"fog": True}, OPEN),
         "game_of_war": ({}, OPEN),
         "fronts": ({"players": 2, "map": "duel"}, OPEN)}


@pytest.fixture
def hub(tmp_path: Any) -> Iterator[LiveHub]:
    with LiveHub(f"sqlite:///{tmp_path / 'links.db'}", synchronous=True) as h:
        yield h


def claim_during_join(monkeypatch: pytest.MonkeyPatch, game: LiveGame, player: int) -> list[str]:
    """Make the next ``game.join`` find its seat taken by a stranger (the claim lands between the page's
    ``seat_of`` and its join); returns the list that receives the stranger's new token."""
    real_join, new_tokens = game.join, []

    def join(token: str, name: str | None = None) -> int:
        if not new_tokens:
            new_tokens.append(game.claim(player, "Stranger"))
        return real_join(token, name)
    monkeypatch.setattr(game, "join", join)
    return new_tokens


@pytest.mark.parametrize("game_name", list(GAMES))
def test_a_seat_claimed_while_its_old_link_opens_shows_the_refusal_page(
        hub: LiveHub, monkeypatch: pytest.MonkeyPatch, game_name: str) -> None:
    """issue 13, item 2: the sessions logged and swallowed the BadToken of join, so the page of the old
    link was built and subscribed as the seat and showed its view; now it is the unknown link's page."""
    options, seats = GAMES[game_name]
    game, tokens = hub.create(game_name, options, 5, seats)
    viewed: list[Any] = []
    real_view = game.view
    monkeypatch.setattr(game, "view", lambda player: (viewed.append(player), real_view(player))[1])
    new_tokens = claim_during_join(monkeypatch, game, 1)
    listeners = game.num_subscribers

    page = shared_game_page(str(game.game_id), tokens[1], hub=hub)

    assert new_tokens, "the claim did not land between the page's seat check and its join"
    assert isinstance(page, pn.Column), f"the old link's seat page was built: {type(page).__name__}"
    alert = page.objects[0]
    assert "shared-error" in alert.css_classes and "does not open a seat" in alert.object
    assert "Your seat" not in str(page.objects)
    assert 1 not in viewed                           # no observation of the seat was built for the page
    assert game.num_subscribers == listeners         # and the page does not listen to the game
    assert game.info.seats[1].name == "Stranger"
    opened = shared_game_page(str(game.game_id), new_tokens[0], hub=hub)   # the stranger's link opens it
    assert type(opened).__name__.startswith("Shared") and type(opened).__name__.endswith("Page")
    assert 1 in viewed and game.num_subscribers == listeners + 1


def test_the_diplomacy_games_list_drops_the_link_of_a_seat_taken_since(hub: LiveHub) -> None:
    """issue 13, item 2: the host's Diplomacy list kept "Play Austria" with the old link after a
    stranger took that open seat; it keeps the host's other links and the stranger's own."""
    austria, france = POWERS.index("AUSTRIA"), POWERS.index("FRANCE")
    host = DiplomacyGamesForm(hub)
    host.seats[austria].value = OPEN_SEAT
    gid, tokens = host.create(seed=3)
    assert "as Austria" in host.table.object and "as France" in host.table.object
    stranger = DiplomacyGamesForm(hub)
    stranger.join_seat.value = (gid, austria)
    new = stranger.join()
    assert new is not None and new != tokens[austria]
    host.refresh()
    assert "as Austria" not in host.table.object and "as France" in host.table.object
    assert host.my_tokens[gid] == {france: tokens[france]}
    assert "as Austria" in stranger.table.object and stranger.my_tokens[gid] == {austria: new}
