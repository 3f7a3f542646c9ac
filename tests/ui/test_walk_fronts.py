"""Issue 14, item 1 (the walk, the safety net) for Fronts: what a newcomer does, by clicks only.

Home → the Fronts card's "Rules" link → the Lessons tab by a click → every lesson opened from the list by
a click, its first exercise solved on the board (stacks and provinces clicked, the split counts, the order
mode and the build row set by their widgets, Submit), the "Solved!" feedback read, the board's stack
labels compared with the lesson's position, the list's solved mark read on the way back → the Play tab by
a click → a duel against the easy CPU started by the page's own form and played for a few turns by clicks
on the board and Submit → then driven to its end through the methods the board and the Submit button call
(``click``, ``submit``, on the server's own session, on its own event loop) → the result read on the page.

The walk fails on any console error, uncaught exception or failed request (checked after every lesson
and at the end) and on any error the server logs (the ``serve`` fixture)."""
from __future__ import annotations

import os
import threading
import time
from typing import Any

import panel as pn
import pytest
from panel.io.state import set_curdoc

from academy.games.fronts.mapdata import load_map
from academy.games.fronts.orders import parse_order
from academy.ui.fronts import play as fronts_play
from academy.ui.fronts.board import SELECTED, TARGET, stack_label
from academy.ui.fronts.session import GROUND
from academy.ui.lessons_page import game_lessons
from academy.ui.shell import build_page, current_query
from academy.lessons import Attempt
from tests.ui.browser import CLICK_GAP, first_solved_mark, walked
from tests.ui.test_browser_fronts import BOARD

pytestmark = pytest.mark.ui   # in make test (CI): the safety net of issue 14; make test-all walks every lesson

SHOTS = "/tmp/walk-fronts"
PLAYED_TURNS = 3            # turns played by clicks on the Play tab before the game is driven to its end

# JS: the Bokeh view of the Fronts board shown now (the Lessons and the Play tab each have one; a hidden
# tab's is skipped).
_FIND_BOARD = """
  const find = (views) => {
    for (const v of views) {
      if (v.model && v.model.name === 'fronts-board' && v.canvas_view
          && v.canvas_view.el.getBoundingClientRect().width >= 10) return v;
      const hit = find(v.child_views ? [...v.child_views] : []);
      if (hit) return hit;
    }
    return null;
  };
  const view = find([...window.Bokeh.index]);
"""
# JS: that board's data, read from its Bokeh sources (named by the board): each stack label with its
# province and owner, and each province's ring (selected: black, a target: orange).
_BOARD_DATA = "() => {" + _FIND_BOARD + """
  if (!view) return null;
  const out = {stacks: [], rings: {}};
  for (const r of view.model.renderers) {
    const src = r.data_source;
    if (!src) continue;
    if (src.name === 'fronts-stacks') {
      src.data.label.forEach((l, i) => out.stacks.push([src.data.province[i], src.data.owner[i], String(l)]));
    } else if (src.name === 'fronts-halos') {
      src.data.id.forEach((p, i) => { if (src.data.line_alpha[i] > 0) out.rings[p] = src.data.line_color[i]; });
    }
  }
  return out;
}"""
_SCROLL_TO_BOARD = "() => {" + _FIND_BOARD + "if (view) view.canvas_view.el.scrollIntoView({block: 'center'}); }"


# --- the page --------------------------------------------------------------------------------------
def board_data(page) -> dict[str, Any]:
    data = page.page.evaluate(_BOARD_DATA)
    assert data is not None, "no Fronts board is shown"
    return data


def board_point(page, map_id: str, province: str) -> tuple[float, float]:
    point = page.to_pixels(BOARD, *load_map(map_id).provinces[province].at)
    assert point is not None, "the board is not laid out"
    return point


