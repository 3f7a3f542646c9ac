"""The examples in the store's docstrings run."""
from __future__ import annotations

import doctest

import pytest

import academy.store
import academy.store.text
import academy.store.courses
import academy.store.teachers
import academy.store.tokens


@pytest.mark.parametrize("module", [academy.store, academy.store.text, academy.store.tokens,
                                              academy.store.teachers, academy.store.courses], ids=lambda m: m.__name__)
def test_docstring_examples(module: object) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0
