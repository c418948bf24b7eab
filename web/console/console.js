// The organiser's console (/console): an organiser's account runs a duplicate simultané from a
// pre-drawn package, calling the gateway's /v1 API only (api.js, the account's session token as
// the game's organiser credential: a game created signed in is the account's).
//
// Steps: prepare (the package uploaded or pasted, its public part shown; or, without a package,
// the preset, variant, lexicon, turns and clock of a game the server draws at its start; the
// start; late registrations), the scheduled start and the release of a sealed package's key, the
// registrations with club, série and country (GET …/results, which lists every registered
// player, read again on each player_joined), live (players, answers per turn, standings: the
// game's state, events and GET …/standings), the centres' files (every bad line shown), the
// results by série, club, country or centre, the CSV export, the FISF sheet and a page to print
// (console.css's print rules). Nothing here is secret to the organiser but the release key,
// which the page sends once and never keeps; the seed and the tirages reach it only as any
// player's view does.

import { api, ApiError } from "../api.js";
import { $, h, fill, show } from "../dom.js";
import { t, language, setLanguage, onLanguage, translate } from "../i18n.js";
import { accountOf } from "../storage.js";
import { Live } from "../live.js";
import { explain } from "../ui.js";
import { lexiconLabel } from "../lexicons.js";
import "./messages.js";

const EVENTS = ["state", "player_joined", "turn_started", "answer_count", "turn_revealed", "paused", "resumed", "parked", "game_over"];
const STORED = "arbitre.console.games";
const REFRESH_MS = 3000;
/** The registrations drawn at most (a simultané may have thousands). */
const REGISTRATIONS_SHOWN = 500;

const state = {
  account: null, // {name, token}
  me: null, // GET /v1/accounts/me
  refusal: null, // {key, vars}: why the console is refused
  package: null, // the parsed package, until created
  gameId: null,
  game: null, // the last state read
  live: null,
  timer: null,
  answers: new Map(), // turn -> answers seen
  results: null, // the last GET …/results: {whole, shown, field, value}
  standings: null,
  joined: false, // a player joined since the results were read
  offset: 0, // the server's clock minus this machine's
};

// -- calls ----------------------------------------------------------------------------------

async function call(method, path, body) {
  const headers = { Accept: "application/json", Authorization: `Bearer ${state.account.token}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: "no-store" });
  } catch (error) {
    throw new ApiError(0, "network", error.message || "network error");
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = (data && data.error) || {};
    const failed = new ApiError(response.status, error.code || "http", error.message || response.statusText);
    failed.problems = error.problems || [];
    throw failed;
  }
  return data;
}

const gamePath = (id) => `/v1/games/${encodeURIComponent(id)}`;

function message(text) {
  const node = $("#message");
  node.textContent = text || "";
  show(node, Boolean(text));
}

const failure = (error) => t("error", { message: explain(error) });

// -- who may use it -------------------------------------------------------------------------

/** Refuse the console: the reason (a text's key and its values, drawn again in the other
 * language). */
function refuse(key, vars = {}) {
  state.refusal = { key, vars };
  for (const id of ["prepare", "game"]) show($(`#${id}`), false);
  drawRefusal();
  show($("#refusal"), true);
}

function drawRefusal() {
  if (state.refusal) $("#refusal-text").textContent = t(state.refusal.key, state.refusal.vars);
  if (state.me) $("#console-account").textContent = t("console.signedIn", { name: state.me.name });
}

async function checkAccount() {
  const account = accountOf();
  if (!account) {
    refuse("console.needAccount");
    return false;
  }
  let me;
  try {
    me = await api.me(account.token);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) refuse("console.needAccount");
    else message(failure(error));
    return false;
  }
  state.me = me;
  drawRefusal();
  if (!me.organiser) {
    refuse("console.notOrganiser", { name: me.name });
    return false;
  }
  state.account = account;
  return true;
}

// -- prepare --------------------------------------------------------------------------------

function storedGames() {
  try {
    const found = JSON.parse(localStorage.getItem(STORED) || "[]");
    return Array.isArray(found) ? found.filter((item) => item && typeof item.id === "string") : [];
  } catch {
    return [];
  }
}

function storeGame(id, title) {
  const games = [{ id, title }, ...storedGames().filter((item) => item.id !== id)].slice(0, 20);
  try {
    localStorage.setItem(STORED, JSON.stringify(games));
  } catch {
    // Not kept: the account's games list it too (GET /v1/accounts/me/games).
  }
}

