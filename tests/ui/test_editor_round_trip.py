"""Issue 20, item 2 ("the editor round trip keeps everything"): every position a built-in lesson starts from
can be applied in its game's position editor (a teacher copies a lesson's line there), and the editor's line
for it, applied again, changes nothing. A line the editor writes in full comes back as the same position
(who is to move, the phase, every unit; in Diplomacy the learner's power and the fixed orders too); a line
with parts only a lesson reads (a learner's side, house rules, a new game's set-up) is applied with a note
saying those parts are not kept."""
from __future__ import annotations

import pytest

from academy.lessons import load_lessons
from academy.ui.conquest.editor import ConquestEditor
from academy.ui.diplomacy.editor import DiplomacyEditor
from academy.ui.fronts.editor import FrontsEditor
from academy.ui.game_of_war.editor import GameOfWarEditor
from academy.ui.tactics.editor import TacticsEditor

EDITORS = {"conquest": ConquestEditor, "diplomacy": DiplomacyEditor, "fronts": FrontsEditor,
           "game_of_war": GameOfWarEditor, "tactics": TacticsEditor}


def positions(game: str) -> list[tuple[str, str]]:
    lessons, _ = load_lessons(game)
    out = {}
    for lesson in lessons:
        for ex in lesson.exercises:
            out.setdefault(lesson.start_position(ex), f"{lesson.id}/{ex.id}")
    return [(where, line) for line, where in out.items()]


@pytest.mark.parametrize("game", EDITORS)
def test_every_lesson_position_survives_the_editor(game):
    from academy.lessons.exercise import start_state
    from academy.ui.editor_frame import LESSON_LINE_NOTE
    editor = EDITORS[game]()
    lost = []
    for where, line in positions(game):
        if line.startswith("new game") and game == "conquest":   # a set-up: refused with the reason, unchanged
            before = editor.position_line()
            assert not editor.apply_line(line) and "set-up" in editor.message and editor.position_line() == before
            continue
        assert editor.apply_line(line), f"{where}: {editor.message}"
        first = editor.position_line()
        told = LESSON_LINE_NOTE in editor.message
        if not told and start_state(game, first).to_json() != start_state(game, line).to_json():
            lost.append(f"{where}: {line!r} came back as {first!r} with no word of what was lost")
        assert editor.apply_line(first), f"{where}: {editor.message}"
        if editor.position_line() != first:
            lost.append(f"{where}: {first!r} became {editor.position_line()!r}")
        if game == "diplomacy":
            from academy.games.diplomacy.position_line import parse_position
            if parse_position(first) != parse_position(line):
                lost.append(f"{where}: {line!r} came back as {first!r}")
    assert not lost, "\n".join(lost[:5])


def test_a_lesson_only_part_is_applied_with_a_note_and_a_set_up_is_refused_with_the_reason():
    """A teacher pastes lesson lines: Fronts' "Red to order" and Tactics' house rules are lesson parts the
    editor does not keep, and it says so; Conquest's "new game" set-up is no position to edit."""
    from academy.ui.editor_frame import LESSON_LINE_NOTE
    fronts = FrontsEditor()
    assert fronts.apply_line("Red to order; Red 10: 2 infantry Millbrook; Blue 10: 2 infantry Saltmarsh; "
                             "neutral: none")
    assert fronts.message == f"Position applied. {LESSON_LINE_NOTE}" and "Red to order" not in fronts.position_line()
    tactics = TacticsEditor()
    assert tactics.apply_line("luck: on | river_crossing day 1 red | red 0: tank F8 | blue 0: infantry J10")
    assert LESSON_LINE_NOTE in tactics.message
    conquest = ConquestEditor()
    assert not conquest.apply_line("new game, 3 players, claim")
    assert conquest.message.startswith("That line was not applied: it starts a new game at the set-up")
