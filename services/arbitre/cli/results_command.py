"""``arbitre results``: the ranking of a simultané (:mod:`arbitre.rules.simultane_results`).

``arbitre results RECORD.json [--centre FILE.csv[:CENTRE NAME]]... [--serie S] [--club C]
[--country FRA] [--in-centre N] [--format text|csv|json]`` ranks the online players of the
game's record (as the session service writes it) together with the players of every centre
file, and prints the ranking: a table (``text``, the default), CSV or JSON. With ``--serie``,
``--club``, ``--country`` or ``--in-centre`` it prints that view: the lines kept, each with
its overall place and its place in the view.

A centre file's name may be followed by ``:`` and the centre's name, used for lines without a
``centre`` column (``--centre nantes.csv:Club de Nantes``). Exit status: 0 with the ranking
printed; 2 for a bad option, an unreadable or malformed record, or a bad centre file (then
every problem of every centre file goes to stderr as ``FILE:LINE: message``, ``FILE: message``
when it concerns the whole file, and nothing is printed on stdout).
"""

from __future__ import annotations

import argparse
import json
import sys
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from arbitre.cli.wording import counted
from arbitre.rules.errors import ArbitreError
from arbitre.rules.simultane_results import (
    MAX_CENTRE_FILE_SIZE,
    CentreResults,
    CentreResultsError,
    ResultLine,
    read_centre_results,
    results_csv,
    results_data,
    simultane_results,
    view,
)

__all__ = ["format_table", "register"]

#: Largest record read (10,000 players over 25 turns is about 50 MB of answers).
MAX_RECORD_BYTES = 256 * 1024 * 1024


def register(commands: Any) -> None:
    """Add the ``results`` subcommand."""
    parser = commands.add_parser(
        "results",
        help="rank a simultané: the online players and the centres' results files",
        description="Rank everyone who played a game: the online players of its record and the "
        "players of each centre's results file (CSV: name,club,serie,country,total[,t1..tN]"
        "[,centre]), together, with shared places, négatif and % of top. A view (--serie, "
        "--club, --country, --in-centre) keeps some lines and gives their place in it.",
    )
    parser.add_argument("record", metavar="RECORD.json", help="the game's record ('-': stdin)")
    parser.add_argument(
        "--centre",
        action="append",
        default=[],
        metavar="FILE.csv[:CENTRE NAME]",
        help="a centre's results file, and the centre's name (repeat for each centre)",
    )
    parser.add_argument("--serie", help="view: only this série (S1..S7 or a category)")
    parser.add_argument("--club", help="view: only this club")
    parser.add_argument("--country", metavar="FRA", help="view: only this country")
    parser.add_argument("--in-centre", metavar="NAME", help="view: only the players of this centre")
    parser.add_argument(
        "--format", choices=["text", "csv", "json"], default="text", help="output (default text)"
    )
    parser.set_defaults(run=run_results)


def _read(path: str, limit: int) -> bytes:
    if path == "-":
        data = sys.stdin.buffer.read(limit + 1)
    else:
        with Path(path).open("rb") as handle:
            data = handle.read(limit + 1)
    if len(data) > limit:
        raise ArbitreError(f"{path}: more than {limit} bytes")
    return data


def _centre_argument(value: str) -> tuple[str, str]:
    """The file and the centre name of a ``--centre`` value: the whole value when it names a
    file, else the first split at a ``:`` whose left part names one (so that both paths and
    centre names may hold a colon); the whole value as the path when none does."""
    if Path(value).is_file():
        return value, ""
    for index, character in enumerate(value):
        if character == ":" and Path(value[:index]).is_file():
            return value[:index], value[index + 1 :]
    return value, ""


def _cell(text: str) -> str:
    """Text as a table cell: control characters (in a player id, say) shown as ``?``."""
    return "".join(c if c.isprintable() else "?" for c in text)


def _width(text: str) -> int:
    """Columns taken by ``text`` on a terminal: wide characters take two, combining ones none."""
    return sum(
        0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
        for c in text
    )


def format_table(lines: Sequence[ResultLine], top_total: int) -> str:
    """The ranking as a readable table aligned in columns, with a footer (players, top)."""
    with_view = any(line.view_place is not None for line in lines)
    head = ["Place", *(["View"] if with_view else []), "Name", "Score", "Négatif", "% top"]
    head += ["Tops", "Série", "Club", "Country", "Centre"]
    numeric = {"Place", "View", "Score", "Négatif", "% top", "Tops"}
    rows = [head]
    for line in lines:
        rows.append(
            [
                str(line.place),
                *([str(line.view_place or "")] if with_view else []),
                _cell(line.name),
                str(line.score),
                f"{line.negatif:+d}" if line.negatif else "0",
                f"{line.percent_of_top:.2f}",
                "" if line.tops is None else str(line.tops),
                _cell(line.serie),
                _cell(line.club),
                _cell(line.country),
                _cell(line.centre) if line.source == "centre" else "(online)",
            ]
        )
    widths = [max(_width(row[column]) for row in rows) for column in range(len(head))]
    text = []
    for row in rows:
        cells = [
            " " * (width - _width(cell)) + cell
            if name in numeric
            else cell + " " * (width - _width(cell))
            for name, cell, width in zip(head, row, widths, strict=True)
        ]
        text.append("  ".join(cells).rstrip())
    text.insert(1, "  ".join("-" * width for width in widths))
    online = sum(line.source == "online" for line in lines)
    text.append("")
    text.append(
        f"{counted(len(lines), 'player')} ({online} online, {len(lines) - online} in centres), "
        f"top {top_total}"
    )
    return "\n".join(text) + "\n"


def run_results(arguments: argparse.Namespace) -> int:
    try:
        record = json.loads(_read(arguments.record, MAX_RECORD_BYTES).decode("utf-8"))
        if not isinstance(record, dict):
            raise ArbitreError(f"{arguments.record}: not a game record (a JSON object)")
        centres: list[CentreResults] = []
        problems: list[str] = []
        for value in arguments.centre:
            path, name = _centre_argument(value)
            data = _read(path, MAX_CENTRE_FILE_SIZE)
            try:
                centres.append(read_centre_results(data, record, name))
            except CentreResultsError as error:
                problems += [
                    f"{path}:{line}: {message}" if line else f"{path}: {message}"
                    for line, message in error.problems
                ]
        if problems:
            print("\n".join(problems), file=sys.stderr)
            return 2
        lines = simultane_results(record, centres)
    except (ArbitreError, OSError, ValueError) as error:
        print(f"arbitre results: {error}", file=sys.stderr)
        return 2
    filters = (arguments.serie, arguments.club, arguments.country, arguments.in_centre)
    if any(value is not None for value in filters):
        lines = view(lines, *filters)
    if arguments.format == "csv":
        output = results_csv(lines)
    elif arguments.format == "json":
        output = json.dumps(results_data(lines), ensure_ascii=False, indent=1) + "\n"
    else:
        output = format_table(lines, record["top_total"])
    sys.stdout.flush()
    sys.stdout.buffer.write(output.encode("utf-8"))
    sys.stdout.buffer.flush()
    return 0
