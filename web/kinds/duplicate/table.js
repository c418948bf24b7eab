// A duplicate Scrabble table: its lobby, its board and tirage, the player's pose and answer,
// the clock, the reveal, the standings and score sheet, the replay of a finished game, and its
// live updates. The shell (web/app.js) opens it for a game of the kind "duplicate"
// (`open({ id, state, seat, watching })`) and closes it when the page leaves the game. During a
// turn it asks for nothing but the public state, its own answer and the points of its own pose:
// the top and the others' answers are fetched only once the turn is revealed.
//
// A game state (GET /v1/games/{id}) is the session's part at the top (status, phase, turn, the
// clock, `players`: the roster's names, `you`) and the kind's `view` (board, rack, config,
// `players`: who answered, the player's own `my_answer`, the counts); an answer is the kind's
// action (POST …/actions {action: {move, turn}}), the pose's points the same action as a dry
// run; a revealed turn is GET …/turns/{n}'s `revealed`, its players named by `names`.

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
  "turn_started",
  "answer_count",
  "turn_revealed",
  "next_count",
  "paused",
  "resumed",
  "parked",
  "game_over",
];
const PREVIEW_DELAY_MS = 250;
/** How late the shared part of a state may be (others' answered marks, the answers' count):
 * an answer's event reads the state again once past it. */
const SHARED_LAG_MS = 500;
/** Under load the shared part may lag more (the server keeps it longer when it is slow to
 * build, and serves it while it is built anew): a stream's start and a network back read the
 * state once more this late too. */
const SHARED_LAG_LOADED_MS = 2500;
/** The refusals of an answer that say what is wrong with the pose (shown beside it). */
const POSE_REFUSALS = new Set(["illegal_move", "bad_notation", "unknown_letter", "bad_rack", "bad_action"]);
/** How many times an answer lost on the network is sent again (with its request id). */
const RETRIES = 3;
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
  answerCount: null, // {turn, answers}: the last count an event or an answer told
  sent: null, // {turn, move, id}: the answer being sent, its request id kept for a retry
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
let refreshing = null;
let refreshAgain = false;

const connection = { stream: true, fetch: true };
let retryTimer = null;

function onConnection(connected) {
  connection.stream = connected;
  show($("#connection"), !(connection.stream && connection.fetch));
}

function onFetch(ok) {
  if (ok && !connection.fetch) {
    refreshSoon(SHARED_LAG_MS + 100); // back: once more, settled
    refreshSoon(SHARED_LAG_LOADED_MS);
  }
  connection.fetch = ok;
  show($("#connection"), !(connection.stream && connection.fetch));
  clearTimeout(retryTimer);
  if (!ok) retryTimer = setTimeout(() => refresh(), 2000); // until the network is back
}

function onEvent(type, data) {
  if (type === "answer_count") {
    if (game.state && data.turn === game.state.turn) {
      countAnswers(data.turn, data.answers);
      drawAnswerCount();
    }
    refreshSoon(SHARED_LAG_MS + 100); // the answered marks, once the shared view has them
  } else if (type === "next_count") {
    game.next = data;
    drawReveal();
  } else if (type === "state") {
    // A stream's first snapshot may be as old as the shared view's lag, and what happened
    // before the stream opened sends no event: read now, and once more past the lag.
    resync();
  } else {
    refresh();
  }
}

/** Read everything again after a break (the stream reopened, the tab back in sight), and once
 * more past the shared view's lag: what others did just before shows too. */
function resync() {
  refresh();
  refreshSoon(SHARED_LAG_MS + 100);
  refreshSoon(SHARED_LAG_LOADED_MS);
}

let soon = null; // the planned read
let soonDue = 0; // when the latest request wants it (Date.now())
/** Read the state in `delay` ms. A read already planned still happens when planned (a stream
 * of events never puts reads off for ever), and then again when this one is due. */
function refreshSoon(delay) {
  soonDue = Math.max(soonDue, Date.now() + delay);
  if (!soon) soon = setTimeout(readDue, delay);
}

function readDue() {
  soon = null;
  refresh();
  const left = soonDue - Date.now();
  if (left > 20) soon = setTimeout(readDue, left);
}

/** Keep the highest count of answers told for `turn` (a state's may lag an event's). */
function countAnswers(turn, answers) {
  if (typeof answers !== "number") return;
  const known = game.answerCount;
  if (!known || known.turn !== turn || answers > known.answers) game.answerCount = { turn, answers };
}

/** The kind's view of a game state (`{}` before any). */
function viewOf(state) {
  return state?.view || {};
}

/** The players at the table: the roster's names (the state's `players`) with, from the
 * view's players, whether each answered the open turn and whether they left. */
function playersOf(state) {
  const marks = new Map((viewOf(state).players || []).map((player) => [player.id, player]));
  return (state.players || []).map((player) => ({
    ...player,
    answered: Boolean(marks.get(player.id)?.answered),
    left: Boolean(marks.get(player.id)?.left),
  }));
}

