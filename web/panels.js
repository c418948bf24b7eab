// The side panels, drawn from the API's data: players (answered or not), standings, the game
// sheet so far, the reveal of a turn, and the replay of a past turn. Every text from the
// server goes through textContent (dom.js).

import { h, fill } from "./dom.js";
import { t } from "./i18n.js";
import { referenceOf } from "./notation.js";

const robotName = (level) => (level ? t(`robot.${level}`) : "");

/** The players at the table: name, robot level, "you", answered mark, total. */
export function drawPlayers(list, { players, me, answering, totals, organiserId }) {
  fill(
    list,
    players.map((player) => {
      const answered = answering && player.answered;
      return h(
        "li",
        {
          class: `player${player.id === me ? " me" : ""}${answered ? " answered" : ""}`,
          dataset: { player: player.id },
        },
        h(
          "span",
          {
            class: `mark${answering ? "" : " none"}`,
            role: "img",
            "aria-label": answering ? t(answered ? "answered" : "notAnswered") : "",
            title: answering ? t(answered ? "answered" : "notAnswered") : "",
          },
          answering ? (answered ? "✓" : "…") : "",
        ),
        h("span", { class: "name" }, player.name),
        player.robot ? h("span", { class: "badge robot" }, robotName(player.robot)) : null,
        player.id === me ? h("span", { class: "badge you" }, t("you")) : null,
        player.id === organiserId ? h("span", { class: "badge" }, t("organiser")) : null,
        totals && player.id in totals ? h("span", { class: "total" }, String(totals[player.id])) : null,
      );
    }),
  );
}

/** The standings table: rank, name, total, négatif, % of top (`lines` as GET …/standings
 * gives them: the kind's figures in each line's `details`; no % before any top, `topTotal` 0). */
export function drawStandings(table, lines, me, topTotal) {
  const rows = (lines || []).map((line) => {
    const details = line.details || {};
    return h(
      "tr",
      { class: line.player === me ? "me" : "" },
      h("td", {}, String(line.rank)),
      h("td", { class: "name" }, line.name),
      h("td", { class: "num" }, String(line.total)),
      h("td", { class: "num negatif" }, String(details.negatif ?? 0)),
      h("td", { class: "num" }, topTotal ? `${Number(details.percent_of_top || 0).toFixed(1)} %` : "—"),
    );
  });
  fill(
    table,
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col" }, t("rank")),
        h("th", { scope: "col" }, t("player")),
        h("th", { scope: "col", class: "num" }, t("total")),
        h("th", { scope: "col", class: "num" }, t("negatif")),
        h("th", { scope: "col", class: "num" }, t("percentTop")),
      ),
    ),
    h("tbody", {}, rows),
  );
}

/** A scrabble: the top put down 7 tiles or more (marked `*` after its points, as on FISF
 * sheets). */
const SCRABBLE_TILES = 7;

/**
 * The game sheet so far: one row per revealed turn (tirage, top, réf, points with `*` for a
 * scrabble, cumul, and the player's own points when `me` is a player: none for a visitor).
 */
export function drawSheet(table, results, me, onPick) {
  let cumul = 0;
  const rows = results.map((result) => {
    cumul += result.top.score;
    const mine = result.answers.find((answer) => answer.player === me);
    const move = result.top.move;
    const row = h(
      "tr",
      {},
      h("td", {}, String(result.turn)),
      h("td", { class: "mono" }, result.rack),
      h("td", { class: "mono" }, move.split(" ").slice(1).join(" ")),
      h("td", { class: "mono" }, referenceOf(move)),
      h(
        "td",
        { class: "num" },
        String(result.top.score),
        result.top.tiles >= SCRABBLE_TILES
          ? h("abbr", { class: "scrabble", title: t("scrabble") }, "*")
          : null,
      ),
      h("td", { class: "num" }, String(cumul)),
      me ? h("td", { class: "num" }, mine ? String(mine.points) : "") : null,
    );
    if (onPick) {
      const button = h(
        "button",
        { type: "button", class: "link", onclick: () => onPick(result.turn) },
        String(result.turn),
      );
      fill(row.firstChild, button);
    }
    return row;
  });
  fill(
    table,
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col" }, "N°"),
        h("th", { scope: "col" }, t("tirage")),
        h("th", { scope: "col" }, t("top")),
        h("th", { scope: "col" }, t("ref")),
        h("th", { scope: "col", class: "num" }, t("pts")),
        h("th", { scope: "col", class: "num" }, t("cumul")),
        me ? h("th", { scope: "col", class: "num" }, t("you")) : null,
      ),
    ),
    h("tbody", {}, rows),
  );
}

/** What each player found on a revealed turn, best first: move, points, top/solo/unknown. */
export function answersTable(result, me) {
  const rows = result.answers.map((answer) => {
    const unknown = answer.unknown_words || [];
    return h(
      "tr",
      {
        class: `${answer.player === me ? "me" : ""}${answer.top ? " is-top" : ""}`,
        dataset: { player: answer.player },
      },
      h("td", { class: "name" }, answer.name),
      h(
        "td",
        { class: "mono" },
        answer.move || t("noMove"),
        unknown.length
          ? h("span", { class: "unknown" }, ` ${t("unknownWord", { words: unknown.join(", ") })}`)
          : null,
      ),
      h(
        "td",
        { class: "num" },
        String(answer.points),
        answer.top ? h("span", { class: "badge top" }, t("top")) : null,
        answer.solo ? h("span", { class: "badge solo" }, t("solo")) : null,
      ),
    );
  });
  return h(
    "table",
    { class: "answers" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col" }, t("player")),
        h("th", { scope: "col" }, t("answer")),
        h("th", { scope: "col", class: "num" }, t("pts")),
      ),
    ),
    h("tbody", {}, rows),
  );
}

/** The top of a turn, in words: "H4 CHACUNE — 80 pts". */
export function topLine(result) {
  const alternatives = result.alternatives || [];
  return [
    h(
      "p",
      { class: "top-line" },
      h("span", { class: "label" }, `${t("top")} `),
      h("strong", { class: "mono top-move" }, result.top.move),
      ` — ${t("points", { n: result.top.score })}`,
    ),
    alternatives.length
      ? h("p", { class: "muted" }, t("alternatives", { list: alternatives.join(", ") }))
      : null,
  ];
}

/** The best moves of a turn (the replay). */
export function bestMovesTable(moves) {
  return h(
    "table",
    { class: "best" },
    h(
      "thead",
      {},
      h("tr", {}, h("th", { scope: "col" }, t("move")), h("th", { scope: "col", class: "num" }, t("pts"))),
    ),
    h(
      "tbody",
      {},
      moves.map((move) =>
        h("tr", {}, h("td", { class: "mono" }, move.move), h("td", { class: "num" }, String(move.score))),
      ),
    ),
  );
}
