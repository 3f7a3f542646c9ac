"""Conquest's replays without a browser: stepping by entry and by turn, a running game's seat sees only its own view
at every step (no other hand, no seed, no drawn card), export refused while a game runs, import of good and bad files
on the import page (which opens each game's record on that game's replay page), and a planner that never touches the
store."""
from __future__ import annotations

import html
import json

import bokeh.document
import panel as pn
import pytest

from academy.games.conquest.actions import Draw, EndAttack, EndTurn, Fortify, Occupy, Place
from academy.games.conquest.cards import full_deck, is_wild, symbol
from academy.games.conquest.game import ConquestGame
from academy.games.conquest.notation import card_name
from academy.store.errors import BadToken
from academy.store.live import LiveHub
from academy.games.conquest.view import HIDDEN
from academy.ui.conquest.replay import ConquestReplay, ConquestReplayPage, PlannerSession
from academy.ui.replay import RecordImportPage, replay_link, replay_page, stored_replay
from academy.ui.replay_model import RecordError, read_record

SEED = 987654321
CPUS = [{"kind": "cpu", "level": "easy"}, {"kind": "cpu", "level": "easy"}]


@pytest.fixture
def hub(tmp_path):
    with LiveHub(f"sqlite:///{tmp_path}/replay.db", synchronous=True) as h:
        yield h


@pytest.fixture(scope="module")
def finished_record(tmp_path_factory):
    path = tmp_path_factory.mktemp("finished")
    with LiveHub(f"sqlite:///{path}/f.db", synchronous=True) as h:
        game, _ = h.create("conquest", {"players": 2, "setup": "random"}, 3, CPUS)
        assert game.status == "finished"
        return game.record_copy()


def shared_replay(hub, game_id: int, token: str | None = None) -> ConquestReplay:
    """The replay of a stored Conquest game as its replay page builds it (masked while it runs)."""
    return ConquestReplay(**stored_replay(hub, game_id, token))


def chip(card: str, game) -> str:
    return f"{card_name(card, game)} · {symbol(card, game.card_symbols)}"


def start_with_cards(seed: int = 3) -> tuple[dict, dict[int, list[str]]]:
    """A random set-up position where Red holds two territory cards and Blue one."""
    state = ConquestGame(players=2, setup="random").new_initial_state(seed=seed)
    state.settle()
    cards = [c for c in state.deck if not is_wild(c)][:3]
    state.deck = [c for c in state.deck if c not in cards]
    state.hands[0], state.hands[1] = cards[:2], cards[2:]
    return state.to_json(), {p: list(h) for p, h in enumerate(state.hands)}


def play_turn(game, token, player):
    """Play one turn of ``player``: place everything, attack no more, end the turn (the CPU then plays its turn)."""
    for _ in range(200):
        view = game.view(player)
        if view.to_move != player or view.status == "finished":
            return
        legal = view.legal
        pick = next((a for kind in (Place, Occupy, EndAttack, EndTurn) for a in legal if isinstance(a, kind)), None)
        if pick is None:
            pick = next((a for a in legal if not isinstance(a, Fortify)), legal[0])
        game.act(token, pick)
        if isinstance(pick, EndTurn):
            return


@pytest.fixture
def running(hub):
    """A running game: Red a person, Blue a CPU; Red played a turn, then Blue (the CPU) played one."""
    start, hands = start_with_cards()
    game, tokens = hub.create("conquest", {"players": 2, "setup": "random"}, SEED,
                              [{"kind": "human", "name": "Ann"}, {"kind": "cpu", "level": "normal"}], start=start)
    for _ in range(3):
        play_turn(game, tokens[0], 0)
    assert game.status == "running" and game.step > 10
    return game, tokens, hands


