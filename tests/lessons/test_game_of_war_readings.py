"""Three readings the engine applies where the rule document is silent or short, each taught on a live board
(issue 18, "Rules: one reading, said everywhere"): (a) a unit touching a connected friend is connected, in
chains of any length, which also lets cavalry ride on past such a square; (b) a retreat is one of the turn's 5
moves, may go in any direction, and a cut-off unit that must retreat is removed; (c) no unit passes through
another unit or a mountain.

Each test names the section of the rule document (/work/shared/rules/game-of-war.md) it starts from and says
where the Academy's reading (academy/rulebook/game_of_war.md) goes beyond it. Positions are one-line
positions on an empty 25×20 board: columns a..y west to east, rows 1..20 from the North edge.
"""
from __future__ import annotations

import pytest

from academy.core.errors import IllegalAction
from academy.games.game_of_war import Move, Retreat, communication, destinations, format_square, \
    parse_position, parse_square
from academy.games.game_of_war.rules import retreat_squares
from academy.lessons import Attempt, load_lessons

LESSONS = {lesson.id: lesson for lesson in load_lessons("game_of_war")[0]}


def _exercise(lesson_id: str, exercise_id: str):
    lesson = LESSONS[lesson_id]
    return lesson, lesson.exercise(exercise_id)


def _squares(squares) -> list[str]:
    return sorted(format_square(sq) for sq in squares)


def _refused(state, action, reason: str) -> str:
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert err.value.reason == reason, str(err.value)
    assert state.to_json() == before
    return str(err.value)


# ============================================================================ (a) chains of touching units
def test_a_chain_of_touching_units_of_any_length_is_connected():
    """Communication: the document says only "A unit off the network is cut off"; it is silent on units that
    touch. The Academy's reading: a unit touching a connected friend is connected, and such chains can be as
    long as you like; a relay connected only by touching sends no lines of its own."""
    chain = ("North to move | board: empty | North arsenals: a1 | South arsenals: y20 | "
             "North: N-I1 a5, N-I2 b6, N-I3 c7, N-I4 d8, N-R1 e9, N-I5 e15 | South: S-I1 y15")
    net = communication(parse_position(chain).position, "north")
    assert sorted(net.connected) == ["N-I1", "N-I2", "N-I3", "N-I4", "N-R1"]      # only N-I1 is on a line
    assert sorted(net.by_touch) == ["N-I2", "N-I3", "N-I4", "N-R1"]
    assert net.emitting_relays == frozenset()            # N-R1 touches N-I4 but stands on no line
    assert "N-I5" not in net.connected                   # so column e below it stays dark
    broken = communication(parse_position(chain.replace("N-I3 c7, ", "")).position, "north")
    assert sorted(broken.connected) == ["N-I1", "N-I2"]  # take one link out and the rest is cut off

    lesson, ex = _exercise("communication", "long-chain")   # taught on the board: a chain of four
    attempt = Attempt(lesson, ex)
    assert "N-I3" not in attempt.state.connected("north")
    assert attempt.act("N-I4 g9-g10").status == "solved"
    assert sorted(communication(attempt.state.position, "north").by_touch) == ["N-I2", "N-I3", "N-I4"]


def test_cavalry_rides_on_past_a_square_that_touches_a_connected_friend():
    """Units: cavalry "must stop on the first square outside communication". With the Academy's reading of
    communication (touching a connected friend connects), a square off every line but next to a connected
    friend does not stop it: q10 -> r10 -> s11 is allowed because r10 touches the infantry on r9."""
    ride = ("North to move | board: empty | North arsenals: q1, a9 | South arsenals: y20 | "
            "North: N-C1 q10, N-I1 r9 | South: S-I1 y15")
    state = parse_position(ride)
    net = communication(state.position, "north")
    assert parse_square("r10") not in net.covered and parse_square("s11") not in net.covered
    assert parse_square("s11") in destinations(state.position, "N-C1")
    state.apply(Move("N-C1", parse_square("s11")))
    assert "N-C1" not in state.connected("north")        # it may end off the network, on the first such square

    alone = parse_position(ride.replace(", N-I1 r9", ""))   # no friend beside r10: the cavalry stops there
    assert parse_square("r10") in destinations(alone.position, "N-C1")
    assert "cavalry must stop on the first square outside communication" in \
        _refused(alone, Move("N-C1", parse_square("s11")), "blocked")

    lesson, ex = _exercise("units", "ride-past-a-friend")   # taught on the board: step a friend beside the way
    attempt = Attempt(lesson, ex)
    assert attempt.act("N-C1 k11-m12").status == "illegal"
    assert [attempt.act(step).status for step in ex.solution] == ["continue", "solved"]


