"""SeatChat: the messages of one seat of a shared game, for any game's shared session.

A shared seat's session mixes it in (``class SharedConquest(ConquestSession, SeatChat, ...)``) and provides
``live_game`` (the ``LiveGame``), ``token``, ``player`` (None for a spectator) and
``num_seats``. The messages panel (``academy.ui.messages_view.MessagesView``) reads ``messages``
and ``chat_notice`` and calls ``other_seats()`` and ``send_message(recipients, text)``; the session
calls ``_load_messages()`` when the live game reports a ``message`` event (the game delivers those
only to the message's participants).
"""
from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import param

from academy.core.errors import AcademyError
from academy.store.errors import StoreError
from academy.ui.history import moments
from academy.ui.registry import moment

__all__ = ["SeatChat", "MAX_MESSAGE_CHARS", "SENT", "message_dicts"]

log = logging.getLogger("academy.ui.seat_chat")

MAX_MESSAGE_CHARS = 2000   # the longest message a seat may send from a play page
SENT = "Message sent."     # ``chat_notice`` after a message went


def message_dicts(stored: Any, dates: Mapping[int, str]) -> list[dict[str, Any]]:
    """The store's messages as the messages panel reads them: id, sender, recipients, text, step and
    ``when`` (the game's time at its step, from ``dates``: see ``history.moments``)."""
    return [{"id": m.id, "sender": m.sender, "recipients": sorted(m.recipients), "text": m.text, "step": m.step,
             "when": dates.get(m.step, "")} for m in stored]


class SeatChat(param.Parameterized):
    """Write to other seats and keep this seat's conversations; see the module docstring."""

    messages = param.List([], doc="messages this seat sent or received, oldest first "
                                  "(dicts: id, sender, recipients, text, step, when)")
    chat_notice = param.String("", doc="the last word of the messages panel (an error or 'sent')")

    # provided by the session
    token: str | None
    player: int | None

    @property
    def live_game(self) -> Any:
        raise NotImplementedError

    @property
    def num_seats(self) -> int:
        raise NotImplementedError

    @property
    def seat_index(self) -> int | None:
        """This screen's seat as the live game numbers it (None: a spectator)."""
        return self.player

    @property
    def spectator(self) -> bool:
        return self.seat_index is None

    def other_seats(self) -> list[int]:
        """The players this seat can write to (every other seat; none for a spectator)."""
        if self.spectator:
            return []
        return [p for p in range(self.num_seats) if p != self.seat_index]

    def send_message(self, recipients: Any, text: str) -> bool:
        """Send ``text`` to the seats ``recipients``; False (and ``chat_notice`` says why) if refused."""
        refusal = self._refuse_message(recipients, text)
        if refusal is not None:
            self.chat_notice = refusal
            return False
        try:
            self.live_game.send_message(self.token, sorted({int(p) for p in recipients}), text.strip())
        except (StoreError, AcademyError, ValueError) as exc:
            log.warning("chat: game %s: message refused: %s", self.live_game.game_id, exc)
            self.chat_notice = str(exc)
            return False
        self._load_messages()
        self.chat_notice = SENT
        return True

    def _refuse_message(self, recipients: Any, text: Any) -> str | None:
        if self.spectator:
            return "You are watching this game: only its players can send messages."
        text = text.strip() if isinstance(text, str) else ""
        if not text:
            return "Write something first: the message is empty."
        if len(text) > MAX_MESSAGE_CHARS:
            return (f"The message is too long: {len(text)} characters, at most {MAX_MESSAGE_CHARS}. "
                    "Shorten it or split it in two.")
        try:
            chosen = {int(p) for p in (recipients or [])}
        except (TypeError, ValueError):
            return "Choose the players to write to."
        if not chosen:
            return "Choose at least one player to write to."
        wrong = sorted(chosen - set(self.other_seats()))
        if wrong:
            return f"You cannot write to player {', '.join(str(p + 1) for p in wrong)}: choose other seats of this game."
        return None

    def _moments(self, steps: Any) -> dict[int, str]:
        """When in the game each step was ("Turn 3 · Red"), from the live game's record; remembered, so
        the record is replayed only for steps not seen before."""
        known: dict[int, str] = self.__dict__.setdefault("_dated", {})
        missing = {s for s in steps} - set(known)
        if missing:
            try:
                now = self.live_game.state_copy()       # a message of this very step: no replay needed
                if len(now.record) in missing:
                    known[len(now.record)] = moment(now)
                    missing.discard(len(now.record))
                if missing:
                    known.update(moments(self.live_game.record_copy(), missing))
            except (AcademyError, StoreError) as exc:
                log.warning("chat: game %s: messages not dated: %s", self.live_game.game_id, exc)
        return known

    def _load_messages(self) -> None:
        """Read this seat's conversations from the store (none for a spectator)."""
        if self.spectator:
            return
        try:
            stored = self.live_game.messages(self.token)
        except StoreError as exc:
            log.warning("chat: game %s: messages not loaded: %s", self.live_game.game_id, exc)
            return
        msgs = message_dicts(stored, self._moments(m.step for m in stored))
        if msgs != self.messages:
            self.messages = msgs
