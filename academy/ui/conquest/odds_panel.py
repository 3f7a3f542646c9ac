"""The odds side panel: exact battle odds while an attack is chosen, the dice and their "why" after a roll,
and the reinforcement count at the start of a turn. Every number comes from the engine's odds module
and rules; the HTML builders are plain functions (tested without a browser).
"""
from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any

import panel as pn
import param

from academy.core.text import count, over_common_denominator, percent
from academy.games.conquest import odds, rules
from academy.games.conquest.dice import max_defence_dice
from academy.ui.defer import later

from .style import CSS
from ..tap_answer import TAP_ANSWER

__all__ = ["OddsPanel", "attack_html", "choices_html", "roll_html", "reinforcement_html", "outcome_label"]

_SURVIVOR_CHART_LIMIT = 80


def _pct(p: float | Fraction) -> str:
    return percent(p)


def outcome_label(att: int, dfn: int) -> str:
    """(attacker losses, defender losses) in words."""
    if att and dfn:
        return f"Each side loses {att}" if att == dfn else f"Attacker loses {att}, defender {dfn}"
    if att:
        return f"Attacker loses {att}"
    return f"Defender loses {dfn}"


def _bar(p: float, colour: str = "#3d7ea6", width: int = 110) -> str:
    fill = max(1, round(float(p) * width)) if p > 0 else 0
    return (f'<div aria-hidden="true" style="width:{width}px;height:14px;background:#e4ebf0;border-radius:3px">'
            f'<div style="width:{fill}px;height:14px;background:{colour};border-radius:3px"></div></div>')


def attack_html(state: Any, src: str, dst: str, dice: int) -> str:
    """Odds of attacking ``dst`` from ``src`` with ``dice`` dice (the dice the next click rolls): for one roll,
    and attacking again and again with at most that many until the territory falls or one army is left."""
    name = state.game.map.name_of
    a, d = state.armies[src], state.armies[dst]
    dd = max_defence_dice(d)
    win = odds.conquer_probability(a, d, dice)
    battle = odds.battle_odds(a, d, dice)
    outcomes = sorted(odds.one_roll(dice, dd).items(), key=lambda kv: (kv[0][0], -kv[0][1]))
    exact = over_common_denominator(p for _, p in outcomes)      # one denominator per table
    rows = "".join(
        f"<tr><td style='white-space:nowrap'>{outcome_label(la, ld)}</td><td>{_bar(p)}</td><td><b>{_pct(p)}</b></td>"
        f'<td class="academy-muted">{fraction}</td></tr>'
        for ((la, ld), p), fraction in zip(outcomes, exact))
    html = [
        f"<h4 style='margin:0 0 4px'>{escape(name(src))} ({a}) → {escape(name(dst))} ({d})</h4>",
        f"<div>Chance to conquer, attacking with {'1 die' if dice == 1 else f'up to {dice} dice'} each roll "
        f'until {escape(name(dst))} falls or 1 army is left: <span class="big-number conquer-probability">'
        f"{_pct(win)}</span></div>",
        f'<div class="academy-muted">Expected losses if you keep attacking: you '
        f"{battle.expected_attacker_losses:.1f}, the defender {battle.expected_defender_losses:.1f}.</div>",
        f"<h4 style='margin:10px 0 2px'>This roll: {count(dice, 'die')} against {dd}</h4>",
        f'<table class="odds-table" aria-label="one-roll outcomes">{rows}</table>',
    ]
    if a <= _SURVIVOR_CHART_LIMIT:
        html.append(_survivors_html(battle, name(src)))
    return "".join(html)


def _survivors_html(battle: Any, src_name: str) -> str:
    items = [(n, p) for n, p in battle.attacker_survivors.items()]
    top = max(p for _, p in items) or 1.0
    cols = "".join(
        f'<div title="{n} left: {_pct(p)}" style="display:flex;flex-direction:column;justify-content:flex-end;'
        f'align-items:center;width:{max(6, min(18, 240 // len(items)))}px;height:64px">'
        f'<div style="width:80%;height:{max(1, round(58 * p / top)) if p > 0 else 0}px;'
        f'background:{"#c5221f" if n == 1 else "#009E73"};border-radius:2px"></div></div>'
        for n, p in items)
    return (f"<h4 style='margin:10px 0 2px'>Armies left in {escape(src_name)} when the battle ends</h4>"
            f'<div style="display:flex;align-items:flex-end;gap:1px" role="img" '
            f'aria-label="distribution of armies left">{cols}</div>'
            f'<div class="academy-muted" style="display:flex;justify-content:space-between;width:100%">'
            f"<span>1 (red: the attack failed)</span><span>{battle.attackers}</span></div>")


def choices_html(state: Any, src: str, dsts: list[str]) -> str:
    """Chance to conquer each neighbour that ``src`` can attack, best first."""
    name = state.game.map.name_of
    a = state.armies[src]
    ranked = sorted(((odds.conquer_probability(a, state.armies[t]), t) for t in dsts), reverse=True)
    rows = "".join(f"<tr><td>{escape(name(t))} ({state.armies[t]})</td><td>{_bar(p)}</td><td><b>{_pct(p)}</b></td></tr>"
                   for p, t in ranked)
    return (f"<h4 style='margin:0 0 4px'>From {escape(name(src))} ({a}): chance to conquer</h4>"
            f'<table class="odds-table">{rows}</table>'
            '<div class="academy-muted">Click a neighbour to see the odds of attacking it; click it again (or press '
            'Attack) to roll.</div>')


