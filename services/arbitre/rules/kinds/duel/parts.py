"""What judging one Duel de Mots guess reads and gives: the open round's **context**, the
guesser's **part**, and :func:`judge`, the one implementation of the guess rules.

A guess changes nothing but its guesser's rows of the open round, so it can be judged without
the whole game: against the context the last step wrote and the guesser's part. The session's
fast path does so (see :mod:`arbitre.rules.kinds.duel.kind`); the whole-game path
(``DuelKind.act``, :func:`arbitre.rules.kinds.duel.game.guess`) is the same :func:`judge` on the
context and part of the game in memory, then the same store, so the two cannot drift.

**Context** (JSON-ready, secrets included: for the session's storage only), as
:func:`arbitre.rules.kinds.duel.game.context` writes it::

    {"round": 2, "opened_ms": 3000, "deadline_ms": 123000, "word": "CHIOT", "language": "en",
     "players": 2, "awaited": 2,
     "actors": {"ana": {"plays": true, "warned": false}, "bob": {"plays": true, "warned": true},
                "dan": {"plays": false, "warned": false}}}

``deadline_ms`` (the key :data:`~arbitre.rules.kinds.base.DEADLINE`) is the round's end, its
deadline (the clock, or the closing window's end when sooner). ``players`` counts the players
of the round. ``actors`` (the key :data:`~arbitre.rules.kinds.base.ACTORS`) holds an entry per
seated player: ``plays`` whether they play the round (else they wait for the next), ``warned``
whether they had the extra-copy message (once per player and game) before this round; anyone
without an entry is not seated. A row with an extra copy in a player's part says that they had
it in this round. ``awaited`` (the key :data:`~arbitre.rules.kinds.base.AWAITED`) is how many
players done make the round due: every player of the round but those who left before they were
done. The session keeps the entries apart and a guess reads its guesser's alone
(:func:`~arbitre.rules.kinds.base.actor_context`: the entry under ``actor``), so judging a
guess reads a few hundred bytes in a room of ten thousand. A context holds no player's rows, no
closed round. Guesses never change it but for ``deadline_ms``, which the store lowers at the
first find (the judgement's ``closes_by``). :class:`Context` is what a guesser's judge reads of
it (an older form, with the lists ``playing``, ``waiting`` and ``warned``, reads the same).

**Part**: ``{"round": 2, "rows": [["OCTET", "YYx.G", 1000], ...]}``, the player's accepted
guesses of the open round in the order stored: letters, marks as
:func:`arbitre.rules.kinds.duel.marks.text` writes them (extra copies included), ms since the
opening (a guess judged again keeps its time, so a row may be earlier than the one before it).
``None``: nothing played yet. A
player is **done** with the round (:func:`done`) when their part's last row found the word or
it has six rows: the part alone says it, so the store's set of players done is what the parts
say.

**Judgement** (:func:`judge`), in the generic fields of
:class:`~arbitre.rules.kinds.base.Judgement`: the new part; for a find, the claim
:data:`SOLVED` (its order is the place among the finders: the speed bonus) with ``closes_by``
the find + :data:`~arbitre.rules.kinds.duel.config.CLOSING_WINDOW_MS` (handed order 1, it opens
the closing window); ``finishes`` for a find and for a sixth try that misses (no claim: the order
of sixth tries matters to nothing). ``detail``: ``extra_copy``, ``{"letter": ..., "count": ...}``
when this row gives the player their extra-copy message (else ``None``), and for a find
``found_at_ms``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from arbitre.rules import checked
from arbitre.rules.errors import ArbitreError
from arbitre.rules.kinds.base import (
    ACTOR,
    ACTORS,
    AWAITED,
    DEADLINE,
    ActionRefusedError,
    Judgement,
    actor_context,
)
from arbitre.rules.kinds.duel import alphabet, marks
from arbitre.rules.kinds.duel.alphabet import Language, UnknownLanguageError
from arbitre.rules.kinds.duel.config import CLOSING_WINDOW_MS
from arbitre.rules.kinds.duel.marks import Mark
from arbitre.rules.kinds.duel.scoring import MAX_TRIES
from arbitre.rules.kinds.duel.words import WordList

__all__ = [
    "MAX_GUESS_CHARS",
    "SOLVED",
    "BadStateError",
    "Context",
    "Row",
    "Seat",
    "context_data",
    "deadline_after",
    "done",
    "extra_copies",
    "judge",
    "part_data",
    "read_part",
    "warns",
]

#: The longest text a guess may be before it is reduced to letters.
MAX_GUESS_CHARS = 64
#: The one claim a duel judgement makes, a find's: its order is the finder's place (1 for the
#: first).
SOLVED = "solved"

_COLOURED = (Mark.GREEN, Mark.AMBER)


class BadStateError(ArbitreError):
    """Stored data that does not read back: a saved game, a context, parts or orders that are
    malformed, of another version, inconsistent, that the rules could not have produced, or
    saved with another word list (its secrets are not the ones the seed chooses from it)."""

    code = "bad_state"


@dataclass(frozen=True, slots=True)
class Row:
    """An accepted guess: its ``letters``, their ``marks`` (with extra copies) and ``at_ms``, when
    it was accepted, counted from the round's opening; ``found``, whether the marks are all
    green (worked out once: a room's close asks it of every row several times)."""

    letters: str
    marks: tuple[Mark, ...]
    at_ms: int
    found: bool = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "found", marks.found(self.marks))


