"""A board: layers composed into one HoloViews overlay, rendered to Bokeh once, then patched in place.

HoloViews draws the board (each :class:`~academy.ui.board_kit.layer.Layer` becomes an element, the
overlay sets ranges, axes and the legend); the rendered Bokeh figure is kept and never rebuilt. It draws
each kind of board once per process, empty, and every board is a copy of that drawing with its own rows
(``clone.py``: about 0.2 s less per page, bench/page_build.py); the copy a page takes was made in the
server's idle time after an earlier page (``page_idle``), and the next is made after this one. A
change of state patches only the cells that changed in a layer's Bokeh source (``patch``), or swaps a
layer's rows when their number changes (``replace``). That keeps a tap as quick as a board drawn
in plain Bokeh: HoloViews' own stream pipeline costs about 25 ms per update here and sends whole
columns (measured: ``pipe.send`` of 75 points, median 27 ms), a cell patch costs well under 1 ms.

Gestures come as Bokeh events on the figure, never through a selection tool: a tap and a quick
second tap (Bokeh reads two taps within 300 ms as one double tap) both call ``on_tap(x, y)``; a drag
(mouse or touch) calls ``on_drag(phase, x, y)`` with phase "start", "move" (only when the pointer
enters another cell of ``drag_cell``) and "end". Coordinates are data units. A board with a drag
handler holds a finger's drag (the page does not scroll under it); one without lets the page scroll
and sends no drag events to the server at all. Pointer moves are not sent as Bokeh pan events (one
message per move, about 40 ms of the page's time each, measured): the page writes the pointer into
the small source :attr:`Board.pointer` only when it enters another square of the drag's ``grid``,
and the server reads it from there. The layers a drag handler names as ``follow`` (the dragged
piece) follow the pointer in the browser, with no round trip, on every pointer move: the server
fills them when a drag starts and empties them when it ends.

A board given a ``width`` is drawn at that size where there is room and shrinks with its ratio kept where
there is not (a phone): its figure scales to the width it is given, never past ``width``. Sizes in screen
pixels (markers, text) do not shrink with it by themselves: :attr:`Board.scale` is the shown width over
``width`` (1 on a wide screen), and ``on_resize(handler)`` calls ``handler(scale)`` when the browser reports
another one, for the game's board to size its marks and text again. A board with no ``width`` stretches to its
column at its height, so a phone shows it narrower and relatively taller: ``on_shape(handler)`` calls
``handler(width, height)`` with the size the browser reports (the graph boards place their names again for
it, ``graph.names_follow_shape``). ``show_window(x_range, y_range)`` shows only a part of a board in the
browser (a phone's closer view of Game of War's 25 columns, ``grid.corner_windows``).

In a notebook :attr:`Board.element` is the board as it stands, a HoloViews overlay a teacher can
add to (``board.element * hv.Text(3, 4, "here")``) and save (``hv.save``).
"""
from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping, Sequence
import threading
from dataclasses import replace
from typing import Any

import holoviews as hv
import panel as pn
from bokeh.events import DoubleTap, Pan, PanEnd, PanStart, Tap

from academy.ui import page_idle
from academy.ui.board_updates import change_board, figure_size, patch_source

from .clone import copy_models
from .layer import KEY_COLUMNS, Layer

__all__ = ["Board", "warm_up"]

#: the most kinds of board whose prototype a process keeps (see ``Board._prototype``)
MAX_PROTOTYPES = 64
_PROTOTYPES: dict[str, tuple[Any, list[Any], list[Any]]] = {}
#: a copy of a kind of board's prototype made in the server's idle time, for the next page that shows that kind:
#: (the prototype's figure, the copy)
_SPARES: dict[str, tuple[Any, tuple[Any, dict[int, Any]]]] = {}
_PROTOTYPES_LOCK = threading.Lock()

TapHandler = Callable[[float, float], None]
DragHandler = Callable[[str, float, float], None]


