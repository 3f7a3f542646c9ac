"""A course's page (``?page=course&course=CODE[&lesson=<ref>]``): anyone with the link follows its lessons in
order, on the game's own lessons page (the same boards, hints and checks), their tries kept on their
progress page. A lesson missing since (deleted by its teacher) is said, the others still open."""
from __future__ import annotations

import html
from typing import Any

import panel as pn

from academy.store.errors import StoreError
from academy.ui.registry import part
from academy.ui.teaching import courses, find_lesson, teachers

__all__ = ["course_page"]


def course_page(query: dict[str, str] | None = None) -> pn.viewable.Viewable:
    """The page for ``?page=course`` (see the module docstring)."""
    from academy.games import catalog_entry
    from academy.ui.progress_page import track_progress
    query = dict(query or {})
    try:
        course = courses().by_code(query.get("course", ""))
    except StoreError as exc:
        return pn.pane.Alert(f"{html.escape(str(exc))}", alert_type="warning", css_classes=["course-missing"])
    found = [find_lesson(course.game, ref) for ref in course.lessons]
    lessons = [lesson for lesson in found if lesson is not None]
    missing = len(found) - len(lessons)
    author = next((t.label for t in [teachers().by_collection(ref.split("/")[0]) for ref in course.lessons
                                     if "/" in ref] if t is not None), None)
    head = (f"<h2 style='margin:4px 0'>{html.escape(course.title)}</h2><p class='academy-muted'>A course of "
            f"{html.escape(catalog_entry(course.game).title)}: {len(lessons)} lesson{'s' if len(lessons) != 1 else ''}"
            f" in order{f', by {html.escape(author)}' if author else ''}. Your work is kept on "
            "<a href='?page=progress'>your progress page</a>.</p>")
    if missing:
        head += (f"<p class='feedback-wrong'>{missing} of its lessons cannot be opened any more (deleted or changed "
                 "since); the others can.</p>")
    view: Any = part(course.game, "lessons")(lesson_id=query.get("lesson"), exercise=query.get("exercise"),
                                             lessons=lessons)
    view.title_text = course.title
    if view.lesson is None:
        view.open(None)
    return pn.Column(pn.pane.HTML(head, sizing_mode="stretch_width", css_classes=["course-head"]),
                     track_progress(view, query), sizing_mode="stretch_width", css_classes=["course-page"])
