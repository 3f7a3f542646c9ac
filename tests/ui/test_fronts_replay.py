"""Fronts replays without a browser (issue 3, "Replays"; issue 7, "Full games: ... replay; save and load"): turn
by turn, each turn's orders and then its resolution with the why; a running game's replay holds only the seat's
own fog at every frame (in the session and in the page's board data) and only the orders its team may see;
everything once finished; import of good and bad files; Save / Load on the Local Play page."""
from __future__ import annotations

import json

import pytest
from bokeh.document import Document

from academy.core.bots import bot_seed
from academy.games.fronts.actions import Resolve
from academy.games.fronts.bots import make_bot
from academy.store.live import LiveHub
from academy.ui.fronts.play import FrontsPlayPage
from academy.games.fronts.view import full_observation
from academy.ui.fronts.replay import FrontsReplay, FrontsReplayPage
from academy.ui.fronts.session import LocalFronts
from academy.ui.replay import RecordImportPage, replay_page

CPUS = [{"kind": "cpu", "level": "easy"}, {"kind": "cpu", "level": "easy"}]


@pytest.fixture
def hub(tmp_path):
    with LiveHub(f"sqlite:///{tmp_path}/fronts-replay.db", synchronous=True) as h:
        yield h


@pytest.fixture
def finished(hub):
    game, _ = hub.create("fronts", {"map": "duel", "players": 2, "turns": 4}, 3, CPUS)
    assert game.status == "finished"
    return game


def resolves(record) -> int:
    return sum(isinstance(e.action, Resolve) for e in record.entries)


def running_game(hub, turns: int = 4, seed: int = 11):
    """Red a person (who moves like the normal CPU), Blue the normal CPU; ``turns`` turns resolved, still running."""
    game, tokens = hub.create("fronts", {"map": "duel", "players": 2},
                              seed, [{"kind": "human", "name": "Ann"}, {"kind": "cpu", "level": "normal"}])
    bot = make_bot("normal", bot_seed(seed, 0))
    for _ in range(turns):
        game.submit(tokens[0], bot.orders(game.state_copy(), 0))
    assert game.status == "running"
    return game, tokens


def pairs(stacks: dict) -> set[tuple[str, str, str]]:
    """(province, owner, what is known) for every stack entry of an observation or of the board's data."""
    return {(p, e["owner"], json.dumps(e.get("units") or [e.get("size"), e.get("types")], sort_keys=True))
            for p, entries in stacks.items() for e in entries}


def board_pairs(page: FrontsReplayPage) -> set[tuple[str, str]]:
    return set(zip(*(page.board.kit.column("stacks", c) for c in ("province", "owner", "label"))))


# --- stepping ------------------------------------------------------------------------------
def test_turn_by_turn_orders_then_resolution(finished):
    record = finished.record_copy()
    s = FrontsReplay(record, title="test")
    page = FrontsReplayPage(s)
    page.__panel__().get_root(Document())
    n = resolves(record)
    assert n >= 2 and s.count == 1 + 2 * n and s.frame_kind == "start" and "frame 1 of" in page.counter.object
    assert page.buttons["back"].disabled
    page.buttons["forward"].clicks += 1
    assert s.frame_kind == "orders" and s.frame_turn == 1 and s.pending         # the orders, on the map before
    assert set(s.order_owners) <= {"red", "blue"} and len(s.order_owners) == len(s.pending)
    colours = page.board.kit.column("moves", "line_color")
    assert colours and set(colours) <= {"#C62828", "#1F4FA8"}                     # each in its owner's colour
    assert "Orders given" in page.turn.object and s.obs["last"] == []
    s.forward()
    assert s.frame_kind == "result" and s.pending == [] and s.turn_events
    assert "The resolution" in page.turn.object and "→" in page.turn.object        # each order's outcome
    assert s.reports and s.reports[-1]["turn"] == 1
    s.to_end()
    assert s.obs["result"] and len(s.reports) == n and page.buttons["forward"].disabled
    s.back()
    assert s.frame_kind == "orders" and s.frame_turn == n
    s.to_start()
    assert s.index == 0 and s.reports == []


def test_a_click_is_refused(finished):
    s = FrontsReplay(finished.record_copy())
    s.go(1)
    s.click("millbrook")
    assert "replay" in s.message and s.selected is None and not s.submit()


def test_a_finished_game_shows_everything(finished, hub):
    page = replay_page({"match": str(finished.game_id), "replay": "1"}, hub=hub)
    assert isinstance(page, FrontsReplayPage) and "(finished; everything)" in page.head.object
    page.__panel__().get_root(Document())
    s = page.session
    assert not s.masked and s.can_export
    record = finished.record_copy()
    s.to_end()
    assert s.obs["stacks"] == full_observation(record.replay())["stacks"]
    assert all("units" in e for entries in s.obs["stacks"].values() for e in entries)   # no fog
    assert json.loads(page.record._saved().getvalue())["game"] == "fronts"


