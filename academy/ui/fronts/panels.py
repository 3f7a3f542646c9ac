"""The side panels of the Fronts page: the orders being written (the selected stack's split and mode,
the list, typed orders, builds, submit), the odds of the planned moves, and the battle reports.
All watch a FrontsSession; none knows a rule (the engine checks every order)."""
from __future__ import annotations

from html import escape
from typing import Any

import panel as pn
import param

from academy.core.text import count, percent
from academy.games.fronts.units import LOSS_ORDER
from academy.ui.defer import later
from academy.ui.labels import set_options, wrapping_row

from .board import colour, stack_label
from ..tap_answer import TAP_ANSWER

__all__ = ["OrdersPanel", "OddsPanel", "ReportsPanel", "report_entries", "reports_html", "odds_html", "LEGEND", "CSS", "swatch",
           "turn_words"]

CSS = """
:host { --ink: #1f2933; --muted: #52606d; color: var(--ink); font-size: 14px; line-height: 1.45; }
.fr-banner { font-size: 20px; font-weight: 700; }
.fr-banner .turn { font-weight: 400; color: var(--muted); }
.academy-muted { color: var(--muted); font-size: 0.93em; }
.academy-message { background: #fff8e1; border-left: 4px solid #E0A000; padding: 6px 10px; border-radius: 4px; }
.odds-box { background: #f1f6fb; border: 1px dashed #7fa7c9; border-radius: 8px; padding: 6px 10px;
           margin-bottom: 6px; }
.odds-box h4, .report h4 { margin: 2px 0 6px 0; font-size: 14px; }
table.fr { border-collapse: collapse; width: 100%; }
table.fr td, table.fr th { padding: 2px 4px; text-align: left; border-bottom: 1px solid #eef1f4; }
.why { color: var(--muted); font-size: 0.88em; white-space: pre-wrap; font-family: ui-monospace, monospace;
       margin: 2px 0 6px 10px; }
.waiting { background: #eef5fb; border-radius: 6px; padding: 4px 8px; }
details summary { cursor: pointer; }
.reports { max-height: 520px; overflow-y: auto; }
.ev-battle { font-weight: 600; color: #8b1a1a; }
"""

LEGEND = ("<div class='academy-muted board-legend'>Discs: provinces in their owner's colour (grey: nobody's) · "
          "■ city, ★ capital · ▲ green forest, ▲ brown mountain, ⬢ grey urban · thick blue line: river on the "
          "border · labels: stacks (inf, art, arm, air; \"? 4-6\": seen through the fog) · → move · dashed: "
          "artillery support · dotted: air strike or scout · ⊕ build · red ✳: last turn's battle · ⚠ after a "
          "stack: out of supply (half strength in battle; after 2 turns it loses a unit every turn)</div>")

_LABELS = {"infantry": "Infantry", "artillery": "Artillery", "armor": "Armor"}


def swatch(owner: str | None, size: int = 12) -> str:
    return (f'<span aria-hidden="true" style="display:inline-block;width:{size}px;height:{size}px;border-radius:3px;'
            f'background:{colour(owner)};border:1px solid #0005;vertical-align:-1px;margin-right:5px"></span>')


_KIND_HEAD = {"battle": "Battle in {where}", "border clash": "Border clash at {where}",
              "roll": "{n} sides moving into {where} roll once"}


