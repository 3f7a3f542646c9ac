"""The house rules of a Tactics skirmish on both forms (tactics.md, "Game options": luck, starting funds,
income per property, whether properties repair units, fog of war; defaults luck on, 1,000 income per
property, repairs on, fog off)."""
from __future__ import annotations

from academy.ui.tactics.games_form import TacticsGamesForm
from academy.ui.tactics.play import TacticsPlayPage
from academy.ui.tactics.session import TacticsSession

from .test_tactics_shared import hub  # noqa: F401 - the fixture


def test_the_play_form_offers_income_and_repairs_with_the_documents_defaults():
    """Game options: income per property 1,000 and repairs on unless changed; a game started with other
    values plays by them."""
    page = TacticsPlayPage(session=TacticsSession(synchronous=True, cpu_delay=0), seed=1)
    assert page.house.income.value == 1000 and page.house.repairs.value is True
    assert page.house.luck.value is True and page.house.fog.value is False
    page.house.income.value = 2500
    page.house.repairs.value = False
    assert page.start_game()
    options = page.session.state.game.options
    assert options["income"] == 2500 and options["repairs"] is False


def test_the_games_form_sends_income_and_repairs(hub):  # noqa: F811 - the fixture
    form = TacticsGamesForm(hub)
    assert form.house.income.value == 1000 and form.house.repairs.value is True
    form.house.income.value = 2000
    form.house.repairs.value = False
    game_id, _ = form.create(seed=3)
    options = hub.open(game_id).info.options
    assert options["income"] == 2000 and options["repairs"] is False


def test_lesson_rules_page_and_document_agree_on_the_defaults():
    """Game options: tactics.md's defaults (luck on, 1,000 per property, repairs on, fog off, ammo and fuel on)
    are what lesson 17's table and the Rules page say, ammo and fuel included."""
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    doc = (root.parent / "shared" / "rules" / "tactics.md").read_text()
    assert "luck on, 1,000 income per property, repairs on, fog off, ammo and fuel on" in doc
    lesson = (root / "lessons" / "tactics" / "options.md").read_text()
    for row in ("| luck | on |", "| income per property | 1,000 |", "| properties repair units | on |",
                "| fog of war | off |", "| ammo and fuel | on |"):
        assert row in lesson
    assert "always used" not in lesson
    rules = (root / "academy" / "rulebook" / "tactics.md").read_text()
    assert "luck on, income of 1,000 per property, repairs on, fog off, and both ammo and fuel in use" in rules
