// The summary of a finished Duel de Mots game that a player copies to share: per round, how
// many tries and how many points, and the rows as coloured squares (never a letter). A grey
// square stands for both greys (absent, and a copy too many). With the colour-blind palette
// the squares are orange and blue, as the page shows them. Pure: no DOM.

import { t } from "../../i18n.js";

const SQUARES = { G: "🟩", Y: "🟨", x: "⬛", ".": "⬛" };
const CONTRAST = { G: "🟧", Y: "🟦", x: "⬛", ".": "⬛" };

/** A row's marks ("GY.x.") as squares. */
export function squares(marks, contrast = false) {
  const set = contrast ? CONTRAST : SQUARES;
  return [...marks].map((mark) => set[mark] || "⬛").join("");
}

/**
 * The text to share, for `player`: `closed` is the view's closed rounds, `standings` its
 * standings; `languageName` the words' language in words; `ordinal(n)` a place in words.
 */
export function shareText({ player, closed, standings, languageName, ordinal, contrast = false, link = "" }) {
  const lines = [t("duel.shareTitle", { language: languageName })];
  for (const round of closed) {
    const mine = (round.players || []).find((entry) => entry.player === player);
    lines.push("");
    if (!mine) {
      lines.push(t("duel.shareRoundAbsent", { n: round.round }));
      continue;
    }
    const rows = mine.rows || [];
    lines.push(
      mine.found
        ? t("duel.shareRound", { n: round.round, tries: mine.tries || rows.length, points: mine.points })
        : t("duel.shareRoundMissed", { n: round.round }),
    );
    for (const row of rows) lines.push(squares(row.marks, contrast));
  }
  const line = (standings || []).find((entry) => entry.player === player);
  if (line) {
    lines.push("");
    lines.push(t("duel.shareTotal", { points: line.total, place: ordinal(line.rank), of: standings.length }));
  }
  if (link) lines.push(link);
  return lines.join("\n");
}
