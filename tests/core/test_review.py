"""The coach's review, the game-neutral part (academy/core/review.py): grades, marks, the Review, the
errors for bad input, phases of simultaneous orders, and every game's reviewer and lesson links."""
from __future__ import annotations

import doctest
import importlib

import pytest

import academy
from academy.core import review as core_review
from academy.core.errors import ReviewError
from academy.core.protocol import Game
from academy.core.record import Entry, Record
from academy.core.review import GRADES, Decision, Mark, Review, grade_of, phase_of, review
from academy.games import REGISTRY
from academy.games.conquest import ConquestGame
from academy.games.conquest.review import ConquestReviewer
from academy.games.diplomacy.actions import SubmitOrders
from academy.lessons import load_lessons
from tests.games.conquest.test_review import record_of

BLUNDER = "Red to move, attack | Red: Ukraine 2, Siberia 10 | Blue: Ural 10, Mongolia 1 | rest: Blue 5"


def conquest_record(*commands: str) -> Record:
    """A Conquest record from BLUNDER's position with ``commands`` played (dice from the record's seed)."""
    return record_of(BLUNDER, *commands)


def test_doctests() -> None:
    assert doctest.testmod(core_review).failed == 0


def test_grade_of_follows_the_thresholds() -> None:
    grades = [grade_of(loss, (5, 15, 30)) for loss in (0, 4.99, 5, 14.9, 15, 29.9, 30, 100)]
    assert grades == ["good", "good", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]
    with pytest.raises(ValueError, match="must rise"):
        grade_of(1, (5, 3, 30))


def test_a_mark_has_one_of_the_four_grades() -> None:
    with pytest.raises(ValueError, match="good, inaccuracy, mistake, blunder"):
        Mark(0, 0, "x", "brilliant", None, {}, {}, "why", ("attacking", None))


def test_review_counts_rows_and_board() -> None:
    rv = review(conquest_record("attack Ukraine -> Ural 1", "attack Siberia -> Mongolia 3"))
    assert isinstance(rv, Review) and rv.game == "conquest" and rv.players == (0, 1)
    assert [m.grade for m in rv.marks] == ["blunder", "good"]
    assert rv.counts == {0: {"good": 1, "inaccuracy": 0, "mistake": 0, "blunder": 1},
                         1: dict.fromkeys(GRADES, 0)}
    assert rv.mistakes_per_decision() == 0.5 == rv.mistakes_per_decision(0)
    assert rv.mistakes_per_decision(1) == 0.0
    row = rv.rows()[0]
    assert row["player"] == "Red" and row["decision"] == "attack Ukraine -> Ural 1"
    assert row["better"] == "attack Siberia -> Mongolia 3" and row["lesson"] == "attacking"
    assert set(row) == {"step", "player", "decision", "grade", "better", "numbers", "better numbers", "why", "lesson"}
    board = rv.state_at(1)                                  # after the first roll: one army lost
    assert rv.marks[1].step == 2 and board.phase == "attack"
    assert board.armies["ukraine"] + board.armies["ural"] == 11
    assert "<table>" in rv._repr_html_() and "blunder" in rv._repr_html_()


def test_review_of_chosen_players_and_json() -> None:
    record = conquest_record("attack Ukraine -> Ural 1")
    assert review(record, players=[1]).marks == ()
    assert academy.review(record.to_json()).rows() == review(record).rows()


def test_bad_input_raises_clear_errors() -> None:
    record = conquest_record("attack Ukraine -> Ural 1")
    with pytest.raises(ReviewError, match=r"players are 0 \(Red\), 1 \(Blue\)") as e:
        review(record, players=[2])
    assert e.value.reason == "bad_player"
    with pytest.raises(ReviewError, match="academy.review") as e:
        review(record.to_json())             # JSON goes through academy.review
    assert e.value.reason == "not_a_record"
    with pytest.raises(ReviewError) as e:
        review(record).mistakes_per_decision(5)
    assert e.value.reason == "bad_player"
    broken = Record(record.game, record.seed, [Entry(0, record.entries[0].action), Entry(1, record.entries[0].action)],
                    record.start)
    with pytest.raises(ReviewError, match="Entry 1 of this Conquest record") as e:
        review(broken)
    assert e.value.reason == "bad_record"


