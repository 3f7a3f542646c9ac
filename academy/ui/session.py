"""GameSession: one game in one browser session (or notebook), as a param model the views watch.

It holds the engine state (whose record is the truth), the seats ("human" or a CPU level), the
selection, the last message, the CPU status and the event log. Views never change the state
themselves; they call ``click``, ``act``, ``undo``, ``new_game``, ``load``, ``replay_to`` ...

CPU turns run off the event loop: a worker thread asks the bot for one action (after
``cpu_delay`` seconds, so people can follow) and pushes it back to the session's document with
``pn.state.execute``; the session applies it and asks for the next, until a human is to move.
``synchronous=True`` plays CPU turns inline (tests, scripts).

    >>> s = GameSession(synchronous=True, cpu_delay=0)
    >>> s.new_game(players=2, seats=["human", "human"], setup="random", seed=1)
    >>> s.state.phase
    'reinforce'
"""
from __future__ import annotations

import json
import threading
from collections.abc import Callable
from typing import Any

import param

from academy.core.errors import RulesError
from academy.core.protocol import NodeKind, State
from academy.core.rng import new_seed
from academy.core.text import count
from academy.games import REGISTRY

from .history import ReplayCursor, log_lines, read_saved, rebuild
from .model import BoardModel
from .session_loop import CpuTurns

__all__ = ["GameSession", "CPU_LEVELS", "HUMAN"]

HUMAN = "human"
CPU_LEVELS = ("easy", "normal", "hard")


def default_bot_factory(game_name: str) -> Callable[[str, int], Any]:
    """``make_bot(level, seed)`` from ``academy.games.<game>.bots`` (imported when first needed)."""
    def make(level: str, seed: int) -> Any:
        import importlib
        return importlib.import_module(f"academy.games.{game_name}.bots").make_bot(level, seed=seed)
    return make


