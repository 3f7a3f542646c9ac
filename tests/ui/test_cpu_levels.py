"""Levels everywhere (issue 21, item 3): every Play form and Games card of the five games offers easy,
normal and hard, with one line per level saying what to expect (the engine's words)."""
from __future__ import annotations

import panel as pn
import pytest

from academy.ui.cpu_levels import level_notes
from academy.ui.registry import UI, load
from academy.ui.shell import part

GAMES = ("conquest", "diplomacy", "fronts", "game_of_war", "tactics")


@pytest.mark.parametrize("game", GAMES)
def test_each_level_has_a_line(game: str) -> None:
    notes = level_notes(game)
    assert list(notes) == ["easy", "normal", "hard"]
    assert all(line.startswith(f"CPU {level}: ") and len(line) > 40 for level, line in notes.items())


def _texts(view) -> str:
    return " ".join(str(p.object) for p in pn.panel(view).select(pn.pane.HTML))


def _options(view) -> set:
    values = set()
    for w in pn.panel(view).select(pn.widgets.Select) + pn.panel(view).select(pn.widgets.RadioButtonGroup):
        options = w.options.values() if isinstance(w.options, dict) else w.options
        values |= {str(v) for v in options}
    return values


@pytest.mark.parametrize("game", GAMES)
def test_the_play_form_and_the_games_card_show_every_level_and_its_line(game: str, tmp_path) -> None:
    from academy.store.live import LiveHub
    with LiveHub(f"sqlite:///{tmp_path}/levels.db", synchronous=True) as hub:
        forms = [part(game, "play")(), load(UI[game].games_form)(hub)]
    for form in forms:                           # (built while the hub was open; read after)
        text, options = _texts(form), _options(form)
        for level, line in level_notes(game).items():
            assert level in options, (type(form).__name__, level)
            assert line.replace("'", "&#x27;") in text or line in text, (type(form).__name__, level)
