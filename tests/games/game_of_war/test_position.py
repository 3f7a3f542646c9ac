"""Positions as plain dicts: the issue's API example, round trips, and clear errors for malformed positions."""
from __future__ import annotations

import doctest
import importlib

import pytest

from academy.games.game_of_war import Position, PositionError, is_legal_move, network
from academy.core.errors import InvalidNotation

ISSUE_EXAMPLE = {
    "width": 25, "height": 20,
    "terrain": {"mountain": [[3, 4]], "pass": [[5, 9]], "fortress": [[12, 2]]},
    "arsenals": {"north": [[10, 0]], "south": [[13, 19]]},
    "units": [{"id": "N1", "side": "north", "type": "infantry", "at": [10, 8]}],
}


def unit(uid, utype, x, y, side=None):
    return {"id": uid, "side": side or ("north" if uid.startswith("N") else "south"), "type": utype, "at": [x, y]}


def test_the_issue_example_reads_and_answers():
    pos = Position.from_dict(ISSUE_EXAMPLE)
    assert (pos.width, pos.height) == (25, 20)
    assert pos.terrain_at((3, 4)) == "mountain" and pos.terrain_at((5, 9)) == "pass"
    assert pos.terrain_at((12, 2)) == "fortress" and pos.terrain_at((0, 0)) == "plain"
    assert pos.arsenals == {"north": ((10, 0),), "south": ((13, 19),)}
    assert pos.unit("N1").at == (10, 8) and pos.unit_at((10, 8)).id == "N1"
    assert network(pos, "north") == {"N1"}          # on the arsenal's column
    assert is_legal_move(pos, "north", "N1", [6, 6], moved=["N2"], attacked=False) is False   # 4 squares away
    assert is_legal_move(pos, "north", "N1", [9, 9], moved=["N2"], attacked=False) is True


def test_round_trip_through_dict():
    pos = Position.from_dict(ISSUE_EXAMPLE)
    again = Position.from_dict(pos.to_dict())
    assert again == pos and again.to_dict() == pos.to_dict()


def test_positions_are_values():
    a, b = Position.from_dict(ISSUE_EXAMPLE), Position.from_dict(ISSUE_EXAMPLE)
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a.with_unit_at("N1", (10, 9)) != a


def test_defaults_and_tuples_are_accepted():
    pos = Position.from_dict({"units": [{"id": "S1", "side": "South", "type": "cannon", "at": (3, 15)}]})
    assert (pos.width, pos.height) == (25, 20)
    assert pos.arsenals == {"north": (), "south": ()}
    assert pos.unit("S1").side == "south"


def test_with_unit_at_returns_a_new_position():
    pos = Position.from_dict(ISSUE_EXAMPLE)
    moved = pos.with_unit_at("N1", (10, 9))
    assert moved.unit("N1").at == (10, 9) and pos.unit("N1").at == (10, 8)
    assert moved.without_unit("N1").units == ()


@pytest.mark.parametrize(("change", "reason", "words"), [
    ({"units": [unit("N1", "cavalery", 1, 1)]}, "unknown_unit_type", "did you mean cavalry"),
    ({"units": [unit("N1", "tank", 1, 1)]}, "unknown_unit_type", "infantry, cavalry, cannon"),
    ({"units": [unit("N1", "infantry", 25, 3)]}, "off_board", "x runs 0..24"),
    ({"units": [unit("N1", "infantry", 3, -1)]}, "off_board", "y 0..19"),
    ({"terrain": {"mountain": [[0, 20]]}}, "off_board", "mountain at [0, 20]"),
    ({"arsenals": {"north": [[30, 0]]}}, "off_board", "North arsenal"),
    ({"units": [unit("N1", "infantry", 4, 4), unit("S1", "cavalry", 4, 4)]}, "square_taken", "N1 and S1"),
    ({"units": [unit("N1", "infantry", 4, 4), unit("N1", "cavalry", 5, 4)]}, "duplicate_id", "'N1'"),
    ({"terrain": {"mountain": [[4, 4]]}, "units": [unit("N1", "infantry", 4, 4)]}, "unit_on_mountain", "mountain"),
    ({"units": [unit("N1", "infantry", 4, 4, side="east")]}, "unknown_side", "north and south"),
    ({"units": [unit("N1", "infantry", 4, 4) | {"at": [4]}]}, "bad_square", "[x, y]"),
    ({"units": [unit("N1", "infantry", 4, 4) | {"at": "e4"}]}, "bad_square", "[x, y]"),
    ({"units": [{"id": "N1", "side": "north", "at": [4, 4]}]}, "bad_unit", "lacks type"),
    ({"units": [unit("N1", "infantry", 4, 4) | {"hp": 3}]}, "bad_unit", "'hp'"),
    ({"units": [unit("", "infantry", 4, 4)]}, "bad_unit_id", "non-empty"),
    ({"terrain": {"forest": [[1, 1]]}}, "unknown_terrain", "forest"),
    ({"terrain": {"mountain": [[1, 1]], "pass": [[1, 1]]}}, "terrain_clash", "both mountain and pass"),
    ({"arsenals": {"north": [[0, 0], [1, 0], [2, 0]]}}, "too_many_arsenals", "one or two"),
    ({"arsenals": {"north": [[0, 0]], "south": [[0, 0]]}}, "arsenal_clash", "[0, 0]"),
    ({"arsenals": {"north": [[1, 1]]}, "terrain": {"mountain": [[1, 1]]}}, "arsenal_on_mountain", "mountain"),
    ({"arsenals": {"south": [[1, 1]]}, "units": [unit("N1", "infantry", 1, 1)]}, "unit_on_enemy_arsenal", "South"),
    ({"width": 0}, "bad_size", "width"),
    ({"colour": "red"}, "unknown_key", "'colour'"),
])
def test_a_malformed_position_names_the_problem(change, reason, words):
    data = {"width": 25, "height": 20, "arsenals": {}, "units": []} | change
    with pytest.raises(PositionError) as err:
        Position.from_dict(data)
    assert err.value.reason == reason
    assert words in str(err.value), str(err.value)
    assert isinstance(err.value, InvalidNotation) and isinstance(err.value, ValueError)


def test_own_unit_may_stand_on_its_own_arsenal():
    pos = Position.from_dict({"arsenals": {"north": [[1, 1]]}, "units": [unit("N1", "infantry", 1, 1)]})
    assert network(pos, "north") == {"N1"}


def test_unknown_unit_id_says_did_you_mean():
    pos = Position.from_dict(ISSUE_EXAMPLE)
    with pytest.raises(PositionError, match="Did you mean N1"):
        pos.unit("N2")


@pytest.mark.parametrize("module", ["position", "communication"])
def test_docstring_examples(module):
    mod = importlib.import_module(f"academy.games.game_of_war.{module}")
    failed, tried = doctest.testmod(mod)
    assert tried > 0 and failed == 0
