"""The Tactics game: options, players, and the entry points of the protocol.

>>> g = TacticsGame()
>>> s = g.new_initial_state(seed=1)
>>> s.node_kind().value, s.funds, s.day
('decision', [6000, 3000], 1)
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any

from academy.core.errors import IllegalAction
from academy.core.protocol import Game
from academy.core.record import Record

from . import actions, notation
from .board import Unit
from .commanders import commander
from .limits import DAY, FUNDS
from .mapdata import TacticsMap, load_map
from .missions import mission as find_mission
from .terrain import WEATHERS

DEFAULT_MAP = "river_crossing"


class TacticsGame(Game):
    """An Advance Wars-style battle on a Tactics map (tactics.md).

    Options (tactics.md, "Game options"; None = the map's setting): ``map`` a map id in
    maps/tactics/; ``players`` 2; ``luck`` on/off; ``starting_funds``; ``income`` per property;
    ``repairs`` whether properties repair units; ``fog`` fog of war; ``commanders`` one commander id
    (or None) per player; ``weather`` "clear" (skirmish) or "rain"/"snow" (campaign rules);
    ``day_limit`` a last day (None = no limit): when it ends, the player with most properties
    wins (a tie is a draw); ``mission`` a campaign mission id (missions.py), which sets the map and
    the weather and adds its objective. Raises IllegalAction(reason="bad_option") for bad options and
    MapError for a broken map.
    """

    name = "tactics"
    title = "Tactics"
    min_players, max_players = 2, 2
    action_types = actions.ALL

    def __init__(self, players: int = 2, map: str = DEFAULT_MAP, luck: bool | None = None,
                 starting_funds: int | None = None, income: int | None = None, repairs: bool = True,
                 fog: bool | None = None, commanders: Sequence[str | None] | None = None,
                 weather: str = "clear", day_limit: int | None = None, mission: str | None = None) -> None:
        campaign = find_mission(mission)
        if campaign is not None:
            map, weather = campaign.map, campaign.weather
        tmap = load_map(map)
        if players != len(tmap.players):
            raise IllegalAction("bad_option", f"The map {map!r} is for {len(tmap.players)} players, not {players!r}.")
        settings = tmap.settings
        luck = settings["luck"] if luck is None else luck
        fog = settings["fog"] if fog is None else fog
        starting_funds = settings["starting_funds"] if starting_funds is None else starting_funds
        income = settings["income_per_property"] if income is None else income
        for key, value in (("luck", luck), ("fog", fog), ("repairs", repairs)):
            if not isinstance(value, bool):
                raise IllegalAction("bad_option", f"{key} must be True or False, not {value!r}.")
        for key, value in (("starting_funds", starting_funds), ("income", income)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise IllegalAction("bad_option", f"{key} must be a whole number of funds, 0 or more, not {value!r}.")
        if weather not in WEATHERS:
            raise IllegalAction("bad_option", f"weather must be one of {', '.join(WEATHERS)}, not {weather!r}.")
        if day_limit is not None and (isinstance(day_limit, bool) or not isinstance(day_limit, int) or day_limit < 1):
            raise IllegalAction("bad_option", f"day_limit must be a day (1 or more) or None, not {day_limit!r}.")
        FUNDS.read(starting_funds, "starting_funds", IllegalAction)
        FUNDS.read(income, "income", IllegalAction)
        if day_limit is not None:
            DAY.read(day_limit, "day_limit", IllegalAction)
        cmdrs = list(commanders) if commanders is not None else [None] * players
        if len(cmdrs) != players:
            raise IllegalAction("bad_option", f"Give one commander (or None) per player: {players}, not {len(cmdrs)}.")
        for c in cmdrs:
            commander(c)
        super().__init__(players=players, map=map, luck=luck, starting_funds=starting_funds, income=income,
                         repairs=repairs, fog=fog, commanders=cmdrs, weather=weather, day_limit=day_limit,
                         mission=mission)

    @cached_property
    def map(self) -> TacticsMap:
        return load_map(self.options["map"])

    def player_name(self, player: int) -> str:
        return self.map.players[player].capitalize() if 0 <= player < self.num_players else "Neutral"

    def new_initial_state(self, seed: int = 0) -> Any:
        """The map's starting position, with the first player's day-1 upkeep done."""
        from .state import TacticsState
        from .upkeep import start_turn
        state = TacticsState(self, Record(self, seed))
        for su in self.map.units:
            state.units[su.at] = Unit(su.unit, self.map.players.index(su.army), su.health)
        state._opening = start_turn(state)       # its events start the game's log (``State.opening``)
        return state

    def state_from_json(self, data: Mapping[str, Any], record: Record | None = None) -> Any:
        from .state import TacticsState
        return TacticsState.from_json(self, data, record)

    def view_state(self, observation: Mapping[str, Any], step: int = 0) -> Any:
        """The state a seat sees, from its observation only (``view.view_state``, which says what a
        spectator sees)."""
        from .view import view_state
        return view_state(self, observation, step)

    def reviewer(self) -> Any:
        """The coach's grader of Tactics attacks (``review.TacticsReviewer``)."""
        from .review import TacticsReviewer
        return TacticsReviewer(self)

    def parse_action(self, text: str, state: Any) -> Any:
        return notation.parse_action(text, state)

    def format_action(self, action: Any, state: Any) -> str:
        return notation.format_action(action, state)