# --- stepping ------------------------------------------------------------------------------
def test_step_forward_back_start_end(finished_record):
    s = ConquestReplay(finished_record)
    n = len(finished_record)
    assert s.step == 0 and s.length == n and not s.masked and s.can_export
    start_owner = dict(s.state.owner)
    s.forward()
    assert s.step == 1 and s.step_events and "Step 1 of" in s.message
    s.to_end()
    assert s.step == n and s.state.is_terminal() and s.state.winner() is not None
    assert s.state.owner != start_owner
    s.back()
    assert s.step == n - 1
    s.to_start()
    assert s.step == 0 and s.state.owner == start_owner and s.log == []
    s.go(10**6)
    assert s.step == n
    s.go(-5)
    assert s.step == 0


def test_positions_match_the_record(finished_record):
    s = ConquestReplay(finished_record)
    for step in (0, 1, 57, 250, len(finished_record) - 1):
        s.go(step)
        assert s.state == finished_record.replay(upto=step)
    s.go(300)
    s.forward()                       # the incremental path gives the same position
    assert s.state == finished_record.replay(upto=301)
    assert len(s.log) == sum(1 for line in s.replay.history(301))
    assert all(line["step"] <= 301 for line in s.log)


def test_by_turn_stops_where_the_player_changes(finished_record):
    s = ConquestReplay(finished_record)
    entries = finished_record.entries
    owners = []
    for e in entries:
        owners.append(e.player if not e.chance else (owners[-1] if owners else None))
    s.go(200)
    s.next_turn()
    j = s.step
    assert j > 200 and owners[j - 1] != owners[j]
    assert all(owners[k] == owners[200] for k in range(200, j))
    s.next_turn()
    assert s.step > j and all(owners[k] == owners[j] for k in range(j, s.step))
    s.previous_turn()
    assert s.step == j
    s.previous_turn()
    assert s.step <= 200 and all(owners[k] == owners[200] for k in range(s.step, 200))
    assert s.counter_text() == f"Step {s.step} of {s.length} · Turn {s.state.turn} · {s.player_name(s.state.current)}"


def test_the_odds_show_what_the_attacker_faced(finished_record):
    s = ConquestReplay(finished_record)
    attack = next(i for i, e in enumerate(finished_record.entries) if type(e.action).__name__ == "Attack")
    before = finished_record.replay(upto=attack)
    a = finished_record.entries[attack].action
    s.go(attack + 1)                                   # the attack declared
    faced, src, dst, dice = s.attack
    assert (src, dst, dice) == (a.src, a.dst, a.dice) and s.selected == a.src and s.target == a.dst
    assert faced.armies[src] == before.armies[src] and faced.armies[dst] == before.armies[dst]
    s.forward()                                        # the roll: still the odds the attacker faced, and the dice
    faced, src, dst, dice = s.attack
    assert faced.armies[src] == before.armies[src] and any(e.kind == "roll" for e in s.step_events)
    page = ConquestReplayPage(s)
    assert "Chance to conquer" in page.odds.odds.object
    assert "die attack" in page.odds.dice.object
    s.go(0)
    assert s.attack is None and s.selected is None


def test_a_click_is_refused(finished_record):
    s = ConquestReplay(finished_record)
    s.go(5)
    state = s.state
    s.click(next(iter(state.owner)))
    assert "replay" in s.message and s.state is state and s.targets == []


# --- a running game: the seat's own view only ------------------------------------------------
def test_a_running_game_shows_only_the_seats_own_view(running):
    game, tokens, hands = running
    real = game.record_copy()
    s = shared_replay(game.hub, game.game_id, tokens[0])
    assert s.masked and not s.can_export and s.length == len(real)
    assert "your own view" in s.title
    blue_draws = 0
    for step in range(0, s.length + 1):
        s.go(step)
        truth = real.replay(upto=step)
        state = s.state
        assert state.hands[1] == [HIDDEN] * len(truth.hands[1])          # the other hand: placeholders only
        assert state.hands[0] == truth.hands[0]                          # one's own hand
        assert state.deck == [HIDDEN] * len(truth.deck)
        assert state.record.seed != SEED and not state.record.entries     # no seed, no record
        entry = real.entries[step - 1] if step else None
        if entry is not None and isinstance(entry.action, Draw) and truth.current == 1:
            blue_draws += 1                                              # Blue's draw: who drew, never what
            name = card_name(entry.action.card, truth.game)
            said = " ".join([s.message] + [e.text + " ".join(e.why) for e in s.step_events])
            assert "draws a card" in said and name not in said
            assert all("card" not in e.data for e in s.step_events)
    assert blue_draws
    with pytest.raises(PermissionError, match="still running"):
        s.export_json()


