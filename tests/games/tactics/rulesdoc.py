"""Helpers for the Tactics tests: find the rules document and read its tables.

The rule document lives in ../shared/rules/tactics.md beside the checkout (or in
$ACADEMY_RULES_DIR). Tests that compare against it skip, with the reason, when it is absent.
"""
from __future__ import annotations

import os
from pathlib import Path


def _find_rules() -> Path | None:
    candidates = []
    if os.environ.get("ACADEMY_RULES_DIR"):
        candidates.append(Path(os.environ["ACADEMY_RULES_DIR"]) / "tactics.md")
    for parent in Path(__file__).resolve().parents:
        candidates += [parent / "shared" / "rules" / "tactics.md"]
    return next((c for c in candidates if c.is_file()), None)


RULES_FILE = _find_rules()


def table_rows(text: str, first_header: str, *more: str) -> list[list[str]]:
    """The rows of the first Markdown table whose first header cell starts with ``first_header``
    (and whose next header cells are ``more``), header row first, each row a list of stripped cells."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[0].startswith(first_header) and cells[1:1 + len(more)] == list(more):
            rows = [cells]
            for body in lines[i + 2:]:
                if not body.startswith("|"):
                    break
                rows.append([c.strip() for c in body.strip().strip("|").split("|")])
            return rows
    raise AssertionError(f"no table starting with {first_header!r} in the rules document")




def to_id(name: str) -> str:
    """'Heavy Tank' -> 'heavy_tank', 'Anti-Air' -> 'anti_air'."""
    return name.strip().lower().replace("-", "_").replace(" ", "_")
