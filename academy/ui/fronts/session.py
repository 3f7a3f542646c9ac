"""The Fronts play model: one player's orders being written, the odds of the planned moves, the game.

``FrontsSession`` (param.Parameterized, no Panel) holds what one screen shows and does:

- ``obs``: ``observation(player)`` of the viewing player, the only thing views draw from (fog: the
  other players' hidden stacks never get here);
- ``player``: the player whose orders this screen writes;
- ``pending``: the order texts written so far (canonical, as the engine returned them);
- ``selected`` / ``mode`` / ``split`` / ``targets``: the click path. A click on one of the player's
  stacks selects it (every ground unit moves, unless the side panel changes the split); a click on a
  highlighted province writes the order the mode means (move there, support it with the guns, strike
  or scout it with the planes). Supports, strikes and scouts are leaves of ``options(player)``; a move
  with a chosen split is checked by the engine (``validate_orders``): the UI never decides legality;
- ``type_order(text)``: a typed order, checked by the engine; its message on refusal, nothing changes;
- ``previews``: every battle the pending orders cause, in the order the turn resolves them
  (``academy.games.fronts.odds``: the engine's resolution over the orders, with the other sides'
  known orders counted and every other stack holding): the chance it happens, each side's strength
  with its factors, win chances, expected losses, and who holds the province after the turn;
- ``reports``: the battle reports of every resolved turn, from the viewer's observation only.

It is a ``FrontsView`` (academy/ui/fronts/view.py: what the board and panels read) and an
``OrdersSession`` (academy/ui/orders_session.py: drafts, submit, preview hook, message), as Diplomacy's
screens are. ``LocalFronts`` (a ``LocalOrders``) is a game on this screen: the ``people``
play here (hot seat with a pass-the-screen cover when several), the others are the CPU; when every
person has submitted, the CPUs order (off the event loop in a served page) and the turn resolves.

    >>> s = LocalFronts()
    >>> s.new_game(people=["red"], seed=1)
    >>> s.click("millbrook"); s.click("westmere")
    >>> s.pending
    ['2 infantry 1 armor Millbrook -> Westmere']
"""
from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

import param

from academy.core.errors import IllegalAction, RulesError
from academy.core.text import count, listing
from academy.games.fronts.game import DEFAULT_TURNS, FrontsGame
from academy.games.fronts.mapdata import load_map
from academy.games.fronts.odds import preview as odds_preview
from academy.games.fronts.odds import turn_odds as odds_turn
from academy.games.fronts.orders import parse_order
from academy.games.fronts.units import LOSS_ORDER, UNITS
from academy.ui.local_orders import LocalOrders
from academy.ui.orders_session import OrdersSession
from academy.ui.tap_answer import WRITTEN

from .view import FrontsView

__all__ = ["FrontsSession", "LocalFronts", "GAMES", "LEVELS", "MODES", "SIDES", "TURNS", "default_mode", "seats_note"]

#: the games the new-game form offers: label -> (map, players)
GAMES: dict[str, tuple[str, int]] = {"Duel: 2 players (The Two Rivers)": ("duel", 2),
                                     "Three Passes: 3 players": ("three_passes", 3),
                                     "Crossroads: 3 players": ("crossroads", 3),
                                     "Crossroads: 4 players": ("crossroads", 4)}
LEVELS = ("easy", "normal", "hard")
#: a game's length in turns on this screen's and the Games page's forms (the engine's own default)
TURNS = DEFAULT_TURNS
#: the sides a Fronts form offers: the map's teams, or every player for themselves
SIDES = {"Teams": "teams", "Free-for-all": "ffa"}
MODES = ("move", "support", "strike", "scout")
GROUND = tuple(k for k in LOSS_ORDER if UNITS[k].is_ground)


def default_mode(label: str) -> str:
    """The sides a form chooses first for the game ``label``: "ffa" on a map drawn for three or more players
    each on a team of their own (Three Passes: "Teams" there would be teams of one), else "teams"."""
    map_id, n = GAMES[label]
    fmap = load_map(map_id)
    teams = {fmap.players[p].team for p in list(fmap.players)[:n]}
    return "ffa" if n > 2 and len(teams) == n else "teams"


