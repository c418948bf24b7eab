// The page of an Indecix table (game kind "indecix"): its lobby (and the robot the creator
// chose, seated and started at once), the 6×6 grid with both players' dice and their full
// lines, both trays with counts and points, the die to place with its OK, the legal cells and
// capture previews when the server sends them (the player's aids), the Blitz clock, each
// game's result and the match's next game, the standings, and once the match is over its seed
// checked against the commitment and a replay of each game from the record.
//
// The shell (app.js, through web/kinds/index.js) hands a table over to this module when
// `GET /v1/games/{id}` says `kind: "indecix"`: `open({id, state, seat, watching})` draws it,
// and the controller it returns is closed when the page goes elsewhere. Its plumbing (the
// reads, the live updates, sending a placement, the lobby, the organiser's commands, the
// clock's face) is the shell's TableController (web/table.js). The server is the arbiter: the
// page judges nothing (which cells are legal, what a cell captures, the scores and the winner
// all come from the player's own view of the game); it reads the game with the player's token
// on load, after every event (all public), after a reconnection and when the tab comes back.
// Every text from the server goes through textContent (dom.js).

import { api, ApiError } from "../../api.js";
import { $, h, fill, show } from "../../dom.js";
import { t, language } from "../../i18n.js";
import { message, failure } from "../../ui.js";
import { formatClock } from "../../clock.js";
import { saveSeat, seatOf } from "../../storage.js";
import { TableController, i18n, sha256, lobbyCard, statusButtons, statusNotes } from "../../table.js";
import "./messages.js";
import { ROWS, SIZE, cssColour, inkOn, dieAt, dieNode, nameTag, gridNode, gainText, trayNode, rollText } from "./grid.js";
import { positions } from "./replay.js";

/** The events of an Indecix stream (web/live.js listens to these). */
const EVENTS = [
  "state",
  "game_started",
  "player_joined",
  "player_left",
  "die_rolled",
  "die_placed",
  "die_lost",
  "game_ended",
  "game_over",
  "paused",
  "resumed",
  "parked",
  "next_count",
];
/** The Blitz clock's last seconds: a warning and, unless muted, a tick. */
const LAST_SECONDS = 3;
/** Refusals after which the page reads the game again (the die is not the player's any more). */
const STALE = new Set(["not_your_turn", "wrong_roll", "too_late", "game_over", "not_started", "paused", "occupied"]);

/** Open the Indecix table `id` with its first `state` (a player's `seat`, or watching); the
 * shell calls the table's `close()` when the page leaves the game, `refresh()` when the tab
 * comes back and `reconnect()` when the network does. */
export function open(table) {
  return IndecixTable.open(table);
}

// -- little helpers ---------------------------------------------------------------------------

/** A JSON text with every "seed" kept as its digits (a 64-bit seed does not fit a JavaScript
 * number: its commitment is checked on the exact digits). */
function parseKeepingSeeds(text) {
  const digits = [...text.matchAll(/"seed"\s*:\s*(\d+)/g)].map((match) => match[1]);
  let at = 0;
  return JSON.parse(text, function (key, value, context) {
    if (key !== "seed" || typeof value !== "number") return value;
    if (context && typeof context.source === "string") return context.source;
    return digits[at++] ?? String(value);
  });
}

/** GET `url` (a public read of the API: the record, the review), as its text. */
async function readText(url) {
  const response = await fetch(url, { headers: { Accept: "application/json" }, cache: "no-store" });
  if (!response.ok) throw new ApiError(response.status, "http", response.statusText);
  return response.text();
}

/** Expected points as people read them: two decimals at most, in the page's language. */
const expected = (value) => Number(value).toLocaleString(language(), { maximumFractionDigits: 2 });

/** Why a game went to its winner when the scores are equal: the suites, then the opponent's
 * dice captured (the server names the winner; this says which of its tie-breaks decided). */
function tieText(first, second) {
  if (first.total !== second.total) return "";
  if (first.suites !== second.suites) return t("indecix.tieSuites", { a: first.suites, b: second.suites });
  if (first.captured !== second.captured) return t("indecix.tieCaptured", { a: first.captured, b: second.captured });
  return t("indecix.tieAll");
}

/** A tray's figures that rank it: its total, suites and opponent's dice captured. */
const keyOfTray = (tray) => ({
  total: tray.total,
  suites: tray.suites.count,
  captured: tray.captured_opponent.count,
});

// -- the page's skeleton (built once, kept in <main>) -----------------------------------------

