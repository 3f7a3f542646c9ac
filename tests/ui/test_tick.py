"""academy/ui/tick.py (issue 17): a checkbox whose words are part of a real <label>, with a plain bool value."""
from __future__ import annotations

import panel as pn

from academy.ui.tick import Tick


def test_a_tick_is_a_labelled_box_with_a_true_or_false_value_both_ways():
    seen = []
    tick = Tick("Fog of war", value=False, css_classes=["fog"])
    tick.param.watch(lambda e: seen.append(e.new), "value")
    widget = tick.__panel__()
    assert isinstance(widget, pn.widgets.CheckBoxGroup) and widget.options == ["Fog of war"]
    assert widget.css_classes == ["fog"] and widget.value == []
    widget.value = ["Fog of war"]                   # the learner ticks it (box or words)
    assert tick.value is True and seen == [True]
    tick.value = False                              # the program unticks it
    assert widget.value == [] and seen == [True, False]
    assert Tick("Luck", value=True).__panel__().value == ["Luck"]


def test_every_checkbox_of_the_academy_is_a_tick():
    """One checkbox for one idea: a Panel Checkbox's words take no click (a walk clicked the coach's in vain),
    so the UI writes none; a Tick's label is the target."""
    from pathlib import Path
    ui = Path(__file__).resolve().parents[2] / "academy" / "ui"
    found = [f"{p.relative_to(ui)}:{n}" for p in sorted(ui.rglob("*.py"))
             for n, line in enumerate(p.read_text().splitlines(), 1) if "widgets.Checkbox(" in line]
    assert not found, found


def test_a_tick_shows_and_hides_as_a_widget_does():
    t = Tick("Coach", value=False)
    assert t.visible
    t.visible = False
    assert not t.visible and not t.widget.visible
