"""The frame the five Play pages share (academy/ui/play_frame.py, issue 14: one piece of code for one idea):
each page builds its new-game card, pass-the-screen cover, share link, replay slot and Save / Load there,
and they behave the same on every page. No browser: the pages are built as a test builds any view."""
from __future__ import annotations

import importlib
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

import panel as pn
import pytest

from academy.ui.play_frame import PlayFrame, message_html, show_objects
from academy.ui.position_link import ShareLink
from academy.ui.review_panel import ReviewLauncher
from academy.ui.save_load import SaveLoadBar

UI_DIR = Path(__file__).resolve().parents[2] / "academy" / "ui"


def _conquest() -> Any:
    from academy.ui.conquest.play import PlayPage
    page = PlayPage(cpu_delay=0)
    page.session.synchronous = True
    return page


def _tactics() -> Any:
    from academy.ui.tactics.play import TacticsPlayPage
    from academy.ui.tactics.session import TacticsSession
    return TacticsPlayPage(TacticsSession(synchronous=True, cpu_delay=0), seed=3)


def _game_of_war() -> Any:
    from academy.ui.game_of_war.play import GameOfWarPlayPage
    from academy.ui.game_of_war.session import GameOfWarSession
    return GameOfWarPlayPage(GameOfWarSession(synchronous=True, cpu_delay=0), seed=3)


def _diplomacy() -> Any:
    from academy.ui.diplomacy.play import DiplomacyPlayPage
    return DiplomacyPlayPage(seed=3)


def _fronts() -> Any:
    from academy.ui.fronts.play import FrontsPlayPage
    return FrontsPlayPage(seed=3)


def _fronts_line() -> str:
    from academy.games.fronts.game import FrontsGame, format_game_position
    return format_game_position(FrontsGame(players=2, map="duel").new_initial_state())


# game: (page, a position line, a line that cannot be read and what its message says, whether the page
# has the frame's pass-the-screen cover (the Game of War has its own, for the hidden deployment), whether
# it has the frame's Save / Load bar (Conquest's Undo / Save / Load are its GameTools))
GAMES: dict[str, tuple[Callable[[], Any], Callable[[], str], str, str, bool, bool]] = {
    "conquest": (_conquest,
                 lambda: "Red to move, attack | Red: Ukraine 5, Ural 2 | Blue: Afghanistan 3 | rest: Blue 1",
                 "Red to move, attack | Red: Ukraine five, Ural 2 | Blue: Afghanistan 3 | rest: Blue 1",
                 "cannot be read", True, False),
    "diplomacy": (_diplomacy, lambda: "F1901M | England: A LON, F NTH | France: A BRE",
                  "S1901M | England: F XYZ", "XYZ&#x27; is not a province", True, True),
    "fronts": (_fronts, _fronts_line, "map: duel; Red 10: 2 infantry Nowhere", "Nowhere&#x27; is not a province",
               True, True),
    "game_of_war": (_game_of_war,
                    lambda: ("North to move | board: empty | North arsenals: a8 | South arsenals: a10 | "
                             "North: N-I1 e8, N-I2 g8 | South: S-I1 e10"),
                    ("North to move | board: empty | North arsenals: a8 | South arsenals: a10 | "
                     "North: N-I1 zz99, N-I2 g8 | South: S-I1 e10"), "zz99&#x27; is not a square", False, True),
    "tactics": (_tactics, lambda: "river_crossing day 1 red | red 0: tank E2 | blue 0: infantry G8",
                "river_crossing day 1 red | red 0: tank Z99 | blue 0: infantry G8", "Z99 is off the board",
                True, True),
}


@pytest.fixture(params=sorted(GAMES))
def game(request: pytest.FixtureRequest) -> str:
    return request.param


def _page(game: str) -> Any:
    return GAMES[game][0]()


def test_every_play_page_has_the_frames_parts(game: str) -> None:
    make, _line, _bad, _says, has_cover, has_save_load = GAMES[game]
    page = make()
    assert isinstance(page, PlayFrame) and page.game == game
    assert page.__panel__() is page.layout
    card = page.form_card
    assert isinstance(card, pn.Card) and card.title == "New game" and "new-game-card" in card.css_classes
    assert not card.collapsed and not page.game_area.visible            # no game yet: the form, open
    assert "form-message" in page.form_message.css_classes and not page.form_message.object
    assert isinstance(page.share, ShareLink) and not page.share.layout.visible
    assert "local-replay" in page.replay_area.css_classes and not page.replay_area.objects
    assert isinstance(page.review_launcher, ReviewLauncher) and not page.review_launcher.button.visible
    assert page.open_replay() is None                                  # nothing to replay yet
    if has_cover:
        assert "pass-screen" in page.cover.css_classes and not page.cover.visible
        assert "cover-ready" in page.cover_button.css_classes and page.table.visible
    if has_save_load:
        assert isinstance(page.tools, SaveLoadBar)
        assert page.tools.save.filename == f"{game.replace('_', '-')}-game.json"
        assert page.replay_button.label == "Replay this game" and "replay-game" in page.replay_button.css_classes
    page.stop_cpu_when_closed()                                        # not served: nothing to do, no error


