"""What every game's card on the Games page shares: the clock choices, the style, the links shown after
creating a game, joining an open seat, and forgetting a seat link that was replaced since."""
from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import panel as pn

from academy.store.errors import StoreError

__all__ = ["CLOCK_OPTIONS", "OPEN_SEAT", "STYLE", "created_links_html", "join_chosen_seat", "forget_replaced_links",
           "watch_link", "seat_link"]

OPEN_SEAT = "open"
CLOCK_OPTIONS = {"No clock": "",        # a string: a Select shows no label for None
                 "Live: 2 min per turn": {"mode": "live", "seconds": 120},
                 "Live: 5 min per turn": {"mode": "live", "seconds": 300},
                 "Daily: 1 day per move": {"mode": "daily", "seconds": 86400},
                 "Daily: 3 days per move": {"mode": "daily", "seconds": 3 * 86400}}
STYLE = """
.games-table { border-collapse: collapse; width: 100%; font-size: 14px; }
.games-table td, .games-table th { border-bottom: 1px solid #e1e4e8; padding: 5px 8px; text-align: left; }
.seat-links { background: #eef5fb; border-radius: 10px; padding: 10px 14px; }
.seat-links code { user-select: all; background: #fff; padding: 2px 4px; border-radius: 4px; }
.status-open { color: #1a7f37; } .status-running { color: #2f5d8a; } .status-finished { color: #6e7781; }
"""



def watch_link(game: str, game_id: int) -> str:
    """The address of shared game ``game_id`` of ``game`` (the registry's name) for a spectator."""
    return f"?game={game}&tab=play&match={int(game_id)}"


def seat_link(game: str, game_id: int, token: str) -> str:
    """The address of shared game ``game_id`` of ``game`` for the seat whose private token is ``token``."""
    return f"{watch_link(game, game_id)}&seat={quote(token, safe='')}"


def _base_url() -> str:
    """The page's own address (for links to copy), or '' outside a server."""
    loc = pn.state.location
    if loc is None or not getattr(loc, "origin", None):
        return ""
    return f"{loc.origin}{loc.pathname or '/'}"


def created_links_html(title: str, game_id: int, tokens: dict[int, str], seat_name: Callable[[int], str],
                       link: Callable[[int, str], str], watch: str) -> str:
    """The private link of each person's seat of a new game, to copy and hand out, and the watch link."""
    base = _base_url()
    rows = "".join(
        f"<li><b>{html.escape(seat_name(p))}</b>: <a href='{html.escape(link(game_id, t))}' target='_blank' "
        f"class='seat-link tap' data-seat='{p}'>play {html.escape(seat_name(p))}</a> · copy: "
        f"<code>{html.escape(base + link(game_id, t))}</code></li>" for p, t in sorted(tokens.items()))
    return (f"<div class='seat-links' data-game='{game_id}'><b>{html.escape(title)} {game_id} created.</b> "
            "Send each person their own link (it is their seat's key; keep it private):"
            f"<ul>{rows}</ul>Anyone can <a href='{watch}' target='_blank'>watch</a>.</div>")


def join_chosen_seat(form: Any, seat_name: Callable[[int], str], link: Callable[[int, str], str]) -> str | None:
    """Take the open seat chosen on a games form (``join_seat``, ``join_name``); return its token, or
    None when refused (``join_result`` says why). The form's ``my_tokens`` keeps it for this session."""
    choice = form.join_seat.value
    if not choice:
        form.join_result.object = "<div class='seat-links'>Choose a free seat first.</div>"
        return None
    game_id, player = choice
    try:
        token = form.hub.open(game_id).claim(player, form.join_name.value.strip() or None)
    except StoreError as exc:
        form.join_result.object = f"<div class='seat-links'>{html.escape(str(exc))}</div>"
        form.refresh()
        return None
    form.my_tokens.setdefault(game_id, {})[player] = token
    url = link(game_id, token)
    form.join_result.object = (
        f"<div class='seat-links' data-game='{game_id}'><b>You play {html.escape(seat_name(player))} in game "
        f"{game_id}.</b> <a href='{html.escape(url)}' class='seat-link tap' data-seat='{player}'>Play now</a> · "
        f"keep this link to come back: <code>{html.escape(_base_url() + url)}</code></div>")
    form.refresh()
    return token


def forget_replaced_links(store: Any, games: list[Any], my_tokens: dict[int, dict[int, str]]) -> None:
    """Drop from ``my_tokens`` (a games form's seat links of this browser session) each open seat that
    someone else has taken from the games list since: its token was replaced and its old link opens
    nothing any more (issue 13, item 2), so the list must not offer it."""
    by_id = {g.id: g for g in games}
    for game_id, seats in my_tokens.items():
        info = by_id.get(game_id)
        if info is None:
            continue
        for player, token in list(seats.items()):
            seat = info.seats[player]
            if seat.public and seat.joined and store.seat_for_token(game_id, token) != player:
                del seats[player]
