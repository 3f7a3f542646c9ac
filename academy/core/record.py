"""The record: game, options, seed and the log of actions and chance outcomes.

The record is the truth: replay, undo, save, share and lessons all rebuild states from it.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .bounds import Limit
from .jsonio import action_from_json, action_to_json, check_envelope, envelope
from .rng import Rng

if TYPE_CHECKING:
    from .protocol import Game, State

SCHEMA, VERSION = "academy.record", 1

#: a record's seed: any 64-bit whole number (new games use 1 to 2**31 - 1)
SEED = Limit(-(2**63), 2**63 - 1, "{name} is {value}; a seed is at most {high} (2**63 - 1).",
             "{name} is {value}; a seed is at least {low} (-2**63).", "seed", "bad_seed")


@dataclass(frozen=True)
class Entry:
    player: int | None
    action: Any
    chance: bool = False


class Record:
    """An append-only log with the seeded generator for the game's chance steps."""

    def __init__(self, game: Game, seed: int, entries: list[Entry] | None = None,
                 start: Mapping[str, Any] | None = None, result: Mapping[str, Any] | None = None) -> None:
        self.game = game
        self.seed = SEED.read(seed, "The seed")
        self.rng = Rng(self.seed)
        self.entries: list[Entry] = list(entries or [])
        #: a starting position (``State.to_json()``) when the game did not start from set-up
        self.start = dict(start) if start is not None else None
        #: how a shared game ended beyond its moves (``read_result``): a resignation or a timeout is not an
        #: action, so a finished game's download carries it here; None for a game that ended on the board
        self.result = read_result(result, game.num_players) if result is not None else None

    def __len__(self) -> int:
        return len(self.entries)

    def append(self, player: int | None, action: Any, chance: bool = False) -> None:
        self.entries.append(Entry(player, action, chance))

    def fork(self) -> Record:
        return Record(self.game, self.seed, self.entries, self.start, self.result)

    def initial_state(self) -> State:
        """The state before the first entry, attached to a new empty record of the same game."""
        if self.start is None:
            return self.game.new_initial_state(self.seed)
        fresh = Record(self.game, self.seed, start=self.start)
        return self.game.state_from_json(self.start, record=fresh)

    def replay(self, upto: int | None = None,
               on_step: Callable[[int, State], None] | None = None) -> State:
        """Rebuild the state after the first ``upto`` entries (all by default)."""
        state = self.initial_state()
        for i, entry in enumerate(self.entries[:upto]):
            state.apply(entry.action)
            if on_step:
                on_step(i, state)
        return state

    def last_decision_index(self, player: int | None = None) -> int | None:
        """Index of the last decision entry (of ``player`` if given), or None."""
        for i in range(len(self.entries) - 1, -1, -1):
            e = self.entries[i]
            if not e.chance and (player is None or e.player == player):
                return i
        return None

    def undo(self, player: int | None = None) -> State:
        """The state just before the last decision (of ``player``); raises ValueError if none."""
        i = self.last_decision_index(player)
        if i is None:
            raise ValueError("Nothing to undo.")
        return self.replay(upto=i)

    def to_json(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "game": self.game.name,
            "options": dict(self.game.options),
            "seed": self.seed,
            "log": [{"player": e.player, "chance": e.chance, "action": action_to_json(e.action)}
                    for e in self.entries],
        }
        if self.start is not None:
            body["start"] = self.start
        if self.result is not None:
            body["result"] = self.result
        return envelope(SCHEMA, VERSION, body)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], registry: Mapping[str, type[Game]]) -> Record:
        """Read a record; raises ValueError for a wrong schema, an unknown game or action, or a seed out of
        bounds (``SEED``; InvalidNotation, a ValueError)."""
        check_envelope(data, SCHEMA, VERSION)
        name = data.get("game")
        if name not in registry:
            raise ValueError(f"Unknown game {name!r}; known games: {sorted(registry)}.")
        game = registry[name](**data.get("options", {}))
        entries = [Entry(e.get("player"), action_from_json(e["action"], game.action_types), bool(e.get("chance")))
                   for e in data.get("log", [])]
        return cls(game, data.get("seed", 0), entries, data.get("start"), data.get("result"))


class ViewRecord(Record):
    """The empty record of a view state (``Game.view_state``): it holds no entry (the true record holds
    the seed and every hidden draw, and never leaves the server) but reports the length of the game it
    stands for, since views key their updates on ``len(state.record)``; an action tried on the view (a
    preview on a copy) counts on from there."""

    def __init__(self, game: Game, length: int = 0) -> None:
        super().__init__(game, 0)
        self._length = max(0, int(length))

    def __len__(self) -> int:
        return self._length + len(self.entries)

    def fork(self) -> Record:
        twin = ViewRecord(self.game, self._length)
        twin.entries = list(self.entries)
        return twin


#: how a seat can leave a game before its end, as a record's ``result`` names it
LEFT_BY = ("resigned", "timed_out", "abandoned")
#: the longest ``result["text"]`` a record may carry (seven seats with long names fit many times over)
RESULT_TEXT = 4000


def read_result(data: Any, players: int) -> dict[str, Any]:
    """A record's ``result``, checked: ``{"text": "Red resigned. Blue wins.", "winner": 1 or None, "left":
    {"0": "resigned"}}`` (seat index as text -> one of LEFT_BY). Raises ValueError naming what is wrong.

    >>> read_result({"text": "Red resigned. Blue wins.", "winner": 1, "left": {"0": "resigned"}}, 2)["left"]
    {'0': 'resigned'}
    >>> read_result({"text": "", "winner": 5, "left": {}}, 2)
    Traceback (most recent call last):
    ...
    ValueError: The record's result names winner 5; a seat is a whole number from 0 to 1, or null.
    """
    if not isinstance(data, Mapping):
        raise ValueError("The record's result is not an object; it needs text, winner and left.")
    text, winner, left = data.get("text", ""), data.get("winner"), data.get("left", {})
    if not isinstance(text, str) or len(text) > RESULT_TEXT:
        raise ValueError(f"The record's result text is not a text of at most {RESULT_TEXT} characters.")
    seats = [str(i) for i in range(players)]
    if winner is not None and (isinstance(winner, bool) or not isinstance(winner, int) or str(winner) not in seats):
        raise ValueError(f"The record's result names winner {winner!r}; a seat is a whole number from 0 to "
                         f"{players - 1}, or null.")
    if not isinstance(left, Mapping) or any(k not in seats or v not in LEFT_BY for k, v in left.items()):
        raise ValueError(f"The record's result lists who left as {left!r}; give each seat (\"0\" to "
                         f"\"{players - 1}\") with one of {', '.join(LEFT_BY)}.")
    return {"text": text, "winner": winner, "left": dict(left)}
