"""game-of-war.md, Your turn (moves), Communication (cut-off units), Units (cavalry), Terrain (mountains).

Frame: North's arsenal at (12, 0) covers column 12; the moving unit starts at (12, 5)."""
from __future__ import annotations

import pytest

from academy.core.errors import IllegalAction
from academy.games.game_of_war import PositionError, check_move, destinations, is_legal_move
from academy.games.game_of_war.position import Position

KING = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]


def P(*units, mountain=(), north=((12, 0),), south=()):
    """Units as (id, type, x, y); ids starting with N are north's, the others south's."""
    return Position.from_dict({
        "terrain": {"mountain": [list(s) for s in mountain]},
        "arsenals": {"north": [list(s) for s in north], "south": [list(s) for s in south]},
        "units": [{"id": i, "side": "north" if i.startswith("N") else "south", "type": t, "at": [x, y]}
                  for i, t, x, y in units]})


def reason(pos, unit_id, to, side="north", **kw):
    with pytest.raises(IllegalAction) as err:
        check_move(pos, side, unit_id, to, **kw)
    assert is_legal_move(pos, side, unit_id, to, **kw) is False
    return err.value.reason


@pytest.mark.parametrize("utype", ["infantry", "cannon", "relay"])
def test_a_one_square_unit_moves_one_square_in_any_of_8_directions(utype):
    """Your turn: "A unit travels up to its movement in any of the 8 directions"."""
    pos = P(("N1", utype, 12, 5))
    for dx, dy in KING:
        assert is_legal_move(pos, "north", "N1", [12 + dx, 5 + dy])
    assert reason(pos, "N1", [12, 7]) == "too_far"
    assert reason(pos, "N1", [14, 3]) == "too_far"
    assert len(destinations(pos, "N1")) == 8


@pytest.mark.parametrize("utype", ["cavalry", "swift_cannon", "swift_relay"])
def test_a_two_square_unit_moves_up_to_two_king_steps(utype):
    pos = P(("N1", utype, 12, 5), north=[(12, 5)])   # standing on its arsenal: the first step stays connected
    for dx, dy in KING:
        assert is_legal_move(pos, "north", "N1", [12 + dx, 5 + dy])
        assert is_legal_move(pos, "north", "N1", [12 + 2 * dx, 5 + 2 * dy])
    assert is_legal_move(pos, "north", "N1", [14, 6])          # two king steps, changing direction
    assert reason(pos, "N1", [15, 5]) == "too_far"
    assert reason(pos, "N1", [12, 8]) == "too_far"
    assert len(destinations(pos, "N1")) == 24


def test_never_ending_on_a_mountain_or_an_occupied_square():
    """Your turn: "it can't end on a mountain or an occupied square"."""
    pos = P(("N1", "infantry", 12, 5), ("N2", "infantry", 12, 6), ("S1", "infantry", 11, 6), mountain=[(13, 6)])
    assert reason(pos, "N1", [13, 6]) == "mountain"
    assert reason(pos, "N1", [12, 6]) == "occupied"
    assert reason(pos, "N1", [11, 6]) == "occupied"
    assert is_legal_move(pos, "north", "N1", [13, 5])


def test_no_passing_through_mountains_or_units():
    """Every square passed must be free (the reference's reading); another free path is enough."""
    walls = [(13, 4), (13, 5), (13, 6)]
    pos = P(("N1", "swift_cannon", 12, 5), mountain=walls)
    assert reason(pos, "N1", [14, 5]) == "blocked"
    pos = P(("N1", "swift_cannon", 12, 5), ("N2", "infantry", 13, 5), mountain=walls[::2])
    assert reason(pos, "N1", [14, 5]) == "blocked"
    pos = P(("N1", "swift_cannon", 12, 5), mountain=walls[:2])
    assert is_legal_move(pos, "north", "N1", [14, 5])                   # round by (13, 6)
    for blocker in [("S1", "infantry", 13, 6), ("N2", "infantry", 13, 6)]:
        pos = P(("N1", "swift_cannon", 12, 5), blocker)
        assert reason(pos, "N1", [14, 7]) == "blocked"                  # the only path is through (13, 6)


def test_a_cut_off_unit_cannot_move():
    """Communication: "A unit off the network is cut off: it can't move"."""
    for utype in ["infantry", "cavalry", "relay", "swift_relay"]:
        pos = P(("N1", utype, 5, 8))
        assert reason(pos, "N1", [5, 9]) == "cut_off"
    touching = P(("N1", "infantry", 12, 5), ("N2", "infantry", 13, 6), ("N3", "infantry", 15, 6))
    assert is_legal_move(touching, "north", "N2", [14, 7])             # connected by touching N1
    assert reason(touching, "N3", [16, 6]) == "cut_off"
    enemy_cuts = P(("N1", "infantry", 12, 5), ("S1", "relay", 12, 3))
    assert reason(enemy_cuts, "N1", [12, 6]) == "cut_off"