def test_a_running_games_page_never_carries_other_hands_or_the_seed(running):
    game, tokens, hands = running
    real = game.record_copy()
    s = shared_replay(game.hub, game.game_id, tokens[0])
    page = ConquestReplayPage(s)
    doc = bokeh.document.Document()
    doc.add_root(page.__panel__().get_root(doc))
    blue_ever, red_shown = set(), 0
    for step in range(0, s.length + 1, 2):
        s.go(step)
        truth = real.replay(upto=step)
        blue_ever |= set(truth.hands[1])
        text = repr(doc.to_json())
        for card in truth.hands[1]:                     # a card as a hand shows it: "Alberta · infantry"
            assert chip(card, truth.game) not in text
        red_shown += all(chip(c, truth.game) in text for c in truth.hands[0]) and bool(truth.hands[0])
        assert str(SEED) not in text
    assert not page.record.download.visible and page.record.note.visible
    assert "can be downloaded once the game is over" in page.record.note.object
    assert blue_ever and red_shown


def test_a_spectator_of_a_running_game_sees_no_hand(running):
    game, tokens, hands = running
    s = shared_replay(game.hub, game.game_id)
    s.to_end()
    assert s.masked and all(set(h) <= {HIDDEN} for h in s.state.hands)
    assert "spectator" in s.title


def test_a_bad_token_is_refused(running):
    game, tokens, hands = running
    with pytest.raises(BadToken):
        shared_replay(game.hub, game.game_id, "forged")
    view = replay_page({"match": str(game.game_id), "seat": "forged", "replay": "1"}, hub=game.hub)
    assert "does not open a seat" in view.objects[0].object
    assert "not a game number" in replay_page({"match": "x", "replay": "1"}, hub=game.hub).objects[0].object


def test_a_finished_game_shows_everything_and_exports(hub):
    game, _ = hub.create("conquest", {"players": 2, "setup": "random"}, 5, CPUS)
    s = shared_replay(hub, game.game_id)
    assert not s.masked and s.can_export and "finished" in s.title
    data = json.loads(s.export_json())
    assert data["schema"] == "academy.record" and data["seed"] == 5 and len(data["log"]) == s.length
    page = ConquestReplayPage(s)
    assert page.record.download.visible and not page.record.note.visible
    assert replay_link(game.game_id) == f"?match={game.game_id}&replay=1"
    assert replay_link(game.game_id, "a b") == f"?match={game.game_id}&seat=a%20b&replay=1"


# --- a planner from a step ---------------------------------------------------------------------
def test_a_planner_from_a_finished_game_starts_from_the_true_state_and_stores_nothing(hub):
    game, _ = hub.create("conquest", {"players": 2, "setup": "random"}, 5, CPUS)
    stored = hub.store.record_json(game.game_id)
    s = shared_replay(hub, game.game_id)
    s.go(120)
    while s.state.node_kind().value != "decision":
        s.forward()
    step = s.step
    local = s.planner()
    assert isinstance(local, PlannerSession) and local.state == game.record_copy().replay(upto=step)
    assert local.seats == ["human", "human"]
    mover = local.state.to_move()
    assert local.act(local.state.legal_actions()[0])
    assert local.state.to_move() is not None or local.state.is_terminal()
    assert len(local.state.record) > step and mover is not None
    assert s.step == step and s.state == game.record_copy().replay(upto=step)    # the replay is unchanged
    assert hub.store.record_json(game.game_id) == stored
    assert hub.store.game(game.game_id).num_actions == len(stored["log"])


