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
    assert cli.main(["serve", "--port", "5999", "--db", url]) == 0
    assert os.environ["ACADEMY_DB"] == url
