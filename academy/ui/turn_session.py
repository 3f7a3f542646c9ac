"""TurnSession: the one session base of the turn-by-turn games (Conquest, Tactics, Game of War).

A ``param.Parameterized`` model that views watch (no Panel here). It holds what every such game's
session shares, so that each game's session keeps only its own selection and click logic:

- the seats (one per player: ``"human"`` or a CPU level) and the questions asked about them
  (``is_cpu``, ``humans``, ``hot_seat``, ``cpu_to_move``, ``seat_label``);
- a game started from a state (``start_from``: a lesson, a link's position) or a record
  (``resume``: a game kept over a reload, a loaded file), every start through ``_start``;
- Save and Load as the record (``save_json``, ``save_refusal``, ``load_json``: academy/ui/save_load.py
  says what may be saved while a game runs);
- acting by notation or as a dataclass (``act``), the refusal of input now (``_refuse``) and the
  engine's refusal of an action (``_refusal``), each shown as ``message``;
- CPU turns off the event loop (``CpuTurns``): ``_cpu_step`` plays a choice and hands it to the game's
  ``_cpu_played`` to show; when the CPU hands the turn back to a person (or ends the game), ``message`` says
  who played which turn, what of it that person may see (``_cpu_did``: each game's words, from the events
  ``state.visible_events`` gives that person) and whose turn it is now, in the game's own time
  ("Blue (CPU hard) played turn 3: it attacked twice and took Egypt. Your turn: turn 4.");
- ``undo``: back to before the last decision of a person at the screen (and the CPU moves after it),
  never past what chance decided in a game against the CPU.

A game's session sets ``game_name`` and implements ``_show_game`` (publish a new position with no
selection), ``_progress`` (where a loaded game stands, in words) and, for ``_refusal``, ``_validate``;
it may override the other hooks (``_replay_record``, ``_undo_refusal``, ``_saved_state``).
"""
from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

import param

from academy.core.errors import RulesError
from academy.core.protocol import NodeKind, State
from academy.core.text import count

from .history import log_lines, rebuild
from .live_coach import Coached, LiveCoach
from .resign import Resigning, winner_text
from .session_loop import Acting, CpuTurns

__all__ = ["TurnSession", "HUMAN", "CPU_LEVELS", "default_bot_factory", "times"]

HUMAN = "human"
CPU_LEVELS = ("easy", "normal", "hard")


def times(n: int) -> str:
    """"once", "twice", "3 times": how often, for the CPU's news.

    >>> times(1), times(2), times(3)
    ('once', 'twice', '3 times')
    """
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def default_bot_factory(game_name: str) -> Callable[[str, int], Any]:
    """``make_bot(level, seed)`` from ``academy.games.<game>.bots`` (imported when first needed)."""
    def make(level: str, seed: int) -> Any:
        import importlib
        return importlib.import_module(f"academy.games.{game_name}.bots").make_bot(level, seed=seed)
    return make


