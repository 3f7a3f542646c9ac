"""game-of-war.md, Combat (the outcome table, the retreat), Communication (cut-off units), Units (cavalry's
stop) and Terrain, played through the engine from one-line positions.

Frame (on an empty 25×20 board): North's arsenal at m1 (12, 0) covers column m, South's at m20 (12, 19)
covers it from the south; squares are a..y west to east and 1..20 from the North edge.
"""
from __future__ import annotations

import json

import pytest

from academy.core.errors import IllegalAction
from academy.games.game_of_war import Attack, EndTurn, GameOfWarGame, Move, Retreat, parse_position

FRAME = "board: empty | North arsenals: m1 | South arsenals: m20"
# N-C1 next to S-I1: a charge of 4 + 3 = 7 against 6, exactly defence + 1
CHARGE = f"North to move | {FRAME} | North: N-C1 m10, N-I1 a2 | South: S-I1 m11, S-I2 y12"


def refused(state, action, reason):
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert err.value.reason == reason, str(err.value)
    assert state.to_json() == before


def attacked_at_defence_plus_one():
    state = parse_position(CHARGE)
    events = state.apply(Attack("N-C1", "S-I1"))
    assert (events[0].data["attack"], events[0].data["defence"], events[0].data["outcome"]) == (7, 6, "retreat")
    assert events[0].data["charging"] == ["N-C1"]
    return state


# ------------------------------------------------------------------ Combat: the retreat
def test_combat_defence_plus_one_the_owner_retreats_first_next_turn():
    """Combat: "Attack = Defence + 1: The target must retreat one square at the start of its next turn" - the
    owner chooses the square (a decision), before anything else that turn."""
    state = attacked_at_defence_plus_one()
    assert (state.side, state.phase, state.retreats) == ("south", "retreat", ["S-I1"])
    squares = {a.to for a in state.legal_actions()}
    assert all(isinstance(a, Retreat) and a.unit == "S-I1" for a in state.legal_actions())
    assert squares == {(11, 9), (13, 9), (11, 10), (13, 10), (11, 11), (12, 11), (13, 11)}   # not m10: N-C1
    refused(state, Move("S-I2", (24, 10)), "retreat_first")
    refused(state, EndTurn(), "retreat_first")
    refused(state, Retreat("S-I1", (12, 12)), "bad_retreat_square")    # one square only
    refused(state, Retreat("S-I2", (24, 10)), "not_retreating")
    events = state.apply(Retreat("S-I1", (12, 11)))
    assert events[0].kind == "retreat" and events[0].text.endswith("m11-m12.")
    assert state.phase == "play" and state.moved == ["S-I1"] and state.moves_left == 4   # one of the 5 moves
    refused(state, Move("S-I1", (12, 12)), "already_moved")


def test_combat_a_unit_that_can_not_retreat_is_removed():
    """Combat: "if it can't, it is removed" - here the corner, two mountains and the attacker hem it in."""
    text = ("North to move | board: empty | mountains: b19, b20 | North arsenals: a1 | South arsenals: a20 | "
            "North: N-C1 a19 | South: S-I1 a20, S-I2 y1")
    state = parse_position(text)
    events = state.apply(Attack("N-C1", "S-I1"))
    assert events[0].data["outcome"] == "retreat"
    removed = [e for e in events if e.kind == "removed"]
    assert [e.data["unit"] for e in removed] == ["S-I1"]
    assert not state.position.has_unit("S-I1") and state.retreats == []
    assert (state.side, state.phase, state.winner()) == ("south", "play", None)
    # the same without S-I2: the removal takes South's last fighting unit and North wins
    alone = parse_position(text.replace(", S-I2 y1", ""))
    alone.apply(Attack("N-C1", "S-I1"))
    assert alone.is_terminal() and alone.winner() == 0 and alone.result == "army"


def test_combat_a_cut_off_unit_that_must_retreat_is_removed():
    """Communication: a cut-off unit "can't move", so it can't retreat either: it is removed."""
    state = parse_position(f"North to move | retreat: S-I1 | {FRAME} | North: N-I1 m2 | "
                           "South: S-I1 c11, S-I2 m19")
    assert "S-I1" not in state.connected("south")
    events = state.apply(EndTurn())
    assert "removed" in [e.kind for e in events] and not state.position.has_unit("S-I1")


