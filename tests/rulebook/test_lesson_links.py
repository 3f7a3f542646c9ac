"""The Rules pages and the lessons link to each other (academy/rulebook/<game>.md, lessons/<game>/*.md).

A lesson names the Rules section it teaches (``section:``); a section's "See" lines link to its lessons
by id (``?game=<game>&tab=lessons&lesson=<id>``), with the lesson's title as the link text.
Fronts: fronts.md points every rule to an Academy topic ("See ..."), so every Fronts lesson is linked.
"""
from __future__ import annotations

import pytest

from academy.lessons import load_lessons
from academy.rulebook import GAMES, Section, load_rulebook
from academy.ui.rules_page import render_rulebook


@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_link_of_a_rules_page_opens_a_lesson_of_that_title(game):
    lessons = {lesson.id: lesson for lesson in load_lessons(game)[0]}
    for section in load_rulebook(game).sections:
        for text, linked_game, lesson_id in section.lesson_links:
            assert linked_game == game, (section.id, lesson_id)
            assert lesson_id in lessons, f"{game} rules, {section.id}: no lesson {lesson_id!r}"
            assert text == lessons[lesson_id].title, (section.id, lesson_id)


@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_teaches_a_real_section_of_the_rules_page(game):
    sections = set(load_rulebook(game).section_ids)
    for lesson in load_lessons(game)[0]:
        assert lesson.section in sections, (lesson.id, lesson.section)


def test_every_see_line_of_the_fronts_rules_links_to_lessons():
    """fronts.md: each "See ..." names Academy topics; on the Rules page each is a link to a lesson."""
    book = load_rulebook("fronts")
    see_lines = [(s.id, line) for s in book.sections for line in s.markdown.splitlines() if line.startswith("See ")]
    assert len(see_lines) >= 9
    for section_id, line in see_lines:
        assert Section(section_id, "", line).lesson_links, (section_id, line)


def test_every_fronts_lesson_is_linked_from_the_section_it_teaches():
    """fronts.md: Moving at the same time, Artillery, Air, Battles & odds, Terrain & rivers, Supply &
    cutting off, Economy & building, Neutral cities and Free-for-all each lead to their lesson."""
    book = load_rulebook("fronts")
    for lesson in load_lessons("fronts")[0]:
        linked = [lesson_id for _, _, lesson_id in book.section(lesson.section).lesson_links]
        assert lesson.id in linked, (lesson.id, lesson.section)
    goal = [lesson_id for _, _, lesson_id in book.section("goal").lesson_links]
    assert "free-for-all" in goal


def test_lesson_links_open_beside_a_game_but_in_place_on_the_rules_page():
    book = load_rulebook("fronts")
    link = 'href="?game=fronts&amp;tab=lessons&amp;lesson=odds"'
    assert f"<a {link}>Strength and odds</a>" in render_rulebook(book)
    assert ("<a href='?game=fronts&tab=lessons&lesson=odds' target='_blank' rel='noopener'>Strength and odds"
            "<span class='new-tab-note'>&nbsp;(new tab)</span></a>") in render_rulebook(book, compact=True)