/** The package's public facts: a sealed one states them, an open one's record holds them. */
function packageFacts(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new Error("not a JSON object");
  if (typeof data.format === "string" && data.format.startsWith("arbitre.sealed-package")) {
    return { sealed: true, title: data.title, lexicon: data.lexicon?.id, config: data.config || {}, turns: data.turns, hash: data.content_hash };
  }
  const record = data.record;
  if (!record || typeof record !== "object" || !Array.isArray(record.turns)) throw new Error("no record with turns");
  return { sealed: false, title: data.title, lexicon: record.lexicon?.id, config: record.config || {}, turns: record.turns.length, hash: data.content_hash };
}

function readPackage() {
  const text = $("#package-text").value.trim();
  const summary = $("#package-summary");
  state.package = null;
  if (!text) {
    show(summary, false);
    return;
  }
  try {
    const data = JSON.parse(text);
    const facts = packageFacts(data);
    state.package = data;
    const config = facts.config;
    const item = (key, value) => [h("dt", {}, t(key)), h("dd", {}, value === undefined || value === null || value === "" ? "—" : String(value))];
    fill(
      summary,
      item("console.packageTitle", facts.title),
      item("console.sealed", facts.sealed ? t("console.yes") : t("console.no")),
      item("console.packageLexicon", facts.lexicon),
      item("console.packageTurns", facts.turns),
      item("console.packagePreset", config.name),
      item("console.packageVariant", config.variant),
      item("console.packageClock", config.seconds_per_turn ? `${config.seconds_per_turn} s` : ""),
      item("console.packageHash", String(facts.hash || "").slice(0, 16)),
    );
    show(summary, true);
    message("");
  } catch (error) {
    show(summary, false);
    message(t("console.packageBad", { reason: error.message }));
  }
}

const fromPackage = () => $("#prepare-form").source.value !== "server";

function showSource() {
  show($("#package-fields"), fromPackage());
  show($("#server-fields"), !fromPackage());
}

async function drawLexicons() {
  const select = $("#lexicon");
  const chosen = select.value || "fr";
  try {
    const { lexicons } = await api.lexicons();
    fill(select, lexicons.map((lexicon) => h("option", { value: lexicon.id }, lexiconLabel(lexicon))));
    select.value = lexicons.some((lexicon) => lexicon.id === chosen) ? chosen : lexicons[0]?.id || "";
  } catch (error) {
    message(failure(error));
  }
}

/** The game's rules from the form, when the server draws the tirages. */
function serverConfig() {
  const config = {
    name: $("#preset").value,
    variant: $("#variant").value,
    lexicon: $("#lexicon").value || "fr",
    seconds_per_turn: Number($("#seconds").value) || 180,
  };
  const turns = Number($("#turns").value);
  if (turns > 0) config.max_turns = turns;
  return config;
}

async function createSimultane(event) {
  event.preventDefault();
  const packaged = fromPackage();
  if (packaged && !state.package) {
    message(t("console.packageMissing"));
    return;
  }
  const when = $("#start-at").value;
  const startAt = when ? new Date(when).getTime() : NaN;
  if (!Number.isFinite(startAt)) {
    message(t("console.startMissing"));
    return;
  }
  const reveal = Math.max(0, Math.min(600, Number($("#reveal-seconds").value) || 0));
  const config = { late_join: $("#late-join").checked, reveal_seconds: reveal };
  const body = packaged
    ? { kind: "duplicate", package: state.package, start_at_ms: startAt, config }
    : { kind: "duplicate", start_at_ms: startAt, config: { ...serverConfig(), ...config } };
  const title = $("#game-title-input").value.trim();
  if (!packaged && title) body.title = title;
  try {
    const created = await call("POST", "/v1/games", body);
    storeGame(created.game_id, created.game.title || "");
    message("");
    $("#package-text").value = "";
    $("#package-file").value = "";
    $("#game-title-input").value = "";
    readPackage();
    await openGame(created.game_id);
  } catch (error) {
    message(failure(error));
  }
}

function drawList() {
  const games = storedGames();
  fill(
    $("#simultanes"),
    games.length
      ? games.map((item) =>
          h("li", { dataset: { game: item.id } }, h("a", { href: `/console?game=${encodeURIComponent(item.id)}`, onclick: (event) => {
            event.preventDefault();
            openGame(item.id);
          } }, item.title || item.id)))
      : h("li", { class: "muted" }, t("console.none")),
  );
}

