"""One-line Game of War positions for tests and lessons, and states built from a Position.

    North to move | moved: N-I1 | North: N-I1 e5, N-C1 f6 | South: S-I1 e7, cavalry X e9

Parts are ``|``-separated. The first names the side to move. Then, in any order:
``North: ...`` / ``South: ...`` the units as "ID SQUARE" (the type read from a standard id such as
N-I1, N-C2, N-K1, N-SK1, N-R1, N-SR1) or "TYPE ID SQUARE"; ``moved: ...`` units moved this turn;
``retreat: ...`` units that must retreat at the start of their owner's turn; ``turn: N``;
``North arsenals: ...`` / ``South arsenals: ...`` (``-`` for none) replacing the board's arsenals;
``board: empty`` for a bare 25×20 board instead of the classic one, with ``size: WxH``,
``mountains: ...``, ``passes: ...``, ``fortresses: ...``. Squares as in notation.py (``e5`` is (4, 4)).

    >>> s = parse_position("South to move | North: N-I1 e5 | South: S-C1 e7")
    >>> s.position.unit("S-C1").type, s.side, format_position(s)
    ('cavalry', 'south', 'South to move | North: N-I1 e5 | South: S-C1 e7')
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from academy.core.bounds import refuse_long_numbers
from academy.core.errors import InvalidNotation
from academy.core.record import Record

from .limits import SIDE, TURN
from .mapdata import board
from .notation import format_square, parse_square, parse_unit_type
from .position import Position
from .units import SIDES

if TYPE_CHECKING:
    from .game import GameOfWarGame
    from .state import GameOfWarState

_STANDARD_ID = re.compile(r"[NS]-(SK|SR|I|C|K|R)\d+")
_CODES = {"I": "infantry", "C": "cavalry", "K": "cannon", "SK": "swift_cannon", "R": "relay", "SR": "swift_relay"}
_TERRAIN_KEYS = {"mountains": "mountain", "passes": "pass", "fortresses": "fortress"}


def state_from_position(pos: Position, to_move: str | int = "north", moved: Iterable[str] = (),
                        retreats: Iterable[str] = (), turn: int = 1, seed: int = 0,
                        game: GameOfWarGame | None = None) -> GameOfWarState:
    """A state in play from a position: ``to_move`` plays next with ``moved`` already moved this turn, and
    ``retreats`` must retreat at the start of their owner's turn (the mover retreats first if one is its own).
    Its record starts from this state. Raises InvalidNotation for an unknown unit or side."""
    from .game import GameOfWarGame
    from .state import GameOfWarState
    player = to_move if isinstance(to_move, int) else _side_index(to_move)
    game = game or GameOfWarGame(deployment=pos.to_dict())
    state = GameOfWarState(game, Record(game, seed), pos, "play")
    state.current, state.first, state.turn = player, player, turn
    for uid in [*moved, *retreats]:
        if not pos.has_unit(uid):
            raise InvalidNotation("unknown_unit", f"There is no unit {uid!r} in the position.")
    state.moved, state.retreats = list(moved), list(retreats)
    if any(pos.unit(u).side == SIDES[player] for u in state.retreats):
        state.phase = "retreat"
    state.record = Record(game, seed, start=state.to_json())
    return state


def _side_index(text: str) -> int:
    key = text.strip().lower()
    if key not in SIDES:
        raise InvalidNotation("unknown_side", f"{text!r} is not a side; the sides are North and South.")
    return SIDES.index(key)


def _items(body: str) -> list[str]:
    return [i.strip() for i in body.split(",") if i.strip() and i.strip() != "-"]


def _unit(item: str, side: str) -> dict[str, Any]:
    words = item.split()
    if len(words) == 2 and _STANDARD_ID.fullmatch(words[0]):
        utype = _CODES[_STANDARD_ID.fullmatch(words[0]).group(1)]  # type: ignore[union-attr]
    elif len(words) >= 3:
        utype = parse_unit_type(" ".join(words[:-2]))
        words = words[-2:]
    else:
        raise InvalidNotation("bad_position", f"{item!r} should be 'ID SQUARE' with a standard id (N-I1, S-C2, "
                                              "...) or 'TYPE ID SQUARE', like 'cavalry X1 e5'.")
    return {"id": words[0], "side": side, "type": utype, "at": list(parse_square(words[1]))}


def parse_position(text: str, seed: int = 0) -> GameOfWarState:
    """Build a state from a one-line position (format in the module docstring); raises InvalidNotation
    (a PositionError for a malformed position) naming the bad part."""
    parts = [p.strip() for p in refuse_long_numbers(text).split("|") if p.strip()]
    head = re.fullmatch(r"(north|south)\s+to\s+move", parts[0], re.IGNORECASE) if parts else None
    if not head:
        raise InvalidNotation("bad_position", "A position starts with 'North to move' or 'South to move'.")
    classic = board()
    data: dict[str, Any] = classic.to_dict()
    units: list[dict[str, Any]] = []
    moved: list[str] = []
    retreats: list[str] = []
    turn = 1
    board_first = sorted(parts[1:], key=lambda part: not part.lower().startswith(("board", "size")))
    for part in board_first:
        key, sep, body = part.partition(":")
        key = key.strip().lower()
        if not sep:
            raise InvalidNotation("bad_position", f"{part!r} should be 'KEY: VALUE', like 'North: N-I1 e5'.")
        if key in SIDES:
            units += [_unit(i, key) for i in _items(body)]
        elif key in ("north arsenals", "south arsenals"):
            data["arsenals"][key.split()[0]] = [list(parse_square(i)) for i in _items(body)]
        elif key == "moved":
            moved = _items(body)
        elif key == "retreat":
            retreats = _items(body)
        elif key == "turn":
            turn = TURN.read(body, "The turn")
        elif key == "board":
            if body.strip().lower() not in ("empty", "classic"):
                raise InvalidNotation("bad_position", "board: is 'classic' (the default) or 'empty'.")
            if body.strip().lower() == "empty":
                data = {"width": 25, "height": 20, "terrain": {}, "arsenals": {"north": [], "south": []}}
        elif key == "size":
            m = re.fullmatch(r"\s*(\d+)\s*x\s*(\d+)\s*", body)
            if not m:
                raise InvalidNotation("bad_position", "size: is WIDTHxHEIGHT, like 'size: 25x20'.")
            data["width"], data["height"] = SIDE.read(m.group(1), "The width"), SIDE.read(m.group(2), "The height")
        elif key in _TERRAIN_KEYS:
            data["terrain"][_TERRAIN_KEYS[key]] = [list(parse_square(i)) for i in _items(body)]
        else:
            raise InvalidNotation("bad_position", f"Unknown part {key!r} in the position.")
    data["units"] = units
    return state_from_position(Position.from_dict(data), head.group(1), moved, retreats, turn, seed)


def format_position(state: GameOfWarState) -> str:
    """The one-line position of a state in play (inverse of parse_position)."""
    pos, classic = state.position, board()
    parts = [f"{(state.side or 'north').title()} to move"]
    same_board = (pos.width, pos.height, pos.mountains, pos.passes, pos.fortresses) == \
        (classic.width, classic.height, classic.mountains, classic.passes, classic.fortresses)
    if not same_board:
        parts += ["board: empty", f"size: {pos.width}x{pos.height}"]
        for key, squares in (("mountains", pos.mountains), ("passes", pos.passes), ("fortresses", pos.fortresses)):
            if squares:
                ordered = sorted(squares, key=lambda s: (s[1], s[0]))
                parts.append(f"{key}: " + ", ".join(format_square(s) for s in ordered))
    if state.moved:
        parts.append("moved: " + ", ".join(state.moved))
    if state.retreats:
        parts.append("retreat: " + ", ".join(state.retreats))
    if state.turn != 1:
        parts.append(f"turn: {state.turn}")
    for side in SIDES:
        items = []
        for u in pos.units_of(side):
            m = _STANDARD_ID.fullmatch(u.id)
            std = m is not None and _CODES[m.group(1)] == u.type and u.id[0] == side[0].upper()
            items.append(f"{u.id} {format_square(u.at)}" if std else f"{u.type} {u.id} {format_square(u.at)}")
        if items:
            parts.append(f"{side.title()}: " + ", ".join(items))
    for side in SIDES:
        if not same_board or tuple(pos.arsenals.get(side, ())) != tuple(classic.arsenals[side]):
            parts.append(f"{side.title()} arsenals: " + (", ".join(format_square(a) for a in pos.arsenals[side])
                                                        or "-"))
    return " | ".join(parts)


def public_position(state: Any) -> str | None:
    """The position everybody may see, or None during the deployment (each army is hidden from the other)."""
    return format_position(state) if state.phase == "play" else None
