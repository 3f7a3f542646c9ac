"""The app's shell: the home page with the five games and each game's Rules | Lessons | Play tabs.

Pages are chosen by query parameters, so every page has a plain, shareable link:
``?game=conquest&tab=lessons&lesson=attacking``. ``build_page(query)`` is the one entry point,
used by ``app.py`` (``panel serve app.py``) and by ``academy serve``.
"""
from __future__ import annotations

import html
import logging
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import panel as pn

from academy.games import CATALOG, catalog_entry
from academy.ui.address import BackForward
from academy.ui.header import HeaderLinks
from academy.ui.tap_answer import FollowTaps
from academy.ui.design import PAGE_CSS, PHONE, NARROW_MAIN_CSS, Fast, PageTemplate
from academy.ui.page_errors import clip_text, error_page, log_page_error
from academy.ui.registry import part
from academy.ui.rules_page import STYLE as RULES_STYLE
from academy.ui.rules_page import RulesPanel, render_markdown
# a browser hook (JS component) is defined before any page, or a page connected before its first import
# would not know it: the shared seats a browser remembers for its progress page
from academy.ui.seat_memory import RememberedSeats, SeatMemory  # noqa: F401

log = logging.getLogger("academy.ui.shell")

TABS = ("rules", "lessons", "play")
STYLE = """
.home-intro { font-size: 17px; max-width: 820px; }
.game-card { border: 1px solid #d5d9de; border-radius: 12px; padding: 14px 18px; margin: 8px; width: 300px;
             background: #fff; }
.game-card h2 { margin: 0 0 6px 0; font-size: 22px; }
.game-card a { display: inline-block; margin: 6px 12px 0 0; font-weight: 600; }
.game-card h2 a.game-title { margin: 0; color: inherit; text-decoration: none; }
.game-card h2 a.game-title:hover { text-decoration: underline; }
.game-card .soon { color: #8a5a00; background: #fff3d6; border-radius: 6px; padding: 2px 8px; font-size: 13px; }
.on-the-way { background: #fff3d6; border-radius: 10px; padding: 12px 16px; max-width: 820px; }
/* on a phone a card takes the line's whole width (a 300 px card was left of the middle: 26 px of margin on its
   left, 58 on its right, at 390 px) */
@media """ + PHONE + """ { .game-card { width: auto; flex: 1 1 100%; margin: 8px 0; } }
"""


def setup_extensions() -> None:
    """Load Panel's extensions and mend Panel's known defects (``panel_fixes``); call once from app.py or
    the server, never at import."""
    from bokeh.settings import settings

    from academy.ui import panel_fixes
    panel_fixes.apply()
    # Bokeh checks each new session's whole document for layout mistakes before its first byte (about 0.03 s
    # a lesson page); the browser tests' server (tests/ui/browser.py) still checks every page they open
    settings.perform_document_validation.set_value(False)
    pn.extension(notifications=True)
    # The browser hooks (JS components) are defined now, before any page: a component class first defined
    # while a page is connected (a lazy import in a callback) is unknown to the pages that show it later.
    import academy.ui.progress_page  # noqa: F401


def _card(entry) -> str:
    links = [f'<a class="tap" href="?game={entry.name}&tab=rules">Rules</a>']
    if entry.has_board:
        links += [f'<a class="tap" href="?game={entry.name}&tab=lessons">Lessons</a>',
                  f'<a class="tap" href="?game={entry.name}&tab=play">Play</a>']
    else:
        links.append('<span class="soon">Board on the way</span>')
    # the title opens the game too (its Rules, where a newcomer begins): people click a card's title
    title = f'<a class="game-title tap" href="?game={entry.name}&tab=rules">{html.escape(entry.title)}</a>'
    return (f'<div class="game-card" data-game="{entry.name}"><h2>{title}</h2>'
            f'<p>{html.escape(entry.blurb)}</p>{"".join(links)}</div>')


