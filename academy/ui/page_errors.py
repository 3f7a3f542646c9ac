"""What a page shows when its link is wrong or building it fails: a short, friendly page, never a traceback.

``game_number(text)`` reads a shared game's number from a link (``?match=12``) and says plainly what is
wrong with a damaged one; ``error_page()`` is the page shown when building a page raised anything
else (the traceback goes to the server's log only, with ``log_page_error``).
"""
from __future__ import annotations

import html
import logging
from collections.abc import Mapping

import panel as pn

log = logging.getLogger("academy.ui.pages")

#: the largest game number a link may name (the database's 64-bit row ids)
MAX_GAME_NUMBER = 2**63 - 1
#: how much of a visitor's text a message quotes
QUOTE_CHARS = 40


def clip_text(text: object, limit: int = QUOTE_CHARS) -> str:
    """``text`` for a message, cut to ``limit`` characters (``12345… (5,000 characters)``)."""
    s = str(text)
    return s if len(s) <= limit else f"{s[:limit]}… ({len(s):,} characters)"


def quote_text(text: object, limit: int = QUOTE_CHARS) -> str:
    """``text`` quoted for a message, cut to ``limit`` characters (``'12345…' (5,000 characters)``)."""
    s = str(text)
    return repr(s) if len(s) <= limit else f"{s[:limit]!r}… ({len(s):,} characters)"


def game_number(text: object) -> int:
    """The game number in a link (``"12"`` → 12). Raises ValueError with the reason, in words.

    >>> game_number(" 7 ")
    7
    """
    s = str(text or "").strip()
    if not s.isascii() or not s.isdigit():
        raise ValueError(f"This link is damaged: {quote_text(s)} is not a game number. Games are numbered 1, 2, "
                         "3 …; pick one from the list of games.")
    if len(s) > len(str(MAX_GAME_NUMBER)) or not 1 <= int(s) <= MAX_GAME_NUMBER:
        shown = s if len(s) <= QUOTE_CHARS else f"{s[:QUOTE_CHARS]}… (a number of {len(s):,} digits)"
        raise ValueError(f"There is no game {shown}: check the link, or pick a game from the list of games.")
    return int(s)


def log_page_error(query: Mapping[str, str]) -> None:
    """Log the exception being handled, with the page's query (cut), on the server only."""
    shown = {k: quote_text(v, 80) for k, v in list(query.items())[:12]}
    log.exception("a page failed to build for the query %s", shown)


def error_page() -> pn.viewable.Viewable:
    """The page shown when building a page failed: what happened and where to go."""
    return pn.Column(
        pn.pane.Alert("<b>This page could not be opened.</b> The link may be damaged or out of date, or "
                      "something went wrong on our side (it has been noted in the server's log). Check the link, "
                      "or start again from the home page.", alert_type="danger", css_classes=["page-error"]),
        pn.pane.HTML("<a href='?'>Home</a> · <a href='?page=games'>All games</a>"))


def alert_page(text: str, css_class: str, links: str = "<a href='?page=games'>See all games</a>"
               ) -> pn.viewable.Viewable:
    """A short message (``text``, escaped here) with links to go on from."""
    return pn.Column(pn.pane.Alert(html.escape(text), alert_type="danger", css_classes=[css_class]),
                     pn.pane.HTML(links))
