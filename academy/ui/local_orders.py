"""LocalOrders: a simultaneous-orders game on one screen (Diplomacy, Fronts), with the CPU off the loop.

The ``people`` seats are played here; with several, they take the screen in turn (the hot seat):
after one submits, ``ready`` is False and the page covers the board until the next person says they
are at the screen (``show_screen``). The other seats are the CPU. When the last person has submitted,
the CPU seats write their orders and the phase resolves; then every phase in which no person orders
resolves the same way (at most ``max_cpu_phases`` in a row), and the next person's screen is shown.

The CPU's orders are written on a worker thread (``CpuThinking`` of ``academy.ui.session_loop``, as
for the turn-by-turn games), from a copy of the game, while ``thinking`` is True and the page says
who is thinking; the orders come back to the session's loop (``pn.state.execute``), where the game
takes them and resolves. A result that comes back after a new game, a load or a new position is
stale and dropped. ``synchronous`` chooses: True inline, False on a thread, None (the default) on a
thread in a served page and inline elsewhere (tests, scripts, notebooks). Either way the CPU writes
the same orders: its bots read only the position they are given.

A game's local session provides, besides ``OrdersSession``'s hooks: ``game_name`` (its saved
records' game), ``_all_seats(engine)`` (every seat in the order its bot seeds count),
``_waiting_seats(engine)``, ``_make_bot(level, seed)``, ``_bot_orders(bot, engine, seat)``,
``_resolve_phase()`` (resolve the game, keep what the screen shows of it, return a summary sentence),
``_cleared()`` (the parameters a new game resets), ``_load_record(record, name)`` and
``_screen_waiting_text()``.
"""
from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

import param

from academy.core.bots import bot_seed
from academy.core.errors import RulesError
from academy.core.text import listing
from academy.ui.live_coach import Coached, LiveCoach
from academy.ui.orders_session import OrdersSession
from academy.ui.resign import Resigning, winner_text
from academy.ui.session_loop import CpuThinking

__all__ = ["LocalOrders"]