def home() -> pn.viewable.Viewable:
    intro = pn.pane.HTML(
        '<p class="home-intro">Learn five strategy games one rule at a time: read the rules, try each move '
        'on a live board, see the odds before you act and why things happened after, then play full games '
        'against the computer or friends.</p>', stylesheets=[STYLE])
    games = pn.pane.HTML('<p class="home-intro"><a href="?page=games" class="games-link tap">Games</a>: '
                         'create a game for several people, each on their own screen with a private seat link, '
                         'and watch the games being played.</p>', stylesheets=[STYLE])
    cards = pn.pane.HTML('<div style="display:flex;flex-wrap:wrap">' + "".join(_card(e) for e in CATALOG) + "</div>",
                         stylesheets=[STYLE], css_classes=["game-cards"], sizing_mode="stretch_width")
    return pn.Column(intro, cards, games, sizing_mode="stretch_width")


def _not_yet(title: str) -> pn.viewable.Viewable:
    return pn.pane.HTML(f'<div class="on-the-way"><b>{html.escape(title)}: the board is on the way.</b> '
                        "Its engine, lessons and games are being built; until then, read its Rules page.</div>",
                        stylesheets=[STYLE], css_classes=["on-the-way"])


TEACH_GUIDE = Path(__file__).resolve().parents[2] / "lessons" / "README.md"


def teach_page(guide: Path | None = None) -> pn.viewable.Viewable:
    """The teachers' guide to writing lessons (lessons/README.md), read now so an edit shows on reload."""
    path = guide or TEACH_GUIDE
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        return pn.pane.Alert(f"The guide to writing lessons cannot be shown: its file, lessons/README.md in the "
                             f"Academy's folder, could not be read ({html.escape(reason)}).",
                             alert_type="warning", css_classes=["teach-missing"])
    open_class = ('<p class="teach-teacher"><a class="teacher-page-link" href="?page=teacher">Your teacher page</a>: '
                  'write lessons here in the browser, put them in courses, and find your classes again, all from one '
                  'private link.</p>'
                  '<p class="teach-class"><a class="open-class-link" href="?page=class&open=1">Open a class</a>: run a '
                  'lesson or a course live with your students (they join with a code) and see who has solved each '
                  'exercise.</p>')
    from academy.ui.editor_page import EDITORS
    editors = " · ".join(f'<a class="editor-link" href="?page=editor&game={g}">{catalog_entry(g).title}</a>'
                         for g in EDITORS)
    open_class += (f'<p class="teach-editors">Set up a position on the board, for a lesson or a link: {editors}.</p>')
    return pn.pane.HTML(f'<div class="rules teach-guide">{open_class}{render_markdown(text)}</div>',
                        stylesheets=[RULES_STYLE],
                        sizing_mode="stretch_width", css_classes=["teach-page"])


def game_view(name: str, tab: str, query: Mapping[str, str]) -> pn.viewable.Viewable:
    """The Rules | Lessons | Play tabs of one game (only Rules for games still without a board)."""
    entry = catalog_entry(name)
    rules = RulesPanel(name, section=query.get("section"))
    if not entry.has_board:
        return pn.Column(_not_yet(entry.title), rules, sizing_mode="stretch_width")

    def play() -> pn.viewable.Viewable:
        if query.get("match"):             # a shared game opened by its seat (or watch) link
            from academy.ui.dashboard import shared_game_page
            return store_page(lambda: shared_game_page(query["match"], query.get("seat")))
        from academy.ui.local_games import keep_local_game     # the local game survives a reload
        from academy.ui.practice import practice_level, practice_note
        level = practice_level(query.get("cpu")) if query.get("position") else None
        if level is None:
            return keep_local_game(name, part(name, "play")(position=query.get("position")), query)
        page = part(name, "play")()                           # a position to play out against the CPU
        if not page.open_position(query["position"], cpu=level):
            return keep_local_game(name, page, query)
        note = practice_note(name, level, query.get("lesson"), query.get("exercise"))
        return pn.Column(note, keep_local_game(name, page, query), sizing_mode="stretch_width", margin=0)

    def lessons() -> pn.viewable.Viewable:
        from academy.lessons.collection import is_ref
        lesson_id = query.get("lesson")
        if is_ref(lesson_id):                 # a teacher's lesson, opened by its link (never in the list)
            from academy.ui.teaching import find_lesson
            found = find_lesson(name, lesson_id)
            if found is None:
                return pn.pane.Alert("This lesson link opens no lesson: its teacher may have deleted it, or the "
                                     "link was cut. Ask your teacher for the link again.", alert_type="warning",
                                     css_classes=["lesson-missing"])
            return part(name, "lessons")(lesson_id=lesson_id, exercise=query.get("exercise"), lessons=(found,))
        return part(name, "lessons")(lesson_id=lesson_id, exercise=query.get("exercise"))

    from academy.ui.progress_page import track_progress    # each try and solve is recorded for the learner
    makers = {"rules": lambda: rules, "lessons": lambda: track_progress(lessons(), dict(query)), "play": play}
    return game_tabs(makers, tab)