def roll_html(state: Any, events: list[Any]) -> str:
    """The dice of the last roll and why each comparison went the way it did ('' if no roll)."""
    roll = next((e for e in reversed(events) if e.kind == "roll"), None)
    if roll is None:
        return ""
    data = roll.data
    att = "".join(f'<span class="die attack" aria-label="attacker die {v}">{v}</span>' for v in data["attack"])
    dfn = "".join(f'<span class="die defence" aria-label="defender die {v}">{v}</span>' for v in data["defence"])
    why = "".join(f"<li>{escape(w)}</li>" for w in roll.why)
    extra = "".join(f"<div><b>{escape(e.text)}</b></div>" for e in events if e.kind in ("conquer", "eliminate", "win"))
    return (f'<div><span class="academy-muted">Attacker</span> {att} '
            f'<span class="academy-muted">vs defender</span> {dfn}</div>'
            f'<div>{escape(roll.text)}</div><ul style="margin:4px 0 0 0">{why}</ul>{extra}')


def reinforcement_html(state: Any, hidden: frozenset[str] = frozenset(), others: bool = False) -> str:
    """Why the player has this many reinforcements (rules.reinforcement_breakdown), and what is left; the
    numbers ``hidden`` names (``reinforcements``, ``set_value``: a lesson asks the learner to work them out)
    are left out, and the panel says why. ``others``: shown to someone else than the player placing them (another
    seat, a spectator), it names whose reinforcements they are."""
    worth = ("" if "set_value" in hidden else
             f"Next card set is worth <b>{rules.set_value(state.sets_traded)}</b>.")
    if "reinforcements" in hidden:
        return ("<h4 style='margin:0 0 4px'>Reinforcements this turn</h4>"
                "<div class='worked-out'>This exercise asks you to work out how many armies you have to place, so "
                f"this panel does not say.</div>{'<div>' + worth + '</div>' if worth else ''}")
    player = state.current
    whose = f"{state.game.player_name(player)}'s reinforcements this turn" if others else "Reinforcements this turn"
    total, lines = rules.reinforcement_breakdown(state, player)
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    left = state.reinforcements
    set_note = ("<div class='worked-out'>This exercise asks you to work out what the next set of cards is worth, "
                "so this panel does not say.</div>" if "set_value" in hidden else "")
    return (f"<h4 style='margin:0 0 4px'>{escape(whose)}: <span class='big-number'>{total}</span></h4>"
            f"<ul style='margin:0'>{items}</ul>"
            f"<div style='margin-top:4px'>Left to place: <b>{left}</b>{' · ' + worth if worth else '.'}</div>"
            f"{set_note}")


class OddsPanel(pn.viewable.Viewer):
    """The side panel for a board model (ConquestSession or LessonModel): the odds of what is selected, the
    reinforcements, and the dice of the last roll with their why."""

    model = param.Parameter()

    #: the css classes (test hooks) of the panel, its odds and its dice
    css_names = ("odds-panel", "odds-body", "dice-result")

    def __init__(self, model: Any, **params: Any) -> None:
        super().__init__(model=model, **params)
        panel, odds, dice = self.css_names
        self.odds = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=[odds])
        self.dice = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=[dice, TAP_ANSWER],
                                 visible=False)
        self.layout = pn.Column(self.dice, self.odds, css_classes=[panel], sizing_mode="stretch_width",
                                margin=(0, 0))
        update = later(self._update)
        model.param.watch(update, ["state", "selected", "target", "last_events"])
        model.choice.param.watch(update, ["dice"])
        self._update()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    def body_html(self) -> str:
        m, state = self.model, self.model.state
        if state is None:
            return ""
        src, dst = m.selected, m.target
        if state.phase == "attack" and src and dst:
            dice_most = m.input.dice_range(state, src, dst)
            if dice_most:
                dice = max(1, min(m.choice.dice, dice_most[1]))
                return attack_html(state, src, dst, dice)
        if state.phase == "attack" and src:
            dsts = [t for t in m.targets if state.owner[t] != state.owner[src]]
            if dsts:
                return choices_html(state, src, dsts)
        if state.phase in ("reinforce", "cashout") and state.current is not None and state.current >= 0:
            others = getattr(m, "viewer", state.current) != state.current     # another seat's turn, a spectator
            return reinforcement_html(state, m.input.hidden_counts(m), others)
        blocked = getattr(m, "_input_blocked", None)
        if state.phase == "attack" and not (blocked and blocked()):
            return ('<div class="academy-muted">Odds: select one of your territories with 2 or more armies '
                    "to see the chance of conquering each neighbour.</div>")
        return ""

    def _update(self, *events: Any) -> None:
        body = self.body_html()
        dice = roll_html(self.model.state, self.model.last_events) if self.model.state is not None else ""
        with pn.io.hold():
            if self.odds.object != body:
                self.odds.object = body
            self.odds.visible = bool(body)
            if self.dice.object != dice:
                self.dice.object = dice
            self.dice.visible = bool(dice)
