"""Issue 15 (Lessons): the Conquest lessons as a newcomer meets them. Exercises do not state their own answer
(it is the last hint), the refusals a lesson talks about can be tried on the board, a goal out of reach says so
and offers Reset, the feedback is about the dice really rolled, and the rules the engine applies to cards are
each an exercise."""
from __future__ import annotations

import re

import pytest
from bokeh.document import Document

from academy.games.conquest import parse_position, rules
from academy.lessons import Attempt, load_lessons
from academy.lessons.exercise import RESET_NOTE
from academy.ui.conquest.banner import banner_html
from academy.ui.conquest.controls import PhaseControls
from academy.ui.conquest.lesson_model import LessonModel
from academy.ui.conquest.odds_panel import OddsPanel
from academy.ui.conquest.session import ConquestSession

LESSONS, _ = load_lessons("conquest")
CASES = [(lesson, ex) for lesson in LESSONS for ex in lesson.exercises]


def lesson_named(lesson_id: str):
    return next(lesson for lesson in LESSONS if lesson.id == lesson_id)


def model_for(lesson_id: str, exercise_id: str) -> LessonModel:
    lesson = lesson_named(lesson_id)
    model = LessonModel()
    model.start(Attempt(lesson, lesson.exercise(exercise_id)))
    return model


@pytest.mark.parametrize(("lesson", "ex"), CASES, ids=[f"{lesson.id}/{ex.id}" for lesson, ex in CASES])
def test_no_exercise_states_its_own_answer(lesson, ex):
    """Issue 15, Lessons item 1: neither the prompt nor the wrong-try feedback holds the solution's command;
    the last hint does."""
    told = f"{ex.prompt} {ex.wrong}".lower()
    for command in ex.solution:
        assert command.lower() not in told, (ex.id, command)
    assert any(word in ex.hints[-1].lower() for word in ex.solution[0].lower().split()[1:3])


def test_the_setup_wrong_try_does_not_name_siam():
    """Issue 15, Lessons item 1: lesson 1's wrong-try feedback gave the answer away ("we wanted Siam")."""
    lesson = lesson_named("setup")
    attempt = Attempt(lesson, lesson.exercise("claim-the-door"))
    fb = attempt.act("claim Japan")
    assert fb.status == "wrong" and "Siam" not in fb.message
    assert "Siam" in lesson.exercise("claim-the-door").hints[-1]


def test_the_reinforcements_lesson_leaves_the_count_to_the_learner():
    """Issue 15, Lessons item 1: lesson 3 showed "14 ÷ 3 = 4" in the text and the panel. Now its exercises
    plan next turn's count in the attack phase, where the panel shows no breakdown, and neither the text,
    the prompts nor the first hints do the division for the learner."""
    lesson = lesson_named("reinforcements")
    shown = " ".join([lesson.body] + [ex.prompt + " " + " ".join(ex.hints[:-1]) + " " + ex.wrong
                                      for ex in lesson.exercises])
    assert "14 ÷ 3" not in shown and "8 ÷ 3" not in shown and "floor" not in shown
    for ex in lesson.exercises:
        model = model_for("reinforcements", ex.id)
        panel = OddsPanel(model)
        panel.__panel__().get_root(Document())
        assert "÷" not in panel.odds.object and model.state.phase == "attack"
        assert rules.reinforcement_breakdown(model.state, 0)[0] < 5 if ex.id == "five-next-turn" else True


def test_lesson_2_lets_the_learner_try_to_attack_before_placing():
    """Issue 15, Lessons item 2: a click on an enemy territory in the reinforcement phase reaches the engine
    as an attack and shows its refusal; the prompt invites it; nothing changes."""
    model = model_for("turn", "straight-to-fortify")
    assert "Siberia" in model.attempt.exercise.prompt and "before placing" in model.attempt.exercise.prompt
    before = model.state.to_json()
    model.click("siberia")
    assert model.feedback.status == "illegal"
    assert "Attacking is refused now" in model.message and "reinforcement phase" in model.message
    assert model.state.to_json() == before and model.attempt.actions == []
    for text in model.attempt.exercise.solution:            # and the exercise is still there to solve
        model.act(text)
    assert model.feedback.status == "solved"


def test_lesson_4_says_when_siam_can_no_longer_reach_7_and_offers_reset():
    """Issue 15, Lessons item 3: a placement elsewhere made 7 on Siam unreachable, and the page said
    "Keep going". Now the goal is lost at once, the reason is given, and the feedback says Reset."""
    lesson = lesson_named("continent-bonuses")
    attempt = Attempt(lesson, lesson.exercise("australia-pays"))
    assert attempt.act("place 1 Siam").status == "continue"         # 3 + 4 left: still reachable
    fb = attempt.act("place 1 Indonesia")
    assert fb.status == "wrong" and attempt.over
    assert "can no longer be solved" in fb.message and "Siam has 3 armies" in fb.message
    assert fb.message.endswith(RESET_NOTE) and "Reset" in RESET_NOTE
    assert "Keep going" not in fb.message and "ended before" not in fb.message
    attempt.reset()
    assert [attempt.act(c).status for c in lesson.exercise("australia-pays").solution] == ["solved"]


