"""The Game of War board's drawing (issue 6, "Combat preview and explanations"): the aimed attack's lines
of fire with each unit's contribution, for both sides; a position on another board redraws the terrain.
Issue 14, item 5: the board is drawn by HoloViews through the board kit and patched in place."""
from __future__ import annotations

import bokeh.document
import holoviews as hv
import pytest
from bokeh.core.property.vectorization import Field
from bokeh.models import ColumnDataSource, Text

from academy.games.game_of_war import parse_position
from academy.ui.board_kit.board import Board
from academy.ui.game_of_war.board import LETTER_COLOURS, SIDE_COLOURS, GameOfWarBoard
from academy.ui.game_of_war.session import GameOfWarSession
from tests.ui.gestures import show_at

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


def columns(board: GameOfWarBoard, layer: str) -> dict[str, list]:
    return {k: list(v) for k, v in board.sources[layer].data.items()}


def test_every_unit_that_counts_has_its_line_and_contribution():
    s, board = aimed()
    assert s.preview.attackers == {"N-I3": 4, "N-I4": 4} and s.preview.defenders == {"S-I2": 6, "S-I3": 6}
    attack, defence = columns(board, "fire_attack"), columns(board, "fire_defence")
    assert sorted(zip(attack["x0"], attack["y0"])) == [(9, 7), (11, 7)]        # j8 and l8
    assert set(zip(attack["x1"], attack["y1"])) == {(9, 9)} and set(attack["line_color"]) == {NORTH}
    assert list(zip(defence["x0"], defence["y0"], defence["x1"], defence["y1"])) == [(9, 11, 9, 9)]
    assert set(defence["line_color"]) == {SOUTH}
    north, south = columns(board, "fire_labels_north"), columns(board, "fire_labels_south")
    assert sorted(zip(north["x"], north["y"], north["text"])) == [(9, 7, "+4"), (11, 7, "+4")]
    assert sorted(zip(south["x"], south["y"], south["text"])) == [(9, 9, "+6"), (9, 11, "+6")]


def test_the_lines_go_when_nothing_is_aimed():
    s, board = aimed()
    assert columns(board, "fire_attack")["x0"]
    s.select(None)
    assert s.preview is None
    assert not columns(board, "fire_attack")["x0"] and not columns(board, "fire_labels_north")["x"]
    assert not columns(board, "fire_labels_south")["x"]


def test_a_position_on_an_empty_board_redraws_the_terrain():
    _, board = aimed()
    terrain = columns(board, "squares")["terrain"]
    assert set(terrain) == {"plain"} and columns(board, "fortresses")["left"] == []


def test_text_glyphs_take_a_fixed_colour_and_every_label_is_drawn():
    """Issue 14, item 1: a text glyph whose colour is a column throws "Offset is outside the bounds of the
    DataView" in the browser when its source changes length (Bokeh 3.9 builds the labels asynchronously),
    as it did from the sixth lesson on. Each text layer has one fixed colour, and every unit letter and
    every contribution is in exactly one of them, in its colour."""
    s, board = aimed()
    texts = {r.data_source.name: r for r in board.figure.renderers if isinstance(getattr(r, "glyph", None), Text)}
    assert set(texts) == {"gow-letters", "gow-letters_cut", "gow-fire_labels_north", "gow-fire_labels_south",
                          "gow-ghost_letter"}
    for r in texts.values():
        assert isinstance(r.glyph.text_color, str) and r.glyph.text_color not in r.data_source.data
    assert texts["gow-letters"].glyph.text_color == LETTER_COLOURS[0]
    assert texts["gow-fire_labels_north"].glyph.text_color == NORTH
    assert texts["gow-fire_labels_south"].glyph.text_color == SOUTH
    letters = columns(board, "letters")["text"] + columns(board, "letters_cut")["text"]
    assert sorted(columns(board, "units")["letter"]) == ["I"] * 7
    assert sorted(letters) == ["I1", "I1", "I2", "I2", "I3", "I3", "I4"]     # the ids' numbers, as lessons name them
    s.start_from(parse_position("North to move | board: empty | North arsenals: a1 | South arsenals: y20 | "
                                "North: N-I1 e8, N-K1 m12 | South: S-I1 e10"))
    pos = s.state.position
    off = sorted((u.at, {"infantry": "I", "cannon": "K"}[u.type] + u.id[-1]) for u in pos.units
                 if u.id not in s.state.connected(u.side))
    cut = columns(board, "letters_cut")
    assert ("K1" in dict((t, q) for q, t in off)) and sorted(zip(zip(cut["x"], cut["y"]), cut["text"])) == off
    on = columns(board, "letters")
    assert len(on["text"]) + len(off) == len(pos.units)


