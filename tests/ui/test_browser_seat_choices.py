"""The seat selects of every game's new-game card on the Games page, and of the Play forms that have them,
show the whole of every choice: a newcomer's walk saw "Open seat (anyo" in a Conquest seat 130 px wide.

Reached as a person does: the home page, then the header's "Games" link, then a click on each folded card.
The text of each choice is measured in the page with the select's own font, against the room the select
leaves for it (its width less its padding, which holds the arrow).
"""
from __future__ import annotations

import pytest

from academy.ui.shell import build_page, current_query

pytestmark = pytest.mark.ui

# JS: per seat select, the choices whose text is wider than the room the select gives it
CUT_CHOICES = """
(els) => els.filter(el => el.offsetWidth > 0).map(el => {
  const cs = getComputedStyle(el);
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = cs.font;
  const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  const cut = [...el.options].filter(o => ctx.measureText(o.text).width > room)
                             .map(o => `${o.text} (${Math.round(ctx.measureText(o.text).width)} px in `
                                       + `${Math.round(room)})`);
  return {seat: el.getRootNode().host.className, count: el.options.length, cut};
})
"""

COLLAPSED = "h => h.getRootNode().host.getBoundingClientRect().height < h.getBoundingClientRect().height + 20"


#: each game's seat selects on the Games page (all of them carry ``seat-select`` too)
GAMES_SEATS = ("dash-seat", "dip-seat", "tactics-seat", "gow-seat", "fronts-seat")


def measured(page, selector: str = ".seat-select select") -> list[dict]:
    page.page.wait_for_timeout(500)                          # the last layout pass
    return page.page.locator(selector).evaluate_all(CUT_CHOICES)


def test_every_seat_select_shows_its_whole_choices(serve, open_page, hub):
    url = serve(lambda: build_page(current_query()))
    page = open_page(width=1400, height=1000)
    page.open(url, board=None)
    page.wait_text(".game-cards", "Fronts")

    page.page.locator(".games-header-link a").first.click()
    page.page.locator(".dash-setup").first.wait_for(state="visible", timeout=30000)
    for header in page.page.locator(".card-header").all():
        if header.evaluate(COLLAPSED):                       # unfold the folded cards, leave the open one
            header.click()
            page.page.wait_for_timeout(300)
    seats = measured(page, ", ".join(f".{family} select" for family in GAMES_SEATS))
    families = {cls for s in seats for cls in s["seat"].split() if cls in GAMES_SEATS}
    assert families == set(GAMES_SEATS), families
    assert all(s["count"] >= 5 for s in seats)               # a person, an open seat and three CPU levels
    cut = [f"{s['seat']}: {c}" for s in seats for c in s["cut"]]
    assert not cut, "seat choices cut off on the Games page:\n" + "\n".join(cut)
    assert all("seat-select" in s["seat"].split() for s in seats)

    # the Play forms with a select per seat (Conquest's, Tactics')
    for game in ("conquest", "tactics"):
        page.page.locator(".home-link a").first.click()
        page.page.locator(f'.game-card[data-game="{game}"] a', has_text="Play").first.click()
        page.page.locator(".tab-play .start-game").first.wait_for(state="visible", timeout=30000)
        seats = measured(page)
        assert seats, f"no seat select on {game}'s Play form"
        cut = [f"{s['seat']}: {c}" for s in seats for c in s["cut"]]
        assert not cut, f"seat choices cut off on {game}'s Play form:\n" + "\n".join(cut)
    assert not page.errors, page.errors
