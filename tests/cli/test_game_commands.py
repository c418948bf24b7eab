"""End-to-end tests of ``arbitre simulate`` and ``arbitre replay`` (real subprocesses)."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from arbitre.cli.game_commands import simulate
from arbitre.engine.lexicon import Lexicon, load_lexicon
from arbitre.rules import (
    RECORD_FORMAT,
    dumps_record,
    format_sheet,
    game_record,
    game_sheet,
    parse_sheet,
    preset,
)
from arbitre.rules.tiles import FRENCH
from tests.corpus import GAMES

FRENCH_TILES = sum(info.count for info in FRENCH.letters) + FRENCH.blanks
FRENCH_DUPLICATE = [g for g in GAMES if g["language"] == "fr" and g["variant"] == "duplicate"]


@pytest.fixture(scope="module")
def french(cache: Path) -> Lexicon:
    return load_lexicon("fr", cache_dir=cache)


def ok(completed: subprocess.CompletedProcess[bytes]) -> str:
    assert completed.returncode == 0, completed.stderr.decode()
    assert completed.stderr == b""
    return completed.stdout.decode()


@pytest.fixture(scope="module")
def record_7(arbitre: Any) -> str:
    """The JSON record of the game of seed 7 (FISF, normal), as ``simulate`` prints it."""
    return ok(arbitre("simulate", "--seed", 7, "--format", "json"))


# -- simulate ---------------------------------------------------------------------------------


def test_simulate_prints_a_sheet_that_adds_up(arbitre: Any, french: Lexicon) -> None:
    text = ok(arbitre("simulate", "--seed", 7))
    lines = text.splitlines()
    assert lines[0] == "fisf normal, seed 7"
    points = [
        int(line.split("|")[4].strip().rstrip("*"))
        for line in lines
        if re.match(r"\s*\d+ \|", line)
    ]
    footer = re.fullmatch(r"Top : (\d+) points en (\d+) coups", lines[-1])
    assert footer is not None, lines[-1]
    assert int(footer[1]) == sum(points)
    assert int(footer[2]) == len(points) > 10
    sheet = parse_sheet(text)
    assert sheet.title == "fisf normal, seed 7"
    assert [line.points for line in sheet.lines] == points
    assert sheet.total == sum(points)
    # the same sheet as the game played in this process
    game = simulate(preset("fisf"), 7, french)
    assert format_sheet(game_sheet(game, "fisf normal, seed 7")) == text


def test_the_json_record_is_the_same_bytes_in_every_process(
    arbitre: Any, record_7: str, french: Lexicon
) -> None:
    other = arbitre("simulate", "--seed", 7, "--format", "json", env={"PYTHONHASHSEED": "12345"})
    assert ok(other) == record_7
    record = json.loads(record_7)
    assert record["format"] == RECORD_FORMAT
    assert record["seed"] == 7
    assert record["lexicon"] == {"id": "fr", "hash": french.info.hash}
    assert record["end"] in ("bag", "no_move")
    assert record["top_total"] == sum(turn["top"]["score"] for turn in record["turns"])
    # and the record of the same game played twice in this process
    for _ in range(2):
        game = simulate(preset("fisf"), 7, french)
        assert dumps_record(game_record(game, "fr", french.info.hash)) == record_7


def test_different_seeds_give_different_games(arbitre: Any, record_7: str) -> None:
    record_8 = ok(arbitre("simulate", "--seed", 8, "--format", "json"))
    assert record_8 != record_7
    racks_7 = [turn["rack"] for turn in json.loads(record_7)["turns"]]
    racks_8 = [turn["rack"] for turn in json.loads(record_8)["turns"]]
    assert racks_7[0] != racks_8[0]


def test_partie_joker_every_tirage_holds_a_blank_while_blanks_remain(arbitre: Any) -> None:
    record = json.loads(
        ok(arbitre("simulate", "--seed", 1, "--variant", "joker", "--format", "json"))
    )
    assert record["config"]["variant"] == "joker"
    blanks_left = FRENCH.blanks  # blanks in the bag or on the rack
    with_blank = without_blank = 0
    for turn in record["turns"]:
        if blanks_left:
            assert turn["tiles"].count("?") == 1, turn
            assert "?" in turn["rack"]
            with_blank += 1
        else:
            assert "?" not in turn["tiles"], turn
            without_blank += 1
        # a blank put down stays on the board only when the bag has no letter left for it
        blanks_left -= turn["top"]["blanks"] - len(turn["swapped"])
    assert any(turn["swapped"] for turn in record["turns"])
    # seed 1 plays both blanks for good before the end: both cases are seen
    assert with_blank > 10
    assert without_blank > 0
    sheet = parse_sheet(ok(arbitre("simulate", "--seed", 1, "--variant", "joker")))
    assert sheet.title == "fisf joker, seed 1"
    assert [line.rack for line in sheet.lines] == [turn["rack"] for turn in record["turns"]]


def test_7_et_8_racks_hold_8_tiles(arbitre: Any) -> None:
    record = json.loads(
        ok(arbitre("simulate", "--seed", 5, "--variant", "7et8", "--format", "json"))
    )
    assert record["config"]["variant"] == "7et8"
    placed = 0
    for turn in record["turns"]:
        # 8 tiles while the bag and the reliquat hold 8
        assert len(turn["tiles"]) == min(8, FRENCH_TILES - placed), turn
        assert len(turn["rack"].replace("+", "").replace("-", "")) == len(turn["tiles"])
        placed += turn["top"]["tiles"]
    assert len(record["turns"][0]["tiles"]) == 8
    text = ok(arbitre("simulate", "--seed", 5, "--variant", "7et8"))
    assert len(parse_sheet(text).lines[0].rack.lstrip("-")) == 8


def test_turns_stops_the_game(arbitre: Any, record_7: str) -> None:
    record = json.loads(ok(arbitre("simulate", "--seed", 7, "--turns", 10, "--format", "json")))
    assert len(record["turns"]) == 10
    assert record["end"] == "max_turns"
    assert record["config"]["max_turns"] == 10
    # the first 10 turns of the whole game
    assert record["turns"] == json.loads(record_7)["turns"][:10]
    sheet = parse_sheet(ok(arbitre("simulate", "--seed", 7, "--turns", 10)))
    assert sheet.turns == 10
    assert sheet.total == record["top_total"]


def test_online_preset(arbitre: Any) -> None:
    record = json.loads(
        ok(arbitre("simulate", "--seed", 7, "--preset", "online", "--format", "json"))
    )
    assert record["config"]["name"] == "online"
    assert record["config"]["no_move_redraws"] == 10


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--turns", 0], "max_turns"),
        (["--variant", "scrabble"], "invalid choice"),
        (["--preset", "nope"], "invalid choice"),
        (["--lexicon", "/nonexistent/words.txt"], "nonexistent"),
        ([], "--seed"),
        (["--seed", -1], "seed -1"),
    ],
)
def test_simulate_bad_options_exit_2(arbitre: Any, arguments: list[object], message: str) -> None:
    seed = ["--seed", 1] if arguments else []
    completed = arbitre("simulate", *seed, *arguments)
    assert completed.returncode == 2
    assert message in completed.stderr.decode()
    assert completed.stdout == b""


# -- replay a record --------------------------------------------------------------------------


def test_a_simulated_record_replays(arbitre: Any, record_7: str, tmp_path: Path) -> None:
    record = json.loads(record_7)
    path = tmp_path / "game.json"
    path.write_text(record_7, encoding="utf-8")
    text = ok(arbitre("replay", path))
    lines = text.splitlines()
    assert lines[0] == (
        f"# game 1: record replays: {len(record['turns'])} turns, top {record['top_total']}, "
        f"end {record['end']}"
    )
    assert parse_sheet("\n".join(lines[1:])).total == record["top_total"]
    # from stdin, as JSON
    (report,) = map(
        json.loads,
        ok(arbitre("replay", "-", "--format", "json", stdin=record_7.encode())).splitlines(),
    )
    assert report["game"] == 1
    assert (report["turns"], report["top_total"]) == (len(record["turns"]), record["top_total"])
    # as GET /v1/games/{id}/record answers it: the kind's record with the session's part
    answered = json.dumps({"kind": "duplicate", "record": record, "names": {}}).encode()
    (report,) = map(
        json.loads, ok(arbitre("replay", "-", "--format", "json", stdin=answered)).splitlines()
    )
    assert (report["turns"], report["top_total"]) == (len(record["turns"]), record["top_total"])


def tampered(record_7: str, tmp_path: Path, change: Any) -> Path:
    record = json.loads(record_7)
    change(record)
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def test_a_record_with_another_rack_does_not_replay(
    arbitre: Any, record_7: str, tmp_path: Path
) -> None:
    turn = json.loads(record_7)["turns"][3]
    rack = turn["rack"]
    other = rack[:-1] + ("E" if rack[-1] != "E" else "A")

    def change(record: dict[str, Any]) -> None:
        record["turns"][3]["rack"] = other

    completed = arbitre("replay", tampered(record_7, tmp_path, change))
    assert completed.returncode == 1
    assert completed.stdout.decode().splitlines() == [
        f"# game 1: turn 4: the tirage is {rack}, the record says {other}"
    ]


def test_a_record_with_another_top_does_not_replay(
    arbitre: Any, record_7: str, tmp_path: Path
) -> None:
    top = json.loads(record_7)["turns"][5]["top"]

    def change(record: dict[str, Any]) -> None:
        record["turns"][5]["top"]["score"] += 1

    completed = arbitre("replay", tampered(record_7, tmp_path, change), "--format", "json")
    assert completed.returncode == 1
    (report,) = map(json.loads, completed.stdout.decode().splitlines())
    assert report["error"] == (
        f"turn 6: the top is {top['move']} ({top['score']}), the record says {top['move']} "
        f"({top['score'] + 1})"
    )


def test_a_record_with_a_bad_lexicon_field_fails_cleanly(
    arbitre: Any, record_7: str, tmp_path: Path
) -> None:
    def change(record: dict[str, Any]) -> None:
        record["lexicon"] = "fr"

    completed = arbitre("replay", tampered(record_7, tmp_path, change))
    assert completed.returncode == 1
    assert completed.stderr == b""
    assert "lexicon" in completed.stdout.decode()


# -- replay published games -------------------------------------------------------------------


@pytest.fixture(scope="module")
def french_duplicate(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The French duplicate games of the corpus, as JSON lines."""
    path = tmp_path_factory.mktemp("games") / "fr-duplicate.jsonl"
    path.write_text(
        "".join(json.dumps(game, ensure_ascii=False) + "\n" for game in FRENCH_DUPLICATE),
        encoding="utf-8",
    )
    return path


