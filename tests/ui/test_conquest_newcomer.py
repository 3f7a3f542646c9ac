"""Issue 15 (Conquest as a newcomer meets it), the Play items: each test plays the clicks a learner made."""
from __future__ import annotations

import bokeh.document

from academy.core.text import percent
from academy.games.conquest import odds, parse_position
from academy.rulebook import load_rulebook
from academy.ui.conquest import PlayPage
from academy.ui.conquest.controls import PhaseControls
from academy.ui.conquest.keyboard import ActionPicker
from academy.ui.conquest.odds_panel import OddsPanel
from academy.ui.conquest.session import ConquestSession

TWO_SOURCES = ("Red to move, attack | Red: Ukraine 2, Ural 4, Siberia 1 | Blue: Afghanistan 3, China 3, "
               "Scandinavia 1 | rest: Blue 1")


def game(position: str, seats=("human", "human")) -> ConquestSession:
    s = ConquestSession(synchronous=True, cpu_delay=0)
    s.start_from(parse_position(position), list(seats))
    return s


def test_the_dice_start_at_the_most_allowed_for_each_new_source_and_target():
    """issue 15: after an attack from a 2-army territory (1 die), an attack from a 4-army one rolled 1 die."""
    s = game(TWO_SOURCES)
    controls = PhaseControls(s)
    controls.__panel__().get_root(bokeh.document.Document())
    s.click("ukraine")
    assert controls.dice.options == {"1 die": 1} and controls.dice.value == 1
    s.choice.dice = 1                                  # what the selector's echo wrote for the 1-die attack
    s.click("ural")                                    # a new source: the most dice again
    assert s.selected == "ural" and s.choice.dice == 3 and controls.dice.value == 3
    s.click("china")                                   # targeted: the odds first
    s.click("china")                                   # rolled
    assert s.last_events[0].data["dice"] == 3


def test_typing_more_armies_than_are_left_says_what_was_placed():
    """issue 15: with 4 armies to place, 9 per click placed 1 without a word."""
    s = game("Red to move, reinforce 4 | Red: Ukraine 5, Ural 2 | rest: Blue 1")
    s.choice.armies = 9
    before = s.state.armies["ural"]
    s.click("ural")
    assert s.state.armies["ural"] == before + 4
    assert s.message == ("You asked for 9 armies per click, but 4 are the most you can place on Ural now: "
                         "4 armies placed there.")


def test_a_typed_refusal_shows_next_to_the_typed_box():
    """issue 15: typed-move errors appeared at the top of the side panel, out of sight."""
    s = game(TWO_SOURCES)
    picker = ActionPicker(s)
    picker.text.value_input = "attack Siberia -> China 3"
    picker._on_text()
    assert "Siberia" in picker.feedback.object and 'role="alert"' in picker.feedback.object
    picker.text.value_input = "attack Ural -> China 3"
    picker._on_text()
    assert picker.feedback.object == ""


def test_fortify_clicks_say_why_in_plain_words():
    """issue 15: "Fortify Alaska → Alaska refused: pick two different territories", "move 1 to 0", and an
    unreachable destination silently selected."""
    s = game("Red to move, fortify | Red: Alaska 1, Quebec 1, Ural 5, Siberia 3, Peru 4, Venezuela 2 | rest: Blue 1")
    s.click("alaska")
    assert s.selected is None and s.message == (
        "Fortify Alaska → Peru refused: Alaska has only 1 army, and one army must stay behind, so it has none "
        "to move. Fortify from a territory with 2 or more armies.")
    s.click("ural")
    s.click("peru")                                    # Red's, a source, but not joined to Ural
    assert s.selected == "peru" and s.message == (
        "Fortify Ural → Peru refused: no unbroken path of your own territories joins them. "
        "Peru selected: click one of your territories to move armies to.")
    s.click("peru")                                    # the source clicked again: deselected, nothing refused
    assert s.selected is None and s.message == "Peru is no longer selected."
    s.click("ural")
    s.click("quebec")                                  # joined to nobody: the typed path's words
    assert s.message == "Fortify Ural → Quebec refused: no unbroken path of your own territories joins them."
    assert not s.act("fortify Ural -> Ural 2") and s.message == (
        "Fortify Ural → Ural refused: a fortification moves armies from Ural to another territory of yours; "
        "name where they should go.")


def test_undo_stops_at_a_roll_against_the_cpu():
    """issue 15: attack, lose, Undo, attack again gave new dice against the CPU."""
    s = game(TWO_SOURCES, seats=("human", "easy"))
    s.click("ural")
    s.click("china")
    s.click("china")
    rolled = len(s.state.record)
    assert not s.undo()
    assert "dice once rolled stay rolled" in s.message and len(s.state.record) == rolled
    turn = " ".join(load_rulebook("conquest").section("turn").markdown.split())   # the Rules say which
    assert "in a game against the CPU it stops at the last roll of the dice" in turn


