"""End-to-end tests of ``arbitre results`` (real subprocesses): a recorded game's online players
and centre files ranked together, as a table, CSV or JSON, whole or as a view; a bad centre file
refused with every bad line on stderr."""

from __future__ import annotations

import csv
import io
import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from arbitre.cli import main
from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.rules import DuplicateGame, dumps_record, game_record, preset

Run = Callable[..., subprocess.CompletedProcess[bytes]]
PLAYERS = ("ana", "bob", "cyd")


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game of 8 turns: ana scores every top, bob every other one, cyd nothing; recorded with
    registrations as the session service records it."""
    lexicon = load_lexicon("fr")
    config = preset("fisf", max_turns=8)
    game = DuplicateGame(config, 7, MoveGeneratorReferee(lexicon, config), PLAYERS)
    while game.start_turn() is not None:
        top = game.current_top
        assert top is not None
        game.answer("ana", top.move.notation())
        if game.number % 2:
            game.answer("bob", top.move.notation())
        game.close_turn()
    data = game_record(game, lexicon.info.id, lexicon.info.hash)
    data["registrations"] = {
        "ana": {"name": "Ana Lopez", "club": "Club de Lyon", "serie": "S1", "country": "FRA"},
        "bob": {"name": "Bob", "club": "Club de Liège", "serie": "S2", "country": "BEL"},
    }
    path = tmp_path_factory.mktemp("record") / "record.json"
    path.write_text(dumps_record(data), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def top_total(record: Path) -> int:
    total: int = json.loads(record.read_text(encoding="utf-8"))["top_total"]
    return total


def centre_file(path: Path, *lines: str, header: str = "name,club,serie,country,total") -> Path:
    path.write_text("\n".join((header, *lines)) + "\n", encoding="utf-8")
    return path


def output(done: subprocess.CompletedProcess[bytes]) -> str:
    assert done.returncode == 0, done.stderr.decode()
    assert done.stderr == b""
    return done.stdout.decode("utf-8")


def rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text, newline="")))


@pytest.fixture
def in_process(capsysbinary: pytest.CaptureFixture[bytes]) -> Run:
    """Run ``arbitre ARGS`` in this process (faster than a subprocess, for many runs)."""

    def run(*arguments: object) -> subprocess.CompletedProcess[bytes]:
        argv = [str(argument) for argument in arguments]
        try:
            status = main(argv)
        except SystemExit as stop:  # argparse refuses the options
            status = stop.code if isinstance(stop.code, int) else 2
        out, err = capsysbinary.readouterr()
        return subprocess.CompletedProcess(argv, status, out, err)

    return run


def test_a_ranking_as_a_table(arbitre: Run, record: Path, tmp_path: Path, top_total: int) -> None:
    nantes = centre_file(tmp_path / "nantes.csv", f"Zoé Roy,Club de Nantes,S3,FRA,{top_total}")
    text = output(arbitre("results", record, "--centre", f"{nantes}:Club de Nantes"))
    lines = text.splitlines()
    assert lines[0].split() == [
        "Place",
        "Name",
        "Score",
        "Négatif",
        "%",
        "top",
        "Tops",
        "Série",
        "Club",
        "Country",
        "Centre",
    ]
    assert set(lines[1]) == {"-", " "}
    ana, zoe, bob, cyd = lines[2:6]
    assert ana.split()[:5] == ["1", "Ana", "Lopez", str(top_total), "0"]
    assert zoe.split()[:4] == ["1", "Zoé", "Roy", str(top_total)]
    assert zoe.endswith("Club de Nantes")
    assert ana.endswith("(online)")
    assert bob.split()[0] == "3"
    assert cyd.split()[:3] == ["4", "cyd", "0"]
    # aligned: every column starts where its heading starts
    for heading in ("Name", "Série", "Club"):
        start = lines[0].index(heading)
        assert all(line[start - 2 : start] == "  " for line in lines[2:6])
    assert lines[-1] == f"4 players (3 online, 1 in centres), top {top_total}"


def test_a_ranking_as_csv_and_as_json(
    in_process: Run, record: Path, tmp_path: Path, top_total: int
) -> None:
    arbitre = in_process
    nantes = centre_file(
        tmp_path / "nantes.csv",
        '"Martin, ""Luc""",Club de Nantes,,BEL,10,Nantes',
        "=cmd,Club,,FRA,11,Brest",
        header="name,club,serie,country,total,centre",
    )
    found = rows(output(arbitre("results", record, "--centre", nantes, "--format", "csv")))
    assert [row["name"] for row in found] == ["Ana Lopez", "Bob", "'=cmd", 'Martin, "Luc"', "cyd"]
    assert found[3] == {
        "place": "4",
        "name": 'Martin, "Luc"',
        "score": "10",
        "negatif": str(10 - top_total),
        "percent_of_top": found[3]["percent_of_top"],
        "serie": "",
        "club": "Club de Nantes",
        "country": "BEL",
        "source": "centre",
        "centre": "Nantes",
    }
    data = json.loads(output(arbitre("results", record, "--centre", nantes, "--format", "json")))
    assert [item["name"] for item in data] == ["Ana Lopez", "Bob", "=cmd", 'Martin, "Luc"', "cyd"]
    assert data[0]["player"] == "ana"
    assert (data[0]["tops"], data[2]["tops"], data[2]["centre"]) == (8, None, "Brest")


