"""The teacher page's "Lessons, in the order you choose them" list opens whole: a newcomer's walk saw its list cut
off by the bottom edge of the page's card (a new teacher's page is short, and the list opens downward near its
end). Reached as a person does: the home page, the header's "Teachers" link, "Start as a teacher", then a click
on the course's lesson box. The open list must end above the bottom edge of the card that would cut it.
"""
from __future__ import annotations

import pytest

from academy.ui.shell import build_page, current_query

pytestmark = pytest.mark.ui

# JS: (the open list's bottom, the bottom of the nearest enclosing box that cuts what overflows it)
BOTTOMS = """
(el) => {
  const bottom = el.getBoundingClientRect().bottom;
  let n = el.parentNode || el.host;
  while (n) {
    if (n.nodeType === 11) { n = n.host; continue; }
    if (n.nodeType === 1 && getComputedStyle(n).overflowY !== 'visible') {
      return [bottom, n.getBoundingClientRect().bottom, n.tagName];
    }
    n = n.parentNode || n.host;
  }
  return [bottom, Infinity, 'none'];
}
"""


def test_the_course_lesson_list_opens_inside_the_page(serve, open_page, hub):
    url = serve(lambda: build_page(current_query()))
    page = open_page(width=1400, height=1400)
    page.open(url, board=None)
    page.page.locator(".teacher-header-link a").click()
    page.wait_text(".teacher-welcome", "Start as a teacher")
    page.page.locator(".teacher-name input").fill("Ms Lee")
    page.page.locator(".teacher-name input").press("Tab")
    page.page.locator(".teacher-start button").click()
    page.wait_text(".teacher-message", "Keep its link")
    page.page.locator(".course-lessons .choices").click()
    listed = page.page.locator(".course-lessons .choices__list--dropdown.is-active").first
    listed.wait_for(state="visible")
    page.page.wait_for_timeout(300)
    bottom, edge, cutter = listed.evaluate(BOTTOMS)
    assert bottom <= edge + 1, f"the list ends at {bottom:.0f} px, below the {cutter}'s edge at {edge:.0f} px"
    page.page.locator(".course-lessons .choices__item--choice", has_text="Continent bonuses").first.click()
    assert not page.errors, page.errors