def test_the_selection_after_a_conquest_is_said():
    """issue 15: the conquered territory was selected without saying so; the next click deselected it."""
    s = game("Red to move, attack | Red: Ural 30 | Blue: Siberia 1 | rest: Blue 1")
    s.click("ural")
    while s.state.phase == "attack" and s.state.owner["siberia"] != 0:
        s.click("siberia")
    if s.state.phase == "occupy":
        s.act("move 3")
    assert s.selected == "siberia" and s.message.startswith("Siberia stays selected (")


def test_odds_never_round_an_uncertain_chance_to_certainty():
    """issue 15: 11 v 1 showed "100.00%" (true 99.996%)."""
    assert percent(0.99996) == "99.996%" and percent(0.00004) == "0.004%" and percent(1) == "100.0%"


def test_the_odds_are_those_of_the_dice_that_will_be_rolled():
    """issue 15: the panel showed 91.6% (the odds with the most dice) while 1 die was about to be rolled; the
    chance of attacking until the territory falls is worked out at the dice chosen too."""
    s = game("Red to move, attack | Red: Ural 10 | Blue: China 5 | rest: Blue 1")
    panel = OddsPanel(s)
    panel.__panel__().get_root(bokeh.document.Document())
    s.click("ural")
    s.click("china")                                   # targeted (no roll): Ural and China chosen
    assert (s.selected, s.target) == ("ural", "china") and s.state.phase == "attack"
    a, d = s.state.armies["ural"], s.state.armies["china"]
    assert percent(odds.conquer_probability(a, d, 3)) in panel.odds.object
    s.choice.dice = 1
    html = panel.odds.object
    assert "This roll: 1 die against 2" in html and "attacking with 1 die each roll" in html
    assert percent(odds.conquer_probability(a, d, 1)) in html
    assert odds.conquer_probability(a, d, 1) < odds.conquer_probability(a, d, 3)


def test_a_second_start_folds_the_new_game_form():
    """issue 15: "After a second Start the New game form stays open above the board" (the page folded it
    only when the first game appeared; tests/ui/test_browser_conquest_newcomer.py clicks it in Chromium)."""
    page = PlayPage(ConquestSession(synchronous=True, cpu_delay=0), seed=3)
    page.__panel__().get_root(bokeh.document.Document())
    page.form.seats[1].value = "human"
    page.form.start.clicks += 1
    assert page.session.state is not None and page.form_card.collapsed
    page.form_card.collapsed = False                    # the learner opens "New game" again
    first = page.session.state
    page.form.start.clicks += 1
    assert page.session.state is not first and page.form_card.collapsed


def test_after_undo_the_dice_start_at_the_most_again():
    """issue 15: "Same across lessons and after Undo": a 1-die attack undone leaves no 1 die behind."""
    s = game(TWO_SOURCES)
    s.click("ural")
    s.choice.dice = 1
    s.click("china")
    s.click("china")
    assert s.last_events[0].data["dice"] == 1
    assert s.undo() and s.selected is None
    s.click("ural")
    assert s.choice.dice == 3
    s.click("china")
    s.click("china")
    assert s.last_events[0].data["dice"] == 3


def test_dice_chosen_before_the_source_stay_for_that_attack():
    """A newcomer's walk: in "Attacking and the dice" the learner chose 1 die, then clicked Ukraine, and
    the choice jumped back to 3 dice (the attack rolled 3). Dice chosen with nothing selected are for the
    attack about to be picked; a new source after that starts at the most again."""
    s = game(TWO_SOURCES)
    s.choice.dice = 1
    s.click("ural")
    assert s.selected == "ural" and s.choice.dice == 1
    s.click("china")
    assert s.choice.dice == 1 and s.message.endswith("to conquer with 1 die. Press Attack (or click China again) "
                                                     "to roll.")
    s.click("china")
    assert s.last_events[0].data["dice"] == 1


def test_clicking_an_own_territory_that_cannot_attack_says_why_and_keeps_the_selection():
    """A newcomer's walk: with Mongolia selected, a click on one's own 1-army Ukraine read as an attack on
    it ("you hold Ukraine yourself"); it is a source that cannot attack."""
    from academy.games.conquest import parse_position
    from academy.ui.conquest.session import ConquestSession
    s = ConquestSession(cpu_delay=0, synchronous=True)
    s.start_from(parse_position("Red to move, attack | Red: Mongolia 5, Ukraine 1 | Blue: China 3 | rest: Blue 1"),
                 seats=["human", "human"])
    s.click("mongolia")
    s.click("ukraine")
    assert s.selected == "mongolia"
    assert s.message == ("Ukraine has 1 army; an attack needs at least 2, one must stay behind. "
                         "Mongolia stays selected.")
