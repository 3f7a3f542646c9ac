"""The header of every shared game's page: which game, whose seat (or watching), the seat's replay and
the list of games."""
from __future__ import annotations

import html

import panel as pn

__all__ = ["seat_info_pane"]


def seat_info_pane(title: str, game_id: int, seat: str | None, token: str | None) -> pn.pane.HTML:
    """``title`` ("Tactics game"), the seat's name (None: a spectator) and its replay link."""
    from academy.ui.replay import replay_link
    who = f"Your seat: {seat}" if seat else "Watching"
    replay = html.escape(replay_link(game_id, token))
    return pn.pane.HTML(f"<b>{html.escape(title)} {game_id}</b> · {html.escape(who)} · "
                        f"<a href='{replay}' class='replay-link'>Replay</a> · <a href='?page=games'>all games</a>",
                        css_classes=["seat-info"])
