"""The coach's review of a finished game (issue 22): every decision of the chosen players graded good,
inaccuracy, mistake or blunder, with the better decision, the numbers behind both, why, and the lesson.

This module is the game-neutral part. It replays a record and hands each decision (a record entry that
is not chance) to the game's reviewer, which it reaches through the game object
(``record.game.reviewer()``, see ``Game.reviewer`` in protocol.py); each game's rule lives in
``academy/games/<game>/review.py``. A reviewer grades from the engine's own numbers (odds, damage,
combat totals, battle odds, the adjudicator) and only from what the player could see when deciding
(``Decision.view``), never from how the dice fell.

The one function for notebooks is ``review(record, players=None) -> Review`` (also ``academy.review``,
which reads a record's JSON too). Its name and return shape stay stable:

- ``Review.marks``: a tuple of ``Mark`` in record order, one per graded decision;
- ``Review.counts``: {player: {grade: how many}}; ``Review.mistakes_per_decision(player=None)``;
- ``Review.rows()``: one plain dict per mark, for a table (``pandas.DataFrame(review.rows())``);
- ``Review.state_at(i)``: the board just before mark ``i``'s decision (a state of the game).

The live coach asks ``foresee(state, action, player)``: the mark a decision about to be made would get
(the game's reviewer's ``foresee``), from the same rule and the same numbers, before it is played.

>>> from academy.core.review import grade_of
>>> grade_of(3.0, (5, 15, 30)), grade_of(15.0, (5, 15, 30)), grade_of(45.0, (5, 15, 30))
('good', 'mistake', 'blunder')

With a game (tests/core/test_review.py plays this one)::

    >>> from academy.games.conquest import parse_position                        # doctest: +SKIP
    >>> s = parse_position("Red to move, attack | Red: Ukraine 2, Siberia 10 | Blue: Ural 10, Mongolia 1 "
    ...                    "| rest: Blue 5")                                        # doctest: +SKIP
    >>> s.play(s.game.parse_action("attack Ukraine -> Ural 1", s))                # doctest: +SKIP
    >>> review(s.record).rows()[0]                                                # doctest: +SKIP
    {'step': 0, 'player': 'Red', 'decision': 'attack Ukraine -> Ural 1', 'grade': 'blunder',
     'better': 'attack Siberia -> Mongolia 3', 'numbers': 'conquer chance <0.001, expected armies lost 1.0',
     'better numbers': 'conquer chance >0.999, expected armies lost 0.516', 'why': 'This attack
     conquers Ural with 0.0002% and costs 1.0 armies expected for 0.3 of theirs; Siberia → Mongolia
     conquers with 99.99% (0.5 expected lost).', 'lesson': 'attacking'}
"""
from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from .errors import AcademyError, ReviewError
from .record import Record

if TYPE_CHECKING:
    from .protocol import Game, State

__all__ = ["GRADES", "BAD", "Decision", "GameReviewer", "Mark", "Review", "Reviewer", "foresee", "grade_of", "number_text",
           "phase_of", "review"]

#: the grades, best first
GRADES = ("good", "inaccuracy", "mistake", "blunder")
#: the grades that count as mistakes in ``mistakes_per_decision``
BAD = ("mistake", "blunder")

Number = float | int | str


def grade_of(loss: float, thresholds: tuple[float, float, float]) -> str:
    """The grade of a decision that lost ``loss`` (in the rule's own unit) against the better one: below
    ``thresholds[0]`` good, below ``[1]`` an inaccuracy, below ``[2]`` a mistake, else a blunder.
    Raises ValueError unless the thresholds rise."""
    low, mid, high = thresholds
    if not low <= mid <= high:
        raise ValueError(f"Grade thresholds must rise (good < inaccuracy < mistake), not {thresholds}.")
    return GRADES[0] if loss < low else GRADES[1] if loss < mid else GRADES[2] if loss < high else GRADES[3]


