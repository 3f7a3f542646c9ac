"""Resolution cases as data (cases/*.json): a position line, orders, the winners drawn, and the
owners, stacks and number of battles that must follow."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from academy.games.fronts.game import FrontsGame
from academy.games.fronts.notation import parse_position

CASES = [case for path in sorted((Path(__file__).parent / "cases").glob("*.json"))
         for case in json.loads(path.read_text())["cases"]]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_case(case, turn):
    game = FrontsGame()
    board = parse_position(case["position"], game)
    after, events = turn(game, board, case["orders"], case.get("draws", []))
    assert sum(e.kind == "battle" for e in events) == case["battles"], [e.text for e in events]
    for prov, owner in case["owners"].items():
        assert after.owners[prov] == owner, prov
    for player, line in case["stacks"].items():
        expected = parse_position(f"{game.map.players[player].name} 0: {line}", game).stacks[player]
        assert after.stacks[player] == expected, player
