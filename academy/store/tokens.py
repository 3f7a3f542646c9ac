"""Seat tokens: random, URL-safe secrets; the database keeps only their SHA-256 hash.

A token carries 256 random bits, so a fast hash is enough (nothing to brute-force) and a
stolen database does not give away any seat. Comparisons go through ``hmac.compare_digest``.

>>> t = new_token()
>>> len(t) >= 43 and token_matches(t, hash_token(t)) and not token_matches(t + "x", hash_token(t))
True

A token can also be derived from another (``derived_token``): a teacher's token and a class's code give
that class's token, so the teacher's one link finds every class's link again, while a class's link
gives nothing of the teacher's away (HMAC-SHA256 cannot be run backwards).

>>> derived_token("secret", "class:K7QM2P") == derived_token("secret", "class:K7QM2P") != derived_token("x", "class:K7QM2P")
True
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from typing import Any

TOKEN_BYTES = 32  # 256 bits


def new_token() -> str:
    """A fresh URL-safe seat token (43 characters, 256 random bits)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    """The hex SHA-256 of a token: what the database stores."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    """Whether ``token`` hashes to ``stored_hash``, compared in constant time."""
    if not isinstance(token, str) or stored_hash is None:
        return False
    return hmac.compare_digest(hash_token(token), stored_hash)


def derived_token(secret: str, purpose: str) -> str:
    """A URL-safe token (43 characters) that only the holder of ``secret`` can make for ``purpose``."""
    digest = hmac.new(secret.encode("utf-8"), purpose.encode("utf-8"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


def by_token(session: Any, column: Any, token: str) -> Any:
    """The row whose hash ``column`` holds ``token``'s hash (a SQLAlchemy session and model column), or None."""
    from sqlalchemy import select
    return session.scalar(select(column.class_).where(column == hash_token(token)))
