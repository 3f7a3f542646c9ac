"""The coach's rule for Conquest (academy/games/conquest/review.py): an attack's exact conquer chance
against the best attack on the board."""
from __future__ import annotations

import doctest

import pytest

from academy.core.record import Record
from academy.core.review import grade_of, review
from academy.games.conquest import ConquestGame, parse_position
from academy.games.conquest import review as conquest_review
from academy.games.conquest.bots import make_bot
from academy.games.conquest.odds import battle_odds, conquer_probability
from academy.games.conquest.review import THRESHOLDS
from tests.games.review_ladder import assert_ladder, played

BOARD = "Red to move, attack | Red: Ukraine 2, Siberia 10, Kamchatka 4 | Blue: Ural 10, Mongolia 1, Alaska 3 | rest: Blue 5"


def record_of(position: str, *commands: str, seed: int = 0) -> Record:
    state = parse_position(position, seed=seed)
    for text in commands:
        state.play(state.game.parse_action(text, state))
    return state.record


def test_doctests() -> None:
    assert doctest.testmod(conquest_review).failed == 0


def test_two_against_ten_next_to_ten_against_one_is_a_blunder() -> None:
    [mark] = review(record_of(BOARD, "attack Ukraine -> Ural 1")).marks
    assert mark.grade == "blunder" and mark.better == "attack Siberia -> Mongolia 3"
    assert mark.numbers == {"conquer chance": conquer_probability(2, 10, 1),
                            "expected armies lost": battle_odds(2, 10, 1).expected_attacker_losses}
    assert mark.better_numbers == {"conquer chance": conquer_probability(10, 1, 3),
                                   "expected armies lost": battle_odds(10, 1, 3).expected_attacker_losses}
    assert mark.lesson == ("attacking", None)
    assert "0.0002%" in mark.why and "99.99%" in mark.why


def test_the_best_attack_is_good_with_no_better_one() -> None:
    [mark] = review(record_of(BOARD, "attack Siberia -> Mongolia 3")).marks
    assert (mark.grade, mark.better, mark.better_numbers) == ("good", None, {})
    assert mark.numbers["conquer chance"] == conquer_probability(10, 1, 3)


def test_fewer_dice_than_allowed_links_the_dice_lesson() -> None:
    board = "Red to move, attack | Red: Kamchatka 4 | Blue: Alaska 3 | rest: Blue 5"
    [mark] = review(record_of(board, "attack Kamchatka -> Alaska 1")).marks
    loss = 100 * (conquer_probability(4, 3, 3) - conquer_probability(4, 3, 1))
    assert mark.grade == grade_of(loss, THRESHOLDS) == "blunder"
    assert mark.better == "attack Kamchatka -> Alaska 3" and mark.lesson == ("attacking", "most-dice")


def test_ending_the_attack_and_the_turn_are_not_graded() -> None:
    record = record_of(BOARD, "end attack", "end turn")
    assert review(record).marks == ()


def test_fair_odds_on_another_target_are_not_marked() -> None:
    """Kamchatka's 4 against Alaska's 3 (47%) is the best attack on Alaska; Siberia -> Mongolia (99.99%) is
    likelier, but which target is worth more is a plan, not odds."""
    [mark] = review(record_of(BOARD, "attack Kamchatka -> Alaska 3")).marks
    assert (mark.grade, mark.better) == ("good", None)


def test_the_same_target_from_a_weaker_neighbour() -> None:
    board = "Red to move, attack | Red: Ukraine 3, Afghanistan 10 | Blue: Ural 2 | rest: Blue 5"
    [mark] = review(record_of(board, "attack Ukraine -> Ural 2")).marks
    loss = 100 * (conquer_probability(10, 2) - conquer_probability(3, 2))
    assert mark.grade == grade_of(loss, THRESHOLDS) == "blunder"
    assert mark.better == "attack Afghanistan -> Ural 3" and "Afghanistan" in mark.why


