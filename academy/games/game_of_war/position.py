"""A Game of War position: board, terrain, arsenals and units, built from a plain dict.

    >>> pos = Position.from_dict({"terrain": {"mountain": [[3, 4]]},
    ...                           "arsenals": {"north": [[10, 0]], "south": [[13, 19]]},
    ...                           "units": [{"id": "N1", "side": "north", "type": "infantry", "at": [10, 8]}]})
    >>> pos.unit("N1").at, pos.terrain_at((3, 4))
    ((10, 8), 'mountain')

Squares are (x, y): x the column 0..width-1 west to east, y the row 0..height-1 north to south.
``from_dict`` raises PositionError (an InvalidNotation) naming the problem in a malformed position.
"""
from __future__ import annotations

import difflib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from academy.core.errors import InvalidNotation
from academy.core.text import a

from .units import SIDES, UNIT_TYPES, UnitType

Square = tuple[int, int]
TERRAINS = ("mountain", "pass", "fortress")
DIRECTIONS: tuple[Square, ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
_TOP_KEYS = ("width", "height", "terrain", "arsenals", "units")
_UNIT_KEYS = ("id", "side", "type", "at")


class PositionError(InvalidNotation):
    """A malformed position; ``reason`` says which rule of the format it breaks."""

    default_reason = "bad_position"


@dataclass(frozen=True)
class Unit:
    id: str
    side: str
    type: str
    at: Square

    @property
    def kind(self) -> UnitType:
        return UNIT_TYPES[self.type]


@dataclass(frozen=True, eq=True)
class Position:
    """Immutable; ``with_unit_at`` and ``without_unit`` return new positions."""

    width: int
    height: int
    mountains: frozenset[Square]
    passes: frozenset[Square]
    fortresses: frozenset[Square]
    arsenals: Mapping[str, tuple[Square, ...]]
    units: tuple[Unit, ...]
    _by_id: dict[str, Unit] = field(init=False, repr=False, compare=False)
    _by_square: dict[Square, Unit] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {u.id: u for u in self.units})
        object.__setattr__(self, "_by_square", {u.at: u for u in self.units})

    def __hash__(self) -> int:
        return hash((self.width, self.height, self.mountains, self.passes, self.fortresses,
                     tuple(sorted(self.arsenals.items())), self.units))

    # ------------------------------------------------------------------ queries
    def is_on_board(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def terrain_at(self, sq: Square) -> str:
        """'mountain', 'pass', 'fortress' or 'plain'."""
        if sq in self.mountains:
            return "mountain"
        if sq in self.passes:
            return "pass"
        if sq in self.fortresses:
            return "fortress"
        return "plain"

    def has_unit(self, unit_id: str) -> bool:
        return unit_id in self._by_id

    def unit(self, unit_id: str) -> Unit:
        """The unit with this id; raises PositionError with "did you mean" if there is none."""
        try:
            return self._by_id[unit_id]
        except KeyError:
            close = difflib.get_close_matches(str(unit_id), list(self._by_id), n=3, cutoff=0.5)
            hint = f" Did you mean {' or '.join(close)}?" if close else ""
            raise PositionError("unknown_unit", f"There is no unit {unit_id!r} in this position.{hint}") from None

    def unit_at(self, sq: Square) -> Unit | None:
        return self._by_square.get(tuple(sq))  # type: ignore[arg-type]

    def units_of(self, side: str) -> Iterator[Unit]:
        return (u for u in self.units if u.side == side)

    def arsenal_owner(self, sq: Square) -> str | None:
        for side, squares in self.arsenals.items():
            if sq in squares:
                return side
        return None

    # ------------------------------------------------------------------ changes
    def with_unit_at(self, unit_id: str, sq: Square) -> Position:
        """The same position with one unit standing on ``sq`` (no rules checked)."""
        moved = replace(self.unit(unit_id), at=(int(sq[0]), int(sq[1])))
        return replace(self, units=tuple(moved if u.id == unit_id else u for u in self.units))

    def without_unit(self, unit_id: str) -> Position:
        self.unit(unit_id)
        return replace(self, units=tuple(u for u in self.units if u.id != unit_id))

    # ------------------------------------------------------------------ dicts
    def to_dict(self) -> dict[str, Any]:
        """The plain-dict form that ``from_dict`` reads back."""
        return {
            "width": self.width, "height": self.height,
            "terrain": {"mountain": _squares_out(self.mountains), "pass": _squares_out(self.passes),
                        "fortress": _squares_out(self.fortresses)},
            "arsenals": {side: [list(s) for s in self.arsenals.get(side, ())] for side in SIDES},
            "units": [{"id": u.id, "side": u.side, "type": u.type, "at": list(u.at)} for u in self.units],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Position:
        """Build and check a position; raises PositionError naming the problem.

        ``width`` and ``height`` default to 25 and 20; ``terrain`` and ``arsenals`` may be left out.
        """
        if not isinstance(data, Mapping):
            raise PositionError("bad_position", f"A position is a dict, got {type(data).__name__}.")
        extra = [k for k in data if k not in _TOP_KEYS]
        if extra:
            raise PositionError("unknown_key", f"Unknown key {extra[0]!r} in the position; "
                                               f"the keys are {', '.join(_TOP_KEYS)}.")
        width, height = _size(data.get("width", 25), "width"), _size(data.get("height", 20), "height")
        on_board = lambda sq: 0 <= sq[0] < width and 0 <= sq[1] < height  # noqa: E731

        terrain_raw = data.get("terrain", {}) or {}
        if not isinstance(terrain_raw, Mapping):
            raise PositionError("bad_terrain", "'terrain' is a dict like {\"mountain\": [[3, 4]], \"pass\": [], "
                                               "\"fortress\": []}.")
        terrain: dict[str, set[Square]] = {t: set() for t in TERRAINS}
        seen: dict[Square, str] = {}
        for kind, squares in terrain_raw.items():
            if kind not in TERRAINS:
                raise PositionError("unknown_terrain",
                                    f"Unknown terrain {kind!r}{_did_you_mean(kind, TERRAINS)}; "
                                    f"the terrains are {', '.join(TERRAINS)} (plain is the default).")
            for raw in _square_list(squares, f"terrain {kind!r}"):
                sq = _square(raw, a(f"{kind} square"))
                if not on_board(sq):
                    raise _off_board(f"The {kind} at {list(sq)}", width, height)
                if sq in seen and seen[sq] != kind:
                    raise PositionError("terrain_clash", f"Square {list(sq)} is both {seen[sq]} and {kind}; "
                                                         "a square has one terrain.")
                seen[sq] = kind
                terrain[kind].add(sq)

        arsenals_raw = data.get("arsenals", {}) or {}
        if not isinstance(arsenals_raw, Mapping):
            raise PositionError("bad_arsenals",
                                "'arsenals' is a dict like {\"north\": [[10, 0]], \"south\": [[13, 19]]}.")
        arsenals: dict[str, tuple[Square, ...]] = {side: () for side in SIDES}
        arsenal_owner: dict[Square, str] = {}
        for side_raw, squares in arsenals_raw.items():
            side = _side(side_raw, "an arsenal list")
            found = []
            for raw in _square_list(squares, f"the {side.title()} arsenals"):
                sq = _square(raw, f"a {side.title()} arsenal")
                if not on_board(sq):
                    raise _off_board(f"The {side.title()} arsenal at {list(sq)}", width, height)
                if sq in terrain["mountain"]:
                    raise PositionError("arsenal_on_mountain", f"The {side.title()} arsenal at {list(sq)} is on a mountain.")
                if sq in arsenal_owner:
                    raise PositionError("arsenal_clash", f"Two arsenals on {list(sq)}.")
                arsenal_owner[sq] = side
                found.append(sq)
            if len(found) > 2:
                raise PositionError("too_many_arsenals", f"{side.title()} has {len(found)} arsenals; "
                                                         "a side has one or two.")
            arsenals[side] = tuple(found)

        units_raw = data.get("units", []) or []
        if isinstance(units_raw, (str, bytes, Mapping)) or not hasattr(units_raw, "__iter__"):
            raise PositionError("bad_units", "'units' is a list of {\"id\", \"side\", \"type\", \"at\"} dicts.")
        units: list[Unit] = []
        ids: set[str] = set()
        squares_taken: dict[Square, str] = {}
        for n, u in enumerate(units_raw, 1):
            if not isinstance(u, Mapping):
                raise PositionError("bad_unit", f"Unit {n} is {u!r}; a unit is a dict with id, side, type and at.")
            missing = [k for k in _UNIT_KEYS if k not in u]
            extra = [k for k in u if k not in _UNIT_KEYS]
            if missing or extra:
                what = f"lacks {', '.join(missing)}" if missing else f"has unknown key {extra[0]!r}"
                raise PositionError("bad_unit", f"Unit {n} ({u.get('id', '?')}) {what}; "
                                                "a unit has exactly id, side, type and at.")
            uid = u["id"]
            if not isinstance(uid, str) or not uid.strip():
                raise PositionError("bad_unit_id", f"Unit {n} has id {uid!r}; an id is a non-empty string.")
            if uid in ids:
                raise PositionError("duplicate_id", f"Two units have the id {uid!r}; give each unit its own id.")
            side = _side(u["side"], f"unit {uid}")
            utype = u["type"]
            if utype not in UNIT_TYPES:
                raise PositionError("unknown_unit_type",
                                    f"Unit {uid} has unknown type {utype!r}{_did_you_mean(str(utype), UNIT_TYPES)}; "
                                    f"the types are {', '.join(UNIT_TYPES)}.")
            sq = _square(u["at"], f"unit {uid}'s square")
            if not on_board(sq):
                raise _off_board(f"Unit {uid} at {list(sq)}", width, height)
            if sq in terrain["mountain"]:
                raise PositionError("unit_on_mountain", f"Unit {uid} stands on the mountain at {list(sq)}; "
                                                        "no unit may stand on a mountain.")
            if sq in squares_taken:
                raise PositionError("square_taken", f"Units {squares_taken[sq]} and {uid} are both on {list(sq)}; "
                                                    "one unit per square.")
            if arsenal_owner.get(sq, side) != side:
                raise PositionError("unit_on_enemy_arsenal",
                                    f"Unit {uid} ({side.title()}) stands on the {arsenal_owner[sq].title()} arsenal at {list(sq)}; "
                                    "an arsenal an enemy unit enters is destroyed, so leave it out of 'arsenals'.")
            ids.add(uid)
            squares_taken[sq] = uid
            units.append(Unit(uid, side, utype, sq))

        return cls(width, height, frozenset(terrain["mountain"]), frozenset(terrain["pass"]),
                   frozenset(terrain["fortress"]), arsenals, tuple(units))


# ---------------------------------------------------------------------- helpers
def check_side(side: Any) -> str:
    """'north' or 'south' (case-insensitive); raises PositionError otherwise."""
    return _side(side, "the side")


def _side(raw: Any, where: str) -> str:
    side = raw.lower() if isinstance(raw, str) else raw
    if side not in SIDES:
        raise PositionError("unknown_side", f"{where[0].upper() + where[1:]} names side {raw!r}; "
                                            "the sides are north and south.")
    return side


def _size(raw: Any, name: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < 1:
        raise PositionError("bad_size", f"The board {name} is {raw!r}; it must be a positive whole number.")
    from .limits import SIDE
    return SIDE.read(raw, f"The board {name}", PositionError)


def _square(raw: Any, what: str) -> Square:
    if (isinstance(raw, (str, bytes, Mapping)) or not hasattr(raw, "__len__") or len(raw) != 2
            or not all(isinstance(c, int) and not isinstance(c, bool) for c in raw)):
        raise PositionError("bad_square", f"{what[0].upper() + what[1:]} is {raw!r}; a square is [x, y] "
                                          "with whole numbers (x the column, y the row).")
    return (raw[0], raw[1])


def _square_list(raw: Any, what: str) -> list[Any]:
    if isinstance(raw, (str, bytes, Mapping)) or not hasattr(raw, "__iter__"):
        raise PositionError("bad_square", f"{what[0].upper() + what[1:]} should be a list of [x, y] squares, "
                                          f"got {raw!r}.")
    return list(raw)


def _off_board(what: str, width: int, height: int) -> PositionError:
    return PositionError("off_board", f"{what} is off the board: x runs 0..{width - 1} and y 0..{height - 1}.")


def _did_you_mean(word: str, choices: Any) -> str:
    close = difflib.get_close_matches(word, list(choices), n=2)
    return f" (did you mean {' or '.join(close)}?)" if close else ""


def _squares_out(squares: frozenset[Square]) -> list[list[int]]:
    return [list(s) for s in sorted(squares, key=lambda s: (s[1], s[0]))]
