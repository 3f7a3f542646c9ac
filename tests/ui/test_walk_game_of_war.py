"""Issue 14, item 1: a newcomer's walk through the Game of War, by clicks only, in headless Chromium.

Home → the Game of War card's "Rules" link → the Rules tab → the Lessons tab (a click) → every lesson
opened from the list by a click, its first exercise solved by taps on the board (and the Attack
button), the "Solved!" feedback read on the page, back to the list → the Play tab (a click) → a game
against the easy CPU started by the page's own form, a few turns played by taps on the board and the
page's buttons → the game driven to its end through the session methods the board and the buttons call
(``click``, ``attack``, ``end_turn``, on the server's session, on its event loop) → the result read on the
page. The walk fails on any console error, uncaught exception or failed request (after every lesson and
at the end) and on any error the server logs (the ``serve`` fixture).

Which action to take comes from the lesson files' ``solution:`` lines (in the lessons) and from the
engine's "normal" CPU playing North's side (in the game): the test only chooses, the page acts.
"""
from __future__ import annotations

import os
import threading
import time
from typing import Any

import pytest

from academy.games.game_of_war.actions import Attack, EndTurn, Move, Retreat
from academy.games.game_of_war.bots import make_bot
from academy.lessons import Attempt
from academy.ui.lessons_page import game_lessons
from academy.ui.session_loop import in_session
from academy.ui.shell import build_page, current_query
from tests.ui.browser import CLICK_GAP, first_solved_mark, walked
from tests.ui.test_browser_game_of_war import BOARD, turn_of

pytestmark = pytest.mark.ui   # in make test (CI): the safety net of issue 14; make test-all walks every lesson

SHOTS = "/tmp/walk-game_of_war"

# JS: the Game of War board the person sees. Once the Play tab is open the page holds two boards of the
# same name (the Lessons tab's, hidden, and the Play tab's), so look for the one whose canvas is laid out
# and visible. ``what`` "pixels": data (x, y) → page pixels; else the columns of the data source named
# ``what`` among that board's renderers (null when no board is visible).
_VISIBLE_BOARD = """
([board, what, x, y]) => {
  const out = [];
  const walk = (views) => {
    for (const v of views) {
      if (v.model && v.model.name === board && v.frame) out.push(v);
      walk(v.child_views ? [...v.child_views] : []);
    }
  };
  walk([...window.Bokeh.index]);
  const view = out.find(v => {
    const r = v.canvas_view.el.getBoundingClientRect();
    return r.width > 10 && r.height > 10 && v.frame.bbox.width > 10 && v.canvas_view.el.checkVisibility();
  });
  if (!view) return null;
  if (what === 'pixels') {
    const rect = view.canvas_view.el.getBoundingClientRect();
    return [rect.left + view.frame.x_scale.compute(x), rect.top + view.frame.y_scale.compute(y)];
  }
  const r = view.model.renderers.find(r => r.data_source && r.data_source.name === what);
  if (!r) return null;
  const data = {};
  const src = r.data_source.data;
  for (const [k, v] of (src instanceof Map ? src.entries() : Object.entries(src))) data[k] = Array.from(v);
  return data;
}
"""


def shown_text(page, selector: str) -> str:
    """The text of the *visible* elements matching ``selector`` (not a hidden tab's: the Lessons tab's
    status under the Play tab's)."""
    return page.text(selector, shown=True)


def wait_shown(page, selector: str, text: str, timeout: float = 20) -> str:
    """Wait until the visible ``selector`` shows ``text``; returns its text."""
    deadline, seen = time.monotonic() + timeout, ""
    while time.monotonic() < deadline:
        seen = shown_text(page, selector)
        if text in seen:
            return seen
        page.page.wait_for_timeout(40)
    raise AssertionError(f"{selector!r} never showed {text!r}; last seen: {seen[:300]!r}")


def wait_for(condition, page, seconds: float = 20, what: str = "the page") -> Any:
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        page.page.wait_for_timeout(40)


def board_source(page, name: str) -> dict | None:
    return page.page.evaluate(_VISIBLE_BOARD, [BOARD, name, 0, 0])


def units_shown(page) -> dict[str, tuple[int, int]]:
    """{unit id: square} as the visible board draws them."""
    units = wait_for(lambda: board_source(page, "gow-units"), page, what="the board's units")
    return {u: (int(x), int(y)) for u, x, y in zip(units["id"], units["x"], units["y"])}


def selected_shown(page) -> tuple[int, int] | None:
    sel = board_source(page, "gow-selected") or {"x": []}
    return (int(sel["x"][0]), int(sel["y"][0])) if sel["x"] else None


def tap(page, square: tuple[int, int]) -> None:
    at = wait_for(lambda: page.page.evaluate(_VISIBLE_BOARD, [BOARD, "pixels", *square]), page,
                  what="the board to be laid out")
    page.page.mouse.click(*at)
    time.sleep(CLICK_GAP)               # a second tap within 300 ms would be a double tap


