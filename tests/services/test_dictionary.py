"""Tests of the dictionary service, arbitre.services.dictionary: a real server on a free port
and a real channel, the error mapping on a servicer called directly, and the module run as a
process until SIGTERM."""

import os
import subprocess
import sys
from concurrent import futures

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.search import anagrams
from arbitre.services import dictionary
from arbitre.services.dictionary import MAX_WORD_CHARS, MAX_WORDS, SERVICE_NAME, DictionaryService
from arbitre.services.lexicons import LexiconRegistry
from arbitre.v1 import dictionary_pb2, dictionary_pb2_grpc

CLUB_WORDS = "fabacée\nkief\nwindy\nchacune\nah\nla\nal\n"


@pytest.fixture(scope="module")
def club(tmp_path_factory):
    """An operator's word list."""
    path = tmp_path_factory.mktemp("lists") / "club.txt"
    path.write_text(CLUB_WORDS, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def registry(club, tmp_path_factory):
    """The shared ``server`` offers the shipped lexicons, "club", and "broken" (a list that is
    gone)."""
    broken = tmp_path_factory.mktemp("gone") / "broken.txt"
    return LexiconRegistry({"club": club, "broken": broken})


@pytest.fixture(scope="module")
def registration():
    return dictionary.registration


@pytest.fixture(scope="module")
def stub(channel):
    return dictionary_pb2_grpc.DictionaryStub(channel)


def refused(call, request):
    """The status code and message of a call that must fail."""
    with pytest.raises(grpc.RpcError) as caught:
        call(request, timeout=30)
    return caught.value.code(), caught.value.details()


# --- ListLexicons -----------------------------------------------------------------------------


def test_list_lexicons_gives_every_lexicon_that_loads(stub, cache, club):
    answer = stub.ListLexicons(dictionary_pb2.ListLexiconsRequest(), timeout=60)
    infos = {info.id: info for info in answer.lexicons}
    assert list(infos) == ["club", "en", "fr"]  # "broken" cannot be loaded: left out
    for lexicon_id in ("fr", "en"):
        expected = load_lexicon(lexicon_id, cache_dir=cache).info
        info = infos[lexicon_id]
        assert (info.word_count, info.hash, info.source) == (
            expected.word_count,
            expected.hash,
            expected.source,
        )
    assert infos["fr"].word_count == 405_677
    assert infos["en"].word_count == 168_551
    assert infos["club"].word_count == 7
    assert infos["club"].source == str(club)


# --- CheckWords -------------------------------------------------------------------------------


def test_check_words(stub, cache):
    words = ["chien", "CHIEN", "  Fiançailles ", "œuvre", "chienx", "aujourd'hui", "x", "", "42"]
    answer = stub.CheckWords(dictionary_pb2.CheckWordsRequest(words=words), timeout=30)
    assert answer.lexicon.id == "fr"  # the default
    assert answer.lexicon.hash == load_lexicon("fr", cache_dir=cache).info.hash
    assert [(r.word, r.normalised, r.valid) for r in answer.results] == [
        ("chien", "CHIEN", True),
        ("CHIEN", "CHIEN", True),
        ("  Fiançailles ", "FIANCAILLES", True),
        ("œuvre", "OEUVRE", True),
        ("chienx", "CHIENX", False),
        ("aujourd'hui", "", False),
        ("x", "", False),
        ("", "", False),
        ("42", "", False),
    ]


def test_check_words_in_other_lexicons(stub):
    request = dictionary_pb2.CheckWordsRequest(lexicon="en", words=["zyzzyva", "qi", "oeuvre"])
    answer = stub.CheckWords(request, timeout=30)
    assert answer.lexicon.id == "en"
    assert [r.valid for r in answer.results] == [True, False, True]
    request = dictionary_pb2.CheckWordsRequest(lexicon="club", words=["Fabacée", "chien"])
    assert [r.valid for r in stub.CheckWords(request, timeout=30).results] == [True, False]


def test_check_words_limits(stub):
    many = ["chien"] * MAX_WORDS
    answer = stub.CheckWords(dictionary_pb2.CheckWordsRequest(words=many), timeout=30)
    assert len(answer.results) == MAX_WORDS
    assert all(result.valid for result in answer.results)
    code, message = refused(stub.CheckWords, dictionary_pb2.CheckWordsRequest(words=[*many, "a"]))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert "10000" in message
    longest = "A" * MAX_WORD_CHARS
    answer = stub.CheckWords(dictionary_pb2.CheckWordsRequest(words=[longest]), timeout=30)
    assert (answer.results[0].normalised, answer.results[0].valid) == ("", False)
    request = dictionary_pb2.CheckWordsRequest(words=["chien", longest + "A"])
    code, message = refused(stub.CheckWords, request)
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert "word 2" in message


@pytest.mark.parametrize("lexicon", ["ods", "/etc/passwd", "fr.txt.gz", "FR", "x" * 1000])
def test_check_words_in_an_unknown_lexicon(stub, lexicon):
    request = dictionary_pb2.CheckWordsRequest(lexicon=lexicon, words=["chien"])
    code, message = refused(stub.CheckWords, request)
    assert code == grpc.StatusCode.NOT_FOUND
    assert "on offer: broken, club, en, fr" in message
    assert len(message) < 200


def test_a_lexicon_that_cannot_load_is_an_internal_error(stub):
    request = dictionary_pb2.CheckWordsRequest(lexicon="broken", words=["chien"])
    code, message = refused(stub.CheckWords, request)
    assert code == grpc.StatusCode.INTERNAL
    assert message == "lexicon 'broken' cannot be loaded"  # and not its path


# --- Search -----------------------------------------------------------------------------------


def search(stub, **fields):
    answer = stub.Search(dictionary_pb2.SearchRequest(**fields), timeout=30)
    return list(answer.words), answer.truncated


def test_search_each_kind(stub):
    assert search(stub, anagrams="chien") == (["CHIEN", "CHINE", "NICHE"], False)
    assert search(stub, anagrams="LISTEN", lexicon="en") == (
        ["ELINTS", "ENLIST", "INLETS", "LISTEN", "SILENT", "TINSEL"],
        False,
    )
    words, truncated = search(stub, plus_one="CHIEN")
    assert {"CHAINE", "CHENIL", "LICHEN"} <= set(words)
    assert not truncated
    assert search(stub, pattern="ch?en") == (["CHIEN"], False)
    assert search(stub, pattern="*QI", lexicon="fr") == (["QI"], False)
    assert search(stub, pattern="?A", lexicon="club") == (["LA"], False)


def test_search_limits(stub):
    words, truncated = search(stub, pattern="*")  # limit 0: the default, 1,000
    assert (len(words), truncated) == (1_000, True)
    assert words == sorted(words)
    words, truncated = search(stub, pattern="*", limit=50_000)  # capped at 10,000
    assert (len(words), truncated) == (10_000, True)
    assert search(stub, anagrams="CHIEN", limit=2) == (["CHIEN", "CHINE"], True)
    assert search(stub, anagrams="CHIEN", limit=3) == (["CHIEN", "CHINE", "NICHE"], False)


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"anagrams": "CHIEN", "limit": -1}, "negative"),
        ({"lexicon": "fr", "limit": 5}, "no query"),
        ({"anagrams": ""}, "empty"),
        ({"anagrams": "CH*EN"}, "'*'"),
        ({"anagrams": "A" * 16}, "16 letters"),
        ({"plus_one": "A" * 15}, "at most 14"),
        ({"pattern": "12"}, "'1'"),
        ({"pattern": "?" * 16}, "16 letters"),
        ({"pattern": "A" * 100_000}, "characters"),
    ],
)
def test_search_refuses_bad_queries(stub, fields, words):
    code, message = refused(stub.Search, dictionary_pb2.SearchRequest(**fields))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert words in message


