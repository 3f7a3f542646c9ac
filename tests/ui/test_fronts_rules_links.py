"""The Fronts Rules page and its lessons lead to each other (academy/rulebook/fronts.md, "See ..." lines).

Every lesson link of the Rules page opens that lesson on the Lessons page, and the open lesson links
back to the Rules section that sent the learner there.
"""
from __future__ import annotations

from academy.rulebook import load_rulebook
from academy.ui.fronts.lessons import FrontsLessonsPage
from academy.ui.lessons_page import rules_link


def test_each_see_link_opens_its_lesson_which_links_back_to_the_section():
    page = FrontsLessonsPage()
    links = [(s.id, lesson_id) for s in load_rulebook("fronts").sections for _, _, lesson_id in s.lesson_links]
    assert ("goal", "free-for-all") in links and len({lesson_id for _, lesson_id in links}) == len(page.lessons)
    for section_id, lesson_id in links:
        page.open(lesson_id)
        assert page.lesson is not None and page.lesson.id == lesson_id and page.view.visible
        if page.lesson.section == section_id:
            assert rules_link(section_id, "fronts") in page.title.object
            assert f"section={section_id}#{section_id}" in page.title.object


def test_the_free_for_all_lesson_opens_from_its_address():
    page = FrontsLessonsPage(lesson_id="free-for-all")
    assert page.lesson.title == "Free-for-all" and "Rules: Goal" in page.title.object
    assert [ex.id for ex in page.lesson.exercises] == ["keep-the-last-city", "last-one-standing"]
