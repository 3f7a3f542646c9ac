"""Shared Tactics games (issue 3 for Tactics) without a browser: the Games page's card creates a game and
its links open each seat's page; an action in one seat reaches the other; under fog an enemy unit out of
sight and the enemy funds never reach the other seat's session, board data or panels (nor a spectator's);
a CPU seat is played by the server; messages, resign and the clock."""
from __future__ import annotations

import pytest
from bokeh.document import Document

from academy.core.errors import IllegalAction
from academy.games.tactics.actions import EndTurn, Wait
from academy.store.errors import BadToken
from academy.store.live import LiveHub
from academy.ui.dashboard import GamesDashboard, shared_game_page
from academy.ui.tactics.games_form import TacticsGamesForm
from academy.ui.tactics.shared import SharedTactics, SharedTacticsPage

PEOPLE = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


@pytest.fixture
def hub(tmp_path):
    with LiveHub(f"sqlite:///{tmp_path}/tactics.db", synchronous=True) as h:
        yield h


def seats_of(hub, options=None, seed=5):
    game, tokens = hub.create("tactics", dict(options or {}), seed, PEOPLE)
    return game, tokens, SharedTactics(game, tokens[0]), SharedTactics(game, tokens[1])


def page_of(session):
    page = SharedTacticsPage(session)
    page.__panel__().get_root(Document())
    return page


def board_units(page) -> dict[str, str]:
    return dict(zip(page.board.kit.column("units", "tile"), page.board.kit.column("units", "army")))


def true_units(game) -> dict[str, int]:
    """Every unit of the real game (tests only: what no seat's page may hold unless it sees it)."""
    from academy.games.tactics.board import tile_name
    return {tile_name(p): u.owner for p, u in game.state_copy().units.items()}


# --- the Games page --------------------------------------------------------------------------
def test_the_games_form_creates_a_game_whose_links_open_each_seat(hub):
    form = TacticsGamesForm(hub)
    form.fog.value = True
    form.funds.value = 7000
    form.commanders[1].value = next(v for v in form.commanders[1].options.values() if v)
    form.seats[1].value = "open"
    game_id, tokens = form.create(seed=3)
    assert list(tokens) == [0, 1] and "play Red" in form.links.object and "play Blue" in form.links.object
    game = hub.open(game_id)
    options = game.info.options
    assert options["fog"] is True and options["starting_funds"] == 7000 and options["commanders"][1]
    form.join_seat.value = (game_id, 1)
    token = form.join()
    assert token and "You play Blue" in form.join_result.object
    page = shared_game_page(str(game_id), token, hub=hub)
    assert isinstance(page, SharedTacticsPage) and page.session.player == 1
    assert "Your seat: Blue" in page.seat_info.object and f"match={game_id}" in page.seat_info.object
    assert "replay=1" in page.seat_info.object                       # the replay link of this seat
    watch = shared_game_page(str(game_id), None, hub=hub)
    assert isinstance(watch, SharedTacticsPage) and watch.session.player is None


def test_a_shared_game_can_be_a_campaign_mission(hub):
    """tactics.md "Weather (campaign missions)": the mission sets the map and the weather of the stored game."""
    form = TacticsGamesForm(hub)
    form.mission.value = "snowbound_ridge"
    assert form.map_choice.value == "airfield_ridge" and form.map_choice.disabled
    form.seats[1].value = "easy"
    game_id, _ = form.create(seed=5)
    game = hub.open(game_id)
    assert game.info.options["mission"] == "snowbound_ridge"
    assert game.state_copy().game.options["weather"] == "snow"
    form.mission.value = ""
    assert not form.map_choice.disabled


def test_the_form_refuses_bad_options_and_the_dashboard_has_the_card(hub):
    form = TacticsGamesForm(hub)
    form.funds.value = -5
    with pytest.raises(ValueError):
        form.create(seed=1)
    assert "could not be created" in form.links.object and "starting_funds" in form.links.object
    assert hub.store.list_games() == []
    dash = GamesDashboard(hub)
    assert isinstance(dash.forms["tactics"], TacticsGamesForm)


