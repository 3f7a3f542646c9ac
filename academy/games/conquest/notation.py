"""Conquest notation: actions as short English commands, positions as one line.

Actions (names are case-insensitive; unique prefixes and aliases work):

    claim Alaska                      place 3 Ukraine            trade Alaska, Peru, Wild 1 (+2 Alaska)
    attack Ukraine -> Ural 3          move 5                     end attack
    fortify Ukraine -> Ural 4         end turn

Chance outcomes: ``first Blue``, ``deal Alaska``, ``random place Alaska``, ``roll 6-5-1 vs 4-2``, ``draw Peru``.

A position is one line of ``|``-separated parts, for tests and lessons::

    Red to move, attack | Red: Ukraine 5, Ural 2 | Blue: Afghanistan 3 | rest: Blue 1 | Red cards: Alaska, Peru | sets traded: 2

The first part names the player to move and the phase (``reinforce 5`` gives 5 armies to place,
``occupy Ukraine -> Ural 3`` a pending conquest move of at least 3, ``attack``, ``fortify``,
``cashout 4``); ``conquered`` after the phase marks that a territory was taken this turn.
The deck holds every card in no hand; ``deck: empty`` puts those cards on the discard pile instead
(every one of them traded), so the next card drawn comes from the discard pile shuffled into a new deck.
``turn: 3`` gives the game's turn (1 when left out).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from academy.core.errors import InvalidNotation
from academy.core.names import NameIndex, normalise

from .actions import (Attack, Claim, Deal, Draw, EndAttack, EndTurn, FirstPlayer, Fortify, Occupy, Place,
                      RandomPlace, Roll, TradeCards)
from .cards import WILDS, is_wild

if TYPE_CHECKING:
    from .game import ConquestGame
    from .state import ConquestState

NEUTRAL = -1
_ARROW = re.compile(r"\s*(?:->|→|\bto\b)\s*", re.IGNORECASE)
_HELP = ("Try: place 3 Ukraine · trade Alaska, Peru, Wild 1 · attack Ukraine -> Ural 3 · move 3 · "
         "end attack · fortify Ukraine -> Ural 2 · end turn.")


def territory_index(game: ConquestGame) -> NameIndex:
    return NameIndex({t.id: (t.name, *t.aliases) for t in game.map.territories.values()}, "territory")


def player_index(game: ConquestGame) -> NameIndex:
    names = {str(p): (game.player_name(p), f"P{p + 1}", f"Player {p + 1}") for p in range(game.num_players)}
    names[str(NEUTRAL)] = ("Neutral", "N")
    return NameIndex(names, "player")


def _int(text: str, what: str) -> int:
    """A count of ``what`` within ``limits.COUNT``; InvalidNotation for anything else."""
    from .limits import COUNT
    if not text.strip():
        raise InvalidNotation("bad_number", f"Expected a number of {what}, got {text!r}.")
    return COUNT.read(text, f"The number of {what}")


def _split_count(rest: str, front: bool) -> tuple[str, int | None]:
    """'3 Ukraine' -> ('Ukraine', 3) when front; 'Ukraine 3' -> ('Ukraine', 3) otherwise."""
    words = rest.split()
    if front and words and words[0].isdigit():
        return " ".join(words[1:]), _int(words[0], "armies")
    if not front and words and words[-1].isdigit():
        return " ".join(words[:-1]), _int(words[-1], "armies")
    return rest, None


def _pair(rest: str, index: NameIndex, verb: str) -> tuple[str, str, int | None]:
    rest = re.sub(r"\b(with|dice|die|armies|army)\b", " ", rest, flags=re.IGNORECASE).strip()
    rest, count = _split_count(rest, front=False)
    parts = _ARROW.split(rest, maxsplit=1)
    if len(parts) != 2 or not parts[0] or not parts[1]:
        raise InvalidNotation("bad_notation", f"Write {verb} as '{verb} FROM -> TO [number]', e.g. "
                                              f"'{verb} Ukraine -> Ural 3'.")
    return index.resolve(parts[0]), index.resolve(parts[1]), count


def _card(text: str, index: NameIndex, taken: set[str], hand: list[str]) -> str:
    key = normalise(text)
    if key.startswith("wild"):
        if key[4:]:
            card = f"wild{key[4:]}"
            if card not in WILDS:
                raise InvalidNotation("unknown_card", f"{text!r} is not a card; the wild cards are Wild 1 and Wild 2.")
            return card
        free = [w for w in WILDS if w in hand and w not in taken] or [w for w in WILDS if w not in taken]
        return free[0]
    return index.resolve(text)


def parse_action(text: str, state: ConquestState) -> Any:
    """Read a command; raises InvalidNotation or AmbiguousNotation with a hint."""
    game = state.game
    terr = territory_index(game)
    raw = text.strip()
    low = raw.lower()
    verb, _, rest = low.partition(" ")
    rest = raw[len(verb):].strip()
    if normalise(low) in ("endattack", "stopattacking", "stop", "done"):
        return EndAttack()
    if normalise(low) in ("endturn", "pass", "endfortify", "nofortify"):
        return EndTurn()
    if verb == "claim":
        return Claim(terr.resolve(rest))
    if verb == "place":
        where, count = _split_count(rest, front=True)
        if count is None:
            where, count = _split_count(rest, front=False)
        return Place(terr.resolve(where), 1 if count is None else count)
    if verb == "trade":
        bonus = None
        m = re.search(r"\(\s*\+\s*2\s+(.+?)\s*\)\s*$", rest)
        if m:
            bonus = terr.resolve(m.group(1))
            rest = rest[:m.start()]
        hand = state.hands[state.current] if state.current is not None and state.current >= 0 else []
        taken: set[str] = set()
        cards = []
        for part in [p for p in re.split(r"\s*,\s*", rest.strip()) if p]:
            card = _card(part, terr, taken, hand)
            taken.add(card)
            cards.append(card)
        if len(cards) != 3:
            raise InvalidNotation("bad_notation", "A trade names three cards, separated by commas: "
                                                  "'trade Alaska, Peru, Wild 1'.")
        if bonus is None and not m:
            owned = [c for c in cards if not is_wild(c) and state.owner.get(c) == state.current]
            bonus = owned[0] if owned else None
        return TradeCards(tuple(cards), bonus)  # type: ignore[arg-type]
    if verb == "attack":
        src, dst, dice = _pair(rest, terr, "attack")
        if dice is None:
            from .dice import max_attack_dice
            dice = max(1, max_attack_dice(state.armies[src]))
        return Attack(src, dst, dice)
    if verb in ("move", "occupy"):
        return Occupy(_int(rest.split()[0] if rest else "", "armies"))
    if verb == "fortify":
        src, dst, armies = _pair(rest, terr, "fortify")
        if armies is None:
            raise InvalidNotation("bad_notation", "Say how many armies: 'fortify Ukraine -> Ural 4'.")
        return Fortify(src, dst, armies)
    if verb == "first":
        return FirstPlayer(int(player_index(game).resolve(rest)))
    if verb == "deal":
        return Deal(terr.resolve(rest))
    if verb == "random" and rest.lower().startswith("place"):
        return RandomPlace(terr.resolve(rest[5:]))
    if verb == "draw":
        return Draw(_card(rest, terr, set(), []))
    if verb == "roll":
        m = re.fullmatch(r"([1-6](?:-[1-6]){0,2})\s+vs\s+([1-6](?:-[1-6])?)", rest.strip())
        if not m:
            raise InvalidNotation("bad_notation", "Write a roll as 'roll 6-5-1 vs 4-2'.")
        a, d = (tuple(sorted((int(x) for x in g.split("-")), reverse=True)) for g in m.groups())
        return Roll(a, d)
    raise InvalidNotation("bad_notation", f"{raw!r} is not a Conquest command. {_HELP}")


def card_name(card: str, game: ConquestGame) -> str:
    return f"Wild {card[4:]}" if is_wild(card) else game.map.name_of(card)


def format_action(action: Any, state: ConquestState) -> str:
    """Write an action so that parse_action reads it back."""
    game = state.game
    n = game.map.name_of
    match action:
        case Claim(t):
            return f"claim {n(t)}"
        case Place(t, k):
            return f"place {k} {n(t)}"
        case TradeCards(cards, bonus):
            text = "trade " + ", ".join(card_name(c, game) for c in cards)
            return text + (f" (+2 {n(bonus)})" if bonus else "")
        case Attack(src, dst, dice):
            return f"attack {n(src)} -> {n(dst)} {dice}"
        case Occupy(k):
            return f"move {k}"
        case EndAttack():
            return "end attack"
        case Fortify(src, dst, k):
            return f"fortify {n(src)} -> {n(dst)} {k}"
        case EndTurn():
            return "end turn"
        case FirstPlayer(p):
            return f"first {game.player_name(p)}"
        case Deal(t):
            return f"deal {n(t)}"
        case RandomPlace(t):
            return f"random place {n(t)}"
        case Roll(a, d):
            return f"roll {'-'.join(map(str, a))} vs {'-'.join(map(str, d))}"
        case Draw(c):
            return f"draw {card_name(c, game)}"
    raise InvalidNotation("bad_notation", f"{action!r} is not a Conquest action.")
