"""Game kinds on the seam: the session's one path for every kind of :mod:`arbitre.rules.kinds`
(duplicate, Duel de Mots, Indecix, dupliKta).

One module a part: :mod:`~arbitre.services.session.seam.base` (reading a stored game, writing
a step), :mod:`~arbitre.services.session.seam.away` (a person away from a game against robots,
and the resume of a paused game), :mod:`~arbitre.services.session.seam.reading`,
:mod:`~arbitre.services.session.seam.seating`, :mod:`~arbitre.services.session.seam.stepping`,
:mod:`~arbitre.services.session.seam.acting` and :mod:`~arbitre.services.session.seam.robots`,
each class built on the one before.

What every kind shares is here; what depends on the game is asked of the kind, through its
interface only (:class:`~arbitre.rules.kinds.base.Kind`), found by the name the game stores:

- **Storage.** The game hash keeps the session's fields (status, phase, turn, deadline, title,
  seats, the organiser's token hash, the seed's commitment) and the kind's name and
  configuration; the kind's state is :meth:`~arbitre.rules.kinds.base.Kind.save`'s, or, for a
  :class:`~arbitre.rules.kinds.base.PartedKind`, its *rest* (``detach``), with the open turn's
  context and each actor's part kept apart (:mod:`arbitre.services.session.parts_store`). The
  session's ``phase`` is ``turn`` while a turn or round is open, ``reveal`` between two, ``""``
  otherwise; its ``deadline_ms`` is the open turn's deadline (the store lowers it at a first
  claim) or when the next turn opens by itself.
- **Steps** (start, seat, leave, close, open the next, pause, resume) run under the game's lock
  on the whole state: ``attach``, the kind's step, ``detach``, and one transaction writes the
  rest, a new context with a new version, the parts, the session's fields, the next moment the
  clock must step the game (the phase's ``due_ms``, or ``next_ms`` between turns) and the
  events. The clocks' outages (:meth:`~arbitre.services.session_store.SessionStore.tick`)
  are given back to the kind at the next step (:meth:`~arbitre.rules.kinds.base.Kind.shift`).
- **Actions** (:meth:`KindGames._act`) of a parted kind take the fast path, without the lock:
  read the context and the actor's part, the kind judges, the store keeps it (or the action is
  judged again), the kind announces it. A ``request_id`` makes a retry safe: the store keeps
  the judgement under it in the same script, and a retry gets the first answer again. A kind
  without the fast path (Indecix, dupliKta) acts under the game's lock on the whole state, a
  retry's answer kept in the step's transaction.
- **Events** go to the game's stream as the kind's public messages; a message private to a
  player (the duel's ``guess_marked``) is theirs alone: it is the action's answer, and their
  view holds it, never the shared stream.
- **Views**: ``GetGame`` gives the kind's :meth:`~arbitre.rules.kinds.base.Kind.view` for the
  caller (a player by their token, else a spectator): nothing hidden by construction. What every
  viewer of a moment shares is built once per step and process; a kind of thousands splits its
  view (:class:`~arbitre.rules.kinds.base.SharedViewing`) so that a player's costs their part.
- **Robots** are players seated by the organiser; at their moments the clock asks the kind's
  robot planner (:mod:`arbitre.engine.robots.planner`) what to do, from the robot's own view,
  and the action goes through the path of everyone's.
"""

from __future__ import annotations

from arbitre.services.session.seam.base import refusal_status
from arbitre.services.session.seam.robots import Robots

__all__ = ["KindGames", "refusal_status"]


class KindGames(Robots):
    """The session service's part that plays the game kinds on the seam: its base (storage),
    reading, seating, stepping, acting and robots, one module each."""
