"""The HTTP gateway: REST/JSON under ``/v1`` (Flask) in front of the gRPC services.

``create_app(GatewayConfig(...))`` builds the app; ``python -m arbitre.gateway`` serves it.
"""

from arbitre.gateway.app import GatewayConfig, create_app

__all__ = ["GatewayConfig", "create_app"]
