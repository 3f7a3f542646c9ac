"""Helpers for the Fronts rule tests: positions built from the map's start, and a generator that
lets a test choose each battle's winner (first or last side)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from academy.games.fronts.board import Board, NEUTRAL
from academy.games.fronts.game import FrontsGame
from academy.games.fronts.resolve import resolve_turn
from academy.games.fronts.units import parse_units


class ChosenDraws:
    """Stands in for the record's generator: each draw makes the first ("first") or last ("last")
    side with a chance win."""

    def __init__(self, draws: Sequence[str]) -> None:
        self.draws = list(draws)

    def getrandbits(self, k: int) -> int:
        pick = self.draws.pop(0) if self.draws else "first"
        return 0 if pick == "first" else (1 << k) - 1


def make_board(game: FrontsGame, stacks: Mapping[str, Mapping[str, Mapping[str, int]]] | None = None,
               neutral: Mapping[str, Mapping[str, int]] | None = None, owners: Mapping[str, str | None] | None = None,
               **fields: Any) -> Board:
    """The map's start for ``game``, with stacks, neutral stacks and owners replaced where given."""
    b = Board.start(game.map, game.player_ids, game.teams)
    if stacks is not None:
        b.stacks = {pl: {p: parse_units(u) for p, u in stacks.get(pl, {}).items()} for pl in b.players}
    if neutral is not None:
        b.neutral = {p: parse_units(u) for p, u in neutral.items()}
    if owners:
        b.owners.update(owners)
    for k, v in fields.items():
        setattr(b, k, v)
    return b


def run(game: FrontsGame, board: Board, orders: Mapping[str, Sequence[str]], draws: Sequence[str] = ()
        ) -> tuple[Board, list]:
    """Resolve one turn from ``board`` (orders checked by a state first), winners chosen by ``draws``."""
    state = game.state_from_board(board)
    checked = {pl: state.validate_orders(pl, texts) for pl, texts in orders.items()}
    return resolve_turn(board, game.map, checked, ChosenDraws(draws), game.free_for_all)  # type: ignore[arg-type]


@pytest.fixture
def duel() -> FrontsGame:
    return FrontsGame(players=2)


@pytest.fixture
def cross_ffa() -> FrontsGame:
    return FrontsGame(players=4, mode="ffa")


@pytest.fixture
def make() -> Any:
    """``make(game, stacks=..., neutral=..., owners=..., **board_fields)`` -> Board."""
    return make_board


@pytest.fixture
def turn() -> Any:
    """``turn(game, board, orders, draws)`` -> (new board, events)."""
    return run


__all__ = ["NEUTRAL", "ChosenDraws", "make_board", "run"]
