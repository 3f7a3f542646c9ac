"""The coach's rule for Tactics (academy/games/tactics/review.py): an attack's expected damage exchange in
funds, exact over the luck rolls, against the best attack of the same unit."""
from __future__ import annotations

from fractions import Fraction

import pytest

from academy.core.record import Record
from academy.core.review import grade_of, review
from academy.games.tactics.bots import make_bot
from academy.games.tactics.combat import attack_preview
from academy.games.tactics.game import TacticsGame
from academy.games.tactics.position import parse_position
from academy.games.tactics.review import THRESHOLDS
from tests.games.review_ladder import assert_ladder, played

#: the red tank on F4 can hit the blue infantry on G4 from where it stands, or the artillery on G5 from H5
GUNS = "river_crossing day 2 red | red 0: tank G3 acted, tank F4 | blue 0: artillery G5, infantry G4"


def record_of(position: str, *commands: str, seed: int = 0, **options: object) -> Record:
    state = parse_position(position, TacticsGame(map=position.split()[0], **options))
    state.record = Record(state.game, seed, start=state.to_json())      # the record starts at the position
    for text in commands:
        state.play(state.game.parse_action(text, state))
    return state.record


def exchange(position: str, command: str) -> Fraction:
    """The exact expected exchange of an attack, from the odds panel's distribution."""
    state = parse_position(position, TacticsGame(map=position.split()[0]))
    action = state.game.parse_action(command, state)
    odds = attack_preview(state, action)
    cost = {"tank": 7000, "infantry": 1000, "artillery": 6000}
    attacker = cost[state.units[(5, 3)].type]
    target = cost["artillery" if action.target == "G5" else "infantry"]
    return sum((p * (min(d, odds.defender_health) * target - min(c or 0, odds.attacker_health) * attacker) / 100
                for (d, c), p in odds.outcomes.items()), Fraction(0))


def test_the_cheap_target_next_to_a_gun_that_cannot_fire_back_is_a_blunder() -> None:
    [mark] = review(record_of(GUNS, "tank F4 attack G4")).marks
    made, best = exchange(GUNS, "tank F4 attack G4"), exchange(GUNS, "tank F4 -> H5 attack G5")
    assert mark.numbers["expected exchange (funds)"] == float(made)
    assert mark.better_numbers["expected exchange (funds)"] == float(best) == 4806.0
    assert mark.better == "tank F4 -> H5 attack G5"
    assert mark.grade == grade_of(float(best - made), THRESHOLDS) == "blunder"
    assert mark.lesson == ("combat", None)


def test_the_best_attack_is_good() -> None:
    [mark] = review(record_of(GUNS, "tank F4 -> H5 attack G5")).marks
    assert (mark.grade, mark.better) == ("good", None)
    assert mark.numbers["expected counter taken (funds)"] == 0.0        # artillery never fires back


def test_the_same_target_from_a_worse_tile_links_the_terrain_lesson() -> None:
    [mark] = review(record_of(GUNS, "tank F4 -> H4 attack G4")).marks
    assert mark.better == "tank F4 -> H5 attack G5" and mark.grade == "blunder"
    only_infantry = "river_crossing day 2 red | red 0: tank F4 | blue 0: infantry G4"
    [mark] = review(record_of(only_infantry, "tank F4 -> H4 attack G4")).marks   # from the road: no star
    assert mark.better in ("tank F4 attack G4", "tank F4 -> G3 attack G4")     # from plains: one star
    assert mark.lesson == ("terrain", None)
    made = exchange(only_infantry, "tank F4 -> H4 attack G4")
    assert mark.numbers["expected exchange (funds)"] == float(made)
    loss = mark.better_numbers["expected exchange (funds)"] - float(made)
    assert float(exchange(only_infantry, "tank F4 attack G4")) == mark.better_numbers["expected exchange (funds)"]
    assert loss > 0 and mark.grade == grade_of(loss, THRESHOLDS) == "good"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_luck_does_not_change_the_grade(seed: int) -> None:
    plays = ("tank F4 attack G4", "end turn")
    assert review(record_of(GUNS, *plays, seed=seed)).marks == review(record_of(GUNS, *plays, seed=0)).marks


def test_units_hidden_in_the_fog_are_not_read() -> None:
    """A blue bomber hidden in the fog far away changes nothing in red's marks (nor the funds Blue holds)."""
    one = record_of(GUNS, "tank F4 attack G4", fog=True)
    two = record_of(GUNS.replace("blue 0:", "blue 9000:") + ", bomber J10", "tank F4 attack G4", fog=True)
    assert review(one, players=[0]).marks == review(two, players=[0]).marks


def play(seed: int, levels: dict[int, str]) -> Record:
    return played(TacticsGame(day_limit=8).new_initial_state(seed=seed), make_bot, seed, levels)


def test_each_level_gives_away_no_less_than_the_one_above() -> None:
    assert_ladder(play, (("easy", "normal"), ("normal", "hard")), range(1, 5))
