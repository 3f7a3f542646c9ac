"""What a newcomer met on the Tactics pages (issue 17): the build list (tactics.md, "Production": every unit
the picked factory builds, the unaffordable ones greyed with their cost), the first tap on an enemy only
previews, one-value ranges read as one figure."""
from __future__ import annotations

from academy.ui.tactics.controls import ActionControls
from academy.ui.tactics.session import HUMAN

from .test_tactics_session import board_for, session_at


def test_unaffordable_units_are_listed_greyed_with_their_cost():
    s = session_at("river_crossing day 2 red | red 3000: tank E2 | blue 0: infantry E4, tank H9")
    controls = ActionControls(s)
    s.click("C2")                                    # Red's empty factory, 3,000 funds
    labels = list(controls.build_choice.options)
    assert "Infantry (1,000)" in labels and "Mech (3,000)" in labels
    assert "Tank (7,000): 4,000 short" in labels
    assert controls.build_choice.disabled_options == [u for u, _, short in s.build_menu() if short]
    assert "tank" in controls.build_choice.disabled_options and "infantry" not in controls.build_choice.disabled_options
    assert controls.build_choice.value == "infantry" and not controls.build_button.disabled


def test_a_factory_that_can_afford_nothing_lists_all_greyed_and_says_why():
    s = session_at("river_crossing day 2 red | red 500: tank E2 | blue 0: infantry E4, tank H9", seats=(HUMAN, "easy"))
    controls = ActionControls(s)
    s.click("C2")
    assert s.build_at == "C2" and s.builds == []
    assert "500 funds" in s.message and "cheapest unit here costs 1,000" in s.message
    options = list(controls.build_choice.options.values())
    assert options[0] == "" and controls.build_choice.value == ""          # "Nothing affordable yet"
    assert controls.build_choice.disabled_options == options[1:] and "infantry" in options
    assert controls.build_choice.visible and controls.build_button.disabled


def test_a_counter_range_of_one_value_is_one_figure():
    """Odds panel wording: "Counter: 1%" when every roll gives the same counter, never "1–1%"."""
    from academy.ui.tactics.panels import odds_html
    s = session_at()
    s.click("E2")
    s.click("E4")
    p = dict(s.preview, counter_range=[1, 1], chance_of_counter=1.0, expected_counter=1.0,
             chance_attacker_destroyed=0.0)
    html = odds_html(p)
    assert "Counter: <b>1%</b>" in html and "1–1%" not in html
    assert "(expected 1.0%, chance of a counter 100%)" in html        # (a walk read "expected 26.4," with no %)


def test_after_a_move_with_one_enemy_in_reach_the_first_tap_previews_and_the_second_attacks():
    """Combat: the odds come first. Moving next to the only enemy in reach aims at nothing by itself; the
    first tap on it shows the odds, the second fires (lesson 16's and both games' complaint)."""
    s = session_at()
    s.click("E2")
    s.click("E3")                                  # next to Blue's infantry on E4, the only enemy in reach
    assert s.destination == "E3" and s.targets == ["E4"] and s.target is None
    assert "Tap a red-ringed enemy to see the odds, again to attack" in s.message
    health = s.state.units[(4, 3)].health
    s.click("E4")
    assert s.target == "E4" and s.preview is not None and s.state.units[(4, 3)].health == health
    s.click("E4")
    assert s.last_attack is not None


def test_tapping_an_enemy_the_unit_cannot_hit_gives_the_attacks_own_reason():
    """Damage chart and Indirect fire: the tap on an enemy out of this unit's reach names the rule that
    stops it (a dash in the chart; firing after moving), not "attack it from a neighbouring tile"."""
    s = session_at("river_crossing day 2 red | red 3000: artillery E2 | blue 0: attack_copter E5, tank H9")
    s.click("E2")
    s.click("E5")
    assert "no weapon that can hit an Attack Copter" in s.message and "neighbouring tile instead" not in s.message
    s = session_at("river_crossing day 2 red | red 3000: artillery E2 | blue 0: infantry H2, tank H9")
    s.click("E2")
    s.click("F2")                                  # a destination first: an indirect unit then can't fire
    s.click("H2")
    assert "can't fire after moving" in s.message


def test_unloading_by_a_tap_on_the_board_tile():
    """Transports: once the transport has stopped, a tap on a free tile next to it drops the cargo there
    (the side panel's drop list was the only way)."""
    s = session_at("river_crossing day 2 red | red 0: apc G2 [infantry] | blue 0: tank H9")
    s.click("G2")
    s.click("G2")                                  # stay
    assert "Tap a free tile next to it to drop the cargo there" in s.message
    s.click("G3")
    assert s.visible_unit("G3")["type"] == "infantry" and not s.state.units[(6, 1)].cargo


def test_move_arrows_are_drawn_under_the_unit_codes():
    """The board: the dashed arrows of the other side's moves never cover a unit's code ("AA")."""
    from academy.ui.tactics.board_layers import LAYER_NAMES
    s = session_at()
    names = [layer if isinstance(layer, str) else layer.name for layer in board_for(s).kit.layers]
    assert names == list(LAYER_NAMES)
    assert names.index("trail") < names.index("unit-codes") and names.index("trail-heads") < names.index("unit-hp")
