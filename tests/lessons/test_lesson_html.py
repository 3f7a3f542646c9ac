"""Issue 13, item 10: a lesson file's HTML is sanitized (nh3, a small allowed set of tags and attributes) before
any student sees it, and the teachers' guide lists exactly what is allowed."""
from __future__ import annotations

import html
import re

import pytest

from academy.lessons.html import ALLOWED_ATTRIBUTES, ALLOWED_TAGS, lesson_html
from academy.lessons.loader import LESSONS_DIR

ATTACKS = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "<a href=\"javascript:alert(1)\">x</a>",
    "[x](javascript:alert(1))",
    "<div onclick=\"alert(1)\">x</div>",
    "<iframe src=\"https://evil.example\"></iframe>",
    "<style>body{display:none}</style>",
    "<span style=\"background:url(javascript:alert(1))\">x</span>",
    "<svg><script>alert(1)</script></svg>",
    "<form action=\"https://evil.example\"><input name=p></form>",
    "<object data=x></object><embed src=x>",
    "<a href=\"data:text/html,<script>alert(1)</script>\">x</a>",
    "<details open ontoggle=alert(1)>",
]


@pytest.mark.parametrize("attack", ATTACKS)
def test_script_and_its_vehicles_are_removed(attack):
    out = lesson_html(f"Intro\n\n{attack}\n\nOutro").lower()
    tags = " ".join(re.findall(r"<[^>]*>", out))        # what is markup (text such as "javascript:" may stay)
    assert "javascript:" not in tags and "data:" not in tags
    for bad in ("<script", "onerror", "onclick", "ontoggle", "<iframe", "<style", "style=",
                "<svg", "<form", "<input", "<object", "<embed", "<img", "alert(1)</"):
        assert bad not in tags, (attack, out)
    assert "intro" in out and "outro" in out


def test_what_markdown_writes_stays():
    out = lesson_html("# Title\n\n**bold** *it* `code` [rules](?game=conquest&tab=rules) [w](https://example.org)\n\n"
                      "- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n> quote\n")
    for good in ("<h1>Title</h1>", "<strong>bold</strong>", "<em>it</em>", "<code>code</code>",
                 'href="?game=conquest&amp;tab=rules"', 'href="https://example.org"', "<li>one</li>",
                 "<table>", "<td><span class=\"whole\">1</span></td>", "<blockquote>"):
        assert good in out, good
    assert 'rel="noopener noreferrer"' in out


def test_every_built_in_lesson_survives_the_sanitizer_unchanged_in_text():
    """The sanitizer removes nothing the built-in lessons use (their text all reaches the learner)."""
    from academy.lessons import load_lessons
    from academy.rulebook import GAMES
    from markdown_it import MarkdownIt
    md = MarkdownIt("commonmark").enable("table")
    for game in GAMES:
        lessons, errors = load_lessons(game)
        assert not errors
        for lesson in lessons:
            plain = html.unescape(re.sub(r"<[^>]+>", "", md.render(lesson.body)))
            cleaned = html.unescape(re.sub(r"<[^>]+>", "", lesson_html(lesson.body)))
            assert plain == cleaned, lesson.id


def test_the_guide_names_exactly_the_allowed_tags_and_attributes():
    guide = (LESSONS_DIR / "README.md").read_text(encoding="utf-8")
    section = guide[guide.index("### What the lesson text may contain"):]
    section = section[:section.index("\n## ")]
    kept = section[section.index("**Kept**"):section.index("**Attributes kept**")]
    named = set(re.findall(r"\b([a-z][a-z0-9]*)\b", " ".join(re.findall(r"`([^`]+)`", kept))))
    named |= {f"h{i}" for i in range(1, 7)}
    assert named >= ALLOWED_TAGS
    assert not {t for t in named if t not in ALLOWED_TAGS and not re.fullmatch(r"h[1-6]", t)}
    for attrs in ALLOWED_ATTRIBUTES.values():
        for attr in attrs:
            assert f"`{attr}`" in section, attr


def test_a_lesson_page_shows_the_cleaned_text(tmp_path, monkeypatch):
    """A teacher's lesson with a script: the student's lesson page gets the text without it."""
    from academy.ui.conquest import LessonsPage
    from academy.ui.lessons_page import clear_lessons

    good = (LESSONS_DIR / "conquest" / "attacking.md").read_text()
    head, body = good.split("\n---\n", 1)
    bad = head.replace("title: Attacking and the dice", "title: Scripted") + \
        "\n---\nRead this. <script>document.title='pwned'</script><img src=x onerror=alert(1)>\n" + body
    (tmp_path / "scripted.md").write_text(bad)
    monkeypatch.setenv("ACADEMY_LESSONS", str(tmp_path))
    clear_lessons()
    try:
        page = LessonsPage()
        lesson = next(item for item in page.lessons if item.title == "Scripted")
        page.open(lesson.id)
        shown = page.body.object
        assert "Read this." in shown
        assert "<script" not in shown and "onerror" not in shown and "pwned" not in shown
    finally:
        clear_lessons()


def test_a_short_table_cell_stays_on_one_line():
    """A newcomer saw "none" split as "no / ne" and "1-2" as "1- / 2" in a narrow lesson table."""
    from academy.lessons.html import lesson_html
    html = lesson_html("| armies | 2 | 3 |\n|---|---|---|\n| dice you may roll | none | 1-2 |\n\nRoll 1-3 dice.")
    assert '<td><span class="whole">none</span></td>' in html and '<td><span class="whole">1-2</span></td>' in html
    assert "<td>dice you may roll</td>" in html            # a longer cell may wrap
    assert "Roll 1-3 dice." in html                          # the text outside tables is left as written
