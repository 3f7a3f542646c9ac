"""Issue 13, item 11: no other site may frame the Academy unless whoever runs it says so."""
from __future__ import annotations

import subprocess
import sys
import urllib.request

import pytest

from academy.security_headers import frame_ancestors, security_headers
from tests.ui.test_serve import ROOT, free_port, wait_for


def test_by_default_only_the_academy_itself_may_frame_it():
    h = security_headers(frame_ancestors(None))
    assert h["X-Frame-Options"] == "SAMEORIGIN"
    assert h["Content-Security-Policy"] == "frame-ancestors 'self'"
    assert h["Referrer-Policy"] == "same-origin" and h["X-Content-Type-Options"] == "nosniff"


def test_named_sites_may_frame_it():
    h = security_headers(frame_ancestors("https://school.example, https://*.school.example:8443"))
    assert h["Content-Security-Policy"] == "frame-ancestors 'self' https://school.example https://*.school.example:8443"
    assert "X-Frame-Options" not in h          # it cannot name other sites; the CSP decides
    assert security_headers(["*"])["Content-Security-Policy"] == "frame-ancestors *"
    assert security_headers(["'none'"]) == {**security_headers(["'none'"]), "X-Frame-Options": "DENY",
                                            "Content-Security-Policy": "frame-ancestors 'none'"}


@pytest.mark.parametrize("bad", ["javascript:alert(1)", "school.example;script-src *", "https://a b'"])
def test_a_bad_site_is_refused_with_how_to_write_it(bad):
    with pytest.raises(ValueError, match="is not a site; write each as https://host"):
        frame_ancestors(bad)


def test_academy_serve_sends_the_headers_on_every_answer():
    port = free_port()
    cmd = [sys.executable, "-m", "academy.cli", "serve", "--port", str(port),
           "--frame-ancestors", "https://school.example"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        wait_for(f"http://127.0.0.1:{port}/", proc)
        for path in ("/", "/?game=conquest&tab=rules", "/static/extensions/panel/panel.min.js", "/no-such-page"):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as r:
                    headers = r.headers
            except urllib.error.HTTPError as err:       # the 404 page carries them too
                headers = err.headers
            assert headers["Content-Security-Policy"] == "frame-ancestors 'self' https://school.example", path
            assert headers["Referrer-Policy"] == "same-origin", path
    finally:
        proc.terminate()
        proc.communicate(timeout=20)
