"""Start game while a game runs asks first (PlayFrame.start_or_say, shared by the five Play pages). A newcomer's
walk: a hard Fronts game at turn 9 → New game → Easy → Start game, and the turn-9 game was gone without a word.
Now the form asks ("Your game at turn 9 is still running. Start a new one anyway? …"); "Keep playing" loses
nothing, "Start the new game" starts it. A game with no move yet, or over, is replaced without a question."""
from __future__ import annotations

import bokeh.document
import pytest

from tests.ui.test_local_games import GAMES, _where

QUESTION = "is still running.</b> Start a new one anyway? It will be gone"
#: what follows, as the Save button stands (a game with hidden parts or luck to come cannot be saved while it runs)
SAVE_FIRST, NO_SAVE = " (Save it first to keep it).", ": it cannot be saved until it is over."


def opened(game: str):
    page = GAMES[game][0]()
    page.__panel__().get_root(bokeh.document.Document())
    return page


@pytest.mark.parametrize("game", list(GAMES))
def test_a_start_while_a_game_runs_asks_and_keep_playing_loses_nothing(game: str) -> None:
    _make, start, move = GAMES[game]
    page = opened(game)
    assert not page.confirm_box.visible
    assert start(page) and not page.confirm_box.visible           # the first game: nothing to ask
    move(page)
    where = page.running_game()
    assert where
    before = _where(game, page)
    kept = page.local_game().record

    page.form_card.collapsed = False                                # New game
    assert not start(page)                                          # Start game: asks first
    assert page.confirm_box.visible and not page.form_card.collapsed
    text = page.confirm_text.object
    assert f"Your game {'at ' if where.startswith(('turn', 'day')) else ''}" in text and where in text
    assert QUESTION + (NO_SAVE if page.session.save_refusal() else SAVE_FIRST) in text
    assert (page.confirm_start.label, page.confirm_keep.label) == ("Start the new game", "Keep playing")
    assert _where(game, page) == before and page.local_game().record is kept

    page.confirm_keep.clicks += 1                                   # Keep playing: nothing lost
    assert not page.confirm_box.visible and page.form_card.collapsed
    assert _where(game, page) == before and page.local_game().record is kept

    page.form_card.collapsed = False
    assert not start(page) and page.confirm_box.visible
    page.confirm_start.clicks += 1                                  # Start the new game
    assert not page.confirm_box.visible and page.form_card.collapsed
    assert page.local_game().record is not kept and not page.local_game().finished


def test_the_question_names_the_turn_of_the_running_game() -> None:
    """The walk's words: "Your game at turn 9 is still running" (Fronts: the engine's own "Turn 9")."""
    page = opened("fronts")
    _make, start, move = GAMES["fronts"]
    assert start(page)
    move(page)
    turn = page.session.engine_state.board.turn
    assert page.running_game() == f"turn {turn}"
    assert not start(page)
    assert f"Your game at turn {turn} is still running." in page.confirm_text.object


def test_a_game_that_is_over_is_replaced_without_a_question() -> None:
    page = opened("conquest")
    page.form.seed = 2                  # a short game: two CPUs play it to its end at once (test_local_games)
    page.form.seats[0].value, page.form.seats[1].value = "hard", "easy"
    assert page.start_game() and page.session.state.is_terminal()
    assert page.running_game() is None
    first = page.session.state
    assert page.start_game() and page.session.state is not first and not page.confirm_box.visible


def test_conquest_starts_through_the_shared_path() -> None:
    """Conquest's form used to call the session itself; it now starts through PlayFrame.start_or_say, as the
    four others do: its Start button asks too."""
    page = opened("conquest")
    _make, start, move = GAMES["conquest"]
    page.form.seats[1].value = "easy"
    page.form.start.clicks += 1
    move(page)
    state = page.session.state
    page.form.start.clicks += 1
    assert page.confirm_box.visible and page.session.state is state
    page.confirm_start.clicks += 1
    assert page.session.state is not state and page.session.seats == ["human", "easy"]
    assert not page.session.state.is_terminal()


#: each session's own time after its first start and one move (tests.ui.test_local_games's move)
GAME_TIME = {"conquest": "turn 2", "tactics": "day 2", "game_of_war": "turn 3",   # (Conquest, seed 1: Blue first)
             "diplomacy": "Fall 1901 movement", "fronts": "turn 2"}


@pytest.mark.parametrize("game", list(GAMES))
def test_each_session_says_its_game_time_and_the_question_names_it(game: str) -> None:
    """One method per session (``game_time``) says where its game stands; the frame asks only that."""
    _make, start, move = GAMES[game]
    page = opened(game)
    if game == "conquest":
        page.form.seed = 1                      # who plays first is drawn: a fixed seed, the same words
    assert page.session.game_time() == "" and page.running_game() is None
    assert start(page)
    move(page)
    assert page.session.game_time() == page.running_game() == GAME_TIME[game]
    assert not start(page)
    assert GAME_TIME[game] in page.confirm_text.object


def test_a_game_of_war_in_its_free_deployment_is_in_the_deployment_not_at_turn_0() -> None:
    from academy.ui.game_of_war.session import GameOfWarSession
    s = GameOfWarSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=["human", "easy"], deployment="free", seed=3)
    assert s.state.phase == "deploy" and s.game_time() == "the deployment"