REINFORCE = "Red to move, reinforce 3 | Red: Peru 1, Ukraine 5 | Blue: Brazil 8, Ural 1 | rest: Blue 2"


def test_armies_placed_where_they_neither_attack_nor_hold() -> None:
    """3 on Peru: its best attack (Argentina's 2) is 66%, and Brazil's 8 take it with 83%; on Ukraine they
    take Ural almost surely."""
    mark = review(record_of(REINFORCE, "place 3 Peru")).marks[0]
    loss = 100 * (conquer_probability(8, 1) - conquer_probability(4, 2))
    assert mark.grade == grade_of(loss, THRESHOLDS) == "blunder" and mark.better == "place 3 Ukraine"
    assert mark.numbers == {"conquer chance": conquer_probability(4, 2),
                            "chance it holds": 1 - conquer_probability(8, 4)}
    assert mark.lesson == ("reinforcements", None)


def test_armies_placed_on_the_best_territory_are_good() -> None:
    [mark] = review(record_of(REINFORCE, "place 3 Ukraine")).marks
    assert (mark.grade, mark.better) == ("good", None)


def test_set_up_armies_are_not_graded() -> None:
    state = ConquestGame(players=3, setup="claim").new_initial_state(seed=1)
    state.settle()
    bot = make_bot("easy", 1)
    while state.phase in ("claim", "place"):
        state.play(bot.choose(state))
    assert review(state.record).marks == ()


MOVE = "Red to move, occupy Brazil -> Argentina 3 | Red: Brazil 9, Argentina 0 | Blue: North Africa 6 | rest: Red 1"


def test_moving_everything_away_from_an_enemy_stack() -> None:
    """Argentina borders no enemy; moving 8 leaves Brazil 1 army against North Africa's 6."""
    [mark] = review(record_of(MOVE, "move 8")).marks
    assert mark.grade == "blunder" and mark.better == "move 3"
    assert mark.numbers == {"chance it falls": conquer_probability(6, 1), "armies left": 1}
    assert mark.better_numbers == {"chance it falls": conquer_probability(6, 6), "armies left": 6}


def test_moving_the_minimum_or_toward_an_enemy_is_good() -> None:
    assert review(record_of(MOVE, "move 3")).marks[0].grade == "good"
    toward = MOVE.replace("Argentina 3", "North Africa 3").replace("Argentina 0", "Argentina 1, North Africa 0") \
        .replace("Blue: North Africa 6", "Blue: Egypt 6")
    assert review(record_of(toward, "move 8")).marks[0].grade == "good"


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_dice_do_not_change_the_grade(seed: int) -> None:
    """The same decisions with other dice: the same marks (the second attack's board is the same too)."""
    plays = ("attack Ukraine -> Ural 1", "attack Siberia -> Mongolia 3")
    assert review(record_of(BOARD, *plays, seed=seed)).marks == review(record_of(BOARD, *plays, seed=0)).marks


def test_the_cards_in_hand_are_not_read() -> None:
    """Blue's hidden cards differ; Red's marks do not (the grade reads Red's view: the board, its cards)."""
    one = record_of(BOARD + " | Blue cards: Peru, Brazil, Egypt", "attack Kamchatka -> Alaska 3")
    two = record_of(BOARD + " | Blue cards: Wild 1, Wild 2", "attack Kamchatka -> Alaska 3")
    assert review(one, players=[0]).marks == review(two, players=[0]).marks


def play(seed: int, levels: dict[int, str]) -> Record:
    return played(ConquestGame(players=2).new_initial_state(seed=seed), make_bot, seed, levels, most=300)


def test_each_level_errs_less_than_the_one_below() -> None:
    """The ladder: easy against normal, normal against hard. (The easy CPU attacks only what it outnumbers,
    so its attacks are sound; its mistakes are reinforcements spread where they neither attack nor hold.)"""
    assert_ladder(play, (("easy", "normal"), ("normal", "hard")), range(1, 5))
