"""Issue 18, "Drag does nothing" (issue 14, item 5: drags on the board kit): game-of-war.md, the Rules page
and the lessons promise moving and attacking by dragging, with the side panel showing both totals and the
expected result while you drag onto a target. Synthetic Bokeh PanStart/Pan/PanEnd events on the board's
figure, as the browser sends them for a mouse or a touch drag; every outcome is compared with the taps'."""
from __future__ import annotations

import bokeh.document
from bokeh.events import PanEnd, PanStart

from academy.games.game_of_war import GameOfWarGame
from academy.ui.game_of_war.board import DESTINATION, TARGET
from academy.ui.game_of_war.play import GameOfWarPlayPage
from academy.ui.game_of_war.session import HUMAN, GameOfWarSession
from tests.ui.test_game_of_war_session import SCENARIO
from tests.ui.gestures import pan

# SCENARIO: N-I1 e6 (5, 5), N-C1 d7 (4, 6), S-I1 f8 (5, 7), S-I2 f13 (5, 12); North to play
SEED = next(n for n in range(50) if (st := GameOfWarGame(deployment=SCENARIO).new_initial_state(n)).settle()
            and st.side == "north")


def session() -> GameOfWarSession:
    s = GameOfWarSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=[HUMAN, HUMAN], deployment=SCENARIO, seed=SEED)
    return s


def page() -> GameOfWarPlayPage:
    p = GameOfWarPlayPage(session())
    p.layout.get_root(bokeh.document.Document())
    return p


def drag(p: GameOfWarPlayPage, path: list[tuple[float, float]], end: bool = True) -> None:
    """A drag along ``path`` (data units; the pointer a little off each square's centre, as a hand is)."""
    fig = p.board.figure
    (x, y), rest = path[0], path[1:]
    fig._trigger_event(PanStart(fig, x=x + 0.2, y=y - 0.1))
    for x, y in rest:
        pan(fig, x - 0.3, y + 0.2)
        pan(fig, x + 0.1, y)          # still the same square: nothing new is sent
    if end:
        fig._trigger_event(PanEnd(fig, x=x + 0.1, y=y))


def where(s: GameOfWarSession) -> dict[str, tuple[int, int]]:
    return {u.id: u.at for u in s.state.position.units}


def pointer(p: GameOfWarPlayPage) -> list[tuple[int, int, str]]:
    data = p.board.sources["pointer"].data
    return list(zip(data["x"], data["y"], data["line_color"]))


def test_a_drag_from_a_unit_onto_a_square_moves_it_as_two_taps_do():
    p = page()
    s = p.session
    drag(p, [(5, 5), (5, 6)], end=False)
    assert s.selected == "N-I1" and s.state.position.unit("N-I1").at == (5, 5)    # nothing moved yet
    assert pointer(p) == [(5, 6, DESTINATION)]                                      # the square under the pointer
    assert "Release on f7 to move N-I1 there" in p.message.object
    p.board.figure._trigger_event(PanEnd(p.board.figure, x=5.1, y=6.2))
    tapped = session()
    tapped.click((5, 5))
    tapped.click((5, 6))
    assert where(s) == where(tapped) and where(s)["N-I1"] == (5, 6)
    assert [e["text"] for e in s.log] == [e["text"] for e in tapped.log]
    assert "Moves left: 4 of 5" in p.status.object and pointer(p) == []
    units = p.board.sources["units"].data
    assert dict(zip(units["id"], zip(units["x"], units["y"])))["N-I1"] == (5, 6)   # the board after


def test_while_over_an_enemy_the_side_panel_shows_the_attack_preview_and_the_release_attacks():
    p = page()
    s = p.session
    drag(p, [(4, 6), (4, 7), (5, 7)], end=False)                # N-C1 over an empty square, then onto S-I1
    assert s.target == "S-I1" and pointer(p) == [(5, 7, TARGET)]
    tapped = session()
    tapped.click((4, 6))
    tapped.click((5, 7))                                         # the first tap on an enemy: aim
    assert s.preview_lines() == tapped.preview_lines()
    shown = p.preview.object
    assert "Attack preview: N-C1 on S-I1" in shown and "Attack 11 against defence 6" in shown
    assert "destroyed" in shown and "N-C1 7 (charge: 4 + 3)" in shown   # both totals, the result, who counts
    assert list(p.board.sources["fire_labels_north"].data["text"])          # the lines of fire on the board
    assert "S-I1" in where(s)
    p.board.figure._trigger_event(PanEnd(p.board.figure, x=5.0, y=7.1))
    tapped.click((5, 7))                                         # the second tap: attack
    assert "S-I1" not in where(s) and where(s) == where(tapped)
    assert "destroyed" in s.log[-1]["text"] or any("destroyed" in e["text"] for e in s.log)
    assert [e["text"] for e in s.log] == [e["text"] for e in tapped.log]
    assert "S-I1" not in list(p.board.sources["units"].data["id"]) and p.preview.object == ""


