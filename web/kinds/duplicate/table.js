// A duplicate Scrabble table: its lobby, its board and tirage, the player's pose and answer,
// the clock, the reveal, the standings and score sheet, the replay of a finished game, and its
// live updates. The shell (web/app.js) opens it for a game of the kind "duplicate"
// (`open({ id, state, seat, watching })`) and closes it when the page leaves the game. During a
// turn it asks for nothing but the public state, its own answer and the points of its own pose:
// the top and the others' answers are fetched only once the turn is revealed.

import { api, ApiError } from "../../api.js";
import { screen, message, failure, explain, pickBlank } from "../../ui.js";
import { $, h, fill, show } from "../../dom.js";
import { t, onLanguage } from "../../i18n.js";
import { layoutOf } from "../../layout.js";
import { tileSetOf, unseen } from "../../tiles.js";
import { squaresOf } from "../../notation.js";
import { Pose } from "../../pose.js";
import { PlayBoard } from "../../board.js";
import { Clock, formatClock } from "../../clock.js";
import { Live } from "../../live.js";
import {
  soundOn,
  setSound,
  soundLastSeconds,
  drawSoundToggle,
  WARNING_SECONDS,
} from "../../sound.js";
import {
  drawPlayers,
  drawStandings,
  drawSheet,
  answersTable,
  topLine,
  bestMovesTable,
} from "../../panels.js";

/** The events of a duplicate game's stream that the table follows. */
const EVENTS = [
  "state",
  "player_joined",
  "game_started",
  "turn_started",
  "answer_count",
  "turn_revealed",
  "next_count",
  "paused",
  "resumed",
  "game_over",
];
const PREVIEW_DELAY_MS = 250;
/** A phone or a tablet: the hint speaks of taps, not of keys. */
const TOUCH = matchMedia("(pointer: coarse)");

const game = {
  id: null,
  seat: null, // {playerId, playerToken, organiserToken, name, seats}
  state: null,
  results: new Map(), // turn → revealed result
  standings: null,
  standingsTurns: -1,
  next: null, // {turn, ready, of}
  nextPressed: 0,
  answer: null, // {turn, move, score}
  preview: null, // {text, error}
  turnShown: 0,
  phaseShown: "",
  replayTurn: 0,
  replay: null, // the replayed turn's result, with its best moves
  poseTried: false, // the player tried to validate the pose as it is
  warned: "", // "turn/seconds" of the last warning given
};
const clock = new Clock();
const pose = new Pose();
let board = null;
let live = null;
let previewTimer = null;
let previewSequence = 0;
let previewAvailable = true;
let refreshing = null;
let refreshAgain = false;

const connection = { stream: true, fetch: true };
let retryTimer = null;

function onConnection(connected) {
  connection.stream = connected;
  show($("#connection"), !(connection.stream && connection.fetch));
}

function onFetch(ok) {
  connection.fetch = ok;
  show($("#connection"), !(connection.stream && connection.fetch));
  clearTimeout(retryTimer);
  if (!ok) retryTimer = setTimeout(() => refresh(), 2000); // until the network is back
}

function onEvent(type, data) {
  if (type === "answer_count") {
    if (game.state && data.turn === game.state.turn) {
      game.state.answers = data.answers;
      drawAnswerCount();
    }
    refreshSoon();
  } else if (type === "next_count") {
    game.next = data;
    drawReveal();
  } else {
    refresh();
  }
}

let soon = null;
function refreshSoon() {
  clearTimeout(soon);
  soon = setTimeout(() => refresh(), 150);
}

/** Read the state again (one read at a time; a request during a read runs after it). */
async function refresh() {
  if (!game.id) return;
  if (refreshing) {
    refreshAgain = true;
    return refreshing;
  }
  refreshing = (async () => {
    do {
      refreshAgain = false;
      try {
        const state = await api.state(game.id, game.seat?.playerToken);
        onFetch(true);
        await apply(state);
      } catch (error) {
        if (error instanceof ApiError && error.status === 0) onFetch(false);
        else message(failure(error));
      }
    } while (refreshAgain);
  })();
  try {
    await refreshing;
  } finally {
    refreshing = null;
  }
}

function isOrganiser() {
  return Boolean(game.seat?.organiserToken);
}

/** How many turns are revealed (their results public): all once over, the current one from
 * its reveal on, else those before the current one. */