@dataclass(frozen=True, slots=True)
class Seat:
    """A seated player's entry of the open round's context: whether they ``plays`` it (else they
    wait for the next) and whether they were ``warned`` of an extra copy before it."""

    plays: bool
    warned: bool

    def data(self) -> dict[str, Any]:
        return {"plays": self.plays, "warned": self.warned}

    @classmethod
    def read(cls, data: object) -> Seat:
        """The entry :meth:`data` wrote, or a :class:`BadStateError`."""
        if not isinstance(data, Mapping) or set(data) != {"plays", "warned"}:
            raise BadStateError("a seat of the context is {plays, warned}")
        plays, warned = data["plays"], data["warned"]
        if not isinstance(plays, bool) or not isinstance(warned, bool):
            raise BadStateError("a seat's plays and warned are true or false")
        return cls(plays, warned)


@dataclass(frozen=True, slots=True)
class Context:
    """The open round as judging one player's guess needs it: the shared fields and the
    player's :class:`Seat` (``None``: not seated). :meth:`read` reads it from the stored
    context (see the module's docstring) in any of its forms."""

    number: int
    opened_ms: int
    ends_ms: int
    word: str = field(repr=False)
    language: Language
    players: int
    awaited: int
    seat: Seat | None

    @classmethod
    def read(cls, data: Mapping[str, Any], player: str) -> Context:
        """``player``'s context from ``data``: a context as the session gives a judge
        (:func:`~arbitre.rules.kinds.base.actor_context`: the entry under ``actor``), as the
        rules write it (every entry under ``actors``), or as an older version wrote it (the
        lists ``playing``, ``waiting`` and ``warned``); a :class:`BadStateError` otherwise."""
        if not isinstance(data, Mapping):
            raise BadStateError("a context must be a mapping")
        if ACTORS in data:
            data = actor_context(data, player)
        try:
            language = alphabet.language(_text(data.get("language"), "the context's language"))
        except UnknownLanguageError as error:
            raise BadStateError(str(error)) from None
        if ACTOR in data:
            seat = None if data[ACTOR] is None else Seat.read(data[ACTOR])
            players = _integer(data.get("players"), "the context's players")
        else:
            playing = _names(data.get("playing"), "playing")
            waiting = _names(data.get("waiting"), "waiting")
            warned = _names(data.get("warned"), "warned")
            seated = player in playing or player in waiting
            seat = Seat(player in playing, player in warned) if seated else None
            players = len(playing)
        return cls(
            number=_integer(data.get("round"), "the context's round"),
            opened_ms=_integer(data.get("opened_ms"), "the context's opened_ms"),
            ends_ms=_integer(data.get(DEADLINE), f"the context's {DEADLINE}"),
            word=_text(data.get("word"), "the context's word"),
            language=language,
            players=players,
            awaited=_integer(data.get(AWAITED), f"the context's {AWAITED}"),
            seat=seat,
        )