def game_tabs(makers: Mapping[str, Callable[[], pn.viewable.Viewable]], tab: str) -> pn.Tabs:
    """The game's tabs: the active one built now, each other one when it is first opened (by a click or by
    code), and the page's address following the tab (``&tab=lessons``), so Back and reload land on it."""
    active = TABS.index(tab) if tab in TABS else 0
    # a tab not built yet says so at once when clicked: its content comes with the server's answer
    slots = [pn.Column(pn.pane.HTML(f'<p class="tab-opening" style="color:#52606d">Opening the {t.capitalize()} tab…</p>',
                                    margin=(10, 20)), sizing_mode="stretch_width", css_classes=[f"tab-{t}"])
             for t in TABS]
    built: set[int] = set()

    def fill(index: int) -> None:
        if index in built:
            return
        built.add(index)
        try:
            content = makers[TABS[index]]()
        except Exception:   # noqa: BLE001 - the tab says it could not be opened; the traceback goes to the log
            log_page_error({"tab": TABS[index]})
            content = error_page()
        slots[index].objects = [content]

    fill(active)
    tabs = pn.Tabs(*[(t.capitalize(), slot) for t, slot in zip(TABS, slots)], active=active,
                   sizing_mode="stretch_width", css_classes=["game-tabs"])

    remembered: dict[str, str] = {}        # the lesson and exercise of the Lessons tab while another is shown

    def opened(event) -> None:
        fill(event.new)
        location = pn.state.location
        if location is not None and pn.state.curdoc is not None and pn.state.curdoc.session_context is not None:
            location.search = tab_search(dict(location.query_params), TABS[event.old], TABS[event.new], remembered)

    tabs.param.watch(opened, "active")
    return tabs


#: the address fields that belong to the Lessons tab (the lesson and exercise open there)
LESSON_FIELDS = ("lesson", "exercise")


def tab_search(query: dict[str, Any], old: str, new: str, remembered: dict[str, str]) -> str:
    """The address's query after a click from tab ``old`` to tab ``new``: the tab, and the Lessons tab's
    lesson and exercise only while it is shown (kept in ``remembered`` meanwhile, so Lessons shows them
    again); empty fields are left out.

    >>> kept = {}
    >>> tab_search({"game": "g", "tab": "lessons", "lesson": "attacking"}, "lessons", "play", kept)
    '?game=g&tab=play'
    >>> tab_search({"game": "g", "tab": "play"}, "play", "lessons", kept)
    '?game=g&tab=lessons&lesson=attacking'
    """
    from academy.ui.address import query_search
    if old == "lessons":
        remembered.clear()
        remembered.update({k: str(query[k]) for k in LESSON_FIELDS if query.get(k)})
    fields = {**query, "tab": new, **{k: (remembered.get(k, "") if new == "lessons" else "") for k in LESSON_FIELDS}}
    return query_search(fields)


def store_page(make: Callable[[], pn.viewable.Viewable]) -> pn.viewable.Viewable:
    """``make()``, or a clear message when the games database cannot be used (the rest of the app works)."""
    from academy.store.errors import StoreError
    try:
        return make()
    except StoreError as exc:
        log.error("shell: a page needs the games database and cannot use it: %s", exc)
        return pn.Column(
            pn.pane.Alert(f"<b>Shared games are unavailable right now.</b> {html.escape(str(exc))}<br>"
                          "Lessons, rules and games on this screen still work. Whoever runs this Academy can "
                          "choose another database with <code>academy serve --db URL</code> or "
                          "<code>ACADEMY_DB</code>.", alert_type="danger", css_classes=["store-error"]),
            pn.pane.HTML("<a href='?'>Back to the courses</a>"))