function revealedTurns(state) {
  if (state.status === "waiting" || !state.turn) return 0;
  return state.status === "over" || state.phase === "reveal" ? state.turn : state.turn - 1;
}

/** Take a game state: the screen, the pose, the results and standings it makes due. */
async function apply(state) {
  const previous = game.state;
  game.state = state;
  clock.sync(state);
  $("#table-title").textContent = state.title || "";
  if (state.status === "waiting") {
    screen("lobby");
    drawLobby();
    return;
  }
  screen("table");
  if (state.status === "over" && live) {
    live.close(); // nothing more will happen: no reconnecting to a finished game
    live = null;
    onConnection(true);
  }
  const newTurn = state.turn !== game.turnShown;
  if (newTurn) {
    game.turnShown = state.turn;
    game.next = null;
    game.preview = null;
    game.answer = null;
    pose.reset(state.board, state.rack || "");
  } else if (previous && previous.board.join() !== state.board.join() && state.phase === "turn") {
    pose.setBoard(state.board);
  }
  if (state.phase === "turn" && state.status !== "over") {
    if (state.my_answer) {
      game.answer = { turn: state.turn, move: state.my_answer.move, score: state.my_answer.score };
      if (newTurn) pose.restore(squaresOf(state.my_answer.move));
    }
    pose.board = state.board.slice();
  }
  const phaseChanged = game.phaseShown !== `${state.turn}/${state.phase}/${state.status}`;
  game.phaseShown = `${state.turn}/${state.phase}/${state.status}`;
  await loadResults(revealedTurns(state));
  drawTable();
  // A new turn: the board takes the keyboard, unless the player is busy elsewhere.
  const idle = !document.activeElement || document.activeElement === document.body;
  if (phaseChanged && state.phase === "turn" && state.status === "running" && isPlaying() && idle) {
    $("#board").focus();
  }
}

/** Fetch the revealed turns not fetched yet (1..count) and the standings when they changed. */
async function loadResults(count) {
  const missing = [];
  for (let turn = 1; turn <= count; turn++) if (!game.results.has(turn)) missing.push(turn);
  const found = await Promise.all(missing.map((turn) => api.turn(game.id, turn).catch(() => null)));
  for (const result of found) if (result) game.results.set(result.turn, result);
  if (game.standingsTurns !== count) {
    try {
      game.standings = await api.standings(game.id);
      game.standingsTurns = count;
    } catch {
      // The next state read tries again.
    }
  }
}

function isPlaying() {
  const me = game.seat?.playerId;
  return Boolean(me && game.state?.players.some((player) => player.id === me));
}

// -- the table ------------------------------------------------------------------------------

/** Open the game `id` (its first `state` read, the browser's `seat` in it, if any); a second
 * open closes the first. Returns the table, whose `close()` the shell calls when the page
 * leaves the game. */
export function open({ id, state, seat }) {
  close();
  Object.assign(game, {
    id,
    seat,
    state: null,
    results: new Map(),
    standings: null,
    standingsTurns: -1,
    next: null,
    nextPressed: 0,
    answer: null,
    preview: null,
    turnShown: 0,
    phaseShown: "",
    replayTurn: 0,
    replay: null,
    poseTried: false,
    warned: "",
  });
  wire();
  apply(state).then(() => {
    if (game.id === id && state.status !== "over") {
      live = new Live(api.eventsUrl(id), onEvent, () => refresh(), onConnection, EVENTS);
      live.open();
    }
  });
  return { close, refresh, reconnect: () => live?.reconnect() };
}

/** Leave the table: no more live updates, no more reads. */
export function close() {
  live?.close();
  live = null;
  game.id = null;
  game.state = null;
}

// -- drawing --------------------------------------------------------------------------------

function drawLobby() {
  const state = game.state;
  const link = `${location.origin}/t/${game.id}`;
  $("#invite-link").value = link;
  const seats = state.seats || game.seat?.seats || 6;
  $("#seat-count").textContent = `(${t("seatsTaken", { n: state.players.length, seats })})`;
  drawPlayers($("#lobby-players"), {
    players: state.players,
    me: game.seat?.playerId,
    answering: false,
    totals: null,
    organiserId: isOrganiser() ? game.seat?.playerId : null,
  });
  const organiser = isOrganiser();
  show($("#organiser-tools"), organiser);
  show($("#wait-organiser"), !organiser);
  const full = state.players.length >= seats;
  $("#add-robot").disabled = full;
  $("#robot-level").disabled = full;
  const enough = state.players.length >= 2;
  $("#start").disabled = !enough;
  show($("#start-hint"), !enough);
}

