"""The Academy's readings of the Fronts rules, each taught on the board by a lesson exercise (issue 19).

The Fronts rule document (/work/shared/rules/fronts.md) is silent on eight things the engine does; the
Rules page (academy/rulebook/fronts.md) states each one as "Academy reading (the document is silent)",
in the section named below. For each reading: the Rules page says it, one exercise of lessons/fronts/
teaches it (its lesson's text marks it as the Academy's reading), and the engine does exactly that from
a small position in the lesson notation.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from academy.core.errors import IllegalAction
from academy.games.fronts.battle import round_half_up, units_lost
from academy.games.fronts.fog import visible_stacks
from academy.games.fronts.goals import learner_of, play, start_state
from academy.games.fronts.odds import turn_odds
from academy.games.fronts.units import stack_moves
from academy.lessons import Attempt, load_lessons
from academy.rulebook import load_rulebook

LESSONS = {lesson.id: lesson for lesson in load_lessons("fronts")[0]}
BOOK = load_rulebook("fronts")

#: reading -> (section of the Rules page that states it, words of it there, lesson, exercise teaching it)
READINGS: dict[str, tuple[str, str, str, str]] = {
    "slowest unit": ("units", "a stack moves at the pace of its slowest unit", "units", "armor-runs-ahead"),
    "no forest for infantry and armor": ("units", "a stack of infantry and armor cannot enter a forest",
                                         "movement", "two-orders-into-the-forest"),
    "losses round half up": ("battles", "rounded half up", "losses", "half-a-unit"),
    "half income rounds down": ("income", "half the income of a captured city is rounded down", "income",
                                "half-of-a-capital"),
    "arriving teammates defend": ("battles", "teammates who arrive in a province the same turn defend it",
                                  "terrain", "arriving-in-time"),
    "support in every battle": ("battles", "guns and planes count in every battle", "three-sided",
                                "the-gun-counts-twice"),
    "two movers fight first": ("battles", "the two movers fight first", "three-sided", "let-them-fight-first"),
    "garrisons never hidden": ("fog", "neutral garrisons are never hidden by fog", "fog",
                               "garrisons-in-plain-sight"),
}


def _resolve(position: str, orders: str, seed: int = 7):
    state = start_state(position, seed)
    _, events = play(state, learner_of(state), orders)
    return state, events


def _battles(events, province: str) -> list[dict]:
    return [e.data for e in events if e.kind == "battle" and e.data["province"] == province]


def _sides(battle: dict) -> dict[str, tuple[str, float]]:
    return {s["name"]: (s["role"], s["strength"]) for s in battle["sides"]}


@pytest.mark.parametrize("reading", sorted(READINGS))
def test_each_reading_is_on_the_rules_page_and_taught_by_an_exercise(reading):
    """Rules page: each reading is stated as the Academy's reading in its section; an exercise (never a
    lesson's first) teaches it, the lesson's text calls it the Academy's reading, and the solution solves it."""
    section, words, lesson_id, ex_id = READINGS[reading]
    text = " ".join(BOOK.section(section).markdown.split())
    assert "Academy reading (the document is silent)" in text and words in text
    lesson = LESSONS[lesson_id]
    ex = lesson.exercise(ex_id)
    assert "Academy's reading" in " ".join(lesson.body.split()) and "Academy's reading" in ex.hints[1]
    if reading != "slowest unit":          # taught before issue 19, by the lesson's only exercise
        assert lesson.exercises[0] is not ex
    assert Attempt(lesson, ex).act(ex.solution[0]).status == "solved"


