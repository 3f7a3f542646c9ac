"""The coach's rule for Fronts (academy/games/fronts/review.py): a turn's orders by the battle odds of
their weakest attack, the units they send out of supply, the cities they leave open and the cities in
reach of the enemy that idle units next door would have held, on the board the player saw."""
from __future__ import annotations

import pytest

from academy.core.record import Record
from academy.core.review import review
from academy.games.fronts.bots import make_bot
from academy.games.fronts.game import FrontsGame
from academy.games.fronts.odds import preview, turn_odds
from academy.games.fronts.review import GUARD_THRESHOLDS, HOLD
from tests.games.review_ladder import assert_ladder, bots_for

ODDS = ("Red 10: 2 infantry 2 armor Millbrook; Blue 10: 2 infantry Westmere, 1 infantry Saltmarsh; neutral: none; "
        "owners: Westmere Blue")
SUPPLY = ("Red 10: 2 armor Fordham, 1 infantry Northgate; Blue 10: 1 infantry Southport; neutral: none; "
          "owners: Fordham Red, Riverton Red")


def record_of(position: str, *orders: str, seed: int = 0) -> Record:
    game = FrontsGame()
    state = game.state_from_board(position, seed)
    for text in orders:
        state.apply(game.parse_action(text, state))
    state.resolve()
    return state.record


def held(position: str, orders: list[str], enemy: dict[str, list[str]], city: str) -> float:
    """The engine's chance that Red's team still holds ``city`` after ``orders`` against ``enemy``'s."""
    state = FrontsGame().state_from_board(position)
    return float(turn_odds(state, "red", orders, enemy).holds[city]["north"])


def test_one_infantry_against_two_dug_in_is_a_blunder() -> None:
    [mark] = review(record_of(ODDS, "Red: 1 infantry Millbrook -> Westmere"), players=[0]).marks
    odds = preview(FrontsGame().state_from_board(ODDS), "red", "1 infantry Millbrook -> Westmere")
    blue = {"blue": ["2 infantry Westmere -> Millbrook"]}        # Millbrook is in reach of Blue's Westmere stack
    assert mark.numbers == {"attacks": 1, "weakest attack's win chance": float(odds.battle.win_probabilities()[0]),
                            "units sent out of supply": 0, "cities left open": 0,
                            HOLD: held(ODDS, ["1 infantry Millbrook -> Westmere"], blue, "millbrook")}
    assert (mark.grade, mark.better) == ("blunder", "Red: Millbrook hold")
    assert mark.better_numbers == {"attacks": 0, "units sent out of supply": 0, "cities left open": 0,
                                   HOLD: held(ODDS, [], blue, "millbrook")}
    assert mark.lesson == ("odds", "eighty-percent") and "6%" in mark.why


def test_an_attack_at_good_odds_is_good() -> None:
    [mark] = review(record_of(ODDS, "Red: 1 infantry 2 armor Millbrook -> Westmere"), players=[0]).marks
    assert (mark.grade, mark.better) == ("good", None)
    assert mark.numbers["weakest attack's win chance"] == pytest.approx(0.8)


def test_armor_run_out_of_supply_is_marked() -> None:
    [mark] = review(record_of(SUPPLY, "Red: 2 armor Fordham -> Eastmere -> Dunmore"), players=[0]).marks
    assert mark.numbers == {"attacks": 0, "units sent out of supply": 2, "cities left open": 0}
    assert (mark.grade, mark.better, mark.lesson) == ("inaccuracy", "Red: Fordham hold", ("supply", "reconnect"))
    [near] = review(record_of(SUPPLY, "Red: 2 armor Fordham -> Eastmere"), players=[0]).marks
    assert near.grade == "good"


LEAVE = "Red 10: 4 infantry Millbrook; Blue 10: 1 infantry Riverton, 1 infantry Saltmarsh; neutral: none; owners: Riverton Blue"


def test_a_city_left_empty_beside_an_enemy_is_a_mistake() -> None:
    """fronts.md "Leaving a city": an enemy arriving as you leave takes the city with no fight."""
    [mark] = review(record_of(LEAVE, "Red: 4 infantry Millbrook -> Westmere"), players=[0]).marks
    assert mark.numbers["cities left open"] == 1
    assert (mark.grade, mark.better) == ("mistake", "Red: 3 infantry Millbrook -> Westmere")
    assert mark.better_numbers["cities left open"] == 0
    assert mark.lesson == ("leaving-a-city", "keep-a-guard") and "Millbrook" in mark.why


@pytest.mark.parametrize("orders", ["3 infantry Millbrook -> Westmere", "4 infantry Millbrook -> Riverton"])
def test_a_guard_kept_or_the_neighbour_attacked_is_good(orders: str) -> None:
    """One infantry left behind keeps Millbrook; marching into Riverton meets Blue's stack on the border."""
    [mark] = review(record_of(LEAVE, "Red: " + orders), players=[0]).marks
    assert mark.grade == "good" and mark.numbers["cities left open"] == 0


GUARD = ("Red 10: 1 infantry Millbrook, 3 infantry Oakhollow; Blue 10: 4 infantry Westmere, 1 infantry Fordham, "
         "1 infantry Saltmarsh; neutral: none; owners: Westmere Blue, Fordham Blue")