def test_the_french_duplicate_games_replay(arbitre: Any, french_duplicate: Path) -> None:
    text = ok(arbitre("replay", french_duplicate))
    summaries = [line for line in text.splitlines() if line.startswith("# ")]
    assert len(summaries) == len(FRENCH_DUPLICATE) == 9
    for number, (line, game) in enumerate(zip(summaries, FRENCH_DUPLICATE, strict=True), 1):
        plays = [turn for turn in game["turns"] if turn.get("type", "play") == "play"]
        total = sum(turn["score"] for turn in plays)
        assert line == f"# game {number}: {len(plays)} plays, {total} points, 0 scores differ"


def test_the_french_duplicate_games_with_tops(arbitre: Any, french_duplicate: Path) -> None:
    text = ok(arbitre("replay", french_duplicate, "--lexicon", "fr", "--format", "json"))
    reports = [json.loads(line) for line in text.splitlines()]
    assert [report["game"] for report in reports] == list(range(1, 10))
    for report, game in zip(reports, FRENCH_DUPLICATE, strict=True):
        plays = [turn for turn in game["turns"] if turn.get("type", "play") == "play"]
        assert len(report["turns"]) == len(plays)
        lost = 0
        for turn, play in zip(report["turns"], plays, strict=True):
            assert set(turn) == {
                "n", "rack", "move", "published", "score", "agrees", "top", "top_score", "lost"
            }  # fmt: skip
            assert turn["agrees"] is True
            assert turn["n"] == play["n"]
            assert turn["score"] == turn["published"] == play["score"]
            assert isinstance(turn["top"], str)
            assert turn["lost"] == turn["top_score"] - turn["score"]
            lost += turn["lost"]
        assert report["summary"].endswith(f", {lost} points lost against the tops")
    first = reports[0]["turns"][0]
    assert (first["move"], first["top"], first["top_score"], first["lost"]) == (
        "H4 FABAcEE",
        "H4 FABAcEE",
        80,
        0,
    )


