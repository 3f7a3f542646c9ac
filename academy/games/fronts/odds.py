"""Odds of planned orders, as the player sees them (fronts.md "Battles", "Turn order", "Fog", "Supply").

The preview runs the engine's own resolution (``resolve.resolve_turn``) over the planned orders on
the board as the player sees it, and walks every way its battles can go: at each battle the engine
asks for the winner (``Turn.draw``), and the preview tries each side in turn, so every battle the
orders cause is found with its exact odds, in the order the turn resolves them:

- every stack moving in fights together (two stacks into one province are one side), with the guns
  and planes that support or strike there, and supply as the engine counts it;
- defence: planes and guns backing your own province add to its defenders;
- three or more sides marching in roll once, then the winner fights whoever held the province, and
  a border clash's winner carries on into the province it entered: these follow-on battles are
  listed with the chance that they happen and what must happen first.

The board as the player sees it: every province's owner and dug-in turns, the player's team's stacks
and the garrisons exactly, enemy stacks seen exactly where the fog shows counts, and a stack seen
only as types and a size range as the middle of the range of its first type (an estimate, marked);
stacks the fog hides are not there. The orders: the player's and its teammates', and any orders of
other sides that are given (a lesson's); every other stack holds.

>>> from academy.games.fronts.game import FrontsGame
>>> s = FrontsGame().new_initial_state()
>>> p = preview(s, "red", "2 infantry 1 armor Millbrook -> Riverton")
>>> p.province, [round(float(x), 3) for x in p.battle.win_probabilities()]
('riverton', [0.2, 0.8])
>>> p = preview(s, "red", "2 infantry 1 armor Millbrook -> Riverton", ["2 infantry Oakhollow -> Riverton"])
>>> [float(x) for x in p.battle.strengths()], round(float(p.battle.win_probabilities()[0]), 3)
([4.6, 6.0], 0.37)
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from academy.core.errors import IllegalAction

from .battle import Battle
from .board import NEUTRAL, Board, empty_units
from .orders import parse_order
from .resolve import resolve_turn
from .rules import check_orders
from .turn import Group, Turn
from .units import LOSS_ORDER

__all__ = ["RANGE_MIDDLE", "MAX_LEAVES", "BattleOdds", "Preview", "TurnOdds", "preview", "turn_odds", "seen_board"]

#: the count assumed for a stack seen only as a size range
RANGE_MIDDLE = {"1-3": 2, "4-6": 5, "7-10": 8, "11-20": 15, "21+": 25}
#: at most this many ways the turn can go are walked; past it, later battles follow their likelier
#: winner only (their own odds stay exact; the chance that they happen is then marked approximate)
MAX_LEAVES = 256


@dataclass(frozen=True)
class BattleOdds:
    """One battle the planned orders cause.

    ``province``: the province fought over (a border clash: the one the first side moves into);
    ``place``: its name, or "A–B" for a border clash; ``kind``: "battle", "border clash" or "roll"
    (two or more sides moving in at once roll first; the winner then fights the holder, a "battle");
    ``step``: the movement step (1, 2 ...); ``battle``: the Battle with every strength, factor, the
    exact win chances and losses; ``chance``: the chance the orders lead to it (1: certain);
    ``after``: what must happen first (e.g. "Red wins the roll in Crown"); ``orders``: the
    (player, order) moves fighting in it; ``estimated``: a side was estimated from the fog.
    """

    province: str
    place: str
    kind: str
    step: int
    battle: Battle
    chance: Fraction
    after: tuple[str, ...] = ()
    orders: tuple[tuple[str, str], ...] = ()
    estimated: bool = False

    def win_probabilities(self) -> list[Fraction]:
        return self.battle.win_probabilities()


@dataclass(frozen=True)
class TurnOdds:
    """Every battle the planned orders cause, in resolution order, and after the turn the chance that
    each team holds each province fought over (``holds[province][team]``; None: nobody's).
    ``approximate``: more than ``MAX_LEAVES`` ways the turn can go (see there)."""

    battles: tuple[BattleOdds, ...]
    holds: Mapping[str, Mapping[str | None, Fraction]]
    approximate: bool = False
    estimated: bool = False


@dataclass(frozen=True)
class Preview:
    """The first battle a planned order takes part in: where, the Battle (every stack moving in with
    it, the guns and planes, the defenders as the fog shows them), whether the defenders are
    estimated; then (added in issue 19) ``battles``: every battle the orders cause (a TurnOdds'),
    ``chance``: the chance this battle happens, ``odds``: the BattleOdds of this battle, and
    ``holds``: after the turn, the chance that each team holds the province."""

    province: str
    battle: Battle
    estimated: bool
    battles: tuple[BattleOdds, ...] = ()
    chance: Fraction = Fraction(1)
    odds: BattleOdds | None = None
    holds: Mapping[str | None, Fraction] = field(default_factory=dict)


# --- the board as the player sees it -----------------------------------------------------------

def seen_board(state: Any, pid: str) -> tuple[Board, set[tuple[str, str]]]:
    """The board as ``pid`` sees it (see the module docstring) and the (owner, province) of every
    stack on it that is an estimate."""
    obs = state.observation(pid)
    players = tuple(state.board.players)
    stacks: dict[str, dict[str, dict[str, int]]] = {pl: {} for pl in players}
    neutral: dict[str, dict[str, int]] = {}
    estimated: set[tuple[str, str]] = set()
    for prov, seen in obs["stacks"].items():
        for e in seen:
            if "units" in e:
                units = {**empty_units(), **e["units"]}
            else:
                units = empty_units()
                units[(e["types"] or ["infantry"])[0]] = RANGE_MIDDLE[e["size"]]
                estimated.add((e["owner"], prov))
            (neutral if e["owner"] == NEUTRAL else stacks[e["owner"]])[prov] = units
    board = Board(turn=int(obs["turn"]), players=players, teams=dict(obs["teams"]), owners=dict(obs["owners"]),
                  stacks=stacks, neutral=neutral, funds={pl: 0 for pl in players}, dug=dict(obs["dug"]), held={},
                  half=list(obs["half"]), oos={pl: {} for pl in players}, scouted={pl: [] for pl in players},
                  out=list(obs["out"]), surrendered=list(obs["surrendered"]))
    return board, estimated


def _orders_by_player(state: Any, board: Board, pid: str, texts: Sequence[str],
                      other_orders: Sequence[str] | Mapping[Any, Sequence[str]], estimated: set[tuple[str, str]]
                      ) -> dict[str, list[str]]:
    """Each player's orders for the preview, checked on the seen board. A plain list of orders is the
    player's, or a teammate's (or another side's) where that player's stack stands at the order's
    source; a mapping gives them by player. Builds are left out (they come after every battle)."""
    fmap = state.fmap
    given: dict[str, list[str]] = {pid: list(texts)}
    if isinstance(other_orders, Mapping):
        for who, ts in other_orders.items():
            given.setdefault(state.player_id(who), []).extend([ts] if isinstance(ts, str) else list(ts))
    else:
        for text in [other_orders] if isinstance(other_orders, str) else other_orders:
            src = parse_order(text, fmap).source
            holders = [pl for pl in board.players if src in board.stacks.get(pl, {})]
            owner = pid if pid in holders or not holders else \
                next((pl for pl in holders if board.teams[pl] == board.teams[pid]), holders[0])
            given.setdefault(owner, []).append(text)
    out: dict[str, list[str]] = {}
    for pl, ts in given.items():
        moves = [t for t in ts if parse_order(t, fmap).kind != "build"]
        if pl != pid:
            moves = _widen_estimates(board, fmap, pl, moves, estimated)
        out[pl] = list(check_orders(board, fmap, pl, moves))
    return out


def _widen_estimates(board: Board, fmap: Any, pl: str, texts: Sequence[str], estimated: set[tuple[str, str]]
                     ) -> list[str]:
    """A given order of another side names the units it moves: a stack estimated from the fog has at
    least those, and a stack the fog hides is put on the board with them. Returns the orders that can
    be counted (an order of a hidden stack that names no counts, "all ...", cannot)."""
    need: dict[str, dict[str, int]] = {}
    kept = []
    for text in texts:
        o = parse_order(text, fmap)
        hidden = o.source not in board.stacks.get(pl, {})
        if hidden and any(n is None for _, n in o.units):
            continue
        kept.append(text)
        if hidden or (pl, o.source) in estimated:
            have = need.setdefault(o.source, empty_units())
            for k, n in o.units:
                have[k] += n or 0
    for prov, units in need.items():
        stack = board.stacks.setdefault(pl, {}).setdefault(prov, empty_units())
        for k in LOSS_ORDER:
            stack[k] = max(stack[k], units[k])
    return kept


# --- walking every way the turn can go -----------------------------------------------------------

@dataclass
class _Found:
    """A battle seen on one or more ways the turn goes (merged by its sides and strengths)."""

    first: tuple[int, int, int]          # (step, position in its run, run) to sort by resolution order
    odds: BattleOdds
    chance: Fraction
    after: set[str] | None


class _Walk:
    """Runs the resolution once per way the battles can go (a depth-first walk over the winners)."""

    def __init__(self, board: Board, fmap: Any, orders: Mapping[str, Sequence[str]], free_for_all: bool,
                 estimated: set[tuple[str, str]]) -> None:
        self.board, self.fmap, self.orders, self.ffa, self.estimated = board, fmap, orders, free_for_all, estimated
        self.found: dict[Any, _Found] = {}
        self.ends: list[tuple[dict[str, str | None], Fraction]] = []
        self.runs = 0
        self.approximate = False

    def walk(self) -> None:
        stack: list[list[int]] = [[]]
        while stack:
            prefix = stack.pop()
            choices: list[tuple[int, int, list[Fraction]]] = []   # (chosen, sides, probabilities) per battle
            path: list[tuple[Any, int, str]] = []
            chance = [Fraction(1)]

            def draw(t: Turn, battle: Battle, sides: list[list[Group]]) -> int:
                d = len(choices)
                probs = battle.win_probabilities()
                if d < len(prefix):      # a battle the walk met already (on the run this one branched from)
                    w = prefix[d]
                else:
                    w = max(range(len(probs)), key=lambda i: probs[i])   # likeliest first, then the others
                    self._note(t, battle, sides, chance[0], path, len(choices))
                choices.append((w, len(probs), probs))
                chance[0] *= probs[w]
                path.append((battle, w, self._said(t, battle, sides, w)))
                return w

            new_board, _ = resolve_turn(self.board, self.fmap, self.orders, random.Random(0), self.ffa, draw=draw)
            self.runs += 1
            self._holds(new_board, chance[0])
            for d in range(len(prefix), len(choices)):
                w, n, probs = choices[d]
                if self.runs + len(stack) >= MAX_LEAVES:
                    if any(probs[i] for i in range(n) if i != w):
                        self.approximate = True
                    continue
                for i in range(n):
                    if i != w and probs[i]:
                        stack.append([c for c, _, _ in choices[:d]] + [i])

    def _said(self, t: Turn, battle: Battle, sides: list[list[Group]], w: int) -> str:
        kind = _kind(battle, sides)
        word = {"roll": "the roll", "border clash": "the border clash"}.get(kind, "the battle")
        return f"{battle.sides[w].name} wins {word} {'at' if kind == 'border clash' else 'in'} {battle.province}"

    def _note(self, t: Turn, battle: Battle, sides: list[list[Group]], chance: Fraction,
              path: list[tuple[Any, int, str]], position: int) -> None:
        kind = _kind(battle, sides)
        where = sides[0][0].at
        key = (t.step, kind, battle.province, tuple((s.name, s.role) for s in battle.sides), tuple(battle.strengths()))
        orders = tuple((g.owner, g.order) for groups in sides for g in groups if g.order)
        guessed = [any(self._is_estimate(g) for g in groups) for groups in sides]
        estimated = any(guessed)
        if estimated:    # the side's name says so, as the odds panel shows it
            battle = replace(battle, sides=tuple(replace(side, name=side.name + " (estimated)") if e else side
                                                 for side, e in zip(battle.sides, guessed)))
        after = {said for _, _, said in path}
        f = self.found.get(key)
        if f is None:
            odds = BattleOdds(where, battle.province, kind, t.step, battle, Fraction(0), (), orders, estimated)
            self.found[key] = _Found((t.step, position, self.runs), odds, chance, after)
        else:
            f.chance += chance
            f.after = (f.after or set()) & after

    def _is_estimate(self, g: Group) -> bool:
        return (g.owner, parse_order(g.order, self.fmap).source if g.order else g.at) in self.estimated

    def _holds(self, board: Board, chance: Fraction) -> None:
        """Keep who owns what at the end of this way the turn went (for the provinces fought over)."""
        self.ends.append(({p: board.teams.get(o) if o else None for p, o in board.owners.items()}, chance))

    def result(self) -> TurnOdds:
        ordered = sorted(self.found.values(), key=lambda f: f.first)
        battles = tuple(BattleOdds(f.odds.province, f.odds.place, f.odds.kind, f.odds.step, f.odds.battle, f.chance,
                                   tuple(sorted(f.after or ())), f.odds.orders, f.odds.estimated) for f in ordered)
        holds: dict[str, dict[str | None, Fraction]] = {}
        for b in battles:
            if b.kind == "border clash" or b.province in holds:
                continue
            h = holds[b.province] = {}
            walked = sum((chance for _, chance in self.ends), start=Fraction(0))   # 1 unless approximate
            for owners, chance in self.ends:
                h[owners.get(b.province)] = h.get(owners.get(b.province), Fraction(0)) + chance / walked
        return TurnOdds(battles, holds, self.approximate,
                        any(b.estimated for b in battles))


def _kind(battle: Battle, sides: list[list[Group]]) -> str:
    if battle.border_clash:
        return "border clash"
    if all(s.role == "attacker" for s in battle.sides):
        return "roll"
    return "battle"


# --- the public API -------------------------------------------------------------------------

def turn_odds(state: Any, player: int | str, orders: Sequence[str],
              other_orders: Sequence[str] | Mapping[Any, Sequence[str]] = ()) -> TurnOdds:
    """Every battle ``orders`` (the player's) and ``other_orders`` cause, as ``player`` sees the board
    (see the module docstring), in resolution order, with the chance of each, and who holds each
    province fought over after the turn.

    ``other_orders``: a list of order texts (each the player's, or a teammate's where the teammate's
    stack stands at its source), or a mapping player -> order texts (teammates' or the other sides'
    given orders). Every stack without an order holds. Builds are left out.
    Raises InvalidNotation or IllegalAction for an order the engine refuses.
    """
    pid = state.player_id(player)
    state.validate_orders(pid, list(orders))
    board, estimated = seen_board(state, pid)
    by_player = _orders_by_player(state, board, pid, list(orders), other_orders, estimated)
    walk = _Walk(board, state.fmap, by_player, bool(getattr(state.game, "free_for_all", False)), estimated)
    walk.walk()
    return walk.result()


def preview(state: Any, player: int | str, order: str,
            other_orders: Sequence[str] | Mapping[Any, Sequence[str]] = (), *,
            orders: Sequence[str] | None = None) -> Preview | None:
    """The first battle ``order`` would take part in, as ``player`` sees it, or None if it causes none.

    ``order`` is a move (its stack fights with every other stack moving in with it), or a support or
    strike (the battle in its target province where the player's team fights, attacking or defending).
    ``other_orders`` are the player's other orders and its teammates' (a list), or orders by player (a
    mapping, for the other sides' given orders): see ``turn_odds``. Every stack without an order holds.
    ``orders=`` is the old name of ``other_orders`` (still accepted).

    Returns a Preview: ``province``, ``battle`` (the Battle: ``strengths()``, ``win_probabilities()``,
    ``expected_losses()``, ``explain()``), ``estimated``, and ``battles`` (every battle the orders
    cause, in resolution order), ``chance`` (that this battle happens), ``odds`` and ``holds``.
    Raises InvalidNotation or IllegalAction (``not_a_move`` for a hold, scout or build).
    """
    if orders is not None:
        other_orders = orders
    pid = state.player_id(player)
    [text] = state.validate_orders(pid, [order])
    o = parse_order(text, state.fmap)
    if o.kind not in ("move", "support", "strike"):
        raise IllegalAction("not_a_move", f"{text!r} is not a move, support or strike: odds are shown for moves "
                                          "('2 infantry Paris -> Lyon') and for the battles that guns and "
                                          "planes join ('1 air Paris strike Lyon').")
    others = other_orders if isinstance(other_orders, Mapping) else [t for t in other_orders if t != text]
    if isinstance(others, Mapping):
        mine = [t for t in others.get(pid, others.get(player, ())) if t != text] if others else []
        rest = {k: v for k, v in others.items() if state.player_id(k) != pid}
        odds = turn_odds(state, pid, [text, *mine], rest)
    else:
        odds = turn_odds(state, pid, [text], others)
    team = state.board.teams[pid]
    for b in odds.battles:
        if o.kind == "move":
            hit = (pid, text) in b.orders
        else:
            hit = b.province == o.target and b.kind != "border clash" and \
                any(_is_team_side(state, s.name, team) for s in b.battle.sides)
        if hit:
            holds = odds.holds.get(b.province, {})
            return Preview(b.province, b.battle, b.estimated, odds.battles, b.chance, b, holds)
    return None


def _is_team_side(state: Any, name: str, team: str) -> bool:
    names = {state.fmap.players[p].name for p in state.board.players if state.board.teams[p] == team}
    return any(part in names for part in name.split(" + "))