function drawTable() {
  const state = game.state;
  const config = state.config || {};
  const tileSet = tileSetOf(state);
  const layout = layoutOf(state);
  const answering = state.phase === "turn" && state.status !== "over";
  const editable = answering && state.status === "running" && isPlaying();
  const paused = state.status === "paused";
  const result = game.results.get(state.turn);
  let shown = state.board;
  let highlight = result && (state.phase === "reveal" || state.status === "over") ? topSquares(result) : new Set();
  const replay = state.status === "over" && game.replayTurn ? game.replay : null;
  if (replay) {
    shown = boardAfter(replay);
    highlight = topSquares(replay);
  }
  if (!board) {
    board = new PlayBoard({
      boardContainer: $("#board-wrap"),
      rackContainer: $("#rack"),
      pose,
      onChange: poseChanged,
      onSubmit: submit,
      pickBlank,
      onDraw: drawDirection,
    });
  }
  if (!answering) pose.placed.length && pose.clear();
  if (replay) pose.reset(shown, replay.rack);
  if (state.status === "over" || state.phase !== "turn") pose.rack.forEach((tile) => (tile.used = false));
  board.draw({ board: shown, layout, tileSet, highlight }, editable);
  if ((state.status === "over" && !replay) || paused) fill($("#rack"));
  // A pause hides the game (board, tirage, pose, answer): no free thinking time.
  show($("#paused-panel"), paused);
  for (const node of [$("#board-wrap"), $(".rack-row"), $(".pose-row"), $("#my-answer")]) {
    show(node, !paused);
  }

  // Status bar.
  const max = config.max_turns;
  $("#turn-label").textContent = replay
    ? t("replayOf", { n: replay.turn })
    : state.turn
      ? t(max ? "turnOfMax" : "turnOf", { n: state.turn, max })
      : "";
  $("#bag").textContent = t("bag", { n: state.bag_count });
  show($("#pause"), isOrganiser() && state.status === "running" && state.phase === "turn");
  show($("#resume"), isOrganiser() && state.status === "paused");
  drawClock();
  drawLetters(tileSet);

  // The pose and the answer.
  show($("#validate"), editable);
  show($("#clear"), editable);
  show($("#direction"), editable);
  show($("#shuffle"), editable);
  show($("#hint"), editable || (!isPlaying() && !paused));
  $("#hint").textContent = isPlaying() ? t(TOUCH.matches ? "touchHint" : "placeHint") : t("watching");
  show($("#sound"), isPlaying() && state.status !== "over");
  drawSound();
  drawDirection();
  drawPose();
  drawAnswer();
  drawAnswerCount();

  // Panels.
  const totals = {};
  for (const line of game.standings?.standings || []) totals[line.player] = line.total;
  drawPlayers($("#players"), {
    players: state.players,
    me: game.seat?.playerId,
    answering,
    totals,
    organiserId: null,
  });
  drawStandings($("#standings"), game.standings, game.seat?.playerId);
  $("#standings-title").textContent = t(state.status === "over" ? "gameOverStandings" : "standings");
  const results = [...game.results.values()].sort((a, b) => a.turn - b.turn);
  const over = state.status === "over";
  const mine = isPlaying() ? game.seat.playerId : null; // a visitor has no column of their own
  drawSheet($("#sheet"), results, mine, over ? (turn) => pickReplay(turn) : null);
  const topTotal = results.reduce((sum, r) => sum + r.top.score, 0);
  $("#top-total").textContent = results.length
    ? t("topTotal", { points: topTotal, turns: results.length })
    : "";
  drawReveal();
  drawOver();
}

function drawDirection() {
  const button = $("#direction");
  button.textContent = pose.cursor.horizontal ? t("across") : t("down");
  button.setAttribute("aria-label", `${t("direction")}: ${button.textContent}`);
}

/** The squares a revealed turn's top took (those empty before it), as "r,c". */
function topSquares(result) {
  return new Set(
    squaresOf(result.top.move)
      .filter(({ r, c }) => result.board[r][c] === ".")
      .map(({ r, c }) => `${r},${c}`),
  );
}

/** A revealed turn's board with its top played. */
function boardAfter(result) {
  const rows = result.board.map((row) => [...row]);
  for (const { r, c, letter } of squaresOf(result.top.move)) rows[r][c] = letter;
  return rows.map((row) => row.join(""));
}

