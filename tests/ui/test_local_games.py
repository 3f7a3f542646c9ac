"""A local game survives a reload (issue 14, item 8): each of the five Play pages keeps its game for the
browser's learner id after every action, and a new page in that browser brings it back where it was."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from academy.store import Store
from academy.store.local_games import LocalGames
from academy.ui.local_games import GameKeeper, back_text, keep_local_game
from academy.ui.progress_page import LearnerKey

KEY = "reload-test-learner-0001"


@pytest.fixture
def games(tmp_path: Path) -> Iterator[LocalGames]:
    with Store(f"sqlite:///{tmp_path / 'academy.db'}") as store:
        yield LocalGames(store)


def _conquest() -> Any:
    from academy.ui.conquest.play import PlayPage
    page = PlayPage(cpu_delay=0)
    page.session.synchronous = True
    return page


def _conquest_start(page: Any) -> bool:
    page.form.seats[1].value = "easy"
    return page.start_game()


def _conquest_move(page: Any) -> None:
    s = page.session
    s.act(s.state.legal_actions()[-1])


def _tactics() -> Any:
    from academy.ui.tactics.play import TacticsPlayPage
    from academy.ui.tactics.session import TacticsSession
    return TacticsPlayPage(TacticsSession(synchronous=True, cpu_delay=0), seed=3)


def _tactics_start(page: Any) -> bool:
    page.seat_choices[1].value = "easy"
    page.fog.value = True
    return page.start_game()


def _gow() -> Any:
    from academy.ui.game_of_war.play import GameOfWarPlayPage
    from academy.ui.game_of_war.session import GameOfWarSession
    return GameOfWarPlayPage(GameOfWarSession(synchronous=True, cpu_delay=0), seed=3)


def _gow_start(page: Any) -> bool:
    page.level.value = "easy"
    return page.start_game()


def _end_turn(page: Any) -> None:
    assert page.session.end_turn()


def _diplomacy() -> Any:
    from academy.ui.diplomacy.play import DiplomacyPlayPage
    return DiplomacyPlayPage(seed=3)


def _diplomacy_start(page: Any) -> bool:
    page.people.value = ["FRANCE", "GERMANY"]          # hot seat: two people at this screen
    return page.start_game()


def _diplomacy_move(page: Any) -> None:
    s = page.session
    s.show_screen()
    s.click("PAR"); s.click("BUR")
    s.submit()                         # France's orders are in; Germany's turn at the screen
    s.show_screen()
    s.submit()                         # the phase resolves


def _fronts() -> Any:
    from academy.ui.fronts.play import FrontsPlayPage
    return FrontsPlayPage(seed=3)


def _fronts_start(page: Any) -> bool:
    page.level.value = "easy"
    return page.start_game()


def _fronts_move(page: Any) -> None:
    s = page.session
    s.click("millbrook"); s.click("westmere")
    s.submit()


#: per game: a Play page, its form filled and Start pressed (True: started; False: refused, or asked first while
#: a game runs), one move
GAMES: dict[str, tuple[Callable[[], Any], Callable[[Any], bool], Callable[[Any], None]]] = {
    "conquest": (_conquest, _conquest_start, _conquest_move),
    "tactics": (_tactics, _tactics_start, _end_turn),
    "game_of_war": (_gow, _gow_start, _end_turn),
    "diplomacy": (_diplomacy, _diplomacy_start, _diplomacy_move),
    "fronts": (_fronts, _fronts_start, _fronts_move),
}


def _open(game: str, games: LocalGames, query: dict[str, str] | None = None, page: Any = None) -> Any:
    """A Play tab as the shell builds it, its learner-id hook told the browser's id (as the browser does)."""
    page = page if page is not None else GAMES[game][0]()
    wrapped = keep_local_game(game, page, query, games=games)
    hook = next(o for o in wrapped.objects if isinstance(o, LearnerKey))
    hook.key = KEY
    hook.checked = True
    return page


def _where(game: str, page: Any) -> tuple[Any, ...]:
    """The position shown: the one-line position, whose turn, the seats and the log's length."""
    from academy.ui.position_link import position_text
    kept = page.local_game()
    state = kept.record.replay()
    return position_text(game, state), state.to_move(), kept.setup, len(kept.record), kept.finished


@pytest.mark.parametrize("game", list(GAMES))
def test_a_reload_brings_the_local_game_back(game: str, games: LocalGames) -> None:
    """issue 14, item 8: after a move, a new Play tab in the same browser shows the same game, with the notice."""
    make, start, move = GAMES[game]
    page = _open(game, games)
    assert start(page)
    move(page)
    before = _where(game, page)
    kept = games.load(KEY, game)
    assert kept is not None and len(kept.record["log"]) == before[3] and not kept.finished

    again = _open(game, games)
    assert _where(game, again) == before
    notice = again.keeper.notice
    assert notice.visible and "is back. New game starts a fresh one." in notice.object
    assert not page.keeper.notice.visible
    if game in ("diplomacy", "fronts"):                       # the results of every phase are back too
        assert len(again.session.history if game == "diplomacy" else again.session.reports) >= 1
    else:
        assert again.session.log and len(again.session.log) >= 2

    assert not start(again) and again.confirm_box.visible    # New game asks first: the kept game runs
    assert _where(game, again) == before and notice.visible
    again.confirm_start.clicks += 1                           # "Start the new game" replaces the kept one
    assert not notice.visible
    assert len(games.load(KEY, game).record["log"]) == len(again.local_game().record)