def number_text(numbers: Mapping[str, Number]) -> str:
    """Named numbers in a line: "conquer chance 0.417, attack 5" (floats to 3 decimals, a float that would
    round to 0 or 1 without being it as "<0.001" or ">0.999").

    >>> number_text({"conquer chance": 0.41666, "attack": 5, "to lose": 2e-06, "to win": 0.999998})
    'conquer chance 0.417, attack 5, to lose <0.001, to win >0.999'
    """
    def text(v: Number) -> str:
        if not isinstance(v, float):
            return str(v)
        if 0 < v < 0.0005:
            return "<0.001"
        if 0.9995 <= v < 1:
            return ">0.999"
        return str(round(v, 3))
    return ", ".join(f"{k} {text(v)}" for k, v in numbers.items())


@dataclass(frozen=True)
class Mark:
    """One graded decision.

    ``step``: its index in the record's log (``Review.state_at`` shows the board before it);
    ``player``: who decided; ``decision``: what was decided, in the game's notation; ``grade``: one of
    GRADES; ``better``: the better decision in notation (None when the decision was the best);
    ``numbers`` / ``better_numbers``: the named values the grade rests on, for the decision made and for
    the better one (``better_numbers`` is empty when ``better`` is None); ``why``: one plain sentence
    naming those numbers; ``lesson``: (lesson id, exercise id or None) of the lesson that teaches the rule
    involved, from lessons/<game>/. Raises ValueError for a grade that is not one of GRADES.
    """

    step: int
    player: int
    decision: str
    grade: str
    better: str | None
    numbers: Mapping[str, Number]
    better_numbers: Mapping[str, Number]
    why: str
    lesson: tuple[str, str | None]

    def __post_init__(self) -> None:
        if self.grade not in GRADES:
            raise ValueError(f"A mark's grade is one of {', '.join(GRADES)}, not {self.grade!r}.")

    @property
    def is_mistake(self) -> bool:
        """A mistake or a blunder."""
        return self.grade in BAD


@dataclass(frozen=True)
class Decision:
    """One decision handed to a game's reviewer: entry ``step`` of ``record``, made by ``player``.

    ``state`` is the true state just before it; a reviewer must not change it (clone it to try other
    decisions) and grades from ``view`` where the game hides things: the state ``player`` could see.
    """

    step: int
    player: int
    action: Any
    state: State
    record: Record

    @cached_property
    def view(self) -> State:
        """The state as ``player`` saw it before deciding (``Game.view_state`` of its observation)."""
        return self.state.game.view_state(self.state.observation(self.player), step=self.step)


class Reviewer(Protocol):
    """A game's grader (``Game.reviewer()``): ``grade`` returns the Mark of one decision, or None for a
    decision its rule does not judge (a set-up placement, a card trade, a draw vote, orders replaced
    before the phase was resolved). It raises ReviewError("wrong_game") for a decision of another game."""

    def grade(self, decision: Decision) -> Mark | None: ...

    def foresee(self, decision: Decision) -> Mark | None: ...


class GameReviewer:
    """The base of the games' reviewers: it holds the game, refuses a decision of another game
    (ReviewError "wrong_game") and passes over the kinds of decision its rule does not judge; a subclass
    sets ``game_name`` and ``graded`` (the action classes it judges) and writes ``judge``."""

    game_name: ClassVar[str] = ""
    graded: ClassVar[tuple[type, ...]] = ()

    def __init__(self, game: Game) -> None:
        self.game = game
        self._refuse_other(game)

    def _refuse_other(self, game: Game) -> None:
        if game.name != self.game_name:
            raise ReviewError("wrong_game", f"This is a record of {game.title}, but this reviewer grades "
                                            f"{self.game_name} decisions only. Review it with "
                                            "academy.review(record), which asks the record's own game.")

    def grade(self, decision: Decision) -> Mark | None:
        """The mark of ``decision`` (see Reviewer); raises ReviewError("wrong_game") for another game's."""
        self._refuse_other(decision.state.game)
        return self.judge(decision) if isinstance(decision.action, self.graded) else None

    def judge(self, decision: Decision) -> Mark | None:
        """The game's rule (a subclass's), for a decision of one of the ``graded`` kinds."""
        raise NotImplementedError

    def foresee(self, decision: Decision) -> Mark | None:
        """The mark of a decision not played yet (``decision.step`` is the record's length): by default as
        ``grade`` would give it once played. A game whose rule needs what comes after (the others' orders of
        a phase) judges it with what can be known before (Diplomacy: the orders its hard CPU expects)."""
        return self.grade(decision)


