"""Tests of ``arbitre duel`` (``mark``, ``words``, ``play``): in-process and as a subprocess."""

from __future__ import annotations

import functools
import io
import json
import os
import select
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from arbitre.cli import main
from arbitre.cli.duel_command import MAX_LINE_BYTES, mark_line, mark_stream, play
from arbitre.engine import duel_words
from arbitre.engine.robots.duel import TRIES
from arbitre.engine.robots.duplicate import RobotLevel
from arbitre.rules.kinds.duel import alphabet
from arbitre.rules.kinds.duel.marks import mark, text
from tests.cli.conftest import FailingInput, lines_of, results

#: The ``arbitre`` script that ``pip install`` put next to this interpreter.
ENTRY_POINT = Path(sys.executable).with_name("arbitre")

FRENCH = alphabet.language("fr")
ENGLISH = alphabet.language("en")


@pytest.fixture(scope="module")
def duel(arbitre: Any) -> Any:
    """Run ``python -m arbitre duel ARGS`` on ``stdin``; returns CompletedProcess."""
    return functools.partial(arbitre, "duel")


def marked(*requests: object, language: alphabet.Language = ENGLISH) -> list[dict[str, Any]]:
    """The answers of ``mark_stream`` to ``requests`` (dicts, or bytes as they are)."""
    out = io.StringIO()
    assert mark_stream(language, io.BytesIO(lines_of(*requests)), out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def marks_of(secret: str, guess: str, language: str) -> str:
    (answer,) = marked({"id": 0, "secret": secret, "guess": guess, "language": language})
    assert set(answer) == {"id", "marks"}, answer
    marks: str = answer["marks"]
    return marks


# --- mark ---------------------------------------------------------------------------------


def test_the_seeds_examples() -> None:
    out = marked(
        {"id": 1, "secret": "FORTE", "guess": "OCTET"},
        {"id": 2, "secret": "TARTE", "guess": "OCTET"},
        {"id": 3, "secret": "CHIOT", "guess": "OCTET"},
        language=FRENCH,
    )
    assert out == [
        {"id": 1, "marks": "Y.YYx"},
        {"id": 2, "marks": "..YYY"},
        {"id": 3, "marks": "YYx.G"},
    ]


def test_words_as_people_type_them() -> None:
    assert marks_of("forté", "Octet", "fr") == "Y.YYx"
    assert marks_of("FORTE", "forté", "fr") == "GGGGG"
    assert marks_of(" crane ", "CRANE", "en") == marks_of("crane", "crane", "en")


def test_korean_syllables_are_marked_by_jamo() -> None:
    # 사랑 = ㅅㅏㄹㅏㅇ, 사람 = ㅅㅏㄹㅏㅁ: five jamo each.
    assert marks_of("사랑", "사람", "ko") == "GGGG."
    # 과자 = ㄱㅗㅏㅈㅏ: the compound vowel ㅘ is two letters, and each ㅏ finds one in 사랑.
    assert marks_of("사랑", "과자", "ko") == "..Y.Y"


def test_turkish_dotted_and_dotless_i_are_two_letters() -> None:
    # kırık: K I R I K (dotless); kirik: K İ R İ K (a lowercase i is the dotted İ in Turkish).
    assert marks_of("kırık", "kirik", "tr") == "G.G.G"
    assert marks_of("KIRIK", "kırık", "tr") == "GGGGG"
    assert marks_of("KİRİK", "kirik", "tr") == "GGGGG"


def test_spanish_enye_is_a_letter_of_its_own() -> None:
    assert marks_of("niños", "ninos", "es") == "GGxGG"
    assert marks_of("niños", "ninos", "en") == "GGGGG"


def test_the_option_is_the_language_of_lines_that_name_none() -> None:
    lines = [{"id": "x", "secret": "niños", "guess": "ninos"}]
    assert marked(*lines, language=alphabet.language("es"))[0]["marks"] == "GGxGG"
    assert marked(*lines)[0]["marks"] == "GGGGG"  # the default: English
    per_line = [{**lines[0], "language": "en"}]
    assert marked(*per_line, language=alphabet.language("es"))[0]["marks"] == "GGGGG"


def test_each_bad_line_gets_its_error_and_the_run_goes_on() -> None:
    good = {"secret": "FORTE", "guess": "OCTET", "language": "fr"}
    out = marked(
        b"{not json",
        {"id": 2, **good},
        {"id": 3, "secret": "FORT", "guess": "OCTET"},
        {"id": 4, "secret": "FORTE", "guess": "OCT3T"},
        {"id": 5, **good, "language": "klingon"},
        b"[1, 2]",
        {"id": 7, "guess": "OCTET"},
        {"id": 8, "secret": "FORTE", "guess": 12345},
        {"id": 9, **good, "language": 7},
        {"id": 10, "secret": "FORTES", "guess": "OCTET"},
        {"id": 11, **good},
    )
    assert [answer["id"] for answer in out] == [None, 2, 3, 4, 5, None, 7, 8, 9, 10, 11]
    codes = [answer.get("error_code") for answer in out]
    assert codes == [
        "bad_json",
        None,
        "wrong_length",
        "not_a_letter",
        "unknown_language",
        "bad_request",
        "bad_request",
        "bad_request",
        "bad_request",
        "wrong_length",
        None,
    ]
    assert (out[1], out[-1]) == ({"id": 2, "marks": "Y.YYx"}, {"id": 11, "marks": "Y.YYx"})
    for answer in out:
        if "error" in answer:
            assert set(answer) == {"id", "error", "error_code"}
            assert answer["error"]
    assert out[2]["error"].startswith("secret")
    assert out[3]["error"].startswith("guess")
    assert "guess" in out[7]["error"]


def test_a_line_too_long_is_refused_and_the_next_one_marked() -> None:
    huge = b'{"id": 1, "pad": "' + b"x" * (3 * MAX_LINE_BYTES) + b'"}'
    too_long, good = marked(huge, {"id": 2, "secret": "CRANE", "guess": "CRANE"})
    assert too_long == {
        "id": None,
        "error": f"line longer than {MAX_LINE_BYTES} bytes",
        "error_code": "line_too_long",
    }
    assert good == {"id": 2, "marks": "GGGGG"}


def test_a_line_of_exactly_the_limit_is_read() -> None:
    request = json.dumps({"id": 1, "secret": "CRANE", "guess": "CRANE", "pad": ""}).encode()
    padded = request[:-2] + b"x" * (MAX_LINE_BYTES - len(request)) + request[-2:]
    assert len(padded) == MAX_LINE_BYTES
    assert marked(padded) == [{"id": 1, "marks": "GGGGG"}]


def test_blank_lines_are_skipped_and_the_last_line_needs_no_newline() -> None:
    out = io.StringIO()
    source = io.BytesIO(b"\n  \n\r\n" + json.dumps({"id": 9, "secret": "a", "guess": "b"}).encode())
    assert mark_stream(ENGLISH, source, out) == 0
    (only,) = [json.loads(line) for line in out.getvalue().splitlines()]
    assert (only["id"], only["error_code"]) == (9, "wrong_length")


def test_any_json_id_is_echoed() -> None:
    ids = [None, 0, "a", [1, "b"], {"k": 1}, 2.5]
    out = marked(*({"id": i, "secret": "CRANE", "guess": "SLATE"} for i in ids))
    assert [answer["id"] for answer in out] == ids
    assert {answer["marks"] for answer in out} == {"..G.G"}
    assert marked({"secret": "CRANE", "guess": "SLATE"}) == [{"id": None, "marks": "..G.G"}]


class CountingOutput(io.StringIO):
    """A text output that counts its flushes."""

    flushes = 0

    def flush(self) -> None:
        self.flushes += 1
        super().flush()


@pytest.mark.parametrize(("flush_each", "flushes"), [(False, 1), (True, 4)])
def test_answers_are_flushed_per_line_only_when_asked(flush_each: bool, flushes: int) -> None:
    out = CountingOutput()
    source = io.BytesIO(lines_of(*[{"secret": "CRANE", "guess": "CRANE"}] * 3))
    assert mark_stream(ENGLISH, source, out, flush_each=flush_each) == 0
    assert out.flushes == flushes  # with flush_each: one per line and one at the end
    assert len(out.getvalue().splitlines()) == 3


def test_unreadable_stdin_exits_1_after_the_lines_read(capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    first = lines_of({"id": 1, "secret": "CRANE", "guess": "CRANE"})
    assert mark_stream(ENGLISH, FailingInput(first), out) == 1
    assert json.loads(out.getvalue()) == {"id": 1, "marks": "GGGGG"}
    assert "cannot read stdin" in capsys.readouterr().err


def test_mark_line_never_raises_for_bad_bytes() -> None:
    for line in (b"\xff\xfe garbage", b"[" * 30_000 + b"]" * 30_000, b"null", b'"CRANE"'):
        answer = mark_line(ENGLISH, line)
        assert set(answer) == {"id", "error", "error_code"}
        assert answer["error_code"] in {"bad_json", "bad_request"}


def test_mark_through_the_installed_entry_point() -> None:
    stdin = lines_of(
        {"id": 1, "secret": "FORTE", "guess": "OCTET"},
        b"oops",
        {"id": 3, "secret": "forté", "guess": "chiot"},
    )
    completed = subprocess.run(
        [ENTRY_POINT, "duel", "mark", "--language", "fr"],
        input=stdin,
        capture_output=True,
        check=False,
        timeout=120,
    )
    assert completed.returncode == 0, completed.stderr.decode()
    assert completed.stderr == b""
    out = [json.loads(line) for line in completed.stdout.decode().splitlines()]
    assert out[0] == {"id": 1, "marks": "Y.YYx"}
    assert (out[1]["id"], out[1]["error_code"]) == (None, "bad_json")
    assert out[2] == {"id": 3, "marks": "...YY"}


def test_a_program_that_waits_for_each_answer_gets_it() -> None:
    """Through a pipe (not a terminal): one line in, its answer out before the next is sent."""
    buffered = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    process = subprocess.Popen(
        [ENTRY_POINT, "duel", "mark"],
        env=buffered,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdin is not None
    assert process.stdout is not None
    try:
        for number, guess in enumerate(("CRANE", "SLATE")):
            process.stdin.write(lines_of({"id": number, "secret": "CRANE", "guess": guess}))
            process.stdin.flush()
            ready, _, _ = select.select([process.stdout], [], [], 60)
            assert ready, "no answer while the next line waits: the answer was kept in a buffer"
            answer = json.loads(process.stdout.readline())
            assert answer == {"id": number, "marks": text(mark("CRANE", guess))}
        process.stdin.close()
        assert process.wait(timeout=120) == 0
    finally:
        process.kill()
        process.wait()


def test_head_in_a_shell_pipeline(environment: dict[str, str], tmp_path: Path) -> None:
    lines = tmp_path / "many.jsonl"
    lines.write_bytes(lines_of(*[{"secret": "CRANE", "guess": "SLATE"}] * 50_000))
    python, source = shlex.quote(sys.executable), shlex.quote(str(lines))
    command = f"set -o pipefail; {python} -m arbitre duel mark < {source} | head -1"
    completed = subprocess.run(
        ["bash", "-c", command], capture_output=True, env=environment, check=False, timeout=300
    )
    assert completed.returncode == 0, completed.stderr.decode()
    assert completed.stderr == b""
    assert json.loads(completed.stdout) == {"id": None, "marks": "..G.G"}


def test_mark_as_a_subprocess_with_an_unknown_language_option(duel: Any) -> None:
    completed = duel("mark", "--language", "klingon", stdin=b"")
    assert completed.returncode == 2
    assert b"klingon" in completed.stderr
    assert completed.stdout == b""
    (answer,) = results(duel("mark", stdin=lines_of({"id": 1, "secret": "x", "guess": "crane"})))
    assert answer["error_code"] == "wrong_length"


# --- words --------------------------------------------------------------------------------


def run_main(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    """``arbitre ARGUMENTS`` in this process: (exit status, stdout, stderr)."""
    status = main(list(arguments))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize("language", duel_words.languages())
def test_words_counts_match_the_shipped_lists(
    capsys: pytest.CaptureFixture[str], language: str
) -> None:
    words = duel_words.load(language)
    assert run_main(capsys, "duel", "words", language, "--count") == (
        0,
        f"{len(words.guesses)}\n",
        "",
    )
    assert run_main(capsys, "duel", "words", language, "--secrets", "--count") == (
        0,
        f"{len(words.secrets)}\n",
        "",
    )


@pytest.mark.parametrize("language", duel_words.languages())
def test_words_lists_the_guesses_sorted_and_the_secrets_among_them(
    capsys: pytest.CaptureFixture[str], language: str
) -> None:
    words = duel_words.load(language)
    status, out, _ = run_main(capsys, "duel", "words", language)
    guesses = out.splitlines()
    assert status == 0
    assert guesses == sorted(words.guesses)
    status, out, _ = run_main(capsys, "duel", "words", language, "--secrets")
    secrets = out.splitlines()
    assert status == 0
    assert secrets == list(words.secrets)
    assert set(secrets) <= set(guesses)
    assert all(alphabet.word(w, language) == w for w in secrets)  # letters, as reduced


def test_words_as_a_subprocess(duel: Any) -> None:
    completed = duel("words", "KO", "--secrets")
    assert completed.returncode == 0, completed.stderr.decode()
    secrets = completed.stdout.decode().splitlines()
    assert secrets == list(duel_words.load("ko").secrets)
    assert all(len(secret) == alphabet.WORD_LENGTH for secret in secrets)  # jamo, not syllables


def test_words_of_an_unknown_language_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_main(capsys, "duel", "words", "klingon")
    assert (status, out) == (2, "")
    assert "klingon" in err
    assert all(code in err for code in duel_words.languages())


# --- play ---------------------------------------------------------------------------------


def played(capsys: pytest.CaptureFixture[str], *arguments: str) -> list[str]:
    status, out, err = run_main(capsys, "duel", "play", *arguments)
    assert (status, err) == (0, ""), err
    return out.splitlines()


def check_rows(lines: list[str], secret: str, language: str) -> None:
    """Each row is ``LETTERS MARKS`` with the marks of LETTERS against ``secret``, and the
    last line says how the round ended."""
    *rows, end = lines
    assert 1 <= len(rows) <= TRIES
    for row in rows:
        guess, marks = row.split()[:2]
        assert guess in duel_words.load(language).guesses
        assert marks == text(mark(secret, guess))
    last_guess = rows[-1].split()[0]
    if end == "not found":
        assert len(rows) == TRIES
        assert last_guess != secret
    else:
        assert end == f"found in {len(rows)}"
        assert last_guess == secret


def test_play_is_deterministic_for_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    options = ["--language", "en", "--secret", "crane", "--level", "confirme"]
    first = played(capsys, *options, "--seed", "7")
    assert played(capsys, *options, "--seed", "7") == first
    check_rows(first, "CRANE", "en")
    games = {tuple(played(capsys, *options, "--seed", str(seed))) for seed in range(8)}
    assert len(games) > 1  # the seed matters


@pytest.mark.parametrize("language", ["en", "fr", "tr"])
def test_the_expert_finds_the_word(capsys: pytest.CaptureFixture[str], language: str) -> None:
    secrets = duel_words.load(language).secrets
    for secret in (secrets[0], secrets[len(secrets) // 2], secrets[-1]):
        lines = played(capsys, "--language", language, "--secret", secret, "--level", "expert")
        check_rows(lines, secret, language)
        assert lines[-1].startswith("found in ")


@pytest.mark.parametrize("level", [level.value for level in RobotLevel])
def test_every_level_plays_a_whole_round(capsys: pytest.CaptureFixture[str], level: str) -> None:
    lines = played(capsys, "--language", "fr", "--secret", "forté", "--level", level, "--seed", "3")
    check_rows(lines, "FORTE", "fr")


def test_a_guess_that_is_not_a_secret_may_be_played(capsys: pytest.CaptureFixture[str]) -> None:
    words = duel_words.load("en")
    word = min(words.guesses - set(words.secrets))
    lines = played(capsys, "--language", "en", "--secret", word.lower(), "--level", "expert")
    check_rows(lines, word, "en")


def test_korean_rows_show_the_syllables_too(capsys: pytest.CaptureFixture[str]) -> None:
    secret = duel_words.load("ko").secrets[0]
    syllables = alphabet.display(secret, "ko")
    lines = played(capsys, "--language", "ko", "--secret", syllables, "--level", "expert")
    check_rows(lines, secret, "ko")
    assert lines[-2] == f"{secret} GGGGG  {syllables}"


def test_play_json_says_what_the_text_says(capsys: pytest.CaptureFixture[str]) -> None:
    options = ["--language", "fr", "--secret", "FORTE", "--level", "debutant", "--seed", "5"]
    lines = played(capsys, *options)
    (line,) = played(capsys, *options, "--json")
    record = json.loads(line)
    rows = [f"{row['guess']} {row['marks']}" for row in record["rows"]]
    assert rows == lines[:-1]
    assert (record["language"], record["secret"], record["level"], record["seed"]) == (
        "fr",
        "FORTE",
        "debutant",
        5,
    )
    if record["found"]:
        assert lines[-1] == f"found in {record['tries']}"
        assert record["tries"] == len(rows)
    else:
        assert (lines[-1], record["tries"]) == ("not found", None)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--language", "en", "--secret", "zzzzz"], "not in the en guess list"),
        (["--language", "en", "--secret", "cran"], "has 4 letters"),
        (["--language", "en", "--secret", "cr4ne"], "not a letter"),
        (["--language", "klingon", "--secret", "crane"], "klingon"),
    ],
)
def test_play_errors_exit_2(
    capsys: pytest.CaptureFixture[str], arguments: list[str], message: str
) -> None:
    status, out, err = run_main(capsys, "duel", "play", *arguments, "--level", "expert")
    assert (status, out) == (2, "")
    assert message in err


@pytest.mark.parametrize(
    "arguments",
    [
        ["--language", "en", "--secret", "crane", "--level", "grandmaster"],
        ["--language", "en", "--secret", "crane"],
        ["--secret", "crane", "--level", "expert"],
        ["--language", "en", "--secret", "crane", "--level", "expert", "--seed", "x"],
    ],
)
def test_play_options_are_checked(capsys: pytest.CaptureFixture[str], arguments: list[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["duel", "play", *arguments])
    assert stopped.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "arbitre duel play: error" in captured.err


def test_play_as_a_subprocess(duel: Any) -> None:
    arguments = ["--language", "fr", "--secret", "forte", "--level", "expert", "--seed", "1"]
    completed = duel("play", *arguments)
    assert completed.returncode == 0, completed.stderr.decode()
    lines = completed.stdout.decode().splitlines()
    check_rows(lines, "FORTE", "fr")
    assert lines[-1].startswith("found in ")


def test_play_refuses_a_word_outside_the_list() -> None:
    with pytest.raises(ValueError, match="not one of the guesses"):
        play(duel_words.load("en"), "ZZZZZ", RobotLevel.EXPERT, 0)


def help_text(capsys: pytest.CaptureFixture[str], *arguments: str) -> str:
    with pytest.raises(SystemExit) as stopped:
        main([*arguments, "--help"])
    assert stopped.value.code == 0
    return capsys.readouterr().out


def test_help_lists_the_three_actions(capsys: pytest.CaptureFixture[str]) -> None:
    assert "duel" in help_text(capsys)
    listing = help_text(capsys, "duel")
    assert all(action in listing for action in ("mark", "words", "play"))
    for action, options in (
        ("mark", ["--language", "KiB", "ko"]),
        ("words", ["--secrets", "--count"]),
        ("play", ["--language", "--secret", "--level", "--seed", "--json", "debutant"]),
    ):
        text_ = help_text(capsys, "duel", action)
        assert all(option in text_ for option in options), (action, text_)