/** How many players the game has (the roster listed may be its first ones only). */
function playerCount(state) {
  return state.player_count ?? (state.players || []).length;
}

/** A revealed turn as the panels draw it, from GET …/turns/{n}: its `revealed` (tirage, top,
 * board before it, answers) numbered `turn`, each answer with its player's name, and the best
 * moves when asked for. */
function resultOf(found) {
  const names = found.names || {};
  const revealed = found.revealed || {};
  return {
    ...revealed,
    turn: found.turn,
    answers: (revealed.answers || []).map((answer) => ({ ...answer, name: names[answer.player] ?? answer.player })),
    best_moves: found.best_moves,
  };
}

/** Whether the game is held (paused by its organiser, or parked): the game is hidden. */
function isHeld(state) {
  return state.status === "paused" || state.status === "parked";
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

/** Take a game state (read with the player's token, if any): the screen, the pose, the results
 * and standings it makes due. */
async function apply(state) {
  const previous = game.state;
  game.state = state;
  const view = viewOf(state);
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
  const rows = view.board || [];
  const newTurn = state.turn !== game.turnShown;
  if (newTurn) {
    game.turnShown = state.turn;
    game.next = null;
    game.preview = null;
    game.answer = null;
    game.sent = null;
    // The tirage: the open turn's, or during its reveal the revealed turn's (a page opened then).
    const shown = view.reveal && view.reveal.number === state.turn ? view.reveal.rack : "";
    pose.reset(rows, view.rack || shown || "");
  } else if (previous && viewOf(previous).board?.join() !== rows.join() && state.phase === "turn") {
    pose.setBoard(rows);
  }
  if (state.phase === "turn" && state.status !== "over") {
    countAnswers(state.turn, view.answers);
    if (view.my_answer) {
      game.answer = { turn: state.turn, move: view.my_answer.move, score: view.my_answer.score };
      if (newTurn) pose.restore(squaresOf(view.my_answer.move));
    }
    pose.board = rows.slice();
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
  for (const result of found) if (result) game.results.set(result.turn, resultOf(result));
  if (game.standingsTurns !== count) {
    try {
      game.standings = await api.standings(game.id);
      game.standingsTurns = count;
    } catch {
      // The next state read tries again.
    }
  }
}

/** Whether this browser plays at the table: the state read with its token names it (`you`). */
function isPlaying() {
  return Boolean(game.seat?.playerToken && game.state?.you);
}

/** The player of this browser: the state's `you`, else the seat's id (a visitor: none). */
function me() {
  return game.state?.you || game.seat?.playerId || null;
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
    answerCount: null,
    sent: null,
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
      live = new Live(api.eventsUrl(id), onEvent, resync, onConnection, EVENTS);
      live.open();
    }
  });
  return { close, refresh: resync, reconnect: () => live?.reconnect() };
}

/** Leave the table: no more live updates, no more reads. */
export function close() {
  live?.close();
  live = null;
  clearTimeout(soon);
  soon = null;
  soonDue = 0;
  game.id = null;
  game.state = null;
}

// -- drawing --------------------------------------------------------------------------------

function drawLobby() {
  const state = game.state;
  const link = `${location.origin}/t/${game.id}`;
  $("#invite-link").value = link;
  const seats = state.seats; // 0: no limit
  const count = playerCount(state);
  $("#seat-count").textContent = seats ? `(${t("seatsTaken", { n: count, seats })})` : `(${count})`;
  drawPlayers($("#lobby-players"), {
    players: playersOf(state),
    me: me(),
    answering: false,
    totals: null,
    organiserId: isOrganiser() ? game.seat?.playerId : null,
  });
  const organiser = isOrganiser();
  show($("#organiser-tools"), organiser);
  show($("#wait-organiser"), !organiser);
  const full = Boolean(seats) && count >= seats;
  $("#add-robot").disabled = full;
  $("#robot-level").disabled = full;
  const enough = count >= 2;
  $("#start").disabled = !enough;
  show($("#start-hint"), !enough);
}

function drawTable() {
  const state = game.state;
  const view = viewOf(state);
  const config = view.config || {};
  const tileSet = tileSetOf(view);
  const layout = layoutOf(view);
  const answering = state.phase === "turn" && state.status !== "over";
  const editable = answering && state.status === "running" && isPlaying();
  const paused = isHeld(state);
  const result = game.results.get(state.turn);
  let shown = view.board || [];
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
  $("#bag").textContent = t("bag", { n: view.bag_count });
  show($("#pause"), isOrganiser() && state.status === "running" && state.phase === "turn");
  show($("#resume"), isOrganiser() && paused);
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
    players: playersOf(state),
    me: me(),
    answering,
    totals,
    organiserId: null,
  });
  drawStandings($("#standings"), game.standings?.standings, me(), view.top_total);
  $("#standings-title").textContent = t(state.status === "over" ? "gameOverStandings" : "standings");
  const results = [...game.results.values()].sort((a, b) => a.turn - b.turn);
  const over = state.status === "over";
  const mine = isPlaying() ? me() : null; // a visitor has no column of their own
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
  const told = game.answerCount?.turn === state?.turn ? game.answerCount.answers : 0;
  $("#answer-count").textContent = answering
    ? t("answersCount", { n: Math.max(viewOf(state).answers || 0, told), of: playerCount(state) })
    : "";
}

