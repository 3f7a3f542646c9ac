"""A replaced seat link stops working (issue 13, item 2): once someone takes an open seat from the games
list (a new token), the link the host was shown for it opens nothing, on this server and on every other
server on the same database: no action, orders, message, messages, observation, join, resignation,
claim on time or page."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from academy.store import BadToken, LiveHub
from academy.store.live import LiveGame
from academy.ui.dashboard import shared_game_page

CONQUEST: dict[str, Any] = {"players": 2, "setup": "random"}
CONQUEST_SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Open", "public": True}]
DIPLOMACY_SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Open", "public": True}] + \
    [{"kind": "cpu", "level": "easy"}] * 5


@pytest.fixture(params=["sqlite", "postgresql"])
def servers(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[tuple[LiveHub, LiveHub]]:
    """Two hubs (two servers) on one database: a SQLite file, or PostgreSQL (pg_url)."""
    url = f"sqlite:///{tmp_path / 'shared.db'}" if request.param == "sqlite" else request.getfixturevalue("pg_url")
    with LiveHub(url, synchronous=True) as one, LiveHub(url, synchronous=True) as two:
        yield one, two


def refused_everywhere(game: LiveGame, old: str) -> None:
    """Every way in with the ``old`` token raises BadToken and changes nothing."""
    before = (game.store.game(game.game_id), game.store.messages_for(game.game_id, 1))
    for attempt in (lambda: game.seat_of(old), lambda: game.state_for_token(old), lambda: game.messages(old),
                    lambda: game.send_message(old, [0], "I still have the old link"),
                    lambda: game.act(old, "end turn"), lambda: game.submit(old, ["A LON H"]),
                    lambda: game.join(old, "Mallory"), lambda: game.resign(old), lambda: game.claim_win(old)):
        with pytest.raises(BadToken, match="does not open a seat"):
            attempt()
    after = (game.store.game(game.game_id), game.store.messages_for(game.game_id, 1))
    assert after[0].seats == before[0].seats and after[0].num_actions == before[0].num_actions
    assert after[1] == before[1]
    page = shared_game_page(str(game.game_id), old, hub=game.hub)
    assert "shared-error" in page.objects[0].css_classes
    assert "does not open a seat" in page.objects[0].object and "Your seat" not in str(page.objects)


@pytest.mark.parametrize("game_name, options, seats", [("conquest", CONQUEST, CONQUEST_SEATS),
                                                       ("diplomacy", {"players": 7}, DIPLOMACY_SEATS)])
def test_the_old_link_of_a_claimed_seat_is_refused_on_both_servers(
        servers: tuple[LiveHub, LiveHub], game_name: str, options: dict[str, Any], seats: list[Any]) -> None:
    """issue 13, item 2: claim on server A; the host's old link is refused on A and on B, even where it
    was read before the claim (the token -> seat cache that kept it working is gone)."""
    one, two = servers
    game_a, tokens = one.create(game_name, options, 7, seats)
    game_b = two.open(game_a.game_id)
    old = tokens[1]
    for game in (game_a, game_b):                 # before the claim the old link opens the seat
        assert game.seat_of(old) == 1
        game.state_for_token(old)
    new = game_a.claim(1, "Bea")
    for game in (game_a, game_b):
        refused_everywhere(game, old)
        assert game.seat_of(new) == 1             # the stranger's new link works everywhere
        assert game.messages(new) == []


def test_a_claim_on_server_b_replaces_a_link_server_a_had_read(servers: tuple[LiveHub, LiveHub]) -> None:
    """issue 13, item 2: the other direction; the new token then plays on server A."""
    one, two = servers
    game_a, tokens = one.create("conquest", CONQUEST, 7, CONQUEST_SEATS)
    assert game_a.seat_of(tokens[1]) == 1
    new = two.open(game_a.game_id).claim(1, "Bea")
    refused_everywhere(game_a, tokens[1])
    game_a.join(tokens[0])
    msg = game_a.send_message(new, [0], "hello from the new seat")
    assert [m.text for m in game_a.messages(tokens[0])] == [msg.text]


def test_the_hosts_games_list_drops_the_link_of_a_seat_taken_since(tmp_path: Any) -> None:
    """issue 13, item 2: the creator's page listed "Join as Blue" with the old link after a stranger took
    the open seat; it lists only links that still open their seat."""
    from academy.ui.conquest.games_form import ConquestGamesForm
    from academy.ui.games_forms import OPEN_SEAT
    with LiveHub(f"sqlite:///{tmp_path / 'host.db'}", synchronous=True) as hub:
        host = ConquestGamesForm(hub=hub)
        host.seats[1].value = OPEN_SEAT
        gid, tokens = host.create(seed=3)
        assert "as Blue" in host.table.object and "as Red" in host.table.object
        hub.open(gid).claim(1, "Stranger")
        host.refresh()
        assert "as Blue" not in host.table.object and "as Red" in host.table.object
        assert host.my_tokens[gid] == {0: tokens[0]}


def test_a_claim_between_the_token_check_and_the_join_write_refuses_the_join(
        servers: tuple[LiveHub, LiveHub], monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 13, item 2: Store.join_seat read the token's seat, then wrote in another transaction; a
    claim on another server in between let the old token join (and its page open) the seat the
    stranger now holds. The write reads the seat's token again, locked."""
    one, two = servers
    game, tokens = one.create("conquest", CONQUEST, 7, CONQUEST_SEATS)
    store, real_read, claimed = one.store, one.store.seat_for_token, []

    def read_then_claim(game_id: int, token: str) -> int | None:
        player = real_read(game_id, token)
        if not claimed:
            claimed.append(two.store.claim_seat(game_id, 1, "Bea"))
        return player
    monkeypatch.setattr(store, "seat_for_token", read_then_claim)
    with pytest.raises(BadToken, match="does not open a seat"):
        store.join_seat(game.game_id, tokens[1], "Mallory")
    monkeypatch.undo()
    seat = store.game(game.game_id).seats[1]
    assert claimed and seat.name == "Bea" and seat.joined
    assert store.seat_for_token(game.game_id, claimed[0]) == 1
    assert store.join_seat(game.game_id, claimed[0]) == 1
