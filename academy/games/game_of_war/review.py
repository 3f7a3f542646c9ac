"""The coach's rule for the Game of War (issue 22): attacks by their combat totals against the best attack
on the board, moves by the units they leave cut off or exposed against the unit's best square.

There is no chance in the Game of War, so every number is exact.

**The attack** (and ending the turn without one) is worth what its result does (game-of-war.md, Combat;
``combat.combat``'s totals): ``RESULT_VALUE`` 3 for a destruction (attack >= defence + 2), 1 for a forced
retreat (defence + 1), 0 when repelled or when no attack is made. It is measured against the best attack
any connected unit could launch on any target, and the grade is the value given away
(``ATTACK_THRESHOLDS``): 0 good; 1 (a retreat missed) an inaccuracy; 2 (a retreat where a destruction
was on) a mistake; 3 (no result where a destruction was on) a blunder.

**A move** (or a retreat step) is measured by what it leaves behind (``harm``): each unit of the side
that the enemy could destroy next turn (the most attack it could bring on its square, ``bots.threat``:
every connected enemy fighting unit firing from where it stands or from a square within its move,
against the unit's defence total as it stands, ``bots.totals``) counts 1 (``EXPOSED``), each unit cut off
from the lines of communication counts half (``CUT_OFF``: it can still be joined up again). The best
square is the one of least harm among every square the same unit could move to; the grade is the harm
added against it (``MOVE_THRESHOLDS``): below a half good; a unit cut off an inaccuracy; a unit left open
to destruction a mistake; two or more a blunder. A move onto an enemy arsenal takes it and is always good.

Deployment is not graded (the enemy's is hidden then).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from academy.core.review import Decision, GameReviewer, Mark, grade_of
from academy.core.text import listing

from .actions import Attack, EndTurn, Move, Retreat
from .bots import threat, totals
from .combat import combat
from .communication import communication
from .position import Position
from .units import other_side

__all__ = ["ATTACK_THRESHOLDS", "CUT_OFF", "EXPOSED", "LESSONS", "MOVE_THRESHOLDS", "RESULT_VALUE",
           "GameOfWarReviewer", "Harm", "harm"]

#: what an attack's result is worth (no attack: 0)
RESULT_VALUE = {"destroyed": 3, "retreat": 1, "repelled": 0}
#: result value given away below which an attack is good, an inaccuracy, a mistake (else a blunder)
ATTACK_THRESHOLDS = (1.0, 2.0, 3.0)
#: a unit the enemy could destroy next turn, and a unit cut off from the lines, in units of harm
EXPOSED, CUT_OFF = 1.0, 0.5
#: harm added below which a move is good, an inaccuracy, a mistake (else a blunder)
MOVE_THRESHOLDS = (0.5, 1.0, 2.0)
#: the lesson (and exercise) behind each kind of mark
LESSONS = {"attack": ("combat-totals", "pick-the-target"), "exposed": ("combat-totals", "every-gun-counts"),
           "cut_off": ("communication", None)}

ATTACK, DEFENCE, RESULT = "attack", "defence", "result"
OPEN, CUT = "units open to destruction", "units cut off"


@dataclass(frozen=True)
class Harm:
    """What a position leaves a side open to: ``exposed`` {unit id: (the most attack the enemy could bring
    on it next turn, its defence total)} for each unit that attack would destroy, ``cut`` the ids of its
    units cut off from the lines; ``score`` weighs them (EXPOSED, CUT_OFF)."""

    exposed: dict[str, tuple[int, int]]
    cut: tuple[str, ...]

    @property
    def score(self) -> float:
        return EXPOSED * len(self.exposed) + CUT_OFF * len(self.cut)

    def numbers(self) -> dict[str, int]:
        return {OPEN: len(self.exposed), CUT: len(self.cut)}

    def words(self) -> str:
        """"N-I1 open to destruction next turn (attack up to 8 against defence 6)", or what is cut off."""
        parts = [f"{u} open to destruction next turn (attack up to {fire} against defence {defence})"
                 for u, (fire, defence) in sorted(self.exposed.items())]
        if self.cut:
            parts.append(f"{listing(self.cut)} cut off from the lines")
        return listing(parts) if parts else "no unit open to destruction or cut off"


def harm(pos: Position, side: str) -> Harm:
    """What ``pos`` leaves ``side`` open to (see Harm): the enemy's threat (``bots.threat``) on each unit
    against its defence total (``bots.totals``), and the units out of communication."""
    foe = other_side(side)
    nets = {side: communication(pos, side).connected, foe: communication(pos, foe).connected}
    fire = threat(pos, foe, nets[foe])
    exposed = {}
    for u in pos.units_of(side):
        aimed = fire.get(u.at, 0)
        if aimed:
            defence = totals(pos, foe, u, nets)[1]
            if aimed >= defence + 2:
                exposed[u.id] = (aimed, defence)
    return Harm(exposed, tuple(sorted(u.id for u in pos.units_of(side) if u.id not in nets[side])))


class GameOfWarReviewer(GameReviewer):
    """Grades Game of War attacks, turn ends, moves and retreats (see the module docstring)."""

    game_name = "game_of_war"
    graded = (Attack, EndTurn, Move, Retreat)

    def judge(self, decision: Decision) -> Mark | None:
        view: Any = decision.view
        if isinstance(decision.action, (Move, Retreat)):
            return self._move(decision, view)
        attacks = [a for a in view.legal_actions() if isinstance(a, Attack)]
        return self._attack(decision, view, attacks) if attacks else None

    # --- the attack -------------------------------------------------------------------------------
    def _attack(self, decision: Decision, view: Any, attacks: list[Attack]) -> Mark:
        side, pos = view.side, view.position
        action = decision.action
        results = {t: combat(pos, side, t) for t in dict.fromkeys(a.target for a in attacks)}

        def numbers(target: str | None) -> dict[str, Any]:
            if target is None:
                return {RESULT: "no attack"}
            c = results.get(target) or combat(pos, side, target)
            return {ATTACK: c.attack, DEFENCE: c.defence, RESULT: c.outcome}

        def value(target: str | None) -> int:
            return RESULT_VALUE[numbers(target)[RESULT]] if target is not None else 0

        made_target = action.target if isinstance(action, Attack) else None
        best = max(attacks, key=lambda a: (value(a.target), results[a.target].margin))
        loss = value(best.target) - value(made_target)
        text = self.game.format_action(action, view)
        made = numbers(made_target)
        if loss <= 0:
            why = (f"No attack on the board had a better result: {made[ATTACK]} against {made[DEFENCE]}, "
                   f"{made[RESULT]}." if made_target else "No attack on the board would have forced a retreat or "
                                                          "destroyed a unit.")
            return Mark(decision.step, decision.player, text, "good", None, made, {}, why, LESSONS["attack"])
        better = numbers(best.target)
        done = (f"This attack was {made[ATTACK]} against {made[DEFENCE]}, {made[RESULT]}" if made_target
                else "The turn ended without an attack")
        why = (f"{done}; {best.unit} attacking {best.target} was {better[ATTACK]} against {better[DEFENCE]}, "
               f"{better[RESULT]}.")
        return Mark(decision.step, decision.player, text, grade_of(loss, ATTACK_THRESHOLDS),
                    self.game.format_action(best, view), made, better, why, LESSONS["attack"])

    # --- moves and retreats -----------------------------------------------------------------------
    def _move(self, decision: Decision, view: Any) -> Mark:
        action = decision.action
        side, pos = view.side, view.position
        text = self.game.format_action(action, view)
        if action.to in pos.arsenals.get(other_side(side), ()):
            why = f"{action.unit} takes an enemy arsenal: nothing is worth more."
            return Mark(decision.step, decision.player, text, "good", None, {}, {}, why, LESSONS["cut_off"])
        kind = type(action)
        options = [a for a in view.legal_actions() if isinstance(a, kind) and a.unit == action.unit]
        scored = {a: harm(pos.with_unit_at(a.unit, a.to), side) for a in self._squares(options, action)}
        made = scored[action]
        best = min(scored, key=lambda a: (scored[a].score, a != action))
        loss = made.score - scored[best].score
        if best == action or loss <= 0:
            why = f"No square of {action.unit} left less open: this move leaves {made.words()}."
            return Mark(decision.step, decision.player, text, "good", None, made.numbers(), {}, why,
                        LESSONS["exposed" if made.exposed else "cut_off"])
        other = scored[best]
        better = self.game.format_action(best, view)
        why = f"This move leaves {made.words()}; {better} leaves {other.words()}."
        kind_of = "exposed" if len(made.exposed) > len(other.exposed) else "cut_off"
        return Mark(decision.step, decision.player, text, grade_of(loss, MOVE_THRESHOLDS), better, made.numbers(),
                    other.numbers(), why, LESSONS[kind_of])

    @staticmethod
    def _squares(options: Iterable[Any], made: Any) -> list[Any]:
        """The options to weigh, the decision made among them (even if the view's list missed it)."""
        out = list(dict.fromkeys(options))
        return out if made in out else [*out, made]

