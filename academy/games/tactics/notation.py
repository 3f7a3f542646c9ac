"""Tactics notation: actions as short readable commands (tiles as on the board, "B3" = column B, row 3).

    infantry B3 -> C5 attack D5        tank E2 wait               infantry C3 -> C1 capture
    mech D4 -> E4 load                 apc E4 -> F4 unload infantry F5     apc D4 supply
    lander K3 -> K5 unload tank J5, infantry#2 L5                          build tank at C2
    power    super power    end turn    resign    luck 5/3   (chance: the attack roll / the counter roll)

The unit name in front of a tile is for the reader and is checked when given; a move without
"->" stays where it is. A cargo is named by its type, with ``#slot`` (1-based) when the
transport carries two of the same type.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from academy.core.bounds import refuse_long_numbers
from academy.core.errors import IllegalAction, InvalidNotation
from academy.core.text import a

from .actions import ActivatePower, Attack, Build, Capture, EndTurn, Load, Luck, Resign, Supply, Unload, Wait
from .board import parse_tile, tile_name
from .units import UNITS, unit_type

if TYPE_CHECKING:
    from .state import TacticsState

_TILE = r"[A-Za-z]\d{1,2}"
_UNIT_TURN = re.compile(rf"(?:(?P<unit>[A-Za-z][A-Za-z_ \-]*?)\s+)?(?P<at>{_TILE})"
                        rf"(?:\s*(?:->|→)\s*(?P<to>{_TILE}))?\s+(?P<verb>wait|attack|capture|load|unload|supply)"
                        rf"(?:\s+(?P<rest>.+))?", re.IGNORECASE)
_HELP = ("Try: 'infantry B3 -> C5 attack D5', 'tank E2 -> E5 wait', 'infantry C3 -> C1 capture', "
         "'apc E4 -> F4 unload infantry F5', 'build tank at C2', 'power', 'super power', 'end turn'.")
_SIMPLE = {"wait": Wait, "capture": Capture, "load": Load, "supply": Supply}


def _unit(name: str) -> str:
    try:
        return unit_type(name).id
    except IllegalAction as exc:
        raise InvalidNotation("unknown_unit", exc.message) from None


def _tile(text: str, state: TacticsState) -> str:
    try:
        return tile_name(parse_tile(text, state.game.map.width, state.game.map.height))
    except IllegalAction as exc:
        raise InvalidNotation("bad_tile", exc.message) from None


def parse_action(text: str, state: TacticsState) -> Any:
    """Read a command; raises InvalidNotation (with a hint) when it can't be understood."""
    raw = " ".join(refuse_long_numbers(text, "This command", "a command").strip().split())
    low = raw.lower()
    if low in ("end turn", "end", "endturn", "pass"):
        return EndTurn()
    if low in ("resign", "surrender"):
        return Resign()
    if low in ("power", "co power", "cop"):
        return ActivatePower("power")
    if low in ("super power", "super", "scop"):
        return ActivatePower("super")
    m = re.fullmatch(r"luck (\d+)\s*/\s*(\d+)", low)
    if m:
        return Luck(int(m.group(1)), int(m.group(2)))
    m = re.fullmatch(rf"build (.+?) (?:at|on) ({_TILE})", raw, re.IGNORECASE)
    if m:
        return Build(_unit(m.group(1)), _tile(m.group(2), state))
    m = _UNIT_TURN.fullmatch(raw)
    if not m:
        raise InvalidNotation("bad_notation", f"{raw!r} is not a Tactics command. {_HELP}")
    at = _tile(m.group("at"), state)
    to = _tile(m.group("to"), state) if m.group("to") else at
    pos = parse_tile(at, state.game.map.width, state.game.map.height)
    unit = _seen_unit(state, pos)
    if m.group("unit"):
        named = _unit(m.group("unit"))
        if unit is not None and unit.type != named:
            raise InvalidNotation("wrong_unit", f"{raw!r}: the unit on {at} is {a(unit.spec.name)}, not a "
                                                f"{UNITS[named].name}.")
    verb, rest = m.group("verb").lower(), (m.group("rest") or "").strip()
    if verb in _SIMPLE:
        if rest:
            raise InvalidNotation("bad_notation", f"{raw!r}: nothing follows '{verb}'. {_HELP}")
        return _SIMPLE[verb](at, to)
    if verb == "attack":
        if not re.fullmatch(_TILE, rest):
            raise InvalidNotation("bad_notation", f"{raw!r}: name the target's tile, e.g. 'attack D5'.")
        return Attack(at, to, _tile(rest, state))
    return Unload(at, to, _drops(rest, state, unit.cargo if unit is not None and unit.owner == state.current else [],
                                 raw))


