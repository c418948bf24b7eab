// The page of a Duel de Mots table (game kind "duel"): the lobby, the player's grid and the
// language's keyboard, the rivals' grids as colours, the round clock and its closing window,
// the reveal between rounds, the standings, and the game over with its summary to share.
//
// The shell (app.js, through web/kinds/index.js) hands a table over to this module when
// `GET /v1/games/{id}` says `kind: "duel"` (after the join screen, which every kind shares):
// `open({id, state, seat, watching})` draws it, and the controller it returns is closed when
// the page goes elsewhere. Its plumbing (the reads, the live updates, sending a guess, the
// lobby, the organiser's commands, the clock's face) is the shell's TableController
// (web/table.js). Like the duplicate table, it reads the game with the player's token on load,
// after every event (the events are public: a player's own letters come only from their
// guesses' answers and from that read), after a reconnection and when the tab comes back;
// during a round it asks for nothing else. Every text from the server goes through
// textContent (dom.js).

import { api } from "../../api.js";
import { $, h, fill, show } from "../../dom.js";
import { t, language } from "../../i18n.js";
import { formatClock } from "../../clock.js";
import { WARNING_SECONDS } from "../../sound.js";
import { TableController, i18n, sha256, lobbyCard, statusButtons, statusNotes } from "../../table.js";
import "./messages.js";
import { lettersOf, typed as typedLetters, byPosition, display } from "./letters.js";
import { playerGrid, rivalGrid, revealedRows, LENGTH, TRIES } from "./grid.js";
import { keyboardRows, strongest } from "./keyboard.js";
import { shareText } from "./share.js";

/** The events of a duel's stream (web/live.js listens to these). */
const EVENTS = [
  "state",
  "game_started",
  "player_joined",
  "round_started",
  "rival_row",
  "closing_window",
  "round_over",
  "game_over",
  "paused",
  "resumed",
  "player_left",
];
/** Where the colour-blind palette is remembered. */
const PALETTE_KEY = "arbitre.duel.palette";
/** Refusals of the guess itself (the round goes on as it was): the game is not read again. */
const OWN_FAULTS = new Set(["not_in_list", "already_tried", "wrong_length", "not_a_letter", "bad_action"]);
/** Languages whose letters a Latin keyboard cannot type: their keys are taken by position. */
const BY_POSITION = new Set(["ru", "ko"]);

/** Open the duel table `id` with its first `state` (a player's `seat`, or watching); the
 * shell calls the table's `close()` when the page leaves the game, `refresh()` when the tab
 * comes back and `reconnect()` when the network does. */
export function open(table) {
  return DuelTable.open(table);
}

// -- little helpers ---------------------------------------------------------------------------

function contrastOn() {
  try {
    return localStorage.getItem(PALETTE_KEY) === "contrast";
  } catch {
    return false;
  }
}

function saveContrast(on) {
  try {
    localStorage.setItem(PALETTE_KEY, on ? "contrast" : "standard");
  } catch {
    // Private mode: the choice lasts as long as the page.
  }
}

/** A place in words: 1er, 2e (French); 1st, 2nd, 3rd, 4th (English). */
export function ordinal(n) {
  if (language() === "fr") return n === 1 ? "1er" : `${n}e`;
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th"}`;
}

// -- the page's skeleton (built once, kept in <main>) -----------------------------------------