def test_the_whole_corpus_names_its_one_known_discrepancy(arbitre: Any) -> None:
    corpus = Path(__file__).resolve().parents[1] / "data" / "corpus" / "games.jsonl"
    completed = arbitre("replay", corpus)
    assert completed.returncode == 1
    summaries = [line for line in completed.stdout.decode().splitlines() if line.startswith("# ")]
    assert len(summaries) == len(GAMES)
    differing = [line for line in summaries if not line.endswith(" 0 scores differ")]
    assert len(differing) == 1
    assert differing[0].endswith(" 1 score differs")  # not "1 scores differ"
    assert "14A BRUnCHIFY" in completed.stdout.decode()


def test_a_bad_published_game_exits_1(arbitre: Any) -> None:
    game = {"language": "fr", "variant": "duplicate", "turns": [{"n": 1, "word": "ZEBRE"}]}
    completed = arbitre("replay", "-", stdin=json.dumps(game).encode())
    assert completed.returncode == 1
    assert completed.stdout.decode() == "# game 1: turn 1: no 'rack'\n"


# -- bad files and help -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"this is not JSON\n", "neither JSON nor a FISF game sheet"),
        (b'{"language": "fr", "turns": [\n', "line 1: not JSON"),
        (b"", "no game"),
        (b"\xff\xfe\x00", "utf-8"),
    ],
    ids=["text", "truncated", "empty", "binary"],
)
def test_an_unreadable_file_exits_2(
    arbitre: Any, tmp_path: Path, content: bytes, message: str
) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    completed = arbitre("replay", path)
    assert completed.returncode == 2
    assert completed.stdout == b""
    stderr = completed.stderr.decode()
    assert stderr.startswith("arbitre replay: ")
    assert message in stderr


