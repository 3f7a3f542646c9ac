"""BoardClicks: what the Conquest board, banner, controls and odds panel read and what they call.

The board reads ``state``, ``selected``, ``target`` and ``targets`` and calls ``model.click(territory)``;
a click goes through ``academy.ui.conquest.input`` (``click``, ``targets``, ``after_action``, ``Choice``).
Mixed into ``ConquestSession`` (every Conquest page that plays: a local game, a shared seat, a lesson)
and into ``ConquestReplay`` (read-only: its board shows no highlights and refuses every tap). The
session says how an action reaches the engine (``_play``) and when input is refused.
"""
from __future__ import annotations

from typing import Any

import param

from academy.core.errors import RulesError

from . import input as board_input

__all__ = ["BoardClicks"]


class BoardClicks(param.Parameterized):
    """State, selection and messages behind one Conquest board. Subclasses implement ``_play``."""

    state = param.Parameter(doc="the live engine state (mutated in place; watch with param.trigger)")
    selected = param.String(None, allow_None=True, doc="the territory picked first (attack or fortify source)")
    target = param.String(None, allow_None=True, doc="the territory picked second")
    targets = param.List([], doc="territories worth highlighting now")
    message = param.String("", doc="the last message for the player (errors in the engine's words)")
    last_events = param.List([], doc="the events of the last action, with their why lines")
    choice = param.Parameter(doc="the game's Choice: amounts a click uses (armies, dice, move)")

    #: the click logic (academy/ui/conquest/input.py)
    input = board_input

    def __init__(self, **params: Any) -> None:
        params.setdefault("choice", board_input.Choice())
        super().__init__(**params)

    # --- what a view calls -----------------------------------------------------------------
    def click(self, territory: str) -> None:
        """A click on ``territory``: select, target, or play the action it means now."""
        refusal = self._refuse_input()
        if refusal:
            self._publish(message=refusal)
            return
        result = self.input.click(self.state, self.selected, self.target, territory, self.choice)
        if result.action is None:
            self._publish(selected=result.selected, target=result.target, message=result.message)
            return
        self._do(result.action, result.selected, result.target, result.message)

    # --- for subclasses -------------------------------------------------------------------
    def _refuse_input(self) -> str | None:
        """A reason to ignore the player's input now (not their turn, replaying ...), or None."""
        return None if self.state is not None else "No game yet: start one first."

    def _input_blocked(self) -> bool:
        """True while the board shows a position the player cannot act on (no highlights then)."""
        return False

    def _play(self, action: Any) -> list[Any]:
        """Apply ``action`` to the engine; return its events; raise RulesError if refused."""
        raise NotImplementedError(f"{type(self).__name__} must say how an action reaches the engine (_play).")

    def _changes_after(self, action: Any, events: list[Any]) -> dict[str, Any]:
        """Extra params to publish with a successful action (the session's log, a lesson's feedback)."""
        return {}

    def _after_play(self, action: Any, events: list[Any]) -> None:
        """Hook after a successful action has been published (the session starts the CPU)."""

    def _do(self, action: Any, selected: str | None, target: str | None, message: str = "") -> bool:
        try:
            events = self._play(action)
        except RulesError as exc:
            self._publish(selected=selected, target=target, message=exc.message)
            return False
        sel, tgt = self.input.after_action(self.state, action, selected, target)
        note = " ".join(t for t in (message, self.input.after_message(self.state, action, sel)) if t)
        self._publish(selected=sel, target=tgt, message=note, last_events=list(events),
                      **self._changes_after(action, events))
        self._after_play(action, events)
        return True

    def _publish(self, **changes: Any) -> None:
        """Set ``changes`` and recompute ``targets``, then notify the views once."""
        with param.parameterized.discard_events(self):
            pair = (self.selected, self.target)
            self.param.update(**changes)
            # each new source and target starts at the most dice; dice chosen with nothing selected yet are
            # the learner's choice for the attack about to be picked, and stay
            new_source = pair[0] is not None and self.selected != pair[0]
            new_target = None not in (pair[1], self.target) and self.target != pair[1]
            if (new_source or new_target) and hasattr(self.choice, "new_attack"):
                self.choice.new_attack()
            if self.state is not None and self.selected is not None and self.selected not in self.state.owner:
                self.selected = None
            blocked = self.state is None or self._input_blocked()
            self.targets = [] if blocked else sorted(self.input.targets(self.state, self.selected))
        self.param.trigger("state", "targets", *[k for k in changes if k not in ("state", "targets")])
