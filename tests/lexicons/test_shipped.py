"""The shipped lexicons load by id, with the contents their notices describe."""

import pytest

from arbitre.engine.lexicon import load_lexicon
from arbitre.lexicons.shipped import SHIPPED


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    return tmp_path_factory.mktemp("cache")


@pytest.mark.parametrize(
    ("lexicon_id", "count", "present", "absent"),
    [
        ("fr", 405_677, ["QI", "WOK", "EMOJI", "AIMASSIEZ", "OEUVRE"], ["CM", "ETC", "ZZ"]),
        ("en", 168_551, ["ZYZZYVA", "AA", "OXYPHENBUTAZONE", "OEUVRE"], ["QI", "ZZ", "AAX"]),
    ],
)
def test_shipped_lexicon(cache, lexicon_id, count, present, absent):
    lexicon = load_lexicon(lexicon_id, cache_dir=cache)
    assert lexicon.info.id == lexicon_id
    assert lexicon.info.word_count == count
    assert len(lexicon.info.hash) == 64
    assert [word for word in present if word not in lexicon] == []
    assert [word for word in absent if word in lexicon] == []


def test_every_shipped_lexicon_has_its_file_and_notice():
    for shipped in SHIPPED.values():
        assert shipped.path.is_file()
        notice = shipped.path.with_name(f"{shipped.id}.NOTICE.md")
        assert notice.is_file()