def no_errors(page, where: str) -> None:
    assert not page.errors, f"console errors {where}: {page.errors[:5]}"


def click_tab(page, tab: str) -> None:
    page.page.locator(".game-tabs .bk-tab", has_text=tab.capitalize()).first.click()


def select_by_tap(page, unit: str, at: tuple[int, int]) -> None:
    """Tap ``unit`` unless the page already shows it selected (a tap on the selected unit drops it)."""
    if selected_shown(page) != at:
        tap(page, at)
        wait_for(lambda: selected_shown(page) == at, page, what=f"{unit} to be shown selected")


# --- the lessons ------------------------------------------------------------------------------------------
def solve_first_exercise(page, lesson: Any, use_button: bool) -> None:
    """Open ``lesson`` from the list by a click and solve its first exercise by taps on the board."""
    exercise = lesson.exercises[0]
    page.page.locator(f".open-{lesson.id} button").click()
    page.wait_text(".lesson-title", lesson.title)
    page.wait_text(".exercise-prompt", f"Exercise 1 of {len(lesson.exercises)}")
    page.wait_text(".exercise-prompt", exercise.prompt[:60])
    assert "Solved" not in page.text(".lesson-feedback"), "the previous exercise's feedback is still shown"
    mine = Attempt(lesson, exercise)         # follows the exercise here, to know where each unit stands
    start = {u.id: tuple(u.at) for u in mine.state.position.units}
    wait_for(lambda: units_shown(page) == start, page, what=f"the board of {lesson.id!r} (text and board differ)")
    for text in exercise.solution:
        action = mine.state.game.parse_action(text, mine.state)
        pos = mine.state.position
        match action:
            case Move(unit, to):
                select_by_tap(page, unit, tuple(pos.unit(unit).at))
                tap(page, tuple(to))
                wait_for(lambda: units_shown(page).get(unit) == tuple(to), page, what=f"{text} on the board")
            case Attack(unit, target):
                select_by_tap(page, unit, tuple(pos.unit(unit).at))
                tap(page, tuple(pos.unit(target).at))          # aim: the preview shows the totals
                page.wait_text(".gow-preview", f"Attack preview: {unit} on {target}")
                if use_button:
                    page.page.locator(".lesson-side .attack button").click()
                else:
                    tap(page, tuple(pos.unit(target).at))      # a second tap attacks
            case _:
                raise AssertionError(f"no way to tap {text!r} in {lesson.id}")
        fb = mine.act(action)
        assert fb.status != "illegal", fb.message
    assert mine.solved, f"the solution of {lesson.id} does not solve it here"
    feedback = page.wait_text(".lesson-feedback", "Solved!")
    assert " ".join(exercise.success.split())[:40] in feedback, feedback
    page.wait_text(".exercise-tab", "Exercise 1 ✓")
    no_errors(page, f"after lesson {lesson.id!r}")
    page.page.locator(".lessons-back button").click()
    page.wait_text(".lesson-list", f"{lesson.title} · {first_solved_mark(lesson)}")


# --- the game ---------------------------------------------------------------------------------------------
def play_by_taps(page, session: Any, action: Any) -> None:
    """Do North's ``action`` on the page: taps on the board, the Attack and End turn buttons."""
    pos = session.state.position
    status = shown_text(page, ".gow-status")
    match action:
        case Move(unit, to) | Retreat(unit, to):
            select_by_tap(page, unit, tuple(pos.unit(unit).at))
            tap(page, tuple(to))
            wait_for(lambda: units_shown(page).get(unit) == tuple(to), page, what=f"{unit} on {to}")
        case Attack(unit, target):
            select_by_tap(page, unit, tuple(pos.unit(unit).at))
            tap(page, tuple(pos.unit(target).at))
            wait_shown(page, ".combat-preview", f"Attack preview: {unit} on {target}")
            page.page.locator(".side-panel .attack button").click()
            wait_for(lambda: shown_text(page, ".gow-status") != status, page, what="the attack to end the turn")
        case EndTurn():
            page.page.locator(".side-panel .end-turn button").click()
            wait_for(lambda: shown_text(page, ".gow-status") != status, page, what="End turn")
        case _:
            raise AssertionError(f"no way to tap {action!r}")


def by_the_buttons(session: Any, action: Any) -> None:
    """Do ``action`` through the methods the board's taps and the buttons call (on the session's loop)."""
    pos = session.state.position
    if isinstance(action, (Move, Retreat, Attack)) and session.selected != action.unit:
        session.click(pos.unit(action.unit).at)                 # a tap on the unit
    if isinstance(action, (Move, Retreat)):
        session.click(action.to)                                # a tap on the square
    elif isinstance(action, Attack):
        session.click(pos.unit(action.target).at)               # a tap on the enemy: aim
        assert session.target == action.target, session.message
        session.attack()                                        # the Attack button
    elif isinstance(action, EndTurn):
        session.end_turn()                                      # the End turn button
    else:
        raise AssertionError(f"no button for {action!r}")


