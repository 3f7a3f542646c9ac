"""The registry of game engines: an explicit {name: Game class}, no import magic.

``CATALOG`` lists all five games the Academy teaches, with whether an engine is ready
(``has_engine``) and whether the app has its board, lessons and play pages (``has_board``).
"""
from __future__ import annotations

from dataclasses import dataclass

from academy.core.protocol import Game

from .conquest import ConquestGame
from .diplomacy.game import DiplomacyGame
from .fronts.game import FrontsGame
from .game_of_war.game import GameOfWarGame
from .tactics.game import TacticsGame

REGISTRY: dict[str, type[Game]] = {
    "conquest": ConquestGame,
    "diplomacy": DiplomacyGame,
    "fronts": FrontsGame,
    "game_of_war": GameOfWarGame,
    "tactics": TacticsGame,
}

#: games whose board (Lessons and Play pages) the UI has; the others show their Rules only
BOARDS: frozenset[str] = frozenset({"conquest", "diplomacy", "fronts", "game_of_war", "tactics"})


@dataclass(frozen=True)
class CatalogEntry:
    name: str
    title: str
    blurb: str

    @property
    def has_engine(self) -> bool:
        return self.name in REGISTRY

    @property
    def has_board(self) -> bool:
        """Whether the app can show this game's Lessons and Play pages yet."""
        return self.name in BOARDS and self.has_engine


CATALOG: tuple[CatalogEntry, ...] = (
    CatalogEntry("conquest", "Conquest", "Classic world conquest: reinforce, roll the dice, hold continents."),
    CatalogEntry("diplomacy", "Diplomacy", "Seven powers, no dice: orders written in secret and resolved together."),
    CatalogEntry("tactics", "Tactics", "Advance Wars-style battles on a tile grid: funds, capture, damage, fog."),
    CatalogEntry("game_of_war", "Game of War", "Guy Debord's Kriegspiel: keep your lines of communication."),
    CatalogEntry("fronts", "Fronts", "Simultaneous orders for stacks on provinces; battles of A² against B²."),
)


def catalog_entry(name: str) -> CatalogEntry:
    """The catalog entry for a game name; raises KeyError naming the known games."""
    for entry in CATALOG:
        if entry.name == name:
            return entry
    raise KeyError(f"Unknown game {name!r}; known games: {[e.name for e in CATALOG]}")