COME_IN = {"blue": ["4 infantry Westmere -> Millbrook"]}


@pytest.mark.parametrize("orders", ["3 infantry Oakhollow -> Highcrag", "Oakhollow hold"])
def test_idle_units_next_to_a_city_in_reach_are_a_blunder(orders: str) -> None:
    """fronts.md "Battles" and "Defense bonuses": if Blue's 4 infantry in Westmere come into Millbrook, its one
    infantry, dug in (2 x 1.25 = 2.5 against 4), holds 2.5² ÷ (2.5² + 4²) = 28%. Oakhollow's 3 infantry fight
    no battle (a march into Red's own Highcrag, or a hold); sent into Millbrook they arrive in time and defend
    with it: 10 against 4, 86%. 58 points of Millbrook's chance to hold given away: a blunder."""
    [mark] = review(record_of(GUARD, "Red: " + orders), players=[0]).marks
    assert mark.numbers[HOLD] == pytest.approx(held(GUARD, [], COME_IN, "millbrook")) == pytest.approx(6.25 / 22.25)
    assert (mark.grade, mark.better) == ("blunder", "Red: 3 infantry Oakhollow -> Millbrook")
    assert mark.better_numbers[HOLD] == pytest.approx(held(GUARD, ["3 infantry Oakhollow -> Millbrook"], COME_IN,
                                                           "millbrook")) == pytest.approx(100 / 116)
    assert 100 * (mark.better_numbers[HOLD] - mark.numbers[HOLD]) >= GUARD_THRESHOLDS[2]
    assert mark.lesson == ("terrain", "arriving-in-time")
    assert "Millbrook holds with 28%" in mark.why and "4 infantry in Westmere" in mark.why and "86%" in mark.why


@pytest.mark.parametrize("orders", ["3 infantry Oakhollow -> Millbrook",       # they guard it
                                    "3 infantry Oakhollow -> Fordham",          # they attack (50%): not idle
                                    "2 infantry Oakhollow -> Millbrook; 1 infantry Oakhollow -> Highcrag"])
def test_a_city_guarded_or_units_fighting_elsewhere_are_not_marked(orders: str) -> None:
    """Units that go into the city, or fight a battle elsewhere, are not idle; with 2 of the 3 infantry in
    Millbrook it holds 78%, and the third would add 8 points, under the 10 of an inaccuracy."""
    [mark] = review(record_of(GUARD, "Red: " + orders), players=[0]).marks
    assert (mark.grade, mark.better) == ("good", None)


def test_no_idle_unit_next_door_no_mark() -> None:
    """A city the enemy next door could take, with no unit of Red's able to reach it this turn: nothing to
    send, nothing marked."""
    far = GUARD.replace("3 infantry Oakhollow", "3 infantry Pinewood")
    [mark] = review(record_of(far, "Red: 3 infantry Pinewood -> Highcrag"), players=[0]).marks
    assert mark.numbers[HOLD] == pytest.approx(6.25 / 22.25)
    assert mark.grade == "good"


def test_replaced_orders_are_not_graded() -> None:
    record = record_of(ODDS, "Red: 1 infantry Millbrook -> Westmere", "Red: Millbrook hold")
    [mark] = review(record, players=[0]).marks
    assert mark.step == 1 and mark.grade == "good"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_battle_dice_do_not_change_the_grade(seed: int) -> None:
    plays = ("Red: 2 armor Millbrook -> Westmere", "Blue: Westmere hold")
    assert review(record_of(ODDS, *plays, seed=seed)).marks == review(record_of(ODDS, *plays, seed=0)).marks


def test_stacks_hidden_in_the_fog_are_not_read() -> None:
    """Blue's armor in Dunmore is out of Red's sight: Red's marks are the same with it or without it."""
    hidden = ODDS.replace("1 infantry Saltmarsh", "1 infantry Saltmarsh, 6 armor Dunmore")
    plays = ("Red: 1 infantry Millbrook -> Westmere",)
    assert review(record_of(hidden, *plays), players=[0]).marks == review(record_of(ODDS, *plays), players=[0]).marks


def play(seed: int, levels: dict[int, str]) -> Record:
    state = FrontsGame(turns=10).new_initial_state(seed)
    bots = bots_for(make_bot, seed, levels)
    while not state.is_terminal():
        for player in state.waiting():
            state.submit(player, bots[player].orders(state, player))
        state.resolve_step()
    return state.record


def test_each_level_errs_less_than_the_one_below() -> None:
    """The ladder: easy (cities left empty, attacks by head count) against normal, normal against hard."""
    assert_ladder(play, (("easy", "normal"), ("normal", "hard")), range(1, 4))


def test_every_mark_links_to_a_lesson_and_exercise_that_exist() -> None:
    from academy.games.fronts.review import LESSONS
    from academy.lessons import load_lessons
    lessons = {lesson.id: {ex.id for ex in lesson.exercises} for lesson in load_lessons("fronts")[0]}
    for lesson, exercise in LESSONS.values():
        assert exercise in lessons[lesson], (lesson, exercise)