def test_the_board_is_drawn_by_holoviews_through_the_kit():
    """Issue 14, item 5: the Game of War board is the board kit's HoloViews board, with the names the
    browser tests and benchmarks read: the figure game-of-war-board and sources gow-units, gow-selected ..."""
    s, board = aimed()
    assert isinstance(board.kit, Board) and board.figure is board.kit.figure
    assert board.figure.name == "game-of-war-board"
    names = {r.data_source.name for r in board.figure.renderers}
    assert {"gow-units", "gow-selected", "gow-destinations", "gow-targets", "gow-network", "gow-deploy",
            "gow-trail", "gow-arsenals", "gow-squares", "gow-fortresses", "gow-pointer"} <= names
    units = board.kit.renderers["units"].glyph
    assert [units.marker, units.fill_color, units.size] == [Field("marker"), Field("fill_color"), Field("size")]
    assert board.figure.y_range.start > board.figure.y_range.end     # row 1 (y 0) at the top
    assert board.figure.xaxis[0].major_label_overrides[0] == "a" and board.figure.xaxis[0].axis_label is None
    before = GameOfWarBoard(GameOfWarSession())           # no game yet: no unit, and no float "colours"
    assert all(before.units.data[c] == [] for c in ("marker", "fill_color", "line_color", "id"))
    assert board.figure.yaxis[0].major_label_overrides[19] == "20"


def test_board_element_is_a_holoviews_overlay_as_it_stands():
    """Issue 14, item 5: in a notebook the board is a HoloViews overlay a teacher can add to."""
    s, board = aimed()
    overlay = board.element
    assert isinstance(overlay, hv.Overlay) and len(overlay) == len(board.kit.layers)
    units = next(e for e, name in zip(overlay, board.kit.layers) if name == "units")
    assert sorted(units.dimension_values("id")) == sorted(u.id for u in s.state.position.units)
    assert isinstance(overlay * hv.Text(3, 4, "here"), hv.Overlay)


def test_a_tap_patches_only_the_cells_that_changed(monkeypatch):
    """Issue 14, item 5: a tap never rebuilds the figure; a move sends only the moved unit's cells."""
    s, board = aimed()
    board.pane.get_root(bokeh.document.Document())
    figure, models = board.figure, {n: src for n, src in board.sources.items()}
    sent: dict[str, list] = {}
    replaced: list[str] = []
    monkeypatch.setattr(ColumnDataSource, "patch",
                        lambda self, patches, setter=None: sent.setdefault(self.name, []).append(patches))
    for name, src in models.items():
        src.on_change("data", lambda attr, old, new, name=name: replaced.append(name))
    s.select(None)                                   # nothing aimed now
    sent.clear(), replaced.clear()
    s.click((4, 7))                                  # N-I1 on e8
    s.click((4, 8))                                  # to e9
    assert board.figure is figure and board.sources == models
    assert "selected" in replaced                    # rows that come and go are replaced ...
    assert "gow-squares" not in sent and "squares" not in replaced and "units" not in replaced   # ... not these
    units = sent["gow-units"]
    moved = {column: cells for p in units for column, cells in p.items() if column in ("x", "y", "square")}
    row = list(board.sources["units"].data["id"]).index("N-I1")
    assert moved == {"y": [(row, 8)], "square": [(row, "e9")]}       # one unit, one square: nothing else
    assert s.state.position.unit("N-I1").at == (4, 8)


