"""RecordReplay: one replay model for every turn-by-turn game, built on the record (no Panel).

A ``param.Parameterized`` model that replay pages and boards watch. It *has* a view state (``state``:
the frame's position from ``replay_model.Replay``, which for a running game is the engine's
``Game.view_state`` of the viewer's own observation); it is not a play session and plays nothing.
A frame is the position after each entry of the record (``step`` of ``length``).

- stepping (``ReplaySteps``: ``forward``, ``back``, ``to_start``, ``to_end``, the seat's messages up to
  the step, ``seat_label``): ``go``, ``next_turn``, ``previous_turn``; ``counter_text()``; ``step_events``
  (the events of the step shown, with their why) and ``log`` (the story up to it);
- play from here: ``planner()``, a local game (both sides played here, never stored) from the step
  shown, made by the game's ``make_planner``; ``branch_state`` gives its position;
- export: ``can_export`` and ``export_json`` (refused for a running game);
- input: every tap, action and undo is answered with ``refusal`` (``click``, ``act``, ``undo``).

A game's replay adds what its board reads (``_frame_changes(frame)``: the selection rings, trails and
observation drawn for a frame) and its planner (``make_planner``).
"""
from __future__ import annotations

from typing import Any

import param

from academy.core.protocol import State
from academy.core.rng import new_seed

from .replay_model import Frame, Replay
from .replay_steps import ReplaySteps
from .turn_session import HUMAN

__all__ = ["RecordReplay"]


