"""The Tactics board: the map's tile grid drawn by HoloViews from the board kit, patched in place.

The layers (board_layers.py) come from the session's observation (``session.obs``) and its selection,
never the full state, so fog of war holds in the browser too: the terrain, the properties with their
owners and capture points, the units the viewer sees, the tiles the viewer does not see shaded, the
selected unit, where it may go, the tile it moves to, the enemies it may attack, the factory picked
for a build, the enemy's threats and the other side's last moves. HoloViews draws them once
(academy/ui/board_kit); a change of the session patches only the cells that changed, and another map
(a lesson on another map) gives the layers new rows and the figure its size, ranges and axis labels.

Gestures (data coordinates: x the column, A = 0; y minus the row, row 1 = 0 at the top):

- a tap (or a quick second tap, a Bokeh double tap) calls ``session.click((x, y))``;
- a drag calls ``session.drag(phase, (x, y))`` on "start", on each new tile and on "end": from one of
  your units onto a tile it moves there, onto an enemy it aims (the odds show) and the release fires,
  as the taps would (see ``TacticsSession.drag``). A model without ``drag`` (the editor) ignores drags.

In a notebook ``TacticsBoard(session).element`` is the board as a HoloViews overlay.
"""
from __future__ import annotations

from typing import Any

import holoviews as hv
import panel as pn
import param

from academy.games.tactics.game import DEFAULT_MAP
from academy.games.tactics.mapdata import load_map
from academy.ui.board_kit.board import Board
from academy.ui.board_kit.coach import coach_layers
from academy.ui.board_kit.grid import cell_at, column_ticks, row_ticks

from .board_layers import LAYER_NAMES, TEXT_ROLES, layers, mark_columns, tile_columns, unit_columns
from .style import cell_px, fonts

__all__ = ["TacticsBoard", "BOARD_NAME"]

BOARD_NAME = "tactics-board"
_WATCHED = ["obs", "selected", "destination", "target", "destinations", "targets", "build_at", "trail", "threats"]


class TacticsBoard(pn.viewable.Viewer):
    """The clickable, draggable Tactics board for a TacticsSession (see the module docstring)."""

    session = param.Parameter()

    def __init__(self, session: Any, **params: Any) -> None:
        super().__init__(session=session, **params)
        self.map = self._map()
        w, h = self.map.width, self.map.height
        self.scale = 1.0                   # the board as shown over its full size (a phone: less than 1)
        self.kit = Board(BOARD_NAME, [*layers(self.map, session, self.cell), *coach_layers(session)], x_range=(-0.5, w - 0.5),
                         y_range=(0.5 - h, 0.5), width=self._size()[0], height=self._size()[1],
                         options={"xaxis": "bottom", "yaxis": "left", "xticks": self._ticks()[0],
                                  "yticks": self._ticks()[1]},
                         figure={"outline_line_color": "#555555", **{f"min_border_{side}": 4
                                                                      for side in ("top", "bottom", "left", "right")}},
                         source_names={name: f"tactics-{name}" for name in LAYER_NAMES},
                         css_classes=("board", "tactics-board"))
        self.figure, self.pane = self.kit.figure, self.kit.pane
        self._style_axes()
        self.kit.on_tap(self._on_tap)
        self.kit.on_drag(self._on_drag, cell=self.tile_at, follow=("ghost", "ghost-code"))
        self.kit.on_resize(self._on_resize)
        session.param.watch(self._on_model, _WATCHED)

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pane

    @property
    def element(self) -> hv.Overlay:
        """The board as it stands, a HoloViews overlay (to add to and save in a notebook)."""
        return self.kit.element

    # --- the map's frame -------------------------------------------------------------------------
    def _map(self) -> Any:
        state = self.session.state
        return state.game.map if state is not None else load_map(DEFAULT_MAP)

    @property
    def cell(self) -> int:
        """Pixels per tile as shown: as large as fits the board's width, at most 60 (less on a phone,
        where the board is scaled down to the window)."""
        return max(8, round(cell_px(self.map.width) * self.scale))

    def _fonts(self) -> tuple[str, str, str]:
        """The text sizes (small, unit, sign) for this map's tiles."""
        size = fonts(self.cell)
        return size["small"], size["unit"], size["sign"]

    def _size(self) -> tuple[int, int]:
        cell = cell_px(self.map.width)             # the full size (a narrower window scales it down)
        return self.map.width * cell + 40, self.map.height * cell + 36

    def _ticks(self) -> tuple[list[tuple[int, str]], list[tuple[int, Any]]]:
        w, h = self.map.width, self.map.height
        return (column_ticks([chr(ord("A") + i) for i in range(w)]),
                row_ticks([str(i + 1) for i in range(h)], flip=True))

    def _style_axes(self) -> None:
        for axis in (*self.figure.xaxis, *self.figure.yaxis):
            axis.axis_label = None
            axis.major_tick_line_color = None
            axis.minor_tick_line_color = None
            axis.axis_line_color = None
            axis.major_label_text_font_size = "12px"
            axis.major_label_text_color = "#555555"

    def _frame(self) -> None:
        """Fit the figure, its ranges, its axis labels and its text sizes to another map.

        Text sizes are one value per glyph, never a data column: BokehJS may lay out a text glyph with its
        labels from one data update and its visuals from the next while a source changes length (a lesson
        with fewer units opened after another), and a per-row size then reads past the end of the new
        column: "Could not resolve 'bold undefined helvetica' as a font", an uncaught error in the page.
        """
        w, h = self.map.width, self.map.height
        width, height = self._size()
        xticks, yticks = self._ticks()
        self.kit.reframe((-0.5, w - 0.5), (0.5 - h, 0.5), width=width, height=height, xticks=xticks, yticks=yticks)
        self.scale = self.kit.scale
        self._restyle()

    def _restyle(self) -> None:
        size = fonts(self.cell)
        for name, role in TEXT_ROLES.items():
            self.kit.restyle(name, text_font_size=size[role])

    def _on_resize(self, scale: float) -> None:
        """The browser shows the board at another scale: text and target rings sized for its tiles."""
        self.scale = scale
        self.kit.change(lambda: (self._restyle(), self._patch()))

    # --- updates ---------------------------------------------------------------------------------
    def _on_model(self, *events: Any) -> None:
        self.update()

    def update(self) -> None:
        """Patch the layers from the session (now if the document may change, else on its loop)."""
        self.kit.change(self._patch)

    def _patch(self) -> None:
        tmap = self._map()
        if tmap is not self.map:
            self.map = tmap
            self._frame()
        columns = {**tile_columns(tmap, self.session.obs), **unit_columns(tmap, self.session.obs),
                   **mark_columns(tmap, self.session, self.cell)}
        for name, cols in columns.items():
            self.kit.patch(name, cols)          # a layer whose number of rows changed gets new rows

    # --- gestures --------------------------------------------------------------------------------
    def tile_at(self, x: float | None, y: float | None) -> tuple[int, int] | None:
        """The tile (column, row) under the data point (x, y), or None off the board."""
        return cell_at(x, y, width=self.map.width, height=self.map.height, flip=True)

    def _on_tap(self, x: float, y: float) -> None:
        tile = self.tile_at(x, y)
        if tile is not None:
            self.session.click(tile)

    def _on_drag(self, phase: str, x: float, y: float) -> None:
        drag = getattr(self.session, "drag", None)
        if drag is not None:
            drag(phase, self.tile_at(x, y))
            if phase != "move":
                self.update()        # the dragged unit's ghost, shown at the start and gone at the end