def test_a_finished_game_is_not_brought_back(games: LocalGames) -> None:
    """issue 14, item 8: a game that is over is kept as over, and a reload starts with the new-game form."""
    page = _open("conquest", games)
    page.form.seed = 2                  # a short game (an all-easy game may run for hundreds of turns, issue 21)
    page.form.seats[0].value, page.form.seats[1].value = "hard", "easy"   # two CPUs play it to its end at once
    page.form.start.clicks += 1
    assert page.session.state.is_terminal() and games.load(KEY, "conquest").finished
    again = _open("conquest", games)
    assert again.session.state is None and not again.keeper.notice.visible


@pytest.mark.parametrize("game", list(GAMES))
def test_a_resigned_game_is_kept_as_over_and_not_brought_back(game: str, games: LocalGames) -> None:
    """A newcomer resigned a Diplomacy game and found it back, running, on the next visit: a resignation is
    saved at once in every game, as a finished game."""
    make, start, move = GAMES[game]
    page = _open(game, games)
    assert start(page)
    move(page)
    assert page.session.resign() and page.session.game_over
    assert games.load(KEY, game).finished
    again = _open(game, games)
    assert not again.keeper.notice.visible


def test_a_position_link_shows_its_position_and_does_not_throw_the_kept_game_away(games: LocalGames) -> None:
    """issue 14, item 8: ?position= opens the link's position. A newcomer's walk: "Play this out" from a
    running hard game replaced that game for good (the next visit brought back the practice game). While the
    browser keeps a running game, the link's game is not kept, the notice says so and links back to it, and
    "Keep this game instead" keeps the link's game from then on."""
    page = _open("conquest", games)
    assert _conquest_start(page)
    _conquest_move(page)
    running = games.load(KEY, "conquest")
    from academy.ui.position_link import position_text
    line = position_text("conquest", page.session.state)
    from academy.ui.conquest.play import PlayPage
    linked = _open("conquest", games, {"position": line}, PlayPage(cpu_delay=0, position=line))
    assert linked.session.seats == ["human", "human"]
    notice = linked.keeper.notice
    assert notice.visible
    assert "is still kept. This game, opened from a link, does not replace it: a reload will not bring this one back." \
        in notice.object
    assert "href='?game=conquest&tab=play'" in notice.object and ">Back to that game</a>" in notice.object
    _conquest_move(linked)
    assert games.load(KEY, "conquest").record == running.record           # the running game is still the kept one
    assert linked.keeper.keep_instead.visible
    linked.keeper.keep_instead.clicks += 1                                 # "Keep this game instead"
    assert not notice.visible and not linked.keeper.keep_instead.visible
    assert games.load(KEY, "conquest").setup == {"seats": ["human", "human"]}
    assert len(games.load(KEY, "conquest").record["log"]) == len(linked.local_game().record)


def test_a_position_link_is_kept_when_no_running_game_is(games: LocalGames) -> None:
    from academy.ui.position_link import position_text
    from academy.ui.conquest.play import PlayPage
    page = _conquest()
    assert _conquest_start(page)
    line = position_text("conquest", page.session.state)
    linked = _open("conquest", games, {"position": line}, PlayPage(cpu_delay=0, position=line))
    assert not linked.keeper.notice.visible and not linked.keeper.keep_instead.visible
    assert games.load(KEY, "conquest").setup == {"seats": ["human", "human"]}


def test_nothing_is_saved_before_the_browser_says_its_learner_id(games: LocalGames) -> None:
    """issue 14, item 8: the game is kept under the browser's own id, never under the server's proposal."""
    page = _conquest()
    hook = LearnerKey(key="proposed-by-the-server-01")
    GameKeeper("conquest", page, hook, games=games)
    assert _conquest_start(page)
    assert games.load("proposed-by-the-server-01", "conquest") is None
    hook.key = KEY
    hook.checked = True
    assert games.load(KEY, "conquest") is not None


def test_the_notice_names_the_time() -> None:
    saved = datetime(2026, 12, 1, 14, 5, tzinfo=UTC)
    assert back_text(saved, saved) == "Your game from today, 14:05 UTC is back. New game starts a fresh one."
    assert back_text(saved, datetime(2026, 12, 3, tzinfo=UTC)).startswith("Your game from 1 December 2026, 14:05")