def _seen_unit(state: TacticsState, pos: Any) -> Any:
    """The unit on ``pos`` as the player to move sees it (None for a unit hidden in the fog), so that a
    message about a typed command never tells what stands in the fog."""
    from .view import visible_units
    return visible_units(state, state.current).get(pos)


def _drops(rest: str, state: TacticsState, cargo: list[Any], raw: str) -> tuple[tuple[int, str], ...]:
    drops: list[tuple[int, str]] = []
    used: set[int] = set()
    for part in [p.strip() for p in rest.split(",") if p.strip()]:
        m = re.fullmatch(rf"(.+?)(?:#(\d+))?\s+({_TILE})", part)
        if not m:
            raise InvalidNotation("bad_notation", f"{raw!r}: write each drop as 'infantry F5' (cargo, tile).")
        kind = _unit(m.group(1))
        if m.group(2):
            slot = int(m.group(2)) - 1
        else:
            slots = [i for i, c in enumerate(cargo) if c.type == kind and i not in used]
            if not slots:
                raise InvalidNotation("bad_cargo", f"{raw!r}: no {UNITS[kind].name} aboard to drop.")
            slot = slots[0]
        used.add(slot)
        drops.append((slot, _tile(m.group(3), state)))
    if not drops:
        raise InvalidNotation("bad_notation", f"{raw!r}: say what to drop where, e.g. 'unload infantry F5'.")
    return tuple(drops)


def _cargo_name(cargo: list[Any], slot: int) -> str:
    if not 0 <= slot < len(cargo):
        return f"unit#{slot + 1}"
    kind = cargo[slot].type
    same = sum(c.type == kind for c in cargo)
    first = next(i for i, c in enumerate(cargo) if c.type == kind)
    name = UNITS[kind].name.lower()
    return name if same == 1 or slot == first else f"{name}#{slot + 1}"


def format_action(action: Any, state: TacticsState) -> str:
    """Write an action so that parse_action reads it back."""
    match action:
        case EndTurn():
            return "end turn"
        case Resign():
            return "resign"
        case ActivatePower(level):
            return "power" if level == "power" else "super power"
        case Luck(a, c):
            return f"luck {a}/{c}"
        case Build(unit, at):
            return f"build {UNITS[unit].name.lower() if unit in UNITS else unit} at {at}"
    if not isinstance(action, (Wait, Attack, Capture, Load, Supply, Unload)):
        raise InvalidNotation("bad_notation", f"{action!r} is not a Tactics action.")
    try:
        unit = state.units.get(parse_tile(action.at, state.game.map.width, state.game.map.height))
    except IllegalAction:
        unit = None
    head = (f"{UNITS[unit.type].name.lower()} " if unit is not None else "") + action.at
    if action.to != action.at:
        head += f" -> {action.to}"
    match action:
        case Attack(_, _, target):
            return f"{head} attack {target}"
        case Unload(_, _, drops):
            cargo = unit.cargo if unit is not None else []
            return f"{head} unload " + ", ".join(f"{_cargo_name(cargo, s)} {t}" for s, t in drops)
    return f"{head} {type(action).__name__.lower()}"
