"""A newcomer's walk: on the class page's "Play moves | Draw arrows | Mark places" and the lesson writer's goal
buttons, the chosen button (rgb 234, 234, 234) could not be told from the others (rgb 229, 229, 229); with
``color="primary"`` alone every button is dark and the chosen one only a little lighter (a second walk). Every
group of buttons the Academy shows marks its chosen one as the Games form's do: ``color="primary"`` with
``variant="outline"``, the chosen one filled."""
from __future__ import annotations

import ast
from pathlib import Path

import academy.ui

UI = Path(academy.ui.__file__).parent


def button_groups() -> list[tuple[str, int, ast.Call]]:
    found = []
    for path in sorted(UI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "RadioButtonGroup":
                found.append((str(path.relative_to(UI)), node.lineno, node))
    return found


def test_every_group_of_buttons_shows_which_one_is_chosen():
    groups = button_groups()
    assert len(groups) > 15
    def marked(call: ast.Call) -> bool:
        given = {k.arg: ast.unparse(k.value) for k in call.keywords if k.arg}
        passed_on = any(k.arg is None for k in call.keywords)                # **params: its callers give them
        return passed_on or (given.get("color") == "'primary'" and given.get("variant") == "'outline'")
    assert [f"{path}:{line}" for path, line, call in groups if not marked(call)] == []

