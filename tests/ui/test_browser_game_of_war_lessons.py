"""A Game of War lesson in headless Chromium: open it from the Lessons tab, play the exercise by taps on
the board (two moves, then aim and attack), and read the engine's verdict."""
from __future__ import annotations

import pytest

from academy.lessons import load_lessons
from academy.ui.shell import build_page, current_query
from tests.ui.test_browser_game_of_war import BOARD, click_square

pytestmark = pytest.mark.ui


def test_solve_the_turn_exercise_by_tapping(serve, open_page, tmp_path):
    url = serve(lambda: build_page(current_query()))
    page = open_page(height=1200)
    page.open(url + "?game=game_of_war&tab=lessons&lesson=turn", board=None)
    page.wait_board(BOARD)
    turn = next(lesson for lesson in load_lessons("game_of_war")[0] if lesson.id == "turn")
    page.wait_text(".exercise-prompt", f"Exercise 1 of {len(turn.exercises)}")
    click_square(page, 5, 5)                  # N-I1 on f6
    click_square(page, 5, 6)                  # to f7
    page.wait_text(".gow-status", "Moves left: 4 of 5")
    click_square(page, 7, 5)                  # N-I2 on h6
    click_square(page, 7, 6)                  # to h7
    page.wait_text(".gow-status", "Moves left: 3 of 5")
    click_square(page, 5, 6)                  # N-I1 again: it may still attack
    click_square(page, 5, 8)                  # aim at S-I1 on f9: the preview
    page.wait_text(".gow-preview", "Attack")
    click_square(page, 5, 8)                  # a second tap attacks
    page.wait_text(".lesson-feedback", "Solved!")
    page.page.screenshot(path=str(tmp_path / "gow-lesson.png"))


def test_on_a_phone_a_closer_view_of_the_board_is_played_by_taps(serve, open_page, tmp_path):
    """Issue 14, item 7: at a phone's 390 px the 25 columns leave squares of about 13 px. The board offers its
    corners closer up; a click on "↖ NW" shows columns a..o larger, and taps there still move the units."""
    url = serve(lambda: build_page(current_query()))
    page = open_page(has_touch=True, width=390, height=844)
    page.open(url + "?game=game_of_war&tab=lessons&lesson=turn", board=None)
    page.wait_board(BOARD)
    whole = page.to_pixels(BOARD, 6, 5)[0] - page.to_pixels(BOARD, 5, 5)[0]
    page.page.get_by_role("button", name="↖ NW").click()
    page.page.wait_for_function("() => { const f = Bokeh.documents[0].get_model_by_name('game-of-war-board');"
                                " return f.x_range.end === 14.5; }")
    closer = page.to_pixels(BOARD, 6, 5)[0] - page.to_pixels(BOARD, 5, 5)[0]
    assert whole < 16 and closer > 20, (whole, closer)
    page.page.locator(".game-of-war-board").scroll_into_view_if_needed()
    click_square(page, 5, 5)                  # N-I1 on f6
    click_square(page, 5, 6)                  # to f7
    page.wait_text(".gow-status", "Moves left: 4 of 5")
