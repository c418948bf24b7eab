"""Lexicons: read a word list, normalise it, compile it to an automaton, cache and load it.

A lexicon is known by an ``id`` (a shipped id such as ``"fr"`` or the stem of a user's file),
its word count and a content ``hash``: the SHA-256 of its normalised, sorted words, one per
line. Two files with the same words in any order, case or accentuation have the same hash.

The compiled file (see :mod:`arbitre.engine._automaton` for the arc layout) is cached under
:func:`cache_directory`, keyed by the SHA-256 of the source file's bytes and the format version,
and memory-mapped on load, so every process on a machine shares one copy.

:func:`with_reversed_words` is a lexicon's words and each of them read backwards (dupliKta's
reversed words, for its move generator), cached the same way under the lexicon's content hash.
"""

from __future__ import annotations

import gzip
import hashlib
import logging
import mmap
import os
import struct
import tempfile
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from arbitre.engine._automaton import Automaton, compile_words
from arbitre.engine.normalise import normalise_word
from arbitre.lexicons.shipped import SHIPPED
from arbitre.rules.errors import ArbitreError

log = logging.getLogger(__name__)

FORMAT_VERSION = 2
MAGIC = b"ARBLEX\x00\x01"
# magic, format version, header size, arc count, DAWG root, GADDAG root, word count, hash
_HEADER = struct.Struct("<8s6I32s")
#: The source of a lexicon compiled from words in memory.
_IN_MEMORY = "<memory>"
#: Largest word-list file accepted, compressed or not.
MAX_SOURCE_BYTES = 256 * 1024 * 1024


class LexiconError(ArbitreError):
    """A lexicon could not be found, read or used."""

    code = "bad_lexicon"


@dataclass(frozen=True)
class LexiconInfo:
    """What identifies a lexicon: its id, word count and content hash (hex SHA-256)."""

    id: str
    word_count: int
    hash: str
    source: str

    def as_dict(self) -> dict[str, object]:
        return {
            "id": self.id,
            "word_count": self.word_count,
            "hash": self.hash,
            "source": self.source,
        }


@dataclass(frozen=True)
class WordList:
    """A normalised word list: sorted unique words, and what was rejected on the way."""

    words: list[str]
    rejected: int
    rejected_examples: tuple[str, ...]

    @property
    def hash(self) -> str:
        return content_hash(self.words)


def content_hash(words: Iterable[str]) -> str:
    """SHA-256 (hex) of sorted, unique, normalised ``words`` written one per line."""
    digest = hashlib.sha256()
    for word in words:
        digest.update(word.encode("ascii"))
        digest.update(b"\n")
    return digest.hexdigest()


def decode_word_list(data: bytes) -> str:
    """Text of a word list file: gzip is detected, UTF-8 expected, Windows-1252 tolerated."""
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as error:
            raise LexiconError(f"corrupt gzip word list: {error}") from error
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def normalise_word_list(text: str) -> WordList:
    """Normalise every line of ``text``; blank lines and lines starting with ``#`` are skipped."""
    words: set[str] = set()
    rejected = 0
    examples: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        word = normalise_word(stripped)
        if word is None:
            rejected += 1
            if len(examples) < 5:
                examples.append(stripped[:40])
        else:
            words.add(word)
    return WordList(sorted(words), rejected, tuple(examples))


