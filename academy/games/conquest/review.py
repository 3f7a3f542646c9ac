"""The coach's rule for Conquest (issue 22): attacks, reinforcements and moves after a conquest, each judged
by the engine's exact odds (odds.py) against the best choice the player had.

**Attacks.** Each attack (one roll of the battle, conquest.md "Phase 2: Attack") is measured as the odds
panel measures it: the exact probability (odds.conquer_probability) that the attacking territory's armies,
rolling at most the dice chosen and attacking on until the territory falls or one army is left, conquer
the defender, and the armies each side expects to lose doing it (odds.battle_odds). It is weighed against
the best attack on the same territory (from any neighbour of the player's, with the most dice allowed:
the highest conquer chance, fewer expected armies lost breaking a tie). An attack that conquers less
often than ``HOPELESS`` (one time in four) and costs more armies than it kills should not be made at all:
it is weighed against the best attack on the whole board. Which of two targets is worth more (a
continent, a card, a rival's last territory) is a plan, not odds, so an attack with fair odds on another
target than the likeliest one is not marked.

**Reinforcements.** Placing armies (``Place`` in the reinforcement phase or after a cash-out; set-up is not
graded) is judged by what the territory can do with them: the conquer chance of its best attack, or, when
an enemy (not neutral) territory borders it, the chance it holds against the strongest one, whichever is
higher. The same armies on the player's best territory are the comparison: armies put where they neither
win an attack nor hold a border (a beginner spreading them thin) give that use away.

**Moving in.** After a conquest (``Occupy``), moving more than the minimum into a territory no enemy
borders while an enemy stack borders the territory attacked from is judged by how much likelier the
latter is to fall (the enemy's armies attacking the armies left, exactly), against moving the minimum.

The grade is the chance given away, in percentage points (``THRESHOLDS``; ``OCCUPY_THRESHOLDS`` for
moving in):

- below 5 points: good (as good as any choice, give or take a roll);
- below 15: an inaccuracy (a clearly weaker choice, but still one of the sound ones);
- below 30: a mistake (a third of the way from sure to hopeless);
- 30 or more: a blunder (a 2-army-against-10 attack next to a 10-against-1).

Trading cards, ending the attack and fortifying get no mark. The grade uses only the board, which every
seat sees (the cards are hidden, and never read), and never the dice that followed.
"""
from __future__ import annotations

from typing import Any

from academy.core.review import Decision, GameReviewer, Mark, grade_of
from academy.core.text import count, percent

from .actions import Attack, Occupy, Place
from .dice import max_attack_dice
from .odds import battle_odds, conquer_probability

__all__ = ["LESSONS", "THRESHOLDS", "ConquestReviewer", "attack_numbers"]

#: conquer chance given away, in percentage points, below which an attack is good, an inaccuracy, a mistake
THRESHOLDS = (5.0, 15.0, 30.0)
#: the lesson (and exercise) behind each kind of mark: an attack with fewer dice than allowed, any other
LESSONS = {"dice": ("attacking", "most-dice"), "odds": ("attacking", None), "guard": ("conquering", None),
           "place": ("reinforcements", None)}

CHANCE, LOST = "conquer chance", "expected armies lost"
#: an attack that conquers less often than this and costs more armies than it kills should not be made at all
HOPELESS = 0.25
FALLS, LEFT, HOLDS = "chance it falls", "armies left", "chance it holds"
#: points of chance that a territory left behind falls, below which a move-in is good, an inaccuracy, a mistake
OCCUPY_THRESHOLDS = (10.0, 25.0, 50.0)


def attack_numbers(armies: int, defenders: int, dice: int) -> dict[str, float]:
    """The conquer chance and the expected armies lost of an attack from ``armies`` on ``defenders``,
    rolling at most ``dice``: the numbers a mark shows (odds.battle_odds's win and losses).

    >>> round(attack_numbers(4, 2, 3)["conquer chance"], 6)
    0.655954
    """
    odds = battle_odds(armies, defenders, dice)
    return {CHANCE: conquer_probability(armies, defenders, dice), LOST: odds.expected_attacker_losses}


Use = tuple[dict[str, float], str | None, str | None, int]


