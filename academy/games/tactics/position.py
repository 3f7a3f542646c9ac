"""One-line Tactics positions, for tests and lessons.

    river_crossing day 2 red | red 3000: infantry D3, tank E2 hp5 fuel20 ammo0 acted, apc C4 [mech] | blue 0: infantry G8 | owners: H1 red, B3 neutral | capture: H1 12 | meter: red 5000 | power: blue super | out: blue

The first part names the map, the day and the army to move. Each army part gives its funds and
its units: type, tile, then optional ``hpN`` (displayed HP) or ``healthN`` (1..100), ``fuelN``,
``ammoN``, ``acted``, and cargo in brackets. ``owners`` changes property owners from the map's,
``capture`` gives capture points left, ``meter`` and ``power`` the commander meters and running
powers, ``out`` knocked-out armies. No upkeep runs: the position is taken as written.

>>> s = parse_position("river_crossing day 1 red | red 0: tank E2 hp5 | blue 0: infantry G8")
>>> s.units[(4, 1)].health, s.units[(6, 7)].type, s.current
(50, 'infantry', 0)
>>> format_position(s)
'river_crossing day 1 red | red 0: tank E2 hp5 | blue 0: infantry G8'
"""
from __future__ import annotations

import re
from typing import Any

from academy.core.bounds import refuse_long_numbers
from academy.core.errors import IllegalAction, InvalidNotation, UnknownMap
from academy.core.record import Record
from academy.core.text import a

from .board import Unit, parse_tile, tile_name
from .game import TacticsGame
from .limits import CAPTURE, DAY, FUNDS, HEALTH, HP, METER, SUPPLIES
from .state import TacticsState
from .terrain import move_cost
from .units import UNITS, unit_type

_ATTR = re.compile(r"(hp|health|fuel|ammo)(\d+)|(acted)")


def _bad(message: str) -> InvalidNotation:
    return InvalidNotation("bad_position", message)


def _army(game: TacticsGame, name: str) -> int:
    key = name.strip().lower()
    if key == "neutral":
        return -1
    if key not in game.map.players:
        raise _bad(f"{name!r} is not an army of {game.map.id}: {', '.join(game.map.players)} (or neutral).")
    return game.map.players.index(key)


def _parse_unit(text: str, owner: int, game: TacticsGame, tile: bool = True) -> tuple[Any, Unit]:
    text = text.strip()
    cargo: list[Unit] = []
    m = re.search(r"\[(.*)\]\s*$", text)
    if m:
        cargo = [_parse_unit(c, owner, game, tile=False)[1] for c in m.group(1).split(",") if c.strip()]
        text = text[:m.start()].strip()
    words = text.split()
    attrs = []
    while words and _ATTR.fullmatch(words[-1].lower()):
        attrs.insert(0, words.pop().lower())
    pos = None
    if tile:
        if not words:
            raise _bad(f"{text!r}: write a unit as 'tank E2'.")
        try:
            pos = parse_tile(words.pop(), game.map.width, game.map.height)
        except IllegalAction as exc:
            raise _bad(f"{text!r}: {exc.message}") from None
    try:
        kind = unit_type(" ".join(words)).id
    except IllegalAction as exc:
        raise _bad(f"{text!r}: {exc.message}") from None
    unit = Unit(kind, owner, cargo=cargo)
    for attr in attrs:
        m2 = _ATTR.fullmatch(attr)
        assert m2
        if m2.group(3):
            unit.acted = True
        elif m2.group(1) == "hp":
            unit.health = 10 * HP.read(m2.group(2), f"{text!r}: hp")
        elif m2.group(1) == "health":
            unit.health = HEALTH.read(m2.group(2), f"{text!r}: health")
        else:
            setattr(unit, m2.group(1), SUPPLIES.read(m2.group(2), f"{text!r}: {m2.group(1)}"))
    if not 1 <= unit.health <= 100:
        raise _bad(f"{text!r}: health runs 1..100 (hp 1..10).")
    return pos, unit


