"""Tactics replays without a browser (issue 3, "Replays"; issue 5, "Full games"): stepping by step, turn and
day on the Play page's board, each step's why (the damage factors), a running fog game shown to a seat as
its own fog let it see at every step (never in the page's data), a spectator's view, everything once
finished, stored games through the replay link, import of good and bad files, the Play page's replay."""
from __future__ import annotations

import json

import pytest
from bokeh.document import Document

from academy.games.tactics.board import tile_name
from academy.games.tactics.bots import make_bot
from academy.games.tactics.game import TacticsGame
from academy.store.live import LiveHub
from academy.ui.replay import REPLAY_PAGES, RecordImportPage, replay_page
from academy.ui.tactics.play import TacticsPlayPage
from academy.games.tactics.view import spectator_observation
from academy.ui.tactics.replay import TacticsReplay, TacticsReplayPage
from academy.ui.tactics.session import TacticsSession

CPUS = [{"kind": "cpu", "level": "easy"}, {"kind": "cpu", "level": "easy"}]


@pytest.fixture
def hub(tmp_path):
    with LiveHub(f"sqlite:///{tmp_path}/tactics-replay.db", synchronous=True) as h:
        yield h


def cpu_record(fog: bool = True, days: int = 4, seed: int = 3):
    """A finished CPU game (the day limit ends it)."""
    state = TacticsGame(fog=fog, day_limit=days).new_initial_state(seed=seed)
    bots = {0: make_bot("easy", 1), 1: make_bot("easy", 2)}
    while not state.is_terminal():
        state.play(bots[state.to_move()].choose(state))
    return state.record


def page_of(session):
    page = TacticsReplayPage(session)
    page.__panel__().get_root(Document())
    return page


def board_tiles(page) -> set[str]:
    return set(page.board.kit.column("units", "tile"))


# --- stepping --------------------------------------------------------------------------------
def test_step_turn_and_day_on_the_play_board():
    record = cpu_record(fog=False)
    s = TacticsReplay(record, title="test")
    page = page_of(s)
    assert s.length == len(record) and s.step == 0 and "Step 0 of" in page.counter.object
    assert page.buttons["back"].disabled and not page.buttons["forward"].disabled
    page.buttons["forward"].clicks += 1
    assert s.step == 1 and s.obs == record.replay(1).observation(None)
    assert board_tiles(page) == {u["tile"] for u in s.obs["units"]}
    s.to_end()
    assert s.step == len(record) and s.obs["over"] and page.buttons["forward"].disabled
    assert "wins" in page.status.object or "Draw" in page.status.object
    s.to_start()
    s.next_day()
    day2 = s.step
    assert s.obs["day"] == 2 and record.replay(day2 - 1).day == 1
    s.forward()
    s.previous_day()
    assert s.step == day2
    s.previous_day()
    assert s.step == 0
    s.next_turn()
    assert 0 < s.step <= day2 and s.log and s.log[-1]["step"] == s.step
    assert "day" in page.counter.object


def test_an_attack_step_shows_its_why_and_its_arrow():
    record = cpu_record(fog=False, days=6)
    s = TacticsReplay(record)
    page = page_of(s)
    step = next(i for i in range(1, len(record) + 1)
                if any(e.kind == "attack" for e in s.replay.frame(i).events))
    s.go(step)
    attack = next(e for e in s.step_events if e.kind == "attack")
    assert attack.why and attack.why[0] in page.step_pane.object           # each factor of the damage roll
    assert s.last_attack["why"] == list(attack.why) and "Why" in page.why.object
    assert {"from": attack.data["attacker"], "to": attack.data["target"], "owner": s.replay.frame(step).mover} \
        in s.trail
    assert page.board.kit.column("trail", "x0")
    s.click("A1")
    assert "replay" in s.message and s.length == len(record)                 # a tap plays nothing


