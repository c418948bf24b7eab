// The grids of Duel de Mots on screen: the player's 6 rows of 5 tiles (the rows played, the row
// being typed, the empty rows), a rival's grid as colours only, and the revealed rows of a
// closed round. A mark is one character of the server's marks text: "G" (right place), "Y"
// (elsewhere in the word), "x" (grey: a copy too many, the amber dot) and "." (grey: absent);
// a rival's rows have the three public states only (G, Y, .). Letters go through textContent.

import { h } from "../../dom.js";
import { t } from "../../i18n.js";

export const TRIES = 6;
export const LENGTH = 5;

/** The CSS class of a mark. */
export function markClass(mark) {
  return { G: "green", Y: "amber", x: "grey extra", ".": "grey" }[mark] || "";
}

/** What a mark means, in words (for screen readers and tooltips). */
export const markWords = (mark) => t(`duel.mark.${mark}`);

/** One tile: a letter (or none) and its mark (or none: typed, not judged yet). */
export function tileNode(letter, mark, { small = false } = {}) {
  const classes = ["duel-tile"];
  if (small) classes.push("small");
  if (mark) classes.push("judged", ...markClass(mark).split(" "));
  else if (letter) classes.push("typed");
  return h(
    "span",
    {
      class: classes.join(" "),
      dataset: mark ? { mark } : {},
      title: mark ? markWords(mark) : null,
    },
    h("span", { class: "duel-letter" }, letter || ""),
    mark === "x" ? h("span", { class: "duel-dot", "aria-hidden": "true" }) : null,
  );
}

/** A row's words for a screen reader: "Try 2: C right place, R absent…". */
function rowLabel(index, letters, marks) {
  const parts = letters.map((letter, i) => (marks && marks[i] ? `${letter} ${markWords(marks[i])}` : letter));
  return t("duel.rowLabel", { n: index + 1, letters: parts.join(", ") || t("duel.markEmpty") });
}

/**
 * The player's grid: `rows` judged ([{letters, marks}]), then, when `typing`, the row being typed
 * (`typed`: its letters so far) and empty rows up to six. `refused` marks the typed row (a
 * refused guess: it shakes, once, and stays outlined until the next key).
 */
export function playerGrid({ rows, typed, typing, refused, shake, display }) {
  const out = [];
  rows.slice(0, TRIES).forEach((row, index) => {
    const letters = [...row.letters];
    const marks = [...row.marks];
    const found = row.marks === "G".repeat(LENGTH);
    out.push(
      h(
        "div",
        {
          class: `duel-row played${found ? " found" : ""}`,
          role: "row",
          dataset: { row: index, letters: row.letters, marks: row.marks },
          "aria-label": rowLabel(index, letters, marks),
        },
        letters.map((letter, i) => tileNode(letter, marks[i])),
        display && display(row.letters) !== row.letters
          ? h("span", { class: "duel-syllables", "aria-hidden": "true" }, display(row.letters))
          : null,
      ),
    );
  });
  if (typing && out.length < TRIES) {
    const letters = typed.slice(0, LENGTH);
    const classes = ["duel-row", "current"];
    if (refused) classes.push("refused");
    if (shake) classes.push("shake");
    const tiles = [];
    for (let i = 0; i < LENGTH; i++) {
      const tile = tileNode(letters[i] || "", null);
      if (i === letters.length) tile.classList.add("cursor");
      tiles.push(tile);
    }
    out.push(
      h(
        "div",
        {
          class: classes.join(" "),
          role: "row",
          dataset: { row: out.length, typed: letters.join("") },
          "aria-label": rowLabel(out.length, letters, null),
        },
        tiles,
      ),
    );
  }
  while (out.length < TRIES) {
    out.push(
      h(
        "div",
        { class: "duel-row empty", role: "row", dataset: { row: out.length }, "aria-hidden": "true" },
        Array.from({ length: LENGTH }, () => tileNode("", null)),
      ),
    );
  }
  return out;
}

/** A rival's grid: colours only (their rows' public marks), six rows. */
export function rivalGrid(rows) {
  const out = [];
  for (let r = 0; r < TRIES; r++) {
    const marks = rows[r] ? [...rows[r]] : [];
    out.push(
      h(
        "div",
        { class: `duel-mini-row${rows[r] ? " played" : ""}` },
        Array.from({ length: LENGTH }, (_, i) =>
          h("span", {
            class: `duel-mini ${marks[i] ? markClass(marks[i]) : "empty"}`,
            dataset: marks[i] ? { mark: marks[i] } : {},
          }),
        ),
      ),
    );
  }
  return h(
    "div",
    {
      class: "duel-mini-grid",
      role: "img",
      "aria-label": rows.map((row) => [...(row || "")].map(markWords).join(", ")).join(" ; ") || t("duel.noRivals"),
    },
    out,
  );
}

/** The rows of a closed round, letters and marks, small (the reveal). */
export function revealedRows(rows, display) {
  return h(
    "div",
    { class: "duel-revealed" },
    rows.map((row, index) =>
      h(
        "div",
        {
          class: "duel-row played small",
          dataset: { letters: row.letters, marks: row.marks },
          "aria-label": rowLabel(index, [...row.letters], [...row.marks]),
        },
        [...row.letters].map((letter, i) => tileNode(letter, row.marks[i], { small: true })),
        display && display(row.letters) !== row.letters ? h("span", { class: "duel-syllables" }, display(row.letters)) : null,
      ),
    ),
  );
}
