"""One-line Conquest positions for tests and lessons (format described in notation.py).

    >>> s = parse_position("Red to move, attack | Red: Ukraine 5 | rest: Blue 1")
    >>> s.armies["ukraine"], s.owner["ural"], s.phase
    (5, 1, 'attack')
"""
from __future__ import annotations

import copy
import re

from academy.core.bounds import refuse_long_numbers
from academy.core.errors import InvalidNotation
from academy.core.record import Record

from .cards import full_deck
from .game import PLAYER_NAMES, ConquestGame
from .limits import ARMIES, COUNT, SETS_TRADED, TURN
from .notation import NEUTRAL, _card, card_name, player_index, territory_index
from .rules import reinforcement_breakdown
from .state import ConquestState

_PHASES = ("reinforce", "attack", "occupy", "cashout", "fortify")


def _players_named(text: str) -> int:
    """How many players a position involves: the highest default colour named, at least 2."""
    found = [i for i, colour in enumerate(PLAYER_NAMES) if re.search(rf"\b{colour}\b", text, re.IGNORECASE)]
    return max(2, max(found, default=0) + 1)


def parse_position(text: str, game: ConquestGame | None = None, seed: int = 0) -> ConquestState:
    """Build a state from a one-line position; raises InvalidNotation naming the bad part, and for a number
    beyond its limit (``limits``: at most 999 armies on a territory ...)."""
    refuse_long_numbers(text)
    game = game or ConquestGame(players=_players_named(text))
    state = ConquestState(game, Record(game, seed))
    players, terr = player_index(game), territory_index(game)
    parts = [p.strip() for p in text.split("|") if p.strip()]
    if not parts:
        raise InvalidNotation("bad_position", "An empty position: start with e.g. 'Red to move, attack'.")
    head = re.fullmatch(r"(.+?)\s+to move,\s*(\w+)\s*(.*)", parts[0], re.IGNORECASE)
    if not head:
        raise InvalidNotation("bad_position", f"The first part {parts[0]!r} should read like 'Red to move, attack'.")
    mover, phase, extra = head.groups()
    state.current = state.first = int(players.resolve(mover))
    phase = phase.lower()
    if phase not in _PHASES:
        raise InvalidNotation("bad_position", f"Phase {phase!r} is not one of {', '.join(_PHASES)}.")
    filled: set[str] = set()
    rest_owner = None
    deck_empty = False
    turn = 1
    for part in parts[1:]:
        key, sep, body = part.partition(":")
        if not sep:
            raise InvalidNotation("bad_position", f"{part!r} should be 'Player: Territory armies, ...'.")
        key = key.strip()
        if key.lower() == "sets traded":
            state.sets_traded = SETS_TRADED.read(body, "Sets traded")
        elif key.lower() == "turn":
            turn = TURN.read(body.strip(), "The turn")
            if turn < 1:
                raise InvalidNotation("bad_position", f"{part!r}: turns count from 1 ('turn: 3').")
        elif key.lower() == "deck":
            if body.strip().lower() != "empty":
                raise InvalidNotation("bad_position", f"{part!r}: a position names only an empty deck ('deck: "
                                                      "empty', every card in no hand on the discard pile); "
                                                      "leave it out for a deck of every card in no hand.")
            deck_empty = True
        elif key.lower() == "rest":
            who, _, count = body.strip().rpartition(" ")
            if not who:
                raise InvalidNotation("bad_position", f"{part!r} should read like 'rest: Blue 1' (an owner and the "
                                                      "armies of every territory not listed).")
            rest_owner = int(players.resolve(who))
            rest_armies = ARMIES.read(count, "Each territory of 'rest'")
        elif key.lower().endswith(" cards"):
            p = int(players.resolve(key[:-6]))
            taken: set[str] = set()
            for c in [c for c in body.split(",") if c.strip()]:
                card = _card(c.strip(), terr, taken, [])
                taken.add(card)
                state.hands[p].append(card)
        else:
            p = int(players.resolve(key))
            for item in [i.strip() for i in body.split(",") if i.strip()]:
                where, _, count = item.rpartition(" ")
                if not count.isdigit() or not where:
                    raise InvalidNotation("bad_position", f"{item!r} should be a territory and its armies, "
                                                          "like 'Ukraine 5'.")
                t = terr.resolve(where)
                state.owner[t], state.armies[t] = p, ARMIES.read(count, game.map.name_of(t))
                filled.add(t)
    for t in state.owner:
        if t not in filled:
            if rest_owner is None:
                raise InvalidNotation("bad_position", f"{game.map.name_of(t)} has no owner: list it or add "
                                                      "'rest: Blue 1' for every territory not listed.")
            state.owner[t], state.armies[t] = rest_owner, rest_armies
    in_hands = {c for h in state.hands for c in h}
    state.deck = [c for c in full_deck(game.card_symbols) if c not in in_hands]
    if deck_empty:                       # every card in no hand was traded: the discard pile
        state.deck, state.discard = [], state.deck
    state.turn = turn
    state.phase = phase
    words = extra.split()
    state.conquered = "conquered" in [w.lower() for w in words]
    numbers = [w for w in words if w.isdigit()]
    if phase == "reinforce":
        state.reinforcements = (COUNT.read(numbers[0], "The reinforcements to place") if numbers
                                else reinforcement_breakdown(state, state.current)[0])
    elif phase == "cashout":
        state.reinforcements = COUNT.read(numbers[0], "The reinforcements to place") if numbers else 0
    elif phase == "occupy":
        m = re.search(r"(.+?)\s*(?:->|→)\s*(.+?)\s+(\d+)", extra.replace("conquered", ""))
        if not m:
            raise InvalidNotation("bad_position", "An occupy position reads 'occupy Ukraine -> Ural 3'.")
        state.occupy = {"src": terr.resolve(m.group(1)), "dst": terr.resolve(m.group(2)),
                        "min": ARMIES.read(m.group(3), "The armies to move in")}
        state.conquered = True
    state.record = Record(game, seed, start=state.to_json())
    return state


def format_position(state: ConquestState) -> str:
    """The one-line position of a state in a play phase (inverse of parse_position)."""
    game = state.game
    head = f"{game.player_name(state.current)} to move, {state.phase}"
    if state.phase in ("reinforce", "cashout"):
        head += f" {state.reinforcements}"
    if state.phase == "occupy":
        o = state.occupy
        head += f" {game.map.name_of(o['src'])} -> {game.map.name_of(o['dst'])} {o['min']}"
    elif state.conquered:
        head += " conquered"
    parts = [head]
    for p in [*range(game.num_players), NEUTRAL]:
        owned = [f"{game.map.name_of(t)} {state.armies[t]}" for t in state.owner if state.owner[t] == p]
        if owned:
            parts.append(f"{game.player_name(p)}: " + ", ".join(owned))
    for p, hand in enumerate(state.hands):
        if hand:
            parts.append(f"{game.player_name(p)} cards: " + ", ".join(card_name(c, game) for c in hand))
    if state.sets_traded:
        parts.append(f"sets traded: {state.sets_traded}")
    if state.turn > 1:
        parts.append(f"turn: {state.turn}")
    if not state.deck and state.discard:
        parts.append("deck: empty")
    return " | ".join(parts)


def public_position(state: ConquestState) -> str | None:
    """The position everybody may see (no cards in anyone's hand), or None while setting up (claims and
    deals are not a position yet)."""
    if state.phase not in ("reinforce", "attack", "occupy", "cashout", "fortify"):
        return None
    board = copy.copy(state)
    board.hands = [[] for _ in state.hands]
    return format_position(board)
