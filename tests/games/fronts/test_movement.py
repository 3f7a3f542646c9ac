"""The movement step model on the duel map: fronts.md, "Turn order" (all stacks move one province per
step at the same time; armies that swap places fight on the border), "Units" (moves, armor in forest,
mountain and river ending a move, air never moves) and "Leaving a city"."""
from __future__ import annotations

import pytest

from academy.core.errors import IllegalAction, InvalidNotation
from academy.games.fronts.mapdata import load_map
from academy.games.fronts.movement import (Contact, Mover, contacts, entry_cost, ends_move, first_contacts,
                                           plan_route, positions, reachable)

M = load_map("duel")


def _refused(units: dict[str, int], start: str, path: list[str]) -> IllegalAction:
    with pytest.raises(IllegalAction) as e:
        plan_route(M, units, start, path)
    return e.value


def test_units_infantry_moves_one() -> None:
    """Units: infantry and artillery move 1 province a turn."""
    r = plan_route(M, {"infantry": 2, "artillery": 1}, "ashford", ["westmere"])
    assert (r.end, r.spent, r.moves, r.ended_by) == ("westmere", 1, 1, None)
    e = _refused({"infantry": 1}, "ashford", ["westmere", "riverton"])
    assert e.reason == "too_far" and "has 1 move a turn" in str(e)


def test_units_armor_moves_two() -> None:
    """Units: armor moves 2 provinces; with infantry in the stack it goes at infantry's pace."""
    r = plan_route(M, {"armor": 2}, "ashford", ["northgate", "millbrook"])
    assert (r.end, r.spent) == ("millbrook", 2)
    assert _refused({"armor": 2, "infantry": 1}, "ashford", ["northgate", "millbrook"]).reason == "too_far"
    assert _refused({"armor": 1}, "ashford", ["northgate", "millbrook", "westmere"]).reason == "too_far"


def test_units_armor_entering_forest_spends_two_moves() -> None:
    """Units: "Armor entering forest spends 2 moves"; infantry entering forest spends 1."""
    assert entry_cost({"armor": 1}, "forest") == 2
    assert entry_cost({"infantry": 1}, "forest") == 1
    assert entry_cost({"armor": 1}, "urban") == 1
    r = plan_route(M, {"armor": 1}, "millbrook", ["oakhollow"])
    assert (r.spent, r.moves) == (2, 2)
    e = _refused({"armor": 1}, "millbrook", ["oakhollow", "northgate"])
    assert e.reason == "too_far"
    e = _refused({"armor": 1}, "ashford", ["northgate", "oakhollow"])
    assert e.reason == "too_far" and "armor entering forest" in str(e)
    assert plan_route(M, {"infantry": 1}, "millbrook", ["oakhollow"]).spent == 1


def test_a_mixed_stack_next_to_a_forest_is_told_to_split() -> None:
    """Units (armor in forest) with the Academy's reading of a stack's pace (its slowest unit): infantry and
    armor together cannot enter a forest in one order; the refusal names the forest and says to give each
    part its own order (it said only "has 1 move a turn ... or move only armor")."""
    e = _refused({"infantry": 2, "armor": 2}, "millbrook", ["oakhollow"])
    assert e.reason == "too_far"
    assert str(e) == ("Move Millbrook → Oakhollow refused: armor spends 2 moves entering a forest (Oakhollow), "
                      "and a stack of 2 infantry, 2 armor moves at the pace of its slowest unit: 1 move a turn. Give "
                      "the armor and the other units an order each: each part can enter on its own.")


def test_units_mountain_ends_the_move() -> None:
    """Units: "Entering mountain ... ends a stack's move"."""
    assert ends_move(M, "westmere", "greyridge") == "mountain"
    r = plan_route(M, {"armor": 1}, "millbrook", ["westmere", "greyridge"])
    assert r.ended_by == "mountain"
    e = _refused({"armor": 1}, "oakhollow", ["highcrag", "eastmere"])
    assert e.reason == "move_ended" and "entering mountain" in str(e) and "Stop in Highcrag" in str(e)


def test_units_crossing_a_river_ends_the_move() -> None:
    """Units: "crossing a river, ends a stack's move"."""
    assert ends_move(M, "millbrook", "riverton") == "river"
    assert ends_move(M, "westmere", "riverton") is None
    r = plan_route(M, {"armor": 1}, "millbrook", ["riverton"])
    assert r.ended_by == "river" and r.crosses_river(M, 1)
    e = _refused({"armor": 1}, "millbrook", ["riverton", "westmere"])
    assert e.reason == "move_ended" and "crossing a river" in str(e)
    # round the river by Westmere: no river, two plains steps
    r2 = plan_route(M, {"armor": 1}, "millbrook", ["westmere", "riverton"])
    assert r2.ended_by is None and not r2.crosses_river(M, 2)


def test_units_air_never_moves() -> None:
    """Units, Air: "Air never moves"; a stack with planes may stay put."""
    e = _refused({"infantry": 1, "air": 1}, "northgate", ["millbrook"])
    assert e.reason == "air_never_moves" and "strike or scout" in str(e)
    assert plan_route(M, {"infantry": 1, "air": 1}, "northgate", []).end == "northgate"


