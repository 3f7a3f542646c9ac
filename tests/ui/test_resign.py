"""Resigning a game on this screen (academy/ui/resign.py; a newcomer's walk found no way to give a lost game
up and reach its review): on every Play page, "Resign" asks once more, then ends the game there; the CPU
stops, no move is taken any more, "Review this game" appears and opens the review; a new game forgets it.
No browser: the pages are built as in test_play_frame."""
from __future__ import annotations

import pytest

from tests.ui.test_play_frame import GAMES


@pytest.fixture(params=sorted(GAMES))
def game(request: pytest.FixtureRequest) -> str:
    return request.param


def test_resign_ends_the_game_and_offers_its_review(game: str) -> None:
    make, line, *_ = GAMES[game]
    page = make()
    assert page.open_position(line(), cpu="easy")
    s, launcher = page.session, page.review_launcher
    assert s.can_resign and launcher.resign_button.visible and not launcher.button.visible
    assert launcher.resign() is False                                   # the first click asks again
    assert launcher.resign_button.label == "Really resign? Click again" and not s.game_over
    assert launcher.resign() is True
    assert s.game_over and s.resigned and launcher.button.visible and not launcher.resign_button.visible
    assert f"{s.resigned} resigned: " in s.message and "The game is over; review it, or start a new game." in s.message
    assert s.resign() is False and s.message == "This game is already over."
    panel = launcher.open()                                             # the review of the game so far
    assert panel is not None
    assert page.open_position(line(), cpu="easy")                        # a new game: nobody has resigned it
    assert s.resigned is None and not s.game_over and launcher.resign_button.visible
    assert launcher.resign_button.label == "Resign"


def test_no_move_is_taken_after_resigning() -> None:
    from academy.games.conquest import parse_position
    from academy.ui.conquest.session import ConquestSession
    s = ConquestSession(cpu_delay=0, synchronous=True)
    s.start_from(parse_position("Red to move, attack | Red: Siberia 10, Kamchatka 2 | Blue: Mongolia 1 | rest: Red 1"),
                 seats=["human", "easy"])
    assert s.resign() and s.message.startswith("Red resigned: Blue wins.")
    assert not s.act("attack Siberia -> Mongolia 3")
    assert s.message == "Red resigned, so this game is over: review it, or start a new game."
    assert not s.undo() and len(s.state.record) == 0 and s.targets == []


def test_nobody_at_the_screen_cannot_resign() -> None:
    from academy.ui.conquest.session import ConquestSession
    s = ConquestSession(cpu_delay=0, synchronous=True)
    assert not s.resign() and s.message == "No game yet: start a new game first."


def test_after_resigning_the_page_says_the_game_is_over_not_whose_move_it_is(game: str) -> None:
    """A newcomer resigned and every Play page still said "Red — Reinforcement · Place your 3 reinforcements"
    or "North to play": once resigned, the page's banner says who resigned and that the game is over, and
    nothing on it asks for a move."""
    import panel as pn
    from bokeh.document import Document
    make, line, *_ = GAMES[game]
    page = make()
    assert page.open_position(line(), cpu="easy")
    s = page.session
    assert s.resign()
    pn.panel(page).get_root(Document())
    shown = " ".join(str(getattr(o, "object", "")) for o in pn.panel(page).select(pn.pane.HTML))
    assert f"{s.resigned} resigned: the game is over." in shown
    for asking in ("to play", "Place your", "orders not submitted yet", "still to order", "Click a "):
        assert asking not in shown, asking
