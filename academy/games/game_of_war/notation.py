"""Game of War notation: squares, and actions as short commands.

Squares: a letter for the column (a..y, x 0..24 west to east) and the row number from the North edge
(1..20, y 0..19): ``e5`` is (4, 4). ``[4, 4]`` or ``4,4`` are read too. Actions::

    N-I3 e5-f6          move (the from-square may be left out: "N-I3 f6"; onto an enemy arsenal: take it)
    N-I3 attacks S-I5   the turn's attack by N-I3 on S-I5 ("N-I3 x S-I5"; "attack S-I5" picks an attacker)
    retreat S-I5 k11-k12   the forced retreat after an attack of defence + 1
    deploy cavalry e5   free deployment (types: infantry, cavalry, cannon, swift cannon, relay, swift relay,
                        or the codes I, C, K, SK, R, SR)
    end                 end the turn ("end turn", "pass")
    first North         the chance outcome: who starts

Unit ids are matched without regard to case or hyphens ("ni3" is N-I3), with "did you mean".
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from academy.core.bounds import refuse_long_numbers
from academy.core.errors import InvalidNotation
from academy.core.names import NameIndex, normalise

from .actions import Attack, Deploy, EndTurn, FirstPlayer, Move, Retreat
from .combat import can_attack
from .units import SIDES, UNIT_TYPES

if TYPE_CHECKING:
    from .state import GameOfWarState

Square = tuple[int, int]
LETTERS = "abcdefghijklmnopqrstuvwxyz"
CODE_TYPES = {"i": "infantry", "c": "cavalry", "k": "cannon", "sk": "swift_cannon", "r": "relay", "sr": "swift_relay"}
_SQUARE = r"[a-z]\d{1,2}|\[\s*-?\d+\s*,\s*-?\d+\s*\]|-?\d+\s*,\s*-?\d+"
_HELP = "Try: N-I3 e5-f6 · N-I3 attacks S-I5 · attack S-I5 · retreat S-I5 k11-k12 · deploy cavalry e5 · end."


def format_square(square: Square) -> str:
    """(4, 4) -> "e5"; a column beyond z is written "[x, y]"."""
    x, y = square
    return f"{LETTERS[x]}{y + 1}" if 0 <= x < len(LETTERS) and y >= 0 else f"[{x}, {y}]"


def parse_square(text: str) -> Square:
    """"e5" -> (4, 4); "[4, 4]" and "4,4" -> (4, 4). Raises InvalidNotation."""
    t = text.strip().lower()
    m = re.fullmatch(r"([a-z])(\d{1,2})", t)
    if m:
        return LETTERS.index(m.group(1)), int(m.group(2)) - 1
    m = re.fullmatch(r"\[?\s*(-?\d+)\s*,\s*(-?\d+)\s*\]?", t)
    if m:
        from .limits import COORDINATE
        return COORDINATE.read(m.group(1), f"{text!r}: the column"), COORDINATE.read(m.group(2), f"{text!r}: the row")
    raise InvalidNotation("bad_square", f"{text!r} is not a square: write a column letter and a row number "
                                        "like e5 (column a..y west to east, row 1..20 from the North edge).")


def parse_unit_type(text: str) -> str:
    """"swift cannon", "swift_cannon", "SK" -> "swift_cannon". Raises InvalidNotation."""
    key = normalise(text)
    if key in CODE_TYPES:
        return CODE_TYPES[key]
    index = NameIndex({t: (t.replace("_", " "),) for t in UNIT_TYPES}, "unit type")
    return index.resolve(text)


def seen_unit_ids(state: GameOfWarState) -> list[str]:
    """The units the player to move sees (its observation: during the hidden deployment, its own only),
    so that no message about a typed command names or places a hidden unit."""
    return [u["id"] for u in state.observation(state.current)["position"]["units"]]


def unit_index(state: GameOfWarState) -> NameIndex:
    return NameIndex({uid: () for uid in seen_unit_ids(state)}, "unit")


def resolve_unit(text: str, state: GameOfWarState) -> str:
    """The id of a unit the player to move sees; exact ids win. Raises InvalidNotation or AmbiguousNotation."""
    if text in seen_unit_ids(state):
        return text
    return unit_index(state).resolve(text)


def _squares(rest: str, verb: str) -> tuple[Square | None, Square]:
    found = re.findall(_SQUARE, rest.lower())
    leftover = re.sub(_SQUARE, " ", rest.lower())
    if not found or len(found) > 2 or re.sub(r"->|→|–|-|\bto\b|\s", "", leftover):
        raise InvalidNotation("bad_notation", f"Write {verb} as 'UNIT FROM-TO' or 'UNIT TO', e.g. "
                                              f"'{'retreat ' if verb == 'a retreat' else ''}N-I3 e5-f6'.")
    squares = [parse_square(f) for f in found]
    return (squares[0] if len(squares) == 2 else None), squares[-1]


def _unit_and_squares(text: str, state: GameOfWarState, verb: str) -> tuple[str, Square]:
    head, _, rest = text.strip().partition(" ")
    unit = resolve_unit(head, state)
    start, to = _squares(rest, verb)
    at = state.position.unit(unit).at
    if start is not None and start != at:
        raise InvalidNotation("wrong_square", f"{unit} stands on {format_square(at)}, not {format_square(start)}; "
                                              f"write '{unit} {format_square(at)}-{format_square(to)}'.")
    return unit, to


def parse_action(text: str, state: GameOfWarState) -> Any:
    """Read a command (see the module docstring); raises InvalidNotation or AmbiguousNotation with a hint."""
    raw = refuse_long_numbers(text, "This command", "a command").strip()
    low = raw.lower()
    verb, _, rest = low.partition(" ")
    rest = raw[len(verb):].strip()
    if normalise(low) in ("end", "endturn", "pass", "done"):
        return EndTurn()
    if verb == "first":
        key = normalise(rest)
        for p, side in enumerate(SIDES):
            if key in (side, str(p), side[0]):
                return FirstPlayer(p)
        raise InvalidNotation("bad_notation", f"Write who starts as 'first North' or 'first South', not {raw!r}.")
    if verb == "deploy":
        words = rest.split()
        if len(words) < 2:
            raise InvalidNotation("bad_notation", "Write a deployment as 'deploy cavalry e5'.")
        return Deploy(parse_unit_type(" ".join(words[:-1])), parse_square(words[-1]))
    if verb == "retreat":
        return Retreat(*_unit_and_squares(rest, state, "a retreat"))
    if verb == "attack":
        target = resolve_unit(rest, state)
        side = state.side
        for u in state.position.units:
            if side is not None and can_attack(state.position, side, u.id, target):
                return Attack(u.id, target)
        raise InvalidNotation("no_attacker", f"No unit of yours can attack {target} now; name the attacker: "
                                             f"'N-I3 attacks {target}'.")
    m = re.fullmatch(r"(\S+)\s+(?:attacks|x)\s+(\S+)", raw, re.IGNORECASE)
    if m:
        return Attack(resolve_unit(m.group(1), state), resolve_unit(m.group(2), state))
    if not raw:
        raise InvalidNotation("bad_notation", f"An empty command. {_HELP}")
    try:
        return Move(*_unit_and_squares(raw, state, "a move"))
    except InvalidNotation as exc:
        if exc.reason == "unknown_name":
            raise InvalidNotation("bad_notation", f"{raw!r} is not a Game of War command ({exc}). {_HELP}") from None
        raise


def format_action(action: Any, state: GameOfWarState) -> str:
    """Write an action so that parse_action reads it back."""
    pos = state.position

    def path(unit: str, to: Square) -> str:
        start = f"{format_square(pos.unit(unit).at)}-" if pos.has_unit(unit) else ""
        return f"{unit} {start}{format_square(to)}"

    match action:
        case Move(unit, to):
            return path(unit, to)
        case Retreat(unit, to):
            return "retreat " + path(unit, to)
        case Attack(unit, target):
            return f"{unit} attacks {target}"
        case Deploy(kind, at):
            return f"deploy {kind.replace('_', ' ')} {format_square(at)}"
        case EndTurn():
            return "end"
        case FirstPlayer(p):
            return f"first {SIDES[p].title()}"
    raise InvalidNotation("bad_notation", f"{action!r} is not a Game of War action.")
