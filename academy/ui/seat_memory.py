"""The shared games this browser has played, kept in the browser (issue 22: progress from play).

A shared game's seat is a link with a secret token: the browser remembers the seats it opened, as it
remembers the learner's id; and when this browser has a learner id, the store remembers the seat for that
learner too, by its number (``academy.store.learner_seats``), so that a teacher's class table, in another
browser, reads the coach's reviews of the student's shared games.

- ``SeatMemory(game_id=..., token=...)``: put on a seat's page (``remember_seat``), it adds (game, token) to
  the list in the browser's localStorage (key ``academy-seats``; the last ``KEEP`` seats), and shows nothing;
  beside it a ``LearnerKey`` hook reads the browser's learner id, and the seat is stored for that learner
  (a browser with no learner id yet gets none made);
- ``RememberedSeats``: on the progress page, it sends that list to the server (``seats``: [[game id, token],
  ...], checked here: ids and tokens of the right shape only), once the page has loaded (``checked``).

The tokens go back only to the server that made them, over the page's own connection; nothing shows them.
"""
from __future__ import annotations

import logging
import re
from typing import Any

import param
from panel.custom import JSComponent

__all__ = ["KEEP", "RememberedSeats", "SeatMemory", "keep_seat", "remember_seat", "seats_of"]

log = logging.getLogger("academy.ui.seat_memory")

#: how many seats a browser remembers (the newest)
KEEP = 30
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{8,128}$")

_STORE_JS = """
const NAME = 'academy-seats';
const read = () => {
  try {
    const seats = JSON.parse(window.localStorage.getItem(NAME) || '[]');
    return Array.isArray(seats) ? seats.filter((s) => Array.isArray(s) && s.length === 2) : [];
  } catch (e) { return []; }
};
"""


class SeatMemory(JSComponent):
    """Remembers one seat of a shared game in this browser (see the module docstring)."""

    game_id = param.Integer(0)
    token = param.String("")

    _esm = _STORE_JS + f"""
    export function render({{ model }}) {{
      const seats = read().filter((s) => !(s[0] === model.game_id && s[1] === model.token));
      seats.push([model.game_id, model.token]);
      try {{ window.localStorage.setItem(NAME, JSON.stringify(seats.slice(-{KEEP}))); }} catch (e) {{}}
      const el = document.createElement('span');
      el.className = 'seat-memory';
      el.style.display = 'none';
      return el;
    }}
    """


class RememberedSeats(JSComponent):
    """Sends the seats this browser remembers to the server (see the module docstring)."""

    seats = param.List([], doc="[[game id, seat token], ...] as the browser keeps them")
    checked = param.Boolean(False, doc="set once the browser has sent its list")

    _esm = _STORE_JS + """
    export function render({ model }) {
      model.seats = read();
      model.checked = true;
      const el = document.createElement('span');
      el.className = 'remembered-seats';
      el.style.display = 'none';
      return el;
    }
    """


def seats_of(sent: Any) -> list[tuple[int, str]]:
    """The well-formed (game id, token) pairs of what a browser sent, newest last, at most ``KEEP``."""
    out: list[tuple[int, str]] = []
    for item in sent if isinstance(sent, list) else []:
        if (isinstance(item, (list, tuple)) and len(item) == 2 and isinstance(item[0], int)
                and not isinstance(item[0], bool) and 0 < item[0] < 2**31 and isinstance(item[1], str)
                and _TOKEN.match(item[1]) and (item[0], item[1]) not in out):
            out.append((item[0], item[1]))
    return out[-KEEP:]


def remember_seat(page: Any, game_id: int, token: str | None, player: int | None = None,
                  seats: Any = None) -> Any:
    """``page`` (a shared game's page, whose ``layout`` is a Column) with its seat remembered in the browser
    and, for seat ``player`` when the browser has a learner id, in the store (``seats``: the store's
    ``LearnerSeats``, made at need); ``page`` unchanged for a watcher (no token) or a page without a layout."""
    layout = getattr(page, "layout", None)
    if token and hasattr(layout, "append"):
        layout.append(SeatMemory(game_id=int(game_id), token=token, width=0, height=0, margin=0))
        if player is not None:
            from academy.ui.progress_page import LearnerKey
            hook = LearnerKey(width=0, height=0, margin=0)
            hook.param.watch(lambda e: keep_seat(hook.key, int(game_id), int(player), seats), "checked")
            layout.append(hook)
    return page


def keep_seat(key: str, game_id: int, player: int, seats: Any = None) -> bool:
    """Store seat ``player`` of game ``game_id`` for the learner ``key`` ('' : none yet, nothing stored);
    False (and a line in the log) when the store refuses or cannot be used: the page goes on without it."""
    if not key:
        return False
    from academy.store.errors import StoreError
    try:
        if seats is None:
            from academy.store.learner_seats import LearnerSeats
            from academy.ui.progress_page import learner_store
            seats = LearnerSeats(learner_store())
        seats.remember(key, game_id, player)
        return True
    except StoreError as exc:        # InvalidInput too
        log.warning("seat %s of game %s not kept for its learner: %s", player, game_id, exc)
        return False
