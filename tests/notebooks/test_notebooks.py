"""The example notebooks for teachers run from top to bottom and display Panel/Bokeh output (issue 8:
notebooks), and each says what its cells compute (a line of its printed output)."""
from __future__ import annotations

import runpy
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

FOLDER = Path(__file__).resolve().parents[2] / "notebooks"
NOTEBOOKS = sorted(FOLDER.glob("*.ipynb"))
EXPECTED = {   # a line each notebook must print: the position's odds, reasons, totals
    "conquest_teacher": "Ukraine takes Ural:",
    "diplomacy_teacher": "A BER S A MUN: support cut by A PRU moving to BER",
    "game_of_war_teacher": "North attacks S-I1: attack 8 v defence 6: destroyed",
    "fronts_teacher": "three sides 10/5/5: ['67%', '17%', '17%']",
    "tactics_teacher": "attack 54, defender left with 46; counter 26, attacker left with 74",
}


def test_every_notebook_is_checked():
    assert {p.stem for p in NOTEBOOKS} == set(EXPECTED)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_matches_its_script(path, tmp_path, monkeypatch):
    """Each notebook is written by notebooks/make_<name>.py: the committed file is that script's output."""
    script = path.with_name(f"make_{path.stem}.py")
    copy = tmp_path / script.name
    copy.write_text(script.read_text())
    runpy.run_path(str(copy), run_name="__main__")
    made = nbformat.read(tmp_path / path.name, as_version=4)
    committed = nbformat.read(path, as_version=4)
    assert [c.source for c in made.cells] == [c.source for c in committed.cells]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs(path):
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=180, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    mimes = {m for o in outputs for m in o.get("data", {})}
    assert "application/vnd.holoviews_exec.v0+json" in mimes, mimes
    text = "".join(o.get("text", "") for o in outputs)
    assert EXPECTED[path.stem] in text
