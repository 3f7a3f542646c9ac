"""A Diplomacy game as a state of the engine protocol: secret orders, resolved together.

Every order phase (movement, retreats, adjustments) is a SIMULTANEOUS node: ``to_move()`` is
None, ``powers_to_order()`` names the powers with something to do. Each submits with
``submit(power, orders)`` (recorded as ``SubmitOrders``; a new submission replaces the old),
then ``resolve()`` (recorded as ``Resolve``) adjudicates everything at once: unordered units
hold, unordered retreats disband, owed disbands follow the civil-disorder rule. The game ends
(TERMINAL) at ``victory_centers``, by a draw every survivor agrees to (``DrawVote``), or after
``years`` game years with the most centres winning (diplomacy.md §8).

>>> from academy.games.diplomacy.game import DiplomacyGame
>>> s = DiplomacyGame().new_initial_state()
>>> _ = s.submit("FRANCE", ["A PAR - BUR"])
>>> s.resolve().results
{'A PAR': 'succeeds'}
>>> s.phase
'F1901M'
"""
from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from academy.core.errors import GameOver, IllegalAction
from academy.core.jsonio import check_envelope, envelope
from academy.core.protocol import Event, NodeKind, State
from academy.core.record import Record
from academy.core.text import count, listing

from .actions import DrawVote, Resolve, SubmitOrders
from .adjudicate import Resolution, adjudicate
from .notation import parse_power
from .options import order_limit, order_options, powers_to_order, validate_orders
from .phases import retreat_options
from .position import Position, phase_title
from .rule_notes import RULE_NOTES

if TYPE_CHECKING:
    from .game import DiplomacyGame

SCHEMA, VERSION = "academy.diplomacy.state", 1


