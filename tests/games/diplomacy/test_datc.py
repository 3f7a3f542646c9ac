"""DATC v3.0 cases (tests/games/diplomacy/datc/*.txt) through the public API, one test per case id.

A case may have several phases ("-- next"): the first places the units, each later phase
orders the position the previous one produced. A case whose DATC text gives two separate
positions has two parts ("-- part"), both checked by the one test of that case.
"""
from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest

from academy.games.diplomacy import Position, adjudicate, format_order, parse_order
from academy.core.errors import RulesError

DATC_DIR = Path(__file__).parent / "datc"

#: Every case of DATC v3.0 chapter 6, sections A to J (counts per section from the DATC text).
DATC_SECTIONS = {"A": 12, "B": 15, "C": 9, "D": 34, "E": 15, "F": 25, "G": 20, "H": 16, "I": 7, "J": 11}


@dataclass
class Step:
    """One phase of a case: the orders, the expected results and the checks on the position after."""

    orders: dict[str, list[str]] = field(default_factory=dict)
    expect: list[tuple[str, str, str]] = field(default_factory=list)    # (power, order text, result)
    dislodged: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    at: list[str] = field(default_factory=list)
    open: list[str] = field(default_factory=list)
    gone: list[str] = field(default_factory=list)
    phase_after: str | None = None


@dataclass
class Part:
    """A starting position (units, centres, phase) and the phases played from it."""

    units: dict[str, list[str]] = field(default_factory=dict)
    centers: dict[str, list[str]] | None = None
    phase: str = "S1901M"
    steps: list[Step] = field(default_factory=lambda: [Step()])


@dataclass
class Case:
    """A DATC case: its id ("6.B.15"), its title and one or more parts."""

    id: str
    title: str
    parts: list[Part] = field(default_factory=lambda: [Part()])


