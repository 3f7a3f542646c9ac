"""Leaving a team game (issue 3, "Time and leaving"; fronts.md "Goal"): in Fronts a player who leaves
surrenders, and a team surrenders once every player still in has left or surrendered."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from academy.store.live import LiveHub

SEATS = [{"kind": "human", "name": n} for n in ("Ann", "Bob", "Cy", "Dee")]


@pytest.fixture
def hub(db_url: str) -> Iterator[LiveHub]:
    with LiveHub(db_url, synchronous=True) as h:
        yield h


def test_a_team_is_out_once_all_its_players_have_left(hub: LiveHub) -> None:
    game, tokens = hub.create("fronts", {"players": 4, "mode": "teams"}, 3, SEATS)
    teams = game._state.board.teams                  # red and green are "sun", blue and gold "moon"
    assert teams == {"red": "sun", "blue": "moon", "green": "sun", "gold": "moon"}
    events = game.resign(tokens[0])                  # Ann (red) leaves: red surrenders, the sun team plays on
    assert [e.kind for e in events][:2] == ["resigned", "surrender"]
    assert "red" in game._state.board.surrendered and game.status != "finished"
    assert 0 not in game._state.waiting()            # nobody orders for a player who surrendered
    game.resign(tokens[2])                           # Cy (green), the last of the sun team, leaves too
    assert game.status == "finished" and game.winner == 1      # the moon team wins; its first player is Bob
    assert "sun" not in {game._state.board.teams[p] for p in game._state.board.active()}
    stored = hub.store.load_state(game.game_id)
    assert stored.to_json() == game._state.to_json()


def test_in_a_game_without_surrender_the_cpu_plays_on(hub: LiveHub) -> None:
    """Conquest has no surrender: a player who leaves a game of three is played by the CPU."""
    game, tokens = hub.create("conquest", {"players": 3, "setup": "random"}, 3, SEATS[:3])
    events = game.resign(tokens[0])
    assert [e.kind for e in events] == ["resigned"] and game.status != "finished"
