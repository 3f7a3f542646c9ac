"""game-of-war.md, Combat, Units and Terrain: attack and defence totals, lines of fire, range, the cavalry
charge, pass and fortress bonuses, and the three outcomes.

Frame used throughout: North's arsenal at (12, 0) covers column 12 down to the target S1 at (12, 10);
South's arsenal at (12, 19) covers column 12 up to it. Other units connect by touching.
"""
from __future__ import annotations

import pytest

from academy.core.errors import IllegalAction
from academy.games.game_of_war import (PositionError, can_attack, check_attack, combat, has_line_of_fire, network,
                                        outcome_of, targets)
from academy.games.game_of_war.position import Position


def P(*units, mountain=(), pass_=(), fortress=(), north=((12, 0),), south=((12, 19),)):
    """Units as (id, type, x, y); ids starting with N are north's, the others south's."""
    return Position.from_dict({
        "terrain": {"mountain": [list(s) for s in mountain], "pass": [list(s) for s in pass_],
                    "fortress": [list(s) for s in fortress]},
        "arsenals": {"north": [list(s) for s in north], "south": [list(s) for s in south]},
        "units": [{"id": i, "side": "north" if i.startswith("N") else "south", "type": t, "at": [x, y]}
                  for i, t, x, y in units]})


TARGET = ("S1", "infantry", 12, 10)


def totals(pos, side="north", target="S1"):
    c = combat(pos, side, target)
    return c.attack, c.defence, c.outcome


# ------------------------------------------------------------------ attack and defence totals
def test_attack_counts_every_connected_unit_lined_up_within_range():
    """Combat: "Attack = the attack of every connected enemy unit lined up with the target (straight or 45°
    diagonal) and close enough to reach it with its range"."""
    pos = P(TARGET, ("N1", "infantry", 12, 8), ("N2", "infantry", 10, 8), ("N3", "infantry", 11, 8))
    assert network(pos, "north") == {"N1", "N2", "N3"}
    c = combat(pos, "north", "S1")
    assert c.attackers == {"N1": 4, "N2": 4}         # N3 is a knight's move away: not lined up
    assert (c.attack, c.defence, c.outcome) == (8, 6, "destroyed")
    assert c.defenders == {"S1": 6}
    assert c.margin == 2 and "destroyed" in c.explain()


@pytest.mark.parametrize(("utype", "at", "counted"), [
    ("infantry", (12, 8), 4), ("infantry", (12, 7), 0),                  # range 2
    ("cavalry", (12, 8), 4), ("cavalry", (12, 7), 0),                    # not next to the target: no charge
    ("cannon", (12, 7), 5), ("cannon", (12, 6), 0),                      # range 3
    ("swift_cannon", (12, 7), 5), ("swift_cannon", (12, 6), 0),
    ("relay", (12, 9), 0),                                               # relays never attack
])
def test_range_limits_along_the_column(utype, at, counted):
    """Units: range 2 for infantry and cavalry, 3 for cannons, none for relays."""
    pos = P(TARGET, ("N1", utype, *at), ("N_anchor", "relay", 12, 3))
    assert "N1" in network(pos, "north")
    assert combat(pos, "north", "S1").attack == counted


@pytest.mark.parametrize(("utype", "counted"), [("cannon", 5), ("infantry", 0)])
def test_range_along_a_diagonal_is_counted_in_king_steps(utype, counted):
    """(9, 7) is 3 diagonal steps from (12, 10): in a cannon's range, not an infantry's. The relays only carry
    the connection by touching and add nothing."""
    pos = P(TARGET, ("N1", "infantry", 12, 8), ("N_R1", "relay", 11, 7), ("N_R2", "swift_relay", 10, 7),
            ("N2", utype, 9, 7))
    assert "N2" in network(pos, "north")
    c = combat(pos, "north", "S1")
    assert c.attack == 4 + counted
    assert "N_R1" not in c.attackers and "N_R2" not in c.attackers


def test_defence_counts_connected_friends_lined_up_within_their_own_range():
    """Combat: "Defence = the defence of every connected friendly unit lined up with the target within its own
    range. A relay adds its own defence when it is the target." Relays never support."""
    pos = P(TARGET, ("S2", "infantry", 12, 12), ("S3", "cannon", 12, 13), ("S4", "infantry", 12, 14),
            ("S5", "relay", 12, 11), ("S6", "cavalry", 13, 11), ("S7", "infantry", 14, 13),
            ("N1", "infantry", 12, 8))
    c = combat(pos, "north", "S1")
    assert c.defenders == {"S1": 6, "S2": 6, "S3": 8, "S6": 5}    # S4 too far, S5 a relay, S7 not lined up
    assert c.defence == 25 and c.outcome == "repelled"