class DiplomacyState(State):
    """A Diplomacy game in progress: the position, pending (secret) orders, draw votes, result."""

    game: DiplomacyGame

    def __init__(self, game: DiplomacyGame, record: Record, position: Position | None = None) -> None:
        super().__init__(game, record)
        self.position: Position = position or Position.standard()
        self.pending: dict[str, tuple[str, ...]] = {}       # power -> canonical orders, secret until resolved
        self.draw_votes: set[str] = set()
        #: the last resolution: phase, the orders given, result and reason per order (public)
        self.last: dict[str, Any] | None = None
        #: None while the game goes on; else {"kind": "victory"|"draw"|"length", "winners": [...], "text": ...}
        self.result: dict[str, Any] | None = None
        self._resolution: Resolution | None = None
        #: orders already checked against ``position``: (power, texts) -> canonical texts
        self._checked: tuple[Position, dict[tuple[str, tuple[str, ...]], tuple[str, ...]]] | None = None
        self._to_order: tuple[Position, list[str]] | None = None    # powers_to_order of ``position``

    # --- helpers ------------------------------------------------------------------------------
    @property
    def powers(self) -> tuple[str, ...]:
        return self.position.dmap.powers

    @property
    def phase(self) -> str:
        return str(self.position.phase)

    def when(self) -> str:
        """The game's own time, in words: "Spring 1901 movement"."""
        return phase_title(self.phase)

    def power_of(self, player: int | str) -> str:
        """A power's name from its player index or (leniently) its name; raises InvalidNotation."""
        if isinstance(player, int) and not isinstance(player, bool):
            if not 0 <= player < len(self.powers):
                raise IllegalAction("unknown_power", f"There is no player {player}; players are 0 to "
                                                     f"{len(self.powers) - 1} ({', '.join(self.powers)}).")
            return self.powers[player]
        return parse_power(str(player), self.position.dmap)

    def player_of(self, power: str) -> int:
        return self.powers.index(power)

    def survivors(self) -> list[str]:
        """Powers that still hold a supply centre or a unit."""
        pos = self.position
        return [pw for pw in self.powers if pos.centers_of(pw) or pos.units_of(pw)
                or any(d.unit.power == pw for d in pos.dislodged)]

    def centre_counts(self) -> dict[str, int]:
        owned = Counter(self.position.supply_centers.values())
        return {pw: owned[pw] for pw in self.powers}

    def powers_to_order(self) -> list[str]:
        """The powers with something to order in this phase ([] once the game is over)."""
        if self.result:
            return []
        if self._to_order is None or self._to_order[0] is not self.position:
            self._to_order = (self.position, powers_to_order(self.position))
        return list(self._to_order[1])

    def waiting_for(self) -> list[str]:
        """Powers with something to order that have not submitted yet."""
        return [pw for pw in self.powers_to_order() if pw not in self.pending]

    # --- the branch point ---------------------------------------------------------------------
    def node_kind(self) -> NodeKind:
        return NodeKind.TERMINAL if self.result else NodeKind.SIMULTANEOUS

    def to_move(self) -> int | None:
        return None

    def winner(self) -> int | None:
        if self.result and len(self.result["winners"]) == 1 and self.result["kind"] != "draw":
            return self.player_of(self.result["winners"][0])
        return None

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        return []

    # --- simultaneous orders ------------------------------------------------------------------
    def actor_of(self, action: Any) -> int | None:
        power = getattr(action, "power", None)
        return self.player_of(power) if power in self.powers else None

    def players_to_act(self) -> list[int]:
        return [self.player_of(pw) for pw in self.powers_to_order()]

    def options(self, player: int | str) -> dict[str, Any]:
        """Per unit (build site, "WAIVE"), the tree of legal choices; leaves are order texts."""
        if self.result:
            return {}
        return order_options(self.position, self.power_of(player))

    def order_limit(self, player: int | str) -> int | None:
        return order_limit(self.position, self.power_of(player))

    def validate_orders(self, player: int | str, orders: Iterable[str]) -> tuple[str, ...]:
        """The canonical texts; raises InvalidNotation / IllegalAction (reason, how to fix)."""
        power = self.power_of(player)
        if self.result:
            raise GameOver("game_over", f"The game is over ({self.result['text']}): no more orders.")
        given = (str(orders),) if isinstance(orders, str) else tuple(str(o) for o in orders)
        if self._checked is None or self._checked[0] is not self.position:
            self._checked = (self.position, {})
        known = self._checked[1]
        if (power, given) in known:          # submit, apply and replay ask again about the same orders
            return known[power, given]
        texts = validate_orders(self.position, power, given)
        if texts and power not in self.powers_to_order():
            raise IllegalAction("nothing_to_order", f"{power} has nothing to order in {self.phase} "
                                                    f"(waiting for {', '.join(self.powers_to_order()) or 'nobody'}).")
        known[power, given] = known[power, texts] = texts
        return texts

    def submit(self, player: int | str, orders: Iterable[str]) -> list[Event]:
        """Replace ``player``'s pending orders with ``orders`` (an empty list: all hold)."""
        if isinstance(orders, str):
            orders = [orders]
        power = self.power_of(player)
        return self.apply(SubmitOrders(power, self.validate_orders(power, orders)))

    def vote_draw(self, player: int | str, agree: bool = True) -> list[Event]:
        """Propose or accept a draw (``agree=False`` withdraws); all survivors agreeing ends the game."""
        return self.apply(DrawVote(self.power_of(player), agree))

    def resolve(self) -> Resolution:
        """Adjudicate every pending order together; the Resolution of this phase."""
        self.apply(Resolve())
        assert self._resolution is not None
        return self._resolution

    def resolve_step(self) -> list[Event]:
        """Adjudicate every pending order together; the events (each order's result and why)."""
        return self.apply(Resolve())

    def waiting(self) -> list[int]:
        return [self.player_of(pw) for pw in self.waiting_for()]

    def legal_actions(self, player: int | None = None) -> list[Any]:
        """The actions without free choices: all-hold submissions, draw votes, and ``Resolve``.

        Orders are chosen from ``options(player)``; this list is for bots and checks.
        """
        if self.result:
            return []
        powers = self.powers_to_order() if player is None else [self.power_of(player)]
        out: list[Any] = []
        survivors = self.survivors()
        for pw in powers:
            if pw in self.powers_to_order():
                out.append(SubmitOrders(pw, ()))
            if pw in survivors:
                out.append(DrawVote(pw, pw not in self.draw_votes))
        if player is None:
            out.append(Resolve())
        return out

    def _validate(self, action: Any) -> None:
        if isinstance(action, SubmitOrders):
            if action.power not in self.powers:
                self.power_of(action.power)   # raises with did-you-mean
            self.validate_orders(action.power, action.orders)
        elif isinstance(action, DrawVote):
            if action.power not in self.powers:
                self.power_of(action.power)
            if action.power not in self.survivors():
                raise IllegalAction("not_a_survivor", f"{action.power} is out of the game; only the survivors "
                                                      f"({', '.join(self.survivors())}) vote on a draw.")
        elif not isinstance(action, Resolve):
            raise IllegalAction("not_an_action", f"{action!r} is not a Diplomacy action; use SubmitOrders, "
                                                 "DrawVote or Resolve.")

    def _apply(self, action: Any) -> list[Event]:
        if isinstance(action, SubmitOrders):
            self.pending[action.power] = self.validate_orders(action.power, action.orders)
            return [Event("submitted", f"{action.power} has submitted orders for {self.phase}.",
                          {"power": action.power, "phase": self.phase})]
        if isinstance(action, DrawVote):
            return self._vote(action)
        return self._resolve()

    def _vote(self, action: DrawVote) -> list[Event]:
        if action.agree:
            self.draw_votes.add(action.power)
        else:
            self.draw_votes.discard(action.power)
        text = f"{action.power} {'votes for' if action.agree else 'withdraws from'} a draw."
        events = [Event("draw_vote", text, {"power": action.power, "agree": action.agree}, (RULE_NOTES["draw"],))]
        survivors = self.survivors()
        if survivors and set(survivors) <= self.draw_votes:
            self.result = {"kind": "draw", "winners": survivors,
                           "text": f"Draw agreed by {', '.join(survivors)}."}
            events.append(Event("game_over", self.result["text"], dict(self.result)))
        return events

    def _resolve(self) -> list[Event]:
        before = self.position
        orders = {pw: list(texts) for pw, texts in self.pending.items()}
        res = adjudicate(before, orders)
        self._resolution = res
        power_of_key = {row.key: row.power for row in res.rows}
        keys: dict[str, list[str]] = {}
        for row in res.rows:
            keys.setdefault(row.power, []).append(row.key)
        self.last = {"phase": str(before.phase), "orders": {pw: list(t) for pw, t in sorted(self.pending.items())},
                     "keys": {pw: keys.get(pw, []) for pw in sorted(self.pending)},
                     "results": dict(res.results), "reasons": dict(res.reasons)}
        events = [Event("order", f"{key}: {result}. {res.reasons[key]}",
                        {"unit": key, "result": result, "power": power_of_key.get(key, "")},
                        (res.reasons[key],))
                  for key, result in res.results.items()]
        self.position = res.position
        self.pending = {}
        self.draw_votes = set()
        events += self._destroy_trapped()
        events.append(Event("phase", f"{phase_title(before.phase)} resolved; now {phase_title(self.phase)}.",
                            {"from": str(before.phase), "to": self.phase}))
        self._check_end(events)
        return events

    def _destroy_trapped(self) -> list[Event]:
        """A retreat phase in which no dislodged unit has anywhere to go is not played: those units
        are destroyed at once (diplomacy.md §27) and the phase is skipped (§9)."""
        pos = self.position
        if pos.phase.kind != "R" or any(retreat_options(pos, d.unit, d.attacked_from, d.via_convoy)
                                        for d in pos.dislodged):
            return []
        events = [Event("destroyed", f"{d.unit} ({d.unit.power.capitalize()}) has no legal retreat and is "
                                     "destroyed.", {"unit": str(d.unit), "power": d.unit.power},
                        ("A dislodged unit needs a vacant province it could have moved to, not the one its "
                         "attacker came from nor one left empty by a standoff; there is none.",))
                  for d in pos.dislodged]
        self.position = adjudicate(pos, {}).position
        return events

    def _check_end(self, events: list[Event]) -> None:
        counts = self.centre_counts()
        best = max(counts.values())
        target = self.game.options["victory_centers"]
        if best >= target:
            winner = next(pw for pw, n in counts.items() if n == best)
            self.result = {"kind": "victory", "winners": [winner],
                           "text": f"{winner.title()} controls {best} supply centres and wins."}
        else:
            years = self.game.options.get("years")
            ph = self.position.phase
            if years is not None and ph.season == "S" and ph.year >= self.game.start_year + years:
                top = [pw for pw, n in counts.items() if n == best]
                self.result = {"kind": "length", "winners": top,
                               "text": ((f"{top[0].title()} has the most supply centres ({best}) and wins"
                                         if len(top) == 1 else
                                         f"{listing([pw.title() for pw in top])} share the most supply centres "
                                         f"({best})") + f" after the agreed {count(years, 'year')}.")}
        if self.result:
            events.append(Event("game_over", self.result["text"], dict(self.result)))

    # --- hidden information --------------------------------------------------------------------
    def hidden_information(self) -> str | None:
        if self.pending and not self.result:
            return (f"the orders already submitted for {self.phase} ({', '.join(sorted(self.pending))}), secret "
                    "until the phase resolves")
        return None

    # --- views and persistence ----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return envelope(SCHEMA, VERSION, {
            "options": dict(self.game.options), "position": self.position.to_dict(),
            "pending": {pw: list(t) for pw, t in sorted(self.pending.items())},
            "draw_votes": sorted(self.draw_votes), "last": copy.deepcopy(self.last),
            "result": copy.deepcopy(self.result)})

    def observation(self, player: int | str | None) -> dict[str, Any]:
        """What ``player`` may see: the board, the last results, who has submitted (not what),
        its own pending orders and options; a spectator (None) sees no pending orders."""
        power = None if player is None else self.power_of(player)
        return {
            "viewer": power, "phase": self.phase, "position": self.position.to_dict(),
            "centres": self.centre_counts(),
            "to_order": self.powers_to_order(), "submitted": sorted(self.pending),
            "pending": {power: list(self.pending[power])} if power in self.pending else {},
            "options": self.options(power) if power else {},
            "draw_votes": sorted(self.draw_votes), "last": copy.deepcopy(self.last),
            "result": copy.deepcopy(self.result)}

    def clone(self) -> DiplomacyState:
        twin = copy.copy(self)
        twin.pending = dict(self.pending)
        twin.draw_votes = set(self.draw_votes)
        twin.last = copy.deepcopy(self.last)
        twin.result = copy.deepcopy(self.result)
        twin.record = self.record.fork()
        return twin

    @classmethod
    def from_json(cls, game: DiplomacyGame, data: Mapping[str, Any], record: Record | None = None
                  ) -> DiplomacyState:
        """Inverse of ``to_json``; raises ValueError for a wrong schema or missing fields."""
        check_envelope(data, SCHEMA, VERSION)
        try:
            state = cls(game, record if record is not None else Record(game, 0, start=data),
                      Position.from_dict(data["position"]))
            state.pending = {pw: tuple(t) for pw, t in data["pending"].items()}
            state.draw_votes = set(data["draw_votes"])
            state.last = copy.deepcopy(data["last"])
            state.result = copy.deepcopy(data["result"])
        except KeyError as exc:
            raise ValueError(f"Diplomacy state is missing {exc.args[0]!r}") from None
        return state