def test_cavalry_stops_on_the_first_square_outside_communication():
    """Units, Cavalry: "must stop on the first square outside communication"."""
    alone = P(("N1", "cavalry", 12, 5))
    assert is_legal_move(alone, "north", "N1", [13, 5])                 # stopping there is fine
    assert reason(alone, "N1", [14, 5]) == "blocked"                    # but it cannot go on
    assert is_legal_move(alone, "north", "N1", [12, 7])                 # along the line it stays connected
    assert reason(alone, "N1", [14, 7]) == "blocked"                    # the only path, (13, 6), is cut off
    supported = P(("N1", "cavalry", 12, 5), ("N2", "infantry", 12, 6))
    assert is_legal_move(supported, "north", "N1", [14, 5])             # (13, 5) touches N2
    assert is_legal_move(supported, "north", "N1", [14, 7])
    fast_gun = P(("N1", "swift_cannon", 12, 5))
    assert is_legal_move(fast_gun, "north", "N1", [14, 5])              # the stop rule is for cavalry only


def test_at_most_five_different_units_each_once_and_none_after_the_attack():
    """Your turn: "Move up to 5 different units, each once"; the turn ends after an attack."""
    pos = P(("N1", "infantry", 12, 5))
    assert is_legal_move(pos, "north", "N1", [12, 6], moved=["N2", "N3", "N4", "N5"])
    assert is_legal_move(pos, "north", "N1", [12, 6], moved=["N2", "N2", "N3", "N4", "N5"])
    assert reason(pos, "N1", [12, 6], moved=["N2", "N3", "N4", "N5", "N6"]) == "too_many_moves"
    assert reason(pos, "N1", [12, 6], moved=["N1"]) == "already_moved"
    assert reason(pos, "N1", [12, 6], attacked=True) == "turn_over"


def test_arsenals():
    """Your turn: "Take an arsenal by moving a combat unit onto an enemy arsenal"; relays cannot."""
    pos = P(("N1", "infantry", 12, 5), ("N2", "relay", 11, 5), ("N3", "cavalry", 12, 1), south=[(13, 6)])
    assert is_legal_move(pos, "north", "N1", [13, 6])
    pos2 = P(("N1", "infantry", 12, 4), ("N2", "relay", 12, 5), south=[(13, 6)])
    assert reason(pos2, "N2", [13, 6]) == "relay_cannot_take_arsenal"
    assert is_legal_move(pos, "north", "N3", [12, 0])                  # onto its own arsenal
    through = P(("N1", "swift_cannon", 12, 5), south=[(13, 6)])
    assert reason(through, "N1", [14, 7]) == "blocked"                  # entering an arsenal ends the move


def test_refusals_say_what_and_how_to_fix():
    pos = P(("N1", "infantry", 12, 5), ("S1", "infantry", 20, 15), ("N0", "infantry", 12, 0))
    assert reason(pos, "S1", [20, 14]) == "not_your_unit"
    assert reason(pos, "N9", [12, 6]) == "unknown_unit"
    assert reason(pos, "N0", [12, -1]) == "off_board"
    assert reason(pos, "N1", [12, 5]) == "no_move"
    assert reason(pos, "N1", "e4") == "bad_square"
    with pytest.raises(IllegalAction, match="limit is 5; attack or end the turn"):
        check_move(pos, "north", "N1", [12, 6], moved=["A", "B", "C", "D", "E"])
    with pytest.raises(IllegalAction, match="cut off .* reconnect it"):
        check_move(P(("N1", "infantry", 5, 8)), "north", "N1", [5, 9])
    with pytest.raises(PositionError):
        is_legal_move(pos, "west", "N1", [12, 6])


def test_checking_a_move_changes_nothing():
    pos = P(("N1", "cavalry", 12, 5))
    before = pos.to_dict()
    is_legal_move(pos, "north", "N1", [14, 5])
    destinations(pos, "N1")
    assert pos.to_dict() == before


def test_the_rules_page_says_what_the_engine_does_about_cut_off_relays_and_rows():
    """Communication: the Rules page follows the engine (a cut-off relay can't move either) and numbers the
    rows as the board and the notation do (1 to 20 from the North edge)."""
    from pathlib import Path
    page = (Path(__file__).resolve().parents[3] / "academy" / "rulebook" / "game_of_war.md").read_text()
    assert "relays may still move" not in page and "This holds for relays too" in page
    assert reason(P(("N1", "relay", 5, 8)), "N1", [5, 9]) == "cut_off"
    assert "rows 0 to 9" not in page and "North has rows 1 to 10" in page


def test_the_rules_page_states_the_retreat_readings():
    """Combat, the result: where game-of-war.md is silent the Rules page says what the engine does with a
    retreat (one of the 5 moves, any of 8 directions, a cut-off unit that must retreat is removed)."""
    from pathlib import Path
    page = (Path(__file__).resolve().parents[3] / "academy" / "rulebook" / "game_of_war.md").read_text()
    assert "counts as one of that turn's 5 moves" in page and "any of the 8 directions" in page
    assert "must retreat but is cut off" in page
