"""SharedConquest and the Games dashboard without a browser: seats see only their own cards, a move in one
session reaches the others, refusals (other seat, spectator, bad token), links and the game list."""
from __future__ import annotations

import html

import pytest

from academy.store.errors import BadToken
from academy.store.live import LiveHub
from academy.ui.conquest.games_form import ConquestGamesForm
from academy.ui.conquest.games_form import seat_link, watch_link
from academy.ui.conquest.shared import SharedPlayPage
from academy.ui.dashboard import shared_game_page
from academy.games.conquest.view import HIDDEN
from academy.ui.conquest.shared import SharedConquest
from academy.ui.live_session import close_shared_hubs, shared_hub

HUMANS = [{"kind": "human", "name": "Red"}, {"kind": "human", "name": "Blue"}]


@pytest.fixture
def hub(tmp_path):
    with LiveHub(f"sqlite:///{tmp_path}/live.db", synchronous=True) as h:
        yield h


def two_humans(hub, seed: int = 7, **options):
    game, tokens = hub.create("conquest", {"players": 2, "setup": "random", **options}, seed, HUMANS)
    return game, tokens, SharedConquest(game, tokens[0]), SharedConquest(game, tokens[1])


def mover_and_other(a, b):
    return (a, b) if a.state.to_move() == a.player else (b, a)


def test_each_seat_sees_its_view_and_a_spectator_sees_no_cards(hub):
    game, tokens, red, blue = two_humans(hub)
    watcher = SharedConquest(game)
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
    state = red.engine_game.view_state(obs, 5)
    assert state.hands[0] == [HIDDEN, HIDDEN] and state.hands[1] == [HIDDEN] * 3
    assert state.deck == [HIDDEN] * 30 and len(state.record) == 5
    obs["viewer"] = 0
    assert red.engine_game.view_state(obs).hands[0] == ["alaska", "ural"]
    assert full is not None


def test_a_click_in_one_session_reaches_the_other_and_the_spectator(hub):
    game, tokens, red, blue = two_humans(hub)
    watcher = SharedConquest(game)
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
    watcher = SharedConquest(game)
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
        SharedConquest(game, "not-a-token")
    page = shared_game_page(str(game.game_id), "not-a-token", hub=hub)
    assert "does not open a seat" in page.objects[0].object
    assert "not a game number" in shared_game_page("x", None, hub=hub).objects[0].object


def test_cpu_seat_plays_and_sessions_hear_it(hub):
    game, tokens = hub.create("conquest", {"players": 2, "setup": "random"}, 4,
                              [{"kind": "human", "name": "Red"}, {"kind": "cpu", "level": "easy"}])
    me = SharedConquest(game, tokens[0])
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
    dash = ConquestGamesForm(hub=hub)
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
        me = SharedConquest(game, tokens[0])
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


# --- messages and resigning --------------------------------------------------------------------------------

PEOPLE3 = [{"kind": "human", "name": "Red"}, {"kind": "human", "name": "Blue"}, {"kind": "human", "name": "Green"}]


def three_humans(hub, seed: int = 5):
    game, tokens = hub.create("conquest", {"players": 3, "setup": "random"}, seed, PEOPLE3)
    return game, tokens, [SharedConquest(game, tokens[p]) for p in range(3)]


def texts(session) -> list[str]:
    return [m["text"] for m in session.messages]


def test_a_message_to_one_seat_reaches_sender_and_recipient_only(hub):
    from academy.ui.messages_view import MessagesView
    game, tokens, (red, blue, green) = three_humans(hub)
    watcher = SharedConquest(game)
    assert red.other_seats() == [1, 2] and watcher.other_seats() == []
    assert red.send_message([1], "  Truce in Asia?  ")
    assert red.chat_notice == "Message sent."
    assert texts(red) == texts(blue) == ["Truce in Asia?"] and texts(green) == [] and texts(watcher) == []
    msg = blue.messages[0]
    assert msg["sender"] == 0 and msg["recipients"] == [1] and msg["step"] == game.step
    view = MessagesView(blue)          # the recipient's panel shows it; the third seat's does not
    assert "Truce in Asia?" in view.thread.object and "Red → you" in view.thread.object
    assert "Truce" not in MessagesView(green).thread.object
    assert MessagesView(watcher).thread is None      # spectators get no messages panel at all
    assert not watcher.send_message([0], "hello") and "watching" in watcher.chat_notice
    assert not any("Truce" in line["text"] for s in (red, blue, green, watcher) for line in s.log)


