// Duel de Mots on the home screen: its create form's settings (the words' language, the round
// clock, the rounds, the seats), its line in the open tables, and when one of its games takes
// players.

import { $ } from "../../dom.js";
import { t, language, known } from "../../i18n.js";
import "./messages.js"; // the duel's texts (its create form is on the home screen)

/** Whether a game takes players: until its last round (the server says when it no longer
 * does). */
export function joinable(state) {
  return state.status !== "over";
}

/** The create request of the form's settings: `{ body, seats }`. */
export function createRequest() {
  const seats = Number($("#create-duel-seats").value);
  const config = {
    language: $("#create-duel-language").value,
    round_seconds: Number($("#create-duel-clock").value),
    rounds: Number($("#create-duel-rounds").value),
    seats,
  };
  return { body: { kind: "duel", config }, seats };
}

/** What an open table's line says of its game: the kind, the words' language, when it opened. */
export function tableDetails(table) {
  const opened = new Date(table.created_ms).toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit" });
  const details = [t("duel.kind.duel")];
  if (known(`duel.lang.${table.language}`)) details.push(t(`duel.lang.${table.language}`));
  details.push(t("openTableOpened", { time: opened }));
  return details;
}

/** The words take the page's language until the player picks another. */
export function prepare() {
  const words = $("#create-duel-language");
  if (!words.dataset.chosen) words.value = language();
}

/** Wire the form's own controls (once). */
export function init() {
  $("#create-duel-language").addEventListener("change", (event) => (event.target.dataset.chosen = "true"));
}
