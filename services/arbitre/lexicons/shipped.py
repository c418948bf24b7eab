"""The lexicons shipped with Arbitre, by id: where their files are and what they are."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path


@dataclass(frozen=True)
class ShippedLexicon:
    """A word list distributed in ``arbitre/lexicons/data``."""

    id: str
    filename: str
    language: str
    description: str
    licence: str

    @property
    def path(self) -> Path:
        """Filesystem path of the (gzip-compressed) word list."""
        return _data_directory() / self.filename


@cache
def _data_directory() -> Path:
    return Path(str(resources.files("arbitre.lexicons") / "data"))


SHIPPED: dict[str, ShippedLexicon] = {
    lexicon.id: lexicon
    for lexicon in (
        ShippedLexicon(
            id="fr",
            filename="fr.txt.gz",
            language="fr",
            description="Free French lexicon expanded from Grammalecte/Dicollecte's dictionary 7.0",
            licence="MPL-2.0",
        ),
        ShippedLexicon(
            id="en",
            filename="en.txt.gz",
            language="en",
            description="ENABLE1 English word list (Alan Beale, M. Cooper)",
            licence="public domain",
        ),
    )
}

#: The language code of each shipped lexicon, by id.
LANGUAGES: dict[str, str] = {lexicon.id: lexicon.language for lexicon in SHIPPED.values()}