def test_a_relay_target_defends_with_its_own_defence_only():
    pos = P(("S1", "relay", 12, 10), ("S2", "relay", 12, 11), ("N1", "infantry", 12, 8))
    c = combat(pos, "north", "S1")
    assert c.defenders == {"S1": 1}
    assert (c.attack, c.defence, c.outcome) == (4, 1, "destroyed")


# ------------------------------------------------------------------ lines of fire
def test_a_mountain_between_blocks_fire_straight_and_diagonal():
    """Combat: "Mountains block lines of fire"."""
    open_ = P(TARGET, ("N1", "infantry", 12, 8), ("N2", "infantry", 10, 8), ("N3", "relay", 11, 8))
    assert combat(open_, "north", "S1").attackers == {"N1": 4, "N2": 4}
    straight = P(TARGET, ("N1", "infantry", 12, 8), ("N2", "infantry", 10, 8), ("N3", "relay", 11, 8),
                 mountain=[(12, 9)])
    assert combat(straight, "north", "S1").attackers == {"N2": 4}
    diagonal = P(TARGET, ("N1", "infantry", 12, 8), ("N2", "infantry", 10, 8), ("N3", "relay", 11, 8),
                 mountain=[(11, 9)])
    assert combat(diagonal, "north", "S1").attackers == {"N1": 4}
    beside = P(TARGET, ("N1", "infantry", 12, 8), mountain=[(13, 9), (11, 10)])
    assert combat(beside, "north", "S1").attackers == {"N1": 4}


def test_a_mountain_blocks_defensive_support_too():
    """South's arsenals on rows 10 and 12 connect both south units; the mountain between them stops S2's support."""
    south = [(0, 12), (0, 10)]
    open_ = P(TARGET, ("S2", "infantry", 12, 12), ("N1", "infantry", 12, 8), south=south)
    assert combat(open_, "north", "S1").defenders == {"S1": 6, "S2": 6}
    blocked = P(TARGET, ("S2", "infantry", 12, 12), ("N1", "infantry", 12, 8), mountain=[(12, 11)], south=south)
    assert network(blocked, "south") == {"S1", "S2"}
    assert combat(blocked, "north", "S1").defenders == {"S1": 6}


def test_units_do_not_block_fire():
    """A south unit standing between N1 and the target: N1 still fires; the unit adds its own defence."""
    pos = P(TARGET, ("S2", "infantry", 12, 9), ("N1", "infantry", 12, 8))
    c = combat(pos, "north", "S1")
    assert c.attackers == {"N1": 4} and c.defenders == {"S1": 6, "S2": 6}


def test_line_of_fire_geometry():
    pos = P(mountain=[(5, 5)])
    assert has_line_of_fire(pos, (3, 3), (4, 4)) and not has_line_of_fire(pos, (3, 3), (7, 7))
    assert has_line_of_fire(pos, (3, 3), (5, 5))          # only mountains strictly between block
    assert not has_line_of_fire(pos, (0, 0), (1, 2)) and not has_line_of_fire(pos, (0, 0), (0, 0))


# ------------------------------------------------------------------ cut-off units
def test_a_cut_off_attacker_does_not_count():
    """Communication: a cut-off unit "doesn't count in combat". A mountain and an enemy relay cut the column."""
    by_mountain = P(TARGET, ("N1", "infantry", 12, 8), mountain=[(12, 5)])
    by_enemy_relay = P(TARGET, ("N1", "infantry", 12, 8), ("S_R", "relay", 12, 5))
    for pos in (by_mountain, by_enemy_relay):
        assert network(pos, "north") == set()
        c = combat(pos, "north", "S1")
        assert c.attackers == {} and (c.attack, c.outcome) == (0, "repelled")


def test_a_cut_off_defender_adds_nothing_not_even_to_its_own_defence():
    pos = P(TARGET, ("S2", "cannon", 12, 12), ("N1", "infantry", 12, 8), mountain=[(12, 15)])
    assert network(pos, "south") == set()
    c = combat(pos, "north", "S1")
    assert c.defenders == {} and (c.attack, c.defence, c.outcome) == (4, 0, "destroyed")


