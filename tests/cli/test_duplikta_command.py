"""Tests of ``arbitre duplikta resolve``: in-process over a small word list, and as a subprocess
over the shipped French lexicon and a word-list file. French values: J 8, the others here 1."""

from __future__ import annotations

import functools
import io
import json
from pathlib import Path
from typing import Any

import pytest

from arbitre.cli.duplikta_command import MAX_LINE_BYTES, resolve_line, resolve_stream
from arbitre.engine.kind_tools import tools_for
from arbitre.engine.lexicon import Lexicon
from arbitre.engine.robots.duplikta import deal
from arbitre.rules.kinds.base import DealOrder
from arbitre.rules.kinds.duplikta.config import configure
from arbitre.rules.kinds.duplikta.resolution import resolution_random
from arbitre.rules.kinds.duplikta.scenario import scenario_seed
from arbitre.rules.tiles import TileSet
from tests.cli.conftest import FailingInput, lines_of, results

EMPTY = ["." * 15] * 15
WORDS = Lexicon.from_words(["jour", "jours", "le", "la"])


def words(tiles: TileSet) -> Lexicon:
    return WORDS


def turn(**fields: Any) -> dict[str, Any]:
    """A turn on the empty board with the rack JOURSET; ``fields`` replace or add."""
    return {"id": 1, "board": EMPTY, "rack": "JOURSET", "options": {"clock": 0}, **fields}


