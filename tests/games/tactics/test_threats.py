"""The threat overlay's damage (tactics.md, "Combat and damage", "Fog of war"): what each visible enemy
could deal next turn to a unit it can reach, one value per luck roll, as the damage formula computes it."""
from __future__ import annotations

import doctest

from academy.games.tactics import threats
from academy.games.tactics.damage import damage_by_luck
from academy.games.tactics.threats import threat_damage
from tests.games.tactics.helpers import position


def test_a_tank_in_reach_of_an_infantry_deals_the_damage_chart_values_per_luck_roll() -> None:
    s = position("river_crossing day 2 red | red 0: infantry D4 | blue 0: tank F4", luck=True)
    assert threat_damage(s, 0) == {(3, 3): {(5, 3): damage_by_luck("tank", "infantry", defender_terrain="plains")}}


def test_health_terrain_and_commander_count() -> None:
    s = position("river_crossing day 2 red | red 0: infantry E4 hp6 | blue 0: tank F4 hp5", luck=True,
                 commanders=[None, "vanguard"])
    expected = damage_by_luck("tank", "infantry", attacker_health=50, defender_health=60,
                              defender_terrain="mountain", attack_pct=120)
    assert threat_damage(s, 0)[(4, 3)][(5, 3)] == expected


def test_luck_off_gives_one_value() -> None:
    s = position("river_crossing day 2 red | red 0: infantry D4 | blue 0: tank F4")
    assert threat_damage(s, 0)[(3, 3)][(5, 3)] == [damage_by_luck("tank", "infantry")[0]]


def test_an_enemy_that_cannot_hit_the_unit_and_units_out_of_reach_are_left_out() -> None:
    s = position("river_crossing day 2 red | red 0: infantry D4, tank A10 | blue 0: missiles F4")
    assert threat_damage(s, 0) == {}


def test_under_fog_only_the_enemies_the_player_sees_count() -> None:
    text = "river_crossing day 2 red | red 0: infantry A1 | blue 0: recon D1"
    assert threat_damage(position(text), 0)                     # without fog the recon is seen
    assert threat_damage(position(text, fog=True), 0) == {}     # infantry vision 2: D1 is out of sight


def test_docstring_example() -> None:
    assert doctest.testmod(threats).failed == 0


def test_under_fog_a_player_sees_only_the_events_on_tiles_it_sees():
    """tactics.md "Fog of war": the other army's moves show only where they end in sight; events naming no
    tile (income, the turn) show to everyone; without fog, or on one's own turn, everything shows."""
    from academy.core.protocol import Event
    from academy.games.tactics.game import TacticsGame
    from academy.games.tactics.position import parse_position
    from academy.games.tactics.view import seen_tiles, visible_events
    fog = TacticsGame(map="river_crossing", fog=True)
    state = parse_position("river_crossing day 1 red | red 0: infantry B3 | blue 0: infantry I8", game=fog)
    seen = seen_tiles(state, 0)
    assert "C3" in seen and "I8" not in seen
    events = [Event("move", "Blue infantry moves.", {"frm": "I9", "to": "I8"}, ()),
              Event("move", "Blue infantry moves.", {"frm": "D5", "to": "C3"}, ()),
              Event("income", "Blue earns funds.", {"player": 1, "funds": 3000}, ()),
              Event("attack", "Blue attacks.", {"attacker": "I8", "target": "J8"}, ())]
    assert "D5" not in seen
    shown = visible_events(state, events, 1, 0)
    # issue 13, item 12: a move out of the fog says where the unit came out, not where it came from
    assert [e.data for e in shown] == [{"frm": None, "to": "C3"}, events[2].data]
    assert shown[0].text == "A unit comes out of the fog onto C3."
    assert visible_events(state, events, 0, 0) == events                 # its own turn
    clear = parse_position("river_crossing day 1 red | red 0: infantry B3 | blue 0: infantry I8")
    assert seen_tiles(clear, 0) is None and visible_events(clear, events, 1, 0) == events
