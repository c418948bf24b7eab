"""arbitre.services.server: the options of every channel to a service."""

from __future__ import annotations

import time
from concurrent import futures

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

from arbitre.services.server import CHANNEL_OPTIONS


def serving(port: int) -> tuple[grpc.Server, int]:
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=2))
    health_pb2_grpc.add_HealthServicer_to_server(health.HealthServicer(), server)
    bound = server.add_insecure_port(f"127.0.0.1:{port}")
    server.start()
    return server, bound


def check(channel: grpc.Channel) -> grpc.StatusCode:
    try:
        health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=5)
    except grpc.RpcError as error:
        return error.code()
    return grpc.StatusCode.OK


def test_a_new_channel_reaches_a_service_started_again_on_a_port_used_before() -> None:
    """A channel whose service went away fails (and backs off); a new channel to a service
    started again at the same address does not inherit that failure: it is served at once."""
    first, port = serving(0)
    old = grpc.insecure_channel(f"127.0.0.1:{port}", options=CHANNEL_OPTIONS)
    assert check(old) == grpc.StatusCode.OK
    first.stop(0)
    time.sleep(0.3)
    assert check(old) == grpc.StatusCode.UNAVAILABLE
    second, _ = serving(port)
    try:
        new = grpc.insecure_channel(f"127.0.0.1:{port}", options=CHANNEL_OPTIONS)
        assert check(new) == grpc.StatusCode.OK
        new.close()
    finally:
        old.close()
        second.stop(0)
