"""A lesson's text as safe HTML: Markdown rendered, then cleaned by a maintained sanitizer (nh3, Ammonia).

Lesson files come from teachers and are shown in every student's browser, so their HTML is cut down to
a small set of tags and attributes: no script, no styles, no event handlers, no forms, no frames, and
links only to web pages, e-mail addresses or places in the Academy. ``lessons/README.md`` tells teachers
what stays. Pure Python (no Panel), so the loader, the checker and the pages share it.

>>> lesson_html("**Hold** <script>alert(1)</script>")
'<p><strong>Hold</strong> </p>\\n'
"""
from __future__ import annotations

import re

import nh3
from markdown_it import MarkdownIt

__all__ = ["ALLOWED_TAGS", "ALLOWED_ATTRIBUTES", "lesson_html", "clean_html"]

#: the tags a lesson's text may use (what Markdown writes, plus a few for tables and emphasis)
ALLOWED_TAGS = frozenset({
    "p", "br", "hr", "strong", "b", "em", "i", "u", "s", "del", "code", "pre", "kbd", "sub", "sup", "small",
    "mark", "blockquote", "ul", "ol", "li", "dl", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6",
    "table", "thead", "tbody", "tr", "th", "td", "caption", "a", "abbr", "span", "div",
})
#: the attributes each tag may keep (everything else, ``style`` and ``on…`` included, is removed)
ALLOWED_ATTRIBUTES = {
    "a": {"href", "title"},
    "abbr": {"title"},
    "th": {"colspan", "rowspan", "align"},
    "td": {"colspan", "rowspan", "align"},
    "ol": {"start"},
}
#: where a link may lead: web pages and e-mail; a link without a scheme (``?game=…``) stays in the Academy
URL_SCHEMES = frozenset({"http", "https", "mailto"})

_MD = MarkdownIt("commonmark").enable("table")


def clean_html(text: str) -> str:
    """``text`` (HTML) with only the allowed tags and attributes left; links open safely."""
    return nh3.clean(text, tags=set(ALLOWED_TAGS), attributes={k: set(v) for k, v in ALLOWED_ATTRIBUTES.items()},
                     url_schemes=set(URL_SCHEMES), link_rel="noopener noreferrer", strip_comments=True)


#: a table cell whose text is short (a number, a range, a word of a few letters): kept on one line
_CELL = re.compile(r"(<td[^>]*>)([^<]{1,6})(</td>)")


def lesson_html(markdown: str) -> str:
    """A lesson's Markdown text as HTML that is safe to show in any student's page. A short table cell ("none",
    "1-3") is kept whole (``class="whole"``): a narrow column would otherwise split it inside a word."""
    html = clean_html(_MD.render(markdown))
    return _CELL.sub(lambda m: f'{m[1]}<span class="whole">{m[2]}</span>{m[3]}', html)
