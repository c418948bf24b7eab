"""Duel de Mots robots: the next guess of a robot of each level, and when it makes it.

A robot plays through the same path as people: it is given only its own rows of the round (each
guess and its marks, the extra-copy dot included) and never the word or a rival's letters. What
it answers is a pure function of its word list, level, seed and rows, so any replica can ask
again and get the same guess and the same delay.

The levels (:class:`~arbitre.engine.robots.duplicate.RobotLevel`, shared with the duplicate
robots):

- **Expert**: opens with one of the three most informative first words of the list (by seed),
  then always plays the guess, among *all* acceptable words, with the most **expected
  information** (the entropy of the marks it would get, over the secrets still possible),
  preferring a possible secret on ties. It is not required to be consistent with its marks: a
  guess that is not a possible secret is played only when it is strictly more informative than
  every possible secret it weighed (all of them while at most :data:`EXACT_CANDIDATES` remain).
  On its last try, or with two secrets left, it plays a possible secret.
- **Confirmé**: opens with one of the twelve most informative secrets, then plays words that
  fit what it remembers of its marks: the most informative of them a quarter of the time, else
  one at random among the more frequent half. Its memory is a person's: of each row but the
  last it mostly (85 %) keeps only the greens, until its last two tries; with two tries left
  and more than two words fitting, it plays the most informative word of all (the trick a
  practised player knows), so it rarely loses.
- **Débutant**: knows only the most frequent 20 % of the secrets (``wordfreq``; any fitting
  secret once none it knows fits), opens with one of them and plays one at random among the
  more frequent half of those that fit what it noticed. It reads its last row closely (85 % of
  the time) but of the earlier ones it keeps only the greens, until its last try: it loses some
  rounds.

Each level answers after a delay drawn in its :class:`Rhythm` (the first guess sooner: people
have a favourite opener). The strengths are measured by ``benchmarks/bench_duel_robots.py``.

How it is fast: a :class:`PatternTable` holds the marks of every acceptable guess against every
secret, one byte each (greens and ambers in base 3; an extra copy and a plain grey share a digit
since, *given the guess*, one follows from the other: a grey copy is an extra copy exactly when
another copy of that letter in the guess is green or amber, so :meth:`PatternTable.code` checks
it and a row where they disagree fits no word). It is built once per word list and process
(:func:`pattern_table`) with big-integer arithmetic on one byte per secret, and searched the
same way: a guess's score is first the number of pairs of possible secrets it tells apart,
counted for every guess at once, then the exact entropy of the best :data:`SHORTLIST` of them.
"""

from __future__ import annotations

import heapq
import math
import random
import threading
from collections import Counter, OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from arbitre.engine.robots.duplicate import RobotLevel
from arbitre.engine.robots.planner import Plan
from arbitre.rules.errors import ArbitreError
from arbitre.rules.kinds.duel import alphabet
from arbitre.rules.kinds.duel.marks import Mark, found, from_text, mark, text
from arbitre.rules.kinds.duel.scoring import MAX_TRIES
from arbitre.rules.kinds.duel.words import WordList

__all__ = [
    "EXACT_CANDIDATES",
    "MAX_LENGTH",
    "PROFILES",
    "SHORTLIST",
    "TABLE_BUDGET",
    "TRIES",
    "DuelProfile",
    "DuelRobot",
    "PatternTable",
    "Rhythm",
    "Row",
    "pattern_table",
    "plan",
    "prepare",
]

#: One row of a round as its player sees it: the guess and its marks.
Row = tuple[str, Sequence[Mark]]

#: The tries of a round (the rules' own), unless a robot is told otherwise.
TRIES = MAX_TRIES
#: The longest words a table holds: a row's code must fit in a byte (3**5 = 243 codes).
MAX_LENGTH = 5
#: How many of the guesses the pair count ranks best get their exact entropy computed.
SHORTLIST = 24
#: Up to this many possible secrets, every one of them is weighed too.
EXACT_CANDIDATES = 64
#: Up to this many possible secrets, the pair count uses them all (else an even sample).
PAIR_SAMPLE = 32
#: The opener: the secrets sampled for the pair count, and how many guesses are weighed exactly.
OPENER_SAMPLE = 160
OPENER_SHORTLIST = 64
#: The most secrets paired at once: C(362, 2) pairs fit a 16-bit counter.
MAX_PAIRED = 362
#: How many of the language's most frequent wordfreq entries are looked at for the frequencies.
FREQUENCY_ENTRIES = 100_000
#: How many word lists keep their table in a process (the least recently used goes first).
TABLES_KEPT = 8
#: The most bytes a table takes: past it, a list's guesses that are not secrets are cut to fit
#: (the secrets stay guesses, so a list of more than 8,000 secrets still takes secrets² bytes).
TABLE_BUDGET = 64_000_000