function skeleton() {
  return h(
    "section",
    { id: "duel", class: "duel", hidden: true },
    lobbyCard("duel", "duel"),
    h(
      "div",
      { id: "duel-table", class: "duel-table", hidden: true },
      h(
        "div",
        { class: "duel-play" },
        h(
          "div",
          { class: "status-bar duel-status" },
          h("span", { id: "duel-round", class: "turn-label" }),
          h("span", { id: "duel-clock", class: "clock", role: "timer", "aria-live": "off" }),
          h("span", { id: "duel-closing", class: "duel-closing", role: "status", hidden: true }),
          h("span", { class: "spacer" }),
          h("button", { id: "duel-palette", type: "button", class: "ghost icon", "aria-pressed": "false" }, "◐"),
          statusButtons("duel"),
          h("button", { id: "duel-leave", type: "button", class: "ghost", hidden: true, ...i18n("duel.leave") }),
        ),
        statusNotes("duel", "duel"),
        h("p", { id: "duel-who", class: "duel-who", hidden: true }),
        h("div", { id: "duel-grid", class: "duel-grid", role: "grid", "data-i18n-label": "duel.grid" }),
        h("p", { id: "duel-note", class: "duel-note", role: "status", "aria-live": "polite" }),
        h("div", { id: "duel-keyboard", class: "duel-keyboard", role: "group", "data-i18n-label": "duel.keyboard" }),
        h("p", { id: "duel-hint", class: "muted hint" }),
      ),
      h(
        "div",
        { class: "panels duel-panels" },
        h(
          "section",
          { id: "duel-reveal", class: "card reveal", "aria-live": "polite", hidden: true },
          h("h2", { id: "duel-reveal-title" }),
          h("p", { id: "duel-word", class: "duel-word" }),
          h("p", { id: "duel-verified", class: "muted duel-verified" }),
          h("div", { id: "duel-reveal-rows" }),
          h(
            "div",
            { class: "reveal-foot" },
            h("span", { id: "duel-next-in", class: "muted" }),
            h("button", { id: "duel-next", type: "button", class: "primary", ...i18n("duel.nextRound") }),
          ),
        ),
        h(
          "section",
          { id: "duel-over", class: "card over", hidden: true },
          h("h2", i18n("duel.over")),
          h("p", { id: "duel-winner" }),
          h(
            "div",
            { id: "duel-share-box" },
            h("h3", i18n("duel.share")),
            h("pre", { id: "duel-share", class: "duel-share" }),
            h("button", { id: "duel-copy-share", type: "button", class: "primary", ...i18n("duel.copyShare") }),
          ),
          h("div", { id: "duel-last-rows" }),
          h("p", { class: "downloads" }, h("a", { id: "duel-record", class: "button", download: true, ...i18n("duel.record") })),
          h("p", { id: "duel-seed", class: "muted mono" }),
        ),
        h(
          "section",
          { id: "duel-rivals-card", class: "card" },
          h("h2", { id: "duel-rivals-title" }),
          h("p", { class: "muted hint", ...i18n("duel.rivalsHint") }),
          h("ul", { id: "duel-rivals", class: "duel-rivals" }),
        ),
        h(
          "section",
          { class: "card" },
          h("h2", { id: "duel-standings-title" }),
          h("div", { class: "scroll-x" }, h("table", { id: "duel-standings", class: "standings duel-standings" })),
        ),
      ),
    ),
  );
}

// -- the controller -----------------------------------------------------------------------------

class DuelTable extends TableController {
  constructor(id, seat, watching) {
    super(id, seat, watching, {
      name: "duel",
      parts: "duel",
      skeleton,
      events: EVENTS,
      title: "duel.kind.duel",
      deadline: "ends_at",
      lastSeconds: WARNING_SECONDS,
    });
    // this.note (the table's): {kind: "refused" | "extra" | "found" | "info", text, code}
    this.round = 0; // the round the typed row and `mine` belong to
    this.typed = [];
    this.mine = null; // {round, rows, keyboard, found, points, guessing}
    this.shake = false;
    this.verified = new Map(); // round -> true | false
    this.rivalRows = new Map(); // "round/player" -> the rows (marks) the events told, in order
    this.shownRound = ""; // "round/stage" last drawn, to focus and reset once per change
    this.section.classList.toggle("contrast", contrastOn());
  }

