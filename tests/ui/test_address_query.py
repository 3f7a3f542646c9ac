"""The addresses the app writes drop empty parameters (``address.update_query``): after "Open the class" a
walk saw ``?page=class&open=&teacher=…&as=``."""
from __future__ import annotations

import re
from pathlib import Path

from panel.io.location import Location

from academy.ui.address import query_search, update_query

UI = Path(__file__).resolve().parents[2] / "academy" / "ui"


def test_a_parameter_set_empty_leaves_the_address():
    loc = Location(search="?page=class&open=1&as=abc")
    update_query(loc, **{"open": "", "teacher": "T0K", "as": ""})
    assert loc.search == "?page=class&teacher=T0K"
    update_query(loc, teacher=None)
    assert loc.search == "?page=class"
    assert query_search({"game": "conquest", "tab": "lessons", "lesson": "", "exercise": None}) == \
        "?game=conquest&tab=lessons"


def test_every_page_changes_its_address_through_the_one_helper():
    by_hand = sorted(str(p.relative_to(UI)) for p in UI.rglob("*.py")
                     if re.search(r"location\.update_query\(", p.read_text()))
    assert not by_hand, f"Panel's update_query keeps empty parameters (use address.update_query): {by_hand}"
