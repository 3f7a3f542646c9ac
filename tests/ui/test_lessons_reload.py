"""A teacher's lesson folder is read again when a file changes (issue 8, "Writing lessons": `academy serve
--lessons DIR` adds a folder, "reloaded when a file changes"): the next page opened shows the new text,
a broken save is reported with its file and line while the good lessons still load."""
from __future__ import annotations

from academy.lessons.loader import LESSONS_DIR
from academy.ui.conquest import LessonsPage
from academy.ui.lessons_page import clear_lessons, game_lessons


def test_a_changed_file_is_read_again(tmp_path, monkeypatch):
    good = (LESSONS_DIR / "conquest" / "attacking.md").read_text()
    mine = tmp_path / "my-attack.md"
    mine.write_text(good.replace("title: Attacking and the dice", "title: My own attack lesson"))
    monkeypatch.setenv("ACADEMY_LESSONS", str(tmp_path))
    clear_lessons()
    try:
        assert "My own attack lesson" in [lesson.title for lesson in LessonsPage().lessons]
        first = game_lessons("conquest")
        assert game_lessons("conquest") is first                  # nothing changed: not read again
        mine.write_text(good.replace("title: Attacking and the dice", "title: My attack lesson, second draft"))
        titles = [lesson.title for lesson in LessonsPage().lessons]
        assert "My attack lesson, second draft" in titles and "My own attack lesson" not in titles
        mine.write_text("---\ntitle: Broken\ngame: conquest\nsection: nowhere\n---\ntext\n")
        page = LessonsPage()
        assert "My attack lesson, second draft" not in [lesson.title for lesson in page.lessons]
        assert len(page.errors) == 1 and page.errors[0].file.endswith("my-attack.md") and page.errors[0].line
        assert "Attacking and the dice" in [lesson.title for lesson in page.lessons]
    finally:
        clear_lessons()


def test_learners_see_a_broken_files_name_not_the_servers_folders(tmp_path, monkeypatch):
    """Issue 20, item 5: the broken-lesson box names the file and line, relative to the lessons folder."""
    folder = tmp_path / "srv" / "private-teacher-folder"
    folder.mkdir(parents=True)
    (folder / "broken.md").write_text("---\ntitle: Broken\ngame: conquest\n  order: 2\n---\ntext\n")
    monkeypatch.setenv("ACADEMY_LESSONS", str(folder))
    clear_lessons()
    try:
        page = LessonsPage()
        shown = " ".join(str(getattr(o, "object", "")) for o in page.listing.objects)
        assert "A lesson file could not be read: broken.md, line 4:" in shown, shown[-400:]
        assert "private-teacher-folder" not in shown and str(tmp_path) not in shown
        assert "must be put in quotes" in shown
    finally:
        clear_lessons()
