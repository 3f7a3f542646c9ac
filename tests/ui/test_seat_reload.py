"""Reloading a shared seat's page (issue 13, item 4): a new session for the same seat token shows the
orders the seat has submitted as its drafts, and Submit without a change sends the same orders again.
One rule for Diplomacy and Fronts (academy.ui.order_drafts.OrderDrafts)."""
from __future__ import annotations

import html

import pytest

from academy.store.live import LiveHub
from academy.ui.diplomacy.panels import OrdersPanel as DiplomacyOrders
from academy.ui.diplomacy.session import SharedDiplomacy
from academy.ui.fronts.panels import OrdersPanel as FrontsOrders
from academy.ui.fronts.shared import SharedFronts

FRENCH = ["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"]


@pytest.fixture
def hub(tmp_path):
    with LiveHub(f"sqlite:///{tmp_path}/reload.db", synchronous=True) as h:
        yield h


def _diplomacy(hub):
    seats = [{"kind": "cpu", "level": "easy"}] * 7
    seats[1] = {"kind": "human", "name": "Ann"}       # England
    seats[2] = {"kind": "human", "name": "Bob"}       # France
    return hub.create("diplomacy", {}, 5, seats)


def _panel_text(panel) -> str:
    """The text of an orders panel's list of orders (rows of HTML panes, some with a remove button)."""
    text = " ".join(str(getattr(o, "object", "") or "") for row in panel.orders.objects
                    for o in (row.objects if hasattr(row, "objects") else [row]))
    return html.unescape(text)


def test_a_reloaded_diplomacy_seat_shows_its_submitted_orders_and_submit_resends_them(hub):
    """Issue 13, item 4: submit three orders, open the seat again: the three orders are its drafts (not
    'no order (holds)'), and Submit without a change stores the same three, not an empty list."""
    game, tokens = _diplomacy(hub)
    france = SharedDiplomacy(game, tokens[2])
    for order in FRENCH:
        assert france.type_order(order), france.message
    assert france.submit(), france.message
    france.close()

    again = SharedDiplomacy(game, tokens[2])          # the page reloaded: a new session for the same token
    assert sorted(again.pending.values()) == sorted(FRENCH)
    assert again.is_submitted and "3 orders submitted for Spring 1901 movement are shown" in again.message
    assert [r["order"] for r in again.preview] and {r["order"] for r in again.preview} == set(FRENCH)
    shown = _panel_text(DiplomacyOrders(again))
    for order in FRENCH:
        assert order in shown
    for unit in ("A PAR", "A MAR", "F BRE"):
        assert f"{unit}: no order" not in shown

    assert again.submit(), again.message
    assert sorted(game.view(2).observation["pending"]["FRANCE"]) == sorted(FRENCH)
    assert game.view(2).waiting == (1,)


def test_a_reloaded_diplomacy_seat_that_has_not_submitted_starts_empty_and_a_new_phase_clears(hub):
    """Issue 13, item 4: the drafts on reload are what the store has (nothing before Submit); once the
    phase resolves the submitted orders belong to the past phase and the new one starts empty."""
    game, tokens = _diplomacy(hub)
    england = SharedDiplomacy(game, tokens[1])
    assert england.pending == {} and "submitted" not in england.message
    france = SharedDiplomacy(game, tokens[2])
    assert france.type_order("A PAR - BUR") and france.submit()
    assert england.type_order("F LON - ENG")          # a draft on England's open page ...
    assert england.pending == {"F LON": "F LON - ENG"}
    assert SharedDiplomacy(game, tokens[1]).pending == {}    # ... is not in the store: a reload starts empty
    assert england.submit()                            # the phase resolves
    assert england.phase == "F1901M" and england.pending == {} and france.pending == {}
    assert SharedDiplomacy(game, tokens[2]).pending == {}


