"""The lexicons a service offers: the shipped ones by id, plus word lists the operator names.

A remote caller names a lexicon by id only, never by path: ``ARBITRE_LEXICONS`` (``id=path``
pairs separated by commas, e.g. ``ods=/srv/ods9.txt``) adds the operator's lists. Lexicons load
on first use, or all at once before a server serves (:meth:`LexiconRegistry.load_all`: a cold
cache compiles the French list in seconds, longer than a peer waits for an answer), and stay
loaded (memory-mapped).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping
from pathlib import Path

from arbitre.engine.lexicon import Lexicon, LexiconError, load_lexicon
from arbitre.lexicons.shipped import SHIPPED

__all__ = ["LexiconRegistry", "registry_from_environment"]


class LexiconRegistry:
    """Lexicons by id: shipped ones and ``extra`` (id to word-list path)."""

    def __init__(self, extra: Mapping[str, Path] | None = None) -> None:
        self._paths: dict[str, str] = {key: key for key in SHIPPED}
        for key, path in (extra or {}).items():
            self._paths[key] = os.fspath(path)
        self._loaded: dict[str, Lexicon] = {}
        self._lock = threading.Lock()

    @property
    def ids(self) -> list[str]:
        """The ids on offer, sorted."""
        return sorted(self._paths)

    def get(self, lexicon_id: str) -> Lexicon:
        """The lexicon ``lexicon_id`` (``""``: ``"fr"``); :class:`LexiconError` when the id is
        not on offer or its list cannot be read."""
        key = lexicon_id or "fr"
        loaded = self._loaded.get(key)
        if loaded is not None:
            return loaded
        source = self._paths.get(key)
        if source is None:
            raise LexiconError(f"unknown lexicon {key!r}; on offer: {', '.join(self.ids)}")
        with self._lock:
            loaded = self._loaded.get(key)
            if loaded is None:
                loaded = load_lexicon(source)
                self._loaded[key] = loaded
        return loaded

    def load_all(self) -> None:
        """Load every lexicon on offer now (compiling it on a cold cache), so that no call
        waits for one; :class:`LexiconError` for a list that cannot be read."""
        for lexicon_id in self.ids:
            self.get(lexicon_id)


def registry_from_environment(environ: Mapping[str, str] = os.environ) -> LexiconRegistry:
    """A registry with the lists of ``ARBITRE_LEXICONS`` (``id=path,...``)."""
    extra: dict[str, Path] = {}
    for item in environ.get("ARBITRE_LEXICONS", "").split(","):
        if not item.strip():
            continue
        key, separator, path = item.partition("=")
        if not separator or not key.strip() or not path.strip():
            raise LexiconError(f"ARBITRE_LEXICONS: {item!r} is not id=path")
        extra[key.strip()] = Path(path.strip())
    return LexiconRegistry(extra)
