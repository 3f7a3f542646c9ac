"""Issue 14, item 1: the newcomer's walk through Tactics in headless Chromium, by clicks only.

Home → the Tactics card's Rules link → the Lessons tab (a click) → every lesson opened from the list and
its first exercise solved on the board (taps on units, tiles and targets, the side panel's buttons and
build list; never the command box), with the "Solved" feedback read on the page and the list's solved
mark after going back → the Play tab (a click) → a game against the easy CPU started with the page's own
form, several days played by taps and buttons → the rest of the game driven through the same session
methods the board and the buttons call (``click``, ``choose``, ``attack``, ``build``, ``power``,
``end_turn``), on the server's own session → "Red wins" read on the page.

The walk fails on any console error, uncaught exception or failed request (checked after every lesson and
at the end), and on any error the server logs (the ``serve`` fixture). Which action to take comes from
the lesson's ``solution:`` lines and, in the game, from the engine's hard bot playing Red; the clicks and
the page's answers are what is tested.
"""
from __future__ import annotations

import concurrent.futures
import re
import time
from pathlib import Path
from typing import Any

import panel as pn
import pytest

from academy.games.tactics.actions import (ActivatePower, Attack, Build, Capture, EndTurn, Load, Supply, Unload,
                                           Wait)
from academy.games.tactics.bots import make_bot
from academy.games.tactics.units import UNITS
from academy.lessons import Attempt
from academy.ui.lessons_page import game_lessons
from academy.ui.session_loop import in_session
from academy.ui.shell import build_page, current_query
from academy.ui.tactics import play as play_module
from tests.ui.browser import first_solved_mark, walked
from tests.ui.test_browser_tactics import BOARD, tap, wait_for

pytestmark = pytest.mark.ui   # in make test (CI): the safety net of issue 14; make test-all walks every lesson

SHOTS = Path("/tmp/walk-tactics")
KINDS = {Wait: "wait", Capture: "capture", Load: "load", Unload: "unload", Supply: "supply"}
GAME_SEED = 11            # the seed of the game the Play tab's form starts
CLICKED_DAYS = 3          # days Red plays by clicks before the rest is driven through the session's methods


def lessons() -> list[Any]:
    found, errors = game_lessons("tactics")
    assert not errors, errors
    return list(found)


# JS: the text of the elements matching `sel` that the page shows (an element on a hidden tab or in a
# hidden pane is left out: the Lessons and the Play tab each have a status, a message, odds ...), shadow
# roots included.
_SHOWN_TEXT = """
(sel) => {
  const text = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent;
    if (node.nodeType !== Node.ELEMENT_NODE || ['STYLE', 'SCRIPT', 'LINK'].includes(node.tagName)) return '';
    let t = node.shadowRoot ? [...node.shadowRoot.childNodes].map(text).join(' ') : '';
    return t + ' ' + [...node.childNodes].map(text).join(' ');
  };
  const out = [];
  const walk = (root) => {
    root.querySelectorAll(sel).forEach(el => { if (el.checkVisibility()) out.push(text(el)); });
    root.querySelectorAll('*').forEach(el => { if (el.shadowRoot) walk(el.shadowRoot); });
  };
  walk(document);
  return out.join(' ').replace(/\\s+/g, ' ').trim();
}
"""


def shown(page, selector: str) -> str:
    """The text of the shown elements matching ``selector``."""
    return page.page.evaluate(_SHOWN_TEXT, selector)


def wait_shown(page, selector: str, text: str, timeout: float = 20) -> str:
    """Wait until the shown elements matching ``selector`` contain ``text``; returns their text."""
    deadline = time.monotonic() + timeout
    seen = ""
    while time.monotonic() < deadline:
        seen = shown(page, selector)
        if text in seen:
            return seen
        page.page.wait_for_timeout(50)
    raise AssertionError(f"{selector!r} never showed {text!r}; last seen: {seen[:300]!r}")


# --- the page ---------------------------------------------------------------------------------------
def button(page, css: str) -> Any:
    return page.page.locator(f"{css} button:visible").first


def press(page, css: str) -> None:
    """Click one of the page's buttons (it must be there and enabled)."""
    b = button(page, css)
    b.wait_for(state="visible")
    deadline = time.monotonic() + 10
    while b.is_disabled():
        assert time.monotonic() < deadline, f"the button {css} stayed disabled"
        page.page.wait_for_timeout(30)
    b.click()


