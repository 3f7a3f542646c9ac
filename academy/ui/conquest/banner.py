"""The phase banner: whose turn, which phase, what to do now (big and clear), and who is winning."""
from __future__ import annotations

from html import escape
from typing import Any

import panel as pn
import param

from academy.games.conquest import rules
from academy.ui.defer import later

from .input import hidden_counts
from .style import CSS, swatch

__all__ = ["PhaseBanner", "banner_html", "players_html"]


def banner_html(model: Any) -> str:
    """Whose turn and which phase (big), and what to do now."""
    state = model.state
    if state is None:
        return '<div class="who">No game yet</div><div class="hint">Choose the players and press Start.</div>'
    label = getattr(model, "seat_label", state.game.player_name)
    if state.is_terminal():
        w = state.winner()
        replay = " Press Replay to watch it again." if getattr(model, "offers_replay", True) else ""
        return (f'<div><span class="who">{swatch(w, 20)}{escape(label(w))} wins!</span></div>'
                f'<div class="hint">The game is over.{replay}</div>')
    if getattr(model, "resigned", None) is not None:
        return (f'<div><span class="who">{escape(model.resigned_line())}</span></div>'
                '<div class="hint">Review it below, or start a new game.</div>')
    who = state.current if state.current is not None else None
    title = rules.phase_title(state.phase).capitalize()
    thinking = getattr(model, "thinking", False) or getattr(model, "cpu_to_move", False)
    counts = "reinforcements" not in hidden_counts(model)       # a lesson may ask the learner to count them
    # a seat of a shared game waiting for another player reads what that player is doing, not "your" orders
    waiting = getattr(model, "spectator", True) is False and who is not None and who >= 0 \
        and who != getattr(model, "player", who)
    hint = ("is thinking…" if thinking else
            f"is to play ({rules.phase_title(state.phase)}); wait for your turn." if waiting
            else rules.phase_hint(state, counts=counts))
    turn = f" · turn {state.turn}" if state.turn else ""
    seat = who is not None and who >= 0
    name = escape(label(who)) if seat else "Set-up"
    return (f'<div><span class="who">{swatch(who, 20) if seat else ""}{name}</span>'
            f'<span class="phase"> — {escape(title)}{turn}</span></div>'
            f'<div class="hint">{"" if not (thinking or waiting) else escape(name) + " "}{escape(hint)}</div>')


def players_html(model: Any) -> str:
    """One line per player: colour, name, territories, armies, cards (counts only)."""
    state = model.state
    if state is None:
        return ""
    label = getattr(model, "seat_label", state.game.player_name)
    rows = []
    for p in range(state.game.num_players):
        owned = state.territories_of(p)
        armies = sum(state.armies[t] for t in owned)
        out = state.is_eliminated(p)
        style = ' style="color:#9aa5b1;text-decoration:line-through"' if out else ""
        mark = " ◀" if p == state.current and not state.is_terminal() else ""
        rows.append(f"<tr{style}><td>{swatch(p)}{escape(label(p))}{mark}</td><td>{len(owned)}</td>"
                    f"<td>{armies}</td><td>{len(state.hands[p])}</td></tr>")
    return ('<table class="odds-table players" style="width:100%"><thead><tr class="academy-muted"><td>Player</td>'
            '<td>Terr.</td><td>Armies</td><td>Cards</td></tr></thead><tbody>' + "".join(rows) + "</tbody></table>")


class PhaseBanner(pn.viewable.Viewer):
    model = param.Parameter()

    def __init__(self, model: Any, compact: bool = False, **params: Any) -> None:
        super().__init__(model=model, **params)
        self.compact = compact
        style = [CSS, ".who { font-size: 17px; } .phase { font-size: 15px; } .hint { font-size: 13.5px; }"] \
            if compact else [CSS]
        self.pane = pn.pane.HTML(banner_html(model), stylesheets=style, sizing_mode="stretch_width",
                                 css_classes=["phase-banner"], margin=(4, 10), min_height=0 if compact else 64)
        names = [n for n in ("state", "thinking", "seats", "resigned") if n in model.param]
        model.param.watch(later(self._update), names)

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pane

    def _update(self, *events: Any) -> None:
        html = banner_html(self.model)
        if html != self.pane.object:
            self.pane.object = html
