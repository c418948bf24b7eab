"""Sealed packages: the package encrypted under a release key opens again with that key only;
any change to the public part or the ciphertext, a wrong or mistyped key, malformed input of
any shape are refused with a PackageError; the sealed JSON holds no tirage, seed or top."""

from __future__ import annotations

import base64
import contextlib
import copy
import json
import re
from functools import cache
from typing import Any

import pytest
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.rules import DuplicateGame, GameConfig
from arbitre.rules import sealed_package as sealing
from arbitre.rules.game_package import (
    PackageError,
    canonical_json,
    check_package,
    content_hash,
    prepare_package,
    seal,
    sign,
)
from arbitre.rules.sealed_package import (
    PADDING,
    TAG_BYTES,
    PackageKind,
    ReleaseKey,
    ReleaseKeyError,
    check_sealed,
    open_sealed,
    package_kind,
    seal_package,
)
from tests.rules.test_duplicate import french, referee

SIGNING_KEY = b"the operator's key"
#: A seed of 19 digits: its decimal text cannot turn up in the base64 of a ciphertext by chance.
SEED = 6_004_217_913_574_220_123


@cache
def package() -> dict[str, Any]:
    config = GameConfig(max_turns=8)
    game = DuplicateGame(config, SEED, referee(config))
    game.play_to_end()
    return prepare_package(game, "fr", french().info.hash, "Simultané de test")


@cache
def sealed_and_key() -> tuple[dict[str, Any], ReleaseKey]:
    return seal_package(package())


def sealed() -> dict[str, Any]:
    return copy.deepcopy(sealed_and_key()[0])


KEY = sealed_and_key()[1]


def rehashed(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with its content hash recomputed, as anyone without the signing key can."""
    return {**data, "content_hash": content_hash(data)}


# -- round trip -------------------------------------------------------------------------------


def test_a_sealed_package_opens_with_its_key_to_the_same_package() -> None:
    text = json.dumps(sealed(), ensure_ascii=False)
    again = json.loads(text)
    summary = check_sealed(again)
    assert summary.title == "Simultané de test"
    assert (summary.lexicon_id, summary.lexicon_hash) == ("fr", french().info.hash)
    assert summary.config == GameConfig(max_turns=8)
    assert summary.turns == 8
    assert summary.content_hash == again["content_hash"]
    opened = open_sealed(again, ReleaseKey.from_text(KEY.text()))
    assert opened == package()
    assert check_package(opened) == package()


def test_each_seal_draws_a_fresh_key_and_nonce() -> None:
    first, first_key = seal_package(package())
    second, second_key = seal_package(package())
    assert first_key != second_key
    assert first["nonce"] != second["nonce"]
    assert first["ciphertext"] != second["ciphertext"]
    assert first["commitment"] != second["commitment"]
    with pytest.raises(ReleaseKeyError, match="does not open"):
        open_sealed(first, second_key)


def test_the_plaintext_is_padded_so_the_length_says_little() -> None:
    ciphertext = base64.b64decode(sealed()["ciphertext"])
    assert (len(ciphertext) - TAG_BYTES) % PADDING == 0


def test_a_signed_sealed_package_checks_with_the_operators_key_only() -> None:
    signed, key = seal_package(package(), SIGNING_KEY)
    assert check_sealed(signed, SIGNING_KEY).turns == 8
    opened = open_sealed(signed, key, SIGNING_KEY)
    assert opened == sign(package(), SIGNING_KEY)  # the package inside is signed too
    assert check_package(opened, SIGNING_KEY) == opened
    with pytest.raises(PackageError, match="signature does not match"):
        check_sealed(signed, b"another key")
    with pytest.raises(PackageError, match="signature does not match"):
        open_sealed(signed, key, b"another key")
    with pytest.raises(PackageError, match="sealed package is not signed"):
        check_sealed(sealed(), SIGNING_KEY)
    forged = rehashed({**signed, "title": "Autre"})
    with pytest.raises(PackageError, match="signature does not match"):
        check_sealed(forged, SIGNING_KEY)


# -- what is public ---------------------------------------------------------------------------


def test_the_sealed_json_holds_no_tirage_seed_or_top() -> None:
    made = package()
    text = json.dumps(sealed(), ensure_ascii=False)
    secrets = [str(made["record"]["seed"])]
    for turn in made["record"]["turns"]:
        secrets += [turn["rack"], turn["top"]["move"], *turn["alternatives"], *turn["rejected"]]
        word = turn["top"]["move"].split()[-1]
        if len(word) >= 6:  # a shorter word could turn up in base64 by chance
            secrets.append(word)
    assert len(secrets) > 16
    for secret in secrets:
        assert secret not in text, secret
    public = json.dumps({key: value for key, value in sealed().items() if key != "ciphertext"})
    # The top's total as a value of its own, not as digits inside a hash or a nonce (by chance).
    assert not re.search(rf"(?<![0-9A-Za-z]){made['record']['top_total']}(?![0-9A-Za-z])", public)
    assert set(sealed()) == {
        "format",
        "title",
        "lexicon",
        "config",
        "turns",
        "commitment",
        "cipher",
        "nonce",
        "ciphertext",
        "content_hash",
    }


# -- changes and bad keys ---------------------------------------------------------------------


def test_a_wrong_key_is_refused() -> None:
    with pytest.raises(ReleaseKeyError, match="does not open"):
        open_sealed(sealed(), ReleaseKey.generate())


def test_a_flipped_ciphertext_byte_is_refused() -> None:
    ciphertext = bytearray(base64.b64decode(sealed()["ciphertext"]))
    for index in (0, len(ciphertext) // 2, len(ciphertext) - 1):  # start, middle, the tag
        flipped = bytearray(ciphertext)
        flipped[index] ^= 0x01
        changed = {**sealed(), "ciphertext": base64.b64encode(flipped).decode("ascii")}
        with pytest.raises(PackageError, match="content hash"):
            open_sealed(changed, KEY)
        with pytest.raises(ReleaseKeyError, match="changed after it was sealed"):
            open_sealed(rehashed(changed), KEY)


def leaves(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths of the strings and integers in ``data``."""
    if isinstance(data, dict):
        return [p for key, value in data.items() for p in leaves(value, (*path, key))]
    if isinstance(data, list):
        return [p for index, value in enumerate(data) for p in leaves(value, (*path, index))]
    if isinstance(data, (str, int)) and not isinstance(data, bool):
        return [path]
    return []


PUBLIC_LEAVES = [
    path for path in leaves(sealed()) if path[0] not in ("content_hash", "ciphertext", "format")
]


def changed_at(path: tuple[Any, ...]) -> dict[str, Any]:
    changed = sealed()
    holder: Any = changed
    for step in path[:-1]:
        holder = holder[step]
    value = holder[path[-1]]
    holder[path[-1]] = value + 1 if isinstance(value, int) else value + "A"
    return changed


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PUBLIC_LEAVES))
def test_any_change_to_the_public_part_is_refused(path: tuple[Any, ...]) -> None:
    changed = changed_at(path)
    with pytest.raises(PackageError):  # the content hash says no
        check_sealed(changed)
    with pytest.raises(PackageError):  # rehashed: the shape, or the cipher's tag, says no
        open_sealed(rehashed(changed), KEY)


