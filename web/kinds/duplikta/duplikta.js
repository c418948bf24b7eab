// The page of a dupliKta table (game kind "duplikta"): its lobby, the 15×15 board with its
// premiums, the player's own copy of the rack, the pose placed by dragging tokens (pointer
// events: mouse, pen, touch), by the keyboard or typed in notation ("H8 JOUR"), blanks asked
// for, Confirm (nothing placed: a pass, once confirmed); the loupe (a token put back and
// another drawn, ½ Chance; exchanged for a chosen letter, 1 Chance; a blank given a letter,
// free) with the Chances left, the player's requests of the turn and the box as the view gives
// it; the clock; who has confirmed (a move placing more than 2 blanks with the clock on is
// refused, its message shown); at each close the turn's line (both moves, accepted or
// refused, points, bonuses, who stays and by which criterion, the reliquat) and readiness for
// the next turn; the score sheet, the standings, and once over the end, the record and the
// seed checked against the game's commitment. Tourlou, the robot, chosen on the home form
// (seated and the game started at once) or added in the lobby, plays through the same path as
// people.
//
// The shell (app.js, through web/kinds/index.js) hands a table over to this module when
// `GET /v1/games/{id}` says `kind: "duplikta"`: `open({id, state, seat, watching})` draws it,
// and the controller it returns is closed when the page goes elsewhere. Its plumbing (the
// reads, the live updates, sending an action with a request id, the lobby, the organiser's
// commands, the clock's face) is the shell's TableController (web/table.js); its board, rack
// and pose are the duplicate page's (board.js, pose.js). The server is the arbiter: the page
// shows only what the player's view holds (never the opponent's copy of the rack or their move
// before the close, nor the seed before the end) and judges no word: a move's words are
// judged at the close. Every text from the server goes through textContent (dom.js).

import { api, ApiError } from "../../api.js";
import { $, h, fill, show } from "../../dom.js";
import { t, known, language } from "../../i18n.js";
import { message, failure, explain, pickBlank } from "../../ui.js";
import { formatClock } from "../../clock.js";
import { parseMove, squaresOf } from "../../notation.js";
import { squareName } from "../../layout.js";
import { Pose } from "../../pose.js";
import { PlayBoard } from "../../board.js";
import { TableController, i18n, sha256, lobbyCard, statusButtons, statusNotes } from "../../table.js";
import { seatOf, saveSeat } from "../../storage.js";
import "./messages.js";
import { boardLayout, tokenSetOf, lettersOf, grouped } from "./tokens.js";

/** The events of a dupliKta stream (web/live.js listens to these). */
const EVENTS = [
  "state",
  "game_started",
  "player_joined",
  "player_left",
  "turn_dealt",
  "player_confirmed",
  "turn_paused",
  "turn_resumed",
  "turn_closed",
  "game_over",
  "next_count",
  "paused",
  "resumed",
  "parked",
];
/** The clock's last seconds: a warning and, unless muted, the sound. */
const LAST_SECONDS = 10;
/** Refusals after which the page reads the game again (the turn moved on). */
const STALE = new Set(["already_confirmed", "too_late", "wrong_turn", "not_open", "game_over", "not_seated", "paused", "not_paused"]);
/** How an action lost on the network is tried again (ms × the attempt). */
const BACKOFF_MS = 700;
/** Against Tourlou, how often the page reads the game to say the player is here (the session
 * takes a person unseen for 20 s as away). */
const HEARTBEAT_MS = 5_000;
const EMPTY_BOARD = Array.from({ length: 15 }, () => ".".repeat(15));
/** A phone or a tablet: the hint speaks of taps, not of keys. */
const TOUCH = matchMedia("(pointer: coarse)");
/** dupliKta's robot's name. */
const TOURLOU = "Tourlou";
/** The commitment of a game's seed: the SHA-256 of `<scheme>:<salt>:<seed>`. */
const SEED_SCHEME = "arbitre-seed/1";

/** Open the dupliKta table `id` with its first `state` (a player's `seat`, or watching); the
 * shell calls the table's `close()` when the page leaves the game, `refresh()` when the tab
 * comes back and `reconnect()` when the network does. */
export function open(table) {
  return DupliktaTable.open(table);
}

// -- little helpers -----------------------------------------------------------------------------

/** A request at the loupe in words. */
function exchangeText(done) {
  const letter = (token) => (token === "?" ? t("duplikta.blankToken") : token || "");
  return t(`duplikta.ex.${done.kind}`, {
    given: letter(done.given),
    received: letter(done.received),
    wanted: letter(done.wanted),
    cost: done.cost,
  });
}

/** Seat Tourlou, dupliKta's robot, at `level` (POST …/robots with its name): `{player_id, game}`. */
async function addTourlou(id, token, level) {
  const response = await fetch(`/v1/games/${encodeURIComponent(id)}/robots`, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ level, name: TOURLOU }),
    cache: "no-store",
  });
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = data?.error || {};
    throw new ApiError(response.status, error.code || "http", error.message || response.statusText);
  }
  return data;
}

/** A scenario against Tourlou in words: its number and Tourlou's level. */
const scenarioText = (scenario) => t("duplikta.scenario", { number: scenario.number, level: scenario.level });

/** The squares "r,c" of a move's notation. */
const squaresKey = (move) => new Set(squaresOf(move).map(({ r, c }) => `${r},${c}`));

/** A signed number of points ("+5", "−10"). */
const signed = (n) => (n < 0 ? `−${-n}` : `+${n}`);
/** Points against the best move ("0", "−18"; "+3" after exchanges that beat the shared rack). */
const against = (n) => (n ? signed(n) : "0");

/** The score sheet's turn lines (once over, the sheet ends with a line of the end, the
 * adjustment and the totals: `{end, adjustment, totals}`). */
const turnLines = (view) => (view.sheet || []).filter((line) => line.turn != null);
/** The sheet's end line, or null. */
const endLine = (view) => (view.sheet || []).find((line) => line.turn == null && line.end) || null;

/** The bonuses of a side in words. */
function bonusTexts(bonuses) {
  return Object.entries(bonuses || {}).map(([name, n]) =>
    known(`duplikta.bonus.${name}`) ? t(`duplikta.bonus.${name}`, { n }) : t("duplikta.bonus.other", { name, n }),
  );
}

// -- the page's skeleton (built once, kept in <main>) -----------------------------------------

