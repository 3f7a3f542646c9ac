"""Fronts' form says who plays on this screen and who the CPU plays. A newcomer's walk: clicking "Blue (South)"
to play Blue added Blue beside Red ("you play Red and Blue"), and "CPU level: Easy" stayed lit though no CPU
played. The line under the buttons now says it, and the CPU level is off while every side is played here."""
from __future__ import annotations

from academy.ui.fronts.play import FrontsPlayPage


def test_the_form_says_who_plays_here_and_who_the_cpu_plays() -> None:
    page = FrontsPlayPage()
    red, blue = page.people.options.values()
    assert page.people.value == [red]
    assert "Played here: Red. The CPU (normal) plays Blue. A click on a side adds or removes it." in page.who.object
    assert not page.level.disabled

    page.people.value = [red, blue]                                   # clicked Blue: Blue is added
    assert "Played here, taking turns: Red and Blue. No CPU plays, so the CPU level is not used." in page.who.object
    assert page.level.disabled

    page.people.value = [blue]                                        # clicked Red again: the CPU plays it
    page.level.value = "easy"
    assert "Played here: Blue. The CPU (easy) plays Red." in page.who.object and not page.level.disabled

    page.people.value = []
    assert "Choose the side (or sides) played on this screen." in page.who.object


def test_the_line_follows_the_map_chosen() -> None:
    page = FrontsPlayPage()
    page.game_choice.value = next(label for label in page.game_choice.options if "4 players" in label)
    assert "Played here: Red. The CPU (normal) plays Blue, Green and Gold." in page.who.object
