"""Issue 14, item 1: the newcomer's walk through Conquest in a real browser, by clicks only.

Home → the Conquest card's Rules link → the Lessons tab (a click) → every lesson opened from the list, its
first exercise solved on the board by clicks (territories, the amount box, the move buttons, the trade and
phase buttons: never the typed-command box) and its "Solved!" read on the page → back to the list, whose
row now shows the solved mark → the Play tab (a click) → a game against the easy CPU started by the page's
form, a few turns played by clicks → the rest of the game driven through the session methods the buttons'
handlers call (``act``), on the session's own event loop → the winner read on the page.

The walk fails on any browser console error, uncaught exception or failed request (``Page.errors``), and
on any error the server logs (the ``serve`` fixture).
"""
from __future__ import annotations

import os
import time
from typing import Any

import pytest

import academy.ui.conquest as conquest_ui
from academy.games.conquest.actions import (Attack, Claim, EndAttack, EndTurn, Fortify, Occupy, Place,
                                            TradeCards)
from academy.games.conquest.bots import make_bot
from academy.ui.conquest.lessons import conquest_lessons
from academy.ui.session_loop import in_session
from academy.ui.shell import build_page, current_query
from tests.ui.browser import CLICK_GAP, first_solved_mark, walked

pytestmark = pytest.mark.ui   # in make test (CI): the safety net of issue 14; make test-all walks every lesson

SHOTS = "/tmp/walk-conquest"
LESSONS, PLAY = ".tab-lessons", ".tab-play"      # the two tabs each have a board and phase controls
# JS: how far the page is scrolled (the app's template scrolls its #main area, not the window)
SCROLLED = "() => (document.getElementById('main') || document.scrollingElement).scrollTop + window.scrollY"


def shown_text(page, selector: str) -> str:
    """The text of the visible elements matching ``selector`` (a Playwright selector: it crosses shadow roots)."""
    return page.locator_text(f"{selector} >> visible=true")


def wait_shown_text(page, selector: str, text: str, timeout: float = 20) -> str:
    deadline = time.monotonic() + timeout
    seen = ""
    while time.monotonic() < deadline:
        seen = shown_text(page, selector)
        if text in seen:
            return seen
        page.page.wait_for_timeout(50)
    raise AssertionError(f"{selector!r} never showed {text!r}; last seen: {seen[:300]!r}")


def wait_until(condition, what: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.03)


def no_errors(page, where: str) -> None:
    assert not page.errors, f"{where}: browser errors {page.errors[:5]}"


#: the seed of the game the walk plays from the Play tab's form (a fixed game, so a failure repeats)
WALK_SEED = 7


class Made:
    """The server-side pages the shell builds (the lessons page, the play page) with their documents."""

    def __init__(self) -> None:
        self.lessons: list[Any] = []
        self.plays: list[tuple[Any, Any]] = []

    def record(self, monkeypatch) -> None:
        import panel as pn
        lessons_cls, play_cls = conquest_ui.LessonsPage, conquest_ui.PlayPage

        def lessons(**kw: Any) -> Any:
            view = lessons_cls(**kw)
            self.lessons.append(view)
            return view

        def play(**kw: Any) -> Any:
            view = play_cls(seed=WALK_SEED, **kw)     # the same game (deal, dice, CPU) on every run
            self.plays.append((view, pn.state.curdoc))
            return view

        # the shell builds a tab from what the UI registry names: academy.ui.conquest.lessons:LessonsPage and
        # academy.ui.conquest.play:PlayPage, looked up when the tab is built
        import academy.ui.conquest.lessons as lessons_module
        import academy.ui.conquest.play as play_module
        monkeypatch.setattr(lessons_module, "LessonsPage", lessons)
        monkeypatch.setattr(play_module, "PlayPage", play)


def click(page, selector: str) -> None:
    page.page.locator(selector).first.click()
    time.sleep(CLICK_GAP)


def click_tab(page, name: str) -> None:
    page.page.locator(".game-tabs .bk-tab", has_text=name).first.click()


def settled_board(page) -> None:
    """Wait until the visible board is laid out and stays put (the panes above it have their final size)."""
    page.wait_board()
    last = None
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        point = page.territory_point("ural")
        if point == last:
            return
        last = point
        page.page.wait_for_timeout(60)


