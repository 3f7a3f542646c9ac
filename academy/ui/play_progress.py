"""Progress from play (issue 22, item 3): the rules a learner misplays most often, from the coach's reviews
of their finished games, each with the lesson that teaches it.

The games read are the learner's finished games on their own screen (``academy.store.local_games``: the
last one of each game, kept per learner; only the learner's seats in them, ``learner_seats``: the people at
the screen) and the learner's finished shared games (only their seat): those the store keeps for the learner's
id (``academy.store.learner_seats``: the progress link shows them on any device) and those whose seats only this
browser remembers (``academy.ui.seat_memory``). Each game is reviewed once per process (``reviewed``: reviews are immutable, kept in a
small cache keyed by the record) and its mistakes and blunders are counted by the lesson the coach links
them to (``misplays``); the rule misplayed most comes first.

- ``PlayProgress(key)``: the progress page's part ("What your games say"), prepared off the event loop;
- ``ClassPlayProgress(game)``: the same for a class's students (the rule each misplayed most in their last
  finished game of the class's game on their own screen and their newest finished shared games of it, whose
  seats the store keeps for them: ``academy.store.learner_seats``), for the teacher's page.

>>> from academy.games.conquest import parse_position
>>> s = parse_position("Red to move, attack | Red: Ukraine 2, Siberia 10 | Blue: Ural 10, Mongolia 1 | rest: Blue 5")
>>> _ = s.play(s.game.parse_action("attack Ukraine -> Ural 1", s))
>>> [(m.lesson, m.count, m.graded) for m in misplays([reviewed(s.record, [0])])]
[(('attacking', None), 1, 1)]
"""
from __future__ import annotations

import functools
import html
import json
import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import panel as pn

from academy.core.record import Record
from academy.core.review import Review, review
from academy.core.text import count
from academy.ui.review_session import lesson_link, lesson_words
from academy.ui.session_loop import in_session, work_in_thread

__all__ = ["ClassPlayProgress", "Misplay", "PlayProgress", "learner_seats", "misplays", "misplays_html",
           "reviewed", "shared_reviews"]

log = logging.getLogger("academy.ui.play_progress")

STYLE = """
.play-progress ul { margin: 2px 0 8px 0; padding-left: 1.3em; }
.play-progress .academy-muted { color: #5b6775; }
"""

#: how many rules a game's list shows
MOST = 3


@dataclass(frozen=True)
class Misplay:
    """A rule misplayed: its ``lesson`` (id, exercise id or None) in ``game``, how many mistakes and blunders
    (``count``) among the ``graded`` decisions of the games read."""

    game: str
    lesson: tuple[str, str | None]
    count: int
    graded: int


def learner_seats(record: Record, setup: Mapping[str, Any]) -> list[int]:
    """The learner's seats in a kept local game: the people at the screen (``setup``'s ``seats``, "human"
    ones; or its ``people``, the seats' ids or names)."""
    game = record.game
    if isinstance(setup.get("seats"), list):
        return [p for p, seat in enumerate(setup["seats"]) if seat == "human" and p < game.num_players]
    people = {str(p).lower() for p in setup.get("people") or ()}
    ids = list(getattr(game, "player_ids", None) or getattr(game, "powers", None) or ())
    return [p for p in range(game.num_players)
            if game.player_name(p).lower() in people or (p < len(ids) and str(ids[p]).lower() in people)]


@functools.lru_cache(maxsize=64)
def _review_of(text: str, players: tuple[int, ...]) -> Review:
    from academy.games import REGISTRY
    return review(Record.from_json(json.loads(text), REGISTRY), players)


def reviewed(record: Record | Mapping[str, Any], players: Sequence[int]) -> Review:
    """The coach's review of ``players``' decisions in ``record`` (a Record or its JSON), once per process."""
    data = record.to_json() if isinstance(record, Record) else record
    return _review_of(json.dumps(data, sort_keys=True), tuple(players))


