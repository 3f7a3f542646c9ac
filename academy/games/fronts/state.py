"""A Fronts game as a state of the engine protocol: secret orders, resolved together.

Every turn is a SIMULTANEOUS node until the game ends: ``to_move()`` is None, every player still
in orders with ``submit(player, orders)`` (recorded as ``SubmitOrders``; a new submission replaces
the old), then ``resolve()`` (recorded as ``Resolve``) resolves the turn. Battle winners are drawn
from their exact distributions with the record's generator for that step, so replays repeat them.

>>> from academy.games.fronts.game import FrontsGame
>>> s = FrontsGame().new_initial_state(seed=1)
>>> _ = s.submit(0, ["2 infantry Oakhollow -> Millbrook"])
>>> s.waiting()
[1]
"""
from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from academy.core.errors import GameOver, IllegalAction, InvalidNotation
from academy.core.jsonio import check_envelope, envelope
from academy.core.protocol import Event, NodeKind, State
from academy.core.record import Record
from academy.core.text import count, listing, plural

from .actions import Resolve, SubmitOrders, Surrender
from .board import Board
from .fog import visible_stacks
from .resolve import income_of, resolve_turn
from .rules import check_orders, order_options

if TYPE_CHECKING:
    from .game import FrontsGame

SCHEMA, VERSION = "academy.fronts.state", 1


@dataclass(frozen=True)
class Resolution:
    """What ``resolve()`` did: every event in order, the battles among them, and per player the
    outcome of each of its orders ([order text, outcome] pairs)."""

    turn: int
    events: tuple[Event, ...]
    results: Mapping[str, list[list[str]]]

    @property
    def battles(self) -> list[Event]:
        return [e for e in self.events if e.kind == "battle"]