function showPrepare() {
  closeGame();
  history.replaceState(null, "", "/console");
  show($("#game"), false);
  show($("#prepare"), true);
  if (!$("#start-at").value) $("#start-at").value = localInput(Date.now() + 10 * 60 * 1000);
  drawList();
}

/** A moment as a datetime-local input's value (local time, seconds). */
function localInput(ms) {
  const date = new Date(ms);
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

// -- one simultané --------------------------------------------------------------------------

function closeGame() {
  state.live?.close();
  state.live = null;
  clearInterval(state.timer);
  state.timer = null;
  state.gameId = null;
  state.game = null;
  state.results = null;
  state.answers = new Map();
}

async function openGame(id) {
  closeGame();
  state.gameId = id;
  history.replaceState(null, "", `/console?game=${encodeURIComponent(id)}`);
  show($("#prepare"), false);
  show($("#game"), true);
  const link = `${location.origin}/t/${id}`;
  $("#join-link").href = link;
  $("#join-link").textContent = link;
  $("#export-csv").href = `${gamePath(id)}/results?format=csv`;
  $("#export-sheet").href = `${gamePath(id)}/sheet`;
  $("#export-sheet").setAttribute("download", `${id}-feuille.txt`);
  fill($("#centre-problems"));
  $("#centre-state").textContent = "";
  await refresh();
  if (state.gameId !== id) return;
  state.live = new Live(`${gamePath(id)}/events`, onEvent, refresh, () => {}, EVENTS);
  state.live.open();
  state.timer = setInterval(tick, REFRESH_MS);
}

async function tick() {
  drawSchedule();
  if (state.game && state.game.status !== "over") await refresh();
}

function onEvent(type, data) {
  if (type === "player_joined") state.joined = true;
  if (type === "answer_count" && state.game?.view && data.turn === state.game.view.turn) {
    state.game.view.answers = data.answers ?? data.count ?? state.game.view.answers;
    noteAnswers(data.turn, state.game.view.answers);
    drawLive();
    return;
  }
  refresh();
}

let reading = null;
/** Read the game, its standings and its results again (one read at a time, then once more). */
async function refresh() {
  if (reading) {
    reading.again = true;
    return;
  }
  reading = { again: false };
  try {
    do {
      reading.again = false;
      await readAll();
    } while (reading.again);
  } finally {
    reading = null;
  }
}

async function readAll() {
  const id = state.gameId;
  if (!id) return;
  try {
    const game = await call("GET", gamePath(id));
    if (state.gameId !== id) return;
    state.game = game;
    if (game.server_time_ms) state.offset = game.server_time_ms - Date.now();
    const view = game.view || {};
    if (view.stage === "playing" && view.turn) noteAnswers(view.turn, view.answers || 0);
    for (const turn of view.turns || []) {
      if (!state.answers.has(`closed:${turn.number ?? turn.turn}`)) await readTurn(id, turn.number ?? turn.turn);
    }
    // The results rank every player: read them while the game runs only after a (late) join.
    const ranking = game.status !== "running" || state.joined || !state.results;
    state.joined = false;
    const [standings, results] = await Promise.all([
      call("GET", `${gamePath(id)}/standings?limit=50`),
      ranking ? readResults(id) : state.results,
    ]);
    if (state.gameId !== id) return;
    state.standings = standings;
    state.results = results;
    drawGame();
  } catch (error) {
    message(failure(error));
  }
}

function noteAnswers(turn, count) {
  if (state.answers.has(`closed:${turn}`)) return;
  state.answers.set(turn, Math.max(state.answers.get(turn) || 0, count));
}

async function readTurn(id, number) {
  if (!number) return;
  try {
    const found = await call("GET", `${gamePath(id)}/turns/${number}`);
    const revealed = found.revealed || {};
    state.answers.set(number, (revealed.answers || []).length);
    state.answers.set(`closed:${number}`, revealed.top?.score ?? null);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
  }
}

async function readResults(id) {
  const field = $("#view-field").value;
  const value = $("#view-value").value;
  const whole = await call("GET", `${gamePath(id)}/results`);
  let shown = whole;
  if (field && value !== "") {
    shown = await call("GET", `${gamePath(id)}/results?${field}=${encodeURIComponent(value)}`);
  }
  return { whole, shown, field, value };
}

// -- drawing --------------------------------------------------------------------------------

function drawGame() {
  const game = state.game;
  if (!game) return;
  $("#game-title").textContent = game.title || game.game_id;
  drawSchedule();
  drawRegistrations();
  drawLive();
  drawResults();
}

function duration(ms) {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const h_ = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h_ ? `${h_} h ${String(m).padStart(2, "0")}` : `${m} min ${String(s).padStart(2, "0")} s`;
}

function drawSchedule() {
  const game = state.game;
  if (!game) return;
  $("#game-status").textContent = t(`console.status.${game.status}`);
  const start = game.start_at_ms;
  let when = "";
  if (start) {
    const date = new Date(start).toLocaleString(language() === "fr" ? "fr-FR" : "en-GB");
    const left = start - (Date.now() + (state.offset || 0));
    when = game.status === "waiting" && left > 0 ? `${t("console.startsAt", { date })} (${t("console.startsIn", { time: duration(left) })})` : t("console.startsAt", { date });
  }
  $("#game-start").textContent = when;
  const waiting = game.status === "waiting";
  const sealed = Boolean(game.sealed);
  show($("#key-form"), waiting);
  show($("#release-key").closest("label"), sealed && !game.key_released);
  show($("#release"), sealed && !game.key_released);
  $("#key-state").textContent = !waiting ? "" : sealed ? (game.key_released ? t("console.keyReleased") : t("console.keyNeeded")) : t("console.keyOpen");
}

function cellRow(tag, values, attrs = {}) {
  return h("tr", attrs, values.map((value) => h(tag, {}, value === null || value === undefined ? "" : String(value))));
}

function drawRegistrations() {
  const lines = (state.results?.whole?.results || []).filter((line) => line.source === "online");
  $("#registration-count").textContent = t("console.registered", { n: lines.length });
  lines.splice(REGISTRATIONS_SHOWN); // the count says how many; the results list them all
  fill(
    $("#registrations"),
    h("thead", {}, cellRow("th", [t("console.name"), t("console.club"), t("console.serie"), t("console.country")])),
    h("tbody", {}, lines.map((line) => cellRow("td", [line.name, line.club, line.serie, line.country], { dataset: { player: line.player } }))),
  );
}

function drawLive() {
  const game = state.game;
  if (!game) return;
  const view = game.view || {};
  const players = view.players || [];
  const count = game.player_count ?? players.length;
  const left = players.filter((player) => player.left).length;
  $("#live-players").textContent = t("console.players", { n: count, present: count - left, left });
  $("#live-answers").textContent =
    view.stage === "playing" && view.turn
      ? t("console.answers", { turn: view.turn, n: view.answers || 0, of: count - left })
      : t("console.noTurn");
  const turns = [...state.answers.keys()].filter((key) => typeof key === "number").sort((a, b) => a - b);
  fill(
    $("#answers-per-turn"),
    h("thead", {}, cellRow("th", [t("console.turn"), t("console.answerCount"), t("console.top")])),
    h("tbody", {}, turns.map((turn) => cellRow("td", [turn, state.answers.get(turn), state.answers.get(`closed:${turn}`) ?? "…"], { dataset: { turn } }))),
  );
  const lines = state.standings?.standings || [];
  fill(
    $("#live-standings"),
    h("thead", {}, cellRow("th", [t("console.rank"), t("console.name"), t("console.total"), t("console.negatif"), t("console.percent")])),
    h("tbody", {}, lines.map((line) => cellRow("td", [line.rank, line.name, line.total, line.details?.negatif, line.details?.percent_of_top]))),
  );
}

function drawViewValues() {
  const field = $("#view-field").value;
  const select = $("#view-value");
  const chosen = select.value;
  const values = field ? [...new Set((state.results?.whole?.results || []).map((line) => line[field] || ""))].sort() : [];
  fill(select, values.map((value) => h("option", { value }, value || "—")));
  if (values.includes(chosen)) select.value = chosen;
  select.disabled = !field;
}

function drawResults() {
  drawViewValues();
  const found = state.results;
  if (!found) return;
  const shown = found.shown;
  const inView = Boolean(found.field && found.value !== "");
  const title = state.game?.title || state.gameId;
  const viewText = inView ? `${t(`console.${found.field}`)} ${found.value || "—"}` : t("console.viewAll");
  $("#results-heading").textContent = t("console.resultsOf", { title, view: viewText });
  $("#results-summary").textContent = t("console.resultsSummary", { n: shown.lines, top: shown.top_total, turns: shown.turns });
  const head = [t("console.rank"), ...(inView ? [t("console.viewPlace")] : []), t("console.name"), t("console.total"), t("console.negatif"), t("console.percent"), t("console.serie"), t("console.club"), t("console.country"), t("console.source")];
  fill(
    $("#results"),
    h("thead", {}, cellRow("th", head)),
    h("tbody", {}, (shown.results || []).map((line) =>
      cellRow("td", [
        line.place,
        ...(inView ? [line.view_place] : []),
        line.name,
        line.score,
        line.negatif,
        line.percent_of_top,
        line.serie,
        line.club,
        line.country,
        line.source === "centre" ? line.centre : t("console.online"),
      ]))),
  );
  const query = inView ? `&${found.field}=${encodeURIComponent(found.value)}` : "";
  $("#export-csv").href = `${gamePath(state.gameId)}/results?format=csv${query}`;
}

// -- the organiser's actions ----------------------------------------------------------------

async function releaseKey(event) {
  event.preventDefault();
  const input = $("#release-key");
  const key = input.value.trim();
  if (!key) return;
  try {
    state.game = await call("POST", `${gamePath(state.gameId)}/package-key`, { release_key: key });
    input.value = ""; // never kept
    message("");
    drawGame();
  } catch (error) {
    message(t("console.keyBad", { reason: explain(error) }));
  }
}

async function startNow() {
  const game = state.game;
  const body = {};
  const key = $("#release-key").value.trim();
  if (game?.sealed && !game.key_released && key) body.release_key = key;
  try {
    await call("POST", `${gamePath(state.gameId)}/start`, body);
    $("#release-key").value = "";
    message("");
    await refresh();
  } catch (error) {
    message(failure(error));
  }
}

async function uploadCentre(event) {
  event.preventDefault();
  const centre = $("#centre-name").value.trim();
  const csv = $("#centre-text").value;
  const problems = $("#centre-problems");
  fill(problems);
  if (!centre || !csv.trim()) {
    message(t("console.centreMissing"));
    return;
  }
  try {
    const merged = await call("POST", `${gamePath(state.gameId)}/centres`, { centre, csv });
    message("");
    $("#centre-state").textContent = t("console.centreMerged", { centre: merged.centre, n: merged.players });
    await refresh();
  } catch (error) {
    if (error instanceof ApiError && error.code === "bad_centre_results") {
      message("");
      $("#centre-state").textContent = t("console.centreRefused", { centre, n: error.problems.length });
      fill(problems, error.problems.map((problem) =>
        h("li", { dataset: { line: problem.line } }, problem.line
          ? t("console.problemLine", { line: problem.line, message: problem.message })
          : t("console.problemFile", { message: problem.message }))));
    } else {
      $("#centre-state").textContent = "";
      message(failure(error));
    }
  }
}

function readFileInto(input, target, then) {
  const file = input.files?.[0];
  if (!file) return;
  file.text().then((text) => {
    target.value = text;
    then?.();
  });
}

// -- start ----------------------------------------------------------------------------------

function translateStatic() {
  translate(document);
  $("#language").setAttribute("lang", language() === "fr" ? "en" : "fr");
}

async function init() {
  translateStatic();
  onLanguage(() => {
    translateStatic();
    drawRefusal();
    if (state.account) {
      if (state.gameId) drawGame();
      else drawList();
      readPackage();
      drawLexicons();
    }
  });
  $("#language").addEventListener("click", () => setLanguage(language() === "fr" ? "en" : "fr"));
  if (!(await checkAccount())) return;
  $("#package-file").addEventListener("change", (event) => readFileInto(event.target, $("#package-text"), readPackage));
  $("#package-text").addEventListener("input", readPackage);
  for (const radio of $("#prepare-form").source) radio.addEventListener("change", showSource);
  showSource();
  drawLexicons();
  $("#prepare-form").addEventListener("submit", createSimultane);
  $("#key-form").addEventListener("submit", releaseKey);
  $("#start-now").addEventListener("click", startNow);
  $("#back").addEventListener("click", showPrepare);
  $("#centre-file").addEventListener("change", (event) => readFileInto(event.target, $("#centre-text")));
  $("#centre-form").addEventListener("submit", uploadCentre);
  $("#view-field").addEventListener("change", () => {
    drawViewValues();
    state.joined = true;
    refresh();
  });
  $("#view-value").addEventListener("change", () => {
    state.joined = true; // read the view now, even while the game runs
    refresh();
  });
  $("#print").addEventListener("click", () => window.print());
  const id = new URLSearchParams(location.search).get("game");
  if (id && /^[A-Za-z0-9_-]{1,64}$/.test(id)) await openGame(id);
  else showPrepare();
}

init();