def _renderer() -> Any:
    return hv.renderer("bokeh")   # registered by layer.py's import, so this loads no notebook JS


_GLYPHS = ("glyph", "selection_glyph", "nonselection_glyph", "hover_glyph", "muted_glyph")


def _source_data(kind: str, columns: Mapping[str, Sequence[Any]], source: Any) -> dict[str, list[Any]]:
    """A layer's columns as its Bokeh source holds them: plain lists (polygons as Bokeh's multi-polygons,
    rings in parts in polygons), every column the source has now included."""
    data = {c: list(v) for c, v in columns.items()}
    if kind == "polygons":
        data.update(xs=[[[list(xs)]] for xs in data.get("xs", [])], ys=[[[list(ys)]] for ys in data.get("ys", [])])
    return {**{c: [] for c in source.data}, **data}


def _keep_columns(layer: Layer, handles: Mapping[str, Any], source: Any) -> None:
    """Give the rendered ``source`` every column of ``layer`` (drawn empty: see ``Board._render``) as plain
    lists, and make every mapped column drive its glyph property, so later patches reach the page."""
    from bokeh.core.property.vectorization import Field, Unspecified
    new = _source_data(layer.kind, layer.columns, source)
    source.data = {}       # Bokeh keeps an old column that equals the new one: HoloViews' empty float arrays
    source.data = new      # would stay, and BokehJS refuses them as colours ("invalid color array")
    renderer = handles.get("glyph_renderer")
    for column in layer.mapped:
        for which in _GLYPHS:
            glyph = getattr(renderer, which, None) if renderer is not None else None
            if glyph is not None and not isinstance(glyph, str) and hasattr(glyph, column):
                current = getattr(glyph, column)
                # the column itself, never through a colour mapper: HoloViews maps a polygon's value column
                # ("fill_color") linearly, which turns colour names into its grey for values it cannot place
                if not isinstance(current, Field) or current.field != column or current.transform is not Unspecified:
                    setattr(glyph, column, Field(column))


#: each board by its pane's id, while the board lives (a page that holds only the pane finds its board: ``of_pane``)
_BOARDS: weakref.WeakValueDictionary[int, Board] = weakref.WeakValueDictionary()


def _copy_of(key: str, prototype: Any) -> tuple[Any, dict[int, Any]]:
    """A copy of the prototype figure of the kind of board ``key`` (``copy_models``): the spare one made in
    the server's idle time if there is one, else made now; either way the next spare is made in the server's
    next idle time (``page_idle``: about 0.07 s less before a page's first byte)."""
    with _PROTOTYPES_LOCK:
        made_from, spare = _SPARES.pop(key, (None, None))
    page_idle.soon(("board spare", key), lambda: _make_spare(key))
    return spare if made_from is prototype else copy_models(prototype)


def _make_spare(key: str) -> None:
    with _PROTOTYPES_LOCK:
        kept = _PROTOTYPES.get(key)
        if key in _SPARES or kept is None:
            return              # one spare is enough; a prototype no longer kept needs none
    spare = copy_models(kept[0])
    with _PROTOTYPES_LOCK:
        _SPARES.setdefault(key, (kept[0], spare))   # a copy of that prototype only (``_copy_of`` checks)


