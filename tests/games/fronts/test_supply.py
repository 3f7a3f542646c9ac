"""Supply and falling back on the duel map: fronts.md, "Defense bonuses" (Supply) and "Battles"
(where a loser falls back)."""
from __future__ import annotations

from academy.games.fronts.mapdata import load_map
from academy.games.fronts.supply import attrition, fall_back_options, is_supplied, supply_path

M = load_map("duel")
TEAMS = {"red": "north", "blue": "south"}


def _owners(**changes: str | None) -> dict[str, str | None]:
    owners = {p: prov.owner for p, prov in M.provinces.items()}
    owners.update(changes)
    return owners


def test_supply_connected_to_a_friendly_city() -> None:
    """Supply: "in supply when it connects to a friendly city through provinces your team controls"."""
    owners = _owners()
    assert supply_path(M, "northgate", "north", owners, TEAMS) == ("northgate",)
    assert supply_path(M, "pinewood", "north", owners, TEAMS) == ("pinewood", "northgate")
    assert supply_path(M, "highcrag", "north", owners, TEAMS) == ("highcrag", "oakhollow", "millbrook")
    # a stack that has just stepped into neutral Westmere is supplied through Millbrook
    assert is_supplied(M, "westmere", "north", owners, TEAMS)


def test_supply_cut_off() -> None:
    """Supply: a stack whose way home runs only through enemy or neutral land is out of supply."""
    owners = _owners(westmere="red", greyridge="red")
    # Greyridge reaches Millbrook through Westmere, both red
    assert supply_path(M, "greyridge", "north", owners, TEAMS) == ("greyridge", "westmere", "millbrook")
    # South takes Westmere back: Greyridge is cut off (Riverton is neutral, Birchwood and Elmshade are South's)
    cut = _owners(westmere="blue", greyridge="red")
    assert not is_supplied(M, "greyridge", "north", cut, TEAMS)
    # a city of any player of the team supplies
    assert is_supplied(M, "greyridge", "north", cut, {"red": "north", "blue": "south", "green": "north"}) is False
    assert is_supplied(M, "greyridge", "north", _owners(westmere="blue", greyridge="red", riverton="green"),
                       {"red": "north", "blue": "south", "green": "north"})


def test_supply_two_turns_then_a_unit_a_turn() -> None:
    """Supply: "after 2 turns it loses 1 unit every turn"."""
    assert [attrition(t) for t in range(1, 6)] == [0, 0, 1, 1, 1]


def test_battles_loser_that_moved_in_falls_back_where_it_came_from() -> None:
    """Battles: "A loser that just moved in falls back to where it came from, if no enemy is there.
    Otherwise it is destroyed"."""
    owners = _owners()
    assert fall_back_options(M, "riverton", "north", "millbrook", owners, TEAMS, set()) == ("millbrook",)
    assert fall_back_options(M, "riverton", "north", "millbrook", owners, TEAMS, {"millbrook"}) == ()


def test_battles_loser_standing_still_falls_back_to_a_team_province() -> None:
    """Battles: "A loser that was standing still falls back to a neighboring province your team owns
    with no enemy stack. Otherwise it is destroyed"."""
    owners = _owners()
    assert fall_back_options(M, "millbrook", "north", None, owners, TEAMS, set()) == (
        "ashford", "northgate", "oakhollow")
    assert fall_back_options(M, "millbrook", "north", None, owners, TEAMS, {"ashford", "oakhollow"}) == (
        "northgate",)
    # neutral Westmere and Riverton are never a way out for North
    assert fall_back_options(M, "millbrook", "north", None, owners, TEAMS,
                             {"ashford", "oakhollow", "northgate"}) == ()