# ------------------------------------------------------------------ the cavalry charge
def test_a_column_of_four_cavalry_charges_at_seven_each_even_beyond_range():
    """Combat: "Cavalry charge: +3 for each connected cavalry unit right next to the target or in an unbroken
    straight line of up to 4 cavalry leading to it (all of them count, even beyond their range)"."""
    pos = P(TARGET, *[(f"N{k}", "cavalry", 12, 10 - k) for k in range(1, 6)])
    c = combat(pos, "north", "S1")
    assert c.attackers == {"N1": 7, "N2": 7, "N3": 7, "N4": 7}    # the fifth, 5 squares away, adds nothing
    assert c.charging == {"N1", "N2", "N3", "N4"} and c.attack == 28


def test_a_diagonal_column_charges_and_several_directions_add_up():
    diagonal = P(TARGET, ("N0", "infantry", 12, 8), ("N1", "cavalry", 11, 9), ("N2", "cavalry", 10, 8),
                 ("N3", "cavalry", 9, 7))
    assert combat(diagonal, "north", "S1").attackers == {"N0": 4, "N1": 7, "N2": 7, "N3": 7}
    two_sides = P(TARGET, ("N1", "cavalry", 12, 9), ("N2", "cavalry", 11, 9), ("N3", "cavalry", 13, 10))
    assert combat(two_sides, "north", "S1").attack == 21


def test_a_broken_column_stops_the_charge():
    """The charge needs an unbroken line of cavalry starting right next to the target."""
    infantry_between = P(TARGET, ("N1", "cavalry", 12, 9), ("N2", "infantry", 12, 8), ("N3", "cavalry", 12, 7))
    assert combat(infantry_between, "north", "S1").attackers == {"N1": 7, "N2": 4}
    gap = P(TARGET, ("N1", "cavalry", 12, 9), ("N3", "cavalry", 12, 7))
    assert combat(gap, "north", "S1").attackers == {"N1": 7}
    not_adjacent = P(TARGET, ("N2", "cavalry", 12, 8))
    c = combat(not_adjacent, "north", "S1")
    assert c.attackers == {"N2": 4} and c.charging == set()


@pytest.mark.parametrize("terrain", ["fortress", "pass_"])
def test_no_charge_against_a_fortress_or_a_pass(terrain):
    """Combat: the charge is "Not against a fortress or mountain pass"."""
    pos = P(("S1", "cavalry", 12, 10), ("N1", "cavalry", 12, 9), ("N2", "cavalry", 12, 8), **{terrain: [(12, 10)]})
    c = combat(pos, "north", "S1")
    assert c.attackers == {"N1": 4, "N2": 4} and c.charging == set()


def test_no_charge_from_a_fortress():
    """Combat: "... nor from a fortress": the cavalry on the fortress fires normally and breaks the column."""
    pos = P(TARGET, ("N1", "cavalry", 12, 9), ("N2", "cavalry", 12, 8), fortress=[(12, 9)])
    assert combat(pos, "north", "S1").attackers == {"N1": 4, "N2": 4}
    behind = P(TARGET, ("N1", "cavalry", 12, 9), ("N2", "cavalry", 12, 8), fortress=[(12, 8)])
    assert combat(behind, "north", "S1").attackers == {"N1": 7, "N2": 4}


def test_a_cut_off_cavalry_does_not_charge():
    pos = P(TARGET, ("N1", "cavalry", 12, 9), north=[(0, 0)])
    assert network(pos, "north") == set()
    assert combat(pos, "north", "S1").attack == 0


# ------------------------------------------------------------------ terrain
@pytest.mark.parametrize(("utype", "terrain", "defence"), [
    ("infantry", None, 6), ("infantry", "pass_", 8), ("infantry", "fortress", 10),
    ("cannon", "pass_", 10), ("cannon", "fortress", 12),
    ("swift_cannon", "pass_", 10), ("swift_cannon", "fortress", 12),
    ("cavalry", "pass_", 5), ("cavalry", "fortress", 5),
    ("relay", "fortress", 1), ("swift_relay", "pass_", 1),
])
def test_pass_and_fortress_bonus_for_infantry_and_cannons_only(utype, terrain, defence):
    """Terrain: pass "+2 defence for infantry and cannons", fortress "+4 defence for infantry and cannons"."""
    where = {terrain: [(12, 10)]} if terrain else {}
    pos = P(("S1", utype, 12, 10), ("N1", "infantry", 12, 8), **where)
    assert combat(pos, "north", "S1").defence == defence