class Lexicon:
    """A compiled lexicon: fast membership, sorted iteration, and the automaton itself.

    ``word in lexicon`` expects a normalised word (uppercase A–Z); anything else is absent. Use
    :meth:`check` for raw user input.
    """

    __slots__ = ("automaton", "info")

    def __init__(self, info: LexiconInfo, automaton: Automaton) -> None:
        self.info = info
        self.automaton = automaton

    @classmethod
    def from_words(cls, words: Iterable[str], lexicon_id: str = "inline") -> Lexicon:
        """Compile a lexicon in memory from raw words (normalised here; nothing is cached)."""
        word_list = normalise_word_list("\n".join(words))
        return cls._compile(word_list, lexicon_id, source=_IN_MEMORY)

    @classmethod
    def _compile(cls, word_list: WordList, lexicon_id: str, source: str) -> Lexicon:
        arcs, dawg_root, gaddag_root = compile_words(word_list.words)
        info = LexiconInfo(lexicon_id, len(word_list.words), word_list.hash, source)
        return cls(info, Automaton(arcs, dawg_root, gaddag_root))

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word in self.automaton

    def __len__(self) -> int:
        return self.info.word_count

    def __iter__(self) -> Iterator[str]:
        return iter(self.automaton.words())

    def __repr__(self) -> str:
        return f"<Lexicon {self.info.id} {self.info.word_count} words {self.info.hash[:12]}>"

    def check(self, word: str) -> bool:
        """Whether raw ``word`` (any case, accents allowed) is in the lexicon."""
        normalised = normalise_word(word)
        return normalised is not None and normalised in self.automaton

    def to_bytes(self) -> bytes:
        """The compiled file: header then arcs (what the cache stores)."""
        arcs = memoryview(self.automaton.buffer()).cast("B")
        header = _HEADER.pack(
            MAGIC,
            FORMAT_VERSION,
            _HEADER.size,
            len(self.automaton),
            self.automaton.dawg_root,
            self.automaton.gaddag_root,
            self.info.word_count,
            bytes.fromhex(self.info.hash),
        )
        return header + arcs.tobytes()


