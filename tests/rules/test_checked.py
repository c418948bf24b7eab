"""Checked reads of stored data: the value when it has its type, else the caller's error."""

from __future__ import annotations

from typing import Any

import pytest

from arbitre.rules import checked
from arbitre.rules.errors import ArbitreError


class StoredError(ArbitreError):
    code = "bad_stored"


@pytest.mark.parametrize(
    ("read", "good", "bad", "saying"),
    [
        (checked.mapping, {"a": 1}, [1], "x must be a mapping"),
        (checked.sequence, (1, 2), "12", "x must be a list"),
        (checked.text, "mot", 5, "x must be text (got 5)"),
        (checked.flag, False, 0, "x must be true or false (got 0)"),
        (checked.integer, -3, 2.0, "x must be a whole number (got 2.0)"),
        (checked.integer, 0, False, "x must be a whole number (got False)"),
    ],
)
def test_a_read_gives_the_value_or_the_callers_error(
    read: Any, good: object, bad: object, saying: str
) -> None:
    assert read(good, "x", StoredError) is good
    with pytest.raises(StoredError) as refused:
        read(bad, "x", StoredError)
    assert str(refused.value) == saying
    assert refused.value.code == "bad_stored"
