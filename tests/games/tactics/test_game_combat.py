"""Combat in the engine: tactics.md "Combat and damage", "Luck", "Damage chart", "Repair, fuel and ammo",
"Commander powers"."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

from academy.core.protocol import NodeKind
from academy.games.tactics.actions import ActivatePower, Attack, Luck
from academy.games.tactics.combat import attack_preview
from academy.games.tactics.damage import exchange
from academy.games.tactics.odds import AttackOdds

from .helpers import act, position, refused

RC = "river_crossing day 1 red"


# --- Combat and damage -------------------------------------------------------------------------------------
def test_combat_attack_and_counterattack_luck_off() -> None:
    """Combat and damage: the hit, then the survivor's counter with its reduced HP (tank vs tank on plains:
    49, then 6 HP fire back 29); each cannon shot uses 1 ammo."""
    s = position(f"{RC} | red 0: tank G4 | blue 0: tank G5")
    events = act(s, "tank G4 attack G5")
    red, blue = s.units[(6, 3)], s.units[(6, 4)]
    assert (blue.health, red.health) == (51, 71)
    assert (red.ammo, blue.ammo) == (8, 8)
    attack = next(e for e in events if e.kind == "attack")
    assert attack.data["damage"] == 49 and attack.data["counter"] == 29
    assert any("Counterattack" in line for line in attack.why)
    # the log in percent of a full unit, with the HP the board shows (a newcomer's walk: "deals 1 (5 HP → 5 HP)")
    assert attack.text == "Tank G4 hits Tank G5 for 49% (10 HP → 6 HP); the counter deals 29% (10 HP → 8 HP)."


def test_combat_the_engine_uses_damage_exchange() -> None:
    """Combat and damage: the engine's result is damage.exchange's, with the tiles' terrain."""
    s = position(f"{RC} | red 0: mech D2 hp7 | blue 0: tank E3 hp9", luck=True)
    act(s, "mech D2 -> D3 attack E3")           # moves onto plains, hits the tank on plains
    s2 = position(f"{RC} | red 0: mech D2 hp7 | blue 0: tank E3 hp9", luck=True)
    s2.apply(Attack("D2", "D3", "E3"))
    s2.apply(Luck(7, 2))
    x = exchange("mech", "tank", 70, 90, "plains", "plains", 1, 7, 2)
    assert (s2.units[(4, 2)].health, s2.units[(3, 2)].health) == (x.defender_health, x.attacker_health)


def test_combat_indirect_fire_rules() -> None:
    """Combat and damage: indirect fire can't fire after moving, has a minimum range, and is never
    countered (artillery vs tank at 3 tiles: 63, no counter)."""
    s = position(f"{RC} | red 0: artillery G4 | blue 0: tank J4, infantry G5")
    assert refused(s, Attack("G4", "H4", "J4")) == "fired_after_moving"
    assert refused(s, Attack("G4", "G4", "G5")) == "out_of_range"
    act(s, "artillery G4 attack J4")
    assert s.units[(9, 3)].health == 37 and s.units[(6, 3)].health == 100


def test_combat_indirect_units_never_counterattack() -> None:
    """Combat and damage: an indirect-fire unit attacked next to it does not fire back."""
    s = position(f"{RC} | red 0: tank G4 | blue 0: artillery G5")
    act(s, "tank G4 attack G5")
    assert s.units[(6, 3)].health == 100


def test_combat_ammo_and_machine_gun_fallback() -> None:
    """Combat and damage: an empty cannon can't fire; the tank falls back to its machine gun, which
    hits infantry but not a tank."""
    s = position(f"{RC} | red 0: tank G4 ammo0 | blue 0: infantry G5, tank F4")
    assert refused(s, Attack("G4", "G4", "F4")) == "out_of_ammo"
    act(s, "tank G4 attack G5")
    assert s.units[(6, 3)].ammo == 0 and s.units[(6, 4)].health < 100


def test_combat_aircraft_ignore_terrain_defence() -> None:
    """Combat and damage: terrain stars protect ground units, not aircraft (a copter over a mountain
    takes the full 9 from a mech; the mech on the mountain has 4 stars against the counter: 75 → 45)."""
    s = position("twin_harbors day 1 red | red 0: mech A2 | blue 0: attack copter A1, infantry P11")
    act(s, "mech A2 attack A1")
    assert s.units[(0, 0)].health == 91 and s.units[(0, 1)].health == 55


# --- Damage chart -------------------------------------------------------------------------------------------
def test_damage_chart_a_dash_means_no_attack() -> None:
    """Damage chart: a dash means the attacker can't attack that unit at all (infantry vs fighter, APC)."""
    s = position("twin_harbors day 1 red | red 0: infantry C4, apc D5 | blue 0: fighter D4, infantry E5")
    assert refused(s, Attack("C4", "C4", "D4")) == "cannot_attack"
    assert refused(s, Attack("D5", "D5", "E5")) == "cannot_attack"
    assert not [a for a in s.legal_actions() if isinstance(a, Attack)]