def test_the_last_turns_arrow_points_the_way_the_unit_went():
    """Issue 14, item 5: the trail's head turned along its shaft on the screen, where row 1 is at the top
    (Bokeh turns markers on the screen; the board's y axis is inverted)."""
    import math
    s, board = aimed()
    s.click((4, 7))                                  # N-I1 on e8 ...
    s.click((4, 6))                                  # ... up the screen to e7
    s.end_turn()
    heads = columns(board, "trail-heads")
    assert len(heads["angle"]) == 1 and math.isclose(heads["angle"][0], 0.0, abs_tol=1e-9)   # pointing up


def test_a_unit_on_a_fortress_or_a_pass_still_shows_the_terrain():
    """Issue 18: the fortress was hidden under a unit standing on it; a frame above the units marks it."""
    from academy.ui.game_of_war.board import GROUND_FRAME
    s = GameOfWarSession(synchronous=True)
    board = GameOfWarBoard(s)
    # the classic board: fortresses on c13 and h2, a pass on j6; N-I2 on open ground
    s.start_from(parse_position("North to move | North arsenals: h1 | South arsenals: y20 | North: N-I1 h2, "
                                "N-I2 e5, N-C1 j6 | South: S-K1 c13"))
    ground = columns(board, "ground")
    assert list(zip(ground["x"], ground["y"], ground["terrain"])) == [(7, 1, "fortress"), (9, 5, "pass"),
                                                                      (2, 12, "fortress")]
    assert ground["line_color"] == [GROUND_FRAME["fortress"], GROUND_FRAME["pass"], GROUND_FRAME["fortress"]]
    drawn = board.figure.renderers                 # the frames are drawn above the units and their letters
    assert drawn.index(board.kit.renderers["ground"]) > drawn.index(board.kit.renderers["letters"])
    units = columns(board, "units")
    assert dict(zip(units["id"], units["ground"])) == {"N-I1": ", a fortress", "N-I2": "", "N-C1": ", a pass",
                                                       "S-K1": ", a fortress"}
    s.click((7, 1))
    s.click((7, 2))                             # N-I1 leaves the fortress: its frame goes
    assert list(zip(columns(board, "ground")["x"], columns(board, "ground")["y"])) == [(9, 5), (2, 12)]


def test_the_tooltip_leaves_out_the_selected_unit():
    """Issue 18: the hover tooltip over the selected unit covered the squares it may go to."""
    s, board = aimed()                          # N-I3 selected
    info = columns(board, "unit_info")
    assert "N-I3" not in info["id"] and sorted(info["id"]) == ["N-I1", "N-I2", "N-I4", "S-I1", "S-I2", "S-I3"]
    assert board.kit.renderers["unit_info"] in [r for t in board.figure.tools
                                                for r in (getattr(t, "renderers", None) or []) if getattr(t, "tooltips", None)]
    assert not [t for t in board.figure.tools if getattr(t, "tooltips", None)
                and board.kit.renderers["units"] in (t.renderers or [])]
    s.select(None)
    assert "N-I3" in columns(board, "unit_info")["id"]


def test_the_column_letters_are_above_the_board_too():
    """Issue 18: at 1400×900 the letters under the board were below the fold; they are above it as well."""
    board = GameOfWarBoard(GameOfWarSession(synchronous=True))
    [top], [bottom] = board.figure.above, board.figure.below
    for axis in (top, bottom):
        assert [axis.major_label_overrides[t] for t in axis.ticker.ticks[:3]] == ["a", "b", "c"]
        assert axis.major_label_overrides[24] == "y"