def placement_numbers(view: Any, me: int, territory: str, armies: int) -> Use:
    """What ``armies`` more on ``territory`` are good for: ({conquer chance of its best attack, and the
    chance it holds against its strongest enemy neighbour when one can attack it}, that attack's target,
    that neighbour, its armies).

    >>> from academy.games.conquest import parse_position
    >>> s = parse_position("Red to move, reinforce 3 | Red: Peru 1, Ukraine 5 | Blue: Brazil 8, Ural 1 | rest: Blue 2")
    >>> numbers, target, enemy, armies = placement_numbers(s, 0, "peru", 3)
    >>> target, enemy, armies, round(numbers["conquer chance"], 3), round(numbers["chance it holds"], 3)
    ('argentina', 'brazil', 8, 0.656, 0.166)
    """
    cmap, total = view.game.map, view.armies[territory] + armies
    chance, target = 0.0, None
    enemy, strongest = None, 0
    for n in sorted(cmap.neighbours[territory]):
        owner = view.owner[n]
        if owner == me:
            continue
        c = conquer_probability(total, view.armies[n]) if total >= 2 else 0.0
        if target is None or c > chance:
            chance, target = c, n
        if owner is not None and owner >= 0 and view.armies[n] > strongest:
            enemy, strongest = n, view.armies[n]
    numbers = {CHANCE: chance}
    if strongest >= 2:
        numbers[HOLDS] = 1.0 - conquer_probability(strongest, total)
    return numbers, target, enemy, strongest


def _use(numbers: dict[str, float]) -> float:
    """A placement's use: the better of its best attack's conquer chance and the chance the territory holds."""
    return max(numbers[CHANCE], numbers.get(HOLDS, 0.0))


def _placed(name: Any, territory: str, armies: int, use: Use, short: bool = False) -> str:
    """What ``armies`` more on ``territory`` let it do: "With 3 armies more, Ukraine can conquer Ural with a
    61.2% chance and holds against Siberia's 4 armies 88.0% of the time" (``short``: from the name on)."""
    numbers, target, enemy, strongest = use
    head = name(territory) if short else f"With {count(armies, 'army')} more, {name(territory)}"
    if target is None:
        return f"{head} has no enemy next to it, to attack or to fear"
    said = f"{head} can conquer {name(target)} with a {percent(numbers[CHANCE])} chance"
    if HOLDS in numbers and (not short or numbers[HOLDS] > numbers[CHANCE]):
        said += (f" and holds against {name(enemy)}'s {count(strongest, 'army')} "
                 f"{percent(numbers[HOLDS])} of the time")
    return said