def load_cases() -> list[Case]:
    """Read every case file; raises AssertionError naming file and line for a malformed line."""
    cases: list[Case] = []
    for path in sorted(DATC_DIR.glob("*.txt")):
        for n, line in enumerate(path.read_text().splitlines(), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("=="):
                cid, _, title = line[2:].strip().partition(" ")
                cases.append(Case(cid, title))
                continue
            part = cases[-1].parts[-1]
            step = part.steps[-1]
            tag, _, value = line.partition(":")
            tag, value = tag.strip(), value.strip()
            if line == "-- next":
                part.steps.append(Step())
            elif line == "-- part":
                cases[-1].parts.append(Part())
            elif tag in ("dislodged", "kept", "at", "open", "gone"):
                getattr(step, tag).append(value)
            elif tag == "phase":
                part.phase = value
            elif tag == "then":
                step.phase_after = value
            elif tag.startswith("centers "):
                part.centers = part.centers or {}
                part.centers[tag[8:].strip()] = value.split()
            elif tag.startswith("unit "):
                part.units.setdefault(tag[5:].strip(), []).append(value)
            else:
                place = not line.startswith("!") and len(part.steps) == 1
                power, _, rest = line.lstrip("! ").partition(":")
                text, _, result = rest.partition("|")
                power, text, result = power.strip(), text.strip(), result.strip()
                step.orders.setdefault(power, []).append(text)
                try:
                    order = parse_order(text)
                except RulesError:
                    order = None
                if place and order is not None and hasattr(order, "unit"):
                    part.units.setdefault(power, []).append(str(order.unit))
                if result:
                    assert result in ("succeeds", "fails"), f"{path}:{n}"
                    step.expect.append((power, text, result))
    return cases


CASES = load_cases()


def test_case_ids_are_unique() -> None:
    ids = [c.id for c in CASES]
    assert len(ids) == len(set(ids))


def test_every_datc_case_is_encoded() -> None:
    """Sections 6.A to 6.J are complete: every case id of DATC v3.0 appears once."""
    want = {f"6.{sec}.{i}" for sec, n in DATC_SECTIONS.items() for i in range(1, n + 1)}
    got = {c.id for c in CASES}
    assert sorted(want - got, key=_order) == []
    assert sorted(got - want, key=_order) == []


def _order(cid: str) -> tuple[str, int]:
    m = re.match(r"6\.([A-J])\.(\d+)$", cid)
    return (m.group(1), int(m.group(2))) if m else (cid, 0)


def _expected_keys(res, step: Step) -> list[str]:
    """The result key of each expected line, found in the resolution's rows (one per order given, in
    the order given): the n-th line with a power and text is the n-th row with them."""
    rows: dict[tuple[str, str], list[str]] = {}
    for r in res.rows:
        rows.setdefault((r.power, r.text), []).append(r.key)
    seen: dict[tuple[str, str], int] = {}
    keys = []
    for power, text, _ in step.expect:
        n = seen.get((power, text), 0)
        seen[(power, text)] = n + 1
        keys.append(rows[(power, text)][n])
    return keys


def _play(part: Part) -> None:
    pos = _first_position(part)
    for i, step in enumerate(part.steps):
        res = adjudicate(pos, step.orders)
        # every unit is where its result says (issue 13, item 13)
        assert res.disagreements() == [], f"phase {i + 1}: " + "; ".join(res.disagreements())
        keys = _expected_keys(res, step)
        got = [res.results.get(k) for k in keys]
        assert got == [want for _, _, want in step.expect], \
            f"phase {i + 1}:\n" + "\n".join(f"{k}: {res.reasons.get(k)}" for k in keys)
        assert len({r.key for r in res.rows}) == len(res.rows), "two orders share a result row"
        assert all(res.reasons.get(k) for k in res.results)
        assert set(res.details) >= set(res.results)
        after = res.position
        dislodged = {str(d.unit) for d in after.dislodged}
        for u in step.dislodged:
            assert u in dislodged, f"{u} should be dislodged; dislodged: {sorted(dislodged)}"
        for u in step.kept:
            assert u not in dislodged, f"{u} should not be dislodged"
            assert str(after.unit_in(u.split()[1])) == u
        for u in step.at:
            assert str(after.unit_in(u.split()[1])) == u
        for u in step.gone:
            assert str(after.unit_in(u.split()[1])) != u and u not in dislodged, f"{u} should be gone"
        for prov in step.open:
            assert prov not in after.contested, f"{prov} should not be contested"
        if step.phase_after:
            assert str(after.phase) == step.phase_after
        pos = after


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_datc(case: Case) -> None:
    for part in case.parts:
        _play(part)
    # every order of the case survives a round trip through the notation
    for part in case.parts:
        for step in part.steps:
            for texts in step.orders.values():
                for t in texts:
                    try:
                        o = parse_order(t)
                    except RulesError:
                        continue
                    assert parse_order(format_order(o)) == o


def _first_position(part: Part) -> Position:
    data: dict = {"phase": part.phase, "units": part.units}
    if part.centers is not None:
        data["supply_centers"] = part.centers
    return Position.from_dict(data)


def _same(res) -> tuple:
    after = res.position.to_dict()
    after["dislodged"] = {pw: sorted(ds, key=json.dumps) for pw, ds in after["dislodged"].items()}
    return res.results, after


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_datc_outcome_does_not_depend_on_the_order_of_the_units(case) -> None:
    """Issue 13, item 13: the results of each DATC case's first phase and its new position are the
    same, and agree, for several orders of its units (6.F.17 and 6.F.18 differed before the fix; the
    reasons may list units in another order)."""
    rng = random.Random(case.id)
    for part in case.parts:
        pos = _first_position(part)
        orders = part.steps[0].orders
        base = adjudicate(pos, orders)
        assert base.disagreements() == []
        for _ in range(12):
            units = list(pos.units.items())
            rng.shuffle(units)
            res = adjudicate(replace(pos, units=dict(units)), orders)
            assert res.disagreements() == [], [p for p, _ in units]
            assert _same(res) == _same(base), [p for p, _ in units]




@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_next_position_is_the_adjudicated_position(case: Case) -> None:
    """The CPU's fast path (issue 21): ``next_position`` gives the position ``adjudicate`` gives, in every
    phase of every DATC case (retreats and adjustments included)."""
    from academy.games.diplomacy.adjudicate import next_position
    for part in case.parts:
        pos = _first_position(part)
        for step in part.steps:
            after = adjudicate(pos, step.orders).position
            assert _same_position(next_position(pos, step.orders)) == _same_position(after)
            pos = after


def _same_position(pos: Position) -> dict:
    data = pos.to_dict()
    data["dislodged"] = {pw: sorted(ds, key=json.dumps) for pw, ds in data["dislodged"].items()}
    return data
