"""bench/review.py without its long run (issue 22, the coach's review): the --quick path of Conquest times
a review, times the live coach against the normal CPU and prints each level pairing's mistakes per
decision with a PASS or MISS word; an unknown game is refused. No timing is asserted: the figures are the benchmark's, not the test's."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

PATH = Path(__file__).resolve().parents[1] / "bench" / "review.py"


def load_bench():
    spec = importlib.util.spec_from_file_location("bench_review", PATH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_quick_review_bench_prints_its_figures() -> None:
    lines: list[str] = []
    load_bench().main(["conquest", "--quick"], out=lines.append)
    assert lines[0].startswith("Review of a 60-decision game") and "target <= 10 s" in lines[0]
    assert lines[2].startswith("Conquest") and lines[2].split()[-1] in ("PASS", "MISS")
    coach = lines.index(next(line for line in lines if line.startswith("The live coach's weighing")))
    assert lines[coach + 2].startswith("Conquest") and lines[coach + 2].split()[-1] in ("PASS", "MISS")
    pairings = [line for line in lines if line.startswith("Conquest") and " v " in line]
    assert [p.split()[1:4] for p in pairings] == [["easy", "v", "normal"], ["normal", "v", "hard"]]


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(SystemExit):
        load_bench().main(["chess"])
