"""The Diplomacy board on the board kit, without a browser (issue 14, item 5): drawn once by HoloViews,
a tap patches only the cells that changed, the order layers follow the orders drafted, and the board
is a HoloViews overlay for notebooks. Item 6: it reads as a map (province regions told apart by kind
and owner, names that never overlap, the same ranges in every exercise)."""
from __future__ import annotations

import itertools

import bokeh.document
import holoviews as hv
import pytest
from bokeh.events import DoubleTap, Tap

import academy.ui.diplomacy.board as board_module
from academy.games.diplomacy.mapdata import standard_map
from academy.ui.board_kit.label_layout import label_box
from academy.ui.diplomacy.board import DiplomacyBoard, point
from academy.ui.diplomacy.map_layout import COAST_FONT_PX, LABEL_WIDTH, NAME_FONT_PX
from academy.ui.diplomacy.order_marks import OrderMarks
from academy.ui.diplomacy.session import LocalDiplomacy
from academy.ui.diplomacy.style import REGION_FILL


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


# --- issue 14, item 6: a board that reads as a map ------------------------------------------------
def drawn_names(board: DiplomacyBoard) -> list[tuple[str, float, float, float]]:
    """Every name the board draws: (text, x, y, font px), from its label sources."""
    out = []
    for layer, column, font in (("names", "id", NAME_FONT_PX), ("sea-names", "id", NAME_FONT_PX),
                                ("coast-names", "coast", COAST_FONT_PX)):
        data = board.sources[layer].data
        out += [(t, x, y, font) for t, x, y in zip(data[column], data["x"], data["y"])]
    return out


def name_boxes(board: DiplomacyBoard, width: float, height: float) -> list[tuple[str, tuple[float, ...]]]:
    """Each drawn name's box in pixels (x0, y0, x1, y1) on a figure of width × height, as the kit
    estimates text (label_box; the names are drawn centred on their places)."""
    out = []
    for text, x, y, font in drawn_names(board):
        w, h = label_box(text, font)
        cx, cy = x * width, y * height           # ranges 0..1
        out.append((text, (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)))
    return out


def overlaps(boxes: list[tuple[str, tuple[float, ...]]]) -> list[tuple[str, str]]:
    """The pairs of names whose boxes overlap."""
    return [(a, b) for (a, ba), (b, bb) in itertools.combinations(boxes, 2)
            if ba[0] < bb[2] and bb[0] < ba[2] and ba[1] < bb[3] and bb[1] < ba[3]]


@pytest.mark.parametrize("height", [640, 720])   # the Lessons tab and the position editor, the Play tab
@pytest.mark.parametrize("width", [LABEL_WIDTH, 700, 940])
def test_no_two_names_overlap_at_the_default_sizes(height, width):
    """Issue 14, item 6: the board drew YOR's name on LON's marker; every name now has a place where it
    overlaps no other name, stays inside the figure and covers no province's point (on the Play tab's
    board, no unit's token either), at the board's height and any width from the narrowest the pages
    give it; most names lie inside their own province's region, as on a map."""
    from shapely import Point as P
    s = LocalDiplomacy()
    s.new_game(people=["FRANCE"], seed=1)
    board = DiplomacyBoard(s, height=height)
    boxes = name_boxes(board, width, height)
    assert len(boxes) == 75 + 6                     # every province, and the six split coasts
    assert not overlaps(boxes)
    reach = 12.0 if height == 720 else 0.0          # a unit token's radius, or its centre only
    points = [(x * width, y * height) for x, y in zip(board.sources["provinces"].data["x"],
                                                      board.sources["provinces"].data["y"])]
    for text, b in boxes:
        assert 0 <= b[0] and b[2] <= width and 0 <= b[1] and b[3] <= height, f"{text} leaves the figure"
        for px, py in points:
            nx, ny = min(max(px, b[0]), b[2]), min(max(py, b[1]), b[3])
            assert (nx - px) ** 2 + (ny - py) ** 2 > reach ** 2 or (reach == 0 and not (
                b[0] <= px <= b[2] and b[1] <= py <= b[3])), f"{text} covers the province at {px:.0f}, {py:.0f}"
    names = board.sources["names"].data, board.sources["sea-names"].data
    inside = sum(board.shapes[p].covers(P(x, y)) for d in names for p, x, y in zip(d["id"], d["x"], d["y"]))
    assert inside >= 62, f"only {inside} of 75 names lie in their own province"


