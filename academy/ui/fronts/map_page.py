"""A Fronts map's own page (``?page=map&game=fronts&map=<id>``): what fronts.md's "each map page lists its
garrisons" promises. One table row per province: its terrain, kind, who holds it at the start and with what
(the grey garrisons of neutral cities included), and its borders, rivers marked. Linked from the Rules page
and the Play form."""
from __future__ import annotations

from html import escape
from typing import Any

import panel as pn

from academy.games.fronts.mapdata import FrontsMap, available_maps
from academy.games.fronts.orders import format_counts
from academy.ui.address import link_html

CSS = """
.map-page { max-width: 1100px; line-height: 1.5; font-size: 15px; }
.map-page table { border-collapse: collapse; margin: 8px 0; width: 100%; }
.map-page td, .map-page th { border: 1px solid #d5d9de; padding: 3px 8px; text-align: left; vertical-align: top; }
.map-page th { background: #f4f6f8; }
.map-page .river { color: #1d5fa8; font-weight: 600; }
"""

KIND = {"capital": "capital (a city)", "city": "city", "rural": "rural"}


def map_link(map_id: str, name: str, new_tab: bool = False) -> str:
    """The HTML link to a map's page (``new_tab``: opens beside the page it is on, and says so)."""
    return link_html(f"?page=map&game=fronts&map={map_id}", escape(name), "map-link", new_tab=new_tab)


def _units(units: dict[str, int] | None) -> str:
    return format_counts(tuple((k, n) for k, n in (units or {}).items() if n)) if units else ""


def _holder(fmap: FrontsMap, province: str) -> str:
    """Who holds ``province`` at the start, and with what."""
    owner = fmap.provinces[province].owner
    if owner is None:
        garrison = _units(fmap.garrisons.get(province))
        return f"neutral: a grey garrison of {garrison}" if garrison else "nobody"
    stack = _units(fmap.stacks.get(owner, {}).get(province))
    who = escape(fmap.players[owner].name)
    return f"{who}, with {stack}" if stack else who


def _borders(fmap: FrontsMap, province: str) -> str:
    out = []
    for other in sorted(fmap.neighbours[province], key=fmap.name_of):
        name = escape(fmap.name_of(other))
        out.append(f"<span class='river'>{name} (river)</span>" if fmap.has_river(province, other) else name)
    return ", ".join(out)


def map_html(fmap: FrontsMap) -> str:
    """The page's HTML for one map."""
    teams: dict[str, list[Any]] = {}
    for p in fmap.players.values():
        teams.setdefault(fmap.teams.get(p.team, p.team), []).append(p)

    def side(team: str, players: list[Any]) -> str:
        names = ", ".join(f"{escape(p.name)} ({p.funds} funds)" for p in players)
        return names if [p.name for p in players] == [team] else f"<b>{escape(team)}</b>: {names}"
    sides = "; ".join(side(t, ps) for t, ps in teams.items())
    rows = "".join(
        f"<tr><td><b>{escape(prov.name)}</b></td><td>{escape(prov.terrain)}</td><td>{KIND.get(prov.kind, prov.kind)}"
        f"</td><td>{_holder(fmap, pid)}</td><td>{_borders(fmap, pid)}</td></tr>"
        for pid, prov in fmap.provinces.items())
    garrisons = ", ".join(f"{escape(fmap.name_of(c))} ({_units(fmap.garrisons.get(c))})" for c in fmap.neutral_cities())
    return (f"<div class='map-page'><h1>Fronts map: {escape(fmap.name)}</h1><p>{escape(fmap.description)}</p>"
            f"<p>Players and teams: {sides}.</p>"
            f"<p><b>Neutral garrisons</b>: {garrisons or 'none on this map'}. A garrison never moves, builds or "
            "digs in, and it gets its city's terrain bonus.</p>"
            "<p>A border marked <span class='river'>(river)</span> crosses a river: a stack that crosses it ends "
            "its move, and its attack across it is weaker.</p>"
            "<table><tr><th>Province</th><th>Terrain</th><th>Kind</th><th>At the start</th><th>Borders</th></tr>"
            f"{rows}</table><p><a href='?game=fronts&tab=rules'>Fronts rules</a> · "
            "<a href='?game=fronts&tab=play'>Play on a map</a></p></div>")


def map_page(map_id: str | None) -> pn.viewable.Viewable:
    """The page of the map ``map_id``; for an unknown or broken one, the list of maps to pick from."""
    maps, errors = available_maps()
    if map_id in maps:
        return pn.pane.HTML(map_html(maps[map_id]), stylesheets=[CSS], sizing_mode="stretch_width",
                            css_classes=["fronts-map-page"])
    listing = " · ".join(map_link(i, m.name) for i, m in sorted(maps.items()))
    broken = "".join(f"<p>A map file could not be read: {escape(e.public_text())}</p>" for e in errors)
    said = f"There is no Fronts map called {escape(map_id[:40])!s}. " if map_id else ""
    return pn.pane.HTML(f"<div class='map-page'><p>{said}The maps: {listing}</p>{broken}</div>", stylesheets=[CSS],
                        sizing_mode="stretch_width", css_classes=["fronts-map-page"])

