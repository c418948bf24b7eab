// Indecix on the home screen: its choice among the kinds and its create form's settings (the
// mode and the Blitz clock, the aids, the opponent: a person by the table's link or a robot of
// a level, the colours, the games of the match), its line in the open tables, and when one of
// its games takes players. The form's part is drawn here (init), so the page's markup names no
// kind of its own; its style sheet is linked from here too.

import { $, h, show } from "../../dom.js";
import { t, language, translate } from "../../i18n.js";
import "./messages.js"; // the kind's texts (its create form is on the home screen)

/** The colours a seat may take (the server's names; it also takes #rrggbb). */
export const COLOURS = ["blue", "red", "green", "yellow", "orange", "purple", "pink", "brown", "grey", "black"];
/** The Blitz clock's bounds and default, in seconds (the server checks them too). */
const BLITZ = { min: 5, max: 30, default: 10 };
const MODES = ["classic", "blitz", "master"];
const OPPONENTS = ["person", "debutant", "confirme", "expert"];
const GAMES = [1, 3, 5];

// The kind's look, linked once (same origin: the page's Content Security Policy allows it).
if (!document.querySelector("link[data-kind-style='indecix']")) {
  document.head.append(h("link", { rel: "stylesheet", href: "/web/kinds/indecix/indecix.css", dataset: { kindStyle: "indecix" } }));
}

/** Whether a game takes players: before its start (then its two seats are fixed). */
export function joinable(state) {
  return state.status === "waiting";
}

/** The Blitz seconds the form says, kept within the server's bounds. */
function blitzSeconds() {
  const value = Math.round(Number($("#create-ix-blitz").value));
  if (!Number.isFinite(value)) return BLITZ.default;
  return Math.min(BLITZ.max, Math.max(BLITZ.min, value));
}

/** The create request of the form's settings: `{ body, seats, seat }`; `seat` is kept with the
 * creator's seat (the robot to seat, if one was chosen: the table seats it and starts). */
export function createRequest(form) {
  const mode = form.querySelector("input[name=ix-mode]:checked")?.value || "classic";
  const aids =
    mode === "master"
      ? { legal_cells: false, capture_preview: false }
      : { legal_cells: $("#create-ix-legal").checked, capture_preview: $("#create-ix-preview").checked };
  const config = {
    mode,
    blitz_seconds: blitzSeconds(),
    aids: [aids, { ...aids }],
    colours: [$("#create-ix-colour-0").value, $("#create-ix-colour-1").value],
    games: Number($("#create-ix-games").value) || 1,
  };
  const opponent = $("#create-ix-opponent").value;
  return {
    body: { kind: "indecix", config },
    seats: 2,
    seat: { robot: opponent === "person" ? "" : opponent },
  };
}

/** What an open table's line says of its game: the kind, when it opened. */
export function tableDetails(table) {
  const opened = new Date(table.created_ms).toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit" });
  return [t("indecix.kind"), t("openTableOpened", { time: opened })];
}

/** Draw what the form says in code (the mode's note, the opponents' names) in the page's
 * language. */
export function prepare() {
  if (!$("#create-ix")) return;
  drawMode();
  for (const option of $("#create-ix-opponent").options) {
    option.textContent =
      option.value === "person" ? t("indecix.opponent.person") : t("indecix.opponent.robot", { level: t(`robot.${option.value}`) });
  }
}

