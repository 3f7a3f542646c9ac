"""Label places for the graph boards (issue 14, item 6: "labels that never overlap at the default size").

Tried as a new user would, the Diplomacy board is crowded: YOR's name lies on LON's marker, and BEL's and
RUH's names overlap once the board is narrower; on the Conquest board "Great Britain" runs into "Northern
Europe" and "Western Europe" into "Southern Europe". ``place_labels`` moves a name beside its own marker
to the first free spot. The boards' figures, as academy/ui/diplomacy/board.py and
academy/ui/conquest/board.py draw them today: Diplomacy 720 px high, ~1.3 × as wide (its ``nearest``),
ranges 0..1, names 10 px bold under 30 px markers (top 0.021 below the centre), coasts (7 px dots) and
supply centres (13 px stars at +0.014, +0.016); Conquest 540 px high, ~1.75 × as wide, x -0.025..1.025,
y 0.05..0.985, names 9 px centred 0.042 below 30 px markers.
"""
from __future__ import annotations

import itertools
import math

import pytest

from academy.games.conquest.mapdata import load_map
from academy.games.diplomacy.mapdata import standard_map
from academy.ui.board_kit.label_layout import Circle, Label, label_box, place_labels

MARKER = 15.0       # the boards' 30 px node circles
#: 0.6 em per character is the kit's estimate; 0.8 em is the widest of the 75 province ids measured in
#: Liberation Sans Bold (the Helvetica Chromium draws Bokeh's default font with on Debian): "WAL", "MUN".
WIDTHS = (0.6, 0.8)


def boxes(labels: list[Label], places: dict, width: float, height: float, x_range, y_range, char_width: float):
    """Each label's box in pixels (x0, y0, x1, y1; y up) at its place, as the kit estimates it."""
    sx, sy = width / (x_range[1] - x_range[0]), height / (y_range[1] - y_range[0])
    out = {}
    for lb in labels:
        w, h = label_box(lb.text, lb.font_px, char_width)
        cx, cy = (places[lb.key][0] - x_range[0]) * sx, (places[lb.key][1] - y_range[0]) * sy
        out[lb.key] = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
    return out


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def reaches(box, cx: float, cy: float, r: float) -> bool:
    """Whether the box holds the point (r = 0) or reaches into the circle around it."""
    nx, ny = min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3])
    return math.hypot(nx - cx, ny - cy) < r if r else (box[0] <= cx <= box[2] and box[1] <= cy <= box[3])


def check(labels, places, width, height, x_range, y_range, char_width, markers_clear: bool) -> None:
    """No two boxes overlap, every box is in the figure and beside its node (within 50 px), and no box
    covers another node's centre (with ``markers_clear``: reaches into no node's circle at all)."""
    bx = boxes(labels, places, width, height, x_range, y_range, char_width)
    sx, sy = width / (x_range[1] - x_range[0]), height / (y_range[1] - y_range[0])
    centres = {lb.key: ((lb.x - x_range[0]) * sx, (lb.y - y_range[0]) * sy) for lb in labels}
    for a, b in itertools.combinations(bx, 2):
        assert not overlap(bx[a], bx[b]), f"the labels of {a} and {b} overlap"
    for k, b in bx.items():
        assert b[0] >= 0 and b[1] >= 0 and b[2] <= width and b[3] <= height, f"{k}'s label leaves the figure"
        assert reaches(b, *centres[k], 50.0), f"{k}'s label is far from its node"
        for other, (cx, cy) in centres.items():
            if other != k:
                assert not reaches(b, cx, cy, MARKER if markers_clear else 0), f"{k}'s label covers {other}"


def diplomacy_labels() -> tuple[list[Label], list[Circle]]:
    provinces = sorted(standard_map().provinces.values(), key=lambda p: p.id)
    labels = [Label(p.id, p.xy[0], 1 - p.xy[1], p.id, 10, MARKER) for p in provinces]
    coasts = [Circle(x, 1 - y, 3.5) for p in provinces for x, y in p.coast_xy.values()]
    centres = [Circle(p.xy[0] + 0.014, 1 - p.xy[1] + 0.016, 6.5) for p in provinces if p.supply_center]
    return labels, coasts + centres


def conquest_labels() -> list[Label]:
    return [Label(t.id, t.at[0], t.at[1], t.name, 9, MARKER) for t in load_map("classic").territories.values()]