def test_search_in_an_unknown_lexicon(stub):
    request = dictionary_pb2.SearchRequest(lexicon="ods", anagrams="CHIEN")
    code, _ = refused(stub.Search, request)
    assert code == grpc.StatusCode.NOT_FOUND


def test_concurrent_searches_agree(stub, cache):
    racks = ["ESARINT", "CHIEN??", "AEIOU?", "??????", "QWERTY?", "LETTRES"] * 4
    with futures.ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(pool.map(lambda rack: search(stub, anagrams=rack), racks))
    french = load_lexicon("fr", cache_dir=cache)
    for rack, answer in zip(racks, answers, strict=True):
        assert answer == tuple(anagrams(french, rack))


# --- health and reflection --------------------------------------------------------------------


def test_health_reports_the_service_serving(channel):
    health = health_pb2_grpc.HealthStub(channel)
    for name in (SERVICE_NAME, ""):
        answer = health.Check(health_pb2.HealthCheckRequest(service=name), timeout=10)
        assert answer.status == health_pb2.HealthCheckResponse.SERVING


def test_reflection_is_off_by_default(channel):
    """Only ``ARBITRE_GRPC_REFLECTION=1`` turns it on (tests/services/test_internal_auth.py)."""
    reflection = reflection_pb2_grpc.ServerReflectionStub(channel)
    requests = iter([reflection_pb2.ServerReflectionRequest(list_services="")])
    with pytest.raises(grpc.RpcError) as caught:
        list(reflection.ServerReflectionInfo(requests, timeout=10))
    assert caught.value.code() == grpc.StatusCode.UNIMPLEMENTED


