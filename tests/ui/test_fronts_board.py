"""The Fronts board on the board kit, without a browser (issue 14, item 5): HoloViews draws it once,
a tap patches only the cells that changed, the order layers' rows follow the planned orders, a new
map gives every layer new rows, and in a notebook the board is a HoloViews overlay."""
from __future__ import annotations

import math

import bokeh.document
import holoviews as hv
import pytest
from bokeh.events import Tap
from bokeh.models import ColumnDataSource

from academy.games.fronts.mapdata import load_map
from academy.ui.fronts.board import HEAD_OFF, SELECTED, TARGET, FrontsBoard, stack_label
from academy.ui.fronts.session import LocalFronts


def new(**kw) -> LocalFronts:
    s = LocalFronts()
    s.new_game(people=["red"], seed=1, **kw)
    return s


def board_for(s: LocalFronts) -> FrontsBoard:
    b = FrontsBoard(s)
    b.pane.get_root(bokeh.document.Document())
    return b


def tap(b: FrontsBoard, province: str) -> None:
    x, y = b.fmap.provinces[province].at
    b.figure._trigger_event(Tap(b.figure, x=x + 0.004, y=y - 0.004))


def test_the_board_is_drawn_by_holoviews_from_the_kits_layers():
    """Issue 14, item 5: the figure is the kit's (rendered by HoloViews from the layers), named as the
    browser tests find it, each layer's source named ``fronts-<layer>``."""
    b = board_for(new())
    assert b.figure is b.kit.figure and b.pane is b.kit.pane and b.pane.object is b.figure
    assert b.figure.name == "fronts-board" and "fronts-board" in b.pane.css_classes
    names = {source.name for source in b.kit.sources.values()}
    assert {"fronts-stacks", "fronts-halos", "fronts-provinces", "fronts-moves", "fronts-moves-heads"} <= names
    assert names == {f"fronts-{layer}" for layer in b.kit.layers}
    drawn = {r.data_source.name for r in b.figure.renderers}
    assert names <= drawn                       # every layer is a glyph of the one figure
    seen = sorted(stack_label(e) for entries in b.session.obs["stacks"].values() for e in entries)
    assert sorted(b.kit.column("stacks", "label")) == seen and len(seen) >= 3


def test_a_tap_patches_only_the_cells_that_changed(monkeypatch):
    """Issue 14, item 5: a tap on a stack sends only the rings that change (the stack's and its
    targets'); no source gets new rows and the figure is not rebuilt."""
    b = board_for(new())
    figure, datas = b.figure, {name: source.data for name, source in b.kit.sources.items()}
    sent: dict[str, list] = {}
    send = ColumnDataSource.patch

    def patch(self, patches, setter=None):
        sent.setdefault(self.name, []).append(patches)
        send(self, patches, setter)
    monkeypatch.setattr(ColumnDataSource, "patch", patch)
    tap(b, "millbrook")
    s = b.session
    assert s.selected == "millbrook" and s.targets
    assert list(sent) == ["fronts-halos"]          # the rest did not change: nothing sent for them
    ids = b.kit.column("halos", "id")
    cells: dict[str, set[str]] = {}          # the selection, then its targets: one patch each
    for patch in sent["fronts-halos"]:
        for column, rows in patch.items():
            cells.setdefault(column, set()).update(ids[i] for i, _ in rows)
    changed = {"millbrook", *s.targets}
    assert cells["line_alpha"] == changed and all(rows <= changed for rows in cells.values())
    rings = dict(zip(ids, b.kit.column("halos", "line_color")))
    assert rings["millbrook"] == SELECTED and all(rings[t] == TARGET for t in s.targets)
    assert b.figure is figure and b.pane.object is figure
    assert all(b.kit.sources[name].data is data for name, data in datas.items())


def test_the_order_layers_rows_follow_the_planned_orders():
    """Issue 14, item 5: one arrow per move (its earlier legs in ``routes``), one dotted line per strike,
    one mark per build; removing an order removes its rows."""
    s = new()
    b = board_for(s)
    assert s.add_order("1 armor Millbrook -> Westmere -> Greyridge")
    assert s.add_order("1 air Northgate strike Riverton")
    assert s.add_order("2 infantry Oakhollow -> Riverton")
    assert len(b.kit.column("moves", "x0")) == 2 and len(b.kit.column("moves-heads", "angle")) == 2
    westmere, greyridge = (s.fmap.provinces[p].at for p in ("westmere", "greyridge"))
    assert b.kit.column("routes", "x1") == [westmere[0]]           # Millbrook -> Westmere, then the arrow on
    assert b.kit.column("moves", "x0")[0] == westmere[0]            # Westmere -> Greyridge
    px, py = b.kit.pixels_per_unit(aspect=1.4)
    hx, hy = b.kit.column("moves-heads", "x")[0], b.kit.column("moves-heads", "y")[0]
    assert math.hypot((hx - greyridge[0]) * px, (hy - greyridge[1]) * py) == pytest.approx(HEAD_OFF)
    assert len(b.kit.column("strikes", "x0")) == 1 and b.kit.column("supports", "x0") == []
    s.remove(0)
    assert b.kit.column("routes", "x0") == [] and len(b.kit.column("moves", "x0")) == 1
    s.clear_orders()
    assert all(b.kit.column(name, column) == [] for name, column in (
        ("moves", "x0"), ("moves-heads", "x"), ("strikes", "x0"), ("routes", "x0")))


