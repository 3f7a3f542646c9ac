"""A Fronts position on one line, for tests and lessons; ``parse_position`` and ``format_position``
round-trip.

Sections are separated by ";". The map's start fills in whatever a line does not say::

    turn 3; Red 22: 3 infantry 1 air Northgate, 2 infantry Westmere; Blue 10: 4 infantry Southport;
    neutral: 2 infantry Fordham; owners: Westmere Red, Riverton neutral; dug: Northgate 5;
    held: Northgate 2; half: Millbrook; supply: Red Westmere 1; scouted: Red Elmshade; out: Blue

A player's section lists all that player's stacks (and sets its funds); "neutral" lists every neutral
stack. ``owners``, ``dug`` and ``held`` list changes from the map's start.

>>> from academy.games.fronts.game import FrontsGame
>>> g = FrontsGame()
>>> b = parse_position("turn 2; Red 5: 2 infantry Westmere; Blue 10: 1 armor Saltmarsh; owners: Westmere Red", g)
>>> b.owners["westmere"], b.stacks["red"], b.funds["red"], b.turn
('red', {'westmere': {'infantry': 2, 'artillery': 0, 'armor': 0, 'air': 0}}, 5, 2)
>>> parse_position(format_position(b, g), g) == b
True
"""
from __future__ import annotations

from typing import Any

from academy.core.bounds import refuse_long_numbers
from academy.core.errors import InvalidNotation

from .board import NEUTRAL, Board
from .limits import FUNDS, MARKER, TURN
from .orders import _parse_units, format_counts

KEYS = ("turn", "neutral", "owners", "dug", "held", "half", "supply", "scouted", "out", "surrendered")


def _units_text(units: dict[str, int], province: str, game: Any) -> str:
    return f"{format_counts(tuple((k, n) for k, n in units.items() if n))} {game.map.name_of(province)}"


def format_position(board: Board, game: Any) -> str:
    """The board on one line (see the module docstring)."""
    fmap = game.map
    start = Board.start(fmap, board.players, board.teams)
    name = fmap.name_of

    def who(pid: str | None) -> str:
        return "neutral" if pid is None else fmap.players[pid].name

    parts = [f"turn {board.turn}"]
    for pid in board.players:
        stacks = ", ".join(_units_text(u, p, game) for p, u in sorted(board.stacks.get(pid, {}).items()))
        parts.append(f"{who(pid)} {board.funds[pid]}: {stacks or 'none'}")
    parts.append("neutral: " + (", ".join(_units_text(u, p, game) for p, u in sorted(board.neutral.items()))
                                or "none"))
    changes = {
        "owners": [f"{name(p)} {who(o)}" for p, o in sorted(board.owners.items()) if start.owners.get(p) != o],
        "dug": [f"{name(p)} {n}" for p, n in sorted(board.dug.items()) if start.dug.get(p) != n]
        + [f"{name(p)} none" for p in sorted(start.dug) if p not in board.dug],
        "held": [f"{name(p)} {n}" for p, n in sorted(board.held.items()) if start.held.get(p) != n]
        + [f"{name(p)} none" for p in sorted(start.held) if p not in board.held],
        "half": [name(p) for p in sorted(board.half)],
        "supply": [f"{who(pl)} {name(p)} {n}" for pl, by in board.oos.items() for p, n in sorted(by.items())],
        "scouted": [f"{who(pl)} {name(p)}" for pl, ps in board.scouted.items() for p in ps],
        "out": [who(p) for p in board.out],
        "surrendered": [who(p) for p in board.surrendered],
    }
    parts += [f"{key}: {', '.join(items)}" for key, items in changes.items() if items]
    return "; ".join(parts)


def parse_position(text: str, game: Any) -> Board:
    """Read a position line for ``game``; raises InvalidNotation (with the part not understood)."""
    refuse_long_numbers(str(text))
    fmap = game.map
    board = Board.start(fmap, game.player_ids, game.teams)
    players = {fmap.players[p].name.lower(): p for p in game.player_ids} | {p: p for p in game.player_ids}

    def player(word: str) -> str:
        if word.lower() not in players:
            raise InvalidNotation("unknown_player", f"{word!r} is not a player of this game: "
                                                    f"{', '.join(fmap.players[p].name for p in game.player_ids)}.")
        return players[word.lower()]

    def split_last(item: str) -> tuple[str, str]:
        head, _, last = item.rpartition(" ")
        if not head:
            raise InvalidNotation("bad_position", f"{item!r}: expected a province and a value.")
        return head, last

    for part in (p.strip() for p in str(text).split(";") if p.strip()):
        if part.lower().startswith("turn "):
            board.turn = TURN.read(part.split()[1] if len(part.split()) > 1 else "", "The turn")
            continue
        head, sep, body = part.partition(":")
        if not sep:
            raise InvalidNotation("bad_position", f"{part!r} not understood: write 'Red 10: 2 infantry Westmere' "
                                                  f"or one of {', '.join(KEYS)} with a colon.")
        key = head.strip().lower()
        items = [] if body.strip().lower() == "none" else [i.strip() for i in body.split(",") if i.strip()]
        if key == "neutral" or key.split()[0] in players:
            where: dict[str, dict[str, int]] = {}
            for item in items:
                counts, rest = _parse_units(item.split(), item)
                units = {k: n or 0 for k, n in counts}
                where[fmap.resolve(" ".join(rest))] = {k: units.get(k, 0) for k in ("infantry", "artillery",
                                                                                       "armor", "air")}
            if key == "neutral":
                board.neutral = where
            else:
                pid = player(key.split()[0])
                board.stacks[pid] = where
                if len(key.split()) > 1:
                    board.funds[pid] = FUNDS.read(key.split()[1], f"{fmap.players[pid].name}'s funds")
        elif key == "owners":
            for item in items:
                prov, who = split_last(item)
                board.owners[fmap.resolve(prov)] = None if who.lower() == NEUTRAL else player(who)
        elif key in ("dug", "held"):
            table = board.dug if key == "dug" else board.held
            for item in items:
                prov, n = split_last(item)
                if n == "none":
                    table.pop(fmap.resolve(prov), None)
                else:
                    table[fmap.resolve(prov)] = MARKER.read(n, f"{key.capitalize()} {prov}")
        elif key == "half":
            board.half = sorted(fmap.resolve(i) for i in items)
        elif key == "supply":
            for item in items:
                who, rest = item.split(" ", 1)
                prov, n = split_last(rest)
                board.oos[player(who)][fmap.resolve(prov)] = MARKER.read(n, f"Supply {prov}")
        elif key == "scouted":
            for item in items:
                who, prov = item.split(" ", 1)
                board.scouted[player(who)] = sorted({*board.scouted[player(who)], fmap.resolve(prov)})
        elif key in ("out", "surrendered"):
            setattr(board, key, [player(i) for i in items])
        else:
            raise InvalidNotation("bad_position", f"{head.strip()!r} is not a section of a position: use a "
                                                  f"player's name or one of {', '.join(KEYS)}.")
    return board
