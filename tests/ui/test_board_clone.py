"""Boards are copies of a prototype HoloViews drew once (academy/ui/board_kit/clone.py and Board._prototype):
every page gets models of its own, nothing shared, with its own rows, and HoloViews draws each kind of board
once per process."""
from __future__ import annotations

from bokeh.document import Document
from bokeh.models import ColumnDataSource, CustomJS, Dodge, Plot, Scatter
from bokeh.core.property.vectorization import Field
from bokeh.plotting import figure

from academy.ui.board_kit import board as kit
from academy.ui.board_kit.board import Board
from academy.ui.board_kit.clone import copy_models
from academy.ui.board_kit.layer import Layer


def models_of(root) -> set[int]:
    doc = Document()
    doc.add_root(root)
    return {id(m) for m in doc.models}


def test_a_copy_shares_no_model_and_keeps_every_value():
    fig = figure(tools=[], toolbar_location=None, width=200, height=100)
    source = ColumnDataSource({"x": [1, 2], "y": [3, 4]})
    fig.scatter(x=Field("x", transform=Dodge(value=0.25)), y="y", source=source, size=9)
    fig.js_on_event("tap", CustomJS(args={"fig": fig, "source": source}, code="fig; source"))   # refers back
    copy, copies = copy_models(fig)
    assert models_of(copy).isdisjoint(models_of(fig))     # two documents, one each: nothing is in both
    assert copy.tools == [] and copy.width == 200 and copy.toolbar_location is None   # no default tools added
    glyph = next(r for r in copy.renderers).glyph
    assert isinstance(glyph, Scatter) and glyph.size == 9 and glyph.x.field == "x" and glyph.x.transform.value == 0.25
    data = copies[id(source)].data
    assert dict(data) == {"x": [1, 2], "y": [3, 4]}
    data["x"].append(5)
    assert list(source.data["x"]) == [1, 2]                 # the copy's rows are its own
    callback = copy.js_event_callbacks["tap"][0]
    assert callback.args["fig"] is copy and callback.args["source"] is copies[id(source)]


def dots(xs: list[float]) -> Layer:
    return Layer("dots", "points", {"x": xs, "y": [0.5] * len(xs), "fill_color": ["#ff0000"] * len(xs)},
                 mapped=("fill_color",), style={"size": 20})


def test_holoviews_draws_a_kind_of_board_once_and_each_board_has_its_rows(monkeypatch):
    kit._PROTOTYPES.clear()
    drawn = []
    original = Board._draw_prototype
    monkeypatch.setattr(Board, "_draw_prototype", lambda self: drawn.append(self.name) or original(self))
    one = Board("clone-board", [dots([0.2])], x_range=(0, 1), y_range=(0, 1), height=300)
    two = Board("clone-board", [dots([0.4, 0.6])], x_range=(0, 1), y_range=(0, 1), height=300)
    other = Board("clone-board", [dots([0.4])], x_range=(0, 2), y_range=(0, 1), height=300)   # another extent
    assert drawn == ["clone-board", "clone-board"]           # once for (0, 1), once for (0, 2)
    assert list(one.sources["dots"].data["x"]) == [0.2] and list(two.sources["dots"].data["x"]) == [0.4, 0.6]
    assert one.renderers["dots"].data_source is one.sources["dots"]
    assert models_of(one.figure).isdisjoint(models_of(two.figure))
    assert isinstance(other.figure, Plot) and other.figure.x_range.end == 2
    assert one.figure.output_backend == "canvas"


def test_the_process_keeps_a_bounded_number_of_prototypes(monkeypatch):
    kit._PROTOTYPES.clear()
    monkeypatch.setattr(kit, "MAX_PROTOTYPES", 2)
    for end in (1, 2, 3):
        Board("clone-board", [dots([0.2])], x_range=(0, end), y_range=(0, 1), height=300)
    assert len(kit._PROTOTYPES) == 2


def test_a_prototype_let_go_takes_its_spare_copy_with_it(monkeypatch):
    from academy.ui import page_idle

    page_idle.apply()
    page_idle.drain()
    kit._PROTOTYPES.clear()
    kit._SPARES.clear()
    monkeypatch.setattr(kit, "MAX_PROTOTYPES", 2)
    Board("clone-board", [dots([0.2])], x_range=(0, 1), y_range=(0, 1), height=300)
    page_idle.drain()
    assert len(kit._SPARES) == 1
    for end in (2, 3):
        Board("clone-board", [dots([0.2])], x_range=(0, end), y_range=(0, 1), height=300)
    assert len(kit._PROTOTYPES) == 2 and not kit._SPARES      # the first kind's prototype and spare are gone
    page_idle.drain()
    assert set(kit._SPARES) == set(kit._PROTOTYPES)


def test_a_spare_copy_made_in_idle_time_serves_the_next_board(monkeypatch):
    """A board takes the spare copy of its kind made in the server's idle time (academy/ui/page_idle.py) and
    queues the next one; two boards still share no model and each has its rows."""
    from academy.ui import page_idle

    page_idle.apply()
    page_idle.drain()
    kit._PROTOTYPES.clear()
    kit._SPARES.clear()
    copies = []
    original = kit.copy_models
    monkeypatch.setattr(kit, "copy_models", lambda root: copies.append(root) or original(root))
    one = Board("clone-board", [dots([0.2])], x_range=(0, 1), y_range=(0, 1), height=300)
    assert len(copies) == 1 and not kit._SPARES        # no spare yet: copied while the page waits
    page_idle.drain()                                   # the idle time after the page
    assert len(copies) == 2 and len(kit._SPARES) == 1
    spare_figure = next(iter(kit._SPARES.values()))[1][0]
    two = Board("clone-board", [dots([0.4, 0.6])], x_range=(0, 1), y_range=(0, 1), height=300)
    assert two.figure is spare_figure and len(copies) == 2     # no copy while the page waits
    assert models_of(one.figure).isdisjoint(models_of(two.figure))
    assert list(one.sources["dots"].data["x"]) == [0.2] and list(two.sources["dots"].data["x"]) == [0.4, 0.6]
    page_idle.drain()
    assert len(copies) == 3 and len(kit._SPARES) == 1


def test_a_spare_of_a_prototype_drawn_again_is_not_used(monkeypatch):
    """A spare is a copy of one prototype: if that kind's prototype was drawn again since (the first one let
    go), the board copies the new prototype instead of taking a copy of the old one."""
    from academy.ui import page_idle

    page_idle.apply()
    page_idle.drain()
    kit._PROTOTYPES.clear()
    kit._SPARES.clear()
    Board("clone-board", [dots([0.2])], x_range=(0, 1), y_range=(0, 1), height=300)
    page_idle.drain()
    old_spare = next(iter(kit._SPARES.values()))[1][0]
    kit._PROTOTYPES.clear()                                  # let go: the next board draws the kind again
    board = Board("clone-board", [dots([0.4])], x_range=(0, 1), y_range=(0, 1), height=300)
    assert board.figure is not old_spare and list(board.sources["dots"].data["x"]) == [0.4]
