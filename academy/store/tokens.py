"""Seat tokens: random, URL-safe secrets; the database keeps only their SHA-256 hash.

A token carries 256 random bits, so a fast hash is enough (nothing to brute-force) and a
stolen database does not give away any seat. Comparisons go through ``hmac.compare_digest``.

>>> t = new_token()
>>> len(t) >= 43 and token_matches(t, hash_token(t)) and not token_matches(t + "x", hash_token(t))
True
"""
from __future__ import annotations

import hashlib
import hmac
import secrets

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
