"""Rules that pages state in words next to the choices they concern (the games form, the draw button),
worded here so that no page words a rule itself (diplomacy.md §8 for the length and the draw)."""
from __future__ import annotations

__all__ = ["RULE_NOTES", "STRENGTHS", "strengths_words"]

RULE_NOTES: dict[str, str] = {
    "years": "With an agreed length, the game ends at the end of its last year and the power with the most "
             "supply centres wins; powers tied for the most share the result.",
    "no_orders": "Units without orders hold.",
    "draw": "A draw needs the vote of every surviving power in the same phase; the votes end when the phase "
            "resolves.",
}


#: the four strengths the adjudicator weighs (the DATC's names), each said in plain words
STRENGTHS: dict[str, str] = {
    "attack": "to move in",
    "defend": "in a head-to-head",
    "prevent": "to keep others out",
    "hold": "to stay put",
}


def strengths_words(strengths: dict[str, int]) -> str:
    """The strengths in play in plain words ('' when there are none).

    >>> strengths_words({"attack": 2, "defend": 2, "prevent": 1, "hold": 0})
    'Strength to move in 2 · in a head-to-head 2 · to keep others out 1 · to stay put 0'
    """
    parts = [f"{words} {strengths[k]}" for k, words in STRENGTHS.items() if k in strengths]
    return "Strength " + " · ".join(parts) if parts else ""
