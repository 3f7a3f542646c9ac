"""The Diplomacy play model: one power's orders being written, a preview, and the game they go to.

``DiplomacySession`` (param.Parameterized, no Panel) holds what one screen shows and does:

- ``state``: the engine's view state of ``observation(power)`` only (``Game.view_state``): the board,
  the last phase's results, this power's own submitted orders; never another power's pending orders;
- ``power``: the power whose orders this screen writes (None: watching);
- ``pending``: the orders being written, one per thing to order ({"A PAR": "A PAR - BUR"});
- ``selected`` / ``choices``: the click path. A click on a unit selects it; a click on a province
  then collects every leaf of the unit's options tree that concerns that province (a move there,
  a support into it or of the unit in it, a convoy...). One leaf is written at once; several become
  ``choices`` (a small menu: the kind of order, the coast). The tree's leaves are the only orders a
  click can write: the UI never decides what is legal;
- ``type_order(text)``: a typed order, checked by the engine (``validate_orders``); its message on refusal;
- ``preview``: what the pending orders would do if every other power held (``adjudicate`` on the
  visible position): each order's result and reason. A preview, not a promise;
- ``submit()``: hands the orders to the game.

It is a ``DiplomacyView`` (academy/ui/diplomacy/view.py: what the board and the results read) and an
``OrdersSession`` (academy/ui/orders_session.py: drafts, submit, preview hook, message), as Fronts'
screens are. Two games: ``LocalDiplomacy`` (a ``LocalOrders``: people on this screen, hot
seat allowed, the other powers the CPU at a level chosen per power, whose orders are written off the event loop) and
``SharedDiplomacy`` (one seat of a live game in academy/store/live.py, on the process's shared hub).

    >>> s = LocalDiplomacy()
    >>> s.new_game(people=["FRANCE"], seed=1)
    >>> s.click("PAR"); s.click("BUR")
    >>> s.pending
    {'A PAR': 'A PAR - BUR'}
"""
from __future__ import annotations

import copy
import logging
import threading
from collections.abc import Iterable, Mapping
from typing import Any

import param

from academy.core.errors import RulesError
from academy.core.record import Record
from academy.core.text import count, listing, plural
from academy.games.diplomacy.adjudicate import adjudicate
from academy.games.diplomacy.game import RULE_NOTES, DiplomacyGame
from academy.games.diplomacy.goals import split_orders
from academy.games.diplomacy.mapdata import province_of, standard_map
from academy.games.diplomacy.options import convoy_only_moves, option_leaves, why_no_build, why_not_there
from academy.games.diplomacy.orders import (Build, Convoy, Disband, Hold, Move, Retreat, SupportHold, SupportMove,
                                            Waive, parse_order)
from academy.games.diplomacy.position import phase_title
from academy.games.diplomacy.likely import likely_orders, likely_results
from academy.games.diplomacy.preview_notes import held_notes
from academy.games.diplomacy.state import DiplomacyState
from academy.games.diplomacy.unordered import unordered_note
from academy.ui.local_orders import LocalOrders
from academy.ui.orders_session import OrdersSession
from academy.ui.tap_answer import WRITTEN
from academy.ui.seat_chat import SeatChat
from academy.ui.seat_leaving import SeatLeaving
from academy.ui.session_loop import in_session

from .view import DiplomacyView
from academy.ui.live_follow import FollowsLiveGame, page_doc

__all__ = ["DiplomacySession", "LocalDiplomacy", "SharedDiplomacy", "past_phases", "order_targets", "order_label",
           "phase_title", "POWERS"]

log = logging.getLogger("academy.ui.diplomacy")

POWERS: tuple[str, ...] = standard_map().powers
KIND_WORDS = {Hold: "Hold", Move: "Move", SupportHold: "Support to hold", SupportMove: "Support a move",
              Convoy: "Convoy", Retreat: "Retreat", Disband: "Disband", Build: "Build", Waive: "Waive"}