def misplays(reviews: Iterable[Review]) -> list[Misplay]:
    """The rules misplayed in ``reviews`` (mistakes and blunders by their lesson), most first; each game's
    graded decisions are the denominator of its rules."""
    found: dict[tuple[str, tuple[str, str | None]], int] = {}
    graded: dict[str, int] = {}
    for rv in reviews:
        graded[rv.game] = graded.get(rv.game, 0) + len(rv.marks)
        for m in rv.marks:
            if m.is_mistake:
                found[(rv.game, m.lesson)] = found.get((rv.game, m.lesson), 0) + 1
    out = [Misplay(game, lesson, n, graded[game]) for (game, lesson), n in found.items()]
    return sorted(out, key=lambda m: (-m.count, m.game, m.lesson[0], m.lesson[1] or ""))


def _game_title(game: str) -> str:
    from academy.games import REGISTRY
    cls = REGISTRY.get(game)
    return getattr(cls, "title", None) or game.replace("_", " ").title()


def _rule_words(m: Misplay) -> str:
    """The rule's lesson (a link) and how often it was misplayed, as HTML."""
    link = html.escape(lesson_link(m.game, m.lesson))
    return (f"<a class='misplay-link tap' href='{link}'>{html.escape(lesson_words(m.game, m.lesson))}</a>: "
            f"{count(m.count, 'mistake or blunder', 'mistakes or blunders')} of {count(m.graded, 'decision')} "
            "the coach graded")


def misplays_html(games: Sequence[str], reviews: Mapping[str, Sequence[Review]]) -> str:
    """Per game with a finished game read (``reviews``: game -> the reviews of its games read), the rules
    misplayed most with their lessons, or that there were none."""
    if not any(reviews.values()):
        return ("<p class='academy-muted'>Finish a game on a game's Play tab (or a shared game): the coach reviews "
                "it, and the rules you misplay most show here with the lesson for each.</p>")
    parts = []
    for game in games:
        read = list(reviews.get(game) or ())
        if not read:
            continue
        found = misplays(read)[:MOST]
        graded = sum(len(rv.marks) for rv in read)
        which = "your last game" if len(read) == 1 else f"your {len(read)} games read"
        head = f"<h4 data-game='{html.escape(game)}' style='margin:6px 0 2px'>{html.escape(_game_title(game))}</h4>"
        if not graded:
            body = f"<p class='academy-muted'>No decision the coach grades in {which}.</p>"
        elif not found:
            body = f"<p>No mistakes or blunders in {which} ({count(graded, 'decision')} graded).</p>"
        else:
            body = "<ul>" + "".join(f"<li>{_rule_words(m)}</li>" for m in found) + "</ul>"
        parts.append(head + body)
    return "".join(parts)


def _learner_reviews(saved: Iterable[Any]) -> dict[str, Review]:
    """game -> the review of the learner's seats in each finished game ``saved`` (``SavedGame``s)."""
    from academy.games import REGISTRY
    out: dict[str, Review] = {}
    for g in saved:
        try:
            record = Record.from_json(g.record, REGISTRY)
            seats = learner_seats(record, g.setup)
            if seats:
                out[g.game] = reviewed(g.record, seats)
        except Exception as exc:  # noqa: BLE001 - one damaged game must not hide the others
            log.warning("play progress: the kept %s game could not be reviewed: %s", g.game, exc)
    return out


def shared_reviews(hub: Any, seats: Iterable[tuple[int, str | int]], game: str | None = None,
                   most: int | None = None) -> dict[str, list[Review]]:
    """game -> the reviews of the finished shared games of ``seats`` ((game id, seat) pairs: the seat token a
    browser remembers, or the seat number the store keeps for a learner), each of that seat's decisions only;
    ``game``: only games of that kind, ``most``: at most that many per kind (the first found). A game gone,
    running, or a token that no longer opens its seat is passed over."""
    from academy.store.errors import StoreError
    out: dict[str, list[Review]] = {}
    for game_id, seat in seats:
        try:
            live = hub.open(game_id)
            name = live.info.game_name
            if live.info.status != "finished" or (game is not None and name != game) \
                    or (most is not None and len(out.get(name, [])) >= most):
                continue
            player = live.seat_of(seat) if isinstance(seat, str) else int(seat)
            out.setdefault(name, []).append(reviewed(live.record_copy(), [player]))
        except (StoreError, ValueError) as exc:
            log.info("play progress: shared game %s is not read: %s", game_id, exc)
    return out


