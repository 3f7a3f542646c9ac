"""diplomacy.md §27 (a dislodged unit with no legal retreat is destroyed) and §9 (a retreat phase in
which nobody has a choice is skipped)."""
from __future__ import annotations

from academy.games.diplomacy.game import DiplomacyGame
from academy.games.diplomacy.position import Position


def state_at(position: dict) -> object:
    state = DiplomacyGame().new_initial_state(1)
    state.position = Position.from_dict(position)
    return state


def test_a_trapped_unit_is_destroyed_and_the_retreat_phase_skipped() -> None:
    """§27, §9: F RUM is dislodged from BUL; BLA and SEV are occupied, BUL is where the attack came from."""
    state = state_at({"phase": "S1901M", "units": {"RUSSIA": ["F RUM", "A SEV"], "TURKEY": ["A BUL", "F BLA"]}})
    state.submit("TURKEY", ["A BUL - RUM", "F BLA S A BUL - RUM"])
    state.submit("RUSSIA", ["F RUM H", "A SEV H"])
    events = state.resolve_step()
    assert [e.text for e in events if e.kind == "destroyed"] == ["F RUM (Russia) has no legal retreat and is destroyed."]
    assert state.phase == "F1901M"
    assert str(state.position.unit_in("RUM")) == "A RUM" and state.position.unit_in("RUM").power == "TURKEY"
    assert state.position.dislodged == ()


def test_a_unit_with_somewhere_to_go_gets_its_retreat_phase() -> None:
    """§25: with SEV empty, F RUM may retreat there, so the retreat phase is played and Russia is asked."""
    state = state_at({"phase": "S1901M", "units": {"RUSSIA": ["F RUM"], "TURKEY": ["A BUL", "F BLA"]}})
    state.submit("TURKEY", ["A BUL - RUM", "F BLA S A BUL - RUM"])
    state.resolve_step()
    assert state.phase == "S1901R"
    assert state.powers_to_order() == ["RUSSIA"]
    assert "F RUM R SEV" in str(state.options("RUSSIA"))


def test_only_powers_with_a_choice_are_waited_for_in_a_retreat_phase() -> None:
    """§27: Austria's trapped army has no choice to make; Russia's fleet has one."""
    state = state_at({"phase": "S1901R", "units": {"TURKEY": ["A RUM", "F BLA"], "ITALY": ["A SER", "A TRI", "A VIE",
                                                                                         "A GAL"]},
                      "dislodged": {"RUSSIA": [{"unit": "F RUM", "attacked_from": "BUL"}],
                                    "AUSTRIA": [{"unit": "A BUD", "attacked_from": "SER"}]}})
    assert state.powers_to_order() == ["RUSSIA"]
    assert state.waiting() == [state.player_of("RUSSIA")]