def test_a_stack_moves_at_its_slowest_units_pace():
    """fronts.md "Units" gives armor 2 moves and infantry 1 but not a mixed stack's; the Academy's reading
    (Rules page, Units): the slowest unit's pace."""
    pos = "Red to order; Red 10: 2 infantry 1 armor Northgate; Blue 10: 2 infantry Saltmarsh; neutral: none"
    state = start_state(pos)
    assert stack_moves({"infantry": 2, "armor": 1}) == 1 and stack_moves({"armor": 1}) == 2
    with pytest.raises(IllegalAction, match="slowest unit"):
        state.validate_orders("red", ["2 infantry 1 armor Northgate -> Westmere"])
    assert state.validate_orders("red", ["1 armor Northgate -> Westmere"]) == (
        "1 armor Northgate -> Ashford -> Westmere",)


def test_a_stack_of_infantry_and_armor_cannot_enter_a_forest():
    """fronts.md "Units": armor entering forest spends 2 moves; the Academy's reading (Rules page, Units):
    so a stack with infantry and armor cannot enter one. Each kind alone can; as two orders they arrive
    together and fight as one side."""
    pos = ("Red to order; Red 10: 2 infantry 2 armor Riverton; Blue 10: 2 infantry Elmshade; neutral: none; "
           "owners: Riverton Red")
    state = start_state(pos)
    with pytest.raises(IllegalAction, match="1 move a turn"):
        state.validate_orders("red", ["all Riverton -> Elmshade"])
    _, events = _resolve(pos, "2 infantry Riverton -> Elmshade; 2 armor Riverton -> Elmshade")
    [battle] = _battles(events, "elmshade")
    assert _sides(battle) == {"Red": ("attacker", 7.25), "Blue": ("defender", 5.0)}   # 2 + 7 × 0.75; 4 × 1.25


def test_losses_round_half_up():
    """fronts.md "Battles", Losses gives the shares but no rounding; the Academy's reading (Rules page,
    Battles): half up, so exactly half a unit costs a unit (and 2.5 costs 3, not 2)."""
    assert [round_half_up(Fraction(n, 2)) for n in (1, 3, 5)] == [1, 2, 3]
    assert units_lost({"infantry": 4}, Fraction(1, 8)) == {"infantry": 1, "artillery": 0, "armor": 0, "air": 0}
    pos = ("Red to order; Red 10: 4 infantry Millbrook, 1 artillery Ashford; Blue 10: 1 infantry Westmere, "
           "1 infantry Saltmarsh; neutral: none; owners: Westmere Blue")
    state = start_state(pos)
    red_wins = {}
    for n in (4, 3):
        [odds] = turn_odds(state, "red", [f"{n} infantry Millbrook -> Westmere",
                                          "1 artillery Ashford support Westmere"]).battles
        won = next(o for o in odds.battle.outcomes() if o.winner == 0)
        red_wins[n] = (float(odds.battle.win_probabilities()[0]), won.losses[0]["infantry"])
    # 4 × ½ × 2/8 = 0.5 → 1 unit; 3 × ½ × 2/7 = 0.43 → none
    assert red_wins == {4: (0.9, 1), 3: (pytest.approx(25 / 29), 0)}


def test_half_income_rounds_down():
    """fronts.md "Income": a city captured from an enemy pays half; the Academy's reading (Rules page,
    Income): rounded down, so Blue's capital pays 2 and its city 1, less than a neutral city's 3."""
    pos = ("Red to order; Red 10: 1 infantry Elmshade; Blue 10: 2 infantry Greyridge; neutral: none; "
           "owners: Elmshade Red, Riverton Red")
    paid = {}
    for city in ("Southport", "Saltmarsh", "Fordham"):
        _, events = _resolve(pos, f"1 infantry Elmshade -> {city}")
        paid[city] = next(e.data["paid"] for e in events if e.kind == "income" and e.data["player"] == "red")
    assert paid == {"Southport": 16 + 2, "Saltmarsh": 16 + 1, "Fordham": 16 + 3}