def test_a_record_of_another_game_is_refused_by_a_games_reviewer() -> None:
    tactics = REGISTRY["tactics"]()
    with pytest.raises(ReviewError, match="record of Tactics") as e:
        ConquestReviewer(tactics)
    assert e.value.reason == "wrong_game"
    reviewer = ConquestReviewer(REGISTRY["conquest"](players=2))
    state = tactics.new_initial_state(seed=1)
    with pytest.raises(ReviewError) as e:
        reviewer.grade(Decision(0, 0, state.legal_actions()[-1], state, state.record))
    assert e.value.reason == "wrong_game"


def test_a_game_without_a_reviewer() -> None:
    class Plain(ConquestGame):                 # a game that has not written its reviewer yet
        reviewer = Game.reviewer
    record = conquest_record()
    record.game = Plain(players=2)
    with pytest.raises(ReviewError, match="has no reviewer") as e:
        review(record)
    assert e.value.reason == "no_reviewer"


def test_phase_of_finds_each_players_last_orders() -> None:
    from academy.games.diplomacy.actions import Resolve, SubmitOrders
    from academy.games.diplomacy.game import DiplomacyGame
    state = DiplomacyGame().new_initial_state(seed=1)
    state.submit("FRANCE", ["A PAR - BUR"])
    state.submit("GERMANY", ["A MUN - BUR"])
    state.submit("FRANCE", ["A PAR - PIC"])              # replaces France's first orders
    state.resolve()
    state.submit("FRANCE", ["A PIC - BEL"])              # the next phase, never resolved
    orders, end = (lambda a: isinstance(a, SubmitOrders)), (lambda a: isinstance(a, Resolve))
    assert phase_of(state.record, 1, orders, end) == ({2: 2, 3: 1}, True)
    assert phase_of(state.record, 4, orders, end) == ({2: 4}, False)


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_game_has_a_reviewer_whose_lessons_exist(name: str) -> None:
    game = REGISTRY[name]()
    assert callable(game.reviewer().grade)
    module = importlib.import_module(f"academy.games.{name}.review")
    lessons, errors = load_lessons(name)
    assert not errors
    by_id = {lesson.id: lesson for lesson in lessons}
    for kind, (lesson_id, exercise_id) in module.LESSONS.items():
        assert lesson_id in by_id, f"{name} {kind}: no lesson {lesson_id!r}"
        if exercise_id is not None:
            assert by_id[lesson_id].exercise(exercise_id)


def test_foresee_gives_the_mark_a_decision_will_get_before_it_is_played() -> None:
    from academy.core.review import foresee
    from academy.games.conquest import parse_position
    state = parse_position(BLUNDER)
    action = state.game.parse_action("attack Ukraine -> Ural 1", state)
    mark = foresee(state, action)
    assert len(state.record) == 0                                # nothing played
    assert mark == review(conquest_record("attack Ukraine -> Ural 1")).marks[0]
    with pytest.raises(ReviewError, match="whose decision"):
        foresee(state, action, player="Red")


def test_foresee_of_orders_fronts_judges_diplomacy_weighs_the_orders_it_expects() -> None:
    from academy.core.review import foresee
    from academy.games.fronts.game import FrontsGame
    from tests.games.fronts.test_review import ODDS
    game = FrontsGame()
    state = game.state_from_board(ODDS, 0)
    action = game.parse_action("Red: 1 infantry Millbrook -> Westmere", state)
    assert foresee(state, action, 0).grade == "blunder"
    dip = REGISTRY["diplomacy"]().new_initial_state(seed=1)
    mark = foresee(dip, SubmitOrders("france", ("A PAR H",)), 2)
    assert mark.decision.startswith("FRANCE: A PAR H") and "the orders the hard CPU expects" in mark.why


def test_a_review_may_keep_the_board_before_each_mark() -> None:
    record = conquest_record("attack Ukraine -> Ural 1", "attack Siberia -> Mongolia 3")
    kept = review(record, keep_boards=True)
    plain = review(record)
    assert kept.marks == plain.marks and len(kept.boards) == 2 and plain.boards == ()
    for i in range(2):
        assert kept.state_at(i).to_json() == plain.state_at(i).to_json()
    assert kept.state_at(0) is not kept.boards[0]                  # a copy: the kept board stays as it was
