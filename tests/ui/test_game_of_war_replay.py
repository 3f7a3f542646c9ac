"""Game of War replays without a browser (issue 3, "Replays"; issue 6, "Full games: ... replay; save and load"):
stepping move by move with the combat explanation, a running game's free deployment hidden from the other seat at
every step (and from the page's data), everything once finished, import of good and bad files through the
replay page, the dispatch by game name, and Save / Load on the Local Play page."""
from __future__ import annotations

import json

import pytest
from bokeh.document import Document

from academy.games import REGISTRY
from academy.games.game_of_war.actions import Deploy, EndTurn
from academy.games.game_of_war.bots import make_bot
from academy.games.game_of_war.rules import unplaced
from academy.store.live import LiveHub
from academy.ui.game_of_war.play import GameOfWarPlayPage
from academy.ui.game_of_war.replay import GameOfWarReplay, GameOfWarReplayPage
from academy.ui.game_of_war.session import GameOfWarSession
from academy.ui.replay import RecordImportPage, replay_page

CPUS = [{"kind": "cpu", "level": "easy"}, {"kind": "cpu", "level": "easy"}]


@pytest.fixture
def hub(tmp_path):
    with LiveHub(f"sqlite:///{tmp_path}/gow-replay.db", synchronous=True) as h:
        yield h


@pytest.fixture
def finished(hub):
    game, _ = hub.create("game_of_war", {"max_turns": 6}, 3, CPUS)
    assert game.status == "finished"
    return game


def cpu_record(seed: int = 3, turns: int = 10):
    state = REGISTRY["game_of_war"](max_turns=turns).new_initial_state(seed=seed)
    state.settle()
    bots = {0: make_bot("normal", 1), 1: make_bot("normal", 2)}
    while not state.is_terminal():
        state.play(bots[state.to_move()].choose(state))
    return state.record


def unit_ids(page: GameOfWarReplayPage) -> set[str]:
    return set(page.board.units.data["id"])


# --- stepping ------------------------------------------------------------------------------
def test_step_forward_back_start_end_on_the_play_board(finished):
    record = finished.record_copy()
    s = GameOfWarReplay(record, title="test")
    page = GameOfWarReplayPage(s)
    page.__panel__().get_root(Document())
    assert s.length == len(record) and s.step == 0 and "Step 0 of" in page.counter.object
    assert page.buttons["back"].disabled and not page.buttons["forward"].disabled
    page.buttons["forward"].clicks += 1
    assert s.step == 1 and s.state.position == record.replay(1).position
    s.to_end()
    assert s.step == len(record) and s.state.is_terminal() and page.buttons["forward"].disabled
    assert s.state.position == record.replay().position and "over" in page.status.object
    s.back()
    assert s.step == len(record) - 1
    s.to_start()
    assert s.step == 0 and s.log == []
    s.next_turn()
    assert 0 < s.step < len(record)


def test_each_move_is_drawn_and_each_attack_explained():
    record = cpu_record()
    s = GameOfWarReplay(record)
    page = GameOfWarReplayPage(s)
    page.__panel__().get_root(Document())
    moves = attacks = 0
    for step in range(1, len(record) + 1):
        s.go(step)
        kinds = [e.kind for e in s.step_events]
        if "move" in kinds:
            moves += 1
            assert s.trail and page.board.marks["trail"].data["x0"]       # the move's arrow on the board
        if "attack" in kinds:
            attacks += 1
            attack = next(e for e in s.step_events if e.kind == "attack")
            assert any(w.startswith("attack ") for w in attack.why) and any("against defence" in w for w in attack.why)
            assert "against defence" in page.step_pane.object              # the why, in the side panel
            assert s.selected == attack.data["unit"] or s.selected is None
    assert moves > 5 and attacks >= 1


def test_a_tap_is_refused():
    s = GameOfWarReplay(cpu_record())
    s.go(5)
    state = s.state
    s.click((3, 3))
    assert "replay" in s.message and s.state is state and s.step == 5
    assert not s.act(EndTurn()) and not s.undo() and s.state is state and s.step == 5