def odds_html(previews: list[dict[str, Any]], others_given: bool = False) -> str:
    """One block per battle the planned orders cause, in the order the turn resolves them: the chance
    it happens (and what must happen first), each side's strength, win chance and expected losses,
    who holds the province after the turn, and the factors. ``others_given``: the other sides' orders
    are known (a lesson gives them) and counted."""
    if not previews:
        return ""
    others = ("the other sides' given orders are counted; every other stack holds." if others_given
              else "the others' orders are secret: their stacks are taken to hold.")
    parts = [f"<div class='academy-muted odds-note'>The battles your orders cause, in the order the turn resolves "
             f"them, as you see the board now; {others}</div>"]
    last = {p["province"]: i for i, p in enumerate(previews) if p.get("holds")}   # who holds it: said once, last
    for i, p in enumerate(previews):
        head = _KIND_HEAD.get(p.get("kind", "battle"), "Battle in {where}").format(where=p["where"],
                                                                                 n=len(p["sides"]))
        rows = "".join(f"<tr><td>{escape(s['name'])}{'' if s.get('supplied', True) else ' ⚠ out of supply'}</td>"
                       f"<td>{_doing(p, s)}</td><td>{s['strength']:.4g}</td><td><b>{percent(s['win'], 0)}</b></td>"
                       f"<td>{s['loss']:.1f} of {s['units']}</td></tr>" for s in p["sides"])
        lines = []
        if p.get("orders"):
            lines.append(f"Your orders in it: {escape('; '.join(p['orders']))}.")
        chance = p.get("chance", 1.0)
        if chance < 1:
            cond = f" (if {escape(' and '.join(p['after']))})" if p.get("after") else ""
            lines.append(f"Chance that it comes to this battle: {percent(chance, 0)}{cond}.")
        if p.get("estimated"):
            lines.append("The defenders are estimated from what the fog shows.")
        if any(not s.get("supplied", True) for s in p["sides"]):
            lines.append("A side out of supply fights at half strength.")
        meta = "".join(f"<div class='academy-muted'>{x}</div>" for x in lines)
        holds = p.get("holds") or []
        after = ("<div class='odds-holds'>After the turn, " + escape(p["where"]) + ": " +
                 ", ".join(f"{escape(h['name'])} {percent(h['chance'], 0)}" for h in holds) + "</div>"
                 if holds and last.get(p["province"]) == i else "")
        parts.append(f"<div class='odds-box'><h4>{escape(head)}</h4>{meta}<table class='fr'><tr><th>side</th>"
                     f"<th></th><th>strength</th><th>wins</th><th>expected losses</th></tr>{rows}</table>{after}"
                     f"<details><summary>Why these numbers</summary><div class='why'>{escape(p['explain'])}</div>"
                     "</details></div>")
    return "".join(parts)


def _doing(p: dict[str, Any], side: dict[str, Any]) -> str:
    if p.get("kind") == "border clash":
        return "swapping places"
    return "moving in" if side["role"] == "attacker" else "there"


def reports_html(reports: list[dict[str, Any]]) -> str:
    """The resolved turns (latest first, the latest open): every event, battles with their why lines."""
    if not reports:
        return ("<div class='reports'><span class='academy-muted'>No turn has resolved yet: the battle reports "
                "appear here.</span></div>")
    parts = []
    for i, rep in enumerate(reversed(reports)):
        lines = []
        for e in rep["events"]:
            if e["kind"] == "turn":
                continue
            cls = "ev-battle" if e["kind"] == "battle" else ""
            why = (f"<details><summary class='academy-muted'>why</summary><div class='why'>"
                   f"{escape(chr(10).join(e.get('why') or []))}</div></details>" if e.get("why") else "")
            lines.append(f"<li><span class='{cls}'>{escape(e['text'])}</span>{why}</li>")
        battles = sum(e["kind"] == "battle" for e in rep["events"])
        body = "".join(lines) or "<li class='academy-muted'>Nothing you could see happened.</li>"
        parts.append(f"<details class='report'{' open' if i == 0 else ''}><summary><b>Turn {rep['turn']}</b> "
                     f"({count(battles, 'battle')})</summary><ul>{body}</ul></details>")
    return "<div class='reports'>" + "".join(parts) + "</div>"



def turn_words(turn: int, limit: int | None, over: bool) -> str:
    """The banner's turn: "turn 12 of 30", "turn 30 of 30, the last" (only the cities held when it closes
    count), "turn 30 of 30" once over (the board then counts turn 31, which never comes); "turn 12" without
    a limit.

    >>> turn_words(12, 30, False), turn_words(30, 30, False), turn_words(31, 30, True), turn_words(4, None, False)
    ('turn 12 of 30', 'turn 30 of 30, the last', 'turn 30 of 30', 'turn 4')
    """
    if not limit:
        return f"turn {turn}"
    if over:
        return f"turn {min(turn, limit)} of {limit}"
    return f"turn {turn} of {limit}" + (", the last" if turn >= limit else "")