class LocalOrders(CpuThinking, Coached, Resigning, OrdersSession):
    """A simultaneous-orders game on this screen; see the module docstring."""

    people = param.List([], doc="the seats played on this screen")
    ready = param.Boolean(True, doc="hot seat: the person to order has said they are at the screen")
    thinking = param.Boolean(False, doc="the CPU seats are writing their orders (on a worker thread)")
    synchronous = param.Boolean(None, allow_None=True,
                                doc="the CPU inline (True) or on a thread (False); None: on a thread in a served page")

    game_name = ""
    max_cpu_phases = 50
    cpu_thread_name = "academy-orders-cpu"

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self._engine: Any = None
        self._bots: dict[str, Any] = {}
        self._generation = 0          # bumped to make a CPU result that is on its way stale
        self._lock = threading.RLock()
        self._doc: Any = None
        self._cpu_seats: list[str] = []
        self.coach = LiveCoach()        # the live coach (off until the learner asks for it)

    @property
    def hot_seat(self) -> bool:
        return len(self.people) > 1

    @property
    def learner_players(self) -> list[int]:
        """Whose decisions the coach's review marks: the seats played on this screen (player numbers)."""
        seats = self._all_seats(self._engine) if self._engine is not None else []
        return [seats.index(p) for p in self.people if p in seats]

    @property
    def game_over(self) -> bool:
        """A game is shown and it is over, on the board or by a resignation (its review may open)."""
        return self._engine is not None and (self._engine.is_terminal() or self.resigned is not None)

    @property
    def engine_state(self) -> Any:
        """The full engine state (tests, saving and links only: views read the observation)."""
        return self._engine

    def game_time(self) -> str:
        """The running game's own time in words ("turn 3", "Spring 1901 movement"; empty: no game)."""
        text = "" if self._engine is None else self._engine.when()
        return "turn" + text[4:] if text.startswith("Turn ") else text

    def show_screen(self) -> None:
        """Hot seat: the person to order is at the screen."""
        self.ready = True

    def thinking_text(self) -> str:
        """'Austria and England (CPU) are thinking…' while the CPU writes its orders."""
        names = [self.seat_name(s) for s in self._cpu_seats] or ["The CPU"]
        return f"{listing(names)} (CPU) {'is' if len(names) == 1 else 'are'} thinking…"

    def waiting_text(self) -> str:
        if self.resigned is not None:
            return ""
        return self.thinking_text() if self.thinking else self._screen_waiting_text()

    def _refusal(self) -> str | None:
        if self.resigned is not None:
            return self.resigned_refusal()
        if self.thinking:
            return f"{self.thinking_text()} Wait for the results."
        if self.hot_seat and not self.ready:
            return f"Pass the screen to {self.seat_name(self.seat_id)} first."
        return super()._refusal()

    # --- games ---------------------------------------------------------------------------------------
    def _start(self, engine: Any, people: list[str], level: str | Mapping[str, str], message: str) -> None:
        """Play ``engine`` with ``people`` on this screen and the CPU in the other seats: ``level`` for all,
        or a level per seat ({seat: level}, one for every seat not in ``people``)."""
        self._cancel_cpu()
        self.coach.reset()
        self._forget_resignation()
        self._engine = engine
        seed = engine.record.seed
        self._bots = {seat: self._make_bot(level if isinstance(level, str) else level[seat], bot_seed(seed, i))
                      for i, seat in enumerate(self._all_seats(engine)) if seat not in people}
        self.param.update(people=people, **self._cleared())
        self._advance(message)

    def _next_person(self) -> str | None:
        waiting = self._waiting_seats(self._engine) if self._engine is not None else []
        return next((p for p in self.people if p in waiting), None)

    def _advance(self, message: str | None, left: int | None = None) -> None:
        """Resolve the phases in which no person orders (``left`` more at most); then show the next
        person's screen (covered at a hot seat)."""
        engine = self._engine
        left = self.max_cpu_phases if left is None else left
        if left > 0 and not engine.result and self._next_person() is None:
            self._run_cpu(message, left - 1)
            return
        person = self._next_person()
        viewer = person or (self.seat_id if self.seat_id in self.people else self.people[0])
        text = message or ""
        if engine.result:
            text = f"{text} The game is over: {engine.result['text']}".strip()
        was_thinking = self.thinking
        if was_thinking:                      # one update when the results are shown, not two
            with param.parameterized.discard_events(self):
                self.thinking = False
        setattr(self, self.seat_param, viewer)
        self.ready = not (self.hot_seat and person is not None)
        self._show_seat(viewer, text)
        if was_thinking:
            self.param.trigger("thinking")

    def _show_seat(self, seat: str, message: str | None) -> None:
        self._show(self._engine.observation(seat), message=message)

    def _send(self, orders: list[str]) -> None:
        """Submit ``orders`` for the seat shown (the live coach may hold them back first: ``submit`` sends
        them again once it lets them go)."""
        action = self._orders_action(self.seat_id, orders)
        if action is not None and self._coach_holds(action, self.submit):
            return
        engine, done = self._engine, self.seat_id
        engine.submit(done, orders)
        person = self._next_person()
        if person is not None:      # hot seat: the next person writes theirs, then the phase resolves
            self.ready = False
            setattr(self, self.seat_param, person)
            self._show_seat(person, f"{self.seat_name(done)}'s orders are in (hidden). "
                                    f"Pass the screen to {self.seat_name(person)}.")
            return
        self._run_cpu(None, self.max_cpu_phases)

    # --- resigning (Resigning) ----------------------------------------------------------------------
    def _has_game(self) -> bool:
        return self._engine is not None

    def _resigner(self) -> tuple[str, str] | None:
        """The seat shown if it is played here, else the first person at this screen, and who stays in."""
        who = self.seat_id if self.seat_id in self.people else (self.people[0] if self.people else None)
        if who is None:
            return None
        engine = self._engine
        alive = [s for s in self._all_seats(engine) if s != who and self._seat_in(engine, s)]
        return self.seat_name(who), winner_text([self.seat_name(s) for s in alive])

    def _seat_in(self, engine: Any, seat: str) -> bool:
        """Whether ``seat`` is still in the game (each game may say; by default every seat is)."""
        return True

    def _say(self, text: str) -> None:
        self.message = text

    # --- the live coach (Coached) -------------------------------------------------------------------
    def taken_back_words(self) -> str:
        return ("Not sent: your orders are still on your sheet. Change or remove (✕) the one the coach named, "
                "then submit again.")

    def _coach_state(self) -> Any:
        return self._engine

    def _coach_player(self) -> int | None:
        seats = self._all_seats(self._engine) if self._engine is not None else []
        return seats.index(self.seat_id) if self.seat_id in seats and self.seat_id in self.people else None

    def _against_cpu(self) -> bool:
        return bool(self._bots)

    def _orders_action(self, seat: str | None, orders: list[str]) -> Any:
        """The engine's action for ``seat`` submitting ``orders`` (what the coach weighs); None: not judged."""
        return None

    # --- the CPU ---------------------------------------------------------------------------------------
    def _inline(self) -> bool:
        if self.synchronous is not None:
            return self.synchronous
        import panel as pn
        doc = pn.state.curdoc
        return doc is None or doc.session_context is None

    def _run_cpu(self, message: str | None, left: int) -> None:
        """The CPU seats still to order write their orders (inline, or on a thread); then the phase resolves."""
        engine = self._engine
        seats = [s for s in self._waiting_seats(engine) if s in self._bots]
        self._cpu_seats = seats

        def done(result: Any, generation: int) -> None:
            self._cpu_done(result, generation, message, left)

        if not seats or self._inline():
            try:
                result: Any = self._cpu_orders(engine.clone(), seats)
            except Exception as exc:  # noqa: BLE001 - a broken bot stops with a message, as on a thread
                result = exc
            done(result, self._generation)
            return
        twin = engine.clone()
        self.message = f"{self.thinking_text()} The phase resolves when their orders are in."
        self._think(lambda: self._cpu_orders(twin, seats), 0.0, done)

    def _cpu_orders(self, engine: Any, seats: list[str]) -> dict[str, list[str]]:
        """Each CPU seat's orders, written in turn on ``engine`` (a copy of the game: this may run on a thread)."""
        bots = {s: self._bots[s] for s in seats}
        out: dict[str, list[str]] = {}
        for seat in seats:
            out[seat] = list(self._bot_orders(bots[seat], engine, seat))
            engine.submit(seat, out[seat])
        return out

    def _cpu_done(self, result: Any, generation: int, message: str | None, left: int) -> None:
        """(On the session's loop) the CPU's orders go to the game, which resolves; a stale result is dropped."""
        if generation != self._generation:
            return
        failed = None
        if isinstance(result, Exception):
            failed = f"The CPU failed to write its orders: {result}"
        else:
            try:
                for seat, orders in result.items():
                    self._engine.submit(seat, orders)
            except RulesError as exc:
                failed = f"{self.seat_name(seat)} (CPU) wrote an order the game refuses: {exc.message}"
        if failed:
            self._cancel_cpu()
            self.message = f"{failed} Submit again to let the CPU try once more."
            return
        text = self._resolve_phase()
        self._advance(message if message is not None else text, left)

    # --- saving and loading -----------------------------------------------------------------------------
    def save_json(self) -> str:
        """The game's record as JSON for Save (``save_load.save_text``: refused with SaveRefused while the
        game runs with hidden information; a new seed while it runs); ValueError when there is no game yet."""
        from academy.ui.save_load import save_text
        return save_text(self._engine)

    def save_refusal(self) -> str | None:
        """Why Save is not available now, or None (``save_load.save_refusal``)."""
        from academy.ui.save_load import save_refusal
        return save_refusal(self._engine)

    def load_json(self, text: str | bytes, name: str = "the file") -> bool:
        """Load a saved record of this game and play on; False and ``message`` on a file that is not one
        (the game shown is unchanged)."""
        from academy.ui.save_load import read_game_record
        try:
            record = read_game_record(text, self.game_name, name)
        except ValueError as exc:
            self.message = str(exc)
            return False
        self._load_record(record, name)
        return True

    # --- provided by the game's local session ----------------------------------------------------------
    def _all_seats(self, engine: Any) -> list[str]:
        raise NotImplementedError

    def _waiting_seats(self, engine: Any) -> list[str]:
        raise NotImplementedError

    def _make_bot(self, level: str, seed: int) -> Any:
        raise NotImplementedError

    def _bot_orders(self, bot: Any, engine: Any, seat: str) -> list[str]:
        raise NotImplementedError

    def _resolve_phase(self) -> str:
        raise NotImplementedError

    def _cleared(self) -> dict[str, Any]:
        raise NotImplementedError

    def _load_record(self, record: Any, name: str) -> None:
        raise NotImplementedError

    def _screen_seats(self) -> list[tuple[str, bool]]:
        """(name, submitted) of each seat at this screen still in the phase under way ([] when none is)."""
        raise NotImplementedError

    def _screen_waiting_text(self) -> str:
        """Who at this screen has still to order, and when the CPU writes its orders."""
        seats = self._screen_seats()
        if not seats:
            return ""
        cpu = "" if not self._bots else (
            " The CPU writes its orders when you submit." if len(seats) == 1
            else " The CPU writes its orders when the last of you submits.")
        if len(seats) == 1:
            name, done = seats[0]
            return f"{name}: {'orders submitted' if done else 'orders not submitted yet'}.{cpu}"
        parts = [f"{name} {'submitted' if done else 'still to order'}" for name, done in seats]
        return f"On this screen: {', '.join(parts)}.{cpu}"
