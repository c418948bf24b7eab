// Duplicate Scrabble on the home screen: its create form's settings (the turn's clock, the
// number of turns, the variant, the lexicon, the seats), its line in the open tables, and when
// one of its games takes players.

import { $, h, fill, show } from "../../dom.js";
import { t, language, known } from "../../i18n.js";
import { lexiconLabel } from "../../lexicons.js";

/** Whether a game takes players: before its start, or later when it takes latecomers (its
 * configuration's `late_join`, in the kind's view). */
export function joinable(state) {
  return state.status === "waiting" || Boolean(state.view?.config?.late_join);
}

/** The create request of the form's settings: `{ body, seats }`. Everything is the game's
 * configuration: the preset the rules override (`name`), the rules, the reveal, the seats. */
export function createRequest(form) {
  const seats = Number($("#create-seats").value);
  // A hidden option for quick games (tests, demos): ?seconds=N on the home page.
  const quick = Number(new URLSearchParams(location.search).get("seconds"));
  const seconds = quick >= 5 && quick <= 3600 ? quick : Number(form.seconds.value);
  const config = {
    name: "online",
    seconds_per_turn: seconds,
    variant: $("#create-variant").value,
    lexicon: $("#create-lexicon").value || "fr",
    reveal_seconds: 15,
    seats,
    late_join: false,
  };
  if ($("#create-turns").value) config.max_turns = Number($("#create-turns").value);
  // The tile set goes with the lexicon's language (the presets' tiles are French).
  if (config.lexicon === "en") config.tiles = "english";
  return { body: { kind: "duplicate", config }, seats };
}

/** What an open table's line says of its game: variant, lexicon, clock, when it opened. */
export function tableDetails(table) {
  const seconds = table.seconds_per_turn;
  const time = seconds % 60 === 0 ? t("minutes", { n: seconds / 60 }) : t("openTableSeconds", { n: seconds });
  const variant = known(`variant.${table.variant}`) ? t(`variant.${table.variant}`) : table.variant;
  const opened = new Date(table.created_ms).toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit" });
  return [variant, table.lexicon, t("openTablePerTurn", { time }), t("openTableOpened", { time: opened })];
}

let lexicons = null; // GET /v1/lexicons, as the home screen read it

/** Draw the form's parts that depend on what the server has (its lexicons). */
export function prepare({ lexicons: found }) {
  if (found) lexicons = found;
  drawLexiconChoice();
}

/** Wire the form's own controls (once). */
export function init() {
  $("#create-lexicon").addEventListener("change", drawLexiconNote);
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
