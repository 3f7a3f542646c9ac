"""The Conquest game: options, players, and the entry points of the protocol."""
from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

from academy.core.errors import IllegalAction
from academy.core.protocol import Game
from academy.core.record import Record

from . import actions, notation
from .mapdata import ConquestMap, load_map
from .state import ConquestState

OPTIONS: dict[str, tuple[Any, ...]] = {
    "setup": ("deal", "claim", "random"),
    "fortify": ("connected", "adjacent"),
}
PLAYER_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple", "Black")
#: the set-up a new game uses when none is chosen (the Play and Games forms start on it too): the quickest
DEFAULT_SETUP = "random"


def setup_choices(players: int) -> tuple[str, ...]:
    """The set-ups a game of ``players`` may use: claiming needs 3 or more players (the 2-player game deals
    three piles: yours, your opponent's, neutral).

    >>> setup_choices(2), setup_choices(3)
    (('deal', 'random'), ('deal', 'claim', 'random'))
    """
    return tuple(s for s in OPTIONS["setup"] if not (s == "claim" and players == 2))


class ConquestGame(Game):
    """Classic Risk-style play on a Conquest map (conquest.md).

    Options: ``players`` 2-6; ``setup`` "random" (dealt and placed at random; the default, DEFAULT_SETUP),
    "deal" (territory cards dealt, then armies placed in turn) or "claim" (territories claimed in turn;
    3-6 players, see ``setup_choices``);
    ``fortify`` "connected" (any path of own territories) or "adjacent" (the older style);
    ``map`` a map id in maps/conquest/. Raises IllegalAction(reason="bad_option") for bad options.

    >>> g = ConquestGame(players=3)
    >>> g.new_initial_state(seed=1).node_kind().value
    'chance'
    """

    name = "conquest"
    title = "Conquest"
    min_players, max_players = 2, 6
    action_types = actions.ALL

    def __init__(self, players: int = 2, setup: str = DEFAULT_SETUP, fortify: str = "connected",
                 map: str = "classic", names: list[str] | tuple[str, ...] | None = None) -> None:
        if not isinstance(players, int) or not 2 <= players <= 6:
            raise IllegalAction("bad_option", f"Conquest is for 2 to 6 players, not {players!r}.")
        for key, value in (("setup", setup), ("fortify", fortify)):
            if value not in OPTIONS[key]:
                raise IllegalAction("bad_option", f"{key}={value!r} is not an option; choose one of {OPTIONS[key]}.")
        if setup not in setup_choices(players):
            raise IllegalAction("bad_option", "Claiming territories in turn needs 3 or more players: the 2-player "
                                              "game deals its territories into three piles (yours, your "
                                              "opponent's, neutral). Choose dealt cards or a random set-up.")
        names = list(names) if names else list(PLAYER_NAMES[:players])
        if len(names) != players:
            raise IllegalAction("bad_option", f"Give {players} player names, not {len(names)}.")
        super().__init__(players=players, setup=setup, fortify=fortify, map=map, names=names)
        _ = self.map  # load (and check) the map now: a missing or broken map raises MapError here

    @cached_property
    def map(self) -> ConquestMap:
        return load_map(self.options["map"])

    @cached_property
    def card_symbols(self) -> dict[str, str]:
        return {t.id: t.card for t in self.map.territories.values()}

    def player_name(self, player: int) -> str:
        return "Neutral" if player < 0 else self.options["names"][player]

    def new_initial_state(self, seed: int = 0) -> ConquestState:
        state = ConquestState(self, Record(self, seed))
        from .cards import full_deck
        state.deck = full_deck(self.card_symbols)
        return state

    def state_from_json(self, data: Mapping[str, Any], record: Record | None = None) -> ConquestState:
        return ConquestState.from_json(self, data, record)

    def view_state(self, observation: Mapping[str, Any], step: int = 0) -> Any:
        """The state a seat sees, from its observation only (``view.view_state``, which says what a
        spectator sees)."""
        from .view import view_state
        return view_state(self, observation, step)

    def reviewer(self) -> Any:
        """The coach's grader of Conquest attacks (``review.ConquestReviewer``)."""
        from .review import ConquestReviewer
        return ConquestReviewer(self)

    def parse_action(self, text: str, state: Any) -> Any:
        return notation.parse_action(text, state)

    def format_action(self, action: Any, state: Any) -> str:
        return notation.format_action(action, state)
