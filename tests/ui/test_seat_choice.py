"""One word for a person's seat in the five games' Play forms and Games cards (``seat_choice.PERSON``): a
walk found "Human" on Conquest's Play form and Games card but "Person (by link)" on the Tactics ones."""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import panel as pn
import pytest
from bokeh.document import Document

from academy.store.live import LiveHub
from academy.ui.registry import UI, part
from academy.ui.seat_choice import OPEN_SEAT_LABEL, PERSON, PERSON_BY_LINK, games_seat_options, play_seat_options

OTHER_WORDS = re.compile(r"\bhumans?\b", re.IGNORECASE)   # what Conquest called a person's seat


@pytest.fixture
def hub(tmp_path: Any) -> Iterator[LiveHub]:
    with LiveHub(f"sqlite:///{tmp_path / 'seats.db'}", synchronous=True) as h:
        yield h


def choices(view: Any) -> list[tuple[list[str], dict[str, Any]]]:
    """(css classes, {label: value}) of every select and group of buttons in ``view``."""
    root = view.__panel__() if hasattr(view, "__panel__") else view
    root.get_root(Document())
    out = []
    for w in root.select(lambda o: isinstance(o, (pn.widgets.Select, pn.widgets.RadioButtonGroup,
                                                  pn.widgets.CheckButtonGroup))):
        opts = w.options if isinstance(w.options, dict) else {str(o): o for o in w.options}
        out.append((list(w.css_classes), opts))
    return out


def test_the_options_use_the_one_word():
    assert list(play_seat_options("human", ["easy"])) == [PERSON, "CPU easy"]
    assert list(games_seat_options("human", "open", ["easy"])) == [PERSON_BY_LINK, OPEN_SEAT_LABEL, "CPU easy"]
    assert PERSON_BY_LINK.startswith(PERSON)


@pytest.mark.parametrize("game", sorted(UI))
def test_games_card_calls_a_persons_seat_the_same(game, hub):
    seats = [(c, o) for c, o in choices(part(game, "games_form")(hub)) if "seat-select" in c]
    assert seats, f"{game}'s Games card has no seat select"
    for classes, options in seats:
        assert {label for label, value in options.items() if value == "human"} == {PERSON_BY_LINK}, classes
        assert not [label for label in options if OTHER_WORDS.search(label)], options


@pytest.mark.parametrize("game", sorted(UI))
def test_play_form_calls_a_persons_seat_the_same(game):
    found = choices(part(game, "play")())
    for classes, options in found:
        assert not [label for label in options if OTHER_WORDS.search(label)], (classes, options)
        if "seat-select" in classes:
            assert {label for label, value in options.items() if value == "human"} == {PERSON}, classes