class RecordReplay(ReplaySteps):
    """A record replayed for one viewer; see the module docstring."""

    #: the first words of the planner's message
    planner_note = "A board of your own from step {step}, {how}: play either side; nothing here changes the game."

    state = param.Parameter(doc="the position shown: the viewer's view state (a running game), else the true one")
    step = param.Integer(0, bounds=(0, None), doc="entries of the record shown so far")
    length = param.Integer(0, doc="entries in the record")
    step_events = param.List([], doc="the events of the step shown (engine Events, with their why)")
    last_events = param.List([], doc="the same events, under the name the play views read")
    log = param.List([], doc="the events up to the step shown: dicts with step, kind, text, why")

    def __init__(self, replay: Replay | None = None, title: str = "", seat_names: list[str] | None = None,
                 chat: list[dict[str, Any]] | None = None, cpu_delay: float = 0.4, **params: Any) -> None:
        super().__init__(**params)
        self.replay: Replay | None = None
        self.seat_names: list[str] = []
        self.cpu_delay = cpu_delay           # the planner's CPU pace
        if replay is not None:
            self.load(replay, title, seat_names, chat)

    def load(self, replay: Replay, title: str = "", seat_names: list[str] | None = None,
             chat: list[dict[str, Any]] | None = None, message: str | None = None) -> None:
        """Show ``replay`` from its start."""
        self.replay = replay
        self.seat_names = list(seat_names or [])
        changes: dict[str, Any] = dict(masked=replay.masked, length=len(replay), title=title)
        if chat is not None:
            changes["chat"] = list(chat)
        self.param.update(**changes)
        self.go(0, message)

    @property
    def seat(self) -> int | None:
        """The seat this replay is shown to (None: a spectator, or everything)."""
        return self.replay.viewer if self.replay is not None else None

    # --- stepping ------------------------------------------------------------------------------
    def go(self, step: int, message: str | None = None) -> None:
        """Show the position after ``step`` entries (clamped to the record)."""
        if self.replay is None:
            return
        frame = self.replay.frame(step)
        events = list(frame.events)
        self._publish(state=frame.state, step=frame.step, step_events=events, last_events=events,
                      log=self.replay.history(frame.step),
                      message=message if message is not None else self._describe(frame), **self._frame_changes(frame))

    def position_state(self) -> Any:
        """The position shown, once the game is over or for an imported record (None while it runs)."""
        return None if self.replay is None or self.masked else self.state

    def _frame_changes(self, frame: Frame) -> dict[str, Any]:
        """What the game's board draws of ``frame`` besides its position (selection, trail ...)."""
        return {}

    def _describe(self, frame: Frame) -> str:
        who = f"{self.seat_label(frame.mover)}: " if frame.mover is not None and frame.step > 0 else ""
        return f"Step {frame.step} of {frame.length}. {who}{frame.text}"

    @property
    def frame_index(self) -> int:
        return self.step

    @property
    def last_frame(self) -> int:
        return self.length

    @property
    def record_step(self) -> int:
        return self.step

    def frame_of_step(self, step: int) -> int:
        return step                        # the position after ``step`` entries: the one decided on

    def review_record(self) -> Any:
        if self.replay is None:
            raise ValueError("No record loaded.")
        return self.replay.review_record()

    def next_turn(self) -> None:
        if self.replay is not None:
            self.go(self.replay.next_turn(self.step))

    def previous_turn(self) -> None:
        if self.replay is not None:
            self.go(self.replay.previous_turn(self.step))

    def counter_text(self) -> str:
        if self.replay is None:
            return "No record loaded."
        r = self.replay
        # the game's own turn (its log's heading: "Turn 2 · Blue", "Day 3 · Red"), as the board says it; the
        # "turn" step buttons go from one player's run of steps to the next
        from academy.ui.registry import turn_rule
        rule = turn_rule(r.game_name)
        where = (rule.heading(self.state) if rule is not None and self.state is not None
                 else f"turn {r.turn_index(self.step)} of {r.num_turns}")
        return f"Step {self.step} of {self.length} · {where}"

    # --- names ---------------------------------------------------------------------------------
    def player_name(self, player: int | None, game: Any = None) -> str:
        game = game or (self.state.game if self.state is not None else None)
        return "" if player is None or game is None else game.player_name(player)

    def _seat_title(self, seat: int | None) -> str:
        return self.player_name(seat)

    def is_cpu(self, player: int | None) -> bool:
        """Nobody thinks in a replay (the status banners ask)."""
        return False

    # --- no input: this is a replay (a click: ReplaySteps) ---------------------------------------
    def act(self, text_or_action: Any) -> bool:
        return self.refuse()

    def undo(self) -> bool:
        return self.refuse()

    def my_actions(self) -> list[Any]:
        return []

    # --- play from here and export ---------------------------------------------------------------
    def branch_state(self, seed: int | None = None) -> State:
        """A position to play on from at the step shown (``Replay.branch_state``); raises ValueError."""
        if self.replay is None:
            raise ValueError("No record loaded.")
        return self.replay.branch_state(self.step, new_seed() if seed is None else int(seed))

    def _planner_start(self, seed: int | None = None) -> tuple[State, str]:
        """The planner's position and how it was made, in words."""
        return self.branch_state(seed), "the real position"

    def make_planner(self) -> Any:
        """A new local play session of this game (the game's replay says which)."""
        raise NotImplementedError(f"{type(self).__name__} must say which session plays on from a step.")

    def planner(self, session: Any = None, seed: int | None = None) -> Any:
        """A local game (every side played here, never stored) from the step shown, on ``session`` (default:
        a new one from ``make_planner``; ``seed``: its new luck). Raises ValueError when there is none (the game
        is over there ...)."""
        state, how = self._planner_start(seed)
        state.settle()
        if state.is_terminal():
            raise ValueError("The game is over at this step: step back to try other moves.")
        local = session if session is not None else self.make_planner()
        local.start_from(state, [HUMAN] * state.game.num_players,
                         message=self.planner_note.format(step=self.step, how=how))
        return local

    @property
    def can_export(self) -> bool:
        return self.replay is not None and self.replay.can_export

    def export_json(self) -> str:
        """``Record.to_json()`` as text; raises PermissionError for a running game, ValueError with no record."""
        if self.replay is None:
            raise ValueError("No record loaded.")
        return self.replay.export_json()
