// The pose being built on the board: which rack tiles went where, the cursor and its
// direction, and the notation they make. Pure state, no DOM: board.js draws it and feeds it
// keys and drops.

import { formatMove } from "./notation.js";

const SIZE = 15;

export class Pose {
  constructor() {
    this.board = Array.from({ length: SIZE }, () => ".".repeat(SIZE));
    this.rack = []; // [{letter: "A".."Z" | "?", used: bool}]
    this.placed = []; // [{r, c, letter, blank, index}] in the order played
    this.cursor = { r: 7, c: 7, horizontal: true };
  }

  /** A new turn (or a new board): the rack's tiles, nothing placed. */
  reset(board, rack) {
    this.board = board.slice();
    this.rack = [...rack.replace(/[+-]/g, "")].map((letter) => ({ letter, used: false }));
    this.placed = [];
  }

  /** The board changed under the pose (a reconnect): keep the tiles that still fit. */
  setBoard(board) {
    this.board = board.slice();
    for (const tile of this.placed.slice()) {
      if (this.boardAt(tile.r, tile.c) !== ".") this.remove(tile.r, tile.c);
    }
  }

  boardAt(r, c) {
    return this.board[r]?.[c] ?? "#";
  }

  placedAt(r, c) {
    return this.placed.find((tile) => tile.r === r && tile.c === c) || null;
  }

  occupied(r, c) {
    return this.boardAt(r, c) !== "." || this.placedAt(r, c) !== null;
  }

  inside(r, c) {
    return r >= 0 && r < SIZE && c >= 0 && c < SIZE;
  }

  moveCursor(dr, dc) {
    const r = Math.min(SIZE - 1, Math.max(0, this.cursor.r + dr));
    const c = Math.min(SIZE - 1, Math.max(0, this.cursor.c + dc));
    this.cursor = { ...this.cursor, r, c };
  }

  setCursor(r, c) {
    if (this.cursor.r === r && this.cursor.c === c) this.toggleDirection();
    else this.cursor = { ...this.cursor, r, c };
  }

  toggleDirection() {
    this.cursor = { ...this.cursor, horizontal: !this.cursor.horizontal };
  }

  step() {
    return this.cursor.horizontal ? [0, 1] : [1, 0];
  }

  /** The rack tile for a typed letter: the letter itself, else an unused blank. */
  tileFor(letter) {
    const exact = this.rack.findIndex((tile) => !tile.used && tile.letter === letter);
    if (exact >= 0) return { index: exact, blank: false };
    const blank = this.rack.findIndex((tile) => !tile.used && tile.letter === "?");
    if (blank >= 0) return { index: blank, blank: true };
    return null;
  }

  /** Type a letter at the cursor (skipping occupied squares); true if a tile was placed. */
  type(letter) {
    letter = letter.toUpperCase();
    const tile = this.tileFor(letter);
    return tile ? this.typeTile(tile.index, letter, tile.blank) : false;
  }

  /** Put rack tile `index` (as `letter`) at the cursor, skipping occupied squares, and move on. */
  typeTile(index, letter, blank) {
    let { r, c } = this.cursor;
    const [dr, dc] = this.step();
    while (this.inside(r, c) && this.occupied(r, c)) {
      r += dr;
      c += dc;
    }
    if (!this.inside(r, c)) return false;
    if (!this.put(r, c, index, letter, blank)) return false;
    r += dr;
    c += dc;
    while (this.inside(r, c) && this.occupied(r, c)) {
      r += dr;
      c += dc;
    }
    if (this.inside(r, c)) this.cursor = { ...this.cursor, r, c };
    else this.cursor = { ...this.cursor, r: r - dr, c: c - dc };
    return true;
  }

  /** Put rack tile `index` at (r, c) (a drop); a blank needs its `letter`. */
  put(r, c, index, letter, blank) {
    if (this.occupied(r, c) || !this.rack[index] || this.rack[index].used) return false;
    this.rack[index].used = true;
    this.placed.push({ r, c, letter: letter.toUpperCase(), blank, index });
    return true;
  }

  /** Take back the tile at (r, c); true if there was one of the pose. */
  remove(r, c) {
    const at = this.placed.findIndex((tile) => tile.r === r && tile.c === c);
    if (at < 0) return false;
    const [tile] = this.placed.splice(at, 1);
    this.rack[tile.index].used = false;
    return true;
  }

  /** Take back the last tile placed; the cursor goes to its square. */
  backspace() {
    const tile = this.placed.at(-1);
    if (!tile) return false;
    this.remove(tile.r, tile.c);
    this.cursor = { ...this.cursor, r: tile.r, c: tile.c };
    return true;
  }

  /** Take back every tile; the cursor goes to the first one's square. */
  clear() {
    const first = this.placed[0];
    for (const tile of this.placed) this.rack[tile.index].used = false;
    this.placed = [];
    if (first) this.cursor = { ...this.cursor, r: first.r, c: first.c };
  }

  /** Place the tiles of a notation's word that are not on the board (a saved answer). */
  restore(squares) {
    this.clear();
    for (const { r, c, letter } of squares) {
      if (this.boardAt(r, c) !== ".") continue;
      const blank = letter === letter.toLowerCase();
      const index = blank
        ? this.rack.findIndex((tile) => !tile.used && tile.letter === "?")
        : this.rack.findIndex((tile) => !tile.used && tile.letter === letter);
      if (index < 0) return this.clear();
      this.put(r, c, index, letter, blank);
    }
  }

  letterAt(r, c) {
    const tile = this.placedAt(r, c);
    if (tile) return tile.blank ? tile.letter.toLowerCase() : tile.letter;
    const ch = this.boardAt(r, c);
    return ch === "." || ch === "#" ? null : ch;
  }

  /**
   * The notation of the pose: {move} or {error: key} ("oneLine", "gap"), or null when nothing
   * is placed. One tile alone reads in the direction where it touches a board letter.
   */
  notation() {
    if (this.placed.length === 0) return null;
    const rows = new Set(this.placed.map((tile) => tile.r));
    const cols = new Set(this.placed.map((tile) => tile.c));
    let horizontal;
    if (this.placed.length === 1) {
      const { r, c } = this.placed[0];
      const across = this.letterAt(r, c - 1) || this.letterAt(r, c + 1);
      const down = this.letterAt(r - 1, c) || this.letterAt(r + 1, c);
      horizontal = across ? true : down ? false : this.cursor.horizontal;
    } else if (rows.size === 1) horizontal = true;
    else if (cols.size === 1) horizontal = false;
    else return { error: "oneLine" };
    const [dr, dc] = horizontal ? [0, 1] : [1, 0];
    const along = (tile) => (horizontal ? tile.c : tile.r);
    const ordered = this.placed.slice().sort((a, b) => along(a) - along(b));
    let { r, c } = ordered[0];
    while (this.letterAt(r - dr, c - dc)) {
      r -= dr;
      c -= dc;
    }
    const start = { r, c };
    const last = ordered.at(-1);
    let word = "";
    while (this.inside(r, c)) {
      const letter = this.letterAt(r, c);
      const beyond = horizontal ? c > last.c : r > last.r;
      if (!letter) {
        if (beyond) break;
        return { error: "gap" };
      }
      word += letter;
      r += dr;
      c += dc;
    }
    return { move: formatMove(start.r, start.c, horizontal, word) };
  }
}