function skeleton() {
  const replayButton = (id, label, text) =>
    h("button", { id, type: "button", class: "ghost ix-replay-button", "data-i18n-label": label }, text);
  return h(
    "section",
    { id: "indecix", class: "ix", hidden: true },
    lobbyCard("indecix", "ix", h("p", { id: "ix-robot-note", class: "muted", hidden: true, ...i18n("indecix.startingRobot") })),
    h(
      "div",
      { id: "ix-table", class: "ix-table", hidden: true },
      h(
        "div",
        { class: "ix-play" },
        h(
          "div",
          { class: "status-bar ix-status" },
          h("span", { id: "ix-game", class: "turn-label" }),
          h("span", { id: "ix-roll-count", class: "muted" }),
          h("span", { id: "ix-mode", class: "badge ix-mode" }),
          h("span", { id: "ix-clock", class: "clock", role: "timer", "aria-live": "off" }),
          h("span", { class: "spacer" }),
          statusButtons("ix"),
        ),
        statusNotes("indecix", "ix"),
        h(
          "div",
          { id: "ix-rollbar", class: "ix-rollbar" },
          h("span", { id: "ix-die-slot", class: "ix-die-slot" }),
          h(
            "div",
            { class: "ix-roll-text" },
            h("p", { id: "ix-turn", class: "ix-turn", "aria-live": "polite" }),
            h("p", { id: "ix-choice", class: "ix-choice", "aria-live": "polite" }),
          ),
          h(
            "div",
            { class: "ix-actions" },
            h("button", { id: "ix-cancel", type: "button", class: "ghost", hidden: true, ...i18n("indecix.cancel") }),
            h("button", { id: "ix-ok", type: "button", class: "primary ix-ok", hidden: true, ...i18n("indecix.ok") }),
          ),
        ),
        h(
          "div",
          { class: "ix-board-area" },
          h("div", { id: "ix-tray-0", class: "ix-tray-slot left" }),
          h("div", { id: "ix-grid-wrap", class: "ix-grid-wrap" }),
          h("div", { id: "ix-tray-1", class: "ix-tray-slot right" }),
        ),
        h("p", { id: "ix-note", class: "ix-note", role: "status", "aria-live": "polite" }),
        h("p", { id: "ix-last", class: "ix-last muted", "aria-live": "polite" }),
        h("p", { id: "ix-hint", class: "muted hint", ...i18n("indecix.hint") }),
      ),
      h(
        "div",
        { class: "panels ix-panels" },
        h(
          "section",
          { id: "ix-between", class: "card reveal", "aria-live": "polite", hidden: true },
          h("h2", { id: "ix-between-title" }),
          h("p", { id: "ix-between-result", class: "ix-result" }),
          h("p", { id: "ix-between-tie", class: "muted" }),
          h(
            "div",
            { class: "reveal-foot" },
            h("span", { id: "ix-next-wait", class: "muted" }),
            h("button", { id: "ix-next", type: "button", class: "primary", ...i18n("indecix.nextGame") }),
          ),
        ),
        h(
          "section",
          { id: "ix-over", class: "card over", hidden: true },
          h("h2", { id: "ix-over-title" }),
          h("p", { id: "ix-winner", class: "ix-winner" }),
          h("p", { id: "ix-tie", class: "muted" }),
          h("ul", { id: "ix-results", class: "ix-results" }),
          h("p", { class: "downloads" }, h("a", { id: "ix-record", class: "button", download: true, ...i18n("indecix.record") })),
          h("p", { class: "muted mono ix-seed-line" }, h("span", { id: "ix-seed" }), " ", h("span", { id: "ix-verified", class: "ix-verified" })),
        ),
        h(
          "section",
          { id: "ix-replay", class: "card ix-replay", hidden: true },
          h("h2", i18n("indecix.replay")),
          h("label", { class: "field inline", id: "ix-replay-game-field" }, h("span", i18n("indecix.replayGame")), h("select", { id: "ix-replay-game" })),
          h("div", { id: "ix-replay-grid", class: "ix-replay-grid" }),
          h(
            "div",
            { class: "ix-replay-controls", role: "group", "aria-describedby": "ix-replay-keys" },
            replayButton("ix-replay-first", "indecix.replayFirst", "«"),
            replayButton("ix-replay-prev", "indecix.replayPrev", "◀"),
            h("span", { id: "ix-replay-step", class: "ix-replay-step", "aria-live": "polite" }),
            replayButton("ix-replay-next", "indecix.replayNext", "▶"),
            replayButton("ix-replay-last", "indecix.replayLast", "»"),
          ),
          h("p", { id: "ix-replay-move", class: "ix-replay-move" }),
          h("p", { id: "ix-replay-scores", class: "muted" }),
          h("p", { id: "ix-replay-eval", class: "ix-replay-eval", "aria-live": "polite" }),
          h("h3", i18n("indecix.reviewTitle")),
          h("ul", { id: "ix-replay-summary", class: "ix-replay-summary" }),
          h("p", { id: "ix-replay-keys", class: "muted hint", ...i18n("indecix.replayKeys") }),
        ),
        h(
          "section",
          { class: "card" },
          h("h2", { id: "ix-standings-title" }),
          h("div", { class: "scroll-x" }, h("table", { id: "ix-standings", class: "standings ix-standings" })),
        ),
        h(
          "section",
          { class: "card" },
          h("h2", i18n("indecix.history")),
          h("ol", { id: "ix-history", class: "ix-history", reversed: true }),
        ),
      ),
    ),
  );
}

// -- the controller -----------------------------------------------------------------------------