function skeleton() {
  return h(
    "section",
    { id: "duplikta", class: "dk", hidden: true },
    lobbyCard("duplikta", "dk", h("p", { id: "dk-robot-note", class: "muted", hidden: true, ...i18n("duplikta.startingRobot") })),
    h(
      "div",
      { id: "dk-table", class: "table dk-table", hidden: true },
      h(
        "div",
        { class: "play dk-play" },
        h(
          "div",
          { class: "status-bar dk-status" },
          h("span", { id: "dk-turn", class: "turn-label" }),
          h("span", { id: "dk-scenario", class: "badge dk-scenario", hidden: true }),
          h("span", { id: "dk-clock", class: "clock", role: "timer", "aria-live": "off" }),
          h("span", { id: "dk-box", class: "bag" }),
          h("button", { id: "dk-turn-pause", type: "button", class: "ghost", hidden: true }),
          h("span", { class: "spacer" }),
          statusButtons("dk"),
        ),
        statusNotes("duplikta", "dk"),
        h(
          "p",
          { id: "dk-turn-paused", class: "note dk-paused", role: "status", hidden: true },
          h("span", { id: "dk-turn-paused-text" }),
          " ",
          h("button", { id: "dk-turn-resume", type: "button", class: "primary", ...i18n("duplikta.resume") }),
        ),
        h("ul", { id: "dk-scores", class: "dk-scores", "aria-live": "polite" }),
        h(
          "div",
          { id: "dk-board-area", class: "dk-board-area" },
          h("p", { id: "dk-tirage", class: "dk-tirage mono" }),
          h("div", { id: "dk-board-wrap", class: "board-wrap" }),
          h(
            "div",
            { class: "rack-row" },
            h("div", { id: "dk-rack", class: "rack", role: "group", "data-i18n-label": "rack" }),
            h("button", { id: "dk-shuffle", type: "button", class: "icon", "data-i18n-label": "shuffle" }, "⤮"),
          ),
        ),
        h(
          "div",
          { class: "pose-row" },
          h("span", { id: "dk-pose", class: "pose", "aria-live": "polite" }),
          h("span", { class: "spacer" }),
          h("button", { id: "dk-direction", type: "button", class: "ghost" }),
          h("button", { id: "dk-clear", type: "button", class: "ghost", ...i18n("clear") }),
          h("button", { id: "dk-confirm", type: "button", class: "primary", ...i18n("duplikta.confirm") }),
        ),
        h(
          "div",
          { id: "dk-pass", class: "dk-pass", role: "alertdialog", "aria-labelledby": "dk-pass-text", hidden: true },
          h("span", { id: "dk-pass-text", ...i18n("duplikta.passAsk") }),
          h("button", { id: "dk-pass-yes", type: "button", class: "primary", ...i18n("duplikta.passYes") }),
          h("button", { id: "dk-pass-no", type: "button", class: "ghost", ...i18n("duplikta.passNo") }),
        ),
        h("p", { id: "dk-note", class: "dk-note", role: "status", "aria-live": "polite" }),
        h("p", { id: "dk-mine", class: "my-answer", "aria-live": "polite" }),
        h(
          "form",
          { id: "dk-typed", class: "dk-typed" },
          h(
            "label",
            { class: "field inline" },
            h("span", i18n("duplikta.typed")),
            h("input", {
              id: "dk-move",
              autocomplete: "off",
              autocapitalize: "characters",
              spellcheck: "false",
              "data-i18n-placeholder": "duplikta.typedPlaceholder",
            }),
          ),
          h("button", { id: "dk-place", type: "submit", ...i18n("duplikta.typedPlace") }),
        ),
        h("p", { id: "dk-hint", class: "muted hint" }),
      ),
      h(
        "div",
        { class: "panels dk-panels" },
        h(
          "section",
          { id: "dk-over", class: "card over", hidden: true },
          h("h2", i18n("duplikta.over")),
          h("p", { id: "dk-winner", class: "dk-winner" }),
          h("p", { id: "dk-end", class: "muted" }),
          h("p", { class: "downloads" }, h("a", { id: "dk-record", class: "button", download: true, ...i18n("duplikta.record") })),
          h("p", { class: "muted mono" }, h("span", { id: "dk-seed" }), " ", h("span", { id: "dk-verified" })),
        ),
        h(
          "section",
          { id: "dk-closed", class: "card reveal dk-closed", "aria-live": "polite", hidden: true },
          h("h2", { id: "dk-closed-title" }),
          h("ul", { id: "dk-closed-line", class: "dk-line" }),
          h("p", { id: "dk-closed-installed", class: "dk-installed" }),
          h("p", { id: "dk-closed-best", class: "dk-best" }),
          h("p", { id: "dk-closed-reliquat", class: "muted" }),
          h(
            "div",
            { id: "dk-closed-foot", class: "reveal-foot" },
            h("span", { id: "dk-next-wait", class: "muted" }),
            h("button", { id: "dk-next", type: "button", class: "primary", ...i18n("duplikta.ready") }),
          ),
        ),
        h(
          "section",
          { id: "dk-loupe", class: "card dk-loupe" },
          h("h2", i18n("duplikta.loupe")),
          h("p", { id: "dk-loupe-chances", class: "dk-chances" }),
          h("p", { id: "dk-loupe-closed", class: "muted", ...i18n("duplikta.loupeClosed") }),
          h(
            "div",
            { id: "dk-loupe-tools" },
            h("p", { class: "muted", ...i18n("duplikta.loupePick") }),
            h("div", { id: "dk-loupe-rack", class: "dk-loupe-rack", role: "radiogroup", "data-i18n-label": "duplikta.loupePick" }),
            h(
              "div",
              { class: "dk-loupe-actions" },
              h("button", { id: "dk-redraw", type: "button", ...i18n("duplikta.redraw") }),
              h(
                "span",
                { class: "dk-exchange" },
                h("button", { id: "dk-exchange", type: "button", ...i18n("duplikta.exchange") }),
                h("select", { id: "dk-want", "data-i18n-label": "duplikta.want" }),
              ),
            ),
          ),
          h("ul", { id: "dk-exchanges", class: "dk-exchanges" }),
          h("h3", { id: "dk-box-title" }),
          h("p", { id: "dk-box-letters", class: "letters mono" }),
        ),
        h(
          "section",
          { class: "card" },
          h("h2", { id: "dk-standings-title" }),
          h("table", { id: "dk-standings", class: "standings dk-standings" }),
        ),
        h(
          "section",
          { class: "card" },
          h("h2", i18n("duplikta.sheet")),
          h("div", { class: "scroll-x" }, h("table", { id: "dk-sheet", class: "sheet dk-sheet" })),
        ),
        h(
          "section",
          { id: "dk-elsewhere", class: "card", hidden: true },
          h("h2", i18n("duplikta.elsewhere")),
          h("p", { class: "muted", ...i18n("duplikta.elsewhereHint") }),
          h(
            "div",
            { class: "invite" },
            h("input", { id: "dk-resume-link", readonly: true, "data-i18n-label": "duplikta.elsewhere" }),
            h("button", { id: "dk-copy-resume", type: "button", ...i18n("copy") }),
          ),
        ),
      ),
    ),
  );
}

