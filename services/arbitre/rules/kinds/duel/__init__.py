"""Duel de Mots: every seated player guesses the same hidden five-letter word at the same time.

Each player has six tries and nobody waits for a turn. A guess must be a word of the game's
list, reduced to its language's letters (:mod:`~arbitre.rules.kinds.duel.alphabet`); a word not
in the list, or one already tried this round, spends nothing. Each accepted guess is marked
green, amber or grey in two passes, a grey letter that is in the word being an *extra copy*
(:mod:`~arbitre.rules.kinds.duel.marks`); the guesser sees their letters and marks, the others
only the colours of the row. A word found at try 1 to 6 scores 60 to 10 and the first three
finders add +15, +10, +5 (:mod:`~arbitre.rules.kinds.duel.scoring`); a game of 1, 3 or 5 rounds
is won on the total. A round ends at its clock, 20 s after the first find if that is sooner,
or when every player has finished. Each round's word is chosen by the seed and committed to when
the round opens (:mod:`~arbitre.rules.kinds.duel.commitment`).

Where the rules document is silent, this package decides:

* **Seats.** A table has 2 to 8 seats; ``seats`` 0 makes a *room*, a simultané of up to 10,000
  players, whose views and events list the first
  :data:`~arbitre.rules.kinds.duel.kind.LISTED` players, rivals' grids, revealed rows and
  standings lines (the viewer's own too, and counts), and whose guesses send no ``rival_row``
  to everyone. A game starts (its first round opens) with at least two
  players. A player seated before the start or between rounds plays the next round; one seated
  during a round waits for the next one (they are no actor and the round does not wait for
  them; a guess is refused ``waiting``). Nobody may join during the last round
  (``no_round_left``) or after the game (``game_over``); a full table refuses ``table_full``.
* **Leaving** (:meth:`~arbitre.rules.kinds.duel.kind.DuelKind.leave`): the player's rows so
  far count, they keep their points and stay in the standings, and the open round no longer
  waits for them. They may sit again later and play from the next round.
  Reconnecting is not leaving: it is asking the view again.
* **Standings** list the players seated now and those who played a round. Equal totals are
  broken by more words found, fewer tries over the rounds found, then the smaller sum of solve
  times; players still equal share their rank.
* **The extra-copy message** comes once per player per game, for the first extra copy they meet
  (the leftmost of that row).
* **Closing and opening** are the session's: it calls ``close`` at the phase's ``due_ms`` (the
  deadline, or the moment nobody was left to act), and ``open_next`` when the reveal pause is
  over or at the organiser's Next (which may come before the pause ends); the kind does either
  whenever it is asked to while it is possible.
* **Actions** are ``{"guess": <text>, "round": <number>}`` and nothing else (``bad_action``).

>>> from arbitre.rules.kinds import kind
>>> kind("duel") is DUEL
True
"""

from __future__ import annotations

from arbitre.rules.kinds import register
from arbitre.rules.kinds.duel.config import DuelConfig, config_data, configure
from arbitre.rules.kinds.duel.game import DuelGame
from arbitre.rules.kinds.duel.kind import DUEL, BadRecordError, BadStateError, DuelKind
from arbitre.rules.kinds.duel.words import WordList

__all__ = [
    "DUEL",
    "BadRecordError",
    "BadStateError",
    "DuelConfig",
    "DuelGame",
    "DuelKind",
    "WordList",
    "config_data",
    "configure",
]

register(DUEL)
