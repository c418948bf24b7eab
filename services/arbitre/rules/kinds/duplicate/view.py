"""What a viewer of a duplicate game may see, built from what they may know only.

Public while a turn is open: the board, the tirage, the deadline, who has answered and how
many, who left. Secret per player: their own answer to the open turn and its score on the board
(not yet whether its words are valid). Hidden from everyone until the turn closes: its top and
every other answer; until the game ends (and then only in its record): the seed, hence every
tirage to come. A closed turn is public whole: its :func:`reveal` (the record's line of the
turn: the tirage, the top and the moves tied with it, every answer with its points, négatif,
top and solo) and the board it left.
"""

from __future__ import annotations

import bisect
import copy
from collections.abc import Mapping, Set
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from arbitre.rules.duplicate import DuplicateGame, PlayedTurn
from arbitre.rules.game_config import GameConfig
from arbitre.rules.game_record import top_record, turn_record
from arbitre.rules.kinds.base import LISTED, Stage, Viewer, listed
from arbitre.rules.kinds.duplicate.config import KIND_NAME, config_data
from arbitre.rules.kinds.duplicate.parts import part_data
from arbitre.rules.kinds.duplicate.state import DuplicateState
from arbitre.rules.results import Standing

__all__ = [
    "SharedView",
    "own_view",
    "presentation",
    "reveal",
    "revealed_event",
    "shared_view",
    "view",
]


def reveal(game: DuplicateGame, turn: PlayedTurn, shown: Set[str] | None = None) -> dict[str, Any]:
    """The closed ``turn`` as everyone sees it once revealed: its record line (see
    :func:`arbitre.rules.game_record.game_record`), with the number of players it was played by
    and the board it was played on; its answers are every one given, or, with ``shown``, the
    answers of those players only (a view of a simultané of thousands)."""
    line = turn_record(turn, game)
    if shown is not None:
        line["answers"] = [answer for answer in line["answers"] if answer["player"] in shown]
    board = list(game.board_before(turn.number).rows())
    return {**line, "players": len(game.players), "board": board}


@cache
def presentation(rules: GameConfig) -> tuple[tuple[str, ...], Mapping[str, Any]]:
    """What a page draws of a game's rules, from the rules' own definitions rather than a copy
    of them: the board's layout (rows of the text map: ``T`` triple word, ``D`` double word,
    ``t`` triple letter, ``d`` double letter, ``*`` the start, ``.`` plain) and the tile set
    (letter -> count and value, the blanks and their value). Read-only: computed once per
    configuration."""
    tiles = rules.tiles
    letters = {info.letter: {"count": info.count, "value": info.value} for info in tiles.letters}
    tile_set = {"letters": letters, "blanks": tiles.blanks, "blank_value": tiles.blank_value}
    return tuple(rules.layout.to_text().splitlines()), MappingProxyType(tile_set)


def revealed_event(turn: PlayedTurn) -> dict[str, Any]:
    """What the ``turn_revealed`` event publishes of a closed turn: its number, its top and how
    many answered (every answer is the turn's result, read apart)."""
    return {"turn": turn.number, "top": top_record(turn.top), "answers": len(turn.answers)}


def view(state: DuplicateState, viewer: Viewer, now_ms: int) -> dict[str, Any]:
    """``state`` as ``viewer`` may see it at ``now_ms`` (see the module docstring), JSON-ready.

        Lists name the first :data:`~arbitre.rules.kinds.base.LISTED` players and the viewer (a
        simultané has thousands): the *listed* players.

        Always: ``kind``, ``game_id``, ``stage``, ``turn`` (open or last closed, 0 before the
        first), ``config``, ``players`` (the listed ones: ids, whether each answered the open turn
        and whether each left: who left stays listed), ``player_count``, ``board``, ``bag_count``,
        ``turns`` (each closed turn's tirage, top and the listed players' points), ``top_total``,
        ``standings`` (the first lines and the viewer's), ``end_reason``; the keys that follow are
    ``None`` but at their moments. While a turn is open:
        ``rack`` (FISF notation), ``tiles``, ``deadline_ms``, ``remaining_ms``, ``answers`` (how
        many seated players answered) and, for a player who answered, ``my_answer`` (``move`` and
        ``score``). Between two turns and at the end: ``reveal``, the last closed turn revealed
        with the listed players' answers; between two turns, ``next_ms``, when the next turn opens
        by itself (``None`` while nobody is seated).

    It is :func:`own_view` of :func:`shared_view`: the same view, in two parts.
    """
    mine = state.answered.get(viewer.player) if viewer.player is not None else None
    return own_view(shared_view(state), viewer, None if mine is None else part_data(mine), now_ms)


@dataclass(frozen=True, slots=True)
class SharedView:
    """What every viewer of one moment of a game sees (``data``: a spectator's view, but its
    ``remaining_ms``), and what putting a player's own part on it takes: who plays (in seating
    order, by position), who left, each closed turn's points by player, the standings by player
    and the last revealed turn's answers by player (with their positions). Read-only once made:
    one is shared by every viewer of the moment."""

    data: Mapping[str, Any]
    position: Mapping[str, int]
    left: frozenset[str]
    open_turn: bool
    points: tuple[Mapping[str, int], ...]
    standings: tuple[Standing, ...]
    #: Each player's index in :attr:`standings`.
    ranked: Mapping[str, int]
    answers: Mapping[str, tuple[int, Mapping[str, Any]]]
    shown_answers: tuple[int, ...]


