// The plumbing shared by the table modules (kinds/<kind>/) of the kinds whose table is a
// section of its own, as the base class TableController; like the rest of the shell, it names
// no kind.
//
// Contract. A kind's table class extends TableController and hands its constructor `{name,
// parts, skeleton, events, title, deadline, lastSeconds}`: its section's id and its texts'
// prefix (`<name>.lobby`, `<name>.rules`, `<name>.pausedText`), its elements' id prefix
// (`<parts>-lobby`, `<parts>-table`, `<parts>-clock`, `<parts>-note`…), the function that
// builds its section (once, kept in <main>), its live events, the key of its name (the page's
// title before the game's own), the field of `view.current` holding the clock's deadline, and
// the clock's last seconds (the clock turns low, a player who may act is warned). Its module's
// `open()` returns `Kind.open(…)`: one open table a kind (`Kind.active`), drawn again when the
// language changes; `close()` stops its ticker, keys and live updates and hides its section.
//
// The kind's class gives `apply(game)` (it begins with `take(game)`: the clock and the title,
// and ends with `follow()`: the live updates while the game is not over, then `draw()`),
// `event(type, data)`, `key(event)` (keys anywhere on the page), `drawTable()` (the game, out
// of the lobby), `drawPlay()` (drawn again while an action goes and when the player may act or
// not any more), `drawStatus()`, `drawClock()` (4 times a second), `settingsText(config)` (the
// lobby's line) and `refuse(code, text)` (an action refused); it may add to `wire(section)`.
// This gives the rest: the game read one read at a time (`refresh()`, `refreshSoon()`; again
// every 2 s while the network is down, #connection shown meanwhile), the player's action sent
// with a request id of its own and again with it when lost on the network (`send()`), the
// organiser's commands and robots (`call()`), the lobby (`lobbyCard()` and its drawing), the
// status bar's ♪, Pause and Resume (`statusButtons()`), the warning and the paused card
// (`statusNotes()`, `held`), the clock's face and last seconds, the note under the play, and
// SHA-256 (WebCrypto). Every text from the server goes through textContent (dom.js).

import { api, ApiError } from "./api.js";
import { $, h, show } from "./dom.js";
import { t, onLanguage, translate } from "./i18n.js";
import { screen, message, failure } from "./ui.js";
import { Clock, formatClock } from "./clock.js";
import { Live } from "./live.js";
import { soundOn, setSound, soundLastSeconds, drawSoundToggle } from "./sound.js";
import { drawPlayers } from "./panels.js";

/** An action lost on the network is sent again, with the same request id, this many times. */
const RETRIES = 2;

/** The open table of each kind: its class → the table. */
const tables = new Map();

onLanguage(() => {
  for (const table of tables.values()) table.draw();
});

// -- little helpers ---------------------------------------------------------------------------

/** The attributes of an element translated by its `data-i18n` key. */
export const i18n = (key) => ({ dataset: { i18n: key } });

