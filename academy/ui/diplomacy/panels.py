"""The side panels of a Diplomacy page: the orders being written (menu, list, typed orders, submit,
the preview) and the results of the phases so far. Both watch a DiplomacySession; neither knows a rule."""
from __future__ import annotations

from html import escape
from typing import Any

import panel as pn
import param

from academy.core.text import count
from academy.games.diplomacy.likely import LIKELY_LEVEL
from academy.games.diplomacy.mapdata import standard_map
from academy.games.diplomacy.order_rows import rows_of
from academy.games.diplomacy.rule_notes import strengths_words
from academy.ui.defer import later

from .session import phase_title
from .style import CSS, swatch
from ..tap_answer import TAP_ANSWER

__all__ = ["OrdersPanel", "ResultsPanel", "phase_entries", "results_html", "centres_html", "LEGEND"]

LEGEND = ("<div class='academy-muted board-legend'>● army · ▲ fleet (at its coast: nc, sc, ec) · "
          "red rim: dislodged · ★ supply centre in its owner's colour, its province tinted so · "
          "□ inland (darker land), ○ coastal (pale land), ⬡ sea (blue) · "
          "→ move · dashed: support · dotted and ring: convoy · "
          "rings when a unit is selected: orange where it can go, blue only by convoy · "
          "faded with a red ✗: last phase's orders that failed</div>")


def _result_cell(result: str) -> str:
    return '<span class="ok">✔ succeeds</span>' if result == "succeeds" else '<span class="bad">✘ fails</span>'


def results_html(last: dict[str, Any], open_: bool = False, first: str | None = None) -> str:
    """One resolved phase: every power's orders (``first``'s first) with result and reason."""
    rows = []
    results, reasons = last.get("results", {}), last.get("reasons", {})
    for row in sorted(rows_of(last), key=lambda r: (r.power != first, r.power)):
        res = results.get(row.key, "")
        rows.append(f"<tr><td>{swatch(row.power)}{escape(row.text)}</td><td>{_result_cell(res) if res else ''}</td></tr>"
                    f"<tr><td colspan=2 class='why'>{escape(reasons.get(row.key, ''))}</td></tr>")
    body = "".join(rows) or "<tr><td class='why'>No orders were given: every unit held.</td></tr>"
    return (f"<details{' open' if open_ else ''}><summary><b>{escape(phase_title(last.get('phase', '')))}</b> "
            f"({count(len(results), 'order')})</summary><table class='orders'>{body}</table></details>")