@dataclass(frozen=True)
class Review:
    """The marks of one game (see the module docstring)."""

    record: Record
    players: tuple[int, ...]
    marks: tuple[Mark, ...]
    names: Mapping[int, str] = field(default_factory=dict)
    #: the board before each mark's decision, when the review kept them (``review(..., keep_boards=True)``)
    boards: tuple[State, ...] = field(default=(), repr=False, compare=False)

    @property
    def game(self) -> str:
        """The game's registry name ("conquest")."""
        return self.record.game.name

    @property
    def counts(self) -> dict[int, dict[str, int]]:
        """For each reviewed player, how many marks of each grade (every grade present, 0 included)."""
        out = {p: dict.fromkeys(GRADES, 0) for p in self.players}
        for m in self.marks:
            out[m.player][m.grade] += 1
        return out

    def mistakes_per_decision(self, player: int | None = None) -> float:
        """Mistakes and blunders per graded decision, of ``player`` (None: every reviewed player);
        0.0 when nothing was graded. Raises ReviewError("bad_player") for a player not reviewed."""
        if player is not None and player not in self.players:
            raise ReviewError("bad_player", f"Player {player} was not reviewed; this review covers players "
                                            f"{', '.join(map(str, self.players))}.")
        marks = [m for m in self.marks if player is None or m.player == player]
        return sum(m.is_mistake for m in marks) / len(marks) if marks else 0.0

    def rows(self) -> list[dict[str, Any]]:
        """One plain dict per mark, for a table: step, player's name, decision, grade, better, numbers (as
        text), better numbers, why, lesson ("lesson-id#exercise-id")."""
        return [{"step": m.step, "player": self.names.get(m.player, str(m.player)), "decision": m.decision,
                 "grade": m.grade, "better": m.better or "", "numbers": number_text(m.numbers),
                 "better numbers": number_text(m.better_numbers), "why": m.why,
                 "lesson": m.lesson[0] + (f"#{m.lesson[1]}" if m.lesson[1] else "")} for m in self.marks]

    def state_at(self, index: int) -> State:
        """The state just before mark ``index``'s decision (the board to show it on; a copy of the one kept,
        else the record replayed to it). Raises IndexError."""
        if self.boards:
            return self.boards[index].clone()
        return self.record.replay(upto=self.marks[index].step)

    def _repr_html_(self) -> str:
        """The marks as an HTML table (Jupyter shows a Review this way)."""
        rows = self.rows()
        heads = list(rows[0]) if rows else ["step", "decision", "grade"]
        body = "".join("<tr>" + "".join(f"<td>{html.escape(str(r[h]))}</td>" for h in heads) + "</tr>"
                       for r in rows)
        return (f"<table><thead><tr>{''.join(f'<th>{html.escape(h)}</th>' for h in heads)}</tr></thead>"
                f"<tbody>{body}</tbody></table>")