def order_targets(text: str) -> set[str]:
    """The provinces an order text concerns besides its own unit (for clicks and highlights)."""
    try:
        o = parse_order(text)
    except RulesError:
        return set()
    if isinstance(o, (Move, Retreat)):
        return {province_of(o.dest)}
    if isinstance(o, SupportHold):
        return {o.supported.province}
    if isinstance(o, SupportMove):
        return {province_of(o.dest)}
    if isinstance(o, Convoy):
        return {o.army.province, province_of(o.dest)}
    return set()


def order_label(text: str) -> str:
    """'Move: A PAR - BUR', 'Support a move: F BRE S A PAR - PIC' ... (a menu entry)."""
    try:
        o = parse_order(text)
    except RulesError:
        return text
    word = KIND_WORDS.get(type(o), "Order")
    if isinstance(o, Build):
        return f"Build {'an army' if o.unit.kind == 'A' else 'a fleet'} in {o.unit.location}: {text}"
    return f"{word}: {text}"


def _key_province(key: str) -> str | None:
    """The province a thing to order stands in: "A PAR" -> PAR, "F STP/SC" -> STP, "PAR" -> PAR."""
    if key == "WAIVE":
        return None
    return province_of(key.split()[-1])


def _key_in(options: dict[str, Any], text: str) -> str | None:
    """The thing to order (a key of ``options``) whose tree has the order ``text`` as a leaf, or None."""
    return next((key for key, tree in options.items() if text in option_leaves(tree)), None)


def past_phases(record: Record) -> list[dict[str, Any]]:
    """The results of every phase resolved in ``record`` (each ``state.last``), replayed in order."""
    state = record.initial_state()
    out: list[dict[str, Any]] = []
    for entry in record.entries:
        state.apply(entry.action)
        if state.last and (not out or out[-1] != state.last):
            out.append(copy.deepcopy(state.last))
    return out


