"""The engine's turn flow: tactics.md "Winning and losing", "Turns and days", "Funds, properties and
production", "Capturing", "Game options"."""
from __future__ import annotations

from academy.core.protocol import NodeKind
from academy.games.tactics.actions import Build, Capture, EndTurn, Resign, Wait
from academy.games.tactics.game import TacticsGame
from academy.games.tactics.position import format_position, parse_position

from .helpers import act, position, refused

RC = "river_crossing day 1 red"


# --- Winning and losing ----------------------------------------------------------------------------
def test_winning_hq_capture_knocks_out_and_properties_turn_neutral() -> None:
    """Winning and losing: capturing an enemy HQ knocks that player out; their units go, their
    properties become neutral; the last player left wins."""
    s = position(f"{RC} | red 0: infantry I9 | blue 0: infantry A10, tank D8 | capture: I9 10")
    act(s, "infantry I9 capture")
    assert s.alive == [True, False] and s.is_terminal() and s.winner() == 0
    assert s.owners[(8, 8)] == 0                       # the HQ changed hands
    assert s.owners[(7, 8)] is None and s.owners[(8, 7)] is None   # blue's factory and city: neutral
    assert s.units_of(1) == {}


def test_winning_no_units_left_knocks_out() -> None:
    """Winning and losing: a player with no units left (after a battle) is out."""
    s = position(f"{RC} | red 0: tank G4 | blue 0: infantry G5 hp1")
    act(s, "tank G4 attack G5")
    assert s.is_terminal() and s.winner() == 0 and s.alive == [True, False]


def test_winning_cargo_counts_and_is_lost_with_its_transport() -> None:
    """Winning and losing: units in a transport count; Transports: cargo is lost with the transport."""
    s = position(f"{RC} | red 0: tank G4 | blue 0: apc G5 hp1 [infantry]")
    assert s.unit_count(1) == 2
    act(s, "tank G4 attack G5")
    assert s.winner() == 0 and s.unit_count(1) == 0


def test_winning_last_aircraft_out_of_fuel() -> None:
    """Winning and losing: when the last aircraft runs out of fuel its player is out."""
    s = position("twin_harbors day 2 red | red 0: infantry C4 | blue 0: fighter L6 fuel5")
    act(s, "end turn")                                  # blue's day-2 upkeep burns 5 fuel
    assert s.winner() == 0 and s.units_of(1) == {}


def test_winning_game_over_refuses_actions() -> None:
    """Winning and losing: after the end no action is accepted."""
    s = position(f"{RC} | red 0: tank G4 | blue 0: infantry G5 hp1")
    act(s, "tank G4 attack G5")
    assert refused(s, EndTurn()) == "game_over"


# --- Turns and days ---------------------------------------------------------------------------------
def test_turns_and_days_order() -> None:
    """Turns and days: players take turns in order; after the last a new day starts."""
    s = TacticsGame().new_initial_state(seed=1)
    assert (s.current, s.day) == (0, 1)
    s.apply(EndTurn())
    assert (s.current, s.day) == (1, 1)
    s.apply(EndTurn())
    assert (s.current, s.day) == (0, 2)


def test_turns_move_once_then_one_action() -> None:
    """Turns and days: each unit moves once and takes one action per turn."""
    s = position(f"{RC} | red 0: tank E2 | blue 0: infantry G8")
    act(s, "tank E2 -> F2 wait")
    assert s.units[(5, 1)].acted
    assert refused(s, Wait("F2", "G2")) == "already_acted"
    act(s, "end turn")
    act(s, "end turn")
    assert not s.units[(5, 1)].acted


def test_turns_new_units_have_used_their_turn() -> None:
    """Turns and days: new units are built with their turn already used."""
    s = position(f"{RC} | red 1000: tank E2 | blue 0: infantry G8")
    act(s, "build infantry at C2")
    assert s.units[(2, 1)].acted and s.funds[0] == 0
    assert refused(s, Wait("C2", "C3")) == "already_acted"


def test_turns_upkeep_resupply_comes_before_the_fuel_check() -> None:
    """Turns and days: upkeep order: daily fuel, then resupply on own properties, then aircraft at 0
    fuel are lost: a copter on its own airport with 2 fuel survives day 2, one in the open does not."""
    s = position("twin_harbors day 2 blue | red 0: transport copter B6 fuel2, attack copter C7 fuel2, "
                 "infantry A1 | blue 0: infantry P11")
    act(s, "end turn")
    assert s.units[(1, 5)].fuel == 99          # burnt to 0, refuelled on the airport
    assert (2, 6) not in s.units               # burnt to 0 in the open: lost


def test_turns_daily_fuel_only_from_day_two() -> None:
    """Turns and days: aircraft and ships burn their daily fuel from day 2."""
    s = position("twin_harbors day 1 blue | red 0: fighter K6 | blue 0: infantry P11", )
    act(s, "end turn")                          # red's day-2 upkeep
    assert s.units[(10, 5)].fuel == 94
    s = position("twin_harbors day 1 red | red 0: fighter K6 | blue 0: fighter L6")
    act(s, "end turn")                          # blue's day-1 upkeep: no daily fuel yet
    assert s.units[(11, 5)].fuel == 99


# --- Funds, properties and production ------------------------------------------------------------
def test_funds_income_per_property() -> None:
    """Funds: every property you own pays 1,000 funds at the start of your turn (option: income)."""
    s = position(f"{RC} | red 0: tank E2 | blue 500: infantry G8")
    act(s, "end turn")
    assert s.funds[1] == 500 + 3 * 1000
    s = position(f"{RC} | red 0: tank E2 | blue 500: infantry G8", income=2500)
    act(s, "end turn")
    assert s.funds[1] == 500 + 3 * 2500


