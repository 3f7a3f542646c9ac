"""What each player may see (tactics.md, "Fog of war"): visible units, the observation, the view state.

Without fog every unit shows. With fog a player sees enemy units only where their own units see
(fog.py: vision, mountains, forest and reef hiding, own properties always show); enemy funds are
secret and an enemy transport only shows how many units it carries. Terrain and property owners
always show.

The spectator rule: ``observation(None)`` holds everything (a finished game, the editor, a game
without fog). A spectator of a running fog game is shown ``spectator_observation``: what every side
sees at once (``public_observation``: the units all sides see, cargo as counts, no funds), so a watch
link tells a player nothing their own seat does not. ``view_state`` turns any of these observations
into the state that viewer may see.
"""
from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from academy.core.jsonio import envelope
from academy.core.protocol import Event
from academy.core.record import ViewRecord

from .board import Pos, Unit, tile_name
from .fog import Sight, is_visible, sight_of

from .state import SCHEMA, VERSION, TacticsState

if TYPE_CHECKING:
    from .game import TacticsGame

#: a transport's cargo the viewer may not see (only its count shows): placeholders of this type
HIDDEN_CARGO = "infantry"


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


# ================================================================================ the view state
def public_observation(observations: list[dict[str, Any]]) -> dict[str, Any]:
    """What every side sees at once, from each side's observation (a spectator of a running fog game):
    the units all of them see (a transport's cargo as a count), the capture points and tiles all of
    them see, no funds."""
    first = observations[0]
    tiles = set.intersection(*({u["tile"] for u in o["units"]} for o in observations))
    units = [{**u, "cargo": u["cargo"] if isinstance(u["cargo"], int) else len(u["cargo"])}
             for u in first["units"] if u["tile"] in tiles]
    out = {**copy.deepcopy(first), "viewer": None, "units": units,
           "capture": {t: c for t, c in first["capture"].items()
                       if all(t in o["capture"] for o in observations)},
           "funds": [None] * len(first["funds"])}
    if all(o.get("seen") is not None for o in observations):
        out["seen"] = sorted(set.intersection(*(set(o["seen"]) for o in observations)))
    return out


def spectator_observation(state: TacticsState) -> dict[str, Any]:
    """What a spectator is shown (the module's spectator rule): under fog, while the game runs, what
    every side sees (``public_observation``); otherwise ``observation(None)``, everything."""
    if state.game.options["fog"] and not state.over:
        return public_observation([state.observation(p) for p in range(state.game.num_players)])
    return state.observation(None)


class TacticsView(TacticsState):
    """A Tactics state built from one observation (``view_state``): the units the viewer sees, hidden
    funds as 0, a hidden cargo as ``HIDDEN_CARGO`` placeholders of the right count. Its observation is
    computed as a true state's is (the viewer's own units give the same sight), except a spectator's
    of a running fog game (``public_observation``), which it keeps as it was shown: what every side
    sees cannot be worked out again from the units all sides see."""

    public: dict[str, Any] | None = None

    def observation(self, player: int | None) -> dict[str, Any]:
        if player is None and self.public is not None:
            return copy.deepcopy(self.public)
        return super().observation(player)


def _placeholder_unit(u: Mapping[str, Any]) -> dict[str, Any]:
    cargo = u["cargo"]
    if isinstance(cargo, int):         # a transport the viewer does not own under fog: only the count shows
        cargo = [{"type": HIDDEN_CARGO, "owner": u["owner"], "health": 100, "fuel": 0, "ammo": None,
                  "acted": True, "cargo": []} for _ in range(cargo)]
    return {"type": u["type"], "owner": u["owner"], "health": u["health"], "fuel": u["fuel"], "ammo": u["ammo"],
            "acted": u["acted"], "cargo": cargo}


def view_state(game: TacticsGame, observation: Mapping[str, Any], step: int = 0) -> TacticsView:
    """The state ``observation`` shows (``state.observation(seat)``, or ``spectator_observation``): the
    units the viewer sees and nothing else, for the board, the odds, the threats and the legal actions
    of that viewer; ``view.observation(viewer) == observation``; ``step`` is the record's length.
    Raises ValueError for an observation that is not a Tactics one."""
    try:
        body = {"options": dict(game.options),
                "units": {u["tile"]: _placeholder_unit(u) for u in observation["units"]},
                "owners": dict(observation["owners"]), "capture": dict(observation["capture"]),
                "funds": [0 if f is None else int(f) for f in observation["funds"]],
                "current": observation["current"], "day": observation["day"], "alive": list(observation["alive"]),
                "meter": list(observation["meter"]), "power": list(observation["power"]),
                "pending": observation["pending"], "winner": observation["winner"], "over": observation["over"]}
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"This is not a Tactics observation: {exc!s} is missing or of the wrong kind.") from None
    state = TacticsView.from_json(game, envelope(SCHEMA, VERSION, body), record=ViewRecord(game, step))
    if observation.get("viewer") is None and any(f is None for f in observation["funds"]):
        state.public = copy.deepcopy(dict(observation))
    return state