# --- two seats -------------------------------------------------------------------------------
def test_an_action_in_one_seat_reaches_the_other(hub):
    game, tokens, red, blue = seats_of(hub, {"fog": False})
    blue_page = page_of(blue)
    assert red.state.to_move() == 0 and blue.my_actions() == []       # not Blue's turn: nothing to tap
    red.click("E2")
    assert "F2" in red.destinations
    red.click("F2")
    assert red.choose("wait") and game.step == 1
    assert blue.visible_unit("F2")["owner"] == 0 and blue.visible_unit("E2") is None
    assert board_units(blue_page).get("F2") == "Red" and "E2" not in board_units(blue_page)
    assert any("E2 → F2" in e["text"] for e in blue.log)
    assert "E2 → F2" in blue_page.events.text()
    blue.click("I7")
    assert "wait for your turn" in blue.message and game.step == 1   # refused: not its turn
    assert red.end_turn() and blue.state.to_move() == 1 and "Your turn" in blue.message
    assert "Blue" in red.message and red.my_actions() == []
    assert "Blue" in blue_page.status.object and "to play" in blue_page.status.object


def test_fog_never_leaks_to_the_other_seat(hub):
    game, tokens, red, blue = seats_of(hub, {"fog": True})
    pages = {0: page_of(red), 1: page_of(blue)}

    def check() -> None:
        truth = true_units(game)
        for seat, s in ((0, red), (1, blue)):
            seen = {u["tile"] for u in game.state_for(seat)["units"]}
            hidden = {t for t, owner in truth.items() if owner != seat and t not in seen}
            on_board = set(board_units(pages[seat]))
            assert on_board == seen and not hidden & on_board
            assert not hidden & {u["tile"] for u in s.obs["units"]}
            from academy.games.tactics.board import tile_name
            assert not hidden & {tile_name(p) for p in s.state.units}   # not even in the session's position
            assert s.obs["funds"][1 - seat] is None and s.state.funds[1 - seat] == 0
            enemy = ("Red", "Blue")[1 - seat]
            row = next(r for r in pages[seat].status.object.split("<tr>") if f"</span>{enemy}" in r)
            assert "hidden" in row and "funds" not in row.replace("class='funds'", "")
            assert s.obs["funds"][seat] == game.state_copy().funds[seat]

    check()
    assert {owner for owner in board_units(pages[0]).values()} == {"Red"}     # the start: only its own units
    assert len(true_units(game)) > len(board_units(pages[0]))
    red.act("tank E2 -> F2 wait")
    check()
    assert not any("F2" in e["text"] for e in blue.log)            # out of Blue's sight: not in its log
    assert any("F2" in e["text"] for e in red.log)
    red.end_turn()
    check()
    for _day in range(4):                       # Blue marches on Red until one of its units comes into sight
        for unit in [u["tile"] for u in blue.obs["units"] if u["owner"] == 1]:
            moves = [a for a in blue.my_actions() if isinstance(a, Wait) and a.at == unit]
            if moves:
                blue.act(min(moves, key=lambda a: distance(a.to, "E2")))
                check()
        blue.end_turn()
        check()
        if any(u["owner"] == 1 for u in red.obs["units"]):
            break
        red.end_turn()
        check()
    seen = [u["tile"] for u in red.obs["units"] if u["owner"] == 1]
    assert seen and set(seen) < {t for t, owner in true_units(game).items() if owner == 1}
    assert all(m["from"] in red.obs["seen"] for m in red.trail)     # arrows only from tiles it sees
    assert any(e["kind"] == "move" and seen[0] in e["text"] for e in red.log)


def distance(a: str, b: str) -> int:
    return abs(ord(a[0]) - ord(b[0])) + abs(int(a[1:]) - int(b[1:]))


