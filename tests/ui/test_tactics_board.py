"""The Tactics board's text glyphs (issue 14, item 1: the walk met an uncaught "Could not resolve 'bold
undefined helvetica' as a font" when a lesson with fewer units opened after another)."""
from __future__ import annotations

from bokeh.models import Text

from academy.games.tactics.game import TacticsGame
from academy.ui.tactics.board import TacticsBoard
from academy.ui.tactics.session import HUMAN, TacticsSession


def text_glyphs(board: TacticsBoard) -> list[Text]:
    return [r.glyph for r in board.figure.renderers if isinstance(r.glyph, Text)]


def test_text_sizes_are_one_value_per_glyph_and_follow_the_map():
    """Issue 14, item 1: no text size is read from a data column (BokehJS may pair a changed source's labels
    with the sizes of another update and read past the column's end); the sizes still follow the map's tile
    size when another map is shown."""
    s = TacticsSession(synchronous=True)
    s.new_game(seats=[HUMAN, HUMAN], map_id="river_crossing", seed=1)
    board = TacticsBoard(s)
    glyphs = text_glyphs(board)
    assert len(glyphs) == 6
    for glyph in glyphs:
        size = glyph.text_font_size
        assert isinstance(size, str) and size.endswith("px"), f"{glyph.text!r} takes its size from {size!r}"
    assert not any("font" in column for column in board.units.data)
    assert not any("font" in column for column in board.tiles.data)
    small = {g.text_font_size for g in glyphs}

    s.start_from(TacticsGame(map="twin_harbors").new_initial_state(seed=1), [HUMAN, HUMAN])
    board.update()
    assert board.map.id == "twin_harbors" and board.cell < 60
    assert {g.text_font_size for g in glyphs} != small          # smaller tiles: smaller text
    assert set(board._fonts()) == {g.text_font_size for g in glyphs}
