// dupliKta on the home screen: its choice among the kinds and its create form's settings (the
// Chances option, the clock and its seconds, "deux jeux pareils", the token set, both
// handicaps, the opponent: a person by the table's link, Tourlou, the robot, at a level, or one
// of Tourlou's scenarios by its number and level, which the server deals), its
// line in the open tables, and when one of its games takes players. The form's
// part is drawn here (init), so the page's markup names no kind of its own; its style sheet is
// linked from here too. The form's options can be saved under a name (and an optional password)
// and loaded later to fill it again: the gateway's saved environments (/v1/environments).

import { ApiError } from "../../api.js";
import { $, h } from "../../dom.js";
import { t, known, language, translate } from "../../i18n.js";
import "./messages.js"; // the kind's texts (its create form is on the home screen)

/** The clock's bounds and default, in seconds (the server checks them too). */
const CLOCK = { min: 30, max: 300, default: 120 };
/** The Chances option: 0 to 10 whole Chances, 5 by default. */
const CHANCES = { max: 10, default: 5 };
/** A handicap: 0 to 10. */
const HANDICAP_MAX = 10;
/** Each player's pause budget: 0 to 10 pauses (3 by default), in all 30 to 1,800 s (300 by
 * default; the server checks them too). */
const PAUSES = { max: 10, default: 3 };
const PAUSE_SECONDS = { min: 30, max: 1800, default: 300 };
/** The preset token sets (the server's names). */
const TILE_SETS = ["fr", "en"];
/** The opponents the form offers: a person, Tourlou at a robot level (the server's names), or
 * a scenario against Tourlou. */
const OPPONENTS = ["person", "debutant", "confirme", "expert", "scenario"];
/** A scenario: its number (1 to 9,999) and Tourlou's level (1 to 6, 6 its best move; the
 * server checks them too). */
const SCENARIO = { max: 9999, levels: 6, level: 3 };
/** The robot level the page seats Tourlou at in a scenario (its moves are the scenario's). */
const SCENARIO_ROBOT = "expert";

// The kind's look, linked once (same origin: the page's Content Security Policy allows it).
if (!document.querySelector("link[data-kind-style='duplikta']")) {
  document.head.append(h("link", { rel: "stylesheet", href: "/web/kinds/duplikta/duplikta.css", dataset: { kindStyle: "duplikta" } }));
}

/** Whether a game takes players: before its start (then its two seats are fixed). */
export function joinable(state) {
  return state.status === "waiting";
}

/** The clock's seconds the form says, kept within the server's bounds. */
function clockSeconds() {
  const value = Math.round(Number($("#create-dk-seconds").value));
  if (!Number.isFinite(value)) return CLOCK.default;
  return Math.min(CLOCK.max, Math.max(CLOCK.min, value));
}

/** The pauses' seconds in all the form says, kept within the server's bounds. */
function pauseSeconds() {
  const value = Math.round(Number($("#create-dk-pause-seconds").value));
  if (!Number.isFinite(value)) return PAUSE_SECONDS.default;
  return Math.min(PAUSE_SECONDS.max, Math.max(PAUSE_SECONDS.min, value));
}

/** The form's game options, as the server's configuration names them. */
function formOptions() {
  return {
    chances: Number($("#create-dk-chances").value),
    clock: $("#create-dk-clock").checked ? clockSeconds() : 0,
    same_racks: $("#create-dk-same").checked,
    tiles: $("#create-dk-tiles").value,
    handicaps: [Number($("#create-dk-handicap-0").value), Number($("#create-dk-handicap-1").value)],
    pauses: Number($("#create-dk-pauses").value),
    pause_seconds: pauseSeconds(),
  };
}

/** Fill the form with saved options (the kind's, every option given); false when they name a
 * token set the form does not offer (the other options are filled all the same). */
function fillForm(options) {
  const pick = (id, value) => {
    const select = $(id);
    if ([...select.options].some((option) => option.value === String(value))) select.value = String(value);
  };
  if (options.chances != null) pick("#create-dk-chances", options.chances);
  const clock = Number(options.clock || 0);
  $("#create-dk-clock").checked = clock > 0;
  $("#create-dk-seconds").disabled = clock <= 0;
  if (clock > 0) $("#create-dk-seconds").value = String(clock);
  if (options.same_racks != null) $("#create-dk-same").checked = Boolean(options.same_racks);
  const handicaps = options.handicaps || [];
  handicaps.forEach((value, index) => pick(`#create-dk-handicap-${index}`, value));
  if (options.pauses != null) pick("#create-dk-pauses", options.pauses);
  if (options.pause_seconds != null) $("#create-dk-pause-seconds").value = String(options.pause_seconds);
  if (options.tiles && TILE_SETS.includes(options.tiles)) {
    $("#create-dk-tiles").value = options.tiles;
    return true;
  }
  return false;
}

