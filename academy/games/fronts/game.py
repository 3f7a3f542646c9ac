"""The Fronts game: options, players and teams, and the entry points of the engine protocol."""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from academy.core.bounds import refuse_long_numbers
from academy.core.errors import IllegalAction, InvalidNotation, UnknownMap
from academy.core.protocol import Game
from academy.core.record import Record
from academy.core.text import listing

from . import actions
from .actions import Resolve, SubmitOrders, Surrender
from .board import Board
from .limits import PLAYERS, TURN
from .mapdata import FrontsMap, load_map
from .notation import format_position, parse_position
from .orders import format_order, parse_order
from .state import FrontsState

MODES = ("teams", "ffa")
#: the parts of a position line that choose the game: ``map: crossroads; players: 4; mode: ffa``
GAME_PARTS = ("map", "players", "mode")
#: a game's length in turns unless told otherwise (then the team holding the most cities wins)
DEFAULT_TURNS = 30


class FrontsGame(Game):
    """Fronts for 2 to 4 players (fronts.md).

    Options: ``players`` (2-4; player i is the i-th player of the map); ``map`` (default "duel" for
    2 players, "crossroads" for 3 or 4; the land and armies of the map's unused players are neutral);
    ``mode`` ("teams": the map's teams, or "ffa": every player for themselves); ``turns`` (the game
    ends after that many turns and the team with the most cities wins; None: no limit). Raises
    IllegalAction(reason="bad_option") for bad options.

    >>> g = FrontsGame(players=4, mode="ffa")
    >>> g.player_ids, g.free_for_all
    (('red', 'blue', 'green', 'gold'), True)
    """

    name = "fronts"
    title = "Fronts"
    min_players, max_players = 2, 4
    action_types = actions.ALL

    def __init__(self, players: int = 2, map: str | None = None, mode: str = "teams",  # noqa: A002
                 turns: int | None = DEFAULT_TURNS) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
            raise IllegalAction("bad_option", f"players={players!r}: Fronts is for 2 to 4 players.")
        map_id = map or ("duel" if players == 2 else "crossroads")
        fmap = load_map(map_id)
        if players > len(fmap.players):
            raise IllegalAction("bad_option", f"The map {fmap.name} has room for {len(fmap.players)} players, "
                                              f"not {players}; choose another map or fewer players.")
        if mode not in MODES:
            raise IllegalAction("bad_option", f"mode={mode!r}: choose 'teams' or 'ffa' (free-for-all).")
        if turns is not None and (isinstance(turns, bool) or not isinstance(turns, int) or turns < 1):
            raise IllegalAction("bad_option", f"turns={turns!r}: give a number of turns (1 or more) or None.")
        if turns is not None:
            TURN.read(turns, "turns", IllegalAction)
        super().__init__(players=players, map=map_id, mode=mode, turns=turns)
        ids = tuple(list(fmap.players)[:players])
        teams = {p: (p if mode == "ffa" else fmap.players[p].team) for p in ids}
        if len(set(teams.values())) < 2:
            raise IllegalAction("bad_option", f"With {players} players on {fmap.name} everyone is on one team; "
                                              "add a player or play free-for-all (mode='ffa').")
        self._map, self._ids, self._teams = fmap, ids, teams

    @property
    def map(self) -> FrontsMap:
        return self._map

    @property
    def player_ids(self) -> tuple[str, ...]:
        return self._ids

    @property
    def teams(self) -> dict[str, str]:
        return dict(self._teams)

    @property
    def free_for_all(self) -> bool:
        return self.options["mode"] == "ffa"

    @property
    def table_name(self) -> str:
        """The map and this table's seats: "Crossroads, 3 players, free-for-all"; the map's name alone
        when every seat plays in teams (a smaller table leaves out the seat count the map was drawn for).

        >>> FrontsGame(players=3, mode="ffa").table_name, FrontsGame().table_name
        ('Crossroads, 3 players, free-for-all', 'The Two Rivers (duel)')
        """
        if len(self._ids) == len(self._map.players) and not self.free_for_all:
            return self._map.name
        base = re.sub(r"\s*\([^)]*players?\)\s*$", "", self._map.name)
        mode = "free-for-all" if self.free_for_all else "teams"
        return f"{base}, {len(self._ids)} players, {mode}"

    def empty_seats_note(self) -> str:
        """What becomes of the map's seats nobody takes (fronts.md "Neutral cities": garrisons): "" when
        every seat is taken."""
        empty = [p for p in self._map.players if p not in self._ids]
        if not empty:
            return ""
        names = listing(self._map.players[p].name for p in empty)
        one = len(empty) == 1
        return (f"{names}'s {'seat has' if one else 'seats have'} no player: {'its' if one else 'their'} land "
                f"belongs to nobody, and {'its' if one else 'their'} armies stand as neutral garrisons, seen by "
                "everyone, that never move, build or dig in.")

    def player_name(self, player: int) -> str:
        return self._map.players[self._ids[player]].name if 0 <= player < len(self._ids) else f"Player {player + 1}"

    def new_initial_state(self, seed: int = 0) -> FrontsState:
        return FrontsState(self, Record(self, seed))

    def state_from_board(self, board: Mapping[str, Any] | Board | str, seed: int = 0) -> FrontsState:
        """A game that starts from a position (a ``Board``, ``Board.to_dict()`` or a position line of
        ``notation``), e.g. for a lesson or a test; its record starts there, so replay works.
        Raises KeyError for a malformed board dict, InvalidNotation for a bad position line."""
        if isinstance(board, str):
            board = parse_position(board, self)
        b = board if isinstance(board, Board) else Board.from_dict(board)
        state = FrontsState(self, Record(self, seed), b)
        state.record.start = state.to_json()
        return state

    def state_from_json(self, data: Mapping[str, Any], record: Record | None = None) -> FrontsState:
        return FrontsState.from_json(self, data, record)

    def view_state(self, observation: Mapping[str, Any], step: int = 0) -> Any:
        """The state a seat sees, from its observation only (``view.view_state``, which says what a
        spectator sees)."""
        from .view import view_state
        return view_state(self, observation, step)

    # --- notation -----------------------------------------------------------------------------
    def format_position(self, state: FrontsState) -> str:
        """The state's board on one line (``notation.format_position``)."""
        return format_position(state.board, self)

    def _player(self, text: str) -> str:
        key = text.strip().lower()
        for pid in self._ids:
            if key in (pid, self._map.players[pid].name.lower()):
                return pid
        raise InvalidNotation("unknown_player", f"{text!r} is not a player; players: "
                                                f"{', '.join(self._map.players[p].name for p in self._ids)}.")

    def reviewer(self) -> Any:
        """The coach's grader of Fronts orders (``review.FrontsReviewer``)."""
        from .review import FrontsReviewer
        return FrontsReviewer(self)

    def parse_action(self, text: str, state: Any = None) -> Any:
        """Read 'Red: 2 infantry Millbrook -> Westmere; Northgate hold', 'resolve' or 'Red surrenders'.

        Raises InvalidNotation for text it cannot read.
        """
        t = str(text).strip()
        if t.lower() == "resolve":
            return Resolve()
        if ":" in t:
            who, _, rest = t.partition(":")
            texts = [x.strip() for x in rest.replace("\n", ";").split(";") if x.strip()]
            return SubmitOrders(self._player(who), tuple(format_order(parse_order(x, self._map), self._map)
                                                         for x in texts))
        words = t.split()
        if len(words) >= 2 and words[-1].lower() in ("surrenders", "surrender"):
            return Surrender(self._player(" ".join(words[:-1])))
        raise InvalidNotation("bad_action", f"{text!r} not understood: write 'Red: 2 infantry Millbrook -> "
                                            "Westmere; Northgate hold', 'Red surrenders' or 'resolve'.")

    def format_action(self, action: Any, state: Any = None) -> str:
        if isinstance(action, SubmitOrders):
            who = self._map.players[action.player].name
            return f"{who}: " + "; ".join(action.orders) if action.orders else f"{who}:"
        if isinstance(action, Resolve):
            return "resolve"
        if isinstance(action, Surrender):
            return f"{self._map.players[action.player].name} surrenders"
        raise TypeError(f"not a Fronts action: {action!r}")


