"""``python -m arbitre`` is the ``arbitre`` command."""

from arbitre.cli import main

raise SystemExit(main())