// -- the controller -----------------------------------------------------------------------------

class DupliktaTable extends TableController {
  constructor(id, seat, watching) {
    super(id, seat, watching, {
      name: "duplikta",
      parts: "dk",
      skeleton,
      events: EVENTS,
      title: "duplikta.kind",
      deadline: "deadline_ms",
      lastSeconds: LAST_SECONDS,
    });
    // this.note (the table's): {kind: "refused" | "info", text, code}
    this.pose = new Pose();
    this.board = null; // the PlayBoard, made at the first drawing of the table
    this.layout = null; // the board's premiums, from the first view
    this.poseKey = ""; // the turn, rack and board the pose was made for
    this.poseTurn = -1;
    this.askPass = false; // Confirm with nothing placed: the pass asked for, to be confirmed
    this.loupeToken = -1; // the index in the player's copy of the rack chosen at the loupe
    this.confirmed = null; // the result of the player's confirm, until the view says it too
    this.readyTurn = 0; // the turn whose Ready the player pressed
    this.nextCount = null; // {turn, ready, of}
    this.recordAsked = false;
    this.heartbeat = 0; // against Tourlou: the game read every HEARTBEAT_MS (the server's "here")
    this.seating = false; // Tourlou, chosen on the home form, is being seated
    this.seed = null; // the seed's exact digits, read from the record once over
    this.verified = null; // the seed against the game's commitment: true, false or null
  }

  /** Wire the skeleton's controls once (they act on the open table). */
  wire(section) {
    super.wire(section);
    const on = (selector, type, handler) => $(selector, section).addEventListener(type, handler);
    const active = () => DupliktaTable.active;
    on("#dk-copy-link", "click", () => active()?.copyLink());
    on("#dk-copy-resume", "click", () => active()?.copyResume());
    on("#dk-confirm", "click", () => active()?.confirm());
    on("#dk-turn-pause", "click", () => active()?.pauseTurn(true));
    on("#dk-turn-resume", "click", () => active()?.pauseTurn(false));
    on("#dk-pass-yes", "click", () => active()?.pass());
    on("#dk-pass-no", "click", () => active()?.cancelPass());
    on("#dk-clear", "click", () => active()?.clearPose());
    on("#dk-direction", "click", () => active()?.turnDirection());
    on("#dk-shuffle", "click", () => active()?.shuffle());
    on("#dk-redraw", "click", () => active()?.loupe("redraw"));
    on("#dk-exchange", "click", () => active()?.loupe("exchange"));
    on("#dk-want", "change", () => {
      const table = active();
      table?.drawLoupe(table.canPlay());
    });
    on("#dk-typed", "submit", (event) => {
      event.preventDefault();
      active()?.placeTyped($("#dk-move").value);
    });
    TOUCH.addEventListener("change", () => active()?.drawPlay());
  }

  // -- who is who ------------------------------------------------------------------------------

  nameOf(player) {
    return player ? super.nameOf(player) : "?";
  }

  /** The table has two seats. */
  get seats() {
    return 2;
  }

  get tokenSet() {
    return tokenSetOf(this.view);
  }

  /** The view's players in seat order. */
  get lines() {
    return [...(this.view.players || [])].sort((a, b) => a.seat - b.seat);
  }

  // -- what the player may do ------------------------------------------------------------------

  /** The clock's milliseconds left in the open turn, or null without a clock; during a
   * player's pause, the time left when it began (the view's `clock.remaining_ms`: it stands
   * still, and the deadline is null meanwhile). */
  remaining() {
    const view = this.view;
    if (view.stage !== "playing") return null;
    if (this.frozen()) return view.clock.remaining_ms;
    if (view.clock?.deadline_ms == null) return null;
    return this.clock.remaining();
  }

  /** Whether a player's pause holds the open turn's clock (with a clock). */
  frozen() {
    const view = this.view;
    return view.stage === "playing" && Boolean(view.pause) && view.clock?.remaining_ms != null;
  }

  /** Whether the player may still act in the open turn (the server says they are its actor). */
  canPlay() {
    const view = this.view;
    const you = view.you;
    if (!this.game || this.game.status !== "running" || view.stage !== "playing") return false;
    if (!you?.actor || you.confirm || you.rack == null || this.confirmed?.turn === view.turn) return false;
    const remaining = this.remaining();
    return remaining === null || remaining > 0;
  }

  // -- the state -------------------------------------------------------------------------------

  /** Take a game read from the server: the clock (the turn's deadline, between turns the next
   * deal), the title. */
  take(game) {
    super.take(game);
    const view = this.view;
    this.clock.sync({
      server_time_ms: game.server_time_ms,
      deadline_ms: (view.stage === "playing" ? view.clock?.deadline_ms : view.next_ms) || 0,
      status: game.status,
      remaining_ms: game.remaining_ms || 0,
    });
  }

  /** Take a game read from the server (with the player's token). */
  apply(game) {
    if (this.closed) return;
    this.take(game);
    const view = this.view;
    const you = view.you;
    const rack = view.stage === "playing" ? you?.rack || "" : "";
    const board = view.board || EMPTY_BOARD;
    const key = JSON.stringify([view.turn, view.stage, rack, board]);
    if (key !== this.poseKey) {
      if (view.turn !== this.poseTurn) {
        this.poseTurn = view.turn;
        this.askPass = false;
        this.note = null;
        this.confirmed = null;
        $("#dk-move").value = "";
      }
      this.poseKey = key;
      this.loupeToken = -1;
      this.pose.reset(board, rack);
      const move = you?.confirm?.move || this.confirmed?.move;
      if (move && view.stage === "playing") this.pose.restore(squaresOf(move));
    }
    if (this.confirmed && you?.confirm) this.confirmed = null; // the view says it now
    if (view.stage === "over" && !this.recordAsked) this.loadRecord();
    this.beat();
    this.follow();
    this.draw();
    if (game.status === "waiting") this.seatRobot();
  }

  event(type, data) {
    if (type === "next_count") {
      if (data.turn === this.view.turn) {
        this.nextCount = data;
        this.drawClosed();
      }
      return;
    }
    this.refresh();
  }

