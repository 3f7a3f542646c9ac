"""The coach's review in the app (issue 22), without a browser: the board kit's coach layers, the review's
model (whose decisions, the filter, the mark's words and lesson link) and its panel on every game's replay
page (the replay goes to the mark's board, the decision and the better one are drawn where the game's
registry entry says), "Review this game" on a replay and on a Play page once the game is over."""
from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

from academy.core.record import Record
from academy.core.review import review
from academy.ui.board_kit import coach as kit_coach
from academy.ui.board_kit.board import Board
from academy.ui.board_kit.coach import CoachDrawing, coach_layers, coached, coaching, draw_coach
from academy.ui.lessons_page import game_lessons
from academy.ui.replay import replay_factory
from academy.ui.review_session import ReviewSession
from tests.games.conquest.test_review import record_of as conquest_record
from tests.games.diplomacy.test_review import BELGIUM, GERMANY
from tests.games.diplomacy.test_review import record_of as diplomacy_record
from tests.games.fronts.test_review import ODDS
from tests.games.fronts.test_review import record_of as fronts_record
from tests.games.game_of_war.test_review import TOTALS
from tests.games.game_of_war.test_review import record_of as gow_record
from tests.games.tactics.test_review import GUNS
from tests.games.tactics.test_review import record_of as tactics_record

UI_DIR = Path(__file__).resolve().parents[2] / "academy" / "ui"
BLUNDER = "Red to move, attack | Red: Ukraine 2, Siberia 10 | Blue: Ural 10, Mongolia 1 | rest: Blue 5"


def blunders() -> dict[str, tuple[Record, int]]:
    """A record with one blunder or mistake (with a better decision) per game, and the player who made it."""
    return {
        "conquest": (conquest_record(BLUNDER, "attack Ukraine -> Ural 1"), 0),
        "tactics": (tactics_record(GUNS, "tank F4 attack G4"), 0),
        "game_of_war": (gow_record(TOTALS, "N-I3 attacks S-I2"), 0),
        "diplomacy": (diplomacy_record(BELGIUM, ("FRANCE", ["A PIC - BEL", "A BUR H"]), ("GERMANY", GERMANY)), 2),
        "fronts": (fronts_record(ODDS, "Red: 1 infantry Millbrook -> Westmere"), 0),
    }


def test_doctests() -> None:
    import academy.ui.review_session as review_session
    assert doctest.testmod(kit_coach).failed == 0
    assert doctest.testmod(review_session).failed == 0


def test_only_a_coached_board_gets_the_coach_layers() -> None:
    assert coach_layers() == [] and coach_layers(object()) == []
    with coaching():
        assert [layer.name for layer in coach_layers()] == ["coach-halo", "coach-made", "coach-made-heads",
                                                            "coach-better", "coach-better-heads", "coach-rings"]
    from academy.ui.board_kit.layer import Layer
    plain = Board("plain", [Layer("dots", "points", {"x": [1], "y": [1]})], x_range=(0, 10), y_range=(0, 10),
                  width=100, height=100)
    assert not coached(plain)
    draw_coach(plain, CoachDrawing(made=((0, 0, 5, 5),)))          # nothing to draw on: no error


def test_an_arrow_stops_short_of_its_end_and_rings_take_their_colours() -> None:
    with coaching():
        board = Board("b", coach_layers(), x_range=(0, 10), y_range=(0, 10), width=100, height=100)
    draw_coach(board, CoachDrawing(made=((0, 0, 0, 8),), better_rings=((2, 3),)))
    assert board.column("coach-made", "y1") == [6.5] and board.column("coach-made", "y0") == [0.9]
    assert board.column("coach-rings", "line_color") == [kit_coach.BETTER]
    draw_coach(board, None)
    assert board.column("coach-made", "x0") == [] and board.column("coach-rings", "x") == []


