// The board and the rack on screen, and the ways to place tiles: click a square and type
// (arrows move, Space or a second click turns, Backspace takes back, Escape clears, Enter
// submits), or drag tiles with the pointer (mouse, pen or touch) from the rack to the board,
// from square to square, or back to the rack. The pose itself lives in pose.js.

import { h } from "./dom.js";
import { rowLetter, squareName } from "./layout.js";
import { valueOf } from "./tiles.js";
import { t } from "./i18n.js";

const SIZE = 15;
const DRAG_THRESHOLD = 5;

/** A tile element: the letter and its value; a blank is drawn with its letter marked. */
export function tileNode(letter, tileSet, extra = "") {
  const blank = letter === "?" || letter !== letter.toUpperCase();
  return h(
    "span",
    { class: `tile${blank ? " blank" : ""}${extra ? ` ${extra}` : ""}` },
    h("span", { class: "letter" }, letter === "?" ? "" : letter.toUpperCase()),
    h("span", { class: "value" }, blank || !tileSet ? "" : String(valueOf(tileSet, letter))),
  );
}

/** A read-only board (replays, the reveal): rows of 15 characters, `highlight` squares marked. */
export class BoardGrid {
  constructor(container, { label = "" } = {}) {
    this.grid = h("div", { class: "board", role: "grid", "aria-label": label });
    this.cells = [];
    this.grid.appendChild(h("div", { class: "coord corner", "aria-hidden": "true" }));
    for (let c = 0; c < SIZE; c++) {
      this.grid.appendChild(h("div", { class: "coord col", "aria-hidden": "true" }, String(c + 1)));
    }
    for (let r = 0; r < SIZE; r++) {
      const row = h("div", { class: "row", role: "row" });
      row.appendChild(h("div", { class: "coord rowname", "aria-hidden": "true" }, rowLetter(r)));
      const cells = [];
      for (let c = 0; c < SIZE; c++) {
        const cell = h("div", { class: "cell", role: "gridcell", dataset: { r, c } });
        row.appendChild(cell);
        cells.push(cell);
      }
      this.cells.push(cells);
      this.grid.appendChild(row);
    }
    container.replaceChildren(this.grid);
  }

  /**
   * Draw `board` (15 strings) on `layout`; `pose` (optional) adds the tiles being placed and
   * the cursor; `highlight` is a Set of "r,c" drawn as the last move.
   */
  draw({ board, layout, tileSet, pose = null, highlight = new Set(), cursor = false }) {
    for (let r = 0; r < SIZE; r++) {
      for (let c = 0; c < SIZE; c++) {
        const cell = this.cells[r][c];
        const premium = layout.premium(r, c);
        const fixed = board[r]?.[c] ?? ".";
        const mine = pose ? pose.placedAt(r, c) : null;
        const letter = mine ? (mine.blank ? mine.letter.toLowerCase() : mine.letter) : fixed;
        const key = `${r},${c}`;
        cell.className = `cell${premium ? ` ${premium}` : ""}`;
        cell.classList.toggle("highlight", highlight.has(key));
        cell.classList.toggle("placed", Boolean(mine));
        const isCursor = cursor && pose && pose.cursor.r === r && pose.cursor.c === c;
        cell.classList.toggle("cursor", Boolean(isCursor));
        cell.classList.toggle("across", Boolean(isCursor && pose.cursor.horizontal));
        cell.classList.toggle("down", Boolean(isCursor && !pose.cursor.horizontal));
        const name = squareName(r, c);
        // Redraw a square's content only when it changed (keeps animations and focus calm).
        const content = `${letter}|${premium}|${mine ? 1 : 0}|${t("premium.tw")}`;
        if (cell.dataset.content === content) {
          // unchanged
        } else if (letter !== ".") {
          cell.dataset.content = content;
          cell.replaceChildren(tileNode(letter, tileSet, mine ? "new" : ""));
          cell.setAttribute("aria-label", `${name} ${letter.toUpperCase()}`);
        } else {
          cell.dataset.content = content;
          cell.replaceChildren(
            premium && premium !== "start"
              ? h("span", { class: "premium-label", "aria-hidden": "true" }, t(`premium.${premium}`))
              : premium === "start"
                ? h("span", { class: "star", "aria-hidden": "true" }, "★")
                : "",
          );
          cell.setAttribute("aria-label", premium ? `${name} ${t(`premium.${premium}`)}` : name);
        }
        cell.id = isCursor ? `${this.grid.id || "board"}-cursor` : "";
      }
    }
  }
}

/**
 * The board and rack where the player builds a pose. Calls `onChange()` after every change of
 * the pose, `onSubmit()` on Enter, and `pickBlank()` (a Promise of a letter or null) to ask
 * the letter of a blank dropped on the board.
 */