def _prepare(pane: pn.pane.HTML, work: Callable[[], str], waiting: str) -> None:
    """Fill ``pane`` with ``work()``'s HTML: at once without a server session, else on a worker thread with
    ``waiting`` shown meanwhile (the first time: later, what it showed stays until the new HTML is there). A
    failure (the database cannot be read) is said in the pane, in words."""
    def text(result: Any) -> str:
        if isinstance(result, str):
            return result
        log.warning("play progress: the coach's reviews could not be read: %s", result)
        return f"<p class='academy-muted'>The coach's reviews could not be read: {html.escape(str(result))}</p>"
    doc = pn.state.curdoc
    if doc is None or doc.session_context is None:
        try:
            result: Any = work()
        except Exception as exc:  # noqa: BLE001 - the page goes on without this part
            result = exc
        pane.object = text(result)
        return
    if not pane.object:
        pane.object = f"<p class='academy-muted' role='status'>{html.escape(waiting)}</p>"
    work_in_thread(work, 0.0, lambda result: in_session(doc, lambda: setattr(pane, "object", text(result))),
                   name="academy-play-progress")


class PlayProgress(pn.viewable.Viewer):
    """The progress page's "What your games say" (see the module docstring); ``key()`` is the learner's id and
    ``games`` the games listed, in order; ``local_games`` the store's (made at first use unless given)."""

    def __init__(self, key: Callable[[], str], games: Sequence[str], local_games: Any = None, hub: Any = None,
                 seats: Any = None, **params: Any) -> None:
        super().__init__(**params)
        from academy.ui.seat_memory import RememberedSeats
        self.key, self.games, self._local, self._hub, self._seats = key, tuple(games), local_games, hub, seats
        self.pane = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["play-misplays"])
        self.remembered = RememberedSeats(width=0, height=0, margin=0)
        self.remembered.param.watch(lambda e: self.refresh(), "seats")
        self.layout = pn.Column(
            pn.pane.HTML("<h3 style='margin:12px 0 2px'>What your games say</h3><p class='academy-muted'>The rules "
                         "you misplayed most, from the coach's review of your last finished game of each kind on "
                         "your own screen and of your finished shared games, with the lesson for each.</p>", stylesheets=[STYLE]),
            self.pane, self.remembered, sizing_mode="stretch_width", css_classes=["play-progress"])

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    @property
    def local_games(self) -> Any:
        if self._local is None:
            from academy.store.local_games import LocalGames
            from academy.ui.progress_page import learner_store
            self._local = LocalGames(learner_store())
        return self._local

    @property
    def hub(self) -> Any:
        if self._hub is None:
            from academy.ui.live_session import shared_hub
            self._hub = shared_hub()
        return self._hub

    @property
    def seats(self) -> Any:
        if self._seats is None:
            from academy.store.learner_seats import LearnerSeats
            self._seats = LearnerSeats(self.local_games.store)
        return self._seats

    def shared_seats(self) -> list[tuple[int, str | int]]:
        """The learner's seats in shared games: those the store keeps for the learner's id (so the progress
        link shows them on another device too), then those only this browser remembers (a seat opened
        before the store kept seats), each seat once."""
        from academy.store.errors import StoreError
        from academy.ui.seat_memory import seats_of
        try:
            kept: list[tuple[int, str | int]] = list(self.seats.of(key=self.key()))
        except StoreError as exc:
            log.info("play progress: the learner's kept seats are not read: %s", exc)
            kept = []
        known = set(kept)
        for game_id, token in reversed(seats_of(self.remembered.seats)):      # the newest first, as kept
            try:
                player = self.hub.open(game_id).seat_of(token)
            except (StoreError, ValueError):
                continue
            if (game_id, player) not in known:
                known.add((game_id, player))
                kept.append((game_id, player))
        return kept

    def html(self) -> str:
        """The part's HTML for the learner now (the slow part: reviews)."""
        reviews: dict[str, list[Review]] = {g: [rv] for g, rv in
                                            _learner_reviews(self.local_games.finished(self.key())).items()}
        seats = self.shared_seats()
        if seats:
            for game, found in shared_reviews(self.hub, seats).items():
                reviews.setdefault(game, []).extend(found)
        return misplays_html(self.games, reviews)

    def refresh(self) -> None:
        """Read the learner's games again (off the event loop in a served page)."""
        _prepare(self.pane, self.html, "Reading the coach's reviews of your games…")


