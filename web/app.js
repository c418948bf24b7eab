// The page's shell: which screen shows (home, join by link, a game's table), the interface's
// language, the browser's seats. It reads the game id from location.pathname (/t/<game_id>),
// keeps the player's tokens in localStorage, calls only the gateway's /v1 API (api.js), and
// hands a game to its kind's module (web/kinds/): the kind draws its table, takes the
// player's actions and follows the game's live updates (reconnecting after a break).

import { api, ApiError } from "./api.js";
import { showHome, initHome, about, redrawHome, nameError } from "./home.js";
import { screen, message, failure } from "./ui.js";
import { $, show } from "./dom.js";
import { t, language, setLanguage, onLanguage, translate } from "./i18n.js";
import { seatOf, saveSeat, lastName, saveName } from "./storage.js";
import { armSound } from "./sound.js";
import { kindOf } from "./kinds/index.js";
import { accountToken } from "./account.js";

const GAME_PATH = /^\/t\/([A-Za-z0-9_-]{1,64})\/?$/;

/** The game this page shows: its id, and its kind's table once open. */
const shown = { id: null, table: null };

// -- a game ---------------------------------------------------------------------------------

function closeTable() {
  shown.table?.close();
  shown.table = null;
}

/** The seat token a resume link carries in its fragment (`#resume=<token>`: never sent to the
 * server), taken off the address bar; or null. */
function resumeToken() {
  const found = new URLSearchParams(location.hash.slice(1)).get("resume");
  if (found === null) return null;
  history.replaceState(null, "", location.pathname + location.search);
  return found;
}

/** Take up the seat of a resume link in this browser: the game read with its token says
 * whose it is. */
async function takeSeat(id, token) {
  try {
    const state = await api.state(id, token);
    if (!state.you) {
      message(t("resumeBad"));
      return;
    }
    const name = (state.players || []).find((player) => player.id === state.you)?.name || "";
    saveSeat(id, { playerId: state.you, playerToken: token, name });
  } catch (error) {
    message(failure(error));
  }
}

async function openTable(id) {
  closeTable();
  shown.id = id;
  const token = resumeToken();
  if (token) await takeSeat(id, token);
  if (shown.id !== id) return;
  const seat = seatOf(id);
  let state;
  try {
    state = await api.state(id, seat?.playerToken);
  } catch (error) {
    leave(failure(error));
    return;
  }
  if (shown.id !== id) return; // the page went elsewhere meanwhile
  const kind = kindOf(state.kind);
  if (!kind) {
    leave(t("error", { message: state.kind }));
    return;
  }
  const watching = new URLSearchParams(location.search).has("watch");
  if (!seat?.playerToken && !watching && kind.home.joinable(state)) {
    const players = state.player_count ?? state.players.length; // the roster may list the first ones
    showJoin(Boolean(state.seats) && players >= state.seats);
    return;
  }
  const module = await kind.table();
  if (shown.id === id && !shown.table) shown.table = module.open({ id, state, seat, watching });
}

/** Back to the home screen, saying why. */
function leave(text) {
  history.replaceState(null, "", "/");
  shown.id = null;
  screen("home");
  showHome();
  message(text);
}

/** The join screen: a name to take a seat, or, when every seat is taken, the way to watch. */
function showJoin(full) {
  screen("join");
  show($("#join-full"), full);
  show($("#join-fields"), !full);
  show($("#watch-hint"), !full);
  const link = $("#watch-link");
  link.href = `/t/${shown.id}?watch`;
  link.classList.toggle("primary", full);
  if (full) return;
  $("#join-name").value = $("#join-name").value || lastName();
  $("#join-name").focus();
}

async function joinTable(event) {
  event.preventDefault();
  const input = $("#join-name");
  const name = input.value.trim();
  if (!name) {
    nameError(input, t("nameMissing"));
    input.focus();
    return;
  }
  nameError(input, "");
  try {
    saveName(name);
    const joined = await api.join(shown.id, name, accountToken());
    saveSeat(shown.id, { playerId: joined.player_id, playerToken: joined.player_token, name });
    await openTable(joined.game.game_id); // open afresh with the seat
  } catch (error) {
    if (error instanceof ApiError && error.code === "table_full") {
      showJoin(true); // the last seat went meanwhile: offer to watch
    } else if (error instanceof ApiError && error.status === 409) {
      message(t("closed"));
    } else message(failure(error));
  }
}

// -- start ----------------------------------------------------------------------------------

async function route() {
  message("");
  const match = location.pathname.match(GAME_PATH);
  if (match) await openTable(match[1]);
  else {
    closeTable();
    shown.id = null;
    await showHome();
  }
}

function translateStatic() {
  translate(document);
  for (const node of document.querySelectorAll(".min")) node.textContent = t("minutes", { n: node.dataset.n });
  for (const node of document.querySelectorAll(".nturns")) node.textContent = t("nTurns", { n: node.dataset.n });
  $("#language").setAttribute("lang", language() === "fr" ? "en" : "fr");
}

function init() {
  translateStatic();
  onLanguage(() => {
    translateStatic();
    redrawHome();
  });
  $("#language").addEventListener("click", () => setLanguage(language() === "fr" ? "en" : "fr"));
  initHome(async (path) => {
    history.pushState(null, "", path);
    await route();
  });
  $("#join-form").addEventListener("submit", joinTable);
  $("#watch-link").addEventListener("click", (event) => {
    event.preventDefault();
    history.pushState(null, "", event.currentTarget.getAttribute("href"));
    route();
  });
  $("#join-name").addEventListener("input", (event) => {
    if (event.target.value.trim()) nameError(event.target, "");
  });
  window.addEventListener("popstate", route);
  window.addEventListener("hashchange", () => {
    if (location.hash.startsWith("#resume=")) route(); // a resume link pasted over this game's
  });
  window.addEventListener("online", () => shown.table?.reconnect?.());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") shown.table?.refresh?.();
  });
  armSound();
  about();
  route();
}

init();
