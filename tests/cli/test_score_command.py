"""End-to-end tests of ``arbitre score`` (a real subprocess reading stdin)."""

import contextlib
import io
import json
from pathlib import Path

from arbitre.cli.score_command import MAX_LINE_BYTES, score_stream
from arbitre.engine.analysis import Analyst
from arbitre.engine.lexicon import Lexicon
from tests.cli.conftest import FailingInput, lines_of, results

EMPTY = ["." * 15] * 15
AFTER_FABACEE = ["." * 15] * 7 + ["...FABAcEE....."] + ["." * 15] * 7
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "score.jsonl"


def test_scores_each_line_and_goes_on_after_bad_ones(arbitre, word_list):
    stdin = lines_of(
        {"id": 1, "board": EMPTY, "move": "H4 FABAcEE", "rack": "?EBAAEF"},
        b"{not json",
        {"id": 3, "board": AFTER_FABACEE, "move": "10F KIEF"},
        b"\xff\xfe garbage",
        {"id": 5, "board": AFTER_FABACEE, "move": "A1 KIEF"},
        {"id": 6, "board": AFTER_FABACEE, "move": "10F KIEFS"},
    )
    out = results(arbitre("score", "--lexicon", word_list, stdin=stdin))
    assert [r["id"] for r in out] == [1, None, 3, None, 5, 6]
    assert out[0]["score"] == 80
    assert out[0]["words"] == ["FABACEE"]
    assert out[0]["in_lexicon"] is True
    assert out[1]["error_code"] == out[3]["error_code"] == "bad_json"
    assert (out[2]["score"], out[2]["legal"], out[2]["error"]) == (36, True, None)
    assert out[4]["error_code"] == "illegal_move:not_connected"
    assert out[5]["legal"] is True
    assert out[5]["unknown_words"] == ["KIEFS"]
    for result in out:
        assert set(result) >= {"id", "score", "words", "legal", "in_lexicon", "unknown_words"}
        assert set(result) >= {"error"}


def test_the_readme_example_runs_on_the_shipped_lexicons(arbitre):
    out = results(arbitre("score", stdin=EXAMPLE.read_bytes()))
    assert len(out) == len(EXAMPLE.read_text().splitlines())
    by_id = {result["id"]: result for result in out}
    assert (by_id[1]["score"], by_id[1]["in_lexicon"]) == (80, True)  # French: FABACEE
    assert by_id[3]["unknown_words"] == ["KIEFZ"]
    assert (by_id["en-1"]["score"], by_id["en-1"]["in_lexicon"]) == (32, True)  # English


def test_english_tiles_per_line_and_by_default(arbitre, word_list):
    request = {"id": "w", "board": EMPTY, "move": "H4 WINDY"}
    french, english = results(
        arbitre(
            "score", "--lexicon", word_list, stdin=lines_of(request, {**request, "tiles": "en"})
        )
    )
    assert (french["score"], english["score"]) == (68, 32)
    (default_english,) = results(
        arbitre("score", "--lexicon", word_list, "--tiles", "en", stdin=lines_of(request))
    )
    assert default_english["score"] == 32


def test_custom_tile_set_file(arbitre, word_list, tmp_path):
    tiles = tmp_path / "blanks.json"
    tiles.write_text(json.dumps({"name": "blanks", "blanks": 100, "letters": {}}))
    stdin = lines_of({"board": EMPTY, "move": "H4 fabacee"}, {"board": EMPTY, "move": "H4 KIEF"})
    blank_move, letter_move = results(
        arbitre("score", "--lexicon", word_list, "--tiles", tiles, stdin=stdin)
    )
    assert blank_move["score"] == 50
    assert letter_move["error_code"] == "unknown_letter"


def test_rules_option(arbitre, word_list):
    stdin = lines_of({"board": EMPTY, "move": "8H KIEF"})
    (duplicate,) = results(arbitre("score", "--lexicon", word_list, stdin=stdin))
    (classic,) = results(
        arbitre("score", "--lexicon", word_list, "--rules", "classic", stdin=stdin)
    )
    assert duplicate["error_code"] == "illegal_move:first_move_direction"
    assert classic["legal"]


def test_a_huge_line_is_refused_and_the_next_one_scored(arbitre, word_list):
    huge = b'{"id": 1, "pad": "' + b"x" * (2 * MAX_LINE_BYTES) + b'"}'
    stdin = lines_of(huge, {"id": 2, "board": EMPTY, "move": "H4 FABAcEE"})
    too_long, good = results(arbitre("score", "--lexicon", word_list, stdin=stdin))
    assert too_long["error_code"] == "line_too_long"
    assert good["id"] == 2
    assert good["score"] == 80


def test_deeply_nested_json_is_an_error_not_a_crash(arbitre, word_list):
    stdin = lines_of(b"[" * 30_000 + b"]" * 30_000, {"id": 2, "board": EMPTY, "move": "H4 KIEF"})
    nested, after = results(arbitre("score", "--lexicon", word_list, stdin=stdin))
    assert nested["error_code"] in {"bad_json", "bad_request"}
    assert after["id"] == 2


def test_blank_lines_are_skipped_and_last_line_needs_no_newline(arbitre, word_list):
    stdin = b"\n  \n" + json.dumps({"id": 9, "board": EMPTY, "move": "H4 FABAcEE"}).encode()
    (only,) = results(arbitre("score", "--lexicon", word_list, stdin=stdin))
    assert only["id"] == 9


def test_bad_options_exit_2(arbitre, word_list, tmp_path):
    missing = arbitre("score", "--lexicon", tmp_path / "nope.txt")
    assert missing.returncode == 2
    assert b"no lexicon" in missing.stderr
    assert arbitre("score", "--tiles", "klingon").returncode == 2
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    assert arbitre("score", "--tiles", broken).returncode == 2
    assert arbitre("score", "--rules", "chess").returncode == 2


def test_unreadable_stdin_exits_non_zero(capsys):
    out = io.StringIO()
    first = lines_of({"id": 1, "board": EMPTY, "move": "H4 FABAcEE"})
    analyst = Analyst(choose_lexicon=lambda tiles: Lexicon.from_words(["fabacée"]))
    assert score_stream(analyst, FailingInput(first), out) == 1
    assert json.loads(out.getvalue())["score"] == 80
    assert "cannot read stdin" in capsys.readouterr().err


def test_a_reader_that_goes_away_is_not_an_error(arbitre_process, word_list):
    request = {"board": EMPTY, "move": "H4 FABAcEE"}
    process = arbitre_process("score", "--lexicon", word_list)
    assert process.stdin is not None
    assert process.stdout is not None
    assert process.stderr is not None
    process.stdin.write(lines_of(request))
    process.stdin.flush()
    assert json.loads(process.stdout.readline())["score"] == 80
    process.stdout.close()  # like `| head -1`
    with contextlib.suppress(BrokenPipeError):  # arbitre stops reading once it cannot write
        process.stdin.write(lines_of(*[request] * 2000))
        process.stdin.close()
    stderr = process.stderr.read()
    assert process.wait(timeout=60) == 0
    assert b"Traceback" not in stderr
