"""End-to-end tests of ``arbitre solve`` (a real subprocess reading stdin)."""

import functools
import io
import json
import random
import select
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from arbitre.cli.solve_command import MAX_LINE_BYTES, Solver, solve_stream
from arbitre.engine.lexicon import Lexicon, load_lexicon
from arbitre.engine.movegen import MoveGenerator
from arbitre.rules.board import Board
from arbitre.rules.placement import place
from arbitre.rules.play_rules import DUPLICATE
from arbitre.rules.tiles import BLANK, FRENCH
from tests.cli.conftest import FailingInput, lines_of, results

EMPTY = ["." * 15] * 15
AFTER_FABACEE = ["." * 15] * 7 + ["...FABAcEE....."] + ["." * 15] * 7
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "solve.jsonl"
FIELDS = ["id", "best_score", "best_moves", "top", "n_moves", "micros"]


@pytest.fixture(scope="module")
def solve(arbitre):
    """Run ``python -m arbitre solve ARGS`` on ``stdin``; returns CompletedProcess."""
    return functools.partial(arbitre, "solve")


def mid_game_positions(generator, seed, count):
    """``count`` requests from duplicate games where the top is played each turn."""
    rng = random.Random(seed)
    found: list[dict[str, object]] = []
    while len(found) < count:
        bag = [info.letter for info in FRENCH.letters for _ in range(info.count)]
        bag += [BLANK] * FRENCH.blanks
        rng.shuffle(bag)
        board, rack = Board.empty(), ""
        while bag and len(found) < count:
            while len(rack) < 7 and bag:
                rack += bag.pop()
            if not board.is_empty():
                found.append({"id": len(found), "board": list(board.rows()), "rack": rack})
            top = generator.top(board, rack).top
            if top is None:
                break
            placement = place(board, top.move, FRENCH, DUPLICATE)
            board.apply(placement)
            for tile in placement.rack_tiles:
                rack = rack.replace(tile, "", 1)
    return found


def without_micros(completed):
    out = results(completed)
    for result in out:
        assert isinstance(result.pop("micros", 0), int)
    return out


def test_fields_order_and_the_example_file(solve):
    out = results(solve(stdin=EXAMPLE.read_bytes()))
    assert len(out) == len(EXAMPLE.read_text().splitlines())
    assert [r["id"] for r in out] == [1, 2, "no-move", 3, "bad-rack", 4, None]
    for result in out:
        if "error" not in result:
            assert list(result) == FIELDS
            assert result["micros"] >= 0
    by_id = {result["id"]: result for result in out}
    assert (by_id[2]["best_score"], by_id[2]["top"], by_id[2]["best_moves"]) == (
        36,
        "10F KIEF",
        ["10F KIEF"],
    )
    no_move = by_id["no-move"]
    assert [no_move[key] for key in FIELDS[1:5]] == [0, [], None, 0]
    assert (by_id[4]["best_score"], by_id[4]["top"]) == (81, "A6 ALLOUES")
    assert list(by_id["bad-rack"]) == ["id", "error", "error_code"]
    assert by_id["bad-rack"]["error_code"] == "bad_rack"
    assert out[-1]["error_code"] == "bad_json"


def test_the_top_on_an_empty_board(solve):
    (result,) = results(
        solve("--all", stdin=lines_of({"id": "e", "board": EMPTY, "rack": "EEUESI?"}))
    )
    assert result["best_score"] == 64
    assert result["top"] == "H2 EpIEUSE"  # fewest blanks, most tiles, then reading order
    best = result["best_moves"]
    assert best[:2] == ["H2 EpIEUSE", "H2 EpUISEE"]
    assert set(best) == {m["move"] for m in result["moves"] if m["score"] == 64}
    columns = [int(move.split()[0][1:]) for move in best]
    assert columns == sorted(columns)  # reading order
    assert all(move.startswith("H") for move in best)  # the first move is horizontal
    assert result["n_moves"] == len(result["moves"]) > 1000


def test_all_lists_every_move_best_first_and_limit_caps_it(solve):
    request = lines_of({"id": 1, "board": AFTER_FABACEE, "rack": "KEELIFE"})
    (plain,) = results(solve(stdin=request))
    (every,) = results(solve("--all", stdin=request))
    (capped,) = results(solve("--all", "--limit", 5, stdin=request))
    (none,) = results(solve("--all", "--limit", 0, stdin=request))
    assert "moves" not in plain
    assert list(every) == [*FIELDS, "moves"]
    scores = [m["score"] for m in every["moves"]]
    assert scores == sorted(scores, reverse=True)
    assert len(every["moves"]) == every["n_moves"] == plain["n_moves"] == 175
    assert every["moves"][0] == {"move": "10F KIEF", "score": 36}
    assert capped["moves"] == every["moves"][:5]
    assert capped["n_moves"] == none["n_moves"] == 175
    assert none["moves"] == []
    no_all = solve("--limit", 5, stdin=request)
    assert no_all.returncode == 2
    assert b"--all" in no_all.stderr