_DIGIT = {Mark.GREEN: 2, Mark.AMBER: 1, Mark.EXTRA: 0, Mark.GREY: 0}


@dataclass(frozen=True, slots=True)
class Rhythm:
    """When a robot guesses, in ms: ``first`` after the round opens, ``then`` after its last
    row, each drawn between its bounds (nearer the lower one)."""

    first: tuple[int, int]
    then: tuple[int, int]


@dataclass(frozen=True, slots=True)
class DuelProfile:
    """How a level plays.

    ``search``: its guesses maximise expected information over every acceptable word (else it
    plays only words that fit what it remembers of its marks); ``openers``: it opens with one of
    the ``openers`` most informative first words (of all guesses when it searches, else of the
    secrets; 0: any word it knows with five different letters); ``best_chance``: the
    probability that a consistent player plays the most informative word that fits (else one at
    random among the more frequent half of them); ``vocabulary``: the share of the secrets it
    knows, most frequent first; ``slip``: the probability, for each row before the last, that a
    guess remembers only that row's greens; ``glance``: the same for the last row;
    ``careful``: with this many tries left or fewer it no longer slips; ``rescue``: with two
    tries left and more than two words fitting, a consistent player plays the most informative
    word of all instead; ``rhythm``: its delays.
    """

    search: bool
    openers: int
    best_chance: float
    vocabulary: float
    slip: float
    glance: float
    careful: int
    rescue: bool
    rhythm: Rhythm


PROFILES: dict[RobotLevel, DuelProfile] = {
    RobotLevel.EXPERT: DuelProfile(
        search=True,
        openers=3,
        best_chance=1.0,
        vocabulary=1.0,
        slip=0.0,
        glance=0.0,
        careful=0,
        rescue=False,
        rhythm=Rhythm(first=(2_000, 5_000), then=(4_000, 12_000)),
    ),
    RobotLevel.CONFIRME: DuelProfile(
        search=False,
        openers=12,
        best_chance=0.25,
        vocabulary=1.0,
        slip=0.85,
        glance=0.0,
        careful=2,
        rescue=True,
        rhythm=Rhythm(first=(3_000, 8_000), then=(6_000, 16_000)),
    ),
    RobotLevel.DEBUTANT: DuelProfile(
        search=False,
        openers=0,
        best_chance=0.0,
        vocabulary=0.2,
        slip=1.0,
        glance=0.15,
        careful=1,
        rescue=False,
        rhythm=Rhythm(first=(5_000, 12_000), then=(10_000, 24_000)),
    ),
}