def test_an_armies_goal_is_not_lost_while_a_trade_could_still_bring_armies():
    """Issue 15, Lessons item 3: "out of reach" counts a trade the learner may still make."""
    lesson = lesson_named("cards")
    attempt = Attempt(lesson, lesson.exercise("trade-in-time"))
    fb = attempt.act("place 1 Scandinavia")        # Ukraine 2 + 2 left < 9, but the set is still in hand
    assert fb.status == "continue"


def test_lesson_6_feedback_names_the_dice_really_rolled():
    """Issue 15, Lessons item 4: after a 2-dice conquest the feedback said "the minimum was the 3 dice of your
    last roll". The engine's move-in line now says the dice of the last roll, and the lesson's text defers to it."""
    lesson = lesson_named("conquering")
    ex = lesson.exercise("move-in-strong")
    attempt = Attempt(lesson, ex)
    fb = attempt.act("attack Ukraine -> Ural 2")
    assert attempt.state.phase == "occupy" and attempt.state.occupy["min"] == 2, fb.message
    fb = attempt.act("move 5")
    assert fb.status == "solved"
    assert "the last roll was of 2 dice" in fb.message and "3 dice" not in fb.message
    assert "at most 11 armies could move" in fb.message


def test_lesson_11_does_not_send_the_learner_to_a_replay_button():
    """Issue 15, Lessons item 5: the banner of a won lesson said "Press Replay"; lessons have no Replay button.
    The Play page, which has one, still says it."""
    model = model_for("winning", "last-territory")
    for text in model.attempt.exercise.solution:
        model.act(text)
    assert model.state.is_terminal() and model.feedback.status == "solved"
    html = banner_html(model)
    assert "wins!" in html and "Replay" not in html

    class Play:                       # what the Play page's session offers: a Replay button
        state = model.state
    assert "The game is over. Press Replay to watch it again." in banner_html(Play())
    assert "has won" not in banner_html(Play())            # the headline says who wins: said once


def test_lesson_5_teaches_the_defender_dice_as_the_academys_convention():
    """Issue 15, Rules item 3: lesson 5 presented "the defender rolls the most" as the plain rule."""
    body = lesson_named("attacking").body
    assert "The Academy's convention:" in body and re.search(r"printed rules the defender chooses 1 or 2", body)


def test_a_trade_is_possible_only_while_armies_remain_to_place():
    """Issue 15, Rules item 4: taught on the board: place the last army first and the set cannot be traded."""
    lesson = lesson_named("cards")
    ex = lesson.exercise("trade-in-time")
    attempt = Attempt(lesson, ex)
    fb = attempt.act("place 3 Ukraine")
    assert fb.status == "wrong" and attempt.state.phase == "attack"
    attempt.reset()
    attempt.act("place 3 Ukraine")
    attempt.status = "continue"                      # look past the verdict: what the engine says to the trade
    fb = attempt.act("trade Alaska, Peru, Argentina")
    assert fb.status == "illegal" and "refused" in fb.message
    attempt.reset()
    assert [attempt.act(c).status for c in ex.solution] == ["continue", "solved"]
    assert attempt.state.armies["ukraine"] == 9
    assert "only while you still have armies to place" in " ".join(lesson.body.split())


def test_the_player_chooses_which_held_territory_gets_the_bonus():
    """Issue 15, Rules item 4: taught on the board: a set showing two held territories has one trade per
    bonus territory, and the exercise asks for the one next to Blue's stacks."""
    lesson = lesson_named("cards")
    ex = lesson.exercise("choose-the-bonus")
    model = model_for("cards", "choose-the-bonus")
    trades = [a for a in model.state.legal_actions(0) if type(a).__name__ == "TradeCards"]
    assert sorted(t.bonus for t in trades) == ["alaska", "kamchatka"]
    fb = Attempt(lesson, ex).act("trade Alaska, Kamchatka, Wild 1 (+2 Alaska)")
    assert fb.status == "wrong"
    model.act(next(t for t in trades if t.bonus == "kamchatka"))         # the trade button for Kamchatka
    assert model.feedback.status == "solved" and model.state.armies["kamchatka"] == 3
    assert "you **choose** which one" in " ".join(lesson.body.split())