def test_views(in_process: Run, record: Path, tmp_path: Path) -> None:
    arbitre = in_process
    nantes = centre_file(tmp_path / "n.csv", "Zoé,Club de Lyon,S1,FRA,50", "Luc,,S2,BEL,40")
    brest = centre_file(tmp_path / "b.csv", "Yann,,S1,FRA,45")
    both = ["--centre", f"{nantes}:Nantes", "--centre", f"{brest}:Brest", "--format", "csv"]
    s1 = rows(output(arbitre("results", record, *both, "--serie", "s1")))
    assert [(r["name"], r["view_place"]) for r in s1] == [
        ("Ana Lopez", "1"),
        ("Zoé", "2"),
        ("Yann", "3"),
    ]
    assert s1[1]["place"] == "3"
    lyon = rows(output(arbitre("results", record, *both, "--club", "Club de Lyon")))
    assert [r["name"] for r in lyon] == ["Ana Lopez", "Zoé"]
    bel = rows(output(arbitre("results", record, *both, "--country", "BEL")))
    assert [(r["name"], r["place"], r["view_place"]) for r in bel] == [
        ("Bob", "2", "1"),
        ("Luc", "5", "2"),
    ]
    brest_only = rows(output(arbitre("results", record, *both, "--in-centre", "brest")))
    assert [r["name"] for r in brest_only] == ["Yann"]
    text = output(arbitre("results", record, "--centre", f"{brest}:Brest", "--serie", "S1"))
    assert text.splitlines()[0].split()[:3] == ["Place", "View", "Name"]
    text = output(arbitre("results", record, "--centre", f"{brest}:Brest", "--in-centre", "Brest"))
    assert text.splitlines()[-1].startswith("1 player (0 online, 1 in centres), top ")


def test_a_bad_centre_file_reports_every_bad_line(
    arbitre: Run, record: Path, tmp_path: Path, top_total: int
) -> None:
    good = centre_file(tmp_path / "good.csv", "Zoé,,,,1")
    bad = centre_file(
        tmp_path / "bad.csv",
        "Zoé,,S9,,1",
        "Luc,,,,2",
        f"Léa,,,,{top_total + 1}",
        ",,,,3",
        "Luc,,,,4",
    )
    nameless = centre_file(tmp_path / "nameless.csv", "Max,,,,1")
    done = arbitre(
        "results",
        record,
        "--centre",
        f"{bad}:Nantes",
        "--centre",
        f"{good}:Brest",
        "--centre",
        nameless,
    )
    assert done.returncode == 2
    assert done.stdout == b""
    assert done.stderr.decode().splitlines() == [
        f"{bad}:2: serie 'S9': S1 to S7, or a category",
        f"{bad}:4: total {top_total + 1} is above the cumulated top ({top_total})",
        f"{bad}:5: name: 1 to 40 printable characters",
        f"{bad}:6: the same player (name and club) as line 3",
        f"{nameless}: no centre name: give one with the file, or a centre column",
    ]


def test_a_spreadsheet_export_and_names_with_colons(
    arbitre: Run, record: Path, tmp_path: Path
) -> None:
    """A file saved by a spreadsheet (byte order mark, CRLF); a colon in the file's name and in
    the centre's."""
    path = tmp_path / "centre: Lyon.csv"
    path.write_bytes("\ufeffname,club,serie,country,total\r\nZoé,,,,7\r\n".encode())
    option = f"{path}:Lyon: Part-Dieu"
    found = rows(output(arbitre("results", record, "--centre", option, "--format", "csv")))
    assert next(r for r in found if r["name"] == "Zoé")["centre"] == "Lyon: Part-Dieu"


def test_the_record_on_stdin(arbitre: Run, record: Path) -> None:
    found = rows(output(arbitre("results", "-", "--format", "csv", stdin=record.read_bytes())))
    assert [r["name"] for r in found] == ["Ana Lopez", "Bob", "cyd"]


def test_unreadable_inputs_are_usage_errors(in_process: Run, record: Path, tmp_path: Path) -> None:
    arbitre = in_process
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "arbitre.duplicate/1", "turns": "none"}')
    for arguments, message in [
        ((tmp_path / "missing.json",), "No such file"),
        ((broken,), "'turns' is missing or not a list"),
        ((record, "--centre", tmp_path / "missing.csv"), "No such file"),
    ]:
        done = arbitre("results", *arguments)
        assert done.returncode == 2
        assert done.stdout == b""
        assert done.stderr.decode().startswith("arbitre results: ")
        assert message in done.stderr.decode()
    assert arbitre("results", record, "--format", "xml").returncode == 2
