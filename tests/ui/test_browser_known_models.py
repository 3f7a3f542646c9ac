"""No model the server sent is sent back whole (``panel_fixes.NEW_MODELS_JS``): a walk saw the server print
``BokehUserWarning: reference already known 'pNNNN'`` on tab switches and new games. BokehJS counted every
model a server's patch brought as new to the server until the page's next patch of its own, so a click on a
button added after the page loaded (a tab opened, a game started) carried the button's whole definition.

A page of the app's template (``design.PageTemplate``, which runs the mend) adds a button on a click; a click
on that button reaches the server as a plain reference: no warning, and the click is heard. A bare page
without the mend still draws the warning (the BokehJS defect is still there: the mend is still needed).
Besides, pytest turns every warning into an error (pyproject.toml), so any browser test's server fails on it.
"""
from __future__ import annotations

import warnings

import panel as pn
import pytest

from tests.ui.browser import new_page, serve_app
from tests.ui.test_browser_local_reload import wait_until

pytestmark = pytest.mark.ui

KNOWN = "reference already known"


def page_with_a_late_button(template: bool):
    """(factory, heard): a page whose "Add" button adds a "Late" button; ``heard`` counts its clicks."""
    heard: list[int] = []

    def factory():
        late = pn.Column()
        add = pn.widgets.Button(label="Add", css_classes=["add"])

        def on_add(event):
            button = pn.widgets.Button(label="Late", css_classes=["late"])
            button.on_click(lambda e: heard.append(1))
            late.append(button)
        add.on_click(on_add)
        body = pn.Column(add, late)
        if not template:
            return body
        from academy.ui.design import Fast, PageTemplate
        return PageTemplate(title="Known models", main=[body], design=Fast)
    return factory, heard


def walk(browser, url: str) -> None:
    ctx, page = new_page(browser)
    try:
        page.open(url, board=None)
        page.page.locator(".add button").click()
        page.page.locator(".late button").click()
        assert not page.errors, page.errors
    finally:
        ctx.close()


def test_a_button_added_after_the_page_loaded_is_clicked_without_the_known_reference_warning(serve, browser):
    factory, heard = page_with_a_late_button(template=True)
    url = serve(factory)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        walk(browser, url)
        wait_until(lambda: heard, 10)
    assert heard == [1]
    assert not [str(w.message) for w in seen], "the server warned"      # "reference already known" or any other


def test_without_the_mend_bokeh_still_sends_the_late_button_whole(browser, monkeypatch):
    """The BokehJS defect the mend is for: a bare page (served without ``mend_page``) draws the warning."""
    from academy.ui import panel_fixes
    monkeypatch.setattr(panel_fixes, "mend_page", lambda doc: None)
    factory, heard = page_with_a_late_button(template=False)
    url, server = serve_app(factory)
    try:
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            walk(browser, url)
            wait_until(lambda: heard, 10)
    finally:
        server.stop()
    assert [str(w.message) for w in seen if KNOWN in str(w.message)], "BokehJS no longer sends it whole: " \
        "NEW_MODELS_JS (academy/ui/panel_fixes.py) may go"