def shared_view(state: DuplicateState) -> SharedView:
    """The part of every viewer's :func:`view` of ``state`` that is the same for all: built once
    per moment of a game of thousands, it makes a player's view cost their own part only."""
    game = state.game
    stage = state.stage
    open_turn = stage is Stage.PLAYING
    layout, tile_set = presentation(game.config)
    shown = listed(game.players, None)
    shown_set = frozenset(shown)
    standings = game.standings()
    points = tuple({a.player: a.points for a in turn.answers} for turn in game.turns)
    data: dict[str, Any] = {
        "kind": KIND_NAME,
        "game_id": state.game_id,
        "stage": stage.value,
        "turn": game.number if open_turn else len(game.turns),
        "config": config_data(state.config),
        "board_layout": list(layout),
        "tile_set": copy.deepcopy(dict(tile_set)),
        "players": [
            {
                "id": player,
                "answered": open_turn and player in state.answered,
                "left": player in state.left,
            }
            for player in shown
        ],
        "player_count": len(game.players),
        "board": list(game.board.rows()),
        "bag_count": len(game.bag),
        "turns": [
            {
                "turn": turn.number,
                "rack": turn.draw.notation,
                "top": top_record(turn.top),
                "points": {player: by_player.get(player, 0) for player in shown},
            }
            for turn, by_player in zip(game.turns, points, strict=True)
        ],
        "top_total": game.top_total,
        "standings": [_line(line) for line in standings[:LISTED]],
        "end_reason": game.end.value if game.end is not None else None,
        **dict.fromkeys(_AT_TIMES),
    }
    answers: dict[str, tuple[int, Mapping[str, Any]]] = {}
    draw = game.current_draw
    if open_turn and draw is not None and state.deadline_ms is not None:
        data["rack"] = draw.notation
        data["tiles"] = draw.rack
        data["deadline_ms"] = state.deadline_ms
        data["answers"] = state.answer_count
    elif game.turns:
        revealed = reveal(game, game.turns[-1])
        answers = {answer["player"]: (i, answer) for i, answer in enumerate(revealed["answers"])}
        revealed["answers"] = [a for a in revealed["answers"] if a["player"] in shown_set]
        data["reveal"] = revealed
        if stage is Stage.BETWEEN:
            data["next_ms"] = state.next_turn_ms
    return SharedView(
        data=data,
        position={player: index for index, player in enumerate(game.players)},
        left=frozenset(state.left),
        open_turn=open_turn,
        points=points,
        standings=tuple(standings),
        ranked={line.player: index for index, line in enumerate(standings)},
        answers=answers,
        shown_answers=tuple(sorted(answers[p][0] for p in shown_set if p in answers)),
    )


def own_view(
    shared: SharedView, viewer: Viewer, part: Mapping[str, Any] | None, now_ms: int
) -> dict[str, Any]:
    """``viewer``'s :func:`view` at ``now_ms`` of the moment ``shared`` was made of, with
    ``part``, the viewer's answer to the open turn as stored (see
    :func:`~arbitre.rules.kinds.duplicate.parts.part_data`; ``None``: none, or a spectator).
    Only the lists the viewer is added to are copied: ``shared`` is left as it was."""
    data = dict(shared.data)
    if data["deadline_ms"] is not None:
        data["remaining_ms"] = max(0, data["deadline_ms"] - now_ms)
    player = viewer.player
    if player is None or player not in shared.position:
        return data
    answered = shared.open_turn and part is not None
    if answered and part is not None:
        data["my_answer"] = {"move": part["move"], "score": part["score"]}
    rank_index = shared.ranked.get(player)
    if rank_index is not None and rank_index >= LISTED:  # after the first lines
        data["standings"] = [*data["standings"], _line(shared.standings[rank_index])]
    mine = {"id": player, "answered": answered, "left": player in shared.left}
    players = list(data["players"])
    seat = shared.position[player]
    if seat < LISTED:  # listed already: only what is theirs may differ from a spectator's
        if players[seat] != mine:
            players[seat] = mine
            data["players"] = players
        return data
    data["players"] = [*players, mine]
    data["turns"] = [
        {**line, "points": {**line["points"], player: points.get(player, 0)}}
        for line, points in zip(data["turns"], shared.points, strict=True)
    ]
    if player in shared.answers and data["reveal"] is not None:
        index, answer = shared.answers[player]
        at = bisect.bisect(shared.shown_answers, index)
        revealed = data["reveal"]["answers"]
        data["reveal"] = {
            **data["reveal"],
            "answers": [*revealed[:at], dict(answer), *revealed[at:]],
        }
    return data


def _line(line: Standing) -> dict[str, Any]:
    """A standings line as a view lists it (``dataclasses.asdict``'s, without its deep copy:
    a moment of a simultané of thousands ranks every player)."""
    return {
        "rank": line.rank,
        "player": line.player,
        "total": line.total,
        "negatif": line.negatif,
        "percent_of_top": line.percent_of_top,
        "tops": line.tops,
        "solos": line.solos,
    }


#: The keys a view gives only at some moments (an open turn, a reveal), ``None`` at others.
_AT_TIMES = (
    "rack",
    "tiles",
    "deadline_ms",
    "remaining_ms",
    "answers",
    "my_answer",
    "reveal",
    "next_ms",
)