def test_the_reshuffle_of_traded_cards_is_taught_on_the_board():
    """Issue 15, Rules item 4: the cards lesson's last exercise starts with an empty deck and every card in no
    hand on the discard pile; the card earned comes from the discard pile shuffled into a new deck, which the
    engine says (a reshuffle event, the exercise's goal) and the counts under the cards show."""
    lesson = lesson_named("cards")
    ex = lesson.exercise("deck-runs-out")
    model = model_for("cards", "deck-runs-out")
    controls = PhaseControls(model)
    controls.__panel__().get_root(Document())
    assert "Deck: 0 cards · discard pile (traded cards): 42 cards." in controls.hand.object
    for text in ex.solution:
        model.act(text)
    assert model.feedback.status == "solved"
    assert "The deck has run out: the 42 traded cards of the discard pile are shuffled" in model.feedback.message
    assert "Deck: 41 cards · discard pile (traded cards): 0 cards." in controls.hand.object
    attempt = Attempt(lesson, ex)                       # no conquest: no card, no reshuffle, the try is lost
    fb = attempt.act("end attack")
    assert fb.status == "wrong" and attempt.state.discard and not attempt.state.deck
    assert "shuffled back" in " ".join(lesson.body.split())


def text_of(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def side_panel(model) -> tuple[str, PhaseControls, OddsPanel]:
    controls, odds_panel = PhaseControls(model), OddsPanel(model)
    for view in (controls, odds_panel):
        view.__panel__().get_root(Document())
    return banner_html(model), controls, odds_panel


def test_lesson_4_keeps_the_count_it_asks_for_off_the_banner_and_the_panel():
    """Issue 15, Lessons item 1 and Play (the banner showed the number to place): lesson 4's first exercise
    asks the learner to count Red's reinforcements (5), and the banner ("Place your 5 reinforcements"), the
    panel ("Reinforcements this turn: 5", "Australia +2"), the armies box ("at most 5 now") and the nudge
    after a placement ("have 7 armies or more on Siam") told it. Its goal's ``work_out`` keeps them back; a
    game of the same position still shows them all."""
    model = model_for("continent-bonuses", "australia-pays")
    assert model.kept_back == {"reinforcements"}
    banner, controls, odds_panel = side_panel(model)
    shown = text_of(banner + odds_panel.odds.object + controls.armies.name)
    assert "5" not in shown and "÷" not in shown and "Australia" not in shown and "at most" not in shown
    assert "Place your reinforcements" in banner and "work out how many armies" in odds_panel.odds.object
    model.click("siam")
    assert model.feedback.status == "continue" and "7" not in model.feedback.message
    shown = text_of(banner_html(model) + odds_panel.odds.object + controls.armies.name)
    assert not re.search(r"\b4 (reinforcements|armies|left)|Left to place", shown), shown
    model.choice.armies = 9                              # more than are left: refused, not placed (nor counted)
    model.click("siam")
    assert model.state.armies["siam"] == 3 and model.message.startswith("You have fewer than 9 armies left")
    model.click("mongolia")                              # an attack before placing: the refusal does not count
    assert not re.search(r"\d", model.message) and "Attacking is refused now" in model.message
    model.choice.armies = 4
    model.click("siam")
    assert model.feedback.status == "solved"

    game = ConquestSession(synchronous=True, cpu_delay=0)    # a game helps with every number
    game.start_from(parse_position(lesson_named("continent-bonuses").position), ["human", "human"])
    banner, controls, odds_panel = side_panel(game)
    assert "Place your 5 reinforcements" in banner and "Australia" in odds_panel.odds.object
    assert controls.armies.name == "Armies per click (at most 5 now)"


def test_the_five_cards_exercise_keeps_the_sets_value_to_the_learner():
    """Issue 15, Lessons item 1: the five-cards exercise asks what the 6th set is worth (15); the panel
    ("next card set is worth 15"), the hand and the trade buttons ("→ 15 armies") said it. Now only the
    trade, once made, does."""
    model = model_for("cards", "five-cards")
    banner, controls, odds_panel = side_panel(model)
    buttons = [b.label for b in controls.trades.objects if "trade-button" in b.css_classes]
    assert buttons and not any("→" in b or "15" in b for b in buttons)
    assert "15" not in text_of(banner + odds_panel.odds.object + controls.hand.object)
    assert "worth" not in controls.hand.object and "work out what the next set" in odds_panel.odds.object
    model.act("trade Alaska, Peru, Argentina")
    assert "for 15 armies" in model.feedback.message


def test_work_out_names_only_what_a_board_can_keep_back():
    """The goal vocabulary (academy.games.conquest.goals): work_out takes reinforcements or set_value, in the
    goal's top mapping only."""
    from academy.core.goals import GoalError
    from academy.games.conquest.goals import compile_goal, start_state, worked_out
    state = start_state("Red to move, reinforce | Red: Siam 2 | rest: Blue 1")
    assert worked_out({"armies": {"Siam": 5}, "work_out": ["reinforcements", "set_value"]}) == {
        "reinforcements", "set_value"}
    with pytest.raises(GoalError, match="work_out takes reinforcements or set_value"):
        compile_goal({"armies": {"Siam": 5}, "work_out": "dice"}, state)
    with pytest.raises(GoalError, match="top mapping"):
        compile_goal({"all": [{"armies": {"Siam": 5}, "work_out": "reinforcements"}]}, state)
    assert compile_goal({"armies": {"Siam": 5}, "work_out": "reinforcements"}, state).text == (
        "have the armies the exercise asks for on Siam")
