"""What each player may see (tactics.md, "Fog of war"): visible units and the observation.

Without fog every unit shows. With fog a player sees enemy units only where their own units see
(fog.py: vision, mountains, forest and reef hiding, own properties always show); enemy funds are
secret and an enemy transport only shows how many units it carries. Terrain and property owners
always show.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from academy.core.protocol import Event

from .board import Pos, Unit, tile_name
from .fog import Sight, is_visible, sight_of

if TYPE_CHECKING:
    from .state import TacticsState


def sight(state: TacticsState, player: int) -> Sight:
    """The sight of ``player``: its units on the board (cargo sees nothing) and its properties."""
    return sight_of(state.game.map.grid, [(u.type, p) for p, u in state.units.items() if u.owner == player],
                    state.properties_of(player))


def visible_units(state: TacticsState, player: int | None) -> dict[Pos, Unit]:
    """The units ``player`` sees (all of them without fog; a spectator (None) sees all)."""
    if player is None or not state.game.options["fog"]:
        return dict(state.units)
    s = sight(state, player)
    grid = state.game.map.grid
    return {p: u for p, u in state.units.items() if u.owner == player or is_visible(grid, s, u.type, p)}


def _unit_json(unit: Unit, pos: Pos, full: bool) -> dict[str, Any]:
    data = unit.to_json()
    data["tile"] = tile_name(pos)
    data["hp"] = unit.hp
    if not full:
        data["cargo"] = len(unit.cargo)
    return data


def observation(state: TacticsState, player: int | None) -> dict[str, Any]:
    """The state as ``player`` sees it (None: a spectator, who sees everything), JSON-able.

    ``units`` lists the visible units with their tile; under fog an enemy transport's ``cargo`` is a
    count, enemy ``funds`` are None, capture points show only where the capturer is visible, and
    ``seen`` lists the tiles the player sees (for fog shading).
    """
    fog = bool(state.game.options["fog"])
    shown = visible_units(state, player)
    data: dict[str, Any] = {
        "viewer": player, "map": state.game.options["map"], "day": state.day, "current": state.current,
        "fog": fog, "alive": list(state.alive), "meter": list(state.meter), "power": list(state.power),
        "commanders": list(state.game.options["commanders"]), "winner": state.won_by, "over": state.over,
        "owners": {tile_name(p): o for p, o in sorted(state.owners.items(), key=lambda kv: kv[0][::-1])},
        "units": [_unit_json(u, p, not fog or player is None or u.owner == player)
                  for p, u in sorted(shown.items(), key=lambda kv: kv[0][::-1])],
        "capture": {tile_name(p): c for p, c in state.capture.items() if p in shown},
        "funds": [f if (not fog or player is None or i == player) else None for i, f in enumerate(state.funds)],
        "pending": dict(state.pending) if state.pending else None,
    }
    if fog and player is not None:
        data["seen"] = sorted(tile_name(t) for t in sight(state, player).seen)
    return data


def threat_map(state: TacticsState, player: int) -> dict[Pos, list[Pos]]:
    """Every tile the enemy units ``player`` sees could fire at on their next turn, with the tiles of
    the units that threaten it (for a threat overlay and the CPU). Direct fire counts every tile the
    unit can reach (``player``'s units block it); indirect fire only its current range."""
    from .movement import attack_tiles, reachable
    grid = state.game.map.grid
    mine = [p for p, u in state.units.items() if u.owner == player]
    out: dict[Pos, list[Pos]] = {}
    for pos, unit in sorted(visible_units(state, player).items(), key=lambda kv: kv[0][::-1]):
        if unit.owner == player or not unit.spec.weapons:
            continue
        if unit.spec.is_indirect:
            tiles = set(attack_tiles(grid, unit.spec, pos))
        else:
            reach = reachable(grid, unit.type, pos, fuel=unit.fuel, enemies=mine,
                              weather=state.game.options["weather"])
            tiles = set()
            for t in reach.tiles:
                tiles |= attack_tiles(grid, unit.spec, t)
        for t in tiles:
            out.setdefault(t, []).append(pos)
    return out


#: event data fields that name a tile (an event under fog shows when the player sees one of them)
EVENT_TILE_FIELDS = ("tile", "to", "frm", "attacker", "target", "enemy")
#: a tile name in an event's text ("K9")
_TILE_WORD = re.compile(r"\b[A-Z][1-9][0-9]?\b")


def seen_tiles(state: Any, player: int | None) -> set[str] | None:
    """The tiles ``player`` sees now, from its observation (None: all of them, without fog or for a
    spectator). Works on anything with ``observation(player)``."""
    obs = state.observation(player)
    return set(obs["seen"]) if obs.get("seen") is not None else None


def event_tiles(event: Any) -> set[str]:
    """Every tile an event names, in its data or its words (its why lines included)."""
    tiles = {event.data[k] for k in EVENT_TILE_FIELDS if isinstance(event.data.get(k), str)}
    for text in (event.text, *event.why):
        tiles |= set(_TILE_WORD.findall(text))
    return tiles


def _unit_word(text: str) -> str:
    """"Recon" of "Recon K9 → F6.": the unit's name, the words before its tile."""
    m = _TILE_WORD.search(text)
    return text[:m.start()].strip() if m else "A unit"


def _told_from(event: Any, seen: set[str]) -> Any | None:
    """``event`` as a player who sees only ``seen`` may read it, or None when it shows nothing seen.

    A move from the fog onto a seen tile says only where the unit came out; an attack from (or into)
    the fog names only the side that is seen, without the hidden side's HP or the factors; any other
    event shows only when every tile it names is seen."""
    tiles = event_tiles(event)
    if tiles <= seen:
        return event
    data = dict(event.data)
    if event.kind == "move" and data.get("to") in seen:
        data["frm"] = None
        data.pop("fuel", None)
        return Event("move", f"{_unit_word(event.text)} comes out of the fog onto {data['to']}.", data)
    if event.kind == "attack" and (data.get("attacker") in seen) != (data.get("target") in seen):
        if data.get("target") in seen:     # fired on from the fog: the damage shows, the firer does not
            target = event.text.split(" hits ", 1)[1].split(" for ", 1)[0] if " hits " in event.text else ""
            hp = event.text.split(" (", 1)[1].split(")", 1)[0] if " (" in event.text else ""
            text = f"A unit in the fog hits {target} for {data.get('damage')}" + (f" ({hp})" if hp else "") + "."
            data.update(attacker=None, counter=None, rolls=None)
        else:                              # firing into the fog: what it hit stays hidden
            text = f"{event.text.split(' hits ', 1)[0]} fires at a unit in the fog."
            data.update(target=None, damage=None, counter=None, rolls=None)
        return Event("attack", text, data)
    return None


def visible_events(state: Any, events: list[Any], mover: int | None, player: int | None) -> list[Any]:
    """The events ``player`` may see of those ``mover`` just caused (tactics.md "Fog of war"), each told
    from what ``player`` sees: all without fog or for a spectator; the mover's own turn up to its end as
    it happened; everything else (the other side's moves, and its upkeep after the mover ends the turn)
    only as far as ``player`` sees it now (``_told_from``: a move out of the fog names only where the unit
    came out, an attack from the fog only what it hit). ``state`` is the state right after the events
    (or anything with its ``observation``)."""
    seen = seen_tiles(state, player)
    if seen is None:
        return list(events)
    own = mover == player
    out = []
    for e in events:
        shown = e if own else _told_from(e, seen)
        if shown is not None:
            out.append(shown)
        if e.kind == "end_turn":           # what follows is the next player's upkeep
            own = False
    return out
