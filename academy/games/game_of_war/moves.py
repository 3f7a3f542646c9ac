"""Which moves are legal (game-of-war.md, Your turn; Communication; Units; Terrain).

A unit moves up to its movement in king steps (any of the 8 directions at each step); every square it
passes and the square it ends on must be on the board, not a mountain and empty. A cut-off unit cannot
move: game-of-war.md says so of every unit, relays included, although the reference's reading lets
cut-off relays move (set CUT_OFF_RELAYS_MAY_MOVE to follow it). Cavalry must stop on the first square
where it is out of communication. Only a fighting unit may enter an enemy arsenal (which destroys it);
no unit passes through one. At most 5 different units move in a turn, each once, and no move follows
the turn's attack.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from academy.core import graph
from academy.core.errors import IllegalAction
from academy.core.text import a, count

from .communication import communication
from .notation import format_square
from .position import Position, PositionError, Square, check_side
from .units import MOVES_PER_TURN

CUT_OFF_RELAYS_MAY_MOVE = False


def check_move(pos: Position, side: str, unit_id: str, to: Sequence[int], moved: Iterable[str] = (),
               attacked: bool = False) -> None:
    """Raise IllegalAction (with a reason and the fix) if ``side`` may not move ``unit_id`` to ``to`` now.

    ``moved``: the units already moved this turn; ``attacked``: whether the turn's attack was made.
    Reasons: not_your_unit, turn_over, already_moved, too_many_moves, off_board, bad_square, no_move,
    cut_off, too_far, mountain, occupied, blocked, relay_cannot_take_arsenal.
    """
    side = check_side(side)
    try:
        unit = pos.unit(unit_id)
    except PositionError as exc:   # says "did you mean"
        raise IllegalAction("unknown_unit", exc.message) from None
    name = f"{unit.kind.label} {unit.id}"
    if unit.side != side:
        raise IllegalAction("not_your_unit", f"Move {unit.id} refused: it is a {unit.side.title()} unit; move one of "
                                             f"{side.title()}'s units.")
    dest = _square(to, unit.id)
    moved = list(dict.fromkeys(moved))
    if attacked:
        raise IllegalAction("turn_over", f"Move {unit.id} refused: {side.title()} has attacked this turn, which ends "
                                         "the turn; press End turn.")
    if unit.id in moved:
        raise IllegalAction("already_moved", f"Move {unit.id} refused: it has already moved this turn; each "
                                             "unit moves once a turn, so move another unit.")
    if len(moved) >= MOVES_PER_TURN:
        raise IllegalAction("too_many_moves", f"Move {unit.id} refused: {len(moved)} units have moved this "
                                              f"turn and the limit is {MOVES_PER_TURN}; attack or end the turn.")
    if not pos.is_on_board(dest):
        raise IllegalAction("off_board", f"Move {unit.id} to {format_square(dest)} refused: that square is off the board "
                                         f"(x 0..{pos.width - 1}, y 0..{pos.height - 1}).")
    if dest == unit.at:
        raise IllegalAction("no_move", f"Move {unit.id} refused: it already stands on {format_square(dest)}.")
    if unit.id not in communication(pos, side).connected and not (unit.kind.is_relay and CUT_OFF_RELAYS_MAY_MOVE):
        raise IllegalAction("cut_off", f"Move {unit.id} refused: the {name} is cut off from {side.title()}'s lines of "
                                       "communication and cannot move; reconnect it first (move a relay or a "
                                       "friendly unit next to it, or clear the enemy off its line).")
    steps = max(abs(dest[0] - unit.at[0]), abs(dest[1] - unit.at[1]))
    if steps > unit.kind.move:
        raise IllegalAction("too_far", f"Move {unit.id} to {format_square(dest)} refused: that is "
                                       f"{count(steps, 'square')} away and {a(unit.kind.label)} moves at most "
                                       f"{count(unit.kind.move, 'square')}.")
    if dest in pos.mountains:
        raise IllegalAction("mountain", f"Move {unit.id} to {format_square(dest)} refused: no unit may end on a mountain.")
    other = pos.unit_at(dest)
    if other is not None:
        raise IllegalAction("occupied", f"Move {unit.id} to {format_square(dest)} refused: {other.id} stands there; "
                                        "a unit ends on an empty square.")
    owner = pos.arsenal_owner(dest)
    if owner is not None and owner != side and not unit.kind.is_fighting:
        raise IllegalAction("relay_cannot_take_arsenal", f"Move {unit.id} to {format_square(dest)} refused: only a "
                                                         "fighting unit may enter an enemy arsenal.")
    if dest not in destinations(pos, unit.id):
        stopped = unit.type == "cavalry" and dest in destinations(pos, unit.id, stop_rule=False)
        why = ("cavalry must stop on the first square outside communication" if stopped
               else "every square on the way must be empty and not a mountain")
        raise IllegalAction("blocked", f"Move {unit.id} to {format_square(dest)} refused: no free path; {why}.")


def is_legal_move(pos: Position, side: str, unit_id: str, to: Sequence[int], moved: Iterable[str] = (),
                  attacked: bool = False) -> bool:
    """Whether ``side`` may move ``unit_id`` to ``to`` now (see check_move); raises only for an unknown side."""
    try:
        check_move(pos, side, unit_id, to, moved, attacked)
    except IllegalAction:
        return False
    return True


def destinations(pos: Position, unit_id: str, stop_rule: bool = True) -> set[Square]:
    """The squares the unit could reach by board geometry and cavalry's stop rule (``stop_rule=False``:
    without it, to tell which of the two stops a cavalry), ignoring the turn and whether the unit is cut off."""
    unit = pos.unit(unit_id)
    enemy_arsenals = {sq for s, squares in pos.arsenals.items() if s != unit.side for sq in squares}

    def enters(sq: Square) -> bool:
        return (sq not in pos.mountains and pos.unit_at(sq) is None
                and (unit.kind.is_fighting or sq not in enemy_arsenals))

    def goes_on(sq: Square) -> bool:
        """No unit passes an enemy arsenal; cavalry stops on the first square out of communication."""
        return sq not in enemy_arsenals and (
            unit.type != "cavalry" or not stop_rule
            or unit.id in communication(pos.with_unit_at(unit.id, sq), unit.side).connected)

    board = graph.grid_graph(pos.width, pos.height, diagonal=True)
    return set(graph.steps(board, [unit.at], enters, limit=unit.kind.move, expands=goes_on)) - {unit.at}


def _square(to: Any, unit_id: str) -> Square:
    if (isinstance(to, (str, bytes)) or not hasattr(to, "__len__") or len(to) != 2
            or not all(isinstance(c, int) and not isinstance(c, bool) for c in to)):
        raise IllegalAction("bad_square", f"Move {unit_id} refused: {to!r} is not a square; give [x, y].")
    return (to[0], to[1])
