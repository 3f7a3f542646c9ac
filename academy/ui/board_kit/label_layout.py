"""Places for a board's text labels so that no two overlap at a figure's size (geometry: no Panel, Bokeh
or HoloViews).

Each label names a node: it goes beside the node's marker, at the first free spot of a fixed order (below,
above, right, left, then the diagonals, each ``step_px`` further out at every round), inside the ranges,
covering no other label and no marker's circle (where markers crowd, at least no marker's centre).
A text box is estimated as ``char_width × font_px`` per character wide and ``line_height × font_px``
high (0.6 fits lower-case Helvetica; bold capitals need about 0.8). Deterministic: the same labels
give the same places.

    >>> places = place_labels([Label("a", 0.5, 0.5, "ABC", 10), Label("b", 0.5, 0.5, "DEF", 10)],
    ...                       width_px=400, height_px=300, x_range=(0, 1), y_range=(0, 1))
    >>> places["a"] != places["b"]
    True
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass

__all__ = ["Label", "Circle", "place_labels", "label_box"]

Box = tuple[float, float, float, float]          # x0, y0, x1, y1 in pixels (y up)


@dataclass(frozen=True)
class Label:
    """A node's label: the node at (x, y) in data units, its marker's radius in pixels (kept clear)."""
    key: Hashable
    x: float
    y: float
    text: str
    font_px: float
    marker_px: float = 0.0


@dataclass(frozen=True)
class Circle:
    """A marker no label may cover: centre (x, y) in data units, radius in pixels."""
    x: float
    y: float
    radius_px: float


def place_labels(labels: Sequence[Label], *, width_px: float, height_px: float,
                 x_range: tuple[float, float], y_range: tuple[float, float], obstacles: Iterable[Circle] = (),
                 pad_px: float = 2.0, step_px: float = 3.0, rounds: int = 12, char_width: float = 0.6,
                 line_height: float = 1.2, own_nearest: bool = False,
                 leave_out: bool = False) -> dict[Hashable, tuple[float, float]]:
    """The centre (x, y), in data units, of every label's text box (draw it centred, middle baseline).

    ``own_nearest``: a label only goes where its box's centre is nearer its own node than any other
    label's node, and covers no other node's centre (on a crowded, narrow board a name further out
    would sit next to the wrong marker). ``leave_out``: a label that finds no spot is left out of the
    result (not drawn) instead of raising.

    Labels are placed in the order given, each at its first spot of the first ``rounds // 2`` rounds that
    stays inside the ranges, leaves ``pad_px`` to every label placed before and covers no marker
    (``obstacles`` and every label's own ``marker_px`` circle); where markers crowd so that none of those
    is clear of them, at the first spot of all rounds that covers no marker's centre. Raises ValueError
    when the figure size or a range is empty, or
    when a label finds no free spot within ``rounds`` rounds (make the figure larger or the font smaller).
    """
    (x0, x1), (y0, y1) = x_range, y_range
    if width_px <= 0 or height_px <= 0 or x1 <= x0 or y1 <= y0:
        raise ValueError(f"labels need a figure with a size and ranges, not {width_px}×{height_px} px, "
                         f"x {x_range}, y {y_range}")
    sx, sy = width_px / (x1 - x0), height_px / (y1 - y0)
    circles = [((c.x - x0) * sx, (c.y - y0) * sy, c.radius_px) for c in obstacles]
    circles += [((lb.x - x0) * sx, (lb.y - y0) * sy, lb.marker_px) for lb in labels if lb.marker_px > 0]
    placed: list[Box] = []
    out: dict[Hashable, tuple[float, float]] = {}
    nodes = [((lb.x - x0) * sx, (lb.y - y0) * sy) for lb in labels]
    for i, lb in enumerate(labels):
        w, h = label_box(lb.text, lb.font_px, char_width, line_height)
        px, py = nodes[i]
        spots = list(_spots(px, py, w, h, lb.marker_px + pad_px, step_px, rounds))
        if own_nearest:
            others = nodes[:i] + nodes[i + 1:]
            spots = [c for c in spots if _nearest_own(c, (px, py), others)
                     and not any(_covers(_box(c, w, h), (ox, oy, 0.0)) for ox, oy in others)]
        near = spots[: len(spots) // 2]
        for shrink, tried in ((1.0, near), (0.0, spots)):   # clear of markers near by, else of their centres
            spot = next((c for c in tried if _fits(_box(c, w, h), placed, circles, shrink, width_px, height_px,
                                                   pad_px)), None)
            if spot is not None:
                placed.append(_box(spot, w, h))
                out[lb.key] = (x0 + spot[0] / sx, y0 + spot[1] / sy)
                break
        else:
            if leave_out:
                continue
            raise ValueError(f"no free spot for the label {lb.text!r} of {lb.key!r} within {rounds} rounds: "
                             "make the figure larger or the font smaller")
    return out


def _box(centre: tuple[float, float], w: float, h: float) -> Box:
    return centre[0] - w / 2, centre[1] - h / 2, centre[0] + w / 2, centre[1] + h / 2


def _fits(b: Box, placed: list[Box], circles: list[tuple[float, float, float]], shrink: float,
          width: float, height: float, pad: float) -> bool:
    """Whether box ``b`` lies in the figure, clear of the placed boxes (by ``pad``) and of the circles
    (their radius times ``shrink``; 0: their centres)."""
    return (b[0] >= 0 and b[1] >= 0 and b[2] <= width and b[3] <= height
            and not any(_overlap(b, o, pad) for o in placed)
            and not any(_covers(b, (cx, cy, r * shrink)) for cx, cy, r in circles))


def label_box(text: str, font_px: float, char_width: float = 0.6, line_height: float = 1.2) -> tuple[float, float]:
    """The estimated (width, height) in pixels of one line of text."""
    return char_width * font_px * len(text), line_height * font_px


def _spots(px: float, py: float, w: float, h: float, clear: float, step: float, rounds: int
           ) -> Iterator[tuple[float, float]]:
    """Box centres around a marker of radius ``clear`` at (px, py): below, above, right, left, the four
    diagonals, then the same a step further out, ``rounds`` times."""
    for k in range(rounds):
        d = clear + k * step
        e = d * 0.7071
        yield px, py - d - h / 2
        yield px, py + d + h / 2
        yield px + d + w / 2, py
        yield px - d - w / 2, py
        yield px + e + w / 2, py - e - h / 2
        yield px - e - w / 2, py - e - h / 2
        yield px + e + w / 2, py + e + h / 2
        yield px - e - w / 2, py + e + h / 2


def _nearest_own(centre: tuple[float, float], own: tuple[float, float],
                 others: Sequence[tuple[float, float]]) -> bool:
    """Whether ``centre`` is nearer ``own`` than every point of ``others``."""
    d = (centre[0] - own[0]) ** 2 + (centre[1] - own[1]) ** 2
    return all(d < (centre[0] - ox) ** 2 + (centre[1] - oy) ** 2 for ox, oy in others)


def _overlap(a: Box, b: Box, pad: float) -> bool:
    return a[0] < b[2] + pad and b[0] < a[2] + pad and a[1] < b[3] + pad and b[1] < a[3] + pad


def _covers(b: Box, circle: tuple[float, float, float]) -> bool:
    """Whether the box reaches into the circle (radius 0: whether it holds the centre, edges included)."""
    cx, cy, r = circle
    if r <= 0:
        return b[0] <= cx <= b[2] and b[1] <= cy <= b[3]
    nx, ny = min(max(cx, b[0]), b[2]), min(max(cy, b[1]), b[3])
    return (nx - cx) ** 2 + (ny - cy) ** 2 < r * r
