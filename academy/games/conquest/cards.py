"""Territory cards: the deck, valid sets and the escalating trade values (classic rules)."""
from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping

WILDS = ("wild1", "wild2")
TRADE_VALUES = (4, 6, 8, 10, 12, 15)


def full_deck(card_symbols: Mapping[str, str]) -> list[str]:
    """All 44 cards: one per territory plus the two wilds."""
    return sorted(card_symbols) + list(WILDS)


def is_wild(card: str) -> bool:
    return card in WILDS


def symbol(card: str, card_symbols: Mapping[str, str]) -> str:
    return "wild" if is_wild(card) else card_symbols[card]


def is_valid_set(cards: Iterable[str], card_symbols: Mapping[str, str]) -> bool:
    """Three of a kind, one of each, or any two with a wild (conquest.md Phase 1; classic deck).

    >>> is_valid_set(["a", "b", "wild1"], {"a": "infantry", "b": "infantry"})
    True
    """
    cards = list(cards)
    if len(cards) != 3 or len(set(cards)) != 3:
        return False
    symbols = [symbol(c, card_symbols) for c in cards]
    if "wild" in symbols:
        return True
    return len(set(symbols)) in (1, 3)


def set_value(sets_traded_before: int) -> int:
    """Armies for the next set when ``sets_traded_before`` sets were traded by anyone: 4, 6, 8, 10, 12, 15, 20, 25 ...

    >>> [set_value(n) for n in range(8)]
    [4, 6, 8, 10, 12, 15, 20, 25]
    """
    if sets_traded_before < 0:
        raise ValueError("sets_traded_before must be >= 0")
    if sets_traded_before < len(TRADE_VALUES):
        return TRADE_VALUES[sets_traded_before]
    return TRADE_VALUES[-1] + 5 * (sets_traded_before - len(TRADE_VALUES) + 1)


def valid_sets(hand: Iterable[str], card_symbols: Mapping[str, str]) -> list[tuple[str, str, str]]:
    """Every valid set in a hand, each as a sorted triple."""
    return [combo for combo in itertools.combinations(sorted(hand), 3) if is_valid_set(combo, card_symbols)]