# ============================================================================ (b) the retreat
RETREAT = ("North to move | retreat: N-I1 | board: empty | North arsenals: a11 | South arsenals: y20 | "
           "North: N-I1 e11, N-I2 g11, N-I3 h11, N-I4 i11, N-I5 j11, N-I6 k11 | South: S-I1 y15")


def test_a_retreat_counts_as_one_of_the_turns_five_moves():
    """Combat: "The target must retreat one square at the start of its next turn"; the document does not say
    whether that step is one of the turn's moves. The Academy's reading: it is the owner's first act and
    counts as one of the 5 moves, and the unit that retreated cannot move again that turn."""
    state = parse_position(RETREAT)
    assert state.phase == "retreat" and state.moves_left == 5
    _refused(state, Move("N-I2", parse_square("g12")), "retreat_first")
    state.apply(Retreat("N-I1", parse_square("e10")))
    assert (state.phase, state.moved, state.moves_left) == ("play", ["N-I1"], 4)
    _refused(state, Move("N-I1", parse_square("e9")), "already_moved")
    for unit, to in (("N-I2", "g12"), ("N-I3", "h12"), ("N-I4", "i12"), ("N-I5", "j12")):
        state.apply(Move(unit, parse_square(to)))
    assert state.moves_left == 0
    assert "5 units have moved this turn and the limit is 5" in \
        _refused(state, Move("N-I6", parse_square("k12")), "too_many_moves")

    lesson, ex = _exercise("outcomes", "retreat-is-a-move")  # taught on the board: the fifth gun is the retreat
    attempt = Attempt(lesson, ex)
    for step in ["retreat N-I1 k11-j11", "N-I2 l10-l11", "N-I3 n10-m10", "N-I4 o11-n11", "N-I6 p10-o10"]:
        assert attempt.act(step).status == "continue"
    fb = attempt.act("N-I5 j10-k10")
    assert fb.status == "illegal" and "the limit is 5" in fb.message


def test_a_retreat_may_go_one_square_in_any_of_the_8_directions():
    """Combat: "The target must retreat one square"; the document gives no direction. The Academy's reading:
    any of the 8 directions, forwards included, to an empty square that is not a mountain or an enemy
    arsenal, chosen by the owner."""
    state = parse_position(RETREAT)
    assert _squares(a.to for a in state.legal_actions()) == ["d10", "d11", "d12", "e10", "e12", "f10", "f11",
                                                             "f12"]
    hemmed = parse_position(RETREAT.replace("board: empty |", "board: empty | mountains: d12 |")
                            .replace("South arsenals: y20", "South arsenals: e12, y20")
                            .replace("South: S-I1 y15", "South: S-I1 y15, S-I2 f12"))
    assert _squares(retreat_squares(hemmed.position, "N-I1")) == ["d10", "d11", "e10", "f10", "f11"]

    lesson, ex = _exercise("outcomes", "retreat-any-way")    # taught on the board: only the forward step works
    start = Attempt(lesson, ex).state
    assert _squares(retreat_squares(start.position, "N-I1")) == ["g7", "g8", "g9", "h7", "h9", "i7", "i8",
                                                                 "i9"]
    for to in ["g7", "g8", "g9", "h7", "h9", "i7", "i8", "i9"]:
        attempt = Attempt(lesson, ex)
        attempt.act(f"retreat N-I1 h8-{to}")
        fb = attempt.act("N-I2 attacks S-I1")
        assert fb.status == ("solved" if to == "h9" else "wrong"), to


