"""The side panels of the Tactics Play page, as HTML built from a TacticsSession: whose turn it is with
each army's funds, commander and power meter; the odds of the aimed attack (damage per luck roll as a
small chart, its range, the chance to destroy, the expected counter, the defender's terrain stars and
the formula as the engine explains it); why the last attack did what it did; the last events.
Nothing here knows a rule: every number comes from the session's observation or the engine's odds."""
from __future__ import annotations

from html import escape
from typing import Any

from academy.core.text import percent
from academy.games.tactics.commanders import STAR, commander
from academy.games.tactics.missions import mission

from .style import DESTINATION, MOVE_TO, SELECTED, TARGET, THREAT, army_colour

__all__ = ["CSS", "LEGEND", "status_html", "odds_html", "why_html", "events_html"]

CSS = """
:host { --ink: #1f2933; --muted: #52606d; color: var(--ink); font-size: 14px; line-height: 1.45; }
.tc-banner { font-size: 20px; font-weight: 700; }
.tc-banner .sub { font-weight: 400; color: var(--muted); font-size: 14px; }
.muted { color: var(--muted); font-size: 0.93em; }
.academy-message { background: #fff8e1; border-left: 4px solid #E0A000; padding: 6px 10px; border-radius: 4px; }
table.armies { border-collapse: collapse; width: 100%; margin-top: 4px; }
table.armies td, table.armies th { padding: 2px 5px; text-align: left; border-bottom: 1px solid #eef1f4;
                                   vertical-align: middle; }
td.funds { white-space: nowrap; }
.swatch { display: inline-block; width: 12px; height: 12px; border-radius: 3px; border: 1px solid #0005;
          vertical-align: -1px; margin-right: 5px; }
.meter { display: inline-block; width: 90px; height: 9px; background: #e4e7eb; border-radius: 5px;
         overflow: hidden; vertical-align: middle; }
.meter span { display: block; height: 100%; background: #e0a000; }
.odds-box { background: #f1f6fb; border: 1px dashed #7fa7c9; border-radius: 8px; padding: 6px 10px; }
.odds-box h4, .why-box h4, .events h4 { margin: 2px 0 6px 0; font-size: 14px; }
.odds-box p { margin: 2px 0; }
.luck-chart { display: flex; align-items: flex-end; gap: 3px; height: 74px; margin: 6px 0 2px 0; }
.luck-chart .bar { flex: 1; background: #2f6fb3; border-radius: 2px 2px 0 0; position: relative; min-height: 2px; }
.luck-chart .bar.kill { background: #d7263d; }
.luck-chart .bar b { position: absolute; top: -15px; width: 100%; text-align: center; font-size: 10px;
                     font-weight: 600; color: #1f2933; }
.luck-axis { display: flex; gap: 3px; font-size: 10px; color: var(--muted); }
.luck-axis span { flex: 1; text-align: center; }
.why { color: var(--muted); font-size: 0.88em; margin: 2px 0 4px 0; padding-left: 16px; }
.why li { margin: 1px 0; }
.why-box { background: #f7f4ee; border-radius: 8px; padding: 6px 10px; }
.events { max-height: 300px; overflow-y: auto; }
.events p { margin: 3px 0; }
details summary { cursor: pointer; color: #2f5d8a; }
"""

LEGEND = (
    "<div class='muted board-legend'>"
    f"<span class='swatch' style='background:{army_colour(('red',), 0)}'></span>Red "
    f"<span class='swatch' style='background:{army_colour(('blue',), 0)}'></span>Blue "
    "<span class='swatch' style='background:#8a8f98'></span>neutral · properties: a frame in the owner's colour "
    "with HQ, F factory, A airport, P port, C city (a red number: capture points left) · units: type code, "
    "HP in the corner, ⚠ low fuel or no ammo, faded once moved, + carrying a unit · "
    f"<span class='swatch' style='background:{SELECTED}'></span>selected "
    f"<span class='swatch' style='background:{DESTINATION}'></span>can move there "
    f"<span class='swatch' style='border:2px dashed {MOVE_TO}'></span>moving there "
    f"<span style='color:{TARGET}'>◯</span> can attack · "
    f"<span class='swatch' style='background:{THREAT}88'></span>the enemy can hit it next turn (when shown) · "
    "dashed arrows: the other side's last moves · dark tiles: hidden by the fog · "
    "♣ forest ▲ mountain ≈ river ✶ reef.<br>"
    "Tap one of your units, then a blue tile (or the unit again to stay), "
    "then an action; tap an enemy ring to see the odds, tap it again to attack. Tap your empty factory to build."
    "</div>")


def _pct(x: float) -> str:
    return percent(x, 0)


