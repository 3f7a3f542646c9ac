"""Guessing class codes in headless Chromium (issue 13, item 9): a tab that types wrong codes is held up
after a few and told when to try again; a new tab from the same address (a reload, another tab) is held
up by the address's own count. This checks the real server's page session and request address."""
from __future__ import annotations

import pytest

import academy.ui.classroom as classroom_ui
from academy.core.attempt_limit import AttemptLimiter
from academy.ui.live_session import close_shared_hubs, shared_hub
from academy.ui.shell import build_page, current_query

pytestmark = pytest.mark.ui


@pytest.fixture
def hub(tmp_path, monkeypatch):
    monkeypatch.setenv("ACADEMY_DB", f"sqlite:///{tmp_path}/class.db")
    monkeypatch.setenv("ACADEMY_DATA", str(tmp_path / "data"))
    # fresh limits for this test: 5 wrong codes per tab, 6 per address (the server's are 5 and 30)
    monkeypatch.setattr(classroom_ui, "_JOIN_LIMITS",
                        classroom_ui.JoinLimits(AttemptLimiter(free=5), AttemptLimiter(free=6)))
    yield shared_hub()
    close_shared_hubs()


def fill(page, selector: str, text: str) -> None:
    box = page.page.locator(f"{selector} input")
    box.fill(text)
    box.press("Tab")                     # Panel sends a text input's value when it loses focus


def try_code(page, code: str, expect: str) -> None:
    fill(page, ".class-code-input", code)
    page.page.locator(".class-join button").click()
    page.wait_text(".class-join-message", expect)


def test_wrong_codes_are_limited_per_tab_and_per_address(serve, open_page, hub):
    """issue 13, item 9."""
    url = serve(lambda: build_page(current_query()))
    tab = open_page()
    tab.open(url + "?page=class", board=None)
    fill(tab, ".class-name-input", "Eve")
    for code in ("ZZZZZA", "ZZZZZB", "ZZZZZC", "ZZZZZD", "ZZZZZE"):
        try_code(tab, code, f"No class has the code {code}")
        assert "Too many" not in tab.text(".class-join-message")
    try_code(tab, "ZZZZZF", "Too many wrong codes: try again in 10 seconds.")
    try_code(tab, "ZZZZZG", "Too many wrong codes: try again in")      # not tried while held up
    assert "ZZZZZG" not in tab.text(".class-join-message")

    other = open_page()                  # another tab (a new page session) from the same address
    other.open(url + "?page=class", board=None)
    fill(other, ".class-name-input", "Eve")
    try_code(other, "ZZZZZH", "Too many wrong codes: try again in 10 seconds.")
