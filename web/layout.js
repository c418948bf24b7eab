// The board's premiums and coordinates. The premiums come from the server (a game view's
// board_layout, made from services/arbitre/rules/layout.py): T triple word, D double word,
// t triple letter, d double letter, * the start square, . plain.

const PREMIUMS = { T: "tw", D: "dw", t: "tl", d: "dl", "*": "start", ".": "" };

/** The layout of a game's view (its `board_layout`): {size, premium(r, c) → "tw"|"dw"|"tl"|"dl"|"start"|""}. */
export function layoutOf(state) {
  const rows = (state && state.board_layout) || [];
  return {
    size: rows.length || 15,
    premium: (r, c) => PREMIUMS[(rows[r] || "")[c]] ?? "",
  };
}

/** Row letter of row index r: 0 → "A". */
export const rowLetter = (r) => String.fromCharCode(65 + r);

/** "H8": row letter then column number, 1-based. */
export const squareName = (r, c) => `${rowLetter(r)}${c + 1}`;
