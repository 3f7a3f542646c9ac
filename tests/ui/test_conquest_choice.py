"""The amounts a Conquest click uses (armies per click, attack dice) as the phase controls show them:
what the page allows now never overwrites what the person chose, and a new exercise or a new game starts
from the defaults (issue 14, items 1 and 8: found by the newcomer's walk, tests/ui/test_walk_conquest.py)."""
from __future__ import annotations

import bokeh.document

from academy.games.conquest import parse_position
from academy.games.conquest.actions import Attack
from academy.ui.conquest import LessonsPage, PlayPage
from academy.ui.conquest.controls import PhaseControls
from academy.ui.conquest.session import ConquestSession

# Ukraine can roll 2 dice at most (3 armies), Ural 3 (6 armies)
TWO_THEN_THREE = "Red to move, attack | Red: Ukraine 3, Ural 6 | rest: Blue 1"


def root(view):
    return view.__panel__().get_root(bokeh.document.Document())


def session(position: str) -> ConquestSession:
    s = ConquestSession(synchronous=True, cpu_delay=0)
    s.start_from(parse_position(position), ["human", "human"])
    return s


def last_decision(s: ConquestSession):
    return next(e.action for e in reversed(s.state.record.entries) if not e.chance)


def test_a_source_with_fewer_dice_does_not_lower_the_dice_of_the_next_attack():
    """Issue 14, item 1: after selecting a territory that may roll only 2 dice, the next attack from a big
    territory still rolls 3 (the person never chose 2: the dice buttons only showed what was allowed)."""
    s = session(TWO_THEN_THREE)
    c = PhaseControls(s)
    root(c)
    s.click("ukraine")
    assert list(c.dice.options.values()) == [1, 2] and c.dice.value == 2     # shown: the most allowed here
    s.click("ukraine")                                                     # deselect
    s.click("ural")
    assert c.dice.value == 3
    s.click("siberia")                                                     # targeted: the odds, no roll
    assert c.dice.value == 3 and c.attack_go.visible and len(s.state.record.entries) == 0
    s.click("siberia")                                                     # rolled
    assert last_decision(s) == Attack("ural", "siberia", 3)


def test_a_dice_choice_the_person_makes_is_kept():
    """Issue 14, item 1: choosing 1 die by its button is what the next click rolls."""
    s = session(TWO_THEN_THREE)
    c = PhaseControls(s)
    root(c)
    s.click("ural")
    c.dice.value = 1
    assert s.choice.dice == 1
    s.click("siberia")
    assert c.attack_go.label == "Attack Siberia from Ural (1 die)"
    s.click("siberia")
    assert last_decision(s) == Attack("ural", "siberia", 1)


def test_armies_per_click_above_the_armies_left_keeps_the_persons_choice_and_says_so():
    """Issue 14, item 1 and issue 15: 'Armies per click' 3 with only 2 left to place keeps the person's 3 for
    the next time, and the click that places the 2 left says so (typing 9 with 4 left used to place 1)."""
    s = session("Red to move, reinforce 5 | Red: Ukraine 3, Ural 6 | rest: Blue 1")
    c = PhaseControls(s)
    root(c)
    c.armies.value = 3
    s.click("ural")
    assert s.state.reinforcements == 2 and c.armies.value == 3 and s.choice.armies == 3
    assert c.armies.name == "Armies per click (at most 2 now)"
    s.click("ural")
    assert s.state.armies["ural"] == 11 and s.state.phase == "attack"
    assert s.message.startswith("You asked for 3 armies per click, but 2 are the most you can place on Ural now")


def test_a_new_exercise_starts_with_the_default_amounts():
    """Issue 14, item 8: the next lesson does not inherit the armies per click or dice of the last one."""
    page = LessonsPage()
    root(page)
    page.open("reinforcements")
    page.model.choice.armies = 4
    page.model.choice.dice = 2
    page.open("attacking")
    assert page.model.choice.armies == 1 and page.model.choice.dice == 3


def test_the_controls_show_a_reset_choice():
    """Issue 14, item 8: when the choice goes back to its defaults, the boxes and buttons say so."""
    s = session(TWO_THEN_THREE)
    c = PhaseControls(s)
    root(c)
    s.click("ural")
    c.dice.value = 1
    s.choice.reset()
    assert s.choice.dice == 3 and c.dice.value == 3


def test_a_new_game_from_the_form_starts_with_the_default_amounts():
    """Issue 14, item 8: a new game does not inherit the armies per click or dice of the last one."""
    page = PlayPage(ConquestSession(synchronous=True, cpu_delay=0), seed=3)
    root(page)
    page.session.choice.armies = 5
    page.session.choice.dice = 1
    page.form.start.clicks += 1
    assert page.session.state is not None
    assert page.session.choice.armies == 1 and page.session.choice.dice == 3