def test_damage_chart_wrong_target() -> None:
    """Combat: the target must be an enemy unit (not a friend, not an empty tile)."""
    s = position(f"{RC} | red 0: tank G4, infantry G3 | blue 0: infantry A10")
    assert refused(s, Attack("G4", "G4", "G3")) == "wrong_target"
    assert refused(s, Attack("G4", "G4", "G5")) == "wrong_target"
    assert refused(s, Attack("G4", "G4", "nowhere")) == "bad_tile"


# --- Luck -----------------------------------------------------------------------------------------------------
def test_luck_is_an_exact_chance_node() -> None:
    """Luck: with luck on each hit adds 0..9, every roll equally likely: 100 (attack, counter) pairs."""
    s = position(f"{RC} | red 0: tank G4 | blue 0: tank G5", luck=True)
    s.apply(Attack("G4", "G4", "G5"))
    assert s.node_kind() is NodeKind.CHANCE and s.to_move() is None
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 100 and {p for _, p in outcomes} == {Fraction(1, 100)}
    s.apply(Luck(5, 3))                              # the document's example: 54, then 26 back
    assert (s.units[(6, 4)].health, s.units[(6, 3)].health) == (46, 74)


def test_luck_without_counter_has_ten_outcomes() -> None:
    """Luck: an attack that can't be countered has one roll: ten outcomes."""
    s = position(f"{RC} | red 0: artillery G4 | blue 0: tank J4", luck=True)
    s.apply(Attack("G4", "G4", "J4"))
    assert [o.attack for o, _ in s.chance_outcomes()] == list(range(10))


def test_luck_record_samples_the_distribution() -> None:
    """Luck: the record's seeded generator samples the roll; the same seed gives the same roll."""
    results = set()
    for _ in range(2):
        s = position(f"{RC} | red 0: tank G4 | blue 0: tank G5", luck=True)
        act(s, "tank G4 attack G5")
        results.add(s.units[(6, 4)].health)
    assert len(results) == 1 and 43 <= results.pop() <= 51


def test_luck_off_commander_range_gets_the_middle() -> None:
    """Luck: with luck off a commander whose kit changes the luck range gets the middle of it relative
    to the normal one: Tempest's 0..19 gives +5 (tank vs tank: 55+5 → 54)."""
    s = position(f"{RC} | red 0: tank G4 | blue 0: infantry A10, tank G5", commanders=["tempest", None])
    act(s, "tank G4 attack G5")
    assert s.units[(6, 4)].health == 46


# --- Repair, fuel and ammo -----------------------------------------------------------------------------------
def test_repair_on_own_property_paid_and_resupplied() -> None:
    """Repair, fuel and ammo: up to 2 HP at 10% of the unit's cost per HP, refuelled and rearmed free."""
    s = position("river_crossing day 1 blue | red 0: tank B3 hp5 fuel10 ammo2 | blue 0: infantry G8")
    act(s, "end turn")                                    # red: income 3,000, then repair
    tank = s.units[(1, 2)]
    assert (tank.health, tank.fuel, tank.ammo, s.funds[0]) == (70, 70, 9, 3000 - 1400)


def test_repair_only_what_you_can_afford() -> None:
    """Repair, fuel and ammo: repairs only what the funds pay for; none with repairs off."""
    s = position("river_crossing day 1 blue | red 700: tank B3 hp5 | blue 0: infantry G8", income=0)
    act(s, "end turn")
    assert s.units[(1, 2)].health == 60 and s.funds[0] == 0
    s = position("river_crossing day 1 blue | red 0: tank B3 hp5 fuel3 | blue 0: infantry G8", repairs=False)
    act(s, "end turn")
    assert s.units[(1, 2)].health == 50 and s.units[(1, 2)].fuel == 70


def test_repair_property_must_serve_the_unit_kind() -> None:
    """Repair, fuel and ammo: airports serve aircraft, not ground units; enemy properties serve nobody."""
    s = position("twin_harbors day 1 blue | red 0: tank B6 hp5, infantry N9 hp5 | blue 0: infantry P11")
    act(s, "end turn")
    assert s.units[(1, 5)].health == 50 and s.units[(13, 8)].health == 50


