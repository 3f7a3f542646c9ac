"""Damage, luck and counterattacks: tactics.md, "Combat and damage", "Luck", "Damage chart";
the public API and rounding of issue 5 ("Damage (academy/games/tactics/damage.py)")."""
from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from academy.core.errors import IllegalAction
from academy.games.tactics import damage as dmg
from academy.games.tactics.damage import (
    BASE_DAMAGE,
    Exchange,
    Hit,
    base_damage,
    chance_to_destroy,
    damage,
    damage_by_luck,
    exchange,
    hit,
)
from academy.games.tactics.terrain import TERRAIN
from academy.games.tactics.units import UNIT_IDS, UNITS
from tests.games.tactics.rulesdoc import table_rows, to_id


def reference(base: int, luck: int, a_health: int, d_health: int, stars: int) -> int:
    """The issue's integer form with both percentages at 100, written independently."""
    a_hp, d_hp = math.ceil(a_health / 10), math.ceil(d_health / 10)
    return min(100, ((base + luck) * a_hp * (100 - stars * d_hp) + 50) // 1000)


# --- Damage chart ---------------------------------------------------------------------------

def chart_from(text: str) -> dict[tuple[str, str], int | None]:
    rows = table_rows(text, "Attacker")
    columns = [to_id(c) for c in rows[0][1:]]
    chart = {}
    for row in rows[1:]:
        for col, cell in zip(columns, row[1:], strict=True):
            chart[to_id(row[0]), col] = None if cell in ("—", "-") else int(cell)
    return chart


def test_damage_chart_matches_the_rules_document_cell_by_cell(rules_text: str) -> None:
    """Damage chart: all 18 × 18 cells of tactics.md (skipped when the document is absent)."""
    chart = chart_from(rules_text)
    assert len(chart) == 18 * 18
    for (a, d), base in chart.items():
        assert BASE_DAMAGE[a, d] == base, f"{a} vs {d}"


def test_damage_chart_matches_the_rules_page_cell_by_cell() -> None:
    """Damage chart: the Rules page shipped in academy/rulebook/tactics.md has the same cells."""
    from importlib import resources
    text = resources.files("academy.rulebook").joinpath("tactics.md").read_text(encoding="utf-8")
    assert chart_from(text) == dict(BASE_DAMAGE)


def test_damage_chart_spot_values_from_the_document_text() -> None:
    """Damage chart, "How to read it": Mech v Tank 55, Tank v Mech 75, AA v Attack Copter 120, Fighter v Bomber 100."""
    assert base_damage("mech", "tank") == 55
    assert base_damage("tank", "mech") == 75
    assert base_damage("anti_air", "attack_copter") == 120
    assert base_damage("fighter", "bomber") == 100
    for unarmed in ("apc", "transport_copter", "lander"):
        assert all(BASE_DAMAGE[unarmed, d] is None for d in UNIT_IDS)


def test_chart_order_is_the_documents_order() -> None:
    assert UNIT_IDS[0] == "infantry" and UNIT_IDS[-1] == "battleship" and len(UNIT_IDS) == 18


# --- the issue's examples -------------------------------------------------------------------

def test_issue_example_damage() -> None:
    assert damage("tank", "tank", attacker_health=100, defender_health=100, defender_terrain="plains", luck=5) == 54


def test_issue_example_damage_by_luck() -> None:
    rolls = damage_by_luck("tank", "tank", attacker_health=100, defender_health=100, defender_terrain="plains")
    assert rolls == [49, 50, 51, 52, 53, 54, 54, 55, 56, 57]
    assert len(rolls) == 10 and rolls[0] == 49 and rolls[-1] == 57


def test_issue_example_exchange() -> None:
    x = exchange("tank", "tank", attacker_health=100, defender_health=100, attacker_terrain="plains",
                 defender_terrain="plains", distance=1, luck=5, counter_luck=3)
    assert isinstance(x, Exchange)
    assert (x.damage, x.defender_health, x.counter, x.attacker_health) == (54, 46, 26, 74)


def test_document_example_tank_on_infantry_in_forest() -> None:
    """Combat and damage, the example: 75 × 10/10 × (100 − 2 × 10)/100 = 60; the Infantry at 4 HP
    fires back 5 × 4/10 × (100 − 1 × 10)/100 = 1.8 (rounded down to 1 health point)."""
    x = exchange("tank", "infantry", defender_terrain="forest", attacker_terrain="plains")
    assert x.damage == 60 and x.defender_health == 40
    assert x.counter_hit is not None and x.counter_hit.attacker_hp == 4
    assert x.counter_hit.raw == Fraction(18, 10)
    assert x.counter == 1 and x.attacker_health == 99


# --- the formula and its rounding -----------------------------------------------------------

HEALTHS = (100, 95, 91, 90, 73, 50, 41, 37, 10, 1)


@pytest.mark.parametrize("terrain", ["plains", "road", "forest", "mountain", "city", "hq", "reef"])
def test_formula_matches_the_integer_form_for_every_pair(terrain: str) -> None:
    """Combat and damage: every attacker/defender pair, health and luck against the issue's integer form."""
    for (a, d), base in BASE_DAMAGE.items():
        if base is None:
            continue
        stars = 0 if UNITS[d].is_air else TERRAIN[terrain].stars
        for a_health, d_health in itertools.product(HEALTHS[::3], HEALTHS[::2]):
            got = damage_by_luck(a, d, a_health, d_health, terrain)
            want = [reference(base, luck, a_health, d_health, stars) for luck in range(10)]
            assert got == want, (a, d, a_health, d_health, terrain)


def test_damage_is_capped_at_100() -> None:
    """Anti-Air on a Transport Copter: 120 + 9 luck would be 129; one hit removes at most 100 health."""
    assert damage("anti_air", "transport_copter", luck=9) == 100
    assert damage("bomber", "infantry", defender_terrain="road", luck=9) == 100


def test_rounding_adds_five_hundredths_before_flooring() -> None:
    """Issue 5, rounding: damage = floor(raw + 0.05). Tank v Tank luck 6: raw 54.9 -> 54;
    Infantry v Tank at 4 HP (document example): raw 1.8 -> 1; raw x.95 rounds up."""
    assert hit("tank", "tank", luck=6).raw == Fraction(549, 10)
    assert damage("tank", "tank", luck=6) == 54
    # Artillery v Tank at 10 HP on a city: 70 × 1 × 0.7 = 49.0 exactly.
    assert damage("artillery", "tank", defender_terrain="city") == 49
    # raw 44.95 -> 45: base 55 + luck 0, attacker 10 HP, defender 9 HP on forest: 55 × (100-18)/100 = 45.1
    assert damage("tank", "tank", defender_health=90, defender_terrain="forest") == 45
    # An exact x.95: Fraction raw 1799/40 = 44.975 -> 45; check the +0.05 rule directly on a commander value
    h = hit("tank", "tank", attack_pct=109)     # 55 × 1.09 = 59.95 × 0.9 = 53.955 -> floor(54.005) = 54
    assert h.raw == Fraction(5995, 100) * Fraction(9, 10) and h.damage == 54


def test_commander_percentages() -> None:
    """Combat and damage: attack% and defense% are 100 unless a commander changes them; the issue's
    exact form raw = (base × attack%/100 + luck) × aHP/10 × (100 − stars × dHP)/100 ÷ (defense%/100)."""
    assert damage("tank", "tank", attack_pct=110) == 54          # 60.5 × 0.9 = 54.45 -> 54
    assert damage("tank", "tank", attack_pct=110, luck=1) == 55  # 61.5 × 0.9 = 55.35 -> 55
    assert damage("tank", "tank", defense_pct=120) == 41         # 49.5 / 1.2 = 41.25 -> 41
    assert damage("tank", "tank", attack_pct=130, defense_pct=90) == 71  # 71.5 × 0.9 / 0.9 = 71.5 -> 71
    for a_pct, d_pct, luck in itertools.product((90, 100, 110, 130), (80, 100, 120), (0, 4, 9)):
        raw = (Fraction(55 * a_pct, 100) + luck) * Fraction(9, 10) / Fraction(d_pct, 100)
        assert damage("tank", "tank", luck=luck, attack_pct=a_pct, defense_pct=d_pct) == \
            min(100, math.floor(raw + Fraction(1, 20)))
    assert damage("tank", "tank", attack_pct=100, defense_pct=100, luck=5) == 54


# --- health and HP --------------------------------------------------------------------------

def test_formula_uses_displayed_hp() -> None:
    """Combat and damage, "Health matters": displayed HP = ceil(health/10) goes into the formula."""
    assert damage("tank", "infantry", attacker_health=41) == damage("tank", "infantry", attacker_health=50)
    assert damage("tank", "infantry", attacker_health=91) == damage("tank", "infantry", attacker_health=100)
    assert damage("tank", "infantry", attacker_health=40) < damage("tank", "infantry", attacker_health=41)
    assert damage("tank", "infantry", defender_terrain="forest", defender_health=51) == \
        damage("tank", "infantry", defender_terrain="forest", defender_health=60)


def test_half_health_deals_half_damage() -> None:
    """Combat and damage: a unit at 5 HP deals half damage (before rounding)."""
    full = hit("tank", "infantry", attacker_health=100)
    half = hit("tank", "infantry", attacker_health=50)
    assert half.raw * 2 == full.raw
    assert (full.damage, half.damage) == (67, 33)


def test_terrain_stars_scale_with_defender_hp() -> None:
    """Combat and damage, "Terrain": each star removes 1% per defender HP (10% at full health)."""
    full = hit("mech", "tank", defender_terrain="hq")                       # 4 stars × 10 HP = 40%
    assert full.stars == 4 and full.raw == Fraction(55 * 60, 100)
    five = hit("mech", "tank", defender_terrain="hq", defender_health=50)  # 4 stars × 5 HP = 20%
    assert five.raw == Fraction(55 * 80, 100)
    road = hit("mech", "tank", defender_terrain="road")
    assert road.stars == 0 and road.damage == 55


@pytest.mark.parametrize("air", ["transport_copter", "attack_copter", "fighter", "bomber"])
def test_aircraft_ignore_terrain_defence(air: str) -> None:
    """Combat and damage: aircraft get 0 terrain stars wherever they are."""
    attacker = "anti_air"
    values = {damage_by_luck(attacker, air, defender_terrain=t)[0] for t in TERRAIN}
    assert len(values) == 1
    assert hit(attacker, air, defender_terrain="mountain").stars == 0


# --- luck -----------------------------------------------------------------------------------

def test_luck_adds_zero_to_nine_to_the_base() -> None:
    """Luck: each hit adds 0..9 to the base damage before the other modifiers."""
    rolls = damage_by_luck("infantry", "infantry", defender_terrain="road")
    assert rolls == list(range(55, 65))
    assert rolls == [damage("infantry", "infantry", defender_terrain="road", luck=i) for i in range(10)]
    assert damage("infantry", "infantry", defender_terrain="road") == 55   # luck off: adds nothing
    assert all(a <= b for a, b in itertools.pairwise(damage_by_luck("rockets", "tank", 37, 88, "forest")))


@pytest.mark.parametrize("luck", [-1, 10, 99])
def test_luck_outside_the_range_is_refused(luck: int) -> None:
    with pytest.raises(IllegalAction) as err:
        damage("tank", "tank", luck=luck)
    assert err.value.reason == "bad_luck" and "0 to 9" in str(err.value)


def test_commander_luck_range() -> None:
    """Luck: a commander whose kit changes the luck range passes it explicitly."""
    rolls = damage_by_luck("infantry", "infantry", defender_terrain="road", luck_range=(0, 19))
    assert rolls == list(range(55, 75))
    assert damage("infantry", "infantry", defender_terrain="road", luck=-2, luck_range=(-2, 9)) == 53


def test_chance_to_destroy_is_exact() -> None:
    """Odds: the share of the ten equally likely luck rolls that destroy the defender."""
    assert chance_to_destroy("tank", "infantry", defender_health=70) == Fraction(9, 10)
    assert chance_to_destroy("tank", "tank") == 0
    assert chance_to_destroy("bomber", "infantry") == Fraction(8, 10)   # luck 2..9 reach 100


# --- counterattacks -------------------------------------------------------------------------

def test_counter_fires_with_the_hp_left_after_the_hit() -> None:
    """Combat and damage, "Counterattack": the defender fires back with its reduced HP."""
    x = exchange("tank", "tank", luck=5, counter_luck=3)
    assert x.counter_hit is not None and x.counter_hit.attacker_hp == 5
    assert x.counter == damage("tank", "tank", attacker_health=46, luck=3)
    assert x.counter == damage("tank", "tank", attacker_health=50, luck=3)


def test_counter_uses_the_attackers_terrain_and_percentages() -> None:
    """The counter's defender is the attacker: its terrain, defence% and the defender's attack% apply."""
    plain = exchange("tank", "tank", luck=5, counter_luck=3)
    forest = exchange("tank", "tank", attacker_terrain="forest", luck=5, counter_luck=3)
    assert forest.counter is not None and plain.counter is not None and forest.counter < plain.counter
    assert forest.damage == plain.damage
    strong = exchange("tank", "tank", luck=5, counter_luck=3, defender_attack_pct=130, attacker_defense_pct=100)
    assert strong.counter_hit is not None and strong.counter_hit.attack_pct == 130
    assert strong.damage == 54 and strong.counter is not None and strong.counter > plain.counter
    tough = exchange("tank", "tank", luck=5, counter_luck=3, attacker_defense_pct=130)
    assert tough.counter is not None and tough.counter < plain.counter
    # attacker_attack_pct and defender_defense_pct act on the first hit only
    assert exchange("tank", "tank", attacker_attack_pct=110).hit.attack_pct == 110
    assert exchange("tank", "tank", defender_defense_pct=120).damage == 41


def test_no_counter_when_the_defender_is_destroyed() -> None:
    x = exchange("bomber", "infantry", defender_health=50, luck=0)
    assert x.defender_health == 0 and x.defender_destroyed
    assert x.counter is None and x.counter_hit is None and "destroyed" in (x.no_counter or "")
    assert x.attacker_health == 100


def test_no_counter_without_a_weapon_that_can_hit_the_attacker() -> None:
    """Counterattack needs a weapon that can hit the attacker: a Bomber can't hit a Fighter; an APC has none."""
    x = exchange("fighter", "bomber", attacker_health=50, luck=0)
    assert x.counter is None and "dash" in (x.no_counter or "")
    y = exchange("infantry", "apc")
    assert y.counter is None and "no weapon" in (y.no_counter or "")
    z = exchange("infantry", "tank", luck=0)       # the Tank's machine gun answers
    assert z.counter_hit is not None and z.counter_hit.weapon == "Machine gun"


# --- indirect fire --------------------------------------------------------------------------

@pytest.mark.parametrize("unit, lo, hi", [("artillery", 2, 3), ("rockets", 3, 5), ("missiles", 3, 5),
                                          ("battleship", 2, 6)])
def test_indirect_units_have_a_minimum_range(unit: str, lo: int, hi: int) -> None:
    """Combat and damage, "Indirect fire": minimum range 2 or more; no counter either way."""
    target = "fighter" if unit == "missiles" else "tank"
    for distance in range(1, hi + 3):
        if lo <= distance <= hi:
            x = exchange(unit, target, attacker_health=50, distance=distance)
            assert x.counter is None and "indirect" in (x.no_counter or "")
        else:
            with pytest.raises(IllegalAction) as err:
                exchange(unit, target, distance=distance)
            assert err.value.reason == "out_of_range"


def test_indirect_units_never_counterattack() -> None:
    """Combat and damage: indirect units never counterattack, even when attacked next to them."""
    x = exchange("tank", "artillery", luck=0)
    assert x.defender_health > 0 and x.counter is None and "never counterattacks" in (x.no_counter or "")
    y = exchange("tank", "battleship")
    assert y.counter is None


def test_indirect_fire_after_moving_is_refused() -> None:
    with pytest.raises(IllegalAction) as err:
        exchange("artillery", "tank", distance=2, attacker_moved=True)
    assert err.value.reason == "fired_after_moving" and "after moving" in str(err.value)
    assert exchange("tank", "tank", attacker_moved=True).damage == 49   # direct fire may move first


def test_direct_fire_only_reaches_neighbours() -> None:
    with pytest.raises(IllegalAction) as err:
        exchange("tank", "tank", distance=2)
    assert err.value.reason == "out_of_range"


def test_rain_cuts_indirect_fire_by_a_fifth() -> None:
    """Weather (campaign missions), rain: indirect fire deals 20% less damage."""
    assert damage("artillery", "tank") == 63
    assert damage("artillery", "tank", weather="rain") == 50    # 63 × 0.8 = 50.4
    assert damage("tank", "tank", weather="rain") == 49         # direct fire unchanged


# --- ammo and the machine gun ---------------------------------------------------------------

def test_empty_primary_falls_back_to_the_machine_gun() -> None:
    """Combat and damage, "Ammo": an empty primary can't fire; the machine gun still can."""
    assert hit("tank", "infantry", ammo=0).weapon == "Machine gun"
    with pytest.raises(IllegalAction) as err:
        damage("tank", "tank", ammo=0)
    assert err.value.reason == "out_of_ammo"
    assert hit("mech", "infantry", ammo=0).weapon == "Machine gun"
    with pytest.raises(IllegalAction):
        damage("mech", "tank", ammo=0)
    with pytest.raises(IllegalAction) as err:
        damage("artillery", "tank", ammo=0)
    assert err.value.reason == "out_of_ammo"


def test_ammo_is_spent_only_by_ammo_weapons() -> None:
    x = exchange("tank", "tank", luck=0)
    assert (x.attacker_ammo, x.defender_ammo) == (8, 8)
    y = exchange("tank", "mech", attacker_ammo=3, defender_ammo=2)
    assert y.hit.weapon == "Machine gun" and y.attacker_ammo == 3
    assert y.counter_hit is not None and y.counter_hit.weapon == "Bazooka" and y.defender_ammo == 1
    z = exchange("infantry", "recon")
    assert (z.attacker_ammo, z.defender_ammo) == (None, None)


def test_defender_out_of_ammo_does_not_counter() -> None:
    x = exchange("tank", "tank", defender_ammo=0)
    assert x.counter is None and "ammo" in (x.no_counter or "")
    y = exchange("infantry", "tank", defender_ammo=0)   # the machine gun needs no ammo
    assert y.counter is not None and y.defender_ammo == 0


# --- explanations ---------------------------------------------------------------------------

def test_every_factor_is_exposed_and_explained() -> None:
    """Issue 5: every factor explainable."""
    h = hit("tank", "infantry", 73, 100, "forest", 4, attack_pct=110, defense_pct=90)
    assert isinstance(h, Hit)
    assert (h.base, h.luck, h.attacker_hp, h.defender_hp, h.stars, h.attack_pct, h.defense_pct) == \
        (75, 4, 8, 10, 2, 110, 90)
    assert h.weapon == "Machine gun" and h.defender_terrain == "forest"
    assert h.formula() == "(75 × 110% + 4) × 8/10 × (100 − 2★ × 10)/100 ÷ 90% = 61.51 → 61"
    text = " ".join(h.why())
    for part in ("75%", "Luck adds 4", "8 HP", "2 defence stars", "Attack 110%", "Defence 90%", "61"):
        assert part in text
    x = exchange("tank", "tank", luck=5, counter_luck=3)
    lines = x.why()
    assert lines[0].startswith("Attack: ") and any(line.startswith("Counterattack: ") for line in lines)
    assert exchange("artillery", "tank", distance=2).why()[-1].startswith("No counterattack:")


def test_results_are_frozen() -> None:
    x = exchange("tank", "tank")
    with pytest.raises(AttributeError):
        x.hit = None  # type: ignore[misc]


# --- bad input ------------------------------------------------------------------------------

def test_unknown_unit_names_say_did_you_mean() -> None:
    with pytest.raises(IllegalAction) as err:
        damage("tnak", "tank")
    assert err.value.reason == "unknown_unit" and "Did you mean Tank" in str(err.value)
    assert isinstance(err.value, ValueError)
    with pytest.raises(IllegalAction) as err:
        exchange("tank", "heavy")
    assert "heavy_tank" in str(err.value)
    with pytest.raises(ValueError):
        damage_by_luck("zeppelin", "tank")


def test_display_names_and_ids_both_work() -> None:
    assert damage("Heavy Tank", "Anti-Air") == damage("heavy_tank", "anti_air")
    assert damage("tank", "tank", defender_terrain="Plains") == damage("tank", "tank")


def test_unknown_terrain_says_did_you_mean() -> None:
    with pytest.raises(IllegalAction) as err:
        damage("tank", "tank", defender_terrain="forrest")
    assert err.value.reason == "unknown_terrain" and "Forest" in str(err.value)
    with pytest.raises(IllegalAction):
        exchange("tank", "tank", attacker_terrain="swamp")


def test_cannot_attack_a_dash() -> None:
    with pytest.raises(IllegalAction) as err:
        damage("tank", "fighter")
    assert err.value.reason == "cannot_attack" and "dash" in str(err.value)
    with pytest.raises(IllegalAction) as err:
        exchange("apc", "infantry")
    assert err.value.reason == "cannot_attack"


@pytest.mark.parametrize("kwargs, reason", [
    ({"attacker_health": 0}, "bad_health"),
    ({"attacker_health": 101}, "bad_health"),
    ({"defender_health": -5}, "bad_health"),
    ({"defender_health": 50.5}, "bad_argument"),
    ({"attacker_health": True}, "bad_argument"),
    ({"luck": 2.5}, "bad_argument"),
    ({"attack_pct": -10}, "bad_percentage"),
    ({"defense_pct": 0}, "bad_percentage"),
    ({"attack_pct": float("nan")}, "bad_percentage"),
    ({"attack_pct": "110"}, "bad_percentage"),
    ({"ammo": 10}, "bad_ammo"),
    ({"ammo": -1}, "bad_ammo"),
    ({"weather": "fog"}, "unknown_weather"),
])
def test_bad_numbers_raise_value_errors_with_a_reason(kwargs: dict, reason: str) -> None:
    with pytest.raises(ValueError) as err:
        damage("tank", "tank", **kwargs)
    assert isinstance(err.value, IllegalAction) and err.value.reason == reason


def test_bad_exchange_arguments() -> None:
    for kwargs in ({"distance": 0}, {"distance": "1"}, {"counter_luck": 10}, {"attacker_ammo": 99},
                   {"defender_defense_pct": 0}, {"attacker_moved": "yes"}):
        with pytest.raises(IllegalAction):
            exchange("tank", "tank", **kwargs)


def test_module_exports() -> None:
    assert {"damage", "damage_by_luck", "exchange"} <= set(dmg.__all__)


# --- every pair, both ways ------------------------------------------------------------------

@pytest.mark.parametrize("terrains", [("plains", "plains"), ("forest", "city"), ("mountain", "road"), ("sea", "reef")])
def test_exchange_for_every_pair_follows_the_counterattack_rule(terrains: tuple[str, str]) -> None:
    """Combat and damage, "Counterattack", checked for every pair that can fight at its range:
    the counter is damage() of the defender at its health after the hit, or None exactly when the
    defender died, either side is indirect, or the defender can't hit the attacker."""
    a_terrain, d_terrain = terrains
    for (a, d), base in BASE_DAMAGE.items():
        if base is None:
            continue
        ua, ud = UNITS[a], UNITS[d]
        distance = ua.min_range
        assert distance is not None
        for luck, counter_luck, d_health in ((0, 9, 100), (9, 0, 35), (4, 4, 72)):
            x = exchange(a, d, 100, d_health, a_terrain, d_terrain, distance, luck, counter_luck)
            assert x.damage == damage(a, d, 100, d_health, d_terrain, luck)
            assert x.defender_health == max(0, d_health - x.damage)
            fires = (x.defender_health > 0 and not ua.is_indirect and not ud.is_indirect
                     and ud.can_target(a) and ud.in_range(distance))
            if fires:
                assert x.counter == damage(d, a, x.defender_health, 100, a_terrain, counter_luck), (a, d)
                assert x.attacker_health == 100 - x.counter  # type: ignore[operator]
            else:
                assert x.counter is None and x.no_counter and x.attacker_health == 100, (a, d)