function requestId() {
  if (globalThis.crypto?.randomUUID) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The SHA-256 (hex) of `text`, or null where the browser has no WebCrypto. */
export async function sha256(text) {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// -- the shared parts of a skeleton -------------------------------------------------------------

/** The lobby: the settings, the rules, the invitation link, the players, and for the
 * organiser a robot to add and Start; `more` ends it. */
export function lobbyCard(name, parts, ...more) {
  const levels = ["expert", "confirme", "debutant"].map((level) => h("option", { value: level, ...i18n(`robot.${level}`) }));
  return h(
    "div",
    { id: `${parts}-lobby`, class: "card narrow", hidden: true },
    h("h1", i18n(`${name}.lobby`)),
    h("p", { id: `${parts}-settings`, class: "muted" }),
    h("p", { class: `${parts}-rules`, ...i18n(`${name}.rules`) }),
    h("p", i18n("invite")),
    h(
      "div",
      { class: "invite" },
      h("input", { id: `${parts}-invite-link`, readonly: true, "aria-label": "link" }),
      h("button", { id: `${parts}-copy-link`, type: "button", ...i18n("copy") }),
    ),
    h("h2", {}, h("span", i18n("players")), " ", h("span", { id: `${parts}-seat-count`, class: "muted" })),
    h("ul", { id: `${parts}-lobby-players`, class: "players" }),
    h(
      "div",
      { id: `${parts}-organiser` },
      h(
        "form",
        { id: `${parts}-robot-form`, class: "robot-form" },
        h("label", { class: "field inline" }, h("span", i18n("robotLevel")), h("select", { id: `${parts}-robot-level` }, levels)),
        h("button", { id: `${parts}-add-robot`, type: "submit", ...i18n("addRobot") }),
      ),
      h("button", { id: `${parts}-start`, type: "button", class: "primary", ...i18n("start") }),
      h("p", { id: `${parts}-start-hint`, class: "muted", ...i18n("needOpponent") }),
    ),
    h("p", { id: `${parts}-wait-organiser`, class: "muted", ...i18n("waitOrganiser") }),
    ...more,
  );
}

/** The status bar's ♪ toggle, and the organiser's Pause and Resume. */
export function statusButtons(parts) {
  return [
    h("button", { id: `${parts}-sound`, type: "button", class: "ghost icon", hidden: true }, "♪"),
    h("button", { id: `${parts}-pause`, type: "button", class: "ghost", hidden: true, ...i18n("pause") }),
    h("button", { id: `${parts}-resume`, type: "button", class: "primary", hidden: true, ...i18n("resume") }),
  ];
}

/** Under the status bar: the last seconds' warning, and the card that stands for the game
 * while it is paused or parked. */
export function statusNotes(name, parts) {
  return [
    h("p", { id: `${parts}-warning`, class: "clock-warning", role: "status", hidden: true }),
    h(
      "div",
      { id: `${parts}-paused`, class: "card paused-panel", role: "status", hidden: true },
      h("h2", i18n("pausedTitle")),
      h("p", { class: "muted", ...i18n(`${name}.pausedText`) }),
    ),
  ];
}

// -- the controller -----------------------------------------------------------------------------

export class TableController {
  /** Open the kind's table `id` with its first `state` (a player's `seat`, or watching),
   * closing the one open before; the shell calls the table's `close()` when the page leaves
   * the game, `refresh()` when the tab comes back and `reconnect()` when the network does. */
  static open({ id, state, seat, watching }) {
    tables.get(this)?.close();
    const table = new this(id, seat, watching);
    tables.set(this, table);
    table.apply(state);
    return table;
  }

  /** The kind's open table, or null. */
  static get active() {
    return tables.get(this) || null;
  }

  constructor(id, seat, watching, { name, parts, skeleton, events, title, deadline, lastSeconds }) {
    this.id = id;
    this.seat = seat || null;
    this.watching = watching;
    this.name = name;
    this.parts = parts;
    this.events = events;
    this.titleKey = title;
    this.deadlineKey = deadline;
    this.lastSeconds = lastSeconds;
    this.game = null;
    this.clock = new Clock();
    this.sending = false; // an action on its way
    this.note = null; // what is said under the play: {kind: "refused" | …, text, code}
    this.closed = false;
    this.refreshing = null;
    this.again = false;
    this.soon = null;
    this.warned = ""; // "moment/seconds" of the last warning given
    this.live = null;
    // this.couldAct: whether the player could act at the clock's last drawing (none before)

    let section = $(`#${name}`);
    if (!section) {
      section = skeleton();
      $("main").appendChild(section);
      translate(section);
      this.wire(section);
    }
    this.section = section;
    screen(name); // hides the shell's screens
    show(section, true);
    message("");

    this.onKey = (event) => this.key(event);
    document.addEventListener("keydown", this.onKey);
    this.ticker = setInterval(() => this.drawClock(), 250);
  }

  /** Wire the skeleton's shared controls once (they act on the open table). */
  wire(section) {
    const on = (selector, type, handler) => $(selector, section).addEventListener(type, handler);
    const active = () => this.constructor.active;
    on(`#${this.parts}-robot-form`, "submit", (event) => {
      event.preventDefault();
      active()?.addRobot($(`#${this.parts}-robot-level`).value);
    });
    for (const what of ["start", "pause", "resume", "next"]) {
      on(`#${this.parts}-${what}`, "click", () => active()?.command(what));
    }
    on(`#${this.parts}-sound`, "click", () => {
      setSound(!soundOn());
      active()?.drawStatus();
    });
  }

  /** The element `<parts>-<part>` of the skeleton. */
  part(part) {
    return $(`#${this.parts}-${part}`);
  }

  /** The network is back: reconnect the live updates at once (the shell calls it). */
  reconnect() {
    this.live?.reconnect();
  }

  close() {
    this.closed = true;
    this.live?.close();
    this.live = null;
    clearInterval(this.ticker);
    clearTimeout(this.soon);
    document.removeEventListener("keydown", this.onKey);
    show(this.section, false);
    show($("#connection"), false);
    if (tables.get(this.constructor) === this) tables.delete(this.constructor);
  }

  // -- who is who ------------------------------------------------------------------------------

  get view() {
    return this.game?.view || {};
  }

  get me() {
    return this.game?.you || null;
  }

  isOrganiser() {
    return Boolean(this.seat?.organiserToken);
  }

  nameOf(player) {
    const found = (this.game?.players || []).find((p) => p.id === player);
    return found ? found.name : player;
  }

  robotOf(player) {
    const found = (this.game?.players || []).find((p) => p.id === player);
    return found ? found.robot : "";
  }

  /** Whether the game is paused or parked (its play hidden until it resumes). */
  get held() {
    return this.game.status === "paused" || this.game.status === "parked";
  }

  // -- the state -------------------------------------------------------------------------------

  /** Take a game read from the server (the kind's apply() begins with it): the clock, to
   * `view.current`'s deadline, and the page's title. */
  take(game) {
    this.game = game;
    const current = this.view.current;
    this.clock.sync({
      server_time_ms: game.server_time_ms,
      deadline_ms: current?.[this.deadlineKey] || 0,
      status: game.status,
      remaining_ms: current?.remaining_ms || 0,
    });
    $("#table-title").textContent = game.title || t(this.titleKey);
  }

  /** The live updates, while the game is not over: each event to `event(type, data)`, the
   * game read again after any break, #connection shown while the stream is cut. */
  follow() {
    if (this.game.status === "over" && this.live) {
      this.live.close();
      this.live = null;
      show($("#connection"), false);
    } else if (this.game.status !== "over" && !this.live) {
      this.live = new Live(
        api.eventsUrl(this.id),
        (type, data) => this.event(type, data),
        () => this.refresh(),
        (connected) => show($("#connection"), !connected),
        this.events,
      );
      this.live.open();
    }
  }

  refreshSoon(delay = 120) {
    clearTimeout(this.soon);
    this.soon = setTimeout(() => this.refresh(), delay);
  }

  /** Read the game again (one read at a time; one asked meanwhile runs after it). */
  async refresh() {
    if (this.closed) return;
    if (this.refreshing) {
      this.again = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      do {
        this.again = false;
        try {
          const game = await api.state(this.id, this.seat?.playerToken);
          show($("#connection"), false);
          this.apply(game);
        } catch (error) {
          if (error instanceof ApiError && error.status === 0) {
            show($("#connection"), true);
            this.refreshSoon(2000); // until the network is back
          } else message(failure(error));
        }
      } while (this.again && !this.closed);
    })();
    try {
      await this.refreshing;
    } finally {
      this.refreshing = null;
    }
  }

  // -- the player's and the organiser's calls --------------------------------------------------

  /** Send the player's `action` (`POST …/actions` with a request id of its own), `sending`
   * meanwhile; lost on the network, it goes again with the same id (the server takes it once),
   * `backoff` ms × the attempt later. Resolves to `{answer}`, or to null when it failed: a 4xx
   * with a code is the kind's `refuse(code, text)`, anything else the message line's. */
  async send(action, backoff) {
    const id = requestId();
    this.sending = true;
    this.drawPlay();
    let answer = null;
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          answer = await api.act(this.id, this.seat.playerToken, action, id);
          break;
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 0) || attempt >= RETRIES) throw error;
          await sleep(backoff * (attempt + 1));
        }
      }
    } catch (error) {
      this.sending = false;
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code) {
        this.refuse(error.code, error.message);
      } else {
        message(failure(error));
        this.drawPlay();
      }
      return null;
    }
    this.sending = false;
    return { answer };
  }

  /** A call to the API (a command, a robot, leaving), then the game read again as the player
   * (an organiser's answer holds nothing of the player's own). */
  async call(request) {
    try {
      await request();
    } catch (error) {
      message(failure(error));
    }
    await this.refresh();
  }

  command(what) {
    return this.call(() => api.command(this.id, this.seat.organiserToken, what));
  }

  addRobot(level) {
    return this.call(() => api.addRobot(this.id, this.seat.organiserToken, level));
  }

  // -- drawing -----------------------------------------------------------------------------------

  /** The lobby while the game waits for its start, the kind's table after. */
  draw() {
    if (this.closed || !this.game) return;
    const waiting = this.game.status === "waiting";
    show(this.part("lobby"), waiting);
    show(this.part("table"), !waiting);
    if (waiting) this.drawLobby();
    else this.drawTable();
  }

  /** How many seats the lobby counts. */
  get seats() {
    return this.game.seats || this.view.config?.seats || 4;
  }

  drawLobby() {
    const game = this.game;
    this.part("invite-link").value = `${location.origin}/t/${this.id}`;
    this.part("settings").textContent = this.settingsText(this.view.config || {});
    const seats = this.seats;
    this.part("seat-count").textContent = `(${t("seatsTaken", { n: game.players.length, seats })})`;
    drawPlayers(this.part("lobby-players"), {
      players: game.players,
      me: this.me || this.seat?.playerId,
      answering: false,
      totals: null,
      organiserId: this.isOrganiser() ? this.seat?.playerId : null,
    });
    const organiser = this.isOrganiser();
    show(this.part("organiser"), organiser);
    show(this.part("wait-organiser"), !organiser);
    const full = game.players.length >= seats;
    this.part("add-robot").disabled = full;
    this.part("robot-level").disabled = full;
    const enough = game.players.length >= 2;
    this.part("start").disabled = !enough;
    show(this.part("start-hint"), !enough);
    document.title = `${t(`${this.name}.lobby`)} — Arbitre`;
  }

  /** The organiser's Pause (while the game plays) and Resume, the paused card, and the ♪
   * toggle where `sound`. */
  drawCommands(sound) {
    const view = this.view;
    const organiser = this.isOrganiser();
    show(this.part("pause"), organiser && this.game.status === "running" && view.stage === "playing");
    show(this.part("resume"), organiser && this.game.status === "paused");
    show(this.part("paused"), this.held && view.stage === "playing");
    const button = this.part("sound");
    show(button, sound);
    drawSoundToggle(button);
  }

  /** The clock's face: `remaining` ms (null: no clock now), "paused" while the game is not
   * running or the turn is `frozen` (a player's pause: the time left stands still), low in its
   * last seconds. */
  drawTimer(remaining, frozen = false) {
    const node = this.part("clock");
    if (remaining === null) {
      node.textContent = "";
      node.removeAttribute("aria-label");
      node.classList.remove("low", "paused");
      show(this.part("warning"), false);
      return;
    }
    const paused = frozen || this.game.status !== "running";
    node.textContent = paused ? `${t("paused")} ${formatClock(remaining)}` : formatClock(remaining);
    node.classList.toggle("low", !paused && remaining <= this.lastSeconds * 1000);
    node.classList.toggle("paused", paused);
    node.setAttribute("aria-label", `${t("clock")} ${formatClock(remaining)}`);
  }

  /** A player's last seconds, while they `can` act: a warning beside the clock and, unless
   * muted, the sound (sound.js: once a `moment`, a round or a die, then a tick a second). */
  drawWarning(remaining, can, moment) {
    const node = this.part("warning");
    const seconds = Math.ceil(remaining / 1000);
    const last = can && seconds > 0 && seconds <= this.lastSeconds;
    show(node, last);
    if (!last) return;
    node.textContent = t("lastSeconds", { s: seconds });
    this.warned = soundLastSeconds(moment, seconds, this.warned);
  }

  /** Whether the player may act (`can`) changed since the clock's last drawing: the play is
   * drawn again, and the game read again a little after the time ran out (`timeUp`). */
  drawTurn(can, timeUp) {
    if (can === this.couldAct) return;
    this.couldAct = can;
    this.drawPlay();
    if (!can && timeUp) this.refreshSoon(600);
  }

  /** The note under the play: `text`, its `kind` (a refusal is an alert), the refusal's code. */
  drawNote(text, kind) {
    const node = this.part("note");
    node.textContent = text;
    node.className = `${this.parts}-note${kind ? ` ${kind}` : ""}`;
    node.setAttribute("role", kind === "refused" ? "alert" : "status");
    if (this.note?.code) node.dataset.code = this.note.code;
    else delete node.dataset.code;
  }
}
