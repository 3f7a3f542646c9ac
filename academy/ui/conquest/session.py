"""ConquestSession: one Conquest game in one browser session (or notebook), as a param model the views watch.
A ``TurnSession`` (academy/ui/turn_session.py: seats, start, save and load, the CPU, undo) with the
board's clicks (``BoardClicks``: through ``academy.ui.conquest.input``). Every Conquest page that plays
builds on it: the Play page, a shared game's seat (``SharedConquest``) and a lesson's board
(``LessonModel``).

It holds the engine state (whose record is the truth), the seats ("human" or a CPU level), the
selection, the last message, the CPU status and the event log. Views never change the state
themselves; they call ``click``, ``act``, ``undo``, ``new_game``, ``load_json`` ... A replay of the game is
its own page on the record (``academy.ui.conquest.replay``), never a mode of this session.

CPU turns run off the event loop: a worker thread asks the bot for one action (after
``cpu_delay`` seconds, so people can follow) and pushes it back to the session's document with
``pn.state.execute``; the session applies it and asks for the next, until a human is to move.
``synchronous=True`` plays CPU turns inline (tests, scripts).

    >>> s = ConquestSession(synchronous=True, cpu_delay=0)
    >>> s.new_game(players=2, seats=["human", "human"], setup="random", seed=1)
    >>> s.state.phase
    'reinforce'
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import param

from academy.core.errors import RulesError
from academy.core.protocol import State
from academy.core.rng import new_seed
from academy.core.text import count, listing
from academy.games import REGISTRY
from academy.games.conquest.rules import phase_hint

from academy.ui.history import log_lines
from academy.ui.turn_session import CPU_LEVELS, HUMAN, TurnSession, times

from .clicks import BoardClicks

__all__ = ["ConquestSession", "CPU_LEVELS", "HUMAN"]


class ConquestSession(TurnSession, BoardClicks):
    """A game with seats for humans and CPU players; see the module docstring."""

    game_name = "conquest"
    chance_undo_refusal = ("Undo stops at a roll of the dice in a game against the CPU: dice once rolled stay "
                           "rolled. Moves without a roll since the last roll can still be undone.")

    cards_shown_for = param.Integer(None, allow_None=True,
                                    doc="hot seat: the player who pressed 'show my cards' (hidden again next turn)")

    def __init__(self, bot_factory: Callable[[str, int], Any] | None = None, **params: Any) -> None:
        super().__init__(bot_factory=bot_factory, **params)
        self.game_class = REGISTRY[self.game_name]

    # --- games ---------------------------------------------------------------------------
    def new_game(self, players: int = 2, seats: list[str] | None = None, setup: str | None = None,
                 fortify: str | None = None, seed: int | None = None, **options: Any) -> None:
        """Start a game; raises the engine's RulesError for bad options (and sets ``message``)."""
        for key, value in (("setup", setup), ("fortify", fortify)):
            if value is not None:
                options[key] = value
        seats = self._checked_seats(seats if seats is not None else [HUMAN] + ["normal"] * (players - 1), players)
        try:
            game = self.game_class(players=players, **options)
        except RulesError as exc:
            self._publish(message=exc.message)
            raise
        seed = new_seed() if seed is None else int(seed)
        state = game.new_initial_state(seed=seed)
        events = state.settle()
        self._start(state, seats, f"New game: {self.seats_text(game, seats)}.", log_lines(events, 0, state))

    def start_from(self, state: State, seats: Sequence[str] | None = None, message: str = "") -> None:
        """Play on from a given state (a lesson position, a parsed position); its record is kept."""
        super().start_from(state, seats, message or "Playing from this position.")

    def _show_game(self, state: State, message: str, log: list[dict[str, Any]], last_events: list[Any]) -> None:
        self._publish(state=state, selected=None, target=None, message=message, log=log, last_events=[])

    def _progress(self, state: State) -> str:
        return self._progress_of(state.turn)

    @staticmethod
    def _progress_of(turn: int) -> str:
        return f"turn {turn}" if turn else "the set-up"

    @property
    def viewer(self) -> int | None:
        """Whose hidden information this screen may show: the human to move, else the only human."""
        if self.state is None:
            return None
        mover = self.state.to_move()
        if mover is not None and not self.is_cpu(mover):
            return mover
        humans = self.humans
        return humans[0] if len(humans) == 1 else None

    @property
    def cards_hidden(self) -> bool:
        """Hot seat: the viewer's cards stay hidden until they ask to see them (the others look away)."""
        return self.hot_seat and self.viewer is not None and self.cards_shown_for != self.viewer

    def show_cards(self) -> None:
        """Hot seat: show the cards of the human to move (until the turn passes)."""
        self._publish(cards_shown_for=self.viewer)

    # --- playing (BoardClicks) ------------------------------------------------------------
    def _refuse_input(self) -> str | None:
        return self._refuse()

    def _input_blocked(self) -> bool:
        return self.cpu_to_move or self.resigned is not None

    def _do(self, action: Any, *where: Any) -> bool:
        """``BoardClicks._do``: a click's action with its selection, else (notation) the selection now; held
        back while the live coach weighs it or warns about it (``TurnSession._do``)."""
        if self._coach_holds(action, lambda: self._do(action, *where)):
            return False
        return BoardClicks._do(self, action, *(where or (self.selected, self.target)))

    def _play(self, action: Any) -> list[Any]:
        return self.state.play(action)

    def _changes_after(self, action: Any, events: list[Any]) -> dict[str, Any]:
        return {"log": self.log + log_lines(events, len(self.state.record), self.state)}

    def _after_play(self, action: Any, events: list[Any]) -> None:
        self._run_cpu()

    # --- CPU players (CpuTurns) -----------------------------------------------------------
    def _cpu_delay(self, state: State) -> float:
        return self.cpu_delay if state.phase not in ("claim", "place") else self.cpu_delay / 4

    def _cpu_played(self, action: Any, events: list[Any], player: int) -> None:
        sel, tgt = None, None
        if getattr(action, "src", None) and self.state.phase in ("attack", "occupy"):
            sel, tgt = action.src, getattr(action, "dst", None)
        self._publish(selected=sel if self.cpu_to_move else None, target=tgt if self.cpu_to_move else None,
                      message="", last_events=list(events),
                      log=self.log + log_lines(events, len(self.state.record), self.state))

    def _cpu_turn_text(self, player: int, when: str, events: list[Any]) -> str:
        """A turn as ``TurnSession`` says it; a set-up step in the engine's words ("Blue claims Egypt.")."""
        if when == self._progress_of(0):
            return " ".join(e.text for e in events if e.kind in ("claim", "place"))
        return super()._cpu_turn_text(player, when, events)

    def _cpu_did(self, player: int, events: list[Any]) -> str:
        """"it traded cards for 8 armies, attacked 3 times, took Egypt and Peru and eliminated Green": the
        battles (a series of rolls on one territory is one), the territories taken, the players eliminated."""
        battles, last, traded = 0, None, 0
        taken: list[str] = []
        out: list[str] = []
        for e in events:
            if e.kind == "attack":
                pair = (e.data.get("src"), e.data.get("dst"))
                battles += pair != last
                last = pair
            elif e.kind == "conquer":
                taken.append(self.state.game.map.name_of(e.data["territory"]))
                last = None
            elif e.kind == "eliminate":
                out.append(self.player_name(e.data["player"]))
            elif e.kind == "trade":
                traded += e.data.get("value", 0)
        did = [f"traded cards for {count(traded, 'army')}"] if traded else []
        did.append(f"attacked {times(battles)}" if battles else "did not attack")
        if taken:
            did.append("took " + (listing(taken) if len(taken) <= 3 else count(len(taken), "territory")))
        if out:
            did.append("eliminated " + listing(out))
        return "it " + listing(did)

    def _turn_now(self, state: State) -> str:
        """"turn 4"; in the set-up, what to do ("claim a territory nobody holds yet")."""
        if not state.turn:
            hint = phase_hint(state).rstrip(".")
            return hint[:1].lower() + hint[1:]
        return super()._turn_now(state)
