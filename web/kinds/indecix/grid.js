// The Indecix grid and dice on screen, drawn from what the server sends (pure DOM building, no
// rule of the game here): the 6×6 grid (rows A–F, columns 1–6), each die in its owner's colour
// and shape (seat 0 round, seat 1 square, so that colour is never the only sign), full lines in
// their completer's colour with their mark in the line's header, and, for the player to move,
// the legal cells and each one's capture preview as the server gives them; the trays.

import { h } from "../../dom.js";
import { t } from "../../i18n.js";

export const ROWS = "ABCDEF";
export const SIZE = 6;
/** Each seat's mark beside its name and on its full lines (its dice are round or square). */
export const SYMBOLS = ["●", "■"];

/** The CSS colour of a seat's colour name (or a #rrggbb the server accepted). */
const PALETTE = {
  blue: "#2a5fc4",
  red: "#c8322d",
  green: "#2e7d4f",
  yellow: "#e3b505",
  orange: "#e0700f",
  purple: "#7b3fb5",
  pink: "#d44d8c",
  brown: "#87552b",
  grey: "#6b6f78",
  black: "#25272c",
};

export function cssColour(name) {
  if (PALETTE[name]) return PALETTE[name];
  return /^#[0-9a-fA-F]{6}$/.test(name || "") ? name : "#777777";
}

