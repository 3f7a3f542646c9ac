"""`academy serve` and `panel serve app.py` start and answer (subprocesses, no browser)."""
from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url: str, proc: subprocess.Popen, seconds: float = 60) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"server exited early: {proc.stdout.read() if proc.stdout else ''}")
        try:
            with urllib.request.urlopen(url, timeout=5) as r:
                return r.read().decode()
        except OSError:
            time.sleep(0.3)
    raise AssertionError(f"{url} did not answer in {seconds} s")


@pytest.mark.parametrize("how", ["academy", "panel"])
def test_server_starts_and_serves_the_home_page(how):
    port = free_port()
    if how == "academy":
        cmd = [sys.executable, "-m", "academy.cli", "serve", "--port", str(port)]
        url = f"http://127.0.0.1:{port}/"
    else:
        cmd = [sys.executable, "-m", "panel", "serve", "app.py", "--port", str(port)]
        url = f"http://127.0.0.1:{port}/app"
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        page = wait_for(url, proc)
        assert "<title>Academy</title>" in page
    finally:
        proc.terminate()
        proc.communicate(timeout=20)


def test_serve_db_option_sets_the_games_database(tmp_path, monkeypatch):
    """`academy serve --db URL` chooses the games database (read by the store through ACADEMY_DB)."""
    import os

    from academy import cli

    monkeypatch.delenv("ACADEMY_DB", raising=False)
    monkeypatch.setattr("panel.serve", lambda *a, **k: None)
    monkeypatch.setattr(cli, "warm_up", lambda: None)
    monkeypatch.setattr("academy.ui.shell.setup_extensions", lambda: None)
    url = f"sqlite:///{tmp_path}/games.db"
    try:
        assert cli.main(["serve", "--port", "5999", "--db", url]) == 0
        assert os.environ["ACADEMY_DB"] == url
    finally:
        from academy.ui.live_session import close_shared_hubs
        close_shared_hubs()


def test_a_database_that_cannot_be_opened_is_said_clearly_and_the_app_still_works(monkeypatch, capsys, caplog):
    """Issue 3, bad input: the server starts with a warning; the Games and game pages explain; lessons work."""
    from academy import cli
    from academy.ui.shell import build_page

    monkeypatch.setattr("panel.serve", lambda *a, **k: None)
    monkeypatch.setattr(cli, "warm_up", lambda: None)
    monkeypatch.setattr("academy.ui.shell.setup_extensions", lambda: None)
    url = "sqlite:////proc/no-such-folder/games.db"
    assert cli.main(["serve", "--port", "5999", "--db", url]) == 0
    warning = capsys.readouterr().err
    assert "shared games are unavailable" in warning and "unable to open database file" in warning
    import panel as pn

    from academy.ui.dashboard import shared_game_page
    from academy.ui.shell import store_page
    games = build_page({"page": "games"}).main[0]
    match = store_page(lambda: shared_game_page("1", "some-token"))
    for page in (games, match):
        alert = page.select(pn.pane.Alert)[0]
        assert "Shared games are unavailable" in alert.object and "unable to open database file" in alert.object
        assert "--db" in alert.object
    assert any("cannot use it" in r.getMessage() for r in caplog.records)
    lessons = build_page({"game": "conquest", "tab": "lessons"})
    assert lessons is not None


def test_serve_states_the_websocket_message_limit(tmp_path, monkeypatch):
    """issue 13, item 7: `academy serve` sets the websocket's message limit from the file limit (a file at
    the 2 MB limit fits; larger ones are refused in the browser before sending)."""
    from academy import cli
    from academy.core.visitor_json import MAX_FILE_BYTES, WEBSOCKET_MAX_MESSAGE_BYTES

    seen: dict = {}
    monkeypatch.setenv("ACADEMY_DB", f"sqlite:///{tmp_path}/games.db")
    monkeypatch.setattr("panel.serve", lambda *a, **k: seen.update(k))
    monkeypatch.setattr(cli, "warm_up", lambda: None)
    monkeypatch.setattr("academy.ui.shell.setup_extensions", lambda: None)
    try:
        assert cli.main(["serve", "--port", "5999"]) == 0
    finally:
        from academy.ui.live_session import close_shared_hubs
        close_shared_hubs()
    assert seen["websocket_max_message_size"] == WEBSOCKET_MAX_MESSAGE_BYTES == 8 * MAX_FILE_BYTES


def test_warm_up_draws_every_games_play_board_before_the_first_visitor():
    """Issue 14: Tactics' Play tab stayed blank about 2.5 s after its first click: its board was drawn for the
    first time then. ``academy serve`` warms up each game's lesson and play pages at start, so a Play tab
    opened afterwards draws no board from scratch (each is a copy of one drawn at start)."""
    from academy import cli
    from academy.ui.board_kit import board
    from academy.ui.registry import UI, part
    cli.warm_up()
    drawn = len(board._PROTOTYPES)
    for game in UI:
        part(game, "play")()
    assert len(board._PROTOTYPES) == drawn


def test_warm_up_leaves_a_spare_board_of_each_kind_and_moves_its_objects_out_of_the_collectors_way():
    """Issue 14: the first visitor's page waited for a copy of the board's prototype and for the garbage
    collector's first full sweep of everything start-up made (about 0.3 s); both now happen at start."""
    import gc

    from academy import cli
    from academy.ui import page_idle
    from academy.ui.board_kit import board

    page_idle.apply()                       # as academy serve does before it warms up (setup_extensions)
    board._PROTOTYPES.clear()
    board._SPARES.clear()
    try:
        cli.warm_up()
        assert gc.get_freeze_count() > 0
        assert set(board._SPARES) == set(board._PROTOTYPES)
    finally:
        gc.unfreeze()
