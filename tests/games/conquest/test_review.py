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


def test_only_attacks_are_graded() -> None:
    record = record_of(BOARD, "end attack", "end turn")
    assert review(record).marks == ()


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


def test_normal_attacks_worse_than_hard() -> None:
    """The ladder, normal against hard. (Easy against normal does not hold by this rule: the easy CPU
    attacks only what it outnumbers, so by the odds it is the most careful attacker of the three; its
    weaknesses, thin borders and no continents, are not a matter of attack odds.)"""
    assert_ladder(play, (("normal", "hard"),), range(1, 5))
