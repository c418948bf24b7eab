"""Tests of arbitre.engine.lexicon: reading, normalising, compiling, caching, loading."""

import gzip
import logging

import pytest

from arbitre.engine import lexicon as lexicon_module
from arbitre.engine.lexicon import (
    MAGIC,
    Lexicon,
    LexiconError,
    content_hash,
    decode_word_list,
    load_lexicon,
    normalise_word_list,
    unload_all,
)
from arbitre.rules.errors import ArbitreError


@pytest.fixture(autouse=True)
def _fresh_process_memory():
    unload_all()
    yield
    unload_all()


@pytest.fixture
def cache(tmp_path):
    return tmp_path / "cache"


def write_list(path, text, *, compress=False, encoding="utf-8"):
    data = text.encode(encoding)
    path.write_bytes(gzip.compress(data, mtime=0) if compress else data)
    return path


def test_normalise_word_list_sorts_dedupes_and_counts_rejects():
    words = normalise_word_list("été\nETE\n# comment\n\nzoo\nl'eau\nx\nChacun\n")
    assert words.words == ["CHACUN", "ETE", "ZOO"]
    assert words.rejected == 2
    assert words.rejected_examples == ("l'eau", "x")


def test_hash_ignores_order_case_and_accents():
    first = normalise_word_list("Été\nzoo\n")
    second = normalise_word_list("ZOO\nete\n")
    assert first.hash == second.hash == content_hash(["ETE", "ZOO"])
    assert normalise_word_list("ZOOS\nete\n").hash != first.hash


def test_decode_handles_gzip_bom_and_windows_1252():
    assert decode_word_list(gzip.compress("bœuf\n".encode())) == "bœuf\n"
    assert decode_word_list(b"\xef\xbb\xbfmot\n") == "mot\n"
    assert decode_word_list("pièce\n".encode("cp1252")) == "pièce\n"
    with pytest.raises(LexiconError, match="gzip"):
        decode_word_list(b"\x1f\x8b\x08garbage")


def test_load_compiles_then_reuses_the_cache(tmp_path, cache, monkeypatch):
    source = write_list(tmp_path / "club.txt", "chat\nchien\nchats\n")
    first = load_lexicon(source, cache_dir=cache)
    assert first.info.id == "club"
    assert first.info.word_count == 3
    assert first.info.hash == content_hash(["CHAT", "CHATS", "CHIEN"])
    compiled = list(cache.glob("*.arblex"))
    assert len(compiled) == 1
    assert compiled[0].read_bytes().startswith(MAGIC)
    assert load_lexicon(source, cache_dir=cache) is first  # same process: kept in memory

    unload_all()

    def no_compiling(words):
        raise AssertionError("compiled again instead of reading the cache")

    monkeypatch.setattr(lexicon_module, "compile_words", no_compiling)
    second = load_lexicon(source, cache_dir=cache)
    assert second is not first
    assert second.info == first.info
    assert list(second) == ["CHAT", "CHATS", "CHIEN"]
    assert "CHATS" in second
    assert "CHA" not in second


def test_cache_is_keyed_by_content(tmp_path, cache):
    source = write_list(tmp_path / "club.txt", "chat\n")
    load_lexicon(source, cache_dir=cache)
    write_list(source, "chat\nchien\n")
    assert load_lexicon(source, cache_dir=cache).info.word_count == 2
    assert len(list(cache.glob("*.arblex"))) == 2


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[:-4],  # truncated
        lambda data: b"NOTLEX!!" + data[8:],  # wrong magic
        lambda data: data[:64] + b"\xff\xff\xff\xff" * ((len(data) - 64) // 4),  # bad arcs
        lambda data: b"",  # empty
    ],
)
def test_corrupt_cache_is_ignored_and_rewritten(tmp_path, cache, damage, caplog):
    source = write_list(tmp_path / "club.txt", "chat\nchien\n")
    load_lexicon(source, cache_dir=cache)
    (compiled,) = cache.glob("*.arblex")
    good = compiled.read_bytes()
    compiled.write_bytes(damage(good))
    unload_all()
    with caplog.at_level(logging.WARNING):
        reloaded = load_lexicon(source, cache_dir=cache)
    assert list(reloaded) == ["CHAT", "CHIEN"]
    assert compiled.read_bytes() == good


def test_unwritable_cache_still_loads(tmp_path, caplog):
    source = write_list(tmp_path / "club.txt", "chat\n")
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where a directory should be")
    with caplog.at_level(logging.WARNING):
        lexicon = load_lexicon(source, cache_dir=blocker / "cache")
    assert "CHAT" in lexicon
    assert "cannot cache" in caplog.text


def test_gzip_and_windows_1252_sources(tmp_path, cache):
    packed = write_list(tmp_path / "mots.txt.gz", "pièce\nœuf\n", compress=True)
    assert list(load_lexicon(packed, cache_dir=cache)) == ["OEUF", "PIECE"]
    assert load_lexicon(packed, cache_dir=cache).info.id == "mots"
    legacy = write_list(tmp_path / "ods.txt", "pièce\n", encoding="cp1252")
    assert list(load_lexicon(legacy, cache_dir=cache)) == ["PIECE"]


def test_missing_and_empty_lists_are_clear_errors(tmp_path, cache):
    with pytest.raises(LexiconError, match="not a shipped id"):
        load_lexicon(tmp_path / "nope.txt", cache_dir=cache)
    with pytest.raises(LexiconError, match="no valid word"):
        load_lexicon(write_list(tmp_path / "junk.txt", "a\nl'x\n1234\n"), cache_dir=cache)
    assert issubclass(LexiconError, ArbitreError)
    assert issubclass(LexiconError, ValueError)


def test_oversized_list_is_refused(tmp_path, cache, monkeypatch):
    monkeypatch.setattr(lexicon_module, "MAX_SOURCE_BYTES", 10)
    with pytest.raises(LexiconError, match="more than"):
        load_lexicon(write_list(tmp_path / "big.txt", "chat\nchien\nchats\n"), cache_dir=cache)


def test_in_memory_lexicon_and_check():
    lexicon = Lexicon.from_words(["Œuvre", "été", "qi"])
    assert len(lexicon) == 3
    assert "OEUVRE" in lexicon
    assert "oeuvre" not in lexicon  # membership expects normalised words
    assert lexicon.check("œuvre")
    assert lexicon.check("Été")
    assert not lexicon.check("l'été")
    assert 42 not in lexicon
    assert repr(lexicon).startswith("<Lexicon inline 3 words")


def test_to_bytes_round_trips_through_the_cache_format(tmp_path):
    lexicon = Lexicon.from_words(["chat", "chien"])
    path = tmp_path / "x.arblex"
    path.write_bytes(lexicon.to_bytes())
    reopened = lexicon_module._open_compiled(path, "x", "test")
    assert reopened is not None
    assert list(reopened) == ["CHAT", "CHIEN"]
    assert reopened.info.hash == lexicon.info.hash


def test_cache_directory_from_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("ARBITRE_CACHE_DIR", str(tmp_path / "here"))
    assert lexicon_module.cache_directory() == tmp_path / "here"
    monkeypatch.delenv("ARBITRE_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert lexicon_module.cache_directory() == tmp_path / "xdg" / "arbitre" / "lexicons"