def seats_note(label: str) -> str:
    """What the form says of a game on a map made for more players, whose spare corners start neutral: the
    seats farthest from the spare cities have the least to take ('' when every seat is as near)."""
    map_id, n = GAMES[label]
    fmap = load_map(map_id)
    steps = fmap.spare_city_steps(n)
    if not steps or len(set(steps.values())) == 1:
        return ""
    name = {pid: fmap.players[pid].name for pid in fmap.players}
    order = sorted(steps, key=lambda p: (steps[p], list(fmap.players).index(p)))
    far = max(steps.values())
    farthest = [name[p] for p in order if steps[p] == far]
    spans = [f"{steps[p]} steps from {name[p]}'s capital" if i == 0 else f"{steps[p]} from {name[p]}'s"
             for i, p in enumerate(order)]
    even = next((other for other, (m, k) in GAMES.items() if k == n and len(load_map(m).players) == n), None)
    return (f"With {n} players, {listing(name[p] for p in list(fmap.players)[n:])}'s land and armies start "
            f"neutral. Its nearest city is {listing(spans)}: {listing(farthest)} "
            f"{'has the hardest seat' if len(farthest) == 1 else 'have the hardest seats'}, with the least to take."
            + (f" For {n} seats that start equal, choose {even.split(':')[0]}, a map drawn for {n} players." if even else ""))


def _leaves(tree: Any) -> list[str]:
    if isinstance(tree, str):
        return [tree]
    if isinstance(tree, dict):
        return [leaf for branch in tree.values() for leaf in _leaves(branch)]
    return []