class OrdersPanel(pn.viewable.Viewer):
    """The viewer's orders: the selected stack (split, mode), the list, typed orders, builds, submit."""

    session = param.Parameter()

    def __init__(self, session: Any, **params: Any) -> None:
        super().__init__(session=session, **params)
        s = session
        html = dict(stylesheets=[CSS], sizing_mode="stretch_width")
        self.banner = pn.pane.HTML("", css_classes=["fronts-banner"], **html)
        self.waiting = pn.pane.HTML("", css_classes=["waiting-list"], **html)
        self.message = pn.pane.HTML("", css_classes=["game-message", TAP_ANSWER], **html)
        self.selection = pn.pane.HTML("", css_classes=["selection"], **html)
        self.mode = pn.widgets.RadioButtonGroup(options=["move"], value="move", color="primary", variant="outline",
                                                css_classes=["order-mode"], visible=False)
        self.counts = {k: pn.widgets.IntInput(label=_LABELS[k], value=0, start=0, end=99, width=95, visible=False,
                                              css_classes=[f"split-{k}"]) for k in _LABELS}
        self.mode.param.watch(self._on_mode, "value")
        for k, w in self.counts.items():
            w.param.watch(lambda e, k=k: self._on_count(k, e.new), "value")
        self.orders = pn.Column(sizing_mode="stretch_width", margin=0, css_classes=["orders-list"])
        self.typed = pn.widgets.TextInput(placeholder="Type an order, e.g. 2 infantry Millbrook -> Westmere",
                                          sizing_mode="stretch_width", css_classes=["type-order"])
        self.add = pn.widgets.Button(label="Add", width=70, css_classes=["add-order"])
        self.build_city = pn.widgets.Select(label="Build in", options=[], width=110, css_classes=["build-city"])
        self.build_kind = pn.widgets.Select(label="Unit", options=list(LOSS_ORDER), value="infantry", width=95,
                                            css_classes=["build-kind"])
        self.build_n = pn.widgets.IntInput(label="How many", value=1, start=1, end=20, width=75,
                                           css_classes=["build-count"])
        self.build = pn.widgets.Button(label="Add build", width=90, css_classes=["add-build"], align="end")
        self.submit = pn.widgets.Button(label="Submit orders", color="primary", sizing_mode="stretch_width",
                                        css_classes=["submit-orders"])
        self.clear = pn.widgets.Button(label="Clear", width=80, css_classes=["clear-orders"])
        self.add.on_click(lambda e: self._type())
        self.typed.param.watch(lambda e: self._type(), "enter_pressed")
        self.build.on_click(lambda e: self._build())
        self.submit.on_click(lambda e: s.submit())
        self.clear.on_click(lambda e: s.clear_orders())
        self.build_row = wrapping_row(self.build_city, self.build_kind, self.build_n, self.build,
                                      css_classes=["build-row"])
        self.layout = pn.Column(
            self.banner, self.waiting, self.message, self.selection, self.mode,
            pn.Row(*self.counts.values(), margin=0),
            pn.pane.HTML("<b>Your orders</b> <span class='academy-muted'>(stacks without orders hold)</span>",
                         stylesheets=[CSS], margin=(6, 10, 0, 10)),   # (the left edge of the panes above)
            self.orders, pn.Row(self.typed, self.add, sizing_mode="stretch_width", margin=0), self.build_row,
            pn.Row(self.submit, self.clear, sizing_mode="stretch_width", margin=0),
            sizing_mode="stretch_width", margin=0, css_classes=["orders-panel"])
        self._keys: Any = None
        self._syncing = False
        watched = ["obs", "pending", "message", "selected", "mode", "split", "player", "step", "ready", "thinking"]
        s.param.watch(later(self._update), [w for w in watched if w in s.param])
        fresh = [w for w in ("attempt", "people") if w in s.param]     # a new exercise, a new game
        if fresh:
            s.param.watch(later(self._clear_typed), fresh)
        self._update()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def _clear_typed(self, *events: Any) -> None:
        """A new exercise (or its reset, or a new game) starts with an empty order box."""
        self.typed.param.update(value="", value_input="")

    def _type(self) -> None:
        text = self.typed.value_input or self.typed.value
        if self.session.type_order(text):
            self.typed.param.update(value="", value_input="")

    def _build(self) -> None:
        if self.build_city.value:
            self.session.add_order(f"build {self.build_n.value} {self.build_kind.value} {self.build_city.value}")

    def _on_mode(self, event: Any) -> None:
        if not self._syncing and event.new != self.session.mode:
            self.session.set_mode(event.new)

    def _on_count(self, kind: str, n: int) -> None:
        if not self._syncing and self.session.split.get(kind) != n:
            self.session.set_split(kind, n)

    def _update(self, *events: Any) -> None:
        s = self.session
        with pn.io.hold():
            obs = s.obs
            if obs is None:
                self.banner.object = ""
                return
            who = s.player_name(s.player)
            game = getattr(s, "game", None)
            limit = game.options.get("turns") if game is not None else None
            turn = turn_words(int(obs["turn"]), limit, bool(obs.get("result")))
            self.banner.object = (f"<div class='fr-banner'>{swatch(s.player, 16)}{escape(who)} — <span class='turn'>"
                                  f"{turn}</span></div><div class='academy-muted'>Funds "
                                  f"{obs.get('funds', 0)} · income {obs.get('income', 0)} a turn</div>"
                                  + (f"<div class='academy-message game-over'><b>Game over:</b> "
                                     f"{escape(obs['result']['text'])}</div>" if obs.get("result") else "")
                                  + (f"<div class='academy-message game-over'>{escape(over)}</div>"
                                     if (over := getattr(s, "resigned_line", lambda: "")()) else ""))
            wait = s.waiting_text() if hasattr(s, "waiting_text") else ""
            self.waiting.object = f"<div class='waiting'>{escape(wait)}</div>" if wait else ""
            self.message.object = (f"<div class='academy-message' role='status' aria-live='polite'>"
                                   f"{escape(s.message)}</div>" if s.message else "")
            self._sync_selection()
            active = s.can_order()
            example = f"Type an order, e.g. {s.example_order()}"
            if self.typed.placeholder != example:
                self.typed.placeholder = example           # a walk met Millbrook and Westmere on every map
            keys = (tuple(s.pending), active)
            if keys != self._keys:
                self._keys = keys
                self.orders.objects = self._order_rows(active)
            for w in (self.typed, self.add, self.submit, self.clear):
                w.visible = active
            builds = sorted((s.options.get("build") or {}).keys())
            self.build_row.visible = active and bool(builds)
            set_options(self.build_city, builds)
            if active:
                self.submit.label = ("Submit again (replaces your orders)" if s.is_submitted
                                     else f"Submit orders ({len(s.pending)})")

    def _sync_selection(self) -> None:
        s = self.session
        self._syncing = True
        try:
            if s.selected is None:
                self.selection.object = ("<span class='academy-muted'>Click one of your stacks on the map, then "
                                         "a highlighted province.</span>" if s.can_order() else "")
                self.mode.visible = False
                for w in self.counts.values():
                    w.visible = False
                return
            stack = s.my_stack(s.selected)
            modes = s.available_modes() or ["move"]
            # what a click on a highlighted province will move (the counts below, as the session took them)
            moving = " ".join(f"{n} {k}" for k, n in s.split.items() if n) or "nothing yet (choose how many)"
            moves = (f"<div class='academy-muted move-split'>Moves: {escape(moving)}</div>"
                     if s.mode == "move" and "move" in modes and s.split else "")
            self.selection.object = (f"<b>Stack in {escape(s.pname(s.selected))}</b>: "
                                     f"{escape(stack_label({'units': stack}))}{moves}")
            if list(self.mode.options) != modes:
                self.mode.options = modes
            value = s.mode if s.mode in modes else modes[0]
            if self.mode.value != value:
                self.mode.value = value
            self.mode.visible = len(modes) > 1
            for k, w in self.counts.items():
                have = stack.get(k, 0)
                w.visible = s.mode == "move" and have > 0
                if have:
                    if w.end != have:
                        w.end = have
                    if w.value != int(s.split.get(k, 0)):
                        w.value = int(s.split.get(k, 0))
        finally:
            self._syncing = False

    def _order_rows(self, active: bool) -> list[Any]:
        s = self.session
        rows: list[Any] = []
        for i, text in enumerate(s.pending):
            line = pn.pane.HTML(f"<div class='order-line'>{escape(text)}</div>", stylesheets=[CSS],
                                sizing_mode="stretch_width", margin=(2, 5))
            if active:
                rm = pn.widgets.Button(label="✕", width=36, css_classes=["remove-order"],
                                       description=f"Remove {text}")
                rm.on_click(lambda e, i=i: self.session.remove(i))
                rows.append(pn.Row(line, rm, sizing_mode="stretch_width", margin=0))
            else:
                rows.append(line)
        if not rows:
            rows.append(pn.pane.HTML("<span class='academy-muted'>No orders yet: every stack holds.</span>",
                                     stylesheets=[CSS], margin=(2, 5)))
        return rows