def test_the_provinces_are_regions_told_apart_by_kind_and_owner():
    """Issue 14, item 6: each province is a region under the graph (land, coast and sea in their own
    colours; a supply centre's region tinted with its owner's); two regions touch only if adjacent."""
    s, board = board_for()
    data = board.sources["regions"].data
    assert sorted(set(data["id"])) == sorted(standard_map().provinces)
    fill = dict(zip(data["id"], data["fill_color"]))
    assert (fill["BUR"], fill["PIC"], fill["NTH"]) == (REGION_FILL["land"], REGION_FILL["coast"], REGION_FILL["sea"])
    assert len(set(REGION_FILL.values())) == 3
    assert fill["PAR"] not in REGION_FILL.values() and fill["PAR"] != fill["BER"]     # France's, Germany's
    assert list(board.kit.layers)[0] == "regions"                                      # drawn under the rest
    shapes = board.shapes
    for a, b in itertools.combinations(sorted(shapes), 2):
        if shapes[a].distance(shapes[b]) < 1e-9:
            assert board.graph.has_edge(a, b), f"the regions of {a} and {b} touch but they are not adjacent"


def test_the_map_keeps_its_ranges_and_a_tap_in_a_region_is_on_its_province(monkeypatch):
    """Issue 14, item 6: the whole map stays shown (no re-zoom between exercises); a tap inside a
    province's region, away from its point, is a tap on that province."""
    from shapely import Point as P
    s, board = board_for()
    assert (board.figure.x_range.start, board.figure.x_range.end) == (0.0, 1.0)
    assert (board.figure.y_range.start, board.figure.y_range.end) == (0.0, 1.0)
    clicks = []
    monkeypatch.setattr(s, "click", clicks.append)
    inner = board.shapes["MOS"].buffer(-0.01)
    far = max((P(c) for c in inner.exterior.coords), key=lambda q: q.distance(P(point(standard_map(), "MOS"))))
    assert far.distance(P(point(standard_map(), "MOS"))) > 0.08          # well beyond a tap's reach
    board.figure._trigger_event(Tap(board.figure, x=far.x, y=far.y))
    board.figure._trigger_event(DoubleTap(board.figure, x=-0.5, y=-0.5))  # off the map: nothing
    assert clicks == ["MOS"]


def test_a_dislodged_unit_selected_for_its_retreat_is_the_one_ringed():
    """A newcomer's walk (issue 14): clicking Vienna in a retreat ringed the German army that took Vienna,
    not the dislodged Austrian army beside it, which the click selected."""
    from academy.games.diplomacy.game import DiplomacyGame
    from academy.ui.diplomacy.order_marks import DISLODGED_SHIFT
    st = DiplomacyGame().state_from_position({"phase": "S1901R", "units": {"AUSTRIA": ["A BUD"],
                                              "GERMANY": ["A VIE", "A TYR"]},
                                              "dislodged": {"AUSTRIA": [{"unit": "A VIE", "attacked_from": "BOH"}]}})
    s = LocalDiplomacy()
    s.new_game(people=["AUSTRIA"], state=st)
    board = DiplomacyBoard(s)
    board.pane.get_root(bokeh.document.Document())
    halos = board.sources["halos"].data
    i = list(board.sources["provinces"].data["id"]).index("VIE")
    x, y = point(standard_map(), "VIE")
    assert (halos["x"][i], halos["y"][i]) == (x, y)
    s.click("VIE")
    assert s.selected == "A VIE" and halos["line_alpha"][i] == 1.0
    assert (halos["x"][i], halos["y"][i]) == (x + DISLODGED_SHIFT[0], y + DISLODGED_SHIFT[1])
    unit = board.units.data
    j = [k for k, text in enumerate(unit["unit"]) if text == "AUSTRIA A VIE (dislodged)"][0]
    assert (unit["x"][j], unit["y"][j]) == (halos["x"][i], halos["y"][i])     # the ring is on the dislodged unit


def shown(fig, width: int, height: int) -> None:
    """The browser reports the figure's inner size (a phone's column: narrower than the pages' narrowest)."""
    fig.set_from_json("inner_width", width)
    fig.set_from_json("inner_height", height)


def test_on_a_phone_the_names_are_placed_again_for_the_narrow_board():
    """Issue 14, item 7 (a phone's 390 px): the board stretches to a 370 px column at its full height, where
    names placed for the narrowest desktop column overlapped (YOR on EDI); once the browser reports the size,
    every name has a place clear of the others at that size, and a wide column brings the first places back."""
    s, board = board_for()
    first = list(board.sources["names"].data["x"])
    assert overlaps(name_boxes(board, 370, 720))            # the desktop places, squeezed onto a phone
    shown(board.figure, 370, 720)
    assert not overlaps(name_boxes(board, 370, 720))
    assert list(board.sources["names"].data["x"]) != first
    shown(board.figure, 900, 720)
    assert list(board.sources["names"].data["x"]) == first