def test_on_a_phone_the_board_shrinks_with_its_units_rings_and_letters():
    """Issue 14, item 7: at a phone's width the 25-column board is scaled down to the window, and its
    units, target rings and letters with it (a unit's marker stays inside its square)."""
    s, board = aimed()
    full = {layer: board.kit.column(layer, "size") for layer in ("units", "targets")}
    assert all(full.values())
    letters = board.kit.renderers["letters"].glyph
    show_at(board.figure, board.figure.width // 2)
    assert board.kit.scale == 0.5
    for layer, sizes in full.items():
        assert board.kit.column(layer, "size") == [v / 2 for v in sizes], layer
    assert (letters.text_font_size, board.kit.renderers["arsenals"].glyph.size) == ("8px", 15)
    show_at(board.figure, board.figure.width)
    assert board.kit.column("units", "size") == full["units"] and letters.text_font_size == "10px"


def test_on_a_phone_a_corner_of_the_board_may_be_shown_closer():
    """Issue 14, item 7: on a phone the 25 columns leave squares of about 13 px. A narrow board offers views of
    its corners (15 of 25 columns, 12 of 20 rows), where squares, units and letters are 5/3 as large; taps still
    name the engine's squares; a wide window shows the whole board again and hides the choice."""
    s, board = aimed()
    full = board.kit.column("units", "size")
    assert not board.view.visible
    show_at(board.figure, board.figure.width // 2)
    assert board.view.visible and board.view.value == "whole"
    board.view.value = "south-east"
    fig = board.figure
    assert (fig.x_range.start, fig.x_range.end) == (9.5, 24.5)
    assert sorted((fig.y_range.start, fig.y_range.end)) == [7.5, 19.5]
    assert fig.y_range.start > fig.y_range.end                 # row 1 still at the top
    assert board.kit.column("units", "size") == pytest.approx([v / 2 * 25 / 15 for v in full])
    assert board.element.opts.get().kwargs["xlim"] == (-0.5, 24.5)      # a notebook's board is whole
    assert fig.yaxis[0].major_label_text_font_size == "9px"       # 11 px × 1/2 × 5/3 (never under 8 px)
    # the selected unit (N-I3 on j8) is not in the south-east corner: the next change of the board brings the
    # first corner that holds it into view (a unit moved out of the part shown does not vanish)
    s.param.trigger("selected")
    assert board.view.value == "north-west" and (fig.x_range.start, fig.x_range.end) == (-0.5, 14.5)
    board.view.value = "whole"
    assert (fig.x_range.start, fig.x_range.end) == (-0.5, 24.5)
    s.param.trigger("selected")
    assert board.view.value == "whole"                              # the whole board holds every unit
    board.view.value = "north-west"
    show_at(board.figure, board.figure.width)
    assert not board.view.visible and board.view.value == "whole"
    assert board.kit.column("units", "size") == full and (fig.x_range.start, fig.x_range.end) == (-0.5, 24.5)


def test_destinations_that_cut_a_unit_off_are_orange():
    """game-of-war.md, Communication (a unit off the lines cannot move or fight). A newcomer's walk (issue 14):
    the green dots did not say which moves cut a unit off; those squares are orange, the others green. Here
    N-I2 on b4 stays on the lines only beside N-I1, so only a4 keeps it there."""
    from academy.ui.game_of_war.board import CUTTING, DESTINATION
    s = GameOfWarSession(synchronous=True)
    board = GameOfWarBoard(s)
    s.start_from(parse_position("North to move | board: empty | North arsenals: a1 | South arsenals: y20 | "
                                "North: N-I1 a3, N-I2 b4 | South: S-I1 t15"))
    s.select("N-I1")
    dots = columns(board, "destinations")
    colour = {(x, y): c for x, y, c in zip(dots["x"], dots["y"], dots["fill_color"])}
    assert colour == {(0, 1): CUTTING, (1, 1): CUTTING, (1, 2): CUTTING, (0, 3): DESTINATION}   # a2 b2 b3 | a4
    s.select(None)
    assert columns(board, "destinations")["fill_color"] == []