def test_a_new_map_gives_every_layer_the_new_maps_rows():
    """Issue 14, item 5: a session that moves to another map (the next lesson, a new game) redraws the
    same figure with the new map's provinces, borders and rivers."""
    s = new()
    b = board_for(s)
    figure = b.figure
    s.new_game(people=["red"], seed=2, map="crossroads", players=4, mode="ffa")
    cross = load_map("crossroads")
    assert b.figure is figure
    assert sorted(b.kit.column("provinces", "id")) == sorted(cross.provinces)
    assert len(b.kit.column("names", "name")) == len(cross.provinces)
    assert len(b.kit.column("edges-river", "x0")) == len(cross.rivers)
    assert len(b.kit.column("edges-border", "x0")) == len(cross.borders) - len(cross.rivers)
    tap(b, "redhaven")
    assert s.selected == "redhaven"


def test_in_a_notebook_the_board_is_a_holoviews_overlay():
    """Issue 14, item 5: ``board.element`` is the board as it stands, a HoloViews overlay a teacher
    can add to and save."""
    s = new()
    b = board_for(s)
    s.add_order("2 infantry Oakhollow -> Riverton")
    element = b.element
    assert isinstance(element, hv.Overlay) and len(element) == len(b.kit.layers)
    assert (element * hv.Text(0.5, 0.5, "here")).__class__ is hv.Overlay
    moves = element.get(list(b.kit.layers).index("moves"))
    assert isinstance(moves, hv.Segments) and len(moves) == 1      # the one move, drawn as it stands


def test_an_arrow_head_points_along_its_shaft_on_the_screen():
    """Issue 14, item 5 (seen on the screenshot): a head turned by the angle in data units pointed off
    its shaft, as the board has more pixels per unit across than up; the head is turned on the screen,
    again when the browser reports another size."""
    s = new()
    b = board_for(s)
    doc = bokeh.document.Document()
    doc.add_root(b.pane.get_root(doc))
    s.add_order("2 infantry Oakhollow -> Riverton")

    def on_screen() -> float:
        px, py = b.kit.pixels_per_unit(aspect=1.4)
        x0, y0, x1, y1 = (b.kit.column("moves", c)[0] for c in ("x0", "y0", "x1", "y1"))
        return math.atan2((y1 - y0) * py, (x1 - x0) * px) - math.pi / 2
    assert b.kit.pixels_per_unit(aspect=1.4)[0] != b.kit.pixels_per_unit(aspect=1.4)[1]
    assert b.kit.column("moves-heads", "angle")[0] == pytest.approx(on_screen())
    before = b.kit.column("moves-heads", "angle")[0]
    b.figure.set_from_json("inner_width", 1200)          # as the browser reports its layout
    b.figure.set_from_json("inner_height", 500)
    after = b.kit.column("moves-heads", "angle")[0]
    assert after == pytest.approx(on_screen()) and abs(after - before) > 0.05


def test_a_stack_out_of_supply_is_marked_on_the_board_and_in_its_tooltip():
    """fronts.md "Defense bonuses" (Supply): a stack with no path of its team's provinces to a city of
    its team fights at half strength; the board marks it (⚠) and the tooltip says so."""
    from academy.games.fronts.goals import start_state
    state = start_state("Red to order; Red 10: 2 infantry Greyridge, 1 infantry Millbrook; Blue 10: 1 infantry "
                        "Elmshade, 1 infantry Saltmarsh; neutral: none; owners: Greyridge Blue, Westmere Blue, "
                        "Riverton Blue")
    assert state.observation("red")["out_of_supply"] == [{"province": "greyridge", "owner": "red", "turns": 0}]
    s = LocalFronts()
    s.start_from(state, people=["red"])
    b = board_for(s)
    stacks = b.kit.sources["stacks"].data
    labels = dict(zip(stacks["province"], stacks["label"]))
    assert labels["greyridge"] == "2 inf ⚠" and labels["millbrook"] == "1 inf"
    provinces = b.kit.sources["provinces"].data
    text = dict(zip(b.ids, provinces["stack_text"]))
    assert "out of supply" in text["greyridge"] and "half strength" in text["greyridge"]
    assert "out of supply" not in text["millbrook"]


def test_support_lines_are_long_dashes_and_strikes_dots_as_the_key_says():
    """A newcomer's walk (issue 14): the key says "dashed: artillery support · dotted: air strike", but Bokeh's own
    short dash drew the support as dots on the lesson board."""
    b = board_for(new())
    assert b.kit.renderers["supports"].glyph.line_dash == "12 6"
    assert b.kit.renderers["strikes"].glyph.line_dash == "2 5"
