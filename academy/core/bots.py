"""The game-independent bot protocol, a random bot, and a driver that plays a game with bots.

A bot picks an action for the player to move at a DECISION node. Its choice depends only on
its seed and the state (never on the global ``random`` or on the calls before), so undoing a
move and asking again gives the same answer, and a seeded game between bots replays exactly.

>>> class First:
...     name, level = "First", "test"
...     def choose(self, state): return state.legal_actions()[0]
>>> isinstance(First(), Bot)
True
"""
from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol, runtime_checkable

from .protocol import NodeKind, State

__all__ = ["Bot", "RandomBot", "play_game", "state_digest", "observation_digest", "bot_seed", "DEFAULT_MAX_DECISIONS"]

#: the default cap on decisions in :func:`play_game`
DEFAULT_MAX_DECISIONS = 200_000


@runtime_checkable
class Bot(Protocol):
    """A computer player.

    ``name`` is shown to people ("Easy CPU"), ``level`` is the game's level key ("easy").
    ``choose(state)`` returns a legal action for ``state.to_move()``; the state is a DECISION
    node and the bot must not change it. The result is deterministic given the bot's seed and
    the state.
    """

    name: str
    level: str

    def choose(self, state: Any) -> Any: ...


def bot_seed(seed: int, player: int) -> int:
    """The seed of the bot playing ``player`` in a game seeded ``seed`` (every page and the server agree,
    so a game replays the same wherever its CPU players ran).

    >>> bot_seed(11, 0) != bot_seed(11, 1)
    True
    """
    return (int(seed) * 7 + int(player)) % (2 ** 31)


def state_digest(state: State) -> str:
    """A short fingerprint of a state and its place in the record, stable across processes.

    Bots seed a per-decision generator from it, which makes their choices a function of
    (seed, state) only.
    """
    text = json.dumps(state.to_json(), sort_keys=True, default=str)
    return hashlib.blake2b(f"{len(state.record)}|{text}".encode(), digest_size=12).hexdigest()


def observation_digest(state: State, seat: int | None = None) -> str:
    """A fingerprint of what ``seat`` (default: the player to move) may see: ``state_digest`` while
    nothing is hidden (``state.hidden_information()`` is None), else the digest of
    ``state.observation(seat)``. A bot seeded from it cannot draw differently when hidden parts differ."""
    if state.hidden_information() is None:
        return state_digest(state)
    seat = state.to_move() if seat is None else seat
    text = json.dumps(state.observation(seat), sort_keys=True, default=str)
    return hashlib.blake2b(f"{len(state.record)}|{text}".encode(), digest_size=12).hexdigest()


class RandomBot:
    """Picks uniformly among ``state.legal_actions()``, with its own seeded generator.

    >>> RandomBot(seed=3).level
    'random'
    """

    level = "random"

    def __init__(self, seed: int = 0, name: str = "Random CPU") -> None:
        self.seed = int(seed)
        self.name = name
        self._rng = random.Random(self.seed)

    def choose(self, state: Any) -> Any:
        """A uniformly random legal action; raises ValueError when nothing is legal."""
        actions = state.legal_actions()
        if not actions:
            raise ValueError(f"{self.name}: no legal action (is the state a decision node?)")
        self._rng.seed(f"random-bot/{self.seed}/{state_digest(state)}")
        return actions[self._rng.randrange(len(actions))]

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"


def play_game(state: State, bots: Mapping[int, Bot], max_decisions: int = DEFAULT_MAX_DECISIONS,
              on_decision: Callable[[State, int, Any], None] | None = None) -> State:
    """Drive ``state`` to the end: each decision is asked of ``bots[state.to_move()]``.

    Chance nodes are resolved with the record's seeded generator (``state.play`` /
    ``state.settle``). ``on_decision(state, player, action)`` is called after each decision is
    played. Returns the same (now terminal) state.

    Raises RuntimeError when ``max_decisions`` decisions were made and the game is not over,
    KeyError when no bot is given for the player to move, TypeError at a
    simultaneous node (those games have their own order-submission driver).
    """
    decisions = 0
    state.settle()
    while True:
        kind = state.node_kind()
        if kind is NodeKind.TERMINAL:
            return state
        if kind is NodeKind.CHANCE:
            state.settle()
            continue
        if kind is NodeKind.SIMULTANEOUS:
            raise TypeError("play_game drives games played in turns; a game of simultaneous orders needs its own driver.")
        if decisions >= max_decisions:
            raise RuntimeError(f"{state.game.name}: no winner after {decisions} decisions "
                               f"(max_decisions={max_decisions}).")
        player = state.to_move()
        if player not in bots:
            raise KeyError(f"No bot for player {player} ({state.game.player_name(player)}); "
                           f"bots were given for {sorted(bots)}.")
        action = bots[player].choose(state)
        state.play(action)
        decisions += 1
        if on_decision is not None:
            on_decision(state, player, action)