def set_armies(page, choice: Any, k: int, tab: str) -> None:
    """Type the amount into the 'Armies per click' box (a widget of the page, not the command box)."""
    if choice.armies == k:
        return
    box = page.page.locator(f"{tab} .armies-input input").first
    box.fill(str(k))
    box.press("Enter")
    wait_until(lambda: choice.armies == k, f"the armies box to say {k}")


def set_move(page, model: Any, k: int, tab: str) -> None:
    """Choose ``k`` on the 'Armies to move' slider (it starts at all but one) with its handle's arrow keys."""
    page.page.locator(f"{tab} .move-slider").first.wait_for(state="visible")
    wait_until(lambda: model.choice.move is not None, "the move slider to be set")
    if model.choice.move == k:
        return
    handle = page.page.locator(f"{tab} .move-slider .noUi-handle").first
    handle.focus()
    key = "ArrowLeft" if model.choice.move > k else "ArrowRight"
    for _ in range(abs(model.choice.move - k)):
        handle.press(key)
    wait_until(lambda: model.choice.move == k, f"the move slider to say {k}")


def do_by_clicks(page, model: Any, action: Any) -> None:
    """Do ``action`` on the lesson page the way a person does (see tests/ui/test_lessons_by_clicks.py)."""
    ch = model.choice
    match action:
        case Claim(t):
            page.click_territory(t)
        case Place(t, k):
            set_armies(page, ch, k, LESSONS)
            page.click_territory(t)
        case Attack(src, dst, dice):
            if model.selected != src:
                page.click_territory(src)
                wait_until(lambda: model.selected == src, f"{src} to be selected")
            if model.target != dst:                    # the first click on the target: its odds, no roll
                page.click_territory(dst)
                wait_until(lambda: model.target == dst, f"{dst} to be the target")
            if dice != min(ch.dice, model.input.dice_range(model.state, src, dst)[1]):
                click(page, f"{LESSONS} .dice-choice button >> text='{dice} {'die' if dice == 1 else 'dice'}'")
                wait_until(lambda: ch.dice == dice, f"{dice} dice to be chosen")
            click(page, f"{LESSONS} .attack-button button")    # the Attack button rolls
        case Occupy(k):
            set_move(page, model, k, LESSONS)
            click(page, f"{LESSONS} .move-button button")
        case Fortify(src, dst, k):
            page.click_territory(src)
            wait_until(lambda: model.selected == src, f"{src} to be selected")
            page.click_territory(dst)
            wait_until(lambda: model.target == dst, f"{dst} to be the target")
            set_move(page, model, k, LESSONS)
            click(page, f"{LESSONS} .move-button button")
        case TradeCards(cards, _):
            names = [model.state.game.map.name_of(c) if c in model.state.owner else c for c in cards]
            button = page.page.locator(f"{LESSONS} .trade-button button")
            for name in names:
                button = button.filter(has_text=name)
            button.first.click()
            time.sleep(CLICK_GAP)
        case EndAttack():
            click(page, f"{LESSONS} .end-attack button")
        case EndTurn():
            click(page, f"{LESSONS} .end-turn button")
        case _:
            raise AssertionError(f"no way to click {action!r}")


def solve_first_exercise(page, view: Any, lesson: Any) -> None:
    ex = lesson.exercises[0]
    page.wait_text(".exercise-prompt", ex.prompt[:40])
    settled_board(page)
    model = view.model
    wait_until(lambda: model.attempt is not None and model.attempt.exercise is ex, "the exercise to open")
    for text in ex.solution:
        state = model.attempt.state
        action = state.game.parse_action(text, state)
        done = len(model.attempt.actions)
        do_by_clicks(page, model, action)
        wait_until(lambda: len(model.attempt.actions) == done + 1, f"{lesson.id}: {text!r} to be played")
        assert model.feedback is not None and model.feedback.status != "illegal", model.feedback
    text = page.wait_text(".lesson-feedback", "Solved!")
    assert "Not allowed" not in text and "Not quite" not in text, text
    assert "Exercise 1 ✓" in page.text(".exercise-tab")


