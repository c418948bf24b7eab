// The home screen: create a table (then join it as its first player), go to a table by its
// link, the tables this browser sat at, the account (./account.js), the open tables anyone may join (read again every few
// seconds while in sight, and on focus); and the about footer (the services' health, the
// lexicons, where the API is described).

import { api } from "./api.js";
import { $, h, fill, show } from "./dom.js";
import { t, language } from "./i18n.js";
import { saveSeat, lastName, saveName, recentTables } from "./storage.js";
import { tileNode } from "./board.js";
import { screen, message, failure } from "./ui.js";
import { lexiconLabel } from "./lexicons.js";
import { kindOf, kindNames, defaultKind } from "./kinds/index.js";
import { accountToken, drawAccount } from "./account.js";

let lexicons = null; // GET /v1/lexicons, once
let health = null; // GET /healthz, once
let openTables = null; // GET /v1/tables, the last answer
/** How often the open tables are read again while the home screen is in sight. */
const OPEN_TABLES_REFRESH_MS = 5000;
/** A creation the server answers 503 (busy, or still dealing what the game is made from: a
 * dupliKta scenario) is asked again this many times in all, this long apart. */
const CREATE_ATTEMPTS = 6;
const CREATE_RETRY_MS = 3000;

export async function showHome() {
  screen("home");
  fill($("#hero-tiles"), [..."DUPLICATE"].map((letter) => tileNode(letter, null)));
  const recent = recentTables();
  show($("#recent"), recent.length > 0);
  fill(
    $("#recent-list"),
    recent.map((table) =>
      h(
        "li",
        {},
        h("a", { href: `/t/${table.id}` }, `/t/${table.id}`),
        table.name ? ` — ${table.name}` : "",
        table.savedAt ? h("span", { class: "muted" }, ` · ${new Date(table.savedAt).toLocaleString(language())}`) : "",
      ),
    ),
  );
  $("#table-title").textContent = "";
  $("#create-name").value = lastName();
  showKind();
  refreshOpenTables();
  drawAccount();
  try {
    lexicons = await api.lexicons();
    prepareKinds();
  } catch (error) {
    message(failure(error));
  }
}

/** Let every kind draw its create form's parts from what the server has. */
function prepareKinds() {
  for (const name of kindNames()) kindOf(name).home.prepare?.({ lexicons });
}

/** A missing name said in words under its field (not only a red outline); "" clears it. */
export function nameError(input, text) {
  const note = $(`#${input.getAttribute("aria-describedby")}`);
  note.textContent = text;
  show(note, Boolean(text));
  if (text) input.setAttribute("aria-invalid", "true");
  else input.removeAttribute("aria-invalid");
}

async function createTable(event, navigate) {
  event.preventDefault();
  const form = event.currentTarget;
  const name = $("#create-name").value.trim();
  if (!name) {
    nameError($("#create-name"), t("nameMissing"));
    $("#create-name").focus();
    return;
  }
  nameError($("#create-name"), "");
  const kind = kindOf(form.kind.value) || defaultKind();
  const { body, seats, seat = {} } = kind.home.createRequest(form);
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  try {
    saveName(name);
    const created = await createGame(body);
    saveSeat(created.game_id, { ...seat, organiserToken: created.organiser_token, seats, kind: kind.name });
    const joined = await api.join(created.game_id, name, accountToken());
    saveSeat(created.game_id, { playerId: joined.player_id, playerToken: joined.player_token, name });
    await navigate(`/t/${created.game_id}`);
  } catch (error) {
    message(failure(error));
  } finally {
    button.disabled = false;
  }
}

/** Create the game of `body`, again a little later after a 503 (see CREATE_ATTEMPTS). */
async function createGame(body) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await api.createGame(body, accountToken());
    } catch (error) {
      if (error.status !== 503 || attempt >= CREATE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, CREATE_RETRY_MS));
    }
  }
}

/** Show the settings of the chosen kind (`?kind=<name>` on the home page's URL chooses it). */
function showKind(fromUrl = true) {
  const form = $("#create-form");
  const asked = new URLSearchParams(location.search).get("kind");
  if (fromUrl && asked && kindOf(asked)) form.kind.value = asked;
  const kind = kindOf(form.kind.value) || defaultKind();
  for (const node of form.querySelectorAll("[data-kind]")) show(node, node.dataset.kind === kind.name);
  kind.home.prepare?.({ lexicons });
}

