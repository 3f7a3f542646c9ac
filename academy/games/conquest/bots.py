"""CPU players for Conquest at three levels: easy, normal and hard.

Every bot answers every decision of the game (claiming, set-up placement including the
2-player neutral armies, reinforcements with card trades, attacks, conquest moves, the
cash-out after an elimination, fortification) with an action it builds directly and that is
legal by the rules in rules.py. A bot's choice depends only on its seed and what its seat sees
(the board, its own cards, how many cards the others hold: ``state.observation``).

- easy, a beginner: piles its armies on the border next to its weakest neighbour, attacks only where
  its attacking armies are at least twice the defenders, or more than them from a stack of 6 (the weakest
  first), moves everything into what it
  takes and attacks on from there, trades a set as soon as it has one, and moves an inland stack
  to any border. It ignores continents and threats, so it overextends and leaves thin borders.
- normal: the hard bot's values, one conquest ahead and by the quick estimate only; trades as
  soon as it can; moves inland armies to the most threatened border.
- hard: values continents (bonus against borders and cost), breaking enemy continents,
  eliminating weak players for their cards, a card every turn; plans chains of attacks with
  the exact odds (odds.chain_probability); holds its cards until they change what a turn can do;
  splits armies after a conquest to keep its borders strong; fortifies threatened borders;
  plans the elimination of a rival in one turn (plan_sweep: staging, trading and occupying for it)
  and shores up when a rival could sweep it next turn (exposure). Its values (HardAssessment) price an
  army as a territory, a kill as a loss against a single rival, and with two rivals or more press the
  strongest.

>>> from academy.games.conquest import ConquestGame
>>> from academy.core.bots import play_game
>>> state = ConquestGame(players=2, setup="random").new_initial_state(seed=3)
>>> play_game(state, {0: make_bot("hard", 1), 1: make_bot("easy", 2)}).winner() in (0, 1)
True
"""
from __future__ import annotations

import functools
import random
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from academy.core.bots import Bot

from . import rules
from .actions import Attack, Claim, EndAttack, EndTurn, Fortify, Occupy, Place, TradeCards
from .cards import is_wild
from .dice import max_attack_dice
from .odds import battle_odds, chain_probability, conquer_probability

if TYPE_CHECKING:
    from .mapdata import ConquestMap
    from .state import ConquestState

__all__ = ["LEVELS", "make_bot", "EasyBot", "NormalBot", "HardBot", "ConquestBot"]

LEVELS = ("easy", "normal", "hard")
#: what a player may expect of each level, one line each (the forms that offer the levels show them)
LEVEL_NOTES = {
    "easy": "CPU easy: a beginner; it piles its armies on one border, attacks what it outnumbers two to one and "
            "pushes on, but ignores continents and leaves thin borders behind it.",
    "normal": "CPU normal: trades cards when it can, shores up its most threatened border, attacks when the "
              "odds are good and takes a card each turn.",
    "hard": "CPU hard: plays for continents and breaks yours, plans chains of attacks with the exact odds, "
            "spends its armies sparingly, presses the strongest player and keeps its borders strong after a "
            "conquest.",
}
NEUTRAL = rules.NEUTRAL


# ============================================================================ map facts
@dataclass(frozen=True)
class MapInfo:
    """Facts about a map the bots use on every decision, computed once per map."""

    order: tuple[str, ...]                     # territories in map order
    nbrs: dict[str, tuple[str, ...]]           # sorted neighbours
    cont: dict[str, str]                       # territory -> continent id
    members: dict[str, tuple[str, ...]]        # continent id -> territories
    bonus: dict[str, int]                      # continent id -> bonus
    gates: dict[str, tuple[str, ...]]          # continent id -> its territories bordering another continent


_MAP_INFO: dict[str, tuple[Any, MapInfo]] = {}


def map_info(cmap: ConquestMap) -> MapInfo:
    """The cached MapInfo of a map."""
    hit = _MAP_INFO.get(cmap.id)
    if hit is not None and hit[0] is cmap:
        return hit[1]
    order = tuple(cmap.territories)
    cont = {t: cmap.territories[t].continent for t in order}
    info = MapInfo(
        order=order,
        nbrs={t: tuple(sorted(cmap.neighbours[t])) for t in order},
        cont=cont,
        members={c: tuple(cmap.continents[c].territories) for c in cmap.continents},
        bonus={c: cmap.continents[c].bonus for c in cmap.continents},
        gates={c: tuple(t for t in cmap.continents[c].territories
                        if any(cont[n] != c for n in cmap.neighbours[t])) for c in cmap.continents},
    )
    _MAP_INFO[cmap.id] = (cmap, info)
    return info


# ============================================================================ odds, cached
def _clamp(a: int, d: int) -> int:
    """Beyond 4d + 40 attackers a battle's odds and losses no longer change (to 1e-12)."""
    return min(a, 4 * d + 40)


def _step(x: int) -> int:
    """Grid step for big armies: exact up to 63, then about 2-3% (64-127: 2, 128-255: 4 ...)."""
    return 1 << max(0, x.bit_length() - 6)


def _grid(a: int, d: int) -> tuple[int, int]:
    """The battle looked up: attackers rounded down and defenders up to the grid (never optimistic).

    Late in a game the card sets bring hundreds of armies; the grid keeps the number of
    distinct battles (each an exact table in odds.py) small enough to cache.
    """
    a = _clamp(a, d)
    sa, sd = _step(a), _step(d)
    return a - a % sa, d + (-d) % sd


@functools.lru_cache(maxsize=1 << 16)
def _win_cached(a: int, d: int) -> float:
    return conquer_probability(a, d)


def win_chance(attackers: int, defenders: int) -> float:
    """conquer_probability on the grid, with the trivial cases answered at once."""
    if attackers < 2:
        return 0.0
    if defenders < 1:
        return 1.0
    return _win_cached(*_grid(attackers, defenders))


