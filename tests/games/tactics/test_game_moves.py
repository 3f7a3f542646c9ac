"""Moving and carrying in the engine: tactics.md "Movement", "Transports", "Weather (campaign missions)"."""
from __future__ import annotations

from academy.games.tactics.actions import Load, Unload, Wait

from .helpers import act, position, refused

RC = "river_crossing day 1 red"


def test_movement_costs_fuel_per_point() -> None:
    """Movement: every movement point costs 1 fuel."""
    s = position(f"{RC} | red 0: tank E2 | blue 0: infantry G8")
    act(s, "tank E2 -> H2 wait")
    assert s.units[(7, 1)].fuel == 67


def test_movement_never_more_than_the_fuel_left() -> None:
    """Movement: a unit can spend up to its movement points but never more than its fuel."""
    s = position(f"{RC} | red 0: tank E2 fuel2 | blue 0: infantry G8")
    assert refused(s, Wait("E2", "H2")) == "out_of_fuel"
    act(s, "tank E2 -> G2 wait")
    assert s.units[(6, 1)].fuel == 0


def test_movement_too_far_and_impassable() -> None:
    """Movement and the terrain table: too far for the movement points; treads can't climb mountains."""
    s = position(f"{RC} | red 0: tank E2, infantry D3 | blue 0: infantry G8")
    assert refused(s, Wait("E2", "E10")) == "too_far"
    assert refused(s, Wait("E2", "E4")) == "impassable"
    assert refused(s, Wait("D3", "D6")) == "too_far"        # wading the river costs foot soldiers 2
    act(s, "infantry D3 -> D5 wait")                       # plains 1 + river 2
    assert s.units[(3, 4)].fuel == 96


def test_movement_enemies_block() -> None:
    """Movement: enemy units block all movement (the bridge is the only vehicle crossing)."""
    s = position(f"{RC} | red 0: tank C4 | blue 0: infantry C5")
    assert refused(s, Wait("C4", "C6")) == "blocked"
    assert refused(s, Wait("C4", "C5")) == "occupied"


def test_movement_friends_pass_but_cannot_be_stopped_on() -> None:
    """Movement: friendly units can be passed through but not stopped on; one unit per tile."""
    s = position(f"{RC} | red 0: tank C4, infantry C5 | blue 0: infantry G8")
    assert refused(s, Wait("C4", "C5")) == "occupied"
    act(s, "tank C4 -> C6 wait")
    assert s.units[(2, 5)].type == "tank" and s.units[(2, 4)].type == "infantry"


def test_movement_legal_action_count() -> None:
    """Movement (perft-style): an infantry on D3 of River Crossing can end on 22 tiles with 3 points
    (mountain and river cost it 2, everything else 1)."""
    s = position(f"{RC} | red 0: infantry D3 | blue 0: infantry G8")
    waits = [a for a in s.legal_actions() if isinstance(a, Wait)]
    assert len(waits) == 22
    assert {"E4", "D5", "C5", "G3", "A3"} <= {a.to for a in waits} and not {"B1", "E5", "G2"} & {a.to for a in waits}


def test_weather_rain_and_snow_change_costs() -> None:
    """Weather (campaign missions): rain makes plains cost tires +1; snow takes 1 movement from aircraft."""
    s = position(f"{RC} | red 0: recon G4 | blue 0: infantry A10", weather="rain")
    act(s, "recon G4 -> G3 wait")                 # plains: 2 for tires, +1 in rain
    assert s.units[(6, 2)].fuel == 77
    s = position("twin_harbors day 1 red | red 0: fighter K6 | blue 0: infantry P11", weather="snow")
    assert refused(s, Wait("K6", "K15")) != ""    # 9 tiles away: the fighter has 8 points in snow
    act(s, "fighter K6 -> K14 wait")


# --- Transports -------------------------------------------------------------------------------------------
def test_transports_load_then_move_and_unload() -> None:
    """Transports: board a friendly transport with room (the unit's turn is used); the transport can still
    move, then drop the cargo on an empty neighbouring tile; dropped units can't act this turn."""
    s = position(f"{RC} | red 0: apc D2, infantry D3 | blue 0: infantry G8")
    act(s, "infantry D3 -> D2 load")
    apc = s.units[(3, 1)]
    assert [c.type for c in apc.cargo] == ["infantry"] and (3, 2) not in s.units and not apc.acted
    act(s, "apc D2 -> G2 unload infantry G3")
    assert s.units[(6, 2)].type == "infantry" and s.units[(6, 2)].acted and s.units[(6, 1)].cargo == []
    assert refused(s, Wait("G3", "G4")) == "already_acted"


def test_transports_capacity_and_what_they_carry() -> None:
    """Transports: an APC carries one Infantry or Mech; a Lander two ground units."""
    s = position(f"{RC} | red 0: apc D2 [infantry], mech D3, tank E2 | blue 0: infantry G8")
    assert refused(s, Load("D3", "D2")) == "no_room"
    assert refused(s, Load("E2", "D2")) == "cannot_carry"
    assert refused(s, Load("E2", "E3")) == "not_a_transport"


def test_transports_lander_unloads_only_from_shoal_or_port() -> None:
    """Transports: a Lander carries 2 ground units and unloads only from shoal and port."""
    s = position("twin_harbors day 1 red | red 0: lander K3 [tank, infantry] | blue 0: infantry P11")
    assert refused(s, Unload("K3", "K3", ((0, "K2"),))) == "cannot_unload_here"
    assert refused(s, Unload("K3", "J3", ((0, "K3"),))) == "bad_drop"      # a tank can't stand on sea
    act(s, "lander K3 -> J3 unload tank I3, infantry J4")
    assert s.units[(8, 2)].type == "tank" and s.units[(9, 3)].type == "infantry"
    assert s.units[(9, 2)].cargo == []


def test_transports_riders_do_not_burn_fuel_or_repair() -> None:
    """Repair, fuel and ammo / Transports: units riding in a transport aren't repaired."""
    s = position("river_crossing day 1 blue | red 0: apc B3 hp5 [infantry hp5] | blue 0: infantry G8")
    act(s, "end turn")
    apc = s.units[(1, 2)]
    assert apc.hp == 7 and apc.cargo[0].hp == 5