class Board:
    """Layers drawn once as a HoloViews overlay and patched in place (see the module docstring).

    ``name`` becomes the Bokeh figure's name (tests and benchmarks find the board by it) and each
    layer's source is named ``f"{name}-{layer.name}"`` unless ``source_names`` says otherwise.
    ``x_range``/``y_range`` are fixed data ranges; ``options`` are more HoloViews overlay options
    (``xticks``, ``legend_position`` ...); ``figure`` sets Bokeh figure properties HoloViews has no
    option for (``min_border``, ``border_fill_color`` ...). ``css_classes`` go on the Panel pane.
    """

    def __init__(self, name: str, layers: Sequence[Layer], *, x_range: tuple[float, float],
                 y_range: tuple[float, float], height: int = 540, width: int | None = None,
                 background: str = "#ffffff", options: Mapping[str, Any] | None = None,
                 figure: Mapping[str, Any] | None = None, source_names: Mapping[str, str] | None = None,
                 css_classes: Sequence[str] = ("board",), pane: Mapping[str, Any] | None = None) -> None:
        from .notes import drawing_notes, note_layers
        if drawing_notes():                # a board a teacher draws on, or that shows a teacher's drawing
            layers = [*layers, *note_layers()]
        names = [layer.name for layer in layers]
        if len(set(names)) != len(names):
            raise ValueError(f"board {name!r}: two layers share a name in {names}")
        self.name = name
        self.layers: dict[str, Layer] = {layer.name: layer for layer in layers}
        self._overlay_options = {"xlim": x_range, "ylim": y_range, "height": height, "bgcolor": background,
                                 "xaxis": None, "yaxis": None, "toolbar": None, "default_tools": [],
                                 "tools": [], "show_grid": False, "padding": 0, "show_legend": False,
                                 **({"width": width} if width else {"responsive": True}), **(options or {})}
        self.renderers: dict[str, Any] = {}
        self.figure, self.sources = self._render(source_names or {}, background, figure or {})
        self.pane = pn.pane.Bokeh(self.figure, css_classes=list(css_classes), margin=(0, 0),
                                  sizing_mode="scale_width" if width else "stretch_width", **(pane or {}))
        _BOARDS[id(self.pane)] = self
        self.scale = 1.0              # the shown width over the figure's width (see the module docstring)
        self._resize: list[Callable[[float], None]] = []
        self._shape: list[Callable[[int, int], None]] = []
        if width:
            self._fit(width, height)
            self.figure.on_change("outer_width", self._on_outer_width)
        self._tap: list[TapHandler] = []
        self._drag: list[DragHandler] = []
        self.drag_cell: Callable[[float, float], Any] = lambda x, y: (x, y)
        self._drag_at: Any = None
        self.pointer: Any = None      # a drag handler's pointer source (on_drag)
        #: while set, every tap goes here and not to the game (a teacher drawing: ``notes.NotePen``), and drags
        #: are not sent to the game either
        self.pen: TapHandler | None = None

    @staticmethod
    def of_pane(pane: Any) -> Board | None:
        """The board whose pane ``pane`` is (a layout holds a game's board as its pane), or None."""
        board = _BOARDS.get(id(pane))
        return board if board is not None and board.pane is pane else None

    # --- drawing once --------------------------------------------------------------------
    @property
    def element(self) -> hv.Overlay:
        """The board as it stands now, as a HoloViews overlay (for notebooks: overlay it, save it)."""
        layers = [self.layers[n].with_columns(self._current(n)) for n in self.layers]
        return hv.Overlay([layer.element() for layer in layers]).opts(backend="bokeh", **self._overlay_options)

    def _render(self, source_names: Mapping[str, str], background: str,
                figure_props: Mapping[str, Any]) -> tuple[Any, dict[str, Any]]:
        """A copy of this kind of board's prototype (``_prototype``), its sources filled with the layers' rows."""
        key, (proto_figure, proto_sources, proto_renderers) = self._prototype()
        fig, copies = _copy_of(key, proto_figure)
        sources: dict[str, Any] = {}
        for layer, proto_source, proto_renderer in zip(self.layers.values(), proto_sources, proto_renderers):
            source = copies[id(proto_source)]
            source.name = source_names.get(layer.name, f"{self.name}-{layer.name}")
            source.data = _source_data(layer.kind, layer.columns, source)
            sources[layer.name] = source
            self.renderers[layer.name] = copies.get(id(proto_renderer)) if proto_renderer is not None else None
        fig.name = self.name
        fig.border_fill_color = background
        for prop, value in figure_props.items():
            setattr(fig, prop, value)
        fig.on_event(Tap, self._on_tap)
        fig.on_event(DoubleTap, self._on_tap)
        return fig, sources

    def _prototype(self) -> tuple[str, tuple[Any, list[Any], list[Any]]]:
        """This kind of board's key, and the board drawn by HoloViews with no rows: its figure, and each layer's
        source and glyph renderer. Drawn once per process for each kind of board (the layers' names, kinds,
        columns and styles, and the overlay's options), never shown: every board is a copy (see ``clone.py``)."""
        key = repr((self._overlay_options, [(layer.name, layer.kind, list(layer.columns), layer.mapped,
                                             sorted(layer.style.items(), key=lambda kv: kv[0]), layer.hover,
                                             layer.label) for layer in self.layers.values()]))
        with _PROTOTYPES_LOCK:
            found = _PROTOTYPES.pop(key, None)
            if found is None:
                found = self._draw_prototype()
            _PROTOTYPES[key] = found                 # the most recently used last
            while len(_PROTOTYPES) > MAX_PROTOTYPES:
                oldest = next(iter(_PROTOTYPES))
                del _PROTOTYPES[oldest]
                _SPARES.pop(oldest, None)
        return key, found

    def _draw_prototype(self) -> tuple[Any, list[Any], list[Any]]:
        # HoloViews draws each layer's glyphs from no rows at all: it works out the ranges of every row it is
        # given (about half of a board's drawing time) and the ranges are fixed here; the rows go in after
        empty = [layer.with_columns({c: [] for c in layer.columns}) for layer in self.layers.values()]
        overlay = hv.Overlay([layer.element(drawn_only=True) for layer in empty])
        plot = _renderer().get_plot(overlay.opts(backend="bokeh", **self._overlay_options))
        subplots = list(plot.subplots.values())
        if len(subplots) != len(self.layers):
            raise RuntimeError(f"board {self.name!r}: {len(self.layers)} layers drew {len(subplots)} plots")
        sources, renderers = [], []
        for layer, sub in zip(empty, subplots):
            source = sub.handles["source"]
            _keep_columns(layer, sub.handles, source)
            sources.append(source)
            renderer = sub.handles.get("glyph_renderer")
            if renderer is not None:     # nothing is ever selected or muted on a board (taps are events, no
                renderer.update(selection_glyph="auto", nonselection_glyph="auto", muted_glyph="auto")   # legend)
            renderers.append(renderer)
        fig = plot.state
        fig.outline_line_color = None
        fig.min_border = 0
        # a canvas, not WebGL (HoloViews' default): BokehJS's WebGL markers, given a marker per row, drew Diplomacy's
        # provinces in other provinces' shapes once the view left some points out; boards of a few hundred glyphs
        # draw fast on a canvas, and the pages then need no WebGL bundle (panel_fixes.UNUSED_BUNDLES)
        fig.output_backend = "canvas"
        return fig, sources, renderers

    # --- changing in place ---------------------------------------------------------------
    def change(self, patch: Callable[[], None]) -> None:
        """Run ``patch`` (which calls :meth:`patch`/:meth:`replace`) when the document may change:
        now inside a Bokeh event, on the session's loop from elsewhere; pushed in a notebook."""
        change_board(self.figure.document, self.pane, patch)

    def patch(self, layer: str, columns: Mapping[str, Sequence[Any]]) -> None:
        """Send the cells of layer ``layer`` that differ from ``columns`` (same rows as now)."""
        source = self.sources[layer]
        cols = {c: list(v) for c, v in columns.items()}
        if any(len(v) != len(source.data[c]) for c, v in cols.items()):
            self.replace(layer, {**self._current(layer), **cols})
            return
        patch_source(source, cols)

    def replace(self, layer: str, columns: Mapping[str, Sequence[Any]]) -> None:
        """Give layer ``layer`` new rows (every column, any number of rows)."""
        source = self.sources[layer]
        source.data = _source_data(self.layers[layer].kind, columns, source)

    def reframe(self, x_range: tuple[float, float], y_range: tuple[float, float], *, width: int | None = None,
                height: int | None = None, xticks: Sequence[tuple[float, Any]] | None = None,
                yticks: Sequence[tuple[float, Any]] | None = None) -> None:
        """Another extent (a board for another map): the figure's ranges, size and axis ticks
        ((position, label) pairs) change in place, and :attr:`element` follows (and :attr:`scale`, with
        no ``on_resize`` handler called: the caller sizes its marks for the new frame)."""
        from bokeh.models import FixedTicker
        fig = self.figure
        fig.x_range.update(start=x_range[0], end=x_range[1])
        fig.y_range.update(start=y_range[0], end=y_range[1])
        self._overlay_options.update(xlim=tuple(x_range), ylim=tuple(y_range))
        for prop, value in (("width", width), ("height", height)):
            if value:
                setattr(fig, prop, value)
                self._overlay_options[prop] = value
        if fig.sizing_mode == "scale_width" and (width or height):
            self._fit(fig.width, fig.height)
            self.scale = self._scale_at(figure_size(fig, "outer_width")) or self.scale   # no handler called
        for axes, key, ticks in ((fig.xaxis, "xticks", xticks), (fig.yaxis, "yticks", yticks)):
            if ticks is None:
                continue
            self._overlay_options[key] = list(ticks)
            for axis in axes:
                axis.ticker = FixedTicker(ticks=[t for t, _ in ticks])
                axis.major_label_overrides = {t: str(label) for t, label in ticks}

    def _fit(self, width: int, height: int) -> None:
        """Shown at ``width`` × ``height`` where there is room, scaled down with that ratio where not."""
        fig = self.figure
        fig.update(sizing_mode="scale_width", max_width=width, aspect_ratio=width / height)
        self.pane.max_width = width

    def on_resize(self, handler: Callable[[float], None]) -> None:
        """Call ``handler(scale)`` when the browser shows the board at another :attr:`scale`."""
        self._resize.append(handler)

    def show_window(self, x_range: tuple[float, float], y_range: tuple[float, float]) -> None:
        """Show only this part of the board in the browser (a phone's closer view of a large board): the
        figure's ranges change in place, keeping an axis that runs backwards so; :attr:`element` still
        shows the whole board."""
        for rng, (lo, hi) in ((self.figure.x_range, x_range), (self.figure.y_range, y_range)):
            backwards = rng.start is not None and rng.end is not None and rng.start > rng.end
            rng.update(start=hi if backwards else lo, end=lo if backwards else hi)

    def on_shape(self, handler: Callable[[int, int], None]) -> None:
        """Call ``handler(width, height)`` (the figure's inner size in pixels) when the browser reports
        another size: a board that stretches to its column (no ``width``) places its names for the shape
        it is shown at (a phone shows it narrower and, at the same height, taller than a desktop)."""
        if not self._shape:
            for size in ("inner_width", "inner_height"):
                self.figure.on_change(size, self._on_shape)
        self._shape.append(handler)

    def shown_size(self) -> tuple[int, int] | None:
        """The figure's inner (width, height) in pixels as the browser reports it, or None before that."""
        width, height = figure_size(self.figure, "inner_width"), figure_size(self.figure, "inner_height")
        return (width, height) if width and height else None

    def _on_shape(self, _attr: str, _old: Any, _new: Any) -> None:
        size = self.shown_size()
        if size is not None:
            for handler in self._shape:
                handler(*size)

    def _scale_at(self, shown: Any) -> float | None:
        """:attr:`scale` for a figure shown ``shown`` pixels wide (None: not known)."""
        return round(min(1.0, shown / self.figure.width), 2) if shown and self.figure.width else None

    def _on_outer_width(self, _attr: str, _old: Any, shown: Any) -> None:
        scale = self._scale_at(shown)
        if scale is not None and scale != self.scale:
            self.scale = scale
            for handler in self._resize:
                handler(scale)

    def restyle(self, layer: str, **style: Any) -> None:
        """Set fixed style properties (``text_font_size`` ...) of a layer's glyphs (drawn, selected,
        hovered ...) in place; :attr:`element` follows."""
        renderer = self.renderers[layer]
        for which in _GLYPHS:
            glyph = getattr(renderer, which, None)
            if glyph is None or isinstance(glyph, str):
                continue
            for prop, value in style.items():
                if hasattr(glyph, prop):
                    setattr(glyph, prop, value)
        old = self.layers[layer]
        self.layers[layer] = replace(old, style={**old.style, **style})

    def column(self, layer: str, column: str) -> list[Any]:
        """The values of one column of a layer as the browser has them."""
        return list(self.sources[layer].data[column])

    def pixels_per_unit(self, aspect: float = 1.75) -> tuple[float, float]:
        """Screen pixels per data unit along x and y, from the figure's inner size as the browser
        reports it (before that, its height and a width of ``aspect`` times the height)."""
        x0, x1 = self._overlay_options["xlim"]
        y0, y1 = self._overlay_options["ylim"]
        height = figure_size(self.figure, "inner_height") or self.figure.height or 540
        width = figure_size(self.figure, "inner_width") or self.figure.width or aspect * height
        return width / (x1 - x0), height / (y1 - y0)

    def _current(self, layer: str) -> dict[str, list[Any]]:
        data = self.sources[layer].data
        return {c: list(data[c]) for c in self.layers[layer].columns if c in data}

    # --- gestures ------------------------------------------------------------------------
    def on_tap(self, handler: TapHandler) -> None:
        """Call ``handler(x, y)`` for every tap and quick second tap (data units)."""
        self._tap.append(handler)

    def on_drag(self, handler: DragHandler, cell: Callable[[float, float], Any] | None = None,
                follow: Sequence[str] = (), grid: float | None = 1.0) -> None:
        """Call ``handler(phase, x, y)`` on a drag: "start", "move" when the pointer reaches another
        ``cell(x, y)`` (default: every move the page sends), "end". The page sends a move when the pointer
        enters another square of side ``grid`` centred on multiples of it (None: every move); ``cell``
        should not be finer than that. The rows of the layers named in ``follow`` move with the pointer in
        the browser while they have any (see the module docstring)."""
        from bokeh.models import ColumnDataSource, CustomJS
        for name in follow:
            self._follow(name)
        if not self._drag:
            for event in (PanStart, PanEnd):
                self.figure.on_event(event, self._on_pan)
            self.pointer = ColumnDataSource({"x": [], "y": []}, name=f"{self.name}-pointer")
            self.pointer.on_change("data", self._on_pointer)
            args = {"pointer": self.pointer, "grid": grid or 0}
            self.figure.js_on_event(PanStart, CustomJS(args=args, code=_POINTER_JS + "pointer._cell = cell;"))
            self.figure.js_on_event(Pan, CustomJS(args=args, code=_POINTER_JS + _POINTER_MOVE_JS))
            self._hold_touch(follow[:1])
        self._drag.append(handler)
        if cell is not None:
            self.drag_cell = cell

    def _follow(self, layer: str) -> None:
        """Move every row of ``layer`` to the pointer on each pan event, in the browser. The source is not
        synchronised back (``syncable``), so these moves cost the server nothing; its own changes (the
        rows set at the start of a drag, emptied at its end) still reach the page."""
        from bokeh.models import CustomJS
        source = self.sources[layer]
        keys = list(KEY_COLUMNS[self.layers[layer].kind][:2])
        if keys != ["x", "y"]:
            raise ValueError(f"board {self.name!r}: layer {layer!r} has no x and y to follow the pointer with")
        source.syncable = False
        self.renderers[layer].level = "overlay"      # its moves repaint only the board's top canvas
        self.figure.js_on_event(Pan, CustomJS(args={"source": source}, code=_FOLLOW_JS))

    def _hold_touch(self, ghost: Sequence[str]) -> None:
        """Keep a finger's drag on the board: with no active tool that takes pan gestures Bokeh lets the
        browser scroll the page under a touch (touch-action auto), which cancels the drag at once (a PanEnd
        at the page's corner). The tool that claims them is a point-draw tool that neither adds nor drags
        anything: a pan tool would claim them too, but it repaints the whole board on every pointer move
        (its ranges bounded to themselves, about 70 ms a move in headless Chromium, measured). The tool's
        one renderer is the dragged piece's (``ghost``), if any: a tap selects in it, which nobody sees."""
        from bokeh.models import PointDrawTool
        fig = self.figure
        tool = PointDrawTool(renderers=[self.renderers[n] for n in ghost], add=False, drag=False, num_objects=0)
        fig.add_tools(tool)
        fig.toolbar.active_multi = tool

    def _on_tap(self, event: Any) -> None:
        if event.x is None or event.y is None:
            return
        if self.pen is not None:
            self.pen(event.x, event.y)
            return
        for handler in self._tap:
            handler(event.x, event.y)

    def _on_pan(self, event: Any) -> None:
        if event.x is None or event.y is None:
            return
        if isinstance(event, PanStart):
            self._drag_at = self.drag_cell(event.x, event.y)
            self._call_drag("start", event.x, event.y)
        else:
            self._drag_at = None
            self._call_drag("end", event.x, event.y)

    def _on_pointer(self, _attr: str, _old: Any, new: Mapping[str, Sequence[float]]) -> None:
        """The page moved :attr:`pointer` (into another square of the grid): a "move" if the cell changed."""
        xs, ys = list(new.get("x") or []), list(new.get("y") or [])
        if not xs or not ys or xs[-1] is None or ys[-1] is None:
            return
        at = self.drag_cell(xs[-1], ys[-1])
        if at != self._drag_at:
            self._drag_at = at
            self._call_drag("move", xs[-1], ys[-1])

    def _call_drag(self, phase: str, x: float, y: float) -> None:
        if self.pen is not None:          # a teacher drawing: the pieces stay where they are
            return
        for handler in self._drag:
            handler(phase, x, y)


