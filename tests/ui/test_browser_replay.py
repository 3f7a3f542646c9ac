"""The replay of a finished shared Conquest game in a browser: open it from its link, step forward and see the board
change, open a planner from a step and make a move there (the stored game is unchanged), download the record; the
import page opens a record file (a bad one gets a message)."""
from __future__ import annotations

import json
import os
import time

import pytest

from academy.store.live import LiveHub
from academy.ui.live_session import close_shared_hubs, shared_hub
from academy.ui.shell import build_page, current_query

pytestmark = pytest.mark.ui

LABELS = """() => {
  for (const doc of window.Bokeh.documents) {
    const src = doc.get_model_by_name('conquest-nodes');
    if (src) return [...src.data.label];
  }
  return null;
}"""


@pytest.fixture
def finished_game(tmp_path, monkeypatch):
    """A finished game of two CPU seats, stored in the database the served pages use."""
    url = f"sqlite:///{tmp_path}/replay.db"
    with LiveHub(url, synchronous=True) as hub:
        game, _ = hub.create("conquest", {"players": 2, "setup": "random"}, 3,
                             [{"kind": "cpu", "level": "easy"}, {"kind": "cpu", "level": "easy"}])
        assert game.status == "finished"
        game_id, steps = game.game_id, game.step
    monkeypatch.setenv("ACADEMY_DB", url)
    yield game_id, steps
    close_shared_hubs()


def wait_until(fn, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not fn():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(0.05)


def test_replay_step_branch_and_download(serve, open_page, finished_game, tmp_path):
    game_id, steps = finished_game
    url = serve(lambda: build_page(current_query()))
    page = open_page(height=1900)
    page.open(f"{url}?match={game_id}&replay=1")
    page.wait_text(".replay-counter", f"Step 0 of {steps}")
    page.wait_text(".replay-head", f"Conquest game {game_id} (finished; everything)")
    start = page.page.evaluate(LABELS)
    assert start is not None

    # step forward: one entry, then turn by turn; the board changes
    page.page.locator(".rv-forward button").click()
    page.wait_text(".replay-counter", f"Step 1 of {steps}")
    for _ in range(3):
        page.page.locator(".rv-turn-forward button").click()
        time.sleep(0.2)
    # the counter names the game's own turn, as the board's banner does
    wait_until(lambda: int(page.text(".replay-counter").split()[1]) > 1 and "Turn " in page.text(".replay-counter"))
    wait_until(lambda: page.page.evaluate(LABELS) != start)
    shown = page.text(".replay-counter")
    step = int(shown.split()[1])
    assert 1 < step < steps
    page.wait_text(".step-events", "")
    assert page.text(".replay-players")

    # a planner under the replay: a move there, and the replay and the stored game stay as they were
    page.page.locator(".rv-branch button").click()
    page.wait_text(".replay-planner", f"A board of your own from step {step}")
    page.page.locator(".replay-planner .phase-banner").first.wait_for(state="visible")
    assert "The game goes on from this position." in page.text(".replay-planner")   # its log starts here
    chosen = page.page.locator(".replay-planner .action-select select").evaluate(
        "s => s.options[s.selectedIndex].text")
    assert chosen.startswith("place 1 ")                        # the first legal action: a reinforcement
    where = chosen.removeprefix("place 1 ")
    page.page.locator(".replay-planner .play-selected button").click()
    page.wait_text(".replay-planner", f"places 1 on {where}")
    assert page.text(".replay-counter").startswith(f"Step {step} of {steps}")
    assert shared_hub().store.game(game_id).num_actions == steps

    screenshot = os.environ.get("ACADEMY_REPLAY_SCREENSHOT") or str(tmp_path / "replay.png")
    page.page.locator(".replay-head").scroll_into_view_if_needed()
    page.page.screenshot(path=screenshot)

    # the record, as JSON
    with page.page.expect_download() as download:
        page.page.locator(".download-record button").click()
    saved = tmp_path / "record.json"
    download.value.save_as(saved)
    data = json.loads(saved.read_text())
    assert data["schema"] == "academy.record" and len(data["log"]) == steps and data["game"] == "conquest"


def test_import_page_opens_a_record_and_refuses_a_bad_file(serve, open_page, finished_game, tmp_path):
    game_id, steps = finished_game
    record = shared_hub().open(game_id).record_copy()
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(record.to_json()))
    bad.write_text('{"schema": "academy.record", "version": 1, "game": "chess", "log": []}')
    url = serve(lambda: build_page(current_query()))
    page = open_page()
    page.open(f"{url}?page=replay", board=None)
    page.page.locator(".import-first input").set_input_files(str(bad))
    page.wait_text(".import-message", "Unknown game 'chess'")
    page.page.locator(".import-first input").set_input_files(str(good))
    page.wait_text(".replay-counter", f"Step 0 of {steps}")
    page.wait_board()
    page.page.locator(".rv-end button").click()
    page.wait_text(".replay-counter", f"Step {steps} of {steps}")
    page.wait_text(".phase-banner", "wins")


