"""Every game's lesson page styles its feedback the same way: solved in green, a miss or a refusal in red, a
note in blue (lessons_page.LESSON_CSS, before the game's own stylesheet). Game of War's and Diplomacy's
pages once showed the feedback as plain text: their stylesheets had no feedback classes."""
from __future__ import annotations

import pytest

from academy.ui.lessons_page import _FEEDBACK_CLASS
from academy.ui.registry import UI, load


@pytest.mark.parametrize("game", sorted(UI))
def test_the_feedback_box_has_a_style_for_every_kind_of_feedback(game):
    page = load(UI[game].lessons)()
    styles = "".join(str(s) for s in page.feedback.stylesheets)
    for css_class in set(_FEEDBACK_CLASS.values()):
        assert f".{css_class} {{" in styles, (game, css_class)
