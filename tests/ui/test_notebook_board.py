"""Issue 20, item 6 (notebooks): every game's position line has one public parse_position/format_position
pair in its package, and its board opens from a line in one call."""
from __future__ import annotations

import importlib

import pytest

from academy.core.errors import RulesError
from academy.lessons import load_lessons
from academy.ui.notebook import board

GAMES = ["conquest", "diplomacy", "fronts", "game_of_war", "tactics"]
LINES = {
    "conquest": "Red to move, attack | Red: Alaska 5, Alberta 3 | Blue: Kamchatka 2 | rest: Blue 1",
    "diplomacy": "France to order, S1901M | France: A PAR, F BRE | Germany: A MUN | Germany orders: A MUN - BUR",
    "fronts": "map: duel; players: 2; mode: teams; turn 1; Red 10: 2 infantry Millbrook; "
              "Blue 10: 2 infantry Saltmarsh; neutral: none",
    "game_of_war": "North to move | board: empty | North arsenals: e1 | South arsenals: t20 | "
                   "North: N-I1 e5 | South: S-I1 t15",
    "tactics": "river_crossing day 2 red | red 3000: tank E2, infantry G1 | blue 0: infantry E4, tank H9",
}


@pytest.mark.parametrize("game", GAMES)
def test_the_package_reads_and_writes_its_line(game):
    package = importlib.import_module(f"academy.games.{game}")
    parsed = package.parse_position(LINES[game])
    line = package.format_position(*parsed) if game == "diplomacy" else package.format_position(parsed)
    again = package.parse_position(line)
    if game == "diplomacy":                     # (position, the learner's power, fixed orders)
        assert again == parsed and parsed[1] == "FRANCE" and parsed[2] == {"GERMANY": ("A MUN - BUR",)}
    else:
        assert package.format_position(again) == line


@pytest.mark.parametrize("game", GAMES)
def test_a_board_opens_from_a_line_in_one_call(game):
    package = importlib.import_module(f"academy.games.{game}")
    page = board(game, LINES[game])
    state = getattr(page.session, "engine_state", None) or page.session.state
    if game == "diplomacy":                     # the board shows the line's position
        assert package.format_position(state.position) == package.format_position(
            package.parse_position(LINES[game])[0])
    else:
        assert package.format_position(state) == package.format_position(package.parse_position(LINES[game]))
    with pytest.raises(RulesError):
        board(game, "this is no position")


def test_a_lessons_own_line_opens_too():
    lessons, _ = load_lessons("game_of_war")
    assert board("game_of_war", lessons[0].position).session.state.position.units
