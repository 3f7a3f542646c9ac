"""The board kit (academy/ui/board_kit): layers drawn once by HoloViews, patched in place, gestures
routed to the game (issue 14, item 5)."""
from __future__ import annotations

import json
import math
import subprocess

import holoviews as hv
import pytest
from bokeh.core.property.vectorization import Field
from bokeh.events import DoubleTap, PanEnd, PanStart, Tap

from academy.ui.board_kit.arrows import arrow_columns, arrow_layers
from academy.ui.board_kit.board import Board
from academy.ui.board_kit.grid import cell_at, rect_columns
from academy.ui.board_kit.layer import Layer
from tests.ui.gestures import pan, show_at


def dots(fill=("#ff0000", "#ff0000")) -> Layer:
    return Layer("dots", "points", {"x": [0.2, 0.8], "y": [0.2, 0.8], "fill_color": list(fill), "id": ["a", "b"]},
                 mapped=("fill_color",), style={"size": 20})


def board(*layers: Layer) -> Board:
    return Board("kit-board", list(layers) or [dots()], x_range=(0, 1), y_range=(0, 1), height=300)


def test_layers_are_drawn_by_holoviews_into_named_sources():
    b = board(dots(), Layer("tiles", "rectangles", rect_columns([(0, 0)], 0.5) | {"fill_color": ["#0f0"]},
                            mapped=("fill_color",)))
    assert b.figure.name == "kit-board"
    assert {s.name for s in b.sources.values()} == {"kit-board-dots", "kit-board-tiles"}
    assert list(b.sources["dots"].data["id"]) == ["a", "b"]           # a column HoloViews does not draw is kept
    assert b.figure.toolbar_location is None and [t for t in b.figure.tools if t.__class__.__name__ != "HoverTool"] == []


def test_a_column_of_equal_values_still_drives_its_glyph():
    """HoloViews draws equal values as one fixed colour; the kit keeps the column so a patch shows."""
    b = board(dots())
    assert b.renderers["dots"].glyph.fill_color == Field("fill_color")
    b.patch("dots", {"fill_color": ["#0000ff", "#ff0000"]})
    assert list(b.sources["dots"].data["fill_color"]) == ["#0000ff", "#ff0000"]


def test_polygons_take_their_colours_as_written_not_through_a_colour_mapper():
    """HoloViews maps a polygon's value column linearly (colour names become its grey); the kit's regions
    are drawn in the colours their column names (the Conquest map's continents read as continents)."""
    regions = Layer("regions", "polygons", {"xs": [[0, 0.5, 0.5], [0.5, 1, 1]], "ys": [[0, 0, 0.5], [0.5, 0.5, 1]],
                                            "fill_color": ["#F2E2C4", "#D7E5F2"], "line_color": ["#111", "#222"],
                                            "id": ["a", "b"]}, mapped=("fill_color", "line_color"))
    glyph = board(regions).renderers["regions"].glyph
    assert glyph.fill_color == Field("fill_color") and glyph.line_color == Field("line_color")


def test_patch_sends_only_changed_cells_and_replace_changes_rows(monkeypatch):
    b = board(dots())
    sent = []
    monkeypatch.setattr(type(b.sources["dots"]), "patch", lambda self, patches: sent.append(patches))
    b.patch("dots", {"fill_color": ["#ff0000", "#00ff00"]})
    assert sent == [{"fill_color": [(1, "#00ff00")]}]
    b.patch("dots", {"fill_color": ["#ff0000", "#ff0000"]})
    assert len(sent) == 1                                              # nothing changed: nothing sent
    b.replace("dots", {"x": [0.5], "y": [0.5], "fill_color": ["#000"], "id": ["c"]})
    assert list(b.sources["dots"].data["id"]) == ["c"]


def test_taps_and_quick_second_taps_reach_the_game():
    b = board()
    taps = []
    b.on_tap(lambda x, y: taps.append((x, y)))
    b.figure._trigger_event(Tap(b.figure, x=0.2, y=0.3))
    b.figure._trigger_event(DoubleTap(b.figure, x=0.8, y=0.8))       # Bokeh's reading of a quick second tap
    assert taps == [(0.2, 0.3), (0.8, 0.8)]


