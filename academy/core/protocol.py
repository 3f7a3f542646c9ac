"""The engine protocol every game follows (see ARCHITECTURE.md, "The engine protocol").

A ``Game`` is immutable configuration; ``game.new_initial_state(seed=...)`` gives a ``State``.
``state.node_kind()`` is the one branch point: DECISION (``to_move()`` acts), CHANCE
(``chance_outcomes()`` lists outcomes with exact probabilities), SIMULTANEOUS, TERMINAL.
Actions and chance outcomes are readable frozen dataclasses. ``apply`` validates, changes the
state, writes the entry into the state's ``Record`` and returns ``Event``s the UI can show.
"""
from __future__ import annotations

import copy
import enum
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

from .errors import GameOver, IllegalAction
from .record import Record


class NodeKind(enum.Enum):
    DECISION = "decision"
    SIMULTANEOUS = "simultaneous"
    CHANCE = "chance"
    TERMINAL = "terminal"


@dataclass(frozen=True)
class Event:
    """Something that happened, in words (``text``) and as data the UI and lessons can check.

    ``why`` holds the explanation lines (each dice comparison, each factor) when there are any.
    """

    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)
    why: tuple[str, ...] = ()


class Game(ABC):
    """Immutable configuration of one game: its map, options and players."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: every action and chance-outcome class, for decoding JSON
    action_types: ClassVar[tuple[type, ...]]

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, Any] = dict(options)

    @property
    def num_players(self) -> int:
        return int(self.options["players"])

    @abstractmethod
    def new_initial_state(self, seed: int = 0) -> State:
        """The state before the first action, with a new record that holds ``seed``."""

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any], record: Record | None = None) -> State:
        """Rebuild a state from ``State.to_json()``; raises ValueError on a wrong schema."""

    @abstractmethod
    def parse_action(self, text: str, state: State) -> Any:
        """Read an action in the game's notation; raises InvalidNotation or AmbiguousNotation."""

    @abstractmethod
    def format_action(self, action: Any, state: State) -> str:
        """Write an action in the game's notation (round-trips with ``parse_action``)."""

    def player_name(self, player: int) -> str:
        return f"Player {player + 1}"

    def view_state(self, observation: Mapping[str, Any], step: int = 0) -> State:
        """The state one seat may see: built from ``observation`` (``state.observation(seat)``) only,
        with what it hides as placeholders, so that ``view.observation(seat) == observation``. Pages,
        replays and previews draw and compute from it; the true state never leaves the server. ``step``
        is the length of the game's record (the view's record is empty but reports that length).
        Each game's docstring says what a spectator (seat None) sees. Raises ValueError for an
        observation that is not one of this game's; NotImplementedError for a game without views."""
        raise NotImplementedError(f"{self.title} cannot build the state a seat sees from its observation: "
                                  f"give {type(self).__name__} a view_state (academy/games/<game>/view.py).")

    def reviewer(self) -> Any:
        """The game's reviewer for the coach (academy/core/review.py): an object whose ``grade(decision)``
        returns the ``Mark`` of one decision (good, inaccuracy, mistake or blunder, the better decision, the
        numbers, why, the lesson), or None for a decision its rule does not judge. Each game's lives in
        academy/games/<game>/review.py. Raises NotImplementedError for a game without one."""
        raise NotImplementedError(f"{self.title} has no reviewer yet: give {type(self).__name__} a reviewer() "
                                  "(academy/games/<game>/review.py).")

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in sorted(self.options.items()))
        return f"{type(self).__name__}({opts})"