def test_show_game_folds_the_form_and_opens_it_again(game: str) -> None:
    make, line, *_ = GAMES[game]
    page = make()
    assert page.open_position(line())
    assert page.game_area.visible and page.form_card.collapsed          # a game: the form folds away
    assert page.read_link(line()) is not None
    page.form_card.collapsed = False                                    # opened again with the game on
    page.show_game(True)
    assert not page.form_card.collapsed                                 # folded only when the game appears
    page.show_game(False)
    assert not page.game_area.visible and not page.form_card.collapsed
    page.show_game(True)
    assert page.game_area.visible and page.form_card.collapsed


def test_a_new_game_closes_the_last_games_replay(game: str) -> None:
    """A newcomer's walk: after "Replay this game" and then a new game, the old game's replay stayed under the
    new board, still titled "Your game so far". The replay stays while its game goes on; another game (new,
    loaded or opened from a link) closes it."""
    make, line, *_ = GAMES[game]
    page = make()
    assert page.open_position(line())
    assert page.open_replay() is not None and page.replay_area.objects
    page._update()
    assert page.replay_area.objects                                     # the same game: still there
    assert page.open_position(line())                                   # another game
    page._update()
    assert not page.replay_area.objects


def test_start_or_say_reports_a_refusal_under_the_form(game: str) -> None:
    page = _page(game)
    words = "That map can't take 7 players: choose 2 to 6."

    def refuse() -> None:
        raise ValueError(words)

    assert page.start_or_say(refuse) is False
    assert escape(words) in page.form_message.object
    assert not page.game_area.visible
    assert not page.form_card.collapsed                                  # refused: the form stays open
    started = []
    assert page.start_or_say(lambda: started.append(True)) is True
    assert started and escape(words) not in page.form_message.object   # said no more once a start went through
    assert page.form_card.collapsed                                      # started: the form folds away
    page.form_card.collapsed = False                                     # "New game" opened again ...
    assert page.start_or_say(lambda: started.append(True)) is True
    assert page.form_card.collapsed                                      # ... and a second start folds it too
    with pytest.raises(KeyError):                                       # only a refusal (ValueError) is said
        page.start_or_say(lambda: {}["x"])


def test_a_bad_link_says_why_and_opens_no_game(game: str) -> None:
    make, _line, bad, says, *_ = GAMES[game]
    page = make()
    assert page.read_link(bad) is None
    assert says in page.form_message.object and "cannot be read" in page.form_message.object
    assert page.open_position(bad) is False and not page.game_area.visible
    assert not page.form_card.collapsed


def test_the_cover_hides_the_table_and_says_who_is_next(game: str) -> None:
    make, line, _bad, _says, has_cover, _ = GAMES[game]
    if not has_cover:
        pytest.skip("the Game of War's cover is its own (the hidden deployment: game_of_war/deploy.py)")
    page = make()
    assert page.open_position(line())
    name, _sentence, shows = page.pass_screen_words()
    page.show_cover(True)
    assert page.cover.visible and not page.table.visible
    assert f"Pass the screen to {escape(name)}" in page.cover_text.object
    assert page.cover_button.label == f"I'm {name}: show my {shows}"
    page.show_cover(False)
    assert not page.cover.visible and page.table.visible


def test_show_objects_sends_only_what_changed() -> None:
    pane = pn.pane.HTML("a")
    sent: list[Any] = []
    pane.param.watch(lambda e: sent.append(e.new), "object")
    show_objects(((pane, "a"),))
    assert sent == []
    show_objects(((pane, message_html("<b>"),),))
    assert sent == ["<div class='academy-message'>&lt;b&gt;</div>"] and message_html("") == ""


def test_the_frame_names_no_game() -> None:
    code = (UI_DIR / "play_frame.py").read_text(encoding="utf-8").lower()
    entries = importlib.import_module("academy.games").CATALOG
    assert not [w for e in entries for w in (e.name, e.title.lower()) if w in code]


def test_the_coach_box_appears_once_a_game_against_the_cpu_starts(game: str) -> None:
    """The live coach's box follows the page's session (its ``keep_watch``: Tactics' and Fronts' sessions
    publish ``obs``): hidden before any game, offered once a game against the CPU is on (it stayed hidden
    on the Tactics page, which watched the wrong parameter)."""
    make, line, *_ = GAMES[game]
    page = make()
    box = next(c for c in page.layout.select(pn.Column) if "coach-box" in c.css_classes)
    assert not box.visible
    assert page.open_position(line(), cpu="easy")
    assert page.session.coach_offered and box.visible
