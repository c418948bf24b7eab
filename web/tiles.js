// Letter values and counts: a game view's tile_set, made by the server from
// services/arbitre/rules/tiles.py ({letters: {A: {count, value}}, blanks, blank_value}).

const EMPTY = { letters: {}, blanks: 0 };

/** The tile set of a game's view (its `tile_set`): {letters: {A: {count, value}}, blanks}. */
export function tileSetOf(state) {
  const tiles = state && state.tile_set;
  if (!tiles || !tiles.letters) return EMPTY;
  return { letters: tiles.letters, blanks: Number(tiles.blanks ?? 0) };
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