class OrdersPanel(pn.viewable.Viewer):
    """The orders of the session's power: click menu, list, typed orders, submit, preview."""

    session = param.Parameter()

    def __init__(self, session: Any, **params: Any) -> None:
        super().__init__(session=session, **params)
        s = session
        self.banner = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["dip-banner-pane"])
        self.waiting = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["waiting-list"])
        self.message = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["game-message", TAP_ANSWER])
        self.selection = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["selection"])
        self.choices = pn.Column(sizing_mode="stretch_width", margin=0, css_classes=["order-choices"])
        self.orders = pn.Column(sizing_mode="stretch_width", margin=0, css_classes=["orders-list"])
        self.typed = pn.widgets.TextInput(placeholder="Type an order, e.g. A PAR - BUR", sizing_mode="stretch_width",
                                          css_classes=["type-order"])
        self.add = pn.widgets.Button(label="Add", width=70, css_classes=["add-order"])
        self.submit = pn.widgets.Button(label="Submit orders", color="primary", sizing_mode="stretch_width",
                                        css_classes=["submit-orders"])
        self.clear = pn.widgets.Button(label="Clear", width=80, css_classes=["clear-orders"])
        self.preview = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["preview"])
        self.add.on_click(lambda e: self._type())
        self.typed.param.watch(lambda e: self._type(), "enter_pressed")
        self.submit.on_click(lambda e: s.submit())
        self.clear.on_click(lambda e: s.clear_orders())
        self.layout = pn.Column(
            self.banner, self.waiting, self.message, self.selection, self.choices,
            pn.pane.HTML("<b>Your orders</b>", stylesheets=[CSS], margin=(6, 5, 0, 5)),
            self.orders, pn.Row(self.typed, self.add, sizing_mode="stretch_width", margin=0),
            pn.Row(self.submit, self.clear, sizing_mode="stretch_width", margin=0), self.preview,
            sizing_mode="stretch_width", margin=0, css_classes=["orders-panel"])
        self._keys: Any = None
        self._shown: Any = None            # (power, phase, position, attempt) the order box was written for
        self._choice_key: Any = None
        self._choice_buttons: list[Any] = []
        self._choice_texts: list[str] = []
        watched = ["state", "pending", "choices", "message", "preview", "submitted", "power", "step", "thinking",
                   "ready", "selected", "targets"]   # hot seat: the next person at the screen may order now
        s.param.watch(later(self._update), [w for w in watched if w in s.param])
        self._update()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def _type(self) -> None:
        text = self.typed.value_input or self.typed.value
        if self.session.type_order(text):
            self.typed.param.update(value="", value_input="")

    def _update(self, *events: Any) -> None:
        s = self.session
        with pn.io.hold():
            state = s.state
            if state is None:
                self.banner.object = ""
                return
            shown = (s.power, state.phase, state.position, getattr(s, "attempt", None))
            if self._shown is not None and shown != self._shown and (self.typed.value or self.typed.value_input):
                self.typed.param.update(value="", value_input="")   # a new board: the old text was for another
            self._shown = shown
            who = f"{swatch(s.power, 16)}{escape(s.power.title())}" if s.power else "Watching"
            over = getattr(s, "resigned_line", lambda: "")()
            when = "Game over" if state.result or over else phase_title(state.phase)
            self.banner.object = (f"<div class='dip-banner'>{who} — <span class='phase'>"
                                  f"{escape(when)}</span></div>")
            if state.result:            # the result stays in sight, whatever the last message says
                self.waiting.object = (f"<div class='waiting game-result' role='status'>The game is over: "
                                       f"{escape(state.result['text'])}</div>")
            elif over:
                self.waiting.object = f"<div class='waiting game-result' role='status'>{escape(over)}</div>"
            else:
                wait = s.waiting_text()
                self.waiting.object = f"<div class='waiting'>{escape(wait)}</div>" if wait else ""
            self.message.object = (f"<div class='academy-message' role='status' aria-live='polite'>"
                                   f"{escape(s.message)}</div>" if s.message else "")
            chosen = s.selection_text() if s.can_order() else ""
            self.selection.object = (f"<div class='academy-muted selection-state' role='status'>{escape(chosen)}</div>"
                                     if chosen else "")
            key = tuple(s.choices)
            if key != self._choice_key:
                self._choice_key = key
                self._show_choices(list(s.choices))
            active = s.can_order()
            keys = (tuple(sorted(s.pending.items())), tuple(sorted(s.options)), active)
            if keys != self._keys:
                self._keys = keys
                self.orders.objects = self._order_rows(active)
            for w in (self.typed, self.add, self.submit, self.clear):
                w.visible = active
            if active:
                self.submit.label = ("Submit anyway" if s.warned else
                                     "Submit again (replaces your orders)" if s.is_submitted
                                     else f"Submit orders ({len(s.pending)})")
            self.preview.object = self._preview_html()

    def _show_choices(self, choices: list[tuple[str, str]]) -> None:
        """The click menu: buttons made once and relabelled (new buttons for every menu confuse the
        browser's document when one is clicked while the menu changes)."""
        while len(self._choice_buttons) < len(choices):
            i = len(self._choice_buttons)
            b = pn.widgets.Button(label="", sizing_mode="stretch_width", color="light", css_classes=["order-choice"],
                                  visible=False)
            b.on_click(lambda e, i=i: self._choose(i))
            self._choice_buttons.append(b)
            self.choices.append(b)
        self._choice_texts = [text for _, text in choices]
        for i, b in enumerate(self._choice_buttons):
            if i < len(choices):
                b.param.update(label=choices[i][0], visible=True)
            elif b.visible:
                b.visible = False

    def _choose(self, i: int) -> None:
        if i < len(self._choice_texts):
            self.session.choose(self._choice_texts[i])

    def _order_rows(self, active: bool) -> list[Any]:
        s = self.session
        rows: list[Any] = []
        limit = s.order_limit
        for key in s.options:
            text = s.pending.get(key)
            if text is None and (key == "WAIVE" or limit is not None):
                continue
            default = "disbands" if s.phase.endswith("R") else "holds"
            shown = escape(text) if text else f"<span class='academy-muted'>{escape(key)}: no order ({default})</span>"
            line = pn.pane.HTML(f"<div class='order-line'>{shown}</div>", stylesheets=[CSS],
                                sizing_mode="stretch_width", margin=(2, 5))
            if text and active:
                rm = pn.widgets.Button(label="✕", width=36, css_classes=["remove-order"],
                                       description=f"Remove {text}")
                rm.on_click(lambda e, k=key: self.session.remove(k))
                rows.append(pn.Row(line, rm, sizing_mode="stretch_width", margin=0))
            else:
                rows.append(line)
        if limit is not None:
            n = len(s.pending)
            rows.insert(0, pn.pane.HTML(f"<span class='academy-muted'>{n} of {count(limit, 'adjustment order')} written. "
                                        "Click a home centre to build, a unit to disband.</span>",
                                        stylesheets=[CSS], margin=(2, 5)))
        if not rows:
            rows.append(pn.pane.HTML("<span class='academy-muted'>Nothing to order in this phase.</span>",
                                     stylesheets=[CSS], margin=(2, 5)))
        return rows

    def _preview_html(self) -> str:
        s = self.session
        if not s.preview:
            return ""
        rows = "".join(f"<tr><td>{escape(r['order'])}</td><td>{_result_cell(r['result'])}</td></tr>"
                       f"<tr><td colspan=2 class='why'>{escape(r['reason'])}</td></tr>"
                       + (f"<tr><td colspan=2 class='why strengths'>{escape(strengths_text(r['strengths']))}</td></tr>"
                          if r.get("strengths") else "")
                       + (f"<tr><td colspan=2 class='why assumes'>{escape(r['assumes'])}</td></tr>"
                          if r.get("assumes") else "")
                       + (f"<tr><td colspan=2 class='why likely'>If the others order as a sound player would (the "
                          f"{LIKELY_LEVEL} CPU's orders): "
                          f"{_result_cell(r['likely_result'])}"
                          + (f" ({escape(r['likely_reason'])})" if r['likely_result'] != r['result'] else "")
                          + "</td></tr>" if r.get("likely_result") else "") for r in s.preview)
        kind = s.state.position.phase.kind if s.state is not None else "M"
        head = {"M": ("Preview: if every other power held", "Only a preview: the other powers' real orders are "
                      "secret and can change every result."),
                "R": ("Preview of your retreats", "Only a preview: two units retreating to the same province are "
                      "both disbanded."),
                }.get(kind, ("Preview of your builds and disbands", "Builds and disbands meet no other power's "
                                                                   "orders: once submitted, they happen as shown."))
        if s.others and kind in "MR":
            head = (head[0].replace("if every other power held", "with the orders shown for the other powers"),
                    "The other powers' orders shown on the map are counted; their other units hold.")
        return (f"<div class='preview-box'><h4>{head[0]}</h4><div class='academy-muted'>{head[1]}</div>"
                f"<table class='orders'>{rows}</table></div>")


