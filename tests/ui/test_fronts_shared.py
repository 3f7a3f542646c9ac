"""Shared Fronts games (issue 3 for Fronts): seats on one live game give orders in secret; the others see
only who has submitted; the turn resolves when nobody waits (CPU players order on their own); a seat
sees only its own fog; messages and leaving (a team is out once all its players have left)."""
from __future__ import annotations

import html

import pytest
from bokeh.document import Document

from academy.store.live import LiveHub
from academy.ui.dashboard import shared_game_page
from academy.ui.fronts.shared import SharedFronts, SharedFrontsPage

PEOPLE = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


@pytest.fixture
def hub(tmp_path):
    with LiveHub(f"sqlite:///{tmp_path}/fronts.db", synchronous=True) as h:
        yield h


def test_orders_are_secret_until_the_turn_resolves(hub):
    game, tokens = hub.create("fronts", {"players": 2, "map": "duel"}, 5, PEOPLE)
    red, blue = SharedFronts(game, tokens[0]), SharedFronts(game, tokens[1])
    assert red.player == "red" and blue.player == "blue" and red.waiting == [0, 1]
    leaf = next(iter(red.options.values()))
    while isinstance(leaf, dict):
        leaf = next(iter(leaf.values()))
    assert red.add_order(leaf), red.message
    assert red.submit(), red.message
    assert blue.waiting == [1] and "Waiting for: Blue" in blue.waiting_text()
    assert leaf not in repr(blue.obs)                           # Red's order never reaches Blue's screen
    turn = red.obs["turn"]
    assert blue.submit()
    assert red.obs["turn"] == blue.obs["turn"] == turn + 1 and red.reports
    assert red.obs == game.view(0).observation                 # the board draws the seat's own view only


def test_a_cpu_player_orders_on_the_server_and_the_page_builds(hub):
    game, tokens = hub.create("fronts", {"players": 2, "map": "duel"}, 5, [PEOPLE[0], {"kind": "cpu",
                                                                                      "level": "easy"}])
    red = SharedFronts(game, tokens[0])
    turn = red.obs["turn"]
    assert red.submit()
    assert red.obs["turn"] == turn + 1
    page = shared_game_page(str(game.game_id), tokens[0], hub=hub)
    assert isinstance(page, SharedFrontsPage)
    page.__panel__().get_root(Document())
    assert "Your seat: Red" in page.seat_info.object


def test_messages_and_a_team_that_leaves(hub):
    seats = [{"kind": "human", "name": n} for n in ("Ann", "Bob", "Cy", "Dee")]
    game, tokens = hub.create("fronts", {"players": 4, "mode": "teams"}, 3, seats)
    red, blue, green = (SharedFronts(game, tokens[p]) for p in range(3))
    assert red.other_seats() == [1, 2, 3]
    assert red.send_message([2], "Hold the bridge") and green.messages[0]["text"] == "Hold the bridge"
    assert blue.messages == []
    assert red.resign() and red.out and game.status != "finished"
    assert green.resign() and game.status == "finished" and game.winner == 1
    assert "win" in blue.outcome()


def test_the_games_page_creates_a_fronts_game(hub):
    from academy.ui.fronts.games_form import FrontsGamesForm
    form = FrontsGamesForm(hub)
    form.seats[1].value = "open"
    game_id, tokens = form.create(seed=3)
    assert list(tokens) == [0, 1] and "play Red" in form.links.object
    assert hub.store.game(game_id).options["map"] == "duel"
    form.join_seat.value = (game_id, 1)
    assert form.join() and "You play Blue" in form.join_result.object


def test_the_games_form_says_which_seat_of_a_three_player_crossroads_is_hardest(hub):
    """With 3 players Gold's corner starts neutral, nearer Red and Green than Blue: the form says so when
    that game is chosen, and says nothing for the duel or 4 players (every seat alike)."""
    from academy.ui.fronts.games_form import FrontsGamesForm
    form = FrontsGamesForm(hub)
    assert not form.seats_about.visible
    form.game_choice.value = "Crossroads: 3 players"
    assert form.seats_about.visible
    assert ("Its nearest city is 3 steps from Red's capital, 4 from Green's and 5 from Blue's: Blue has the "
            "hardest seat") in html.unescape(form.seats_about.object)
    form.game_choice.value = "Crossroads: 4 players"
    assert not form.seats_about.visible and form.seats_about.object == ""
