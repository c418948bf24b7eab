// The on-screen keyboard of a Duel de Mots game: the language's rows of letter keys as the
// server lists them (`view.keyboard`, top row first), Enter and Delete on the last row. Each
// key wears its strongest hint from the player's rows (`you.grid.keyboard`: letter -> "G", "Y",
// "x" or "."; green beats amber beats grey); a grey key is dimmed but still typeable. Keys are
// buttons that never take the focus from the page, so that typing on a physical keyboard goes
// on working after a click.

import { h } from "../../dom.js";
import { t } from "../../i18n.js";

const STRENGTH = { G: 3, Y: 2, x: 1, ".": 1 };

/** The strongest hint of each letter over `rows` ([{letters, marks}]), merged into `hints`. */
export function strongest(hints, rows) {
  const out = { ...(hints || {}) };
  for (const row of rows || []) {
    const letters = [...row.letters];
    const marks = [...row.marks];
    letters.forEach((letter, i) => {
      const mark = marks[i];
      if ((STRENGTH[mark] || 0) > (STRENGTH[out[letter]] || 0)) out[letter] = mark;
    });
  }
  return out;
}

/** The CSS class of a key's hint. */
const hintClass = (mark) => ({ G: "green", Y: "amber", x: "grey", ".": "grey" })[mark] || "";

/**
 * The keyboard's rows, as nodes. `press(letter)`, `enter()` and `back()` are called on a click;
 * `enabled` says whether typing is possible now.
 */
export function keyboardRows({ rows, hints, enabled, press, enter, back }) {
  const keep = (event) => event.preventDefault(); // a click keeps the page's focus
  const key = (letter) => {
    const mark = hints[letter];
    return h(
      "button",
      {
        type: "button",
        class: `duel-key ${hintClass(mark)}`.trim(),
        dataset: mark ? { key: letter, hint: mark } : { key: letter },
        "aria-label": mark ? `${letter}, ${t(`duel.mark.${mark === "x" ? "." : mark}`)}` : letter,
        disabled: !enabled,
        onmousedown: keep,
        onclick: () => press(letter),
      },
      letter,
    );
  };
  const last = rows.length - 1;
  return rows.map((row, index) =>
    h(
      "div",
      { class: "duel-key-row" },
      index === last
        ? h(
            "button",
            { type: "button", class: "duel-key wide", id: "duel-enter", disabled: !enabled, onmousedown: keep, onclick: enter },
            t("duel.enter"),
          )
        : null,
      [...row].map(key),
      index === last
        ? h(
            "button",
            {
              type: "button",
              class: "duel-key wide",
              id: "duel-back",
              "aria-label": t("duel.backspace"),
              title: t("duel.backspace"),
              disabled: !enabled,
              onmousedown: keep,
              onclick: back,
            },
            "⌫",
          )
        : null,
    ),
  );
}