def test_a_group_message_and_the_everyone_shortcut(hub):
    from academy.ui.messages_view import MessagesView
    game, tokens, (red, blue, green) = three_humans(hub)
    assert green.send_message([0, 1], "All against Yellow")
    assert texts(red) == texts(blue) == texts(green) == ["All against Yellow"]
    assert red.messages[0]["recipients"] == [0, 1] and red.messages[0]["sender"] == 2
    panel = MessagesView(red)
    panel.select_everyone()
    assert sorted(panel.recipients.value) == [1, 2]
    panel.text.value_input = "Agreed"
    assert panel.send() and panel.text.value == ""
    assert texts(blue)[-1] == texts(green)[-1] == "Agreed"
    assert "With Blue and Green" in panel.thread.object
    assert red.send_message([1], "Just you")     # a new conversation: Green does not see it
    assert "Just you" in texts(blue) and "Just you" not in texts(green)


def test_a_message_is_escaped_and_bad_messages_are_refused(hub):
    from academy.ui.messages_view import MessagesView
    game, tokens, red, blue = two_humans(hub)
    attack = "<script>alert('x')</script><b>bold</b>"
    assert red.send_message([1], attack)
    page = MessagesView(blue)
    assert "<script>" not in page.thread.object and "<b>bold" not in page.thread.object
    assert html.escape(attack) in page.thread.object
    sent = len(blue.messages)
    for recipients, text, why in [([1], "", "empty"), ([1], "   \n ", "empty"), ([1], "x" * 2001, "too long"),
                                  ([], "hi", "at least one player"), ([0], "hi", "cannot write"),
                                  ([5], "hi", "cannot write")]:
        assert not red.send_message(recipients, text)
        assert why in red.chat_notice, (text[:10], red.chat_notice)
    assert len(blue.messages) == sent and red.send_message([1], "y" * 2000)
    mine = MessagesView(red)
    mine.recipients.value = [1]
    assert not mine.send() and "empty" in mine.notice.object and "error" in mine.notice.object


def test_resign_ends_a_two_player_game_and_both_sessions_follow(hub):
    from bokeh.document import Document
    game, tokens, red, blue = two_humans(hub)
    watcher = SharedConquest(game)
    page = SharedPlayPage(red)
    page.__panel__().get_root(Document())
    assert page.leave.resign_button.visible and not page.leave.confirm_row.visible
    page.leave.ask_resign()                         # the first click only asks
    assert page.leave.confirm_row.visible and not page.leave.resign_button.visible and game.status == "running"
    page.leave.cancel_resign()
    assert not page.leave.confirm_row.visible and page.leave.resign_button.visible and game.status == "running"
    page.leave.ask_resign()
    assert page.leave.confirm_resign()
    assert game.status == "finished" and game.winner == 1
    assert red.out and red.status == blue.status == watcher.status == "finished"
    assert red.winner == blue.winner == watcher.winner == 1
    assert "you are out" in red.message and "Blue wins" in red.message
    assert "you win" in blue.message and "Blue wins" in watcher.message
    assert red.state.is_terminal() and blue.state.winner() == 1        # the banner shows the winner
    assert page.leave.outcome.object == "" and not page.leave.resign_button.visible   # the message says it, once
    assert any("resigns" in line["text"] for line in blue.log)
    territory = blue.state.territories_of(1)[0]
    blue.click(territory)
    assert "over" in blue.message and not red.resign()


def test_resign_in_a_three_player_game_keeps_it_going(hub):
    game, tokens, (red, blue, green) = three_humans(hub)
    assert blue.resign()
    assert game.status == "running" and blue.out and blue.seat_status == red.seat_status == ["in", "resigned", "in"]
    assert "you are out" in blue.message and "goes on" in blue.message
    assert not blue.resign() and "already out" in blue.message
    step = game.step
    blue.click(blue.state.territories_of(1)[0] if blue.state.territories_of(1) else red.state.territories_of(0)[0])
    assert "out of this game" in blue.message and game.step == step
    assert "resigns" in red.log[-1]["text"] or any("resigns" in line["text"] for line in green.log)


