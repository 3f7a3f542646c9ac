"""The live coach (issue 22, item 2), without a browser: off by default, offered in games against the CPU; a
blunder is held back with the review's words and numbers until the learner takes it back or plays it
anyway; other decisions go through, in every game (bench/review.py measures how soon the warning comes)."""
from __future__ import annotations

import html

import time

import pytest

from academy.core.review import review
from academy.games.conquest import parse_position
from academy.games.fronts.game import FrontsGame
from academy.ui.coach_box import CoachBox
from academy.ui.conquest.session import ConquestSession
from tests.games.fronts.test_review import ODDS

LAST = "Red to move, attack | Red: Siberia 10, Kamchatka 2 | Blue: Mongolia 1 | rest: Red 1"


def conquest(seats: list[str]) -> ConquestSession:
    s = ConquestSession(cpu_delay=0, synchronous=True)
    s.start_from(parse_position(LAST), seats=seats)
    return s


def test_off_by_default_and_offered_only_against_the_cpu() -> None:
    s = conquest(["human", "easy"])
    box = CoachBox(s)
    assert not s.coach.on and box.layout.visible and box.toggle.visible and not box.toggle.value
    assert s.act("attack Kamchatka -> Mongolia 1") and s.coach.warning is None      # off: played at once
    hot_seat = conquest(["human", "human"])
    hot_seat.coach.on = True
    assert not hot_seat.coach_offered and not CoachBox(hot_seat).layout.visible
    assert hot_seat.act("attack Kamchatka -> Mongolia 1")                             # no CPU: no coach


def test_a_blunder_is_held_back_until_the_learner_answers() -> None:
    s = conquest(["human", "easy"])
    box = CoachBox(s)
    box.toggle.value = True
    assert s.coach.on
    assert not s.act("attack Kamchatka -> Mongolia 1")
    assert len(s.state.record) == 0 and s.coach.warning.grade == "blunder"
    words = box.warning.object
    assert "The coach sees a blunder. From Kamchatka the chance to conquer Mongolia is 41.7%" in words
    assert "from Siberia it is 99.99%" in words and "Better: attack Siberia -&gt; Mongolia 3." in words
    assert box.answers.visible
    assert not s.act("attack Siberia -> Mongolia 3")                   # another move waits for the answer
    assert "First answer the coach" in box.status.object and len(s.state.record) == 0
    s.coach.take_back()
    assert len(s.state.record) == 0 and not box.answers.visible and s.coach.warning is None
    assert "Taken back: nothing was played. Choose another move." in box.status.object
    assert not s.act("attack Kamchatka -> Mongolia 1")
    assert "Taken back" not in box.status.object
    s.coach.do_it_anyway()
    assert str(s.state.record.entries[0].action) == "Attack(src='kamchatka', dst='mongolia', dice=1)"
    assert review(s.state.record, [0]).marks[0].grade == "blunder"                   # the review agrees


def test_a_sound_decision_goes_through_with_the_coach_on() -> None:
    """... and the box says the coach looked (a newcomer's walk: with no word, a learner cannot tell)."""
    s = conquest(["human", "easy"])
    box = CoachBox(s)
    s.coach.on = True
    assert "looks at each of your decisions" in box.status.object
    assert s.act("attack Siberia -> Mongolia 3")
    assert s.coach.warning is None and len(s.state.record) >= 1 and s.coach.cleared == 1
    assert "The coach saw no blunder in your last decision, and let it go." in box.status.object



def test_the_no_blunder_word_goes_once_the_cpu_has_played() -> None:
    """A newcomer's walk (issue 14): "The coach saw no blunder in your last decision" was still shown at the start
    of the learner's next turn, after the CPU's; it is about the learner's latest decision only."""
    s = ConquestSession(cpu_delay=0, synchronous=True)
    s.start_from(parse_position("Red to move, attack | Red: Siberia 10, Kamchatka 2 | Blue: Mongolia 1 | "
                                "rest: Blue 1"), seats=["human", "easy"])
    box = CoachBox(s)
    s.coach.on = True
    assert s.act("attack Siberia -> Mongolia 3") and s.coach.cleared == 1
    assert "saw no blunder" in box.status.object
    while s.state.current == 0 and s.state.phase != "over":
        assert s.act("end attack" if s.state.phase == "attack" else "end turn" if s.state.phase == "fortify"
                     else s.state.legal_actions()[0])
    assert any(e.player == 1 for e in s.state.record.entries)         # the easy CPU has played its turn
    box.refresh()
    assert "saw no blunder" not in box.status.object and "looks at each of your decisions" in box.status.object


def test_a_new_game_forgets_a_decision_held() -> None:
    s = conquest(["human", "easy"])
    s.coach.on = True
    s.act("attack Kamchatka -> Mongolia 1")
    s.start_from(parse_position(LAST), seats=["human", "easy"])
    assert s.coach.warning is None and s.coach.on


