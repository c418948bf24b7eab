"""The game kinds' tools (:mod:`arbitre.engine.kind_tools`): dupliKta's are given at once,
their moves made beside (the French lexicon read backwards takes seconds to compile on a
machine's first use, and a game's creation must not wait for it)."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from arbitre.engine import kind_tools
from arbitre.engine.kind_tools import tools_for
from arbitre.rules.kinds import kind


def test_duplikta_tools_do_not_wait_for_their_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    release, asked = threading.Event(), threading.Event()
    made: list[tuple[Any, bool]] = []

    def slow_moves(lexicon: Any, tiles: Any, reversed_words: bool = False) -> str:
        asked.set()
        assert release.wait(30)
        made.append((tiles, reversed_words))
        return "moves"

    monkeypatch.setattr(kind_tools, "moves_for", slow_moves)
    config = kind("duplikta").configure({"chances": 5})
    words = tools_for("duplikta", config)  # returns while the moves are still being made
    assert asked.wait(30)
    assert made == []
    assert "MAISON" in words.lexicon
    release.set()
    assert words.moves(config.tiles, config.reversed_words) == "moves"
    assert (config.tiles, True) in made
