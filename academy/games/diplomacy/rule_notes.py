"""Rules that pages state in words next to the choices they concern (the games form, the draw button),
worded here so that no page words a rule itself (diplomacy.md §8 for the length and the draw)."""
from __future__ import annotations

__all__ = ["RULE_NOTES"]

RULE_NOTES: dict[str, str] = {
    "years": "With an agreed length, the game ends at the end of its last year and the power with the most "
             "supply centres wins; powers tied for the most share the result.",
    "no_orders": "Units without orders hold.",
    "draw": "A draw needs the vote of every surviving power in the same phase; the votes end when the phase "
            "resolves.",
}
