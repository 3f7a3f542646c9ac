"""Two rules the engine applies, each taught on a live board (issue 16): the winner of a game with a time
limit, and an army that goes by convoy between two provinces next door. Each test names the rule
document's section it checks (/work/shared/rules/diplomacy.md, the Rules page's "winning" and "resolution"
sections), or says where the document is silent and the test checks the Academy's reading.
"""
from __future__ import annotations

import itertools

import pytest

from academy.games.diplomacy.game import DiplomacyGame
from academy.games.diplomacy.goals import learner_of, play, start_state
from academy.games.diplomacy.options import option_leaves, order_options
from academy.games.diplomacy.position_line import parse_position
from academy.games.diplomacy.rule_notes import RULE_NOTES
from academy.lessons import Attempt, load_lessons

LESSONS = {lesson.id: lesson for lesson in load_lessons("diplomacy")[0]}


def _exercise(lesson_id: str, exercise_id: str):
    lesson = LESSONS[lesson_id]
    return lesson, lesson.exercise(exercise_id)


def _combinations(position: str, power: str) -> list[tuple[str, ...]]:
    """Every set of legal orders the power can give in the position (one order per unit)."""
    state = start_state(position)
    trees = order_options(state.position, power).values()
    return list(itertools.product(*(option_leaves(t) for t in trees)))


def _solved(lesson_id: str, exercise_id: str, orders) -> bool:
    lesson, ex = _exercise(lesson_id, exercise_id)
    attempt = Attempt(lesson, ex)
    fb = attempt.act(list(orders))
    assert fb.status in ("solved", "wrong"), fb.message
    return fb.status == "solved"


# ============================================================================ the time-limit winner
WIN_ALONE = _exercise("winning", "win-alone")[1].position


def _play_to_the_end(position: str, orders, years: int = 10) -> tuple[dict, dict[str, int], list[str]]:
    """The position played in a game agreed to last ``years`` years (from 1901): the learner's orders in
    the first phase, every other order left out (units hold, builds are skipped), until the game ends.
    Returns the result, the centre counts at the end and the phases played."""
    pos, learner, _ = parse_position(position)
    state = DiplomacyGame(years=years).state_from_position(pos)
    phases = []
    first = True
    while state.result is None:
        phases.append(state.phase)
        for power in state.powers_to_order():
            state.submit(power, list(orders) if first and power == learner else [])
        state.resolve_step()
        first = False
    return state.result, state.centre_counts(), phases


def test_the_time_limit_ends_the_game_after_the_last_years_winter_with_the_most_centres_winning():
    """diplomacy.md §8, "Limited time game": when the agreed duration is over, the player with the most
    supply centres is declared the winner. The engine counts the duration in game years from 1901: with
    ``years=10`` the game goes on after Fall 1910 into its Winter, and ends as Spring 1911 would start."""
    result, counts, phases = _play_to_the_end(WIN_ALONE, ["A BUR - MAR", "F HOL - BEL"])
    assert phases == ["F1910M", "W1910A"]
    assert (counts["GERMANY"], counts["FRANCE"]) == (9, 7)
    assert result["kind"] == "length" and result["winners"] == ["GERMANY"]
    assert "has the most supply centres (9) and wins" in result["text"]


def test_a_tie_for_the_most_centres_is_a_shared_win():
    """diplomacy.md §8 says "the player with the most supply center is declared the winner" and is silent
    on a tie. The Academy's reading (rule_notes "years", and the lesson): the powers tied for the most
    share the result. The lesson's wrong try, the neutral Belgium only, ends 8 against 8."""
    result, counts, _ = _play_to_the_end(WIN_ALONE, ["A BUR - BEL"])
    assert (counts["GERMANY"], counts["FRANCE"]) == (8, 8)
    assert result["kind"] == "length" and result["winners"] == ["FRANCE", "GERMANY"]
    assert "share the most supply centres (8)" in result["text"]
    assert "tied for the most share" in RULE_NOTES["years"]
    lesson, ex = _exercise("winning", "win-alone")
    assert "tied for the most share the win" in lesson.body and "8 against 8" in ex.wrong


def test_the_win_alone_goal_accepts_exactly_the_orders_that_make_germany_the_only_winner():
    """The exercise checks "a unit of yours in Marseilles" after the last Fall: for every legal set of
    Germany's orders, that is met exactly when the game, played to its end with the time limit, has
    Germany as its only winner (so a learner who wins alone is never told "Not quite")."""
    combos = _combinations(WIN_ALONE, "GERMANY")
    assert len(combos) > 50
    winners = set()
    for orders in combos:
        result, _, _ = _play_to_the_end(WIN_ALONE, orders)
        alone = result["winners"] == ["GERMANY"]
        assert _solved("winning", "win-alone", orders) is alone, orders
        winners.add(alone)
    assert winners == {True, False}