# --- fog ----------------------------------------------------------------------------------
def test_a_running_free_deployment_is_hidden_from_the_other_seat(hub):
    """North has deployed; South has placed two units: at every step, neither seat's replay (nor a spectator's)
    holds the other side's units, in the session or in the page's board data; the seat's own units are there."""
    game, tokens = hub.create("game_of_war", {"deployment": "free"}, 5,
                              [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}])
    for player, count in ((0, None), (1, 2)):
        for _ in range(count or 100):
            state = game.state_copy()
            if state.phase != "deploy" or state.to_move() != player:
                break
            need = unplaced(state, player)
            legal = [a for a in state.legal_actions() if isinstance(a, Deploy)]
            game.act(tokens[player], next(a for a in legal if a.unit_type in need))
    assert game.state_copy().phase == "deploy" and game.status != "finished"
    full = game.state_copy().position
    north = {u.id for u in full.units if u.side == "north"}
    south = {u.id for u in full.units if u.side == "south"}
    south_squares = {tuple(u.at) for u in full.units if u.side == "south"}
    assert len(south) == 2 and len(north) > 5
    for token, mine, theirs in ((tokens[0], north, south), (tokens[1], south, north), (None, set(), north | south)):
        page = replay_page({"match": str(game.game_id), "replay": "1", **({"seat": token} if token else {})}, hub=hub)
        assert isinstance(page, GameOfWarReplayPage) and page.session.masked
        page.__panel__().get_root(Document())
        s = page.session
        for step in range(s.length + 1):
            s.go(step)
            shown = unit_ids(page)
            assert not shown & theirs, f"step {step}: {shown & theirs}"
            assert {u.id for u in s.state.position.units} <= mine
            text = json.dumps({"log": s.log, "events": [(e.text, dict(e.data)) for e in s.step_events]})
            assert not any(uid in text for uid in theirs)
            if mine is north:
                assert not any(f"[{x}, {y}]" in text for x, y in south_squares)
        assert shown == mine
        assert not s.can_export
        with pytest.raises(PermissionError):
            s.export_json()


def test_a_finished_game_shows_everything(finished, hub):
    page = replay_page({"match": str(finished.game_id), "replay": "1"}, hub=hub)
    assert isinstance(page, GameOfWarReplayPage)
    page.__panel__().get_root(Document())
    s = page.session
    assert not s.masked and s.can_export and "(finished; everything)" in page.head.object
    s.to_end()
    assert s.state.position == finished.record_copy().replay().position
    assert json.loads(page.record._saved().getvalue())["game"] == "game_of_war"


def test_a_seats_replay_shows_its_messages(hub):
    game, tokens = hub.create("game_of_war", {}, 5, [{"kind": "human", "name": "Ann"},
                                                     {"kind": "human", "name": "Bob"}])
    at = game.step
    game.send_message(tokens[0], [1], "Hold the pass?")
    page = replay_page({"match": str(game.game_id), "seat": tokens[1], "replay": "1"}, hub=hub)
    page.__panel__().get_root(Document())
    assert [m["text"] for m in page.session.messages_until(at)] == ["Hold the pass?"]
    page.session.go(at)
    page._update()
    assert "Hold the pass?" in page.chat.object
    watcher = replay_page({"match": str(game.game_id), "replay": "1"}, hub=hub)
    assert watcher.session.chat == []


def test_the_planner_starts_from_the_step_shown(finished):
    record = finished.record_copy()
    page = GameOfWarReplayPage(GameOfWarReplay(record))
    page.__panel__().get_root(Document())
    page.session.go(4)
    planner = page.open_planner()
    assert planner.session.state.position == record.replay(4).position
    assert planner.session.seats == ["human", "human"] and len(record) == len(finished.record_copy())


