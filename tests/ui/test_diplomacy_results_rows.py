"""The results table shows one row per order given, each with its own result (issue 13, item 14)."""
from __future__ import annotations

from academy.games.diplomacy import DiplomacyGame, Position
from academy.games.diplomacy.order_rows import rows_of
from academy.ui.diplomacy.panels import results_html


def _winter(units: dict, centers: dict) -> Position:
    return Position.from_dict({"phase": "W1901A", "units": units, "supply_centers": centers})


def test_game_records_the_rows_and_the_results_table_shows_each_power_its_own() -> None:
    """Issue 13, item 14, through the game and the results table: each WAIVE row of the table shows
    its own power's reason."""
    game = DiplomacyGame()
    state = game.state_from_json({**game.new_initial_state().to_json()})
    pos = _winter({"GERMANY": ["A BER"], "TURKEY": ["A CON"]},
                  {"GERMANY": ["BER", "KIE", "MUN"], "TURKEY": ["CON", "ANK", "SMY"]})
    state.position = pos
    state.submit("GERMANY", ["WAIVE"])
    state.submit("TURKEY", ["WAIVE"])
    state.resolve()
    rows = rows_of(state.last)
    assert {r.power for r in rows} == {"GERMANY", "TURKEY"} and len({r.key for r in rows}) == 2
    html = results_html(state.last)
    assert "Germany waives a build." in html and "Turkey waives a build." in html


def test_a_phase_recorded_without_keys_is_read_as_before() -> None:
    """A results table saved before keys were recorded still finds each order's result by its unit."""
    last = {"phase": "S1901M", "orders": {"FRANCE": ["A PAR - BUR"]}, "results": {"A PAR": "succeeds"},
            "reasons": {"A PAR": "A PAR moves to BUR."}}
    (row,) = rows_of(last)
    assert row.key == "A PAR" and "A PAR moves to BUR." in results_html(last)