def resolved(*requests: object) -> list[dict[str, Any]]:
    """The answers of ``resolve_stream`` to ``requests`` (dicts, or bytes as they are)."""
    out = io.StringIO()
    assert resolve_stream(words, io.BytesIO(lines_of(*requests)), out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def one(request: dict[str, Any]) -> dict[str, Any]:
    (answer,) = resolved(request)
    return answer


def test_more_tokens_win_with_5_per_extra_token() -> None:
    # H8 JOURS: (8+1+1+1+1x2) x 2 = 26; H8 JOUR: (8+1+1+1) x 2 = 22.
    answer = one(turn(moves={"ana": "H8 JOURS", "bob": "H8 JOUR"}))
    assert (answer["id"], answer["installed"], answer["criterion"]) == (1, "ana", "tiles")
    ana, bob = answer["players"]["ana"], answer["players"]["bob"]
    assert (ana["points"], ana["bonuses"], ana["score"], ana["tiles"]) == (31, {"tiles": 5}, 26, 5)
    assert (bob["points"], bob["bonuses"], bob["accepted"], bob["passed"]) == (22, {}, True, False)
    assert "error_code" not in ana


def test_the_better_score() -> None:
    # 8H JOURS goes down to L8, a double letter too; H4 JOURS starts on a double letter:
    # (8x2+1+1+1+1) x 2 = 40.
    answer = one(turn(moves={"ana": "H8 JOURS", "bob": "H4 JOURS"}))
    assert (answer["installed"], answer["criterion"]) == ("bob", "score")
    assert answer["players"]["bob"]["points"] == 40


def test_the_faster_with_the_clock_gets_2_and_a_vertical_first_word() -> None:
    answer = one(
        turn(
            moves={"ana": "H8 JOUR", "bob": "8H JOUR"},
            confirm_ms={"ana": 5_000, "bob": 4_000},
            options={"clock": 60},
        )
    )
    assert (answer["installed"], answer["criterion"]) == ("bob", "speed")
    assert answer["players"]["bob"]["points"] == 24
    assert answer["players"]["bob"]["bonuses"] == {"speed": 2}


def test_total_previous_and_chances() -> None:
    same = {"moves": {"ana": "H8 JOUR", "bob": "8H JOUR"}}
    by_total = one(turn(**same, totals={"ana": 90, "bob": 120}, previous={"ana": 50}))
    assert (by_total["installed"], by_total["criterion"]) == ("bob", "total")
    by_previous = one(turn(**same, previous={"ana": 50, "bob": 12}))
    assert (by_previous["installed"], by_previous["criterion"]) == ("ana", "previous")
    by_chances = one(turn(**same, chances={"ana": 2, "bob": 2.5}))
    assert (by_chances["installed"], by_chances["criterion"]) == ("bob", "chances")
    in_halves = one(turn(**same, chances_halves={"ana": 5, "bob": 4}))
    assert (in_halves["installed"], in_halves["criterion"]) == ("ana", "chances")


def test_a_draw_from_the_seed() -> None:
    for seed in range(6):
        answer = one(turn(moves={"ana": "H8 JOUR", "bob": "8H JOUR"}, seed=seed))
        expected = ("ana", "bob")[resolution_random(seed).randrange(2)]
        assert (answer["installed"], answer["criterion"]) == (expected, "draw")


def test_a_refused_move_and_reversed_words() -> None:
    locked = one(turn(moves={"ana": "H8 RUOJ", "bob": None}, options={"clock": 0, "chances": 4}))
    ana = locked["players"]["ana"]
    assert (ana["accepted"], ana["error_code"], ana["unknown_words"]) == (
        False,
        "invalid_words",
        ["RUOJ"],
    )
    assert (ana["points"], ana["penalty"]) == (-11, 11)
    assert (locked["installed"], locked["criterion"]) == (None, "none")
    unlocked = one(turn(moves={"ana": "H8 RUOJ", "bob": None}))
    assert unlocked["players"]["ana"]["reversed_words"] == ["RUOJ"]
    assert (unlocked["installed"], unlocked["players"]["ana"]["points"]) == ("ana", 22 + 20)


def test_a_pass_with_the_loupe() -> None:
    answer = one(
        turn(moves={"ana": "H8 JOUR", "bob": None}, loupe={"bob": "J"}, returned={"bob": "ST"})
    )
    bob = answer["players"]["bob"]
    assert (bob["passed"], bob["penalty"], bob["points"]) == (True, 15, -15)
    assert answer["installed"] == "ana"


def test_each_bad_line_gets_its_error_and_the_run_goes_on() -> None:
    good = turn(moves={"ana": "H8 JOUR", "bob": None})
    out = resolved(
        b"{not json",
        {**good, "id": 2},
        b"[1, 2]",
        {**good, "id": 4, "moves": {"ana": "H8 JOUR"}},
        {**good, "id": 5, "moves": {"ana": "A1 JOUR", "bob": None}},
        {**good, "id": 6, "board": ["..."]},
        {**good, "id": 7, "options": {"clock": 7}},
        {**good, "id": 8, "chances": {"ana": 2.3}},
        {**good, "id": 9, "chances": {"ana": 2}, "chances_halves": {"bob": 2}},
        {**good, "id": 10, "totals": {"cy": 4}},
        {**good, "id": 11, "rack": "JOURSETS"},
        {**good, "id": 12, "loupe": {"ana": "J"}},
        {**good, "id": 13, "moves": {"ana": "H8 JOURS", "bob": "H8 JUST"}, "rack": "JOUR"},
        {**good, "id": 14, "seed": -1},
        {**good, "id": 15, "confirm_ms": {"ana": "fast"}},
        {**good, "id": 16, "returned": {"bob": "K"}},
        {**good, "id": 17},
    )
    assert [answer["id"] for answer in out] == [None, 2, None, *range(4, 18)]
    codes = [answer.get("error_code") for answer in out]
    assert codes == [
        "bad_json",
        None,
        "bad_request",
        "bad_request",
        "illegal_move:first_move_centre",
        "bad_board",
        "bad_config",
        "bad_request",
        "bad_request",
        "bad_request",
        "bad_rack",
        "bad_request",
        "illegal_move:not_on_rack",
        "bad_request",
        "bad_request",
        "illegal_move:not_on_rack",
        None,
    ]
    assert out[4]["error"].startswith("ana: ")
    assert out[12]["error"].startswith("ana: ")
    assert set(out[4]) == {"id", "error", "error_code"}


def test_a_line_too_long_is_refused_and_the_next_one_resolved() -> None:
    huge = b'{"id": 1, "pad": "' + b"x" * (2 * MAX_LINE_BYTES) + b'"}'
    out = resolved(huge, turn(id=2, moves={"ana": "H8 JOUR", "bob": None}))
    assert out[0] == {
        "id": None,
        "error": f"line longer than {MAX_LINE_BYTES} bytes",
        "error_code": "line_too_long",
    }
    assert out[1]["installed"] == "ana"


def test_an_unreadable_stdin_ends_the_run_with_1(capsys: pytest.CaptureFixture[str]) -> None:
    first = json.dumps(turn(moves={"ana": "H8 JOUR", "bob": None})).encode() + b"\n"
    out = io.StringIO()
    assert resolve_stream(words, FailingInput(first), out) == 1
    assert json.loads(out.getvalue())["installed"] == "ana"
    assert "cannot read stdin" in capsys.readouterr().err


def test_resolve_line_never_raises_for_bad_bytes() -> None:
    for line in (b"\xff\xfe garbage", b"[" * 30_000 + b"]" * 30_000, b"null", b'"JOUR"'):
        answer = resolve_line(words, line)
        assert set(answer) == {"id", "error", "error_code"}


@pytest.fixture(scope="module")
def duplikta(arbitre: Any) -> Any:
    """Run ``python -m arbitre duplikta ARGS`` on ``stdin``; returns CompletedProcess."""
    return functools.partial(arbitre, "duplikta")


def test_resolve_as_a_subprocess_with_the_shipped_lexicon(duplikta: Any) -> None:
    stdin = lines_of(
        turn(moves={"ana": "H8 JOURS", "bob": "H8 JOUR"}),
        b"oops",
        turn(id=3, moves={"ana": "H8 SOJU", "bob": None}, options={"clock": 0, "chances": 0}),
    )
    first, second, third = results(duplikta("resolve", stdin=stdin))
    assert (first["installed"], first["players"]["ana"]["points"]) == ("ana", 31)
    assert second["error_code"] == "bad_json"
    assert third["players"]["ana"]["unknown_words"] == ["SOJU"]


def test_resolve_with_a_word_list(duplikta: Any, word_list: Path) -> None:
    # The list holds KIEF: H8 KIEF scores (10+1+1+4) x 2 = 32.
    request = {
        "id": "k",
        "board": EMPTY,
        "rack": "KIEFAAA",
        "moves": {"ana": "H8 KIEF", "bob": "H8 FIEK"},
        "options": {"chances": 0},
    }
    (answer,) = results(duplikta("resolve", "--lexicon", word_list, stdin=lines_of(request)))
    assert (answer["installed"], answer["criterion"]) == ("ana", "tiles")
    assert answer["players"]["ana"]["points"] == 32 + 20
    assert answer["players"]["bob"]["error_code"] == "invalid_words"


def test_an_unknown_lexicon_is_a_bad_option(duplikta: Any) -> None:
    completed = duplikta("resolve", "--lexicon", "no-such-lexicon")
    assert completed.returncode == 2
    assert b"no-such-lexicon" in completed.stderr


def test_deal_without_a_seed_deals_the_numbers_scenario(duplikta: Any) -> None:
    """Without ``--seed``, ``deal`` deals the game a server deals for ``config.scenario``
    ``{number, level}``: the number's seed, the same for everyone."""
    completed = duplikta("deal", "--number", "41", "--level", "6", "--options", '{"clock": 0}')
    assert completed.returncode == 0, completed.stderr
    record = json.loads(completed.stdout)["record"]
    assert record["seed"] == scenario_seed(41)
    assert (record["number"], record["level"]) == (41, 6)
    expected = deal(
        DealOrder({"number": 41, "level": 6}, configure({"clock": 0}), scenario_seed(41)),
        tools_for("duplikta", configure({"clock": 0})),
    )
    assert record == expected
