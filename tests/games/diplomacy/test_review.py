"""The coach's rule for Diplomacy (academy/games/diplomacy/review.py): a power's orders and the hard CPU's,
both adjudicated against the other powers' real orders (the review) or against the orders the hard CPU
expects from them (the live coach, before the phase resolves)."""
from __future__ import annotations

from collections.abc import Sequence

from academy.core.record import Record
from academy.core.review import foresee, review
from academy.games.diplomacy.actions import SubmitOrders
from academy.games.diplomacy.adjudicate import adjudicate
from academy.games.diplomacy.bots import make_bot, play_orders
from academy.games.diplomacy.game import DiplomacyGame
from academy.games.diplomacy.position import Position
from academy.games.diplomacy.review import worth
from tests.games.review_ladder import assert_ladder, bots_for

BELGIUM = {"phase": "S1901M", "units": {"FRANCE": ["A PIC", "A BUR"], "GERMANY": ["A RUH"]},
           "supply_centers": {"FRANCE": ["PAR", "BRE", "MAR"], "GERMANY": ["MUN", "BER", "KIE"]}}
GERMANY = ["A RUH - BEL"]


def record_of(position: dict, *orders: tuple[str, Sequence[str]], seed: int = 1) -> Record:
    state = DiplomacyGame().state_from_position(position, seed=seed)
    for power, texts in orders:
        state.submit(power, list(texts))
    state.resolve()
    return state.record


def test_a_bounce_that_a_support_would_have_won_is_a_mistake() -> None:
    record = record_of(BELGIUM, ("FRANCE", ["A PIC - BEL", "A BUR H"]), ("GERMANY", GERMANY))
    [mark] = review(record, players=[2]).marks
    pos = Position.from_dict(BELGIUM)
    made = adjudicate(pos, {"GERMANY": GERMANY, "FRANCE": ["A PIC - BEL", "A BUR H"]}).position
    assert mark.numbers == {"supply centres yours or under your units": worth(made, "FRANCE")[0], "units dislodged": 0,
                            "orders that failed": 1} and worth(made, "FRANCE") == (3, 0)
    better = [t.strip() for t in mark.better.split(":", 1)[1].split(";")]
    after = adjudicate(pos, {"GERMANY": GERMANY, "FRANCE": better}).position
    assert mark.better_numbers["supply centres yours or under your units"] == worth(after, "FRANCE")[0] == 4
    assert mark.grade == "mistake" and mark.lesson == ("support", "supported-attack")
    assert mark.why.startswith("A PIC - BEL bounces (attack 1; A RUH also moves there with 1)")
    assert ("end with 3 supply centres yours or under your units (after Spring a centre counts when your unit "
            "stands on it: it becomes yours if the unit is still there after the Fall moves) and 0 units dislodged; "
            "the hard CPU's end with 4 and 0.") in mark.why          # issue 22: the Spring count explained


def test_the_supported_attack_is_good() -> None:
    record = record_of(BELGIUM, ("FRANCE", ["A PIC - BEL", "A BUR S A PIC - BEL"]), ("GERMANY", GERMANY))
    [mark] = review(record, players=[2]).marks
    assert (mark.grade, mark.better, mark.numbers["supply centres yours or under your units"]) == ("good", None, 4)


def test_when_the_others_ordered_does_not_matter() -> None:
    """France's mark reads the phase's final orders only, never what was pending when France wrote."""
    first = record_of(BELGIUM, ("FRANCE", ["A PIC - BEL", "A BUR H"]), ("GERMANY", GERMANY))
    last = record_of(BELGIUM, ("GERMANY", ["A RUH H"]), ("GERMANY", GERMANY), ("FRANCE", ["A PIC - BEL", "A BUR H"]))
    [a], [b] = review(first, players=[2]).marks, review(last, players=[2]).marks
    assert (a.grade, a.numbers, a.better, a.why) == (b.grade, b.numbers, b.better, b.why)


def test_retreats_builds_and_unresolved_phases_are_not_graded() -> None:
    state = DiplomacyGame().state_from_position(BELGIUM, seed=1)
    state.submit("FRANCE", ["A PIC - BEL"])                 # never resolved
    assert review(state.record).marks == ()


def play(seed: int, levels: dict[int, str]) -> Record:
    state = DiplomacyGame(years=2).new_initial_state(seed)
    play_orders(state, bots_for(make_bot, seed, levels), 200)
    return state.record


def test_each_level_gives_away_no_more_than_the_one_below() -> None:
    assert_ladder(play, (("easy", "normal"), ("normal", "hard")), range(0, 4), players=7)


# Fall 1901 (rule 8: centres change hands after a Fall phase): Munich and Kiel stand empty, Austria's army
# in Tyrolia and France's in Burgundy next to Munich.
FALL = {"phase": "F1901M",
        "units": {"AUSTRIA": ["A SER", "F TRI", "A TYR"], "ENGLAND": ["F ENG", "A LVP", "F NTH"],
                  "FRANCE": ["A BUR", "F GAS", "A SPA"], "GERMANY": ["A BER", "F DEN", "A RUH"],
                  "ITALY": ["A ROM", "F TYS", "A VEN"], "RUSSIA": ["F FIN", "F RUM", "A UKR", "A WAR"],
                  "TURKEY": ["A ARM", "F BLA", "A BUL"]},
        "supply_centers": {"AUSTRIA": ["BUD", "TRI", "VIE"], "ENGLAND": ["EDI", "LON", "LVP"],
                           "FRANCE": ["BRE", "MAR", "PAR"], "GERMANY": ["BER", "KIE", "MUN"],
                           "ITALY": ["NAP", "ROM", "VEN"], "RUSSIA": ["MOS", "SEV", "STP", "WAR"],
                           "TURKEY": ["ANK", "CON", "SMY"]}}
WANDER = SubmitOrders("GERMANY", ("A BER - PRU", "A RUH - HOL", "F DEN H"))


def test_the_live_coach_foresees_a_blunder_against_the_orders_it_expects() -> None:
    state = DiplomacyGame().state_from_position(FALL, seed=1)
    germany = state.player_of("GERMANY")
    mark = foresee(state, WANDER, germany)
    assert mark.grade == "blunder" and len(state.record) == 0           # weighed, not played
    assert mark.numbers["supply centres yours or under your units"] == 3
    assert mark.better_numbers["supply centres yours or under your units"] == 5
    assert "against the orders the hard CPU expects from the others" in mark.why
    assert mark.better.startswith("GERMANY: ") and "A BER - PRU" not in mark.better


def test_the_live_coach_reads_the_public_position_only() -> None:
    """Another power's secret orders, already submitted, change nothing in the coach's mark."""
    state = DiplomacyGame().state_from_position(FALL, seed=1)
    germany = state.player_of("GERMANY")
    before = foresee(state, WANDER, germany)
    state.submit("AUSTRIA", ["A TYR - MUN", "A SER H", "F TRI H"])
    after = foresee(state, WANDER, germany)
    assert (before.grade, before.why, before.better) == (after.grade, after.why, after.better)


def test_the_live_coach_passes_the_hard_cpus_own_orders() -> None:
    state = DiplomacyGame().state_from_position(FALL, seed=1)
    germany = state.player_of("GERMANY")
    hard = foresee(state, WANDER, germany).better.split(":", 1)[1]
    mark = foresee(state, SubmitOrders("GERMANY", tuple(t.strip() for t in hard.split(";"))), germany)
    assert (mark.grade, mark.better) == ("good", None)