/** The gateway's saved environments of dupliKta (a password goes percent-encoded in a header,
 * never in the URL): JSON out, failures as ApiError. */
async function environments(method, name = "", { body, password } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (password) headers["X-Environment-Password"] = encodeURIComponent(password);
  const path = name ? `/v1/environments/duplikta/${encodeURIComponent(name)}` : method === "GET" ? "/v1/environments?kind=duplikta" : "/v1/environments";
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: "no-store" });
  } catch (error) {
    throw new ApiError(0, "network", error.message || "network error");
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data && data.error) || {};
    throw new ApiError(response.status, error.code || "http", error.message || response.statusText);
  }
  return data;
}

/** The saved environments' line of the form says ``text`` (an error when ``failed``). */
function envStatus(text, failed = false) {
  const line = $("#create-dk-env-status");
  line.textContent = text;
  line.classList.toggle("error", failed);
}

/** What a refusal of the environments means for the person. */
function envError(error) {
  const known = ["wrong_password", "name_taken", "bad_name", "bad_options", "not_found", "rate_limited", "unavailable"];
  return known.includes(error.code) ? t(`duplikta.env.error.${error.code}`) : error.message;
}

/** The list of saved environments, drawn in the Load choice (the one chosen kept). */
async function refreshEnvironments() {
  const list = $("#create-dk-env-list");
  if (!list) return;
  let found;
  try {
    found = (await environments("GET")).environments;
  } catch (error) {
    envStatus(envError(error), true);
    return;
  }
  const chosen = list.value;
  list.replaceChildren(
    h("option", { value: "" }, t("duplikta.env.choose")),
    ...found.map((each) =>
      h("option", { value: each.name, dataset: { protected: each.protected ? "1" : "" } }, each.protected ? `${each.name} 🔒` : each.name),
    ),
  );
  if (found.some((each) => each.name === chosen)) list.value = chosen;
  showLoadPassword();
}

/** The Load password field, shown only for a protected environment. */
function showLoadPassword() {
  const list = $("#create-dk-env-list");
  const option = list.selectedOptions[0];
  $("#create-dk-env-load-password-field").hidden = !(option && option.dataset.protected);
}

async function saveEnvironment() {
  const name = $("#create-dk-env-name").value.trim();
  const password = $("#create-dk-env-password").value;
  if (!name) {
    envStatus(t("duplikta.env.error.bad_name"), true);
    $("#create-dk-env-name").focus();
    return;
  }
  const body = { kind: "duplikta", name, options: formOptions() };
  if (password) body.password = password;
  try {
    try {
      await environments("POST", "", { body });
    } catch (error) {
      if (error.code !== "name_taken" || !window.confirm(t("duplikta.env.overwrite", { name }))) throw error;
      await environments("POST", "", { body: { ...body, overwrite: true } });
    }
  } catch (error) {
    envStatus(envError(error), true);
    return;
  }
  $("#create-dk-env-password").value = "";
  envStatus(t("duplikta.env.saved", { name }));
  await refreshEnvironments();
  $("#create-dk-env-list").value = name;
  showLoadPassword();
}

async function loadEnvironment() {
  const name = $("#create-dk-env-list").value;
  if (!name) {
    envStatus(t("duplikta.env.choose"), true);
    return;
  }
  const password = $("#create-dk-env-load-password").value;
  let found;
  try {
    found = await environments("GET", name, { password });
  } catch (error) {
    envStatus(envError(error), true);
    return;
  }
  $("#create-dk-env-load-password").value = "";
  const complete = fillForm(found.options || {});
  $("#create-dk-env-name").value = found.name;
  envStatus(t(complete ? "duplikta.env.loaded" : "duplikta.env.loadedPartly", { name: found.name }));
}

/** The scenario the form says, `{number, level}`, kept within the server's bounds. */
function scenarioChosen() {
  const number = Math.round(Number($("#create-dk-scenario-number").value));
  const level = Number($("#create-dk-scenario-level").value);
  return {
    number: Number.isFinite(number) ? Math.min(SCENARIO.max, Math.max(1, number)) : 1,
    level: Math.min(SCENARIO.levels, Math.max(1, level || SCENARIO.level)),
  };
}