@pytest.mark.parametrize("game", ["conquest", "tactics", "game_of_war", "diplomacy", "fronts"])
def test_the_review_on_each_games_replay(game: str) -> None:
    record, player = blunders()[game]
    page = replay_factory(game)(record, viewer=player, masked=False, title="a test", seat_names=[], chat=[],
                                back_link="", embedded=True)
    assert page.record.review.visible                              # a finished record offers its review
    panel = page.open_review()
    r = panel.review
    assert r.players == [player] and r.review is not None and not r.preparing
    [mark] = [r.review.marks[i] for i in r.shown]
    assert mark.is_mistake and mark.better and r.mark == mark
    s = page.session
    assert s.frame_index == s.frame_of_step(mark.step)             # the board it was decided on
    kit = page.board.kit
    assert kit.column("coach-better", "x0") or kit.column("coach-rings", "x")
    assert kit.column("coach-made", "x0") or kit.column("coach-rings", "x")
    detail = panel.detail.object
    assert mark.why.split(":")[0][:20] in detail.replace("&#x27;", "'").replace("&gt;", ">")
    link = r.lesson_link(mark)
    assert f"href='{link}'" in detail.replace("&amp;", "&") and link.startswith(f"?game={game}&tab=lessons&lesson=")
    lesson = next(x for x in game_lessons(game)[0] if x.id == mark.lesson[0])     # a lesson that exists ...
    assert f"the lesson “{lesson.title}”" in detail.replace("&quot;", '"')           # ... named by its title
    s.to_start()                                                   # stepping away takes the drawing away
    if s.frame_index != s.frame_of_step(mark.step):
        assert kit.column("coach-made", "x0") == [] and kit.column("coach-better", "x0") == []


def test_whose_decisions_and_the_filter() -> None:
    record = conquest_record(BLUNDER, "attack Ukraine -> Ural 1", "attack Siberia -> Mongolia 3")
    r = ReviewSession(record, learners=[0], seat_names=["Ann", "CPU easy"])
    assert list(r.choices()) == ["Red (you)", "Blue (CPU easy)", "Every player"]
    r.show(r.compute([0]))
    assert [r.review.marks[i].grade for i in r.shown] == ["blunder"]
    r.only_mistakes = False
    assert [r.review.marks[i].grade for i in r.shown] == ["blunder", "good"]
    r.go(1)
    assert r.mark.grade == "good" and "Better" not in r.mark_html()
    r.next()
    assert r.position == 1                                          # the last stays the last
    assert "1 good and 1 blunder" in r.summary_html()
    hot_seat = ReviewSession(record, learners=[0, 1])
    assert list(hot_seat.choices())[0] == "You (Red and Blue)"
    assert hot_seat.players == [0, 1]


def test_a_clean_game_says_so_and_a_failure_in_plain_words() -> None:
    r = ReviewSession(conquest_record(BLUNDER, "attack Siberia -> Mongolia 3"), learners=[0])
    r.show(r.compute([0]))
    assert r.mark is None and "No mistakes or blunders among the decisions graded" in r.summary_html()
    r.show(ValueError("the record is damaged"))
    assert r.status_text() == "The review could not be prepared: the record is damaged"
    r.preparing = True
    assert r.status_text() == "Preparing the review of 1 decision…"


def test_a_running_game_has_no_review() -> None:
    record, _ = blunders()["conquest"]
    page = replay_factory("conquest")(record, viewer=0, masked=True, title="running", seat_names=[], chat=[],
                                      back_link="", embedded=True)
    assert not page.record.review.visible
    assert page.open_review() is None
    assert "still running" in page.session.message


def test_choosing_another_player_prepares_their_review() -> None:
    record, _ = blunders()["conquest"]
    page = replay_factory("conquest")(record, viewer=None, masked=False, title="imported", seat_names=[], chat=[],
                                      back_link="", embedded=True)
    panel = page.open_review()
    assert panel.review.players == [0]                             # an imported record: the first player
    panel.who.value = "Blue"
    assert panel.review.players == [1] and panel.review.review.players == (1,)
    assert "Blue: no decision the coach grades." in panel.summary.object
    panel.who.value = "Every player"
    assert panel.review.review.players == (0, 1)


def test_play_pages_offer_the_review_once_the_game_is_over() -> None:
    from academy.ui.conquest.play import PlayPage
    from academy.ui.conquest.session import ConquestSession
    session = ConquestSession(cpu_delay=0, synchronous=True)
    page = PlayPage(session=session)
    launcher = page.review_launcher
    assert launcher.open() is None
    session.new_game(players=2, seats=["easy", "easy"], setup="random", seed=3)
    assert session.game_over and launcher.button.visible
    session.seats = ["human", "easy"]
    panel = launcher.open()
    assert panel.review.players == [0] and panel.review.review is not None