class IndecixTable extends TableController {
  constructor(id, seat, watching) {
    super(id, seat, watching, {
      name: "indecix",
      parts: "ix",
      skeleton,
      events: EVENTS,
      title: "indecix.kind",
      deadline: "deadline_at",
      lastSeconds: LAST_SECONDS,
    });
    // this.note (the table's): {kind: "refused" | "info", text, code}
    this.roll = -1; // the roll the choice belongs to
    this.selected = ""; // the cell chosen for the open die
    this.focus = ""; // the grid's cell that takes the keyboard's focus
    this.typedRow = ""; // a row letter typed, waiting for its column
    this.playedRoll = 0; // the roll placed by this page, until the game says so too
    this.record = null; // GET …/record once the match is over
    this.recordAsked = false;
    this.review = null; // GET …/review once the match is over: the robot's view of each move
    this.reviewState = ""; // "", "loading", "failed"
    this.verified = null; // the seed against the commitment: true, false, or null (unknown)
    this.replay = { game: 1, step: -1 };
    this.readyRoll = 0; // between two games: the roll after which the player said Ready
    this.nextCount = null; // {turn, ready, of}
    this.seating = false;
  }

  /** Wire the skeleton's controls once (they act on the open table). */
  wire(section) {
    super.wire(section);
    const on = (selector, type, handler) => $(selector, section).addEventListener(type, handler);
    const active = () => IndecixTable.active;
    on("#ix-copy-link", "click", () => active()?.copyLink());
    on("#ix-ok", "click", () => active()?.confirm());
    on("#ix-cancel", "click", () => active()?.cancel());
    on("#ix-replay-game", "change", (event) => active()?.replayTo(Number(event.target.value), -1));
    on("#ix-replay-first", "click", () => active()?.replayTo(active().replay.game, 0));
    on("#ix-replay-prev", "click", () => active()?.replayBy(-1));
    on("#ix-replay-next", "click", () => active()?.replayBy(1));
    on("#ix-replay-last", "click", () => active()?.replayTo(active().replay.game, -1));
    on("#ix-replay", "keydown", (event) => {
      if (event.target.closest("select")) return;
      if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
        event.preventDefault();
        active()?.replayBy(event.key === "ArrowLeft" ? -1 : 1);
      }
    });
    on("#ix-grid-wrap", "keydown", (event) => active()?.gridKey(event));
  }

  // -- who is who ------------------------------------------------------------------------------

  nameOf(player) {
    return player ? super.nameOf(player) : "?";
  }

  /** The player at `seat` (the view's seats), or "". */
  playerAt(seat) {
    const found = (this.view.players || []).find((p) => p.seat === seat);
    return found ? found.player : "";
  }

  seatName(seat) {
    const player = this.playerAt(seat);
    return player ? this.nameOf(player) : t("waiting");
  }

  get mode() {
    return this.view.config?.mode || "classic";
  }

  // -- what the player may do ------------------------------------------------------------------

  remaining() {
    const current = this.view.current;
    if (!current || current.deadline_at == null) return null;
    if (this.game.status !== "running") return current.remaining_ms ?? 0;
    return Math.max(0, current.deadline_at - this.clock.now());
  }

  /** Whether the player may place the open die now (the server says it is theirs). */
  canPlace() {
    const view = this.view;
    const current = view.current;
    if (!this.game || this.game.status !== "running" || view.stage !== "playing" || !current) return false;
    if (!view.you?.to_play || current.roll === this.playedRoll) return false;
    const remaining = this.remaining();
    return remaining === null || remaining > 0;
  }

  /** The legal cells the server sent (the aid), or null. */
  get legal() {
    const cells = this.view.you?.legal_cells;
    return Array.isArray(cells) ? new Set(cells) : null;
  }

  /** Each legal cell's preview the server sent (the aid), or null. */
  get previews() {
    const list = this.view.you?.previews;
    return Array.isArray(list) ? new Map(list.map((preview) => [preview.cell, preview])) : null;
  }

  /** Whether `cell` may be chosen: a free cell, and a legal one when the server says which. */
  selectable(cell) {
    if (!this.canPlace() || this.sending) return false;
    const r = ROWS.indexOf(cell[0]);
    const c = Number(cell.slice(1)) - 1;
    if (r < 0 || c < 0 || c >= SIZE || dieAt(this.view.grid, r, c)) return false;
    const legal = this.legal;
    return legal ? legal.has(cell) : true;
  }

  // -- the state -------------------------------------------------------------------------------

  /** Take a game read from the server (with the player's token). */
  apply(game) {
    if (this.closed) return;
    this.take(game);
    const view = this.view;
    if (view.roll !== this.roll) {
      this.roll = view.roll;
      this.selected = "";
      this.sending = false;
      if (this.note?.kind === "refused") this.note = null;
    }
    if (!view.you?.to_play) this.selected = "";
    this.section.style.setProperty("--ix-c0", cssColour(view.config?.colours?.[0] || "blue"));
    this.section.style.setProperty("--ix-c1", cssColour(view.config?.colours?.[1] || "red"));
    this.section.style.setProperty("--ix-ink0", inkOn(view.config?.colours?.[0] || "blue"));
    this.section.style.setProperty("--ix-ink1", inkOn(view.config?.colours?.[1] || "red"));
    this.follow();
    this.draw();
    if (view.stage === "over" && !this.recordAsked) this.loadRecord();
    if (game.status === "waiting") this.seatRobot();
  }

  /** Every event: the game read again (the events are public, the view is the player's). */
  event(type, data) {
    if (type === "next_count" && data?.turn === this.view.roll) {
      this.nextCount = data;
      this.drawBetween();
      return;
    }
    this.refreshSoon(40);
  }

  /** Between two games, a seated player's Next says they are ready (`POST …/turns/{n}/next`):
   * the next game opens once both are (a robot always is), or by itself after the result; the
   * organiser not seated opens it at once. */
  command(what) {
    if (what !== "next" || !this.me || !this.seat?.playerToken) return super.command(what);
    return this.ready();
  }

  async ready() {
    const view = this.view;
    if (view.stage !== "between") return;
    this.readyRoll = view.roll;
    this.drawBetween();
    try {
      const counts = await api.next(this.id, this.seat.playerToken, view.roll);
      if (counts.turn === this.view.roll) this.nextCount = counts;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409)) message(failure(error));
    }
    this.drawBetween();
    this.refreshSoon(40);
  }

  /** The match is over: its record (public now), for the seed's digits and the replay, and
   * the strongest robot's review of every move. */
  async loadRecord() {
    this.recordAsked = true;
    this.loadReview();
    try {
      this.record = parseKeepingSeeds(await readText(api.recordUrl(this.id)));
    } catch (error) {
      this.recordAsked = false;
      message(failure(error));
      return;
    }
    if (this.closed) return;
    const record = this.record.record || {};
    const seed = record.seed;
    if (seed != null) {
      const digest = await sha256(`arbitre-indecix/1:seed:${seed}`);
      this.verified = digest === null ? null : digest === (this.view.commitment || record.commitment);
    }
    this.replay = { game: (record.games || []).length || 1, step: -1 };
    if (!this.closed) {
      this.drawOver();
      this.drawReplay();
    }
  }

  /** The robot's review of the finished match (`GET …/review`: for each die placed, its
   * value, the robot's best cell and its value, the points lost; per seat, the summary). */
  async loadReview() {
    this.reviewState = "loading";
    try {
      const found = JSON.parse(await readText(`/v1/games/${encodeURIComponent(this.id)}/review`));
      this.review = found.review || null;
      this.reviewState = "";
    } catch {
      this.reviewState = "failed"; // the replay goes on without it
    }
    if (!this.closed) this.drawReplay();
  }

  /** The review of die `gameRoll` of game `game`, or null. */
  reviewOf(game, gameRoll) {
    const found = (this.review?.games || []).find((g) => g.number === game);
    return (found?.moves || []).find((move) => move.game_roll === gameRoll) || null;
  }

  /** The creator chose a robot on the home form: seat it and start, once. */
  async seatRobot() {
    const level = this.seat?.robot;
    if (!level || !this.isOrganiser() || this.seating) return;
    this.seating = true;
    show($("#ix-robot-note"), true);
    try {
      if ((this.game.players || []).length < 2) await api.addRobot(this.id, this.seat.organiserToken, level);
      await api.command(this.id, this.seat.organiserToken, "start");
    } catch (error) {
      message(failure(error));
    } finally {
      saveSeat(this.id, { robot: "" });
      this.seat = seatOf(this.id) || this.seat;
      show($("#ix-robot-note"), false);
    }
    await this.refresh();
  }

  // -- the player's actions --------------------------------------------------------------------

  /** A cell clicked, or chosen with the keyboard (Enter on the chosen cell: OK). */
  choose(cell, byKey = false) {
    this.focus = cell;
    if (!this.selectable(cell)) {
      this.drawGrid(byKey);
      return;
    }
    if (byKey && this.selected === cell) {
      this.confirm();
      return;
    }
    this.selected = cell;
    if (this.note?.kind === "refused") this.note = null;
    this.drawPlay(byKey);
  }

  cancel() {
    this.selected = "";
    this.drawPlay();
  }

  /** OK: place the die on the chosen cell (again with its request id if lost on the network,
   * 0.5 s then 1 s later). */
  async confirm() {
    if (!this.canPlace() || !this.selected || this.sending) return;
    const roll = this.view.current.roll;
    const sent = await this.send({ cell: this.selected, roll }, 500);
    if (!sent) return;
    this.playedRoll = sent.answer?.result?.roll ?? roll;
    this.selected = "";
    this.note = null;
    this.drawPlay();
    this.refreshSoon(0); // the die's result, and the next die, come with the game read again
  }

  /** A refused placement: said under the grid, the choice undone, nothing spent; the game is
   * read again when the die is not the player's any more. */
  refuse(code, text) {
    const key = `indecix.refused.${code}`;
    const words = t(key, { face: this.view.current?.face ?? "" });
    this.note = { kind: "refused", code, text: words === key ? text : words };
    this.selected = "";
    if (STALE.has(code)) this.refreshSoon(0);
    this.drawPlay();
  }

  /** The keyboard on the grid: arrows move, Enter or Space chooses (Enter again: OK). */
  gridKey(event) {
    const button = event.target.closest?.(".ix-cell");
    if (!button || event.ctrlKey || event.metaKey || event.altKey) return;
    const cell = button.dataset.cell;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[event.key]) {
      event.preventDefault();
      const [dr, dc] = moves[event.key];
      const r = Math.min(SIZE - 1, Math.max(0, ROWS.indexOf(cell[0]) + dr));
      const c = Math.min(SIZE - 1, Math.max(0, Number(cell.slice(1)) - 1 + dc));
      this.focus = `${ROWS[r]}${c + 1}`;
      this.drawGrid(true);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault(); // not the button's own click
      this.choose(cell, true);
    }
  }

  /** Keys anywhere on the table: a cell typed (C4), Enter (OK), Escape (cancel). */
  key(event) {
    if (this.closed || this.section.hidden || $("#ix-table").hidden || event.defaultPrevented) return;
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    const target = event.target;
    if (target?.closest?.("input, select, textarea, [contenteditable]")) return;
    const onButton = target?.closest?.("button, a");
    const key = event.key;
    if (key === "Escape") {
      if (this.selected) {
        event.preventDefault();
        this.cancel();
      }
      this.typedRow = "";
      return;
    }
    if (key === "Enter") {
      if (onButton || !this.selected) return;
      event.preventDefault();
      this.confirm();
      return;
    }
    if (!this.canPlace()) return;
    const upper = key.length === 1 ? key.toUpperCase() : "";
    if (upper && ROWS.includes(upper)) {
      this.typedRow = upper;
      event.preventDefault();
    } else if (/^[1-6]$/.test(key) && this.typedRow) {
      event.preventDefault();
      const cell = `${this.typedRow}${key}`;
      this.typedRow = "";
      this.focus = cell;
      if (this.selectable(cell)) {
        this.selected = cell;
        if (this.note?.kind === "refused") this.note = null;
      }
      this.drawPlay(true);
    }
  }

  async copyLink() {
    const button = $("#ix-copy-link");
    try {
      await navigator.clipboard.writeText($("#ix-invite-link").value);
      button.textContent = t("copied");
    } catch {
      $("#ix-invite-link").select();
    }
    setTimeout(() => (button.textContent = t("copy")), 1500);
  }

  // -- the replay ------------------------------------------------------------------------------

  /** Show game `game` of the record at `step` resolved rolls (-1: its end). */
  replayTo(game, step) {
    const games = this.record?.record?.games || [];
    const found = games.find((g) => g.game === game) || games[games.length - 1];
    if (!found) return;
    const last = (found.rolls || []).length;
    this.replay = { game: found.game, step: step < 0 ? last : Math.min(last, Math.max(0, step)) };
    this.drawReplay();
  }

  replayBy(delta) {
    this.replayTo(this.replay.game, Math.max(0, this.replay.step + delta));
  }

  // -- drawing -----------------------------------------------------------------------------------

  /** The game, once out of the lobby. */
  drawTable() {
    this.drawStatus();
    this.drawPlay();
    this.drawBetween();
    this.drawOver();
    this.drawReplay();
    this.drawStandings();
    this.drawHistory();
    this.drawClock();
  }

  /** Two seats, always. */
  get seats() {
    return 2;
  }

  /** The game's settings in words: mode (and clock), games, aids. */
  settingsText(config) {
    const parts = [t(`indecix.mode.${config.mode || "classic"}`)];
    if (config.mode === "blitz") parts[0] = t("indecix.blitzBadge", { s: config.blitz_seconds });
    parts.push(t("indecix.gamesN", { n: config.games || 1 }));
    const aids = (config.aids || [])[0] || {};
    const named = [];
    if (aids.legal_cells) named.push(t("indecix.aidLegalShort"));
    if (aids.capture_preview) named.push(t("indecix.aidPreviewShort"));
    parts.push(named.length ? t("indecix.aidsOf", { aids: named.join(", ") }) : t("indecix.aidsNone"));
    return parts.join(" · ");
  }

  drawStatus() {
    const view = this.view;
    const config = view.config || {};
    $("#ix-game").textContent = (config.games || 1) > 1 ? t("indecix.gameOf", { n: view.game || 1, of: config.games }) : t("indecix.kind");
    const current = view.current;
    $("#ix-roll-count").textContent = current ? t("indecix.rollOf", { n: current.game_roll }) : "";
    const mode = $("#ix-mode");
    mode.textContent =
      this.mode === "blitz"
        ? t("indecix.blitzBadge", { s: config.blitz_seconds })
        : this.mode === "master"
          ? t("indecix.masterBadge")
          : t("indecix.mode.classic");
    mode.dataset.mode = this.mode;
    this.drawCommands(Boolean(view.you) && this.mode === "blitz" && view.stage !== "over");
  }

  /** The die to place, the choice and its OK, the grid and the trays, the notes. */
  drawPlay(focusGrid = false) {
    if (!this.game || this.game.status === "waiting") return;
    const view = this.view;
    const current = view.current;
    const you = view.you;
    const paused = this.held;
    const mine = this.canPlace();

    // The rolled die, whose it is, and what the player chose.
    const slot = $("#ix-die-slot");
    const bar = $("#ix-rollbar");
    show(bar, view.stage === "playing" && Boolean(current) && !paused);
    if (current && !paused) {
      const name = this.nameOf(current.player);
      fill(slot, dieNode(current.face, current.seat, { size: "big", label: t("indecix.die", { face: current.face, name }) }));
      slot.dataset.roll = String(current.roll);
      slot.dataset.face = String(current.face);
      bar.classList.toggle("mine", mine);
      bar.dataset.seat = String(current.seat);
      let turn;
      if (you?.to_play) turn = t("indecix.yourTurn", { face: current.face });
      else turn = t("indecix.theirTurn", { name, face: current.face });
      $("#ix-turn").textContent = turn;
      const choice = $("#ix-choice");
      if (mine && this.selected) {
        const preview = this.previews?.get(this.selected);
        choice.textContent = preview ? t("indecix.choice", { cell: this.selected, preview: gainText(preview) }) : this.selected;
      } else if (mine) {
        choice.textContent = t(this.legal ? "indecix.chooseCell" : "indecix.chooseAnyCell");
      } else if (!you) {
        choice.textContent = t("indecix.watching");
      } else choice.textContent = "";
      choice.dataset.cell = this.selected;
    } else {
      fill(slot);
      delete slot.dataset.roll;
    }
    const ok = $("#ix-ok");
    show(ok, mine || this.sending);
    ok.disabled = !this.selected || this.sending || !mine;
    ok.textContent = t(this.sending ? "indecix.sending" : "indecix.ok");
    show($("#ix-cancel"), mine && Boolean(this.selected) && !this.sending);

    this.drawGrid(focusGrid);
    for (const seat of [0, 1]) {
      const player = this.playerAt(seat);
      const tray = (view.trays || []).find((found) => found.seat === seat) || null;
      const present = (view.players || []).find((p) => p.seat === seat)?.present ?? true;
      fill(
        $(`#ix-tray-${seat}`),
        trayNode({
          tray,
          seat,
          name: this.seatName(seat),
          robot: player ? this.robotOf(player) : "",
          me: Boolean(you) && you.seat === seat,
          toPlay: view.stage === "playing" && current?.seat === seat,
          present,
        }),
      );
    }

    this.drawNote(this.note?.text || "", this.note?.kind);

    // The last die resolved, in words (a placement and its gains, or a die lost and why).
    const history = view.history || [];
    const last = history[history.length - 1];
    const lastNode = $("#ix-last");
    lastNode.textContent = last ? rollText(last, (p) => this.nameOf(p)) : "";
    if (last) lastNode.dataset.roll = String(last.roll);
    else delete lastNode.dataset.roll;
    show($("#ix-hint"), mine);
  }

  /** The grid: the current game's, with the player's aids when it is their die. */
  drawGrid(focusGrid = false) {
    const view = this.view;
    const mine = this.canPlace();
    const history = view.history || [];
    const last = history[history.length - 1];
    const wrap = $("#ix-grid-wrap");
    const hadFocus = wrap.contains(document.activeElement);
    const paused = this.held;
    fill(
      wrap,
      gridNode({
        id: "ix-grid",
        rows: view.grid || [],
        marked: view.marked || [],
        nameOf: (seat) => this.seatName(seat),
        legal: mine && !paused ? this.legal : null,
        previews: mine && !paused ? this.previews : null,
        selectable: (cell) => !paused && this.selectable(cell),
        selected: mine ? this.selected : "",
        focus: this.focus,
        last: last?.placed ? last.cell : "",
        lastCaptured: new Set(last?.placed ? last.captured || [] : []),
        onChoose: (cell) => this.choose(cell),
      }),
    );
    wrap.dataset.roll = String(view.roll || 0);
    wrap.classList.toggle("mine", mine && !paused);
    if (focusGrid || hadFocus) {
      const target = this.focus || this.selected;
      const button = target ? wrap.querySelector(`[data-cell='${target}']`) : null;
      button?.focus();
    }
  }

  /** Between two games of a match: the last one's result, and Next for the organiser. */
  drawBetween() {
    const view = this.view;
    const card = $("#ix-between");
    const results = view.results || [];
    const last = results[results.length - 1];
    const visible = view.stage === "between" && Boolean(last);
    show(card, visible);
    if (!visible) return;
    $("#ix-between-title").textContent = t("indecix.gameEnded", { n: last.game });
    $("#ix-between-result").textContent = this.resultText(last);
    $("#ix-between-tie").textContent = this.resultTie(last);
    const seated = Boolean(this.me && this.seat?.playerToken);
    const next = $("#ix-next");
    show(next, seated || this.isOrganiser());
    const pressed = seated && this.readyRoll === view.roll;
    const counts = this.nextCount?.turn === view.roll ? this.nextCount : null;
    next.disabled = this.game.status !== "running" || pressed;
    next.textContent = seated ? `${t("indecix.ready")}${counts ? ` (${counts.ready}/${counts.of})` : ""}` : t("indecix.nextGame");
    const at = this.game.deadline_ms ? new Date(this.game.deadline_ms).toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit", second: "2-digit" }) : "";
    $("#ix-next-wait").textContent = at ? t(pressed ? "indecix.nextWaitReady" : "indecix.nextWait", { at }) : "";
  }

  resultVars(result) {
    const trays = result.trays || [];
    const [first, second] = [0, 1].map((seat) => trays.find((tray) => tray.seat === seat) || { total: 0, player: "" });
    return {
      n: result.game,
      first: this.nameOf(first.player),
      second: this.nameOf(second.player),
      a: first.total,
      b: second.total,
    };
  }

  /** A game's result in words: its score, and who won it (or a draw). */
  resultText(result) {
    const score = t("indecix.gameResult", this.resultVars(result));
    const outcome = result.winner ? t("indecix.gameWinner", { name: this.nameOf(result.winner), n: result.game }) : t("indecix.gameDraw", { n: result.game });
    return `${score}. ${outcome}`;
  }

  resultTie(result) {
    const trays = result.trays || [];
    if (trays.length < 2) return "";
    const winner = trays.find((tray) => tray.player === result.winner) || trays[0];
    const other = trays.find((tray) => tray !== winner) || trays[1];
    return tieText(keyOfTray(winner), keyOfTray(other));
  }

  drawOver() {
    const view = this.view;
    const over = view.stage === "over" || this.game.status === "over";
    show($("#ix-over"), over);
    if (!over) return;
    const games = view.config?.games || 1;
    $("#ix-over-title").textContent = t(games > 1 ? "indecix.matchOver" : "indecix.over");
    const standings = view.standings || [];
    const [first, second] = standings;
    let winner = "";
    let tie = "";
    if (first && second && first.rank === second.rank) winner = t("indecix.draw", { points: first.total });
    else if (first) {
      winner = t(games > 1 ? "indecix.matchWinner" : "indecix.winner", { name: this.nameOf(first.player), points: first.total });
      if (second) {
        const key = (line) => ({ total: line.total, suites: line.details?.suites ?? 0, captured: line.details?.opponent_dice_captured ?? 0 });
        tie = tieText(key(first), key(second));
      }
    }
    if (first && second && first.rank === second.rank) tie = t("indecix.tieAll");
    const winnerNode = $("#ix-winner");
    winnerNode.textContent = winner;
    winnerNode.dataset.winner = first && !(second && first.rank === second.rank) ? first.player : "";
    $("#ix-tie").textContent = tie;
    fill(
      $("#ix-results"),
      (view.results || []).map((result) =>
        h("li", { dataset: { game: String(result.game), winner: result.winner || "" } }, this.resultText(result), " ", h("span", { class: "muted" }, this.resultTie(result))),
      ),
    );
    show($("#ix-results"), games > 1);
    $("#ix-record").href = api.recordUrl(this.id);
    $("#ix-record").setAttribute("download", `arbitre-indecix-${this.id}.json`);
    // The seed's exact digits come from the record (a 62-bit seed does not fit a JavaScript
    // number: the view's would be rounded).
    const seed = this.record?.record?.seed;
    $("#ix-seed").textContent = seed != null ? t("indecix.seed", { seed }) : "";
    const verified = $("#ix-verified");
    verified.textContent = this.verified === true ? t("indecix.verified") : this.verified === false ? t("indecix.notVerified") : "";
    verified.title = this.verified === true ? t("indecix.verifiedTitle") : "";
    verified.classList.toggle("bad", this.verified === false);
  }

  /** The replay of a game from the record: the grid after each resolved roll, stepping. */
  drawReplay() {
    const card = $("#ix-replay");
    const games = this.record?.record?.games || [];
    const visible = this.view.stage === "over" && games.length > 0;
    show(card, visible);
    if (!visible) return;
    const select = $("#ix-replay-game");
    if (select.options.length !== games.length) {
      fill(select, games.map((game) => h("option", { value: game.game })));
    }
    for (const option of select.options) option.textContent = t("indecix.gameN", { n: Number(option.value) });
    show($("#ix-replay-game-field"), games.length > 1);
    const game = games.find((g) => g.game === this.replay.game) || games[games.length - 1];
    select.value = String(game.game);
    const all = positions(game);
    const step = this.replay.step < 0 ? all.length - 1 : Math.min(this.replay.step, all.length - 1);
    this.replay = { game: game.game, step };
    const position = all[step];
    const seats = this.record.record.seats || [];
    const names = this.record.names || {};
    const nameOfPlayer = (player) => names[player] || this.nameOf(player);
    const roll = position.roll;
    const judged = roll ? this.reviewOf(game.game, roll.game_roll) : null;
    const best = judged?.placed && judged.best && judged.loss > 0 ? judged.best : "";
    const replayGrid = $("#ix-replay-grid");
    fill(
      replayGrid,
      gridNode({
        id: "ix-replay-board",
        rows: position.rows,
        marked: position.marked,
        nameOf: (seat) => nameOfPlayer(seats[seat]),
        last: roll?.placed ? roll.cell : "",
        lastCaptured: new Set(position.captured),
        best,
      }),
    );
    replayGrid.dataset.step = String(step);
    replayGrid.dataset.game = String(game.game);
    replayGrid.dataset.rows = position.rows.join("/");
    $("#ix-replay-step").textContent = t("indecix.replayStep", { n: step, of: all.length - 1 });
    $("#ix-replay-first").disabled = step === 0;
    $("#ix-replay-prev").disabled = step === 0;
    $("#ix-replay-next").disabled = step === all.length - 1;
    $("#ix-replay-last").disabled = step === all.length - 1;
    const move = $("#ix-replay-move");
    fill(move);
    if (roll) {
      move.append(dieNode(roll.face, roll.seat, { size: "mini" }), " ", rollText(roll, nameOfPlayer));
    } else move.textContent = t("indecix.replayStart");
    const scores = roll?.scores;
    $("#ix-replay-scores").textContent = scores
      ? t("indecix.replayScores", {
          scores: seats.map((player) => `${nameOfPlayer(player)} ${scores[player] ?? 0}`).join(" – "),
        })
      : "";
    this.drawReview(judged, roll);
  }

  /** What the robot thinks of the move shown (which cell was best, and by how much), and of
   * each player's whole match. */
  drawReview(judged, roll) {
    const node = $("#ix-replay-eval");
    node.className = "ix-replay-eval";
    delete node.dataset.best;
    delete node.dataset.loss;
    if (this.reviewState === "loading") node.textContent = t("indecix.reviewLoading");
    else if (!this.review) node.textContent = this.reviewState === "failed" ? t("indecix.reviewMissing") : "";
    else if (!roll || !judged) node.textContent = "";
    else if (!judged.placed) node.textContent = t("indecix.reviewLost");
    else {
      node.dataset.best = judged.best || "";
      node.dataset.loss = String(judged.loss ?? 0);
      const vars = {
        cell: judged.cell,
        value: expected(judged.value),
        best: judged.best,
        bestValue: expected(judged.best_value),
        loss: expected(judged.loss),
        n: judged.legal_cells,
      };
      if (!judged.loss) {
        node.textContent = t(judged.legal_cells > 1 ? "indecix.reviewBest" : "indecix.reviewOnly", vars);
        node.classList.add("best");
      } else {
        node.textContent = t("indecix.reviewWorse", vars);
        node.classList.add("worse");
      }
    }
    const seats = this.review?.seats || [];
    const names = this.record?.names || {};
    fill(
      $("#ix-replay-summary"),
      seats.map((seat) =>
        h(
          "li",
          { dataset: { seat: String(seat.seat), best: String(seat.best_moves), placed: String(seat.placed) } },
          nameTag(seat.seat, names[seat.player] || this.nameOf(seat.player)),
          " ",
          t("indecix.reviewSeat", { best: seat.best_moves, placed: seat.placed, lost: expected(seat.points_lost) }),
        ),
      ),
    );
  }

  drawStandings() {
    const view = this.view;
    const over = view.stage === "over";
    $("#ix-standings-title").textContent = t(over ? "indecix.finalStandings" : "indecix.standings");
    const games = view.config?.games || 1;
    const played = Math.max(1, (view.results || []).length + (view.stage === "playing" ? 1 : 0));
    const columns = games > 1 ? Math.min(games, played) : 0;
    const standings = view.standings || [];
    fill(
      $("#ix-standings"),
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, t("indecix.rank")),
          h("th", { scope: "col" }, t("indecix.player")),
          Array.from({ length: columns }, (_, i) => h("th", { scope: "col", class: "num" }, t("indecix.gameShort", { n: i + 1 }))),
          h("th", { scope: "col", class: "num" }, t("indecix.total")),
        ),
      ),
      h(
        "tbody",
        {},
        standings.map((line) => {
          const details = line.details || {};
          const scores = details.games || [];
          // The figures that break a tie, under the name: games won, suites, opponent's dice.
          const figures = [
            games > 1 ? t("indecix.wonN", { n: details.games_won ?? 0 }) : null,
            t("indecix.suitesN", { n: details.suites ?? 0 }),
            t("indecix.capturedN", { n: details.opponent_dice_captured ?? 0 }),
          ].filter(Boolean);
          return h(
            "tr",
            { class: line.player === this.me ? "me" : "", dataset: { player: line.player, total: String(line.total) } },
            h("td", {}, String(line.rank)),
            h(
              "td",
              { class: "name" },
              nameTag(details.seat ?? 0, this.nameOf(line.player)),
              h("br"),
              h("span", { class: "muted ix-figures" }, figures.join(" · ")),
            ),
            Array.from({ length: columns }, (_, i) => h("td", { class: "num" }, scores[i] == null ? "—" : String(scores[i]))),
            h("td", { class: "num total" }, String(line.total)),
          );
        }),
      ),
    );
  }

  /** The current game's resolved rolls, the latest first. */
  drawHistory() {
    const history = this.view.history || [];
    const list = $("#ix-history");
    if (!history.length) {
      fill(list, h("li", { class: "muted ix-empty" }, t("indecix.noHistory")));
      return;
    }
    fill(
      list,
      [...history].reverse().map((roll) =>
        h(
          "li",
          { value: roll.game_roll, class: roll.placed ? "placed" : "lost", dataset: { roll: String(roll.roll), seat: String(roll.seat) } },
          dieNode(roll.face, roll.seat, { size: "mini" }),
          " ",
          rollText(roll, (p) => this.nameOf(p)),
        ),
      ),
    );
  }

  /** The Blitz clock (none in the other modes) and a placing player's last seconds. */
  drawClock() {
    if (this.closed || !this.game || this.game.status === "waiting") return;
    const view = this.view;
    const remaining = view.stage === "playing" ? this.remaining() : null;
    this.drawTimer(remaining);
    if (remaining !== null) this.drawWarning(remaining, this.canPlace(), view.roll);
    const placing = this.canPlace();
    this.drawTurn(placing, remaining === 0); // the clock ran out: the grid goes quiet
    const over = view.stage === "over";
    const turn = placing ? t("indecix.yourTurn", { face: view.current.face }) : t(over ? "indecix.over" : "indecix.kind");
    document.title = `${remaining !== null && placing ? `${formatClock(remaining)} · ` : ""}${turn} — Arbitre`;
  }
}