def test_a_diplomacy_page_keeps_its_own_drafts_while_another_seat_submits(hub):
    """Issue 13, item 4 (the other half of the rule): within the phase shown, the screen's drafts win over
    what the seat sent, until it submits again."""
    game, tokens = _diplomacy(hub)
    england, france = SharedDiplomacy(game, tokens[1]), SharedDiplomacy(game, tokens[2])
    assert france.type_order("A PAR - BUR") and france.submit()
    assert france.type_order("A PAR - PIC")           # changed, not sent yet
    assert england.type_order("F LON - NTH")          # England writes: France's page is not told of drafts
    assert france.pending["A PAR"] == "A PAR - PIC"
    assert SharedDiplomacy(game, tokens[2]).pending == {"A PAR": "A PAR - BUR"}   # the store has the sent one


def test_a_reloaded_diplomacy_seat_shows_its_submitted_builds(hub):
    """Issue 13, item 4 (adjustments): builds are keyed by their home centre in the options tree; a
    reloaded page shows the builds sent and Submit sends them again."""
    game, tokens = hub.create("diplomacy", {}, 5, [{"kind": "human", "name": str(i)} for i in range(7)])
    seats = [SharedDiplomacy(game, tokens[i]) for i in range(7)]
    france, germany = seats[2], seats[3]
    for session, orders in ((france, FRENCH), (germany, ["F KIE - DEN", "A MUN - RUH"])):
        for order in orders:
            assert session.type_order(order), session.message
    for session in seats:
        assert session.submit(), session.message
    assert france.type_order("F MAO - POR") and germany.type_order("A RUH - HOL")
    for session in seats:
        assert session.submit(), session.message
    assert france.phase == "W1901A" and france.to_order == ["FRANCE", "GERMANY"]   # Germany builds too
    for centre, order in (("BRE", "A BRE B"), ("MAR", "F MAR B")):
        france.click(centre)
        france.choose(order)
    assert france.submit() and france.phase == "W1901A"
    again = SharedDiplomacy(game, tokens[2])
    assert again.pending == {"BRE": "A BRE B", "MAR": "F MAR B"}
    assert "2 orders submitted for Winter 1901 adjustments are shown" in again.message
    assert again.submit() and sorted(game.view(2).observation["pending"]["FRANCE"]) == ["A BRE B", "F MAR B"]


def test_a_reloaded_fronts_seat_shows_its_submitted_orders_and_submit_resends_them(hub):
    """Issue 13, item 4 (Fronts, the same rule): a new session for the seat shows its submitted orders,
    and Submit without a change sends them again."""
    people = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
    game, tokens = hub.create("fronts", {"players": 2, "map": "duel"}, 5, people)
    red = SharedFronts(game, tokens[0])
    red.click("millbrook")
    red.click("westmere")
    assert red.pending, red.message
    sent = list(red.pending)
    assert red.submit(), red.message
    red.close()

    again = SharedFronts(game, tokens[0])
    assert again.pending == sent and again.is_submitted
    assert f"order submitted for turn {again.obs['turn']} is shown" in again.message
    shown = _panel_text(FrontsOrders(again))
    assert sent and all(order in shown for order in sent) and "No orders yet" not in shown
    assert again.submit(), again.message
    assert game.view(0).observation["pending"] == sent
    assert game.view(0).waiting == (1,)


# --- the turn-by-turn games: every action goes to the store at once; a reload shows it all -----------
PEOPLE = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def test_a_reloaded_conquest_seat_shows_its_turn_under_way(hub):
    """Issue 13, item 4 (Conquest): mid-turn (armies placed, attacks made), a new session for the seat shows
    the same position, phase, battle or occupation, reinforcements and cards, and the same log."""
    from academy.ui.conquest.shared import SharedConquest
    game, tokens = hub.create("conquest", {"players": 2, "setup": "random"}, 7, PEOPLE)
    seat = game.view(None).to_move
    mine = SharedConquest(game, tokens[seat])
    for _ in range(12):                                 # placements, then attacks: a turn under way
        state = game.state_copy()
        if state.to_move() != seat:
            break
        actions = [a for a in state.legal_actions(seat) if type(a).__name__ != "EndTurn"]
        if not actions:
            break
        assert mine.act(actions[0]), mine.message
    assert game.step > 3
    again = SharedConquest(game, tokens[seat])
    fields = ("owner", "armies", "phase", "current", "hands", "reinforcements", "conquered", "battle", "occupy",
              "pool", "placed_this_turn", "turn")
    assert {f: getattr(again.state, f) for f in fields} == {f: getattr(mine.state, f) for f in fields}
    assert [e["text"] for e in again.log] == [e["text"] for e in mine.log if e["kind"] != "join"]


