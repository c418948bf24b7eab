// The replay of a finished Indecix game from its record (GET …/record, public once the match is
// over): the grid after each resolved roll, as the record tells it (each placed die, the cells
// it captured, the suites it completed), never judged again here. Pure: no DOM.

import { ROWS, SIZE } from "./grid.js";

const index = (cell) => ROWS.indexOf(cell[0]) * SIZE + (Number(cell.slice(1)) - 1);

/** The grid's six strings ("." empty, "1"–"6" seat 0, "a"–"f" seat 1) of `cells`. */
function rowsOf(cells) {
  return Array.from({ length: SIZE }, (_, r) =>
    cells
      .slice(r * SIZE, r * SIZE + SIZE)
      .map((die) => (die ? (die.seat === 0 ? String(die.face) : String.fromCharCode(96 + die.face)) : "."))
      .join(""),
  );
}

/**
 * Every position of a recorded game: `[0]` the empty grid, `[k]` the grid after its k-th
 * resolved roll, each `{rows, marked: [{line, seat}], roll, captured}` (`roll` the record's
 * roll that led there, null at the start; `captured` its captured cells).
 */
export function positions(game) {
  const cells = Array(SIZE * SIZE).fill(null);
  const marked = new Map(); // line -> seat
  const found = [{ rows: rowsOf(cells), marked: [], roll: null, captured: [] }];
  for (const roll of game?.rolls || []) {
    if (roll.placed && roll.cell) {
      cells[index(roll.cell)] = { face: roll.face, seat: roll.seat };
      for (const cell of roll.captured || []) {
        cells[index(cell)] = null;
        // A capture breaks the full lines through the captured die.
        marked.delete(cell[0]);
        marked.delete(cell.slice(1));
      }
      for (const suite of roll.suites || []) marked.set(String(suite.line), roll.seat);
    }
    found.push({
      rows: rowsOf(cells),
      marked: [...marked].map(([line, seat]) => ({ line, seat })),
      roll,
      captured: roll.captured || [],
    });
  }
  return found;
}