  /** The game is over: its record (public now) for the seed's exact digits (a 62-bit seed
   * does not fit a JavaScript number), checked against the game's commitment. */
  async loadRecord() {
    this.recordAsked = true;
    try {
      const response = await fetch(api.recordUrl(this.id), { headers: { Accept: "application/json" }, cache: "no-store" });
      if (!response.ok) throw new ApiError(response.status, "http", response.statusText);
      const text = await response.text();
      const seed = text.match(/"seed"\s*:\s*(\d+)/)?.[1] || null;
      const salt = JSON.parse(text).seed_salt;
      this.seed = seed;
      if (seed && salt && this.game.seed_commitment) {
        const digest = await sha256(`${SEED_SCHEME}:${salt}:${seed}`);
        this.verified = digest === null ? null : digest === this.game.seed_commitment;
      }
    } catch {
      this.recordAsked = false; // the next read tries again
    }
    this.drawOver();
  }

  // -- the player's actions ----------------------------------------------------------------------

  poseChanged() {
    this.askPass = false;
    if (this.note?.kind !== "info") this.note = null;
    this.drawPlay();
  }

  clearPose() {
    this.pose.clear();
    this.board?.changed();
  }

  turnDirection() {
    this.pose.toggleDirection();
    this.board?.redraw();
    this.drawPlay();
  }

  shuffle() {
    const free = this.pose.rack.filter((tile) => !tile.used);
    for (let i = free.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [free[i], free[j]] = [free[j], free[i]];
    }
    let k = 0;
    const order = this.pose.rack.map((tile) => (tile.used ? tile : free[k++]));
    const moved = order.map((tile) => this.pose.rack.indexOf(tile));
    this.pose.rack = order;
    for (const placed of this.pose.placed) placed.index = moved.indexOf(placed.index);
    this.board?.redraw();
  }

  /** A move typed in notation, placed on the board from the player's rack (a lowercase
   * letter, or a letter the rack lacks, takes a blank); the board then has the focus, so that
   * Enter confirms it. */
  placeTyped(text) {
    if (!this.canPlay() || !this.board) return;
    const parsed = parseMove(text);
    const refuse = (words) => {
      this.note = { kind: "refused", text: words, code: "typed" };
      this.board.flash();
      this.drawPlay();
    };
    if (!parsed) return refuse(t("duplikta.typedBad"));
    this.pose.clear();
    for (const { r, c, letter } of squaresOf(parsed)) {
      if (!this.pose.inside(r, c)) {
        this.pose.clear();
        return refuse(t("duplikta.typedBad"));
      }
      const fixed = this.pose.boardAt(r, c);
      if (fixed !== ".") {
        if (fixed.toUpperCase() !== letter.toUpperCase()) {
          this.pose.clear();
          return refuse(t("duplikta.typedBoard", { square: squareName(r, c) }));
        }
        continue;
      }
      const blank = letter !== letter.toUpperCase();
      const tile = blank
        ? { index: this.pose.rack.findIndex((found) => !found.used && found.letter === "?"), blank }
        : this.pose.tileFor(letter);
      if (!tile || tile.index < 0) {
        this.pose.clear();
        return refuse(t("duplikta.typedRack", { letter: letter.toUpperCase() }));
      }
      this.pose.put(r, c, tile.index, letter, tile.blank);
    }
    this.pose.cursor = { r: parsed.row, c: parsed.col, horizontal: parsed.horizontal };
    this.note = null;
    this.board.changed();
    this.board.grid.focus(); // Enter now confirms it
  }

  /** Confirm the pose (nothing placed: ask whether to pass). */
  async confirm() {
    if (!this.canPlay() || this.sending) return;
    const notation = this.pose.notation();
    if (!notation) {
      this.askPass = true;
      this.drawPlay();
      $("#dk-pass-yes").focus();
      return;
    }
    if (notation.error) {
      this.note = { kind: "refused", text: t(`pose.${notation.error}`), code: notation.error };
      this.board?.flash();
      this.drawPlay();
      return;
    }
    await this.sendConfirm(notation.move);
  }

  pass() {
    if (!this.askPass) return;
    this.askPass = false;
    return this.sendConfirm(null);
  }

  cancelPass() {
    this.askPass = false;
    this.drawPlay();
    this.board?.grid.focus();
  }

  async sendConfirm(move) {
    if (!this.canPlay() || this.sending) return;
    const turn = this.view.turn;
    this.note = null;
    const sent = await this.send({ turn, confirm: move }, BACKOFF_MS);
    if (!sent) return;
    this.confirmed = sent.answer.result;
    this.drawPlay();
    await this.refresh();
  }

  /** A player's pause of the open turn (the clock stops for both), or its resume (either
   * player's). */
  async pauseTurn(pause) {
    const view = this.view;
    if (this.sending || view.stage !== "playing" || !view.you) return;
    const turn = view.turn;
    this.note = null;
    const sent = await this.send(pause ? { turn, pause: true } : { turn, resume: true }, BACKOFF_MS);
    if (!sent) return;
    await this.refresh();
  }

  /** The pause under way, shown to both players (with Resume) and to spectators; the Pause
   * button of a player with a pause left. */
  drawPause() {
    const view = this.view;
    const you = view.you;
    const pause = view.stage === "playing" ? view.pause : null;
    const running = this.game?.status === "running";
    const button = $("#dk-turn-pause");
    const mine = view.players?.find((line) => line.player === you?.player);
    show(button, Boolean(you?.can_pause && running && !pause));
    button.textContent = t("duplikta.pause", { n: mine?.pauses_left ?? 0, time: formatClock(mine?.pause_ms_left ?? 0) });
    button.disabled = this.sending;
    show($("#dk-turn-paused"), Boolean(pause));
    if (!pause) return;
    const until = new Date(pause.ends_ms).toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit", second: "2-digit" });
    $("#dk-turn-paused-text").textContent = t("duplikta.paused", { name: this.nameOf(pause.player), until });
    const resume = $("#dk-turn-resume");
    show(resume, Boolean(you?.present && running));
    resume.disabled = this.sending;
  }

  /** A request at the loupe on the token chosen: put back and draw another, or exchange it
   * for the letter chosen. */
  async loupe(kind) {
    const token = this.view.you?.rack?.[this.loupeToken];
    if (!this.canPlay() || this.sending || !token) return;
    const turn = this.view.turn;
    const action = kind === "redraw" ? { turn, redraw: token } : { turn, exchange: token, for: $("#dk-want").value };
    this.note = null;
    const sent = await this.send(action, BACKOFF_MS);
    if (!sent) return;
    this.note = { kind: "info", text: t("duplikta.loupeDone", { text: exchangeText(sent.answer.result.exchange) }) };
    this.loupeToken = -1;
    await this.refresh();
  }

  /** Ready for the next turn (`POST …/turns/{n}/next`): it is dealt at once when both are. */
  command(what) {
    if (what !== "next") return super.command(what);
    return this.ready();
  }

