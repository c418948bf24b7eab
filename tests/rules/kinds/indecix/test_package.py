"""Tests of arbitre.rules.kinds.indecix.package: a deal writes out what its seed draws; a game
from a deal takes only its colours; a deal that is not what its seed draws, or of other rules,
is refused with the right error; a deal travels in a game package."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.rules.game_package import PackageError, check_package, seal, sign
from arbitre.rules.kinds.base import InvalidConfigError
from arbitre.rules.kinds.indecix import dice
from arbitre.rules.kinds.indecix.config import IndecixConfig, configure
from arbitre.rules.kinds.indecix.package import (
    DEAL_FORMAT,
    DealMismatchError,
    deal_record,
    package_config,
    package_game,
)

SEED = 2026
RULES: dict[str, Any] = {"mode": "blitz", "blitz_seconds": 20, "games": 3}
CONFIG = configure(RULES)
KEY = b"the organiser's key"


def deal(config: IndecixConfig = CONFIG, seed: int = SEED) -> dict[str, Any]:
    """A deal as a server receives it: through JSON."""
    record: dict[str, Any] = json.loads(json.dumps(deal_record(config, seed)))
    return record


@pytest.mark.parametrize(
    ("rules", "seed"),
    [({}, 0), (RULES, SEED), ({"mode": "master", "games": 20}, 2**63 - 1), ({"games": 2}, 7)],
)
def test_a_deal_writes_out_what_its_seed_draws(rules: dict[str, Any], seed: int) -> None:
    config = configure(rules)
    record = deal_record(config, seed)
    assert (record["format"], record["kind"], record["seed"]) == (DEAL_FORMAT, "indecix", seed)
    assert configure(record["config"]) == config
    assert record["commitment"] == dice.commitment(seed)
    assert dice.verify(record["commitment"], seed)
    assert record["starter"] == dice.starter(seed, 1)
    assert len(record["games"]) == config.games
    for game, faces in enumerate(record["games"], start=1):
        assert faces == list(dice.faces(seed, game))
    assert json.loads(json.dumps(record)) == record


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**63 - 1), st.integers(1, 20))
def test_any_seed_s_deal_is_its_dice_and_gives_back_its_seed(seed: int, games: int) -> None:
    config = configure({"games": games})
    record = deal(config, seed)
    assert record["starter"] == dice.starter(seed, 1)
    assert record["games"] == [list(dice.faces(seed, game)) for game in range(1, games + 1)]
    assert package_game(record, config) == seed


def test_package_game_returns_the_seed() -> None:
    assert package_game(deal(), CONFIG) == SEED
    assert package_game(deal_record(CONFIG, SEED), CONFIG) == SEED  # not through JSON either


def test_the_game_s_colours_are_its_own() -> None:
    record = deal()
    mine = package_config(record["config"], {"colours": ["green", "#12ab9f"]})
    assert mine.colours == ("green", "#12ab9f")
    assert (mine.mode, mine.blitz_seconds, mine.games) == (CONFIG.mode, 20, 3)
    assert package_game(record, mine) == SEED
    assert package_config(record["config"], {}) == CONFIG


@pytest.mark.parametrize(
    "settings_",
    [
        {"mode": "classic"},
        {"games": 3},
        {"blitz_seconds": 20},
        {"aids": {"capture_preview": True}},
        {"colours": ["green", "red"], "seed": 1},
        {"unknown": 1},
    ],
)
def test_a_game_from_a_deal_brings_no_setting_but_its_colours(settings_: dict[str, Any]) -> None:
    with pytest.raises(InvalidConfigError, match="a deal brings its rules and seed"):
        package_config(RULES, settings_)


def test_package_config_needs_rules_that_hold() -> None:
    with pytest.raises(InvalidConfigError):
        package_config([("games", 2)], {})  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError):
        package_config({"games": 21}, {})
    with pytest.raises(InvalidConfigError):
        package_config({"players": 2}, {})


@pytest.mark.parametrize(
    "other",
    [
        {**RULES, "mode": "classic"},
        {**RULES, "blitz_seconds": 10},
        {**RULES, "games": 2},
        {**RULES, "aids": {"capture_preview": True}},
        {"mode": "master", "games": 3},
    ],
)
def test_a_game_of_other_rules_is_refused(other: dict[str, Any]) -> None:
    with pytest.raises(InvalidConfigError, match="not the deal's"):
        package_game(deal(), configure(other))


def test_a_deal_whose_rules_do_not_hold_is_refused() -> None:
    record = deal()
    record["config"]["games"] = 21
    with pytest.raises(InvalidConfigError):
        package_game(record, CONFIG)


def changed(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    record = deal()
    holder: Any = record
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = value
    return record


FACE = deal()["games"][2][35]


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("games", 0, 0), deal()["games"][0][0] % 6 + 1),
        (("games", 2, 35), FACE % 6 + 1),
        (("games", 1), deal()["games"][2]),
        (("games",), deal()["games"][:2]),
        (("games",), [*deal()["games"], list(dice.faces(SEED, 4))]),
        (("starter",), 1 - dice.starter(SEED, 1)),
        (("starter",), None),
        (("commitment",), dice.commitment(SEED + 1)),
        (("commitment",), dice.commitment(SEED).upper()),
        (("seed",), SEED + 1),  # another valid seed: its dice are not the deal's
    ],
)
def test_a_deal_that_is_not_what_its_seed_draws_is_refused(
    path: tuple[Any, ...], value: Any
) -> None:
    record = changed(path, value)
    with pytest.raises(DealMismatchError, match="is not what its seed draws") as refused:
        package_game(record, CONFIG)
    if path[0] != "seed":  # another seed: its commitment, checked first, is not the deal's
        assert f"the deal's {path[0]} " in str(refused.value)


def test_a_missing_field_is_refused() -> None:
    for field in ("commitment", "starter", "games"):
        record = deal()
        del record[field]
        with pytest.raises(DealMismatchError, match=field):
            package_game(record, CONFIG)


@pytest.mark.parametrize("seed", [-1, 2**63, 2**64, True, False, "2026", 2026.0, None])
def test_a_seed_out_of_bounds_or_not_a_whole_number_is_refused(seed: Any) -> None:
    with pytest.raises(DealMismatchError, match="seed"):
        package_game(changed(("seed",), seed), CONFIG)
    with pytest.raises(InvalidConfigError, match="a seed is a whole number"):
        deal_record(CONFIG, seed)


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("format",), "arbitre.duplicate/1"),
        (("format",), "arbitre.indecix-deal/2"),
        (("kind",), "duel"),
        (("kind",), None),
        (("config",), None),
        (("config",), [["games", 3]]),
    ],
)
def test_a_record_that_is_not_an_indecix_deal_is_refused(path: tuple[Any, ...], value: Any) -> None:
    with pytest.raises(DealMismatchError):
        package_game(changed(path, value), CONFIG)


@pytest.mark.parametrize("record", [None, [], "deal", {}])
def test_what_is_not_a_record_is_refused(record: Any) -> None:
    with pytest.raises(DealMismatchError, match="no Indecix deal"):
        package_game(record, CONFIG)


def test_the_deal_s_own_colours_do_not_matter() -> None:
    record = changed(("config", "colours"), ["black", "pink"])
    assert package_game(record, CONFIG) == SEED


def test_a_deal_in_a_package_checks_as_a_deal_only() -> None:
    package = seal({"title": "Coupe des dés", "record": deal()})
    assert check_package(package, None, DEAL_FORMAT) is package
    assert package_game(package["record"], CONFIG) == SEED
    with pytest.raises(PackageError, match="no duplicate game record"):
        check_package(package)
    with pytest.raises(PackageError, match="no duplicate game record"):
        sign(package, KEY)
    signed = sign(package, KEY, DEAL_FORMAT)
    assert check_package(signed, KEY, DEAL_FORMAT) is signed
    with pytest.raises(PackageError, match="signature does not match"):
        check_package(signed, b"another key", DEAL_FORMAT)
    with pytest.raises(PackageError, match="not signed"):
        check_package(package, KEY, DEAL_FORMAT)
    forged = copy.deepcopy(signed)
    forged["record"]["games"][0][0] = forged["record"]["games"][0][0] % 6 + 1
    with pytest.raises(PackageError, match="content hash"):
        check_package(forged, None, DEAL_FORMAT)