function drawAnswerCount() {
  const state = game.state;
  const answering = state && state.phase === "turn" && state.status !== "over";
  $("#answer-count").textContent = answering
    ? t("answersCount", { n: state.answers, of: state.players.length })
    : "";
}

function drawLetters(tileSet) {
  const state = game.state;
  const card = $("#letters-card");
  const hidden = state.phase !== "turn" || state.status !== "running";
  if (hidden || (state.config || {}).variant === "joker") {
    show(card, false);
    return;
  }
  const left = unseen(tileSet, state.board, state.rack || "");
  const total = Object.values(left).reduce((a, b) => a + b, 0);
  if (total !== state.bag_count || Object.values(left).some((n) => n < 0)) {
    show(card, false);
    return;
  }
  const letters = Object.keys(left)
    .filter((letter) => left[letter] > 0)
    .sort((a, b) => (a === "?" ? 1 : b === "?" ? -1 : a.localeCompare(b)))
    .map((letter) => letter.repeat(left[letter]));
  $("#letters").textContent = letters.join(" ");
  show(card, true);
}

function drawClock() {
  if (!game.id) return; // no duplicate table open
  const state = game.state;
  const node = $("#clock");
  if (!state || state.status === "waiting" || state.status === "over") {
    node.textContent = "";
    if (state) drawWarning(state, 0);
    document.title = "Arbitre — Scrabble duplicate";
    return;
  }
  const remaining = clock.remaining();
  if (state.phase === "turn" || state.status === "paused") {
    node.textContent = state.status === "paused" ? `${t("paused")} ${formatClock(remaining)}` : formatClock(remaining);
    node.classList.toggle("low", state.status === "running" && remaining <= 10_000);
    node.classList.toggle("paused", state.status === "paused");
    node.setAttribute("aria-label", `${t("clock")} ${formatClock(remaining)}`);
    const seconds = Math.ceil(remaining / 1000);
    drawWarning(state, seconds);
    const moment = `${state.turn}/${seconds}`;
    if (state.status === "running" && (seconds === 30 || seconds === 10) && node.dataset.said !== moment) {
      node.dataset.said = moment; // said once per turn, for screen readers
      $("#clock-alert").textContent = `${t("clock")} ${formatClock(remaining)}`;
    }
    document.title = `${node.textContent} · ${t("turnOf", { n: state.turn })} — Arbitre`;
  } else {
    node.textContent = "";
    node.classList.remove("low", "paused");
    drawWarning(state, 0);
    document.title = `${t("turnOf", { n: state.turn })} — Arbitre`;
  }
  if (state.phase === "reveal" && state.status === "running") {
    $("#reveal-countdown").textContent = t("nextIn", { s: Math.ceil(remaining / 1000) });
  } else $("#reveal-countdown").textContent = "";
}

/** The last seconds of a running turn: a visible warning, and for a player a sound (the
 * warning once per turn from 10 s left, a tick in each of the last 3 seconds). */
function drawWarning(state, seconds) {
  const node = $("#clock-warning");
  const running = state.status === "running" && state.phase === "turn";
  const last = running && seconds > 0 && seconds <= WARNING_SECONDS;
  show(node, last);
  if (!last) return;
  node.textContent = t("lastSeconds", { s: seconds });
  if (isPlaying()) game.warned = soundLastSeconds(state.turn, seconds, game.warned);
}

function drawSound() {
  drawSoundToggle($("#sound"));
}

function drawPose() {
  const node = $("#pose");
  const state = game.state;
  if (!(state.phase === "turn" && state.status !== "over" && isPlaying())) {
    node.textContent = "";
    return;
  }
  const notation = pose.notation();
  // What is wrong with a pose shows in red only once the player tried to validate it; while
  // the word is being placed it is a neutral note.
  let problem = false;
  if (!notation) node.textContent = "";
  else if (notation.error) {
    node.textContent = t(`pose.${notation.error}`);
    problem = true;
  } else if (game.preview && game.preview.move === notation.move) {
    if (game.preview.error) {
      node.textContent = `${notation.move} — ${game.preview.error}`;
      problem = true;
    } else node.textContent = `${notation.move} — ${t("points", { n: game.preview.score })}`;
  } else node.textContent = notation.move;
  node.classList.toggle("error", problem && game.poseTried);
  node.classList.toggle("note", problem && !game.poseTried);
}