# JS: the columns of the data source named `source` of the shown figure named `board` (the Lessons and the
# Play tab each have a board with the same names; the hidden one has no size on the page), or null.
_SHOWN_SOURCE = """
([board, source]) => {
  const shown = (v) => { const r = v.canvas_view && v.canvas_view.el.getBoundingClientRect();
                         return r && r.width > 0 && r.height > 0; };
  const find = (views) => {
    for (const v of views) {
      if (v.model && v.model.name === board && v.frame && shown(v)) return v;
      const hit = find(v.child_views ? [...v.child_views] : []);
      if (hit) return hit;
    }
    return null;
  };
  const view = window.Bokeh && find([...window.Bokeh.index]);
  const renderer = view && view.model.renderers.find(r => r.data_source && r.data_source.name === source);
  if (!renderer) return null;
  const data = renderer.data_source.data, out = {};
  for (const [k, v] of (data.entries ? data.entries() : Object.entries(data))) out[k] = Array.from(v);
  return out;
}
"""


def units_seen(page) -> dict[str, str]:
    """tile -> unit name, as the shown board draws it."""
    data = page.page.evaluate(_SHOWN_SOURCE, [BOARD, "tactics-units"]) or {"tile": [], "name": []}
    return dict(zip(data["tile"], data["name"]))


def expected_units(obs: dict[str, Any]) -> dict[str, str]:
    return {u["tile"]: UNITS[u["type"]].name for u in obs["units"]}


def act_by_clicks(page, action: Any, say: str, describe: str) -> None:
    """Do ``action`` the way a person does: taps on the board, then the side panel's buttons and lists.

    ``say``: the selector of the pane where the page answers a tap (the lesson's note, the game's message);
    ``describe``: the action in the game's notation (to pick an unload drop by its label).
    """
    match action:
        case EndTurn():
            press(page, ".end-turn")
        case ActivatePower(level="power"):
            press(page, ".do-power")
        case ActivatePower(level="super"):
            press(page, ".do-super")
        case Build(unit=unit, at=at):
            tap(page, at)
            wait_shown(page, say, f"{at}: choose a unit to build")
            choice = page.page.locator(".build-choice select:visible").first
            choice.wait_for(state="visible")
            choice.select_option(label=f"{UNITS[unit].name} ({UNITS[unit].cost:,})")
            press(page, ".do-build")
        case Attack(at=at, to=to, target=target):
            move_by_taps(page, at, to, say)
            attack = button(page, ".do-attack")
            if attack.inner_text().strip() != f"Attack {target}":     # not aimed yet: tap the red ring
                tap(page, target)
                wait_for(lambda: attack.inner_text().strip() == f"Attack {target}", page, 10)
            wait_shown(page, ".attack-odds", "Damage:")                 # the odds show before firing
            press(page, ".do-attack")
        case Wait(at=at, to=to) | Capture(at=at, to=to) | Load(at=at, to=to) | Unload(at=at, to=to) \
                | Supply(at=at, to=to):
            move_by_taps(page, at, to, say)
            kind = KINDS[type(action)]
            drops = page.page.locator(".unload-choice select:visible").first
            if kind == "unload" and drops.is_visible():
                drops.select_option(label=describe)
            press(page, f".do-{kind}")
        case _:
            raise AssertionError(f"no way to click {action!r}")


def move_by_taps(page, at: str, to: str, say: str) -> None:
    """Tap the unit, then the tile it moves to (its own tile: it stays there)."""
    tap(page, at)
    wait_shown(page, say, f" {at} selected")
    tap(page, to)
    wait_shown(page, say, f"stays on {to}" if to == at else f"moves to {to}")


def click_tab(page, tab: str) -> None:
    page.page.locator(".game-tabs .bk-tab", has_text=tab).first.click()


def fits(page, css: str, where: str) -> None:
    """The shown element ``css`` lies inside the window (not cut off at its right edge)."""
    box = page.page.locator(f"{css}:visible").first.bounding_box()
    width = page.page.viewport_size["width"]
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, \
        f"{css} is cut off {where}: {box} in a window {width} px wide"


def clean(page, where: str) -> None:
    assert not page.errors, f"console errors {where}: {page.errors[:5]}"


