"""ReviewSession: the coach's review of one finished game, mark by mark, for a page (no Panel; issue 22).

It holds a record, whose decisions are reviewed (``players``: the learner's seats by default, any other
player or every player on request) and the ``Review`` once it is ready (``academy.core.review.review``:
the engine grades, this model only shows). ``compute(players)`` is the slow part, safe on a worker thread
(it reads only the record); ``show(review)`` publishes its result.

What a page reads:

- ``choices()``: whose decisions may be reviewed, in words ("Red (you)", "Blue", "Every player");
- ``only_mistakes``: the marks listed are the mistakes and blunders (else every graded decision);
  ``shown`` (indices into ``review.marks``), ``position`` (the one shown among them), ``mark``;
- ``summary_html()``, ``mark_html()`` (the decision and the better one with their numbers, why, the lesson's
  link), ``mark_label(i)`` (a line of the list) and ``status_text()`` ("Preparing the review of 57 decisions…").

A mark is named where the replay names it (``step_words``): a turn-by-turn replay's "Step k of n" is the
board after k entries of the record and its message names the k-th, so the entry at index i (``Mark.step``)
is "Step i + 1" (``played_at``); a replay of phases (Diplomacy, Fronts) gives its own words (``ReviewPanel``).

The lesson link is ``?game=<game>&tab=lessons&lesson=<id>&exercise=<id>`` (``lesson_link``), named by
the lesson's title (and the exercise's prompt) from lessons/<game>/.

>>> from academy.games.conquest import parse_position
>>> s = parse_position("Red to move, attack | Red: Ukraine 2, Siberia 10 | Blue: Ural 10, Mongolia 1 | rest: Blue 5")
>>> _ = s.play(s.game.parse_action("attack Ukraine -> Ural 1", s))
>>> rs = ReviewSession(s.record, learners=[0])
>>> rs.show(rs.compute([0]))
>>> rs.mark.grade, rs.mark.better, rs.lesson_link(rs.mark)
('blunder', 'attack Siberia -> Mongolia 3', '?game=conquest&tab=lessons&lesson=attacking')
"""
from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import param

from academy.core.record import Record
from academy.core.review import GRADES, Mark, Review, number_text, review
from academy.core.text import count, listing

__all__ = ["GRADE_WORDS", "ReviewSession", "STYLE", "lesson_link", "lesson_words", "played_at"]

