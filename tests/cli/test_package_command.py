"""``arbitre package``: prepare a signed package of the game of the tops; check it (hash,
signature, replay with the local lexicon), saying what it did not check; refuse a changed or
forged one; seal it for centres, the release key in a 0600 file, and open it with that key."""

from __future__ import annotations

import json
import stat
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

from arbitre.rules.game_package import content_hash
from arbitre.rules.sealed_package import ReleaseKey, open_sealed

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
    deep = arbitre("package", "check", "-", stdin=b"[" * 100_000)
    assert deep.returncode == 2
    assert b"nested too deep" in deep.stderr
    done = arbitre("package", "prepare", "--seed", 1, "--key-file", empty)
    assert done.returncode == 2
    assert b"key file" in done.stderr


def test_an_unsigned_package_says_its_signature_was_not_checked(
    arbitre: Run, tmp_path: Path
) -> None:
    path = prepared(arbitre, tmp_path)
    done = arbitre("package", "check", path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().startswith("package ok: 4 turns, top ")
    assert done.stdout.decode().rstrip().endswith("; signature not checked (no --key-file)")


def test_prepare_takes_a_variant_and_a_lexicon(arbitre: Run, tmp_path: Path) -> None:
    path = prepared(arbitre, tmp_path, "--variant", "joker", "--lexicon", "en")
    record = json.loads(path.read_text())["record"]
    assert record["config"]["variant"] == "joker"
    assert record["config"]["lexicon"] == "en"
    assert record["lexicon"]["id"] == "en"
    assert all("?" in turn["rack"] for turn in record["turns"])  # a blank in every rack
    done = arbitre("package", "prepare", "--turns", 1, "--variant", "scrabble")
    assert done.returncode == 2
    assert b"invalid choice" in done.stderr


def test_prepare_without_a_seed_draws_one(arbitre: Run) -> None:
    seeds = set()
    for _ in range(2):
        done = arbitre("package", "prepare", "--turns", 1)
        assert done.returncode == 0, done.stderr
        seeds.add(json.loads(done.stdout)["record"]["seed"])
    assert len(seeds) == 2


# -- sealed packages --------------------------------------------------------------------------


def sealed_prepared(arbitre: Run, tmp_path: Path, *options: object) -> tuple[Path, Path]:
    """A sealed package of 4 turns from a random seed, and its release key file."""
    release = tmp_path / "release.key"
    done = arbitre(
        "package", "prepare", "--turns", 4, "--title", "Soir", "--seal",
        "--release-key-file", release, *options,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert b"warning" not in done.stderr  # no --seed: nothing to warn about
    path = tmp_path / "sealed.json"
    path.write_bytes(done.stdout)
    key_text = release.read_text().strip()
    assert key_text.encode() not in done.stdout + done.stderr  # never next to the package
    return path, release


def test_prepare_seal_writes_the_key_to_a_0600_file_and_hides_the_game(
    arbitre: Run, tmp_path: Path
) -> None:
    path, release = sealed_prepared(arbitre, tmp_path)
    assert stat.S_IMODE(release.stat().st_mode) == 0o600
    key = ReleaseKey.from_text(release.read_text())
    text = path.read_text()
    sealed = json.loads(text)
    assert sealed["format"] == "arbitre.sealed-package/1"
    assert (sealed["title"], sealed["turns"]) == ("Soir", 4)
    package = open_sealed(sealed, key)
    record = package["record"]
    for turn in record["turns"]:
        assert turn["rack"] not in text
        assert turn["top"]["move"] not in text
    assert '"seed"' not in text
    assert str(record["seed"]) not in text
    assert "top_total" not in text


def test_a_sealed_package_checks_without_its_key_and_says_what_was_not_checked(
    arbitre: Run, tmp_path: Path
) -> None:
    operator = tmp_path / "operator.key"
    operator.write_text("operator secret\n")
    path, release = sealed_prepared(arbitre, tmp_path, "--key-file", operator)
    done = arbitre("package", "check", path)
    assert done.returncode == 0, done.stderr
    line = done.stdout.decode().strip()
    assert line.startswith("sealed package ok: 4 turns, lexicon fr, hash ")
    assert line.endswith(
        "; signature not checked (no --key-file); "
        "sealed: contents not checked without the release key"
    )
    done = arbitre("package", "check", path, "--key-file", operator)
    assert done.returncode == 0, done.stderr
    line = done.stdout.decode().strip()
    assert line.startswith("sealed package ok: signed, 4 turns, lexicon fr, hash ")
    assert line.endswith("; sealed: contents not checked without the release key")
    assert "signature not checked" not in line
    done = arbitre("package", "check", path, "--key-file", operator, "--release-key-file", release)
    assert done.returncode == 0, done.stderr
    line = done.stdout.decode().strip()
    assert line.startswith("package ok (sealed, opened with the release key): signed, 4 turns")
    other = tmp_path / "other.key"
    other.write_text("someone else\n")
    done = arbitre("package", "check", path, "--key-file", other)
    assert done.returncode == 1
    assert b"signature does not match" in done.stderr


def test_open_prints_the_package_inside(arbitre: Run, tmp_path: Path) -> None:
    path, release = sealed_prepared(arbitre, tmp_path)
    key_text = release.read_text().strip()
    done = arbitre("package", "open", path, "--release-key", key_text.lower())
    assert done.returncode == 0, done.stderr
    package = json.loads(done.stdout)
    assert package["format"] == "arbitre.package/1"
    assert package == open_sealed(json.loads(path.read_text()), ReleaseKey.from_text(key_text))
    opened = tmp_path / "opened.json"
    opened.write_bytes(done.stdout)
    assert arbitre("package", "check", opened).returncode == 0
    from_file = arbitre(
        "package", "open", "-", "--release-key-file", release, stdin=path.read_bytes()
    )
    assert json.loads(from_file.stdout) == package


def test_wrong_mistyped_and_missing_release_keys(arbitre: Run, tmp_path: Path) -> None:
    path, release = sealed_prepared(arbitre, tmp_path)
    another = ReleaseKey.generate().text()
    done = arbitre("package", "open", path, "--release-key", another)
    assert done.returncode == 1
    assert b"release key does not open" in done.stderr
    assert done.stdout == b""
    done = arbitre("package", "check", path, "--release-key", another)
    assert done.returncode == 1
    assert b"release key does not open" in done.stderr
    text = release.read_text().strip()
    typo = text[:-1] + ("A" if text[-1] != "A" else "B")
    done = arbitre("package", "open", path, "--release-key", typo)
    assert done.returncode == 2
    assert b"mistyped" in done.stderr
    assert typo.encode() not in done.stderr
    done = arbitre("package", "open", path, "--release-key", "hunter2")
    assert done.returncode == 2
    assert b"a release key is RK1-" in done.stderr
    done = arbitre("package", "open", path)
    assert done.returncode == 2
    assert b"--release-key" in done.stderr


def test_a_changed_sealed_package_is_refused(arbitre: Run, tmp_path: Path) -> None:
    path, release = sealed_prepared(arbitre, tmp_path)
    sealed = json.loads(path.read_text())
    path.write_text(json.dumps({**sealed, "turns": 3}))
    done = arbitre("package", "check", path)
    assert done.returncode == 1
    assert b"content hash" in done.stderr
    rehashed = {**sealed, "title": "Truqué"}
    path.write_text(json.dumps({**rehashed, "content_hash": content_hash(rehashed)}))
    assert arbitre("package", "check", path).returncode == 0  # anyone can recompute the hash
    done = arbitre("package", "open", path, "--release-key-file", release)
    assert done.returncode == 1  # but the cipher binds the title
    assert b"does not open" in done.stderr


def test_seal_seals_a_sound_package_and_open_gives_it_back(arbitre: Run, tmp_path: Path) -> None:
    operator = tmp_path / "operator.key"
    operator.write_text("operator secret\n")
    path = prepared(arbitre, tmp_path)
    release = tmp_path / "release.key"
    done = arbitre("package", "seal", path, "--release-key-file", release, "--key-file", operator)
    assert done.returncode == 0, done.stderr
    assert stat.S_IMODE(release.stat().st_mode) == 0o600
    sealed = tmp_path / "sealed.json"
    sealed.write_bytes(done.stdout)
    assert release.read_text().strip().encode() not in done.stdout
    done = arbitre("package", "open", sealed, "--release-key-file", release, "--key-file", operator)
    assert done.returncode == 0, done.stderr
    package = json.loads(done.stdout)
    original = json.loads(path.read_text())
    assert package["record"] == original["record"]
    assert package["signature"]  # signed on the way in
    # a sealed package is not sealed twice; a changed one is not sealed
    done = arbitre("package", "seal", sealed, "--release-key-file", tmp_path / "again.key")
    assert done.returncode == 1
    assert b"sealed already" in done.stderr
    original["record"]["turns"][0]["top"]["score"] += 1
    path.write_text(json.dumps(original))
    done = arbitre("package", "seal", path, "--release-key-file", tmp_path / "bad.key")
    assert done.returncode == 1
    assert b"content hash" in done.stderr
    assert not (tmp_path / "bad.key").exists()


def test_release_key_files_are_new_files_and_go_with_seal(arbitre: Run, tmp_path: Path) -> None:
    done = arbitre("package", "prepare", "--turns", 1, "--seal")
    assert done.returncode == 2
    assert b"--seal needs --release-key-file" in done.stderr
    assert done.stdout == b""
    release = tmp_path / "release.key"
    done = arbitre("package", "prepare", "--turns", 1, "--release-key-file", release)
    assert done.returncode == 2
    assert b"--release-key-file goes with --seal" in done.stderr
    assert not release.exists()
    release.write_text("an earlier key\n")
    done = arbitre("package", "prepare", "--turns", 1, "--seal", "--release-key-file", release)
    assert done.returncode == 2
    assert b"exists" in done.stderr
    assert done.stdout == b""
    assert release.read_text() == "an earlier key\n"
    path = prepared(arbitre, tmp_path)
    done = arbitre("package", "seal", path, "--release-key-file", release)
    assert done.returncode == 2
    assert release.read_text() == "an earlier key\n"
    done = arbitre("package", "check", path, "--release-key", ReleaseKey.generate().text())
    assert done.returncode == 2
    assert b"opens a sealed package only" in done.stderr


def test_prepare_seal_with_a_chosen_seed_warns(arbitre: Run, tmp_path: Path) -> None:
    release = tmp_path / "release.key"
    done = arbitre(
        "package", "prepare", "--seed", 7, "--turns", 1, "--seal", "--release-key-file", release
    )
    assert done.returncode == 0, done.stderr
    assert b"warning: a chosen seed can be guessed" in done.stderr