# --- the server's side --------------------------------------------------------------------------------
def on_server(doc: Any, fn: Any, timeout: float = 30) -> Any:
    """Run ``fn()`` on the server session's event loop (as a button's handler runs) and return its result."""
    done: concurrent.futures.Future = concurrent.futures.Future()

    def run() -> None:
        try:
            done.set_result(fn())
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            done.set_exception(exc)

    in_session(doc, run)
    return done.result(timeout)


def drive(s: Any, action: Any) -> bool:
    """Play ``action`` through the methods the board's taps and the buttons call."""
    match action:
        case Build(unit=unit, at=at):
            s.click(at)
            return s.build(unit)
        case ActivatePower(level=level):
            return s.power(level)
        case EndTurn():
            return s.end_turn()
        case _:
            s.click(action.at)
            s.click(action.to)
            if isinstance(action, Attack):
                if s.target != action.target:
                    s.click(action.target)
                return s.attack()
            kind = KINDS[type(action)]
            options = s.options_of(kind)
            return s.choose(kind, options.index(action) if action in options else 0)


# --- the walk -----------------------------------------------------------------------------------------
def solve_first_exercise(page, lesson: Any, number: int) -> None:
    exercise = lesson.exercises[0]
    attempt = Attempt(lesson, exercise)            # the same start position the page builds
    assert exercise.solution, f"{lesson.id}: the first exercise has no solution line"
    page.page.locator(f".open-{lesson.id} button").first.click()
    wait_shown(page, ".lesson-title", lesson.title)
    page.wait_board(BOARD)
    wait_shown(page, ".exercise-prompt", f"Exercise 1 of {len(lesson.exercises)}")
    assert exercise.prompt.split()[0] in shown(page, ".exercise-prompt")
    want = expected_units(attempt.state.observation(attempt.learner))
    wait_for(lambda: units_seen(page) == want, page, 10)            # the board shows this exercise's position
    assert page.page.locator(".command-input input:visible").first.input_value() == "", "the command box kept old text"
    fits(page, ".do-command button", f"in the lesson {lesson.id}")
    for stale in (".lesson-feedback", ".lesson-note", ".attack-why", ".attack-odds"):   # nothing left from before
        assert shown(page, stale) == "", f"{lesson.id} opened with {stale} showing {shown(page, stale)[:200]!r}"
    assert "Day " in shown(page, ".tactics-status") and f"{attempt.state.game.player_name(attempt.learner)} to play" \
        in shown(page, ".tactics-status")
    for n, text in enumerate(exercise.solution, 1):
        state = attempt.state
        action = state.game.parse_action(text, state)
        act_by_clicks(page, action, ".lesson-note", state.game.format_action(action, state))
        mirror = attempt.act(action)                # the page's attempt does the same: its feedback must follow
        assert mirror.status in ("continue", "solved"), (text, mirror.message)
        title = "Solved!" if n == len(exercise.solution) else "Keep going"
        feedback = wait_shown(page, ".lesson-feedback", title)
        assert "Not allowed" not in feedback and "Not quite" not in feedback, feedback
    wait_for(lambda: "Exercise 1 ✓" in shown(page, ".exercise-tab"), page, 10)
    clean(page, f"in the lesson {lesson.id}")
    press(page, ".lessons-back")
    marks = first_solved_mark(lesson)
    listing = wait_shown(page, ".lesson-list", f"{number}. {lesson.title}")
    assert re.search(rf"{number}\. {re.escape(lesson.title)} · {re.escape(marks)}", listing), listing[:400]


