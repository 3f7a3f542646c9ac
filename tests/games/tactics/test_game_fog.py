"""Fog of war in the engine: tactics.md "Fog of war"."""
from __future__ import annotations

from academy.games.tactics.actions import Attack, Wait

from .helpers import act, position, refused

RC = "river_crossing day 1 red"


def tiles(obs: dict) -> set[str]:
    return {u["tile"] for u in obs["units"]}


def test_fog_only_units_in_vision_show() -> None:
    """Fog of war: you only see enemy units on tiles your units can see (infantry vision 2)."""
    s = position(f"{RC} | red 0: infantry C3 | blue 0: infantry C5, infantry C6", fog=True)
    assert tiles(s.observation(0)) == {"C3", "C5"}
    assert tiles(s.observation(1)) == {"C3", "C5", "C6"}   # blue's infantry on C5 sees C3, 2 tiles away
    assert tiles(s.observation(None)) == {"C3", "C5", "C6"}
    assert "C6" not in s.observation(0)["seen"]


def test_fog_forest_hides_unless_adjacent() -> None:
    """Fog of war: ground units in a forest are hidden unless one of your units is right next to them."""
    s = position(f"{RC} | red 0: infantry A6 | blue 0: infantry B7", fog=True)
    assert "B7" not in tiles(s.observation(0))
    s = position(f"{RC} | red 0: infantry A7 | blue 0: infantry B7", fog=True)
    assert "B7" in tiles(s.observation(0))


def test_fog_mountain_adds_three_for_foot_soldiers() -> None:
    """Fog of war: Infantry and Mech on a mountain see 3 tiles further."""
    s = position(f"{RC} | red 0: infantry E4 | blue 0: infantry E7, infantry H4", fog=True)
    assert {"E7", "H4"} <= tiles(s.observation(0))
    s = position(f"{RC} | red 0: infantry D4 | blue 0: infantry D7, infantry G4", fog=True)
    assert not {"D7", "G4"} & tiles(s.observation(0))


def test_fog_own_properties_show_what_stands_on_them() -> None:
    """Fog of war: your own properties always show what stands on them."""
    s = position(f"{RC} | red 0: infantry J1 | blue 0: infantry B3", fog=True)
    assert "B3" in tiles(s.observation(0))


def test_fog_hides_funds_and_cargo() -> None:
    """Fog of war: enemy funds stay secret and a transport only shows how many units it carries."""
    s = position(f"{RC} | red 1000: infantry G3 | blue 5000: apc G4 [infantry hp4]", fog=True)
    obs = s.observation(0)
    assert obs["funds"] == [1000, None]
    apc = next(u for u in obs["units"] if u["tile"] == "G4")
    assert apc["cargo"] == 1
    own = next(u for u in s.observation(1)["units"] if u["tile"] == "G4")
    assert own["cargo"][0]["type"] == "infantry"
    assert "5000" not in str(obs)


def test_fog_terrain_and_owners_always_show() -> None:
    """Fog of war: terrain and who owns each property are always visible."""
    s = position(f"{RC} | red 0: infantry A1 | blue 0: infantry G8 | owners: H1 blue", fog=True)
    assert s.observation(0)["owners"]["H1"] == 1


def test_fog_ambush_stops_before_a_hidden_enemy() -> None:
    """Fog of war: a move that runs into a hidden enemy stops on the last free tile before it, and that
    unit's turn is over. The hidden unit does not change the legal moves (nothing leaks)."""
    text = f"{RC} | red 0: infantry C3 | blue 0: infantry C6"
    s = position(text, fog=True)
    assert Wait("C3", "C6") in s.legal_actions()
    events = act(s, "infantry C3 -> C6 wait")
    assert [e.kind for e in events] == ["move", "ambush"]
    inf = s.units[(2, 4)]
    assert inf.acted and inf.fuel == 97 and (2, 2) not in s.units


def test_fog_cannot_attack_what_you_cannot_see() -> None:
    """Fog of war: an attack needs a target you can see."""
    s = position(f"{RC} | red 0: artillery C2 | blue 0: infantry C5", fog=True)
    assert refused(s, Attack("C2", "C2", "C5")) == "wrong_target"
    s = position(f"{RC} | red 0: artillery C2 | blue 0: infantry C5", fog=False)
    act(s, "artillery C2 attack C5")


def test_fog_off_shows_everything() -> None:
    """Game options: fog is off by default; then every unit and the funds show."""
    s = position(f"{RC} | red 0: infantry A1 | blue 700: infantry J10")
    obs = s.observation(0)
    assert tiles(obs) == {"A1", "J10"} and obs["funds"] == [0, 700]


def test_threat_map_of_visible_enemies() -> None:
    """Combat and damage / fog: the tiles visible enemies can hit next turn; indirect fire only from
    where it stands; hidden enemies add nothing."""
    from academy.games.tactics.view import threat_map
    s = position(f"{RC} | red 0: infantry A1 | blue 0: artillery G8, infantry J10")
    threats = threat_map(s, 0)
    assert threats[(6, 5)] == [(6, 7)]          # the artillery at 2 tiles
    assert (6, 6) not in threats                # its minimum range; the infantry can't get there
    assert threats[(9, 6)] == [(9, 9)]          # the infantry walks 2 and fires 1
    fogged = position(f"{RC} | red 0: infantry A1 | blue 0: artillery G8, infantry J10", fog=True)
    assert threat_map(fogged, 0) == {}
