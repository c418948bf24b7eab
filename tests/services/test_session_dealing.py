"""Packages the session deals itself (:mod:`arbitre.services.session.dealing`), over a real
Redis: a deal outlasting the wait is refused as pending while it goes on, dealt once for every
request of the same order, then kept; another content is another deal; with the operator's
key the package is signed as the package check asks."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest
import redis

from arbitre.rules.game_package import check_package
from arbitre.rules.kinds.base import DealOrder
from arbitre.rules.kinds.duplikta.scenario import SCENARIO_FORMAT
from arbitre.services.session import dealing
from arbitre.services.session.dealing import DealPendingError, PackageDealer, dealt_key
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

ORDER = DealOrder({"number": 41, "level": 2}, None, 7)
RECORD = {"format": SCENARIO_FORMAT, "kind": "duplikta", "number": 41, "level": 2}


class SlowDealer:
    """A dealer that deals :data:`RECORD` once let go, counting its deals."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.deals: list[DealOrder] = []

    def __call__(self, order: DealOrder, tools: Any) -> dict[str, Any]:
        self.deals.append(order)
        self.go.wait(10)
        return dict(RECORD)


@pytest.fixture
def slow(monkeypatch: pytest.MonkeyPatch) -> SlowDealer:
    dealer = SlowDealer()
    monkeypatch.setattr(dealing, "dealer_for", lambda name: dealer)
    return dealer


def test_a_deal_outlasting_the_wait_goes_on_once_and_is_kept(
    redis_db: redis.Redis,  # noqa: F811
    slow: SlowDealer,
) -> None:
    dealer = PackageDealer(redis_db, None, wait_seconds=0.05)
    asked = ("duplikta", ORDER, "{}", None, "lexicon-hash", SCENARIO_FORMAT)
    for _ in range(2):  # asked again meanwhile: the same deal, still under way
        with pytest.raises(DealPendingError):
            dealer.package_text(*asked)
    slow.go.set()
    deadline = time.monotonic() + 10
    while (kept := redis_db.get(dealt_key("duplikta", ORDER, "{}", "lexicon-hash"))) is None:
        assert time.monotonic() < deadline, "the deal was not kept"
        time.sleep(0.01)
    text = dealer.package_text(*asked)
    assert text == kept
    assert json.loads(text)["record"] == RECORD
    assert len(slow.deals) == 1
    assert redis_db.ttl(dealt_key("duplikta", ORDER, "{}", "lexicon-hash")) > 0
    other = PackageDealer(redis_db, None, wait_seconds=5)  # another replica reads it kept
    assert other.package_text(*asked) == text
    assert other.package_text("duplikta", ORDER, "{}", None, "another-hash", SCENARIO_FORMAT)
    assert len(slow.deals) == 2  # another lexicon, another deal
    dealer.shutdown()
    other.shutdown()


def test_a_package_dealt_with_the_operators_key_is_signed(
    redis_db: redis.Redis,  # noqa: F811
    slow: SlowDealer,
) -> None:
    slow.go.set()
    dealer = PackageDealer(redis_db, b"the operator's key", wait_seconds=5)
    text = dealer.package_text("duplikta", ORDER, "{}", None, None, SCENARIO_FORMAT)
    check_package(json.loads(text), b"the operator's key", SCENARIO_FORMAT)
    dealer.shutdown()
