"""OrdersSession: the base of every screen of a simultaneous-orders game (Diplomacy, Fronts) that writes orders.

A screen shows one seat's observation and writes that seat's orders: ``pending`` (the drafts, a
game's own shape), a click path (``selected``, ``targets``), a preview of the drafts (``_preview_of``,
e.g. Diplomacy's adjudication with every other power holding, Fronts' battle odds), the last word for
the person (``message``) and a counter of positions shown (``step``). Submit sends the drafts
(``OrderDrafts``, which also says which drafts a new observation keeps). The local game on one screen
adds people, the hot seat and the CPU (``academy.ui.local_orders.LocalOrders``); a shared seat and a
lesson say where the orders go (``_send``) and what a screen may order (``_refusal``).

What the screen shows is the game's view (``DiplomacyView``, ``FrontsView``: the parameters its board and
panels read, ``pending``, ``selected`` and ``targets`` among them), which a game's replay shows too; a
game's session is that view and this base. It provides:

- ``seat_param`` and ``preview_param``: the names of its seat and preview parameters (Diplomacy:
  ``power``, ``preview``; Fronts: ``player``, ``previews``), and ``seat_name(seat)`` for messages;
- its view's parameters, ``_preview_of(pending)``, ``_no_drafts()`` and ``cleared_text``;
- ``_observed(observation)``: the parameter changes a new observation makes (besides the drafts);
- ``_selection_cleared()``: the parameter values of "nothing selected";
- the ``OrderDrafts`` hooks and ``_refusal()`` / ``_send(orders)``.
"""
from __future__ import annotations

from typing import Any

import param

from academy.ui.order_drafts import OrderDrafts

__all__ = ["OrdersSession"]


class OrdersSession(OrderDrafts, param.Parameterized):
    """One seat's screen of a simultaneous-orders game; see the module docstring."""

    message = param.String("", doc="the last word for the player (an engine refusal in its own words)")
    step = param.Integer(0, doc="a counter that changes with every new position (views key updates on it)")

    #: what the screen keeps back for the learner to work out (a lesson's ``work_out``; ``LessonAttempt``)
    kept_back: frozenset[str] = frozenset()
    seat_param = "power"
    preview_param = "preview"
    cleared_text = "All orders removed."

    # --- the seat ----------------------------------------------------------------------------------
    @property
    def seat_id(self) -> str | None:
        """The seat this screen writes orders for (None: watching)."""
        return getattr(self, self.seat_param)

    def seat_name(self, seat: str | None) -> str:
        """The seat's name in messages ('France', 'Red')."""
        raise NotImplementedError

    def can_order(self) -> bool:
        return self._refusal() is None

    # --- drafts --------------------------------------------------------------------------------------
    def deselect(self) -> None:
        self.param.update(message="", **self._selection_cleared())

    def clear_orders(self) -> None:
        self._set_pending(self._no_drafts(), self.cleared_text)

    def _set_pending(self, pending: Any, message: str, preview: Any = None) -> None:
        """The drafts, their message and their preview (``preview``: already worked out for ``pending``), in
        one update (a watcher of the message sees it once, whole)."""
        preview = self._preview_of(pending) if preview is None else preview
        self.param.update(pending=pending, message=message, **{self.preview_param: preview})

    def _show(self, observation: dict[str, Any], message: str | None = None, keep_pending: bool = False) -> None:
        """Show a new observation of the seat: the drafts are the screen's own while the phase is the same
        (``keep_pending``), else the seat's submitted orders (``OrderDrafts``); a new phase clears the
        selection."""
        pending, same_phase = self._drafts_for(observation, keep_pending)
        changes = dict(self._observed(observation), step=self.step + 1)
        if not same_phase:
            changes.update(self._selection_cleared())
        if message is not None:
            changes["message"] = message
        self.param.update(**changes)
        self.param.update(pending=pending, **{self.preview_param: self._preview_of(pending)})

    # --- provided by the game's session --------------------------------------------------------------
    def _preview_of(self, pending: Any) -> list[dict[str, Any]]:
        raise NotImplementedError

    def _no_drafts(self) -> Any:
        raise NotImplementedError

    def _observed(self, observation: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def _selection_cleared(self) -> dict[str, Any]:
        raise NotImplementedError
