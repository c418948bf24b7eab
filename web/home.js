// The home screen: create a table (then join it as its first player), go to a table by its
// link, the tables this browser sat at, the open tables anyone may join (read again every few
// seconds while in sight, and on focus); and the about footer (the services' health, the
// lexicons, where the API is described).

import { api } from "./api.js";
import { $, h, fill, show } from "./dom.js";
import { t, language, known } from "./i18n.js";
import { saveSeat, lastName, saveName, recentTables } from "./storage.js";
import { tileNode } from "./board.js";
import { screen, message, failure } from "./ui.js";
import "./kinds/duel/messages.js"; // the duel's texts (its create form is on this page)

let lexicons = null; // GET /v1/lexicons, once
let health = null; // GET /healthz, once
let openTables = null; // GET /v1/tables, the last answer
/** How often the open tables are read again while the home screen is in sight. */
const OPEN_TABLES_REFRESH_MS = 5000;

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
  try {
    lexicons = await api.lexicons();
    drawLexiconChoice();
  } catch (error) {
    message(failure(error));
  }
}

/** A lexicon in words: its label when the page knows its id (saying the French list is not
 * the official ODS), else its id and word count. */
export function lexiconLabel(lexicon) {
  const n = lexicon.word_count.toLocaleString(language());
  return known(`lexicon.${lexicon.id}`) ? t(`lexicon.${lexicon.id}`, { n }) : t("lexiconOther", { id: lexicon.id, n });
}

function drawLexiconChoice() {
  if (!lexicons) return;
  const select = $("#create-lexicon");
  const chosen = select.value;
  const list = lexicons.lexicons || [];
  fill(
    select,
    list.map((lexicon) => h("option", { value: lexicon.id }, lexiconLabel(lexicon))),
  );
  select.value = chosen || (list.some((l) => l.id === "fr") ? "fr" : select.value);
  drawLexiconNote();
}

/** What the chosen lexicon is not (the French list: not the official ODS), under the choice. */
function drawLexiconNote() {
  const key = `lexiconNote.${$("#create-lexicon").value}`;
  const note = $("#lexicon-note");
  note.textContent = known(key) ? t(key) : "";
  show(note, known(key));
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
  if (form.kind.value === "duel") {
    await createDuel(form, name, navigate);
    return;
  }
  const seats = Number($("#create-seats").value);
  // A hidden option for quick games (tests, demos): ?seconds=N on the home page.
  const quick = Number(new URLSearchParams(location.search).get("seconds"));
  const seconds = quick >= 5 && quick <= 3600 ? quick : Number(form.seconds.value);
  const config = {
    seconds_per_turn: seconds,
    variant: $("#create-variant").value,
    lexicon: $("#create-lexicon").value || "fr",
  };
  if ($("#create-turns").value) config.max_turns = Number($("#create-turns").value);
  // The tile set goes with the lexicon's language (the presets' tiles are French).
  if (config.lexicon === "en") config.tiles = "english";
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  try {
    saveName(name);
    const created = await api.createGame({ preset: "online", reveal_seconds: 15, seats, config });
    saveSeat(created.game_id, { organiserToken: created.organiser_token, seats });
    const joined = await api.join(created.game_id, name);
    saveSeat(created.game_id, {
      playerId: joined.player_id,
      playerToken: joined.player_token,
      name,
    });
    await navigate(`/t/${created.game_id}`);
  } catch (error) {
    message(failure(error));
  } finally {
    button.disabled = false;
  }
}

// -- Duel de Mots: the create form's second kind ------------------------------------------------

/** Show the settings of the chosen kind (`?kind=duel` on the home page's URL chooses the duel);
 * the duel's words take the page's language until the player picks another. */
function showKind(fromUrl = true) {
  const form = $("#create-form");
  if (fromUrl && new URLSearchParams(location.search).get("kind") === "duel") form.kind.value = "duel";
  const kind = form.kind.value || "duplicate";
  for (const node of form.querySelectorAll("[data-kind]")) show(node, node.dataset.kind === kind);
  const words = $("#create-duel-language");
  if (!words.dataset.chosen) words.value = language();
}

