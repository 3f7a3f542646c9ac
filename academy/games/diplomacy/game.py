"""The Diplomacy game: options, the seven powers, and the entry points of the engine protocol."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from academy.core.errors import IllegalAction
from academy.core.protocol import Game
from academy.core.record import Record

from . import actions, notation
from .limits import YEARS
from .mapdata import standard_map
from .position import Position
from .rule_notes import RULE_NOTES
from .state import DiplomacyState

__all__ = ["DiplomacyGame", "RULE_NOTES"]

class DiplomacyGame(Game):
    """Standard Diplomacy for the seven powers (diplomacy.md).

    Options: ``victory_centers`` (18: control that many supply centres to win); ``years``
    (None: no limit; else the game ends after that many game years and the power with the most
    supply centres wins, diplomacy.md §8); ``players`` is always 7, player i is the i-th power
    of the map (AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY). Raises
    IllegalAction(reason="bad_option") for bad options.

    >>> g = DiplomacyGame(years=2)
    >>> s = g.new_initial_state(seed=1)
    >>> s.node_kind().value, s.to_move(), len(s.powers_to_order())
    ('simultaneous', None, 7)
    """

    name = "diplomacy"
    title = "Diplomacy"
    min_players, max_players = 7, 7
    action_types = actions.ALL

    def __init__(self, players: int = 7, victory_centers: int = 18, years: int | None = None) -> None:
        if players != 7:
            raise IllegalAction("bad_option", f"Diplomacy is for the 7 powers, not {players!r} players; "
                                              "a CPU can play the powers nobody takes.")
        if not isinstance(victory_centers, int) or not 1 <= victory_centers <= 34:
            raise IllegalAction("bad_option", f"victory_centers={victory_centers!r}: choose 1 to 34 (standard 18).")
        if years is not None and (not isinstance(years, int) or years < 1):
            raise IllegalAction("bad_option", f"years={years!r}: give a number of game years (1 or more) "
                                              "or None for no limit.")
        if years is not None:
            YEARS.read(years, "years", IllegalAction)
        super().__init__(players=7, victory_centers=victory_centers, years=years)

    @property
    def powers(self) -> tuple[str, ...]:
        return standard_map().powers

    @property
    def start_year(self) -> int:
        return int(standard_map().start_phase[1:5])

    def player_name(self, player: int) -> str:
        return self.powers[player].title() if 0 <= player < len(self.powers) else f"Player {player + 1}"

    def new_initial_state(self, seed: int = 0) -> DiplomacyState:
        return DiplomacyState(self, Record(self, seed))

    def state_from_position(self, position: Mapping[str, Any] | Position, seed: int = 0) -> DiplomacyState:
        """A game that starts from a position (``Position.from_dict`` schema), e.g. for a lesson;
        its record starts there, so replay works. Raises PositionError for a bad position."""
        pos = position if isinstance(position, Position) else Position.from_dict(position)
        state = DiplomacyState(self, Record(self, seed), pos)
        state.record.start = state.to_json()
        return state

    def state_from_json(self, data: Mapping[str, Any], record: Record | None = None) -> DiplomacyState:
        return DiplomacyState.from_json(self, data, record)

    def view_state(self, observation: Mapping[str, Any], step: int = 0) -> Any:
        """The state a seat sees, from its observation only (``view.view_state``, which says what a
        spectator sees)."""
        from .view import view_state
        return view_state(self, observation, step)

    def reviewer(self) -> Any:
        """The coach's grader of Diplomacy orders (``review.DiplomacyReviewer``)."""
        from .review import DiplomacyReviewer
        return DiplomacyReviewer(self)

    def parse_action(self, text: str, state: Any = None) -> Any:
        return notation.parse_action(text, standard_map())

    def format_action(self, action: Any, state: Any = None) -> str:
        return notation.format_action(action)