def phase_of(record: Record, step: int, is_orders: Callable[[Any], bool],
             ends_phase: Callable[[Any], bool]) -> tuple[dict[int, int], bool]:
    """For a game of simultaneous orders: the phase that holds entry ``step`` (from the entry after the
    last phase end before it to the next phase end), as {player: index of that player's last orders in
    the phase} (a later submission replaces an earlier one), and whether the phase was resolved in the
    record. ``is_orders`` tells an orders entry, ``ends_phase`` the entry that resolves a phase."""
    entries = record.entries
    start = step
    while start > 0 and not ends_phase(entries[start - 1].action):
        start -= 1
    last: dict[int, int] = {}
    end = start
    while end < len(entries) and not ends_phase(entries[end].action):
        e = entries[end]
        if e.player is not None and not e.chance and is_orders(e.action):
            last[e.player] = end
        end += 1
    return last, end < len(entries)


def _players(record: Record, players: Iterable[int] | None) -> tuple[int, ...]:
    game = record.game
    n = game.num_players
    if players is None:
        return tuple(range(n))
    chosen = []
    for p in players:
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < n:
            seats = ", ".join(f"{i} ({game.player_name(i)})" for i in range(n))
            raise ReviewError("bad_player", f"Player {p!r} is not in this {game.title} game: its players are "
                                            f"{seats}. Give player numbers from that list.")
        if p not in chosen:
            chosen.append(p)
    return tuple(chosen)


def foresee(state: State, action: Any, player: int | None = None) -> Mark | None:
    """The mark ``action`` by ``player`` (default: the player to move) would get if played on ``state`` now,
    by the rule the review grades it with (the live coach's question; ``state`` is not changed). None for a
    decision the game's rule does not judge, or cannot judge before it is played.

    Raises ReviewError ``no_reviewer`` for a game without a reviewer, ``bad_player`` without a player.
    """
    if player is None:
        player = state.to_move()
    if isinstance(player, bool) or not isinstance(player, int):
        raise ReviewError("bad_player", "Say whose decision this is: foresee(state, action, player).")
    try:
        reviewer: Reviewer = state.game.reviewer()
    except NotImplementedError as exc:
        raise ReviewError("no_reviewer", str(exc)) from None
    return reviewer.foresee(Decision(len(state.record), player, action, state, state.record))


def review(record: Record, players: Iterable[int] | None = None, keep_boards: bool = False) -> Review:
    """Grade every decision of ``players`` (default: every player) in ``record`` with its game's reviewer;
    ``keep_boards``: keep a copy of the board before each mark's decision (``Review.boards``: ``state_at``
    then replays nothing, which a page stepping through the marks of a long game wants).

    Raises ReviewError: ``not_a_record`` (give a Record, or use ``academy.review`` for JSON),
    ``bad_player`` (a player number not in the game), ``no_reviewer`` (a game without a reviewer),
    ``bad_record`` (an entry that does not replay).
    """
    if not isinstance(record, Record):
        raise ReviewError("not_a_record", f"review() reads a game's Record, not {type(record).__name__}: pass "
                                          "state.record, or use academy.review(data) for a record's JSON.")
    chosen = _players(record, players)
    try:
        reviewer: Reviewer = record.game.reviewer()
    except NotImplementedError as exc:
        raise ReviewError("no_reviewer", str(exc)) from None
    state = record.initial_state()
    marks: list[Mark] = []
    boards: list[State] = []
    for i, entry in enumerate(record.entries):
        if not entry.chance and entry.player in chosen:
            mark = reviewer.grade(Decision(i, entry.player, entry.action, state, record))
            if mark is not None:
                marks.append(mark)
                if keep_boards:
                    boards.append(state.clone())
        try:
            state.apply(entry.action)
        except (AcademyError, ValueError) as exc:
            raise ReviewError("bad_record", f"Entry {i} of this {record.game.title} record ({entry.action!r}) "
                                            f"does not replay: {exc}. The record is damaged or of another "
                                            "version; review a record saved by this Academy.") from None
    names = {p: record.game.player_name(p) for p in chosen}
    return Review(record, chosen, tuple(marks), names, tuple(boards))