def test_a_spectator_of_a_running_fog_game_sees_only_what_both_sides_see(hub):
    game, tokens, red, blue = seats_of(hub, {"fog": True})
    watcher = SharedTactics(game, None)
    page = page_of(watcher)
    both = {u["tile"] for u in game.state_for(0)["units"]} & {u["tile"] for u in game.state_for(1)["units"]}
    assert set(board_units(page)) == both
    assert watcher.obs["funds"] == [None, None] and "hidden" in page.status.object
    assert not page.controls.layout.visible and watcher.my_actions() == []
    watcher.click("E2")
    assert "watching" in watcher.message and game.step == 0


def test_a_cpu_seat_is_played_by_the_server(hub):
    game, tokens = hub.create("tactics", {"fog": False}, 5, [PEOPLE[0], {"kind": "cpu", "level": "easy"}])
    me = SharedTactics(game, tokens[0])
    assert me.seat_label(1) == "Blue (CPU easy)" and me.seat_label(0) == "Red (you)"
    assert me.end_turn()
    assert me.state.to_move() == 0 and me.obs["day"] == 2            # the CPU's turn has been played
    assert any(e["text"] == "Blue ends the turn." for e in me.log)
    assert me.my_actions() and any(isinstance(a, EndTurn) for a in me.my_actions())


def test_messages_resign_and_the_outcome(hub):
    game, tokens, red, blue = seats_of(hub, {"fog": True})
    page = page_of(red)
    assert red.send_message([1], "Meet at the bridge?") and blue.messages[0]["text"] == "Meet at the bridge?"
    assert blue.resign() and game.status == "finished" and game.winner == 0
    assert "you win" in red.outcome() and red.message == red.outcome()
    assert "Red wins" in page.status.object and red.my_actions() == []
    assert "finished" not in red.seat_status and blue.out
    red.click("E2")
    assert "over" in red.message


def test_the_clock_line(hub):
    game, tokens = hub.create("tactics", {}, 5, PEOPLE, clock={"mode": "live", "seconds": 120})
    red = SharedTactics(game, tokens[0])
    SharedTactics(game, tokens[1])
    page = page_of(red)
    assert red.clock == {"mode": "live", "seconds": 120}
    assert "your" in red.clock_text() and "live clock" in page.clock.line.object
    assert not red.can_claim_win()


def test_a_forged_or_other_seats_token_cannot_act(hub):
    game, tokens, red, blue = seats_of(hub)
    with pytest.raises(BadToken):
        SharedTactics(game, "forged-token")
    page = shared_game_page(str(game.game_id), "forged-token", hub=hub)
    assert not isinstance(page, SharedTacticsPage) and "does not open a seat" in page.objects[0].object
    with pytest.raises(IllegalAction) as info:                 # Blue's token on Red's turn
        game.act(tokens[1], Wait("I7", "H7"))
    assert info.value.reason == "not_your_turn" and game.step == 0
    assert not blue.act(Wait("I7", "H7")) and "wait for your turn" in blue.message and game.step == 0


def test_a_seats_log_is_headed_by_day_live_and_after_a_reload(hub):
    """A newcomer's walk: a shared Tactics game filed every move under "Start of the game"; now each day of
    each army has its heading, from day 1's income on, in the live log and in the one rebuilt on a reload."""
    from academy.ui.event_log import group_turns
    game, tokens, red, blue = seats_of(hub, {"fog": False})
    assert red.end_turn() and blue.end_turn() and red.end_turn()
    wanted = ["Day 1 · Red", "Day 1 · Blue", "Day 2 · Red", "Day 2 · Blue"]
    for seat in (red, blue, SharedTactics(game, tokens[0])):
        turns = group_turns(seat.log)
        assert [t.heading for t in turns] == wanted
        assert "earns" in turns[0].entries[0][1]["text"] and "ends the turn" in turns[0].entries[-1][1]["text"]
