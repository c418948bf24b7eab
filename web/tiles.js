// Letter values and counts of the tile sets, as in services/arbitre/rules/tiles.py (FRENCH:
// 102 tiles, ENGLISH: 100, both with 2 blanks worth 0). A game whose config carries a custom
// set ({letters: {A: {count, value}}}) uses it instead.

const FRENCH =
  "A9:1 B2:3 C2:3 D3:2 E15:1 F2:4 G2:2 H2:4 I8:1 J1:8 K1:10 L5:1 M3:2 N6:1 O6:1 P2:3 Q1:8" +
  " R6:1 S6:1 T6:1 U6:1 V2:4 W1:10 X1:10 Y1:10 Z1:10";
const ENGLISH =
  "A9:1 B2:3 C2:3 D4:2 E12:1 F2:4 G3:2 H2:4 I9:1 J1:8 K1:5 L4:1 M2:3 N6:1 O8:1 P2:3 Q1:10" +
  " R6:1 S4:1 T6:1 U4:1 V2:4 W2:4 X1:8 Y2:4 Z1:10";

function parse(text, blanks) {
  const letters = {};
  for (const item of text.split(" ")) {
    const [, letter, count, value] = item.match(/^([A-Z])(\d+):(\d+)$/);
    letters[letter] = { count: Number(count), value: Number(value) };
  }
  return { letters, blanks };
}

const PRESETS = {
  french: parse(FRENCH, 2),
  fr: parse(FRENCH, 2),
  english: parse(ENGLISH, 2),
  en: parse(ENGLISH, 2),
};

/** The tile set of a game's config: {letters: {A: {count, value}}, blanks}. */
export function tileSetOf(config) {
  const tiles = config && config.tiles;
  if (tiles && typeof tiles === "object" && tiles.letters) {
    const letters = {};
    let blanks = Number(tiles.blanks ?? 0);
    for (const [letter, info] of Object.entries(tiles.letters)) {
      if (letter === "?") blanks = Number(info.count ?? blanks);
      else letters[letter] = { count: Number(info.count ?? 0), value: Number(info.value ?? 0) };
    }
    return { letters, blanks };
  }
  return PRESETS[String(tiles || "french").toLowerCase()] || PRESETS.french;
}

/** The value of a tile: a lowercase letter (a blank on the board) or "?" is worth 0. */
export function valueOf(tileSet, letter) {
  if (!letter || letter === "?" || letter !== letter.toUpperCase()) return 0;
  return tileSet.letters[letter]?.value ?? 0;
}

/**
 * What is still unseen by the player: the set minus the board and the rack, as
 * {letter: count} (blanks under "?"). This is the bag plus nothing else, since in duplicate
 * there is one rack: the bag's count from the server checks it.
 */
export function unseen(tileSet, board, rack) {
  const left = { "?": tileSet.blanks };
  for (const [letter, info] of Object.entries(tileSet.letters)) left[letter] = info.count;
  const take = (letter) => {
    if (letter in left) left[letter] -= 1;
  };
  for (const row of board) {
    for (const ch of row) {
      if (ch === ".") continue;
      take(ch === ch.toLowerCase() ? "?" : ch);
    }
  }
  for (const ch of rack.replace(/[+-]/g, "")) take(ch);
  return left;
}
