"""Lines of communication (game-of-war.md, Communication).

Arsenals send lines in the 8 directions to the board edge; a relay standing on a covered square
sends lines of its own (chains of relays work). A line stops before a mountain or any enemy unit
(relays included, connected or not) and goes through passes, fortresses, arsenals and friendly units.
A unit is in communication when it stands on a covered square or touches, in a chain, a friendly
unit that is. A relay connected only by touching sends no lines.

    >>> from .position import Position
    >>> pos = Position.from_dict({"arsenals": {"north": [[0, 0]]},
    ...     "units": [{"id": "N1", "side": "north", "type": "infantry", "at": [5, 5]},
    ...               {"id": "N2", "side": "north", "type": "infantry", "at": [6, 7]}]})
    >>> sorted(network(pos, "north"))
    ['N1']
"""
from __future__ import annotations

from dataclasses import dataclass

from academy.core import graph
from academy.core.text import listing

from .position import DIRECTIONS, Position, Square, check_side


@dataclass(frozen=True)
class Network:
    """One side's communication: the squares its lines cover, the relays that emit, the connected units."""

    side: str
    covered: frozenset[Square]
    emitting_relays: frozenset[str]
    connected: frozenset[str]
    by_touch: frozenset[str]   # connected only through a chain of touching friends


def line_squares(pos: Position, side: str, origin: Square) -> list[Square]:
    """The squares one source's lines cover, the source's own square first."""
    return _lines(pos, {u.at for u in pos.units if u.side != side}, origin)


def _lines(pos: Position, enemy: set[Square], origin: Square) -> list[Square]:
    out = [origin]
    for dx, dy in DIRECTIONS:
        x, y = origin[0] + dx, origin[1] + dy
        while pos.is_on_board((x, y)) and (x, y) not in pos.mountains and (x, y) not in enemy:
            out.append((x, y))
            x, y = x + dx, y + dy
    return out


def communication(pos: Position, side: str) -> Network:
    """The whole network of ``side``; raises PositionError for an unknown side."""
    side = check_side(side)
    enemy = {u.at for u in pos.units if u.side != side}
    relays = {u.at: u.id for u in pos.units_of(side) if u.kind.is_relay}
    lines: dict[Square, list[Square]] = {}

    def fed(origin: Square) -> list[Square]:
        """The relays on the lines from ``origin`` (each sends lines of its own)."""
        lines[origin] = _lines(pos, enemy, origin)
        return [sq for sq in lines[origin] if sq in relays]

    sources = graph.reachable(fed, pos.arsenals.get(side, ()), several=True)
    covered = {sq for origin in sources for sq in lines[origin]}
    emitting = {relays[sq] for sq in sources if sq in relays}
    own = {u.at: u for u in pos.units_of(side)}
    on_line = {u.id for u in own.values() if u.at in covered}

    chain = graph.reachable(graph.grid_graph(pos.width, pos.height, diagonal=True),
                            [sq for sq in own if sq in covered], own.__contains__, several=True)
    connected = {own[sq].id for sq in chain}
    return Network(side, frozenset(covered), frozenset(emitting), frozenset(connected),
                   frozenset(connected - on_line))


def network(pos: Position, side: str) -> set[str]:
    """The ids of ``side``'s units in communication."""
    return set(communication(pos, side).connected)


def is_connected(pos: Position, unit_id: str) -> bool:
    """Whether the unit is in communication with its side's network."""
    unit = pos.unit(unit_id)
    return unit.id in communication(pos, unit.side).connected


def connection_change(pos: Position, unit_id: str, to: Square) -> tuple[list[str], list[str]]:
    """What moving ``unit_id`` to ``to`` would do to its side's communication (game-of-war.md,
    Communication): ``(cut_off, reconnected)``, the ids of the side's other units it would cut off from
    the lines and those it would bring back onto them, sorted. No rule is checked (ask ``check_move``).

    >>> from academy.games.game_of_war.snapshot import parse_position
    >>> s = parse_position("North to move | board: empty | North arsenals: m1 | South arsenals: m20 | "
    ...                    "North: N-I2 m6, N-I1 n7")
    >>> connection_change(s.position, "N-I2", (0, 0))      # N-I1 was connected only by touching N-I2
    (['N-I1'], [])
    >>> connection_change(s.position.with_unit_at("N-I2", (0, 0)), "N-I2", (12, 5))
    ([], ['N-I1'])
    """
    side = pos.unit(unit_id).side
    before = communication(pos, side).connected
    after = communication(pos.with_unit_at(unit_id, (int(to[0]), int(to[1]))), side).connected
    others = [u.id for u in pos.units_of(side) if u.id != unit_id]
    return (sorted(u for u in others if u in before and u not in after),
            sorted(u for u in others if u not in before and u in after))


def cuts_itself_off(pos: Position, unit_id: str, to: Square) -> bool:
    """Would moving ``unit_id`` to ``to`` take the unit itself off its side's lines (game-of-war.md,
    Communication)? No rule is checked.

    >>> from academy.games.game_of_war.snapshot import parse_position
    >>> s = parse_position("North to move | board: empty | North arsenals: m1 | South arsenals: m20 | "
    ...                    "North: N-I2 m6")
    >>> cuts_itself_off(s.position, "N-I2", (10, 5)), cuts_itself_off(s.position, "N-I2", (12, 6))
    (True, False)
    """
    side = pos.unit(unit_id).side
    return (unit_id in communication(pos, side).connected
            and unit_id not in communication(pos.with_unit_at(unit_id, (int(to[0]), int(to[1]))), side).connected)


def connection_warning(pos: Position, unit_id: str, to: Square) -> str:
    """``connection_change`` (and ``cuts_itself_off``) in words, for the player choosing where to move (''
    when nothing changes): "Moving N-C1 to a1 cuts off N-I1 and N-K1: a unit off the lines can't move and
    adds nothing in combat.", "Moving N-C1 to f9 takes N-C1 itself off the lines: ..."."""
    from .notation import format_square
    cut, back = connection_change(pos, unit_id, to)
    lost = ([f"takes {unit_id} itself off the lines"] if cuts_itself_off(pos, unit_id, to) else []) \
        + ([f"cuts off {listing(cut)}"] if cut else [])
    parts = []
    if lost:
        parts.append(" and ".join(lost) + ": a unit off the lines can't move and adds nothing in combat")
    if back:
        parts.append(f"brings {listing(back)} back onto the lines")
    return f"Moving {unit_id} to {format_square(to)} {'; it '.join(parts)}." if parts else ""