class FrontsSession(OrdersSession, FrontsView):
    """One player's screen of a Fronts game (see the module docstring): a ``FrontsView`` whose ``player`` is
    the player this screen writes orders for and ``pending`` the orders written so far."""

    mode = param.Selector(default="move", objects=list(MODES), doc="what a click on a target writes")
    split = param.Dict({}, doc="how many units of each ground type move (the selected stack)")
    previews = param.List([], doc="every battle the pending orders cause, with its odds")

    seat_param, preview_param = "player", "previews"
    cleared_text = "All orders removed: stacks without orders hold."

    def seat_name(self, seat: str | None) -> str:
        return self.player_name(seat)

    # --- what the views ask --------------------------------------------------------------------
    @property
    def options(self) -> dict[str, Any]:
        return (self.obs or {}).get("options") or {}

    def my_stack(self, province: str) -> dict[str, int]:
        """The viewer's own units in ``province`` (from the observation)."""
        for e in (self.obs or {}).get("stacks", {}).get(province, []):
            if e["owner"] == self.player and "units" in e:
                return dict(e["units"])
        return {}

    def example_order(self) -> str:
        """An order to show as an example, from this board: the viewer's first stack of infantry moving next
        door ("2 infantry Ember Ford -> South Pass"); the lesson board's own example when there is none."""
        fmap = getattr(self, "fmap", None)
        for province in (self.obs or {}).get("stacks", {}):
            n = self.my_stack(province).get("infantry", 0)
            if n and fmap is not None and fmap.neighbours.get(province):
                near = min(fmap.neighbours[province], key=fmap.name_of)
                return f"{n} infantry {fmap.name_of(province)} -> {fmap.name_of(near)}"
        return "2 infantry Millbrook -> Westmere"

    @property
    def is_submitted(self) -> bool:
        return bool(self.obs) and self.player in self.obs.get("submitted", [])

    def available_modes(self) -> list[str]:
        """The modes the selected stack has (move, support with guns, strike/scout with planes)."""
        if self.selected is None:
            return []
        name = self.pname(self.selected)
        out = []
        node = self.options.get(name)
        if isinstance(node, dict):
            out.append("move")
            if "support" in node:
                out.append("support")
        if isinstance(self.options.get(f"{name} air"), dict):
            out += ["strike", "scout"]
        return out

    # --- clicks --------------------------------------------------------------------------------
    def click(self, province: str) -> None:
        """A tap on ``province``: select a stack, then write the order a target means."""
        refusal = self._refusal()
        if refusal:
            self.message = refusal
            return
        if self.selected is not None:
            if province == self.selected:
                self.deselect()
                return
            if province in self.targets:
                self._write_for(province)
                return
        if self.my_stack(province):
            self.select(province)
            return
        if self.selected is not None:
            why = self._why_not_target(province)
            self.message = (why + " Click a highlighted province, or another stack of yours." if why else
                            f"{self.pname(province)} is not a target of the stack in {self.pname(self.selected)}: "
                            "click a highlighted province, or another stack of yours.")
        else:
            self.message = f"{self.pname(province)}: no stack of yours there. Click one of your stacks first."

    def _why_not_target(self, province: str) -> str:
        """The engine's reason why the selected stack's order (in the chosen ``mode``) cannot concern
        ``province`` ('' when there is none to give): what a click off the highlighted provinces is told."""
        name, dest = self.pname(self.selected or ""), self.pname(province)
        stack = self.my_stack(self.selected or "") or {}
        if self.mode == "move":
            counts = " ".join(f"{self.split[k]} {k}" for k in GROUND if self.split.get(k))
            text = f"{counts} {name} -> {dest}" if counts else ""
        else:
            kind = "artillery" if self.mode == "support" else "air"
            text = f"{stack[kind]} {kind} {name} {self.mode} {dest}" if stack.get(kind) else ""
        if not text:
            return ""
        try:
            self._validate([text])
        except RulesError as exc:
            return exc.message
        return ""

    def select(self, province: str) -> None:
        """Select the viewer's stack in ``province``: the ground units without an order yet move
        (all of them if every one has its order), unless split otherwise in the side panel."""
        stack = self.my_stack(province)
        if not stack:
            self.message = f"You have no stack in {self.pname(province)}."
            return
        left = dict(stack)
        for text in self.pending:
            o = parse_order(text, self.fmap)
            if o.kind != "build" and o.source == province:
                for k, n in o.units:
                    left[k] = left.get(k, 0) - (n or 0)
        if not any(left.get(k, 0) > 0 for k in GROUND):
            left = stack          # every unit has its order: a new move replaces them
        split = {k: max(0, left.get(k, 0)) for k in GROUND if stack.get(k)}
        self.param.update(selected=province, split=split)
        modes = self.available_modes()
        mode = self.mode if self.mode in modes else (modes[0] if modes else "move")
        self.param.update(mode=mode, targets=self._targets(mode), message=self._hint(mode))

    def set_mode(self, mode: str) -> None:
        """What a click on a target writes for the selected stack (move, support, strike, scout)."""
        if self.selected is None:      # e.g. the choice arrives after the stack's order was written
            self.message = (f"No stack is selected, so there is nothing to {mode}: click one of your stacks on "
                            "the map first, then choose what it does.")
            return
        if mode not in self.available_modes():
            self.message = f"The stack in {self.pname(self.selected)} cannot {mode}."
            return
        self.param.update(mode=mode, targets=self._targets(mode), message=self._hint(mode))

    def set_split(self, kind: str, n: int) -> None:
        """How many ``kind`` units of the selected stack move (0 to all of them)."""
        if self.selected is None:
            return
        have = self.my_stack(self.selected).get(kind, 0)
        split = dict(self.split)
        split[kind] = max(0, min(int(n), have))
        self.split = split
        if self.mode == "move":
            self.targets = self._targets("move")

    def _hint(self, mode: str) -> str:
        where = self.pname(self.selected or "")
        return {"move": f"Stack in {where} selected: click a highlighted province to move there "
                        "(choose how many units move in the panel by the board); click it again to unselect.",
                "support": f"Guns in {where}: click a neighbouring province to support the battle there.",
                "strike": f"Planes in {where}: click a province up to 3 away to strike the battle there.",
                "scout": f"Planes in {where}: click a province up to 3 away to scout it."}[mode]

    def _targets(self, mode: str) -> list[str]:
        if self.selected is None or self.fmap is None:
            return []
        name = self.pname(self.selected)
        if mode in ("strike", "scout"):
            tree = (self.options.get(f"{name} air") or {}).get(mode) or {}
        elif mode == "support":
            tree = (self.options.get(name) or {}).get("support") or {}
        else:                # where the units chosen to move can go, at the pace of the slowest of them
            state = self._engine_state()
            if state is None:
                return []
            return state.move_targets(self.player, self.selected, {k: n for k, n in self.split.items() if n})
        return sorted(self.fmap.resolve(n) for n in tree)

    def _write_for(self, province: str) -> None:
        name, dest = self.pname(self.selected or ""), self.pname(province)
        if self.mode == "move":
            counts = " ".join(f"{self.split[k]} {k}" for k in GROUND if self.split.get(k))
            if not counts:
                self.message = "Choose at least one unit to move (the counts in the panel by the board)."
                return
            text = f"{counts} {name} -> {dest}"
        elif self.mode == "support":
            text = self.options[name]["support"][dest]
        else:
            text = self.options[f"{name} air"][self.mode][dest]
        if self.add_order(text):
            self.param.update(selected=None, targets=[], split={})

    # --- writing orders ------------------------------------------------------------------------
    def add_order(self, text: str) -> bool:
        """Add one order, checked by the engine together with the others. An order for units already
        ordered elsewhere replaces that stack's earlier orders. False (and the engine's message) if refused."""
        refusal = self._refusal()
        if refusal:
            self.message = refusal
            return False
        text = (text or "").strip()
        if not text:
            self.message = f"Type an order first, e.g. {self.example_order()}."
            return False
        try:
            canon = self._validate([*self.pending, text])
            kept = self.pending
        except IllegalAction as exc:
            if exc.reason != "too_many_units":
                self.message = exc.message
                return False
            try:
                src = parse_order(text, self.fmap).source
                kept = [t for t in self.pending if parse_order(t, self.fmap).kind == "build"
                        or parse_order(t, self.fmap).source != src]
                canon = self._validate([*kept, text])
            except RulesError as again:
                self.message = again.message
                return False
        except RulesError as exc:
            self.message = exc.message
            return False
        new = canon[-1]
        replaced = [t for t in self.pending if t not in kept]
        note = (" (it was on your sheet already)" if replaced == [new] else
                f" (replaces {'; '.join(replaced)})" if replaced else "")
        again = " Submit again to replace the orders sent." if self.is_submitted else ""
        previews = self._preview_of(list(canon))
        order = parse_order(new, self.fmap)
        if order.kind in ("strike", "support") and order.target not in {b.get("province") for b in previews}:
            where = self.fmap.name_of(order.target)
            again += (f" No battle of yours in {where} yet: the {order.kind} adds strength only to a battle "
                      f"there (an attack of yours, or your defence if an enemy comes in).")
        self._set_pending(list(canon), f"{WRITTEN}{new}{note}.{again}", previews)
        return True

    def type_order(self, text: str) -> bool:
        """A typed order (e.g. ``2 infantry Millbrook -> Westmere``); the engine checks it."""
        return self.add_order(text)

    def remove(self, index: int) -> None:
        if 0 <= index < len(self.pending):
            pending = list(self.pending)
            text = pending.pop(index)
            self._set_pending(pending, f"Removed: {text}.")

    # --- odds ----------------------------------------------------------------------------------
    def preview_order(self, text: str, others: Iterable[str] = ()) -> dict[str, Any] | None:
        """The first battle a move (or a support or strike) takes part in, as the viewer sees it, with
        every other order in ``others`` counted: a dict for the odds panel (see ``_battle_dict``), or None.

        Raises RulesError for an order the engine refuses or one that is not a move, support or strike.
        """
        state = self._engine_state()
        if state is None or self.player is None:
            return None
        given = self._given_orders()
        mine = list(others)
        p = odds_preview(state, self.player, text, {**given, self.player: mine} if given else mine)
        if p is None or p.odds is None:
            return None
        return self._battle_dict(p.odds, p.holds, [text])

    def _given_orders(self) -> dict[str, list[str]]:
        """The orders the odds count besides the viewer's, by player: the teammates' orders already
        submitted (a team plans together), and the other sides' orders a lesson gives."""
        given = {pl: list(t) for pl, t in (getattr(self, "others", None) or {}).items() if t and pl != self.player}
        state = self._engine_state()
        teams = (self.obs or {}).get("teams", {})
        for pl, texts in (getattr(state, "pending", None) or {}).items():
            if pl != self.player and texts and teams.get(pl) == teams.get(self.player) and pl not in given:
                given[pl] = list(texts)
        return given

    def _helping(self, province: str, drafts: list[str]) -> list[str]:
        """Of the viewer's ``drafts``, the supports and strikes aimed at ``province`` (they add to its battle)."""
        out = []
        for text in drafts:
            try:
                o = parse_order(text, self.fmap)
            except RulesError:
                continue
            if o.kind in ("support", "strike") and o.target == province:
                out.append(text)
        return out

    def _battle_dict(self, b: Any, holds: Any, orders: list[str], drafts: list[str] | None = None) -> dict[str, Any]:
        """One battle for the odds panel: where, its kind, the chance it happens and what must happen
        first, each side (strength, win chance, expected losses, units, supplied), the viewer's orders
        in it, the factors, and who holds the province after the turn."""
        battle = b.battle
        chances, losses = battle.win_probabilities(), battle.expected_losses()
        sides = [{"name": s.name, "role": s.role, "strength": float(st), "win": float(w), "loss": float(lo),
                  "units": sum(s.units.values()), "supplied": all(x.supplied for x in s.stacks)}
                 for s, st, w, lo in zip(battle.sides, battle.strengths(), chances, losses)]
        mine = [t for pl, t in b.orders if pl == self.player] or list(orders)
        mine += [t for t in self._helping(b.province, self.pending if drafts is None else drafts) if t not in mine]
        return {"order": mine[0] if mine else "", "orders": mine, "province": b.province, "where": b.place,
                "kind": b.kind, "step": b.step, "chance": float(b.chance), "after": list(b.after),
                "estimated": b.estimated, "sides": sides, "explain": battle.explain(),
                "holds": [{"name": self._team_words(team), "chance": float(c)}
                          for team, c in sorted(holds.items(), key=lambda x: -x[1])] if b.kind != "border clash"
                else []}

    def _team_words(self, team: str | None) -> str:
        if team is None or self.game is None:
            return "Neutral"
        names = [self.player_name(p) for p in self.game.player_ids if (self.obs or {}).get("teams", {}).get(p) == team]
        return " + ".join(names) or team

    def _preview_of(self, pending: list[str]) -> list[dict[str, Any]]:
        """Every battle the pending orders (and the other sides' known orders) cause, in the order the
        turn resolves them, each with its odds (OrdersSession's preview)."""
        state = self._engine_state()
        if state is None or self.player is None or not pending:
            return []
        try:
            odds = odds_turn(state, self.player, list(pending), self._given_orders())
        except RulesError:
            return []
        return [self._battle_dict(b, odds.holds.get(b.province, {}), [], pending) for b in odds.battles]

    # --- the drafts and submitting (OrdersSession, OrderDrafts) -----------------------------------
    def orders_list(self) -> list[str]:
        return list(self.pending)

    def _no_drafts(self) -> list[str]:
        return []

    def _phase_of(self, observation: dict[str, Any]) -> Any:
        return observation.get("turn")

    def _own_orders(self, observation: dict[str, Any]) -> list[str]:
        return list(observation.get("pending") or [])

    def _as_drafts(self, orders: list[str], observation: dict[str, Any]) -> list[str]:
        return orders

    def _kept_drafts(self, observation: dict[str, Any]) -> list[str]:
        return list(self.pending)

    # --- for subclasses ------------------------------------------------------------------------
    def _engine_state(self) -> Any:
        return None

    def _validate(self, orders: list[str]) -> tuple[str, ...]:
        state = self._engine_state()
        if state is None:
            raise IllegalAction("no_game", "No game yet: start one first.")
        return state.validate_orders(self.player, orders)

    def _refusal(self) -> str | None:
        if self.obs is None or self.player is None:
            return "No game yet: start one first."
        if self.obs.get("result"):
            return f"The game is over: {self.obs['result']['text']}"
        if self.player in self.obs.get("out", []) or self.player in self.obs.get("surrendered", []):
            return f"{self.player_name(self.player)} is out of the game."
        return None

    def _selection_cleared(self) -> dict[str, Any]:
        return dict(selected=None, targets=[], split={})

    def _observed(self, observation: dict[str, Any]) -> dict[str, Any]:
        return dict(obs=observation)


