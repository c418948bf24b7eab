// FISF move notation: "H4 CHACUNE" is horizontal from row H column 4; "4H CHACUNE" vertical
// from column 4 row H. The word is written whole, board letters included; a blank is a
// lowercase letter (or a letter in brackets on input: "C(H)ACUNE").

import { rowLetter } from "./layout.js";

/** {row, col, horizontal, word} of a notation, or null when it cannot be read. */
export function parseMove(text) {
  const match = String(text || "")
    .trim()
    .match(/^(?:([A-Oa-o])(\d{1,2})|(\d{1,2})([A-Oa-o]))\s+(\S+)$/);
  if (!match) return null;
  const horizontal = Boolean(match[1]);
  const row = (horizontal ? match[1] : match[4]).toUpperCase().charCodeAt(0) - 65;
  const col = Number(horizontal ? match[2] : match[3]) - 1;
  const word = match[5].replace(/\(([A-Za-z])\)/g, (_, letter) => letter.toLowerCase());
  if (!/^[A-Za-z]+$/.test(word) || col < 0 || col > 14) return null;
  return { row, col, horizontal, word };
}

/** The squares of a move: [{r, c, letter}] for each letter of its word. */
export function squaresOf(move) {
  const parsed = typeof move === "string" ? parseMove(move) : move;
  if (!parsed) return [];
  return [...parsed.word].map((letter, i) => ({
    r: parsed.row + (parsed.horizontal ? 0 : i),
    c: parsed.col + (parsed.horizontal ? i : 0),
    letter,
  }));
}

/** The notation of a word starting at (r, c). */
export function formatMove(r, c, horizontal, word) {
  return horizontal ? `${rowLetter(r)}${c + 1} ${word}` : `${c + 1}${rowLetter(r)} ${word}`;
}

/** "H4" or "4H": the reference (position) of a move's notation. */
export const referenceOf = (move) => String(move || "").split(" ")[0];