class ClassPlayProgress(pn.viewable.Viewer):
    """For a teacher's class of ``game``: each student's rule misplayed most in their games of it (the last
    finished one on their own screen, and their newest ``SHARED_MOST`` finished shared games), with its lesson
    (see the module docstring). ``local_games``, ``seats`` (the store's ``LearnerSeats``) and ``hub`` are the
    Academy's own unless given."""

    #: how many of a student's finished shared games are read (the newest)
    SHARED_MOST = 3

    def __init__(self, game: str, local_games: Any = None, seats: Any = None, hub: Any = None,
                 **params: Any) -> None:
        super().__init__(**params)
        self.game, self._local, self._seats, self._hub = game, local_games, seats, hub
        self.pane = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width",
                                 css_classes=["class-misplays"])
        self.layout = pn.Column(
            pn.pane.HTML(f"<h3 style='margin:12px 0 2px'>From their games of {html.escape(_game_title(game))}</h3>"
                         "<p class='academy-muted'>From the coach's review of each student's last finished game on "
                         "their own screen and of their newest finished shared games.</p>",
                         stylesheets=[STYLE]), self.pane, sizing_mode="stretch_width", css_classes=["play-progress"])

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    local_games = PlayProgress.local_games
    hub = PlayProgress.hub
    seats = PlayProgress.seats

    def reviews(self, learner_id: int) -> list[Review]:
        """The reviews of one student's games of the class's game (their own screen first)."""
        saved = [g for g in self.local_games.finished(learner_id=learner_id) if g.game == self.game]
        found = list(_learner_reviews(saved).values())
        seats = self.seats.of(learner_id=learner_id)
        shared = shared_reviews(self.hub, seats, self.game, self.SHARED_MOST) if seats else {}
        return found + shared.get(self.game, [])

    def html(self, students: Sequence[tuple[int, str]]) -> str:
        """A row per student (learner id, name): the rule they misplayed most, or why there is none."""
        if not students:
            return "<p class='academy-muted'>No student has joined yet.</p>"
        rows = []
        for learner_id, name in students:
            read = self.reviews(learner_id)
            found = misplays(read)[:1]
            if not read:
                cell = "<span class='academy-muted'>no finished game yet</span>"
            elif not found:
                graded = sum(len(rv.marks) for rv in read)
                cell = f"no mistakes or blunders ({count(graded, 'decision')} graded)"
            else:
                cell = _rule_words(found[0])
            rows.append(f"<tr data-student='{html.escape(name)}'><td>{html.escape(name)}</td><td>{cell}</td></tr>")
        return ("<table class='class-grid'><tr><th>Student</th><th>Rule misplayed most in their games</th></tr>"
                + "".join(rows) + "</table>")

    def show(self, students: Sequence[tuple[int, str]]) -> None:
        """Show ``students`` (learner id, name), their games read again (each game is reviewed only once)."""
        students = tuple(students)
        _prepare(self.pane, lambda: self.html(students), "Reading the coach's reviews of their games…")