class LocalFronts(LocalOrders, FrontsSession):
    """A game on this screen: the ``people`` play here (hot seat for several), the others are the CPU
    (``level``). When every person has submitted, the CPUs order (off the event loop in a served page:
    ``LocalOrders``) and the turn resolves."""

    level = param.Selector(default="normal", objects=list(LEVELS), doc="the CPU players' level")

    game_name = "fronts"
    max_cpu_phases = 100

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self._reports: dict[str, list[dict[str, Any]]] = {}

    def _engine_state(self) -> Any:
        return self._engine

    def new_game(self, people: Iterable[str] = ("red",), map: str = "duel", players: int = 2,  # noqa: A002
                 mode: str = "teams", level: str | None = None, seed: int | None = None,
                 turns: int | None = TURNS) -> None:
        """Start a game; raises ValueError (with the engine's words) for a bad choice."""
        from academy.core.rng import new_seed
        try:
            game = FrontsGame(players=players, map=map, mode=mode, turns=turns)
        except RulesError as exc:
            raise ValueError(exc.message) from None
        people = [p.lower() for p in people]
        bad = [p for p in people if p not in game.player_ids]
        if not people or bad:
            names = ", ".join(game.map.players[p].name for p in game.player_ids)
            raise ValueError(f"Choose at least one player to play on this screen among {names}"
                             + (f" (not {', '.join(bad)})" if bad else "") + ".")
        level = level or self.level
        state = game.new_initial_state(seed=new_seed() if seed is None else int(seed))
        self.game, self.fmap, self._reports, self.level = game, load_map(game.map.id), {p: [] for p in people}, level
        cpu = [game.map.players[p].name for i, p in enumerate(game.player_ids) if p not in people]
        names = listing(game.map.players[p].name for p in people)
        note = game.empty_seats_note()
        self._start(state, people, level, f"New game on {game.table_name}: you play {names}"
                    + (f"; the {level} CPU plays {listing(cpu)}." if cpu else ".") + (f" {note}" if note else ""))

    def start_from(self, state: Any, people: Iterable[str] | None = None, message: str = "") -> None:
        """Play on from ``state`` (e.g. a shared link's position): ``people`` on this screen (default:
        every player, hot seat), the CPU plays the others."""
        game = state.game
        people = [p for p in (people or game.player_ids)]
        self.game, self.fmap, self._reports = game, load_map(game.map.id), {p: [] for p in people}
        self._start(state, people, self.level, message or f"Turn {state.board.turn} on {game.table_name}.")

    def _load_record(self, record: Any, name: str) -> None:
        """Play on from a saved record: the people on this screen stay (those the loaded game has; else
        its first player), the CPU plays the others."""
        from academy.games.fronts.actions import Resolve
        game = record.game
        people = [p for p in self.people if p in game.player_ids] or [game.player_ids[0]]
        state = record.initial_state()
        reports: dict[str, list[dict[str, Any]]] = {p: [] for p in people}
        for entry in record.entries:            # the reports each person saw, turn by turn
            turn = state.board.turn
            state.apply(entry.action)
            if isinstance(entry.action, Resolve):
                for p in people:
                    reports[p].append({"turn": turn, "events": copy.deepcopy(state.observation(p)["last"])})
        self.game, self.fmap, self._reports = game, load_map(game.map.id), reports
        names = listing(game.map.players[p].name for p in people)
        self._start(state, people, self.level,
                    f"Game loaded from {name}: turn {state.board.turn} on {game.table_name}; you play {names}.")

    # --- LocalOrders ------------------------------------------------------------------------------
    def _all_seats(self, engine: Any) -> list[str]:
        return list(engine.game.player_ids)

    def _orders_action(self, seat: str | None, orders: list[str]) -> Any:
        from academy.games.fronts.actions import SubmitOrders
        return SubmitOrders(seat, tuple(orders)) if seat is not None else None

    def _waiting_seats(self, engine: Any) -> list[str]:
        return [engine.board.players[i] for i in engine.waiting()]

    def _make_bot(self, level: str, seed: int) -> Any:
        from academy.games.fronts.bots import make_bot
        return make_bot(level, seed)

    def _bot_orders(self, bot: Any, engine: Any, seat: str) -> list[str]:
        return bot.orders(engine, engine.board.players.index(seat))

    def _cleared(self) -> dict[str, Any]:
        return dict(pending=[], previews=[], reports=[], obs=None, player=None)

    def _show_seat(self, seat: str, message: str | None) -> None:
        super()._show_seat(seat, message)
        self.reports = list(self._reports.get(seat, []))

    def _resolve_phase(self) -> str:
        """The turn resolves; every person's reports are kept. The sentence counts the battles the last
        person to submit could see."""
        st, done = self._engine, self.player
        turn = st.board.turn
        st.resolve_step()
        for p in self.people:
            last = st.observation(p)["last"]
            self._reports[p] = self._reports.get(p, []) + [{"turn": turn, "events": copy.deepcopy(last)}]
        battles = sum(1 for e in self._reports.get(done, [{}])[-1].get("events", []) if e["kind"] == "battle")
        return (f"Turn {turn} resolved: {count(battles, 'battle')} you could see "
                "(see the reports)." + ("" if st.result else f" Now turn {st.board.turn}."))

    def _screen_seats(self) -> list[tuple[str, bool]]:
        if self.obs is None or self.obs.get("result"):
            return []
        waiting, submitted = set(self.obs.get("waiting", [])), set(self.obs.get("submitted", []))
        return [(self.player_name(p), p not in waiting) for p in self.people if p in waiting or p in submitted]