/** Dark ink on a light colour, white on a dark one. */
export function inkOn(colour) {
  const value = parseInt(cssColour(colour).slice(1), 16);
  const [r, g, b] = [value >> 16, (value >> 8) & 255, value & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 160 ? "#1f2430" : "#ffffff";
}

export const cellName = (r, c) => `${ROWS[r]}${c + 1}`;

/** The die at row `r`, column `c` of a grid written as the server writes it (six strings: "."
 * empty, "1"–"6" a die of seat 0, "a"–"f" a die of seat 1), or null. */
export function dieAt(rows, r, c) {
  const code = (rows?.[r] || "")[c] || ".";
  if (code >= "1" && code <= "6") return { face: Number(code), seat: 0 };
  if (code >= "a" && code <= "f") return { face: code.charCodeAt(0) - 96, seat: 1 };
  return null;
}

/** A die: its face, in its seat's colour and shape. */
export function dieNode(face, seat, { size = "", label = "" } = {}) {
  return h(
    "span",
    {
      class: `ix-die seat-${seat}${size ? ` ${size}` : ""}`,
      dataset: { face: String(face), seat: String(seat) },
      role: label ? "img" : null,
      "aria-label": label || null,
    },
    h("span", { class: "ix-face", "aria-hidden": label ? "true" : null }, String(face)),
  );
}

/** The seat's mark and name. */
export function nameTag(seat, name) {
  return h(
    "span",
    { class: `ix-name seat-${seat}` },
    h("span", { class: `ix-symbol seat-${seat}`, "aria-hidden": "true" }, SYMBOLS[seat] || ""),
    " ",
    h("span", { class: "name" }, name),
  );
}

/**
 * The grid as a `role="grid"` of buttons.
 * @param {object} o
 * @param {string[]} o.rows the grid's six strings
 * @param {{line: string, seat: number}[]} o.marked the full lines, with their completer's seat
 * @param {(seat: number) => string} o.nameOf a seat's player's name
 * @param {Set<string>|null} o.legal the legal cells the server sent (null: not sent)
 * @param {Map<string, object>|null} o.previews each legal cell's preview the server sent
 * @param {(cell: string) => boolean} o.selectable whether a cell may be chosen now
 * @param {string} o.selected the chosen cell ("" none)
 * @param {string} o.focus the cell that takes the keyboard's focus (roving tabindex)
 * @param {string} o.last the last placed die's cell
 * @param {Set<string>} o.lastCaptured the cells the last placement captured
 * @param {(cell: string) => void} o.onChoose a cell clicked or chosen with a key
 * @param {string} o.id the grid's id
 * @param {string} o.best a cell to mark as the robot's best (a replay's review)
 */
export function gridNode({
  rows,
  marked = [],
  nameOf,
  legal = null,
  previews = null,
  selectable = () => false,
  selected = "",
  focus = "",
  last = "",
  lastCaptured = new Set(),
  onChoose = null,
  id = "",
  label = "",
  best = "",
}) {
  const markedBy = new Map(marked.map((line) => [String(line.line), line.seat]));
  const preview = selected && previews ? previews.get(selected) : null;
  const wouldCapture = new Set(preview?.captured || []);
  const focusCell = focus || selected || "A1";
  const header = h(
    "div",
    { class: "ix-grid-row", role: "row" },
    h("span", { class: "ix-corner", role: "columnheader" }),
    Array.from({ length: SIZE }, (_, c) => lineHeader(String(c + 1), markedBy, nameOf, "columnheader")),
  );
  const body = Array.from({ length: SIZE }, (_, r) =>
    h(
      "div",
      { class: "ix-grid-row", role: "row" },
      lineHeader(ROWS[r], markedBy, nameOf, "rowheader"),
      Array.from({ length: SIZE }, (_, c) => {
        const cell = cellName(r, c);
        const die = dieAt(rows, r, c);
        const lines = [ROWS[r], String(c + 1)].filter((line) => markedBy.has(line));
        const markSeat = lines.length ? markedBy.get(lines[0]) : null;
        const isLegal = Boolean(legal?.has(cell));
        const gain = isLegal && previews ? previews.get(cell) : null;
        const can = !die && selectable(cell);
        const classes = ["ix-cell"];
        if (die) classes.push("full");
        if (markSeat !== null) classes.push("marked", `marked-${markSeat}`);
        if (isLegal) classes.push("legal");
        if (can) classes.push("selectable");
        if (cell === selected) classes.push("selected");
        if (cell === last) classes.push("last");
        if (lastCaptured.has(cell) && !die) classes.push("was-captured");
        if (wouldCapture.has(cell)) classes.push("would-capture");
        if (cell === best) classes.push("best");
        const words = [die ? t("indecix.cellDie", { cell, face: die.face, name: nameOf(die.seat) }) : t("indecix.cellEmpty", { cell })];
        if (isLegal) words.push(t("indecix.cellLegal"));
        if (gain) words.push(gainText(gain));
        if (markSeat !== null) words.push(t("indecix.cellMarked", { name: nameOf(markSeat) }));
        if (cell === best) words.push(t("indecix.cellBest"));
        return h(
          "button",
          {
            type: "button",
            role: "gridcell",
            class: classes.join(" "),
            dataset: { cell, ...(die ? { face: String(die.face), seat: String(die.seat) } : {}), ...(gain ? { points: String(gain.points) } : {}) },
            tabindex: onChoose && cell === focusCell ? "0" : "-1",
            "aria-label": words.join(", "),
            title: gain ? t("indecix.choice", { cell, preview: gainText(gain) }) : null,
            "aria-selected": cell === selected ? "true" : "false",
            "aria-disabled": can ? null : "true",
            onclick: onChoose ? () => onChoose(cell) : null,
          },
          die ? dieNode(die.face, die.seat) : null,
          !die && gain && gain.points > 0 ? h("span", { class: "ix-gain", "aria-hidden": "true" }, `+${gain.points}`) : null,
        );
      }),
    ),
  );
  return h(
    "div",
    { class: "ix-grid", role: "grid", id: id || null, "aria-label": label || t("indecix.board") },
    header,
    body,
  );
}

function lineHeader(line, markedBy, nameOf, role) {
  const seat = markedBy.has(line) ? markedBy.get(line) : null;
  return h(
    "span",
    {
      class: `ix-line${seat !== null ? ` marked-${seat}` : ""}`,
      role,
      dataset: { line },
      title: seat !== null ? t("indecix.lineMarked", { line, name: nameOf(seat) }) : null,
    },
    line,
    seat !== null ? h("span", { class: `ix-line-mark seat-${seat}`, "aria-hidden": "true" }, SYMBOLS[seat]) : null,
  );
}

/** What a preview says: its captures and suites, and its points. */
export function gainText(preview) {
  const parts = [];
  if (preview.captured?.length) {
    parts.push(t("indecix.previewCaptures", { cells: preview.captured.join(" "), points: preview.capture_points }));
  }
  if (preview.suite_points) parts.push(t("indecix.previewSuite", { points: preview.suite_points }));
  if (!parts.length) parts.push(t("indecix.previewNothing"));
  return parts.join(" · ");
}

/**
 * A player's tray: the dice to roll, the dice captured (own and the opponent's), the opponent's
 * dice unplayed, the suites, each with its count and points, and the score.
 */
export function trayNode({ tray, seat, name, robot = "", me = false, toPlay = false, present = true }) {
  const other = 1 - seat;
  const category = (key, faces, owner, count, points) =>
    h(
      "div",
      { class: "ix-category", dataset: { category: key, count: String(count), points: String(points) } },
      h("div", { class: "ix-category-name" }, t(`indecix.tray.${key}`), " ", h("span", { class: "ix-count" }, t("indecix.countPoints", { n: count, points }))),
      faces ? h("div", { class: "ix-mini-dice" }, faces.map((face) => dieNode(face, owner, { size: "mini" }))) : null,
    );
  const data = tray || {
    remaining: 18,
    captured_own: { faces: [], count: 0, points: 0 },
    captured_opponent: { faces: [], count: 0, points: 0 },
    unplayed_opponent: { faces: [], count: 0, points: 0 },
    suites: { count: 0, points: 0 },
    total: 0,
  };
  return h(
    "section",
    {
      class: `ix-tray seat-${seat}${toPlay ? " to-play" : ""}${me ? " me" : ""}`,
      dataset: { seat: String(seat), total: String(data.total) },
      "aria-label": t("indecix.tray", { name }),
    },
    h(
      "h3",
      { class: "ix-tray-name" },
      nameTag(seat, name),
      robot ? h("span", { class: "badge robot" }, t(`robot.${robot}`)) : null,
      me ? h("span", { class: "badge you" }, t("you")) : null,
      present ? null : h("span", { class: "badge" }, t("indecix.absent")),
      toPlay ? h("span", { class: "badge ix-to-play" }, t("indecix.toPlay")) : null,
    ),
    h("p", { class: "ix-total" }, h("strong", { class: "ix-total-points" }, String(data.total)), " ", t("indecix.pointsWord", { points: data.total })),
    h(
      "div",
      { class: "ix-category", dataset: { category: "remaining", count: String(data.remaining) } },
      h("div", { class: "ix-category-name" }, t("indecix.tray.remaining"), " ", h("span", { class: "ix-count" }, t("indecix.dice", { n: data.remaining }))),
    ),
    category("captured_own", data.captured_own.faces, seat, data.captured_own.count, data.captured_own.points),
    category("captured_opponent", data.captured_opponent.faces, other, data.captured_opponent.count, data.captured_opponent.points),
    category("unplayed_opponent", data.unplayed_opponent.faces, other, data.unplayed_opponent.count, data.unplayed_opponent.points),
    category("suites", null, seat, data.suites.count, data.suites.points),
  );
}

/** A resolved roll in words (a view's history, the record's rolls). */
export function rollText(roll, nameOfPlayer) {
  const name = nameOfPlayer(roll.player);
  if (!roll.placed) {
    return t(`indecix.lost.${roll.reason || "no_legal_cell"}`, {
      name,
      face: roll.face,
      cell: roll.cell || "",
      to: nameOfPlayer(roll.to),
    });
  }
  const vars = { name, face: roll.face, cell: roll.cell, points: roll.points };
  const parts = [t(roll.points > 0 ? "indecix.placedPoints" : "indecix.placed", vars)];
  if (roll.captured?.length) parts.push(t("indecix.captures", { cells: roll.captured.join(" ") }));
  if (roll.suites?.length) {
    parts.push(t("indecix.suites", { n: roll.suites.length, lines: roll.suites.map((suite) => suite.line).join(", ") }));
  }
  return parts.join(" · ");
}