def game_options(parts: Sequence[str]) -> tuple[dict[str, Any], list[str]]:
    """Split a position line's parts into the game's options (``map:``, ``players:``, ``mode:``; without
    ``players``, all of the map's) and the other parts. Raises InvalidNotation for a bad value or map.

    >>> game_options(["map: crossroads", "mode: ffa", "turn 2"])
    ({'map': 'crossroads', 'mode': 'ffa', 'players': 4}, ['turn 2'])
    """
    options: dict[str, Any] = {}
    rest: list[str] = []
    for part in parts:
        head, sep, body = part.partition(":")
        key, value = head.strip().lower(), body.strip().lower()
        if not sep or key not in GAME_PARTS:
            rest.append(part)
        elif key == "players" and not (value.isascii() and value.isdigit()):
            raise InvalidNotation("bad_position", f"{part!r}: give the number of players, e.g. 'players: 4'.")
        elif key == "mode" and value not in MODES:
            raise InvalidNotation("bad_position", f"{part!r}: the mode is 'teams' or 'ffa' (free-for-all).")
        else:
            options[key] = PLAYERS.read(value, "players", IllegalAction) if key == "players" else value
    try:
        fmap = load_map(options.get("map", "duel"))
    except UnknownMap as exc:
        raise InvalidNotation("unknown_map", exc.message) from None
    options.setdefault("players", len(fmap.players))
    return options, rest


def format_game_position(state: FrontsState) -> str:
    """A state's whole board on one line with the game it needs (``map: duel; players: 2; mode: teams;
    turn 1; Red 10: ...``); ``parse_game_position`` reads it back."""
    game = state.game
    return (f"map: {game.map.id}; players: {game.options['players']}; mode: {game.options['mode']}; "
            + game.format_position(state))


def parse_game_position(text: str, seed: int = 0) -> FrontsState:
    """The state a line of ``format_game_position`` stands for; raises InvalidNotation (or IllegalAction
    for a bad game option) naming the part that is wrong."""
    options, rest = game_options([p.strip() for p in refuse_long_numbers(text).split(";") if p.strip()])
    return FrontsGame(**options).state_from_board("; ".join(rest), seed)


def public_position(state: Any) -> str | None:
    """The position everybody may see: None while the game runs (the fog hides the sides from each other)."""
    return format_game_position(state) if state.is_terminal() else None
