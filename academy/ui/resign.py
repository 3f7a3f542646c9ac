"""Resigning a game on this screen: the person playing gives the game up, the game is over here, the CPU
stops, and the game's review may open (a learner should not have to play a lost game to its end to see
what the coach says about it). No Panel here; the button is ``ResignButton``'s, under every Play page's
board beside "Review this game" (``review_panel.ReviewLauncher``).

``Resigning`` is mixed into the two local session bases (``TurnSession``, ``LocalOrders``); a base provides

- ``_resigner()``: the name of who resigns now (the person to move, else the first person at this screen)
  and the result in words ("Blue wins."), or None when nobody at this screen plays;
- ``_say(text)``: show ``text`` as the session's message;

and keeps the rule: ``game_over`` is also true once ``resigned`` is set, each refusal of input starts with
``resigned_refusal()``, and every start of a game calls ``_forget_resignation()``.
"""
from __future__ import annotations

import param

__all__ = ["Resigning", "winner_text"]


class Resigning(param.Parameterized):
    """A local game a person at this screen may give up (see the module docstring)."""

    resigned = param.String(None, allow_None=True, doc="who gave the game up on this screen (None: nobody)")

    def resign(self) -> bool:
        """Give the game up: it is over on this screen (its review may open); False, and why, with no game,
        a game already over, or nobody at this screen to resign."""
        refusal = self._resign_refusal()
        who = self._resigner() if refusal is None else None
        if refusal is None and who is None:
            refusal = "Nobody at this screen plays this game, so nobody can resign it."
        if refusal is not None or who is None:
            self._say(refusal or "")
            return False
        name, result = who
        self._cancel_cpu()                  # type: ignore[attr-defined]
        self.coach.reset()                  # type: ignore[attr-defined]
        self.resigned = name
        self._say(f"{name} resigned: {result} The game is over; review it, or start a new game.")
        return True

    @property
    def can_resign(self) -> bool:
        """A game runs on this screen and a person here plays it."""
        return self._has_game() and not self.game_over and self._resigner() is not None  # type: ignore[attr-defined]

    def resigned_line(self) -> str:
        """What a page's banner says once someone resigned here (instead of whose turn it is): '' before."""
        return "" if self.resigned is None else f"{self.resigned} resigned: the game is over."

    def resigned_refusal(self) -> str | None:
        """Why no more moves are taken once someone resigned (None: nobody did)."""
        if self.resigned is None:
            return None
        return f"{self.resigned} resigned, so this game is over: review it, or start a new game."

    def _resign_refusal(self) -> str | None:
        if not self._has_game():
            return "No game yet: start a new game first."
        if self.game_over:                  # type: ignore[attr-defined]
            return "This game is already over."
        return None

    def _forget_resignation(self) -> None:
        """A new game (or one loaded) starts: nobody has resigned it."""
        if self.resigned is not None:
            with param.parameterized.discard_events(self):
                self.resigned = None

    # --- provided by the session ---------------------------------------------------------------
    def _has_game(self) -> bool:
        raise NotImplementedError

    def _resigner(self) -> tuple[str, str] | None:
        raise NotImplementedError

    def _say(self, text: str) -> None:
        raise NotImplementedError


def winner_text(names: list[str]) -> str:
    """The result of a resignation in words, from the names of the players still in ("Blue wins.",
    "Austria and Russia stay in.")."""
    from academy.core.text import listing
    if len(names) == 1:
        return f"{names[0]} wins."
    return f"{listing(names)} stay in." if names else ""
