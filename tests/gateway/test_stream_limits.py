"""The limits of event streams (:mod:`arbitre.gateway.stream_limits`): read from the
environment, counted per client (an IPv6 client by its /64), refused past either bound and
freed on release. Over HTTP, in ``tests/gateway/test_asgi.py``."""

from __future__ import annotations

import pytest

from arbitre.gateway.errors import ApiError
from arbitre.gateway.stream_limits import (
    MAX_STREAMS,
    MAX_STREAMS_VARIABLE,
    STREAMS_PER_CLIENT,
    STREAMS_PER_CLIENT_VARIABLE,
    StreamLimits,
    StreamQuota,
    client_key,
)


def test_the_limits_come_from_the_environment() -> None:
    assert StreamLimits.from_environment({}) == StreamLimits(STREAMS_PER_CLIENT, MAX_STREAMS)
    assert StreamLimits.from_environment(
        {STREAMS_PER_CLIENT_VARIABLE: "4", MAX_STREAMS_VARIABLE: " 100 "}
    ) == StreamLimits(4, 100)
    for bad in ("0", "-1", "2.5", "lots", "1" * 10, "٣"):
        with pytest.raises(ValueError, match=STREAMS_PER_CLIENT_VARIABLE):
            StreamLimits.from_environment({STREAMS_PER_CLIENT_VARIABLE: bad})
    with pytest.raises(ValueError, match="per_client must be at least 1"):
        StreamLimits(per_client=0)


def test_a_client_is_its_address_or_its_ipv6_network() -> None:
    assert client_key(("203.0.113.7", 5000)) == "203.0.113.7"
    assert client_key(("2001:db8:1:2:3:4:5:6", 5000)) == "2001:db8:1:2::/64"
    assert client_key(("2001:db8:1:2:ffff::1", 1)) == client_key(("2001:db8:1:2::9", 2))
    assert client_key(("::ffff:203.0.113.7", 5000)) == "203.0.113.7"
    assert client_key(None) == ""
    assert client_key(("unix-socket", 0)) == "unix-socket"


def test_the_quota_refuses_past_each_bound_and_frees_on_release() -> None:
    quota = StreamQuota(StreamLimits(per_client=2, total=3), retry_after_seconds=7)
    quota.admit("a")
    quota.admit("a")
    with pytest.raises(ApiError) as caught:
        quota.admit("a")
    assert (caught.value.status, caught.value.code) == (429, "too_many_streams")
    assert caught.value.headers == {"Retry-After": "7"}
    quota.admit("b")
    with pytest.raises(ApiError) as caught:
        quota.admit("c")
    assert (caught.value.status, caught.value.code) == (503, "unavailable")
    assert quota.open == 3
    quota.release("a")
    quota.admit("c")
    quota.release("nobody")  # never admitted: nothing to free
    assert quota.open == 3
    for client in ("a", "b", "c"):
        quota.release(client)
    assert quota.open == 0
