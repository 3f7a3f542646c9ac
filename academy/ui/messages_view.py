"""The messages panel of a shared game's play page: write to the seats you choose, read your conversations.

``MessagesView`` works on any shared seat's session (a ``SeatChat``): checkboxes of the other seats (the
only one ticked already in a game of two; an "Everyone" shortcut with more), a text box and a Send button
("Message sent." until the game moves on or the next message is being written); below, the conversations
this seat is part of (sender, recipients, text, and when in the game it was written), grouped by who takes
part, the most recent first.
The session reloads its messages when the live game tells it one arrived (``LiveGame`` delivers
``message`` events only to their participants), so the panel updates without a reload.

Everything a player wrote is escaped before it is drawn. A spectator gets no panel: only a note
that messages are private to the players.
"""
from __future__ import annotations

import html
from typing import Any

import panel as pn
import param

from academy.ui.defer import later
from academy.ui.labels import growing, wrapping_row
from academy.ui.seat_chat import SENT

__all__ = ["MessagesView", "conversations_html", "participants_label"]

#: the recipients' names wrap onto more lines where the panel is narrow (a phone), instead of being cut off
WRAP = ".bk-input-group.bk-inline { flex-wrap: wrap; row-gap: 4px; column-gap: 10px; } " \
       ".bk-input-group.bk-inline > *:not(:first-child) { margin-left: 0; }"

STYLE = """
.chat { font-size: 13.5px; }
.chat .conversation { border: 1px solid #e1e4e8; border-radius: 8px; margin: 6px 0; padding: 4px 8px; }
.chat .with { font-weight: 600; color: #2f5d8a; margin-bottom: 2px; }
.chat .msg { margin: 3px 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.chat .meta { color: #6e7781; font-size: 12px; }
.chat-notice .error { color: #b42318; } .chat-notice .ok { color: #1a7f37; }
"""


def participants_label(names: list[str]) -> str:
    """'Blue', 'Blue and Green', 'Blue, Green and Yellow'."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def conversations_html(messages: list[dict[str, Any]], me: int, name: Any) -> str:
    """This seat's conversations as HTML (every text escaped); ``name(player)`` gives a seat's name. Each
    message is dated by its ``when`` (the game's time: "Turn 3 · Red", "Spring 1901 movement"), if it has one."""
    if not messages:
        return "<div class='chat'><p class='meta'>No messages yet.</p></div>"
    groups: dict[frozenset[int], list[dict[str, Any]]] = {}
    for m in messages:
        groups.setdefault(frozenset([m["sender"], *m["recipients"]]), []).append(m)
    ordered = sorted(groups.items(), key=lambda kv: -max(m["id"] for m in kv[1]))
    parts = []
    for members, msgs in ordered:
        others = [name(p) for p in sorted(members) if p != me]
        rows = []
        for m in msgs:
            sender = "You" if m["sender"] == me else name(m["sender"])
            to = participants_label(["you" if p == me else name(p) for p in m["recipients"]])
            # the sender first; when it was written after, in brackets ("Turn 1 · Red" read as the sender)
            when = f" <span class='when'>({html.escape(m['when'])})</span>" if m.get("when") else ""
            rows.append(f"<div class='msg' data-id='{int(m['id'])}'><span class='meta'>"
                        f"{html.escape(sender)} → {html.escape(to)}{when}:</span> "
                        f"<span class='text'>{html.escape(m['text'])}</span></div>")
        parts.append(f"<div class='conversation'><div class='with'>With {html.escape(participants_label(others))}"
                     f"</div>{''.join(rows)}</div>")
    return "<div class='chat'>" + "".join(parts) + "</div>"


def _moves(state: Any) -> int | None:
    """How many moves a game's position holds (a new state object also comes with each message)."""
    record = getattr(state, "record", None)
    return len(record) if record is not None else None


class MessagesView(pn.viewable.Viewer):
    """Write to other seats and read this seat's conversations; see the module docstring."""

    session = param.Parameter()

    def __init__(self, session: Any, **params: Any) -> None:
        super().__init__(session=session, **params)
        s = session
        title = pn.pane.HTML("<h3 style='margin:4px 0'>Messages</h3>")
        if s.spectator:
            self.recipients = self.everyone = self.text = self.send_button = self.notice = self.thread = None
            self.layout = pn.Column(title, pn.pane.HTML("<p>Messages are private to the players: "
                                                        "spectators do not see them.</p>"),
                                    css_classes=["messages-panel", "messages-spectator"], sizing_mode="stretch_width")
            return
        name = s.engine_game.player_name
        others = s.other_seats()
        # one other seat: it is ticked already, and "Everyone" would say nothing more
        self.recipients = pn.widgets.CheckBoxGroup(options={name(p): p for p in others},
                                                   value=list(others) if len(others) == 1 else [],
                                                   inline=True, css_classes=["chat-recipients"],
                                                   stylesheets=[WRAP])
        self.everyone = pn.widgets.Button(label="Everyone", width=100, css_classes=["chat-everyone"],
                                          visible=len(others) > 1)
        self.everyone.on_click(lambda e: self.select_everyone())
        self.text = pn.widgets.TextAreaInput(placeholder="Write a message…", rows=3, sizing_mode="stretch_width",
                                             css_classes=["chat-text"])
        self.send_button = pn.widgets.Button(label="Send", color="primary", width=100, css_classes=["chat-send"])
        self.send_button.on_click(lambda e: self.send())
        self.notice = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width", css_classes=["chat-notice"])
        self.thread = pn.pane.HTML("", stylesheets=[STYLE], sizing_mode="stretch_width",
                                   css_classes=["chat-messages"])
        self.layout = pn.Column(title, wrapping_row(pn.pane.HTML("<span>To:</span>", margin=(8, 5)),
                                                    growing(self.recipients, 200), self.everyone),
                                self.text, pn.Row(self.send_button, self.notice, margin=0), self.thread,
                                css_classes=["messages-panel"], sizing_mode="stretch_width")
        s.param.watch(later(self._update), ["messages", "chat_notice"])
        # "Message sent." is news until the game moves on or the next message is being written
        self.text.param.watch(lambda e: self._forget_sent() if e.new else None, "value_input")
        if "state" in s.param:
            s.param.watch(lambda e: self._forget_sent() if _moves(e.new) != self._sent_at else None, "state")
        self._sent_at: int | None = None
        self._update()

    def _forget_sent(self) -> None:
        if self.session.chat_notice == SENT:
            self.session.chat_notice = ""

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def select_everyone(self) -> None:
        self.recipients.value = list(self.recipients.options.values())

    def _typed(self) -> str:
        """The text box's content: what was typed so far (``value_input``) or its committed value."""
        typed = self.text.value_input
        return typed if typed is not None and typed != "" else (self.text.value or "")

    def send(self) -> bool:
        """Send the text to the checked seats; on success the box is cleared (the checks stay)."""
        s = self.session
        ok = s.send_message(list(self.recipients.value), self._typed())
        if ok:
            self._sent_at = _moves(s.state) if "state" in s.param else None
            self.text.value = ""                    # an empty box is not the next message (the watcher skips it)
            self.text.value_input = ""
        return ok

    def _update(self, *events: Any) -> None:
        s = self.session
        with pn.io.hold():
            thread = conversations_html(s.messages, s.seat_index, s.engine_game.player_name)
            if thread != self.thread.object:
                self.thread.object = thread
            word = s.chat_notice
            kind = "ok" if word == SENT else "error"
            notice = f"<span class='{kind}' role='status'>{html.escape(word)}</span>" if word else ""
            if notice != self.notice.object:
                self.notice.object = notice
