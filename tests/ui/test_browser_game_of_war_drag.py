"""Issue 18, "Drag does nothing" (issue 14, item 5): in headless Chromium, a unit dragged with the mouse and
with a finger (a touch context; touches sent through the DevTools protocol, as a touch screen sends them)
onto an enemy shows the attack preview in the side panel while the pointer is held there, and attacks on
release; dragged onto a square it moves there. The page is reached by clicks: the Play tab's form, a
position pasted in its box, Start game."""
from __future__ import annotations

import pytest

from academy.ui.shell import build_page, current_query
from tests.ui.test_browser_game_of_war import BOARD, source, wait_for

pytestmark = pytest.mark.ui

# N-I1 f6 (5, 5), N-C1 e7 (4, 6) against S-I1 f8 (5, 7): 4 + 7 (charge) = 11 against 6, destroyed
POSITION = ("North to move | board: empty | North arsenals: a1 | South arsenals: f20 | North: N-I1 f6, N-C1 e7 | "
            "South: S-I1 f8, S-I2 f13")


def start(serve, open_page, has_touch: bool = False):
    url = serve(lambda: build_page(current_query()))
    page = open_page(has_touch=has_touch, height=1100)
    page.open(url + "?game=game_of_war&tab=play", board=None, timeout=60)
    page.page.locator(".start-game button").wait_for(timeout=60000)     # the page is built (a busy machine)
    page.page.locator(".position-input textarea").fill(POSITION)
    page.page.locator(".start-game button").click()
    page.wait_board(BOARD)
    page.wait_text(".gow-status", "North to play")
    wait_for(lambda: (u := source(page, "gow-units")) and "S-I1" in u["id"], page)
    return page


def at(page, square: tuple[int, int]) -> tuple[float, float]:
    point = page.to_pixels(BOARD, *square)
    assert point is not None, "board not laid out"
    return point


def units(page) -> dict[str, tuple[int, int]]:
    u = source(page, "gow-units")
    return {i: (int(x), int(y)) for i, x, y in zip(u["id"], u["x"], u["y"])}


def pointer(page) -> list[tuple[int, int]]:
    p = source(page, "gow-pointer") or {"x": [], "y": []}
    return [(int(x), int(y)) for x, y in zip(p["x"], p["y"])]


def test_a_mouse_drag_onto_an_enemy_previews_then_attacks_and_onto_a_square_moves(serve, open_page, tmp_path):
    page = start(serve, open_page)
    mouse = page.page.mouse
    mouse.move(*at(page, (4, 6)))                                  # N-C1
    mouse.down()
    mouse.move(*at(page, (4, 7)), steps=6)
    mouse.move(*at(page, (5, 7)), steps=6)                         # held over S-I1
    preview = page.wait_text(".combat-preview", "Attack 11 against defence 6")
    assert "Attack preview: N-C1 on S-I1" in preview and "destroyed" in preview and "N-C1 7 (charge: 4 + 3)" in preview
    wait_for(lambda: pointer(page) == [(5, 7)], page)               # the square under the pointer, on the board
    assert "S-I1" in units(page)                                   # nothing happened before the release
    page.page.screenshot(path=str(tmp_path / "gow-drag-preview.png"))
    mouse.up()
    events = page.wait_text(".last-events", "destroyed")
    assert "attack 11 against defence 6" in events
    wait_for(lambda: "S-I1" not in units(page) and pointer(page) == [], page)
    page.wait_text(".gow-status", "Turn 3")                        # the attack ended the turn; the CPU played South's
    mouse.move(*at(page, (5, 5)))                                  # N-I1: two squares on is too far ...
    mouse.down()
    mouse.move(*at(page, (5, 6)), steps=5)
    mouse.move(*at(page, (5, 7)), steps=5)
    page.wait_text(".game-message", "Move N-I1 to f8 refused")      # ... said while the button is held
    mouse.move(*at(page, (5, 6)), steps=5)                         # one square on: f7
    page.wait_text(".game-message", "Release on f7 to move N-I1 there")
    mouse.up()
    page.wait_text(".gow-status", "Moves left: 4 of 5")
    wait_for(lambda: units(page).get("N-I1") == (5, 6), page)
    page.page.screenshot(path=str(tmp_path / "gow-drag-moved.png"))
    assert not page.errors, page.errors[:5]


def touch(page, cdp, kind: str, point: tuple[float, float] | None = None) -> None:
    points = [] if point is None else [{"x": point[0], "y": point[1], "id": 1, "radiusX": 4, "radiusY": 4}]
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def finger(page, cdp, path: list[tuple[int, int]]) -> None:
    """Put a finger on the first square and slide it through the others (in small steps); not lifted."""
    x0, y0 = at(page, path[0])
    touch(page, cdp, "touchStart", (x0, y0))
    for square in path[1:]:
        x1, y1 = at(page, square)
        for i in range(1, 7):
            touch(page, cdp, "touchMove", (x0 + (x1 - x0) * i / 6, y0 + (y1 - y0) * i / 6))
            page.page.wait_for_timeout(15)
        x0, y0 = x1, y1


def test_a_touch_drag_attacks_with_the_preview_while_held_and_moves_a_unit(serve, open_page, tmp_path):
    page = start(serve, open_page, has_touch=True)
    cdp = page.page.context.new_cdp_session(page.page)
    finger(page, cdp, [(4, 6), (5, 7)])                            # N-C1 onto S-I1, the finger held there
    preview = page.wait_text(".combat-preview", "Attack preview: N-C1 on S-I1")
    assert "Attack 11 against defence 6" in preview and "N-C1 7 (charge: 4 + 3)" in preview, preview
    wait_for(lambda: pointer(page) == [(5, 7)], page)
    assert "S-I1" in units(page)                                   # nothing happened before the finger lifts
    page.page.screenshot(path=str(tmp_path / "gow-touch-preview.png"))
    touch(page, cdp, "touchEnd")
    page.wait_text(".last-events", "attack 11 against defence 6")
    wait_for(lambda: "S-I1" not in units(page) and pointer(page) == [], page)
    assert page.text(".combat-preview") == ""
    page.wait_text(".gow-status", "Turn 3")                        # the attack ended the turn; the CPU played South's
    finger(page, cdp, [(5, 5), (6, 6)])                            # N-I1 towards g7 (on its arsenal's diagonal)
    page.wait_text(".game-message", "Release on g7 to move N-I1 there")
    wait_for(lambda: pointer(page) == [(6, 6)], page)
    touch(page, cdp, "touchEnd")
    page.wait_text(".gow-status", "Moves left: 4 of 5")
    wait_for(lambda: units(page).get("N-I1") == (6, 6), page)
    assert not page.errors, page.errors[:5]