  /** Wire the skeleton's controls once (they act on the open table). */
  wire(section) {
    super.wire(section);
    const on = (selector, type, handler) => $(selector, section).addEventListener(type, handler);
    const active = () => DuelTable.active;
    on("#duel-copy-link", "click", () => active()?.copy($("#duel-invite-link").value, $("#duel-copy-link"), "copy", "copied"));
    on("#duel-leave", "click", () => active()?.leave());
    on("#duel-copy-share", "click", () =>
      active()?.copy($("#duel-share").textContent, $("#duel-copy-share"), "duel.copyShare", "duel.copied"),
    );
    // A click on these keeps the focus where it was (Enter goes on sending the typed word).
    for (const id of ["#duel-palette", "#duel-pause", "#duel-resume", "#duel-sound"]) {
      on(id, "mousedown", (event) => event.preventDefault());
    }
    on("#duel-palette", "click", () => {
      const contrast = !section.classList.contains("contrast");
      saveContrast(contrast);
      section.classList.toggle("contrast", contrast);
      active()?.draw();
    });
  }

  // -- who is who ------------------------------------------------------------------------------

  get language() {
    return this.view.config?.language || "en";
  }

  /** The letters this game's keys type, as a Set. */
  get keys() {
    return lettersOf(this.view.keyboard);
  }

  /** Whether the player may type and send a guess now. */
  canType() {
    const view = this.view;
    return Boolean(
      this.game &&
        this.game.status === "running" &&
        view.stage === "playing" &&
        view.current &&
        this.mine &&
        this.mine.round === view.current.round &&
        this.mine.guessing &&
        !this.mine.found &&
        this.mine.rows.length < TRIES &&
        this.remaining() > 0,
    );
  }

  remaining() {
    const current = this.view.current;
    if (!current) return 0;
    if (this.game.status !== "running") return current.remaining_ms || 0;
    return Math.max(0, current.ends_at - this.clock.now());
  }

  // -- the state -------------------------------------------------------------------------------

  /** Take a game read from the server (with the player's token). */
  apply(game) {
    if (this.closed) return;
    this.take(game);
    const view = this.view;
    const current = view.current;
    if (current && current.round !== this.round) {
      this.round = current.round;
      this.typed = [];
      this.note = null;
      this.mine = null;
    }
    if (current) this.mergeRivals(current);
    const grid = view.you?.grid;
    if (current && grid) {
      // The server's rows, unless a guess answered meanwhile added one it did not have yet.
      if (!this.mine || this.mine.round !== current.round || grid.rows.length >= this.mine.rows.length) {
        this.mine = {
          round: current.round,
          rows: grid.rows.map((row) => ({ letters: row.letters, marks: row.marks })),
          keyboard: grid.keyboard || {},
          found: Boolean(grid.found),
          points: grid.points,
          guessing: Boolean(grid.guessing),
        };
      }
    } else if (!current) {
      this.mine = null; // the round is over: its rows are the reveal's
      this.typed = [];
      this.note = null;
    }
    this.follow();
    this.draw();
    this.verifyRounds();
  }

  /** A read may have left the server before a rival's last rows came as events: keep them. */
  mergeRivals(current) {
    for (const grid of current.grids || []) {
      const known = this.rivalRows.get(`${current.round}/${grid.player}`);
      if (!known || known.length <= grid.rows.length || !Array.from(known).every(Boolean)) continue;
      grid.rows = known.slice();
      grid.found = grid.found || grid.rows[grid.rows.length - 1] === "G".repeat(LENGTH);
      grid.done = grid.done || grid.found || grid.rows.length >= TRIES;
    }
  }

  event(type, data) {
    if (this.closed) return;
    const current = this.view.current;
    if (type === "rival_row") {
      if (data.player === this.me) return; // my rows come from my guesses' answers
      const key = `${data.round}/${data.player}`;
      const known = this.rivalRows.get(key) || [];
      known[data.row] = data.marks;
      this.rivalRows.set(key, known);
      const grid = current && current.round === data.round && (current.grids || []).find((g) => g.player === data.player);
      if (grid && data.row <= grid.rows.length) {
        this.mergeRivals(current);
        grid.rows[data.row] = data.marks;
        grid.found = grid.found || data.marks === "G".repeat(LENGTH);
        grid.done = grid.done || grid.found || grid.rows.length >= TRIES;
        this.drawRivals();
      } else this.refreshSoon();
      return;
    }
    if (type === "closing_window" && current && current.round === data.round) {
      current.closing_window = { opened_at: data.opened_at, ends_at: data.ends_at };
      current.ends_at = Math.min(current.ends_at, data.ends_at);
      this.clock.deadline = current.ends_at;
      this.drawClock();
    }
    this.refreshSoon();
  }