def test_a_planner_from_a_running_game_hides_what_the_seat_cannot_see(running):
    game, tokens, hands = running
    stored = game.hub.store.record_json(game.game_id)
    s = shared_replay(game.hub, game.game_id, tokens[0])
    s.to_end()
    truth = game.record_copy().replay()
    local = s.planner(seed=42)
    copy = local.state
    assert copy.record.seed == 42 and copy.record.seed != SEED
    assert copy.record.start is not None and copy.record.start["hands"][0] == truth.hands[0]
    assert copy.record.start["hands"][1] != ["?"] * len(truth.hands[1])
    assert copy.hands[0] == truth.hands[0] and copy.owner == truth.owner and copy.armies == truth.armies
    assert [len(h) for h in copy.hands] == [len(h) for h in truth.hands]
    cards = sorted([c for h in copy.hands for c in h] + copy.deck + copy.discard)
    assert cards == sorted(full_deck(copy.game.card_symbols))
    assert HIDDEN not in cards
    assert game.hub.store.record_json(game.game_id) == stored


# --- import ---------------------------------------------------------------------------------
def test_import_a_good_record(finished_record):
    page = RecordImportPage()
    assert page.shown is None and page.import_area.visible
    text = json.dumps(finished_record.to_json())
    assert page.import_file(text.encode(), name="game.json")
    assert isinstance(page.shown, ConquestReplayPage) and not page.import_area.visible
    s = page.shown.session
    assert not s.masked and s.length == len(finished_record) and "game.json" in s.title
    s.to_end()
    assert s.state == finished_record.replay()
    assert s.export_json() == json.dumps(finished_record.to_json(), indent=1)


@pytest.mark.parametrize("text, words", [
    (b"\xff\xfe", "not UTF-8"),
    ("{not json", "bad JSON at line 1"),
    ("[1, 2]", "expected a JSON object"),
    ('{"schema": "other", "version": 1}', "schema"),
    ('{"schema": "academy.record", "version": 1, "game": "chess", "log": []}', "Unknown game 'chess'"),
    ('{"schema": "academy.record", "version": 1, "game": "conquest", "options": {"players": 9}, "log": []}',
     "2 to 6 players"),
    ('{"schema": "academy.record", "version": 1, "game": "conquest", "options": {"players": 2}, "log": [3]}',
     "step 1 of its log"),
    ('{"schema": "academy.record", "version": 1, "game": "conquest", "options": {"players": 2}, '
     '"log": [{"player": null, "chance": true, "action": {"type": "Teleport"}}]}', "Unknown action type 'Teleport'"),
    ('{"schema": "academy.record", "version": 1, "game": "conquest", "options": {"players": 2}, '
     '"log": [{"player": 0, "chance": false, "action": {"type": "EndTurn"}}]}', "step 1 of 1 (EndTurn) is refused"),
])
def test_a_malformed_record_gives_a_clear_message(text, words):
    with pytest.raises(RecordError, match=None) as info:
        read_record(text)
    assert words in str(info.value)
    page = RecordImportPage()
    assert not page.import_file(text, name="bad.json")
    assert "bad.json could not be opened" in page.message and words in page.message and page.shown is None
    assert words in html.unescape(page.message_pane.object) and page.import_area.visible


def test_a_record_of_a_game_without_a_replay_page_is_refused_in_words(monkeypatch):
    from academy.games import REGISTRY
    from academy.ui.replay import REPLAY_PAGES
    monkeypatch.delitem(REPLAY_PAGES, "tactics")      # every game has its replay page now: pretend one has not
    game = REGISTRY["tactics"]()
    text = json.dumps(game.new_initial_state(seed=1).record.to_json())
    page = RecordImportPage()
    assert not page.import_file(text, "tac.json")
    assert "tac.json is a record of Tactics" in page.message
    assert "Conquest, Diplomacy, Game of War and Fronts games only" in page.message
    assert not page.replay_slot.objects and page.import_area.visible