@pytest.mark.parametrize(
    ("field", "value"),
    [("title", "Simultané truqué"), ("turns", 7), ("lexicon", {"id": "fr", "hash": "0" * 64})],
)
def test_a_rehashed_public_field_does_not_open(field: str, value: Any) -> None:
    changed = rehashed({**sealed(), field: value})
    assert check_sealed(changed)  # well formed, and anyone can recompute the hash...
    with pytest.raises(ReleaseKeyError, match="does not open"):
        open_sealed(changed, KEY)  # ...but the cipher binds the public part


def test_a_package_inside_that_breaks_the_commitment_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Only the key holder could make one: the commitment is checked all the same."""
    with monkeypatch.context() as patch:
        patch.setattr(sealing, "_commitment", lambda digest, key: "0" * 64)
        wrong, key = seal_package(package())
    with pytest.raises(PackageError, match="commits to"):
        open_sealed(wrong, key)


def test_a_package_inside_with_other_facts_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    facts = sealing._record_facts
    with monkeypatch.context() as patch:
        patch.setattr(sealing, "_record_facts", lambda inner: {**facts(inner), "title": "Autre"})
        wrong, key = seal_package(package())
    with pytest.raises(PackageError, match="another title"):
        open_sealed(wrong, key)


def test_only_a_sound_package_is_sealed() -> None:
    changed = copy.deepcopy(package())
    changed["record"]["seed"] += 1
    with pytest.raises(PackageError, match="content hash"):
        seal_package(changed)
    with pytest.raises(PackageError, match="not a game package"):
        seal_package(sealed())
    bad_title = copy.deepcopy(package())
    bad_title["title"] = ["not", "a", "title"]
    with pytest.raises(PackageError, match="'title' is not a string"):
        seal_package(rehashed(bad_title))


# -- release keys -----------------------------------------------------------------------------


def test_a_release_key_reads_back_from_its_text_in_any_case_and_spacing() -> None:
    text = KEY.text()
    assert text.startswith("RK1-")
    prefix, *groups = text.split("-")
    assert prefix == "RK1"
    assert len(groups) == 14
    assert all(len(group) == 4 for group in groups)
    assert ReleaseKey.from_text(text) == KEY
    assert ReleaseKey.from_text(f"  {text.lower()}\n") == KEY
    assert ReleaseKey.from_text(" ".join(text.replace("-", ""))) == KEY
    for shown in (repr(KEY), str(KEY), f"{KEY}"):
        assert KEY.secret.hex() not in shown
        assert text not in shown


def test_a_mistyped_release_key_is_told_apart_from_a_malformed_one() -> None:
    text = KEY.text()
    index = 10
    typo = text[:index] + ("B" if text[index] != "B" else "C") + text[index + 1 :]
    with pytest.raises(ReleaseKeyError, match="mistyped") as caught:
        ReleaseKey.from_text(typo)
    assert typo not in str(caught.value)
    for bad in (
        "",
        "RK1-",
        text[:-1],
        text + "A",
        "RK2" + text[3:],
        text.replace("A", "1"),
        "x" * 10**6,
    ):
        if bad == text:
            continue
        with pytest.raises(ReleaseKeyError, match="a release key is RK1-"):
            ReleaseKey.from_text(bad)
    with pytest.raises(ReleaseKeyError):
        ReleaseKey.from_text(None)  # type: ignore[arg-type]
    with pytest.raises(ReleaseKeyError):
        ReleaseKey(b"short")


# -- malformed input of any shape -------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(JSON)
def test_any_json_value_is_refused_with_a_package_error(value: Any) -> None:
    with pytest.raises(PackageError):
        check_sealed(value)
    with pytest.raises(PackageError):
        open_sealed(value, KEY)
    assert package_kind(value) is None or isinstance(value, dict)


FIELDS = sorted(sealed())
NESTED = [
    ("lexicon", "id"),
    ("lexicon", "hash"),
    *(("config", name) for name in sealed()["config"]),
]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([(name,) for name in FIELDS] + NESTED), JSON | st.just(...))
def test_any_field_of_any_shape_is_refused_with_a_package_error(
    path: tuple[str, ...], value: Any
) -> None:
    changed = sealed()
    holder: Any = changed
    for step in path[:-1]:
        holder = holder[step]
    if value is ...:
        del holder[path[-1]]
    else:
        holder[path[-1]] = value
    with contextlib.suppress(PackageError):  # not JSON at all (NaN): refused as it is
        changed = rehashed(changed)
    try:
        open_sealed(changed, KEY)
    except PackageError:
        return
    assert changed == sealed_and_key()[0]  # only the very same value opens


@pytest.mark.parametrize(
    "bad",
    [
        None,
        [],
        "arbitre.sealed-package/1",
        {"format": "arbitre.sealed-package/1"},
        {**sealed_and_key()[0], "ciphertext": sealed_and_key()[0]["ciphertext"][:40]},
        {**sealed_and_key()[0], "ciphertext": ""},
        {**sealed_and_key()[0], "ciphertext": "!!not base64!!"},
        {**sealed_and_key()[0], "nonce": base64.b64encode(b"short").decode()},
        {**sealed_and_key()[0], "extra": 1},
        {**sealed_and_key()[0], "cipher": "ROT13"},
        {**sealed_and_key()[0], "turns": True},
        {**sealed_and_key()[0], "turns": 9},  # more than the configuration's 8
        {**sealed_and_key()[0], "content_hash": "é"},
    ],
)
def test_truncated_and_garbage_sealed_packages_are_refused(bad: Any) -> None:
    with pytest.raises(PackageError):
        check_sealed(bad)
    with pytest.raises(PackageError):
        open_sealed(bad, KEY)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("title", "\ud800"),  # json.loads gives a lone surrogate for "\\ud800"
        ("turns", 10**5000),  # more digits than Python writes as text
        ("config", {**sealed_and_key()[0]["config"], "max_turns": 10**5000}),
        ("lexicon", {"id": "fr", "hash": [[[[]]]]}),
    ],
    ids=["surrogate", "huge-turns", "huge-max-turns", "nested-hash"],
)
def test_values_no_json_text_writes_are_refused(field: str, value: Any) -> None:
    changed = {**sealed(), field: value}
    with pytest.raises(PackageError):
        check_sealed(changed)
    with pytest.raises(PackageError):
        open_sealed(changed, KEY)


def reencrypted(plaintext: bytes) -> dict[str, Any]:
    """The sealed package with ``plaintext`` in place of its package, encrypted under its key
    as only the key holder can (the cipher's own derived key and associated data)."""
    data = sealed()
    nonce = base64.b64decode(data["nonce"])
    associated = canonical_json(sealing._public(data))
    ciphertext = AESGCM(sealing._derived(KEY, "cipher")).encrypt(nonce, plaintext, associated)
    return rehashed({**data, "ciphertext": base64.b64encode(ciphertext).decode("ascii")})


def test_garbage_that_decrypts_is_still_refused() -> None:
    """A key holder's ciphertext of anything but the committed package is refused, never a
    crash."""
    assert open_sealed(reencrypted(canonical_json(package())), KEY) == package()
    other: dict[str, Any] = copy.deepcopy(package())
    other["title"] = "Autre"
    for plaintext in (
        b"\xff\xfe not UTF-8",
        b"",
        b"[1, 2]",
        b"[" * 100_000,
        b"{}",
        canonical_json(seal(other)),
    ):
        with pytest.raises(PackageError) as caught:
            open_sealed(reencrypted(plaintext), KEY)
        assert not isinstance(caught.value, ReleaseKeyError)  # it did open


# -- recognising packages ---------------------------------------------------------------------


def test_package_kind_tells_open_from_sealed() -> None:
    assert package_kind(package()) is PackageKind.OPEN
    assert package_kind(sealed()) is PackageKind.SEALED
    others: tuple[Any, ...] = (None, [], "x", {"format": "arbitre.duplicate/1"}, {"format": []})
    for other in others:
        assert package_kind(other) is None
