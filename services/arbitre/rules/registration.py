"""A player's registration for a simultané: the name shown in the standings, the club or
centre they play for, their série and their country, checked the same way wherever it is read
(a join over the API, a centre's results file).

FISF players are ranked by série, S1 (the strongest) to S7; a player without a série (a first
tournament, a guest) leaves it empty, or gives a category label instead. A country is a code of 2
or 3 capital letters (FRA, BEL, SUI, CAN, SEN...). Every field but the name is optional.

>>> entry = registration("  Zoé ", club="Club de Lyon", serie="s3", country="fra")
>>> entry.name, entry.club, entry.serie, entry.country
('Zoé', 'Club de Lyon', 'S3', 'FRA')
>>> registration("Ana", serie="S9")
Traceback (most recent call last):
...
arbitre.rules.registration.InvalidRegistrationError: serie 'S9': S1 to S7, or a category
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import asdict, dataclass

from arbitre.rules.errors import ArbitreError

__all__ = [
    "MAX_CLUB_CHARS",
    "MAX_NAME_CHARS",
    "SERIES",
    "InvalidRegistrationError",
    "Registration",
    "registration",
]

#: Longest name, as the standings show it.
MAX_NAME_CHARS = 40
#: Longest club or centre name.
MAX_CLUB_CHARS = 60
#: The FISF séries, strongest first.
SERIES = ("S1", "S2", "S3", "S4", "S5", "S6", "S7")
_MAX_CATEGORY_CHARS = 20
_CATEGORY = re.compile(r"[^\W\d_]+(?:[ '-][^\W\d_]+)*")
_COUNTRY = re.compile(r"[A-Z]{2,3}")


class InvalidRegistrationError(ArbitreError):
    """A registration field that cannot be kept: empty or too long, unprintable, a série that
    is neither S1-S7 nor a category label, a country that is not a code of 2-3 letters."""

    code = "bad_registration"


@dataclass(frozen=True, slots=True)
class Registration:
    """A player as a simultané knows them; empty strings for what was not given."""

    name: str
    club: str = ""
    serie: str = ""
    country: str = ""

    def to_mapping(self) -> dict[str, str]:
        """The fields as JSON-able data (read back by :func:`registration`)."""
        return asdict(self)


def _text(value: str, field: str, longest: int, required: bool) -> str:
    text = unicodedata.normalize("NFC", value).strip()
    if not text and required:
        raise InvalidRegistrationError(f"{field}: 1 to {longest} printable characters")
    if len(text) > longest or not text.isprintable():
        raise InvalidRegistrationError(f"{field}: at most {longest} printable characters")
    return text


def registration(name: str, club: str = "", serie: str = "", country: str = "") -> Registration:
    """The checked, normalised registration (names trimmed and NFC, série and country in
    capitals); raises :class:`InvalidRegistrationError` saying which field is wrong."""
    serie_text = _text(serie, "serie", _MAX_CATEGORY_CHARS, required=False)
    if serie_text.upper() in SERIES:
        serie_text = serie_text.upper()
    elif serie_text and not _CATEGORY.fullmatch(serie_text):
        raise InvalidRegistrationError(f"serie {serie_text!r}: S1 to S7, or a category")
    country_text = _text(country, "country", 3, required=False).upper()
    if country_text and not _COUNTRY.fullmatch(country_text):
        raise InvalidRegistrationError(f"country {country_text!r}: a code of 2 or 3 letters")
    return Registration(
        name=_text(name, "name", MAX_NAME_CHARS, required=True),
        club=_text(club, "club", MAX_CLUB_CHARS, required=False),
        serie=serie_text,
        country=country_text,
    )