#: each grade in words, for a learner
GRADE_WORDS = {"good": "Good", "inaccuracy": "Inaccuracy", "mistake": "Mistake", "blunder": "Blunder"}
PLURALS = {"good": "good", "inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}

#: the look of the review's panes
STYLE = """
.review-mark { border-left: 5px solid #9aa5b1; padding: 6px 10px; background: #f8fafc; border-radius: 4px; }
.review-mark.grade-good { border-left-color: #2e7d32; }
.review-mark.grade-inaccuracy { border-left-color: #e0a000; }
.review-mark.grade-mistake { border-left-color: #ef6c00; }
.review-mark.grade-blunder { border-left-color: #c62828; }
.review-mark .grade { font-weight: 700; }
.review-mark .grade.blunder { color: #b71c1c; } .review-mark .grade.mistake { color: #bf5000; }
.review-mark .grade.inaccuracy { color: #8a5a00; } .review-mark .grade.good { color: #1d6b36; }
.review-mark table { border-collapse: collapse; margin: 6px 0; }
.review-mark td, .review-mark th { padding: 3px 8px; text-align: left; vertical-align: top;
                                   border-bottom: 1px solid #e1e6ec; }
.review-mark tr.made td:first-child { color: #c62828; font-weight: 600; }
.review-mark tr.better td:first-child { color: #1b7f3b; font-weight: 600; }
.review-mark .why { margin: 4px 0; }
.review-summary { color: #3e4c59; }
.review-status { color: #3e4c59; }
"""


def played_at(step: int) -> str:
    """The step of a turn-by-turn replay whose message names the record's entry ``step`` (an index from 0):
    the replay's step k shows the board after k entries, so "Step 9" plays the entry at index 8.

    >>> played_at(8)
    'Step 9'
    """
    return f"Step {step + 1}"


def lesson_link(game: str, lesson: tuple[str, str | None]) -> str:
    """The address of a mark's lesson (and exercise) on the game's Lessons tab."""
    lesson_id, exercise = lesson
    return f"?game={game}&tab=lessons&lesson={lesson_id}" + (f"&exercise={exercise}" if exercise else "")


def lesson_words(game: str, lesson: tuple[str, str | None]) -> str:
    """'the lesson “Attacking”, exercise “Roll the most dice …”' (the ids when the lesson is not found)."""
    from academy.ui.lessons_page import game_lessons
    lesson_id, exercise = lesson
    try:
        found = next((x for x in game_lessons(game)[0] if x.id == lesson_id), None)
    except (KeyError, ValueError, OSError):
        found = None
    title = found.title if found is not None else lesson_id
    words = f"the lesson “{title}”"
    if exercise and found is not None:
        ids = [e.id for e in found.exercises]
        if exercise in ids:
            words += f", exercise {ids.index(exercise) + 1}"
    return words


class ReviewSession(param.Parameterized):
    """The coach's review of one record for a page; see the module docstring."""

    players = param.List([], doc="whose decisions are reviewed (player numbers)")
    only_mistakes = param.Boolean(True, doc="list only the mistakes and blunders")
    position = param.Integer(0, bounds=(0, None), doc="the mark shown, among those listed")
    review = param.Parameter(None, doc="the Review once it is ready (None while it is being prepared)")
    preparing = param.Boolean(False, doc="the review is being prepared")
    message = param.String("", doc="what went wrong, in plain words ('' when nothing did)")

    def __init__(self, record: Record, learners: Sequence[int] = (), seat_names: Sequence[str] = (),
                 step_words: Callable[[int], str] = played_at, **params: Any) -> None:
        n = record.game.num_players
        self.learners = [p for p in dict.fromkeys(learners) if 0 <= p < n]
        super().__init__(players=list(self.learners or [0]), **params)
        self.record = record
        self.seat_names = list(seat_names)
        #: a mark's place in the replay's own words, from its ``Mark.step`` (see the module docstring)
        self.step_words = step_words

    # --- who ----------------------------------------------------------------------------------------
    @property
    def game_name(self) -> str:
        return self.record.game.name

    def seat_label(self, player: int) -> str:
        """'Red', 'Red (Ann)', 'Red (you)' for a learner's seat."""
        name = self.record.game.player_name(player)
        who = self.seat_names[player] if player < len(self.seat_names) else ""
        if player in self.learners:
            return f"{name} (you)"
        return f"{name} ({who})" if who and who != name and not who.startswith(name) else (who or name)

    def choices(self) -> dict[str, list[int]]:
        """Whose decisions may be reviewed: the learner's seats together, each player, every player."""
        n = self.record.game.num_players
        out: dict[str, list[int]] = {}
        if len(self.learners) > 1:
            out[f"You ({listing([self.record.game.player_name(p) for p in self.learners])})"] = list(self.learners)
        for p in range(n):
            out[self.seat_label(p)] = [p]
        out["Every player"] = list(range(n))
        return out

    def decisions(self, players: Sequence[int] | None = None) -> int:
        """How many decisions ``players`` (default: those chosen) made in the record."""
        chosen = set(self.players if players is None else players)
        return sum(1 for e in self.record.entries if not e.chance and e.player in chosen)

    # --- the review ---------------------------------------------------------------------------------
    def compute(self, players: Sequence[int]) -> Review:
        """The review of ``players``' decisions (the engine's; may run on a worker thread), with the board
        before each mark kept (stepping through the marks replays nothing)."""
        return review(self.record, players, keep_boards=True)

    def show(self, result: Review | Exception) -> None:
        """Publish a review just prepared (or why it could not be), from its first listed mark."""
        if isinstance(result, Exception):
            self.param.update(review=None, preparing=False, position=0,
                              message=f"The review could not be prepared: {result}")
            return
        self.param.update(review=result, preparing=False, message="", position=0)

    @property
    def shown(self) -> list[int]:
        """The marks listed (indices into ``review.marks``)."""
        if self.review is None:
            return []
        return [i for i, m in enumerate(self.review.marks) if not self.only_mistakes or m.is_mistake]

    @property
    def mark_index(self) -> int | None:
        """The index in ``review.marks`` of the mark shown (None: none listed)."""
        shown = self.shown
        return shown[min(self.position, len(shown) - 1)] if shown else None

    @property
    def mark(self) -> Mark | None:
        i = self.mark_index
        return self.review.marks[i] if i is not None else None

    def go(self, position: int) -> None:
        """Show the listed mark ``position`` (clamped)."""
        self.position = max(0, min(int(position), max(0, len(self.shown) - 1)))

    def next(self) -> None:
        self.go(self.position + 1)

    def previous(self) -> None:
        self.go(self.position - 1)

    def state_at(self) -> Any:
        """The board before the decision of the mark shown (None: no mark)."""
        i = self.mark_index
        return self.review.state_at(i) if i is not None else None

    # --- words --------------------------------------------------------------------------------------
    def status_text(self) -> str:
        if self.preparing:
            return f"Preparing the review of {count(self.decisions(), 'decision')}…"
        return self.message

    def mark_label(self, index: int) -> str:
        """A line of the list: "Step 12 · Red: attack Ukraine -> Ural 1 — blunder" (where the replay names
        that decision: ``step_words``)."""
        m = self.review.marks[index]
        who = f"{self.record.game.player_name(m.player)}: " if len(self.review.players) > 1 else ""
        decision = m.decision if len(m.decision) <= 70 else m.decision[:67] + "…"
        return f"{self.step_words(m.step)} · {who}{decision} — {GRADE_WORDS[m.grade].lower()}"

    def summary_html(self) -> str:
        """Per player reviewed: how many decisions were graded, and how many of each grade."""
        rv = self.review
        if rv is None:
            return ""
        lines = []
        for p, counts in rv.counts.items():
            graded = sum(counts.values())
            if not graded:
                lines.append(f"{html.escape(self.seat_label(p))}: no decision the coach grades.")
                continue
            parts = [f"{n} {PLURALS[g] if n != 1 else g}" for g in GRADES if (n := counts[g])]
            lines.append(f"{html.escape(self.seat_label(p))}: {count(graded, 'decision')} graded — "
                         f"{html.escape(listing(parts))}.")
        if not self.shown:
            lines.append("No mistakes or blunders among the decisions graded. Choose “Every decision” to see each "
                         "one's numbers."
                         if self.only_mistakes and rv.marks else "Nothing to show.")
        return "<div class='review-summary'>" + "<br>".join(lines) + "</div>"

    def mark_html(self) -> str:
        """The mark shown: its grade, the decision and the better one with their numbers, why, the lesson."""
        m = self.mark
        if m is None:
            return ""
        e = html.escape
        grade = f"<span class='grade {m.grade}'>{GRADE_WORDS[m.grade]}</span>"
        rows = f"<tr class='made'><td>Played</td><td>{e(m.decision)}</td><td>{e(number_text(m.numbers))}</td></tr>"
        if m.better:
            rows += (f"<tr class='better'><td>Better</td><td>{e(m.better)}</td>"
                     f"<td>{e(number_text(m.better_numbers))}</td></tr>")
        before = (f" (the replay's step {m.step}, the board just before it)" if self.step_words is played_at else
                  " (the board just before it)")
        drawn = (f"<div class='academy-muted'>On the board, as it stood when this was decided{before}: what was "
                 "played in dashed red, the better decision in green.</div>" if m.better else
                 f"<div class='academy-muted'>On the board: the position as it stood when this was decided{before}."
                 "</div>")
        link = lesson_link(self.game_name, m.lesson)
        return (f"<div class='review-mark grade-{m.grade}'><div>{grade} · {e(self.step_words(m.step))} · "
                f"{e(self.seat_label(m.player))}</div><table><tr><th></th><th>Decision</th><th>Numbers</th></tr>"
                f"{rows}</table><div class='why'>{e(m.why)}</div>{drawn}<div>Learn the rule: <a class='lesson-link tap' "
                f"href='{e(link)}'>{e(lesson_words(self.game_name, m.lesson))}</a></div></div>")

    def lesson_link(self, mark: Mark) -> str:
        return lesson_link(self.game_name, mark.lesson)
