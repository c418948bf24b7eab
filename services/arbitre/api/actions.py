"""The form of a game kind's action request that the gateway checks and the session checks
again: its request id (an idempotency key).

>>> is_request_id("ana-1"), is_request_id("no spaces"), is_request_id("x" * 65)
(True, False, False)
"""

from __future__ import annotations

import re

__all__ = ["MAX_REQUEST_ID", "REQUEST_ID_PATTERN", "is_request_id"]

#: The longest request id (an idempotency key) an action may carry.
MAX_REQUEST_ID = 64
#: What a request id looks like.
REQUEST_ID_PATTERN = rf"^[A-Za-z0-9_.:-]{{1,{MAX_REQUEST_ID}}}$"
_REQUEST_ID = re.compile(REQUEST_ID_PATTERN)


def is_request_id(text: str) -> bool:
    """Whether ``text`` can be a request id: 1 to :data:`MAX_REQUEST_ID` characters of
    ``A-Z a-z 0-9 _ - . :``."""
    return bool(_REQUEST_ID.fullmatch(text))
