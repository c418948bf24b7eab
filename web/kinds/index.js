// The game kinds the page plays, each a module of its own under web/kinds/<name>/: `home.js`
// (what the home screen needs of it: its create form's request, its line in the open tables,
// whether a game takes players) loaded with the page, and its table (`table()`: the game's
// screen, controller and live updates), loaded when a game of the kind opens. The shell
// (app.js, home.js) asks a kind through these only, never which kind it serves.

import * as duplicateHome from "./duplicate/home.js";
import * as duelHome from "./duel/home.js";
import * as indecixHome from "./indecix/home.js";
import * as dupliktaHome from "./duplikta/home.js";

const KINDS = {
  duplicate: { name: "duplicate", home: duplicateHome, table: () => import("./duplicate/table.js") },
  duel: { name: "duel", home: duelHome, table: () => import("./duel/duel.js") },
  indecix: { name: "indecix", home: indecixHome, table: () => import("./indecix/indecix.js") },
  duplikta: { name: "duplikta", home: dupliktaHome, table: () => import("./duplikta/duplikta.js") },
};

/** The kind named `name` (a game state's `kind`), or null for a kind this page does not play. */
export function kindOf(name) {
  return Object.hasOwn(KINDS, name) ? KINDS[name] : null;
}

/** The names of the kinds, in the create form's order. */
export function kindNames() {
  return Object.keys(KINDS);
}

/** The kind the create form offers first. */
export function defaultKind() {
  return KINDS[kindNames()[0]];
}