def test_a_cut_off_unit_that_must_retreat_is_removed():
    """Combat: "if it can't, it is removed", and Communication: a cut-off unit "can't move". The Academy's
    reading joins them: a cut-off unit that must retreat is removed, even with free squares around it."""
    lesson, ex = _exercise("outcomes", "cut-off-cannot-step-back")
    attempt = Attempt(lesson, ex)
    pos = attempt.state.position
    assert "S-I2" not in attempt.state.connected("south") and retreat_squares(pos, "S-I2") == []
    free = [sq for sq in ("j11", "k11", "l11", "j12", "l12", "j13", "k13", "l13") if pos.unit_at(parse_square(sq))
            is None]
    assert len(free) == 8                                 # nothing but the lines keeps it in place
    attempt.act("N-C1 i10-j11")
    fb = attempt.act("N-C1 attacks S-I2")
    assert [e.kind for e in fb.events] == ["attack", "turn", "removed"]
    assert (fb.events[0].data["attack"], fb.events[0].data["defence"]) == (7, 6)
    assert fb.status == "solved" and not attempt.state.position.has_unit("S-I2")

    connected = Attempt(lesson, ex)                       # the same margin on S-I1, in communication
    connected.act("N-C1 i10-h11")
    fb = connected.act("N-C1 attacks S-I1")
    assert fb.events[0].data["outcome"] == "retreat" and fb.status == "wrong"
    assert connected.state.phase == "retreat" and connected.state.retreats == ["S-I1"]
    assert len(retreat_squares(connected.state.position, "S-I1")) == 7   # all but h11, where N-C1 stands


# ============================================================================ (c) no passing through
def test_no_unit_passes_through_another_unit_or_a_mountain():
    """Your turn: a unit "can't end on a mountain or an occupied square", and Terrain: a mountain is
    "Impassable. Blocks movement". The Academy's reading adds that every square a unit passes must be free
    too: no unit jumps over a mountain or over a unit of either side."""
    wall = ("North to move | board: empty | mountains: d6 | North arsenals: e1 | South arsenals: y20 | "
            "North: N-SR1 e5, N-I1 e6 | South: S-I1 f6, S-I2 y15")
    state = parse_position(wall)
    reach = _squares(destinations(state.position, "N-SR1"))
    assert len(reach) == 16                               # 24 squares within 2, less the wall and the 5 behind it
    assert not {"d6", "e6", "f6", "c7", "d7", "e7", "f7", "g7"} & set(reach)
    assert {"c6", "g6", "c3", "g3"} <= set(reach)
    message = _refused(state, Move("N-SR1", parse_square("e7")), "blocked")
    assert "every square on the way must be empty and not a mountain" in message
    open_wall = parse_position(wall.replace(", N-I1 e6", ""))  # take the friend away and the way is open
    assert {"d7", "e7", "f7"} <= set(_squares(destinations(open_wall.position, "N-SR1")))
    assert "c7" not in _squares(destinations(open_wall.position, "N-SR1"))   # only the mountain leads there

    lesson, ex = _exercise("turn", "no-jumping")             # taught on the board: open a gap first
    attempt = Attempt(lesson, ex)
    assert attempt.act("N-SR1 h6-h8").status == "illegal"
    assert [attempt.act(step).status for step in ex.solution] == ["continue", "solved"]


# ============================================================================ where each reading is taught
#: each reading, the exercise that teaches it on the board, and words of the lesson text that say it
TAUGHT = {
    "a: chains of any length": ("communication", "long-chain", "The Academy sets no limit on the chain"),
    "a: cavalry rides past a touching friend": ("units", "ride-past-a-friend",
                                                "a square beside a connected friend does not stop the cavalry"),
    "b: the retreat is one of the 5 moves": ("outcomes", "retreat-is-a-move", "counts as one of that turn's five moves"),
    "b: the retreat goes in any direction": ("outcomes", "retreat-any-way", "any of the 8 directions, forwards too"),
    "b: a cut-off unit that must retreat is removed": ("outcomes", "cut-off-cannot-step-back",
                                                       "cut-off unit cannot move, so if it must retreat it is removed"),
    "c: no passing through a unit or a mountain": ("turn", "no-jumping",
                                                   "the Academy's reading is that no unit jumps over another one"),
}


@pytest.mark.parametrize("reading", sorted(TAUGHT))
def test_each_reading_is_taught_by_an_exercise_and_said_in_its_lesson(reading):
    """The lesson text says the reading and marks it as the Academy's; the exercise that teaches it is not the
    lesson's first (the browser walk plays the first ones) and its solution solves it."""
    lesson_id, exercise_id, words = TAUGHT[reading]
    lesson, ex = _exercise(lesson_id, exercise_id)
    text = " ".join(lesson.body.replace("*", "").split())
    assert words in text and "Academy's reading" in text
    assert lesson.exercises[0].id != exercise_id
    attempt = Attempt(lesson, ex)
    assert [attempt.act(step).status for step in ex.solution][-1] == "solved"