def test_the_waiting_seat_reads_who_is_playing_not_the_movers_instructions(hub):
    """A newcomer's second seat read "Place your 4 reinforcements" while the other player was placing."""
    from academy.ui.conquest.banner import banner_html
    game, tokens, red, blue = two_humans(hub)
    mover, other = mover_and_other(red, blue)
    waiting = banner_html(other)
    assert "wait for your turn" in waiting and "Place your" not in waiting
    assert "Place your" in banner_html(mover) and "wait for your turn" not in banner_html(mover)


def test_a_seats_log_is_headed_by_turn_live_and_after_a_reload(hub):
    """A newcomer's walk: in a shared game every move sat under "Start of the game" (the first turn had no
    event to head it, and a seat's live lines carry headings only on the events that begin a turn)."""
    from academy.ui.event_log import group_turns
    game, tokens, red, blue = two_humans(hub)
    first = red.state.current
    for _ in range(2):
        me, _ = mover_and_other(red, blue)
        for _ in range(me.state.reinforcements):
            me.click(me.state.territories_of(me.player)[0])
        if me.state.phase == "attack":
            me.act("end attack")
        if me.state.phase == "fortify":
            me.act("end turn")
    names = [red.engine_game.player_name(p) for p in (first, 1 - first)]
    wanted = ["Start of the game", f"Turn 1 · {names[0]}", f"Turn 2 · {names[1]}", f"Turn 3 · {names[0]}"]
    for seat in (red, blue, SharedConquest(game, tokens[0])):      # live, and rebuilt as after a reload
        turns = group_turns(seat.log)
        assert [t.heading for t in turns] == wanted
        assert any(e["kind"] == "place" for _, e in turns[1].entries)   # the first turn's reinforcements


def test_a_finished_shared_game_hides_the_keyboard_and_says_who_won_once(hub):
    """A newcomer's walk: after Red resigned, Blue's page still offered "Play with the keyboard" (an empty list of
    legal actions) and its banner read "Blue wins!" over "Blue has won."."""
    from bokeh.document import Document
    from academy.ui.conquest.banner import banner_html
    game, tokens, red, blue = two_humans(hub)
    page = SharedPlayPage(blue)
    page.__panel__().get_root(Document())
    assert page.picker.layout.visible
    assert red.resign() and game.status == "finished"
    page.picker._update()
    assert not page.picker.layout.visible
    html = banner_html(blue)
    assert "Blue (you) wins!" in html or "Blue wins!" in html
    assert "has won" not in html and "The game is over." in html


def test_the_other_seat_reads_whose_reinforcements_they_are(hub):
    """A newcomer's walk: on Blue's page, while Red placed, the side panel read "Reinforcements this turn: 4 /
    Left to place: 4" as if they were Blue's."""
    from academy.ui.conquest.odds_panel import OddsPanel
    game, tokens, red, blue = two_humans(hub)
    mover, other = mover_and_other(red, blue)
    assert mover.state.phase == "reinforce"
    name = mover.engine_game.player_name(mover.player)
    theirs = OddsPanel(other).body_html()
    assert f"{name}&#x27;s reinforcements this turn" in theirs
    mine = OddsPanel(mover).body_html()
    assert "Reinforcements this turn" in mine and "&#x27;s reinforcements" not in mine


def test_the_messages_panel_of_a_two_player_game(hub):
    """A newcomer's walk: "To:" had nothing ticked in a game of two (sending at once said "Choose at least one
    player"), "Message sent." stayed on the page for the rest of the game, and "Turn 1 · Red · Blue → you" read
    as if Red had written."""
    from academy.ui.messages_view import MessagesView
    game, tokens, red, blue = two_humans(hub)
    mine = MessagesView(red)
    assert mine.recipients.value == [1] and not mine.everyone.visible
    mine.text.value_input = "Hi Bea"
    assert mine.send() and red.chat_notice == "Message sent."
    mine.text.value_input = "and"                         # writing the next one: the old notice goes
    assert red.chat_notice == ""
    assert mine.send() and red.chat_notice == "Message sent."
    mover, _ = mover_and_other(red, blue)
    mover.click(mover.state.territories_of(mover.player)[0])
    assert red.chat_notice == ""                          # the game moved on
    thread = MessagesView(blue).thread.object
    turn = f"Turn 1 · {red.engine_game.player_name(mover.player)}"
    assert f"Red → you <span class='when'>({turn})</span>:" in thread       # the sender first, then when