def test_combat_attack_at_most_defence_is_repelled_and_defence_plus_two_destroys():
    """Combat: "Attack ≤ Defence: Repelled" and "Attack ≥ Defence + 2: The target is destroyed"."""
    state = parse_position(f"North to move | {FRAME} | North: N-I1 m9 | South: S-I1 m11")
    assert state.apply(Attack("N-I1", "S-I1"))[0].data["outcome"] == "repelled"
    assert state.position.has_unit("S-I1") and state.retreats == []
    state = parse_position(f"North to move | {FRAME} | North: N-C1 m10, N-C2 m9, N-I1 a2 | "
                           "South: S-I1 m11, S-I2 y12")
    events = state.apply(Attack("N-C1", "S-I1"))           # two charging cavalry: 14 against 6
    assert (events[0].data["attack"], events[0].data["outcome"]) == (14, "destroyed")
    assert not state.position.has_unit("S-I1")


def test_combat_cut_off_units_do_not_count():
    """Communication: "A unit off the network is cut off: it ... doesn't count in combat"."""
    state = parse_position(f"North to move | {FRAME} | North: N-I1 m9, N-I2 k9 | South: S-I1 m11, S-I2 k12")
    assert "N-I2" not in state.connected("north") and "S-I2" not in state.connected("south")
    data = state.apply(Attack("N-I1", "S-I1"))[0].data
    assert data["attackers"] == {"N-I1": 4} and data["defenders"] == {"S-I1": 6}


def test_combat_mountains_block_lines_of_fire():
    """Combat: "Mountains block lines of fire"."""
    state = parse_position(f"North to move | {FRAME} | mountains: n10 | North: N-I1 m9, N-R1 n9, N-I2 o9 | "
                           "South: S-I1 m11")
    assert [a for a in state.legal_actions() if isinstance(a, Attack)] == [Attack("N-I1", "S-I1")]
    refused(state, Attack("N-I2", "S-I1"), "no_line_of_fire")


# ------------------------------------------------------------------ Terrain
@pytest.mark.parametrize(("terrain", "defence", "attack", "outcome"), [
    ("", 6, 11, "destroyed"),                   # 7 charging + 4
    ("passes: m11", 8, 8, "repelled"),          # +2, and no charge against a pass
    ("fortresses: m11", 10, 8, "repelled"),     # +4, and no charge against a fortress
])
def test_terrain_pass_and_fortress_bonuses_and_no_charge(terrain, defence, attack, outcome):
    """Terrain: pass "+2 defence for infantry and cannons", fortress "+4 ...; no cavalry charge against it"."""
    extra = f" | {terrain}" if terrain else ""
    state = parse_position(f"North to move | {FRAME}{extra} | North: N-C1 m10, N-I1 l10, N-I2 a2 | "
                           "South: S-I1 m11, S-I2 y12")
    data = state.apply(Attack("N-I1", "S-I1"))[0].data
    assert (data["defence"], data["attack"], data["outcome"]) == (defence, attack, outcome)


# ------------------------------------------------------------------ Communication and Units
def test_communication_cut_off_units_can_not_move():
    """Communication: "A unit off the network is cut off ...: it can't move"."""
    state = parse_position(f"North to move | {FRAME} | North: N-I1 m9, N-I2 c5, N-R1 d9 | South: S-I1 y20")
    assert state.connected("north") == {"N-I1"}
    refused(state, Move("N-I2", (2, 5)), "cut_off")
    refused(state, Move("N-R1", (3, 9)), "cut_off")
    assert {a.unit for a in state.legal_actions() if isinstance(a, Move)} == {"N-I1"}


def test_communication_an_enemy_unit_on_the_line_cuts_it():
    """Communication: "Lines are blocked by mountains and enemy units" - South steps onto column m."""
    state = parse_position("South to move | board: empty | North arsenals: m1 | South arsenals: l20 | "
                           "North: N-I1 m9 | South: S-C1 l5")
    assert "N-I1" in state.connected("north")
    state.apply(Move("S-C1", (12, 4)))
    state.apply(EndTurn())
    assert "N-I1" not in state.connected("north")
    refused(state, Move("N-I1", (12, 9)), "cut_off")
    assert state.observation(0)["connected"]["north"] == []


