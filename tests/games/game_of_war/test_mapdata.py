"""The classic board (maps/game_of_war/classic.json, from ../shared/reference/kriegspiel/board.json) and its
two openings; game-of-war.md Goal ("25×20 map") and Units (17 units a side)."""
from __future__ import annotations

from collections import Counter

import pytest

from academy.core.errors import MapError
from academy.games.game_of_war import board, combat, deployment, network
from academy.games.game_of_war import mapdata
from academy.games.game_of_war.mapdata import deployment_names, territory_rows

ARMY = {"infantry": 9, "cavalry": 4, "cannon": 1, "swift_cannon": 1, "relay": 1, "swift_relay": 1}


def test_the_classic_board():
    pos = board()
    assert (pos.width, pos.height) == (25, 20) and pos.units == ()
    for side, (lo, hi) in [("north", (0, 9)), ("south", (10, 19))]:
        assert territory_rows(side) == (lo, hi)
        half = lambda squares: sum(lo <= y <= hi for _, y in squares)  # noqa: E731
        assert (half(pos.mountains), half(pos.passes), half(pos.fortresses)) == (9, 1, 3)
        assert len(pos.arsenals[side]) == 2 and all(lo <= y <= hi for _, y in pos.arsenals[side])
    assert pos.arsenals == {"north": ((14, 1), (7, 3)), "south": ((2, 19), (22, 19))}
    assert pos.terrain_at((9, 5)) == "pass" and pos.terrain_at((12, 8)) == "fortress"


@pytest.mark.parametrize("name", ["academy_default", "open_source_default"])
def test_openings_have_17_units_a_side_all_connected_in_their_own_half(name):
    assert name in deployment_names()
    pos = deployment(name)
    for side in ("north", "south"):
        units = list(pos.units_of(side))
        assert Counter(u.type for u in units) == ARMY
        lo, hi = territory_rows(side)
        assert all(lo <= u.at[1] <= hi for u in units)
        assert network(pos, side) == {u.id for u in units}


def test_no_attack_is_possible_in_the_academy_opening():
    """README of the reference: "no attack possible before the first move"."""
    pos = deployment("academy_default")
    for u in pos.units:
        attacker = "south" if u.side == "north" else "north"
        assert combat(pos, attacker, u.id).attack == 0, u.id


def test_an_unknown_opening_or_a_bad_map_file_is_a_map_error(tmp_path, monkeypatch):
    with pytest.raises(MapError, match="no deployment 'nope'"):
        deployment("nope")
    (tmp_path / "broken.json").write_text('{"format": "something-else"}\n', encoding="utf-8")
    monkeypatch.setattr(mapdata, "MAPS_DIR", tmp_path)
    with pytest.raises(MapError, match="broken.json:1"):
        board("broken")
