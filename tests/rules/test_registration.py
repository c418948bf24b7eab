"""A player's registration for a simultané (:mod:`arbitre.rules.registration`)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.rules.registration import (
    MAX_CLUB_CHARS,
    MAX_NAME_CHARS,
    SERIES,
    InvalidRegistrationError,
    Registration,
    registration,
)


def test_fields_are_normalised() -> None:
    entry = registration(" Zoe\u0301 ", club=" Club de Lyon ", serie="s7", country="bel")
    assert entry == Registration("Zoé", "Club de Lyon", "S7", "BEL")
    assert entry.to_mapping() == {
        "name": "Zoé",
        "club": "Club de Lyon",
        "serie": "S7",
        "country": "BEL",
    }
    assert registration("Ana") == Registration("Ana", "", "", "")


@pytest.mark.parametrize("serie", [*SERIES, "Vermeil", "Jeunes", "Diamant d'or", "Hors-série"])
def test_a_serie_is_s1_to_s7_or_a_category(serie: str) -> None:
    assert registration("Ana", serie=serie).serie == serie


@pytest.mark.parametrize(
    ("fields", "wrong"),
    [
        ({"name": ""}, "name"),
        ({"name": "   "}, "name"),
        ({"name": "x" * (MAX_NAME_CHARS + 1)}, "name"),
        ({"name": "tab\there"}, "name"),
        ({"club": "c" * (MAX_CLUB_CHARS + 1)}, "club"),
        ({"club": "line\nbreak"}, "club"),
        ({"serie": "S0"}, "serie"),
        ({"serie": "S8"}, "serie"),
        ({"serie": "7"}, "serie"),
        ({"serie": "x" * 21}, "serie"),
        ({"serie": "=cmd()"}, "serie"),
        ({"country": "F"}, "country"),
        ({"country": "FRAN"}, "country"),
        ({"country": "F1"}, "country"),
    ],
)
def test_bad_fields_are_refused_by_name(fields: dict[str, str], wrong: str) -> None:
    given_fields = {"name": "Ana", **fields}
    with pytest.raises(InvalidRegistrationError) as caught:
        registration(**given_fields)
    assert str(caught.value).startswith(wrong)
    assert caught.value.code == "bad_registration"


@given(
    name=st.text(min_size=1, max_size=MAX_NAME_CHARS),
    club=st.text(max_size=MAX_CLUB_CHARS),
    serie=st.sampled_from(["", *SERIES, *(s.lower() for s in SERIES)]),
    country=st.sampled_from(["", "FRA", "be", "sui"]),
)
def test_a_registration_reads_back_to_itself(
    name: str, club: str, serie: str, country: str
) -> None:
    try:
        entry = registration(name, club, serie, country)
    except InvalidRegistrationError:
        return  # an unprintable or blank name, say
    assert registration(**entry.to_mapping()) == entry
    assert entry.name
    assert entry.name.isprintable()
    assert entry.name == entry.name.strip()
