"""Moving and attacking by dragging (game-of-war.md "Your turn": "Attack once by
dragging one of your connected combat units onto an enemy"; issue 18, "Drag does nothing").

A mixin of ``GameOfWarSession``; the board calls it from its drag gesture (mouse or touch):

- ``drag_start(square)``: a drag from one of the mover's units selects it, exactly as a tap on it does
  (its destinations and targets come from the engine's legal actions); from an empty square or an enemy
  it does nothing.
- ``drag_over(square)``: the square now under the pointer. Over an enemy the unit may attack, that enemy
  is aimed at as a first tap on it would (``preview``: both totals and the expected result, from the
  engine); elsewhere ``message`` says what a release there would do, or the engine's refusal of it.
- ``drop(square)``: the release. On a destination the unit moves (a retreat in the retreat phase), on an
  enemy it attacks, as the taps do; anywhere else (another unit, an illegal square, off the board:
  ``None``) nothing changes and ``message`` gives the refusal the tap would give. Back on its own square
  it stays selected.

Nothing here knows a rule: legality is ``my_actions()`` and every refusal is the engine's.
"""
from __future__ import annotations

from typing import Any

from academy.games.game_of_war.actions import Attack, Move, Retreat
from academy.games.game_of_war.communication import connection_warning
from academy.games.game_of_war.notation import format_square

__all__ = ["Dragging"]

Square = tuple[int, int]


class Dragging:
    """Drag to move or attack (see the module docstring). The session has ``state``, ``selected``,
    ``destinations``, ``targets``, ``click``, ``my_actions``, ``_input_refused``, ``_publish``, ``_do``
    and ``_refusal``."""

    def drag_start(self, square: Square) -> bool:
        """A drag begins on ``square``: True when one of the mover's units is there (now selected)."""
        s: Any = self
        state = s.state
        if state is None or state.phase == "deploy":
            return False
        sq = (int(square[0]), int(square[1]))
        unit = state.position.unit_at(sq) if state.position.is_on_board(sq) else None
        if unit is None or s._input_refused() or unit.side != state.side:
            return False
        if unit.id != s.selected:
            s.click(sq)                    # as a tap on the unit: selected, with its destinations and targets
        return s.selected == unit.id

    def drag_over(self, square: Square | None) -> None:
        """The dragged (selected) unit is over ``square`` (None: off the board): aim at an enemy it may
        attack (the preview shows), else say what a release there would do."""
        s: Any = self
        sel = s.selected
        if sel is None or s.state is None:
            return
        action = self._drop_action(square)
        if action is None:
            where = "off the board" if square is None else f"on {sel}'s own square"
            s._publish(target=None, message=f"Dragging {sel}: a release {where} leaves it where it is.")
        elif isinstance(action, Attack) and action.target in s.targets:
            s._publish(target=action.target, message=f"Release on {action.target} to attack it with {sel}; "
                                                     "the preview shows both totals and the result.")
        elif not isinstance(action, Attack) and action.to in s.destinations:    # from the legal actions
            note = connection_warning(s.state.position, sel, action.to) if isinstance(action, Move) else ""
            s._publish(target=None, message=f"Release on {format_square(action.to)} to move {sel} there."
                                            + (f" {note}" if note else ""))
        else:
            s._publish(target=None, message=s._refusal(action))     # what a release here would be told

    def drop(self, square: Square | None) -> bool:
        """The drag ends on ``square`` (None: off the board): move or attack as the taps do; True when it did."""
        s: Any = self
        sel = s.selected
        if s.state is None or sel is None or s._input_refused():
            return False
        action = self._drop_action(square)
        if action is None:
            if square is None:
                s._publish(target=None, message=f"{sel} was dropped off the board and stays where it is: drag "
                                                "it onto a green square to move it, or onto an enemy in a red "
                                                "ring to attack.")
            else:
                s._publish(target=None, message="")
            return False
        if action in s.my_actions():
            return bool(s._do(action))
        s._publish(target=None, message=s._refusal(action))
        return False

    def _drop_action(self, square: Square | None) -> Any:
        """What a release of the selected unit on ``square`` asks for: an Attack on an enemy there, else a
        Move (a Retreat in the retreat phase); None off the board or on the unit's own square."""
        s: Any = self
        pos, sel = s.state.position, s.selected
        if square is None or sel is None or not pos.has_unit(sel):
            return None
        sq = (int(square[0]), int(square[1]))
        if not pos.is_on_board(sq) or sq == pos.unit(sel).at:
            return None
        unit = pos.unit_at(sq)
        if unit is not None and unit.side != s.state.side:
            return Attack(sel, unit.id)
        return Retreat(sel, sq) if s.state.phase == "retreat" else Move(sel, sq)
