"""The event log of every game: the whole game, grouped by turn or phase, newest turn at the top.

One log view for the five games (issue 14, item 8). It shows *every* event of the game, never the
last few only: each turn (or phase) is a group under its heading ("Turn 3 · Red", "Day 2 · Blue",
"Spring 1901 movement"), the newest group at the top and the events of a group in the order they
happened, in a box that scrolls. The events of the other players since the learner's last action are
marked "While you waited", so what the CPU did while the learner waited does not scroll away.

The entries are dicts (``academy.ui.history.log_lines`` makes them for the turn-by-turn games):

- ``text`` (and ``why``: the engine's why lines, ``kind``: the event's kind, ``note``: a result word
  such as "succeeds" or "fails", shown after the text);
- ``turn``: the heading of the turn this entry begins (an entry without one, or with the heading of
  the group it is in, goes on in that group; entries before any heading are "Start of the game");
- ``by``: who played it (a player index, a power's name ...; None: nobody, e.g. the set-up).

Which entries are the learner's: ``mine()``, the players played on this screen by the person there
now. Marking (``waited``): in a turn-by-turn game ("after_mine") the entries of other players after
the learner's last entry; in a game of simultaneous orders ("newest") the other players' entries of
the newest phase, which resolved while the learner waited for the others.

Rendering is by group: one HTML pane per turn, so a new event re-renders the newest turn only (and
the turns whose marks changed), not the whole game.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

import panel as pn
import param

from academy.ui.defer import later

__all__ = ["EventLog", "Turn", "group_turns", "waited_marks", "turn_html", "START", "WAITED", "CSS"]

START = "Start of the game"
WAITED = "While you waited"
#: a run of this many alike events without why lines folds into one line (a set-up deals dozens)
FOLD = 8

CSS = """
:host { display: block; }
.log-turn { margin: 0 0 6px 0; }
.log-turn > summary { cursor: pointer; font-weight: 700; color: #1f2933; padding: 2px 0; }
.log-turn.newest > summary { color: #2f5d8a; }
.log-items { margin: 2px 0 4px 0; padding-left: 3.2em; }    /* room for three digits: a turn may hold 100 events */
.log-items li { margin: 2px 0; }
.log-items .why { color: #52606d; font-size: 0.9em; display: block; }
.log-items .waited { border-left: 3px solid #e0a000; padding-left: 6px; margin-left: -9px; }
.log-items li.waited-head { list-style: none; margin-left: -3.2em; color: #8a5a00; font-weight: 600;
                            font-size: 0.92em; }
.ev-note { font-weight: 600; margin-left: 6px; }
.ev-note.succeeds { color: #1d6b36; }
.ev-note.fails { color: #b42318; }
.log-empty { color: #52606d; }
"""


@dataclass
class Turn:
    """One group of the log: its heading and its entries with their index in the whole log."""

    heading: str
    entries: list[tuple[int, dict[str, Any]]] = field(default_factory=list)


def group_turns(entries: Sequence[dict[str, Any]], start: str = START,
                turns: list[Turn] | None = None, since: int = 0) -> list[Turn]:
    """The entries in groups, oldest first: a new group at each entry whose ``turn`` differs from the
    heading of the group it would join. Given ``turns`` (the groups of ``entries[:since]``), only the
    entries from ``since`` on are grouped, onto those groups (a log that grew is not regrouped).

    >>> [(t.heading, len(t.entries)) for t in group_turns([{"text": "a"}, {"text": "b", "turn": "Turn 1"},
    ...                                                    {"text": "c"}, {"text": "d", "turn": "Turn 1"}])]
    [('Start of the game', 1), ('Turn 1', 3)]
    """
    turns = [] if turns is None else turns
    for i in range(since, len(entries)):
        e = entries[i]
        heading = e.get("turn")
        if not turns or (heading and heading != turns[-1].heading):
            turns.append(Turn(heading or start))
        turns[-1].entries.append((i, e))
    return turns


def waited_marks(entries: Sequence[dict[str, Any]], mine: Collection[Any], mode: str = "after_mine",
                 newest: Turn | None = None) -> set[int]:
    """The indexes of the entries to mark "While you waited" (see the module docstring); none when
    nobody on this screen plays (``mine`` empty). ``newest``: the newest group, when known.

    >>> log = [{"by": 0}, {"by": 1}, {"by": 0}, {"by": 1}, {"by": None}, {"by": 1}]
    >>> sorted(waited_marks(log, {0}))
    [3, 5]
    """
    if not mine or not entries:
        return set()
    if mode == "newest":
        newest = newest or group_turns(entries)[-1]
        return {i for i, e in newest.entries if e.get("by") not in mine}
    last = next((i for i in range(len(entries) - 1, -1, -1) if entries[i].get("by") in mine), -1)
    # a turn's first entry announces whose turn it is ("Red's turn: 4 reinforcements"): the engine writes it
    # after the last move of the player before, but it is nobody's move, and it heads the learner's own turn
    starts, heading = set(), None
    for i, e in enumerate(entries):
        if e.get("turn") and e.get("turn") != heading:
            if heading is not None:
                starts.add(i)
            heading = e.get("turn")
    return {i for i in range(last + 1, len(entries))
            if entries[i].get("by") is not None and entries[i].get("by") not in mine and i not in starts}


def _item(e: dict[str, Any], waited: bool, value: int | None = None) -> str:
    why = "".join(f"<span class='why'>{escape(str(w))}</span>" for w in e.get("why") or () if w)
    note = e.get("note")
    note_html = f"<span class='ev-note {escape(str(note))}'>{escape(str(note))}</span>" if note else ""
    cls = f"ev ev-{escape(str(e.get('kind') or 'event'))}" + (" waited" if waited else "")
    number = f" value='{value}'" if value is not None else ""     # after the unnumbered "While you waited"
    return f"<li class='{cls}'{number}>{escape(str(e.get('text', '')))}{note_html}{why}</li>"


def _runs(items: list[tuple[int, dict[str, Any]]]) -> list[list[tuple[int, dict[str, Any]]]]:
    """Consecutive entries of one kind without why lines, in runs (the rest one by one)."""
    runs: list[list[tuple[int, dict[str, Any]]]] = []
    for i, e in items:
        plain = not e.get("why") and not e.get("note")
        if runs and plain and runs[-1][0][1].get("kind") == e.get("kind") and not runs[-1][-1][1].get("why") \
                and not runs[-1][-1][1].get("note"):
            runs[-1].append((i, e))
        else:
            runs.append([(i, e)])
    return runs


def turn_html(turn: Turn, marks: Collection[int] = (), newest: bool = False) -> str:
    """One turn as HTML: a heading (a ``<details>`` summary: a turn can be folded away), its events in
    order, "While you waited" before the first marked one; a run of ``FOLD`` alike events folds."""
    parts: list[str] = []
    shown_head = False
    number, renumber = 0, False       # the items' numbers (the "While you waited" line takes none)
    for run in _runs(turn.entries):
        waited = any(i in marks for i, _ in run)
        if waited and not shown_head:
            parts.append(f"<li class='waited-head'>{WAITED}:</li>")
            shown_head = renumber = True
        if len(run) >= FOLD:
            number += 1
            inner = "".join(_item(e, i in marks) for i, e in run)
            first = escape(str(run[0][1].get("text", "")))
            value = f" value='{number}'" if renumber else ""
            parts.append(f"<li class='{'waited' if waited else ''}'{value}><details><summary>{len(run)} events "
                         f"like “{first}”</summary><ol>{inner}</ol></details></li>")
        else:
            for i, e in run:
                number += 1
                parts.append(_item(e, i in marks, number if renumber else None))
    live = ' aria-live="polite" aria-relevant="additions"' if newest else ""
    return (f"<details open class='log-turn{' newest' if newest else ''}'><summary>{escape(turn.heading)}</summary>"
            f"<ol class='log-items'{live}>{''.join(parts)}</ol></details>")


class EventLog(pn.viewable.Viewer):
    """The whole log of a game (see the module docstring).

    ``source``: the session whose params ``watch`` say that the log changed; ``entries()``: the log
    entries; ``mine()``: the players of the person at this screen; ``mode``: "after_mine" (turn by
    turn) or "newest" (simultaneous orders); ``empty``: the text before anything happened.
    """

    source = param.Parameter()

    def __init__(self, source: Any, entries: Callable[[], Sequence[dict[str, Any]]],
                 mine: Callable[[], Collection[Any]] = lambda: (), watch: Sequence[str] = ("log",),
                 mode: str = "after_mine", empty: str = "No events yet.", css_classes: Sequence[str] = (),
                 max_height: int = 420, **params: Any) -> None:
        super().__init__(source=source, **params)
        self._entries, self._mine, self.mode, self.empty = entries, mine, mode, empty
        self._panes: list[pn.pane.HTML] = []
        self._keys: list[tuple[Any, ...]] = []
        self._turns: list[Turn] = []          # the groups of the entries seen last
        self._marks: set[int] = set()
        self._seen, self._last = 0, None      # how many entries were grouped, and the last of them
        self._empty = pn.pane.HTML(f"<p class='log-empty'>{escape(empty)}</p>", stylesheets=[CSS],
                                   sizing_mode="stretch_width", margin=(2, 5))
        self.box = pn.Column(self._empty, scroll=True, max_height=max_height, sizing_mode="stretch_width",
                             css_classes=["event-log-box", *css_classes], margin=(0, 0, 4, 0))
        source.param.watch(later(self.refresh), list(watch))
        self.refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.box

    def turns(self) -> list[Turn]:
        """The log's groups now, oldest first."""
        return group_turns(list(self._entries() or ()))

    def refresh(self, *events: Any) -> None:
        """Render the log again: only the turns whose HTML changed are sent to the browser.

        A log that only grew is grouped from its newest turn on, and the older turns are not looked at
        unless their marks changed, so an event costs the same late in a long game as early in it."""
        entries = list(self._entries() or ())
        seen = self._seen
        grown = 0 < seen <= len(entries) and entries[seen - 1] is self._last and self._turns
        if grown:
            since = self._turns.pop().entries[0][0]      # the newest turn may grow: group it again
            turns = group_turns(entries, turns=self._turns, since=since)
        else:
            since, turns = 0, group_turns(entries)
        marks = waited_marks(entries, set(self._mine() or ()), self.mode, turns[-1] if turns else None)
        changed = min(since, min(marks ^ self._marks, default=since))
        self._turns, self._marks, self._seen = turns, marks, len(entries)
        self._last = entries[-1] if entries else None
        grew = len(turns) != len(self._panes)
        del self._panes[len(turns):]
        del self._keys[len(turns):]
        first = len(turns) - 1                         # the oldest turn that may look different now
        while first > 0 and turns[first - 1].entries[-1][0] >= changed:
            first -= 1
        for k in range(min(max(first, 0), len(self._panes)), len(turns)):
            self._show_turn(k, turns[k], marks, newest=k == len(turns) - 1)
        if grew or not self._panes:
            self.box.objects = list(reversed(self._panes)) or [self._empty]

    def _show_turn(self, k: int, turn: Turn, marks: set[int], newest: bool) -> None:
        """Render turn ``k`` into its pane (a new pane for a new turn) unless its look is unchanged."""
        # a turn's entries are never changed, only added to: its look depends on these only
        key = (turn.heading, id(turn.entries[0][1]), id(turn.entries[-1][1]), len(turn.entries), newest,
               tuple(i for i, _ in turn.entries if i in marks))
        if k < len(self._panes) and self._keys[k] == key:
            return
        html = turn_html(turn, marks, newest=newest)
        if k < len(self._panes):
            self._keys[k] = key
            if self._panes[k].object != html:
                self._panes[k].object = html
            return
        self._keys.append(key)
        self._panes.append(pn.pane.HTML(html, stylesheets=[CSS], sizing_mode="stretch_width",
                                        margin=(0, 5), css_classes=["log-turn-pane"]))

    def text(self) -> str:
        """The log as plain lines, newest turn first (tests, notebooks)."""
        lines = []
        for t in reversed(self.turns()):
            lines.append(t.heading)
            lines += [f"  {e.get('text', '')}" for _, e in t.entries]
        return "\n".join(lines)