/** The form's part and the kind's choice, drawn once and wired. */
export function init() {
  const form = $("#create-form");
  if (!form || $("#create-ix")) return;
  const kinds = $("#create-kind");
  kinds.append(
    h("label", {}, h("input", { type: "radio", name: "kind", value: "indecix" }), " ", h("span", { dataset: { i18n: "indecix.kind" } })),
  );
  const i18n = (key) => ({ dataset: { i18n: key } });
  const colourSelect = (id, chosen) =>
    h(
      "select",
      { id },
      COLOURS.map((colour) => h("option", { value: colour, selected: colour === chosen, ...i18n(`indecix.colour.${colour}`) })),
    );
  const part = h(
    "div",
    { id: "create-ix", class: "ix-create", dataset: { kind: "indecix" }, hidden: true },
    h("p", { class: "field-note ix-create-hint", ...i18n("indecix.kindHint") }),
    h(
      "fieldset",
      { id: "create-ix-mode", class: "field choices ix-wide" },
      h("legend", i18n("indecix.mode")),
      MODES.map((mode) =>
        h(
          "label",
          {},
          h("input", { type: "radio", name: "ix-mode", value: mode, checked: mode === "classic" }),
          " ",
          h("span", i18n(`indecix.mode.${mode}`)),
        ),
      ),
      h("span", { id: "create-ix-mode-hint", class: "field-note ix-wide" }),
    ),
    h(
      "label",
      { id: "create-ix-blitz-field", class: "field", hidden: true },
      h("span", i18n("indecix.blitzSeconds")),
      h("input", {
        id: "create-ix-blitz",
        type: "number",
        min: BLITZ.min,
        max: BLITZ.max,
        step: 1,
        value: BLITZ.default,
        inputmode: "numeric",
      }),
    ),
    h(
      "fieldset",
      { id: "create-ix-aids", class: "field choices ix-wide" },
      h("legend", i18n("indecix.aids")),
      h("label", {}, h("input", { type: "checkbox", id: "create-ix-legal", checked: true }), " ", h("span", i18n("indecix.aid.legal"))),
      h("label", {}, h("input", { type: "checkbox", id: "create-ix-preview" }), " ", h("span", i18n("indecix.aid.preview"))),
      h("span", { id: "create-ix-no-aids", class: "field-note ix-wide", hidden: true, ...i18n("indecix.noAids") }),
    ),
    h(
      "label",
      { class: "field" },
      h("span", i18n("indecix.opponent")),
      h(
        "select",
        { id: "create-ix-opponent" },
        OPPONENTS.map((opponent) => h("option", { value: opponent })),
      ),
    ),
    h(
      "label",
      { class: "field" },
      h("span", i18n("indecix.games")),
      h(
        "select",
        { id: "create-ix-games" },
        GAMES.map((n) => h("option", { value: n, class: "ix-games", dataset: { n } })),
      ),
    ),
    h(
      "fieldset",
      { id: "create-ix-colours", class: "field choices ix-wide" },
      h("legend", i18n("indecix.colours")),
      h("label", { class: "field inline" }, h("span", i18n("indecix.colourMine")), colourSelect("create-ix-colour-0", "blue")),
      h("label", { class: "field inline" }, h("span", i18n("indecix.colourTheirs")), colourSelect("create-ix-colour-1", "red")),
    ),
  );
  form.querySelector("button[type=submit]").before(part);
  translate(part);
  translate(kinds);
  prepare();
  for (const radio of part.querySelectorAll("input[name=ix-mode]")) radio.addEventListener("change", drawMode);
  $("#create-ix-blitz").addEventListener("change", (event) => (event.target.value = String(blitzSeconds())));
  // Two different colours: choosing the other's colour swaps them.
  for (const [id, other] of [
    ["#create-ix-colour-0", "#create-ix-colour-1"],
    ["#create-ix-colour-1", "#create-ix-colour-0"],
  ]) {
    const select = $(id);
    select.dataset.was = select.value;
    select.addEventListener("change", () => {
      const peer = $(other);
      if (peer.value === select.value) {
        peer.value = select.dataset.was;
        peer.dataset.was = peer.value;
      }
      select.dataset.was = select.value;
    });
  }
}

/** The chosen mode's note, its Blitz clock, and its aids (none in Master). */
function drawMode() {
  const mode = $("#create-form").querySelector("input[name=ix-mode]:checked")?.value || "classic";
  $("#create-ix-mode-hint").textContent = t(`indecix.modeHint.${mode}`);
  show($("#create-ix-blitz-field"), mode === "blitz");
  const master = mode === "master";
  for (const id of ["#create-ix-legal", "#create-ix-preview"]) $(id).disabled = master;
  show($("#create-ix-no-aids"), master);
  for (const node of document.querySelectorAll("#create-ix-games .ix-games")) {
    node.textContent = t("indecix.gamesN", { n: Number(node.dataset.n) });
  }
}
