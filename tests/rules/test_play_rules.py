from __future__ import annotations

import pytest

from arbitre.rules import (
    CLASSIC,
    DUPLICATE,
    SEVEN_AMONG_EIGHT,
    SEVEN_AND_EIGHT,
    ArbitreError,
    PlayRules,
    UnknownRulesError,
    play_rules,
)


def test_presets() -> None:
    assert (DUPLICATE.rack_size, DUPLICATE.max_tiles_played, dict(DUPLICATE.bonuses)) == (
        7,
        7,
        {7: 50},
    )
    assert DUPLICATE.first_move_horizontal
    assert not CLASSIC.first_move_horizontal
    assert dict(CLASSIC.bonuses) == {7: 50}
    assert (SEVEN_AMONG_EIGHT.rack_size, SEVEN_AMONG_EIGHT.max_tiles_played) == (8, 7)
    assert dict(SEVEN_AMONG_EIGHT.bonuses) == {7: 50}
    assert (SEVEN_AND_EIGHT.rack_size, SEVEN_AND_EIGHT.max_tiles_played) == (8, 8)
    assert dict(SEVEN_AND_EIGHT.bonuses) == {7: 50, 8: 75}


@pytest.mark.parametrize(
    ("name", "rules"),
    [
        ("duplicate", DUPLICATE),
        ("Classic", CLASSIC),
        ("7sur8", SEVEN_AMONG_EIGHT),
        ("7 sur 8", SEVEN_AMONG_EIGHT),
        ("7among8", SEVEN_AMONG_EIGHT),
        ("7et8", SEVEN_AND_EIGHT),
        ("7-et-8", SEVEN_AND_EIGHT),
    ],
)
def test_lookup(name: str, rules: PlayRules) -> None:
    assert play_rules(name) is rules


def test_unknown_name() -> None:
    with pytest.raises(UnknownRulesError, match="unknown rules") as caught:
        play_rules("scrabble royal")
    assert isinstance(caught.value, ArbitreError)
    assert caught.value.code == "bad_rules"


def test_bonus_and_immutability() -> None:
    assert DUPLICATE.bonus(7) == 50
    assert DUPLICATE.bonus(8) == 0
    with pytest.raises(TypeError):
        DUPLICATE.bonuses[6] = 10  # type: ignore[index]
    source = {7: 50}
    rules = PlayRules("mine", bonuses=source)
    source[7] = 0
    assert rules.bonus(7) == 50
    assert hash(rules) == hash(PlayRules("mine", bonuses={7: 50}))


@pytest.mark.parametrize(
    "kwargs",
    [
        {"rack_size": 0},
        {"max_tiles_played": 8},
        {"max_tiles_played": 0},
        {"bonuses": {8: 50}},
        {"bonuses": {7: -1}},
    ],
)
def test_invalid_rules(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="rules 'bad'"):
        PlayRules("bad", **kwargs)  # type: ignore[arg-type]
