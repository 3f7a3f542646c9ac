"""The example notebooks run from top to bottom and display Panel/Bokeh output (issue: Jupyter)."""
from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs(path):
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=180, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    mimes = {m for o in outputs for m in o.get("data", {})}
    assert "application/vnd.holoviews_exec.v0+json" in mimes, mimes
    text = "".join(o.get("text", "") for o in outputs)
    assert "Ukraine takes Ural:" in text
