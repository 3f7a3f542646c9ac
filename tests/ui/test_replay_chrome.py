"""Every game's replay page has one heading and step bar (issue 14: one replay; ``replay_parts.ReplayChrome``):
the same step buttons, off at the ends, the planner's button, and the record's download only once the
game is over (while it runs the record holds what the seat may not see)."""
from __future__ import annotations

import html

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
