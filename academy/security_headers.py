"""HTTP headers every answer of ``academy serve`` carries: who may show the Academy in a frame, and more.

By default no other site may frame the Academy (``X-Frame-Options: SAMEORIGIN`` and
``Content-Security-Policy: frame-ancestors 'self'``), so a page of another site cannot put a seat's page
under its own buttons. Those who embed the Academy name the sites that may (``academy serve
--frame-ancestors https://school.example``, or ``ACADEMY_FRAME_ANCESTORS``, several separated by spaces);
``*`` lets any site frame it. Links carry seat tokens, so the referrer never leaves the Academy.
"""
from __future__ import annotations

import re
from typing import Any

from tornado.web import OutputTransform

__all__ = ["frame_ancestors", "security_headers", "header_transform"]

_SOURCE = re.compile(r"^(\*|'self'|'none'|https?://[A-Za-z0-9.\-]+(:\d{1,5})?|https?://\*\.[A-Za-z0-9.\-]+(:\d{1,5})?)$")


def frame_ancestors(text: str | None) -> list[str]:
    """The sites that may frame the Academy, from ``--frame-ancestors`` (spaces or commas between them).

    Raises ValueError naming a source that is not a site (``https://host[:port]``), ``'self'``, ``'none'``
    or ``*``.

    >>> frame_ancestors("https://school.example, https://*.school.example:8443")
    ['https://school.example', 'https://*.school.example:8443']
    """
    sources = [s for s in re.split(r"[\s,]+", text or "") if s]
    for s in sources:
        if not _SOURCE.match(s):
            raise ValueError(f"--frame-ancestors: {s!r} is not a site; write each as https://host or "
                             "https://host:port (or * for any site, 'none' for no site at all).")
    return sources


def security_headers(ancestors: list[str] | None = None) -> dict[str, str]:
    """The headers for the sites ``ancestors`` (None or empty: this site only)."""
    sources = ancestors or []
    headers = {"Content-Security-Policy": "frame-ancestors " + " ".join(["'self'", *sources]
                                                                         if "'none'" not in sources else ["'none'"]),
               "X-Content-Type-Options": "nosniff",
               "Referrer-Policy": "same-origin"}
    if not sources:
        headers["X-Frame-Options"] = "SAMEORIGIN"      # older browsers; it cannot name other sites
    elif "'none'" in sources:
        headers["X-Frame-Options"] = "DENY"
    if "*" in sources:
        headers["Content-Security-Policy"] = "frame-ancestors *"
    return headers


def header_transform(headers: dict[str, str]) -> type[OutputTransform]:
    """A Tornado output transform that adds ``headers`` to every answer (pages, scripts, errors)."""

    class SecurityHeaders(OutputTransform):
        def transform_first_chunk(self, status_code: int, response_headers: Any, chunk: bytes,
                                  finishing: bool) -> tuple[int, Any, bytes]:
            for name, value in headers.items():
                response_headers[name] = value
            return status_code, response_headers, chunk

    return SecurityHeaders
