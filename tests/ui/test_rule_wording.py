"""Issue 14, item 4: rule numbers and wording move out of UI strings into the engines' explanations.

No string a page shows cites a rule by its number, and the sentences that state a rule on the pages
changed here come from the engine."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from academy.games.diplomacy.game import RULE_NOTES
from academy.games.tactics.actions import Attack
from academy.games.tactics.game import TacticsGame
from academy.games.tactics.position import parse_position
from academy.ui.tactics import facts
from academy.ui.tactics.panels import odds_html

UI = Path(__file__).resolve().parents[2] / "academy" / "ui"
#: a rule cited by number: "§8", "rule 15", "section 4"
CITATION = re.compile(r"§\s*\d|\b[Rr]ule \d|\b[Ss]ection \d")


def shown_strings(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module that are not docstrings (what its pages may show)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and n.body
            and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    return [(n.lineno, n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs]


def test_no_ui_string_cites_a_rule_by_its_number():
    """Issue 14, item 4: the Diplomacy games form said "(diplomacy.md §8)"; a rule's number belongs to
    the engine's explanations and the rules page, not to a page's text."""
    found = [f"{p.relative_to(UI)}:{line}: {text!r}" for p in sorted(UI.rglob("*.py"))
             for line, text in shown_strings(p) if CITATION.search(text)]
    assert not found, "\n".join(found)


def test_the_diplomacy_games_form_shows_the_engines_wording_of_the_length_rule(tmp_path):
    """Issue 14, item 4: the form's notes on the agreed length and on units without orders are the engine's."""
    from academy.ui.diplomacy.games_form import DiplomacyGamesForm
    from academy.store.live import LiveHub
    with LiveHub(f"sqlite:///{tmp_path}/form.db", synchronous=True) as hub:
        form = DiplomacyGamesForm(hub)
        texts = " ".join(str(getattr(o, "object", "")) for o in form.layout.select())
    assert RULE_NOTES["years"] in texts and RULE_NOTES["no_orders"] in texts


def test_the_tactics_odds_box_says_why_there_is_no_counter_in_the_engines_words():
    """Issue 14, item 4: "No counter: the defender cannot fire back." was the page's own wording, and wrong
    for an artillery attack (the target could fire back, but never at an indirect-fire unit); the box now
    shows the engine's reason (``Exchange.no_counter``)."""
    s = parse_position("river_crossing day 1 red | red 0: artillery C3 | blue 0: tank C5",
                       TacticsGame(map="river_crossing", luck=False))
    p = facts.attack_odds(s, Attack("C3", "C3", "C5"))
    assert p["counter_range"] is None and "indirect-fire unit (Artillery)" in p["no_counter"]
    assert f"No counter: {p['no_counter']}" in odds_html(p).replace("&#x27;", "'")


def test_a_conquest_click_on_an_enemy_out_of_reach_gives_the_engines_reason():
    """Issue 14, item 4: "None of your territories next to Yakutsk has the 2 or more armies an attack needs."
    stated the rule in the page's words; the click now shows the engine's refusal of the attack from
    the strongest of your territories next to it."""
    from academy.games.conquest import parse_position
    from academy.ui.conquest import input as ci
    state = parse_position("Red to move, attack | Red: Ukraine 5, Ural 2, Siberia 1 | Blue: Afghanistan 3, "
                           "Scandinavia 1 | rest: Blue 1")
    message = ci.click(state, None, None, "yakutsk", ci.Choice()).message
    assert message.startswith("Attack Siberia → Yakutsk refused: Siberia has 1 army; an attack needs at least 2")
    assert "does not border any of your territories" in ci.click(state, None, None, "japan", ci.Choice()).message


def test_the_draw_rule_is_the_engines():
    """Issue 14, item 4: "it needs every surviving power in this phase" was the page's wording of the draw
    rule; the engine's draw vote now says why in its ``why`` and the page shows the same note."""
    from academy.games.diplomacy.game import DiplomacyGame
    from academy.ui.diplomacy.session import SharedDiplomacy
    state = DiplomacyGame().new_initial_state(1)
    event = state.vote_draw("FRANCE")[0]
    assert event.kind == "draw_vote" and event.why == (RULE_NOTES["draw"],)
    shown = SharedDiplomacy.draw_text(type("Seat", (), {"draw_votes": ["FRANCE"]})())
    assert shown == f"A draw is proposed by France. {RULE_NOTES['draw']}"