# --- fog ----------------------------------------------------------------------------------
def test_a_running_games_replay_holds_only_the_seats_fog(hub):
    game, tokens = running_game(hub)
    record = game.record_copy()
    page = replay_page({"match": str(game.game_id), "seat": tokens[0], "replay": "1"}, hub=hub)
    assert isinstance(page, FrontsReplayPage) and "your own view" in page.head.object
    page.__panel__().get_root(Document())
    s = page.session
    assert s.masked and not s.can_export and s.count == 1 + 2 * resolves(record)
    # what Red saw, and everything, after each resolved turn (computed here from the full record)
    state = record.initial_state()
    seen, full = [state.observation("red")], [full_observation(state)]
    for entry in record.entries:
        state.apply(entry.action)
        if isinstance(entry.action, Resolve):
            seen.append(state.observation("red"))
            full.append(full_observation(state))
    hidden_somewhere = False
    blue_orders = set()
    for e in record.entries:
        if type(e.action).__name__ == "SubmitOrders" and e.action.player == "blue":
            blue_orders |= set(e.action.orders)
    for index in range(s.count):
        s.go(index)
        k = index // 2                                # the observation this frame's map comes from
        assert pairs(s.obs["stacks"]) == pairs(seen[k]["stacks"])
        hidden = pairs(full[k]["stacks"]) - pairs(seen[k]["stacks"])
        hidden_somewhere |= bool(hidden)
        shown = board_pairs(page)
        for province, owner, _units in hidden:         # a stack Red may not see (exactly) is not on its page
            assert not any(p == province and o == owner and not label.startswith("?") for p, o, label in shown)
        assert {o["player"] for o in s.turn_orders} <= {"red"}            # only its own team's orders
        assert not any(text in page.turn.object for text in blue_orders if text not in ("",))
        assert not any(text in s.pending for text in blue_orders)
    assert hidden_somewhere, "the test game should have stacks out of Red's sight"
    assert page.session.count == 1 + 2 * resolves(record)


def test_a_seats_replay_shows_its_messages(hub):
    game, tokens = running_game(hub, turns=1)
    at = game.step
    game.send_message(tokens[0], [1], "Truce on the river?")
    page = replay_page({"match": str(game.game_id), "seat": tokens[0], "replay": "1"}, hub=hub)
    page.__panel__().get_root(Document())
    s = page.session
    assert s.messages_until(at - 1) == [] and [m["text"] for m in s.messages_until(at)] == ["Truce on the river?"]
    s.to_end()
    page._update()
    assert "Truce on the river?" in page.chat.object
    assert replay_page({"match": str(game.game_id), "replay": "1"}, hub=hub).session.chat == []


# --- import --------------------------------------------------------------------------------
def test_import_a_fronts_record_and_bad_files(finished):
    record = finished.record_copy()
    page = RecordImportPage()
    page.__panel__().get_root(Document())
    data = record.to_json()
    corrupt = {**data, "log": [{"player": None, "chance": False,
                                "action": {"type": "SubmitOrders", "player": "red",
                                           "orders": ["9 armor Millbrook -> Nowhere"]}}]}
    for text, words in (("not json at all", "bad JSON"),
                        (json.dumps({**data, "game": "checkers"}), "Unknown game 'checkers'"),
                        (json.dumps(corrupt), "cannot be replayed")):
        assert not page.import_file(text, "bad.json")
        assert "bad.json could not be opened" in page.message and words in page.message
        assert page.import_area.visible and page.shown is None
    assert page.import_file(json.dumps(data), "fronts.json")
    shown = page.shown
    assert isinstance(shown, FrontsReplayPage) and shown.session.count == 1 + 2 * resolves(record)
    assert "imported record (fronts.json)" in shown.head.object and not shown.session.masked


# --- save and load -------------------------------------------------------------------------
def played(turns: int | None = 30) -> LocalFronts:
    s = LocalFronts()
    s.new_game(people=["red"], seed=2, turns=turns)
    s.click("millbrook")
    s.click("westmere")
    assert s.submit()
    assert s.submit()
    return s


