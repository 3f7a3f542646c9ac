"""The coach's rule for Conquest (issue 22): an attack is graded by its exact conquer chance against the
best attack on the board.

Each attack (one roll of the battle, conquest.md "Phase 2: Attack") is measured as the odds panel
measures it: the exact probability (odds.conquer_probability) that the attacking territory's armies,
rolling at most the dice chosen and attacking on until the territory falls or one army is left, conquer
the defender, and the armies the attacker expects to lose doing it (odds.battle_odds). The best attack
available is the one with the highest conquer chance of every attack the player could make from the same
position, each with the most dice allowed (fewer expected armies lost breaks a tie). The grade is the
conquer chance given away, in percentage points (``THRESHOLDS``):

- below 5 points: good (the odds are as good as any on the board, give or take a roll);
- below 15: an inaccuracy (a clearly weaker attack, but still one of the sound ones);
- below 30: a mistake (a third of the way from sure to hopeless);
- 30 or more: a blunder (a 2-army-against-10 attack next to a 10-against-1).

Only attacks are graded: placing, trading, moving in and fortifying are plans, not odds. The grade uses
only the board, which every seat sees (the cards are hidden, and never read), and never the dice that
followed.
"""
from __future__ import annotations

from typing import Any

from academy.core.review import Decision, GameReviewer, Mark, grade_of
from academy.core.text import count, percent

from .actions import Attack
from .dice import max_attack_dice
from .odds import battle_odds, conquer_probability

__all__ = ["LESSONS", "THRESHOLDS", "ConquestReviewer", "attack_numbers"]

#: conquer chance given away, in percentage points, below which an attack is good, an inaccuracy, a mistake
THRESHOLDS = (5.0, 15.0, 30.0)
#: the lesson (and exercise) behind each kind of mark: an attack with fewer dice than allowed, any other
LESSONS = {"dice": ("attacking", "most-dice"), "odds": ("attacking", None)}

CHANCE, LOST = "conquer chance", "expected armies lost"


def attack_numbers(armies: int, defenders: int, dice: int) -> dict[str, float]:
    """The conquer chance and the expected armies lost of an attack from ``armies`` on ``defenders``,
    rolling at most ``dice``: the numbers a mark shows (odds.battle_odds's win and losses).

    >>> round(attack_numbers(4, 2, 3)["conquer chance"], 6)
    0.655954
    """
    odds = battle_odds(armies, defenders, dice)
    return {CHANCE: conquer_probability(armies, defenders, dice), LOST: odds.expected_attacker_losses}


class ConquestReviewer(GameReviewer):
    """Grades Conquest attacks (see the module docstring); every other decision gets no mark."""

    game_name = "conquest"
    graded = (Attack,)

    def judge(self, decision: Decision) -> Mark | None:
        action = decision.action
        view: Any = decision.view
        made = attack_numbers(view.armies[action.src], view.armies[action.dst], action.dice)
        best, numbers = max(self._options(view), key=lambda o: (o[1][CHANCE], -o[1][LOST]))
        loss = 100 * (numbers[CHANCE] - made[CHANCE])
        name = view.game.map.name_of
        text = self.game.format_action(action, view)
        if best == action or loss <= 0:
            why = (f"No attack on the board had a better chance to conquer than {name(action.src)} → "
                   f"{name(action.dst)}: {percent(made[CHANCE])}, for {made[LOST]:.1f} armies expected lost.")
            return Mark(decision.step, decision.player, text, "good", None, made, {}, why, LESSONS["odds"])
        better = self.game.format_action(best, view)
        fewer_dice = (best.src, best.dst) == (action.src, action.dst)
        if fewer_dice:
            why = (f"Rolling {count(action.dice, 'die')} from {name(action.src)}, the chance to conquer "
                   f"{name(action.dst)} is {percent(made[CHANCE])}; the {count(best.dice, 'die')} allowed give "
                   f"{percent(numbers[CHANCE])} ({loss:.0f} points more).")
        else:
            why = (f"This attack has a {percent(made[CHANCE])} chance to conquer {name(action.dst)} "
                   f"({made[LOST]:.1f} armies expected lost); {name(best.src)} → {name(best.dst)} has "
                   f"{percent(numbers[CHANCE])} ({numbers[LOST]:.1f} expected lost): {loss:.0f} points of "
                   "chance to conquer given away.")
        return Mark(decision.step, decision.player, text, grade_of(loss, THRESHOLDS), better, made, numbers, why,
                    LESSONS["dice" if fewer_dice else "odds"])

    @staticmethod
    def _options(view: Any) -> list[tuple[Attack, dict[str, float]]]:
        """Every attack the player to move could make, with the most dice allowed, and its numbers."""
        me, cmap = view.current, view.game.map
        out = []
        for src in view.territories_of(me):
            armies = view.armies[src]
            if armies < 2:
                continue
            for dst in sorted(cmap.neighbours[src]):
                if view.owner[dst] != me:
                    dice = max_attack_dice(armies)
                    out.append((Attack(src, dst, dice), attack_numbers(armies, view.armies[dst], dice)))
        return out