/** The scenario's fields, shown only when a scenario is the opponent. */
function showScenario() {
  const chosen = $("#create-dk-opponent").value === "scenario";
  $("#create-dk-scenario").hidden = !chosen;
}

/** The create request of the form's settings: `{ body, seats, seat }`; `seat` is kept with the
 * creator's seat (Tourlou's level, if chosen: the table seats it and starts). A scenario is
 * asked of the server by its number and level (config.scenario: the server deals it), played
 * against Tourlou seated and started the same way. */
export function createRequest() {
  const config = formOptions();
  const opponent = $("#create-dk-opponent").value;
  if (opponent === "scenario") config.scenario = scenarioChosen();
  return {
    body: { kind: "duplikta", config },
    seats: 2,
    seat: { robot: opponent === "person" ? "" : opponent === "scenario" ? SCENARIO_ROBOT : opponent },
  };
}

/** What an open table's line says of its game: the kind, its clock, when it opened. */
export function tableDetails(table) {
  const opened = new Date(table.created_ms).toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit" });
  return [t("duplikta.kind"), t("openTableOpened", { time: opened })];
}

/** Draw what the form says in code (the counts' words) in the page's language. */
export function prepare() {
  if (!$("#create-dk")) return;
  const first = $("#create-dk-env-list").options[0];
  if (first && !first.value) first.textContent = t("duplikta.env.choose");
  for (const option of $("#create-dk-chances").options) option.textContent = t("duplikta.chancesN", { n: Number(option.value) });
  for (const option of $("#create-dk-tiles").options) option.textContent = t(`duplikta.tiles.${option.value}`);
  for (const option of $("#create-dk-opponent").options) {
    option.textContent = ["person", "scenario"].includes(option.value)
      ? t(`duplikta.opponent.${option.value}`)
      : t("duplikta.opponent.robot", { level: t(`robot.${option.value}`) });
  }
  for (const option of $("#create-dk-scenario-level").options) {
    const key = `duplikta.scenario.level${option.value}`;
    option.textContent = known(key) ? t(key) : t("duplikta.scenario.levelN", { n: Number(option.value) });
  }
}

