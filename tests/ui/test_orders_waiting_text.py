"""The line of a local Diplomacy or Fronts page that says who at this screen has still to order, and when
the CPU writes its orders (``LocalOrders.waiting_text``): plain words, the same in both games."""
from __future__ import annotations

from academy.ui.diplomacy.session import LocalDiplomacy
from academy.ui.fronts.session import LocalFronts


def test_one_person_against_the_cpu_is_told_when_the_cpu_orders():
    s = LocalDiplomacy(synchronous=True)
    s.new_game(people=["FRANCE"], seed=3, years=1)
    assert s.waiting_text() == "France: orders not submitted yet. The CPU writes its orders when you submit."


def test_a_hot_seat_names_each_person_and_who_has_submitted():
    s = LocalDiplomacy(synchronous=True)
    s.new_game(people=["FRANCE", "GERMANY"], seed=3, years=1)
    assert s.waiting_text() == ("On this screen: France still to order, Germany still to order. The CPU writes "
                                "its orders when the last of you submits.")
    s.show_screen()
    assert s.submit() is not False
    assert "France submitted, Germany still to order" in s.waiting_text()


def test_a_game_of_people_only_says_nothing_of_the_cpu():
    s = LocalFronts(synchronous=True)
    s.new_game(people=["red", "blue"], seed=1)
    assert s.waiting_text() == "On this screen: Red still to order, Blue still to order."