def test_turn_order_bad_routes() -> None:
    """Turn order: one province per step along borders; no loops; no empty stacks; real provinces."""
    e = _refused({"armor": 1}, "ashford", ["riverton"])
    assert e.reason == "not_adjacent" and "you can go to: Millbrook, Northgate, Westmere" in str(e)
    assert _refused({"armor": 1}, "ashford", ["northgate", "ashford"]).reason == "loops_back"
    assert _refused({}, "ashford", ["northgate"]).reason == "no_units"
    assert _refused({"infantry": 1}, "ashford", ["NG"]).reason == "unknown_province"
    with pytest.raises(InvalidNotation):
        plan_route(M, {"infantry": 1}, "ashford", ["Atlantis"])


def test_units_reachable_provinces() -> None:
    """Units: where a stack can end its move, with armor's 2 moves, forests, mountains and rivers."""
    armor = reachable(M, {"armor": 1}, "millbrook")
    # not Pinewood: after one move to Northgate, armor has 1 move left and forest costs 2
    assert set(armor) == {"millbrook", "ashford", "northgate", "oakhollow", "westmere", "riverton", "greyridge"}
    assert armor["riverton"] == ("riverton",)
    assert set(reachable(M, {"infantry": 1}, "millbrook")) == {"millbrook", "ashford", "northgate", "oakhollow",
                                                               "westmere", "riverton"}


# --- at the same time -----------------------------------------------------------------------------

def _mover(mid: str, team: str, units: dict[str, int], start: str, path: list[str]) -> Mover:
    return Mover(mid, team, plan_route(M, units, start, path))


def test_turn_order_all_stacks_step_together() -> None:
    """Turn order: "All stacks move one province per step, at the same time"."""
    movers = [_mover("a", "north", {"armor": 1}, "ashford", ["westmere", "riverton"]),
              _mover("b", "north", {"infantry": 1}, "millbrook", ["westmere"]),
              _mover("c", "south", {"infantry": 1}, "greyridge", [])]
    assert positions(movers, 0) == {"a": "ashford", "b": "millbrook", "c": "greyridge"}
    assert positions(movers, 1) == {"a": "westmere", "b": "westmere", "c": "greyridge"}
    assert positions(movers, 2) == {"a": "riverton", "b": "westmere", "c": "greyridge"}
    assert first_contacts(movers) == []  # friends share a province; nobody meets an enemy


def test_turn_order_swapping_armies_fight_on_the_border() -> None:
    """Turn order, Battles: "Armies that swap places fight on the border between them"."""
    movers = [_mover("n", "north", {"infantry": 2}, "westmere", ["greyridge"]),
              _mover("s", "south", {"infantry": 1}, "greyridge", ["westmere"])]
    assert contacts(movers, 1) == [Contact("border", 1, ("westmere", "greyridge"), ("n", "s"))]


def test_turn_order_meeting_in_a_province() -> None:
    """Battles: stacks of different teams entering the same province at the same step meet there,
    together with a stack already standing there."""
    movers = [_mover("n", "north", {"infantry": 1}, "millbrook", ["westmere"]),
              _mover("s", "south", {"infantry": 1}, "greyridge", ["westmere"]),
              _mover("w", "west", {"armor": 1}, "ashford", ["westmere"]),
              _mover("g", "neutral", {"infantry": 2}, "riverton", [])]
    assert first_contacts(movers) == [Contact("province", 1, ("westmere",), ("n", "s", "w"))]
    attack = [_mover("n", "north", {"infantry": 1}, "westmere", ["riverton"]),
              _mover("g", "neutral", {"infantry": 2}, "riverton", [])]
    assert first_contacts(attack) == [Contact("province", 1, ("riverton",), ("g", "n"))]


def test_turn_order_fast_stacks_meet_at_the_first_step_they_share() -> None:
    """Turn order: armor meets an enemy at the step they are both in a province, not at the end."""
    movers = [_mover("a", "north", {"armor": 1}, "ashford", ["westmere", "greyridge"]),
              _mover("s", "south", {"infantry": 1}, "birchwood", ["greyridge"])]
    assert contacts(movers, 1) == []
    assert first_contacts(movers) == [Contact("province", 2, ("greyridge",), ("a", "s"))]


def test_leaving_a_city_an_enemy_arriving_meets_no_one() -> None:
    """Leaving a city: "An enemy arriving the same turn you leave takes the city with no fight"."""
    movers = [_mover("red", "north", {"infantry": 2}, "millbrook", ["westmere"]),
              _mover("blue", "south", {"armor": 1}, "greyridge", ["riverton", ]),
              _mover("blue2", "south", {"infantry": 1}, "westmere", ["ashford"])]
    # red enters Westmere as blue2 leaves it; nobody meets
    assert first_contacts(movers) == []
    chase = [_mover("r", "north", {"infantry": 1}, "oakhollow", ["millbrook"]),
             _mover("b", "south", {"armor": 1}, "westmere", ["millbrook", "ashford"])]
    assert first_contacts(chase) == [Contact("province", 1, ("millbrook",), ("b", "r"))]