@pytest.mark.parametrize("module", ["review_panel.py", "review_session.py", "board_kit/coach.py", "replay_parts.py",
                                    "live_coach.py", "coach_box.py", "play_progress.py", "seat_memory.py"])
def test_the_review_names_no_game(module: str) -> None:
    code = (UI_DIR / module).read_text(encoding="utf-8")
    names = [m.name for m in importlib.import_module("academy.games").CATALOG]
    assert not [n for n in names if f'"{n}"' in code or f"'{n}'" in code]


def test_a_mark_at_a_decision_the_engine_review_gives() -> None:
    record, player = blunders()["tactics"]
    r = ReviewSession(record, learners=[player])
    r.show(r.compute([player]))
    assert r.review.marks == review(record, [player]).marks


def test_a_notebooks_board_at_a_mark() -> None:
    from academy.ui.notebook import review_board
    record, player = blunders()["game_of_war"]
    rv = review(record, [player])
    page = review_board(rv, 0)
    assert page.session.frame_index == page.session.frame_of_step(rv.marks[0].step)
    kit = page.board.kit
    assert kit.column("coach-better", "x0")
    layers = list(page.board.element)                       # the board as HoloViews draws it, arrows in
    assert len(layers) == len(kit.layers) and len(layers[list(kit.layers).index("coach-better")]) == 1
    assert "Blunder" in page.chrome.review_panel.detail.object
    with pytest.raises(IndexError, match="This review has 1 marks"):
        review_board(rv, 3)


def test_a_stored_games_review_link_and_an_imported_records_review(tmp_path) -> None:
    """A shared game's replay link with &review=1 opens the seat's review once the game is over (a running
    game's says why there is none); an imported record's replay offers it for a player chosen there."""
    import json

    from academy.store.live import LiveHub
    from academy.ui.replay import RecordImportPage, replay_page
    cpus = [{"kind": "cpu", "level": "easy"}, {"kind": "cpu", "level": "easy"}]
    with LiveHub(f"sqlite:///{tmp_path}/review.db", synchronous=True) as hub:
        game, _ = hub.create("conquest", {"players": 2, "setup": "random"}, 3, cpus)
        assert game.status == "finished"
        page = replay_page({"match": str(game.game_id), "replay": "1", "review": "1"}, hub=hub)
        panel = page.chrome.review_panel
        assert panel is not None and panel.review.players == [0] and panel.review.review is not None
        running, tokens = hub.create("conquest", {"players": 2, "setup": "random"}, 4,
                                     [{"kind": "human", "name": "Ann"}, {"kind": "cpu", "level": "easy"}])
        token = next(iter(tokens.values())) if isinstance(tokens, dict) else tokens[0]
        seat_page = replay_page({"match": str(running.game_id), "seat": token, "replay": "1", "review": "1"},
                                hub=hub)
        assert seat_page.chrome.review_panel is None and "still running" in seat_page.session.message
        record = game.record_copy()
    imported = RecordImportPage()
    assert imported.import_file(json.dumps(record.to_json()), name="game.json")
    assert imported.shown.record.review.visible
    panel = imported.shown.open_review()
    assert panel.review.players == [0] and "Blue" in panel.review.choices()


@pytest.mark.parametrize("game", ["diplomacy", "fronts"])
def test_a_game_of_orders_on_this_screen_offers_its_review_once_over(game: str) -> None:
    from academy.ui.registry import part
    page = part(game, "play")()
    s = page.session
    s.synchronous = True
    if game == "fronts":
        s.new_game(people=["red"], turns=1, seed=1)
    else:
        s.new_game(people=["FRANCE"], seed=1, years=1)
    assert not page.review_launcher.button.visible
    for _ in range(10):
        if s.game_over:
            break
        s.submit()                                                 # every unit holds
    assert s.game_over and page.review_launcher.button.visible
    panel = page.review_launcher.open()
    player = 0 if game == "fronts" else 2
    assert panel.review.players == [player] and panel.review.review is not None
    assert panel.review.seat_label(player).endswith("(you)")