def _page_for(query: dict[str, str]) -> tuple[str, pn.viewable.Viewable]:
    """The title and main area of the page ``query`` names."""
    name = query.get("game")
    known = {e.name for e in CATALOG}
    if query.get("page") == "replay" or (query.get("replay") and query.get("match")):
        from academy.ui.replay import replay_page     # ?page=replay (import) or ?match=<id>[&seat=<token>]&replay=1
        title = "Academy · Replay"
        main = store_page(lambda: replay_page(query))
    elif query.get("match") and not name:             # a shared game's link without its game's name
        from academy.ui.dashboard import shared_game_page
        title = "Academy · Game"
        main = store_page(lambda: shared_game_page(query["match"], query.get("seat")))
    elif query.get("page") == "games" and not name:
        from academy.ui.dashboard import GamesDashboard
        title = "Academy · Games"
        main = store_page(GamesDashboard)
    elif query.get("page") == "class" and not name:   # join (code + name), open=1, or teacher=<token>
        from academy.ui.classroom import class_page
        title = "Academy · Classroom"
        main = store_page(lambda: class_page(query))
    elif query.get("page") == "progress" and not name:    # the learner's progress (&learner=<id>: another browser's)
        from academy.ui.progress_page import progress_page
        title = "Academy · Your progress"
        main = store_page(lambda: progress_page(query))
    elif query.get("page") == "editor":               # &game=<name>[&position=<line>]
        from academy.ui.editor_page import editor_page
        title = "Academy · Position editor"
        main = editor_page(query)
    elif query.get("page") == "map" and name in known and part(name, "map_page") is not None:   # &map=<id>
        title = f"Academy · {catalog_entry(name).title} map"
        main = part(name, "map_page")(query.get("map"))
    elif query.get("page") == "teacher" and not name:  # &teacher=<token>: the teacher's lessons, courses, classes
        from academy.ui.teacher_page import teacher_page
        title = "Academy · Teacher"
        main = store_page(lambda: teacher_page(query))
    elif query.get("page") == "write":                # &game=<name>[&lesson=<name>][&position=<line>]
        from academy.ui.lesson_writer import writer_page
        title = "Academy · Write a lesson"
        main = store_page(lambda: writer_page(query))
    elif query.get("page") == "course" and not name:  # &course=<code>[&lesson=<ref>]
        from academy.ui.course_page import course_page
        title = "Academy · Course"
        main = store_page(lambda: course_page(query))
    elif query.get("page") == "teach" and not name:
        title = "Academy · Write lessons"
        main = teach_page()
    elif name in known:
        title = f"Academy · {catalog_entry(name).title}"
        main = game_view(name, query.get("tab", "rules"), query)
    else:
        title = "Academy"
        main = home()
        if name:
            main = pn.Column(pn.pane.Alert(f"There is no game called {html.escape(clip_text(name))}; pick one below.",
                                           alert_type="warning"), main)
    return title, main


def build_page(query: Mapping[str, str] | None = None) -> pn.template.BaseTemplate:
    """The whole page for a query (``game``, ``tab``, ``lesson``, ``section``; ``page=games`` or ``page=teach``;
    ``match`` and ``seat`` for a shared game; ``replay=1`` with ``match`` for its replay, ``page=replay`` to import a
    record)."""
    query = dict(query or {})
    try:
        title, main = _page_for(query)
    except Exception:       # noqa: BLE001 - whatever went wrong, a short page here and the traceback in the log
        log_page_error(query)
        title, main = "Academy", error_page()
    template = PageTemplate(
        title=title, main=[main], header=[HeaderLinks(), BackForward(), FollowTaps()],
        accent="#2f5d8a", main_max_width="1400px", collapsed_sidebar=True, design=Fast,
        # No light/dark switch: the Academy's pages are styled light only (white cards, dark text on boards),
        # and the template's switch has no accessible name (axe: aria-toggle-field-name).
        theme_toggle=False, raw_css=[PAGE_CSS, NARROW_MAIN_CSS],
        # No busy spinner: Panel keeps one busy flag for the whole server and sets every session's spinner
        # on each event of any session, which makes each click cost work (and messages) in every open page.
        busy_indicator=None,
        # a phone's browser lays the page out at its own width (without it, at about 980 px, shrunk to fit)
        meta_viewport="width=device-width, initial-scale=1")
    return template


def current_query() -> dict[str, str]:
    """The page's query parameters (empty outside a server session)."""
    args = pn.state.session_args or {}
    return {k: v[0].decode("utf-8", "replace") for k, v in args.items() if v}