function drawAnswer() {
  const state = game.state;
  const node = $("#my-answer");
  const answering = state.phase === "turn" && state.status !== "over" && isPlaying();
  if (!answering) {
    node.textContent = "";
    return;
  }
  node.textContent = game.answer
    ? t("yourAnswer", { move: game.answer.move, score: game.answer.score })
    : t("noAnswer");
  node.classList.toggle("done", Boolean(game.answer));
}

function drawReveal() {
  const state = game.state;
  const section = $("#reveal");
  const result = state && game.results.get(state.turn);
  const visible = Boolean(state && state.phase === "reveal" && state.status !== "over" && result);
  show(section, visible);
  if (!visible) return;
  $("#reveal-title").textContent = t("reveal", { n: result.turn });
  fill($("#reveal-top"), topLine(result));
  fill($("#reveal-answers"), answersTable(result, game.seat?.playerId));
  const next = $("#next");
  const counts = game.next && game.next.turn === state.turn ? game.next : null;
  next.textContent = counts ? t("nextCount", counts) : t("next");
  next.disabled = !isPlaying() || game.nextPressed === state.turn || state.status !== "running";
  show(next, isPlaying());
}

function drawOver() {
  const state = game.state;
  const over = state.status === "over";
  show($("#over"), over);
  show($("#replay"), over && game.results.size > 0);
  if (!over) return;
  $("#end-reason").textContent = state.end_reason ? t(`end.${state.end_reason}`) : "";
  $("#download-sheet").href = api.sheetUrl(game.id);
  $("#download-sheet").setAttribute("download", `arbitre-${game.id}.txt`);
  $("#download-record").href = api.recordUrl(game.id);
  $("#download-record").setAttribute("download", `arbitre-${game.id}.json`);
  const select = $("#replay-turn");
  const turns = [...game.results.keys()].sort((a, b) => a - b);
  if (select.options.length !== turns.length + 1) {
    fill(
      select,
      h("option", { value: 0 }, t("finalBoard")),
      turns.map((turn) => h("option", { value: turn }, t("turnOf", { n: turn }))),
    );
    select.value = String(game.replayTurn);
  }
  for (const option of select.options) {
    const turn = Number(option.value);
    option.textContent = turn ? t("turnOf", { n: turn }) : t("finalBoard");
  }
  drawReplay();
}

/** The replayed turn's top, answers and best moves (drawn again in each language). */
function drawReplay() {
  const result = game.replayTurn ? game.replay : null;
  if (!result) {
    fill($("#replay-body"));
    return;
  }
  fill(
    $("#replay-body"),
    topLine(result),
    answersTable(result, game.seat?.playerId),
    result.best_moves ? h("h3", {}, t("bestMoves")) : null,
    result.best_moves ? h("div", { class: "scroll" }, bestMovesTable(result.best_moves)) : null,
  );
}

/** Show a past turn on the board (0: the final board), with its answers and best moves. */
async function pickReplay(turn) {
  game.replayTurn = turn;
  game.replay = null;
  $("#replay-turn").value = String(turn);
  if (!turn) {
    drawTable();
    return;
  }
  let result;
  try {
    result = await api.turn(game.id, turn, 20);
  } catch (error) {
    fill($("#replay-body"), h("p", { class: "error" }, failure(error)));
    return;
  }
  if (game.replayTurn !== turn) return;
  game.replay = result;
  drawTable();
  if (matchMedia("(max-width: 900px)").matches) $("#board-wrap").scrollIntoView({ block: "start" });
}

// -- actions --------------------------------------------------------------------------------

function poseChanged() {
  game.preview = null;
  game.poseTried = false;
  drawPose();
  clearTimeout(previewTimer);
  const notation = pose.notation();
  if (!notation || notation.error || !previewAvailable || !game.seat?.playerToken) return;
  previewTimer = setTimeout(() => askPreview(notation.move), PREVIEW_DELAY_MS);
}

async function askPreview(move) {
  const sequence = ++previewSequence;
  const turn = game.state.turn;
  try {
    const answer = await api.preview(game.id, game.seat.playerToken, turn, move);
    if (sequence !== previewSequence) return;
    game.preview = { move, score: answer.score };
  } catch (error) {
    if (sequence !== previewSequence) return;
    if (error.status === 404 || error.status === 405) {
      previewAvailable = false; // a gateway without the preview route
      return;
    }
    if (error.status !== 400) return;
    game.preview = { move, error: explain(error) };
  }
  drawPose();
}