async function createDuel(form, name, navigate) {
  const seats = Number($("#create-duel-seats").value);
  const config = {
    language: $("#create-duel-language").value,
    round_seconds: Number($("#create-duel-clock").value),
    rounds: Number($("#create-duel-rounds").value),
    seats,
  };
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  try {
    saveName(name);
    const created = await api.createGame({ kind: "duel", config });
    saveSeat(created.game_id, { organiserToken: created.organiser_token, seats, kind: "duel" });
    const joined = await api.join(created.game_id, name);
    saveSeat(created.game_id, { playerId: joined.player_id, playerToken: joined.player_token, name });
    await navigate(`/t/${created.game_id}`);
  } catch (error) {
    message(failure(error));
  } finally {
    button.disabled = false;
  }
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

/** The open tables, newest first, each with its settings and a link that joins it. */
function drawOpenTables() {
  if (!openTables) return;
  show($("#open-tables-empty"), openTables.length === 0);
  fill(
    $("#open-tables-list"),
    openTables.map((table) => {
      if (table.kind === "duel") return openDuelTable(table);
      const seconds = table.seconds_per_turn;
      const time = seconds % 60 === 0 ? t("minutes", { n: seconds / 60 }) : t("openTableSeconds", { n: seconds });
      const variant = known(`variant.${table.variant}`) ? t(`variant.${table.variant}`) : table.variant;
      const opened = new Date(table.created_ms).toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit" });
      return h(
        "li",
        { dataset: { gameId: table.game_id } },
        h("span", { class: "open-table-title" }, table.title || t("openTableNamed", { id: table.game_id })),
        h(
          "span",
          { class: "open-table-seats" },
          t("seatsTaken", { n: table.players, seats: table.seats }),
          table.robots ? ` (${t("openTableRobots", { n: table.robots })})` : "",
        ),
        h("span", { class: "muted" }, [variant, table.lexicon, t("openTablePerTurn", { time }), t("openTableOpened", { time: opened })].join(" · ")),
        h("a", { class: "button primary open-table-join", href: `/t/${table.game_id}` }, t("openTableJoin")),
      );
    }),
  );
}

/** An open Duel de Mots table: its name, seats, the words' language, and the link that joins
 * it. */
function openDuelTable(table) {
  const opened = new Date(table.created_ms).toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit" });
  const details = [t("duel.kind.duel")];
  if (known(`duel.lang.${table.language}`)) details.push(t(`duel.lang.${table.language}`));
  details.push(t("openTableOpened", { time: opened }));
  return h(
    "li",
    { dataset: { gameId: table.game_id, kind: "duel" } },
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
}

/** Draw again what the home screen and the footer built in code (a change of language). */
export function redrawHome() {
  drawLexiconChoice();
  drawOpenTables();
  drawAbout();
  for (const input of [$("#create-name"), $("#join-name")]) {
    if (input.getAttribute("aria-invalid") === "true") nameError(input, t("nameMissing"));
  }
}

/** Wire the home forms; `navigate(path)` opens a page of the app. */
export function initHome(navigate) {
  $("#create-form").addEventListener("submit", (event) => createTable(event, navigate));
  $("#goto-form").addEventListener("submit", (event) => gotoTable(event, navigate));
  $("#create-lexicon").addEventListener("change", drawLexiconNote);
  for (const radio of $("#create-form").querySelectorAll("input[name=kind]")) {
    radio.addEventListener("change", () => showKind(false));
  }
  $("#create-duel-language").addEventListener("change", (event) => (event.target.dataset.chosen = "true"));
  setInterval(refreshOpenTables, OPEN_TABLES_REFRESH_MS);
  window.addEventListener("focus", refreshOpenTables);
  document.addEventListener("visibilitychange", refreshOpenTables);
  $("#create-name").addEventListener("input", (event) => {
    if (event.target.value.trim()) nameError(event.target, "");
  });
}
