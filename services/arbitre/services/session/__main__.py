"""``python -m arbitre.services.session``: :func:`arbitre.services.session.main.main`."""

from __future__ import annotations

import sys

from arbitre.services.session.main import main

if __name__ == "__main__":
    sys.exit(main())