function gotoTable(event, navigate) {
  event.preventDefault();
  const text = $("#goto-link").value.trim();
  const match = text.match(/(?:\/t\/)?([A-Za-z0-9_-]{4,64})\/?$/);
  if (!match) return;
  navigate(`/t/${match[1]}`);
}

/** The about footer: the services' health and the lexicons (read once, drawn again in each
 * language by redrawHome()). */
export async function about() {
  drawAbout();
  health = await api.health();
  drawAbout();
  try {
    lexicons = lexicons || (await api.lexicons());
    drawAbout();
  } catch {
    // The health line says enough.
  }
}

function drawAbout() {
  const node = $("#health");
  if (!health) node.textContent = t("healthChecking");
  else if (health.error && !health.peers) node.textContent = t("healthDown");
  else {
    fill(
      node,
      Object.entries(health.peers || {}).flatMap(([name, state], i) => [
        i ? " · " : "",
        h(
          "span",
          { class: state === "serving" ? "ok" : "down" },
          t("healthPeer", { name, state: t(state === "serving" ? "health.serving" : "health.down") }),
        ),
      ]),
    );
  }
  fill(
    $("#lexicons tbody"),
    (lexicons?.lexicons || []).map((lexicon) =>
      h(
        "tr",
        {},
        h("td", { class: "mono" }, lexicon.id),
        h("td", {}, lexiconLabel(lexicon)),
        h("td", { class: "mono" }, lexicon.hash.slice(0, 12)),
      ),
    ),
  );
}

/** Read the open tables again, when the home screen is in sight (a failure keeps the last
 * list: the next refresh tries again). */
async function refreshOpenTables() {
  if ($("#home").hidden || document.visibilityState === "hidden") return;
  try {
    openTables = (await api.tables()).tables || [];
  } catch {
    return;
  }
  drawOpenTables();
}

/** The open tables of the kinds this page plays (the API may list others: a kind whose page
 * is still to come), newest first, each with its settings and a link that joins it. */
function drawOpenTables() {
  if (!openTables) return;
  const playable = openTables.filter((table) => kindOf(table.kind));
  show($("#open-tables-empty"), playable.length === 0);
  fill(
    $("#open-tables-list"),
    playable.map((table) => {
      const kind = kindOf(table.kind);
      const details = kind.home.tableDetails(table);
      return h(
        "li",
        { dataset: { gameId: table.game_id, kind: table.kind } },
        h("span", { class: "open-table-title" }, table.title || t("openTableNamed", { id: table.game_id })),
        h(
          "span",
          { class: "open-table-seats" },
          t("seatsTaken", { n: table.players, seats: table.seats }),
          table.robots ? ` (${t("openTableRobots", { n: table.robots })})` : "",
        ),
        h("span", { class: "muted" }, details.join(" · ")),
        h("a", { class: "button primary open-table-join", href: `/t/${table.game_id}` }, t("openTableJoin")),
      );
    }),
  );
}

/** Draw again what the home screen and the footer built in code (a change of language). */
export function redrawHome() {
  prepareKinds();
  if (!$("#home").hidden) drawAccount();
  drawOpenTables();
  drawAbout();
  for (const input of [$("#create-name"), $("#join-name")]) {
    if (input.getAttribute("aria-invalid") === "true") nameError(input, t("nameMissing"));
  }
}

/** Wire the home forms; `navigate(path)` opens a page of the app. */
export function initHome(navigate) {
  drawAccount(navigate);
  $("#create-form").addEventListener("submit", (event) => createTable(event, navigate));
  $("#goto-form").addEventListener("submit", (event) => gotoTable(event, navigate));
  for (const name of kindNames()) kindOf(name).home.init?.();
  for (const radio of $("#create-form").querySelectorAll("input[name=kind]")) {
    radio.addEventListener("change", () => showKind(false));
  }
  setInterval(refreshOpenTables, OPEN_TABLES_REFRESH_MS);
  window.addEventListener("focus", refreshOpenTables);
  document.addEventListener("visibilitychange", refreshOpenTables);
  $("#create-name").addEventListener("input", (event) => {
    if (event.target.value.trim()) nameError(event.target, "");
  });
}
