"""The key to the Game of War board's unit symbols (issue 18: no lesson had one, and K = cannon is not
guessed): built from the table the board letters its units from, shown beside the board on the Play page
and in the lessons."""
from __future__ import annotations

import re

import panel as pn

from academy.games.game_of_war import parse_position
from academy.games.game_of_war.rules import CODES
from academy.ui.game_of_war.board import MARKERS, GameOfWarBoard
from academy.ui.game_of_war.legend import SHAPES, unit_key_html, unit_key_text
from academy.ui.game_of_war.lessons import GameOfWarLessonModel, GameOfWarLessonPanel
from academy.ui.game_of_war.play import LEGEND, GameOfWarPlayPage
from academy.ui.game_of_war.session import GameOfWarSession


def test_the_key_names_every_letter_the_board_draws():
    s = GameOfWarSession(synchronous=True)
    board = GameOfWarBoard(s)
    s.start_from(parse_position("North to move | North arsenals: a1 | South arsenals: y20 | North: N-K1 e5, "
                                "N-SK1 f5, N-C1 g5 | South: S-SR1 e15"))
    drawn = set(board.sources["units"].data["letter"])
    assert drawn == {"K", "SK", "C", "SR"}
    keyed = dict(re.findall(r"data-code='(\w+)'><span class='token'><span class='shape'>.</span>\w+</span>([\w ]+)<",
                            unit_key_html()))
    assert keyed == {"I": "infantry", "C": "cavalry", "K": "cannon", "SK": "swift cannon", "R": "relay",
                     "SR": "swift relay"}
    assert set(keyed) == set(CODES.values()) >= drawn
    assert "K cannon (■)" in unit_key_text() and SHAPES[MARKERS["cavalry"]] == "▲"
    # a newcomer's walk (issue 14): the ids the lessons name, and the grey tokens of cut-off units, explained
    assert "I3 on a blue token is North's N-I3" in unit_key_html()
    assert "A grey token with its side's rim is cut off from its lines" in unit_key_html()
    assert unit_key_text() in LEGEND


def legends(view) -> list[pn.pane.HTML]:
    return [p for p in view.select(pn.pane.HTML) if "unit-legend" in p.css_classes]


def test_the_play_page_and_a_lesson_show_the_key_beside_the_board():
    page = GameOfWarPlayPage(GameOfWarSession(synchronous=True, cpu_delay=0), seed=3)
    [key] = legends(page.table)
    assert key.object == unit_key_html()
    [key] = legends(GameOfWarLessonPanel(GameOfWarLessonModel()).layout)
    assert key.object == unit_key_html()
