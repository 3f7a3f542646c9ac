"""Simultaneous-order games live (issue 3, "Live"; diplomacy.md §5–6): seats submit orders in
secret, everyone sees who has submitted, the phase resolves and is stored once nobody is waiting
(CPU seats order on their own) or at the deadline with default orders."""
from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from academy.core.errors import IllegalAction, RulesError
from academy.games.diplomacy.actions import SubmitOrders
from academy.store import Store
from academy.store.live import LiveHub

T0 = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
OPTIONS: dict[str, Any] = {"players": 7}
CPU = {"kind": "cpu", "level": "easy"}


def seats(humans: int) -> list[dict[str, Any]]:
    return [{"kind": "human", "name": n} for n in ("Ann", "Bob", "Cy")[:humans]] + [CPU] * (7 - humans)


class Clock:
    def __init__(self) -> None:
        self.t = T0

    def __call__(self) -> datetime:
        return self.t


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def hub(db_url: str, clock: Clock) -> Iterator[LiveHub]:
    with LiveHub(db_url, synchronous=True, now=clock) as h:
        yield h


def test_cpu_powers_order_on_their_own_and_the_phase_waits_for_people(hub: LiveHub) -> None:
    game, tokens = hub.create("diplomacy", OPTIONS, 5, seats(2))
    view = game.view(0)
    assert view.waiting == (0, 1)                 # the five CPU powers have submitted already
    assert game._state.phase == "S1901M"


def test_orders_stay_secret_until_the_phase_resolves(hub: LiveHub, store: Store) -> None:
    game, tokens = hub.create("diplomacy", OPTIONS, 5, seats(2))
    events = game.submit(tokens[0], ["A VIE - GAL", "A BUD - SER", "F TRI - ALB"])
    assert [e.kind for e in events] == ["submitted"]
    other = game.view(1)
    assert other.waiting == (1,)
    assert "GAL" not in str(other.observation["pending"]) and "ALB" not in repr(other)
    assert "A VIE - GAL" in str(game.view(0).observation)          # Austria sees its own orders
    before = game.step
    events = game.submit(tokens[1], ["F LON - NTH"])
    assert any(e.kind == "phase" for e in events)                  # resolved at once
    assert game._state.phase == "F1901M"
    assert game.view(1).waiting == (0, 1)
    stored = store.load_state(game.game_id)
    assert stored.to_json() == game._state.to_json() and len(stored.record) > before
    assert stored.position.unit_in("GAL") is not None


def test_a_seat_may_replace_its_orders_and_cannot_order_for_another(hub: LiveHub) -> None:
    game, tokens = hub.create("diplomacy", OPTIONS, 5, seats(2))
    game.submit(tokens[0], ["A VIE - GAL"])
    game.submit(tokens[0], ["A VIE - TYR"])
    assert "A VIE - TYR" in str(game.view(0).observation["pending"])
    with pytest.raises(IllegalAction) as other:
        game.act(tokens[0], SubmitOrders("ENGLAND", ("F LON - NTH",)))
    assert other.value.reason == "not_your_power"
    step = game.step
    with pytest.raises(RulesError):
        game.submit(tokens[0], ["A VIE - MOS"])                    # not adjacent
    assert game.step == step and game.view(1).waiting == (1,)


def test_the_deadline_resolves_with_default_orders(hub: LiveHub, clock: Clock) -> None:
    game, tokens = hub.create("diplomacy", OPTIONS, 5, seats(2), clock={"mode": "daily", "seconds": 3600})
    for t in tokens.values():
        game.join(t)
    assert game.info.deadline == T0 + timedelta(hours=1)
    game.submit(tokens[0], ["A VIE - GAL"])
    clock.t += timedelta(minutes=59)
    assert hub.check_clocks() == 0
    clock.t += timedelta(minutes=1)
    assert hub.check_clocks() == 1
    assert game._state.phase == "F1901M"
    assert game._state.position.unit_in("GAL") is not None         # Austria's order counted
    assert game._state.position.unit_in("LON") is not None         # England (late) held
    assert game.info.deadline == clock.t + timedelta(hours=1)      # the next phase's deadline


def test_a_game_of_cpus_and_one_person_goes_on_after_a_restart(db_url: str, clock: Clock) -> None:
    with LiveHub(db_url, synchronous=True, now=clock) as hub:
        game, tokens = hub.create("diplomacy", OPTIONS, 5, seats(1))
        game.submit(tokens[0], [])
        game_id, phase = game.game_id, game._state.phase
    with LiveHub(db_url, synchronous=True, now=clock) as again:
        game = again.open(game_id)
        assert game._state.phase == phase and game.view(0).waiting == (0,)
        game.submit(tokens[0], [])
        assert game._state.phase != phase


def test_cpu_powers_that_are_not_winning_accept_a_proposed_draw(hub: LiveHub) -> None:
    """diplomacy.md, Winning (a draw when every survivor agrees): CPU powers answer a proposed draw; one
    that holds more centres than every other power (Russia, 4 of them in 1901) refuses it."""
    from academy.games.diplomacy.actions import DrawVote
    game, tokens = hub.create("diplomacy", OPTIONS, 5, seats(2))
    state = game._state
    first, second = state.power_of(0), state.power_of(1)
    game.act(tokens[0], DrawVote(first, True))
    votes = set(game._state.draw_votes)
    cpu = {state.power_of(p) for p in range(2, 7)}
    assert first in votes and second not in votes
    assert votes - {first} == cpu - {"RUSSIA"} and "RUSSIA" not in votes
    game.act(tokens[1], DrawVote(second, True))
    assert not game._state.result                      # Russia still refuses: no draw