/** The form's part and the kind's choice, drawn once and wired. */
export function init() {
  const form = $("#create-form");
  if (!form || $("#create-dk")) return;
  const kinds = $("#create-kind");
  kinds.append(
    h("label", {}, h("input", { type: "radio", name: "kind", value: "duplikta" }), " ", h("span", { dataset: { i18n: "duplikta.kind" } })),
  );
  const i18n = (key) => ({ dataset: { i18n: key } });
  const range = (id, max, chosen) =>
    h(
      "select",
      { id },
      Array.from({ length: max + 1 }, (_, n) => h("option", { value: n, selected: n === chosen }, String(n))),
    );
  const part = h(
    "div",
    { id: "create-dk", class: "dk-create", dataset: { kind: "duplikta" }, hidden: true },
    h("p", { class: "field-note dk-wide", ...i18n("duplikta.kindHint") }),
    h(
      "label",
      { class: "field" },
      h("span", i18n("duplikta.opponent")),
      h(
        "select",
        { id: "create-dk-opponent" },
        OPPONENTS.map((opponent) => h("option", { value: opponent })),
      ),
    ),
    h(
      "fieldset",
      { id: "create-dk-scenario", class: "field choices dk-wide", hidden: true },
      h("legend", i18n("duplikta.scenario.legend")),
      h("p", { class: "field-note", ...i18n("duplikta.scenario.hint") }),
      h(
        "label",
        { class: "field inline" },
        h("span", i18n("duplikta.scenario.number")),
        h("input", {
          id: "create-dk-scenario-number",
          type: "number",
          min: 1,
          max: SCENARIO.max,
          step: 1,
          value: 1,
          inputmode: "numeric",
        }),
      ),
      h(
        "label",
        { class: "field inline" },
        h("span", i18n("duplikta.scenario.level")),
        h(
          "select",
          { id: "create-dk-scenario-level" },
          Array.from({ length: SCENARIO.levels }, (_, n) => h("option", { value: n + 1, selected: n + 1 === SCENARIO.level })),
        ),
      ),
    ),
    h(
      "label",
      { class: "field" },
      h("span", i18n("duplikta.chances")),
      range("create-dk-chances", CHANCES.max, CHANCES.default),
      h("span", { class: "field-note", ...i18n("duplikta.chancesHint") }),
    ),
    h(
      "label",
      { class: "field" },
      h("span", i18n("duplikta.tiles")),
      h(
        "select",
        { id: "create-dk-tiles" },
        TILE_SETS.map((name) => h("option", { value: name })),
      ),
    ),
    h(
      "fieldset",
      { class: "field choices dk-wide" },
      h("legend", i18n("duplikta.clockOn")),
      h("label", {}, h("input", { type: "checkbox", id: "create-dk-clock", checked: true }), " ", h("span", i18n("duplikta.clockOn"))),
      h(
        "label",
        { id: "create-dk-seconds-field", class: "field inline" },
        h("span", i18n("duplikta.clockSeconds")),
        h("input", {
          id: "create-dk-seconds",
          type: "number",
          min: CLOCK.min,
          max: CLOCK.max,
          step: 10,
          value: CLOCK.default,
          inputmode: "numeric",
        }),
      ),
      h("label", {}, h("input", { type: "checkbox", id: "create-dk-same", checked: true }), " ", h("span", i18n("duplikta.sameRacks"))),
    ),
    h(
      "fieldset",
      { class: "field choices dk-wide" },
      h("legend", i18n("duplikta.handicaps")),
      h("label", { class: "field inline" }, h("span", i18n("duplikta.handicapMine")), range("create-dk-handicap-0", HANDICAP_MAX, 0)),
      h("label", { class: "field inline" }, h("span", i18n("duplikta.handicapTheirs")), range("create-dk-handicap-1", HANDICAP_MAX, 0)),
    ),
    h(
      "fieldset",
      { class: "field choices dk-wide" },
      h("legend", i18n("duplikta.pauseBudget")),
      h("label", { class: "field inline" }, h("span", i18n("duplikta.pausesEach")), range("create-dk-pauses", PAUSES.max, PAUSES.default)),
      h(
        "label",
        { class: "field inline" },
        h("span", i18n("duplikta.pauseSeconds")),
        h("input", {
          id: "create-dk-pause-seconds",
          type: "number",
          min: PAUSE_SECONDS.min,
          max: PAUSE_SECONDS.max,
          step: 30,
          value: PAUSE_SECONDS.default,
          inputmode: "numeric",
        }),
      ),
    ),
    h(
      "details",
      { id: "create-dk-env", class: "field choices dk-wide" },
      h("summary", i18n("duplikta.env")),
      h("p", { class: "field-note", ...i18n("duplikta.env.hint") }),
      h(
        "div",
        { class: "dk-env-row" },
        h("label", { class: "field inline" }, h("span", i18n("duplikta.env.name")), h("input", { id: "create-dk-env-name", type: "text", maxlength: 40, autocomplete: "off" })),
        h(
          "label",
          { class: "field inline" },
          h("span", i18n("duplikta.env.password")),
          h("input", { id: "create-dk-env-password", type: "password", maxlength: 200, autocomplete: "new-password" }),
        ),
        h("button", { id: "create-dk-env-save", type: "button", ...i18n("duplikta.env.save") }),
      ),
      h(
        "div",
        { class: "dk-env-row" },
        h("label", { class: "field inline" }, h("span", i18n("duplikta.env.saved.list")), h("select", { id: "create-dk-env-list" })),
        h(
          "label",
          { id: "create-dk-env-load-password-field", class: "field inline", hidden: true },
          h("span", i18n("duplikta.env.password.needed")),
          h("input", { id: "create-dk-env-load-password", type: "password", maxlength: 200, autocomplete: "current-password" }),
        ),
        h("button", { id: "create-dk-env-load", type: "button", ...i18n("duplikta.env.load") }),
      ),
      h("p", { id: "create-dk-env-status", class: "field-note", role: "status" }),
    ),
  );
  form.querySelector("button[type=submit]").before(part);
  translate(part);
  translate(kinds);
  prepare();
  const clock = $("#create-dk-clock");
  const seconds = $("#create-dk-seconds");
  clock.addEventListener("change", () => (seconds.disabled = !clock.checked));
  $("#create-dk-opponent").addEventListener("change", showScenario);
  const number = $("#create-dk-scenario-number");
  number.addEventListener("change", () => (number.value = String(scenarioChosen().number)));
  seconds.addEventListener("change", () => (seconds.value = String(clockSeconds())));
  $("#create-dk-env-save").addEventListener("click", saveEnvironment);
  $("#create-dk-env-load").addEventListener("click", loadEnvironment);
  $("#create-dk-env-list").addEventListener("change", showLoadPassword);
  // The saved names are asked for when the section is opened (not before: a server without a
  // database of environments costs the form nothing).
  $("#create-dk-env").addEventListener("toggle", () => {
    if ($("#create-dk-env").open) refreshEnvironments();
  });
}