def parse_position(text: str, game: TacticsGame | None = None, seed: int = 0) -> TacticsState:
    """Build a state from a one-line position; raises InvalidNotation naming the bad part.

    ``game`` gives the options (luck, fog, commanders ...); by default a TacticsGame on the named map.
    """
    parts = [p.strip() for p in refuse_long_numbers(text).split("|") if p.strip()]
    if not parts:
        raise _bad("An empty position: start with e.g. 'river_crossing day 1 red'.")
    head = re.fullmatch(r"(\w+) day (\d+) (\w+)", parts[0])
    if not head:
        raise _bad(f"The first part {parts[0]!r} should read like 'river_crossing day 1 red'.")
    try:
        game = game or TacticsGame(map=head.group(1))
    except UnknownMap as exc:
        raise _bad(exc.message) from None
    if game.map.id != head.group(1):
        raise _bad(f"The position is on {head.group(1)!r} but the game plays {game.map.id!r}.")
    state = TacticsState(game, Record(game, seed))
    state.day, state.current = DAY.read(head.group(2), "The day"), _army(game, head.group(3))
    state.funds = [0] * game.num_players
    for part in parts[1:]:
        key, sep, body = part.partition(":")
        if not sep:
            raise _bad(f"{part!r} should be 'army funds: units' or 'owners: ...'.")
        words = key.split()
        entries = [e.strip() for e in re.split(r",(?![^\[]*\])", body) if e.strip()]
        if len(words) == 2 and words[1].isdigit():
            owner = _army(game, words[0])
            state.funds[owner] = FUNDS.read(words[1], f"{words[0].capitalize()}'s funds")
            for entry in entries:
                pos, unit = _parse_unit(entry, owner, game)
                if pos in state.units:
                    raise _bad(f"{entry!r}: two units on {tile_name(pos)}.")
                if move_cost(state.terrain(pos), unit.type) is None:
                    raise _bad(f"{entry!r}: {a(unit.spec.name)} can't stand on {state.terrain(pos)}.")
                state.units[pos] = unit
        elif key.strip() in ("owners", "capture", "meter", "power", "out"):
            _section(state, key.strip(), entries)
        else:
            raise _bad(f"{part!r}: unknown part {key!r}.")
    return state


def _section(state: TacticsState, key: str, entries: list[str]) -> None:
    game = state.game
    for entry in entries:
        a, _, b = entry.partition(" ")
        if key == "out":
            state.alive[_army(game, a)] = False
            continue
        if key in ("meter", "power"):
            who = _army(game, a)
            if key == "meter":
                state.meter[who] = METER.read(b, f"{a.capitalize()}'s power meter")
            else:
                state.power[who] = b.strip() or None
            continue
        try:
            pos = parse_tile(a, game.map.width, game.map.height)
        except IllegalAction as exc:
            raise _bad(f"{entry!r}: {exc.message}") from None
        if pos not in state.owners:
            raise _bad(f"{entry!r}: {a} is not a property.")
        if key == "owners":
            who = _army(game, b)
            state.owners[pos] = None if who < 0 else who
        else:
            state.capture[pos] = CAPTURE.read(b, f"The capture points of {a}")


def _format_unit(unit: Unit, pos: Any) -> str:
    text = UNITS[unit.type].name.lower() + (f" {tile_name(pos)}" if pos is not None else "")
    if unit.health % 10 == 0:
        if unit.health != 100:
            text += f" hp{unit.health // 10}"
    else:
        text += f" health{unit.health}"
    if unit.fuel != unit.spec.fuel:
        text += f" fuel{unit.fuel}"
    if unit.ammo != unit.spec.ammo:
        text += f" ammo{unit.ammo}"
    if unit.acted:
        text += " acted"
    if unit.cargo:
        text += " [" + ", ".join(_format_unit(c, None) for c in unit.cargo) + "]"
    return text


def format_position(state: TacticsState) -> str:
    """The state as one line (parse_position reads it back; a pending attack is not written)."""
    game = state.game
    names = game.map.players
    parts = [f"{game.map.id} day {state.day} {names[state.current]}"]
    for p, army in enumerate(names):
        units = sorted(state.units_of(p).items(), key=lambda kv: kv[0][::-1])
        parts.append(f"{army} {state.funds[p]}: " + ", ".join(_format_unit(u, pos) for pos, u in units))
    default = {pos: (None if o is None else names.index(o)) for pos, o in game.map.owners.items()}
    changed = [f"{tile_name(pos)} {names[o] if o is not None else 'neutral'}"
               for pos, o in sorted(state.owners.items(), key=lambda kv: kv[0][::-1]) if default[pos] != o]
    if changed:
        parts.append("owners: " + ", ".join(changed))
    if state.capture:
        parts.append("capture: " + ", ".join(f"{tile_name(pos)} {c}" for pos, c in
                                              sorted(state.capture.items(), key=lambda kv: kv[0][::-1])))
    if any(state.meter):
        parts.append("meter: " + ", ".join(f"{names[p]} {m}" for p, m in enumerate(state.meter) if m))
    if any(state.power):
        parts.append("power: " + ", ".join(f"{names[p]} {v}" for p, v in enumerate(state.power) if v))
    if not all(state.alive):
        parts.append("out: " + ", ".join(names[p] for p, alive in enumerate(state.alive) if not alive))
    return " | ".join(parts)


def public_position(state: TacticsState) -> str | None:
    """The position everybody may see: None while a game with fog runs (each side sees only its own part)."""
    fogged = state.game.options["fog"] and not state.is_terminal()
    return None if fogged else format_position(state)