# --- import --------------------------------------------------------------------------------
def test_import_a_game_of_war_record_and_bad_files():
    record = cpu_record()
    page = RecordImportPage()
    page.__panel__().get_root(Document())
    for text, words in ((b"{not json", "bad JSON"),
                        ('{"schema": "academy.record", "version": 1, "game": "chess", "log": []}',
                         "Unknown game 'chess'"),
                        (json.dumps({**record.to_json(), "log": record.to_json()["log"][:3] + [
                            {"player": 0, "chance": False, "action": {"type": "Attack", "unit": "N-I1",
                                                                      "target": "S-I1"}}]}), "cannot be replayed")):
        assert not page.import_file(text, "bad.json")
        assert "bad.json could not be opened" in page.message and words in page.message
        assert page.import_area.visible and not page.replay_slot.objects     # the page stays usable
    assert page.import_file(json.dumps(record.to_json()).encode(), "gow.json")
    shown = page.shown
    assert isinstance(shown, GameOfWarReplayPage) and shown.session.length == len(record)
    assert not page.import_area.visible and "Import another record" in page.head.object
    shown.session.to_end()
    assert shown.session.state.is_terminal()


def test_the_upload_widget_opens_a_record():
    record = cpu_record()
    page = replay_page({"page": "replay"})
    page.upload.param.update(filename="gow.json", value=json.dumps(record.to_json()).encode())
    assert isinstance(page.shown, GameOfWarReplayPage) and page.replay_slot.objects


# --- save and load -------------------------------------------------------------------------
def played_session() -> GameOfWarSession:
    s = GameOfWarSession(synchronous=True)
    s.new_game(seats=["human", "human"], seed=4)
    for _ in range(6):
        s.act(next(a for a in s.state.legal_actions() if type(a).__name__ in ("Move", "EndTurn")))
    return s


def test_save_and_load_round_trip():
    s = played_session()
    text = s.save_json()
    again = GameOfWarSession(synchronous=True)
    assert again.load_json(text.encode(), name="war.json")
    assert again.state.position == s.state.position and again.state.turn == s.state.turn
    assert len(again.state.record) == len(s.state.record) and "loaded from war.json" in again.message
    assert again.seats == ["human", "human"] and again.log


def test_a_bad_file_changes_nothing():
    s = played_session()
    state, log = s.state, list(s.log)
    for text, words in ((b"\xff", "not UTF-8"), ("[]", "expected a JSON object"),
                        ('{"schema": "academy.record", "version": 1, "game": "conquest", "options": {"players": 2},'
                         ' "seed": 1, "log": []}', "not of Game of War")):
        assert not s.load_json(text, name="x.json")
        assert words in s.message and "x.json" in s.message
        assert s.state is state and s.log == log
    with pytest.raises(ValueError, match="No game"):
        GameOfWarSession().save_json()


def test_the_play_page_saves_loads_and_replays():
    page = GameOfWarPlayPage(played_session())
    page.__panel__().get_root(Document())
    text = page.tools.saved().getvalue()
    assert json.loads(text)["game"] == "game_of_war"
    fresh = GameOfWarPlayPage(GameOfWarSession(synchronous=True))
    fresh.__panel__().get_root(Document())
    assert fresh.tools.saved().getvalue() == ""                  # no game yet: nothing to save
    fresh.tools.load.param.update(filename="broken.json", value=b"{")
    assert "broken.json could not be loaded" in fresh.session.message and fresh.session.state is None
    fresh.tools.load.param.update(filename="war.json", value=text.encode())
    assert fresh.session.state.position == page.session.state.position and fresh.game_area.visible
    replay = fresh.open_replay()
    assert replay.session.length == len(page.session.state.record)


# --- links ---------------------------------------------------------------------------------
def test_the_shared_page_and_the_dashboard_link_to_the_replay(hub, finished):
    from academy.ui.dashboard import GamesDashboard
    from academy.ui.game_of_war.shared import SharedGameOfWar, SharedGameOfWarPage
    from academy.ui.replay import replay_link
    game, tokens = hub.create("game_of_war", {}, 5, [{"kind": "human", "name": "Ann"},
                                                     {"kind": "cpu", "level": "easy"}])
    page = SharedGameOfWarPage(SharedGameOfWar(game, tokens[0]))
    assert replay_link(game.game_id, tokens[0]).replace("&", "&amp;") in page.seat_info.object
    dash = GamesDashboard(hub=hub)
    assert f"?match={finished.game_id}&replay=1" in dash.replays.object
    assert f"data-game='{game.game_id}'" not in dash.replays.object          # still running: not listed there
