// The board's premiums and coordinates. The standard map is the text map of
// services/arbitre/rules/layout.py (T triple word, D double word, t triple letter, d double
// letter, * the start square, a double word); a game whose config carries a custom layout
// ({text}) uses that instead.

export const STANDARD_MAP = `
T..d...T...d..T
.D...t...t...D.
..D...d.d...D..
d..D...d...D..d
....D.....D....
.t...t...t...t.
..d...d.d...d..
T..d...*...d..T
..d...d.d...d..
.t...t...t...t.
....D.....D....
d..D...d...D..d
..D...d.d...D..
.D...t...t...D.
T..d...T...d..T`;

const PREMIUMS = { T: "tw", D: "dw", t: "tl", d: "dl", "*": "start", ".": "" };

/** The layout of a game's config: {size, premium(r, c) → "tw"|"dw"|"tl"|"dl"|"start"|""}. */
export function layoutOf(config) {
  const data = config && config.layout;
  const text = data && typeof data === "object" && data.text ? data.text : STANDARD_MAP;
  const rows = text.split("\n").map((line) => line.trim()).filter(Boolean);
  return {
    size: rows.length,
    premium: (r, c) => PREMIUMS[rows[r][c]] ?? "",
  };
}

/** Row letter of row index r: 0 → "A". */
export const rowLetter = (r) => String.fromCharCode(65 + r);

/** "H8": row letter then column number, 1-based. */
export const squareName = (r, c) => `${rowLetter(r)}${c + 1}`;
