"""game-of-war.md, Communication: arsenal lines in 8 directions, relays passing them on, touching chains;
blocked by mountains and by every enemy unit (relays included), through passes."""
from __future__ import annotations

import pytest

from academy.games.game_of_war import PositionError, communication, is_connected, network
from academy.games.game_of_war.position import Position


def P(*units, mountain=(), pass_=(), fortress=(), north=((0, 0),), south=(), w=25, h=20):
    """Units as (id, type, x, y); ids starting with N are north's, the others south's."""
    return Position.from_dict({
        "width": w, "height": h,
        "terrain": {"mountain": [list(s) for s in mountain], "pass": [list(s) for s in pass_],
                    "fortress": [list(s) for s in fortress]},
        "arsenals": {"north": [list(s) for s in north], "south": [list(s) for s in south]},
        "units": [{"id": i, "side": "north" if i.startswith("N") else "south", "type": t, "at": [x, y]}
                  for i, t, x, y in units]})


def test_arsenal_lines_run_in_all_8_directions_to_the_board_edge():
    """Communication: "Arsenals send lines of communication in the 8 directions"."""
    ends = {"N_n": (12, 0), "N_ne": (22, 0), "N_e": (24, 10), "N_se": (21, 19),
            "N_s": (12, 19), "N_sw": (3, 19), "N_w": (0, 10), "N_nw": (2, 0)}
    pos = P(*[(i, "infantry", x, y) for i, (x, y) in ends.items()], ("N_off", "infantry", 14, 13),
            north=[(12, 10)])
    assert network(pos, "north") == set(ends)
    assert not is_connected(pos, "N_off")        # a knight's move off the diagonal


def test_a_unit_off_every_line_is_cut_off_and_a_side_without_arsenals_has_no_network():
    pos = P(("N1", "infantry", 5, 7), ("S1", "infantry", 5, 15))
    assert network(pos, "north") == set() and network(pos, "south") == set()


@pytest.mark.parametrize("blocker", [
    {"mountain": [(3, 0)]},
    {"mountain": [(3, 3)]},
])
def test_a_mountain_stops_a_line(blocker):
    """Communication: "Lines are blocked by mountains"."""
    pos = P(("N_row", "infantry", 5, 0), ("N_diag", "infantry", 5, 5), ("N_near", "infantry", 2, 2), **blocker)
    conn = network(pos, "north")
    assert "N_near" in conn
    assert ("N_row" in conn) != ("mountain" in blocker and (3, 0) in blocker["mountain"])
    assert ("N_diag" in conn) != ((3, 3) in blocker["mountain"])


@pytest.mark.parametrize("enemy_type", ["infantry", "cavalry", "cannon", "swift_cannon", "relay", "swift_relay"])
def test_any_enemy_unit_stops_a_line_even_a_relay_even_cut_off(enemy_type):
    """Communication: "Lines are blocked by ... enemy units" (all of them, relays included)."""
    pos = P(("N1", "infantry", 6, 0), ("S1", enemy_type, 3, 0))
    assert network(pos, "south") == set()          # the blocker is itself cut off and still blocks
    assert network(pos, "north") == set()
    assert network(P(("N1", "infantry", 6, 0)), "north") == {"N1"}


def test_own_units_fortresses_and_arsenals_do_not_stop_a_line():
    pos = P(("N1", "infantry", 3, 0), ("N2", "cavalry", 8, 0), ("N3", "infantry", 12, 0),
            fortress=[(5, 0)], north=[(0, 0), (10, 0)], south=[(11, 0)])
    assert network(pos, "north") == {"N1", "N2", "N3"}


def test_lines_go_through_a_mountain_pass():
    """Communication: "... but go through mountain passes"."""
    wall = [(4, y) for y in range(20) if y != 5]
    through = P(("N1", "infantry", 9, 5), mountain=wall, pass_=[(4, 5)], north=[(0, 5)])
    assert network(through, "north") == {"N1"}
    closed = P(("N1", "infantry", 9, 5), mountain=wall + [(4, 5)], north=[(0, 5)])
    assert network(closed, "north") == set()