def test_walk_conquest(serve, open_page, monkeypatch):
    made = Made()
    made.record(monkeypatch)
    url = serve(lambda: build_page(current_query()))
    page = open_page(width=1400, height=1000)
    started = time.monotonic()

    # Home → the Conquest card → Rules
    page.open(url, board=None)
    page.wait_text(".game-cards", "Conquest")
    page.page.locator('.game-card[data-game="conquest"] a', has_text="Rules").click()
    page.page.locator(".tab-rules .rules-page").first.wait_for(state="visible", timeout=30000)
    assert "Conquest" in page.text(".rules-page")
    no_errors(page, "Rules tab")

    # Rules → Lessons by a click → every lesson's first exercise by clicks
    click_tab(page, "Lessons")
    page.page.locator(".tab-lessons .lesson-list").first.wait_for(state="visible", timeout=30000)
    lessons = conquest_lessons()[0]
    wait_until(lambda: made.lessons, "the lessons page")
    view = made.lessons[-1]
    for n, lesson in walked(lessons):
        page.wait_text(".lesson-list", lesson.title)
        click(page, f".open-{lesson.id} button")
        try:
            solve_first_exercise(page, view, lesson)
        except AssertionError:
            os.makedirs(SHOTS, exist_ok=True)
            page.page.screenshot(path=f"{SHOTS}/{lesson.id}.png")
            print("FAILED in", lesson.id, "message:", view.model.message, "selected:", view.model.selected)
            raise
        no_errors(page, f"lesson {lesson.id}")
        click(page, ".lessons-back button")
        page.wait_text(".lesson-list", f"{n}. {lesson.title} · {first_solved_mark(lesson)}")
    print(f"lessons done after {time.monotonic() - started:.1f} s")

    # Lessons → Play by a click → a game against the easy CPU from the form
    click_tab(page, "Play")
    page.page.locator(".tab-play .conquest-play").first.wait_for(state="visible", timeout=30000)
    page.page.locator(f"{PLAY} .seat-1 select").select_option(label="CPU easy")
    click(page, f"{PLAY} .start-game button")
    wait_until(lambda: made.plays and made.plays[-1][0].session.state is not None, "the game to start")
    play, doc = made.plays[-1]
    session = play.session
    assert session.seats == ["human", "easy"]
    # The CPU's pause between two of its actions (0.4 s, so a person can follow) is cut to 0.05 s: the same
    # CPU turns on the same thread ("is thinking…" and the spinner meanwhile), sooner.
    in_session(doc, lambda: setattr(session, "cpu_delay", 0.05))
    settled_board(page)

    for _ in range(3):
        play_a_turn_by_clicks(page, session)
    no_errors(page, "the turns played by clicks")
    print(f"turns by clicks done after {time.monotonic() - started:.1f} s")

    # The rest of the game through session.act, the method the page's buttons and board clicks end in, on
    # the session's own loop (as a CPU's moves arrive), a whole turn of Red's at a time.
    me = make_bot("hard", seed=7)
    refused: list[str] = []
    while not session.state.is_terminal():
        wait_for_red(page, session, seconds=120)
        if session.state.is_terminal():
            break
        steps = len(session.state.record)

        def red_turn() -> None:
            while not session.state.is_terminal() and session.state.to_move() == 0 and not session.cpu_to_move:
                if not session.act(me.choose(session.state.clone())):
                    refused.append(session.message)
                    return
        in_session(doc, red_turn)
        wait_until(lambda: refused or len(session.state.record) > steps, "Red's turn to be played")
        assert not refused, f"the session refused Red's action: {refused}"
    winner = session.state.winner()
    name = session.seat_label(winner)
    banner = wait_shown_text(page, f"{PLAY} .phase-banner", f"{name} wins!", timeout=60)
    assert "Press Replay" in banner
    wait_shown_text(page, f"{PLAY} .event-log", f"{session.state.game.player_name(winner)} wins")
    os.makedirs(SHOTS, exist_ok=True)
    page.page.screenshot(path=f"{SHOTS}/end.png")
    no_errors(page, "the end of the game")
    print(f"walk done after {time.monotonic() - started:.1f} s")


