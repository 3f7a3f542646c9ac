"""A shared game in two browsers (two human seats, two browser contexts): the dashboard creates it and hands
out the seats' links; one player clicks, the other's page follows without a reload; each seat's page
receives only its own cards (checked on the websocket frames, not only on what is drawn)."""
from __future__ import annotations

import pytest

from academy.games.conquest.cards import is_wild, symbol
from academy.games.conquest.game import ConquestGame
from academy.games.conquest.notation import card_name
from academy.ui.live_session import close_shared_hubs, shared_hub
from academy.ui.shell import build_page, current_query

pytestmark = pytest.mark.ui


@pytest.fixture
def hub(tmp_path, monkeypatch):
    monkeypatch.setenv("ACADEMY_DB", f"sqlite:///{tmp_path}/shared.db")
    monkeypatch.setenv("ACADEMY_CPU_DELAY", "0.05")
    yield shared_hub()
    close_shared_hubs()


def start_with_cards(seed: int = 3) -> tuple[dict, dict[int, list[str]]]:
    """A random set-up position where Red holds two cards and Blue one."""
    game = ConquestGame(players=2, setup="random")
    state = game.new_initial_state(seed=seed)
    state.settle()
    cards = [c for c in state.deck if not is_wild(c)][:3]      # territory cards: a name and a symbol
    state.deck = [c for c in state.deck if c not in cards]
    state.hands[0], state.hands[1] = cards[:2], cards[2:]
    return state.to_json(), {p: list(h) for p, h in enumerate(state.hands)}


def recording(page) -> list[str]:
    """The page's HTML and every websocket frame it receives from the server, as text."""
    frames: list[str] = []
    page.page.on("response", lambda r: frames.append(r.text()) if r.request.resource_type == "document" else None)
    page.page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(
        payload if isinstance(payload, str) else payload.decode("utf-8", "replace"))))
    return frames


def test_two_seats_play_one_game_live(serve, open_page, hub):
    url = serve(lambda: build_page(current_query()))
    # the dashboard creates a game and shows each human seat's private link
    dash = open_page()
    dash.open(url + "?page=games", board=None)
    dash.page.locator(".create-game button").click()
    dash.wait_text(".seat-links-pane", "created")
    hrefs = [dash.page.locator(f".seat-links-pane a.seat-link[data-seat='{p}']").get_attribute("href")
             for p in (0, 1)]
    assert all("&seat=" in h for h in hrefs)
    dash.page.locator(".conquest-games .refresh-games button").click()
    dash.wait_text(".games-list", "Watch")

    # a game with cards in hand, played by two browsers through their seats' links
    start, hands = start_with_cards()
    game, tokens = hub.create("conquest", {"players": 2, "setup": "random"}, 3,
                              [{"kind": "human", "name": "Red"}, {"kind": "human", "name": "Blue"}], start=start)
    mover = game.to_move()
    other = 1 - mover
    pages, frames = {}, {}
    for p in (mover, other):
        pages[p] = open_page()
        frames[p] = recording(pages[p])
        pages[p].open(f"{url}?game=conquest&tab=play&match={game.game_id}&seat={tokens[p]}")
    g = game.record_copy().game
    names = {p: g.player_name(p) for p in (0, 1)}
    pages[mover].wait_text(".phase-banner", f"{names[mover]} (you) — Reinforcement")
    pages[other].wait_text(".phase-banner", f"{names[mover]} — Reinforcement")

    # each seat sees its own cards, and no other seat's card reaches its browser
    chip = {p: [f"{card_name(c, g)} · {symbol(c, g.card_symbols)}" for c in hands[p]] for p in (0, 1)}

    def got(p: int, text: str) -> bool:          # as drawn, or as JSON in the page or a websocket frame
        received = "".join(frames[p])
        return text in received or text.replace("·", "\\u00b7") in received

    for p in (0, 1):
        shown = pages[p].wait_text(".hand", f"{names[p]}'s cards")
        assert all(c in shown for c in chip[p]), shown
        assert all(got(p, c) for c in chip[p])
        assert not any(got(p, c) for c in chip[1 - p]), f"{names[p]} received the other seat's cards"

    # the player to move clicks; the other page follows without reload
    view = game.view(mover)
    mine = sorted(t for t, o in view.observation["owner"].items() if o == mover)[0]
    left = view.observation["reinforcements"]
    pages[mover].click_territory(mine)
    pages[other].wait_text(".event-log", f"{names[mover]} places 1 on {g.map.name_of(mine)}", timeout=10)
    for _ in range(left - 1):
        pages[mover].click_territory(mine)
    pages[other].wait_text(".phase-banner", f"{names[mover]} — Attack", timeout=10)
    pages[mover].wait_text(".phase-banner", f"{names[mover]} (you) — Attack")
    assert game.view(other).observation["armies"][mine] == start["armies"][mine] + left

    # the other seat cannot act out of turn
    theirs = sorted(t for t, o in view.observation["owner"].items() if o == other)[0]
    pages[other].click_territory(theirs)
    pages[other].wait_text(".game-message", "Not your turn")
    for p in (0, 1):
        assert not any(got(p, c) for c in chip[1 - p])

    # seat 1 (Red) writes to seat 2 (Blue); Blue's page shows it without a reload, escaped
    text = "Peace in <b>Asia</b>? Red"
    assert pages[0].page.locator(".chat-recipients input").is_checked()    # the only other seat, ticked already
    pages[0].page.locator(".chat-text textarea").fill(text)
    pages[0].page.locator(".chat-send button").click()
    pages[0].wait_text(".chat-notice", "Message sent", timeout=10)
    pages[0].wait_text(".chat-messages", text, timeout=10)
    shown = pages[1].wait_text(".chat-messages", text, timeout=10)
    assert "You →" not in shown and f"{names[0]} → you" in shown
    assert [m.text for m in game.messages(tokens[1])] == [text]