def test_fronts_orders_are_weighed_before_they_are_submitted() -> None:
    from academy.ui.fronts.session import LocalFronts
    s = LocalFronts(synchronous=True)
    s.start_from(FrontsGame().state_from_board(ODDS, 0), people=["red"])
    s.coach.on = True
    s.type_order("1 infantry Millbrook -> Westmere")
    s.submit()
    assert s.coach.warning.grade == "blunder" and s.engine_state.board.turn == 1
    assert "fights at 6% by the battle odds" in s.coach.warning_text()
    box = CoachBox(s)
    s.coach.take_back()
    # a phone walk: after "Take it back" the blunder was still on the sheet and nothing said so
    assert list(s.pending) == ["1 infantry Millbrook -> Westmere"] and s.engine_state.board.turn == 1
    assert ("Not sent: your orders are still on your sheet. Change or remove (✕) the one the coach named, then "
            "submit again.") in html.unescape(box.status.object)
    s.submit()
    s.coach.do_it_anyway()
    assert s.engine_state.board.turn == 2


def test_diplomacy_orders_are_weighed_before_they_are_submitted() -> None:
    from academy.games.diplomacy.game import DiplomacyGame
    from academy.ui.diplomacy.session import LocalDiplomacy
    from tests.games.diplomacy.test_review import FALL, WANDER
    d = LocalDiplomacy(synchronous=True)
    d.new_game(people=["GERMANY"], state=DiplomacyGame().state_from_position(FALL, seed=1))
    box = CoachBox(d)
    assert d.coach_offered and box.toggle.visible
    box.toggle.value = True
    for text in WANDER.orders:
        assert d.type_order(text), d.message
    d.submit()
    assert d.coach.warning.grade == "blunder" and str(d.engine_state.phase) == "F1901M"
    assert "the orders the hard CPU expects from the others" in d.coach.warning_text()
    d.coach.do_it_anyway()
    assert str(d.engine_state.phase) != "F1901M"


@pytest.mark.parametrize("game", ["conquest", "tactics", "game_of_war", "fronts"])
def test_the_coach_foresees_the_reviews_blunder(game: str) -> None:
    """Before it is played, the review's blunder of each game gets the grade the review gives it (in
    Diplomacy the coach weighs expected orders, the review the real ones: tested in its own module)."""
    from academy.core.review import foresee
    from tests.ui.test_review import blunders
    record, player = blunders()[game]
    mark = review(record, [player]).marks[0]
    state = record.replay(upto=mark.step)
    assert foresee(state, record.entries[mark.step].action, player).grade == mark.grade


def test_off_the_loop_the_coach_answers_from_its_thread() -> None:
    """In a served page the coach weighs on a worker thread: a sound move is played when it answers, a
    blunder waits for the learner."""
    from academy.ui.live_coach import LiveCoach
    s = conquest(["human", "easy"])
    s.coach = LiveCoach(inline=lambda: False, on=True)
    # weighed off the loop: not played at once (the thread may already have answered when this line reads
    # ``checking`` on a busy machine, so the move's later arrival is what shows the thread played it)
    assert not s.act("attack Siberia -> Mongolia 3")
    deadline = time.monotonic() + 5
    while not len(s.state.record) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert len(s.state.record) >= 1 and not s.coach.checking and s.coach.warning is None
    s = conquest(["human", "easy"])
    s.coach = LiveCoach(inline=lambda: False, on=True)
    s.act("attack Kamchatka -> Mongolia 1")
    while s.coach.checking and time.monotonic() < deadline:
        time.sleep(0.02)
    assert s.coach.warning is not None and len(s.state.record) == 0


def test_a_lesser_slip_let_through_is_named_with_its_reason() -> None:
    """A newcomer's walk (issue 14): a Game of War move that left a unit cut off and open to destruction was a
    mistake, not a blunder, so the coach let it go and said only "saw no blunder"; it says what it saw."""
    from academy.core.review import Mark
    s = conquest(["human", "easy"])
    box = CoachBox(s)
    s.coach.on = True
    why = "N-C1 on e8 is left cut off and open to destruction next turn."
    s.coach.param.update(last=Mark(0, 0, "N-C1 f7-e8", "mistake", "N-C1 f7-g7", {}, {}, why, ("units", None)),
                         cleared=1)
    assert f"The coach let your last decision go: not a blunder, but a mistake. {why}" in box.status.object
    s.coach.param.update(last=Mark(1, 0, "x", "good", None, {}, {}, "fine", ("units", None)), cleared=2)
    assert "The coach saw no blunder in your last decision, and let it go." in box.status.object