def test_a_running_game_is_not_saved():
    """Issue 13, item 12: while a Fronts game runs, its record holds the CPU's secret orders, its stacks in
    the fog and the seed of the battles to come: Save is refused with the reason, the button disabled."""
    from academy.ui.save_load import SaveRefused
    s = played()
    with pytest.raises(SaveRefused, match="secret orders and the stacks hidden in the fog.*once the game is over"):
        s.save_json()
    page = FrontsPlayPage(s)
    page.__panel__().get_root(Document())
    assert page.tools.save.disabled and "once the game is over" in page.tools.note.object
    assert page.tools.saved().getvalue() == ""


def test_save_and_load_round_trip():
    s = played(turns=2)                              # over after two turns: nothing is hidden any more
    assert s.engine_state.is_terminal()
    text = s.save_json()
    assert json.loads(text)["seed"] == s.engine_state.record.seed
    again = LocalFronts()
    assert again.load_json(text, name="fronts.json")
    assert again.engine_state.board.to_dict() == s.engine_state.board.to_dict()
    assert again.obs == s.obs and again.people == ["red"] and "loaded from fronts.json" in again.message
    assert [r["turn"] for r in again.reports] == [r["turn"] for r in s.reports] == [1, 2]


def test_a_bad_file_changes_nothing():
    s = played()
    obs, state = s.obs, s.engine_state
    for text, words in (("{", "bad JSON"), ('{"schema": "academy.record", "version": 1, "game": "diplomacy", '
                                            '"options": {}, "seed": 1, "log": []}', "not of Fronts")):
        assert not s.load_json(text, name="x.json")
        assert words in s.message and s.obs is obs and s.engine_state is state
    with pytest.raises(ValueError, match="No game"):
        LocalFronts().save_json()


def test_the_play_page_saves_loads_and_replays():
    page = FrontsPlayPage(played(turns=2))
    page.__panel__().get_root(Document())
    assert not page.tools.save.disabled and not page.tools.note.visible
    text = page.tools.saved().getvalue()
    fresh = FrontsPlayPage(LocalFronts())
    fresh.__panel__().get_root(Document())
    fresh.tools.load.param.update(filename="bad.json", value=b"[1]")
    assert "bad.json could not be loaded" in fresh.session.message and fresh.session.obs is None
    fresh.tools.load.param.update(filename="good.json", value=text.encode())
    assert fresh.session.obs["turn"] == 3 and fresh.game_area.visible
    replay = fresh.open_replay()
    assert replay.session.count == 5 and not replay.session.masked      # a finished game: in full


# --- links ---------------------------------------------------------------------------------
def test_the_shared_page_and_the_dashboard_link_to_the_replay(hub, finished):
    from academy.ui.dashboard import GamesDashboard
    from academy.ui.fronts.shared import SharedFronts, SharedFrontsPage
    from academy.ui.replay import replay_link
    game, tokens = running_game(hub, turns=1)
    page = SharedFrontsPage(SharedFronts(game, tokens[0]))
    assert replay_link(game.game_id, tokens[0]).replace("&", "&amp;") in page.seat_info.object
    dash = GamesDashboard(hub=hub)
    assert f"?match={finished.game_id}&replay=1" in dash.replays.object and "Fronts" in dash.replays.object


def test_a_finished_game_branches_into_a_planner_everyone_on_the_screen(finished):
    replay = FrontsReplay(finished.record_copy())
    replay.go(2)                                        # turn 1 resolved
    local = replay.planner()
    state = local.engine_state
    assert local.people == ["red", "blue"] and state.board.turn == 2
    after = replay._record.initial_state()
    for entry in replay._record.entries[:replay.record_step]:
        after.apply(entry.action)
    assert state.board.stacks == after.board.stacks and state.board.owners == after.board.owners
    assert len(finished.record_copy()) == len(replay._record)     # the game itself is untouched


def test_a_running_games_planner_holds_only_what_the_seat_saw(hub):
    game, tokens = running_game(hub, seed=2)            # (a game in which Red sees a Blue stack only roughly)
    replay = FrontsReplay(game.record_copy(), viewer="red", masked=True)
    replay.go(6)                                        # turn 3's orders: one Blue stack is seen only roughly
    seen = replay._frames[replay.index]["obs"]["stacks"]
    assert sum("size" in e for entries in seen.values() for e in entries) == 1
    local = replay.planner()
    board = local.engine_state.board
    assert local.people == ["red"] and board.funds["blue"] == 0
    assert {p for p, entries in seen.items() for e in entries if e["owner"] == "blue"} == set(board.stacks["blue"])
    for prov, entries in seen.items():
        for e in entries:
            if "size" in e:                             # seen roughly: the middle of its size range
                assert sum(board.stacks_in(prov)[e["owner"]].values()) in (2, 5, 8, 15, 25)
    page = FrontsReplayPage(replay)
    planner = page.open_planner()
    assert planner.session is not replay and "never changes the game" in page.planner_area.objects[0].object
