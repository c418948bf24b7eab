"""Indecix: two players place dice in turn on a 6×6 grid, capturing and completing lines.

The rules (issue 16, which settles what the seed document ``002_…txt`` leaves open):

* **The grid** (:mod:`~arbitre.rules.kinds.indecix.grid`): 6×6, rows A–F top to bottom,
  columns 1–6 left to right, a cell named ``C4``. Two players, seat 0 and seat 1 (blue and red
  by default; the colours may be changed), 18 dice each, used up as they are rolled: a game is
  exactly 36 rolls, the players rolling in turn.
* **The dice** (:mod:`~arbitre.rules.kinds.indecix.dice`): the server rolls each die from the
  game's seed, with a generator built on SHA-256 that anyone can reproduce. Who starts is
  drawn from the seed; in a match of several games the starter alternates. The seed is
  committed to by a hash published at the creation and revealed when the match is over. A roll
  is public once rolled, never before.
* **Placing** (:mod:`~arbitre.rules.kinds.indecix.moves`): the player places the die on a free
  cell whose row and column hold no die with the same face, whoever owns it. So the faces of a
  line stay distinct, and a full line holds 1 to 6. If no cell is legal, the die goes,
  unplayed, to the opponent's tray and is worth 1 point to them; the turn passes.
* **Captures**: from the placed die, in each direction, along the contiguous dice (to the first
  empty cell or the edge), a die is a *borne* when at least one die lies between it and the
  placed die and every die in between has a face strictly between the placed die's and the
  borne's. The **farthest** borne of each direction counts: the dice between it and the placed
  die are captured (removed, to the placer's tray); the borne and the placed die stay. Any
  owner's dice may be bornes or be captured. A captured die is worth its face to the placer
  if it was their own, twice its face if it was the opponent's.
* **Suites**: after the captures, each line through the placed die that is full is a suite: it
  scores 21 minus the placed die's face (the sum of the other five), doubled when all six dice
  are the placer's. A row and a column may both score; a line broken by a capture and
  completed again scores again. A full line shows its completer's colour until a capture
  breaks it.
* **Score** (:mod:`~arbitre.rules.kinds.indecix.trays`): captured dice (own, opponent's) +
  unplayed opponent dice + suites, each shown with its count and points. The higher total
  wins; ties go to more suites, then to more opponent dice captured, then it is a draw.
* **Modes** (:mod:`~arbitre.rules.kinds.indecix.config`): classic; **Blitz**, a die must be
  placed within 10 s of its roll (5 to 30 s, configurable), past which it is lost as in a pass;
  **Master**, no aids, and a die dropped on a cell its face forbids is lost as in a pass. The
  aids are each player's options: show the legal cells; show what each legal cell would
  capture and score.

Where the issue is silent, this package decides:

* **A lost die is a pass.** Whatever the reason (no legal cell, the Blitz clock, an illegal
  drop in Master, a player who left), the die goes unplayed to the opponent's tray for 1 point,
  and the next die is rolled at once. The four reasons are told apart in the events and the
  record (``no_legal_cell``, ``timeout``, ``illegal_drop``, ``absent``).
* **Master's illegal drop** is a drop on a free cell whose row or column holds the die's face.
  A drop on an occupied cell is refused (``occupied``) in every mode, nothing changed: it is not
  a drop a player can make. Outside Master an illegal cell is refused (``illegal_cell``).
* **Rolling.** :meth:`~arbitre.rules.kinds.indecix.kind.IndecixKind.open_next` opens a game and
  rolls its first die; after a placement or a loss the next die is rolled at once, at the same
  moment. A roll is numbered over the whole match (1 to 36 × games) and a placement names the
  roll it answers (``wrong_roll`` otherwise), so that a late or repeated request cannot place
  another die. Turns strictly alternate: the starter rolls the odd rolls of a game. Between two
  games of a match the phase's ``next_ms`` is the end of the last plus
  :data:`~arbitre.rules.kinds.indecix.game.RESULT_MS` (15 s, for the result): the session opens
  the next game then, or earlier once every person is ready (*decision*); a pause moves it.
* **Blitz's clock** starts when the die is rolled. The session calls ``close`` at the deadline
  (refused ``not_due`` before it, and always outside Blitz); a placement from the deadline on is
  refused ``too_late``. A pause moves the open roll's deadline (it keeps its time left).
* **Seats.** Exactly two. Before the start players sit and leave freely; the first seated is
  seat 0 (the digits of the grid text, the first colour and aids). Once the match has started
  the seats are fixed: a player who leaves keeps their points and their standing, and each of
  their dice is lost as rolled (``absent``) until they sit again, which they may while the
  match is not over; nobody else may take their seat (``table_full``).
* **Matches.** A match of ``games`` games (1 to 20): the starter of the first is drawn from
  the seed, then it alternates; each game has its own 36 rolls from the seed. Between games the
  next one opens when someone asks (the session's Next). Players are ranked over the match on
  the sum of their scores, then of their suites, then of the opponent dice they captured;
  equal on all three, they share a rank. Each game's winner is told with its result.
* **Aids** are per seat in the configuration (legal cells on and capture previews off by
  default; both off, and refused on, in Master). They are shown only in that player's own view
  and only while it is their roll: a spectator never sees them.
* **Duplicate dice**: the rolls depend on the seed and the game's place in the match only, not
  on the game id, so every table given the same seed plays the same rolls (the ranking across
  tables is the session's, later).
* **Actions** are ``{"cell": "C4", "roll": <n>}`` and nothing else (``bad_action``): a die's
  face is never sent by a client.

The kind is :data:`INDECIX` (:class:`~arbitre.rules.kinds.indecix.kind.IndecixKind`),
registered in :mod:`arbitre.rules.kinds` as ``indecix``: the session plays it on its seam
(typed in ``protos/arbitre/v1/indecix.proto``), over gRPC and HTTP.

>>> from arbitre.rules.kinds.base import Setup
>>> game = INDECIX.new_game(INDECIX.configure({}), Setup("g1", 7, ("ana", "bob")), None)
>>> [event.public.type for event in INDECIX.open_next(game, 0) if event.public]
['die_rolled']
"""

from __future__ import annotations

from arbitre.rules.kinds import register
from arbitre.rules.kinds.indecix.config import Aids, IndecixConfig, Mode, config_data, configure
from arbitre.rules.kinds.indecix.game import BadStateError, IndecixGame
from arbitre.rules.kinds.indecix.grid import Grid
from arbitre.rules.kinds.indecix.kind import INDECIX, BadRecordError, IndecixKind

__all__ = [
    "INDECIX",
    "Aids",
    "BadRecordError",
    "BadStateError",
    "Grid",
    "IndecixConfig",
    "IndecixGame",
    "IndecixKind",
    "Mode",
    "config_data",
    "configure",
]

register(INDECIX)