class DiplomacySession(OrdersSession, DiplomacyView):
    """One power's view (``DiplomacyView``: ``power`` is the power this screen writes orders for, ``pending``
    the orders being written) and order writing; subclasses say where the orders go (see the module
    docstring)."""

    choices = param.List([], doc="the menu after a click: [(label, order text)]")
    preview = param.List([], doc="preview rows: dicts unit, order, result, reason (if every other power held)")
    submitted = param.List([], doc="powers that have submitted this phase (public)")
    to_order = param.List([], doc="powers that have something to order this phase")

    seat_param, preview_param = "power", "preview"
    cleared_text = "All orders removed: unordered units hold."

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.game = DiplomacyGame()

    def seat_name(self, seat: str | None) -> str:
        return seat.title() if seat else "the next player"

    # --- what the views read -------------------------------------------------------------------
    @property
    def options(self) -> dict[str, Any]:
        """This power's options tree (from the engine, via the observation)."""
        if self.state is None or self.power is None:
            return {}
        return self._options

    _options: dict[str, Any] = {}

    @property
    def hides_retreats(self) -> bool:
        """A lesson asks the learner to work out where a dislodged unit may go: no highlights, no retreats
        in the menu, refusals that do not name them."""
        return "retreats" in self.kept_back

    @property
    def order_limit(self) -> int | None:
        return self.state.order_limit(self.power) if self.state is not None and self.power else None

    @property
    def is_submitted(self) -> bool:
        return self.power in self.submitted

    def waiting_text(self) -> str:
        """'Orders this phase (✓ sent, … still to come): Austria ✓, England …'."""
        if self.state is None or not self.to_order:
            return ""
        parts = [f"{pw.title()} {'✓' if pw in self.submitted else '…'}" for pw in self.to_order]
        return "Orders this phase (✓ sent, … still to come): " + ", ".join(parts)

    # --- clicks --------------------------------------------------------------------------------
    def click(self, province: str) -> None:
        """A click on ``province`` (a board tap): select a unit, then write the order it means."""
        refusal = self._refusal()
        if refusal:
            self.param.update(message=refusal, choices=[])
            return
        province = province_of(province)
        opts = self.options
        if self.selected is not None and self.selected in opts:
            if _key_province(self.selected) == province:
                self._again(self.selected)
                return
            found = [leaf for leaf in option_leaves(opts[self.selected]) if province in order_targets(leaf)]
            if found:
                self._offer(found, f"{self.selected} and {self._name(province)}")
                return
        key = self._key_at(province)
        if key is not None:
            self._select(key)
            return
        if self.selected is not None:
            retreat = self.phase.endswith("R")     # the unit stays selected, with its menu
            why = why_not_there(self.state.position, self.power, self.selected, province,
                                name_choices=not (retreat and self.hides_retreats))
            if retreat:
                self.message = why
            else:
                self.param.update(message=f"No order of {self.selected} concerns {self._name(province)}: {why} "
                                          "Click one of the highlighted provinces, or another unit of yours.",
                                  choices=[])
        elif (why := why_no_build(self.state.position, self.power, province)) is not None:
            sites = [self._name(k) for k in self.options if k != "WAIVE"]
            where = f"You may build in {listing(sites, 'or')}." if sites else "No home centre of yours is open now."
            self.param.update(message=f"{self._name(province)}: {why} {where}", choices=[])
        else:
            self.param.update(message=f"{self._name(province)}: nothing of {self.power.title()}'s to order "
                                      "there. Click one of your units first.", choices=[])

    def choose(self, text: str) -> None:
        """Write a menu entry (it must be one of ``choices``: a leaf of the options tree)."""
        if text not in [t for _, t in self.choices]:
            self.message = f"{text!r} is not one of the choices offered."
            return
        self._write(text)

    def _key_at(self, province: str) -> str | None:
        return next((k for k in self.options if _key_province(k) == province), None)

    def _select(self, key: str) -> None:
        tree = self.options[key]
        leaves = option_leaves(tree)
        kind = self.phase[-1:] if self.phase else ""
        targets = sorted({p for leaf in leaves for p in order_targets(leaf)})
        by_convoy: list[str] = []
        if kind == "M":
            hold = tree.get("H") if isinstance(tree, dict) else None
            choices = [(order_label(hold), hold)] if hold else []
            convoy = ", or to convoy an army" if key.startswith("F") else ""
            msg = (f"{key} selected: click a province to move there, or to support a unit into it or holding "
                   f"there{convoy}; click the unit again to hold.")
            by_convoy = convoy_only_moves(self.state.position, key)
            if by_convoy:
                msg += (f" {listing(by_convoy)}, ringed in blue, {plural(len(by_convoy), 'is', 'are')} reachable "
                        "only by convoy: a fleet at sea must carry the army there.")
        elif kind == "R" and self.hides_retreats:       # the lesson asks the learner to find them
            choices = [(order_label(t), t) for t in leaves if t.split()[2:3] == ["D"]]
            targets = []
            msg = (f"{key} was dislodged: click the province it retreats to (work out which ones are open), "
                   "or choose Disband below.")
        elif kind == "R":
            choices = [(order_label(t), t) for t in leaves]
            msg = f"{key} was dislodged: click where it retreats (highlighted), or choose below."
        else:
            if len(leaves) == 1:
                self.param.update(selected=None, choices=[], targets=[], by_convoy=[])
                self._toggle(key, leaves[0])
                return
            choices = [(order_label(t), t) for t in leaves]
            msg = f"{self._name(_key_province(key) or key)}: choose what to build."
        self.param.update(selected=key, choices=choices, targets=targets, by_convoy=by_convoy, message=msg)

    def _again(self, key: str) -> None:
        """A second click on the selected unit: hold (movement); in a retreat it stays selected (a
        disband is chosen from the menu, never by a click that may have been meant for the unit's
        province); else it is unselected, and the message says so."""
        tree = self.options[key]
        if isinstance(tree, dict) and isinstance(tree.get("H"), str):
            self._write(tree["H"])
        elif self.phase.endswith("R"):
            where = "the province it retreats to" if self.hides_retreats else "a highlighted province to retreat there"
            self.message = f"{key} is still selected: click {where}, or choose “Disband” below."
        else:
            self.param.update(message=f"{key} unselected: click it again to select it.", **self._selection_cleared())

    def _toggle(self, key: str, text: str) -> None:
        if self.pending.get(key) == text:
            pending = dict(self.pending)
            del pending[key]
            self._set_pending(pending, f"Removed: {text}.")
        else:
            self._write(text, key)

    def _offer(self, leaves: list[str], about: str) -> None:
        """One leaf: write it. A single move among several: write the move, offer the rest instead.
        Else a menu (the kind of order, the coast)."""
        if len(leaves) == 1:
            self._write(leaves[0])
            return
        moves = [t for t in leaves if t.split()[2:3] in (["-"], ["R"])]
        if len(moves) == 1:
            self._write(moves[0])
            if self.pending.get(self._key_of(moves[0]) or "") == moves[0]:
                self.param.update(choices=[(order_label(t), t) for t in leaves if t != moves[0]],
                                  message=f"{WRITTEN}{moves[0]}. Or instead, choose another order "
                                          f"with {about.split(' and ')[-1]} below.")
            return
        self.param.update(choices=[(order_label(t), t) for t in leaves],
                          message=f"Several orders join {about}: choose one below.")

    def _write(self, text: str, key: str | None = None) -> None:
        key = key or self._key_of(text)
        if key is None:
            self.message = f"{text!r} is not an order of {self.power.title()} in this phase."
            return
        limit = self.order_limit
        if limit is not None and key not in self.pending and len(self.pending) >= limit:
            self.param.update(message=f"{self.power.title()} may give {count(limit, 'adjustment order')} this phase: "
                                      "remove one before adding another.", choices=[])
            return
        pending = dict(self.pending)
        pending[key] = text
        self.param.update(selected=None, choices=[], targets=[], by_convoy=[])
        self._set_pending(pending, f"{WRITTEN}{text}." + ("" if not self.is_submitted else
                                                                 " Submit again to replace the orders sent."))

    def _key_of(self, text: str) -> str | None:
        return _key_in(self.options, text)

    @staticmethod
    def _name(province: str) -> str:
        p = standard_map().provinces.get(province)
        return p.name if p else province

    # --- typed orders, removing ------------------------------------------------------------------
    def type_order(self, text: str) -> bool:
        """Add a typed order (``A PAR - BUR``), or several separated by ';' (``A BUR - BEL; A PAR - BUR``);
        the engine checks them together. False (and ``message``) if one is refused: then none is added."""
        refusal = self._refusal()
        if refusal:
            self._refuse(refusal)
            return False
        texts = split_orders(text or "")
        if not texts:
            self._refuse("Type an order first, e.g. A PAR - BUR.")
            return False
        try:
            canons = self.state.validate_orders(self.power, texts)
        except RulesError as exc:
            self._refuse(exc.message)
            return False
        keys = [self._key_of(canon) for canon in canons]
        for canon, key in zip(canons, keys):
            if key is None:
                self._refuse(f"{canon} is understood, but it is not among {self.power.title()}'s options now; "
                             "click the unit on the map to see the orders it may give.")
                return False
        if len(canons) == 1:
            self._write(canons[0], keys[0])
            return True
        limit = self.order_limit
        pending = {**self.pending, **dict(zip(keys, canons))}
        if limit is not None and len(pending) > limit:
            self.param.update(message=f"{self.power.title()} may give {count(limit, 'adjustment order')} this phase: "
                                      "remove one before adding another.", choices=[])
            return False
        self.param.update(selected=None, choices=[], targets=[], by_convoy=[])
        self._set_pending(pending, f"Orders written: {'; '.join(canons)}." + ("" if not self.is_submitted else
                                                                              " Submit again to replace the orders sent."))
        return True

    def _refuse(self, message: str) -> None:
        """A refusal: its message, and no menu left from an earlier click (its buttons no longer apply)."""
        self.param.update(message=message, choices=[])

    def remove(self, key: str) -> None:
        if key in self.pending:
            pending = dict(self.pending)
            text = pending.pop(key)
            self._set_pending(pending, f"Removed: {text}.")

    # --- the preview (OrdersSession) --------------------------------------------------------------
    def _preview_of(self, pending: dict[str, str]) -> list[dict[str, str]]:
        """Adjudicate the pending orders on the visible position with the other powers' orders this screen
        shows (``others``: a lesson's or a link's fixed orders), every other unit holding."""
        if self.state is None or self.power is None or not pending or self.state.result:
            return []
        known = {pw: list(orders) for pw, orders in self.others.items() if pw != self.power}
        try:
            res = adjudicate(self.state.position, {**known, self.power: list(pending.values())})
        except RulesError as exc:   # pragma: no cover - adjudicate turns bad orders into results
            return [{"unit": "", "order": "", "result": "fails", "reason": exc.message}]
        notes = held_notes(self.state.position, self.power, list(pending.values()))
        likely = (likely_results(self.state, self.power, list(pending.values()), self._likely_others())
                  if self.likely_preview and self.state.position.phase.kind == "M" else {})
        return [{"unit": row.key, "order": row.text, "result": res.results[row.key], "reason": res.reasons[row.key],
                 "strengths": dict(res.strengths.get(row.key, {})), "assumes": notes.get(row.key, ""),
                 **({"likely_result": likely[row.key][0], "likely_reason": likely[row.key][1]}
                    if row.key in likely else {})}
                for row in res.rows if row.key in res.results and row.power == self.power]

    #: add a second preview against the orders the CPU would give the other powers (not in lessons,
    #: whose other powers' orders are the exercise's)
    likely_preview = True
    _likely: tuple[Any, dict[str, list[str]]] | None = None

    def _likely_others(self) -> dict[str, list[str]]:
        """The normal CPU's orders for the other powers, worked out once per phase shown."""
        key = (self.step, self.power, str(self.state.position.phase))
        if self._likely is None or self._likely[0] != key:
            self._likely = (key, likely_orders(self.state, self.power))
        return self._likely[1]

    # --- the drafts and submitting (OrdersSession, OrderDrafts) -----------------------------------
    def orders_list(self) -> list[str]:
        return list(self.pending.values())

    def _submit_warning(self) -> str | None:
        """In a retreat or adjustment phase that leaves a unit or a build unordered (its default disbands
        it, or loses the build), the first Submit only warns; a second Submit of the same drafts sends them."""
        if not self.warns_unordered or self.state is None or not self.power:
            return None
        note = unordered_note(self.state.position, self.power, self.orders_list())
        asked = self._warning_key()
        if note and self._warned != asked:
            self._warned = asked
            self.choices = []
            return note
        self._warned = None
        return None

    _warned: Any = None
    #: warn before a Submit leaves a unit or a build unordered (a lesson's Submit is one try its feedback explains)
    warns_unordered = True

    @property
    def warned(self) -> bool:
        """The last Submit only warned about these very drafts: the next one sends them."""
        return self._warned is not None and self._warned == self._warning_key()

    def _warning_key(self) -> tuple[str, tuple[tuple[str, str], ...]]:
        """What a warning was about: the phase and the drafts. The phase, not the record's step: the CPU
        powers' orders arriving between the two clicks must not make the second Submit warn again."""
        phase = str(self.state.position.phase) if self.state is not None else ""
        return phase, tuple(sorted(self.pending.items()))

    def selection_text(self) -> str:
        """What is selected and what a click does next ('' when nothing is selected)."""
        if self.selected is None or self.selected not in self.options:
            return ""
        where = ", ".join(self.targets)
        return (f"Selected: {self.selected}. Click a highlighted province ({where}) or choose below; "
                if where else f"Selected: {self.selected}. Choose below; ") + "click another unit to switch."

    def _no_drafts(self) -> dict[str, str]:
        return {}

    def _phase_of(self, observation: dict[str, Any]) -> Any:
        return observation.get("phase")

    def _own_orders(self, observation: dict[str, Any]) -> list[str]:
        return list((observation.get("pending") or {}).get(self.power or "", []))

    def _as_drafts(self, orders: list[str], observation: dict[str, Any]) -> dict[str, str]:
        """The drafts keyed by the thing each order orders, in the observation's options tree."""
        options = observation.get("options") or {}
        return {k: t for t in orders if (k := _key_in(options, t)) is not None}

    def _kept_drafts(self, observation: dict[str, Any]) -> dict[str, str]:
        options = observation.get("options") or {}
        return {k: v for k, v in self.pending.items() if k in options and v in option_leaves(options[k])}

    # --- for subclasses ------------------------------------------------------------------------
    def _refusal(self) -> str | None:
        if self.state is None:
            return "No game yet: start one first."
        if self.power is None:
            return "You are watching this game: open your seat's link to write orders."
        if self.state.result:
            return f"The game is over: {self.state.result['text']}"
        if self.power not in self.to_order:
            return f"{self.power.title()} has nothing to order in {phase_title(self.phase)}."
        return None

    def _selection_cleared(self) -> dict[str, Any]:
        return dict(selected=None, choices=[], targets=[], by_convoy=[])

    def _observed(self, observation: dict[str, Any]) -> dict[str, Any]:
        """A new observation of ``power``: the board, options, who submitted, the results seen."""
        self._options = observation.get("options") or {}
        changes: dict[str, Any] = dict(state=self.game.view_state(observation),
                                       submitted=list(observation.get("submitted") or ()),
                                       to_order=list(observation.get("to_order") or ()))
        last = observation.get("last")
        if last and (not self.history or self.history[-1] != last):
            changes["history"] = self.history + [copy.deepcopy(last)]
        return changes