  async ready() {
    const view = this.view;
    if (view.stage !== "between" || !this.me || !this.seat?.playerToken) return;
    this.readyTurn = view.turn;
    this.drawClosed();
    try {
      const counts = await api.next(this.id, this.seat.playerToken, view.turn);
      if (counts.turn === this.view.turn) this.nextCount = counts;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409)) message(failure(error));
    }
    this.drawClosed();
  }

  /** An action refused: said under the play; a turn that moved on is read again. */
  refuse(code, text) {
    let words = text;
    const blanks = code === "illegal_move" && /too_many_blanks/.test(text);
    if (blanks) words = t("duplikta.refused.too_many_blanks");
    else if (code === "illegal_move") words = explain({ message: text });
    else if (known(`duplikta.refused.${code}`)) words = t(`duplikta.refused.${code}`);
    this.note = { kind: "refused", text: words, code };
    this.board?.flash();
    if (STALE.has(code)) this.refresh();
    else this.drawPlay();
  }

  /** Whether the player plays against Tourlou alone (every other seat a robot). */
  againstTourlou() {
    const players = this.game?.players || [];
    return Boolean(this.me) && players.length > 1 && players.every((p) => p.id === this.me || p.robot);
  }

  /** Against Tourlou, while the game goes on, read it every HEARTBEAT_MS: the server knows the
   * player is here (a turn does not run out while they are away: the game waits for them). */
  beat() {
    const on = this.againstTourlou() && this.view.stage !== "over" && !this.closed;
    if (on && !this.heartbeat) this.heartbeat = setInterval(() => this.refresh(), HEARTBEAT_MS);
    if (!on && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = 0;
    }
  }

  close() {
    clearInterval(this.heartbeat);
    this.heartbeat = 0;
    super.close();
  }

  /** The link that takes the player's seat up in another browser: the token in the fragment,
   * which no browser sends to the server. */
  resumeLink() {
    return `${location.origin}/t/${this.id}#resume=${encodeURIComponent(this.seat.playerToken)}`;
  }

  /** Against Tourlou, the player's link to go on elsewhere. */
  drawElsewhere() {
    const on = this.againstTourlou() && Boolean(this.seat?.playerToken) && this.view.stage !== "over";
    show($("#dk-elsewhere"), on);
    if (on) $("#dk-resume-link").value = this.resumeLink();
  }

  async copyResume() {
    const input = $("#dk-resume-link");
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      input.select();
    }
    const button = $("#dk-copy-resume");
    button.textContent = t("copied");
    setTimeout(() => (button.textContent = t("copy")), 1500);
  }

  async copyLink() {
    const input = this.part("invite-link");
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      input.select();
    }
    const button = this.part("copy-link");
    button.textContent = t("copied");
    setTimeout(() => (button.textContent = t("copy")), 1500);
  }

  /** Letters typed anywhere on the table (nothing else focused) play on the board. */
  key(event) {
    if (!this.board?.editable || this.section.hidden) return;
    const free = document.activeElement === document.body || document.activeElement === null;
    if (free && /^([a-zA-Z]|Arrow\w+|Backspace|Enter| )$/.test(event.key)) {
      this.board.grid.focus();
      this.board.key(event);
    }
  }

  // -- drawing -----------------------------------------------------------------------------------

  settingsText(config) {
    const parts = [t("duplikta.chancesN", { n: config.chances ?? 5 })];
    if (config.scenario) parts.unshift(scenarioText(config.scenario));
    parts.push(config.clock ? t("duplikta.settings.clock", { s: config.clock }) : t("duplikta.settings.noClock"));
    if (config.same_racks) parts.push(t("duplikta.settings.sameRacks"));
    if (config.tiles && known(`duplikta.tiles.${config.tiles}`)) parts.push(t(`duplikta.tiles.${config.tiles}`));
    else if (config.tile_set?.name) parts.push(config.tile_set.name);
    const [a, b] = config.handicaps || [0, 0];
    if (a || b) parts.push(t("duplikta.settings.handicaps", { a, b }));
    return parts.join(" · ");
  }

  /** The creator chose Tourlou on the home form: seat it at that level and start, once. */
  async seatRobot() {
    const level = this.seat?.robot;
    if (!level || !this.isOrganiser() || this.seating) return;
    this.seating = true;
    show($("#dk-robot-note"), true);
    try {
      if ((this.game.players || []).length < 2) await addTourlou(this.id, this.seat.organiserToken, level);
      await api.command(this.id, this.seat.organiserToken, "start");
    } catch (error) {
      message(failure(error));
    } finally {
      saveSeat(this.id, { robot: "" });
      this.seat = seatOf(this.id) || this.seat;
      show($("#dk-robot-note"), false);
    }
    await this.refresh();
  }

  /** The lobby's robot: Tourlou at the level chosen. */
  addRobot(level) {
    return this.call(() => addTourlou(this.id, this.seat.organiserToken, level));
  }

  drawTable() {
    this.drawStatus();
    this.drawScores();
    this.drawPlay();
    this.drawClosed();
    this.drawOver();
    this.drawStandings();
    this.drawSheet();
    this.drawElsewhere();
    this.drawClock();
  }

  drawStatus() {
    const view = this.view;
    this.drawCommands(Boolean(this.me));
    $("#dk-turn").textContent = view.turn ? t("duplikta.turn", { n: view.turn }) : "";
    const scenario = view.config?.scenario;
    const label = $("#dk-scenario");
    show(label, Boolean(scenario));
    label.textContent = scenario ? scenarioText(scenario) : "";
    label.dataset.number = scenario ? String(scenario.number) : "";
    label.dataset.level = scenario ? String(scenario.level) : "";
    const box = $("#dk-box");
    box.textContent = t("duplikta.box", { n: view.box_count ?? 0 });
    box.dataset.count = String(view.box_count ?? 0);
  }

  /** Both players: total, Chances (the player's own now, the opponent's as of the last close)
   * and, in an open turn, whether they confirmed. */
  drawScores() {
    const view = this.view;
    const you = view.you;
    const playing = view.stage === "playing";
    fill(
      $("#dk-scores"),
      this.lines.map((line) => {
        const mine = line.player === this.me;
        const chances = mine && you ? you.chances_text : line.chances_text;
        const state = !line.present ? "away" : line.confirmed ? "confirmed" : "thinking";
        return h(
          "li",
          {
            class: `dk-score${mine ? " me" : ""} ${state}`,
            dataset: { player: line.player, seat: String(line.seat), total: String(line.total), state: playing ? state : "" },
          },
          h("span", { class: "name" }, this.nameOf(line.player)),
          mine ? h("span", { class: "badge you" }, t("you")) : null,
          h("span", { class: "dk-total" }, String(line.total)),
          h("span", { class: "dk-ch muted", title: t("duplikta.chances") }, t("duplikta.chancesShort", { c: chances })),
          playing ? h("span", { class: "dk-mark" }, `${state === "confirmed" ? "✓ " : ""}${t(`duplikta.${state}`)}`) : null,
        );
      }),
    );
  }

  /** The squares of the last closed turn's installed move (between turns and once over). */
  lastInstalled() {
    const view = this.view;
    const sheet = turnLines(view);
    const last = sheet[sheet.length - 1];
    if (view.stage === "playing" || !last?.installed) return new Set();
    return squaresKey(last.players?.[last.installed]?.move);
  }

  /** The board, the rack, the pose and its buttons, the player's confirm, the loupe. */
  drawPlay() {
    if (this.closed || !this.game || this.game.status === "waiting") return;
    const view = this.view;
    const you = view.you;
    const playing = view.stage === "playing";
    const can = this.canPlay();
    const editable = can && !this.sending && !this.held;
    const hidden = this.held && playing;
    show($("#dk-board-area"), !hidden);
    if (!this.board) {
      this.board = new PlayBoard({
        boardContainer: $("#dk-board-wrap"),
        rackContainer: $("#dk-rack"),
        pose: this.pose,
        onChange: () => this.poseChanged(),
        onSubmit: () => this.confirm(),
        pickBlank,
        onDraw: () => this.board?.grid.setAttribute("aria-activedescendant", this.board.editable ? "dk-board-cursor" : ""),
      });
      this.board.grid.id = "dk-board";
    }
    const context = {
      board: view.board || EMPTY_BOARD,
      layout: (this.layout ||= boardLayout(view)),
      tileSet: this.tokenSet,
      highlight: this.lastInstalled(),
    };
    if (!playing && this.pose.placed.length) this.pose.clear();
    this.board.draw(context, editable);
    const confirm = you?.confirm || (this.confirmed?.turn === view.turn ? this.confirmed : null);
    if (!editable && playing && confirm?.move && !hidden) {
      this.board.view.draw({ ...context, pose: this.pose, cursor: false }); // the move confirmed
    }
    const rackRow = $("#dk-rack").parentElement;
    show(rackRow, Boolean(you) && playing);

    // The tirage: the shared rack dealt, the reliquat first.
    const tirage = $("#dk-tirage");
    if (playing && view.rack) {
      const reliquat = view.reliquat || "";
      const rack = reliquat && view.rack.startsWith(reliquat) ? `${reliquat}+${view.rack.slice(reliquat.length)}` : view.rack;
      tirage.textContent = t("duplikta.tirage", { rack });
    } else tirage.textContent = playing && you ? t("duplikta.tirageWaiting") : "";
    show(tirage, Boolean(tirage.textContent));

    // The pose and its buttons.
    const poseNode = $("#dk-pose");
    const notation = can ? this.pose.notation() : null;
    poseNode.textContent = notation ? (notation.error ? t(`pose.${notation.error}`) : notation.move) : "";
    poseNode.classList.toggle("note", Boolean(notation?.error));
    const poseRow = poseNode.parentElement;
    show(poseRow, can || this.sending);
    $("#dk-direction").textContent = t(this.pose.cursor.horizontal ? "across" : "down");
    const button = $("#dk-confirm");
    button.disabled = !can || this.sending;
    button.textContent = t(this.sending ? "duplikta.sending" : "duplikta.confirm");
    show($("#dk-pass"), can && this.askPass && !this.sending);
    show($("#dk-typed"), can);
    $("#dk-place").disabled = !can || this.sending;
    const hint = $("#dk-hint");
    hint.textContent = t(TOUCH.matches ? "duplikta.hintTouch" : "duplikta.hint");
    show(hint, can);

    this.drawNote(this.note?.text || "", this.note?.kind);
    this.drawMine(confirm);
    this.drawLoupe(can);
    this.drawPause();
  }

  /** The player's own confirm, and who the turn waits for. */
  drawMine(confirm) {
    const view = this.view;
    const node = $("#dk-mine");
    node.className = "my-answer";
    if (view.stage !== "playing") {
      node.textContent = "";
      delete node.dataset.move;
      return;
    }
    const you = view.you;
    const waiting = this.lines.filter((line) => line.present && !line.confirmed && line.player !== this.me);
    const others = waiting.length ? t("duplikta.waitOther", { name: waiting.map((line) => this.nameOf(line.player)).join(", ") }) : "";
    let text;
    if (!you) text = t("duplikta.watching");
    else if (confirm) {
      if (confirm.move) text = t("duplikta.mine", { move: confirm.move, points: confirm.score });
      else text = confirm.penalty ? t("duplikta.minePenalty", { n: confirm.penalty }) : t("duplikta.minePass");
      node.classList.add("done");
      text = `${text} ${others || t("duplikta.bothConfirmed")}`;
    } else text = this.canPlay() ? t("duplikta.yourMove") : "";
    node.textContent = text;
    node.dataset.move = confirm ? confirm.move || "" : "";
  }

  /** The loupe: the Chances now, the player's copy of the rack to choose a token from, the
   * two requests and what they cost, the requests of the turn, and the box. */
  drawLoupe(can) {
    const view = this.view;
    const you = view.you;
    const card = $("#dk-loupe");
    show(card, Boolean(you) && view.stage !== "over");
    if (!you) return;
    const chances = $("#dk-loupe-chances");
    chances.textContent = t("duplikta.loupeChances", { c: you.chances_text });
    chances.dataset.chances = String(you.chances);
    const open = can && !this.held;
    show($("#dk-loupe-tools"), open);
    show($("#dk-loupe-closed"), !open);
    const rack = you.rack || "";
    if (this.loupeToken >= rack.length) this.loupeToken = -1;
    fill(
      $("#dk-loupe-rack"),
      [...rack].map((token, index) =>
        h(
          "button",
          {
            type: "button",
            class: `dk-token${index === this.loupeToken ? " chosen" : ""}`,
            role: "radio",
            "aria-checked": String(index === this.loupeToken),
            "aria-label": token === "?" ? t("duplikta.blankToken") : token,
            dataset: { token, index: String(index) },
            disabled: !open || this.sending,
            onclick: () => {
              this.loupeToken = index === this.loupeToken ? -1 : index;
              this.drawLoupe(this.canPlay());
            },
          },
          token === "?" ? "" : token,
        ),
      ),
    );
    const chosen = this.loupeToken >= 0;
    $("#dk-redraw").disabled = !open || this.sending || !chosen || you.chances < 1;
    const want = $("#dk-want");
    const letters = lettersOf(this.tokenSet);
    const wanted = want.value;
    if (want.options.length !== letters.length || want.dataset.lang !== t("duplikta.blankToken")) {
      fill(
        want,
        letters.map((letter) => h("option", { value: letter }, letter === "?" ? t("duplikta.blankToken") : letter)),
      );
      want.dataset.lang = t("duplikta.blankToken");
      if (wanted) want.value = wanted;
    }
    want.disabled = !open || this.sending;
    // A blank given a letter at the loupe is free, whatever the Chances held.
    const lettering = chosen && rack[this.loupeToken] === "?" && want.value !== "?";
    const exchange = $("#dk-exchange");
    const label = lettering ? "duplikta.letterBlank" : "duplikta.exchange";
    if (exchange.dataset.i18n !== label) {
      exchange.dataset.i18n = label;
      exchange.textContent = t(label);
    }
    exchange.disabled = !open || this.sending || !chosen || (!lettering && you.chances < 2);
    fill(
      $("#dk-exchanges"),
      (you.exchanges || []).map((done) => h("li", { dataset: { kind: done.kind } }, exchangeText(done))),
    );
    const box = you.box || "";
    $("#dk-box-title").textContent = you.sees_box ? t("duplikta.boxTitle", { n: box.length }) : t("duplikta.boxWhole", { n: box.length });
    const letters2 = $("#dk-box-letters");
    letters2.textContent = grouped(box);
    letters2.dataset.count = String(box.length);
  }

  /** The last closed turn's line, who stays and why, the computer's best move, the reliquat
   * (kept in sight during the next turn: the 5 s between two turns go by quickly), and between
   * turns Ready with the time to the next deal. */
  drawClosed() {
    const view = this.view;
    const card = $("#dk-closed");
    const sheet = turnLines(view);
    const line = sheet[sheet.length - 1];
    const visible = Boolean(line);
    show(card, visible);
    if (!visible) return;
    $("#dk-closed-title").textContent = t("duplikta.closedTitle", { n: line.turn });
    card.dataset.turn = String(line.turn);
    fill($("#dk-closed-line"), this.lineItems(line));
    const installed = $("#dk-closed-installed");
    installed.dataset.installed = line.installed || "";
    installed.dataset.criterion = line.criterion || "";
    installed.textContent = line.installed
      ? t("duplikta.installed", {
          name: this.nameOf(line.installed),
          move: line.players?.[line.installed]?.move || "",
          criterion: t(`duplikta.criterion.${line.criterion}`),
        })
      : t(view.stage === "over" ? "duplikta.noneInstalledOver" : "duplikta.noneInstalled");
    const best = $("#dk-closed-best");
    best.dataset.move = line.best?.move || "";
    best.dataset.score = String(line.best?.score ?? 0);
    best.textContent = line.best?.move ? t("duplikta.best", { move: line.best.move, n: line.best.score }) : t("duplikta.noBest");
    const reliquat = $("#dk-closed-reliquat");
    reliquat.textContent = line.reliquat ? t("duplikta.reliquat", { letters: line.reliquat }) : t("duplikta.noReliquat");
    reliquat.dataset.reliquat = line.reliquat || "";
    const between = view.stage === "between";
    show($("#dk-closed-foot"), between);
    const next = $("#dk-next");
    show(next, between && Boolean(this.me));
    const pressed = this.readyTurn === view.turn;
    next.disabled = pressed || this.game.status !== "running";
    const counts = this.nextCount?.turn === view.turn ? this.nextCount : null;
    next.textContent = counts ? `${t("duplikta.ready")} (${counts.ready}/${counts.of})` : t("duplikta.ready");
    this.drawCountdown();
  }

  drawCountdown() {
    const view = this.view;
    const node = $("#dk-next-wait");
    if (view.stage !== "between") {
      node.textContent = "";
      return;
    }
    const pressed = this.readyTurn === view.turn;
    const left = view.next_ms && this.game.status === "running" ? Math.ceil(this.clock.remaining() / 1000) : null;
    const parts = [];
    if (left !== null) parts.push(t("duplikta.nextIn", { s: left }));
    if (pressed) parts.push(t("duplikta.waitReady"));
    node.textContent = parts.join(" · ");
  }

  /** A closed turn's line: for each player, their move and its verdict, the points and the
   * total, their points against the best move, then their rack, their requests at the loupe and
   * how the points add up. */
  lineItems(line) {
    return this.lines.map((seat) => {
      const side = line.players?.[seat.player];
      if (!side) return null;
      const installed = line.installed === seat.player;
      const verdict = [];
      if (side.move == null) verdict.push(t("duplikta.pass"));
      else verdict.push(t(side.accepted ? "duplikta.accepted" : "duplikta.refusedMove"));
      if (side.unknown_words?.length) verdict.push(t("duplikta.unknownWords", { words: side.unknown_words.join(", ") }));
      if (side.reversed_words?.length) verdict.push(t("duplikta.reversedWords", { words: side.reversed_words.join(", ") }));
      const details = [t("duplikta.sideRack", { rack: side.rack })];
      details.push(...(side.exchanges || []).map(exchangeText));
      if (side.accepted) details.push(t("duplikta.sideScore", { n: side.score }));
      details.push(...bonusTexts(side.bonuses));
      if (side.penalty) details.push(t("duplikta.penalty", { n: side.penalty }));
      if (side.mimil && side.mimil !== "0") details.push(t("duplikta.mimil", { c: side.mimil }));
      if (side.confirm_ms != null && this.view.config?.clock) details.push(t("duplikta.seconds", { s: (side.confirm_ms / 1000).toLocaleString(language(), { maximumFractionDigits: 1 }) }));
      return h(
        "li",
        {
          class: `dk-side${installed ? " installed" : ""}${seat.player === this.me ? " me" : ""}`,
          dataset: { player: seat.player, accepted: String(Boolean(side.accepted)), points: String(side.points), move: side.move || "" },
        },
        h(
          "div",
          { class: "dk-side-head" },
          h("span", { class: "name" }, installed ? "★ " : "", this.nameOf(seat.player)),
          h("span", { class: `mono dk-side-move${side.move && !side.accepted ? " dk-refused" : ""}` }, side.move || "—"),
          h("span", { class: side.accepted ? "dk-ok" : "dk-bad" }, verdict.join(" · ")),
          h("strong", { class: "dk-side-points" }, signed(side.points)),
          h("span", { class: "muted" }, t("duplikta.sideTotal", { n: side.total })),
          h("span", { class: "dk-against", dataset: { against: String(side.against_best ?? 0) } }, t("duplikta.againstBest", { n: against(side.against_best ?? 0) })),
        ),
        h("div", { class: "muted dk-small" }, details.join(" · ")),
      );
    });
  }

  drawOver() {
    const view = this.view;
    const over = view.stage === "over" || this.game.status === "over";
    show($("#dk-over"), over);
    if (!over) return;
    const standings = view.standings || [];
    const [first, second] = standings;
    const winner = $("#dk-winner");
    if (first && second && first.rank === second.rank) {
      winner.textContent = t("duplikta.draw", { points: first.total });
      winner.dataset.winner = "";
    } else if (first) {
      winner.textContent = t("duplikta.winner", { name: this.nameOf(first.player), points: first.total });
      winner.dataset.winner = first.player;
    }
    $("#dk-end").textContent = view.end && known(`duplikta.end.${view.end}`) ? t(`duplikta.end.${view.end}`) : "";
    $("#dk-end").dataset.end = view.end || "";
    $("#dk-record").href = api.recordUrl(this.id);
    $("#dk-record").setAttribute("download", `arbitre-duplikta-${this.id}.json`);
    $("#dk-seed").textContent = this.seed ? t("duplikta.seed", { seed: this.seed }) : "";
    const verified = $("#dk-verified");
    verified.textContent = this.verified === true ? t("duplikta.verified") : this.verified === false ? t("duplikta.notVerified") : "";
    verified.classList.toggle("bad", this.verified === false);
  }

  drawStandings() {
    const view = this.view;
    const over = view.stage === "over";
    $("#dk-standings-title").textContent = t(over ? "duplikta.finalStandings" : "duplikta.standings");
    fill(
      $("#dk-standings"),
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, t("duplikta.rank")),
          h("th", { scope: "col" }, t("duplikta.player")),
          h("th", { scope: "col", class: "num" }, t("duplikta.total")),
        ),
      ),
      h(
        "tbody",
        {},
        (view.standings || []).map((line) => {
          const details = line.details || {};
          const figures = [t("duplikta.figures", { installed: details.installed ?? 0, refused: details.refused ?? 0, passes: details.passes ?? 0 })];
          figures.push(...bonusTexts(details.bonuses));
          if (details.penalties) figures.push(t("duplikta.penalty", { n: details.penalties }));
          if (details.adjustment) figures.push(t("duplikta.adjustment", { n: signed(details.adjustment) }));
          figures.push(t("duplikta.againstBestTotal", { n: against(details.against_best ?? 0) }));
          return h(
            "tr",
            { class: line.player === this.me ? "me" : "", dataset: { player: line.player, total: String(line.total), rank: String(line.rank) } },
            h("td", {}, String(line.rank)),
            h("td", { class: "name" }, this.nameOf(line.player), h("br"), h("span", { class: "muted dk-small" }, figures.join(" · "))),
            h("td", { class: "num total" }, String(line.total)),
          );
        }),
      ),
    );
  }

  /** The score sheet: every closed turn, its tirage, the computer's best move, both moves with
   * their points, totals and points against the best (and their sum), who stayed. */
  drawSheet() {
    const view = this.view;
    const sheet = turnLines(view);
    const end = endLine(view);
    const table = $("#dk-sheet");
    if (!sheet.length) {
      fill(table, h("tbody", {}, h("tr", {}, h("td", { class: "muted" }, t("duplikta.sheetEmpty")))));
      return;
    }
    const seats = this.lines;
    fill(
      table,
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col", class: "num" }, t("duplikta.sheetTurn")),
          h("th", { scope: "col" }, t("duplikta.sheetRack")),
          h("th", { scope: "col" }, t("duplikta.sheetBest")),
          seats.map((seat) => h("th", { scope: "col", colspan: 2 }, this.nameOf(seat.player))),
        ),
      ),
      h(
        "tbody",
        {},
        sheet.map((line) =>
          h(
            "tr",
            { dataset: { turn: String(line.turn), installed: line.installed || "", criterion: line.criterion || "" } },
            h("td", { class: "num" }, String(line.turn)),
            h("td", { class: "mono" }, line.rack),
            h(
              "td",
              { class: "mono dk-best-move", dataset: { move: line.best?.move || "", score: String(line.best?.score ?? 0) } },
              line.best?.move || "—",
              h("div", { class: "muted dk-small" }, String(line.best?.score ?? 0)),
            ),
            seats.map((seat) => {
              const side = line.players?.[seat.player];
              if (!side) return [h("td"), h("td")];
              const installed = line.installed === seat.player;
              return [
                h(
                  "td",
                  {
                    class: `mono dk-move${installed ? " installed" : ""}${side.move && !side.accepted ? " dk-refused" : ""}`,
                    dataset: { player: seat.player, move: side.move || "", accepted: String(Boolean(side.accepted)) },
                  },
                  installed ? "★ " : "",
                  side.move || t("duplikta.pass"),
                ),
                h(
                  "td",
                  { class: "num" },
                  signed(side.points),
                  h("div", { class: "muted dk-small" }, String(side.total)),
                  h(
                    "div",
                    { class: "dk-small dk-against", dataset: { against: String(side.against_best ?? 0), againstTotal: String(side.against_best_total ?? 0) } },
                    t("duplikta.againstShort", { n: against(side.against_best ?? 0), total: against(side.against_best_total ?? 0) }),
                  ),
                ),
              ];
            }),
          ),
        ),
      ),
      end
        ? h(
            "tfoot",
            {},
            h(
              "tr",
              { dataset: { end: end.end } },
              h("td", { colspan: 3 }, t("duplikta.sheetEnd")),
              seats.map((seat) => {
                const adjustment = end.adjustment?.[seat.player] || 0;
                return [
                  h("td", { class: "muted dk-small" }, adjustment ? t("duplikta.adjustment", { n: signed(adjustment) }) : ""),
                  h("td", { class: "num total", dataset: { player: seat.player } }, String(end.totals?.[seat.player] ?? "")),
                ];
              }),
            ),
          )
        : null,
    );
  }

  /** The clock (none between turns or without one; the next deal's countdown then), and a
   * player's last seconds. */
  drawClock() {
    if (this.closed || !this.game || this.game.status === "waiting") return;
    const view = this.view;
    const remaining = this.remaining();
    const frozen = this.frozen();
    this.drawTimer(remaining, frozen);
    const can = this.canPlay();
    if (remaining !== null && !frozen) this.drawWarning(remaining, can, view.turn);
    else show(this.part("warning"), false);
    this.drawTurn(can, remaining === 0);
    this.drawCountdown();
    const over = view.stage === "over";
    const label = over ? t("duplikta.over") : view.turn ? t("duplikta.turn", { n: view.turn }) : t("duplikta.kind");
    document.title = `${remaining !== null && can ? `${formatClock(remaining)} · ` : ""}${label} — Arbitre`;
  }
}