def test_funds_production_by_property_kind() -> None:
    """Funds, properties and production: a factory builds ground units, airports aircraft, ports ships;
    only on your own empty property, and only what you can afford."""
    s = position("twin_harbors day 1 red | red 27000: infantry A1 | blue 0: infantry P11")
    assert refused(s, Build("fighter", "D3")) == "wrong_production"
    assert refused(s, Build("tank", "B6")) == "wrong_production"
    assert refused(s, Build("tank", "C3")) == "cannot_build_here"          # the HQ builds nothing
    assert refused(s, Build("tank", "N9")) == "not_your_property"
    assert refused(s, Build("battleship", "J2")) == "not_enough_funds"
    assert refused(s, Build("spaceship", "D3")) == "unknown_unit"
    act(s, "build fighter at B6")
    act(s, "build gunboat at J2")
    assert s.funds[0] == 27000 - 20000 - 6000
    assert refused(s, Build("infantry", "B6")) == "wrong_production"
    builds = {a.unit for a in s.legal_actions() if isinstance(a, Build)}
    assert builds == {"infantry"}                                           # 1,000 left


def test_funds_cannot_build_on_an_occupied_factory() -> None:
    """Funds, properties and production: nothing may stand on the production building."""
    s = position(f"{RC} | red 9000: infantry C2 | blue 0: infantry G8")
    assert refused(s, Build("tank", "C2")) == "occupied"


# --- Capturing ---------------------------------------------------------------------------------------
def test_capturing_points_are_twenty_minus_displayed_hp() -> None:
    """Capturing: the property loses points equal to the soldier's displayed HP, out of 20."""
    s = position(f"{RC} | red 0: infantry H2 hp5, mech C3 health41 | blue 0: infantry G8")
    act(s, "infantry H2 -> H1 capture")
    assert s.capture[(7, 0)] == 15
    act(s, "mech C3 -> C4 wait")
    s = position(f"{RC} | red 0: mech H1 health41 | blue 0: infantry G8 | capture: H1 15")
    act(s, "mech H1 capture")
    assert s.capture[(7, 0)] == 10                                         # 41 health shows 5 HP


def test_capturing_at_zero_changes_hands_and_resets() -> None:
    """Capturing: at 0 the property changes hands and its points reset."""
    s = position(f"{RC} | red 0: infantry H1 | blue 0: infantry G8 | capture: H1 8")
    act(s, "infantry H1 capture")
    assert s.owners[(7, 0)] == 0 and (7, 0) not in s.capture


def test_capturing_resets_when_the_capturer_leaves_or_dies() -> None:
    """Capturing: if the capturer leaves the tile or is destroyed, the points reset."""
    s = position(f"{RC} | red 0: infantry H1 | blue 0: infantry G8 | capture: H1 10")
    act(s, "infantry H1 -> G1 wait")
    assert s.capture == {}
    s = position(f"{RC} | red 0: tank H2 | blue 0: infantry H1 hp1, infantry G8 | capture: H1 12")
    act(s, "tank H2 attack H1")
    assert s.capture == {}


def test_capturing_only_foot_soldiers_and_not_your_own() -> None:
    """Capturing: only Infantry and Mech capture, neutral or enemy properties only."""
    s = position(f"{RC} | red 0: tank H2, infantry B4 | blue 0: infantry G8")
    assert refused(s, Capture("H2", "H1")) == "cannot_capture"
    assert refused(s, Capture("B4", "B3")) == "already_yours"
    assert refused(s, Capture("B4", "B4")) == "not_a_property"


# --- Game options ------------------------------------------------------------------------------------
def test_game_options_defaults() -> None:
    """Game options: luck on, 1,000 income per property, repairs on, fog off (the map's settings)."""
    o = TacticsGame().options
    assert (o["luck"], o["income"], o["repairs"], o["fog"], o["starting_funds"]) == (True, 1000, True, False, 3000)
    assert o["weather"] == "clear" and o["commanders"] == [None, None]


def test_game_options_day_limit_ends_the_game() -> None:
    """Game options (house rule): with a day limit the most properties wins when it runs out."""
    s = position(f"{RC} | red 0: infantry H1 | blue 0: infantry G8 | capture: H1 2", day_limit=1)
    act(s, "infantry H1 capture")
    act(s, "end turn")
    act(s, "end turn")
    assert s.is_terminal() and s.winner() == 0 and s.day == 1


def test_position_round_trips() -> None:
    """A one-line position reads back to the same state."""
    text = (f"{RC} | red 3000: apc D2 [infantry hp3], tank E2 hp5 fuel20 ammo0 acted | blue 0: infantry G8 "
            "| owners: H1 blue | capture: H1 12")
    s = parse_position(text)
    assert format_position(s) == text
    assert parse_position(format_position(s)).to_json() == s.to_json()
    assert s.node_kind() is NodeKind.DECISION


def test_winning_a_player_who_resigns_is_out() -> None:
    """Winning and losing: a player who resigns is out (not offered by legal_actions, always allowed)."""
    s = position(f"{RC} | red 0: tank E2 | blue 0: infantry G8")
    assert Resign() not in s.legal_actions()
    act(s, "resign")
    assert s.winner() == 1 and s.owners[(1, 1)] is None