async function submit() {
  const state = game.state;
  if (!state || state.phase !== "turn" || state.status !== "running" || !isPlaying()) return;
  const notation = pose.notation();
  game.poseTried = true;
  if (!notation || notation.error) {
    drawPose();
    board.flash();
    return;
  }
  const button = $("#validate");
  button.disabled = true;
  try {
    const answer = await api.answer(game.id, game.seat.playerToken, state.turn, notation.move);
    game.answer = { turn: answer.turn, move: answer.move, score: answer.score };
    game.preview = { move: notation.move, score: answer.score };
    drawAnswer();
    drawPose();
    if (document.activeElement === button) $("#board").focus();
  } catch (error) {
    if (error.status === 400) {
      game.preview = { move: notation.move, error: explain(error) };
      drawPose();
    } else message(failure(error));
  } finally {
    button.disabled = false;
  }
}

async function pressNext() {
  const state = game.state;
  if (!state || state.phase !== "reveal") return;
  game.nextPressed = state.turn;
  drawReveal();
  try {
    const counts = await api.next(game.id, game.seat.playerToken, state.turn);
    if (game.state.turn === counts.turn && game.state.phase === "reveal") {
      game.next = counts;
      drawReveal();
    }
  } catch (error) {
    if (error.status !== 409) message(failure(error));
  }
}

async function organiser(what) {
  try {
    await apply(await api.command(game.id, game.seat.organiserToken, what));
  } catch (error) {
    message(failure(error));
  }
}

async function addRobot(event) {
  event.preventDefault();
  try {
    await api.addRobot(game.id, game.seat.organiserToken, $("#robot-level").value);
    await refresh();
  } catch (error) {
    message(failure(error));
  }
}

async function copyLink() {
  const input = $("#invite-link");
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select();
  }
  const button = $("#copy-link");
  button.textContent = t("copied");
  setTimeout(() => (button.textContent = t("copy")), 1500);
}

function shuffleRack() {
  const free = pose.rack.filter((tile) => !tile.used);
  for (let i = free.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [free[i], free[j]] = [free[j], free[i]];
  }
  // Keep the tiles in use where they are (their index is referenced by the pose).
  let k = 0;
  const order = pose.rack.map((tile) => (tile.used ? tile : free[k++]));
  const moved = order.map((tile) => pose.rack.indexOf(tile));
  pose.rack = order;
  for (const placed of pose.placed) placed.index = moved.indexOf(placed.index);
  board.redraw();
}


// -- wiring (once, on the first table) ---------------------------------------------------------

let wired = false;

function wire() {
  if (wired) return;
  wired = true;
  onLanguage(() => {
    if (game.state && game.state.status !== "waiting" && !$("#table").hidden) drawTable();
    if (game.state && !$("#lobby").hidden) drawLobby();
  });
  $("#robot-form").addEventListener("submit", addRobot);
  $("#start").addEventListener("click", () => organiser("start"));
  $("#pause").addEventListener("click", () => organiser("pause"));
  $("#resume").addEventListener("click", () => organiser("resume"));
  $("#copy-link").addEventListener("click", copyLink);
  $("#validate").addEventListener("click", submit);
  $("#clear").addEventListener("click", () => {
    pose.clear();
    board.changed();
  });
  $("#direction").addEventListener("click", () => {
    pose.toggleDirection();
    board.redraw();
    poseChanged();
  });
  $("#shuffle").addEventListener("click", shuffleRack);
  $("#sound").addEventListener("click", () => {
    setSound(!soundOn());
    drawSound();
  });
  TOUCH.addEventListener("change", () => {
    if (game.id && game.state && !$("#table").hidden) drawTable();
  });
  $("#next").addEventListener("click", pressNext);
  $("#replay-turn").addEventListener("change", (event) => pickReplay(Number(event.target.value)));
  // Typing anywhere on the page (nothing else focused) plays on the board.
  document.addEventListener("keydown", (event) => {
    const free = document.activeElement === document.body || document.activeElement === null;
    const keys = /^([a-zA-Z]|Arrow\w+|Backspace|Enter| )$/;
    if (free && game.id && board && board.editable && !$("#table").hidden && keys.test(event.key)) {
      $("#board").focus();
      board.key(event);
    }
  });
  setInterval(drawClock, 250);
}
