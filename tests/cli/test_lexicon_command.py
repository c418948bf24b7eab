"""End-to-end tests of ``arbitre lexicon`` (a real subprocess)."""

import json

from arbitre.engine.lexicon import content_hash


def test_info_reports_id_count_and_hash(arbitre, word_list):
    completed = arbitre("lexicon", "info", word_list)
    assert completed.returncode == 0, completed.stderr
    info = json.loads(completed.stdout)
    assert info["id"] == "club"
    assert info["word_count"] == 6
    assert info["hash"] == content_hash(sorted(["FABACEE", "KIEF", "WINDY", "CHACUNE", "AH", "LA"]))


def test_words_prints_the_normalised_sorted_list(arbitre, word_list):
    completed = arbitre("lexicon", "words", word_list)
    assert completed.stdout.decode().splitlines() == [
        "AH", "CHACUNE", "FABACEE", "KIEF", "LA", "WINDY",
    ]  # fmt: skip


def test_check_answers_per_word_and_by_exit_status(arbitre, word_list):
    present = arbitre("lexicon", "check", word_list, "Fabacée", "kief")
    assert present.returncode == 0
    assert present.stdout.decode().splitlines() == ["Fabacée\tyes", "kief\tyes"]
    mixed = arbitre("lexicon", "check", word_list, "kief", "zzz")
    assert mixed.returncode == 1
    assert mixed.stdout.decode().splitlines() == ["kief\tyes", "zzz\tno"]


def test_list_names_the_shipped_lexicons(arbitre):
    completed = arbitre("lexicon", "list")
    ids = [line.split("\t")[0] for line in completed.stdout.decode().splitlines()]
    assert ids == ["fr", "en"]


def test_unknown_lexicon_is_a_clear_error(arbitre, tmp_path):
    for arguments in (["info", tmp_path / "nope"], ["check", tmp_path / "nope", "x"]):
        completed = arbitre("lexicon", *arguments)
        assert completed.returncode == 2
        assert b"no lexicon" in completed.stderr
