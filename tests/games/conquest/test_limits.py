"""Every number of a Conquest position, record or action has a stated limit (academy/games/conquest/limits.py),
and the odds of the largest battle allowed take memory linear in the armies."""
from __future__ import annotations

import copy
import tracemalloc

import pytest

from academy.core.errors import InvalidNotation
from academy.games.conquest import odds
from academy.games.conquest.game import ConquestGame
from academy.games.conquest.limits import ARMIES
from academy.games.conquest.notation import parse_action
from academy.games.conquest.position import format_position, parse_position

ISSUE_POSITION = "Red to move, attack | Red: Ukraine 10000, Afghanistan 3 | Blue: Ural 10000 | rest: Blue 1"


def test_the_issue_position_is_refused_naming_the_limit() -> None:
    """issue 13, item 3: 10000 armies on Ukraine is refused with the limit, not accepted."""
    with pytest.raises(InvalidNotation) as err:
        parse_position(ISSUE_POSITION)
    assert err.value.message == "Ukraine has 10000 armies; a territory holds at most 999."
    assert err.value.reason == "too_many_armies"


@pytest.mark.parametrize(("position", "words"), [
    ("Red to move, attack | Red: Ukraine 5 | rest: Blue 10000000000000000000", "at most 999"),
    ("Red to move, attack | Red: Ukraine 5 | rest: Blue 100000000000000000000000", "at most 20 digits"),
    ("Red to move, attack | Red: Ukraine " + "9" * 5000 + " | rest: Blue 1", "a number of 5000 digits"),
    ("Red to move, attack | Red: Ukraine -3 | rest: Blue 1", "territory and its armies"),
    ("Red to move, reinforce " + "7" * 4400 + " | Red: Ukraine 5 | rest: Blue 1", "a number of 4400 digits"),
    ("Red to move, reinforce 777777 | Red: Ukraine 5 | rest: Blue 1", "at most 99999"),
    ("Red to move, attack | Red: Ukraine 5 | rest: Blue 1 | sets traded: 123456", "at most 999 card sets"),
    ("Red to move, occupy Ukraine -> Ural 99999999 | Red: Ukraine 5 | rest: Blue 1", "at most 999"),
    ("Red to move, attack | Red: Ukraine 5 | rest: Blue", "rest: Blue 1"),
])
def test_huge_numbers_in_a_position_are_refused(position: str, words: str) -> None:
    """issue 13, item 3: huge, long and zero numbers give InvalidNotation with the limit (not ValueError)."""
    with pytest.raises(InvalidNotation) as err:
        parse_position(position)
    assert words in err.value.message


def test_the_largest_position_allowed_round_trips() -> None:
    """issue 13, item 3: 999 on every territory is allowed (the limit is inclusive)."""
    state = parse_position("Red to move, attack | Red: Ukraine 999 | rest: Blue 999")
    assert state.armies["ukraine"] == ARMIES.high == 999
    assert format_position(parse_position(format_position(state))) == format_position(state)


def test_a_saved_state_with_too_many_armies_is_refused() -> None:
    """issue 13, item 3: a record's start position (State.from_json) keeps the same limit."""
    state = parse_position("Red to move, attack | Red: Ukraine 5 | rest: Blue 1")
    data = copy.deepcopy(state.to_json())
    data["armies"]["ukraine"] = 10**23
    with pytest.raises(InvalidNotation, match="Ukraine has a number of about 24 digits armies|at most 999"):
        state.game.state_from_json(data)
    data["armies"]["ukraine"] = 5
    data["turn"] = 10**9
    with pytest.raises(InvalidNotation, match="at most 99999 turns"):
        state.game.state_from_json(data)


def test_a_huge_count_in_an_action_is_a_notation_error() -> None:
    """issue 13, item 3: 'fortify Ukraine -> Ural <5000 digits>' is InvalidNotation, not Python's int limit."""
    state = parse_position("Red to move, fortify | Red: Ukraine 5, Ural 3 | rest: Blue 1")
    with pytest.raises(InvalidNotation, match="a number of 5000 digits"):
        parse_action("fortify Ukraine -> Ural " + "4" * 5000, state)
    assert isinstance(ConquestGame().parse_action("fortify Ukraine -> Ural 2", state).armies, int)


def test_the_odds_of_the_largest_battle_take_linear_memory() -> None:
    """issue 13, item 3: 999 v 999 used to allocate a 1000 x 1000 grid (8 MB; 10000 v 10000: 800 MB);
    now a few arrays of about 1000 floats (well under 1 MB)."""
    odds._battle.cache_clear()
    tracemalloc.start()
    try:
        result = odds.battle_odds(999, 999)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        odds._battle.cache_clear()
    assert peak < 1_000_000
    assert abs(sum(result.attacker_survivors.values()) - 1) < 1e-9
    assert abs(sum(result.defender_survivors.values()) - 1) < 1e-9


def test_the_chain_odds_take_linear_memory() -> None:
    """issue 13, item 3: an 'attack on along a path' chain of the largest battles stays linear too."""
    odds._battle.cache_clear()
    odds._chain.cache_clear()
    tracemalloc.start()
    try:
        odds.chain_probability(999, [999, 999])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        odds._battle.cache_clear()
        odds._chain.cache_clear()
    assert peak < 1_000_000


def test_the_float_odds_still_match_the_exact_fractions() -> None:
    """issue 13, item 3: the linear-memory programme gives the exact (Fraction) odds to float rounding."""
    for attackers, defenders in ((2, 1), (5, 3), (12, 9), (25, 30)):
        exact = odds.conquer_probability_exact(attackers, defenders)
        assert abs(odds.conquer_probability(attackers, defenders) - float(exact)) < 1e-12
