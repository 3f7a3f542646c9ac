"""The newcomer's walk (Tactics): after a move the page said "The unit moves to H5: choose wait." while the
button reads "Wait". ``facts.moved_words`` names the unit and the buttons by their labels (the ones
``controls.ActionControls`` shows), and says what each does; Attack waits for an aim on a red-ringed enemy. The session's ``_go`` says it."""
from __future__ import annotations

from academy.ui.tactics.controls import LABELS, ActionControls
from academy.ui.tactics.facts import CHOICE_LABELS, moved_words

from .test_tactics_session import session_at


def test_the_words_name_the_unit_and_the_buttons_by_their_labels() -> None:
    text = moved_words("Tank", "H5", False, ["wait", "attack"], True, False)
    assert text.startswith("Tank moves to H5: press Wait to end its move there, or Cancel to choose again.")
    assert "Tap a red-ringed enemy to see the odds, again to attack." in text
    assert "choose wait" not in text and "The unit" not in text
    both = moved_words("Infantry", "H1", True, ["wait", "capture"], False, False)
    assert both == ("Infantry stays on H1: press Wait to end its move there, Capture to capture (or go on "
                    "capturing) the property there, or Cancel to choose again.")
    drop = moved_words("APC", "G2", True, ["wait", "unload"], False, True)
    assert "Unload to drop its cargo" in drop and "Tap a free tile next to it to drop the cargo there" in drop


def test_the_words_are_the_buttons_the_panel_shows() -> None:
    assert LABELS is CHOICE_LABELS
    s = session_at("river_crossing day 2 red | red 0: infantry H2 | blue 0: tank H9")
    controls = ActionControls(s)
    s.click("H2")
    s.click("H1")                                   # a city: Wait and Capture
    controls.update()
    shown = [b.label for k, b in controls.buttons.items() if b.visible]
    assert shown == ["Wait", "Capture"] and controls.cancel.visible
    text = moved_words("Infantry", "H1", False, s.choice_kinds(), bool(s.targets), bool(s.options_of("unload")))
    assert all(f"press {label}" in text or f", {label} " in text for label in shown) and "Cancel" in text


def test_the_session_says_it_after_a_move() -> None:
    s = session_at()
    s.click("E2")
    s.click("E3")
    assert s.message == ("Tank moves to E3: press Wait to end its move there, or Cancel to choose again. Tap a "
                         "red-ringed enemy to see the odds, again to attack.")
