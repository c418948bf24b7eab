"""The results of a simultané: online players and offline centres ranked together, views by
série, club, centre or country, and the exports (CSV, JSON-ready data).

Online players come from the game's record (format ``arbitre.duplicate/1``, see
:mod:`arbitre.rules.game_record`), with their registration (name, club, série, country) when the
record carries ``registrations``; a player without one is shown by the name in the record's
``names`` or else by their id, with empty fields.
Centres (clubs) that played the same pre-drawn game on paper send a **centre results file**,
checked against the record by :func:`read_centre_results`.

The centre results file
-----------------------

CSV, UTF-8 (a byte order mark is tolerated), comma-separated, RFC 4180 quoting (a field holding
a comma or a quote is quoted, quotes doubled). The first row is the header; column names are
matched without regard to case or surrounding spaces and may come in any order:

- ``name``, ``club``, ``serie``, ``country``, ``total``: required columns (a cell may be empty
  but for ``name`` and ``total``). The registration (name, club, série, country) is checked by
  :func:`arbitre.rules.registration.registration`: a name of 1 to 40 printable characters, a
  série S1 to S7 or a category label, a country code of 2 or 3 letters.
- ``t1`` ... ``tN``: optional per-turn points, N the game's number of turns; all N or none.
  Each is a whole number from 0 to that turn's top, and ``total`` must be their sum. The solo
  bonus is never given to a centre player: solos are decided online, so a centre total never
  exceeds the cumulated top.
- ``centre``: optional, the centre each line was played in; an empty cell (or no such column)
  means the centre name given with the file.

``total`` is a whole number from 0 to the cumulated top. Blank lines are ignored. The same
player (same name and club, ignoring case) twice in a file is an error. Every problem of the file
is reported, with its line number (the line where the row starts; line 0 when it concerns the
whole file), and a file with any problem is refused whole: no line is ever dropped or accepted
alone. A file holds at most :data:`MAX_CENTRE_LINES` players, lines of at most
:data:`MAX_LINE_CHARS` characters and :data:`MAX_CENTRE_FILE_SIZE` bytes (characters for text).

An example, for a game of two turns (tops 80 and 36, cumulated top 116)::

    name,club,serie,country,total,t1,t2
    Zoé Roy,Club de Nantes,S3,FRA,116,80,36
    "Martin, Luc",Club de Nantes,,BEL,110,80,30

Ranking
-------

Everyone is ranked by total, best first; equal totals share a place (1, 2, 2, 4). Within a tie
the order is by name (accents and case ignored, then case, then exactly: Ana, ana, Émile, Fred),
then club (likewise), then online before centre, then centre name, then player id, then the order
the centres were given and their file order. The négatif is the total minus the cumulated top,
the % of top is :func:`arbitre.rules.results.percent_of_top`; tops are counted where they are
known (online, and centre lines with per-turn points). Online totals include their solo bonuses
(the record's answers added up again with its solo rules, checked against its ``standings``).

>>> record = {
...     "format": "arbitre.duplicate/1",
...     "config": {"solo_bonus": 10, "solo_min_players": 16},
...     "players": ["p1", "p2"],
...     "registrations": {"p1": {"name": "Ana", "club": "Lyon", "serie": "S2", "country": "FRA"}},
...     "turns": [
...         {"number": 1, "top": {"score": 80},
...          "answers": [{"player": "p1", "points": 80}, {"player": "p2", "points": 20}]},
...         {"number": 2, "top": {"score": 36}, "answers": [{"player": "p1", "points": 30}]},
...     ],
...     "top_total": 116,
... }
>>> nantes = read_centre_results(
...     "name,club,serie,country,total,t1,t2\\n"
...     "Zoé Roy,Club de Nantes,S3,FRA,116,80,36\\n"
...     '"Martin, Luc",Club de Nantes,,BEL,110,80,30\\n',
...     record,
...     centre="Nantes",
... )
>>> lines = simultane_results(record, [nantes])
>>> for line in lines:
...     print(line.place, line.name, line.score, line.negatif, line.percent_of_top, line.source)
1 Zoé Roy 116 0 100.0 centre
2 Ana 110 -6 94.83 online
2 Martin, Luc 110 -6 94.83 centre
4 p2 20 -96 17.24 online
>>> for row in results_csv(view(lines, country="FRA")).splitlines():
...     print(row)
place,name,score,negatif,percent_of_top,serie,club,country,source,centre,view_place
1,Zoé Roy,116,0,100.00,S3,Club de Nantes,FRA,centre,Nantes,1
2,Ana,110,-6,94.83,S2,Lyon,FRA,online,,2
>>> read_centre_results("name,club,serie,country,total\\nAna,,S9,FRA,12\\nBob,,,FRA,999\\n",
...                     record, centre="Nantes")
Traceback (most recent call last):
...
arbitre.rules.simultane_results.CentreResultsError: 2 problems in the centre results: line 2: \
serie 'S9': S1 to S7, or a category; line 3: total 999 is above the cumulated top (116)

Exports
-------

:func:`results_csv` writes ``place,name,score,negatif,percent_of_top,serie,club,country,source,
centre`` (and ``view_place`` for lines of a :func:`view`), RFC 4180 (CRLF line ends, quoting as
needed). Against CSV formula injection, a text cell starting with ``=``, ``+``, ``-``, ``@``, a
tab or a carriage return gets a leading apostrophe (``'=SUM(A1)``); the numeric columns (place,
score, négatif, % of top, view place) are written as numbers, never prefixed, so a négatif
stays ``-6``. :func:`results_data` gives the same lines as JSON-ready dicts, unprefixed.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, NamedTuple

from arbitre.rules.errors import ArbitreError
from arbitre.rules.game_record import RECORD_FORMAT, RecordMismatchError
from arbitre.rules.registration import (
    MAX_CLUB_CHARS,
    InvalidRegistrationError,
    Registration,
    registration,
)
from arbitre.rules.results import (
    InvalidResultsError,
    Standing,
    TurnScores,
    percent_of_top,
    shared_places,
    standings,
)

__all__ = [
    "CSV_COLUMNS",
    "MAX_CENTRE_FILE_SIZE",
    "MAX_CENTRE_LINES",
    "MAX_LINE_CHARS",
    "CentrePlayer",
    "CentreResults",
    "CentreResultsError",
    "Problem",
    "ResultLine",
    "read_centre_results",
    "results_csv",
    "results_data",
    "simultane_results",
    "view",
]

#: Most players in one centre results file.
MAX_CENTRE_LINES = 20_000
#: Longest line of a centre results file, in characters.
MAX_LINE_CHARS = 1_000
#: Largest centre results file: bytes as uploaded, characters for text.
MAX_CENTRE_FILE_SIZE = 8 * 1024 * 1024
#: The columns of :func:`results_csv`, before ``view_place``.
CSV_COLUMNS = (
    "place",
    "name",
    "score",
    "negatif",
    "percent_of_top",
    "serie",
    "club",
    "country",
    "source",
    "centre",
)

_REQUIRED = ("name", "club", "serie", "country", "total")
_TURN_COLUMN = re.compile(r"t([1-9][0-9]*)")
_POINTS = re.compile(r"[0-9]{1,9}")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
#: Problems quoted in the message of a :class:`CentreResultsError` (all are in ``problems``).
_PROBLEMS_IN_MESSAGE = 10


class Problem(NamedTuple):
    """One problem of a centre results file: the line it is on (0: the whole file) and what
    is wrong."""

    line: int
    message: str


class CentreResultsError(ArbitreError):
    """A centre results file that cannot be merged. ``problems`` holds every problem found, in
    file order, as :class:`Problem` (line number, message); the message quotes the first ten."""

    code = "bad_centre_results"

    def __init__(self, problems: Iterable[tuple[int, str]]) -> None:
        self.problems = [Problem(line, message) for line, message in problems]
        shown = "; ".join(
            f"line {line}: {message}" if line else message
            for line, message in self.problems[:_PROBLEMS_IN_MESSAGE]
        )
        more = len(self.problems) - _PROBLEMS_IN_MESSAGE
        if more > 0:
            shown += f"; and {more} more"
        count = len(self.problems)
        super().__init__(
            f"{count} problem{'s' if count != 1 else ''} in the centre results: {shown}"
        )


@dataclass(frozen=True, slots=True)
class CentrePlayer:
    """One checked line of a centre results file: its line number, the player's registration,
    the centre they played in, their total and, when the file gave them, their points turn by
    turn (``points[0]`` for turn 1)."""

    line: int
    registration: Registration
    centre: str
    total: int
    points: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class CentreResults:
    """A checked centre results file: the centre name given with it (may be empty when every
    line names its centre), the tops of the game it was checked against (turn by turn), and its
    players in file order."""

    centre: str
    tops: tuple[int, ...]
    players: tuple[CentrePlayer, ...]


@dataclass(frozen=True, slots=True)
class ResultLine:
    """One line of a simultané's ranking.

    ``place`` is the overall place (shared on equal totals); ``view_place`` the place within a
    :func:`view` (``None`` outside one). ``score`` is the total (solo bonuses included),
    ``negatif`` the total minus the cumulated top, ``percent_of_top`` as
    :func:`arbitre.rules.results.percent_of_top`; ``tops`` is ``None`` when unknown (a centre
    line without per-turn points). ``source`` is ``"online"`` (``player`` is then the player id,
    ``centre`` empty) or ``"centre"`` (``centre`` names it, ``player`` is empty).
    """

    place: int
    name: str
    score: int
    negatif: int
    percent_of_top: float
    tops: int | None
    solos: int
    serie: str
    club: str
    country: str
    source: Literal["online", "centre"]
    centre: str = ""
    player: str = ""
    view_place: int | None = None


# -- the record -------------------------------------------------------------------------------


def _tops(record: Mapping[str, Any]) -> tuple[int, ...]:
    """The top of every turn of ``record``, checked: turns numbered 1, 2, ..., tops whole
    numbers of 0 or more adding up to ``top_total``."""
    if not isinstance(record, Mapping) or record.get("format") != RECORD_FORMAT:
        raise RecordMismatchError(f"not a duplicate game record (format {RECORD_FORMAT!r})")
    turns = record.get("turns")
    if not isinstance(turns, list):
        raise RecordMismatchError("record: 'turns' is missing or not a list")
    tops: list[int] = []
    for index, turn in enumerate(turns, start=1):
        top = turn.get("top") if isinstance(turn, Mapping) else None
        score = top.get("score") if isinstance(top, Mapping) else None
        if not isinstance(turn, Mapping) or turn.get("number") != index:
            raise RecordMismatchError(f"record: turn {index} is missing or misnumbered")
        if not isinstance(score, int) or isinstance(score, bool) or score < 0:
            raise RecordMismatchError(f"record: turn {index} has no top score")
        tops.append(score)
    if record.get("top_total") != sum(tops):
        raise RecordMismatchError(
            f"record: top_total {record.get('top_total')!r} is not the sum of the tops "
            f"({sum(tops)})"
        )
    return tuple(tops)


def _online_standings(record: Mapping[str, Any]) -> list[Standing]:
    """The online players' standings, computed from the record's answers with its solo rules
    and checked against the ``standings`` it carries (when it carries them)."""
    players = record.get("players")
    config = record.get("config")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordMismatchError("record: 'players' is missing or not a list of ids")
    if not isinstance(config, Mapping):
        raise RecordMismatchError("record: 'config' is missing")
    try:
        scores = []
        for turn in record["turns"]:
            answers = turn.get("answers", [])
            if not isinstance(answers, list) or not all(
                isinstance(answer, Mapping) for answer in answers
            ):
                raise RecordMismatchError(f"record: turn {turn['number']}: bad answers")
            points = {answer.get("player"): answer.get("points") for answer in answers}
            scores.append(TurnScores(turn["number"], turn["top"]["score"], points))
        computed = standings(
            players,
            scores,
            solo_bonus=config.get("solo_bonus"),  # type: ignore[arg-type]  # checked there
            solo_min_players=config.get("solo_min_players"),  # type: ignore[arg-type]
        )
    except (InvalidResultsError, TypeError) as error:  # TypeError: an unhashable player id
        raise RecordMismatchError(f"record: {error}") from None
    recorded = record.get("standings")
    if recorded is not None:
        expected = [{"player": line.player, "total": line.total} for line in computed]
        found = (
            sorted(
                (
                    {"player": line.get("player"), "total": line.get("total")}
                    for line in recorded
                    if isinstance(line, Mapping)
                ),
                key=lambda line: str(line["player"]),
            )
            if isinstance(recorded, list)
            else None
        )
        if found != sorted(expected, key=lambda line: str(line["player"])):
            raise RecordMismatchError("record: its standings do not add up from its answers")
    return computed


def _registrations(record: Mapping[str, Any], players: Iterable[str]) -> dict[str, Registration]:
    """The registration of every online player, checked: from the record's ``registrations``;
    else the name in its ``names`` (as the session service records them), else the id."""
    found = record.get("registrations") or {}
    names = record.get("names") or {}
    if not isinstance(found, Mapping) or not isinstance(names, Mapping):
        raise RecordMismatchError("record: 'registrations' or 'names' is not an object")
    result: dict[str, Registration] = {}
    for player in players:
        fields = found.get(player)
        if fields is None:
            name = names.get(player)
            result[player] = Registration(name if isinstance(name, str) and name else player)
            continue
        if not isinstance(fields, Mapping) or not all(
            isinstance(fields.get(key, ""), str) for key in ("name", "club", "serie", "country")
        ):
            raise RecordMismatchError(f"record: the registration of {player[:40]!r} is malformed")
        try:
            result[player] = registration(
                fields.get("name") or names.get(player) or player,
                fields.get("club", ""),
                fields.get("serie", ""),
                fields.get("country", ""),
            )
        except InvalidRegistrationError as error:
            raise RecordMismatchError(
                f"record: the registration of {player[:40]!r}: {error}"
            ) from None
    return result


# -- the centre results file ------------------------------------------------------------------


def _shown(cell: str) -> str:
    """A cell as a message quotes it: at most 20 characters."""
    return repr(cell if len(cell) <= 20 else cell[:20] + "…")


def _folded(text: str) -> str:
    """A name or club as the duplicate check compares them: NFC, case and spaces ignored."""
    return " ".join(unicodedata.normalize("NFC", text).casefold().split())


def _centre_name(text: str) -> str:
    name = unicodedata.normalize("NFC", text).strip()
    if len(name) > MAX_CLUB_CHARS or not name.isprintable():
        raise InvalidRegistrationError(f"centre: at most {MAX_CLUB_CHARS} printable characters")
    return name


def _registration_problems(name: str, club: str, serie: str, country: str) -> list[str]:
    """Every field of a registration that :func:`registration` refuses, one message each."""
    problems = []
    for fields in (
        {"name": name},
        {"name": "x", "club": club},
        {"name": "x", "serie": serie},
        {"name": "x", "country": country},
    ):
        try:
            registration(**fields)
        except InvalidRegistrationError as error:
            problems.append(str(error))
    return problems


def _decode(data: str | bytes) -> str:
    if len(data) > MAX_CENTRE_FILE_SIZE:
        raise CentreResultsError(
            [(0, f"the file is larger than {MAX_CENTRE_FILE_SIZE} bytes; split it")]
        )
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise CentreResultsError([(line, "not UTF-8 text (save the file as CSV UTF-8)")]) from None


@dataclass(frozen=True)
class _Header:
    """Where each column of a centre file is (index in the row)."""

    width: int
    columns: dict[str, int]
    turns: tuple[int, ...] | None  # the index of t1..tN, None without per-turn points


def _header(row: list[str], line: int, turns: int) -> _Header:
    names = [cell.strip().lower() for cell in row]
    problems: list[str] = []
    columns: dict[str, int] = {}
    turn_columns: dict[int, int] = {}
    for index, name in enumerate(names):
        match = _TURN_COLUMN.fullmatch(name)
        if name in columns or (match and int(match[1]) in turn_columns):
            problems.append(f"column {_shown(name)} appears twice")
        elif match:
            number = int(match[1])
            if number > turns:
                problems.append(f"column {name}: the game has {turns} turns")
            turn_columns[number] = index
        elif name in (*_REQUIRED, "centre"):
            columns[name] = index
        else:
            problems.append(
                f"unknown column {_shown(name)} (expected name, club, serie, country, total, "
                "and optionally centre and t1 to tN)"
            )
    missing = [name for name in _REQUIRED if name not in columns]
    if missing:
        problems.append(f"missing column{'s' if len(missing) > 1 else ''}: {', '.join(missing)}")
    absent = [number for number in range(1, turns + 1) if number not in turn_columns]
    if turn_columns and absent:
        problems.append(
            f"per-turn columns t1 to t{turns} are all needed, or none: missing "
            + ", ".join(f"t{number}" for number in absent[:5])
            + (", ..." if len(absent) > 5 else "")
        )
    if problems:
        raise CentreResultsError([(line, problem) for problem in problems])
    return _Header(
        width=len(row),
        columns=columns,
        turns=tuple(turn_columns[n] for n in range(1, turns + 1)) if turn_columns else None,
    )


def _points(cell: str, column: str) -> int | str:
    """The whole number in ``cell``, or the message saying it is not one."""
    text = cell.strip()
    if not _POINTS.fullmatch(text):
        return f"{column} {_shown(cell)}: a whole number of points (0 or more) is expected"
    return int(text)


def _player(
    row: list[str], line: int, header: _Header, tops: tuple[int, ...], centre: str
) -> CentrePlayer | list[str]:
    """The player on ``row``, or every problem of the row."""
    if len(row) != header.width:
        return [f"{len(row)} fields, the header has {header.width}"]
    cell = {name: row[index] for name, index in header.columns.items()}
    problems: list[str] = []
    entry: Registration | None = None
    try:
        entry = registration(cell["name"], cell["club"], cell["serie"], cell["country"])
    except InvalidRegistrationError:
        problems += _registration_problems(
            cell["name"], cell["club"], cell["serie"], cell["country"]
        )
    place = centre
    try:
        place = _centre_name(cell.get("centre", "")) or centre
    except InvalidRegistrationError as error:
        problems.append(str(error))
    if not place and "centre" in header.columns:
        problems.append("no centre: the centre cell is empty and the file has no centre name")
    total = _points(cell["total"], "total")
    if isinstance(total, str):
        problems.append(total)
    points: tuple[int, ...] | None = None
    if header.turns is not None:
        found: list[int] = []
        for number, (index, top) in enumerate(zip(header.turns, tops, strict=True), start=1):
            value = _points(row[index], f"t{number}")
            if isinstance(value, str):
                problems.append(value)
            elif value > top:
                problems.append(f"t{number}: {value} is above the top of turn {number} ({top})")
            else:
                found.append(value)
        if len(found) == len(tops):
            points = tuple(found)
            if isinstance(total, int) and total != sum(points):
                problems.append(
                    f"total {total} is not the sum of t1 to t{len(tops)} ({sum(points)})"
                )
    elif isinstance(total, int) and total > sum(tops):
        problems.append(f"total {total} is above the cumulated top ({sum(tops)})")
    if problems:
        return problems
    if entry is None or isinstance(total, str):  # each has its message above: never dropped
        return ["this line cannot be read"]
    return CentrePlayer(line, entry, place, total, points)


def _physical_lines(text: str, too_long: set[int]) -> Iterator[str]:
    """The lines of ``text`` (line ends kept, as :mod:`csv` wants them), noting in
    ``too_long`` the numbers of those longer than :data:`MAX_LINE_CHARS`."""
    for number, line in enumerate(io.StringIO(text, newline=""), start=1):
        if len(line.rstrip("\r\n")) > MAX_LINE_CHARS:
            too_long.add(number)
        yield line


def read_centre_results(
    data: str | bytes, record: Mapping[str, Any], centre: str = ""
) -> CentreResults:
    """Read and check a centre results file (the format is in the module docstring) against
    the game's ``record``; ``centre`` names the centre for lines that do not name theirs.

    ``data`` is the file's text, or its bytes (UTF-8, with or without a byte order mark).
    Raises :class:`CentreResultsError` listing every problem of the file with its line number
    (nothing is accepted from a file with a problem); :class:`RecordMismatchError` when
    ``record`` is not a well-formed game record. Pure: no I/O.
    """
    tops = _tops(record)
    try:
        default_centre = _centre_name(centre)
    except InvalidRegistrationError as error:
        raise CentreResultsError([(0, f"{error} (the file's centre name)")]) from None
    text = _decode(data)
    if not text.strip():
        raise CentreResultsError([(0, "the file is empty: a header row and players expected")])
    too_long: set[int] = set()
    reader = csv.reader(_physical_lines(text, too_long), strict=True)
    problems: list[Problem] = []
    players: list[CentrePlayer] = []
    header: _Header | None = None
    seen: dict[tuple[str, str], int] = {}
    rows = 0
    last = 0  # the physical line the previous row ended on
    while True:
        start = last + 1
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as error:
            last = reader.line_num
            problems.append(Problem(start, f"not valid CSV ({error})"))
            if header is None:
                break
            continue
        last = reader.line_num
        if any(start <= number <= last for number in too_long):
            problems.append(Problem(start, f"line longer than {MAX_LINE_CHARS} characters"))
            if header is None:
                break
            continue
        if not row or (len(row) == 1 and not row[0].strip()):
            continue  # a blank line
        if header is None:
            header = _header(row, start, len(tops))
            if "centre" not in header.columns and not default_centre:
                problems.append(
                    Problem(0, "no centre name: give one with the file, or a centre column")
                )
            continue
        rows += 1
        if rows > MAX_CENTRE_LINES:
            problems.append(
                Problem(start, f"more than {MAX_CENTRE_LINES} players in one file; split it")
            )
            break
        found = _player(row, start, header, tops, default_centre)
        messages = found if isinstance(found, list) else []
        if len(row) == header.width:  # a bad line counts too: its player is there twice
            key = (_folded(row[header.columns["name"]]), _folded(row[header.columns["club"]]))
            if key[0] and key in seen:
                messages.append(f"the same player (name and club) as line {seen[key]}")
            seen.setdefault(key, start)
        if messages:
            problems += [Problem(start, message) for message in messages]
        elif isinstance(found, CentrePlayer):
            players.append(found)
    if header is None and not problems:
        problems.append(Problem(0, "the file is empty: a header row and players expected"))
    elif header is not None and rows == 0:
        problems.append(Problem(last + 1, "no player: the file holds only its header"))
    if problems:
        problems.sort(key=lambda problem: problem.line)  # stable: a line's problems in order
        raise CentreResultsError(problems)
    return CentreResults(default_centre, tops, tuple(players))


# -- the ranking ------------------------------------------------------------------------------


def _collation(text: str) -> tuple[str, str, str]:
    """Sorts names as a reader expects: accents and case ignored first (É with E), then case,
    then exactly."""
    folded = text.casefold()
    plain = "".join(c for c in unicodedata.normalize("NFD", folded) if not unicodedata.combining(c))
    return plain, folded, text


def _order(line: ResultLine) -> tuple[Any, ...]:
    return (
        -line.score,
        _collation(line.name),
        _collation(line.club),
        line.source != "online",
        line.centre,
        line.player,
    )


def _ranked(lines: list[ResultLine]) -> list[ResultLine]:
    """``lines`` in ranking order (a stable sort), with their places."""
    ordered = sorted(lines, key=_order)
    places = shared_places([line.score for line in ordered])
    return [replace(line, place=place) for place, line in zip(places, ordered, strict=True)]


def simultane_results(
    record: Mapping[str, Any], centres: Iterable[CentreResults] = ()
) -> list[ResultLine]:
    """Everyone who played the game of ``record``, online and in ``centres``, ranked together
    (see the module docstring for the order and the places).

    Raises :class:`RecordMismatchError` for a malformed record (or one whose ``standings`` do
    not add up from its answers) and :class:`CentreResultsError` for centre results checked
    against another game (other tops).
    """
    tops = _tops(record)
    top_total = sum(tops)
    online = _online_standings(record)
    registered = _registrations(record, (line.player for line in online))
    lines: list[ResultLine] = []
    for standing in online:
        entry = registered[standing.player]
        lines.append(
            ResultLine(
                place=0,
                name=entry.name,
                score=standing.total,
                negatif=standing.negatif,
                percent_of_top=standing.percent_of_top,
                tops=standing.tops,
                solos=standing.solos,
                serie=entry.serie,
                club=entry.club,
                country=entry.country,
                source="online",
                player=standing.player,
            )
        )
    for results in centres:
        if results.tops != tops:
            raise CentreResultsError(
                [(0, f"the results of centre {results.centre!r} were checked against another game")]
            )
        for player in results.players:
            entry = player.registration
            lines.append(
                ResultLine(
                    place=0,
                    name=entry.name,
                    score=player.total,
                    negatif=player.total - top_total,
                    percent_of_top=percent_of_top(player.total, top_total),
                    tops=None
                    if player.points is None
                    else sum(p == top for p, top in zip(player.points, tops, strict=True)),
                    solos=0,
                    serie=entry.serie,
                    club=entry.club,
                    country=entry.country,
                    source="centre",
                    centre=player.centre,
                )
            )
    return _ranked(lines)


def _same(value: str, wanted: str | None) -> bool:
    return wanted is None or value.casefold() == wanted.strip().casefold()


def view(
    lines: Sequence[ResultLine],
    serie: str | None = None,
    club: str | None = None,
    country: str | None = None,
    centre: str | None = None,
) -> list[ResultLine]:
    """The lines of ``lines`` (a ranking, best first) whose série, club, country and centre are
    the ones given (``None``: any; compared without regard to case or surrounding spaces; ``""``
    selects the lines where the field is empty), in the same order, each keeping its overall
    ``place`` and getting its ``view_place``: the place among the lines kept, shared on equal
    totals.
    """
    kept = [
        line
        for line in lines
        if _same(line.serie, serie)
        and _same(line.club, club)
        and _same(line.country, country)
        and _same(line.centre, centre)
    ]
    places = shared_places([line.score for line in kept])
    return [replace(line, view_place=place) for place, line in zip(places, kept, strict=True)]


# -- exports ----------------------------------------------------------------------------------


def _guarded(text: str) -> str:
    """A text cell, made harmless for a spreadsheet: a leading apostrophe before a formula."""
    return "'" + text if text.startswith(_FORMULA_START) else text


def results_csv(lines: Sequence[ResultLine]) -> str:
    """``lines`` as CSV (RFC 4180, CRLF line ends): :data:`CSV_COLUMNS`, and ``view_place``
    when a line has one (an empty cell for those without). Text cells starting with ``=``,
    ``+``, ``-``, ``@``, a tab or a carriage return get a leading apostrophe; numeric cells never
    do (module docstring)."""
    with_view = any(line.view_place is not None for line in lines)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS + (("view_place",) if with_view else ()))
    for line in lines:
        row = [
            str(line.place),
            _guarded(line.name),
            str(line.score),
            str(line.negatif),
            f"{line.percent_of_top:.2f}",
            _guarded(line.serie),
            _guarded(line.club),
            _guarded(line.country),
            line.source,
            _guarded(line.centre),
        ]
        if with_view:
            row.append("" if line.view_place is None else str(line.view_place))
        writer.writerow(row)
    return out.getvalue()


def results_data(lines: Sequence[ResultLine]) -> list[dict[str, Any]]:
    """``lines`` as JSON-ready dicts: ``place``, ``view_place`` (``None`` outside a view),
    ``name``, ``score``, ``negatif``, ``percent_of_top``, ``tops`` (``None`` when unknown),
    ``solos``, ``serie``, ``club``, ``country``, ``source``, ``centre``, ``player``."""
    return [
        {
            "place": line.place,
            "view_place": line.view_place,
            "name": line.name,
            "score": line.score,
            "negatif": line.negatif,
            "percent_of_top": line.percent_of_top,
            "tops": line.tops,
            "solos": line.solos,
            "serie": line.serie,
            "club": line.club,
            "country": line.country,
            "source": line.source,
            "centre": line.centre,
            "player": line.player,
        }
        for line in lines
    ]
