"""Why an attack is refused, each with its own rule: tactics.md "Combat and damage" (the damage chart's
dashes), "Indirect fire" (no firing after moving, minimum range), "Repair, fuel and ammo" (no ammo),
"Movement" (out of reach this turn)."""
from __future__ import annotations

import pytest

from academy.core.errors import IllegalAction
from academy.games.tactics.actions import Wait
from academy.games.tactics.refusals import attack_refusal

from .helpers import position, refused

RC = "river_crossing day 1 red"


def test_no_weapon_for_that_target_is_a_dash_in_the_chart() -> None:
    """Damage chart: an Artillery can't hit an Attack Copter (a dash), so the refusal says so."""
    s = position(f"{RC} | red 0: artillery E2 | blue 0: attack_copter E4")
    why = attack_refusal(s, "E2", "E4")
    assert why is not None and why.reason == "cannot_attack"
    assert "no weapon that can hit an Attack Copter" in why.message and "dash" in why.message


def test_indirect_fire_after_moving_is_its_own_refusal() -> None:
    """Indirect fire: an Artillery fires only from where it started the turn."""
    s = position(f"{RC} | red 0: artillery E2 | blue 0: infantry H2")
    assert attack_refusal(s, "E2", "H2") is None                 # 3 tiles away: in range where it stands
    why = attack_refusal(s, "E2", "H2", to="F2")
    assert why is not None and why.reason == "fired_after_moving" and "after moving" in why.message


def test_indirect_fire_cannot_hit_a_neighbouring_tile() -> None:
    """Indirect fire: range starts at 2, so a neighbour can't be hit, and it can't move and fire."""
    s = position(f"{RC} | red 0: artillery E2 | blue 0: infantry F2")
    why = attack_refusal(s, "E2", "F2")
    assert why is not None and why.reason == "out_of_range"
    assert "2–3 tiles" in why.message and "1 tile away" in why.message and "neighbouring" in why.message


def test_no_ammo_when_already_adjacent() -> None:
    """Repair, fuel and ammo: an Anti-Air's only weapon needs ammo; at 0 it can't fire, even from the next tile."""
    s = position(f"{RC} | red 0: anti_air G4 ammo0 | blue 0: attack_copter G5")
    why = attack_refusal(s, "G4", "G5")
    assert why is not None and why.reason == "out_of_ammo" and "Resupply" in why.message


def test_out_of_reach_this_turn() -> None:
    """Movement: a Tank moves 6; an infantry 18 tiles away can't be reached and hit this turn."""
    s = position(f"{RC} | red 0: tank A1 | blue 0: infantry J10")
    why = attack_refusal(s, "A1", "J10")
    assert why is not None and why.reason == "out_of_reach"
    assert "movement points" in why.message and "next turn" in why.message


def test_a_move_onto_an_enemy_says_why_it_cannot_attack() -> None:
    """Movement: a unit can't end on an enemy; the refusal adds the attack's own reason, not a stock line."""
    s = position(f"{RC} | red 0: artillery E2 | blue 0: attack_copter E3")
    assert refused(s, Wait("E2", "E3")) == "occupied"
    with pytest.raises(IllegalAction) as exc:
        s.apply(Wait("E2", "E3"))
    assert "dash" in exc.value.message and "neighbouring tile instead" not in exc.value.message


def test_a_unit_that_has_acted_points_to_the_others_that_can() -> None:
    """Turns and days: each unit acts once a turn; the refusal says whether other units can still act."""
    from .helpers import act
    s = position(f"{RC} | red 0: tank E2, infantry G1 | blue 0: infantry J10")
    act(s, "tank E2 -> F2 wait")
    with pytest.raises(IllegalAction) as first:
        s.apply(Wait("F2", "F2"))
    assert "1 unit can still act" in first.value.message and "Move one of your other units" in first.value.message
    act(s, "infantry G1 -> G2 wait")
    assert refused(s, Wait("F2", "F2")) == "already_acted"
    with pytest.raises(IllegalAction) as last:
        s.apply(Wait("F2", "F2"))
    assert "None of your units can act any more: end the turn." in last.value.message


def test_plural_weapons_take_a_plural_verb() -> None:
    """Damage chart, in words: "the Attack Copter's missiles do", "the Tank's cannon does"."""
    from academy.games.tactics.damage import exchange
    assert "missiles do " in exchange("attack_copter", "tank", distance=1, luck=0).hit.why()[0]
    assert "cannon does " in exchange("tank", "tank", distance=1, luck=0).hit.why()[0]