class LocalDiplomacy(LocalOrders, DiplomacySession):
    """A game on this screen: the ``people`` powers are played here (hot seat for several), the others
    by the CPU, each at its level (``levels``; ``bot_level`` for a power not named there). When every
    person has submitted, the CPUs order (off the event loop in a served page: ``LocalOrders``) and the
    phase resolves."""

    game_name = "diplomacy"

    def __init__(self, bot_level: str = "easy", **params: Any) -> None:
        super().__init__(**params)
        self.bot_level = bot_level
        self.levels: dict[str, str] = {}

    def new_game(self, people: Iterable[str] = ("FRANCE",), seed: int | None = None, years: int | None = None,
                 state: DiplomacyState | None = None, levels: Mapping[str, str] | None = None) -> None:
        """Start a game (or play on from ``state``, e.g. ``game.state_from_position(...)``); ``levels``: the
        CPU level of each power not played here ("easy", "normal", "hard"; default ``bot_level``).
        Raises ValueError for an unknown power or level."""
        from academy.core.rng import new_seed
        from academy.games.diplomacy.bots import LEVELS
        people = [p.upper() for p in people]
        bad = [p for p in people if p not in POWERS]
        if not people or bad:
            raise ValueError(f"Choose at least one power to play among {', '.join(POWERS)}"
                             + (f" (not {', '.join(bad)})" if bad else "") + ".")
        chosen = {str(p).upper(): str(v) for p, v in (levels or {}).items()}
        wrong = sorted(f"{p.title()}: {v!r}" for p, v in chosen.items() if v not in LEVELS or p not in POWERS)
        if wrong:
            raise ValueError(f"Choose a CPU level among {', '.join(LEVELS)} for each CPU power (not {', '.join(wrong)}).")
        self.levels = {p: chosen.get(p, self.bot_level) for p in POWERS if p not in people}
        if state is None:
            self.game = DiplomacyGame(years=years)
            state = self.game.new_initial_state(seed=new_seed() if seed is None else int(seed))
        else:
            self.game = state.game
        self._start(state, people, dict(self.levels), self._new_game_text(people))

    def _new_game_text(self, people: list[str]) -> str:
        """'New game: you play France; the CPU plays the others (easy: ...; hard: Germany).'"""
        by_level: dict[str, list[str]] = {}
        for p, level in self.levels.items():
            by_level.setdefault(level, []).append(p.title())
        if not by_level:
            cpus = "nobody else plays"
        elif len(by_level) == 1:
            cpus = f"the {next(iter(by_level))} CPU plays the others"
        else:
            cpus = "the CPU plays the others (" + "; ".join(f"{lv}: {', '.join(ps)}" for lv, ps in by_level.items()) + ")"
        return f"New game: you play {', '.join(p.title() for p in people)}; {cpus}."

    def _load_record(self, record: Record, name: str) -> None:
        """Play on from a saved record, the same people on this screen and the same CPU levels."""
        people = list(self.people) or ["FRANCE"]
        state = record.replay()
        self.game = state.game
        self.levels = {p: self.levels.get(p, self.bot_level) for p in POWERS if p not in people}
        self._start(state, people, dict(self.levels),
                    f"Game loaded from {name}: {phase_title(state.phase)}. {self._new_game_text(people)}")

    # --- LocalOrders ------------------------------------------------------------------------------
    def _all_seats(self, engine: DiplomacyState) -> list[str]:
        return list(POWERS)

    def _waiting_seats(self, engine: DiplomacyState) -> list[str]:
        return list(engine.waiting_for())

    def _seat_in(self, engine: DiplomacyState, seat: str) -> bool:
        pos = engine.position
        return bool(pos.units_of(seat)) or seat in pos.supply_centers.values()

    def _orders_action(self, seat: str | None, orders: list[str]) -> Any:
        from academy.games.diplomacy.actions import SubmitOrders
        return SubmitOrders(seat, tuple(orders)) if seat is not None else None

    def _make_bot(self, level: str, seed: int) -> Any:
        from academy.games.diplomacy.bots import make_bot
        return make_bot(level, seed=seed)

    def _bot_orders(self, bot: Any, engine: DiplomacyState, seat: str) -> list[str]:
        return bot.orders(engine, engine.player_of(seat))

    def _cleared(self) -> dict[str, Any]:
        return dict(history=[], pending={}, preview=[], power=None, state=None, others={})

    def _resolve_phase(self) -> str:
        st = self._engine
        before = st.phase
        st.resolve_step()
        if self.others:                  # a link's orders were for the phase just resolved
            self.others = {}
        self._remember(st.last)
        results = (st.last or {}).get("results", {})
        failed, n = sum(r == "fails" for r in results.values()), len(results)
        return f"{phase_title(before)} resolved: {count(n, 'order')}, {failed} failed (see the results)."

    def _show_seat(self, seat: str, message: str | None) -> None:
        """Show ``seat``'s screen; when the phase on the board is new, the message ends by naming it (the
        phase the board shows, after every phase the CPU resolved alone since the message was written)."""
        st, before = self._engine, self.state.phase if self.state is not None else None
        if message and before is not None and st.phase != before and not st.result:
            message = f"{message} Now {phase_title(st.phase)}."
        super()._show_seat(seat, message)

    def _remember(self, last: dict[str, Any] | None) -> None:
        if last and (not self.history or self.history[-1] != last):
            self.history = self.history + [copy.deepcopy(last)]

    def _screen_seats(self) -> list[tuple[str, bool]]:
        if self.state is None or self.state.result:
            return []
        return [(p.title(), p in self.submitted) for p in self.people if p in self.to_order]