# --- the error mapping, on a servicer called directly -------------------------------------------


class AbortedError(Exception):
    pass


class FakeContext:
    def abort(self, code, message):
        raise AbortedError(code, message)


class FailingRegistry(LexiconRegistry):
    def get(self, lexicon_id):
        raise RuntimeError("disk on fire at /secret/path")


def test_unexpected_errors_become_internal_with_a_generic_message(caplog):
    service = DictionaryService(FailingRegistry())
    request = dictionary_pb2.SearchRequest(anagrams="CHIEN")
    with pytest.raises(AbortedError) as caught:
        service.Search(request, FakeContext())
    assert caught.value.args == (grpc.StatusCode.INTERNAL, "internal error")
    assert "disk on fire" in caplog.text  # logged with its traceback
    with pytest.raises(AbortedError) as caught:
        service.ListLexicons(dictionary_pb2.ListLexiconsRequest(), FakeContext())
    assert caught.value.args == (grpc.StatusCode.INTERNAL, "internal error")


# --- the module as a process ----------------------------------------------------------------


def test_the_module_serves_until_sigterm(service_alone, club):
    with service_alone("dictionary", {"ARBITRE_LEXICONS": f"club={club}"}) as channel:
        health = health_pb2_grpc.HealthStub(channel)
        answer = health.Check(health_pb2.HealthCheckRequest(service=SERVICE_NAME), timeout=10)
        assert answer.status == health_pb2.HealthCheckResponse.SERVING
        stub = dictionary_pb2_grpc.DictionaryStub(channel)
        request = dictionary_pb2.CheckWordsRequest(lexicon="club", words=["windy", "wind"])
        answer = stub.CheckWords(request, timeout=10)
        assert [r.valid for r in answer.results] == [True, False]


def test_the_module_refuses_a_bad_environment(cache):
    environment = {**os.environ, "ARBITRE_CACHE_DIR": str(cache), "ARBITRE_LEXICONS": "oops"}
    completed = subprocess.run(
        [sys.executable, "-m", "arbitre.services.dictionary", "--address", "127.0.0.1:0"],
        capture_output=True,
        env=environment,
        timeout=30,
        check=False,
    )
    assert completed.returncode == 2
    assert completed.stdout == b""  # it never said it listens
    assert "arbitre dictionary: ARBITRE_LEXICONS: 'oops'" in completed.stderr.decode()