def click_board(page, map_id: str, province: str) -> None:
    """Click ``province`` on the board shown, scrolling the board into view first when the province is
    off the screen (as a person scrolls to what they want to click)."""
    x, y = board_point(page, map_id, province)
    if not 60 < y < page.page.viewport_size["height"] - 10:       # under the header, or below the screen
        page.page.evaluate(_SCROLL_TO_BOARD)
        x, y = board_point(page, map_id, province)
    page.page.mouse.click(x, y)
    time.sleep(CLICK_GAP)              # a second tap within 300 ms would be a double tap


def wait_ring(page, province: str, colour: str, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while board_data(page)["rings"].get(province) != colour:
        if time.monotonic() > deadline:
            page.page.screenshot(path=os.path.join(SHOTS, "no-ring.png"))
            raise AssertionError(f"{province} never got the ring {colour} on the board; the page says "
                                 f"{page.text('.game-message', shown=True)!r}, rings {board_data(page)['rings']}")
        page.page.wait_for_timeout(30)


def shown(page, selector: str) -> Any:
    """The widget matching ``selector`` that is shown now (each tab has its own orders panel)."""
    return page.page.locator(selector).filter(visible=True).first


def click_tab(page, tab: str) -> None:
    page.page.locator(".game-tabs .bk-tab", has_text=tab).first.click()


def no_errors(page, where: str) -> None:
    assert not page.errors, f"console errors ({where}): {page.errors[:5]}"


# --- the lessons -----------------------------------------------------------------------------------
def expected_stacks(attempt: Attempt) -> list[list[str]]:
    """The stack labels the board should draw for the exercise's start (the learner's observation)."""
    obs = attempt.state.observation(attempt.learner)
    return sorted([pid, e["owner"], stack_label(e)] for pid, entries in obs["stacks"].items() for e in entries)


def write_by_clicks(page, map_id: str, text: str) -> None:
    """Write the order ``text`` the way a person does: the stack, the split or the mode, the target."""
    fmap = load_map(map_id)
    o = parse_order(text, fmap)
    name = fmap.name_of(o.source)
    if o.kind == "build":
        (kind, n), = o.units
        shown(page, ".build-city select").select_option(name)
        shown(page, ".build-kind select").select_option(kind)
        count = shown(page, ".build-count input")
        count.fill(str(n))
        count.press("Enter")
        shown(page, ".add-build button").click()
        page.wait_text(".orders-list", f"build {n} {kind} {name}", shown=True)
        return
    click_board(page, map_id, o.source)
    wait_ring(page, o.source, SELECTED)
    page.wait_text(".selection", f"Stack in {name}", shown=True)
    if o.kind in ("support", "strike", "scout"):
        mode = page.page.locator(".order-mode button", has_text=o.kind).filter(visible=True)
        if mode.count():                            # a stack with one mode has no mode buttons
            mode.first.click()
            # the mode's own hint says the server took the choice (a tap sent before would go first)
            page.wait_text(".game-message", {"support": "to support the battle there", "strike": "to strike the "
                                             "battle there", "scout": "to scout it"}[o.kind], shown=True)
    elif o.units:                                   # "all X -> Y" moves every ground unit: the default
        wanted, moving = dict(o.units), []
        for kind in GROUND:
            box = page.page.locator(f".split-{kind} input").filter(visible=True)
            if not box.count():
                continue
            n = wanted.get(kind, 0)
            if n is None:                           # "armor X -> Y": every armor, the box's default
                n = int(box.first.input_value())
            else:
                box.first.fill(str(n))
                box.first.press("Enter")
            moving += [f"{n} {kind}"] if n else []
        # the selection says what will move once the page has taken the counts (a tap sent before goes first)
        page.wait_text(".selection", f"Moves: {' '.join(moving)}", shown=True)
    wait_ring(page, o.target, TARGET)
    click_board(page, map_id, o.target)
    page.wait_text(".game-message", "Order written", shown=True)


def solve_first_exercise(page, lesson) -> None:
    exercise = lesson.exercises[0]
    attempt = Attempt(lesson, exercise)
    map_id = attempt.state.game.map.id
    page.wait_board(BOARD)
    n = len(lesson.exercises)
    page.wait_text(".exercise-prompt", f"Exercise 1 of {n}:", shown=True)
    prompt = " ".join(exercise.prompt.split())
    assert prompt[:40] in page.text(".exercise-prompt", shown=True), "the exercise text is not this exercise's"
    # a new lesson starts clean: no orders, no selection, an empty order box
    page.wait_text(".orders-list", "No orders yet", shown=True)
    page.wait_text(".selection", "Click one of your stacks", shown=True)
    assert shown(page, ".type-order input").input_value() == "", "the order box kept old text"
    # the board shows the lesson's position (waits: the board patches after the lesson opens)
    want = expected_stacks(attempt)
    deadline = time.monotonic() + 10
    while sorted(board_data(page)["stacks"]) != want:
        assert time.monotonic() < deadline, (f"{lesson.id}: the board shows {sorted(board_data(page)['stacks'])}, "
                                             f"the lesson's position is {want}")
        page.page.wait_for_timeout(50)
    for line in exercise.solution:
        for text in line.split(";"):
            write_by_clicks(page, map_id, text.strip())
    shown(page, ".submit-orders button").click()
    page.wait_text(".lesson-feedback", "Solved!", timeout=30, shown=True)


def walk_the_lessons(page) -> None:
    lessons, errors = game_lessons("fronts")
    assert not errors
    for i, lesson in walked(lessons, 0):
        began = time.monotonic()
        page.wait_text(".lesson-list", lesson.title, shown=True)
        page.page.locator(f".open-{lesson.id} button").click()
        solve_first_exercise(page, lesson)
        no_errors(page, f"lesson {lesson.id}")
        shown(page, ".lessons-back button").click()
        marks = page.wait_text(".lesson-list", "Short lessons", shown=True)
        row = marks.split(f"{i + 1}. {lesson.title}")[1][:40]
        assert first_solved_mark(lesson) in row, f"the list does not show {lesson.id} solved: {row!r}"
        print(f"lesson {lesson.id}: {time.monotonic() - began:.1f} s")
    page.page.screenshot(path=os.path.join(SHOTS, "lessons-list.png"))


# --- the game --------------------------------------------------------------------------------------
def play_a_turn_by_clicks(page, turn: int) -> None:
    """Click one of Red's stacks, then one of the provinces the board rings, then Submit."""
    page.wait_text(".fronts-banner", f"turn {turn}", shown=True)
    data = board_data(page)
    mine = sorted({p for p, owner, _ in data["stacks"] if owner == "red"})
    assert mine, "Red has no stack on the board"
    source = mine[turn % len(mine)]
    click_board(page, "duel", source)
    wait_ring(page, source, SELECTED)
    targets = sorted(p for p, c in board_data(page)["rings"].items() if c == TARGET)
    assert targets, f"no province is ringed as a target of the stack in {source}"
    target = targets[turn % len(targets)]
    click_board(page, "duel", target)
    page.wait_text(".game-message", "Order written", shown=True)
    written = page.text(".game-message", shown=True).split("Order written: ")[1].split(".")[0]
    page.wait_text(".orders-list", written, shown=True)
    shown(page, ".submit-orders button").click()
    page.wait_text(".game-message", f"Turn {turn} resolved", timeout=30, shown=True)
    page.wait_text(".fronts-banner", f"turn {turn + 1}", shown=True)


def on_server(doc: Any, fn: Any, timeout: float = 60) -> Any:
    """Run ``fn()`` on the served document's own loop, holding its lock, as a button's handler runs."""
    done, box = threading.Event(), {}

    def run() -> None:
        try:
            with set_curdoc(doc):
                box["value"] = fn()
        except BaseException as exc:       # noqa: BLE001 - handed back to the test
            box["error"] = exc
        finally:
            done.set()

    doc.add_next_tick_callback(run)
    assert done.wait(timeout), "the server did not run the call"
    if "error" in box:
        raise box["error"]
    return box.get("value")


def drive_to_the_end(doc: Any, session: Any) -> str:
    """Each turn: every Red stack moves to the first province the board would ring for it (``click``, as
    a tap does), then ``submit`` (as the Submit button does); until the game is over."""
    def one_turn() -> str | None:
        if session.obs.get("result"):
            return session.obs["result"]["text"]
        for pid in sorted(session.obs["stacks"]):
            if session.my_stack(pid):
                session.click(pid)
                if session.targets:
                    session.click(session.targets[0])
                elif session.selected:
                    session.click(pid)
        assert session.submit(), session.message
        return None

    thought: list[bool] = []
    session.param.watch(lambda e: thought.append(e.new), "thinking")
    for _ in range(60):
        result = on_server(doc, one_turn)
        if result:
            assert True in thought, "the CPU's orders were never written off the event loop (issue 14, item 3)"
            return result
        deadline = time.monotonic() + 60          # the CPU writes its orders on a thread, then the turn resolves
        while session.thinking:
            assert time.monotonic() < deadline, f"the CPU is still thinking: {session.message}"
            time.sleep(0.02)
    raise AssertionError(f"the game did not end; {session.message}")


def test_walk_fronts(serve, open_page, monkeypatch, tmp_path):
    """Issue 14, item 1: the newcomer's walk through Fronts by clicks (see the module docstring)."""
    os.makedirs(SHOTS, exist_ok=True)
    monkeypatch.setenv("ACADEMY_DATA", str(tmp_path / "data"))
    pages: list[tuple[Any, Any]] = []           # (document, play page) built by the server

    class Recorded(fronts_play.FrontsPlayPage):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            pages.append((pn.state.curdoc, self))

    monkeypatch.setattr(fronts_play, "FrontsPlayPage", Recorded)
    url = serve(lambda: build_page(current_query()))
    page = open_page(height=1300)
    start = time.monotonic()

    page.open(url, board=None)
    page.wait_text(".game-cards", "Fronts", shown=True)
    page.page.locator('.game-card[data-game="fronts"] a', has_text="Rules").click()
    page.page.locator(".tab-rules .rules-page").first.wait_for(state="visible", timeout=30000)
    no_errors(page, "Rules tab")

    click_tab(page, "Lessons")
    page.wait_text(".lesson-list", "Fronts lessons", timeout=30, shown=True)
    walk_the_lessons(page)
    no_errors(page, "after the lessons")
    lessons_done = time.monotonic()

    click_tab(page, "Play")
    page.page.locator(".tab-play .fronts-play").first.wait_for(state="visible", timeout=30000)
    page.page.locator(".level-choice button", has_text="Easy").click()
    page.page.locator(".start-game button").click()
    page.wait_board(BOARD)
    page.wait_text(".game-message", "the easy CPU plays Blue", shown=True)
    for turn in range(1, PLAYED_TURNS + 1):
        play_a_turn_by_clicks(page, turn)
        no_errors(page, f"play, turn {turn}")
    report = page.wait_text(".battle-reports", f"Turn {PLAYED_TURNS}", shown=True)
    assert "Turn 1" in report

    play_submit = page.page.locator(".tab-play .submit-orders button").filter(visible=True)
    assert play_submit.count() == 1, "the Play tab shows no Submit button"
    assert len(pages) == 1, f"expected one Play page on the server, found {len(pages)}"
    doc, play_page = pages[0]
    result = drive_to_the_end(doc, play_page.session)
    banner = page.wait_text(".fronts-banner", "Game over:", timeout=30, shown=True)
    assert result in banner
    page.wait_text(".game-message", "The game is over", shown=True)
    assert not play_submit.count(), "Submit is still offered after the game is over"
    page.page.screenshot(path=os.path.join(SHOTS, "end.png"))
    no_errors(page, "the end of the game")
    print(f"walk: lessons {lessons_done - start:.1f} s, all {time.monotonic() - start:.1f} s")