# ============================================================================ a convoy between neighbours
SWAP = _exercise("swaps-and-rotations", "swap-by-sea")[1].position


def _resolve(position: str, orders: str):
    state = start_state(position)
    play(state, learner_of(state), orders)
    return state


def test_an_army_convoyed_by_its_own_fleet_next_door_swaps_with_the_army_coming_the_other_way():
    """diplomacy.md §16: units moving into each other's province do not switch places "unless one is
    being convoyed". The document does not say when a move between neighbours is convoyed; the Academy's
    reading is the DATC's (v3.0 §4.A.3, case 6.G.1): a fleet of the army's own power ordered to convoy
    exactly that move makes it a convoyed move, with no "via convoy" written."""
    state = _resolve(SWAP, "A NWY - SWE; F SKA C A NWY - SWE")
    results, reasons = state.last["results"], state.last["reasons"]
    assert results["A NWY"] == "succeeds" and results["A SWE"] == "succeeds"
    assert reasons["F SKA"] == "F SKA C A NWY - SWE: the fleet stays in place and A NWY arrives in SWE by convoy."
    units = state.position.units
    assert (units["SWE"].power, units["SWE"].kind) == ("ENGLAND", "A")
    assert (units["NWY"].power, units["NWY"].kind) == ("RUSSIA", "A")
    assert not state.position.dislodged


def test_without_the_convoy_the_two_armies_meet_head_to_head_and_russia_is_stronger():
    """diplomacy.md §15-16: over the border it is a head-to-head battle; Russia's move (two supports)
    defends with 3 against England's 2, so the English army is dislodged (the reason the lesson gives) and,
    with nowhere to retreat, destroyed."""
    state = _resolve(SWAP, "A NWY - SWE; F SKA S A NWY - SWE")
    reasons = state.last["reasons"]
    assert state.last["results"]["A NWY"] == "fails"
    assert "A NWY - SWE bounces (attack 2; A SWE defends with 3)" in reasons["A NWY"]
    assert "It is dislodged by A SWE" in reasons["A NWY"]
    # with Finland and St Petersburg held and Sweden the attacker's province, it has nowhere to go (§26-27)
    assert state.position.units["NWY"].power == "RUSSIA"
    assert not [u for u in state.position.units.values() if u.power == "ENGLAND" and u.kind == "A"]
    _, ex = _exercise("swaps-and-rotations", "swap-by-sea")
    assert "head to head" in ex.wrong and "3 against your 2" in ex.wrong


def test_the_convoy_is_the_only_way_to_get_the_army_into_sweden():
    """The exercise needs the rule: of every legal set of England's orders, only the army's move with the
    fleet's convoy of it puts an English army in Sweden (a fleet in Sweden is not the army)."""
    combos = _combinations(SWAP, "ENGLAND")
    assert len(combos) > 100
    solving = [orders for orders in combos if _solved("swaps-and-rotations", "swap-by-sea", orders)]
    assert solving == [("A NWY - SWE", "F SKA C A NWY - SWE")]
    assert _solved("swaps-and-rotations", "swap-by-sea", ["A NWY - SWE VIA CONVOY", "F SKA C A NWY - SWE"])


@pytest.mark.parametrize(("army_order", "swapped"), [("A NWY - SWE", False), ("A NWY - SWE via convoy", True)])
def test_another_powers_convoy_does_not_carry_an_army_next_door_unless_it_asks_for_the_sea(army_order, swapped):
    """What the lesson text says of a foreign fleet, the DATC's reading where diplomacy.md is silent
    (case 6.G.2 and §4.A.3): a German fleet's convoy order shows no English intent, so the plain move goes
    over land and bounces head to head; ordered "via convoy", the army is carried and the two swap."""
    position = ("England to order, S1901M | England: A NWY | Germany: F SKA | Russia: A SWE "
                "| Germany orders: F SKA C A NWY - SWE | Russia orders: A SWE - NWY")
    state = _resolve(position, army_order)
    assert (state.last["results"]["A NWY"] == "succeeds") is swapped
    assert (state.position.units["SWE"].power == "ENGLAND") is swapped
    if not swapped:
        assert "the army moves over land, not by sea" in state.last["reasons"]["F SKA"]
    lesson, _ = _exercise("swaps-and-rotations", "swap-by-sea")
    assert "own power" in lesson.body and "via convoy" in lesson.body