class OddsPanel(pn.viewable.Viewer):
    """One block per battle the planned orders cause, with the combined figures."""

    session = param.Parameter()

    def __init__(self, session: Any, **params: Any) -> None:
        super().__init__(session=session, **params)
        self.pane = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["odds-preview"])
        session.param.watch(later(self._update), [n for n in ("previews", "others") if n in session.param])
        self._update()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pane

    def _update(self, *events: Any) -> None:
        given = bool(getattr(self.session, "others", None))     # a lesson's other side, with its orders shown
        self.pane.object = odds_html(self.session.previews, others_given=given) or (
            "<span class='academy-muted'>Odds appear here when your orders cause a battle: a move into a stack "
            "you can see, or guns and planes joining a battle.</span>")


def report_entries(reports: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The resolved turns as event-log entries (``academy.ui.event_log``), headed "Turn N": every event
    the viewer could see, battles with their why lines, each by the player it names (none: the turn's)."""
    out: list[dict[str, Any]] = []
    for rep in reports:
        heading = f"Turn {rep['turn']}"
        events = [e for e in rep["events"] if e["kind"] != "turn"]
        if not events:
            out.append({"turn": heading, "kind": "quiet", "text": "Nothing you could see happened.", "by": "turn"})
        out += [{"turn": heading, "kind": e["kind"], "text": _short(e), "why": list(e.get("why") or []),
                 "by": (e.get("data") or {}).get("player", "turn")} for e in events]
    return out


def _short(event: dict[str, Any]) -> str:
    """An event's line in the log: a player's orders are one line each under "Red's orders" (their why lines),
    not also all in a row."""
    if event["kind"] == "orders" and event.get("why"):
        return event["text"].split(": ", 1)[0] + ":"
    return str(event["text"])


def ReportsPanel(session: Any) -> Any:  # noqa: N802 - the panel's name, as before
    """The battle reports of every turn the viewer has seen resolve: the shared event log, newest turn
    at the top; in the newest turn (resolved while you waited for the others) what the others did marked."""
    from academy.ui.event_log import EventLog

    def mine() -> set[str]:
        people = getattr(session, "people", None) or ([session.player] if session.player else [])
        return set(people)
    return EventLog(session, entries=lambda: report_entries(session.reports), mine=mine, watch=["reports"],
                    mode="newest", css_classes=["battle-reports"],
                    empty="No turn has resolved yet: the battle reports appear here.")