def test_a_reloaded_game_of_war_seat_shows_its_turn_and_the_last_turns_trail(hub):
    """Issue 13, item 4 (Game of War): after the other side's turn and two moves of this one, a new
    session for the seat shows the moves left, the other side's moves of the last turn (the board's
    trail) and the moves of the turn under way (the next trail), as the open page had them."""
    from academy.games.game_of_war.actions import Move
    from academy.ui.game_of_war.play import status_html
    from academy.ui.game_of_war.shared import SharedGameOfWar
    game, tokens = hub.create("game_of_war", {}, 5, PEOPLE)
    first = game.view(None).to_move
    a, b = SharedGameOfWar(game, tokens[first]), SharedGameOfWar(game, tokens[1 - first])
    for _ in range(3):
        assert a.act(next(x for x in a.my_actions() if isinstance(x, Move)))
    assert a.end_turn()
    for _ in range(2):
        assert b.act(next(x for x in b.my_actions() if isinstance(x, Move)))
    again = SharedGameOfWar(game, tokens[1 - first])
    assert again.state.moves_left == b.state.moves_left == 3
    assert len(b.trail) == 3 and again.trail == b.trail
    assert again._turn_moves == b._turn_moves and len(again._turn_moves) == 2
    assert status_html(again) == status_html(b)
    assert [e["text"] for e in again.log] == [e["text"] for e in b.log if e["kind"] != "join"]


def test_a_game_of_war_deployment_is_restored_once_sent_and_its_draft_is_the_browsers(hub):
    """Issue 13, item 4 (Game of War free deployment): the placements before Done are a draft of the page
    (the store has none of them: a reload starts the draft again); once Done, the deployment is the
    store's and a reload shows it."""
    from academy.ui.game_of_war.play import status_html
    from academy.ui.game_of_war.shared import SharedGameOfWar
    game, tokens = hub.create("game_of_war", {"deployment": "free"}, 5, PEOPLE)
    north = SharedGameOfWar(game, tokens[0])
    assert north.deploying == 0
    north.place_rest()
    assert north.placements and game.step == 0          # a draft on this page only
    assert SharedGameOfWar(game, tokens[0]).placements == []
    assert north.done_deploying() and game.step > 0
    again = SharedGameOfWar(game, tokens[0])
    assert again.deploying is None and status_html(again) == status_html(north)    # South is deploying now
    placed = sorted((u.id, u.at) for u in north.board_position().units)
    assert len(placed) == 17 and sorted((u.id, u.at) for u in again.board_position().units) == placed


def test_a_reloaded_tactics_seat_shows_its_day_under_way(hub):
    """Issue 13, item 4 (Tactics): after units have acted this day, a new session for the seat shows the
    same observation (which units are done), log and trail."""
    from academy.games.tactics.actions import Wait
    from academy.ui.tactics.shared import SharedTactics
    game, tokens = hub.create("tactics", {"fog": True}, 5, PEOPLE)
    red = SharedTactics(game, tokens[0])
    moved = set()
    for _ in range(2):
        action = next(a for a in red.my_actions() if isinstance(a, Wait) and a.at not in moved and a.to != a.at)
        assert red.act(action), red.message
        moved.add(action.to)
    again = SharedTactics(game, tokens[0])
    assert again.obs == red.obs and game.step == 2
    assert again.log == red.log and again.trail == red.trail