def test_units_cavalry_stops_on_the_first_square_outside_communication():
    """Units: cavalry "must stop on the first square outside communication"; a swift cannon need not."""
    cav = parse_position(f"North to move | {FRAME} | North: N-C1 m6 | South: S-I1 y20")
    reach = {a.to for a in cav.legal_actions() if isinstance(a, Move)}
    assert len(reach) == 14 and (13, 5) in reach and (14, 5) not in reach and (12, 7) in reach
    gun = parse_position(f"North to move | {FRAME} | North: N-SK1 m6 | South: S-I1 y20")
    assert len([a for a in gun.legal_actions() if isinstance(a, Move)]) == 24


# ------------------------------------------------------------------ persistence in the middle of a retreat
def test_a_pending_retreat_survives_json_and_replay():
    state = attacked_at_defence_plus_one()
    data = json.loads(json.dumps(state.to_json()))
    again = state.game.state_from_json(data)
    assert again.to_json() == state.to_json() and again.phase == "retreat"
    assert state.record.replay().to_json() == state.to_json()
    twin = state.clone()
    twin.apply(Retreat("S-I1", (12, 11)))
    assert state.phase == "retreat" and twin.phase == "play"


def test_standard_game_counts_of_legal_actions_at_the_first_turn():
    """Perft-style pin: North's legal actions in the standard opening (moves, no attack, End turn)."""
    state = GameOfWarGame().new_initial_state(seed=0)
    state.apply(state.chance_outcomes()[0][0])
    acts = state.legal_actions()
    assert not [a for a in acts if isinstance(a, Attack)] and acts[-1] == EndTurn()
    assert len(acts) == len(set(acts))
    from academy.games.game_of_war import is_legal_move
    for a in acts[:-1]:
        assert is_legal_move(state.position, "north", a.unit, a.to)


def test_communication_a_cut_off_unit_can_not_attack():
    """Your turn: attack "by dragging one of your connected combat units"."""
    state = parse_position(f"North to move | {FRAME} | North: N-I1 m9, N-I2 c9 | South: S-I1 c11, S-I2 m11")
    assert "N-I2" not in state.connected("north")
    refused(state, Attack("N-I2", "S-I1"), "cut_off")
    assert Attack("N-I2", "S-I1") not in state.legal_actions()


def test_combat_a_retreat_that_takes_the_last_free_square_removes_the_other():
    """Two units forced back (a set-up position) share one free square: the second can't retreat, so it is
    removed as soon as the first takes the square."""
    state = parse_position("South to move | retreat: S-I1, S-I2 | board: empty | "
                           "mountains: a20, a19, b19, e20, d19, e19 | North arsenals: m1 | South arsenals: c20 | "
                           "North: N-I1 m9 | South: S-I1 b20, S-I2 d20, S-R1 c20")
    assert state.phase == "retreat"
    assert state.legal_actions() == [Retreat("S-I1", (2, 18)), Retreat("S-I2", (2, 18))]
    events = state.apply(Retreat("S-I1", (2, 18)))
    assert [e.kind for e in events] == ["retreat", "removed"]
    assert not state.position.has_unit("S-I2") and state.phase == "play" and state.retreats == []


def test_a_move_before_the_retreat_is_refused_with_the_retreat_written_out():
    """Combat (the retreat comes first): the refusal shows the learner how to write the retreat of their own
    unit, from its own square (a typed move was refused without the command to type)."""
    state = attacked_at_defence_plus_one()
    with pytest.raises(IllegalAction) as err:
        state.apply(Move("S-I2", (24, 10)))
    assert 'Write it as "retreat S-I1 m11-<square>"' in str(err.value)


def test_a_cavalry_blocked_by_a_unit_is_told_the_path_is_blocked_not_the_stop_rule():
    """Movement (no unit passes through another unit, an Academy reading): a cavalry whose way is blocked
    by units is told so; the cavalry stop rule is named only when it is what stops the ride."""
    from academy.games.game_of_war import check_move
    state = parse_position(f"North to move | {FRAME} | North: N-C1 m3, N-I1 m4, N-I2 l4, N-I3 n4 | "
                           "South: S-I1 a20")
    with pytest.raises(IllegalAction) as err:
        check_move(state.position, "north", "N-C1", (12, 4))          # m5, behind the wall l4-m4-n4
    assert "every square on the way must be empty" in str(err.value) and "cavalry must stop" not in str(err.value)