def test_bad_lines_get_an_error_and_the_run_goes_on(solve, tmp_path):
    good = {"id": "ok", "board": AFTER_FABACEE, "rack": "KEELIFE"}
    bad = [
        (b"{not json", None, "bad_json"),
        (b"\xff\xfe garbage", None, "bad_json"),
        (b"[" * 30_000 + b"]" * 30_000, None, "bad_json"),
        (b"[1, 2]", None, "bad_request"),
        ({"id": "tiles", "board": EMPTY, "rack": "A", "tiles": "en"}, "tiles", "bad_request"),
        ({"id": "no-board", "rack": "A"}, "no-board", "bad_board"),
        ({"id": "rows", "board": EMPTY[:14], "rack": "A"}, "rows", "bad_board"),
        ({"id": "char", "board": ["#" * 15, *EMPTY[1:]], "rack": "A"}, "char", "bad_board"),
        ({"id": "board-str", "board": "." * 225, "rack": "A"}, "board-str", "bad_board"),
        ({"id": "no-rack", "board": EMPTY}, "no-rack", "bad_rack"),
        ({"id": "rack-int", "board": EMPTY, "rack": 7}, "rack-int", "bad_rack"),
        ({"id": "rack-char", "board": EMPTY, "rack": "AB3"}, "rack-char", "bad_rack"),
        ({"id": "rack-long", "board": EMPTY, "rack": "ABCDEFGH"}, "rack-long", "bad_rack"),
    ]
    stdin = b"\n  \n" + b"".join(lines_of(line, good) for line, _, _ in bad)
    out = results(solve(stdin=stdin))
    assert len(out) == 2 * len(bad)
    for (_, request_id, code), error, after in zip(bad, out[::2], out[1::2], strict=True):
        assert error["id"] == request_id
        assert error["error_code"] == code, error
        assert list(error) == ["id", "error", "error_code"]
        assert isinstance(error["error"], str)
        assert error["error"]
        assert (after["id"], after["top"]) == ("ok", "10F KIEF")


def test_board_letters_the_tile_set_lacks(solve, tmp_path, word_list):
    tiles = tmp_path / "blanks.json"
    tiles.write_text(json.dumps({"name": "blanks", "blanks": 100, "letters": {}}))
    stdin = lines_of(
        {"id": 1, "board": AFTER_FABACEE, "rack": "??"},
        {"id": 2, "board": EMPTY, "rack": "K"},
        {"id": 3, "board": EMPTY, "rack": "???????"},
    )
    lacks, rack_lacks, blanks = results(
        solve("--lexicon", word_list, "--tiles", tiles, stdin=stdin)
    )
    assert lacks["error_code"] == "unknown_letter"
    assert "F" in lacks["error"]
    assert rack_lacks["error_code"] == "bad_rack"
    assert blanks["best_score"] == 50  # FABACEE all in blanks: the bonus only


def test_a_huge_line_is_refused_and_the_next_one_solved(solve):
    huge = b'{"id": 1, "pad": "' + b"x" * (2 * MAX_LINE_BYTES) + b'"}'
    stdin = lines_of(huge, {"id": 2, "board": AFTER_FABACEE, "rack": "KEELIFE"})
    for threads in (1, 2):
        too_long, good = results(solve("--threads", threads, stdin=stdin))
        assert too_long == {
            "id": None,
            "error": f"line longer than {MAX_LINE_BYTES} bytes",
            "error_code": "line_too_long",
        }
        assert (good["id"], good["best_score"]) == (2, 36)


def test_threads_give_the_same_output_in_input_order(solve, cache, tmp_path):
    generator = MoveGenerator(load_lexicon("fr", cache_dir=cache))
    requests = mid_game_positions(generator, seed=2024, count=50)
    stdin = lines_of(*requests, b"not json", {"id": "bad", "board": EMPTY, "rack": "1"})
    one = without_micros(solve("--all", "--limit", 20, "--threads", 1, stdin=stdin))
    two = without_micros(solve("--all", "--limit", 20, "--threads", 2, stdin=stdin))
    assert one == two
    assert [r["id"] for r in one] == [*range(50), None, "bad"]
    assert sum(r["n_moves"] for r in one[:50]) > 5000
    assert len({r["best_score"] for r in one[:50]}) > 10  # varied positions
    board = Board.from_rows(requests[10]["board"])
    direct = generator.prepare(board).solve(requests[10]["rack"]).top
    assert direct.top is not None
    assert (one[10]["best_score"], one[10]["top"]) == (direct.best_score, direct.top.notation)


def test_tie_break_option(solve, word_list):
    stdin = lines_of({"board": AFTER_FABACEE, "rack": "A?"})
    (default,) = results(solve("--lexicon", word_list, stdin=stdin))
    (alphabetical,) = results(
        solve("--lexicon", word_list, "--tie-break", "alphabetical", stdin=stdin)
    )
    assert (
        default["best_moves"] == alphabetical["best_moves"] == ["5G lA", "7G lA", "5H Ah", "7H Ah"]
    )
    assert (default["top"], alphabetical["top"]) == ("5G lA", "5H Ah")


