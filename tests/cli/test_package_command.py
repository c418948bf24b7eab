"""``arbitre package``: prepare a sealed, signed package of the game of the tops; check it
(hash, signature, replay with the local lexicon); refuse a changed or forged one."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

from arbitre.rules.game_package import content_hash

Run = Callable[..., subprocess.CompletedProcess[bytes]]


def prepared(arbitre: Run, tmp_path: Path, *options: object) -> Path:
    done = arbitre("package", "prepare", "--seed", 7, "--turns", 4, "--title", "Soir", *options)
    assert done.returncode == 0, done.stderr
    path = tmp_path / "package.json"
    path.write_bytes(done.stdout)
    return path


def test_a_signed_package_checks_with_its_key(arbitre: Run, tmp_path: Path) -> None:
    key = tmp_path / "key"
    key.write_text("operator secret\n")
    path = prepared(arbitre, tmp_path, "--key-file", key)
    package = json.loads(path.read_text())
    assert package["title"] == "Soir"
    assert len(package["record"]["turns"]) == 4
    assert package["signature"]
    done = arbitre("package", "check", path, "--key-file", key)
    assert done.returncode == 0, done.stderr
    assert b"package ok: signed, 4 turns" in done.stdout
    other = tmp_path / "other"
    other.write_text("someone else\n")
    done = arbitre("package", "check", path, "--key-file", other)
    assert done.returncode == 1
    assert b"signature does not match" in done.stderr


def test_a_changed_package_is_refused(arbitre: Run, tmp_path: Path) -> None:
    path = prepared(arbitre, tmp_path)
    package: dict[str, Any] = json.loads(path.read_text())
    package["record"]["turns"][0]["top"]["score"] += 1
    path.write_text(json.dumps(package))
    done = arbitre("package", "check", path)
    assert done.returncode == 1
    assert b"content hash" in done.stderr


def test_a_resealed_package_whose_tops_are_wrong_is_refused(arbitre: Run, tmp_path: Path) -> None:
    """A forger who recomputes the hash (no key asked) is still caught by the replay."""
    path = prepared(arbitre, tmp_path)
    package: dict[str, Any] = json.loads(path.read_text())
    package["record"]["turns"][1]["top"]["score"] += 10
    package["content_hash"] = content_hash(package)
    path.write_text(json.dumps(package))
    done = arbitre("package", "check", path)
    assert done.returncode == 1
    assert b"the record says" in done.stderr


def test_a_package_naming_a_path_as_its_lexicon_is_refused(arbitre: Run, tmp_path: Path) -> None:
    path = prepared(arbitre, tmp_path)
    package: dict[str, Any] = json.loads(path.read_text())
    package["record"]["lexicon"]["id"] = "/etc/passwd"
    package["content_hash"] = content_hash(package)
    path.write_text(json.dumps(package))
    done = arbitre("package", "check", path)
    assert done.returncode == 1
    assert b"not one shipped here" in done.stderr


def test_bad_files_and_keys_are_usage_errors(arbitre: Run, tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.write_text("")
    assert arbitre("package", "check", tmp_path / "missing.json").returncode == 2
    assert arbitre("package", "check", empty).returncode == 2
    done = arbitre("package", "prepare", "--seed", 1, "--key-file", empty)
    assert done.returncode == 2
    assert b"key file" in done.stderr
