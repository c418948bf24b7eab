"""Tests of ``arbitre indecix deal``: the package of a deal, printed as ``arbitre package
prepare`` prints one, checks (and its signature with the key); its deal is what its seed draws
with the options' configuration; a bad option exits 2 saying why."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from arbitre.cli import main
from arbitre.cli.indecix_command import deal_package
from arbitre.cli.package_command import RANDOM_SEED_BITS
from arbitre.rules.game_package import PackageError, check_package, seal
from arbitre.rules.kinds.indecix.config import Aids, Mode, configure
from arbitre.rules.kinds.indecix.package import (
    DEAL_FORMAT,
    deal_record,
    package_config,
    package_game,
)

Run = Callable[..., subprocess.CompletedProcess[bytes]]


def dealt(capsys: pytest.CaptureFixture[str], *options: object) -> dict[str, Any]:
    """The package ``arbitre indecix deal OPTIONS`` prints (run in this process)."""
    assert main(["indecix", "deal", *map(str, options)]) == 0
    out = capsys.readouterr()
    assert out.err == ""
    package: dict[str, Any] = json.loads(out.out)
    assert out.out == json.dumps(package, ensure_ascii=False, indent=1) + "\n"  # as prepare
    return package


def refused(capsys: pytest.CaptureFixture[str], *options: object) -> str:
    """What ``arbitre indecix deal OPTIONS`` says on stderr, exiting 2 and printing nothing."""
    try:
        status = main(["indecix", "deal", *map(str, options)])
    except SystemExit as stopped:  # argparse's own refusals
        status = stopped.code  # type: ignore[assignment]
    assert status == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err
    return out.err


def played(package: dict[str, Any], colours: list[str] | None = None) -> int:
    """The seed a server plays from ``package``'s deal (with a game's own colours)."""
    record = package["record"]
    settings = {} if colours is None else {"colours": colours}
    return package_game(record, package_config(record["config"], settings))


@pytest.fixture
def key_file(tmp_path: Path) -> Path:
    path = tmp_path / "organiser.key"
    path.write_text("  the organiser's secret\n")
    return path


def test_a_deal_s_package_checks_and_holds_what_its_seed_draws(
    capsys: pytest.CaptureFixture[str],
) -> None:
    package = dealt(capsys, "--seed", 7)
    assert check_package(package, None, DEAL_FORMAT) is package
    assert "signature" not in package
    assert package["title"] == ""
    assert package["record"] == deal_record(configure({}), 7)
    assert played(package) == 7
    assert played(package, ["green", "#12ab9f"]) == 7
    with pytest.raises(PackageError, match="no duplicate game record"):
        check_package(package)  # a deal is not a duplicate game


def test_the_options_are_in_the_deal_s_configuration(capsys: pytest.CaptureFixture[str]) -> None:
    package = dealt(
        capsys, "--seed", 2026, "--games", 3, "--mode", "blitz", "--blitz-seconds", 25,
        "--title", "Coupe des dés",
    )  # fmt: skip
    assert package["title"] == "Coupe des dés"
    record = package["record"]
    config = configure(record["config"])
    assert (config.mode, config.blitz_seconds, config.games) == (Mode.BLITZ, 25, 3)
    assert len(record["games"]) == 3
    assert record == deal_record(config, 2026)
    assert played(package) == 2026
    master = configure(
        dealt(capsys, "--seed", 1, "--mode", "master", "--games", 20)["record"]["config"]
    )
    assert (master.mode, master.games, master.aids) == (Mode.MASTER, 20, (Aids(False, False),) * 2)


def test_a_signed_deal_checks_with_its_key_only(
    capsys: pytest.CaptureFixture[str], key_file: Path
) -> None:
    package = dealt(capsys, "--seed", 7, "--key-file", key_file)
    key = b"the organiser's secret"  # the file's blanks stripped, as package prepare reads it
    assert check_package(package, key, DEAL_FORMAT) is package
    with pytest.raises(PackageError, match="signature does not match"):
        check_package(package, b"another key", DEAL_FORMAT)
    unsigned = {name: value for name, value in package.items() if name != "signature"}
    assert unsigned == dealt(capsys, "--seed", 7)
    assert played(package) == 7


def test_without_a_seed_one_is_drawn(capsys: pytest.CaptureFixture[str]) -> None:
    packages = [dealt(capsys, "--games", 2) for _ in range(2)]
    seeds = [package["record"]["seed"] for package in packages]
    assert seeds[0] != seeds[1]
    assert all(0 <= seed < 2**RANDOM_SEED_BITS for seed in seeds)
    assert [played(package) for package in packages] == seeds


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (("--mode", "turbo"), "--mode must be one of classic, blitz, master (got 'turbo')"),
        (("--mode", "BLITZ"), "--mode must be one of"),
        (("--games", 0), "--games must be from 1 to 20 (got 0)"),
        (("--games", 21), "--games must be from 1 to 20 (got 21)"),
        (("--games", "two"), "--games: invalid int value"),
        (("--blitz-seconds", 4), "--blitz-seconds must be from 5 to 30 (got 4)"),
        (("--blitz-seconds", 31, "--mode", "blitz"), "--blitz-seconds must be from 5 to 30"),
        (("--seed", -1), "--seed: a seed is a whole number from 0 to 2**63 - 1"),
        (("--seed", 2**63), "--seed: a seed is a whole number"),
        (("--seed", "1e3"), "--seed: invalid int value"),
    ],
)
def test_a_bad_option_exits_2_saying_why(
    capsys: pytest.CaptureFixture[str], options: tuple[object, ...], said: str
) -> None:
    assert said in refused(capsys, "--seed", 7, *options)


def test_an_unreadable_or_empty_key_file_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "missing.key"
    assert str(missing) in refused(capsys, "--key-file", missing)
    empty = tmp_path / "empty.key"
    empty.write_text(" \n")
    assert "a key file holds 1 to" in refused(capsys, "--key-file", empty)
    huge = tmp_path / "huge.key"
    huge.write_bytes(b"k" * 5000)
    assert "more than 4096 bytes" in refused(capsys, "--key-file", huge)
    assert "arbitre indecix deal: " in refused(capsys, "--key-file", tmp_path)  # a directory


def test_deal_package_is_the_command_s_package() -> None:
    package = deal_package(5, games=2, mode="master", key=b"k")
    assert check_package(package, b"k", DEAL_FORMAT) is package
    assert package["record"] == deal_record(configure({"mode": "master", "games": 2}), 5)


def test_deal_as_a_subprocess(arbitre: Run, key_file: Path) -> None:
    done = arbitre("indecix", "deal", "--games", 2, "--mode", "blitz", "--key-file", key_file)
    assert done.returncode == 0, done.stderr
    package = json.loads(done.stdout)
    assert check_package(package, b"the organiser's secret", DEAL_FORMAT) is package
    assert played(package) == package["record"]["seed"]
    bad = arbitre("indecix", "deal", "--games", 99)
    assert (bad.returncode, bad.stdout) == (2, b"")
    assert b"--games must be from 1 to 20 (got 99)" in bad.stderr


def test_help_lists_deal_and_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["indecix", "--help"])
    assert stopped.value.code == 0
    assert "deal" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stopped:
        main(["indecix", "deal", "--help"])
    assert stopped.value.code == 0
    text = capsys.readouterr().out
    for option in ("--seed", "--games", "--mode", "--blitz-seconds", "--title", "--key-file"):
        assert option in text


def test_arbitre_package_check_checks_a_deal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    key = tmp_path / "operator.key"
    key.write_bytes(b"an operator's key")
    package = dealt(capsys, "--seed", 21, "--games", 2, "--key-file", key)
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(package), encoding="utf-8")
    assert main(["package", "check", str(path), "--key-file", str(key)]) == 0
    said = capsys.readouterr().out
    assert said.startswith("package ok: signed, indecix, hash ")
    other = tmp_path / "other.key"
    other.write_bytes(b"another key")
    assert main(["package", "check", str(path), "--key-file", str(other)]) == 1
    assert "signature" in capsys.readouterr().err
    record = package["record"]
    record["games"][1][3] = record["games"][1][3] % 6 + 1  # a die the seed does not roll
    forged = seal({"title": "", "record": record})
    path.write_text(json.dumps(forged), encoding="utf-8")
    assert main(["package", "check", str(path)]) == 1
    assert "not what its seed draws" in capsys.readouterr().err