def test_tiles_and_rules_options(solve, word_list):
    stdin = lines_of({"board": EMPTY, "rack": "WINDY"})
    (french,) = results(solve("--lexicon", word_list, stdin=stdin))
    (english,) = results(solve("--lexicon", word_list, "--tiles", "en", stdin=stdin))
    assert (french["best_score"], english["best_score"]) == (68, 32)
    (duplicate,) = results(solve("--lexicon", word_list, "--all", stdin=stdin))
    (classic,) = results(solve("--lexicon", word_list, "--all", "--rules", "classic", stdin=stdin))
    assert all(m["move"].startswith("H") for m in duplicate["moves"])  # first move horizontal
    assert classic["n_moves"] == 2 * duplicate["n_moves"]  # vertical first moves too
    assert classic["best_moves"] == duplicate["best_moves"]


def test_bad_options_exit_2(solve, tmp_path):
    missing = solve("--lexicon", tmp_path / "nope.txt")
    assert missing.returncode == 2
    assert b"no lexicon" in missing.stderr
    assert solve("--tiles", "klingon").returncode == 2
    assert solve("--rules", "chess").returncode == 2
    bad_key = solve("--tie-break", "fewest_blanks,shortest")
    assert bad_key.returncode == 2
    assert b"shortest" in bad_key.stderr
    for threads in ("0", "-1", "two"):
        assert solve("--threads", threads).returncode == 2
    assert solve("--all", "--limit", "-1").returncode == 2


def test_help(solve):
    completed = solve("--help")
    assert completed.returncode == 0
    text = completed.stdout.decode()
    for option in ("--lexicon", "--tiles", "--rules", "--tie-break", "--all", "--limit"):
        assert option in text
    assert "--threads" in text
    assert "reading_order" in text  # the tie-break keys are listed
    listing = subprocess.run(
        [sys.executable, "-m", "arbitre", "--help"], capture_output=True, check=True
    )
    assert b"solve" in listing.stdout


def read_result(process, timeout=60):
    ready, _, _ = select.select([process.stdout], [], [], timeout)
    assert ready, "no answer in time"
    return json.loads(process.stdout.readline())


@pytest.mark.parametrize("threads", [1, 2])
def test_a_reader_that_goes_away_is_not_an_error(arbitre_process, threads):
    request = {"board": AFTER_FABACEE, "rack": "KEELIFE"}
    process = arbitre_process("solve", "--threads", threads)
    assert process.stdin is not None
    assert process.stdout is not None
    assert process.stderr is not None
    process.stdin.write(lines_of(request))
    process.stdin.flush()
    assert read_result(process)["best_score"] == 36
    process.stdout.close()  # like `| head -1`
    try:  # arbitre stops reading once it cannot write
        process.stdin.write(lines_of(*[request] * 2000))
        process.stdin.close()
    except BrokenPipeError:
        pass
    stderr = process.stderr.read()
    assert process.wait(timeout=60) == 0
    assert b"Traceback" not in stderr
    assert stderr == b""


def test_head_in_a_shell_pipeline(environment, tmp_path):
    positions = tmp_path / "many.jsonl"
    positions.write_bytes(lines_of(*[{"board": AFTER_FABACEE, "rack": "KEELIFE"}] * 3000))
    python, source = shlex.quote(sys.executable), shlex.quote(str(positions))
    command = f"set -o pipefail; {python} -m arbitre solve --threads 2 < {source} | head -1"
    completed = subprocess.run(
        ["bash", "-c", command], capture_output=True, env=environment, check=False, timeout=120
    )
    assert completed.returncode == 0, completed.stderr.decode()
    assert completed.stderr == b""
    assert json.loads(completed.stdout)["top"] == "10F KIEF"


def test_each_answer_comes_before_the_next_line_with_threads(arbitre_process):
    """A program that writes one line and waits for its answer is not kept waiting."""
    process = arbitre_process("solve", "--threads", 2)
    assert process.stdin is not None
    for n in range(3):
        process.stdin.write(lines_of({"id": n, "board": AFTER_FABACEE, "rack": "KEELIFE"}))
        process.stdin.flush()
        assert read_result(process)["id"] == n
    process.stdin.close()
    assert process.wait(timeout=60) == 0


@pytest.mark.parametrize("threads", [1, 3])
def test_unreadable_stdin_exits_non_zero_after_the_lines_read(capsys, threads):
    solver = Solver(MoveGenerator(Lexicon.from_words(["fabacée", "kief"])))
    first = lines_of({"id": 1, "board": EMPTY, "rack": "?EBAAEF"})
    second = lines_of({"id": 2, "board": AFTER_FABACEE, "rack": "KIEF"})
    out = io.StringIO()
    assert solve_stream(solver, FailingInput(first, second), out, threads) == 1
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [(a["id"], a["best_score"]) for a in answers] == [(1, 80), (2, 36)]
    assert "cannot read stdin" in capsys.readouterr().err