  // -- the player's actions --------------------------------------------------------------------

  key(event) {
    if (this.closed || this.section.hidden || $("#duel-table").hidden) return;
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    const target = event.target;
    if (target && target.closest && target.closest("input, select, textarea, [contenteditable]")) return;
    if (target && target.closest && target.closest("button") && !target.closest("#duel-keyboard")) {
      // A control's own Enter, but when a whole word is typed: then Enter sends it.
      if (event.key === " " || (event.key === "Enter" && this.typed.length < LENGTH)) return;
    }
    if (event.key === "Enter") {
      if (!this.canType()) return;
      event.preventDefault();
      this.submit();
    } else if (event.key === "Backspace") {
      if (!this.canType()) return;
      event.preventDefault();
      this.back();
    } else {
      let letters = typedLetters(event.key, this.language, this.keys);
      if (!letters && BY_POSITION.has(this.language)) letters = byPosition(event.code, this.view.keyboard);
      if (!letters || !this.canType()) return;
      event.preventDefault();
      for (const letter of letters) this.press(letter);
    }
  }

  press(letter) {
    if (!this.canType() || this.sending || this.typed.length >= LENGTH) return;
    this.typed.push(letter);
    if (this.note?.kind === "refused") this.note = null;
    this.drawPlay();
  }

  back() {
    if (!this.canType() || this.sending) return;
    this.typed.pop();
    if (this.note?.kind === "refused") this.note = null;
    this.drawPlay();
  }

  /** A refused guess: the row shakes once, stays outlined, and the reason is said. Nothing is
   * spent: the letters stay, to be corrected. A refusal that is not the guess's own fault
   * (the round is over…) reads the game again. */
  refuse(code, text) {
    const known = `duel.refused.${code}`;
    const words = t(known);
    this.note = { kind: "refused", code, text: words === known ? text || code : words };
    this.shake = true;
    this.drawPlay();
    setTimeout(() => {
      this.shake = false;
      $("#duel-grid .duel-row.current")?.classList.remove("shake");
    }, 600);
    if (!OWN_FAULTS.has(code)) this.refreshSoon(0);
  }

  /** Enter: send the typed word (again with its request id if lost on the network, 0.7 s then
   * 1.4 s later). */
  async submit() {
    if (!this.canType() || this.sending) return;
    if (this.typed.length < LENGTH) {
      this.refuse("wrong_length");
      return;
    }
    const sent = await this.send({ guess: this.typed.join(""), round: this.view.current.round }, 700);
    if (!sent) return;
    this.took(sent.answer.result);
    this.refreshSoon(200);
  }

  /** A guess's result: its row, and what it means in words. */
  took(result) {
    if (!result || !this.mine || result.round !== this.mine.round) return;
    if (result.row >= this.mine.rows.length) {
      this.mine.rows[result.row] = { letters: result.letters, marks: result.marks };
    }
    this.mine.found = Boolean(result.found);
    this.mine.points = result.points;
    if (result.found || result.tries_left <= 0) this.mine.guessing = false;
    this.typed = [];
    if (result.found) {
      const found = t("duel.found", { tries: result.tries_used, points: result.points });
      this.note = { kind: "found", text: `${found} ${t("duel.waitRound")}` };
    } else if (result.extra_copy) {
      this.note = { kind: "extra", text: extraCopyText(result.extra_copy) };
    } else if (result.tries_left <= 0) {
      this.note = { kind: "info", text: t("duel.outOfTries") };
    } else this.note = null;
    this.drawPlay();
  }

