"""What a refused move and a pass cost, and the end-of-game adjustment.

Values are :class:`~arbitre.rules.kinds.duplikta.scoring.TokenValues`' (a blank standing for a
letter is worth that letter, a blank standing for none ``?`` the set's blank value).

- **A refused move** (a word formed is not valid): its tokens come back to the rack and the
  player loses the value of the tokens placed, at least :data:`REFUSAL_MINIMUM` (10).
- **A pass** (a confirm with nothing placed) costs nothing by itself. Tokens put on the loupe
  leave the game and cost their value, at least :data:`LOUPE_MINIMUM` (10); the other tokens
  taken out of the rack go back to the box and cost half their value, rounded up, at least
  :data:`RETURNED_MINIMUM` (5). Both may apply to one pass; each minimum applies only when
  there is such a token.
- **The end of the game**: each player's unplaced tokens (what is left of their own copy of the
  last rack once their own last move or pass is made) are subtracted from their total, and
  added to the opponent's total when the opponent placed all of theirs (as in the classic end
  of a game: the subtraction applies whatever the opponent did).

>>> from arbitre.rules.tiles import FRENCH
>>> from arbitre.rules.kinds.duplikta.scoring import token_values
>>> values = token_values(FRENCH)
>>> refusal_penalty("EAU", values), refusal_penalty("KiWI", values)
(10, 22)
>>> pass_penalty("K", "ZE", values), pass_penalty("", "E", values), pass_penalty("", "", values)
(16, 5, 0)
>>> end_adjustment({"ana": "", "bob": "KE"}, values)
{'ana': 11, 'bob': -11}
"""

from __future__ import annotations

from collections.abc import Mapping

from arbitre.rules.kinds.duplikta.scoring import TokenValues

__all__ = [
    "LOUPE_MINIMUM",
    "REFUSAL_MINIMUM",
    "RETURNED_MINIMUM",
    "end_adjustment",
    "loupe_penalty",
    "pass_penalty",
    "refusal_penalty",
    "returned_penalty",
]

#: The least a refused move costs.
REFUSAL_MINIMUM = 10
#: The least the tokens put on the loupe at a pass cost.
LOUPE_MINIMUM = 10
#: The least the tokens put back in the box at a pass cost.
RETURNED_MINIMUM = 5


def refusal_penalty(placed: str, values: TokenValues) -> int:
    """What a refused move that placed the tokens ``placed`` (board letters: a blank is the
    lowercase letter it stood for) costs: their value, at least :data:`REFUSAL_MINIMUM`."""
    return max(REFUSAL_MINIMUM, values.total(placed))


def loupe_penalty(loupe: str, values: TokenValues) -> int:
    """What the tokens ``loupe`` put on the loupe at a pass cost (they leave the game): their
    value, at least :data:`LOUPE_MINIMUM`; 0 for none."""
    return max(LOUPE_MINIMUM, values.total(loupe)) if loupe else 0


def returned_penalty(returned: str, values: TokenValues) -> int:
    """What the tokens ``returned`` to the box at a pass cost: half their value rounded up, at
    least :data:`RETURNED_MINIMUM`; 0 for none."""
    return max(RETURNED_MINIMUM, (values.total(returned) + 1) // 2) if returned else 0


def pass_penalty(loupe: str, returned: str, values: TokenValues) -> int:
    """What a pass costs: :func:`loupe_penalty` plus :func:`returned_penalty`."""
    return loupe_penalty(loupe, values) + returned_penalty(returned, values)


def end_adjustment(unplaced: Mapping[str, str], values: TokenValues) -> dict[str, int]:
    """The points each of the two players of ``unplaced`` (player -> their unplaced tokens)
    gains or loses at the end of the game (see the module docstring)."""
    if len(unplaced) != 2:
        raise ValueError(f"the end adjustment is between two players, not {len(unplaced)}")
    first, second = unplaced
    worth = {player: values.total(tokens) for player, tokens in unplaced.items()}
    adjustment = {player: -worth[player] for player in unplaced}
    for player, opponent in ((first, second), (second, first)):
        if not unplaced[player]:
            adjustment[player] += worth[opponent]
    return adjustment
