"""The Diplomacy board on the board kit, without a browser (issue 14, item 5): drawn once by HoloViews,
a tap patches only the cells that changed, the order layers follow the orders drafted, and the board
is a HoloViews overlay for notebooks."""
from __future__ import annotations

import bokeh.document
import holoviews as hv
from bokeh.events import DoubleTap, Tap

import academy.ui.diplomacy.board as board_module
from academy.games.diplomacy.mapdata import standard_map
from academy.ui.diplomacy.board import DiplomacyBoard, point
from academy.ui.diplomacy.order_marks import OrderMarks
from academy.ui.diplomacy.session import LocalDiplomacy


def board_for(people=("FRANCE",), seed=1) -> tuple[LocalDiplomacy, DiplomacyBoard]:
    s = LocalDiplomacy()
    s.new_game(people=list(people), seed=seed)
    board = DiplomacyBoard(s)
    board.pane.get_root(bokeh.document.Document())
    return s, board


def test_the_board_is_drawn_by_holoviews_from_the_kit():
    """Issue 14, item 5: the figure is the kit's, rendered by HoloViews, with the names tests read."""
    s, board = board_for()
    assert board_module.hv is hv
    assert board.figure is board.kit.figure and board.figure.name == "diplomacy-board"
    assert board.sources["provinces"].name == "diplomacy-provinces" and board.units.name == "diplomacy-units"
    drawn = set(board.figure.renderers)
    assert all(r in drawn for r in board.kit.renderers.values())
    ids = list(board.sources["provinces"].data["id"])
    assert len(ids) == 75 and board.sources["provinces"].data["marker"][ids.index("NTH")] == "hex"
    assert sum(1 for t in board.units.data["letter"] if t) == 22           # the 22 units of spring 1901
    assert len(board.sources["centres"].data["x"]) == 34
    # drawn on a canvas: BokehJS's WebGL markers (HoloViews' default) drew zoomed provinces in other shapes
    assert board.figure.output_backend == "canvas"


def test_a_tap_patches_only_the_cells_that_changed(monkeypatch):
    """Issue 14, item 5: a tap on Paris selects the army; only the halos change, cell by cell; the
    figure and every other layer's data stay as they were."""
    s, board = board_for()
    figure = board.figure
    before = {name: src.data for name, src in board.sources.items()}
    sent: dict[str, dict] = {}
    source_type = type(board.sources["halos"])
    original = source_type.patch

    def spy(self, patches, setter=None):
        sent[self.name] = patches
        return original(self, patches, setter)

    monkeypatch.setattr(source_type, "patch", spy)
    figure._trigger_event(Tap(figure, x=point(standard_map(), "PAR")[0] + 0.002, y=point(standard_map(), "PAR")[1]))
    assert s.selected == "A PAR" and board.figure is figure
    assert list(sent) == ["diplomacy-board-halos"]
    changed = {i for cells in sent["diplomacy-board-halos"].values() for i, _ in cells}
    ids = list(board.sources["provinces"].data["id"])
    assert changed == {ids.index(p) for p in {"PAR", *s.targets}}
    assert all(board.sources[name].data is data for name, data in before.items())   # nothing replaced
    bx, by = point(standard_map(), "BUR")
    figure._trigger_event(DoubleTap(figure, x=bx, y=by))       # a quick second tap
    assert s.pending == {"A PAR": "A PAR - BUR"}


def test_the_order_layers_follow_the_orders_drafted():
    """Issue 14, item 5: each drafted move is one arrow (a shaft and a head), a support a dashed line,
    a hold a mark; taking an order back takes its row away."""
    s, board = board_for()
    m = standard_map()
    assert board.kit.column("draft-moves", "x0") == []
    assert s.type_order("A PAR - BUR") and s.type_order("F BRE - MAO")
    assert len(board.kit.column("draft-moves", "x0")) == 2 and len(board.kit.column("draft-moves-heads", "x")) == 2
    (bx, by), (px, _) = point(m, "BUR"), point(m, "PAR")
    ends = list(zip(board.kit.column("draft-moves", "x1"), board.kit.column("draft-moves", "y1")))
    assert any(abs(x - bx) < 0.02 and abs(y - by) < 0.02 for x, y in ends)
    assert set(board.kit.column("draft-moves", "line_color")) == {"#3C9FE0"}      # France's colour
    assert s.type_order("A MAR S A PAR - BUR")
    assert len(board.kit.column("draft-supports", "x0")) == 1 and len(board.kit.column("draft-moves", "x0")) == 2
    assert s.type_order("A PAR H")
    assert len(board.kit.column("draft-moves", "x0")) == 1
    assert board.kit.column("draft-marks", "marker") == ["square"]
    assert board.kit.column("draft-marks", "x") == [px]
    s.clear_orders()
    assert board.kit.column("draft-moves", "x0") == [] and board.kit.column("draft-supports", "x0") == []


def test_a_convoy_is_a_dotted_line_through_the_fleet_with_a_ring():
    """Issue 14, item 5: a convoy draws army → fleet → destination and a ring on the fleet."""
    m = standard_map()
    marks = OrderMarks(lambda loc: point(m, loc), 3.0).add_all([("ENGLAND", "F NTH C A YOR - NWY", "fails")])
    assert len(marks.convoys["x0"]) == 2 and marks.arrows == []
    assert (marks.convoys["x1"][0], marks.convoys["y1"][0]) == point(m, "NTH") == (marks.convoys["x0"][1],
                                                                                    marks.convoys["y0"][1])
    assert marks.marks["marker"] == ["circle"] and marks.fails == [point(m, "NTH")]


def test_the_board_is_a_holoviews_overlay_as_it_stands():
    """Issue 14, item 5: ``board.element`` is an hv.Overlay holding the orders drafted so far."""
    s, board = board_for()
    s.type_order("A PAR - BUR")
    element = board.element
    assert isinstance(element, hv.Overlay)
    names = list(board.kit.layers)
    moves = element.get(names.index("draft-moves"))
    assert len(moves) == 1
    assert isinstance(element * hv.Text(0.5, 0.5, "here"), hv.Overlay)