def test_moving_off_an_enemy_takes_the_preview_away():
    p = page()
    s = p.session
    drag(p, [(4, 6), (5, 7), (3, 6)], end=False)
    assert s.target is None and s.preview is None and p.preview.object == ""


def test_a_release_on_an_illegal_square_gives_the_taps_refusal_and_changes_nothing():
    p = page()
    s = p.session
    before, steps = where(s), len(s.state.record)
    drag(p, [(5, 5), (5, 10)], end=False)                        # too far for an infantry
    tapped = session()
    tapped.click((5, 5))
    tapped.click((5, 10))
    assert tapped.message and "refused" in tapped.message
    assert s.message == tapped.message                            # said while dragging, before the release
    assert pointer(p)[0][:2] == (5, 10) and pointer(p)[0][2] not in (DESTINATION, TARGET)
    p.board.figure._trigger_event(PanEnd(p.board.figure, x=5.0, y=10.0))
    assert s.message == tapped.message and where(s) == before and len(s.state.record) == steps
    assert tapped.message in p.message.object.replace("&#x27;", "'")


def test_a_release_off_the_board_changes_nothing_and_says_so():
    p = page()
    s = p.session
    before, steps = where(s), len(s.state.record)
    drag(p, [(5, 5), (5, 6)], end=False)
    fig = p.board.figure
    pan(fig, 27.0, 6.0)
    fig._trigger_event(PanEnd(fig, x=27.0, y=6.0))               # right of column y
    assert "dropped off the board" in s.message and "stays where it is" in s.message
    assert where(s) == before and len(s.state.record) == steps and pointer(p) == []


def test_a_drag_from_an_empty_square_or_an_enemy_does_nothing():
    p = page()
    s = p.session
    before, steps, message = where(s), len(s.state.record), s.message
    drag(p, [(10, 10), (5, 6)])                                  # from an empty square
    drag(p, [(5, 12), (5, 11)])                                  # from an enemy
    assert s.selected is None and s.message == message and where(s) == before and len(s.state.record) == steps
    assert pointer(p) == []


def test_a_drag_back_to_its_own_square_keeps_the_unit_selected():
    p = page()
    s = p.session
    drag(p, [(5, 5), (5, 6), (5, 5)])
    assert s.selected == "N-I1" and where(s)["N-I1"] == (5, 5) and len(s.state.record) == len(session().state.record)


def test_a_drag_in_a_lesson_goes_to_the_exercise():
    """The lesson model (its actions go to the exercise's attempt) takes a drag as it takes two taps."""
    from academy.ui.game_of_war.lessons import GameOfWarLessonsPage
    from academy.ui.lessons_page import game_lessons
    lesson = game_lessons("game_of_war")[0][0]
    view = GameOfWarLessonsPage(lesson_id=lesson.id)
    model, board = view.model, view.board
    before = len(model.state.record)
    unit = next(u for u in model.state.position.units if u.side == model.state.side and
                any(getattr(a, "unit", None) == u.id for a in model.my_actions()))
    model.click(unit.at)
    to = model.destinations[0]
    model.select(None)
    fig = board.figure
    fig._trigger_event(PanStart(fig, x=unit.at[0], y=unit.at[1]))
    pan(fig, to[0], to[1])
    fig._trigger_event(PanEnd(fig, x=to[0], y=to[1]))
    assert model.feedback is not None and len(model.state.record) == before + 1
    assert model.state.position.unit(unit.id).at == to


def test_the_dragged_unit_has_a_ghost_the_page_moves_with_the_pointer():
    """Issue 18 / issue 14 "Speed": while a drag lasts the board shows the dragged unit (its letter) as a
    ghost that the page moves with the pointer, with no round trip; gone on release."""
    p = page()
    ghost, letter = p.board.sources["ghost"], p.board.sources["ghost_letter"]
    assert not ghost.data["x"]
    fig = p.board.figure
    fig._trigger_event(PanStart(fig, x=5.1, y=5.0))                  # N-I1 on e6
    assert (list(ghost.data["x"]), list(ghost.data["y"]), list(letter.data["text"])) == ([5], [5], ["I1"])
    pan(fig, 5.2, 6.0)
    assert list(ghost.data["x"]) == [5]           # the server leaves the moving to the page
    fig._trigger_event(PanEnd(fig, x=5.2, y=6.0))
    assert not ghost.data["x"] and not letter.data["x"]


def test_a_drag_from_an_empty_square_has_no_ghost():
    p = page()
    fig = p.board.figure
    fig._trigger_event(PanStart(fig, x=9, y=9))
    pan(fig, 8, 9)
    assert not p.board.sources["ghost"].data["x"]
