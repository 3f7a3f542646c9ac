"""OrderDrafts: the orders a seat's screen shows and sends, one rule for the simultaneous-order games.

Diplomacy and Fronts screens write drafts (``pending``) and Submit sends them; the game keeps what a
seat submitted, and the engine's observation of a seat holds that seat's own submitted orders (never
another seat's). When a screen shows a new observation (``_drafts_for``):

- within the phase it already shows (``keep``: the same live game, e.g. another seat submitted), the
  screen's own drafts go on: what the person is writing wins over what was sent, until they submit;
- otherwise (a page just opened, a reload, a new phase, another person at a hot seat) the drafts are
  the seat's submitted orders from the observation: what it sent in this phase, or nothing yet.

So reloading a seat's page shows exactly what the seat has submitted, and Submit without a change
sends the same orders again. A draft that was never submitted lives only in that browser's session
and is gone after a reload (the store keeps submitted orders only).

A session mixes it in and provides: ``pending`` (its drafts), ``_phase_of(observation)`` (what makes
two observations the same phase), ``_own_orders(observation)`` (the seat's submitted order texts),
``_as_drafts(orders, observation)`` and ``_kept_drafts(observation)`` (its drafts from order texts,
or its current drafts still valid), ``orders_list()`` (the drafts as order texts), ``_refusal()``,
``_send(orders)``, ``is_submitted`` and a ``message`` parameter.
"""
from __future__ import annotations

from typing import Any

from academy.core.errors import RulesError
from academy.core.text import count, plural

__all__ = ["OrderDrafts"]

_NOTHING = object()       # no phase shown yet


class OrderDrafts:
    """What a seat's screen shows as its orders and what Submit sends; see the module docstring."""

    pending: Any
    message: str
    is_submitted: bool
    _drafts_phase: Any = _NOTHING

    # --- provided by the session -----------------------------------------------------------------
    def _phase_of(self, observation: dict[str, Any]) -> Any:
        raise NotImplementedError

    def _own_orders(self, observation: dict[str, Any]) -> list[str]:
        raise NotImplementedError

    def _as_drafts(self, orders: list[str], observation: dict[str, Any]) -> Any:
        raise NotImplementedError

    def _kept_drafts(self, observation: dict[str, Any]) -> Any:
        raise NotImplementedError

    def orders_list(self) -> list[str]:
        raise NotImplementedError

    def _refusal(self) -> str | None:
        raise NotImplementedError

    def _send(self, orders: list[str]) -> None:
        raise NotImplementedError

    # --- the rule ----------------------------------------------------------------------------------
    def _drafts_for(self, observation: dict[str, Any], keep: bool) -> tuple[Any, bool]:
        """(the drafts to show with ``observation``, True if it is the phase already shown and the
        screen's drafts went on). Call it once per observation shown."""
        phase = self._phase_of(observation)
        same = keep and self._drafts_phase is not _NOTHING and self._drafts_phase == phase
        self._drafts_phase = phase
        if same:
            return self._kept_drafts(observation), True
        return self._as_drafts(list(self._own_orders(observation)), observation), False

    def submitted_note(self, when: str) -> str:
        """A sentence for a page just opened on a seat that has submitted ``when`` (this phase), '' if
        it has not: its orders are shown and may still be changed."""
        if not self.is_submitted:
            return ""
        n = len(self.orders_list())
        if n == 0:
            return f"You have submitted no orders for {when} (everything holds); you can still change that."
        return (f"Your {count(n, 'order')} submitted for {when} {plural(n, 'is')} shown; "
                "you can change them and submit again until it resolves.")

    def _submit_warning(self) -> str | None:
        """A warning to give once before sending these drafts (e.g. Diplomacy: a retreat left unordered
        disbands the unit); the next Submit sends them. None: no warning (the default)."""
        return None

    def submit(self) -> bool:
        """Send the drafts (units without an order hold); False (and ``message``) if refused, or if the
        session's ``_submit_warning`` has something to say first."""
        refusal = self._refusal()
        if refusal:
            self.message = refusal
            return False
        warning = self._submit_warning()
        if warning:
            self.message = warning
            return False
        try:
            self._send(self.orders_list())
        except RulesError as exc:
            self.message = exc.message
            return False
        return True