class ConquestReviewer(GameReviewer):
    """Grades Conquest attacks (see the module docstring); every other decision gets no mark."""

    game_name = "conquest"
    graded = (Attack, Occupy, Place)

    def judge(self, decision: Decision) -> Mark | None:
        if isinstance(decision.action, Occupy):
            return self._judge_occupy(decision)
        if isinstance(decision.action, Place):
            return self._judge_place(decision)
        return self._judge_attack(decision)

    # --- reinforcements ----------------------------------------------------------------------------
    def _judge_place(self, decision: Decision) -> Mark | None:
        action, view = decision.action, decision.view
        if view.phase not in ("reinforce", "cashout"):
            return None                      # set-up armies are not graded
        k, me = action.armies, view.current
        name = view.game.map.name_of
        text = self.game.format_action(action, view)
        made = placement_numbers(view, me, action.territory, k)
        best_t, best = max(((t, placement_numbers(view, me, t, k)) for t in view.territories_of(me)),
                           key=lambda tn: (_use(tn[1][0]), tn[1][0][CHANCE]))
        loss = 100 * (_use(best[0]) - _use(made[0]))
        said = _placed(name, action.territory, k, made)
        if best_t == action.territory or loss < THRESHOLDS[0]:
            why = f"{said}: as much use as {count(k, 'army')} could be anywhere."
            return Mark(decision.step, decision.player, text, "good", None, made[0], {}, why, LESSONS["place"])
        better = self.game.format_action(Place(best_t, k), view)
        why = (f"{said}. The same {count(k, 'army')} on {_placed(name, best_t, k, best, short=True)}: "
               f"{loss:.0f} points more.")
        return Mark(decision.step, decision.player, text, grade_of(loss, THRESHOLDS), better, made[0], best[0],
                    why, LESSONS["place"])

    def _judge_occupy(self, decision: Decision) -> Mark | None:
        action, view = decision.action, decision.view
        me, cmap, occ = view.current, view.game.map, view.occupy
        src, dst, low = occ["src"], occ["dst"], occ["min"]
        total = view.armies[src]
        left = total - action.armies
        text = self.game.format_action(action, view)

        def enemy(t: str) -> tuple[int, str | None]:
            return max(((view.armies[n], n) for n in sorted(cmap.neighbours[t])
                        if view.owner[n] is not None and view.owner[n] >= 0 and view.owner[n] != me),
                       default=(0, None))
        threat, by = enemy(src)
        name = cmap.name_of
        made = {FALLS: conquer_probability(threat, left) if threat >= 2 else 0.0, LEFT: left}
        if threat < 2 or action.armies == low or enemy(dst)[1] is not None:
            if threat < 2:
                why = f"No enemy army next to {name(src)} can attack it, so the armies were free to move on."
            elif action.armies == low:
                why = (f"Only the {count(low, 'army')} required moved: {name(src)} keeps {left} against "
                       f"{name(by)}'s {threat} ({percent(made[FALLS])} that it falls).")
            else:
                why = (f"{name(dst)} borders an enemy too, so the armies moved in guard it; {name(src)} keeps "
                       f"{left} against {name(by)}'s {threat} ({percent(made[FALLS])} that it falls).")
            return Mark(decision.step, decision.player, text, "good", None, made, {}, why, LESSONS["guard"])
        best = {FALLS: conquer_probability(threat, total - low), LEFT: total - low}
        loss = 100 * (made[FALLS] - best[FALLS])
        grade = grade_of(loss, OCCUPY_THRESHOLDS)
        why = (f"Moving {action.armies} into {name(dst)}, which borders no enemy, leaves {name(src)} "
               f"{count(left, 'army')} against {name(by)}'s {threat}, which would conquer it with "
               f"{percent(made[FALLS])}; moving {low} would leave {total - low} and {percent(best[FALLS])}.")
        if grade == "good":
            return Mark(decision.step, decision.player, text, grade, None, made, {}, why, LESSONS["guard"])
        return Mark(decision.step, decision.player, text, grade, self.game.format_action(Occupy(low), view),
                    made, best, why, LESSONS["guard"])

    def _judge_attack(self, decision: Decision) -> Mark | None:
        action = decision.action
        view: Any = decision.view
        a, d = view.armies[action.src], view.armies[action.dst]
        made = attack_numbers(a, d, action.dice)
        killed = battle_odds(a, d, action.dice).expected_defender_losses
        options = self._options(view)
        # an attack that fails three times in four and costs more armies than it kills should not be made at
        # all: it is weighed against every attack on the board; any other against the attacks on its target
        losing = made[CHANCE] < HOPELESS and made[LOST] > killed
        pool = options if losing else [o for o in options if o[0].dst == action.dst]
        best, numbers = max(pool, key=lambda o: (o[1][CHANCE], -o[1][LOST]))
        loss = 100 * (numbers[CHANCE] - made[CHANCE])
        name = view.game.map.name_of
        text = self.game.format_action(action, view)
        src, dst = name(action.src), name(action.dst)
        if best == action or loss < THRESHOLDS[0]:
            if losing:
                why = (f"{src} → {dst} conquers with {percent(made[CHANCE])}, costing {made[LOST]:.1f} armies "
                       f"expected for {killed:.1f} of theirs, but no attack on the board had a better chance.")
            else:
                why = (f"{src} → {dst} conquers with {percent(made[CHANCE])}, for {made[LOST]:.1f} armies "
                       f"expected lost and {killed:.1f} of theirs; no attack on {dst} had a better chance.")
            return Mark(decision.step, decision.player, text, "good", None, made, {}, why, LESSONS["odds"])
        better = self.game.format_action(best, view)
        fewer_dice = (best.src, best.dst) == (action.src, action.dst)
        if fewer_dice:
            why = (f"Rolling {count(action.dice, 'die')} from {src}, the chance to conquer {dst} is "
                   f"{percent(made[CHANCE])}; the {count(best.dice, 'die')} allowed give "
                   f"{percent(numbers[CHANCE])} ({loss:.0f} points more).")
        elif best.dst == action.dst:
            why = (f"From {src} the chance to conquer {dst} is {percent(made[CHANCE])} ({made[LOST]:.1f} armies "
                   f"expected lost); from {name(best.src)} it is {percent(numbers[CHANCE])} "
                   f"({numbers[LOST]:.1f} expected lost): {loss:.0f} points of chance to conquer given away.")
        else:
            why = (f"This attack conquers {dst} with {percent(made[CHANCE])} and costs {made[LOST]:.1f} armies "
                   f"expected for {killed:.1f} of theirs; {name(best.src)} → {name(best.dst)} conquers with "
                   f"{percent(numbers[CHANCE])} ({numbers[LOST]:.1f} expected lost).")
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
