"""Progress from play (issue 22, item 3), without a browser: which seats of a kept game are the learner's,
the rules misplayed most counted from the coach's reviews of their finished games, the progress page's
"What your games say" with each rule's lesson link, and the teacher's class table of the same."""
from __future__ import annotations

import doctest

import panel as pn
import pytest

import academy.ui.play_progress as play_progress
from academy.games import REGISTRY
from academy.store import Store
from academy.store.classroom import Classroom
from academy.store.local_games import LocalGames
from academy.store.progress import Progress, new_learner_key
from academy.ui.classroom import JoinView, TeacherView
from academy.ui.play_progress import ClassPlayProgress, PlayProgress, learner_seats, misplays, reviewed
from academy.ui.progress_page import ProgressPage
from tests.games.conquest.test_review import record_of

BLUNDER = "Red to move, attack | Red: Ukraine 2, Siberia 10 | Blue: Ural 10, Mongolia 1 | rest: Blue 5"
#: Ukraine's only attack: with 1 die of the 3 allowed it is the dice lesson's blunder
DICE = "Red to move, attack | Red: Ukraine 4 | Blue: Ural 3 | rest: Red 1"


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("ACADEMY_DATA", str(tmp_path / "data"))
    with Store(f"sqlite:///{tmp_path}/play.db") as s:
        yield s


def test_doctests() -> None:
    assert doctest.testmod(play_progress).failed == 0


def test_the_learners_seats_of_a_kept_game() -> None:
    conquest = record_of(BLUNDER)
    assert learner_seats(conquest, {"seats": ["easy", "human"]}) == [1]
    assert learner_seats(conquest, {"seats": ["human", "human"]}) == [0, 1]
    diplomacy = REGISTRY["diplomacy"]().new_initial_state(seed=1).record
    assert learner_seats(diplomacy, {"people": ["FRANCE", "ITALY"], "levels": {}}) == [2, 4]
    fronts = REGISTRY["fronts"]().new_initial_state(1).record
    assert learner_seats(fronts, {"people": ["blue"], "level": "easy"}) == [1]


def test_rules_misplayed_are_counted_by_lesson_most_first() -> None:
    two = record_of(BLUNDER, "attack Ukraine -> Ural 1")
    rv = reviewed(two, [0])
    assert reviewed(two.to_json(), [0]) is rv                     # reviewed once per process
    dice = record_of(DICE, "attack Ukraine -> Ural 1")
    found = misplays([rv, reviewed(dice, [0]), reviewed(record_of(BLUNDER, "attack Ukraine -> Ural 1"), [0])])
    assert [(m.lesson, m.count, m.graded) for m in found] == [(("attacking", None), 2, 3),
                                                               (("attacking", "most-dice"), 1, 3)]


def test_the_progress_page_says_what_the_learners_games_say(store) -> None:
    key = new_learner_key()
    games = LocalGames(store)
    page = PlayProgress(lambda: key, ("conquest", "tactics"), games)
    page.refresh()
    assert "Finish a game on a game's Play tab" in page.pane.object
    games.save(key, "conquest", record_of(BLUNDER, "attack Ukraine -> Ural 1").to_json(),
               {"seats": ["human", "easy"]}, finished=True)
    games.save(key, "tactics", REGISTRY["tactics"]().new_initial_state(seed=1).record.to_json(),
               {"seats": ["human", "easy"]}, finished=False)       # a running game is not read
    page.refresh()
    text = page.pane.object
    assert "data-game='conquest'" in text and "data-game='tactics'" not in text
    assert "href='?game=conquest&amp;tab=lessons&amp;lesson=attacking'" in text
    assert "the lesson “Attacking and the dice”" in text
    assert "1 mistake or blunder of 1 decision the coach graded" in text
    games.save(key, "conquest", record_of(BLUNDER, "attack Siberia -> Mongolia 3").to_json(),
               {"seats": ["human", "easy"]}, finished=True)
    page.refresh()
    assert "No mistakes or blunders in your last game (1 decision graded)." in page.pane.object


def test_the_progress_page_has_the_part(store, monkeypatch) -> None:
    key = new_learner_key()
    monkeypatch.setattr("academy.ui.progress_page.learner_store", lambda: store)
    LocalGames(store).save(key, "conquest", record_of(BLUNDER, "attack Ukraine -> Ural 1").to_json(),
                           {"seats": ["human", "easy"]}, finished=True)
    page = ProgressPage({"learner": key}, progress=Progress(store))
    text = "".join(str(getattr(o, "object", "")) for o in pn.panel(page).select())
    assert "What your games say" in text and "the lesson “Attacking and the dice”" in text


def test_the_teachers_class_table_shows_each_students_rule(store) -> None:
    room = Classroom(store)
    info, token = room.open_class("conquest", "attacking", exercises=2)
    for name in ("Ann", "Bob"):
        join = JoinView({"code": info.code}, room)
        join.name_input.value = name
        join.join()
    teacher = TeacherView(token, room)
    ann = next(r for r in teacher.rows if r.name == "Ann")
    key = Progress(store).learner_by_id(ann.learner_id).key
    LocalGames(store).save(key, "conquest", record_of(BLUNDER, "attack Ukraine -> Ural 1").to_json(),
                           {"seats": ["human", "easy"]}, finished=True)
    teacher.refresh()
    text = teacher.play.pane.object
    ann_row = text[text.index("data-student='Ann'"):]
    assert "the lesson “Attacking and the dice”" in ann_row[:ann_row.index("</tr>")]
    bob_row = text[text.index("data-student='Bob'"):]
    assert "no finished game yet" in bob_row[:bob_row.index("</tr>")]
    assert ClassPlayProgress("conquest", LocalGames(store)).html([]) == \
        "<p class='academy-muted'>No student has joined yet.</p>"