def test_apc_supplies_neighbours_at_turn_start_and_by_action() -> None:
    """Repair, fuel and ammo: an APC refuels and rearms (never repairs) friendly units next to it."""
    s = position("river_crossing day 1 blue | red 0: apc D2, tank D3 hp5 fuel10 ammo0 | blue 0: infantry G8")
    act(s, "end turn")
    tank = s.units[(3, 2)]
    assert (tank.health, tank.fuel, tank.ammo) == (50, 70, 9)
    s = position(f"{RC} | red 0: apc D2, tank F3 fuel10 | blue 0: infantry G8")
    act(s, "apc D2 -> F2 supply")
    assert s.units[(5, 2)].fuel == 70


# --- Commander powers -----------------------------------------------------------------------------------------
def test_commander_meter_charges_half_for_attacking_full_for_damage() -> None:
    """Commander powers: the attacking side gains 50% and the damaged side 100% of the funds value of the
    damage (cost × HP lost). Vanguard's tank (120%) vs Mender's tank (defence 110%): 54, counter 22."""
    s = position(f"{RC} | red 0: tank G4 | blue 0: tank G5", commanders=["vanguard", "mender"])
    act(s, "tank G4 attack G5")
    assert (s.units[(6, 4)].health, s.units[(6, 3)].health) == (46, 78)
    assert s.meter == [7000 * 5 // 10 // 2 + 7000 * 2 // 10, 7000 * 5 // 10 + 7000 * 2 // 10 // 2]


def test_commander_power_needs_a_full_meter_and_lasts_until_next_turn() -> None:
    """Commander powers: a full meter unlocks the Power, a fuller one the Super Power; it lasts until your
    next turn begins and a running power doesn't charge the meter."""
    s = position(f"{RC} | red 0: tank G4, infantry C3 | blue 0: tank G5 | meter: red 20000",
                 commanders=["vanguard", None])
    assert ActivatePower("power") in s.legal_actions() and ActivatePower("super") not in s.legal_actions()
    assert refused(s, ActivatePower("super")) == "meter_not_full"
    act(s, "power")
    assert s.meter[0] == 5000 and s.power[0] == "power"
    assert refused(s, ActivatePower("power")) == "power_running"
    act(s, "infantry C3 -> C7 wait")                 # Forward March: 3 + 1 movement
    act(s, "tank G4 attack G5")
    assert s.meter == [5000, 0]                       # no charge while the power runs
    act(s, "end turn")
    act(s, "end turn")
    assert s.power[0] is None


def test_commander_powers_heal_and_strike() -> None:
    """Commander powers: instant repairs (Mender) and instant damage to every enemy, which never destroys."""
    s = position(f"{RC} | red 0: tank G4 hp5 | blue 0: tank G5 health5 | meter: red 30000",
                 commanders=["mender", None])
    act(s, "super power")
    assert s.units[(6, 3)].health == 100
    s = position(f"{RC} | red 0: tank G4 | blue 0: tank G5 health5, infantry A10 | meter: red 30000",
                 commanders=["tempest", None])
    act(s, "power")
    assert s.units[(6, 4)].health == 1 and s.units[(0, 9)].health == 90 and s.units[(6, 3)].health == 100


def test_commander_needed_for_powers() -> None:
    """Commander powers: without a commander there is no power."""
    s = position(f"{RC} | red 0: tank G4 | blue 0: tank G5")
    assert refused(s, ActivatePower("power")) == "no_commander"


def test_luck_preview_matches_the_chance_node() -> None:
    """Luck: the odds shown before an attack are the distribution the engine samples from."""
    text = f"{RC} | red 0: mech D2 hp7 | blue 0: tank E3 hp9"
    s = position(text, luck=True, commanders=["tempest", "mender"])
    attack = Attack("D2", "D3", "E3")
    odds = attack_preview(s, attack)
    s.apply(attack)
    seen: Counter = Counter()
    for outcome, p in s.chance_outcomes():
        twin = s.clone()
        twin.apply(outcome)
        defender = twin.units.get((4, 2))
        attacker = twin.units.get((3, 2))
        seen[(90 - (defender.health if defender else 0),
              None if not can_fire_back(odds, outcome) else 70 - (attacker.health if attacker else 0))] += p
    assert dict(seen) == dict(odds.outcomes)
    assert odds.damage_range == (min(d for d, _ in odds.outcomes), max(d for d, _ in odds.outcomes))


def can_fire_back(odds: AttackOdds, outcome: Luck) -> bool:
    """Whether the defender survived this roll (then the tank's machine gun fires back at the mech)."""
    return odds.damage_by_luck[outcome.attack] < odds.defender_health


def test_weather_rain_weakens_indirect_fire() -> None:
    """Weather (campaign missions): in rain indirect fire deals 20% less (artillery vs tank: 63 → 50)."""
    s = position(f"{RC} | red 0: artillery G4 | blue 0: tank J4", weather="rain")
    act(s, "artillery G4 attack J4")
    assert s.units[(9, 3)].health == 50
