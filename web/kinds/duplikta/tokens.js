// What the page draws of a dupliKta game's rules, from its view: the board's premiums
// (`board_layout`) and the token set played (`token_set`), both made by the server from the
// rules' own definitions; and helpers on tokens. Pure, no DOM.

import { layoutOf } from "../../layout.js";
import { tileSetOf } from "../../tiles.js";

/** The board's layout of a view (layout.js's: premium(r, c)). */
export const boardLayout = (view) => layoutOf(view);

/** The token set of a view (tiles.js's shape: {letters: {A: {count, value}}, blanks}). */
export const tokenSetOf = (view) => tileSetOf({ tile_set: view?.token_set });

/** The letters a player may ask for at the loupe: the set's letters, A to Z order, and the
 * blank ("?") when the set has blanks. */
export function lettersOf(tokenSet) {
  const letters = Object.keys(tokenSet.letters).sort();
  return tokenSet.blanks > 0 ? [...letters, "?"] : letters;
}

/** Tokens as groups of a letter ("AAA BB ?"), blanks last. */
export function grouped(tokens) {
  const counts = new Map();
  for (const token of tokens || "") counts.set(token, (counts.get(token) || 0) + 1);
  return [...counts.keys()]
    .sort((a, b) => (a === "?" ? 1 : b === "?" ? -1 : a.localeCompare(b)))
    .map((token) => token.repeat(counts.get(token)))
    .join(" ");
}
