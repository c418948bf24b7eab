"""The session service's names, limits and timings, each defined once: what a request may hold,
how many event streams and workers a process has, how long a game's keys live in Redis, when a
failed step is tried again and when a game is parked, when and how the robots answer. Every
name in capitals is public (:mod:`arbitre.services.session` exports them all)."""

from __future__ import annotations

from arbitre.engine.robots.duplicate import RobotLevel

SERVICE_NAME = "arbitre.v1.Session"
DEFAULT_ADDRESS = "127.0.0.1:50054"
ADDRESS_VARIABLE = "ARBITRE_SESSION_ADDRESS"
#: Longest game title accepted.
MAX_TITLE_CHARS = 120
#: A game's state lists its first players only (a table's, all of them): a simultané's state
#: would otherwise grow with its thousands of players, and be read by each of them.
MAX_LISTED_PLAYERS = 100
#: Most events an ``Events`` stream sends from before its state (a gateway's buffer).
MAX_BACKLOG = 10_000
#: Largest pre-drawn game package (a full game is some 30 KB).
MAX_PACKAGE_CHARS = 1_000_000
#: How far ahead a start may be scheduled (a year, in ms).
MAX_SCHEDULE_MS = 366 * 24 * 3600 * 1000
#: The file holding the operator's key that signs game packages.
PACKAGE_KEY_VARIABLE = "ARBITRE_PACKAGE_KEY_FILE"
#: How often an idle event stream says it is alive, and how long one Redis read waits.
PING_SECONDS = 15.0
_BLOCK_MS = 2_000
#: Worker threads of the session service run alone: every open event stream holds one.
SESSION_WORKERS = 1_024
#: Most ``Events`` streams the process serves at once. Each holds a worker thread while it
#: lasts (a gateway needs one per game it serves, not one per client), so they may take a
#: quarter of the workers and unary calls always find one; beyond, RESOURCE_EXHAUSTED.
MAX_EVENT_STREAMS = SESSION_WORKERS // 4
#: After a step fails (a peer down), when it is tried again: this, doubled after each failure
#: in a row, up to :data:`MAX_RETRY_MS`.
RETRY_MS = 1_000
MAX_RETRY_MS = 30_000
#: A game whose step fails this many times in a row for a reason other than an outage (Redis
#: or a peer unreachable, which is retried for as long as it lasts) is parked: its steps stop,
#: its state says why, the organiser may resume it once the cause is mended.
MAX_STEP_FAILURES = 5
#: A silence of the clocks' heartbeat this long is an outage: the running games' clocks are
#: extended by it (a clock ticks every 0.1 s).
OUTAGE_MS = 5_000
#: How long a game's data is kept in Redis, by what it is doing (refreshed at every step): a
#: finished game's results and record for a week; a game not started (waiting, counted from
#: its creation or its scheduled start), paused or parked, a week; a running game, two days
#: past its last step (each turn is a step, so only a game nobody's clock runs expires).
FINISHED_TTL_MS = 7 * 24 * 3600 * 1000
#: A person not seen this long (no read of the game nor action with their token) is away: a
#: game against robots only of a kind that waits for them is suspended when their turn runs out
#: (:mod:`arbitre.services.session.seam.away`; the page reads the game every 5 s while open).
AWAY_MS = 20_000
IDLE_TTL_MS = 7 * 24 * 3600 * 1000
RUNNING_TTL_MS = 2 * 24 * 3600 * 1000
#: Longest board row count, row and rack a fair-play check reads (the layouts go to 26x26).
MAX_CHECKED_ROWS = 26
MAX_CHECKED_RACK = 16
ROBOT_NAMES = {
    RobotLevel.EXPERT: "Robot Expert",
    RobotLevel.CONFIRME: "Robot Confirmé",
    RobotLevel.DEBUTANT: "Robot Débutant",
}
#: Longest action a player of a game kind may send (its JSON), and how many times an action is
#: judged again when a step or another action of the same player came first.
MAX_ACTION_CHARS = 4_096
MAX_ACT_ATTEMPTS = 8
#: Most actions one ``ActBatch`` call carries.
MAX_ACT_BATCH = 256
#: How many players' seats (game and token -> player) a process remembers for the actions.
SEATS_REMEMBERED = 200_000
#: Joins at a game kind's table are seated together, this many at most per step; a join waits
#: this long for its seat before it gives up (503, nothing written: less than the gateway's
#: deadline for a call, so that a join the gateway gave up on is never seated).
MAX_SEATED_AT_ONCE = 500
SEAT_WAIT_SECONDS = 5.0
#: How long a spectator's view of a game kind's game is served again before it is built anew
#: (a step makes it anew at once): the event streams' first state and anonymous reads.
SPECTATOR_VIEW_SECONDS = 0.5
#: A moment every viewer shares is kept, while no step changes the game, at least this many
#: times what it took to build (and :data:`SPECTATOR_VIEW_SECONDS`): building the moment of a
#: simultané of thousands (its state loaded, every player ranked) takes a good part of a second,
#: so rebuilding it every half second would keep a core busy on it alone. Readers meanwhile get
#: the moment kept, never wait for its rebuild (same stamp: no step came between).
VIEW_KEPT_PER_BUILD = 4
