"""The command line's counts: the noun agrees with the number."""

from __future__ import annotations

from arbitre.cli.wording import counted


def test_one_is_singular_every_other_count_plural() -> None:
    assert [counted(n, "player") for n in (0, 1, 2, -1)] == [
        "0 players",
        "1 player",
        "2 players",
        "-1 player",
    ]
    assert counted(1, "score differs", "scores differ") == "1 score differs"
    assert counted(4, "score differs", "scores differ") == "4 scores differ"