def status_html(s: Any) -> str:
    """The banner (whose turn, day) and each army's funds, commander and power meter, from ``s.obs``."""
    obs, state = s.obs, s.state
    if obs is None or state is None:
        return ""
    players = state.game.map.players
    if obs["over"]:
        who = obs["winner"]
        head = "Draw" if who is None else f"{escape(s.player_name(who))} wins"
        banner = f"<div class='tc-banner'>{head}</div><div class='muted'>The game ended on day {obs['day']}.</div>"
    elif getattr(s, "resigned", None) is not None:
        banner = f"<div class='tc-banner'>{escape(s.resigned_line())}</div>"
    else:
        mover = obs["current"]
        doing = " is thinking…" if s.is_cpu(mover) else " to play"
        banner = (f"<div class='tc-banner'><span style='color:{army_colour(players, mover)}'>"
                  f"{escape(s.seat_label(mover))}</span>{doing}</div>")
    options = state.game.options
    sub = (f"<div class='sub muted'><span class='day'>Day {obs['day']}</span> · weather: {options['weather']} · "
           f"fog {'on' if obs['fog'] else 'off'} · luck {'on' if options['luck'] else 'off'}</div>")
    rows = []
    for p, name in enumerate(players):
        funds = obs["funds"][p]
        cmdr = commander(obs["commanders"][p])
        if cmdr is None:
            power = "<span class='muted'>no commander</span>"
        else:
            fill = min(100, round(100 * obs["meter"][p] / cmdr.meter_max)) if cmdr.meter_max else 0
            running = obs["power"][p]
            now = (f" <b>{escape(cmdr.power_name if running == 'power' else cmdr.super_name)}</b> running"
                   if running else "")
            power = (f"{escape(cmdr.name)} <span class='meter' title='power meter'><span style='width:{fill}%'>"
                     f"</span></span> {obs['meter'][p] / STAR:.1f}/{cmdr.super_stars}★ "
                     f"<span class='muted'>(power {cmdr.power_stars}★, super {cmdr.super_stars}★)</span>{now}")
        out = "" if obs["alive"][p] else " <span class='muted'>(out)</span>"
        rows.append(f"<tr><td><span class='swatch' style='background:{army_colour(players, p)}'></span>"
                    f"{escape(s.seat_label(p))}{out}</td><td class='funds'>"
                    f"{'hidden' if funds is None else f'{funds:,} funds'}</td><td>{power}</td></tr>")
    campaign = mission(options.get("mission"))
    goal = (f"<div class='mission'><b>Mission: {escape(campaign.title)}</b> · {escape(campaign.brief)}</div>"
            if campaign is not None else "")
    return banner + sub + goal + "<table class='armies'>" + "".join(rows) + "</table>"


def _chart(values: list[int], kill_at: int) -> str:
    top = max(max(values), 1)
    bars = "".join(f"<div class='bar{' kill' if v >= kill_at else ''}' style='height:{max(3, round(56 * v / top))}px'"
                   f" title='luck {i}: {v}'><b>{v}</b></div>" for i, v in enumerate(values))
    axis = "".join(f"<span>{i}</span>" for i in range(len(values)))
    return f"<div class='luck-chart'>{bars}</div><div class='luck-axis'>{axis}</div>"


def _span(lo: int, hi: int) -> str:
    """A damage range in percent, one figure when both ends agree ("1%", not "1–1%")."""
    return f"{lo}–{hi}%" if lo != hi else f"{lo}%"


def odds_html(p: dict[str, Any] | None) -> str:
    """The aimed attack's odds box (empty when nothing is aimed at)."""
    if not p:
        return ""
    lo, hi = p["damage_range"]
    rolls = p["damage_by_luck"]
    spread = _span(lo, hi)
    luck = ("one value per luck roll, each equally likely (red: destroys it)" if p["luck"] and len(rolls) > 1
            else "luck is off: one value")
    if p["counter_range"]:
        clo, chi = p["counter_range"]
        counter = (f"Counter: <b>{_span(clo, chi)}</b> if it survives (expected {p['expected_counter']:.1f}%, "
                   f"chance of a counter {_pct(p['chance_of_counter'])}"
                   + (f", chance it destroys your unit {_pct(p['chance_attacker_destroyed'])}"
                      if p["chance_attacker_destroyed"] else "") + ").")
    else:
        counter = f"No counter: {escape(p.get('no_counter') or '')}"
    stars = p["stars"]
    cover = (f"The {escape(p['defender'])} stands on {escape(p['terrain'])}: {stars}★ × {p['defender_hp']} HP = "
             f"{stars * p['defender_hp']}% less damage.")
    why = "".join(f"<li>{escape(w)}</li>" for w in p["why"])
    return (f"<div class='odds-box'><h4>Attack preview: {escape(p['attacker'])} {escape(p['to'])} → "
            f"{escape(p['defender'])} {escape(p['target'])}</h4>"
            f"<p class='damage-range'>Damage: <b>{spread}</b> of a full unit's health (expected "
            f"{p['expected_damage']:.1f}%); it has {p['defender_health']}% left. Chance to destroy: "
            f"<b>{_pct(p['chance_to_destroy'])}</b>.</p>"
            f"{_chart(rolls, p['defender_health'])}<div class='muted'>Damage by luck roll: {luck}.</div>"
            f"<p class='counter'>{counter}</p><p class='stars'>{cover}</p>"
            f"<details><summary>The formula, factor by factor (middle luck roll)</summary><ul class='why'>{why}</ul>"
            "</details></div>")


def why_html(last: dict[str, Any] | None) -> str:
    """Why the last attack the viewer saw did what it did: the engine's text and its factors."""
    if not last:
        return ""
    why = "".join(f"<li>{escape(w)}</li>" for w in last["why"])
    return (f"<div class='why-box'><h4>Why: the last attack</h4><p>{escape(last['text'])}</p>"
            f"<ul class='why'>{why}</ul></div>")


def events_html(log: list[dict[str, Any]], count: int = 16) -> str:
    """The last events the viewer may see, newest first."""
    entries = log[-count:]
    if not entries:
        return ""
    parts = [f"<p>{escape(e['text'])}</p>" for e in reversed(entries)]
    return "<div class='events'><h4>Last events (newest first)</h4>" + "".join(parts) + "</div>"