class FrontsState(State):
    """A Fronts game in progress: the board, pending (secret) orders, the last turn's reports, result."""

    game: FrontsGame

    def __init__(self, game: FrontsGame, record: Record, board: Board | None = None) -> None:
        super().__init__(game, record)
        self.board: Board = board or Board.start(game.map, game.player_ids, game.teams)
        self.pending: dict[str, tuple[str, ...]] = {}
        #: the last turn's events as JSON (each with "visible_to": teams, or None for everyone)
        self.last: list[dict[str, Any]] = []
        self.result: dict[str, Any] | None = None

    # --- players ------------------------------------------------------------------------------
    @property
    def fmap(self) -> Any:
        return self.game.map

    def player_id(self, player: int | str) -> str:
        """The map's player id for an index or a name ("red", "Red"); raises IllegalAction."""
        ids = self.board.players
        if isinstance(player, int) and not isinstance(player, bool):
            if not 0 <= player < len(ids):
                raise IllegalAction("unknown_player", f"There is no player {player}; players are 0 to "
                                                      f"{len(ids) - 1} ({', '.join(ids)}).")
            return ids[player]
        key = str(player).strip().lower()
        for pid in ids:
            if key in (pid, self.fmap.players[pid].name.lower()):
                return pid
        raise IllegalAction("unknown_player", f"{player!r} is not a player of this game; players: {', '.join(ids)}.")

    def player_index(self, pid: str) -> int:
        return self.board.players.index(pid)

    def when(self) -> str:
        """The game's own time, in words: "Turn 3"."""
        return f"Turn {self.board.turn}"

    # --- the branch point ---------------------------------------------------------------------
    def node_kind(self) -> NodeKind:
        return NodeKind.TERMINAL if self.result else NodeKind.SIMULTANEOUS

    def to_move(self) -> int | None:
        return None

    def winner(self) -> int | None:
        """The first player of the winning team (``result["winners"]`` lists them all), else None."""
        if self.result and self.result["winners"]:
            return self.player_index(self.result["winners"][0])
        return None

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        return []

    # --- simultaneous orders ------------------------------------------------------------------
    def actor_of(self, action: Any) -> int | None:
        pid = getattr(action, "player", None)
        return self.player_index(pid) if pid in self.board.players else None

    def players_to_act(self) -> list[int]:
        return [] if self.result else [self.player_index(p) for p in self.board.active()]

    def waiting(self) -> list[int]:
        return [i for i in self.players_to_act() if self.board.players[i] not in self.pending]

    def options(self, player: int | str) -> dict[str, Any]:
        """Per stack (by province), per city's planes and "build": the choices; leaves are order texts."""
        pid = self.player_id(player)
        if self.result or pid not in self.board.active():
            return {}
        return order_options(self.board, self.fmap, pid)

    def move_targets(self, player: int | str, province: str, units: Mapping[str, int]) -> list[str]:
        """The provinces ``units`` of ``player``'s stack in ``province`` can move to this turn, at the
        pace of the slowest of them (fronts.md "Units"); [] for no ground units or no such stack."""
        from .movement import reachable
        pid = self.player_id(player)
        stack = self.board.stacks.get(pid, {}).get(province)
        counts = {k: int(n) for k, n in units.items() if n}
        if not stack or not counts or counts.get("air") or any(n > stack.get(k, 0) for k, n in counts.items()):
            return []
        return sorted(p for p in reachable(self.fmap, counts, province) if p != province)

    def order_limit(self, player: int | str) -> int | None:
        return None

    def validate_orders(self, player: int | str, orders: Iterable[str] | str) -> tuple[str, ...]:
        """The canonical texts; raises GameOver, InvalidNotation or IllegalAction (reason, how to fix)."""
        pid = self.player_id(player)
        if self.result:
            raise GameOver("game_over", f"The game is over ({self.result['text']}): no more orders.")
        if pid not in self.board.active():
            raise IllegalAction("not_in_game", f"{self.fmap.players[pid].name} is out of the game or has "
                                               "surrendered: there is nothing to order this turn.")
        if isinstance(orders, str):
            given = [orders]
        elif isinstance(orders, Iterable) and not isinstance(orders, bytes | Mapping):
            given = list(orders)
        else:
            raise InvalidNotation("bad_orders", f"{orders!r} is not a list of orders: give order texts like "
                                                "['2 infantry Paris -> Lyon'] (an empty list: every stack holds).")
        return check_orders(self.board, self.fmap, pid, given)

    def submit(self, player: int | str, orders: Iterable[str] | str) -> list[Event]:
        """Replace ``player``'s pending orders (an empty list: every stack holds)."""
        pid = self.player_id(player)
        return self.apply(SubmitOrders(pid, self.validate_orders(pid, orders)))

    def surrender(self, player: int | str) -> list[Event]:
        return self.apply(Surrender(self.player_id(player)))

    def resolve(self) -> Resolution:
        """Resolve the turn (recorded as ``Resolve``); the Resolution: events and each order's outcome."""
        turn = self.board.turn
        events = self.apply(Resolve())
        results = {e.data["player"]: e.data["results"] for e in events if e.kind == "orders"}
        return Resolution(turn, tuple(events), results)

    def resolve_step(self) -> list[Event]:
        """Resolve the turn; the events (each battle's report with its ``why`` lines)."""
        return self.apply(Resolve())

    def legal_actions(self, player: int | None = None) -> list[Any]:
        """The actions without free choices: all-hold submissions, surrender and ``Resolve``."""
        if self.result:
            return []
        pids = self.board.active() if player is None else [self.player_id(player)]
        out: list[Any] = []
        for pid in pids:
            if pid in self.board.active():
                out += [SubmitOrders(pid, ()), Surrender(pid)]
        if player is None:
            out.append(Resolve())
        return out

    def _validate(self, action: Any) -> None:
        if isinstance(action, SubmitOrders):
            self.validate_orders(self.player_id(action.player), action.orders)
            if self.player_id(action.player) != action.player:
                raise IllegalAction("unknown_player", f"Use the player id {self.player_id(action.player)!r}.")
        elif isinstance(action, Surrender):
            pid = self.player_id(action.player)
            if pid != action.player or pid not in self.board.active():
                raise IllegalAction("not_in_game", f"{action.player!r} is not a player still in the game.")
        elif not isinstance(action, Resolve):
            raise IllegalAction("not_an_action", f"{action!r} is not a Fronts action; use SubmitOrders, "
                                                 "Surrender or Resolve.")

    def _apply(self, action: Any) -> list[Event]:
        if isinstance(action, SubmitOrders):
            self.pending[action.player] = self.validate_orders(action.player, action.orders)
            return [Event("submitted", f"{self.fmap.players[action.player].name} has given orders for turn "
                                       f"{self.board.turn}.", {"player": action.player, "turn": self.board.turn})]
        if isinstance(action, Surrender):
            return self._surrender(action.player)
        return self._resolve()

    def _surrender(self, pid: str) -> list[Event]:
        self.board.surrendered.append(pid)
        self.pending.pop(pid, None)
        events = [Event("surrender", f"{self.fmap.players[pid].name} surrenders.", {"player": pid})]
        self._check_end(events)
        return events

    def _resolve(self) -> list[Event]:
        rng = self.record.rng.stream(len(self.record))
        orders = {pid: list(t) for pid, t in self.pending.items() if pid in self.board.active()}
        before = self.board.turn
        self.board, events = resolve_turn(self.board, self.fmap, orders, rng, self.game.free_for_all)
        self.pending = {}
        events.append(Event("turn", f"Turn {before} resolved; now turn {self.board.turn}.",
                            {"from": before, "to": self.board.turn, "visible_to": None}))
        self._check_end(events)
        self.last = [{"kind": e.kind, "text": e.text, "data": copy.deepcopy(dict(e.data)), "why": list(e.why)}
                     for e in events]
        return events

    # --- the end ------------------------------------------------------------------------------
    def cities_by_team(self) -> dict[str, int]:
        """How many cities each team's players still in hold."""
        b = self.board
        out: dict[str, int] = {}
        for c in self.fmap.cities():
            o = b.owners.get(c)
            if o is not None and o in b.active():
                out[b.teams[o]] = out.get(b.teams[o], 0) + 1
        return out

    def _check_end(self, events: list[Event]) -> None:
        b = self.board
        contenders = sorted({b.teams[p] for p in b.active()})
        holding = self.cities_by_team()
        result: dict[str, Any] | None = None
        if len(contenders) <= 1:
            team = contenders[0] if contenders else None
            result = {"kind": "surrender", "team": team,
                      "text": f"Every other team has surrendered or is out: {self._team_name(team)} wins."
                      if team else "Nobody is left in the game: a draw."}
        elif len(holding) == 1:
            team = next(iter(holding))
            result = {"kind": "victory", "team": team,
                      "text": f"{self._team_name(team)} holds every city an enemy held and wins."}
        elif not holding:
            result = {"kind": "draw", "team": None, "text": "No team holds a city: a draw."}
        elif self.game.options.get("turns") and b.turn > self.game.options["turns"]:
            best = max(holding.values())
            top = [t for t, n in holding.items() if n == best]
            team = top[0] if len(top) == 1 else None
            result = {"kind": "turns", "team": team,
                      "text": f"The {count(self.game.options['turns'], 'turn')} "
                              f"{plural(self.game.options['turns'], 'is', 'are')} over: " +
                              (f"{self._team_name(team)} holds the most cities ({best}) and wins." if team
                               else f"{listing(self._team_name(t) for t in top)} hold {count(best, 'city')} each: "
                                    "a draw.")}
        if result:
            team = result["team"]
            result["winners"] = [p for p in b.players if team is not None and b.teams[p] == team]
            self.result = result
            events.append(Event("game_over", result["text"], {**result, "visible_to": None}))

    def _team_name(self, team: str | None) -> str:
        if team is None:
            return "nobody"
        if self.game.free_for_all:
            return self.fmap.players[team].name
        names = [self.fmap.players[p].name for p in self.board.players if self.board.teams[p] == team]
        return f"{self.fmap.teams.get(team, team)} ({', '.join(names)})"

    # --- hidden information --------------------------------------------------------------------
    def visible_events(self, events: list[Event], mover: int | None, player: int | None) -> list[Event]:
        """The events ``player``'s team may see (each resolution event says which teams, as ``last`` in
        the observation does); a spectator (None) sees only the public ones."""
        team = None if player is None else self.board.teams[self.player_id(player)]
        return [e for e in events if e.data.get("visible_to") is None
                or (team is not None and team in e.data["visible_to"])]

    def hidden_information(self) -> str | None:
        return None if self.result else "every player's secret orders and the stacks hidden in the fog"

    # --- views and persistence ----------------------------------------------------------------
    def observation(self, player: int | str | None) -> dict[str, Any]:
        """What ``player`` may see (see ``fog``): owners, the stacks the fog allows, its own funds,
        pending orders and options, who has submitted (not what), and the last turn's reports its
        team may see. A spectator (None) sees owners, garrisons and public reports only."""
        pid = None if player is None else self.player_id(player)
        b = self.board
        team = b.teams[pid] if pid else None
        last = [e for e in self.last if e["data"].get("visible_to") is None
                or (team is not None and team in e["data"]["visible_to"])]
        obs: dict[str, Any] = {
            "viewer": pid, "team": team, "teams": dict(b.teams), "turn": b.turn, "map": self.fmap.id,
            "owners": dict(b.owners),
            "stacks": visible_stacks(b, self.fmap, team), "dug": dict(b.dug), "half": list(b.half),
            "submitted": sorted(self.pending), "waiting": [b.players[i] for i in self.waiting()],
            "out": list(b.out), "surrendered": list(b.surrendered), "last": copy.deepcopy(last),
            "result": copy.deepcopy(self.result)}
        if pid:
            obs["funds"] = b.funds[pid]
            obs["income"] = income_of(b, self.fmap, pid)[0]
            obs["pending"] = list(self.pending.get(pid, ()))
            obs["options"] = self.options(pid)
            obs["scouted"] = list(b.scouted.get(pid, []))
            obs["out_of_supply"] = self.out_of_supply(team)
        return obs

    def out_of_supply(self, team: str) -> list[dict[str, Any]]:
        """The stacks of ``team`` out of supply now (fronts.md "Supply": half strength in battle, and after
        2 turns 1 unit lost every turn): each {"province", "owner", "turns"} (turns out of supply so far)."""
        from .supply import is_supplied
        b = self.board
        return [{"province": prov, "owner": pl, "turns": b.oos.get(pl, {}).get(prov, 0)}
                for pl in b.players if b.teams[pl] == team for prov in sorted(b.stacks.get(pl, {}))
                if not is_supplied(self.fmap, prov, team, b.owners, b.teams)]

    def to_json(self) -> dict[str, Any]:
        return envelope(SCHEMA, VERSION, {
            "options": dict(self.game.options), "board": self.board.to_dict(),
            "pending": {p: list(t) for p, t in sorted(self.pending.items())},
            "last": copy.deepcopy(self.last), "result": copy.deepcopy(self.result)})

    def clone(self) -> FrontsState:
        twin = copy.copy(self)
        twin.board = self.board.copy()
        twin.pending = dict(self.pending)
        twin.last = copy.deepcopy(self.last)
        twin.result = copy.deepcopy(self.result)
        twin.record = self.record.fork()
        return twin

    @classmethod
    def from_json(cls, game: FrontsGame, data: Mapping[str, Any], record: Record | None = None) -> FrontsState:
        """Inverse of ``to_json``; raises ValueError for a wrong schema or missing fields, InvalidNotation (a
        ValueError) for a number beyond its limit (``limits``)."""
        from .limits import check_board
        check_envelope(data, SCHEMA, VERSION)
        try:
            check_board(data["board"])
            state = cls(game, record if record is not None else Record(game, 0, start=data),
                        Board.from_dict(data["board"]))
            state.pending = {p: tuple(t) for p, t in data["pending"].items()}
            state.last = copy.deepcopy(list(data["last"]))
            state.result = copy.deepcopy(data["result"])
        except KeyError as exc:
            raise ValueError(f"Fronts state is missing {exc.args[0]!r}") from None
        return state