def test_a_drag_reports_start_each_new_cell_and_end():
    b = board()
    seen = []
    b.on_drag(lambda phase, x, y: seen.append((phase, round(x), round(y))), cell=lambda x, y: (round(x), round(y)))
    fig = b.figure
    fig._trigger_event(PanStart(fig, x=0.1, y=0.1))
    for x in (0.2, 0.4, 0.6, 0.7, 0.9):
        pan(fig, x, 0.1)
    fig._trigger_event(PanEnd(fig, x=0.9, y=0.1))
    assert seen == [("start", 0, 0), ("move", 1, 0), ("end", 1, 0)]   # moves within a cell are not sent


def test_the_board_is_a_holoviews_overlay_as_it_stands():
    b = board(dots(), *arrow_layers("moves", [(0.2, 0.2, 0.8, 0.8, "#c00", 3)]))
    b.patch("dots", {"fill_color": ["#ff0000", "#0000ff"]})
    overlay = b.element * hv.Text(0.5, 0.5, "note")
    assert isinstance(overlay, hv.Overlay) and len(overlay) == 4
    assert list(overlay.get(0).dimension_values("fill_color")) == ["#ff0000", "#0000ff"]


def test_bad_layers_are_refused_with_the_reason():
    with pytest.raises(ValueError, match="unknown kind 'circles'"):
        Layer("x", "circles", {"x": [], "y": []})
    with pytest.raises(ValueError, match="no column 'fill_color'"):
        Layer("x", "points", {"x": [], "y": []}, mapped=("fill_color",))
    with pytest.raises(ValueError, match="different lengths"):
        Layer("x", "points", {"x": [1], "y": []})
    with pytest.raises(ValueError, match="share a name"):
        board(dots(), dots())


def test_grid_cells():
    assert cell_at(0.4, -2.2, width=3, height=3, flip=True) == (0, 2)
    assert cell_at(3.2, 0, width=3, height=3) is None and cell_at(None, 1, width=3, height=3) is None


def test_an_empty_layer_beside_a_full_one_of_the_same_columns_draws_and_fills_later():
    """Issue 14, item 5 (found porting the Diplomacy board): an empty layer (no orders yet) with a
    mapped colour column beside a full layer with the same column made HoloViews fail on merging their
    ranges ("unsupported operand type(s) for -=: 'str' and 'float'"). It draws, and its rows come later."""
    empty = Layer("marks", "points", {"x": [], "y": [], "fill_color": []}, mapped=("fill_color",))
    b = board(dots(), empty)
    assert b.renderers["marks"].glyph.fill_color == Field("fill_color")
    b.replace("marks", {"x": [0.5], "y": [0.5], "fill_color": ["#00ff00"]})
    assert list(b.sources["marks"].data["fill_color"]) == ["#00ff00"]


def test_an_empty_layer_with_a_mapped_colour_draws_beside_a_full_one():
    """Issue 14, item 5 (the Game of War board): a layer with no rows yet (no lines of communication
    shown, no unit selected) whose mapped colour column another layer also has made HoloViews fail
    ("unsupported operand type(s) for -=: 'str' and 'float'"); it draws, and its rows drive the glyph later."""
    empty = Layer("lines", "points", {"x": [], "y": [], "fill_color": [], "id": []}, mapped=("fill_color",),
                  hover="@id")
    b = board(empty, dots(("#ff0000", "#00ff00")))
    assert b.renderers["lines"].glyph.fill_color == Field("fill_color")
    # not HoloViews' empty float array, which the browser refuses as colours ("invalid color array")
    assert b.sources["lines"].data["fill_color"] == [] and b.sources["lines"].data["id"] == []
    b.replace("lines", {"x": [0.5], "y": [0.5], "fill_color": ["#123456"], "id": ["c"]})
    assert list(b.sources["lines"].data["fill_color"]) == ["#123456"]


