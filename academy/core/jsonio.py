"""JSON for actions and envelopes: every document carries a ``schema`` and a ``version``."""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any


def action_to_json(action: Any) -> dict[str, Any]:
    """A frozen dataclass as ``{"type": ClassName, field: value, ...}`` (tuples become lists)."""
    if not dataclasses.is_dataclass(action) or isinstance(action, type):
        raise TypeError(f"Not an action dataclass: {action!r}")
    out: dict[str, Any] = {"type": type(action).__name__}
    for f in dataclasses.fields(action):
        out[f.name] = _plain(getattr(action, f.name))
    return out


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return action_to_json(value)
    return value


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def action_from_json(data: Mapping[str, Any], types: Iterable[type]) -> Any:
    """Inverse of ``action_to_json``; raises ValueError for an unknown type or bad fields."""
    by_name = {t.__name__: t for t in types}
    kind = data.get("type")
    if kind not in by_name:
        raise ValueError(f"Unknown action type {kind!r}; expected one of {sorted(by_name)}.")
    fields = {k: _frozen(v) for k, v in data.items() if k != "type"}
    try:
        return by_name[kind](**fields)
    except TypeError as exc:
        raise ValueError(f"Bad fields for {kind}: {exc}") from exc


def envelope(schema: str, version: int, body: Mapping[str, Any]) -> dict[str, Any]:
    return {"schema": schema, "version": version, **body}


def check_envelope(data: Mapping[str, Any], schema: str, version: int) -> None:
    """Raise ValueError unless ``data`` says it is ``schema`` at ``version``."""
    if data.get("schema") != schema:
        raise ValueError(f"Expected a {schema!r} document, got schema {data.get('schema')!r}.")
    if data.get("version") != version:
        raise ValueError(f"{schema} version {data.get('version')!r} is not supported (this Academy reads version {version}).")
