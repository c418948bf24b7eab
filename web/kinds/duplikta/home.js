// dupliKta on the home screen: its choice among the kinds and its create form's settings (the
// Chances option, the clock and its seconds, "deux jeux pareils", the token set, both
// handicaps, the opponent: a person by the table's link or Tourlou, the robot, at a level), its
// line in the open tables, and when one of its games takes players. The form's
// part is drawn here (init), so the page's markup names no kind of its own; its style sheet is
// linked from here too.

import { $, h } from "../../dom.js";
import { t, language, translate } from "../../i18n.js";
import "./messages.js"; // the kind's texts (its create form is on the home screen)

/** The clock's bounds and default, in seconds (the server checks them too). */
const CLOCK = { min: 30, max: 300, default: 120 };
/** The Chances option: 0 to 10 whole Chances, 5 by default. */
const CHANCES = { max: 10, default: 5 };
/** A handicap: 0 to 10. */
const HANDICAP_MAX = 10;
/** The preset token sets (the server's names). */
const TILE_SETS = ["fr", "en"];
/** The opponents the form offers: a person, or Tourlou at a robot level (the server's names). */
const OPPONENTS = ["person", "debutant", "confirme", "expert"];

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

/** The create request of the form's settings: `{ body, seats, seat }`; `seat` is kept with the
 * creator's seat (Tourlou's level, if chosen: the table seats it and starts). */
export function createRequest() {
  const config = {
    chances: Number($("#create-dk-chances").value),
    clock: $("#create-dk-clock").checked ? clockSeconds() : 0,
    same_racks: $("#create-dk-same").checked,
    tiles: $("#create-dk-tiles").value,
    handicaps: [Number($("#create-dk-handicap-0").value), Number($("#create-dk-handicap-1").value)],
  };
  const opponent = $("#create-dk-opponent").value;
  return {
    body: { kind: "duplikta", config },
    seats: 2,
    seat: { robot: opponent === "person" ? "" : opponent },
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
  for (const option of $("#create-dk-chances").options) option.textContent = t("duplikta.chancesN", { n: Number(option.value) });
  for (const option of $("#create-dk-tiles").options) option.textContent = t(`duplikta.tiles.${option.value}`);
  for (const option of $("#create-dk-opponent").options) {
    option.textContent =
      option.value === "person" ? t("duplikta.opponent.person") : t("duplikta.opponent.robot", { level: t(`robot.${option.value}`) });
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
  );
  form.querySelector("button[type=submit]").before(part);
  translate(part);
  translate(kinds);
  prepare();
  const clock = $("#create-dk-clock");
  const seconds = $("#create-dk-seconds");
  clock.addEventListener("change", () => (seconds.disabled = !clock.checked));
  seconds.addEventListener("change", () => (seconds.value = String(clockSeconds())));
}
