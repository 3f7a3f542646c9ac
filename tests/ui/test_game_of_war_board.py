"""The Game of War board's drawing (issue 6, "Combat preview and explanations"): the aimed attack's lines
of fire with each unit's contribution, for both sides; a position on another board redraws the terrain."""
from __future__ import annotations

from academy.games.game_of_war import parse_position
from academy.ui.game_of_war.board import SIDE_COLOURS, GameOfWarBoard
from academy.ui.game_of_war.session import GameOfWarSession

# game-of-war.md "Combat": N-I3 and N-I4 aim at S-I2 (8), which S-I3 backs on the same column (6 + 6 = 12)
POSITION = ("North to move | board: empty | North arsenals: a8 | South arsenals: a10, a12 | North: N-I1 e8, "
            "N-I2 g8, N-I3 j8, N-I4 l8 | South: S-I1 e10, S-I2 j10, S-I3 j12")
NORTH, SOUTH = SIDE_COLOURS["north"], SIDE_COLOURS["south"]


def aimed() -> tuple[GameOfWarSession, GameOfWarBoard]:
    s = GameOfWarSession(synchronous=True)
    board = GameOfWarBoard(s)                   # built before the game: the classic board's terrain
    s.start_from(parse_position(POSITION))
    s.click((9, 7))                             # N-I3 on j8
    s.click((9, 9))                             # aims at S-I2 on j10
    return s, board


def test_every_unit_that_counts_has_its_line_and_contribution():
    s, board = aimed()
    assert s.preview.attackers == {"N-I3": 4, "N-I4": 4} and s.preview.defenders == {"S-I2": 6, "S-I3": 6}
    attack, defence = dict(board.marks["fire_attack"].data), dict(board.marks["fire_defence"].data)
    assert sorted(zip(attack["x0"], attack["y0"])) == [(9, 7), (11, 7)]        # j8 and l8
    assert set(zip(attack["x1"], attack["y1"])) == {(9, 9)} and set(attack["color"]) == {NORTH}
    assert list(zip(defence["x0"], defence["y0"], defence["x1"], defence["y1"])) == [(9, 11, 9, 9)]
    labels = dict(board.marks["fire_labels"].data)
    assert sorted(zip(labels["x"], labels["y"], labels["text"], labels["color"])) == [
        (9, 7, "+4", NORTH), (9, 9, "+6", SOUTH), (9, 11, "+6", SOUTH), (11, 7, "+4", NORTH)]


def test_the_lines_go_when_nothing_is_aimed():
    s, board = aimed()
    assert dict(board.marks["fire_attack"].data)["x0"]
    s.select(None)
    assert s.preview is None
    assert not dict(board.marks["fire_attack"].data)["x0"] and not dict(board.marks["fire_labels"].data)["x"]


def test_a_position_on_an_empty_board_redraws_the_terrain():
    _, board = aimed()
    terrain = dict(board.squares.data)["terrain"]
    assert set(terrain) == {"plain"}


def test_text_glyphs_take_a_fixed_colour_and_every_label_is_drawn():
    """Issue 14, item 1: a text glyph whose colour is a column throws "Offset is outside the bounds of the
    DataView" in the browser when its source changes length (Bokeh 3.9 builds the labels asynchronously),
    as it did from the sixth lesson on. Each text glyph has a fixed colour over the rows of that colour, and
    every unit letter and every contribution is in exactly one of them."""
    from bokeh.models import GroupFilter, Text
    s, board = aimed()
    texts = [r for r in board.figure.renderers if isinstance(getattr(r, "glyph", None), Text)]
    assert texts
    drawn: dict[str, list[str]] = {}
    for r in texts:
        columns = dict(r.data_source.data)
        assert r.glyph.text_color not in columns, f"{r.data_source.name}: colour from the column {r.glyph.text_color}"
        f = r.view.filter
        assert isinstance(f, GroupFilter) and f.group == r.glyph.text_color
        rows = [i for i, v in enumerate(columns[f.column_name]) if v == f.group]
        drawn.setdefault(r.data_source.name, []).extend(columns[r.glyph.text][i] for i in rows)
    assert sorted(drawn["gow-units"]) == sorted(dict(board.units.data)["letter"])
    assert sorted(drawn["gow-fire_labels"]) == ["+4", "+4", "+6", "+6"]
