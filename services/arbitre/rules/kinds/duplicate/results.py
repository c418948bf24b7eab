"""A duplicate game's results across tables on the game-kind seam (the kind's
:class:`~arbitre.rules.kinds.base.Simultane` capability): the online players ranked with the
centres that played the same game offline, views of the ranking, the CSV export, a centre's file
checked, and the FISF game sheet of the tops.

Every rule is :mod:`arbitre.rules.simultane_results`' and :mod:`arbitre.rules.game_sheet`'s;
this module only gives them what they read: the game's record
(:func:`arbitre.rules.game_record.game_record`, closed turns only) with the session's ``names``
and ``registrations`` added (:func:`results_record`), as the session's own duplicate path does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arbitre.rules.game_record import game_record, game_sheet
from arbitre.rules.game_sheet import format_sheet
from arbitre.rules.kinds.base import ActionRefusedError, ResultsView, SimultaneResults, Stage
from arbitre.rules.kinds.duplicate.state import DuplicateState
from arbitre.rules.simultane_results import (
    read_centre_results,
    results_csv,
    results_data,
    simultane_results,
    view,
)

__all__ = ["check_centre", "results", "results_record", "sheet"]


def results_record(
    state: DuplicateState, registrations: Mapping[str, Mapping[str, str]]
) -> dict[str, Any]:
    """The record :mod:`arbitre.rules.simultane_results` reads: ``state``'s game record (closed
    turns only; for the rules alone, never shown: it holds the seed) with ``names`` (player id
    -> the name of their registration) and ``registrations`` (player id -> ``name``, ``club``,
    ``serie``, ``country`` as given)."""
    game = state.game
    record = game_record(game, game.config.lexicon, "")
    record["names"] = {
        player: entry["name"] for player, entry in registrations.items() if "name" in entry
    }
    record["registrations"] = {player: dict(entry) for player, entry in registrations.items()}
    return record


def results(
    state: DuplicateState,
    registrations: Mapping[str, Mapping[str, str]],
    centres: Mapping[str, str],
    shown: ResultsView,
    *,
    csv: bool = False,
) -> SimultaneResults:
    """The ranking of ``state``'s online players (over the closed turns) with the players of
    ``centres`` (centre name -> a file :func:`check_centre` accepted; read in the order of their
    names), kept to ``shown`` unless it is the whole ranking, as
    :func:`~arbitre.rules.simultane_results.results_data` lines, and their
    :func:`~arbitre.rules.simultane_results.results_csv` when ``csv``."""
    record = results_record(state, registrations)
    checked = [read_centre_results(text, record, name) for name, text in sorted(centres.items())]
    lines = simultane_results(record, checked)
    if not shown.whole:
        lines = view(lines, shown.serie, shown.club, shown.country, shown.centre)
    return SimultaneResults(
        lines=tuple(results_data(lines)),
        top_total=int(record["top_total"]),
        turns=len(record["turns"]),
        csv=results_csv(lines) if csv else None,
    )


def check_centre(
    state: DuplicateState,
    registrations: Mapping[str, Mapping[str, str]],
    centre: str,
    text: str,
) -> int:
    """How many players the centre ``centre``'s file ``text`` holds, checked by
    :func:`~arbitre.rules.simultane_results.read_centre_results` against ``state``'s game:
    :class:`ActionRefusedError` ``not_over`` before the game is over,
    :class:`~arbitre.rules.simultane_results.CentreResultsError` (every problem of the file)
    when it cannot be merged."""
    if state.stage is not Stage.OVER:
        raise ActionRefusedError("not_over", "centres' results are merged once the game is over")
    checked = read_centre_results(text, results_record(state, registrations), centre)
    return len(checked.players)


def sheet(state: DuplicateState, title: str | None) -> str:
    """The FISF game sheet of ``state``'s closed turns (their tops), under ``title``."""
    return format_sheet(game_sheet(state.game, title))