export class PlayBoard {
  constructor({ boardContainer, rackContainer, pose, onChange, onSubmit, pickBlank, onDraw }) {
    this.pose = pose;
    this.onDraw = onDraw || (() => {});
    this.onChange = onChange;
    this.onSubmit = onSubmit;
    this.pickBlank = pickBlank;
    this.view = new BoardGrid(boardContainer);
    this.grid = this.view.grid;
    this.grid.id = "board";
    this.grid.tabIndex = 0;
    this.rackContainer = rackContainer;
    this.editable = false;
    this.context = null;
    this.drag = null;
    this.grid.addEventListener("keydown", (event) => this.key(event));
    this.grid.addEventListener("click", (event) => this.click(event));
    this.grid.addEventListener("pointerdown", (event) => this.boardPointerDown(event));
    this.rackContainer.addEventListener("keydown", (event) => this.rackKey(event));
  }

  /** Draw with `context` {board, layout, tileSet, highlight}; editable while a turn is open. */
  draw(context, editable) {
    this.context = context;
    this.editable = editable;
    this.grid.setAttribute("aria-label", t("boardLabel"));
    this.grid.setAttribute("aria-readonly", String(!editable));
    this.view.draw({ ...context, pose: editable ? this.pose : null, cursor: editable });
    this.grid.setAttribute("aria-activedescendant", editable ? "board-cursor" : "");
    this.drawRack();
    this.onDraw();
  }

  redraw() {
    if (this.context) this.draw(this.context, this.editable);
  }

  /** Draw the rack's tiles again, only when they changed: a redraw for a state read that
   * changes nothing keeps the nodes, so a tile being dragged or holding the focus stays. */
  drawRack() {
    const tileSet = this.context.tileSet;
    const drawn = JSON.stringify([this.editable, this.pose.rack.map((tile) => [tile.letter, tile.used])]);
    if (
      drawn === this.rackDrawn &&
      tileSet === this.rackTileSet &&
      this.rackContainer.childElementCount === this.pose.rack.length
    ) {
      return;
    }
    this.rackDrawn = drawn;
    this.rackTileSet = tileSet;
    const tiles = this.pose.rack.map((tile, index) => {
      const node = tileNode(tile.letter, tileSet, tile.used ? "used" : "");
      const button = h(
        "button",
        {
          type: "button",
          class: "rack-tile",
          dataset: { index },
          disabled: !this.editable || tile.used,
          "aria-label": tile.letter === "?" ? "joker" : tile.letter,
        },
        node,
      );
      button.addEventListener("pointerdown", (event) => this.rackPointerDown(event, index));
      button.addEventListener("click", (event) => {
        // Keyboard activation (Enter or Space on the tile): the tile goes to the cursor. The
        // tile is read now: the node outlives redraws that did not change the rack.
        const now = this.pose.rack[index];
        if (event.detail === 0 && this.editable && now && !now.used) {
          this.placeAtCursor({ kind: "rack", index, letter: now.letter });
        }
      });
      return button;
    });
    this.rackContainer.replaceChildren(...tiles);
  }

  changed() {
    this.redraw();
    this.onChange();
  }

  key(event) {
    if (!this.editable || event.ctrlKey || event.metaKey || event.altKey) return;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    let handled = true;
    if (event.key in moves) {
      this.pose.moveCursor(...moves[event.key]);
      this.redraw();
    } else if (event.key === " ") {
      this.pose.toggleDirection();
      this.redraw();
    } else if (event.key === "Backspace" || event.key === "Delete") {
      if (this.pose.backspace()) this.changed();
    } else if (event.key === "Escape") {
      if (this.pose.placed.length) {
        this.pose.clear();
        this.changed();
      } else handled = false;
    } else if (event.key === "Enter") {
      this.onSubmit();
    } else if (/^[a-zA-Z]$/.test(event.key)) {
      if (this.pose.type(event.key)) this.changed();
      else this.flash();
    } else {
      handled = false;
    }
    if (handled) event.preventDefault();
  }

  /** Letters typed while a rack tile has the focus go to the board. */
  rackKey(event) {
    if (!this.editable || event.ctrlKey || event.metaKey || event.altKey) return;
    if (/^[a-zA-Z]$/.test(event.key) || ["Backspace", "Escape"].includes(event.key)) {
      this.grid.focus();
      this.key(event);
    }
  }

  flash() {
    this.grid.classList.remove("refused");
    void this.grid.offsetWidth; // restart the animation
    this.grid.classList.add("refused");
  }

