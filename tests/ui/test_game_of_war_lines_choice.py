"""The buttons choosing whose lines of communication the Game of War board shows (issue 18: they hardly
showed which was selected): the chosen one is filled, bold and ticked, the others outlined, on the Play
page and in the lessons alike."""
from __future__ import annotations

from bokeh.document import Document

from academy.ui.game_of_war.lessons import GameOfWarLessonModel, GameOfWarLessonPanel
from academy.ui.game_of_war.play import CHOSEN_CSS, GameOfWarPlayPage
from academy.ui.game_of_war.session import GameOfWarSession


def test_the_chosen_lines_button_is_marked_and_shows_those_lines():
    session = GameOfWarSession(synchronous=True, cpu_delay=0)
    page = GameOfWarPlayPage(session, seed=3)
    choice = page.lines
    model = choice.get_root(Document())
    assert model.labels == ["No lines", "North's lines", "South's lines"] and model.active == 0
    choice.value = "north"
    assert session.network_side == "north" and model.active == 1
    # outline style: only the active button is filled (Panel's .outline .bk-btn-primary.bk-active rule)
    assert model.button_type == "primary" and "outline" in model.css_classes
    assert CHOSEN_CSS in [str(s) for s in model.stylesheets]
    assert ".bk-active { font-weight: 700; }" in CHOSEN_CSS and "\\2713" in CHOSEN_CSS      # bold, ticked
    choice.value = ""
    assert session.network_side is None and model.active == 0


def test_the_lessons_use_the_same_buttons():
    panel = GameOfWarLessonPanel(GameOfWarLessonModel())
    assert panel.lines.color == "primary" and panel.lines.variant == "outline"
    assert CHOSEN_CSS in panel.lines.stylesheets
    panel.lines.value = "south"
    assert panel.model.network_side == "south"