class TurnSession(Acting, CpuTurns, Coached, Resigning, param.Parameterized):
    """A turn-by-turn game on one screen (people and/or the CPU); see the module docstring."""

    #: the engine's name in ``academy.games.REGISTRY`` (each game's session sets it)
    game_name = ""
    #: the CPU levels a seat may hold
    cpu_levels: tuple[str, ...] = CPU_LEVELS
    #: what the screen keeps back for the learner to work out (a lesson's ``work_out``; ``LessonAttempt``)
    kept_back: frozenset[str] = frozenset()
    #: what one seat plays, in the seat error ("player", "army", "side")
    seat_noun = "player"
    #: why undo stops at a chance outcome in a game against the CPU
    chance_undo_refusal = ("Undo stops where chance decided something in a game against the CPU: what chance "
                           "decided stays decided. Moves since then can still be undone.")

    state = param.Parameter(doc="the live engine state (changed in place: watchers get a trigger)")
    seats = param.List([], doc='one entry per player: "human" or a CPU level ("easy", "normal", "hard")')
    message = param.String("", doc="the last message for the person at the screen (refusals in the engine's words)")
    last_events = param.List([], doc="the events of the last action (engine Events, with their why)")
    log = param.List([], doc="the events so far: dicts with step, kind, text, why")
    thinking = param.Boolean(False, doc="a CPU player is choosing")
    synchronous = param.Boolean(False, doc="play CPU turns inline, without threads (tests, notebooks)")
    cpu_delay = param.Number(0.4, bounds=(0, None), doc="seconds between two CPU actions")

    def __init__(self, bot_factory: Callable[[str, int], Any] | None = None, **params: Any) -> None:
        super().__init__(**params)
        self._bot_factory = bot_factory or default_bot_factory(self.game_name)
        self._bots: dict[int, Any] = {}
        self._generation = 0          # bumped to cancel a running CPU turn
        self._lock = threading.RLock()
        self._doc: Any = None
        self.coach = LiveCoach()        # the live coach (off until the learner asks for it)
        self._cpu_news: list[dict[str, Any]] = []     # the CPU's turns since a person last had the turn
        self._cpu_prefix: tuple[int, str] | None = None   # (step, message) of a start the CPU plays on from

    # --- seats ---------------------------------------------------------------------------------
    def _checked_seats(self, seats: Sequence[str], players: int) -> list[str]:
        """``seats`` as a list; ValueError unless there is one per player, each a person or a CPU level."""
        seats = list(seats)
        if len(seats) != players or any(s != HUMAN and s not in self.cpu_levels for s in seats):
            raise ValueError(f"Give {count(players, 'seat')}, one per {self.seat_noun}, each '{HUMAN}' or one of "
                             f"{self.cpu_levels}: got {seats!r}.")
        return seats

    @staticmethod
    def seats_text(game: Any, seats: Sequence[str]) -> str:
        """'Red (you), Blue (CPU easy)': who plays a new game."""
        return ", ".join(f"{game.player_name(p)} ({'you' if s == HUMAN else 'CPU ' + s})" for p, s in enumerate(seats))

    def is_cpu(self, player: int | None) -> bool:
        return player is not None and 0 <= player < len(self.seats) and self.seats[player] != HUMAN

    @property
    def humans(self) -> list[int]:
        """The players played by people at this screen."""
        return [p for p, s in enumerate(self.seats) if s == HUMAN]

    @property
    def hot_seat(self) -> bool:
        """Several people share this screen."""
        return len(self.humans) > 1

    @property
    def learner_players(self) -> list[int]:
        """Whose decisions the coach's review marks: the people's at this screen."""
        return self.humans

    @property
    def game_over(self) -> bool:
        """A game is shown and it is over, on the board or by a resignation (its review may open)."""
        return self.state is not None and (self.state.is_terminal() or self.resigned is not None)

    @property
    def cpu_to_move(self) -> bool:
        s = self.state
        return s is not None and s.node_kind() is NodeKind.DECISION and self.is_cpu(s.to_move())

    # --- resigning (Resigning) -------------------------------------------------------------------
    def _has_game(self) -> bool:
        return self.state is not None

    def _resigner(self) -> tuple[str, str] | None:
        """The person to move, else the first person at this screen, and who stays in."""
        s = self.state
        mover = s.to_move() if s.node_kind() is NodeKind.DECISION else None
        who = mover if isinstance(mover, int) and not self.is_cpu(mover) else (self.humans[0] if self.humans else None)
        if who is None:
            return None
        out = getattr(s, "is_eliminated", lambda p: False)          # Conquest's players can be out already
        others = [self.player_name(p) for p in range(s.game.num_players) if p != who and not out(p)]
        return self.player_name(who), winner_text(others)

    def _say(self, text: str) -> None:
        self._publish(message=text)

    # --- the live coach (Coached) ----------------------------------------------------------------
    def _coach_state(self) -> State | None:
        return self.state

    def _coach_player(self) -> int | None:
        """The person to decide now (None: nobody at this screen, or chance)."""
        s = self.state
        mover = s.to_move() if s is not None and s.node_kind() is NodeKind.DECISION else None
        return mover if isinstance(mover, int) and not self.is_cpu(mover) else None

    def _against_cpu(self) -> bool:
        return any(self.is_cpu(p) for p in range(len(self.seats)))

    def player_name(self, player: int | None, game: Any = None) -> str:
        """The game's name for ``player`` ('' for nobody, or with no game)."""
        game = game or (self.state.game if self.state is not None else None)
        return "" if player is None or game is None else game.player_name(player)

    def seat_label(self, player: int | None, game: Any = None) -> str:
        """'Red', 'Blue (CPU normal)' ..."""
        name = self.player_name(player, game)
        return f"{name} (CPU {self.seats[player]})" if name and self.is_cpu(player) else name

    # --- starting ------------------------------------------------------------------------------
    def start_from(self, state: State, seats: Sequence[str] | None = None, message: str = "") -> None:
        """Play on from ``state`` (a lesson, a link's position) with ``seats`` (default: people only); its
        record is kept. Raises ValueError for bad seats."""
        n = state.game.num_players
        seats = self._checked_seats(seats if seats is not None else [HUMAN] * n, n)
        events = [*state.opening(), *state.settle()]
        self._start(state, seats, message, _headed(state, log_lines(events, len(state.record), state)), events)

    def resume(self, record: Any, seats: Sequence[str], message: str = "") -> None:
        """Play on from ``record`` (a loaded game, one kept over a reload) with ``seats``: the position after
        its last entry, with its log. Raises ValueError for bad seats."""
        self._resume(record, seats, lambda state: message)

    def _resume(self, record: Any, seats: Sequence[str], message: Callable[[State], str]) -> None:
        seats = self._checked_seats(seats, record.game.num_players)
        state, log = self._replay_record(record, seats=seats)
        events = state.settle()
        log = log + log_lines(events, len(state.record), state)
        self._start(state, seats, message(state), log, events)

    def _replay_record(self, record: Any, upto: int | None = None,
                       seats: Sequence[str] | None = None) -> tuple[State, list[dict[str, Any]]]:
        """The state after the first ``upto`` entries of ``record`` and the log the screen shows of them
        (``seats``: who plays, default the session's)."""
        return rebuild(record, upto)

    def _start(self, state: State, seats: list[str], message: str, log: list[dict[str, Any]],
               events: Sequence[Any] = ()) -> None:
        """Every start: stop the CPU, take the seats, show the position, let the CPU play if it is to move."""
        self._cancel_cpu()
        self.coach.reset()
        self._forget_resignation()
        self._bots = {}
        self.seats = list(seats)        # before the state, so the views see matching seats
        self._show_game(state, message=message, log=list(log), last_events=list(events))
        if message and self.cpu_to_move:        # kept before the CPU's news ("New game: ... Blue played ...")
            self._cpu_prefix = (len(state.record), message)
        self._run_cpu()

    def _show_game(self, state: State, message: str, log: list[dict[str, Any]], last_events: list[Any]) -> None:
        """Publish a position just started, loaded or undone to, with nothing selected."""
        self._publish(state=state, message=message, log=log, last_events=last_events)

    # --- save and load -------------------------------------------------------------------------
    def _saved_state(self) -> State | None:
        """The game Save saves (Conquest: the live game, also while a replay is on the board)."""
        return self.state

    def save_json(self) -> str:
        """The game's record as JSON for Save (``save_load.save_text``: refused with SaveRefused while the
        game runs with hidden information; a new seed while it runs); ValueError when there is no game yet."""
        from .save_load import save_text
        return save_text(self._saved_state())

    def save_refusal(self) -> str | None:
        """Why Save is not available now, or None (``save_load.save_refusal``)."""
        from .save_load import save_refusal
        return save_refusal(self._saved_state())

    def load_json(self, text: str | bytes, name: str = "the file") -> bool:
        """Load a saved record of this game and play on with the same seats (people only if they do not
        fit); False and ``message`` for a file that is not one (the game shown is unchanged)."""
        from .save_load import read_game_record
        try:
            record = read_game_record(text, self.game_name, name)
        except ValueError as exc:
            self._publish(message=str(exc))
            return False
        n = record.game.num_players
        seats = self.seats if len(self.seats) == n else [HUMAN] * n
        loaded = f"Game loaded from {name} ({count(len(record), 'step')})"
        self._resume(record, seats, lambda state: f"{loaded}: {self._where(state)}.")
        return True

    def _where(self, state: State) -> str:
        return "the game is over" if state.is_terminal() else self._progress(state)

    def game_time(self) -> str:
        """The running game's own time in words ("turn 9", "day 3", "the set-up"; empty: no game)."""
        return "" if self.state is None else self._progress(self.state)

    def _progress(self, state: State) -> str:
        """Where a running game stands, in words ("day 3", "turn 2")."""
        return f"{count(len(state.record), 'step')} played"

    # --- acting --------------------------------------------------------------------------------
    def _refuse(self) -> str | None:
        """Why input is refused now (no game, the CPU is playing ...), or None."""
        s = self.state
        if s is None:
            return "No game yet: start a new game first."
        if self.resigned is not None:
            return self.resigned_refusal()
        if self.cpu_to_move or self.thinking:
            return f"{self.seat_label(s.to_move())} is playing; wait for your turn."
        return None

    def _validate(self, action: Any) -> None:
        """Raise the engine's RulesError if ``action`` is not legal now (each game's rules module)."""
        raise NotImplementedError(f"{type(self).__name__} must say how the engine checks an action (_validate).")

    def _refusal(self, action: Any) -> str:
        """The engine's reason for refusing ``action`` now."""
        try:
            self._validate(action)
        except RulesError as exc:
            return exc.message
        return "That is not a legal action now."

    def _refused(self, action: Any) -> None:
        """Show why the engine refuses ``action`` (nothing changes)."""
        self._publish(message=self._refusal(action))

    def _do(self, action: Any) -> bool:
        """Play ``action`` for the person to move; False (and the engine's message) if it is refused, or
        while the live coach holds it back (it is played once the coach or the learner lets it go)."""
        if self._coach_holds(action, lambda: self._do(action)):
            return False
        mover = self.state.to_move()
        try:
            events = self.state.play(action)
        except RulesError as exc:
            self._publish(message=exc.message)
            return False
        self._show_played(action, events, mover)
        self._run_cpu()
        return True

    def _show_played(self, action: Any, events: list[Any], mover: int | None) -> None:
        """Show an action just played by a person (each game's selection after it)."""
        self._publish(last_events=list(events), log=self.log + log_lines(events, len(self.state.record), self.state))

    # --- the CPU (CpuTurns) --------------------------------------------------------------------
    def _cancel_cpu(self) -> None:
        self._cpu_news, self._cpu_prefix = [], None
        super()._cancel_cpu()

    def _cpu_step(self, action: Any, generation: int) -> None:
        before = self.state
        when = self._turn_name(before) if before is not None else ""
        step = len(before.record) if before is not None else 0
        played = self._cpu_play(action, generation)
        if played is None:
            return
        player, events = played
        self._note_cpu(player, when, step, events)
        done = not self.cpu_to_move
        if done and self.thinking:
            with param.parameterized.discard_events(self):
                self.thinking = False
        self._cpu_played(action, events, player)
        if done:
            self._say_cpu_news()
        if not self.synchronous and not done:
            self._run_cpu()
        elif done:
            self.param.trigger("thinking")

    def _cpu_played(self, action: Any, events: list[Any], player: int) -> None:
        """Show an action the CPU just played."""
        self._show_played(action, events, player)

    def _note_cpu(self, player: int, when: str, step: int, events: list[Any]) -> None:
        """Keep what each person at this screen may see of a CPU action's ``events`` (told as the state right
        after them shows it), under the turn ``player`` plays (``when``: its time, ``_turn_name``)."""
        seen = {p: self.state.visible_events(list(events), player, p) for p in self.humans}
        last = self._cpu_news[-1] if self._cpu_news else None
        if last is None or (last["player"], last["when"]) != (player, when):
            last = {"player": player, "when": when, "step": step, "events": {p: [] for p in self.humans}}
            self._cpu_news.append(last)
        for p, told in seen.items():
            last["events"].setdefault(p, []).extend(told)

    def _say_cpu_news(self) -> None:
        """The CPU's turns are over: say them to the person now to move (or at the end of the game)."""
        news, prefix = self._cpu_news, self._cpu_prefix
        self._cpu_news, self._cpu_prefix = [], None
        text = self._cpu_news_text(news)
        if text is None:
            return
        if prefix is not None and news and news[0]["step"] == prefix[0]:
            text = f"{prefix[1].rstrip()} {text}"
        self._publish(message=text)

    def _cpu_news_text(self, news: list[dict[str, Any]]) -> str | None:
        """"Blue (CPU hard) played turn 3: it attacked twice and took Egypt. Your turn: turn 4." (None: nobody
        at this screen to tell, or nothing played)."""
        s = self.state
        if not news or s is None or not self.humans:
            return None
        over = s.is_terminal()
        mover = s.to_move() if not over and s.node_kind() is NodeKind.DECISION else None
        if not over and (mover is None or self.is_cpu(mover)):
            return None
        reader = mover if mover is not None else (self.humans[0] if len(self.humans) == 1 else None)
        said = []
        for turn in news:
            told = turn["events"].get(reader) if reader is not None else None
            if told is None:    # the end, with several people: what all of them saw
                lists = [turn["events"].get(p, []) for p in self.humans]
                told = [e for e in lists[0] if all(e in other for other in lists[1:])]
            said.append(self._cpu_turn_text(turn["player"], turn["when"], told))
        cpus = sum(1 for p in range(len(self.seats)) if self.is_cpu(p))
        if len(said) > cpus + 1:    # the CPUs played on without a person (Conquest: the person is out): not all
            skipped = len(said) - cpus - 1
            said = [*said[:cpus], f"Then {count(skipped, 'more turn')} {'was' if skipped == 1 else 'were'} played.",
                    said[-1]]
        if over:
            said.append(self._over_text())
        else:
            you = f"{self.player_name(mover)}, your turn" if self.hot_seat else "Your turn"
            said.append(f"{you}: {self._turn_now(s)}.")
        return " ".join(t for t in said if t)

    def _cpu_turn_text(self, player: int, when: str, events: list[Any]) -> str:
        """One CPU player's turn in a sentence: "Blue (CPU hard) played turn 3: it took Egypt." (``events``:
        what the person told may see of it)."""
        did = self._cpu_did(player, events)
        return f"{self.seat_label(player)} played {when}" + (f": {did}" if did else "") + "."

    def _cpu_did(self, player: int, events: list[Any]) -> str:
        """The most important of what ``player`` (a CPU) did in its turn, from ``events`` (what the person
        told may see), in a few words ("it attacked twice and took Egypt"); each game says it."""
        return ""

    def _turn_name(self, state: State) -> str:
        """The turn a player plays in ``state``, after "played" ("turn 3"; Tactics: "its turn of day 3")."""
        return self._progress(state)

    def _turn_now(self, state: State) -> str:
        """The turn the person now to move plays, after "Your turn:" ("turn 4")."""
        return self._progress(state)

    def _over_text(self) -> str:
        """The end of the game in a sentence, for the message after the CPU's last move."""
        w = self.state.winner()
        return f"The game is over: {self.player_name(w)} wins." if w is not None else "The game is over: a draw."

    # --- undo ----------------------------------------------------------------------------------
    def _undo_refusal(self) -> str | None:
        """Why undo is not available now, or None (a finished game stays finished)."""
        if self.state is None:
            return "No game yet: start a new game first."
        if self.resigned is not None:
            return self.resigned_refusal()
        if self.state.is_terminal():
            return ("The game is over, and a finished game stays finished: Undo can't take back the move that "
                    "ended it. Start a new game, or watch this one again in its replay.")
        return None

    def _undone_text(self, state: Any, entry: Any, record: Any, index: int) -> str:
        """What Undo took back, in the engine's words for it ("Undone: North moves N-C1 from q10 to r11."),
        and how many later decisions of the CPU went with it."""
        try:
            events = state.clone().apply(entry.action, entry.player)
            said = next((e.text for e in events if getattr(e, "text", "")), "")
        except Exception:   # noqa: BLE001 - the words are a courtesy; the notation says it too
            said = ""
        said = said.rstrip(".") or state.game.format_action(entry.action, state)
        later = sum(1 for e in record.entries[index + 1:] if not e.chance)
        after = f", and the {count(later, 'decision')} of the CPU after it" if later else ""
        return f"Undone: {said}{after}."

    def undo(self) -> bool:
        """Take back the last decision of a person at this screen (and the CPU moves after it); False (and
        ``message`` says why) when there is none or it is not allowed."""
        refusal = self._undo_refusal()
        if refusal:
            self._publish(message=refusal)
            return False
        record = self.state.record
        humans = set(self.humans)
        index = next((i for i in range(len(record) - 1, -1, -1)
                      if not record.entries[i].chance and record.entries[i].player in humans), None)
        if index is None:
            self._publish(message="Nothing to undo: no move of yours yet.")
            return False
        if any(self.is_cpu(p) for p in range(len(self.seats))) and any(e.chance for e in record.entries[index:]):
            self._publish(message=self.chance_undo_refusal)
            return False
        self._cancel_cpu()
        self.coach.reset()
        entry = record.entries[index]
        state, log = self._replay_record(record, index)
        self._show_game(state, message=self._undone_text(state, entry, record, index), log=log, last_events=[])
        self._run_cpu()
        return True


def _headed(state: State, log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The log of a game played on from a position, headed by the turn it starts in (its first moves were
    grouped under "Start of the game" when they ended that turn: a lesson's one attack, say)."""
    from .registry import turn_rule
    rule = turn_rule(state.game.name)
    if rule is None or any(e.get("turn") for e in log):
        return log
    return [{"step": len(state.record), "kind": "position", "text": "The game goes on from this position.",
             "why": [], "by": None, "turn": rule.heading(state)}, *log]