def test_a_board_that_takes_drags_holds_a_finger_without_moving():
    """Issue 14, item 5 (drags on touch): with no active tool that takes pan gestures Bokeh lets the browser
    scroll the page under a finger, which cancels the drag at once; a board with a drag handler has an active
    point-draw tool that adds and drags nothing (Bokeh then sets touch-action so the finger stays on the
    board), and no pan tool (which would repaint the whole board on every move). A board without one lets
    the page scroll."""
    from bokeh.models import PanTool, PointDrawTool
    still = board()
    assert not still.figure.tools
    b = board()
    b.on_drag(lambda phase, x, y: None, follow=("dots",))
    tool = b.figure.toolbar.active_multi
    assert isinstance(tool, PointDrawTool) and (tool.add, tool.drag) == (False, False)
    assert tool.renderers == [b.renderers["dots"]]
    assert not any(isinstance(t, PanTool) for t in b.figure.tools)


def test_a_board_without_a_drag_handler_sends_no_drag_events():
    """Issue 14, item 5 and "Speed": drag events reach the server only from a board that takes drags, and
    even then a pointer move is no pan event (one websocket message per move, about 40 ms of the page's
    time each): the page writes the pointer into the board's pointer source when it enters another
    square of the drag's grid."""
    still = board()
    assert not {"pan", "panstart", "panend"} & set(still.figure.subscribed_events)
    assert not still.figure.js_event_callbacks and still.pointer is None
    b = board()
    b.on_drag(lambda phase, x, y: None)
    assert {"panstart", "panend"} <= set(b.figure.subscribed_events)
    assert "pan" not in b.figure.subscribed_events
    moves = b.figure.js_event_callbacks["pan"]
    assert [c.args["pointer"] for c in moves] == [b.pointer] and moves[0].args["grid"] == 1.0
    assert b.pointer.syncable


def test_the_page_sends_a_move_only_when_the_pointer_enters_another_square():
    """Issue 14, "Speed": the pan callback's JS keeps the last square it sent (reset by the press) and
    writes the pointer only on another one; the server adds its own cell check."""
    from academy.ui.board_kit.board import _POINTER_JS, _POINTER_MOVE_JS
    assert "Math.round(x / grid)" in _POINTER_JS and "cell === pointer._cell) return" in _POINTER_MOVE_JS
    b = board()
    seen = []
    b.on_drag(lambda phase, x, y: seen.append(phase), cell=lambda x, y: (round(x), round(y)))
    start = b.figure.js_event_callbacks["panstart"][0]
    assert start.args["pointer"] is b.pointer and start.code.endswith("pointer._cell = cell;")
    b.figure._trigger_event(PanStart(b.figure, x=0.1, y=0.1))
    pan(b.figure, 0.3, 0.1)                 # the same cell as the press: nothing for the handler
    pan(b.figure, 1.2, 0.1)
    assert seen == ["start", "move"]
    # the page's side, run in node: press at (0.1, 0.1), then moves; only the ones into another square write
    script = f"""
    const pointer = {{data: null, writes: []}};
    const start = (cb_obj, grid) => {{ {_POINTER_JS} pointer._cell = cell; }};
    const move = (cb_obj, grid) => {{ {_POINTER_JS} {_POINTER_MOVE_JS} pointer.writes.push(pointer.data.x[0]); }};
    start({{x: 0.1, y: 0.1}}, 1);
    for (const x of [0.2, 0.4, 0.6, 0.7, 1.4, 1.6, 0.3]) move({{x, y: 0.1}}, 1);
    move({{x: null, y: null}}, 1);
    console.log(JSON.stringify(pointer.writes));
    """
    out = subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True).stdout
    assert json.loads(out) == [0.6, 1.6, 0.3]


def test_a_followed_layer_moves_with_the_pointer_in_the_browser_only():
    """Issue 14, "Speed" (a drag's live preview at 20 frames a second or more): the dragged piece follows
    the pointer by a browser callback on every pan event, and its source is not sent back to the server."""
    from bokeh.models import CustomJS
    b = board(dots(), Layer("lines", "segments", {"x0": [0], "y0": [0], "x1": [1], "y1": [1]}))
    b.on_drag(lambda phase, x, y: None, follow=("dots",))
    callbacks = [c for c in b.figure.js_event_callbacks["pan"] if "source" in c.args]
    assert len(callbacks) == 1 and isinstance(callbacks[0], CustomJS)
    assert callbacks[0].args["source"] is b.sources["dots"]
    assert b.sources["dots"].syncable is False and b.sources["lines"].syncable is True
    with pytest.raises(ValueError, match="no x and y"):
        b.on_drag(lambda phase, x, y: None, follow=("lines",))