function drawLetters(tileSet) {
  const state = game.state;
  const view = viewOf(state);
  const card = $("#letters-card");
  const hidden = state.phase !== "turn" || state.status !== "running";
  if (hidden || (view.config || {}).variant === "joker") {
    show(card, false);
    return;
  }
  const left = unseen(tileSet, view.board || [], view.rack || "");
  const total = Object.values(left).reduce((a, b) => a + b, 0);
  if (total !== view.bag_count || Object.values(left).some((n) => n < 0)) {
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
  const held = isHeld(state);
  if (state.phase === "turn" || held) {
    node.textContent = held ? `${t("paused")} ${formatClock(remaining)}` : formatClock(remaining);
    node.classList.toggle("low", state.status === "running" && remaining <= 10_000);
    node.classList.toggle("paused", held);
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
  fill($("#reveal-answers"), answersTable(result, me()));
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
  const reason = viewOf(state).end_reason;
  $("#end-reason").textContent = reason ? t(`end.${reason}`) : "";
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
    answersTable(result, me()),
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
    result = resultOf(await api.turn(game.id, turn, 20));
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

/** A request id for an answer (the server takes a request once, however often it is sent). */
function requestId() {
  if (globalThis.crypto?.randomUUID) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a refusal says what is wrong with the pose itself (shown beside it). */
function isPoseRefusal(error) {
  return error instanceof ApiError && POSE_REFUSALS.has(error.code);
}

function poseChanged() {
  game.preview = null;
  game.poseTried = false;
  drawPose();
  clearTimeout(previewTimer);
  const notation = pose.notation();
  if (!notation || notation.error || !game.seat?.playerToken) return;
  previewTimer = setTimeout(() => askPreview(notation.move), PREVIEW_DELAY_MS);
}

/** The pose's points: the answer as a dry run (judged, nothing kept). */
async function askPreview(move) {
  const sequence = ++previewSequence;
  const turn = game.state.turn;
  try {
    const tried = await api.tryAction(game.id, game.seat.playerToken, { move, turn });
    if (sequence !== previewSequence) return;
    game.preview = { move, score: tried.result.score };
  } catch (error) {
    if (sequence !== previewSequence || !isPoseRefusal(error)) return; // no points to show
    game.preview = { move, error: explain(error) };
  }
  drawPose();
}

/** Send the pose as the player's answer to the open turn (the last answer counts). A distinct
 * answer has a request id of its own; one lost on the network is sent again with its id. */
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
  const turn = state.turn;
  const move = notation.move;
  if (!game.sent || game.sent.turn !== turn || game.sent.move !== move) {
    game.sent = { turn, move, id: requestId() };
  }
  const sent = game.sent;
  const button = $("#validate");
  button.disabled = true;
  try {
    let answered;
    for (let attempt = 0; ; attempt++) {
      try {
        answered = await api.act(game.id, game.seat.playerToken, { move, turn }, sent.id);
        break;
      } catch (error) {
        // Lost on the network: the same request again (the server takes it once).
        if (!(error instanceof ApiError && error.status === 0) || attempt >= RETRIES) throw error;
        await sleep(700 * (attempt + 1));
      }
    }
    if (game.sent === sent) game.sent = null; // answered: the next answer is a new request
    const result = answered.result;
    if (game.state?.turn !== result.turn) return; // a turn that is over meanwhile
    game.answer = { turn: result.turn, move: result.move, score: result.score };
    game.preview = { move, score: result.score };
    countAnswers(result.turn, result.answers);
    drawAnswer();
    drawPose();
    drawAnswerCount();
    if (document.activeElement === button) $("#board").focus();
  } catch (error) {
    if (error instanceof ApiError && error.status !== 0 && game.sent === sent) game.sent = null;
    if (isPoseRefusal(error)) {
      game.preview = { move, error: explain(error) };
      drawPose();
    } else {
      message(failure(error));
      if (error instanceof ApiError && error.status === 409) refresh(); // the turn moved on
    }
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

/** An organiser's command (start, pause, resume); the game is then read again as this
 * browser's player (the command's answer is the organiser's view, without the player's own). */
async function organiser(what) {
  try {
    await api.command(game.id, game.seat.organiserToken, what);
  } catch (error) {
    message(failure(error));
  }
  await refresh();
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