  /** The player leaves the game, once they confirm: their rows so far count, nobody waits for
   * them any more, and they watch from then on. */
  async leave() {
    if (!this.seat?.playerToken || !confirm(t("duel.leaveConfirm"))) return;
    await this.call(() => api.leave(this.id, this.seat.playerToken));
  }

  async copy(text, button, idle, done) {
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = t(done);
      button.dataset.copied = "true";
    } catch {
      const range = document.createRange();
      const source = button.id === "duel-copy-link" ? $("#duel-invite-link") : $("#duel-share");
      if (source.select) source.select();
      else {
        range.selectNodeContents(source);
        getSelection().removeAllRanges();
        getSelection().addRange(range);
      }
    }
    setTimeout(() => {
      button.textContent = t(idle);
      delete button.dataset.copied;
    }, 1500);
  }

  /** Check each revealed round's commitment (the SHA-256 published at its opening). */
  async verifyRounds() {
    for (const closed of this.view.closed || []) {
      if (this.verified.has(closed.round) || !closed.salt || !closed.word) continue;
      this.verified.set(closed.round, null);
      const text = `arbitre-duel/1:${this.view.game_id || this.id}:${closed.round}:${closed.salt}:${closed.word}`;
      const digest = await sha256(text);
      this.verified.set(closed.round, digest === null ? null : digest === closed.commitment);
      if (!this.closed && this.game.status !== "waiting") {
        this.drawReveal();
        this.drawOver();
      }
    }
  }

  // -- drawing -----------------------------------------------------------------------------------

  draw() {
    if (this.closed || !this.game) return;
    this.section.classList.toggle("contrast", contrastOn());
    super.draw();
  }

  /** The game, once out of the lobby. */
  drawTable() {
    this.drawStatus();
    this.drawPlay();
    this.drawRivals();
    this.drawReveal();
    this.drawOver();
    this.drawStandings();
    this.drawClock();
    const moment = `${this.view.round}/${this.view.stage}/${this.game.status}`;
    if (moment !== this.shownRound) {
      this.shownRound = moment;
      if (this.canType() && document.activeElement && document.activeElement !== document.body) {
        if (!document.activeElement.closest("input, select, textarea")) document.activeElement.blur();
      }
    }
  }

  /** The lobby's line: the words' language, the rounds, the round's clock. */
  settingsText(config) {
    return t("duel.settings", {
      language: t(`duel.lang.${config.language}`),
      rounds: config.rounds,
      clock: formatClock((config.round_seconds || 0) * 1000),
    });
  }

  drawStatus() {
    const view = this.view;
    const config = view.config || {};
    $("#duel-round").textContent = view.round ? t("duel.roundOf", { n: view.round, of: config.rounds }) : "";
    const palette = $("#duel-palette");
    const on = this.section.classList.contains("contrast");
    palette.setAttribute("aria-pressed", String(on));
    palette.title = t(on ? "duel.paletteOn" : "duel.paletteOff");
    palette.setAttribute("aria-label", t("duel.palette"));
    const seated = Boolean(view.you?.seated) && view.stage !== "over";
    show($("#duel-leave"), seated);
    this.drawCommands(seated);
  }

  /** The player's grid, the note under it, the keyboard and the hint. */
  drawPlay() {
    if (!this.game || this.game.status === "waiting") return;
    const view = this.view;
    const paused = this.held && view.stage === "playing";
    const me = this.me;
    const you = view.you;
    let rows = null;
    let typing = false;
    if (view.stage === "playing" && this.mine) {
      rows = this.mine.rows;
      typing = this.canType() || (this.sending && this.mine.guessing);
    } else if (me && (view.stage === "between" || view.stage === "over")) {
      const last = (view.closed || [])[view.closed.length - 1];
      const mine = last && (last.players || []).find((entry) => entry.player === me);
      if (mine) rows = mine.rows;
    }
    // Who is looking: a visitor, a player waiting for the next round, one left out of this one.
    const who = $("#duel-who");
    let whoText = "";
    if (!me) whoText = t("duel.watching");
    else if (you && !you.seated) whoText = t("duel.left");
    else if (you?.waiting) whoText = t("duel.waitingNext", { n: (view.round || 0) + 1 });
    else if (view.stage === "playing" && !this.mine) whoText = t("duel.notPlaying");
    who.textContent = whoText;
    show(who, Boolean(whoText) && view.stage !== "over");

    const grid = $("#duel-grid");
    const shown = Boolean(rows) && !paused;
    show(grid, shown);
    if (shown) {
      fill(
        grid,
        playerGrid({
          rows,
          typed: this.typed,
          typing,
          refused: this.note?.kind === "refused",
          shake: this.shake,
          display: this.language === "ko" ? (letters) => display(letters, "ko") : null,
        }),
      );
      grid.dataset.round = String(this.mine?.round || view.round || 0);
      const current = grid.querySelector(".duel-row.current");
      if (current && this.note?.kind === "refused") current.dataset.refused = this.note.code;
    }

    let noteText = this.note?.text || "";
    let kind = this.note?.kind || "";
    if (!noteText && view.stage === "playing" && this.mine) {
      if (this.mine.found) {
        noteText = `${t("duel.foundShort")} ${t("duel.waitRound")}`;
        kind = "found";
      } else if (!this.mine.guessing || this.mine.rows.length >= TRIES) {
        noteText = t("duel.outOfTries");
        kind = "info";
      } else if (this.canType()) {
        noteText = t("duel.triesLeft", { n: TRIES - this.mine.rows.length });
        kind = "count";
      }
    }
    this.drawNote(paused ? "" : noteText, kind);

    const board = $("#duel-keyboard");
    const keyboard = view.stage === "playing" && Boolean(this.mine) && !paused;
    show(board, keyboard);
    if (keyboard) {
      const hints = strongest(this.mine.keyboard, this.mine.rows);
      fill(
        board,
        keyboardRows({
          rows: view.keyboard || [],
          hints,
          enabled: this.canType() && !this.sending,
          press: (letter) => this.press(letter),
          enter: () => this.submit(),
          back: () => this.back(),
        }),
      );
    }
    const hint = $("#duel-hint");
    show(hint, keyboard && this.canType());
    hint.textContent = t(this.language === "ko" ? "duel.typeHintKo" : "duel.typeHint");
  }

  /** The rivals' grids of the open round: colours only, live. */
  drawRivals() {
    const view = this.view;
    const current = view.current;
    const card = $("#duel-rivals-card");
    const visible = view.stage === "playing" && Boolean(current);
    show(card, visible);
    if (!visible) return;
    $("#duel-rivals-title").textContent = t(this.me ? "duel.rivals" : "players"); // a visitor sees everyone
    const waiting = new Set((view.players || []).filter((p) => p.waiting).map((p) => p.player));
    const seated = new Map((view.players || []).map((p) => [p.player, p.seated]));
    fill(
      $("#duel-rivals"),
      (current.grids || []).map((grid) => {
        const state = grid.found
          ? t("duel.rivalFound")
          : seated.get(grid.player) === false
            ? t("duel.rivalLeft")
            : grid.done
              ? t("duel.rivalDone")
              : "";
        return h(
          "li",
          {
            class: `duel-rival${grid.found ? " found" : ""}${grid.done ? " done" : ""}`,
            dataset: { player: grid.player, rows: grid.rows.join(" ") },
          },
          h(
            "div",
            { class: "duel-rival-name" },
            h("span", { class: "name" }, this.nameOf(grid.player)),
            this.robotOf(grid.player) ? h("span", { class: "badge robot" }, t(`robot.${this.robotOf(grid.player)}`)) : null,
            state ? h("span", { class: `badge${grid.found ? " found" : ""}` }, state) : null,
          ),
          rivalGrid(grid.rows),
        );
      }),
      [...waiting]
        .filter((player) => player !== this.me)
        .map((player) =>
          h(
            "li",
            { class: "duel-rival waiting", dataset: { player } },
            h(
              "div",
              { class: "duel-rival-name" },
              h("span", { class: "name" }, this.nameOf(player)),
              h("span", { class: "badge" }, t("duel.rivalWaiting")),
            ),
          ),
        ),
    );
  }

  /** The reveal of the round just closed (between two rounds). */
  drawReveal() {
    const view = this.view;
    const section = $("#duel-reveal");
    const last = (view.closed || [])[(view.closed || []).length - 1];
    const visible = Boolean(this.game && view.stage === "between" && last);
    show(section, visible);
    if (!visible) return;
    this.fillRound(last, $("#duel-reveal-title"), $("#duel-word"), $("#duel-verified"), $("#duel-reveal-rows"));
    const next = $("#duel-next");
    show(next, this.isOrganiser());
    next.disabled = this.game.status !== "running";
  }

  /** A closed round: its word, whether its commitment holds, everyone's rows and points. */
  fillRound(round, title, word, verified, rows) {
    title.textContent = t("duel.reveal", { n: round.round });
    const shown = display(round.word, this.language);
    const tiles = [...round.word].map((letter) =>
      h("span", { class: "duel-tile judged green small" }, h("span", { class: "duel-letter" }, letter)),
    );
    fill(
      word,
      h("span", { class: "duel-word-letters" }, tiles),
      shown !== round.word ? h("span", { class: "duel-syllables" }, shown) : null,
    );
    word.dataset.word = round.word;
    const check = this.verified.get(round.round);
    verified.textContent = check === true ? t("duel.verified") : check === false ? t("duel.notVerified") : "";
    verified.title = check === true ? t("duel.verifiedTitle") : "";
    verified.classList.toggle("bad", check === false);
    const players = [...(round.players || [])].sort((a, b) => b.points - a.points || (a.tries || 9) - (b.tries || 9));
    const showLetters = this.language === "ko" ? (letters) => display(letters, "ko") : null;
    fill(
      rows,
      h(
        "table",
        { class: "duel-round-table" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "col" }, t("duel.player")),
            h("th", { scope: "col" }),
            h("th", { scope: "col", class: "num" }, t("duel.points")),
          ),
        ),
        h(
          "tbody",
          {},
          players.map((entry) =>
            h(
              "tr",
              { class: entry.player === this.me ? "me" : "", dataset: { player: entry.player } },
              h(
                "td",
                { class: "name" },
                this.nameOf(entry.player),
                h("br"),
                h(
                  "span",
                  { class: "muted" },
                  entry.found
                    ? `${ordinal(entry.place || (round.solvers || []).indexOf(entry.player) + 1)} · ${entry.tries}/${TRIES}`
                    : t("duel.notFound"),
                ),
              ),
              h("td", {}, revealedRows(entry.rows || [], showLetters)),
              h("td", { class: "num" }, String(entry.points)),
            ),
          ),
        ),
      ),
    );
  }

  drawOver() {
    const view = this.view;
    const over = this.game.status === "over" || view.stage === "over";
    show($("#duel-over"), over);
    if (!over) return;
    const standings = view.standings || [];
    const first = standings[0];
    $("#duel-winner").textContent = first ? t("duel.winner", { name: this.nameOf(first.player), points: first.total }) : "";
    const me = this.me;
    show($("#duel-share-box"), Boolean(me));
    if (me) {
      $("#duel-share").textContent = shareText({
        player: me,
        closed: view.closed || [],
        standings,
        languageName: t(`duel.lang.${this.language}`),
        ordinal,
        contrast: this.section.classList.contains("contrast"),
        link: `${location.origin}/t/${this.id}`,
      });
    }
    const last = (view.closed || [])[(view.closed || []).length - 1];
    const lastBox = $("#duel-last-rows");
    if (last) {
      fill(
        lastBox,
        h("h3", { id: "duel-last-title" }),
        h("p", { class: "duel-word" }),
        h("p", { class: "muted duel-verified" }),
        h("div", {}),
      );
      const [heading, word, verified, rows] = lastBox.children;
      this.fillRound(last, heading, word, verified, rows);
    } else fill(lastBox);
    $("#duel-record").href = api.recordUrl(this.id);
    $("#duel-record").setAttribute("download", `arbitre-duel-${this.id}.json`);
    $("#duel-seed").textContent = view.seed != null ? t("duel.seed", { seed: view.seed }) : "";
  }

  drawStandings() {
    const view = this.view;
    const over = this.game.status === "over" || view.stage === "over";
    $("#duel-standings-title").textContent = t(over ? "duel.finalStandings" : "duel.standings");
    const rounds = (view.closed || []).length;
    const standings = view.standings || [];
    fill(
      $("#duel-standings"),
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, t("duel.rank")),
          h("th", { scope: "col" }, t("duel.player")),
          Array.from({ length: rounds }, (_, i) => h("th", { scope: "col", class: "num" }, t("duel.roundShort", { n: i + 1 }))),
          h("th", { scope: "col", class: "num" }, t("duel.wordsFound")),
          h("th", { scope: "col", class: "num" }, t("duel.total")),
        ),
      ),
      h(
        "tbody",
        {},
        standings.map((line) => {
          const details = line.details || {};
          const points = details.round_points || [];
          return h(
            "tr",
            { class: line.player === this.me ? "me" : "", dataset: { player: line.player } },
            h("td", {}, String(line.rank)),
            h("td", { class: "name" }, this.nameOf(line.player)),
            Array.from({ length: rounds }, (_, i) =>
              h("td", { class: "num" }, points[i] === null || points[i] === undefined ? "—" : String(points[i])),
            ),
            h("td", { class: "num" }, String(details.rounds_found ?? "")),
            h("td", { class: "num total" }, String(line.total)),
          );
        }),
      ),
    );
  }

  /** The round's clock and its closing window; a guessing player's last seconds (a warning
   * once a round from 10 s left, a tick in each of the last 3 seconds); the next round's. */
  drawClock() {
    if (this.closed || !this.game || this.game.status === "waiting") return;
    const view = this.view;
    const node = $("#duel-clock");
    const closing = $("#duel-closing");
    const current = view.current;
    if (view.stage === "playing" && current) {
      const remaining = this.remaining();
      this.drawTimer(remaining);
      const closingWindow = current.closing_window;
      show(closing, Boolean(closingWindow));
      if (closingWindow) {
        closing.textContent = t("duel.closing", { time: formatClock(remaining) });
        closing.title = t("duel.closingLabel", { time: formatClock(remaining) });
      }
      node.classList.toggle("closing", Boolean(closingWindow));
      this.drawWarning(remaining, this.canType(), view.round);
      this.drawTurn(this.canType(), remaining <= 0); // the clock ran out: the keyboard goes quiet
      document.title = `${node.textContent} · ${t("duel.roundOf", { n: view.round, of: view.config?.rounds })} — Duel de Mots`;
    } else {
      this.drawTimer(null);
      node.classList.remove("closing");
      show(closing, false);
      document.title = `${t(view.stage === "over" ? "duel.over" : "duel.kind.duel")} — Arbitre`;
    }
    const nextIn = $("#duel-next-in");
    if (view.stage === "between") {
      if (view.next_at && this.game.status === "running") {
        nextIn.textContent = t("duel.nextIn", { s: Math.max(0, Math.ceil((view.next_at - this.clock.now()) / 1000)) });
      } else nextIn.textContent = t("duel.nextWait");
    } else nextIn.textContent = "";
  }
}

/** The extra-copy message: "the word holds E only once", with any other fields it has. */
export function extraCopyText(extra) {
  const count = Number(extra.count);
  const text = t(count === 1 ? "duel.extraCopyOnce" : "duel.extraCopyMany", { letter: extra.letter, count });
  const others = Object.entries(extra)
    .filter(([name, value]) => name !== "letter" && name !== "count" && value !== null && typeof value !== "object")
    .map(([name, value]) => `${name}: ${value}`);
  return others.length ? `${text} ${t("duel.extraCopyFields", { fields: others.join(", ") })}` : text;
}