class State(ABC):
    """One moment of a game. Subclasses implement the ``_``-prefixed hooks."""

    def __init__(self, game: Game, record: Record) -> None:
        self.game = game
        self.record = record

    # --- the branch point ------------------------------------------------------------------
    @abstractmethod
    def node_kind(self) -> NodeKind: ...

    @abstractmethod
    def to_move(self) -> int | None:
        """The player who acts now (None at chance and terminal nodes)."""

    def is_terminal(self) -> bool:
        return self.node_kind() is NodeKind.TERMINAL

    @abstractmethod
    def winner(self) -> int | None:
        """The winning player once the game is over, else None."""

    # --- actions ---------------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self, player: int | None = None) -> list[Any]:
        """Every legal action of ``player`` (default: the player to move), readable dataclasses."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        """At a chance node: every outcome with its exact probability (they sum to 1)."""

    @abstractmethod
    def _validate(self, action: Any) -> None:
        """Raise IllegalAction (with reason and a how-to-fix message) unless ``action`` is legal now."""

    @abstractmethod
    def _apply(self, action: Any) -> list[Event]:
        """Change the state for a validated action or chance outcome; return what happened."""

    def apply(self, action: Any, player: int | None = None) -> list[Event]:
        """Validate and apply a decision (or a chance outcome at a chance node); record it.

        Raises GameOver after the end, IllegalAction (``not_your_turn`` when ``player`` is
        given and is not to move; ``not_your_power`` at a simultaneous node when ``player`` acts
        for another player; or the game's own reason); the state is unchanged then. At a
        simultaneous node the entry is recorded with ``actor_of(action)`` as its player.
        """
        kind = self.node_kind()
        if kind is NodeKind.TERMINAL:
            raise GameOver("game_over", "The game is over: no more actions. Start a new game or replay this one.")
        mover = self.to_move()
        if player is not None and kind is NodeKind.DECISION and player != mover:
            raise IllegalAction(
                "not_your_turn",
                f"{self.game.player_name(player)} cannot act now: it is "
                f"{self.game.player_name(mover) if mover is not None else 'nobody'}'s turn. Wait for your turn.")
        if player is not None and kind is NodeKind.SIMULTANEOUS:
            actor = self.actor_of(action)
            if actor is not None and actor != player:
                raise IllegalAction(
                    "not_your_power",
                    f"{self.game.player_name(player)} cannot act for {self.game.player_name(actor)}: "
                    "give orders only for your own power.")
        if kind is NodeKind.CHANCE:
            if all(action != o for o, _ in self.chance_outcomes()):
                raise IllegalAction("not_an_outcome", f"{action!r} is not a possible outcome of this chance event.")
        else:
            self._validate(action)
        if kind is NodeKind.SIMULTANEOUS:
            mover = self.actor_of(action)
        events = self._apply(action)
        self.record.append(mover, action, chance=kind is NodeKind.CHANCE)
        return events

    # --- simultaneous games (diplomacy, fronts) ----------------------------------------------
    # Orders are written in secret by every player with something to do, then resolved together.
    # A simultaneous game overrides these; sequential games never reach them.
    def actor_of(self, action: Any) -> int | None:
        """At a simultaneous node, the player an action acts for (recorded with it), or None."""
        return None

    def players_to_act(self) -> list[int]:
        """At a simultaneous node, the players who have something to order in this phase."""
        return []

    def options(self, player: int) -> Mapping[str, Any]:
        """Per unit (or other thing to order), a tree of choices whose leaves are order texts."""
        raise IllegalAction("no_orders", f"{self.game.title} is played in turns, not with orders given "
                            "together: use legal_actions() and apply().")

    def order_limit(self, player: int) -> int | None:
        """How many of the ``options`` keys ``player`` may order at most (None: each once)."""
        return None

    def submit(self, player: int, orders: Any) -> list[Event]:
        """Replace ``player``'s pending orders (recorded); raises IllegalAction for an illegal order."""
        raise IllegalAction("no_orders", f"{self.game.title} is played in turns, not with orders given "
                            "together: use legal_actions() and apply().")

    def resolve(self) -> Any:
        """Resolve the pending orders together (recorded) and move to the next phase."""
        raise IllegalAction("no_orders", f"{self.game.title} is played in turns, not with orders given "
                            "together: use legal_actions() and apply().")

    def resolve_step(self) -> list[Event]:
        """What ``resolve()`` does, returning the events (each order's result and why) to show."""
        raise IllegalAction("no_orders", f"{self.game.title} is played in turns, not with orders given "
                            "together: use legal_actions() and apply().")

    def waiting(self) -> list[int]:
        """At a simultaneous node, the players who have something to order and have not submitted yet."""
        return self.players_to_act()

    def resolve_chance(self) -> list[Event]:
        """At a chance node, sample an outcome with the record's seeded generator and apply it."""
        outcome = self.record.rng.choose(self.chance_outcomes(), step=len(self.record))
        return self.apply(outcome)

    def play(self, action: Any, player: int | None = None) -> list[Event]:
        """Apply a decision, then resolve the chance nodes that follow it; all events in order."""
        events = self.apply(action, player)
        while self.node_kind() is NodeKind.CHANCE:
            events += self.resolve_chance()
        return events

    def opening(self) -> list[Event]:
        """The events of this state's making, before its record's first entry (a first player's upkeep:
        Tactics' day-1 income), for the start of a log; [] once the record has an entry, and for games
        whose start has none. A game sets them as ``_opening`` in ``new_initial_state``."""
        return list(getattr(self, "_opening", ())) if len(self.record) == 0 else []

    def settle(self) -> list[Event]:
        """Resolve chance nodes until a decision (or the end) is reached."""
        events: list[Event] = []
        while self.node_kind() is NodeKind.CHANCE:
            events += self.resolve_chance()
        return events

    # --- hidden information ------------------------------------------------------------------
    # Errors, logs, saves, links and previews for a player are built from its observation only.
    def visible_events(self, events: list[Event], mover: int | None, player: int | None) -> list[Event]:
        """The events ``player`` (None: a spectator) may see of those ``mover`` just caused, each told
        only with what ``player``'s observation right after them holds (this state is that moment).
        Default: all of them, for games where events hide nothing."""
        return list(events)

    def hidden_information(self) -> str | None:
        """What this position (or its record) keeps from some player now, in words that finish "it
        holds ..." ("the units hidden in the fog of war"), or None when nothing is hidden. A record
        may be handed out (saved, shared) only when this is None. Default: None."""
        return None

    # --- views and persistence -------------------------------------------------------------
    @abstractmethod
    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see (None: a spectator), JSON-able; hidden information removed."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The full state as JSON-able data with ``schema`` and ``version``."""

    def clone(self) -> State:
        """An independent copy (its record is a copy too)."""
        twin = copy.copy(self)
        twin.__dict__.update(copy.deepcopy({k: v for k, v in self.__dict__.items()
                                            if k not in ("game", "record")}))
        twin.record = self.record.fork()
        return twin

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]