def test_an_imported_diplomacy_record_opens_phase_by_phase():
    from academy.games import REGISTRY
    from academy.games.diplomacy.bots import make_bot, play_orders
    from academy.ui.diplomacy.replay import DiplomacyReplayPage
    state = REGISTRY["diplomacy"]().new_initial_state(seed=1)
    play_orders(state, {p: make_bot("easy", p) for p in range(7)}, 3)
    page = RecordImportPage()
    assert page.import_file(json.dumps(state.record.to_json()), "dip.json")
    assert isinstance(page.shown, DiplomacyReplayPage) and page.shown.session.count == 4
    assert not page.import_area.visible and len(page.replay_slot.objects) == 1
    assert "Import another record" in page.head.object


def test_a_bad_file_leaves_the_record_shown_working(finished_record):
    page = RecordImportPage()
    assert page.import_file(json.dumps(finished_record.to_json()), "game.json")
    shown, s = page.shown, page.shown.session
    s.go(7)
    assert not page.import_file("{", name="x.json")
    assert page.shown is shown and s.step == 7 and "x.json could not be opened" in page.message
    s.forward()
    assert s.step == 8


def test_the_import_page_reads_a_file(finished_record):
    page = replay_page({"page": "replay"})
    assert isinstance(page, RecordImportPage) and page.import_area.visible and not page.replay_slot.objects
    page.upload.param.update(filename="broken.json", value=b"{")
    assert "broken.json could not be opened" in page.message_pane.object and not page.replay_slot.objects
    page.upload.param.update(filename="good.json", value=json.dumps(finished_record.to_json()).encode())
    shown = page.shown
    assert len(page.replay_slot.objects) == 1 and not page.import_area.visible
    assert "Step 0 of" in shown.counter.object
    shown.buttons["forward"].clicks += 1
    assert shown.session.step == 1 and "Step 1 of" in shown.counter.object
    planner = shown.open_planner()
    assert isinstance(planner.session, PlannerSession) and len(shown.planner_area.objects) == 2


# --- routes and links -----------------------------------------------------------------------
def test_routes_and_links(tmp_path, monkeypatch):
    from academy.ui.conquest.shared import SharedConquest, SharedPlayPage
    from academy.ui.dashboard import GamesDashboard
    from academy.ui.live_session import close_shared_hubs, shared_hub
    from academy.ui.shell import build_page
    monkeypatch.setenv("ACADEMY_DB", f"sqlite:///{tmp_path}/routes.db")
    try:
        hub = shared_hub()
        game, tokens = hub.create("conquest", {"players": 2, "setup": "random"}, 4,
                                  [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}])
        page = build_page({"page": "replay"})
        assert page.title == "Academy · Replay" and "replay-page" in page.main[0].css_classes
        assert "Replay a game record" in page.main[0][0].object
        page = build_page({"match": str(game.game_id), "seat": tokens[1], "replay": "1"})
        head = page.main[0][0].object
        assert f"Conquest game {game.game_id} (in progress; your own view)" in head and f"seat={tokens[1]}" in head
        dash = GamesDashboard(hub=hub)
        assert f"?match={game.game_id}&replay=1" in dash.forms["conquest"].table.object
        assert any("?page=replay" in str(o.object) for o in dash.layout.select(pn.pane.HTML))
        seat_page = SharedPlayPage(SharedConquest(game, tokens[0]))
        assert html.escape(replay_link(game.game_id, tokens[0])) in seat_page.seat_info.object
    finally:
        close_shared_hubs()