def test_teammates_arriving_the_same_turn_defend_with_the_terrain_bonus():
    """fronts.md "Battles" (the side moving in attacks, the side already there defends) is silent on a
    teammate arriving as the enemy does; the Academy's reading (Rules page, Battles, After the battle):
    it defends with the holders, defense values and the forest's +25%."""
    pos = ("Red to order; map: crossroads; Red 10: 2 infantry Fern Hill; Green 10: 1 infantry Mosswood; "
           "Blue 10: 3 infantry East Pass; Gold 10: none; neutral: none; owners: East Pass Blue, Fern Hill Red; "
           "Blue orders: 3 infantry East Pass -> Mosswood")
    _, events = _resolve(pos, "2 infantry Fern Hill -> Mosswood")
    [battle] = _battles(events, "mosswood")
    assert _sides(battle) == {"Blue": ("attacker", 3.0), "Red + Green": ("defender", 7.5)}   # 3 × 2 × 1.25


def test_support_counts_in_every_battle_in_the_province():
    """fronts.md "Units": a gun adds +2 to a battle next door; the Academy's reading (Rules page, Battles,
    After the battle): to every battle fought in that province that turn, here against Blue and then
    against the garrison."""
    pos = ("Red to order; map: crossroads; players: 3; mode: ffa; Red 10: 4 infantry 1 artillery South Pass; "
           "Blue 10: 4 infantry East Pass; Green 10: 4 infantry North Pass; neutral: 1 infantry Crown; "
           "owners: South Pass Red, East Pass Blue, North Pass Green; Blue orders: 4 infantry East Pass -> Crown")
    _, events = _resolve(pos, "4 infantry South Pass -> Crown; 1 artillery South Pass support Crown")
    first, second = _battles(events, "crown")
    assert _sides(first) == {"Blue": ("attacker", 4.0), "Red": ("attacker", 6.0)}       # 4 + 2
    assert _sides(second) == {"Red": ("attacker", 5.0), "Neutral": ("defender", 3.0)}   # 3 left + 2
    assert second["sides"][0]["chance"] == pytest.approx(25 / 34)


def test_two_sides_moving_into_a_third_sides_province_fight_each_other_first():
    """fronts.md "Battles", Three sides or more covers three movers; the Academy's reading (Rules page,
    Battles): with two movers and a holder, the movers fight first and the winner then fights the holder."""
    pos = ("Red to order; map: crossroads; players: 3; mode: ffa; Red 10: 2 infantry Crown, 2 armor South Pass; "
           "Blue 10: 4 infantry East Pass; Green 10: 4 infantry North Pass; neutral: none; "
           "owners: Crown Red, South Pass Red, East Pass Blue, North Pass Green; "
           "Blue orders: 4 infantry East Pass -> Crown; Green orders: 4 infantry North Pass -> Crown")
    _, events = _resolve(pos, "2 armor South Pass -> Frostwood")
    first, second = _battles(events, "crown")
    assert _sides(first) == {"Blue": ("attacker", 4.0), "Green": ("attacker", 4.0)}
    winner = first["winner"]
    assert _sides(second) == {winner: ("attacker", 3.0), "Red": ("defender", 6.0)}     # 4 - 1; 2 × 2 × 1.5
    assert next(s["chance"] for s in second["sides"] if s["name"] == "Red") == pytest.approx(0.8)


def test_neutral_stacks_are_never_hidden_by_fog():
    """fronts.md "Fog": only enemy stacks are hidden; the Academy's reading (Rules page, Fog): garrisons
    are seen exactly by everyone, even far from their stacks and land, where an enemy stack is not seen."""
    pos = ("Red to order; Red 10: 1 infantry Northgate; Blue 10: 2 infantry Dunmore; "
           "neutral: 2 infantry Birchwood; owners: Birchwood neutral")
    state = start_state(pos)
    garrison = [{"owner": "neutral", "units": {"infantry": 2, "artillery": 0, "armor": 0, "air": 0}}]
    seen = visible_stacks(state.board, state.fmap, "north")
    assert seen["birchwood"] == garrison and "dunmore" not in seen
    assert visible_stacks(state.board, state.fmap, None)["birchwood"] == garrison   # a spectator too
    assert state.observation("red")["stacks"]["birchwood"] == garrison
