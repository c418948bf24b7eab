// Shared pieces of the page: which screen shows, the message line, errors in words, and the
// dialog asking a blank's letter.

import { $, h, fill, show } from "./dom.js";
import { t, known } from "./i18n.js";
import { ApiError } from "./api.js";

/** Show one screen: home, join, lobby or table. */
export function screen(name) {
  for (const id of ["home", "join", "lobby", "table"]) show($(`#${id}`), id === name);
}

/** The message line above the screens (an error); empty hides it. */
export function message(text) {
  const node = $("#message");
  node.textContent = text || "";
  show(node, Boolean(text));
}

/** A failed call in words for the message line. */
export function failure(error) {
  const codes = { not_found: "noTable", table_full: "full" };
  if (error instanceof ApiError && codes[error.code]) return t(codes[error.code]);
  return t("error", { message: explain(error) });
}

/** Why a move was refused, in words: the last known reason among the codes the message starts
 * with ("illegal_move:too_short: H4 B: …", "illegal_move: illegal_move:too_short: …"), else the
 * message after its codes. */
export function explain(error) {
  const text = String(error.message || "");
  const match = text.match(/^((?:[a-z_]+:\s*)+)(.*)$/s);
  if (!match) return text;
  const codes = match[1].split(":").map((code) => code.trim()).filter(Boolean);
  const reason = codes.reverse().find((code) => known(`illegal.${code}`));
  return reason ? t(`illegal.${reason}`) : match[2];
}

/** Ask the letter of a blank: a dialog of letters; a Promise of "A".."Z" or null. */
export function pickBlank() {
  const dialog = $("#blank-dialog");
  const letters = $("#blank-letters");
  return new Promise((resolve) => {
    const choose = (letter) => {
      resolve(letter);
      dialog.removeEventListener("close", closed);
      dialog.close();
    };
    const closed = () => resolve(null);
    fill(
      letters,
      [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((letter) =>
        h("button", { type: "button", class: "letter-choice", onclick: () => choose(letter) }, letter),
      ),
    );
    dialog.onkeydown = (event) => {
      if (/^[a-zA-Z]$/.test(event.key)) choose(event.key.toUpperCase());
    };
    dialog.addEventListener("close", closed, { once: true });
    dialog.showModal();
  });
}