def test_a_layer_empty_at_first_draws_its_rows_once_they_come():
    """Issue 14, item 5 (found porting the Fronts board, whose order arrows start empty): HoloViews read
    an empty colour column as numbers and mapped it through a colour mapper shared with the other
    layers' columns of that name, and the board could not be drawn; an empty layer is drawn with its
    fixed style and its columns drive the glyph once rows come."""
    empty = Layer("marks", "points", {"x": [], "y": [], "line_color": [], "marker": []},
                  mapped=("line_color", "marker"), style={"size": 10, "fill_alpha": 0})
    full = Layer("rings", "points", {"x": [0.5], "y": [0.5], "line_color": ["#00ff00"]}, mapped=("line_color",))
    b = board(empty, full)
    glyph = b.renderers["marks"].glyph
    assert glyph.line_color == Field("line_color") and glyph.marker == Field("marker")
    b.replace("marks", {"x": [0.2], "y": [0.3], "line_color": ["#ff0000"], "marker": ["square"]})
    assert list(b.sources["marks"].data["line_color"]) == ["#ff0000"]


def test_an_arrow_head_is_turned_on_the_screen():
    """Issue 14, item 5: with twice as many pixels per unit across as up, an arrow one unit right and
    one up points at 26.6 degrees on the screen, not 45."""
    _, head = arrow_columns([(0, 0, 1, 1, "#c00", 2)], scale=(2.0, 1.0))
    assert head["angle"] == [pytest.approx(math.atan2(1, 2) - math.pi / 2)]


def test_an_empty_layer_sends_its_columns_as_lists():
    """Issue 14, item 5 (found by the Fronts browser test, a board before any game): HoloViews sent an
    empty column as an empty array of numbers, and BokehJS refused it as colours ("invalid color
    array") and drew no board; an empty layer's columns are plain empty lists."""
    b = board(Layer("marks", "points", {"x": [], "y": [], "line_color": []}, mapped=("line_color",)))
    assert all(type(v) is list and v == [] for v in b.sources["marks"].data.values())
    assert set(b.sources["marks"].data) >= {"x", "y", "line_color"}


def test_an_empty_layer_next_to_another_with_the_same_colour_column_draws_and_fills_later():
    """Issue 14, item 5 (the Tactics board): a layer with no rows yet (no units before a game starts) that
    maps fill_color like the tiles layer failed in HoloViews (it colour-mapped the empty column over the
    tiles' colours), then in the browser ("invalid color array": HoloViews sent the empty column as
    floats); it draws, and its rows show in their own colours once it has some."""
    tiles = Layer("tiles", "rectangles", rect_columns([(0, 0)]) | {"fill_color": ["#dcebb4"]}, mapped=("fill_color",))
    units = Layer("units", "rectangles", rect_columns([]) | {"fill_color": []}, mapped=("fill_color",))
    b = board(tiles, units)
    assert b.renderers["units"].glyph.fill_color == Field("fill_color")
    assert b.sources["units"].data["fill_color"] == []       # not an empty float array: BokehJS refuses that as colours
    b.replace("units", rect_columns([(0, 0)], 0.5) | {"fill_color": ["#c0392b"]})
    assert b.column("units", "fill_color") == ["#c0392b"]


def test_reframe_and_restyle_change_the_figure_in_place():
    """Issue 14, item 5: a board shown for another map (a Tactics lesson on a bigger map) gets its new
    ranges, size, ticks and text sizes without a new figure, and its HoloViews element follows."""
    names = Layer("names", "labels", {"x": [0.5], "y": [0.5], "text": ["a"]}, style={"text_font_size": "9px"})
    b = board(dots(), names)
    fig = b.figure
    b.reframe((0, 3), (-2, 1), width=500, height=400, xticks=[(0, "A"), (1, "B")], yticks=[(0, "1")])
    b.restyle("names", text_font_size="14px")
    assert b.figure is fig and (fig.x_range.end, fig.y_range.start, fig.width, fig.height) == (3, -2, 500, 400)
    assert fig.xaxis[0].ticker.ticks == [0, 1] and fig.xaxis[0].major_label_overrides == {0: "A", 1: "B"}
    assert b.renderers["names"].glyph.text_font_size == "14px"
    assert b.element.get(1).opts.get().kwargs["text_font_size"] == "14px"