  cellAt(x, y) {
    const found = document.elementFromPoint(x, y);
    const cell = found && found.closest(".cell");
    return cell && this.grid.contains(cell) ? cell : null;
  }

  click(event) {
    if (!this.editable || this.suppressClick) {
      this.suppressClick = false;
      return;
    }
    const cell = event.target.closest(".cell");
    if (!cell) return;
    const r = Number(cell.dataset.r);
    const c = Number(cell.dataset.c);
    if (this.pose.placedAt(r, c)) {
      this.pose.remove(r, c);
      this.pose.cursor = { ...this.pose.cursor, r, c };
      this.changed();
    } else {
      this.pose.setCursor(r, c);
      this.redraw();
    }
    this.grid.focus();
  }

  // -- dragging ------------------------------------------------------------------------------

  rackPointerDown(event, index) {
    if (!this.editable || this.pose.rack[index].used || event.button > 0) return;
    this.startDrag(event, { kind: "rack", index, letter: this.pose.rack[index].letter });
  }

  boardPointerDown(event) {
    if (!this.editable || event.button > 0) return;
    const cell = event.target.closest(".cell");
    if (!cell) return;
    const tile = this.pose.placedAt(Number(cell.dataset.r), Number(cell.dataset.c));
    if (!tile) return;
    const letter = tile.blank ? "?" : tile.letter;
    this.startDrag(event, { kind: "board", r: tile.r, c: tile.c, letter, tile });
  }

  startDrag(event, source) {
    const target = event.currentTarget;
    this.drag = { source, x: event.clientX, y: event.clientY, ghost: null, over: null };
    const move = (e) => this.dragMove(e);
    const up = (e) => {
      target.removeEventListener("pointermove", move);
      target.removeEventListener("pointerup", up);
      target.removeEventListener("pointercancel", up);
      this.dragEnd(e, e.type === "pointercancel");
    };
    target.setPointerCapture?.(event.pointerId);
    target.addEventListener("pointermove", move);
    target.addEventListener("pointerup", up);
    target.addEventListener("pointercancel", up);
  }

  dragMove(event) {
    const drag = this.drag;
    if (!drag) return;
    if (!drag.ghost) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_THRESHOLD) return;
      const size = this.grid.querySelector(".cell").getBoundingClientRect().width;
      drag.ghost = tileNode(drag.source.letter, this.context.tileSet, "ghost");
      drag.ghost.style.width = `${Math.max(size, 28)}px`;
      drag.ghost.style.height = `${Math.max(size, 28)}px`;
      document.body.appendChild(drag.ghost);
    }
    drag.ghost.style.left = `${event.clientX}px`;
    drag.ghost.style.top = `${event.clientY}px`;
    const cell = this.cellAt(event.clientX, event.clientY);
    if (drag.over !== cell) {
      drag.over?.classList.remove("drop");
      drag.over = cell;
      cell?.classList.add("drop");
    }
  }

  async dragEnd(event, cancelled) {
    const drag = this.drag;
    this.drag = null;
    if (!drag) return;
    drag.over?.classList.remove("drop");
    if (!drag.ghost) {
      // A click without a drag: a rack tile goes to the cursor.
      if (drag.source.kind === "rack" && !cancelled) await this.placeAtCursor(drag.source);
      return;
    }
    drag.ghost.remove();
    if (drag.source.kind === "board") this.suppressClick = true;
    if (cancelled) return;
    const cell = this.cellAt(event.clientX, event.clientY);
    const { source } = drag;
    if (source.kind === "board") {
      this.pose.remove(source.r, source.c);
      if (cell) {
        const r = Number(cell.dataset.r);
        const c = Number(cell.dataset.c);
        if (!this.pose.occupied(r, c)) {
          this.pose.put(r, c, source.tile.index, source.tile.letter, source.tile.blank);
          this.pose.cursor = { ...this.pose.cursor, r, c };
        }
      }
      this.changed();
      return;
    }
    if (!cell) return;
    const r = Number(cell.dataset.r);
    const c = Number(cell.dataset.c);
    if (this.pose.occupied(r, c)) return;
    let letter = source.letter;
    if (letter === "?") {
      letter = await this.pickBlank();
      if (!letter) return;
    }
    if (this.pose.put(r, c, source.index, letter, source.letter === "?")) {
      this.pose.cursor = { ...this.pose.cursor, r, c };
      this.changed();
    }
    this.grid.focus();
  }

  async placeAtCursor(source) {
    let letter = source.letter;
    const blank = letter === "?";
    if (blank) {
      letter = await this.pickBlank();
      if (!letter) return;
    }
    if (this.pose.typeTile(source.index, letter, blank)) this.changed();
    else this.flash();
    this.grid.focus();
  }
}