def on_loop(doc: Any, fn) -> Any:
    """Run ``fn()`` on the served session's event loop (as a click's handler runs); returns its result."""
    done, out = threading.Event(), {}

    def run() -> None:
        try:
            out["value"] = fn()
        except BaseException as exc:  # noqa: BLE001 - handed to the test thread
            out["error"] = exc
        finally:
            done.set()

    in_session(doc, run)
    assert done.wait(30), "the session's loop did not run the callback"
    if "error" in out:
        raise out["error"]
    return out.get("value")


def test_a_newcomer_walks_through_the_game_of_war(serve, open_page, monkeypatch):
    import panel as pn
    from academy.ui.game_of_war import play as play_module

    os.makedirs(SHOTS, exist_ok=True)
    plays: list[tuple[Any, Any]] = []          # (document, Play page) of each Play tab the server built

    class KeptPlayPage(play_module.GameOfWarPlayPage):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            plays.append((pn.state.curdoc, self))

    monkeypatch.setattr(play_module, "GameOfWarPlayPage", KeptPlayPage)   # the shell builds the tab with it
    url = serve(lambda: build_page(current_query()))
    page = open_page(height=1200)
    start = time.monotonic()
    # Home → the card's Rules link → the Rules tab
    page.open(url, board=None)
    page.wait_text(".game-cards", "Game of War")
    page.page.locator('.game-card[data-game="game_of_war"] a', has_text="Rules").click()
    page.page.locator(".tab-rules .rules-page").first.wait_for(state="visible", timeout=30000)
    assert "tab=rules" in page.page.url
    # the Lessons tab by a click, then every lesson's first exercise
    click_tab(page, "lessons")
    lessons, problems = game_lessons("game_of_war")
    assert not problems and len(lessons) >= 9
    page.wait_text(".lesson-list", lessons[-1].title, timeout=30)
    for n, lesson in walked(lessons, 0):
        solve_first_exercise(page, lesson, use_button=n % 3 == 2)
    lessons_done = time.monotonic()
    # the Play tab by a click; a game against the easy CPU by the form
    click_tab(page, "play")
    page.page.locator(".tab-play .new-game-form").first.wait_for(state="visible", timeout=30000)
    page.page.locator(".level-choice select").select_option(label="Easy")
    page.page.locator(".side-choice select").select_option(label="North")
    page.page.locator(".start-game button").click()
    status = wait_shown(page, ".gow-status", "North to play", timeout=30)   # the CPU plays first if drawn
    assert len(plays) == 1, plays
    doc, play = plays[0]
    session = play.session
    assert session.seats == ["human", "easy"]
    north = make_bot("normal", 7)
    first_turn, turns = turn_of(status), 0
    while turns < 3:                         # a few of North's turns by taps and buttons
        action = north.choose(session.state.clone())
        play_by_taps(page, session, action)
        if isinstance(action, (Attack, EndTurn)):
            turns += 1
            status = wait_shown(page, ".gow-status", "North to play", timeout=60)
            if "wins" in status or "Draw" in status:
                break
    status = shown_text(page, ".gow-status")
    assert "over" in status or turn_of(status) >= first_turn + 6, status
    assert "South ends its turn" in shown_text(page, ".last-events") or "South attacks" in shown_text(page, ".last-events")
    page.page.screenshot(path=f"{SHOTS}/played.png")
    no_errors(page, "after the turns played by taps")
    # the rest of the game through the methods the taps and buttons call
    on_loop(doc, lambda: setattr(session, "cpu_delay", 0.0))   # the CPU's pause between its moves
    deadline = time.monotonic() + 150
    def play_north() -> tuple[str, Any]:
        """North's next action, chosen and played in one turn of the session's loop (the CPU cannot move
        in between); ("over", None) at the end, ("wait", None) while the CPU plays South."""
        if session.state.is_terminal():
            return "over", None
        if session.thinking or session.cpu_to_move:
            return "wait", None
        action, before = north.choose(session.state.clone()), len(session.state.record)
        by_the_buttons(session, action)
        assert len(session.state.record) > before, f"{action!r} was not played: {session.message}"
        return "played", action

    while True:
        outcome, _ = on_loop(doc, play_north)
        if outcome == "over":
            break
        assert time.monotonic() < deadline, f"no end by turn {session.state.turn}"
        if outcome == "wait":
            time.sleep(0.05)
    end = wait_shown(page, ".gow-status", "The game is over", timeout=30)
    assert ("North wins" in end or "South (CPU easy) wins" in end or "Draw" in end), end
    events = shown_text(page, ".last-events")
    assert "wins:" in events or "drawn" in events, events
    page.page.screenshot(path=f"{SHOTS}/end.png")
    no_errors(page, "at the end of the game")
    print(f"walk: lessons {lessons_done - start:.1f} s, whole walk {time.monotonic() - start:.1f} s")