@functools.lru_cache(maxsize=1 << 15)
def _losses_cached(a: int, d: int) -> tuple[float, float]:
    odds = battle_odds(a, d)
    return odds.expected_attacker_losses, odds.expected_defender_losses


def expected_losses(attackers: int, defenders: int) -> tuple[float, float]:
    """Expected armies (attacker, defender) lose when attacking until conquest or one army left."""
    if attackers < 2 or defenders < 1:
        return 0.0, 0.0
    return _losses_cached(*_grid(attackers, defenders))


# ============================================================================ helpers
def hopeless(attackers: int, defenders: int) -> bool:
    """An attack that conquers less than one time in four and costs more armies than it kills (the coach's
    rule, review.HOPELESS), by the grid's odds."""
    lost, killed = expected_losses(attackers, defenders)
    return win_chance(attackers, defenders) < 0.25 and lost > killed


def _is_enemy(owner: int | None, player: int) -> bool:
    """A real opponent (the neutral player never attacks)."""
    return owner is not None and owner >= 0 and owner != player


def _dice(armies: int) -> int:
    return max_attack_dice(armies)


def _income(s: ConquestState, player: int, count: int) -> int:
    """Reinforcements ``player`` would get now (territories / 3, at least 3, plus continents)."""
    total = max(3, count // 3)
    info = map_info(s.game.map)
    for c, ts in info.members.items():
        if all(s.owner[t] == player for t in ts):
            total += info.bonus[c]
    return total


# ============================================================================ the base bot
class ConquestBot:
    """A Conquest CPU player. Subclasses answer each phase; ``choose`` dispatches on the phase."""

    level = "base"
    title = "CPU"

    def __init__(self, seed: int = 0, name: str | None = None) -> None:
        self.seed = int(seed)
        self.name = name or f"{self.title} CPU"

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

    # --- the protocol ----------------------------------------------------------------------
    def choose(self, state: ConquestState) -> Any:
        """A legal action for ``state.to_move()`` at a decision node; raises ValueError otherwise."""
        if state.to_move() is None:
            raise ValueError(f"{self.name}: nothing to choose, the game is at a {state.node_kind().value} node.")
        ph = state.phase
        if ph == "claim":
            return self.claim(state)
        if ph == "place":
            owner, most = rules.setup_step(state)
            if owner == NEUTRAL:
                return self.place_neutral(state)
            return self.setup_place(state, most)
        if ph == "reinforce":
            if rules.must_trade(state):
                return self.pick_trade(state, rules.trade_options(state))
            options = rules.trade_options(state)
            if options and self.wants_trade(state, options):
                return self.pick_trade(state, options)
            return self.reinforce(state)
        if ph == "cashout":
            if rules.must_trade(state):
                return self.pick_trade(state, rules.trade_options(state))
            return self.reinforce(state)
        if ph == "attack":
            return self.attack(state)
        if ph == "occupy":
            return self.occupy(state)
        if ph == "fortify":
            return self.fortify(state)
        raise ValueError(f"{self.name}: unexpected decision phase {ph!r}.")

    # --- a generator per decision ----------------------------------------------------------
    def rng(self, s: ConquestState) -> random.Random:
        """A generator seeded by the bot's seed and the state, so a choice is repeatable."""
        key = (f"{self.level}/{self.seed}/{len(s.record)}/{s.turn}/{s.phase}/{s.current}/{s.reinforcements}/"
               f"{','.join(map(str, s.armies.values()))}/{','.join(map(str, s.owner.values()))}")
        return random.Random(key)

    def jitter(self, key: str) -> float:
        """A tiny seeded number in [0, 1e-6) that breaks ties differently for different seeds."""
        return zlib.crc32(f"{self.seed}/{key}".encode()) * 1e-6 / 2**32

    # --- phase answers (overridden) --------------------------------------------------------
    def claim(self, s: ConquestState) -> Claim:
        free = [t for t, o in s.owner.items() if o is None]
        return Claim(self.rng(s).choice(free))

    def setup_place(self, s: ConquestState, most: int) -> Place:
        mine = s.territories_of(s.current)
        return Place(self.rng(s).choice(mine), most)

    def place_neutral(self, s: ConquestState) -> Place:
        neutral = [t for t, o in s.owner.items() if o == NEUTRAL]
        return Place(self.rng(s).choice(neutral), 1)

    def wants_trade(self, s: ConquestState, options: list[TradeCards]) -> bool:
        return True

    def pick_trade(self, s: ConquestState, options: list[TradeCards]) -> TradeCards:
        return options[0]

    def reinforce(self, s: ConquestState) -> Place:
        return Place(s.territories_of(s.current)[0], s.reinforcements)

    def attack(self, s: ConquestState) -> Attack | EndAttack:
        return EndAttack()

    def occupy(self, s: ConquestState) -> Occupy:
        return Occupy(s.occupy["min"])

    def fortify(self, s: ConquestState) -> Fortify | EndTurn:
        return EndTurn()

    # --- shared small helpers --------------------------------------------------------------
    @staticmethod
    def front(s: ConquestState, player: int) -> list[str]:
        """The player's territories with a neighbour held by someone else (neutral included)."""
        info = map_info(s.game.map)
        return [t for t in info.order if s.owner[t] == player
                and any(s.owner[n] != player for n in info.nbrs[t])]

    def best_trade(self, s: ConquestState, options: list[TradeCards], priority: dict[str, float]) -> TradeCards:
        """The set using the fewest wilds, its bonus on the territory with the highest priority."""
        def key(i_opt: tuple[int, TradeCards]) -> tuple[float, ...]:
            i, opt = i_opt
            wilds = sum(1 for c in opt.cards if is_wild(c))
            bonus = priority.get(opt.bonus, 0.0) if opt.bonus else -1.0
            return (-wilds, 1.0 if opt.bonus else 0.0, bonus, -i)
        return max(enumerate(options), key=key)[1]


# ============================================================================ easy
class EasyBot(ConquestBot):
    """A beginner: it plays every phase, greedily and without a plan.

    It puts all its armies on the border next to its weakest neighbour, attacks only where its
    attacking armies are at least twice the defenders, or simply more than them once its stack is big
    (the weakest first, neutral or not: a timid beginner, it lets chances of a fair fight go by), moves
    everything into a
    territory it takes and attacks on from there, trades a set as soon as it has one, and
    fortifies by moving an inland stack to any border. It never weighs continents, threats or
    the cards of others, so it overextends and leaves thin borders behind.
    """

    level = "easy"
    title = "Easy"

    @staticmethod
    def _edge(s: ConquestState, src: str, dst: str) -> bool:
        """The attack looks safe to a beginner: at least twice as many attacking armies as defenders, or
        simply more from a stack of ``BOLD`` attacking armies or more."""
        a, d = s.armies[src] - 1, s.armies[dst]
        return a >= 2 * d or (a > d and a >= EasyBot.BOLD)

    BOLD = 6

    def _spot(self, s: ConquestState) -> str:
        """The own border territory next to the weakest foreign neighbour (ties: the bigger stack)."""
        info, p = map_info(s.game.map), s.current
        r = self.rng(s)
        best, best_key = None, None
        for t in info.order:
            if s.owner[t] != p:
                continue
            weakest = min((s.armies[n] for n in info.nbrs[t] if s.owner[n] != p), default=None)
            if weakest is None:
                continue
            key = (-weakest, s.armies[t], r.random())
            if best_key is None or key > best_key:
                best, best_key = t, key
        return best or s.territories_of(p)[0]

    def claim(self, s: ConquestState) -> Claim:
        info, p = map_info(s.game.map), s.current
        free = [t for t in info.order if s.owner[t] is None]
        near = [t for t in free if any(s.owner[n] == p for n in info.nbrs[t])]
        return Claim(self.rng(s).choice(near or free))

    def setup_place(self, s: ConquestState, most: int) -> Place:
        return Place(self._spot(s), most)

    def place_neutral(self, s: ConquestState) -> Place:
        neutral = [t for t in map_info(s.game.map).order if s.owner[t] == NEUTRAL]
        return Place(self.rng(s).choice(neutral), 1)

    def wants_trade(self, s: ConquestState, options: list[TradeCards]) -> bool:
        return True

    def pick_trade(self, s: ConquestState, options: list[TradeCards]) -> TradeCards:
        return self.best_trade(s, options, {})

    def reinforce(self, s: ConquestState) -> Place:
        """Half of what is left (rounded up) at a time: on its favourite spot or on some other border."""
        r, R = self.rng(s), s.reinforcements
        k = R if R < 3 else (R + 1) // 2
        if r.random() < self.SPOT:
            return Place(self._spot(s), k)
        return Place(r.choice(self.front(s, s.current) or s.territories_of(s.current)), k)

    SPOT = 0.5

    def attack(self, s: ConquestState) -> Attack | EndAttack:
        info, p = map_info(s.game.map), s.current
        held: dict[int | None, int] = {}
        for o in s.owner.values():
            held[o] = held.get(o, 0) + 1
        best, best_key = None, None
        for src in info.order:
            if s.owner[src] != p or s.armies[src] < 2:
                continue
            for dst in info.nbrs[src]:
                if s.owner[dst] != p and self._edge(s, src, dst):
                    # the weakest territory; among equals, that of the player with the fewest
                    key = (-s.armies[dst], -held[s.owner[dst]], s.armies[src], self.jitter(f"{src}>{dst}"))
                    if best_key is None or key > best_key:
                        best, best_key = (src, dst), key
        if best is None:
            return EndAttack()
        return Attack(best[0], best[1], _dice(s.armies[best[0]]))

    def occupy(self, s: ConquestState) -> Occupy:
        """Everything forward, unless the new territory has nobody left to attack."""
        info, p, occ = map_info(s.game.map), s.current, s.occupy
        if any(s.owner[n] != p for n in info.nbrs[occ["dst"]]):
            return Occupy(s.armies[occ["src"]] - 1)
        return Occupy(occ["min"])

    def fortify(self, s: ConquestState) -> Fortify | EndTurn:
        info, p = map_info(s.game.map), s.current
        r = self.rng(s)
        inland = [t for t in info.order if s.owner[t] == p and s.armies[t] >= 2
                  and all(s.owner[n] == p for n in info.nbrs[t])]
        for src in sorted(inland, key=lambda t: -s.armies[t]):
            borders = [t for t in sorted(rules.reachable(s, src)) if any(s.owner[n] != p for n in info.nbrs[t])]
            if borders:
                return Fortify(src, r.choice(borders), s.armies[src] - 1)
        return EndTurn()


# ============================================================================ hard
class Assessment:
    """One player's reading of a position, with the hard bot's evaluations (cached per decision).

    ``offense(src, armies)`` is the expected value of the best chain of attacks from ``src``
    (territory, card, continent, break and elimination values, less the armies it costs);
    ``danger(t, armies)`` the chance that the strongest enemy next door takes ``t``.
    """

    # values, in "territories"
    ARMY = 0.3            # one army (while the player has ARMY_REF armies or fewer; less when more)
    ARMY_REF = 50
    KILL = 0.5            # an enemy army killed, as a share of one of ours (neutral armies count 0)
    CARD = 2.0            # the card earned by the first conquest of a turn
    NEUTRAL = 0.5         # a neutral territory (it never attacks, so it is worth less)
    COMPLETE = 2.0        # x bonus, for completing a continent
    PROGRESS = 0.4        # x bonus x share, for a step toward a continent
    BREAK = 1.5           # x bonus, for breaking an enemy continent
    ELIMINATE = 6.0       # for eliminating a player (plus their cards)
    CARD_TAKEN = 1.5      # per card taken from an eliminated player
    WIN = 1000.0
    GATES = 3.0           # a continent with g gates is worth bonus x GATES / (GATES - 1 + g)
    DEPTH = 3             # longest chain considered

    def __init__(self, s: ConquestState, player: int, card_open: bool) -> None:
        self.s, self.p, self.card_open = s, player, card_open
        self.info = info = map_info(s.game.map)
        self.owner, self.armies = s.owner, s.armies
        count: dict[int | None, int] = {}
        for t in info.order:
            o = s.owner[t]
            count[o] = count.get(o, 0) + 1
        self.count = count
        self.rivals = [q for q in range(s.game.num_players) if q != player and count.get(q, 0) > 0]
        self.mine_in = {c: sum(1 for t in ts if s.owner[t] == player) for c, ts in info.members.items()}
        holder: dict[str, int | None] = {}
        for c, ts in info.members.items():
            first = s.owner[ts[0]]
            holder[c] = first if first is not None and all(s.owner[t] == first for t in ts) else None
        self.holder = holder
        #: what holding each continent is worth: its bonus, less for every gate to defend
        self.hold = {c: info.bonus[c] * self.GATES / (self.GATES - 1 + len(info.gates[c])) for c in info.members}
        self.income = {q: _income(s, q, count.get(q, 0)) for q in self.rivals}
        own_armies = sum(s.armies[t] for t in info.order if s.owner[t] == player)
        #: the value of one army: armies grow cheap once the card sets bring hundreds
        self.army = self.ARMY * min(1.0, self.ARMY_REF / max(1, own_armies))
        self._offense: dict[tuple[str, int, int], tuple[float, tuple[str, ...]]] = {}

    # --- values ----------------------------------------------------------------------------
    def worth(self, t: str) -> float:
        """What holding ``t`` is worth to the player (more on a held continent)."""
        c = self.info.cont[t]
        return 1.0 + (self.BREAK * self.hold[c] + 1.0 if self.holder[c] == self.p else 0.0)

    def danger(self, t: str, armies: int) -> float:
        """Chance that ``t`` with ``armies`` falls to its strongest real enemy neighbour (plus half its income)."""
        strongest = 0.0
        for n in self.info.nbrs[t]:
            q = self.owner[n]
            if _is_enemy(q, self.p):
                strongest = max(strongest, self.armies[n] + 0.5 * self.income.get(q, 3))
        if strongest < 2:
            return 0.0
        return win_chance(int(strongest), max(1, armies))

    def defence(self, t: str, armies: int) -> float:
        return -self.danger(t, armies) * self.worth(t)

    def value(self, t: str, path: Sequence[str]) -> float:
        """The value of conquering ``t`` after the territories of ``path`` were conquered."""
        info, q = self.info, self.owner[t]
        real = _is_enemy(q, self.p)
        v = 1.0 if real else self.NEUTRAL
        if self.card_open and not path:
            v += self.CARD
        c = info.cont[t]
        in_c = sum(1 for x in path if info.cont[x] == c)
        have = self.mine_in[c] + in_c + 1
        size = len(info.members[c])
        bonus, hold = info.bonus[c], self.hold[c]
        if have == size:
            v += self.COMPLETE * hold + 1.0
        else:
            v += self.PROGRESS * hold * (have / size) ** 2
        if real:
            if self.holder[c] == q and in_c == 0:
                v += self.BREAK * bonus + 1.0
            left = self.count.get(q, 0) - 1 - sum(1 for x in path if self.owner[x] == q)
            if left == 0:
                v += self.ELIMINATE + self.CARD_TAKEN * len(self.s.hands[q])
                if len(self.rivals) == 1 or all(r == q or self._gone(r, path, t) for r in self.rivals):
                    v += self.WIN
            else:
                v += 2.0 / (left + 1)     # pressure on a player close to elimination
        return v

    def _gone(self, r: int, path: Sequence[str], t: str) -> bool:
        return self.count.get(r, 0) == sum(1 for x in (*path, t) if self.owner[x] == r)

    # --- attacks ---------------------------------------------------------------------------
    def offense(self, src: str, armies: int, depth: int | None = None) -> tuple[float, tuple[str, ...]]:
        """(value, path): the best chain of attacks from ``src`` holding ``armies`` (approximate odds).

        A chain of k territories holding D armies in all is priced as one battle of
        ``armies - (k - 1)`` against D (one army stays in each conquered territory).
        """
        depth = self.DEPTH if depth is None else depth
        key = (src, armies, depth)
        hit = self._offense.get(key)
        if hit is not None:
            return hit
        best: list[Any] = [0.0, ()]
        if armies >= 2:
            self._search(src, armies, (), 0, 0, 0.0, depth, best)
        result = (best[0], best[1])
        self._offense[key] = result
        return result

    def cost(self, attackers: int, defenders: int, enemy: int) -> float:
        """The armies a battle of ``attackers`` against ``defenders`` costs, less the enemy armies it kills.

        ``enemy`` of the defenders belong to real players; killing neutral armies gains nothing.
        """
        lost, killed = expected_losses(attackers, defenders)
        return self.army * (lost - self.KILL * killed * enemy / defenders)

    def _search(self, last: str, armies: int, path: tuple[str, ...], total: int, enemy: int, ev: float,
                depth: int, best: list[Any]) -> None:
        k = len(path)
        attackers = armies - k
        for n in self.info.nbrs[last]:
            if self.owner[n] == self.p or n in path:
                continue
            d = total + self.armies[n]
            chance = win_chance(attackers, d)
            if chance < 0.05:
                continue
            e = enemy + (self.armies[n] if _is_enemy(self.owner[n], self.p) else 0)
            ev2 = ev + chance * self.value(n, path)
            score = ev2 - self.cost(attackers, d, e)
            if score > best[0]:
                best[0], best[1] = score, path + (n,)
            if k + 1 < depth and chance > 0.3 and attackers > 2:
                self._search(n, armies, path + (n,), d, e, ev2, depth, best)

    def exact(self, src: str, armies: int, path: Sequence[str]) -> float:
        """The value of a chain by the exact odds (odds.chain_probability for each prefix)."""
        ev, defenders = 0.0, []
        total = sum(self.armies[t] for t in path)
        a = _grid(armies, total)[0]      # beyond the grid the odds do not move
        for i, t in enumerate(path):
            defenders.append(self.armies[t])
            ev += chain_probability(a, defenders) * self.value(t, path[:i])
        enemy = sum(self.armies[t] for t in path if _is_enemy(self.owner[t], self.p))
        return ev - self.cost(armies - (len(path) - 1), total, enemy)


# ============================================================================ elimination sweeps
@dataclass(frozen=True)
class Sweep:
    """A plan to eliminate ``target`` this turn: its chance (roughly) and its first attack."""

    target: int
    chance: float
    src: str
    dst: str


def plan_sweep(s: ConquestState, p: int, q: int, armies: dict[str, int] | None = None,
               owner: dict[str, int | None] | None = None, floor: float = 0.05) -> Sweep | None:
    """Can ``p`` take every territory of ``q`` this turn? A greedy plan on expected armies.

    Each step attacks the territory of ``q`` with the best odds from a neighbour of ``p`` (the armies
    left after the expected losses move on when more of ``q`` lies beyond); the chance is the product
    of the steps' chances. None when some territory of ``q`` cannot be reached or the chance falls
    below ``floor``.
    """
    info = map_info(s.game.map)
    armies = dict(s.armies if armies is None else armies)
    owner = dict(s.owner if owner is None else owner)
    targets = [t for t in info.order if owner[t] == q]
    if not targets:
        return None
    chance, first = 1.0, None
    while targets:
        best, best_key = None, None
        for dst in targets:
            for src in info.nbrs[dst]:
                if owner[src] == p and armies[src] >= 2:
                    c = win_chance(armies[src], armies[dst])
                    key = (c, armies[src] - armies[dst])
                    if best_key is None or key > best_key:
                        best, best_key = (src, dst), key
        if best is None:
            return None
        src, dst = best
        chance *= best_key[0]
        if chance < floor:
            return None
        if first is None:
            first = best
        lost, _ = expected_losses(armies[src], armies[dst])
        left = max(1, int(armies[src] - lost + 0.5))
        owner[dst] = p
        targets.remove(dst)
        on = any(owner[n] == q for n in info.nbrs[dst])
        stay = any(owner[n] == q for n in info.nbrs[src])
        if on and not stay:
            armies[dst], armies[src] = max(1, left - 1), 1
        elif on:
            armies[dst] = max(1, (left - 1) // 2)
            armies[src] = left - armies[dst]
        else:
            armies[dst], armies[src] = 1, max(1, left - 1)
    return Sweep(q, chance, first[0], first[1])


def best_sweep(s: ConquestState, p: int, armies: dict[str, int] | None = None,
               owner: dict[str, int | None] | None = None, most: int = 12, floor: float = 0.05) -> Sweep | None:
    """The likeliest sweep of a rival holding ``most`` territories or fewer (more cards first on ties)."""
    owner_now = s.owner if owner is None else owner
    count: dict[int, int] = {}
    for o in owner_now.values():
        if o is not None and o >= 0 and o != p:
            count[o] = count.get(o, 0) + 1
    best = None
    for q in sorted(count):
        if count[q] > most:
            continue
        plan = plan_sweep(s, p, q, armies, owner, floor)
        if plan and (best is None or (plan.chance + 0.05 * len(s.hands[q]))
                     > (best.chance + 0.05 * len(s.hands[best.target]))):
            best = plan
    return best


def exposure(s: ConquestState, p: int, armies: dict[str, int] | None = None, most: int = 12) -> float:
    """The likeliest elimination of ``p`` by a rival next turn: the rival's income and, with 3 cards or
    more, the next set's armies placed where they help that rival most (plan_sweep from its seat)."""
    info = map_info(s.game.map)
    armies = dict(s.armies if armies is None else armies)
    mine = [t for t in info.order if s.owner[t] == p]
    if not mine or len(mine) > most:
        return 0.0
    count: dict[int, int] = {}
    for o in s.owner.values():
        if o is not None and o >= 0:
            count[o] = count.get(o, 0) + 1
    worst = 0.0
    for r in sorted(count):
        if r == p:
            continue
        R = _income(s, r, count[r]) + (rules.set_value(s.sets_traded) if len(s.hands[r]) >= 3 else 0)
        stages = sorted({n for t in mine for n in info.nbrs[t] if s.owner[n] == r})
        for st in stages:
            armies[st] += R
            plan = plan_sweep(s, r, p, armies, floor=max(0.05, worst))
            armies[st] -= R
            if plan is not None and plan.chance > worst:
                worst = plan.chance
    return worst


class HardAssessment(Assessment):
    """The hard bot's own values (the normal bot keeps the base ones): armies are dear in a game of small
    stacks (an army is worth ARMY territories, not 0.3), so it does not spend a stack on a snake of
    one-army territories the enemy takes back; against a single rival an enemy army killed is worth one of
    its own (the game is zero-sum), against two it looks two conquests ahead, not three (armies spent on one
    rival are a gift to the other), and a conquest from the strongest rival (by armies) is worth LEADER more:
    it does not bleed against the weaker one while the third grows."""

    ARMY = 1.0
    NEUTRAL = 0.3
    KILL_DUEL = 1.0       # KILL against a single rival
    KILL_CROWD = 0.5      # KILL against two rivals or more
    DEPTH_CROWD = 2       # DEPTH against two rivals or more

    LEADER = 2.0          # with two rivals or more: per conquest from the strongest rival (by armies)

    def __init__(self, s: ConquestState, player: int, card_open: bool) -> None:
        super().__init__(s, player, card_open)
        self.leader: int | None = None
        if len(self.rivals) > 1:
            self.KILL, self.DEPTH = self.KILL_CROWD, self.DEPTH_CROWD
            strength = {q: 0 for q in self.rivals}
            for t in self.info.order:
                if s.owner[t] in strength:
                    strength[s.owner[t]] += s.armies[t]
            self.leader = max(sorted(strength), key=lambda q: strength[q])
        else:
            self.KILL = self.KILL_DUEL

    def value(self, t: str, path: Sequence[str]) -> float:
        v = super().value(t, path)
        if self.leader is not None and self.owner[t] == self.leader:
            v += self.LEADER
        return v


class HardBot(ConquestBot):
    """Plans with the exact odds and the map: continents, borders, cards, eliminations."""

    level = "hard"
    title = "Hard"
    attack_least = 0.25      # attack when the best chain is worth this much (one rival left)
    attack_least_crowd = 2.5  # ... with two rivals or more, who share out the armies it leaves thin

    assessment_class: type[Assessment] = HardAssessment
    sweeps = True             # plans the elimination of a rival in one turn (plan_sweep)
    sweep_go = 0.4            # ... and goes for it when its chance is at least this
    sweep_most = 42           # ... of a rival holding this many territories or fewer (42: any)
    exposed = 0.2             # shores up against a rival's sweep when its chance is at least this

    def assess(self, s: ConquestState, card_open: bool) -> Assessment:
        return self.assessment_class(s, s.current, card_open)

    # --- set-up ----------------------------------------------------------------------------
    def claim(self, s: ConquestState) -> Claim:
        info, p = map_info(s.game.map), s.current

        def score(t: str) -> float:
            c = info.cont[t]
            ts = info.members[c]
            mine = sum(1 for x in ts if s.owner[x] == p)
            others = sum(1 for x in ts if s.owner[x] is not None and s.owner[x] != p)
            rivals = len({s.owner[x] for x in ts if s.owner[x] is not None and s.owner[x] != p})
            # small continents with few gates are worth going for; contested ones are not
            appeal = info.bonus[c] / (len(ts) + 2 * len(info.gates[c]))
            share = (1 + mine) / (1 + mine + others + rivals)
            near = sum(1 for n in info.nbrs[t] if s.owner[n] == p)
            return appeal * share * 4 + 0.15 * near + self.jitter(t)
        return Claim(max((t for t in info.order if s.owner[t] is None), key=score))

    def setup_place(self, s: ConquestState, most: int) -> Place:
        view = self.assess(s, card_open=True)
        return Place(self._placement(view, most, setup=True)[0], most)

    def place_neutral(self, s: ConquestState) -> Place:
        info, p = map_info(s.game.map), s.current
        neutral = [t for t in info.order if s.owner[t] == NEUTRAL]

        def interest(player: int, c: str) -> float:
            ts = info.members[c]
            return info.bonus[c] * (sum(1 for x in ts if s.owner[x] == player) / len(ts)) ** 2

        def score(t: str) -> float:
            c = info.cont[t]
            theirs = sum(interest(q, c) for q in range(s.game.num_players) if q != p)
            near_them = sum(1 for n in info.nbrs[t] if _is_enemy(s.owner[n], p))
            near_me = sum(1 for n in info.nbrs[t] if s.owner[n] == p)
            return theirs - 1.5 * interest(p, c) + 0.3 * near_them - 0.3 * near_me - 0.05 * s.armies[t] \
                + self.jitter(t)
        return Place(max(neutral, key=score), 1)

    # --- cards -----------------------------------------------------------------------------
    def wants_trade(self, s: ConquestState, options: list[TradeCards]) -> bool:
        """Trade at the best time: when the armies change what this turn can do, else hold the set.

        A set held loses nothing until the fifth card forces a trade, and its value rises when
        others trade first. So: trade with 4 cards (the next card would force it), when the
        set is worth at least the turn's income, or when its armies make this turn's best
        attack (or the defence of a border) clearly better.
        """
        p = s.current
        if len(s.hands[p]) >= 4:
            return True
        if self.sweeps and (self._staging(s, s.reinforcements + rules.set_value(s.sets_traded)) is not None
                            or exposure(s, p, most=self.sweep_most) >= self.exposed):
            return True
        view = self.assess(s, card_open=not s.conquered)
        if rules.set_value(s.sets_traded) >= _income(s, p, view.count.get(p, 0)):
            return True
        extra = rules.set_value(s.sets_traded)
        R = s.reinforcements
        front = self.front(s, p)
        before = max((view.offense(t, s.armies[t] + R)[0] + view.defence(t, s.armies[t] + R) for t in front),
                     default=0.0)
        after = max((view.offense(t, s.armies[t] + R + extra)[0] + view.defence(t, s.armies[t] + R + extra)
                     for t in front), default=0.0)
        return after - before >= self.trade_gain

    trade_gain = 1.5          # value the set's armies must add this turn to trade before 4 cards

    def pick_trade(self, s: ConquestState, options: list[TradeCards]) -> TradeCards:
        view = self.assess(s, card_open=not s.conquered)
        # the 2 bonus armies go where they add most to an attack or to a border's safety
        priority = {t: view.offense(t, s.armies[t] + 2, depth=2)[0] + view.defence(t, s.armies[t] + 2)
                    - view.defence(t, s.armies[t]) for t in self.front(s, s.current)}
        return self.best_trade(s, options, priority)

    # --- reinforcements --------------------------------------------------------------------
    def reinforce(self, s: ConquestState) -> Place:
        if self.sweeps:
            stage = self._staging(s, s.reinforcements)
            if stage is not None:
                return Place(stage, s.reinforcements)
            guard = self._guard(s, s.reinforcements)
            if guard is not None:
                return Place(guard, s.reinforcements)
        view = self.assess(s, card_open=not s.conquered)
        t, k = self._placement(view, s.reinforcements, setup=False)
        return Place(t, k)

    def _guard(self, s: ConquestState, R: int) -> str | None:
        """Where ``R`` armies make a rival's sweep of this player least likely, when one is likely."""
        info, p = map_info(s.game.map), s.current
        now = exposure(s, p, most=self.sweep_most)
        if now < self.exposed:
            return None
        best, best_risk = None, now - 1e-9
        for t in info.order:
            if s.owner[t] != p or not any(_is_enemy(s.owner[n], p) for n in info.nbrs[t]):
                continue
            armies = dict(s.armies)
            armies[t] += R
            risk = exposure(s, p, armies, most=self.sweep_most)
            if risk < best_risk:
                best, best_risk = t, risk
        return best

    def _staging(self, s: ConquestState, R: int) -> str | None:
        """The territory where ``R`` armies make the elimination of a rival likely this turn, if any."""
        info, p = map_info(s.game.map), s.current
        best, best_chance = None, self.sweep_go - 1e-9
        stages = [t for t in info.order if s.owner[t] == p and any(_is_enemy(s.owner[n], p) for n in info.nbrs[t])]
        for t in stages:
            armies = dict(s.armies)
            armies[t] += R
            plan = best_sweep(s, p, armies, most=self.sweep_most, floor=self.sweep_go - 0.01)
            if plan is not None and plan.chance > best_chance:
                best, best_chance = t, plan.chance
        return best

    def _placement(self, view: Assessment, R: int, setup: bool) -> tuple[str, int]:
        """Where to put R armies: the best attack base or the border most in danger."""
        s, p = view.s, view.p
        front = self.front(s, p) or s.territories_of(p)
        now = max((view.offense(t, s.armies[t])[0] for t in front), default=0.0)
        best_t, best_gain, best_k = front[0], float("-inf"), R
        for t in front:
            a = s.armies[t]
            off = view.offense(t, a + R)[0]
            guard = view.defence(t, a + R) - view.defence(t, a)
            gain = max(0.0, off - now) + guard + 0.001 * off + (self.jitter(t) if setup else 0.0)
            if gain > best_gain:
                best_t, best_gain, best_k = t, gain, R
                if off <= now and R >= 2 and guard > 0:
                    # a defensive placement: only as many as give most of the safety (at least a
                    # third of the armies, so a turn takes few placements)
                    low, high, before = max(1, -(-R // 3)), R, view.defence(t, a)
                    while low < high:
                        mid = (low + high) // 2
                        if view.defence(t, a + mid) - before >= 0.85 * guard:
                            high = mid
                        else:
                            low = mid + 1
                    best_k = low
        return best_t, best_k

    # --- attacks ---------------------------------------------------------------------------
    def attack(self, s: ConquestState) -> Attack | EndAttack:
        if self.sweeps:
            plan = best_sweep(s, s.current, most=self.sweep_most, floor=self.sweep_go - 0.01)
            if plan is not None and plan.chance >= self.sweep_go:
                return Attack(plan.src, plan.dst, _dice(s.armies[plan.src]))
        view = self.assess(s, card_open=not s.conquered)
        info, p = view.info, view.p
        plans = []
        for src in info.order:
            a = s.armies[src]
            if s.owner[src] != p or a < 2:
                continue
            if not any(s.owner[n] != p for n in info.nbrs[src]):
                continue
            score, path = view.offense(src, a)
            if path:
                plans.append((score, src, path))
        if not plans:
            return EndAttack()
        plans.sort(key=lambda x: -x[0])
        # no roll that fails three times in four and costs more armies than it kills (the coach's hopeless
        # attack, review.HOPELESS), whatever lies beyond it
        plans = [x for x in plans if not hopeless(s.armies[x[1]], s.armies[x[2][0]])]
        best = None
        for _, src, path in plans[:3]:
            exact = view.exact(src, s.armies[src], path)
            if best is None or exact > best[0]:
                best = (exact, src, path)
        least = self.attack_least if len(view.rivals) <= 1 else self.attack_least_crowd
        if best is None or best[0] < least:
            return EndAttack()
        _, src, path = best
        return Attack(src, path[0], _dice(s.armies[src]))

    def occupy(self, s: ConquestState) -> Occupy:
        occ = s.occupy
        src, dst, low = occ["src"], occ["dst"], occ["min"]
        total = s.armies[src]
        high = total - 1
        if self.sweeps:
            k = self._sweep_occupy(s, src, dst, low, high)
            if k is not None:
                return Occupy(k)
        view = self.assess(s, card_open=False)
        candidates = sorted({low, high, *(low + (high - low) * i // 6 for i in range(1, 6))})
        best_k, best_score = high, float("-inf")
        for k in candidates:
            off_dst = view.offense(dst, k)[0]
            off_src = view.offense(src, total - k)[0]
            score = max(off_dst, off_src) + 0.25 * min(off_dst, off_src) \
                + view.defence(dst, k) + view.defence(src, total - k)
            if score > best_score + 1e-9:
                best_k, best_score = k, score
        return Occupy(best_k)

    def _sweep_occupy(self, s: ConquestState, src: str, dst: str, low: int, high: int) -> int | None:
        """The armies to move on when that keeps the elimination of a rival likely this turn."""
        p = s.current
        best_k, best_chance = None, self.sweep_go - 1e-9
        for k in sorted({high, low, (low + high) // 2}, reverse=True):
            armies = dict(s.armies)
            armies[src] -= k
            armies[dst] = k
            plan = best_sweep(s, p, armies, most=self.sweep_most, floor=self.sweep_go - 0.01)
            if plan is not None and plan.chance > best_chance + 1e-9:
                best_k, best_chance = k, plan.chance
        return best_k

    # --- fortification ---------------------------------------------------------------------
    def fortify(self, s: ConquestState) -> Fortify | EndTurn:
        view = self.assess(s, card_open=True)
        info, p = view.info, view.p
        sources = [t for t in info.order if s.owner[t] == p and s.armies[t] >= 2]
        # spare armies first: inland (or facing only neutrals) and many
        sources.sort(key=lambda t: -(s.armies[t] - 1) * (1.0 - view.danger(t, s.armies[t])))
        best, best_gain = None, 0.05
        for src in sources[:4]:
            a_s = s.armies[src]
            reach = [t for t in sorted(rules.reachable(s, src)) if any(s.owner[n] != p for n in info.nbrs[t])]
            if not reach:
                continue
            before_src = view.defence(src, a_s) + 0.5 * view.offense(src, a_s, depth=2)[0]
            for k in sorted({a_s - 1, max(1, (a_s - 1) // 2)}):
                after_src = view.defence(src, a_s - k) + 0.5 * view.offense(src, a_s - k, depth=2)[0]
                for dst in reach:
                    a_d = s.armies[dst]
                    gain = (after_src - before_src
                            + view.defence(dst, a_d + k) - view.defence(dst, a_d)
                            + 0.5 * (view.offense(dst, a_d + k, depth=2)[0] - view.offense(dst, a_d, depth=2)[0]))
                    if gain > best_gain:
                        best, best_gain = Fortify(src, dst, k), gain
        return best or EndTurn()


# ============================================================================ normal
class NormalAssessment(Assessment):
    """The hard bot's reading of a position, looking one conquest ahead (two with two rivals or more)."""

    DEPTH = 1

    def __init__(self, s: ConquestState, player: int, card_open: bool) -> None:
        super().__init__(s, player, card_open)
        if len(self.rivals) > 1:
            self.DEPTH = 2


class NormalBot(HardBot):
    """Sound but plain: the hard bot's values of attacks and borders by the quick estimate only (no exact
    odds), one conquest ahead against a single rival, two and only for a clear gain against more;
    trades a set as soon as it has one, claims toward continents it shares, and fortifies an inland
    stack to the border that is most threatened."""

    level = "normal"
    title = "Normal"
    attack_least = 0.5
    attack_least_crowd = 2.5
    assessment_class = NormalAssessment
    sweeps = False

    def claim(self, s: ConquestState) -> Claim:
        info, p = map_info(s.game.map), s.current
        r = self.rng(s)

        def score(t: str) -> float:
            c = info.cont[t]
            mine = sum(1 for x in info.members[c] if s.owner[x] == p)
            others = sum(1 for x in info.members[c] if s.owner[x] is not None and s.owner[x] != p)
            near = sum(1 for n in info.nbrs[t] if s.owner[n] == p)
            return (mine - others) / len(info.members[c]) + 0.2 * near + 1.0 / len(info.members[c]) + 0.01 * r.random()
        return Claim(max((t for t in info.order if s.owner[t] is None), key=score))

    def wants_trade(self, s: ConquestState, options: list[TradeCards]) -> bool:
        return True

    def attack(self, s: ConquestState) -> Attack | EndAttack:
        view = self.assess(s, card_open=not s.conquered)
        best, best_score = None, self.attack_least if len(view.rivals) <= 1 else self.attack_least_crowd
        for src in view.info.order:
            if s.owner[src] != view.p or s.armies[src] < 2:
                continue
            score, path = view.offense(src, s.armies[src])
            if path and score > best_score:
                best, best_score = (src, path[0]), score
        if best is None:
            return EndAttack()
        return Attack(best[0], best[1], _dice(s.armies[best[0]]))

    @staticmethod
    def _threat(s: ConquestState, t: str) -> int:
        """Armies of the strongest real enemy next to ``t`` (0 if none)."""
        info, p = map_info(s.game.map), s.owner[t]
        return max((s.armies[n] for n in info.nbrs[t] if _is_enemy(s.owner[n], p)), default=0)

    def occupy(self, s: ConquestState) -> Occupy:
        occ = s.occupy
        spare = s.armies[occ["src"]] - 1
        if self._threat(s, occ["src"]) > 0:
            return Occupy(max(occ["min"], spare * 2 // 3))
        return Occupy(spare)

    def fortify(self, s: ConquestState) -> Fortify | EndTurn:
        info, p = map_info(s.game.map), s.current
        inland = [t for t in info.order if s.owner[t] == p and s.armies[t] >= 2
                  and not any(_is_enemy(s.owner[n], p) for n in info.nbrs[t])]
        for src in sorted(inland, key=lambda t: -s.armies[t]):
            targets = [t for t in sorted(rules.reachable(s, src)) if self._threat(s, t) > 0]
            if targets:
                dst = max(targets, key=lambda t: self._threat(s, t) - s.armies[t])
                return Fortify(src, dst, s.armies[src] - 1)
        return EndTurn()


# ============================================================================ factory
_BOTS: dict[str, type[ConquestBot]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}


def make_bot(level: str, seed: int = 0) -> Bot:
    """A Conquest bot of ``level`` ("easy", "normal" or "hard"); raises ValueError for another level.

    >>> make_bot("normal", seed=4).level
    'normal'
    """
    if level not in _BOTS:
        raise ValueError(f"Unknown Conquest bot level {level!r}; choose one of {', '.join(LEVELS)}.")
    return _BOTS[level](seed)
