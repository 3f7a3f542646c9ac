"""The coach's rule for the Game of War (academy/games/game_of_war/review.py): attacks by their combat
totals against the best attack, moves by the units they leave open to destruction or cut off."""
from __future__ import annotations

from academy.core.record import Record
from academy.core.review import review
from academy.games.game_of_war import Deploy, GameOfWarGame, combat, parse_position
from academy.games.game_of_war.bots import make_bot
from tests.games.review_ladder import assert_ladder, played

TOTALS = ("North to move | board: empty | North arsenals: a8 | South arsenals: a10, a12 | "
          "North: N-I1 e8, N-I2 g8, N-I3 j8, N-I4 l8 | South: S-I1 e10, S-I2 j10, S-I3 j12")
REACH = ("North to move | board: empty | North arsenals: a8, e1 | South arsenals: e20, g20 | "
         "North: N-I1 e8, N-I2 b8 | South: S-I1 e12, S-I2 g12")


def record_of(position: str, *commands: str) -> Record:
    state = parse_position(position)
    for text in commands:
        state.play(state.game.parse_action(text, state))
    return state.record


def test_a_repelled_attack_where_a_destruction_was_on_is_a_blunder() -> None:
    [mark] = review(record_of(TOTALS, "N-I3 attacks S-I2")).marks
    pos = parse_position(TOTALS).position
    made, best = combat(pos, "north", "S-I2"), combat(pos, "north", "S-I1")
    assert (mark.grade, mark.better) == ("blunder", "N-I1 attacks S-I1")
    assert mark.numbers == {"attack": made.attack, "defence": made.defence, "result": "repelled"} \
        == {"attack": 8, "defence": 12, "result": "repelled"}
    assert mark.better_numbers == {"attack": best.attack, "defence": best.defence, "result": "destroyed"}
    assert mark.lesson == ("combat-totals", "pick-the-target")


def test_ending_the_turn_without_the_destruction_is_a_blunder_and_the_best_attack_good() -> None:
    [end] = review(record_of(TOTALS, "end")).marks
    assert (end.grade, end.numbers["result"]) == ("blunder", "no attack")
    [good] = review(record_of(TOTALS, "N-I2 attacks S-I1")).marks
    assert (good.grade, good.better) == ("good", None)


def test_a_move_into_the_enemys_reach_is_a_mistake() -> None:
    [mark] = review(record_of(REACH, "N-I1 e8-e9")).marks
    assert (mark.grade, mark.better) == ("mistake", "N-I1 e8-e7")
    assert mark.numbers == {"units open to destruction": 1, "units cut off": 0}
    assert mark.better_numbers == {"units open to destruction": 0, "units cut off": 0}
    assert "attack up to 8 against defence 6" in mark.why
    assert mark.lesson == ("combat-totals", "every-gun-counts")


def test_a_move_off_the_lines_is_an_inaccuracy_and_a_safe_move_good() -> None:
    [cut] = review(record_of(REACH, "N-I1 e8-d7")).marks
    assert cut.grade == "inaccuracy" and cut.numbers == {"units open to destruction": 0, "units cut off": 1}
    assert cut.lesson == ("communication", None)
    [safe] = review(record_of(REACH, "N-I1 e8-d8")).marks
    assert (safe.grade, safe.better) == ("good", None)


def test_the_hidden_deployment_is_not_graded_nor_read() -> None:
    """During a free deployment nothing is graded (the enemy's units are hidden then)."""
    state = GameOfWarGame(deployment="free").new_initial_state(seed=1)
    state.apply(Deploy("cavalry", (3, 4)))
    assert review(state.record).marks == ()


def play(seed: int, levels: dict[int, str]) -> Record:
    return played(GameOfWarGame(max_turns=12).new_initial_state(seed=seed), make_bot, seed, levels)


def test_each_level_leaves_fewer_units_open_than_the_one_below() -> None:
    assert_ladder(play, (("easy", "normal"), ("normal", "hard")), range(1, 3))