def test_relays_on_a_line_pass_it_on_in_a_chain():
    """Communication: "relays standing on a line pass it on, extending the network"."""
    arsenal_relay_relay = P(("N_R1", "relay", 0, 5), ("N_R2", "swift_relay", 10, 5), ("N_I", "infantry", 10, 17))
    net = communication(arsenal_relay_relay, "north")
    assert net.connected == {"N_R1", "N_R2", "N_I"}
    assert net.emitting_relays == {"N_R1", "N_R2"}
    assert (10, 17) in net.covered and (10, 5) in net.covered
    without_second = P(("N_R1", "relay", 0, 5), ("N_I", "infantry", 10, 17))
    assert network(without_second, "north") == {"N_R1"}
    fighting_units_do_not_relay = P(("N_R1", "relay", 0, 5), ("N_X", "infantry", 10, 5), ("N_I", "infantry", 10, 17))
    assert network(fighting_units_do_not_relay, "north") == {"N_R1", "N_X"}


def test_an_enemy_unit_cuts_a_relay_chain():
    """The enemy at (5, 5) stops the relay's row and the arsenal's diagonal: the second relay and the
    infantry it fed are cut off."""
    pos = P(("N_R1", "relay", 0, 5), ("N_R2", "relay", 10, 5), ("N_I", "infantry", 10, 17), ("S1", "relay", 5, 5))
    assert network(pos, "north") == {"N_R1"}


def test_a_relay_connected_only_by_touching_sends_no_lines():
    pos = P(("N1", "infantry", 0, 7), ("N_R", "relay", 1, 8), ("N2", "infantry", 1, 15))
    net = communication(pos, "north")
    assert net.connected == {"N1", "N_R"} and net.by_touch == {"N_R"}
    assert net.emitting_relays == set()


def test_units_touching_a_connected_friend_are_connected_in_a_chain():
    """Communication: a unit touching (8 directions) a connected friend is connected, in a chain."""
    pos = P(("N1", "infantry", 0, 5), ("N2", "cavalry", 1, 6), ("N3", "relay", 2, 7), ("N4", "cannon", 3, 8),
            ("N5", "infantry", 5, 8), ("N6", "infantry", 6, 8))
    net = communication(pos, "north")
    assert net.connected == {"N1", "N2", "N3", "N4"}
    assert net.by_touch == {"N2", "N3", "N4"}
    assert not is_connected(pos, "N5") and not is_connected(pos, "N6")   # touching a cut-off friend is not enough


def test_touching_an_enemy_unit_does_not_connect():
    pos = P(("N1", "infantry", 0, 5), ("S1", "infantry", 1, 6), ("S2", "infantry", 2, 7), south=[(24, 19)])
    assert network(pos, "south") == set()


def test_each_side_has_its_own_network():
    pos = P(("N1", "infantry", 12, 4), ("S1", "infantry", 12, 15), north=[(12, 0)], south=[(12, 19)])
    assert network(pos, "north") == {"N1"} and network(pos, "south") == {"S1"}
    blocked = P(("N1", "infantry", 12, 4), ("S1", "infantry", 12, 2), north=[(12, 0)], south=[(12, 19)])
    assert network(blocked, "north") == set()
    assert network(blocked, "south") == set()      # N1 stops the south column too


def test_unknown_side_is_refused():
    with pytest.raises(PositionError) as err:
        network(P(), "east")
    assert err.value.reason == "unknown_side"


def test_a_move_that_cuts_off_or_reconnects_friends_is_foreseen():
    """Communication: "A unit off the network is cut off": before a move, the engine says which of the
    side's other units the move would cut off or bring back (the issue's cavalry leaving q10)."""
    from academy.games.game_of_war.communication import connection_change
    from academy.games.game_of_war.snapshot import parse_position
    s = parse_position("North to move | board: empty | North arsenals: m1 | South arsenals: m20 | "
                       "North: N-C1 m6, N-K1 n7, N-I1 o8")
    assert connection_change(s.position, "N-C1", (0, 0)) == (["N-I1", "N-K1"], [])
    assert connection_change(s.position, "N-C1", (12, 6)) == ([], [])     # m7: on the line and touching n7