def test_terrain_bonus_counts_for_a_supporting_unit_and_never_for_attack():
    pos = P(TARGET, ("S2", "infantry", 12, 12), ("N1", "infantry", 12, 8), fortress=[(12, 12), (12, 8)])
    c = combat(pos, "north", "S1")
    assert c.defenders == {"S1": 6, "S2": 10} and c.attackers == {"N1": 4}


# ------------------------------------------------------------------ outcomes
@pytest.mark.parametrize(("attack", "defence", "outcome"), [
    (0, 0, "repelled"), (5, 6, "repelled"), (6, 6, "repelled"), (7, 6, "retreat"), (8, 6, "destroyed"),
    (20, 6, "destroyed"), (1, 0, "retreat"), (2, 0, "destroyed"),
])
def test_outcome_table(attack, defence, outcome):
    """Combat: Attack ≤ Defence repelled; = Defence + 1 retreat; ≥ Defence + 2 destroyed."""
    assert outcome_of(attack, defence) == outcome


def test_the_three_outcomes_on_the_board():
    lone = P(TARGET, ("N1", "infantry", 12, 8))
    assert totals(lone) == (4, 6, "repelled")
    assert totals(P(("S1", "cannon", 12, 10), ("N1", "infantry", 12, 8), ("N2", "infantry", 10, 8),
                    ("N3", "relay", 11, 8))) == (8, 8, "repelled")
    charge = P(TARGET, ("N1", "cavalry", 12, 9))
    assert totals(charge) == (7, 6, "retreat")
    on_pass = P(TARGET, ("N1", "infantry", 12, 8), ("N2", "cannon", 12, 7), pass_=[(12, 10)])
    assert totals(on_pass) == (9, 8, "retreat")
    assert totals(P(TARGET, ("N1", "infantry", 12, 8), ("N2", "infantry", 10, 8), ("N3", "relay", 11, 8))) == \
        (8, 6, "destroyed")


def test_combat_needs_an_enemy_target():
    pos = P(TARGET, ("N1", "infantry", 12, 8))
    with pytest.raises(IllegalAction) as err:
        combat(pos, "south", "S1")
    assert err.value.reason == "not_an_enemy"
    with pytest.raises(PositionError) as err2:
        combat(pos, "north", "S9")
    assert err2.value.reason == "unknown_unit"


# ------------------------------------------------------------------ launching the attack
def test_an_attack_is_launched_by_a_connected_fighting_unit_with_the_target_in_range():
    """Your turn: "Attack once by dragging one of your connected combat units onto an enemy within its range
    ... Relays can't attack." """
    pos = P(TARGET, ("N1", "infantry", 12, 8), ("N2", "relay", 12, 9), ("N3", "cannon", 12, 6),
            ("N4", "cavalry", 10, 9), ("N5", "infantry", 5, 8), ("N6", "cavalry", 14, 8), ("N7", "infantry", 14, 7),
            mountain=[(13, 9)])
    assert network(pos, "north") == {"N1", "N2", "N3", "N4", "N6", "N7"}   # the relay N2 feeds N4 and N7
    cases = {"N1": None, "N2": "relay_cannot_attack", "N3": "out_of_range", "N4": "no_line_of_fire",
             "N5": "cut_off", "N6": "no_line_of_fire"}
    for unit_id, why in cases.items():
        if why is None:
            check_attack(pos, "north", unit_id, "S1")
            assert can_attack(pos, "north", unit_id, "S1")
        else:
            with pytest.raises(IllegalAction) as err:
                check_attack(pos, "north", unit_id, "S1")
            assert err.value.reason == why, unit_id
            assert not can_attack(pos, "north", unit_id, "S1")
    for args, why in [(("north", "N1", "S1", True), "already_attacked"), (("north", "S1", "N1"), "not_your_unit"),
                      (("north", "N1", "N3"), "not_an_enemy"), (("north", "N1", "S2"), "unknown_unit")]:
        with pytest.raises(IllegalAction) as err:
            check_attack(pos, *args)
        assert err.value.reason == why
    assert targets(pos, "north") == ["S1"] and targets(pos, "south") == ["N1", "N2"]


