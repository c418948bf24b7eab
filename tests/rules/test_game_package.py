"""Pre-drawn game packages: sealed by a content hash, signed with the operator's key; any change
to the content, a wrong or missing signature is refused; the record inside replays."""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.rules import DuplicateGame, GameConfig
from arbitre.rules.game_package import (
    PackageError,
    check_package,
    content_hash,
    prepare_package,
    sign,
)
from arbitre.rules.game_record import replay_record
from tests.rules.test_duplicate import french, referee

KEY = b"the operator's key"


@cache
def package() -> dict[str, Any]:
    config = GameConfig(max_turns=8)
    game = DuplicateGame(config, 2026, referee(config))
    game.play_to_end()
    return prepare_package(game, "fr", french().info.hash, "Simultané de test")


def fresh() -> dict[str, Any]:
    return copy.deepcopy(package())


def test_a_package_holds_the_game_of_the_tops_and_its_record_replays() -> None:
    made = fresh()
    assert check_package(made) is made
    record = made["record"]
    assert len(record["turns"]) == 8
    assert record["players"] == []
    assert record["lexicon"] == {"id": "fr", "hash": french().info.hash}
    config = GameConfig.from_mapping(record["config"])
    replayed = replay_record(record, referee(config))
    assert replayed.top_total == record["top_total"]


def test_the_hash_survives_json_and_any_key_order() -> None:
    made = fresh()
    text = json.dumps(made, ensure_ascii=False)
    again = json.loads(text)
    assert check_package(again) == made
    reordered = dict(reversed(list(again.items())))
    assert content_hash(reordered) == made["content_hash"]


def leaves(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths of the strings and integers in ``data``."""
    if isinstance(data, dict):
        return [p for key, value in data.items() for p in leaves(value, (*path, key))]
    if isinstance(data, list):
        return [p for index, value in enumerate(data) for p in leaves(value, (*path, index))]
    if isinstance(data, (str, int)) and not isinstance(data, bool):
        return [path]
    return []


LEAVES = [p for p in leaves(package()) if p[0] not in ("content_hash", "format")]


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(LEAVES))
def test_any_change_to_the_content_is_refused(path: tuple[Any, ...]) -> None:
    changed = fresh()
    holder: Any = changed
    for step in path[:-1]:
        holder = holder[step]
    value = holder[path[-1]]
    holder[path[-1]] = value + 1 if isinstance(value, int) else value + "x"
    with pytest.raises(PackageError):  # the content hash, or the record's format, says no
        check_package(changed)


def test_a_signed_package_checks_with_its_key_only() -> None:
    signed = sign(fresh(), KEY)
    assert check_package(signed, KEY) is signed
    assert check_package(signed) is signed  # the hash alone, without a key
    with pytest.raises(PackageError, match="signature does not match"):
        check_package(signed, b"another key")
    with pytest.raises(PackageError, match="not signed"):
        check_package(fresh(), KEY)
    forged = {**signed, "record": {**signed["record"], "seed": 1}}
    with pytest.raises(PackageError, match="content hash"):
        check_package(forged, KEY)
    with pytest.raises(PackageError):
        sign(fresh(), b"")


@pytest.mark.parametrize(
    "bad",
    [
        None,
        [],
        {"format": "other"},
        {"format": "arbitre.package/1", "record": {"format": "x"}, "content_hash": "0"},
        {"format": "arbitre.package/1", "record": {"format": "arbitre.duplicate/1"}},
        {
            "format": "arbitre.package/1",
            "record": {"format": "arbitre.duplicate/1"},
            "content_hash": "é",  # compare_digest refuses non-ASCII text with a TypeError
        },
    ],
)
def test_what_is_not_a_package_is_refused(bad: Any) -> None:
    with pytest.raises(PackageError):
        check_package(bad)
    with pytest.raises(PackageError):
        check_package(bad, KEY)


def test_a_lone_surrogate_that_json_text_can_hold_is_refused() -> None:
    changed = json.loads(json.dumps(fresh())[:-1] + ', "title": "\\ud800"}')
    with pytest.raises(PackageError, match="JSON data"):
        check_package(changed)


def test_a_package_nested_too_deep_to_hash_is_refused() -> None:
    deep: list[Any] = []
    for _ in range(100_000):
        deep = [deep]
    changed = {**fresh(), "title": deep}
    with pytest.raises(PackageError, match="JSON data"):
        check_package(changed)


def test_only_a_finished_game_without_players_is_packaged() -> None:
    config = GameConfig(max_turns=2)
    with pytest.raises(PackageError, match="without players"):
        prepare_package(DuplicateGame(config, 1, referee(config), ("ann",)), "fr", "h")
    with pytest.raises(PackageError, match="end"):
        prepare_package(DuplicateGame(config, 1, referee(config)), "fr", "h")