#: JS (pan events): ``cell``, the key of the ``grid`` square under the pointer (null: off the data)
_POINTER_JS = """
const x = cb_obj.x, y = cb_obj.y;
const cell = (x == null || y == null) ? null
  : (grid > 0 ? Math.round(x / grid) + ',' + Math.round(y / grid) : x + ',' + y);
"""
#: JS (pan): the pointer written to the server's source when it entered another square
_POINTER_MOVE_JS = """
if (cell === null || cell === pointer._cell) return;
pointer._cell = cell;
pointer.data = {x: [x], y: [y]};
"""

#: JS: the rows of ``source`` (if any) moved to the pan event's point
_FOLLOW_JS = """
const n = source.data.x.length;
if (n === 0 || cb_obj.x == null || cb_obj.y == null) return;
source.data = {...source.data, x: new Array(n).fill(cb_obj.x), y: new Array(n).fill(cb_obj.y)};
"""

_WARM: list[Board] = []


def warm_up() -> None:
    """Draw a small board of every kind of layer once per process: HoloViews' first plot imports and
    sets up what every later board uses (seconds on a busy machine), so the first page does not wait
    for it (``academy serve`` calls this at start)."""
    if _WARM:
        return
    xy = {"x": [0.5], "y": [0.5]}
    _WARM.append(Board("warm-up", [
        Layer("points", "points", {**xy, "fill_color": ["#000000"]}, mapped=("fill_color",)),
        Layer("labels", "labels", {**xy, "text": ["a"]}),
        Layer("segments", "segments", {"x0": [0], "y0": [0], "x1": [1], "y1": [1]}),
        Layer("rectangles", "rectangles", {"left": [0], "bottom": [0], "right": [1], "top": [1]}),
        Layer("polygons", "polygons", {"xs": [[0, 1, 1]], "ys": [[0, 0, 1]]}),
    ], x_range=(0, 1), y_range=(0, 1), width=50, height=50))
