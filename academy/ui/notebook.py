"""A game's live board from a position line, in one call (for notebooks and scripts).

>>> from academy.ui.notebook import board                                   # doctest: +SKIP
>>> board("game_of_war", "North to move | board: empty | North arsenals: e1 | South arsenals: t20 | "
...       "North: N-I1 e5 | South: S-I1 t15")                                 # doctest: +SKIP

``board(game, line)`` reads the line with the game's own parser (``academy.games.<game>.parse_position``),
so a wrong line raises the engine's RulesError naming the part that is wrong, and returns the game's Play
page at that position: the board with its side panel, every seat played at this screen. ``.session`` is the
game's session, to act on from code.

``review_board(review, i)`` is the board at mark ``i`` of a coach's review (``academy.review(record)``): the
game's replay page at the board the decision was made on, the decision (dashed red) and the better one
(green) drawn, and the mark's numbers, why and lesson above it, as in the app. ``.board.element`` is that
board as a HoloViews overlay to add to or save::

    >>> import academy                                                       # doctest: +SKIP
    >>> rv = academy.review(record)                                         # doctest: +SKIP
    >>> review_board(rv, 0)                                                 # doctest: +SKIP
"""
from __future__ import annotations

from typing import Any

__all__ = ["board", "review_board"]


def board(game: str, line: str) -> Any:
    """The Play page of ``game`` ("conquest", "diplomacy", ...) opened at position ``line``."""
    from academy.ui.position_link import parse_line
    from academy.ui.registry import part
    parse_line(game, line)                 # the engine's own words when the line is wrong
    play = part(game, "play")
    if play is None:
        raise ValueError(f"{game!r} is not a game of the Academy")
    return play(position=line)


def review_board(review: Any, index: int) -> Any:
    """The replay page of ``review``'s record at its mark ``index`` (see the module docstring); raises
    IndexError for a mark it does not have."""
    from academy.ui.replay import replay_factory
    from academy.ui.review_panel import ReviewPanel
    from academy.ui.review_session import ReviewSession
    if not -len(review.marks) <= index < len(review.marks):
        raise IndexError(f"This review has {len(review.marks)} marks (0 to {len(review.marks) - 1}), not mark {index}.")
    index %= len(review.marks)
    factory = replay_factory(review.game)
    if factory is None:
        raise ValueError(f"{review.game!r} has no replay page")
    page = factory(review.record, viewer=None, masked=False, title="the game reviewed", seat_names=[], chat=[],
                   back_link="", embedded=True)
    session = ReviewSession(review.record, learners=list(review.players), only_mistakes=False)
    session.show(review)
    session.players = list(review.players)
    session.go(session.shown.index(index))
    page.chrome.show_review(ReviewPanel(session, page, synchronous=True))
    return page