def test_a_running_games_replay_sends_only_the_seats_own_cards(serve, open_page, tmp_path, monkeypatch):
    """Every websocket frame the seat's replay page receives, while stepping to every position: never a card of the
    other seat's hand, never the seed; the seat's own cards do arrive."""
    from academy.games.conquest.cards import symbol
    from academy.games.conquest.notation import card_name
    from tests.ui.test_replay import SEED, play_turn, start_with_cards
    url_db = f"sqlite:///{tmp_path}/running.db"
    with LiveHub(url_db, synchronous=True) as hub:
        start, _ = start_with_cards()
        game, tokens = hub.create("conquest", {"players": 2, "setup": "random"}, SEED,
                                  [{"kind": "human", "name": "Ann"}, {"kind": "cpu", "level": "normal"}], start=start)
        for _ in range(2):
            play_turn(game, tokens[0], 0)
        record, game_id = game.record_copy(), game.game_id
        assert game.status == "running"
    monkeypatch.setenv("ACADEMY_DB", url_db)
    try:
        g = record.game
        blue, red = set(), set()
        for step in range(len(record) + 1):
            truth = record.replay(upto=step)
            blue |= set(truth.hands[1])
            red |= set(truth.hands[0])
        assert blue - red and red
        chips = {c: f"{card_name(c, g)} · {symbol(c, g.card_symbols)}" for c in blue | red}
        url = serve(lambda: build_page(current_query()))
        page = open_page()
        frames: list[str] = []
        page.page.on("response", lambda r: frames.append(r.text()) if r.request.resource_type == "document" else None)
        page.page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(
            payload if isinstance(payload, str) else payload.decode("utf-8", "replace"))))
        page.open(f"{url}?match={game_id}&seat={tokens[0]}&replay=1")
        page.wait_text(".replay-head", "in progress; your own view")
        page.wait_text(".record-note-pane", "can be downloaded once the game is over")
        steps = len(record)
        assert steps < 120
        for step in range(1, steps + 1):                 # every position, one step at a time
            page.page.locator(".rv-forward button").click()
            page.wait_text(".replay-counter", f"Step {step} of {steps}")
        page.page.locator(".rv-turn-back button").click()
        page.page.locator(".rv-start button").click()
        page.wait_text(".replay-counter", f"Step 0 of {steps}")

        def got(text: str) -> bool:
            received = "".join(frames)
            return text in received or text.replace("·", "\\u00b7") in received

        assert any(got(chips[c]) for c in red), "the seat's own cards are shown"
        assert not [c for c in blue - red if got(chips[c])], "the other seat's cards reached this browser"
        assert str(SEED) not in "".join(frames)
    finally:
        close_shared_hubs()


def test_a_file_over_the_size_limit_gets_a_message_and_the_page_lives(serve, open_page, tmp_path):
    """issue 13, item 7: a 15 MB file used to close the websocket (the page died without a word); now the
    browser refuses it before sending, the page says the limit, and a good file still opens after it."""
    from academy.games import REGISTRY
    big, good = tmp_path / "huge.json", tmp_path / "good.json"
    big.write_bytes(b'{"log": [' + b" " * (15 * 1024 * 1024) + b"]}")
    state = REGISTRY["conquest"](setup="random").new_initial_state(seed=2)
    state.settle()
    good.write_text(json.dumps(state.record.to_json()))
    url = serve(lambda: build_page(current_query()))
    page = open_page()
    page.open(f"{url}?page=replay", board=None)
    page.page.locator(".import-first input").set_input_files(str(big))
    page.wait_text(".import-message", "huge.json is 15.0 MB; a record file may be at most 2 MB.")
    page.page.locator(".import-first input").set_input_files(str(good))
    page.wait_text(".replay-counter", "Step 0 of")
