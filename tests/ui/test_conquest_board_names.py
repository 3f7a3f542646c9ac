"""The Conquest board's territory names on a phone. A phone walk (a board about 350 px wide): "Western United
States" lay across the disc of Eastern United States, "Mongolia" under Japan's disc. Each name shown now lies
nearer its own disc than any other, covers no other disc's centre, overlaps no other name; a narrow board
shows short names ("WUS", "Mong."), and the names follow the board's shape in the browser (patched, text too)."""
from __future__ import annotations

import itertools
import math

import bokeh.document
import pytest

from academy.games.conquest import parse_position
from academy.ui.board_kit.label_layout import label_box
from academy.ui.conquest.board import NAME_PX, NARROW_PX, X_RANGE, Y_RANGE, ConquestBoard, short_names
from academy.ui.conquest.session import ConquestSession

#: the board's shown sizes: the phone walk's (350 × 455 px, as the browser reports it, rounded as the kit
#: rounds it), a small phone, a mid-size window and the default desktop size
SIZES = [(340, 460), (360, 460), (300, 400), (600, 540), (700, 400), (945, 540)]


def board() -> ConquestBoard:
    s = ConquestSession(synchronous=True, cpu_delay=0)
    s.start_from(parse_position("Red to move, attack | Red: Ukraine 5 | rest: Blue 1"), ["human", "human"])
    return ConquestBoard(s)


def pixels(x: float, y: float, width: float, height: float) -> tuple[float, float]:
    return ((x - X_RANGE[0]) * width / (X_RANGE[1] - X_RANGE[0]),
            (y - Y_RANGE[0]) * height / (Y_RANGE[1] - Y_RANGE[0]))


@pytest.mark.parametrize("width, height", SIZES)
def test_every_name_shown_is_nearest_its_own_disc(width: int, height: int) -> None:
    b = board()
    places = b.name_places(width, height)
    discs = {t: pixels(*b.map.territories[t].at, width, height) for t in b.ids}
    boxes = {}
    for t, (x, y, text) in places.items():
        if not text:
            continue
        cx, cy = pixels(x, y, width, height)
        own = math.dist((cx, cy), discs[t])
        nearest = min(b.ids, key=lambda o: math.dist((cx, cy), discs[o]))
        assert nearest == t, f"{text!r} ({t}) lies nearer {nearest}'s disc than its own at {width}×{height}"
        w, h = label_box(text, NAME_PX)
        boxes[t] = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        dx, dy = discs[t]
        gap = math.dist((min(max(dx, boxes[t][0]), boxes[t][2]), min(max(dy, boxes[t][1]), boxes[t][3])), (dx, dy))
        assert gap <= 30, f"{text!r} lies {gap:.0f} px from its disc's centre ({own:.0f} px from its own centre)"
        assert 0 <= boxes[t][0] and boxes[t][2] <= width and 0 <= boxes[t][1] and boxes[t][3] <= height
        for o, (ox, oy) in discs.items():
            if o != t:
                bx = boxes[t]
                assert not (bx[0] <= ox <= bx[2] and bx[1] <= oy <= bx[3]), f"{text!r} covers {o}'s disc centre"
    for a, c in itertools.combinations(boxes, 2):
        p, q = boxes[a], boxes[c]
        assert not (p[0] < q[2] and q[0] < p[2] and p[1] < q[3] and q[1] < p[3]), f"{a} and {c} overlap"
    shown = sum(1 for *_, text in places.values() if text)
    assert shown == 42 if (width, height) != (300, 400) else shown >= 38     # every name on the walk's phone


def test_a_narrow_board_shows_short_names_and_a_wide_one_full_names() -> None:
    b = board()
    phone = b.name_places(340, 460)
    assert 340 < NARROW_PX and {t: text for t, (*_, text) in phone.items()} == b.short
    assert b.short["western_united_states"] == "WUS" and b.short["mongolia"] == "Mong." and b.short["peru"] == "Peru"
    assert len(set(b.short.values())) == 42 and all(len(s) <= 5 for s in b.short.values())
    desk = b.name_places(945, 540)
    assert all(text == b.map.territories[t].name for t, (*_, text) in desk.items())
    assert short_names({"a": "East Africa", "b": "Eastern Australia"}) == {"a": "EAf", "b": "EAu"}


def test_the_names_follow_the_shape_the_browser_reports() -> None:
    """On a phone the browser reports the figure's size; the names layer is patched with the short names at
    their places (and back to the full names on a wide board)."""
    b = board()
    fig = b.pane.get_root(bokeh.document.Document())
    figure = b.figure
    names = b.kit.sources["names"]
    i = b.index["western_united_states"]
    assert names.data["name"][i] == "Western United States"
    figure.set_from_json("inner_width", 350)
    figure.set_from_json("inner_height", 455)
    assert names.data["name"][i] == "WUS" and names.data["name"][b.index["mongolia"]] == "Mong."
    x, y = names.data["x"][i], names.data["y"][i]
    assert (x, y) == pytest.approx(b.name_places(340, 460)["western_united_states"][:2])
    figure.set_from_json("inner_width", 945)
    figure.set_from_json("inner_height", 540)
    assert names.data["name"][i] == "Western United States"
    assert fig is not None
