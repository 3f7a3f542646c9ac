"""Messages in a shared Diplomacy game (diplomacy.md §10; issue 3, "Messages"): one to one or in a
group of one's choosing, seen only by the conversation's members, live, and not by spectators."""
from __future__ import annotations

import pytest
from bokeh.document import Document

from academy.store.live import LiveHub
from academy.ui.diplomacy.play import SharedDiplomacyPage
from academy.ui.diplomacy.session import SharedDiplomacy

HUMANS = [{"kind": "human", "name": n} for n in ("Ann", "Bob", "Cy")] + [{"kind": "cpu", "level": "easy"}] * 4


@pytest.fixture
def hub(tmp_path):
    with LiveHub(f"sqlite:///{tmp_path}/chat.db", synchronous=True) as h:
        yield h


def test_a_message_reaches_its_members_only(hub):
    game, tokens = hub.create("diplomacy", {}, 5, HUMANS)
    austria, england, france = (SharedDiplomacy(game, tokens[p]) for p in range(3))
    watcher = SharedDiplomacy(game)
    assert austria.other_seats() == [1, 2, 3, 4, 5, 6] and watcher.other_seats() == []
    assert austria.send_message([1], "Lepanto? Keep Italy busy and I will not touch Galicia.")
    assert austria.chat_notice == "Message sent."
    assert [m["text"] for m in england.messages] == ["Lepanto? Keep Italy busy and I will not touch Galicia."]
    assert england.messages[0]["sender"] == 0 and england.messages[0]["recipients"] == [1]
    assert france.messages == [] and watcher.messages == []
    assert england.send_message([0, 2], "A group: all three of us against Germany.")
    assert len(austria.messages) == 2 and len(france.messages) == 1


def test_refusals_say_why(hub):
    game, tokens = hub.create("diplomacy", {}, 5, HUMANS)
    austria, watcher = SharedDiplomacy(game, tokens[0]), SharedDiplomacy(game)
    assert not austria.send_message([], "hello") and "at least one" in austria.chat_notice
    assert not austria.send_message([1], "   ") and "empty" in austria.chat_notice
    assert not austria.send_message([0], "me") and "cannot write to player 1" in austria.chat_notice
    assert not watcher.send_message([1], "hi") and "watching" in watcher.chat_notice


def test_the_shared_page_has_the_messages_panel(hub):
    game, tokens = hub.create("diplomacy", {}, 5, HUMANS)
    page = SharedDiplomacyPage(SharedDiplomacy(game, tokens[1]))
    page.__panel__().get_root(Document())
    import panel as pn
    panels = [o for o in page.layout.objects if "messages-panel" in o.css_classes]
    assert len(panels) == 1
    recipients = panels[0].select(pn.widgets.CheckBoxGroup)[0]
    assert list(recipients.options) == ["Austria", "France", "Germany", "Italy", "Russia", "Turkey"]


def test_a_seat_resigns_and_the_cpu_orders_for_it(hub):
    """Issue 3, "Time and leaving": a player who resigns is out; the easy CPU orders for that power."""
    game, tokens = hub.create("diplomacy", {}, 5, HUMANS)
    page = SharedDiplomacyPage(SharedDiplomacy(game, tokens[2]))
    page.__panel__().get_root(Document())
    page.leave.ask_resign()
    assert page.leave.confirm_row.visible and game.status != "finished"
    assert page.leave.confirm_resign()
    s = page.session
    assert s.out and s.seat_status[2] == "resigned" and "you are out" in s.message
    assert page.leave.outcome.object == ""                # the message says it: not twice
    assert not s.submit() and "out of this game" in s.message
    page.leave.update()
    assert "you are out" in page.leave.outcome.object     # another message took its place: the panel says it
    austria, england = SharedDiplomacy(game, tokens[0]), SharedDiplomacy(game, tokens[1])
    phase = game._state.phase
    austria.submit()
    england.submit()
    assert game._state.phase != phase               # France's orders came from the CPU, not from France


def test_a_draw_agreed_by_every_survivor_ends_the_game(hub):
    """diplomacy.md §8: a draw by agreement of the survivors (here every power is played by a person)."""
    seats = [{"kind": "human", "name": f"P{i}"} for i in range(7)]
    game, tokens = hub.create("diplomacy", {}, 5, seats)
    sessions = [SharedDiplomacy(game, tokens[p]) for p in range(7)]
    page = SharedDiplomacyPage(sessions[0])
    page.__panel__().get_root(Document())
    page.draw_button.clicks += 1                        # Austria proposes
    assert sessions[0].draw_votes == ["AUSTRIA"] and "proposed by Austria" in sessions[3].draw_text()
    assert page.draw_button.label == "Withdraw from the draw"
    assert sessions[1].vote_draw() and sessions[1].vote_draw(False)     # England changes its mind
    assert sessions[0].draw_votes == ["AUSTRIA"]
    for s in sessions[1:]:
        assert s.vote_draw()
    assert game.status == "finished" and game.winner is None
    assert "draw" in sessions[6].message and not sessions[2].vote_draw()
    assert SharedDiplomacy(game).vote_draw() is False


def test_messages_are_dated_by_the_game_phase_not_a_step_number(hub):
    """Issue 14 (a newcomer's walk): a message was headed "step 12", a number no page explains. It is
    dated by the phase it was written in, as the board names it (diplomacy.md §10: talks go on between
    phases)."""
    from academy.ui.messages_view import conversations_html
    from academy.ui.replay import stored_replay
    game, tokens = hub.create("diplomacy", {}, 5, HUMANS)
    austria, england, france = (SharedDiplomacy(game, tokens[p]) for p in range(3))
    assert austria.send_message([1], "Spring talks.")
    for seat in (austria, england, france):
        assert seat.submit(), seat.message              # units hold; the CPU powers order themselves
    assert game.state_copy().phase == "F1901M"
    assert england.send_message([0], "Fall talks.")
    assert [m["when"] for m in austria.messages] == ["Spring 1901 movement", "Fall 1901 movement"]
    shown = conversations_html(austria.messages, 0, lambda p: ["Austria", "England"][p])
    assert "You → England <span class='when'>(Spring 1901 movement)</span>:" in shown and "step" not in shown
    assert [m["when"] for m in stored_replay(hub, game.game_id, tokens[1])["chat"]] == [
        "Spring 1901 movement", "Fall 1901 movement"]
