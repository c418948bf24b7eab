"""The FISF game sheet: one line per coup (N°, tirage, retained word, position, points, running
total) and the total of the tops, written as a fixed-width text table and read back.

Tirages are in FISF notation (``RU+ZXTEU``: kept letters + new ones, ``-BNISRAA``: after a
rejection, ``?``: a blank); words are whole, with a blank as a lowercase letter; ``*`` marks a
scrabble (7 tiles or more put down).

>>> sheet = GameSheet(
...     (
...         SheetLine(1, "?EBAAEF", "FABAcEE", "H4", 80, True),
...         SheetLine(2, "KEELIFE", "KIEF", "10F", 36, False),
...         SheetLine(3, "EEEL+IJX", "FIXEE", "4H", 34, False),
...     ),
...     title="Partie du 12 mars",
... )
>>> print(format_sheet(sheet), end="")
Partie du 12 mars
N° | Tirage   | Mot     | Réf | Points | Cumul
---+----------+---------+-----+--------+------
 1 | ?EBAAEF  | FABAcEE | H4  |    80* |    80
 2 | KEELIFE  | KIEF    | 10F |    36  |   116
 3 | EEEL+IJX | FIXEE   | 4H  |    34  |   150
Top : 150 points en 3 coups
>>> parse_sheet(format_sheet(sheet)) == sheet
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from string import ascii_uppercase
from typing import Any

from arbitre.rules.alphabet import fold_letters
from arbitre.rules.coordinates import DEFAULT_SIZE, MAX_SIZE, Position
from arbitre.rules.errors import ArbitreError
from arbitre.rules.move import parse_word
from arbitre.rules.rack import Rack

__all__ = [
    "SHEET_HEADER",
    "GameSheet",
    "InvalidSheetError",
    "SheetLine",
    "format_sheet",
    "parse_sheet",
    "sheet_from_corpus_game",
]

#: The column titles of a game sheet, in order.
SHEET_HEADER = ("N°", "Tirage", "Mot", "Réf", "Points", "Cumul")
_RIGHT_ALIGNED = (True, False, False, False, True, True)
_RACK_CHARACTERS = frozenset(ascii_uppercase) | {"?", "+", "-"}

# Accepted spellings of each column title on import, compared after folding accents and case.
_HEADER_NAMES = (
    frozenset({"n°", "nº", "no", "n", "#"}),
    frozenset({"tirage"}),
    frozenset({"mot", "mot retenu"}),
    frozenset({"ref", "ref.", "position"}),
    frozenset({"points", "score", "pts"}),
    frozenset({"cumul", "total"}),
)
_SEPARATOR = re.compile(r"[-=+|:\s]*[-=][-=+|:\s]*")
_FOOTER = re.compile(
    r"top\s*:?\s*([0-9]{1,9})\s+points?\s+en\s+([0-9]{1,9})\s+coups?\s*\.?", re.IGNORECASE
)
_POINTS = re.compile(r"([0-9]{1,9})\s*(\*?)")
_NUMBER = re.compile(r"[0-9]{1,9}")  # ASCII digits, small enough for int()


class InvalidSheetError(ArbitreError):
    """A game sheet that cannot be read or built: a malformed line, a tirage, word or position
    that does not parse, a running total or footer that does not add up, coups not numbered
    1, 2, 3...

    ``line`` is the 1-based line of the text where the problem is (``None`` when the sheet was
    built in code); the message starts with it.
    """

    code = "bad_sheet"

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message if line is None else f"line {line}: {message}")
        self.line = line


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class SheetLine:
    """One coup of the sheet, every field in its canonical written form.

    ``rack``: the tirage in FISF notation, uppercase letters, ``?`` for a blank, ``+`` and ``-``
    (``"RU+ZXTEU"``, ``"-BNISRAA"``), at least one tile. ``word``: the retained word as
    :func:`~arbitre.rules.move.parse_word` returns it (``"FABAcEE"``). ``position``: as
    :meth:`~arbitre.rules.coordinates.Position.notation` writes it (``"H4"``, ``"4H"``; rows up
    to ``Z``, the board size is checked by :func:`parse_sheet`). ``points``: 0 or more.
    ``scrabble``: 7 or more tiles put down (``*``). Anything else raises
    :class:`InvalidSheetError`, so that every sheet can be written and read back.
    """

    number: int
    rack: str
    word: str
    position: str
    points: int
    scrabble: bool = False

    def __post_init__(self) -> None:
        if not _is_int(self.number) or self.number < 1:
            raise InvalidSheetError(f"coup number {self.number!r} must be an integer from 1")
        where = f"coup {self.number}"
        rack = self.rack
        if not isinstance(rack, str) or not _RACK_CHARACTERS.issuperset(rack):
            raise InvalidSheetError(
                f"{where}: bad tirage {rack!r}: uppercase letters, '?' for a blank, '+' and '-'"
            )
        if not len(Rack.from_text(rack)):
            raise InvalidSheetError(f"{where}: the tirage {rack!r} holds no tile")
        try:
            word = parse_word(self.word)
            position = Position.from_notation(self.position, MAX_SIZE).notation()
        except ArbitreError as error:
            raise InvalidSheetError(f"{where}: {error}") from error
        if word != self.word:
            raise InvalidSheetError(
                f"{where}: write the word {self.word!r} as {word!r} (blanks in lowercase)"
            )
        if position != self.position:
            raise InvalidSheetError(f"{where}: write the position {self.position!r} as {position}")
        if not _is_int(self.points) or self.points < 0:
            raise InvalidSheetError(f"{where}: points {self.points!r} must be an integer from 0")
        if not isinstance(self.scrabble, bool):
            raise InvalidSheetError(f"{where}: scrabble must be a bool, not {self.scrabble!r}")


@dataclass(frozen=True)
class GameSheet:
    """The coups of a game, numbered 1, 2, 3... in order, and an optional title.

    ``lines`` may be given as any sequence and is stored as a tuple. ``title`` is one line of
    text without ``|`` and without leading or trailing whitespace. Raises
    :class:`InvalidSheetError` otherwise.
    """

    lines: tuple[SheetLine, ...]
    title: str | None = None

    def __post_init__(self) -> None:
        if isinstance(self.lines, str | bytes) or not isinstance(self.lines, Sequence):
            raise InvalidSheetError(f"lines must be a sequence of SheetLine, not {self.lines!r}")
        lines = tuple(self.lines)
        object.__setattr__(self, "lines", lines)
        for expected, line in enumerate(lines, 1):
            if not isinstance(line, SheetLine):
                raise InvalidSheetError(f"line {expected} of the sheet is not a SheetLine")
            if line.number != expected:
                raise InvalidSheetError(
                    f"coups must be numbered 1, 2, 3...: coup {line.number} is in place {expected}"
                )
        title = self.title
        if title is not None and (
            not isinstance(title, str)
            or not title
            or title != title.strip()
            or title.splitlines() != [title]
            or "|" in title
        ):
            raise InvalidSheetError(
                f"bad title {title!r}: one non-empty line, no '|', no surrounding spaces"
            )

    @property
    def total(self) -> int:
        """The sum of the points (the cumulated top)."""
        return sum(line.points for line in self.lines)

    @property
    def turns(self) -> int:
        """The number of coups."""
        return len(self.lines)


def _plural(count: int, word: str) -> str:
    """French agreement: ``0 point``, ``1 point``, ``2 points``."""
    return f"{count} {word}" if count <= 1 else f"{count} {word}s"


def format_sheet(sheet: GameSheet) -> str:
    """The sheet as UTF-8 text: the title if any, the header ``N° | Tirage | Mot | Réf | Points |
    Cumul``, a rule, one line per coup, and ``Top : N points en K coups``.

    Columns are padded to the widest cell (numbers right-aligned, text left-aligned); a
    scrabble's points are followed by ``*``. Lines end with ``\\n`` and never with a space; the
    output depends on the sheet only. :func:`parse_sheet` reads it back to an equal sheet.
    """
    rows: list[tuple[str, ...]] = [SHEET_HEADER]
    cumul = 0
    for line in sheet.lines:
        cumul += line.points
        points = f"{line.points}*" if line.scrabble else f"{line.points} "
        rows.append((str(line.number), line.rack, line.word, line.position, points, str(cumul)))
    widths = [max(len(row[column]) for row in rows) for column in range(len(SHEET_HEADER))]

    def render(row: tuple[str, ...]) -> str:
        return " | ".join(
            cell.rjust(width) if right else cell.ljust(width)
            for cell, width, right in zip(row, widths, _RIGHT_ALIGNED, strict=True)
        )

    out = [] if sheet.title is None else [sheet.title]
    out.append(render(rows[0]))
    out.append("-+-".join("-" * width for width in widths))
    out.extend(render(row) for row in rows[1:])
    out.append(
        f"Top : {_plural(sheet.total, 'point')} en {_plural(sheet.turns, 'coup')}",
    )
    return "\n".join(out) + "\n"


def _is_header(cells: list[str]) -> bool:
    return len(cells) == len(_HEADER_NAMES) and all(
        " ".join(fold_letters(cell).lower().split()) in names
        for cell, names in zip(cells, _HEADER_NAMES, strict=True)
    )


def _parse_line(cells: list[str], expected: int, size: int, line: int) -> SheetLine:
    """One coup from the six cells of a table line (the cumul is checked by the caller)."""
    number, rack, word, position, points = cells[:5]
    if not _NUMBER.fullmatch(number):
        raise InvalidSheetError(f"N° {number!r} is not a number", line)
    if int(number) != expected:
        raise InvalidSheetError(
            f"coup N° {int(number)} where N° {expected} was expected (coups go 1, 2, 3...)", line
        )
    rack = "".join(fold_letters(rack).upper().split())
    if not rack or not _RACK_CHARACTERS.issuperset(rack):
        raise InvalidSheetError(
            f"bad tirage {cells[1]!r}: letters, '?' for a blank, '+' and '-'", line
        )
    try:
        word = parse_word(word)
        position = Position.from_notation(position, size).notation()
    except ArbitreError as error:
        raise InvalidSheetError(str(error), line) from error
    match = _POINTS.fullmatch(points)
    if match is None:
        raise InvalidSheetError(f"points {points!r}: expected a number, '*' for a scrabble", line)
    try:
        return SheetLine(expected, rack, word, position, int(match[1]), bool(match[2]))
    except InvalidSheetError as error:
        raise InvalidSheetError(str(error), line) from error


def parse_sheet(text: str, *, size: int = DEFAULT_SIZE) -> GameSheet:
    """Read a sheet written as :func:`format_sheet` writes it, checking that it adds up.

    Tolerant of spacing, blank lines, rules made of ``-``, ``=``, ``+`` and ``|``, a missing
    ``*``, the case of the header, tirages and positions, words with blanks in parentheses
    (``C(H)ACUNE``) and accented letters (folded as :func:`~arbitre.rules.move.parse_word`
    does), and singular ``point``/``coup`` in the footer. At most one line of text (the title)
    may come before the header. Positions must be on a ``size`` x ``size`` board.

    Raises :class:`InvalidSheetError`, naming the line, when the header or the footer is
    missing, a line does not have the six columns, the coups are not numbered 1, 2, 3..., a
    tirage, word, position or points cell does not parse, a cumul is not the running total, the
    footer's total or number of coups does not match, or text follows the footer.
    """
    if not isinstance(text, str):
        raise InvalidSheetError(f"a sheet must be text, not {type(text).__name__}")
    title: str | None = None
    header_seen = False
    footer: tuple[int, int, int] | None = None  # (text line, total, coups)
    lines: list[SheetLine] = []
    cumul = 0
    last = 1  # the last line with text
    for index, raw in enumerate(text.splitlines(), 1):
        content = raw.strip()
        if not content:
            continue
        last = index
        if footer is not None:
            raise InvalidSheetError(f"text after the footer: {content!r}", index)
        cells = [cell.strip() for cell in content.split("|")]
        if not header_seen:
            if _is_header(cells):
                header_seen = True
            elif len(cells) > 1:
                raise InvalidSheetError(
                    f"expected the header {' | '.join(SHEET_HEADER)!r}, found {content!r}", index
                )
            elif title is not None:
                raise InvalidSheetError(
                    f"a second line of text before the header: {content!r} (one title at most)",
                    index,
                )
            else:
                title = content
            continue
        if _SEPARATOR.fullmatch(content):
            continue
        match = _FOOTER.fullmatch(content)
        if match is not None:
            footer = (index, int(match[1]), int(match[2]))
            continue
        if len(cells) != len(SHEET_HEADER):
            raise InvalidSheetError(
                f"expected {len(SHEET_HEADER)} columns separated by '|' "
                f"({' | '.join(SHEET_HEADER)}) or the footer 'Top : N points en K coups', "
                f"found {content!r}",
                index,
            )
        line = _parse_line(cells, len(lines) + 1, size, index)
        cumul += line.points
        if not _NUMBER.fullmatch(cells[5]):
            raise InvalidSheetError(f"cumul {cells[5]!r} is not a number", index)
        if int(cells[5]) != cumul:
            raise InvalidSheetError(
                f"coup {line.number}: cumul {int(cells[5])} is not the running total {cumul}",
                index,
            )
        lines.append(line)

    if not header_seen:
        raise InvalidSheetError(f"no header line {' | '.join(SHEET_HEADER)!r}", last)
    if footer is None:
        raise InvalidSheetError(
            "the sheet ends without the footer 'Top : N points en K coups'", last
        )
    where, total, coups = footer
    if coups != len(lines):
        raise InvalidSheetError(
            f"the footer counts {coups} coups, the sheet has {len(lines)}", where
        )
    if total != cumul:
        raise InvalidSheetError(f"the footer's total {total} is not the sum {cumul}", where)
    return GameSheet(tuple(lines), title)


def sheet_from_corpus_game(game: Mapping[str, Any]) -> GameSheet:
    """The sheet of a recorded game in the test corpus format (``tests/data/corpus``).

    Only ``play`` turns become coups, numbered 1, 2, 3... in order (passes, exchanges and
    bonuses or penalties are left out; a ``withdrawn`` turn removes the coup before it, a phony
    taken back). The tirage is ``rack_raw`` when present, else ``rack``; the points are the
    published ``score``; a coup is a scrabble when its ``notes`` say ``bingo flag`` (the number
    of tiles put down is not known without a board, so it is not used). The title is the game's
    ``title`` when it has one. A classic game thus gives the sheet of every play of both
    players. Raises :class:`InvalidSheetError` naming the turn for a malformed turn.
    """
    lines: list[SheetLine] = []
    for turn in game["turns"]:
        kind = turn.get("type", "play")
        if kind == "withdrawn":
            if lines:
                lines.pop()
            continue
        if kind != "play":
            continue
        try:
            lines.append(
                SheetLine(
                    len(lines) + 1,
                    str(turn.get("rack_raw") or turn["rack"]).upper(),
                    parse_word(turn["word"]),
                    Position.from_notation(turn["position"], MAX_SIZE).notation(),
                    turn["score"],
                    "bingo flag" in str(turn.get("notes", "")),
                )
            )
        except (ArbitreError, KeyError) as error:
            raise InvalidSheetError(f"turn {turn.get('n')}: {error}") from error
    title = game.get("title")
    return GameSheet(tuple(lines), title.strip() or None if isinstance(title, str) else None)
