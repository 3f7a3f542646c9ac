"""Every game's replay page has one heading and step bar (issue 14: one replay; ``replay_parts.ReplayChrome``):
the same step buttons, off at the ends, the planner's button, and the record's download only once the
game is over (while it runs the record holds what the seat may not see)."""
from __future__ import annotations

import html
import re

import pytest

from academy.core.bots import RandomBot
from academy.core.protocol import NodeKind
from academy.games import REGISTRY
from academy.ui.registry import UI
from academy.ui.replay import replay_factory

#: every game's replay page is built on ReplayChrome (Conquest's with a slider between its step buttons)
GAMES = tuple(UI)


def short_record(name: str):
    """A record of a few random decisions (a game of simultaneous orders: its start only)."""
    state = REGISTRY[name]().new_initial_state(seed=4)
    state.settle()
    bot = RandomBot(seed=1)
    for _ in range(6):
        if state.node_kind() is not NodeKind.DECISION:
            break
        state.play(bot.choose(state))
    return state.record


@pytest.mark.parametrize("name", GAMES)
def test_every_replay_page_has_the_same_step_bar(name: str) -> None:
    page = replay_factory(name)(short_record(name), viewer=None, masked=False, title="a test game")
    chrome = page.chrome
    keys = list(chrome.buttons)
    assert keys[0] == "start" and keys[-1] == "end" and {"back", "forward"} <= set(keys)
    back, forward = keys[:keys.index("forward")], keys[keys.index("forward"):]
    assert all(chrome.buttons[k].disabled for k in back)                     # the start of the game
    assert all(chrome.buttons[k].css_classes == [f"rv-{k}"] for k in keys)
    assert "Replay:" in chrome.head.object and "a test game" in chrome.head.object
    assert "all games" in chrome.head.object
    assert chrome.record.download.visible and not chrome.record.note.visible  # a finished game: downloadable
    assert chrome.try_button.label.startswith("Try ")
    chrome.buttons["end"].clicks += 1
    assert all(chrome.buttons[k].disabled for k in forward)
    assert chrome.counter.object == html.escape(page.session.counter_text())

@pytest.mark.parametrize("name", GAMES)
def test_a_running_game_cannot_be_downloaded_and_an_embedded_page_has_no_links(name: str) -> None:
    page = replay_factory(name)(short_record(name), viewer=0, masked=True, title="running", embedded=True)
    chrome = page.chrome
    assert not chrome.record.download.visible and chrome.record.note.visible
    with pytest.raises(PermissionError, match="still running"):
        page.session.export_json()
    assert "all games" not in chrome.head.object
    assert not chrome.exercise.visible                        # a running game: no position to teach from


def finished_record(name: str):
    """A short game played to its end by easy CPUs (small options), its record."""
    from bench.ladder import bot_for
    from bench.review import drive
    options = {"conquest": {"players": 2, "setup": "random"}, "tactics": {"day_limit": 2},
               "game_of_war": {"max_turns": 4}, "fronts": {"turns": 2}, "diplomacy": {"years": 1}}[name]
    state = REGISTRY[name](**options).new_initial_state(seed=3)
    drive(state, {p: bot_for(name, "easy", p) for p in range(state.game.num_players)}, most=10**9)
    assert state.is_terminal()
    return state.record


@pytest.mark.parametrize("name", GAMES)
def test_a_finished_replay_offers_an_exercise_from_the_position_shown(name: str) -> None:
    """Issue 20: "Make an exercise from this position" from a replay frame, beside the step bar, for the
    frame shown: the lesson writer's link holds that frame's position, whenever the position can be shared
    (position_link's rule: not during a set-up, not in the fog of a running game)."""
    import panel as pn
    from urllib.parse import parse_qs
    from academy.ui.position_link import position_text
    page = replay_factory(name)(finished_record(name), viewer=None, masked=False, title="a finished game")
    chrome, s = page.chrome, page.session
    assert any(p is chrome.exercise for p in page.layout.select(pn.pane.HTML))
    offered = 0
    for frame in sorted({s.last_frame * k // 12 for k in range(13)}):
        s.go(frame)
        chrome.refresh()
        line = position_text(name, s.position_state())
        assert chrome.exercise.visible == (line is not None)
        if line is None:
            continue
        offered += 1
        assert "Make an exercise from this position" in chrome.exercise.object
        href = html.unescape(re.search(r"href=['\"]([^'\"]+)", chrome.exercise.object).group(1))
        assert "target='_blank'" in chrome.exercise.object and "(new tab)" in chrome.exercise.object
        assert parse_qs(href.lstrip("?")) == {"page": ["write"], "game": [name], "position": [line]}
    assert offered


@pytest.mark.parametrize("name", GAMES)
def test_every_replay_has_a_step_slider_that_follows_the_steps(name: str) -> None:
    """A walk found a step slider in Conquest's replay only (Tactics had none): every replay's step bar has
    one, from the chrome. Dragging it shows that frame; the buttons move it."""
    import panel as pn
    import param
    page = replay_factory(name)(finished_record(name), viewer=None, masked=False, title="a finished game")
    chrome, s = page.chrome, page.session
    assert any(w is chrome.slider for w in page.layout.select(pn.widgets.IntSlider))
    assert (chrome.slider.start, chrome.slider.end) == (0, max(1, s.last_frame)) and chrome.slider.value == 0
    middle = s.last_frame // 2
    with param.edit_constant(chrome.slider):                # as a drag that ends there (the browser sets it)
        chrome.slider.value_throttled = middle
    assert s.frame_index == middle
    s.go(s.last_frame)
    chrome.refresh()
    assert chrome.slider.value == s.last_frame