def test_what_would_change_the_result():
    c = combat(P(TARGET, ("N1", "infantry", 12, 8)), "north", "S1")
    assert (c.to_force_retreat, c.to_destroy) == (3, 4)
    c = combat(P(TARGET, ("N1", "cavalry", 12, 9)), "north", "S1")
    assert (c.outcome, c.to_force_retreat, c.to_destroy) == ("retreat", 0, 1)


def test_an_aimed_attack_is_worded_by_the_engine():
    """Issue 14, item 4 (rule wording out of the UI): the preview of an aimed attack (its result, who
    counts, what a stronger result needs) is the engine's ``Combat.preview_lines``, for each result."""
    from academy.games.game_of_war.combat import Combat
    repelled = Combat("north", "S1", 6, 6, {"N1": 6}, {"S1": 6}, frozenset())
    assert repelled.preview_lines() == ["Attack 6 against defence 6: repelled: nothing happens.", "Attack: N1 6",
                                        "Defence: S1 6", "1 more attack would force a retreat, 2 would destroy."]
    retreat = Combat("north", "S1", 7, 6, {"N1": 7}, {"S1": 6}, frozenset({"N1"}))
    assert retreat.preview_lines()[0] == "Attack 7 against defence 6: the target must retreat."
    assert retreat.preview_lines()[1] == "Attack: N1 7 (charge: 4 + 3)" and retreat.preview_lines()[3] == "1 more attack would destroy."
    destroyed = Combat("north", "S1", 9, 6, {}, {}, frozenset())
    assert destroyed.preview_lines() == ["Attack 9 against defence 6: the target is destroyed.", "Attack: nobody",
                                         "Defence: nobody"]


# ------------------------------------------------------------------ the why of every total
def test_a_terrain_bonus_is_shown_in_the_defence_total():
    """Terrain: "+4 defence for infantry and cannons" on a fortress: the total says 6 + 4."""
    c = combat(P(TARGET, ("N1", "infantry", 12, 8), fortress=[(12, 10)]), "north", "S1")
    assert c.defenders == {"S1": 10} and c.bonuses == {"S1": (4, "fortress")}
    assert c.contributions()[1] == "Defence: S1 10 (6 + 4, fortress)"
    assert "Defence: S1 10 (6 + 4, fortress)" in c.preview_lines()


def test_why_a_cavalry_did_not_charge_is_said():
    """Combat: no charge against a unit on a fortress or a pass, nor from a fortress."""
    on_pass = combat(P(TARGET, ("N1", "cavalry", 12, 9), pass_=[(12, 10)]), "north", "S1")
    assert "N1 does not charge: there is no charge against a unit on a pass." in on_pass.notes
    from_fortress = combat(P(TARGET, ("N1", "cavalry", 12, 9), fortress=[(12, 9)]), "north", "S1")
    assert "N1 does not charge: there is no charge from a fortress." in from_fortress.notes
    charging = combat(P(TARGET, ("N1", "cavalry", 12, 9)), "north", "S1")
    assert charging.notes == () and charging.contributions()[0] == "Attack: N1 7 (charge: 4 + 3)"


def test_a_cut_off_target_says_why_the_defence_is_nobody():
    """Communication: a cut-off unit adds nothing in combat, not even its own defence; the preview and the
    log say so instead of a bare "Defence: nobody"."""
    pos = P(TARGET, ("S2", "cannon", 12, 12), ("N1", "infantry", 12, 8), mountain=[(12, 15)])
    c = combat(pos, "north", "S1")
    lines = c.preview_lines()
    assert "Defence: nobody" in lines
    assert "S1 is cut off from South's lines: it adds nothing, not even its own defence." in lines
    assert "S2 is cut off from South's lines: it adds nothing to the defence." in lines
    assert "S1 is cut off" in c.explain()


def test_the_attack_log_gives_the_same_reasons():
    """The log's why of an attack lists each contribution and each rule, as the preview does (Terrain:
    the fortress's +4 in the defence)."""
    from academy.games.game_of_war import Attack, parse_position
    state = parse_position("North to move | board: empty | North arsenals: m1 | South arsenals: m20 | "
                           "fortresses: m11 | North: N-I1 m9 | South: S-I1 m11")
    [unit] = [u.id for u in state.position.units_of("north")]
    [target] = [u.id for u in state.position.units_of("south")]
    attack = state.apply(Attack(unit, target), player=0)[0]
    assert f"Defence: {target} 10 (6 + 4, fortress)" in attack.why
