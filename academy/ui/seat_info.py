"""The header of every shared game's page: which game, whose seat (or watching), the seat's replay, once
the game is over its review, and the list of games."""
from __future__ import annotations

import html
from typing import Any

import panel as pn

__all__ = ["LEFT", "seat_info_pane", "seat_label"]

#: how a seat left a game, in words (``SeatInfo.status``)
LEFT = {"resigned": "resigned", "timed_out": "ran out of time", "abandoned": "left the game"}


def seat_label(colour: str, name: str | None) -> str:
    """A seat as every page names it: its colour, and the person's name when they gave one ("Blue (Bea)").

    >>> seat_label("Blue", "Bea"), seat_label("Red", "Red"), seat_label("Green", "")
    ('Blue (Bea)', 'Red', 'Green')
    """
    return f"{colour} ({name})" if name and name != colour else colour


def seat_info_pane(title: str, game_id: int, seat: str | None, token: str | None,
                   session: Any = None) -> pn.pane.HTML:
    """``title`` ("Tactics game"), the seat's name (None: a spectator) and its replay link; with the page's
    ``session`` (a ``SeatLeaving``: its ``status``), "Review this game" too once the game is finished."""
    from academy.ui.replay import replay_link
    who = f"Your seat: {seat}" if seat else "Watching"
    replay = replay_link(game_id, token)
    pane = pn.pane.HTML("", css_classes=["seat-info"])

    def show() -> None:
        review = (f" · <a href='{html.escape(replay)}&amp;review=1' class='review-link tap'>Review this game</a>"
                  if getattr(session, "status", None) == "finished" else "")
        pane.object = (f"<b>{html.escape(title)} {game_id}</b> · {html.escape(who)} · "
                       f"<a href='{html.escape(replay)}' class='replay-link tap'>Replay</a>{review} · "
                       "<a href='?page=games'>all games</a>")
    show()
    if session is not None:
        session.param.watch(lambda e: show(), "status")
    return pane