def context_data(
    number: int,
    opened_ms: int,
    ends_ms: int,
    word: str,
    language: Language,
    seats: Mapping[str, Seat],
    awaited: int,
) -> dict[str, Any]:
    """The stored context of round ``number`` (see the module's docstring): ``seats`` by
    seated player."""
    return {
        "round": number,
        "opened_ms": opened_ms,
        DEADLINE: ends_ms,
        "word": word,
        "language": language.value,
        "players": sum(1 for seat in seats.values() if seat.plays),
        AWAITED: awaited,
        ACTORS: {player: seat.data() for player, seat in seats.items()},
    }


def part_data(number: int, rows: Sequence[Row]) -> dict[str, Any]:
    """The part of round ``number`` that holds ``rows``."""
    return {"round": number, "rows": [[r.letters, marks.text(r.marks), r.at_ms] for r in rows]}


def read_part(part: Mapping[str, Any] | None, number: int) -> list[Row]:
    """The rows of ``part`` (``None``: none), a part of round ``number``, or a
    :class:`BadStateError` when it is no such part. Its form only: whether the rules could have
    given these rows is :func:`arbitre.rules.kinds.duel.game.attach`'s to check."""
    if part is None:
        return []
    if not isinstance(part, Mapping):
        raise BadStateError("a part must be a mapping")
    if set(part) != {"round", "rows"}:
        raise BadStateError("a part has a round and rows, nothing else")
    if _integer(part["round"], "a part's round") != number:
        raise BadStateError(f"a part of round {part['round']} in round {number}")
    rows = part["rows"]
    if not isinstance(rows, list | tuple):
        raise BadStateError("a part's rows must be a list")
    read: list[Row] = []
    for item in rows:
        if not isinstance(item, list | tuple) or len(item) != 3:
            raise BadStateError("a row is [letters, marks, ms since the opening]")
        letters = _text(item[0], "a row's letters")
        try:
            marked = marks.from_text(_text(item[1], "a row's marks"))
        except ValueError:
            raise BadStateError(f"{item[1]!r} are not marks") from None
        if len(marked) != len(letters):
            raise BadStateError(f"{letters!r} has {len(letters)} letters and {len(marked)} marks")
        read.append(Row(letters, marked, _integer(item[2], "a row's time")))
    return read