def test_a_seats_replay_shows_its_messages_as_they_were_written(tmp_path):
    """Issue 3, "Messages": messages are stored with the game and appear in its replay for their participants."""
    from bokeh.document import Document

    from academy.store.live import LiveHub

    with LiveHub(f"sqlite:///{tmp_path}/chat.db", synchronous=True) as hub:
        game, tokens = hub.create("conquest", {"players": 3, "setup": "random"}, 7,
                                  [{"kind": "human", "name": n} for n in ("Red", "Blue", "Green")])
        first = game.step                               # the message is placed at this step of the replay
        game.send_message(tokens[0], [1], "Truce on the Ural?")
        mover = game.to_move()
        state = game._state
        game.act(tokens[mover], next(a for a in state.legal_actions() if type(a).__name__ == "Place"))
        game.send_message(tokens[1], [0], "Agreed, until turn 5.")
        red, green = shared_replay(hub, game.game_id, tokens[0]), shared_replay(hub, game.game_id, tokens[2])
        assert red.messages_until(first - 1) == []
        assert [m["text"] for m in red.messages_until(first)] == ["Truce on the Ural?"]
        red.go(red.length)
        assert [m["text"] for m in red.messages_until()] == ["Truce on the Ural?", "Agreed, until turn 5."]
        assert green.chat == []                          # not a participant: sees none of it
        page = ConquestReplayPage(red)
        page.__panel__().get_root(Document())
        page._update()
        assert "Agreed, until turn 5." in page.chat.object
        watcher = shared_replay(hub, game.game_id)
        assert watcher.chat == []


def test_a_finished_games_replay_says_how_it_ended(hub):
    """A newcomer's walk: after Red resigned, the replay's last step was a reinforcement and nothing on the page
    said that Red resigned or that Blue won (a resignation is not in the game's record)."""
    from academy.ui.conquest.shared import SharedConquest
    people = [{"kind": "human", "name": "Red"}, {"kind": "human", "name": "Bea"}]
    game, tokens = hub.create("conquest", {"players": 2, "setup": "random"}, 7, people)
    assert "finished" not in stored_replay(hub, game.game_id, tokens[0])["title"]
    assert SharedConquest(game, tokens[0]).resign()
    title = stored_replay(hub, game.game_id)["title"]
    assert title.endswith("(finished; everything): Red resigned. Blue (Bea) wins.")


def test_a_finished_games_download_says_how_it_ended_and_opens_saying_it(hub):
    """The walk's second half: the downloaded record of a game Red resigned held only the moves. Now its
    "result" says who left and who won; the import page opens it with those words; a record without a result
    (an older file, a game that ended on the board) still opens."""
    from academy.ui.conquest.shared import SharedConquest
    people = [{"kind": "human", "name": "Red"}, {"kind": "human", "name": "Bea"}]
    game, tokens = hub.create("conquest", {"players": 2, "setup": "random"}, 7, people)
    running = ConquestReplay(**stored_replay(hub, game.game_id, tokens[0]))
    assert running.masked and stored_replay(hub, game.game_id)["record"].result is None
    assert SharedConquest(game, tokens[0]).resign()
    data = json.loads(ConquestReplay(**stored_replay(hub, game.game_id)).export_json())
    assert data["result"] == {"text": "Red resigned. Blue (Bea) wins.", "winner": 1, "left": {"0": "resigned"}}
    page = RecordImportPage()
    assert page.import_file(json.dumps(data), "game1.json")
    assert page.shown.session.title == "imported record (game1.json): Red resigned. Blue (Bea) wins."
    del data["result"]
    assert page.import_file(json.dumps(data), "old.json")
    assert page.shown.session.title == "imported record (old.json)"
    data["result"] = {"text": "Red resigned.", "winner": 2, "left": {"0": "resigned"}}
    assert not page.import_file(json.dumps(data), "bad.json")
    assert "The record's result names winner 2; a seat is a whole number from 0 to 1, or null." in page.message


def test_the_finished_games_list_says_who_left_and_how(hub):
    """A second walk: the Games page's "Finished games" read "Red, Blue" for a game Red had resigned, where the
    game's own list read "Red (resigned), Blue"."""
    from academy.ui.conquest.shared import SharedConquest
    from academy.ui.dashboard import finished_games_html
    people = [{"kind": "human", "name": "Red"}, {"kind": "human", "name": "Bea"}]
    game, tokens = hub.create("conquest", {"players": 2, "setup": "random"}, 7, people)
    assert SharedConquest(game, tokens[0]).resign()
    assert "<td>Red (resigned), Bea</td>" in finished_games_html(hub.store.list_games())