class GameSession(CpuTurns, BoardModel):
    """A game with seats for humans and CPU players; see the module docstring."""

    seats = param.List([], doc='one entry per player: "human" or a CPU level ("easy", "normal", "hard")')
    thinking = param.Boolean(False, doc="a CPU player is choosing")
    log = param.List([], doc="every event so far: dicts with step, kind, text, why")
    cpu_delay = param.Number(0.4, bounds=(0, None), doc="seconds between two CPU actions")
    synchronous = param.Boolean(False, doc="play CPU turns inline, without threads (tests)")
    replaying = param.Boolean(False, doc="the board shows a replay step, not the live game")
    replay_step = param.Integer(0, doc="entries of the record replayed so far")
    replay_length = param.Integer(0, doc="entries in the record being replayed")
    cards_shown_for = param.Integer(None, allow_None=True,
                                    doc="hot seat: the player who pressed 'show my cards' (hidden again next turn)")

    def __init__(self, game_name: str = "conquest", bot_factory: Callable[[str, int], Any] | None = None,
                 **params: Any) -> None:
        super().__init__(game_name, **params)
        self.game_name = game_name
        self.game_class = REGISTRY[game_name]
        self._bot_factory = bot_factory or default_bot_factory(game_name)
        self._bots: dict[int, Any] = {}
        self._generation = 0       # bumped to cancel a running CPU turn
        self._lock = threading.RLock()
        self._doc: Any = None
        self._live: State | None = None
        self._cursor: ReplayCursor | None = None

    # --- games ---------------------------------------------------------------------------
    def new_game(self, players: int = 2, seats: list[str] | None = None, setup: str | None = None,
                 fortify: str | None = None, seed: int | None = None, **options: Any) -> None:
        """Start a game; raises the engine's RulesError for bad options (and sets ``message``)."""
        for key, value in (("setup", setup), ("fortify", fortify)):
            if value is not None:
                options[key] = value
        seats = list(seats) if seats is not None else [HUMAN] + ["normal"] * (players - 1)
        if len(seats) != players or any(s != HUMAN and s not in CPU_LEVELS for s in seats):
            raise ValueError(f"Give one seat per player, each 'human' or one of {CPU_LEVELS}: got {seats!r}.")
        try:
            game = self.game_class(players=players, **options)
        except RulesError as exc:
            self._publish(message=exc.message)
            raise
        seed = new_seed() if seed is None else int(seed)
        state = game.new_initial_state(seed=seed)
        events = state.settle()
        self._start(state, seats, log_lines(events, 0, state), f"New game: {', '.join(self._seat_names(game, seats))}.")

    def start_from(self, state: State, seats: list[str] | None = None, message: str = "") -> None:
        """Play on from a given state (a lesson position, a parsed position); its record is kept."""
        n = state.game.num_players
        seats = list(seats) if seats is not None else [HUMAN] * n
        if len(seats) != n:
            raise ValueError(f"Give one seat per player ({n}), not {len(seats)}.")
        state.settle()
        self._start(state, seats, [], message or "Playing from this position.")

    def _start(self, state: State, seats: list[str], log: list[dict[str, Any]], message: str) -> None:
        self._cancel_cpu()
        self._bots = {}
        self._live, self._cursor = None, None
        self.seats = seats  # before state so views see matching seats
        self._publish(state=state, selected=None, target=None, message=message, log=log, last_events=[],
                      replaying=False, replay_step=len(state.record), replay_length=len(state.record))
        self._run_cpu()

    @staticmethod
    def _seat_names(game: Any, seats: list[str]) -> list[str]:
        return [f"{game.player_name(p)} ({'you' if s == HUMAN else 'CPU ' + s})" for p, s in enumerate(seats)]

    def seat_label(self, player: int | None) -> str:
        """'Red', 'Blue (CPU normal)' ..."""
        if player is None or self.state is None:
            return ""
        name = self.state.game.player_name(player)
        seat = self.seats[player] if 0 <= player < len(self.seats) else HUMAN
        return name if seat == HUMAN else f"{name} (CPU {seat})"

    def is_cpu(self, player: int | None) -> bool:
        return player is not None and 0 <= player < len(self.seats) and self.seats[player] != HUMAN

    @property
    def viewer(self) -> int | None:
        """Whose hidden information this screen may show: the human to move, else the only human."""
        if self.state is None:
            return None
        mover = self.state.to_move()
        if mover is not None and not self.is_cpu(mover):
            return mover
        humans = [p for p, s in enumerate(self.seats) if s == HUMAN]
        return humans[0] if len(humans) == 1 else None

    @property
    def hot_seat(self) -> bool:
        """Several humans share this screen."""
        return sum(s == HUMAN for s in self.seats) > 1

    @property
    def cards_hidden(self) -> bool:
        """Hot seat: the viewer's cards stay hidden until they ask to see them (the others look away)."""
        return self.hot_seat and self.viewer is not None and self.cards_shown_for != self.viewer

    def show_cards(self) -> None:
        """Hot seat: show the cards of the human to move (until the turn passes)."""
        self._publish(cards_shown_for=self.viewer)

    @property
    def cpu_to_move(self) -> bool:
        return self.state is not None and self.state.node_kind() is NodeKind.DECISION and \
            self.is_cpu(self.state.to_move())

    # --- playing -------------------------------------------------------------------------
    def _refuse_input(self) -> str | None:
        if self.state is None:
            return "No game yet: start a new game first."
        if self.replaying:
            return "This is a replay: press Back to the game (or Continue from here) to play."
        if self.cpu_to_move or self.thinking:
            return f"{self.seat_label(self.state.to_move())} is playing; wait for your turn."
        return None

    def _input_blocked(self) -> bool:
        return self.replaying or self.cpu_to_move

    def _play(self, action: Any) -> list[Any]:
        return self.state.play(action)

    def _changes_after(self, action: Any, events: list[Any]) -> dict[str, Any]:
        return {"log": self.log + log_lines(events, len(self.state.record), self.state)}

    def _after_play(self, action: Any, events: list[Any]) -> None:
        self._run_cpu()

    def undo(self) -> bool:
        """Take back the last human decision (and the CPU moves after it); False if there is none."""
        if self.state is None or self.replaying:
            return False
        record = self.state.record
        humans = {p for p, s in enumerate(self.seats) if s == HUMAN}
        index = next((i for i in range(len(record) - 1, -1, -1)
                      if not record.entries[i].chance and record.entries[i].player in humans), None)
        if index is None:
            self._publish(message="Nothing to undo: no move of yours yet.")
            return False
        if any(s != HUMAN for s in self.seats) and any(e.chance for e in record.entries[index:]):
            self._publish(message="Undo stops at a roll of the dice in a game against the CPU: dice once rolled "
                                  "stay rolled. Moves without a roll since the last roll can still be undone.")
            return False
        self._cancel_cpu()
        undone = self.state.game.format_action(record.entries[index].action, self.state)
        state, log = rebuild(record, index)
        self._publish(state=state, selected=None, target=None, log=log, last_events=[],
                      message=f"Undone: {undone}.")
        return True

    # --- save and load ---------------------------------------------------------------------
    def save(self) -> str:
        """The record as JSON text (the live game's, also during a replay)."""
        state = self._live if self.replaying and self._live is not None else self.state
        if state is None:
            raise ValueError("No game to save yet.")
        return json.dumps(state.record.to_json(), indent=1)

    def load(self, text: str | bytes, seats: list[str] | None = None) -> None:
        """Load a saved record; raises ValueError (also shown as ``message``) if it cannot be read."""
        try:
            state, log = read_saved(text)
        except ValueError as exc:
            self._publish(message=str(exc))
            raise
        n = state.game.num_players
        if seats is None:
            seats = list(self.seats) if len(self.seats) == n else [HUMAN] * n
        where = "is over" if state.is_terminal() else "goes on"
        self._start(state, list(seats), log, f"Game loaded: {count(len(state.record), 'step')}; it {where}.")

    # --- replay --------------------------------------------------------------------------
    def replay_start(self) -> None:
        """Show the game from its first step; the live game is kept until replay_stop."""
        if self.state is None:
            return
        self._cancel_cpu()
        live = self._live if self.replaying else self.state
        self._live, self._cursor = live, ReplayCursor(live.record)
        self.param.update(replaying=True, replay_length=len(live.record))
        self.replay_to(0)

    def replay_to(self, step: int) -> None:
        """Show the position after ``step`` entries of the record (0 = the start)."""
        if not self.replaying or self._cursor is None:
            return
        step = max(0, min(int(step), len(self._cursor)))
        state, events = self._cursor.at(step)
        text = " ".join(e.text for e in events) or "The start of the game."
        self._publish(state=state, selected=None, target=None, replay_step=step, last_events=events,
                      message=f"Step {step} of {len(self._cursor)}: {text}")

    def replay_stop(self, continue_here: bool = False) -> None:
        """Back to the live game, or (``continue_here``) play on from the replayed step."""
        if not self.replaying or self._live is None:
            return
        live, step = self._live, self.replay_step
        self._live, self._cursor = None, None
        if continue_here and step < len(live.record):
            state, log = rebuild(live.record, step)
            self._publish(state=state, replaying=False, selected=None, target=None, log=log, last_events=[],
                          message=f"Playing on from step {step}; the later steps are gone.")
        else:
            self._publish(state=live, replaying=False, selected=None, target=None, last_events=[],
                          message="Back to the game.")
        self.replay_step = self.replay_length = len(self.state.record)
        self._run_cpu()

    # --- CPU players (CpuTurns) -----------------------------------------------------------
    def _cpu_paused(self) -> bool:
        return self.replaying

    def _cpu_delay(self, state: State) -> float:
        return self.cpu_delay if state.phase not in ("claim", "place") else self.cpu_delay / 4

    def _cpu_step(self, action: Any, generation: int) -> None:
        played = self._cpu_play(action, generation)
        if played is None:
            return
        player, events = played
        sel, tgt = None, None
        if getattr(action, "src", None) and self.state.phase in ("attack", "occupy"):
            sel, tgt = action.src, getattr(action, "dst", None)
        self._publish(selected=sel if self.cpu_to_move else None, target=tgt if self.cpu_to_move else None,
                      message="", last_events=list(events),
                      log=self.log + log_lines(events, len(self.state.record), self.state))
        if not self.synchronous:
            self._run_cpu()