class PatternTable:
    """The marks of every guess of ``words`` against every secret, one byte each:
    ``columns[s][g]`` is the :meth:`code` of guess ``guesses[g]`` against ``secrets[s]``.

    Guesses are sorted (``index`` maps each to its place); ``secret_guess[s]`` is the place of
    secret ``s`` among the guesses. Memory: one byte per guess and secret (13k guesses × 2.3k
    secrets = 30 MB); a list too large for :data:`TABLE_BUDGET` keeps every secret and only the
    guesses made of the letters most common among the secrets (a robot then plays only those;
    a row of another word is still read, marked letter by letter). Build it with
    :func:`pattern_table`, which keeps one per list.
    """

    def __init__(self, words: WordList) -> None:
        if words.length > MAX_LENGTH:
            raise ValueError(f"robots play words of at most {MAX_LENGTH} letters")
        self.words = words
        self.length = words.length
        self.guesses: tuple[str, ...] = _within_budget(words)
        self.index: dict[str, int] = {guess: place for place, guess in enumerate(self.guesses)}
        self.secrets: tuple[str, ...] = words.secrets
        self.secret_guess: tuple[int, ...] = tuple(self.index[s] for s in self.secrets)
        self.is_secret = frozenset(self.secret_guess)
        self.columns: tuple[bytes, ...] = _columns(self.guesses, self.secrets, self.length)
        size = len(self.guesses)
        self._ones = int.from_bytes(b"\x01" * size, "little")
        self._low7 = self._ones * 0x7F
        self._even = int.from_bytes(b"\xff\x00" * ((size + 1) // 2), "little")
        self._lock = threading.Lock()
        self._openers: tuple[tuple[float, int], ...] | None = None
        self._ranks: tuple[int, ...] | None = None
        self.memo: dict[tuple[int, int, bool], int] = {}

    @property
    def nbytes(self) -> int:
        """The bytes the codes take (the columns' contents)."""
        return len(self.guesses) * len(self.secrets)

    def code(self, guess: str, marks: Sequence[Mark]) -> int | None:
        """The byte ``marks`` of ``guess`` have in the table, or ``None`` when no word could
        give them (an extra copy whose letter has no green or amber copy in the guess, or a
        plain grey whose letter has one)."""
        if len(marks) != len(guess):
            raise ValueError(f"{len(marks)} marks for the {len(guess)} letters of {guess!r}")
        coloured = {
            letter
            for letter, given in zip(guess, marks, strict=True)
            if given is Mark.GREEN or given is Mark.AMBER
        }
        value = 0
        for place, (letter, given) in enumerate(zip(guess, marks, strict=True)):
            if (given is Mark.EXTRA) != (letter in coloured) and given in (Mark.EXTRA, Mark.GREY):
                return None
            value += _DIGIT[given] * 3**place
        return value

    def candidates(self, rows: Iterable[Row], among: Iterable[int] | None = None) -> list[int]:
        """The secrets (their places) that would have given every row its marks, from
        ``among`` (default: all). A guess outside the list is marked letter by letter."""
        found_ = list(range(len(self.secrets))) if among is None else list(among)
        for guess, marks in rows:
            place = self.index.get(guess)
            if place is None:
                wanted = tuple(marks)
                found_ = [s for s in found_ if mark(self.secrets[s], guess) == wanted]
                continue
            value = self.code(guess, marks)
            if value is None:
                return []
            columns = self.columns
            found_ = [s for s in found_ if columns[s][place] == value]
        return found_

    def pairs_told_apart(
        self, secrets: Sequence[int], among: Sequence[int] | None = None
    ) -> list[int]:
        """For every guess (by place), or each of ``among``, how many pairs of ``secrets`` its
        marks tell apart.

        Each secret's column is one big integer of one byte per guess; a pair's XOR is zero
        exactly in the bytes of the guesses that mark both alike, so one pass over the pairs
        counts them for every guess at once (8-bit counters, moved to 16-bit ones every 255
        pairs: at most :data:`MAX_PAIRED` secrets)."""
        if len(secrets) > MAX_PAIRED:
            raise ValueError(f"at most {MAX_PAIRED} secrets are paired at once")
        if among is None:
            size = len(self.guesses)
            ones, low7, even = self._ones, self._low7, self._even
            ints = [int.from_bytes(self.columns[s], "little") for s in secrets]
        else:
            size = len(among)
            ones = int.from_bytes(b"\x01" * size, "little")
            low7 = ones * 0x7F
            even = int.from_bytes(b"\xff\x00" * ((size + 1) // 2), "little")
            pick = itemgetter(*among) if size > 1 else lambda column: (column[among[0]],)
            ints = [int.from_bytes(bytes(pick(self.columns[s])), "little") for s in secrets]
        counts = low = high = 0
        pending = 0
        for first, column in enumerate(ints):
            for other in ints[first + 1 :]:
                apart = column ^ other
                counts += ((((apart & low7) + low7) | apart) >> 7) & ones
                pending += 1
                if pending == 255:
                    low += counts & even
                    high += (counts >> 8) & even
                    counts = pending = 0
        low += counts & even
        high += (counts >> 8) & even
        lanes = size + 2 + (size & 1)
        told = [0] * size
        told[0::2] = memoryview(low.to_bytes(lanes, "little")).cast("H")[: (size + 1) // 2]
        told[1::2] = memoryview(high.to_bytes(lanes, "little")).cast("H")[: size // 2]
        return told

    def entropies(self, guesses: Sequence[int], secrets: Sequence[int]) -> list[float]:
        """The expected information (bits) of each of ``guesses`` over ``secrets``, all
        equally likely: the entropy of the marks it would get."""
        if not guesses:
            return []
        total = len(secrets)
        if total <= 1:
            return [0.0] * len(guesses)
        pick = itemgetter(*guesses)
        codes: Iterable[Sequence[int]]
        if len(guesses) == 1:
            codes = [[self.columns[s][guesses[0]] for s in secrets]]
        else:
            codes = zip(*(pick(self.columns[s]) for s in secrets), strict=True)
        log_total = math.log2(total)
        return [
            log_total
            - sum(count * math.log2(count) for count in Counter(row).values() if count > 1) / total
            for row in codes
        ]

    def most_informative(
        self,
        secrets: Sequence[int],
        among: Sequence[int] | None = None,
        avoid: Iterable[int] = (),
    ) -> int:
        """The guess (its place) with the most expected information over ``secrets`` among
        ``among`` (default: every guess) but not in ``avoid`` (unless nothing else is left), a
        possible secret on ties, then the first in order.

        Every guess is ranked by the pairs it tells apart (of :data:`PAIR_SAMPLE` secrets at
        most), then the best :data:`SHORTLIST`, and the possible secrets themselves while at most
        :data:`EXACT_CANDIDATES` remain, get their exact entropy."""
        possible = {self.secret_guess[s] for s in secrets}
        if among is not None and len(among) <= SHORTLIST + EXACT_CANDIDATES:
            weighed = list(among)
        else:
            total = len(secrets)
            sample = (
                secrets
                if total <= PAIR_SAMPLE
                else [secrets[i * total // PAIR_SAMPLE] for i in range(PAIR_SAMPLE)]
            )
            if among is None:
                told = self.pairs_told_apart(sample)
                weighed = heapq.nlargest(SHORTLIST, range(len(told)), key=told.__getitem__)
            else:
                told = self.pairs_told_apart(sample, among)
                best = heapq.nlargest(SHORTLIST, range(len(told)), key=told.__getitem__)
                weighed = [among[i] for i in best]
            if total <= EXACT_CANDIDATES:
                allowed = None if among is None else set(among)
                weighed += sorted(
                    g for g in possible - set(weighed) if allowed is None or g in allowed
                )
        avoided = set(avoid)
        weighed = [g for g in weighed if g not in avoided] or weighed
        scores = self.entropies(weighed, secrets)
        return max(
            zip(scores, weighed, strict=True),
            key=lambda scored: (round(scored[0], 9), scored[1] in possible, -scored[1]),
        )[1]

    def openers(self) -> tuple[tuple[float, int], ...]:
        """The most informative first guesses, best first: ``(bits, place)`` of the
        :data:`OPENER_SHORTLIST` best guesses by pairs told apart among
        :data:`OPENER_SAMPLE` secrets, and as many of the best secrets, weighed exactly over
        every secret. Computed on first use (a second or so for 13k guesses), then kept."""
        known = self._openers
        if known is not None:
            return known
        with self._lock:
            if self._openers is None:
                everything = range(len(self.secrets))
                total = len(everything)
                sample = (
                    list(everything)
                    if total <= OPENER_SAMPLE
                    else [i * total // OPENER_SAMPLE for i in range(OPENER_SAMPLE)]
                )
                told = self.pairs_told_apart(sample)
                weighed = set(
                    heapq.nlargest(OPENER_SHORTLIST, range(len(told)), key=told.__getitem__)
                )
                weighed |= set(
                    heapq.nlargest(OPENER_SHORTLIST, self.secret_guess, key=told.__getitem__)
                )
                ordered = sorted(weighed)
                scores = self.entropies(ordered, list(everything))
                self._openers = tuple(
                    sorted(zip(scores, ordered, strict=True), key=lambda s: (-round(s[0], 9), s[1]))
                )
            return self._openers

    def ranks(self) -> tuple[int, ...]:
        """Each secret's rank by frequency (0: the most frequent), from ``wordfreq`` for the
        list's language; words it does not know come after, those made of the letters most
        common in the secrets first. Computed on first use, then kept."""
        known = self._ranks
        if known is not None:
            return known
        with self._lock:
            if self._ranks is None:
                self._ranks = _frequency_ranks(self.words)
            return self._ranks


def _within_budget(words: WordList) -> tuple[str, ...]:
    """The guesses a table of ``words`` holds, sorted: all of them, or as many as
    :data:`TABLE_BUDGET` allows (every secret first, then the words of the most common
    letters)."""
    secrets = words.secrets
    if len(words.guesses) * len(secrets) <= TABLE_BUDGET:
        return tuple(sorted(words.guesses))
    room = max(0, TABLE_BUDGET // len(secrets) - len(secrets))
    common = Counter(letter for secret in secrets for letter in set(secret))
    others = sorted(
        words.guesses - set(secrets),
        key=lambda guess: (-sum(common[letter] for letter in set(guess)), guess),
    )
    return tuple(sorted({*secrets, *others[:room]}))


def _columns(guesses: Sequence[str], secrets: Sequence[str], length: int) -> tuple[bytes, ...]:
    """Every guess's code against every secret, one column of bytes per secret.

    Built a guess at a time over all secrets: a vector of one byte per secret is a big integer,
    so a position's green is a precomputed 0/1 vector, a letter guessed once is amber wherever
    the secret holds it, and the copies of a letter guessed more than once are read through a
    table indexed by (the secret's count of the letter, which copies are green)."""
    size = len(secrets)
    letters = sorted({letter for word in (*guesses, *secrets) for letter in word})
    green = [
        {
            letter: int.from_bytes(bytes(1 if s[place] == letter else 0 for s in secrets), "little")
            for letter in letters
        }
        for place in range(length)
    ]
    counts = {letter: bytes(s.count(letter) for s in secrets) for letter in letters}
    count_of = {letter: int.from_bytes(counts[letter], "little") for letter in letters}
    present = {
        letter: int.from_bytes(counts[letter].translate(_PRESENT), "little") for letter in letters
    }
    powers = [3**place for place in range(length)]
    table = bytearray(len(guesses) * size)
    for number, guess in enumerate(guesses):
        places: dict[str, list[int]] = {}
        for place, letter in enumerate(guess):
            places.setdefault(letter, []).append(place)
        value = 0
        for letter, where in places.items():
            if len(where) == 1:
                place = where[0]
                value += powers[place] * (green[place][letter] + present[letter])
                continue
            copies = len(where)
            key = count_of[letter] << copies
            for copy, place in enumerate(where):
                key += green[place][letter] << copy
            keys = key.to_bytes(size, "little")
            for copy, place in enumerate(where):
                digits = keys.translate(_copy_table(copies, copy))
                value += powers[place] * int.from_bytes(digits, "little")
        table[number * size : (number + 1) * size] = value.to_bytes(size, "little")
    view = memoryview(table)
    return tuple(view[s::size].tobytes() for s in range(size))


_PRESENT = bytes(min(value, 1) for value in range(256))
_copy_tables: dict[tuple[int, int], bytes] = {}


def _copy_table(copies: int, copy: int) -> bytes:
    """The digit of copy ``copy`` (left to right) of a letter guessed ``copies`` times, by
    ``count << copies | green copies``: green (2), amber while the secret still holds an
    unmatched copy (1), else grey (0)."""
    known = _copy_tables.get((copies, copy))
    if known is not None:
        return known
    digits = bytearray(256)
    for key in range(256):
        greens, count = key & ((1 << copies) - 1), key >> copies
        if greens >> copy & 1:
            digits[key] = 2
            continue
        unmatched = count - greens.bit_count()
        before = sum(1 for earlier in range(copy) if not greens >> earlier & 1)
        digits[key] = 1 if before < unmatched else 0
    return _copy_tables.setdefault((copies, copy), bytes(digits))


def _frequency_ranks(words: WordList) -> tuple[int, ...]:
    """See :meth:`PatternTable.ranks`."""
    frequency: dict[str, float] = {}
    try:
        lang = alphabet.language(words.language)
    except ArbitreError:
        lang = None
    if lang is not None:
        import wordfreq  # loaded on first use: its data is large

        wanted = set(words.secrets)
        entries = wordfreq.get_frequency_dict(lang.value)
        for number, (entry, share) in enumerate(entries.items()):
            if number >= FREQUENCY_ENTRIES:
                break
            if len(entry) > words.length + 1:
                continue
            try:
                letters = alphabet.letters(entry, lang)
            except ArbitreError:
                continue
            if letters in wanted and share > frequency.get(letters, 0.0):
                frequency[letters] = share
    common = Counter(letter for secret in words.secrets for letter in set(secret))
    order = sorted(
        range(len(words.secrets)),
        key=lambda s: (
            -frequency.get(words.secrets[s], 0.0),
            -sum(common[letter] for letter in set(words.secrets[s])),
            s,
        ),
    )
    ranks = [0] * len(order)
    for rank, secret in enumerate(order):
        ranks[secret] = rank
    return tuple(ranks)


_tables: OrderedDict[WordList, PatternTable] = OrderedDict()
_tables_lock = threading.Lock()


def pattern_table(words: WordList) -> PatternTable:
    """The :class:`PatternTable` of ``words``, built on first use (about a second for 13k
    guesses and 2.3k secrets) and kept for the :data:`TABLES_KEPT` lists used last."""
    with _tables_lock:
        table = _tables.get(words)
        if table is None:
            table = _tables[words] = PatternTable(words)
            while len(_tables) > TABLES_KEPT:
                _tables.popitem(last=False)
        _tables.move_to_end(words)
        return table


def prepare(words: WordList) -> PatternTable:
    """Build now what robots of ``words`` compute on first use (the table, the openers, the
    secrets' frequencies), e.g. when a service starts; returns the table."""
    table = pattern_table(words)
    table.openers()
    table.ranks()
    return table


class DuelRobot:
    """A robot of ``level`` playing ``words``; ``seed`` makes its choices (the same seed and
    rows, the same guess and delay); ``tries`` is the round's tries."""

    def __init__(
        self, words: WordList, level: RobotLevel | str, seed: int, tries: int = TRIES
    ) -> None:
        self.words = words
        self.level = RobotLevel(level)
        self.seed = seed
        self.tries = tries
        self.profile = PROFILES[self.level]
        self.table = pattern_table(words)
        self._known: list[int] | None = None

    def guess(self, rows: Sequence[Row]) -> str:
        """The next guess after ``rows`` (this robot's own rows of the round, oldest first): a
        word of ``words.guesses``, never one already in ``rows``. A ``ValueError`` when the
        round is over for it (found, or no try left) or a row is not of the list's length."""
        self._check(rows)
        table = self.table
        rng = self._random("guess", rows)
        if not rows:
            return table.guesses[self._opener(rng)]
        if self.profile.search:
            return table.guesses[self._search(rows)]
        return table.guesses[self._consistent(rows, rng)]

    def delay_ms(self, rows: Sequence[Row]) -> int:
        """How long (ms) after the round opens (no row yet) or after its last row this robot
        makes its next guess: within its level's :class:`Rhythm` bounds."""
        rhythm = self.profile.rhythm
        low, high = rhythm.then if rows else rhythm.first
        rng = self._random("delay", rows)
        return round(rng.triangular(low, high, low + (high - low) / 3))

    def candidates(self, rows: Sequence[Row]) -> tuple[str, ...]:
        """The secrets that fit every one of ``rows`` (what an attentive player knows)."""
        table = self.table
        return tuple(table.secrets[s] for s in table.candidates(rows))

    def _check(self, rows: Sequence[Row]) -> None:
        if len(rows) >= self.tries:
            raise ValueError(f"no try left after {len(rows)} rows")
        for guess, marks in rows:
            if len(guess) != self.words.length or len(marks) != self.words.length:
                raise ValueError(f"a row of {len(guess)} letters and {len(marks)} marks")
            if found(marks):
                raise ValueError(f"{guess!r} was the word: the round is over for this robot")

    def _random(self, purpose: str, rows: Sequence[Row]) -> random.Random:
        played = "|".join(f"{guess}:{text(marks)}" for guess, marks in rows)
        return random.Random(f"duel/{self.seed}/{self.level.value}/{purpose}/{played}")

    def _opener(self, rng: random.Random) -> int:
        table, profile = self.table, self.profile
        if profile.openers == 0:
            known = [s for s in self._vocabulary() if len(set(table.secrets[s])) == table.length]
            return table.secret_guess[rng.choice(known or self._vocabulary())]
        ranked = [
            place for _, place in table.openers() if profile.search or place in table.is_secret
        ]
        return rng.choice(ranked[: profile.openers])

    def _possible(self, rows: Sequence[Row], guessed: frozenset[str]) -> list[int]:
        """The secrets fitting ``rows`` but not in ``guessed``, or, when the marks contradict
        every one of them, those fitting the latest rows that some fit (at worst none)."""
        table = self.table
        for start in range(len(rows) + 1):
            fitting = table.candidates(rows[start:])
            fitting = [s for s in fitting if table.secrets[s] not in guessed]
            if fitting:
                return fitting
        return [s for s in range(len(table.secrets)) if table.secrets[s] not in guessed]

    def _search(self, rows: Sequence[Row]) -> int:
        table = self.table
        guessed = frozenset(guess for guess, _ in rows)
        possible = self._possible(rows, guessed)
        if not possible:
            return self._unguessed(guessed)
        last = self.tries - len(rows) <= 1
        if len(possible) <= 2:
            return table.secret_guess[possible[0]]
        if last:
            return table.most_informative(possible, [table.secret_guess[s] for s in possible])
        memo_key: tuple[int, int, bool] | None = None
        if len(rows) == 1:
            guess, marks = rows[0]
            place, value = table.index.get(guess), table.code(guess, marks)
            if place is not None and value is not None:
                memo_key = (place, value, last)
                chosen = table.memo.get(memo_key)
                if chosen is not None:
                    return chosen
        chosen = table.most_informative(
            possible, avoid=(table.index[g] for g in guessed if g in table.index)
        )
        if memo_key is not None:
            table.memo[memo_key] = chosen
        return chosen

    def _consistent(self, rows: Sequence[Row], rng: random.Random) -> int:
        table, profile = self.table, self.profile
        # A row may be half read (only its greens kept): an earlier one with the chance
        # ``slip``, the last one with the chance ``glance``; never with few tries left.
        careless = self.tries - len(rows) > profile.careful
        kept: list[Row] = []
        greens: list[tuple[int, str]] = []
        for number, (guess, marks) in enumerate(rows):
            chance = profile.slip if number < len(rows) - 1 else profile.glance
            if careless and rng.random() < chance:
                greens += [(p, guess[p]) for p, m in enumerate(marks) if m is Mark.GREEN]
            else:
                kept.append((guess, marks))
        guessed = frozenset(guess for guess, _ in rows)
        possible = self._possible(kept, guessed)
        if not possible:
            return self._unguessed(guessed)
        if greens:
            secrets = table.secrets
            possible = [
                s for s in possible if all(secrets[s][p] == letter for p, letter in greens)
            ] or possible
        if profile.rescue and self.tries - len(rows) == 2 and len(possible) > 2:
            return table.most_informative(
                possible, avoid=(table.index[g] for g in guessed if g in table.index)
            )
        if profile.vocabulary < 1.0:
            known = set(self._vocabulary())
            possible = [s for s in possible if s in known] or possible
        if rng.random() < profile.best_chance:
            return table.most_informative(possible, [table.secret_guess[s] for s in possible])
        ranks = table.ranks()
        ordered = sorted(possible, key=ranks.__getitem__)
        return table.secret_guess[rng.choice(ordered[: (len(ordered) + 1) // 2])]

    def _unguessed(self, guessed: frozenset[str]) -> int:
        """The first guess not in ``guessed`` (when no secret is left to try)."""
        table = self.table
        return next((g for g, word in enumerate(table.guesses) if word not in guessed), 0)

    def _vocabulary(self) -> list[int]:
        """The secrets this robot knows, most frequent first."""
        if self._known is None:
            table = self.table
            ranks = table.ranks()
            ordered = sorted(range(len(table.secrets)), key=ranks.__getitem__)
            self._known = ordered[: max(1, round(len(ordered) * self.profile.vocabulary))]
        return self._known


def plan(view: Mapping[str, Any], level: str, seed: int, words: WordList) -> Plan | None:
    """A seated robot's next guess, from its own view of the game (the
    :data:`arbitre.engine.robots.planner.Planner` of the duel): ``None`` unless a round is open
    and the robot is still guessing in it; else its guess for that round, at the moment its
    :class:`Rhythm` gives after the round's opening or its last row."""
    current, you = view.get("current"), view.get("you")
    grid = you.get("grid") if isinstance(you, Mapping) else None
    if not isinstance(current, Mapping) or not isinstance(grid, Mapping):
        return None
    if not grid.get("guessing"):
        return None
    rows = [(str(row["letters"]), from_text(str(row["marks"]))) for row in grid["rows"]]
    robot = DuelRobot(words, level, seed)
    since = int(grid["rows"][-1]["at_ms"]) if rows else 0
    at_ms = int(current["opened_at"]) + since + robot.delay_ms(rows)
    return Plan({"guess": robot.guess(rows), "round": int(current["round"])}, at_ms)