def strengths_text(strengths: dict[str, int]) -> str:
    """The strengths in play in plain words (the engine's ``strengths_words``)."""
    return strengths_words(strengths)


def phase_entries(history: list[dict[str, Any]], first: str | None = None) -> list[dict[str, Any]]:
    """The resolved phases as event-log entries (``academy.ui.event_log``): one per order, headed by its
    phase ("Spring 1901 movement"), ``first``'s orders first in each phase, with result and reason."""
    out: list[dict[str, Any]] = []
    for last in history:
        heading = phase_title(last.get("phase", ""))
        results, reasons = last.get("results", {}), last.get("reasons", {})
        rows = sorted(rows_of(last), key=lambda r: (r.power != first, r.power))
        if not rows:
            out.append({"turn": heading, "kind": "hold", "text": "No orders were given: every unit held.",
                        "by": None})
        for row in rows:
            reason = reasons.get(row.key, "")
            out.append({"turn": heading, "kind": "order", "text": f"{row.power.title()}: {row.text}",
                        "note": results.get(row.key, ""), "why": [reason] if reason else [], "by": row.power})
    return out


def ResultsPanel(session: Any) -> Any:  # noqa: N802 - the panel's name, as before
    """The results of every resolved phase seen so far: the shared event log, newest phase at the top;
    the other powers' orders of the newest phase (resolved while you waited) marked."""
    from academy.ui.event_log import EventLog

    def mine() -> set[str]:
        people = getattr(session, "people", None) or ([session.power] if session.power else [])
        return set(people)
    return EventLog(session, entries=lambda: phase_entries(session.history, session.power), mine=mine,
                    watch=["history", "power"], mode="newest", css_classes=["phase-results"],
                    empty="No phase has resolved yet: the results of each phase appear here.")


def centres_html(session: Any) -> str:
    """Supply centres per power (a small table)."""
    state = session.state
    if state is None:
        return ""
    counts = state.centre_counts()
    units = {pw: len(state.position.units_of(pw)) for pw in state.powers}
    rows = "".join(f"<tr><td>{swatch(pw)}{escape(pw.title())}</td><td>{count(counts[pw], 'centre')}</td>"
                   f"<td>{count(units[pw], 'unit')}</td></tr>" for pw in state.powers)
    total = len(standard_map().supply_centers)
    return (f"<table class='orders'>{rows}</table><div class='academy-muted'>{total} supply centres; "
            f"{state.game.options['victory_centers']} win.</div>")
