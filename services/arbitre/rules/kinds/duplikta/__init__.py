"""dupliKta: two players, the same letters at the same time, one word kept on the board.

The pure rules of a dupliKta turn and game (no I/O, no clock of their own, randomness only from
the game's seed). The kind, :data:`~arbitre.rules.kinds.duplikta.kind.DUPLIKTA`, is registered
in :mod:`arbitre.rules.kinds` as ``duplikta``: the session plays it on its seam (typed in
``protos/arbitre/v1/duplikta.proto``), over gRPC and HTTP, its lexicon the shipped one of the
token set's language (:func:`arbitre.engine.kind_tools.tools_for`). The rules are those of
seed ``000`` as issue 15 states them; where both are silent, this package decides, and each
such resolution is marked *(resolution)*.

**Options** (:mod:`~arbitre.rules.kinds.duplikta.config`). The French set of 102 tokens, or any
set of 60 to 120 tokens (blanks allowed, even all blanks; values 0 to 30); "deux jeux pareils"
on by default *(resolution: both players of a turn always get the same rack; off only changes
how a player alone takes tokens, one at a time, which is the page's business)*; the clock off
(0) or 30 to 300 s, default 120; the Chances option, a whole number of Chances from 0 to 10,
default 5, kept in half-units *(resolution: whole Chances, as the seed's options dialog
offers)*; each player's handicap, 0 to 10, in seating order.

**Board and tokens.** The standard 15×15 board and premiums (a covered premium counts once),
racks of 7, +50 for 7 tokens placed; the first word has 2 letters or more, is horizontal or
vertical and covers the centre. Placement and scoring are the project's rules
(:func:`~arbitre.rules.placement.place`, :func:`~arbitre.rules.scoring.score`) with
:data:`~arbitre.rules.kinds.duplikta.config.RULES`. A blank is worth the letter it stands for
(:mod:`~arbitre.rules.kinds.duplikta.scoring`); *(resolution: a blank standing for no letter
yet, ``?`` on a rack, is worth the set's blank value, 0 in the French set; a letter the set
does not have is worth its value in the preset of the set's language, French by default)*.
*(Resolution: a rack needs no minimum of vowels or consonants; the Chances are the remedy.)*

**A turn** (:mod:`~arbitre.rules.kinds.duplikta.game`). The shared rack is the reliquat filled
to 7 from the seeded box. Each player has their own copy of the rack and of the box for the
turn, spends Chances on it, and confirms once: a move, or a pass. Each scores their own move.
A placement that breaks a rule (not connected, not through the centre, tokens not on their
copy of the rack, bad notation) is refused as an action: the player is told and confirms
again, nothing changes *(resolution: the seed's "vous serez averti ... des mauvaises cases")*.
A move whose words are not all valid is a *refused move*: its tokens come back and the player
loses the value of the tokens placed, at least 10. With the Chances option at 5 or more, a word
whose reverse is in the lexicon is valid (RUOJ for JOUR), for every word a move forms, each on
its own, all game long, even with no Chance left; handicap Chances never unlock it. With the
clock on a confirm carries the server's milliseconds from the deal and may not come after the
clock. A player who has not confirmed when the turn closes passes with nothing out of the
rack *(resolution)*.

**Whose word stays** (:mod:`~arbitre.rules.kinds.duplikta.resolution`), the first criterion
that separates the players: (1) more tokens placed in an accepted move, +5 × the difference to
the winner, past 5 as well *(resolution: a refused move or a pass places none, so a lone
accepted move wins here and gets +5 per token)*; (2) the better score for the turn; (3) with
the clock on, the faster confirm, +2 to the winner *(resolution: equal times go on to (4))*;
(4) the better game total before the turn; (5) the better score at the previous turn (0 at the
first); (6) more Chances left (after the turn's spending); (7) a draw from the game's seeded
generator, a stream of its own. The installed player's move goes on the board, their copy of
the box becomes the box and their unplayed tokens are both players' reliquat. When neither
move is accepted nothing is installed: the board and the box do not change and the same rack
is dealt again *(resolution: the players' own exchanges of that turn are undone with their
copies, the Chances they cost stay spent)*; after three such turns in a row the game ends.

**Pass** (:mod:`~arbitre.rules.kinds.duplikta.penalties`). A pass costs nothing by itself.
Tokens put on the loupe when passing leave the game and cost their value, at least 10; other
tokens taken out of the rack go back to the box and cost half their value, at least 5
*(resolution: half rounded up; each minimum applies only when there is such a token; both
change only the passing player's copy, so they matter only at the end of the game)*. With the
box empty *(resolution: empty when the turn was dealt)*, a pass ends the game once the turn is
resolved (the other player's accepted move is still installed and scored).

**End of the game.** After a turn where the box is empty and the installed move emptied the
rack, a pass with the box empty, or three turns in a row without an installed move. Each
player's unplaced tokens (their own copy of the last rack after their own move or pass) are
subtracted from their total, and added to the opponent's when the opponent placed all of theirs
*(resolution: the subtraction applies whatever the opponent did, as in the classic end of a
game)*. The score sheet (:meth:`~arbitre.rules.kinds.duplikta.game.DupliktaGame.sheet`) lists
every turn: the racks, the exchanges, both moves, points, bonuses, the running totals, who was
installed and why, then the end, the adjustment and the totals; the record
(:mod:`~arbitre.rules.kinds.duplikta.record`) replays to the same totals.

**Chances** (:mod:`~arbitre.rules.kinds.duplikta.chances`), in halves. The start is the option;
the weaker player by handicap (the higher handicap) gets min(10, option + difference), even
with the option at 0. With ½ or more: a token back in the box and one drawn at random (½; it
may be the same token). With 1 or more: a token exchanged for a chosen letter or a blank still
in the box (1); when none is left in the box, the token mutates into it: 1 with 7 tokens or
fewer in the box, 1½ otherwise; a blank lettered is free (see **Blanks**). A request that
cannot be met costs ½ *(resolution: a request
needs ½ to be made at all, else it is refused and nothing changes, as is a letter the set does
not have; a redraw from an empty box cannot be met)*. Mimil gives ½ after a refused move to a
player holding less than 1½. Only a player who started with at least 1 Chance sees the box's
contents.

**The kind.** :class:`~arbitre.rules.kinds.duplikta.kind.DupliktaKind` (in
:mod:`~arbitre.rules.kinds.duplikta.kind`) puts these rules behind the game-kind interface,
over a table (:mod:`~arbitre.rules.kinds.duplikta.table`: two seats, each turn's times on the
session's clock, the steps taken, saved and loaded): seats, phases with the clock and a 5 s
reveal between turns, actions and their refusals, events, views that hold no secret (a
spectator sees the open turn's rack only once it is closed), standings, records and their
replay. Its decisions are listed in its module docstring.

**The computer's best move.** At each close the tools give the best move of the shared rack on
the board before the turn (reversed words included when unlocked), and each player's points
against it are on the sheet, in the standings and in the record (see
:mod:`~arbitre.rules.kinds.duplikta.game`). Tourlou, the robot, is the engine's
(:mod:`arbitre.engine.robots.duplikta`).

**Blanks.** A blank put on the loupe and exchanged for a letter of the set is free and always
met, even with 0 Chances: the blank token becomes that letter on the player's copy of the rack,
the box unchanged *(decision, see :mod:`~arbitre.rules.kinds.duplikta.chances`; reported as an
exchange of kind ``lettered``, cost 0; a blank for a blank stays refused, ``same_token``)*. With
the clock on, a move may place at most 2 blanks (lettered at the end of the turn); a confirm
placing more is refused as an action, ``illegal_move:too_many_blanks``, nothing spent: the
others are to be lettered at the loupe first. With the clock off, no limit. *(Decision: the
seed's server picking letters for undesignated blanks does not arise, a move's notation always
designates each blank's letter; see :mod:`~arbitre.rules.kinds.duplikta.game`.)* Tourlou never
uses the loupe and never confirms a move placing more than 2 blanks with the clock on.

The pauses and their budget are the table's (:mod:`~arbitre.rules.kinds.duplikta.table`); saved
environments are the gateway's. **Tourlou's scenarios** (a numbered, pre-drawn game against
Tourlou whose word is always installed, at six levels, from a signed package) are
:mod:`~arbitre.rules.kinds.duplikta.scenario`'s.
"""

from __future__ import annotations

from arbitre.rules.kinds import register
from arbitre.rules.kinds.duplikta.chances import Exchange, ExchangeKind
from arbitre.rules.kinds.duplikta.config import DupliktaConfig, config_data, configure
from arbitre.rules.kinds.duplikta.game import (
    Confirm,
    DupliktaGame,
    EndReason,
    PlayedTurn,
    Side,
    Tools,
)
from arbitre.rules.kinds.duplikta.kind import DUPLIKTA, DupliktaKind
from arbitre.rules.kinds.duplikta.record import game_record, replay
from arbitre.rules.kinds.duplikta.resolution import Contender, Criterion, Resolution, resolve

__all__ = [
    "DUPLIKTA",
    "Confirm",
    "Contender",
    "Criterion",
    "DupliktaConfig",
    "DupliktaGame",
    "DupliktaKind",
    "EndReason",
    "Exchange",
    "ExchangeKind",
    "PlayedTurn",
    "Resolution",
    "Side",
    "Tools",
    "config_data",
    "configure",
    "game_record",
    "replay",
    "resolve",
]

register(DUPLIKTA)