def test_diplomacy_names_overlap_today() -> None:
    """issue 14, item 6: the board's own places (name's top 0.021 below the centre) put YOR's name on LON's
    marker at the default size, and BEL's on RUH's name at 600 px wide: what the kit must fix."""
    labels, _ = diplomacy_labels()
    today = {lb.key: (lb.x, lb.y - 0.021 - 12 / 720 / 2) for lb in labels}      # 12 px high, top at 0.021
    at_default = boxes(labels, today, 936, 720, (0, 1), (0, 1), 0.8)
    lon = next(lb for lb in labels if lb.key == "LON")
    assert reaches(at_default["YOR"], lon.x * 936, lon.y * 720, MARKER)
    narrow = boxes(labels, today, 600, 720, (0, 1), (0, 1), 0.8)
    assert overlap(narrow["BEL"], narrow["RUH"])


@pytest.mark.parametrize("char_width", WIDTHS)
@pytest.mark.parametrize("width", [936, 600])
def test_diplomacy_names_never_overlap(width: int, char_width: float) -> None:
    """issue 14, item 6: the 75 province names (YOR/LON and BEL/RUH among them) placed by the kit: no two
    overlap, none covers another province's marker at the default 936 × 720 px (at 600 px, where the
    markers themselves overlap, none covers another marker's centre), coasts and supply centres kept clear."""
    labels, obstacles = diplomacy_labels()
    places = place_labels(labels, width_px=width, height_px=720, x_range=(0, 1), y_range=(0, 1),
                          obstacles=obstacles, char_width=char_width)
    check(labels, places, width, 720, (0, 1), (0, 1), char_width, markers_clear=width == 936)
    bx = boxes(labels, places, width, 720, (0, 1), (0, 1), char_width)
    assert not overlap(bx["YOR"], bx["LON"]) and not overlap(bx["BEL"], bx["RUH"])


def test_conquest_names_overlap_today() -> None:
    """issue 14, item 6: the board's own places (0.042 below the centre) overlap at the default size."""
    labels = conquest_labels()
    today = {lb.key: (lb.x, lb.y - 0.042) for lb in labels}
    bx = boxes(labels, today, 945, 540, (-0.025, 1.025), (0.05, 0.985), 0.6)
    assert overlap(bx["great_britain"], bx["northern_europe"])
    assert overlap(bx["western_europe"], bx["southern_europe"])


@pytest.mark.parametrize("width", [945, 600])
def test_conquest_names_never_overlap(width: int) -> None:
    """issue 14, item 6: the 42 territory names at 9 px: no two overlap, none covers another territory's
    marker at the default 945 × 540 px (at 600 px, none covers another marker's centre); names that fit
    where the board puts them today stay there."""
    labels = conquest_labels()
    x_range, y_range = (-0.025, 1.025), (0.05, 0.985)
    places = place_labels(labels, width_px=width, height_px=540, x_range=x_range, y_range=y_range)
    check(labels, places, width, 540, x_range, y_range, 0.6, markers_clear=width == 945)
    below = [lb.key for lb in labels if places[lb.key] == (lb.x, pytest.approx(lb.y - 22.4 * 0.935 / 540))]
    assert len(below) >= 30 if width == 945 else len(below) > 0


def test_three_labels_at_one_point() -> None:
    """issue 14, item 6: three labels on one spot go below, above and to the right of it, the same each
    time, and a figure too small for a label is refused with a ValueError saying what to do."""
    labels = [Label(k, 0.5, 0.5, text, 10) for k, text in (("a", "ABC"), ("b", "DEFG"), ("c", "H"))]
    kw = dict(width_px=200, height_px=100, x_range=(0, 1), y_range=(0, 1), pad_px=2)
    places = place_labels(labels, **kw)
    assert places == place_labels(labels, **kw)
    (ax, ay), (bx, by), (cx, cy) = places["a"], places["b"], places["c"]
    assert ax == bx == 0.5 and ay < 0.5 < by
    assert cy == 0.5 and cx > 0.5
    check(labels, places, 200, 100, (0, 1), (0, 1), 0.6, markers_clear=False)
    with pytest.raises(ValueError, match="make the figure larger"):
        place_labels([Label("a", 0.5, 0.5, "A very long name", 10)], width_px=40, height_px=30,
                     x_range=(0, 1), y_range=(0, 1))