def test_a_missing_file_exits_2(arbitre: Any, tmp_path: Path) -> None:
    completed = arbitre("replay", tmp_path / "nowhere.json")
    assert completed.returncode == 2
    assert completed.stdout == b""
    assert "nowhere.json" in completed.stderr.decode()


def test_help(arbitre: Any) -> None:
    text = ok(arbitre("simulate", "--help"))
    for option in ("--seed", "--preset", "--variant", "--turns", "--lexicon", "--format"):
        assert option in text
    for choice in ("fisf", "online", "joker", "7sur8", "7et8", "sheet", "json"):
        assert choice in text
    text = ok(arbitre("replay", "--help"))
    for word in ("GAME", "--lexicon", "--format", "text", "json", "FISF game sheet"):
        assert word in text


def test_a_game_sheet_replays_with_its_tops(arbitre: Any, tmp_path: Path) -> None:
    sheet = ok(arbitre("simulate", "--seed", 4, "--turns", 6))
    path = tmp_path / "sheet.txt"
    path.write_text(sheet, encoding="utf-8")
    report = json.loads(ok(arbitre("replay", path, "--lexicon", "fr", "--format", "json")))
    assert [turn["score"] for turn in report["turns"]] == [
        line.points for line in parse_sheet(sheet).lines
    ]
    assert all(turn["agrees"] and turn["lost"] == 0 for turn in report["turns"])
    broken = sheet.replace("Top :", "Total :")
    path.write_text(broken, encoding="utf-8")
    completed = arbitre("replay", path)
    assert completed.returncode == 2
    assert b"neither JSON nor a FISF game sheet" in completed.stderr


def test_counts_agree_with_their_noun(arbitre: Any, tmp_path: Path) -> None:
    """A one-turn record replays as "1 turn", an English simulation plays English tiles."""
    path = tmp_path / "one.json"
    path.write_text(ok(arbitre("simulate", "--seed", 5, "--turns", 1, "--format", "json")))
    assert ok(arbitre("replay", path)).startswith("# game 1: record replays: 1 turn, top ")
    options = ("--seed", 5, "--turns", 1, "--lexicon", "en", "--format", "json")
    english = json.loads(ok(arbitre("simulate", *options)))
    assert english["config"]["tiles"] == "en"
