"""SharedSession and the Games dashboard without a browser: seats see only their own cards, a move in one
session reaches the others, refusals (other seat, spectator, bad token), links and the game list."""
from __future__ import annotations

import html

import pytest

from academy.store.errors import BadToken
from academy.store.live import LiveHub
from academy.ui.dashboard import GamesDashboard, SharedPlayPage, seat_link, shared_game_page, watch_link
from academy.ui.live_session import HIDDEN, SharedSession, close_shared_hubs, shared_hub, state_from_observation

HUMANS = [{"kind": "human", "name": "Red"}, {"kind": "human", "name": "Blue"}]


@pytest.fixture
def hub(tmp_path):
    with LiveHub(f"sqlite:///{tmp_path}/live.db", synchronous=True) as h:
        yield h


def two_humans(hub, seed: int = 7, **options):
    game, tokens = hub.create("conquest", {"players": 2, "setup": "random", **options}, seed, HUMANS)
    return game, tokens, SharedSession(game, tokens[0]), SharedSession(game, tokens[1])


def mover_and_other(a, b):
    return (a, b) if a.state.to_move() == a.player else (b, a)


def test_each_seat_sees_its_view_and_a_spectator_sees_no_cards(hub):
    game, tokens, red, blue = two_humans(hub)
    watcher = SharedSession(game)
    assert red.player == 0 and blue.player == 1 and watcher.spectator
    assert red.state.owner == blue.state.owner == watcher.state.owner
    assert watcher.state.hands == [[], []]
    assert "you play Red" in red.message and "Watching" in watcher.message
    assert red.seat_label(0) == "Red (you)" and blue.seat_label(0) == "Red"
    assert red.log and red.log[:len(blue.log) - 1] == blue.log[:-1]   # the story so far (public text only)


def test_hidden_cards_never_reach_the_other_seat(hub):
    game, tokens, red, blue = two_humans(hub)
    full = game.record_copy().initial_state()
    obs = game.state_for(1)
    obs["hands"] = [["alaska", "ural"], 3]
    obs["deck"] = 30
    state = state_from_observation(red.engine_game, obs, 5)
    assert state.hands[0] == [HIDDEN, HIDDEN] and state.hands[1] == [HIDDEN] * 3
    assert state.deck == [HIDDEN] * 30 and len(state.record) == 5
    obs["viewer"] = 0
    assert state_from_observation(red.engine_game, obs).hands[0] == ["alaska", "ural"]
    assert full is not None


def test_a_click_in_one_session_reaches_the_other_and_the_spectator(hub):
    game, tokens, red, blue = two_humans(hub)
    watcher = SharedSession(game)
    me, other = mover_and_other(red, blue)
    territory = me.targets[0]
    before = other.state.armies[territory]
    steps = len(other.log)
    me.click(territory)
    assert me.message == ""
    assert other.state.armies[territory] == before + 1 == watcher.state.armies[territory]
    assert len(other.log) == steps + 1 and "places 1" in other.log[-1]["text"]
    assert me.log[-1] == other.log[-1]            # one line per event, also in the acting session
    assert other.targets == [] and watcher.targets == []


def test_other_seat_and_spectator_are_refused_and_nothing_changes(hub):
    game, tokens, red, blue = two_humans(hub)
    watcher = SharedSession(game)
    me, other = mover_and_other(red, blue)
    step = game.step
    other.click(me.state.territories_of(me.player)[0])
    assert "Not your turn" in other.message
    watcher.click(me.state.territories_of(me.player)[0])
    assert "watching" in watcher.message
    assert game.step == step


def test_a_forged_token_is_refused(hub):
    game, tokens, red, blue = two_humans(hub)
    with pytest.raises(BadToken):
        SharedSession(game, "not-a-token")
    page = shared_game_page(str(game.game_id), "not-a-token", hub=hub)
    assert "does not open a seat" in page.objects[0].object
    assert "not a game number" in shared_game_page("x", None, hub=hub).objects[0].object


def test_cpu_seat_plays_and_sessions_hear_it(hub):
    game, tokens = hub.create("conquest", {"players": 2, "setup": "random"}, 4,
                              [{"kind": "human", "name": "Red"}, {"kind": "cpu", "level": "easy"}])
    me = SharedSession(game, tokens[0])
    assert me.seats == ["human", "easy"] and me.state.to_move() == 0
    turn = me.state.turn
    for _ in range(me.state.reinforcements):
        me.click(me.state.territories_of(0)[0])
    if me.state.phase == "attack":
        me.act("end attack")
    if me.state.phase == "fortify":
        me.act("end turn")
    assert me.state.to_move() == 0 and me.state.turn > turn    # the CPU played its turn in between
    assert any("Blue" in line["text"] for line in me.log)


def test_close_unsubscribes(hub):
    game, tokens, red, blue = two_humans(hub)
    n = game.num_subscribers
    red.close()
    assert game.num_subscribers == n - 1


def test_shared_play_page_and_dashboard(hub):
    from bokeh.document import Document
    game, tokens, red, blue = two_humans(hub)
    page = SharedPlayPage(blue)
    page.__panel__().get_root(Document())
    assert "Your seat: Blue" in page.seat_info.object and "Blue (you)" in page.players.object
    mover = blue.state.to_move() == 1
    assert bool(page.picker.select.options) == mover      # the keyboard offers moves only on your turn
    dash = GamesDashboard(hub=hub)
    dash.__panel__().get_root(Document())
    dash.seats[1].value = "easy"
    gid, toks = dash.create(seed=9)
    assert list(toks) == [0]
    assert html.escape(seat_link(gid, toks[0])) in dash.links.object and watch_link(gid) in dash.links.object
    assert f"data-game='{gid}'" in dash.table.object and "Join as Red" in dash.table.object
    assert f"data-game='{game.game_id}'" in dash.table.object


def test_shared_hub_is_one_per_database(tmp_path, monkeypatch):
    monkeypatch.setenv("ACADEMY_DB", f"sqlite:///{tmp_path}/one.db")
    try:
        assert shared_hub() is shared_hub()
        assert shared_hub(f"sqlite:///{tmp_path}/two.db") is not shared_hub()
    finally:
        close_shared_hubs()


def test_cpu_on_a_worker_thread_reaches_the_session(tmp_path):
    import time
    with LiveHub(f"sqlite:///{tmp_path}/threads.db", cpu_delay=0) as hub:
        game, tokens = hub.create("conquest", {"players": 2, "setup": "random"}, 4,
                                  [{"kind": "human", "name": "Red"}, {"kind": "cpu", "level": "easy"}])
        me = SharedSession(game, tokens[0])
        turn = me.state.turn
        for _ in range(me.state.reinforcements):
            me.click(me.state.territories_of(0)[0])
        me.act("end attack")
        if me.state.phase == "fortify":
            me.act("end turn")
        deadline = time.monotonic() + 30
        while not (me.state.to_move() == 0 and me.state.turn > turn) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert me.state.turn > turn and not me.thinking
        assert any("Blue" in line["text"] for line in me.log)