def cache_directory() -> Path:
    """Where compiled lexicons are cached: ``$ARBITRE_CACHE_DIR``, else the XDG cache."""
    explicit = os.environ.get("ARBITRE_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "arbitre" / "lexicons"


# Lexicons loaded by this process, by (source hash, id) and, to skip reading and hashing an
# unchanged file again, by (path, modification time, size, id).
_loaded: dict[tuple[str, str], Lexicon] = {}
_loaded_files: dict[tuple[str, int, int, str], Lexicon] = {}


def unload_all() -> None:
    """Forget the lexicons loaded by this process (the next load reopens the cache)."""
    _loaded.clear()
    _loaded_files.clear()
    _reversed.clear()


def resolve_source(id_or_path: str | os.PathLike[str]) -> tuple[str, Path]:
    """``(id, path)`` of a shipped lexicon id or of a word-list file path."""
    text = os.fspath(id_or_path)
    shipped = SHIPPED.get(text)
    if shipped is not None:
        return shipped.id, shipped.path
    path = Path(text)
    if not path.is_file():
        known = ", ".join(sorted(SHIPPED))
        raise LexiconError(f"no lexicon {text!r}: not a shipped id ({known}) nor a file")
    name = path.name
    for suffix in (".gz", ".txt", ".dic", ".lst"):
        name = name.removesuffix(suffix)
    return name or "lexicon", path


def load_lexicon(id_or_path: str | os.PathLike[str], *, cache_dir: Path | None = None) -> Lexicon:
    """Load a shipped lexicon by id or a word list by path, compiling it on first use.

    Loaded lexicons are kept for the life of the process, keyed by source bytes and id; an
    unchanged file (same path, modification time and size) is not read again.
    Raises :class:`LexiconError` for a missing, unreadable, oversized or empty list.
    """
    lexicon_id, path = resolve_source(id_or_path)
    try:
        status = path.stat()
        seen = (os.path.abspath(path), status.st_mtime_ns, status.st_size, lexicon_id)
        memo = _loaded_files.get(seen)
        if memo is not None:
            return memo
        if status.st_size > MAX_SOURCE_BYTES:
            raise LexiconError(
                f"{path}: {status.st_size} bytes, more than the {MAX_SOURCE_BYTES} accepted"
            )
        data = path.read_bytes()
    except OSError as error:
        raise LexiconError(f"cannot read lexicon {path}: {error.strerror}") from error
    key = hashlib.sha256(data + f"\0arblex{FORMAT_VERSION}".encode()).hexdigest()
    memo = _loaded.get((key, lexicon_id))
    if memo is not None:
        _loaded_files[seen] = memo
        return memo
    directory = cache_dir if cache_dir is not None else cache_directory()
    cached = directory / f"{key}.arblex"
    lexicon = _open_compiled(cached, lexicon_id, str(path))
    if lexicon is None:
        word_list = normalise_word_list(decode_word_list(data))
        if not word_list.words:
            raise LexiconError(f"{path}: no valid word (2–15 letters A–Z after normalisation)")
        if word_list.rejected:
            log.info(
                "%s: %d lines rejected, e.g. %s",
                path,
                word_list.rejected,
                ", ".join(word_list.rejected_examples),
            )
        lexicon = Lexicon._compile(word_list, lexicon_id, str(path))
        _write_atomically(cached, lexicon.to_bytes())
    _loaded[(key, lexicon_id)] = lexicon
    _loaded_files[seen] = lexicon
    return lexicon


_reversed: dict[str, Lexicon] = {}
_reversed_lock = threading.Lock()


def with_reversed_words(lexicon: Lexicon, *, cache_dir: Path | None = None) -> Lexicon:
    """Every word of ``lexicon`` and every word read backwards (``RUOJ`` for ``JOUR``), known by
    the id ``<id>+reversed``: a move generator over it finds every move whose words are each
    valid either way. Compiled once per machine (four seconds for the French lexicon), cached
    under the lexicon's content hash and memory-mapped (a lexicon compiled in memory: compiled
    once per process, never written), and kept for the life of the process.

    >>> both = with_reversed_words(Lexicon.from_words(["JOUR", "LA"]))
    >>> sorted(both), both.info.id
    (['AL', 'JOUR', 'LA', 'RUOJ'], 'inline+reversed')
    """
    key = lexicon.info.hash
    found = _reversed.get(key)
    if found is not None:
        return found
    with _reversed_lock:
        found = _reversed.get(key)
        if found is not None:
            return found
        lexicon_id = f"{lexicon.info.id}+reversed"
        source = f"{lexicon.info.source} (and reversed)"
        in_memory = lexicon.info.source == _IN_MEMORY  # compiled here, cached nowhere
        directory = cache_dir if cache_dir is not None else cache_directory()
        cached = directory / f"{key}-reversed-v{FORMAT_VERSION}.arblex"
        found = None if in_memory else _open_compiled(cached, lexicon_id, source)
        if found is None:
            words = list(lexicon)
            both = sorted(set(words).union(word[::-1] for word in words))
            found = Lexicon._compile(WordList(both, 0, ()), lexicon_id, source)
            if not in_memory:
                _write_atomically(cached, found.to_bytes())
        _reversed[key] = found
    return found


def _open_compiled(path: Path, lexicon_id: str, source: str) -> Lexicon | None:
    """Memory-map a cached compiled lexicon, or ``None`` if absent, stale or corrupt."""
    try:
        with path.open("rb") as handle:
            mapped = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):
        return None
    try:
        fields = _HEADER.unpack_from(mapped)
        magic, version, header_size, n_arcs, dawg_root, gaddag_root, word_count, digest = fields
        if magic != MAGIC or version != FORMAT_VERSION or header_size != _HEADER.size:
            raise ValueError("not a compiled lexicon of this version")
        if len(mapped) != header_size + 4 * n_arcs:
            raise ValueError("truncated compiled lexicon")
        automaton = Automaton(memoryview(mapped)[header_size:], dawg_root, gaddag_root)
        automaton.validate()
    except (ValueError, struct.error) as error:
        log.warning("ignoring cached lexicon %s: %s", path, error)
        return None
    return Lexicon(LexiconInfo(lexicon_id, word_count, digest.hex(), source), automaton)


def _write_atomically(path: Path, content: bytes) -> None:
    """Write ``content`` to ``path`` via a temporary file; a failure only logs a warning."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".arblex")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(content)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError as error:
        log.warning("cannot cache compiled lexicon at %s: %s", path, error)