def test_the_shared_games_this_browser_played(tmp_path) -> None:
    """A finished shared game whose seat the browser remembers is reviewed for that seat; a running one, a
    forged token and a malformed entry are passed over."""
    from academy.store.live import LiveHub
    from academy.ui.play_progress import shared_reviews
    from academy.ui.seat_memory import seats_of
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "cpu", "level": "easy"}]
    with LiveHub(f"sqlite:///{tmp_path}/shared.db", synchronous=True) as hub:
        game, token = _finished_shared_game(hub)
        running, more = hub.create("conquest", {"players": 2, "setup": "random"}, 5, seats)
        sent = [[game.game_id, token], [running.game_id, more[0]], [game.game_id, "forged-token-xyz"], "junk", [1, 2]]
        found = shared_reviews(hub, seats_of(sent))
    assert list(found) == ["conquest"] and len(found["conquest"]) == 1
    rv = found["conquest"][0]
    assert rv.players == (0,) and rv.marks[0].grade == "blunder"
    with Store(f"sqlite:///{tmp_path}/other.db") as other:             # another server: none of these games
        page = PlayProgress(lambda: new_learner_key(), ("conquest",), LocalGames(other), hub=LiveHub(other.url))
        page.remembered.seats = sent                                     # the browser sends its list
        assert "Finish a game" in page.pane.object
        page.hub.close()


def _finished_shared_game(hub):
    """A finished shared Conquest game whose seat 0 (a person) blundered: (live game, seat 0's token)."""
    from academy.games.conquest import parse_position
    last = parse_position("Red to move, attack | Red: Siberia 10, Kamchatka 2, Ukraine 10 | Blue: Mongolia 1, Ural 3 "
                          "| rest: Red 1")
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "cpu", "level": "easy"}]
    game, tokens = hub.create("conquest", dict(last.game.options), 4, seats, start=last.to_json())
    token = tokens[0]
    game.act(token, last.game.parse_action("attack Kamchatka -> Mongolia 1", last))
    while game.status != "finished":
        state = game.state_copy()
        legal = [a for a in state.legal_actions() if type(a).__name__ != "EndAttack"]
        game.act(token, max(legal, key=lambda a: getattr(a, "dice", 0)))
    return game, token


def test_the_class_table_reads_a_students_shared_games(tmp_path, monkeypatch) -> None:
    """A student opens their seat's link in their browser (which has their learner id): the store keeps the
    seat for them (by number, not token), and the teacher's class table, in another browser, shows the rule
    they misplayed in that shared game."""
    from academy.store.learner_seats import LearnerSeats
    from academy.store.live import LiveHub
    from academy.ui.dashboard import shared_game_page
    monkeypatch.setenv("ACADEMY_DATA", str(tmp_path / "data"))
    with LiveHub(f"sqlite:///{tmp_path}/class.db", synchronous=True) as hub:
        store = hub.store
        room = Classroom(store)
        info, token = room.open_class("conquest", "attacking", exercises=2)
        join = JoinView({"code": info.code}, room)
        join.name_input.value = "Ann"
        join.join()
        teacher = TeacherView(token, room)
        ann = next(r for r in teacher.rows if r.name == "Ann")
        key = Progress(store).learner_by_id(ann.learner_id).key
        game, seat_token = _finished_shared_game(hub)
        page = shared_game_page(str(game.game_id), seat_token, hub=hub)
        hook = next(o for o in page.layout.objects if type(o).__name__ == "LearnerKey")
        seats = LearnerSeats(store)
        monkeypatch.setattr("academy.ui.progress_page.learner_store", lambda: store)
        hook.param.update(key=key, checked=True)                   # the browser sends its learner id
        assert seats.of(learner_id=ann.learner_id) == [(game.game_id, 0)]
        table = ClassPlayProgress("conquest", LocalGames(store), seats, hub)
        text = table.html([(ann.learner_id, "Ann")])
        assert "the lesson “Attacking and the dice”" in text, text
        assert "Rule misplayed most in their games" in text


def test_a_seat_page_in_a_browser_without_a_learner_id_keeps_nothing(tmp_path) -> None:
    from academy.store.learner_seats import LearnerSeats
    from academy.ui.seat_memory import keep_seat
    with Store(f"sqlite:///{tmp_path}/none.db") as store:
        assert keep_seat("", 1, 0, LearnerSeats(store)) is False
        assert keep_seat(new_learner_key(), 99, 0, LearnerSeats(store)) is False     # no such game: refused, logged


def test_the_progress_page_reads_shared_games_the_store_keeps_for_the_learner(tmp_path) -> None:
    """Issue 22, item 3: on another device (its progress link: no seat remembered by that browser) the
    learner's page still shows what their shared games say, from the seats the store keeps for their id;
    a seat both lists know is read once."""
    from academy.store.learner_seats import LearnerSeats
    from academy.store.live import LiveHub
    with LiveHub(f"sqlite:///{tmp_path}/kept.db", synchronous=True) as hub:
        game, token = _finished_shared_game(hub)
        key = new_learner_key()
        seats = LearnerSeats(hub.store)
        seats.remember(key, game.game_id, 0)
        page = PlayProgress(lambda: key, ("conquest",), LocalGames(hub.store), hub=hub, seats=seats)
        assert page.shared_seats() == [(game.game_id, 0)]
        assert "the lesson “Attacking and the dice”" in page.html()
        page.remembered.seats = [[game.game_id, token]]         # this browser remembers the same seat
        assert page.shared_seats() == [(game.game_id, 0)]
        other = PlayProgress(lambda: new_learner_key(), ("conquest",), LocalGames(hub.store), hub=hub, seats=seats)
        assert other.shared_seats() == [] and "Attacking and the dice" not in other.html()