def wait_for_red(page, session: Any, seconds: float = 90) -> None:
    """Wait until the CPU has played and Red (the human) is to move, or the game is over."""
    wait_until(lambda: session.state.is_terminal() or (not session.thinking and not session.cpu_to_move
                                                        and session.state.to_move() == 0), "Red's turn", seconds)


def play_a_turn_by_clicks(page, session: Any) -> None:
    """One turn of Red by clicks: trade if the page says so, place every new army, attack once or twice,
    end the attack and the turn."""
    wait_for_red(page, session)
    state = session.state
    wait_shown_text(page, f"{PLAY} .phase-banner", "Red — ", timeout=30)
    steps = len(state.record)
    while session.state.phase == "reinforce" and page.page.locator(f"{PLAY} .trade-button button").count():
        click(page, f"{PLAY} .trade-button button")
        wait_until(lambda: len(session.state.record) > steps, "the trade")
        steps = len(session.state.record)
    state = session.state
    if state.phase == "reinforce":
        mine = max(state.territories_of(0),
                   key=lambda t: (sum(state.owner[n] != 0 for n in state.game.map.neighbours[t]), state.armies[t]))
        set_armies(page, session.choice, state.reinforcements, PLAY)
        page.click_territory(mine)
        wait_until(lambda: session.state.phase != "reinforce", "the armies to be placed")
    for _ in range(2):
        state = session.state
        if state.phase != "attack":
            break
        pairs = [(s, d) for s in state.territories_of(0) if state.armies[s] >= 3
                 for d in sorted(state.game.map.neighbours[s]) if state.owner[d] != 0 and state.armies[d] < state.armies[s]]
        if not pairs:
            break
        src, dst = max(pairs, key=lambda p: state.armies[p[0]] - state.armies[p[1]])
        steps = len(state.record)
        if session.selected != src:
            page.click_territory(src)
            wait_until(lambda: session.selected == src, f"{src} to be selected")
        if session.target != dst:                      # the first click on the target: its odds, no roll
            page.click_territory(dst)
            wait_until(lambda: session.target == dst, f"{dst} to be the target")
            assert len(session.state.record) == steps
        page.click_territory(dst)                      # the second rolls
        wait_until(lambda: len(session.state.record) > steps, "the attack")
        wait_shown_text(page, f"{PLAY} .dice-result", "vs defender")
        if session.state.phase == "occupy":
            click(page, f"{PLAY} .move-button button")
            wait_until(lambda: session.state.phase != "occupy", "the move into the conquered territory")
    if session.state.phase == "attack":
        click(page, f"{PLAY} .end-attack button")
        wait_until(lambda: session.state.phase != "attack", "the end of the attack")
    if session.state.phase == "fortify":
        wait_shown_text(page, f"{PLAY} .phase-banner", "Fortification")
        click(page, f"{PLAY} .end-turn button")
        wait_until(lambda: session.state.to_move() != 0 or session.state.is_terminal(), "the end of the turn")


def test_a_lesson_opened_from_the_bottom_of_the_list_shows_its_top(serve, open_page):
    """Issue 14, item 1 (found by the walk): the Open button of the last lesson is at the bottom of a long
    list; the lesson it opens starts at the top of the window (its title, its exercise and the whole board
    in view), not scrolled down to where the button was, with the board's top hidden under the header."""
    url = serve(lambda: build_page(current_query()))
    page = open_page(width=1400, height=1000)
    page.open(url + "?game=conquest&tab=lessons", board=None)
    last = conquest_lessons()[0][-1]
    button = page.page.locator(f".open-{last.id} button")
    button.scroll_into_view_if_needed()
    assert page.page.evaluate(SCROLLED) > 0                 # the list is longer than the window
    button.click()
    page.wait_text(".exercise-prompt", last.exercises[0].prompt[:40])
    page.wait_board()
    page.page.wait_for_function(f"({SCROLLED})() === 0", timeout=5000)
    x, y = page.territory_point("kamchatka")                   # a territory at the top of the map
    assert 60 < y < 1000, f"Kamchatka is drawn at y={y}, out of the window"
    no_errors(page, "the last lesson")