class SharedDiplomacy(DiplomacySession, SeatChat, SeatLeaving, FollowsLiveGame):
    """One seat (or a spectator) of a live Diplomacy game (academy/store/live.py); see the module docstring.

    Seats write to each other, one to one or in groups (diplomacy.md §10), through ``SeatChat``.
    """

    waiting = param.List([], doc="players (indices) that have not submitted")
    draw_votes = param.List([], doc="powers that propose or accept a draw in this phase (public)")
    deadline = param.Parameter(None)
    clock = param.Dict(None, allow_None=True)
    seat_names = param.List([])
    seat_kinds = param.List([])

    def __init__(self, game: Any, token: str | None = None, **params: Any) -> None:
        super().__init__(**params)
        self.live = game
        self.token = token
        self.game = DiplomacyGame(**game.info.options)
        self.player: int | None = game.seat_of(token) if token else None   # raises BadToken
        self.power = POWERS[self.player] if self.player is not None else None
        self._lock = threading.RLock()
        self._doc = page_doc()
        self._take_seat()                  # raises BadToken if the seat was claimed since seat_of
        self.history = self._past_results()
        self._load_messages()
        self._follow(game, self.player)
        who = f"you play {self.power.title()}" if self.power else "watching"
        self._apply(message=f"Game {game.game_id}: {who}.")
        if self.power:
            self.message = " ".join(filter(None, [self.message, self.submitted_note(phase_title(self.phase))]))

    @property
    def live_game(self) -> Any:
        return self.live

    @property
    def num_seats(self) -> int:
        return len(POWERS)

    @property
    def engine_game(self) -> DiplomacyGame:
        return self.game

    def _refresh_view(self) -> None:
        with self._lock:
            self._apply()

    def vote_draw(self, agree: bool = True) -> bool:
        """Propose (or accept) a draw, or withdraw it (the engine's rule: ``RULE_NOTES["draw"]``); False and
        ``message`` if refused."""
        from academy.games.diplomacy.actions import DrawVote
        from academy.store.errors import StoreError
        refusal = None if self.power else "You are watching this game: only its players vote on a draw."
        refusal = refusal or ("This game is over." if self.status == "finished" else None)
        refusal = refusal or (f"You are out of this game ({self.seat_status[self.player].replace('_', ' ')})."
                              if self.out else None)
        if refusal:
            self.message = refusal
            return False
        try:
            self.live.act(self.token, DrawVote(self.power, bool(agree)))
        except (StoreError, RulesError) as exc:
            self.message = getattr(exc, "message", None) or str(exc)
            return False
        self._refresh_view()
        if self.status == "finished":
            self.message = "Every surviving power agreed: the game is a draw."
        else:
            self.message = (f"You propose a draw. {RULE_NOTES['draw']}" if agree else "You withdraw from the draw.")
        return True

    def draw_text(self) -> str:
        """Who proposes a draw in this phase, in words ('' when nobody does)."""
        if not self.draw_votes:
            return ""
        names = ", ".join(p.title() for p in self.draw_votes)
        return f"A draw is proposed by {names}. {RULE_NOTES['draw']}"

    def _past_results(self) -> list[dict[str, Any]]:
        """The results of every phase resolved so far (public once resolved), replayed from the record."""
        return past_phases(self.live.record_copy())

    def _apply(self, message: str | None = None) -> None:
        view = self.live.view(self.player)
        self.param.update(waiting=list(view.waiting), status=view.status, deadline=view.deadline, clock=view.clock,
                          seat_status=[seat.status for seat in view.seats], winner=view.winner,
                          draw_votes=list(view.observation.get("draw_votes") or []),
                          seat_names=[s.name or POWERS[s.player].title() for s in view.seats],
                          seat_kinds=[s.kind for s in view.seats])
        self._show(view.observation, message=message, keep_pending=True)

    def _on_change(self, step: int, events: list[Any]) -> None:
        """Called by the live game on the thread that made the change: hand it to this session."""
        resolved = [e for e in events if getattr(e, "kind", "") == "phase"]
        wrote = any(getattr(e, "kind", "") == "message" for e in events)

        def update() -> None:
            with self._lock:
                self._apply()
                if resolved:       # the phase now on the board, or the end of the game
                    data = [getattr(e, "data", None) or {} for e in resolved]
                    over = self.state.result if self.state is not None else None
                    self.message = " ".join(f"{phase_title(d.get('from', ''))} resolved." for d in data) + \
                        (f" The game is over: {over['text']}" if over else
                         f" Now {phase_title(self.phase)}: see the results below.")
                if wrote:
                    self._load_messages()
        in_session(self._doc, update)

    def _refusal(self) -> str | None:
        if self.status == "finished":
            return "This game is over."
        if self.out:
            return f"You are out of this game ({self.seat_status[self.player].replace('_', ' ')})."
        return super()._refusal()

    def _send(self, orders: list[str]) -> None:
        from academy.store.errors import StoreError
        phase = self.phase
        try:
            self.live.submit(self.token, orders)
        except StoreError as exc:
            raise RulesError("store", str(exc)) from exc
        with self._lock:
            self._apply()
            if self.phase == phase:
                self.message = (f"Orders submitted ({len(orders)}); you can still change them and submit again "
                                "until the phase resolves.")

    def waiting_text(self) -> str:
        if self.state is None or not self.to_order:
            return ""
        parts = []
        for pw in self.to_order:
            i = POWERS.index(pw)
            cpu = " (CPU)" if i < len(self.seat_kinds) and self.seat_kinds[i] == "cpu" else ""
            you = " (you)" if pw == self.power else ""
            parts.append(f"{pw.title()}{you}{cpu} {'✓' if pw in self.submitted else '…'}")
        names = [POWERS[p].title() for p in self.waiting]
        head = f"Waiting for: {', '.join(names)}." if names else "Everyone has submitted."
        return f"{head} Orders: " + ", ".join(parts)