def test_walk_tactics(serve, open_page, monkeypatch):
    plays: list[tuple[Any, Any]] = []

    class RecordedPlayPage(play_module.TacticsPlayPage):
        """The Play tab as the shell builds it, remembered with its document (the test drives its session),
        with a fixed seed for the games its form starts (the luck rolls and the CPU's choices repeat)."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, seed=GAME_SEED, **kwargs)
            plays.append((self, pn.state.curdoc))

    monkeypatch.setattr(play_module, "TacticsPlayPage", RecordedPlayPage)
    SHOTS.mkdir(exist_ok=True)
    started = time.monotonic()
    url = serve(lambda: build_page(current_query()))
    page = open_page(width=1400, height=1000)

    # Home → the Tactics card → Rules
    page.open(url, board=None)
    wait_shown(page, ".game-cards", "Tactics")
    page.page.locator('.game-card[data-game="tactics"] a', has_text="Rules").click()
    page.page.locator(".tab-rules .rules-page").first.wait_for(state="visible")
    wait_shown(page, ".rules-page", "Damage")

    # Lessons, by a click on the tab; every lesson's first exercise by taps
    click_tab(page, "Lessons")
    page.page.locator(".tab-lessons .lesson-list").first.wait_for(state="visible")
    every = lessons()
    wait_shown(page, ".lesson-list", f"{len(every)}. {every[-1].title}")
    for number, lesson in walked(every):
        solve_first_exercise(page, lesson, number)
    lessons_done = time.monotonic()

    # Play, by a click on the tab: Red a person, Blue the easy CPU, from the page's form
    click_tab(page, "Play")
    page.page.locator(".tab-play .tactics-play").first.wait_for(state="visible")
    page.page.locator(".seat-choice-0 select").first.select_option(label="Person")
    page.page.locator(".seat-choice-1 select").first.select_option(label="CPU easy")
    time.sleep(0.2)
    press(page, ".start-game")
    page.wait_board(BOARD)
    wait_shown(page, ".game-message", "Red (you), Blue (CPU easy)")
    fits(page, ".do-command button", "on the Play tab")
    wait_shown(page, ".tactics-status", "Red to play")
    assert len(plays) == 1, plays
    play, doc = plays[0]
    s = play.session
    assert on_server(doc, lambda: s.seats) == ["human", "easy"]
    bot = make_bot("hard", 7)

    def red_to_play() -> bool:
        return on_server(doc, lambda: not s.state.is_terminal() and s.state.to_move() == 0 and not s.thinking
                         and not s.cpu_to_move)

    def choose() -> tuple[Any, str]:
        def pick() -> tuple[Any, str]:
            action = bot.choose(s.state.clone())
            return action, s.describe(action)
        return on_server(doc, pick)

    def over() -> bool:
        return on_server(doc, s.state.is_terminal)

    for day in range(1, CLICKED_DAYS + 1):
        wait_for(lambda: over() or red_to_play(), page, 90)        # the CPU's turn first (from day 2)
        if over():
            break
        assert on_server(doc, lambda: s.state.day) == day
        wait_shown(page, ".tactics-status", f"Day {day}")
        if day > 1:
            wait_shown(page, ".last-events", "Blue ends the turn")   # what the CPU did is on the page
        while True:
            action, text = choose()
            steps = on_server(doc, lambda: len(s.state.record))
            act_by_clicks(page, action, ".game-message", text)
            wait_for(lambda: on_server(doc, lambda: len(s.state.record)) > steps, page, 10)
            if isinstance(action, EndTurn) or over():
                break
            want = expected_units(on_server(doc, lambda: s.obs))
            wait_for(lambda: units_seen(page) == want, page, 10)       # the board shows what was played
    clean(page, "after the days played by clicks")
    clicked = time.monotonic()

    # the rest of the game through the same methods the taps and buttons call, on the server's session
    # (the CPU's pause between two of its actions, there for people to follow its moves, made short)
    on_server(doc, lambda: setattr(s, "cpu_delay", 0.05))
    deadline = time.monotonic() + 240
    while not on_server(doc, s.state.is_terminal):
        assert time.monotonic() < deadline, "the game did not end"
        if not red_to_play():
            page.page.wait_for_timeout(100)
            continue
        action, text = choose()
        assert on_server(doc, lambda: drive(s, action)), (text, on_server(doc, lambda: s.message))
    winner = on_server(doc, lambda: s.state.winner())
    assert winner == 0, f"the game ended with {winner!r} as the winner"
    wait_shown(page, ".game-message", "The game is over: Red wins.", timeout=30)
    status = wait_shown(page, ".tactics-status", "Red wins")
    assert "The game ended on day" in status, status
    page.page.wait_for_timeout(300)
    page.page.screenshot(path=str(SHOTS / "end.png"), full_page=True)
    clean(page, "at the end of the game")
    print(f"walk: lessons {lessons_done - started:.1f} s, clicked days {clicked - lessons_done:.1f} s, "
          f"the rest {time.monotonic() - clicked:.1f} s")