def judge(
    context: Mapping[str, Any],
    part: Mapping[str, Any] | None,
    player: str,
    text: str,
    round_number: int,
    now_ms: int,
    words: WordList,
) -> Judgement:
    """``player``'s guess ``text`` for round ``round_number`` at ``now_ms``, judged against the
    round's ``context`` (``{}``: no round open) and their ``part``; nothing is stored. Refused,
    in this order: ``round_not_open``, ``not_seated``, ``wrong_round``, ``waiting``,
    ``round_over``, ``already_found``, ``no_tries_left``, ``wrong_length``, ``not_a_letter``,
    ``not_in_list``, ``already_tried`` (a refused guess spends nothing). It reads the context and
    the player's own rows only."""
    if not context:
        raise ActionRefusedError("round_not_open", "no round is open")
    round_ = Context.read(context, player)
    if words.language != round_.language.value:
        raise BadStateError(f"a word list in {words.language!r} for a round in {round_.language}")
    if round_.seat is None:
        raise ActionRefusedError("not_seated", f"{player} is not seated")
    if round_number != round_.number:
        raise ActionRefusedError(
            "wrong_round", f"round {round_.number} is open, not round {round_number}"
        )
    if not round_.seat.plays:
        raise ActionRefusedError("waiting", f"you play from round {round_.number + 1}")
    if now_ms >= round_.ends_ms:
        raise ActionRefusedError("round_over", f"round {round_.number} is over")
    rows = read_part(part, round_.number)
    if rows and rows[-1].found:
        raise ActionRefusedError("already_found", "you have found the word")
    if len(rows) >= MAX_TRIES:
        raise ActionRefusedError("no_tries_left", f"you have used your {MAX_TRIES} tries")
    if len(text) > MAX_GUESS_CHARS:
        raise ActionRefusedError("wrong_length", f"a guess is at most {MAX_GUESS_CHARS} characters")
    try:
        letters = alphabet.word(text, round_.language)
    except ArbitreError as error:
        raise ActionRefusedError(error.code, str(error)) from None
    if not words.accepts(letters):
        raise ActionRefusedError("not_in_list", "not in the list")
    if any(row.letters == letters for row in rows):
        raise ActionRefusedError("already_tried", f"{letters} was already tried in this round")

    row = Row(letters, marks.mark(round_.word, letters), now_ms - round_.opened_ms)
    extra_copy = None
    if not round_.seat.warned and not warns(rows):
        extra_copy = next(iter(extra_copies(row).items()), None)
    detail: dict[str, Any] = {
        "extra_copy": None
        if extra_copy is None
        else {"letter": extra_copy[0], "count": extra_copy[1]}
    }
    rows.append(row)
    if row.found:
        detail["found_at_ms"] = now_ms
    return Judgement(
        player,
        round_.number,
        part_data(round_.number, rows),
        claim=SOLVED if row.found else None,
        detail=detail,
        closes_by=now_ms + CLOSING_WINDOW_MS if row.found else None,
        finishes=done(rows),
    )


def deadline_after(deadline_ms: int, judgement: Judgement, order: int | None) -> int:
    """The deadline once ``judgement`` is stored and its claim handed ``order``, as
    :class:`~arbitre.rules.kinds.base.Judgement` has the store set it: at most its
    ``closes_by`` when the order is 1, else unchanged. For the duel: the first find opens the
    closing window, and the round ends at its end if that is sooner."""
    if order != 1 or judgement.closes_by is None:
        return deadline_ms
    return min(deadline_ms, judgement.closes_by)


def done(rows: Sequence[Row]) -> bool:
    """Whether a player with ``rows`` is done with the round: their last row found the word, or
    they have used their six tries. What a judgement ``finishes`` and what
    :func:`arbitre.rules.kinds.duel.game.attach` reads off the parts."""
    return len(rows) >= MAX_TRIES or (bool(rows) and rows[-1].found)


def warns(rows: Iterable[Row]) -> bool:
    """Whether ``rows`` hold an extra copy: then their player has had the extra-copy message."""
    return any(Mark.EXTRA in row.marks for row in rows)


def extra_copies(row: Row) -> Mapping[str, int]:
    """For each letter ``row`` marks as an extra copy, left to right: how many times the word
    holds it (its coloured copies in the row)."""
    pairs = list(zip(row.letters, row.marks, strict=True))
    return {
        letter: sum(1 for c, m in pairs if c == letter and m in _COLOURED)
        for letter, given in pairs
        if given is Mark.EXTRA
    }


def _names(value: object, what: str) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(n, str) for n in value):
        raise BadStateError(f"the context's {what} must be a list of players")
    return tuple(value)


#: Checked reads of stored data (:mod:`arbitre.rules.checked`), refused as ``bad_state``.
_text = partial(checked.text, error=BadStateError)
_integer = partial(checked.integer, error=BadStateError)
