"""Tests of arbitre.rules.alphabet."""

from __future__ import annotations

from arbitre.rules.alphabet import fold_letters


def test_accents_and_ligatures_fold_keeping_case() -> None:
    assert fold_letters("Œuvre éÀçÆ") == "OEuvre eAcAE"
    assert fold_letters("Noël-Île") == "Noel-Ile"


def test_characters_without_a_latin_base_are_kept() -> None:
    assert fold_letters("ß") == "ß"
    assert fold_letters("λ") == "λ"
    assert fold_letters("plain") == "plain"