# --- fog while the game runs -----------------------------------------------------------------
def test_a_running_fog_game_shows_each_seat_only_its_own_fog(hub):
    game, tokens = hub.create("tactics", {"fog": True}, 4, [{"kind": "human", "name": "Ann"},
                                                           {"kind": "cpu", "level": "easy"}])
    from academy.ui.tactics.shared import SharedTactics
    me = SharedTactics(game, tokens[0])
    for _ in range(3):                                    # three days against the CPU
        for action in me.my_actions()[:2]:
            if me.state.to_move() == 0 and type(action).__name__ == "Wait":
                me.act(action)
        me.end_turn()
    record = game.record_copy()
    page = replay_page({"match": str(game.game_id), "seat": tokens[0], "replay": "1"}, hub=hub)
    assert isinstance(page, TacticsReplayPage)
    page.__panel__().get_root(Document())
    s = page.session
    assert s.masked and "your own view" in s.title and not s.can_export and not page.record.download.visible
    with pytest.raises(PermissionError):
        s.export_json()
    hidden_somewhere = False
    for step in range(len(record) + 1):
        s.go(step)
        truth = record.replay(step)
        seen = {u["tile"] for u in truth.observation(0)["units"]}
        enemy_hidden = {tile_name(p) for p, u in truth.units.items() if u.owner == 1} - seen
        hidden_somewhere |= bool(enemy_hidden)
        assert board_tiles(page) == seen and not enemy_hidden & board_tiles(page)
        assert not enemy_hidden & {tile_name(p) for p in s.state.units}
        assert s.obs["funds"][1] is None and "hidden" in page.status.object
        if s.replay.frame(step).mover == 1:          # Blue's moves show only where they end in Red's sight
            sight = set(truth.observation(0)["seen"])
            assert all(e.data["to"] in sight for e in s.step_events if e.kind == "move")
    assert hidden_somewhere
    mine = replay_page({"match": str(game.game_id), "seat": tokens[0], "replay": "1"}, hub=hub)
    assert "back to the game" in mine.head.object and "seat=" in mine.head.object
    s.go(len(record) // 2)                                   # try moves from what Red saw, never the truth
    planner = page.open_planner()
    assert isinstance(planner, TacticsPlayPage) and "what you saw" in planner.session.message
    seen = {tile_name(p) for p in s.state.units}
    assert {tile_name(p) for p in planner.session.state.units} == seen and planner.session.state.funds[1] == 0
    assert planner.session.my_actions() or planner.session.state.to_move() is not None
    assert game.step == len(record)                          # nothing reached the real game


def test_a_spectator_sees_what_both_sides_see_and_everything_once_finished(hub):
    game, tokens = hub.create("tactics", {"fog": True}, 4, [{"kind": "human", "name": "Ann"},
                                                           {"kind": "human", "name": "Bob"}])
    page = replay_page({"match": str(game.game_id), "replay": "1"}, hub=hub)
    page.__panel__().get_root(Document())
    s = page.session
    state = game.state_copy()
    public = spectator_observation(state)
    assert s.masked and s.obs["units"] == public["units"] == [] and s.obs["funds"] == [None, None]
    finished = hub.create("tactics", {"fog": True, "day_limit": 2}, 4, CPUS)[0]
    assert finished.status == "finished"
    done = replay_page({"match": str(finished.game_id), "replay": "1"}, hub=hub)
    done.__panel__().get_root(Document())
    d = done.session
    assert not d.masked and d.can_export and done.record.download.visible
    d.to_start()
    assert len(board_tiles(done)) == 6 and d.obs["funds"][0] is not None and d.obs["funds"][1] is not None
    assert json.loads(d.export_json())["game"] == "tactics"
    planner = done.open_planner()
    assert isinstance(planner, TacticsPlayPage) and planner.session.seats == ["human", "human"]


# --- import ----------------------------------------------------------------------------------
def test_import_a_tactics_record_and_bad_files():
    assert "tactics" in REPLAY_PAGES
    record = cpu_record()
    page = RecordImportPage()
    page.__panel__().get_root(Document())
    bad_step = {"player": 0, "chance": False, "action": {"type": "Wait", "at": "A1", "to": "J10"}}
    for text, words in ((b"{not json", "bad JSON"),
                        (json.dumps({**record.to_json(), "log": [bad_step]}), "cannot be replayed")):
        assert not page.import_file(text, "bad.json")
        assert "bad.json could not be opened" in page.message and words in page.message
        assert page.import_area.visible and not page.replay_slot.objects
    assert page.import_file(json.dumps(record.to_json()).encode(), "tactics.json")
    shown = page.shown
    assert isinstance(shown, TacticsReplayPage) and shown.session.length == len(record)
    assert not shown.session.masked and "Import another record" in page.head.object
    shown.session.to_end()
    assert shown.session.obs["over"]


# --- the local Play page ---------------------------------------------------------------------
def test_the_play_page_replays_its_game():
    s = TacticsSession(synchronous=True)
    page = TacticsPlayPage(session=s)
    page.__panel__().get_root(Document())
    s.new_game(seats=["human", "easy"], fog=True, seed=2)
    s.act("tank E2 -> F2 wait")
    s.end_turn()
    replay = page.open_replay()
    assert isinstance(replay, TacticsReplayPage) and page.replay_area.objects[-1] is replay.__panel__()
    r = replay.session
    assert r.masked and r.length == len(s.state.record)          # a running fog game: what Red saw
    r.to_end()
    assert {u["tile"] for u in r.obs["units"]} == {u["tile"] for u in s.obs["units"]}
    assert r.obs["funds"][1] is None


def test_an_attacks_own_step_is_named_by_its_action_not_said_to_show_nothing():
    """A walk's helper: with luck on, an attack's own step (before its luck roll, the next step) read "Red: A step
    without visible effect."; it now names the attack in the game's notation, where the viewer may see it."""
    from academy.games.tactics.actions import Attack
    from academy.ui.replay_model import Replay
    record = cpu_record(fog=False, days=6)
    steps = [i + 1 for i, e in enumerate(record.entries) if not e.chance and isinstance(e.action, Attack)]
    assert steps, "the CPUs never attacked"
    replay = Replay(record)
    for step in steps:
        frame = replay.frame(step)
        if not frame.events:
            action = record.entries[step - 1].action
            assert frame.text.endswith(f"attack {action.target}.") and action.at in frame.text
            assert "without visible effect" not in frame.text
            break
    else:
        pytest.fail("no attack step without events (luck on: the roll is its own step)")