def test_a_board_of_a_fixed_size_shrinks_to_a_narrow_window_and_says_by_how_much():
    """Issue 14, item 7 (a phone's 390 px): a board given a width keeps its ratio and never grows past that
    width, and tells the game's board its scale when the browser shows it narrower (for marks and text)."""
    b = Board("kit-board", [dots()], x_range=(0, 1), y_range=(0, 1), width=600, height=400)
    fig = b.figure
    assert (fig.sizing_mode, fig.max_width, fig.aspect_ratio, b.pane.max_width) == ("scale_width", 600, 1.5, 600)
    told = []
    b.on_resize(told.append)
    show_at(fig, 300)
    show_at(fig, 300)                       # the same width again: nothing to redo
    assert (b.scale, told) == (0.5, [0.5])
    show_at(fig, 900)                       # wider than the board: it stays at its full size
    assert (b.scale, told) == (1.0, [0.5, 1.0])
    b.reframe((0, 1), (0, 1), width=300, height=300)
    assert (fig.max_width, fig.aspect_ratio, b.scale, told) == (300, 1.0, 1.0, [0.5, 1.0])
    assert board().figure.sizing_mode != "scale_width"      # a board of no fixed width fills its column


def test_a_teachers_pen_draws_on_a_board_made_with_notes_and_the_game_hears_nothing():
    """Issue 20's demo board: arrows and marks are layers of the board kit; while the pen draws, taps and drags
    do not reach the game; a board made without notes is left alone."""
    import doctest

    import academy.ui.board_kit.notes as notes
    assert doctest.testmod(notes).failed == 0
    plain = board()
    assert not notes.has_notes(plain) and "notes" not in plain.layers
    notes.draw_notes(plain, [[0, 0, 1, 1]], [])                       # nothing to draw on: nothing happens
    with notes.notes_on():
        b = board()
    assert notes.has_notes(b) and list(b.layers)[-3:] == ["notes", "notes-heads", "notes-marks"]
    taps, drags, drawn = [], [], []
    b.on_tap(lambda x, y: taps.append((x, y)))
    b.on_drag(lambda phase, x, y: drags.append(phase))
    pen = notes.NotePen(b, lambda arrows, marks: drawn.append((arrows, marks)))
    pen.mode = "arrow"
    fig = b.figure
    fig._trigger_event(Tap(fig, x=0.1, y=0.1))
    assert pen.waiting and drawn == []
    fig._trigger_event(DoubleTap(fig, x=0.9, y=0.5))
    fig._trigger_event(PanStart(fig, x=0.5, y=0.5))
    fig._trigger_event(PanEnd(fig, x=0.6, y=0.5))
    assert taps == [] and drags == [] and drawn[-1] == ([[0.1, 0.1, 0.9, 0.5]], [])
    sx, sy = b.pixels_per_unit()                    # drawn 15 px short of both taps: the markers' numbers show
    drawn_end = (b.sources["notes"].data["x1"][0], b.sources["notes"].data["y1"][0])
    drawn_start = (b.sources["notes"].data["x0"][0], b.sources["notes"].data["y0"][0])
    assert math.hypot((0.9 - drawn_end[0]) * sx, (0.5 - drawn_end[1]) * sy) == pytest.approx(notes.GAP)
    assert math.hypot((drawn_start[0] - 0.1) * sx, (drawn_start[1] - 0.1) * sy) == pytest.approx(notes.GAP)
    assert list(b.sources["notes-heads"].data["x"]) == [drawn_end[0]]
    assert 0.1 < drawn_start[0] < drawn_end[0] < 0.9
    pen.mode = "mark"
    pen.tap(0.5, 0.5)
    pen.tap(0.5, 0.5)                                                 # a tap on a mark takes it away
    assert pen.marks == [] and len(drawn) == 3
    pen.mode = "play"                                                 # the game's board again
    fig._trigger_event(Tap(fig, x=0.2, y=0.3))
    assert taps == [(0.2, 0.3)]
    pen.clear()
    assert list(b.sources["notes"].data["x1"]) == [] and drawn[-1] == ([], [])
