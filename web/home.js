// The home screen: create a table (then join it as its first player), go to a table by its
// link, the tables this browser sat at; and the about footer (the services' health, the
// lexicons, where the API is described).

import { api } from "./api.js";
import { $, h, fill, show } from "./dom.js";
import { t, language } from "./i18n.js";
import { saveSeat, lastName, saveName, recentTables } from "./storage.js";
import { tileNode } from "./board.js";
import { screen, message, failure } from "./ui.js";

export async function showHome() {
  screen("home");
  fill($("#hero-tiles"), [..."DUPLICATE"].map((letter) => tileNode(letter, null)));
  const recent = recentTables();
  show($("#recent"), recent.length > 0);
  fill(
    $("#recent-list"),
    recent.map((table) =>
      h(
        "li",
        {},
        h("a", { href: `/t/${table.id}` }, `/t/${table.id}`),
        table.name ? ` — ${table.name}` : "",
        table.savedAt ? h("span", { class: "muted" }, ` · ${new Date(table.savedAt).toLocaleString(language())}`) : "",
      ),
    ),
  );
  $("#table-title").textContent = "";
  $("#create-name").value = lastName();
  try {
    const data = await api.lexicons();
    const select = $("#create-lexicon");
    const chosen = select.value;
    fill(
      select,
      (data.lexicons || []).map((lexicon) =>
        h("option", { value: lexicon.id }, `${lexicon.id} (${lexicon.word_count.toLocaleString(language())} ${t("words")})`),
      ),
    );
    select.value = chosen || ((data.lexicons || []).some((l) => l.id === "fr") ? "fr" : select.value);
  } catch (error) {
    message(failure(error));
  }
}

async function createTable(event, navigate) {
  event.preventDefault();
  const form = event.currentTarget;
  const name = $("#create-name").value.trim();
  if (!name) {
    $("#create-name").focus();
    $("#create-name").setAttribute("aria-invalid", "true");
    return;
  }
  const seats = Number($("#create-seats").value);
  // A hidden option for quick games (tests, demos): ?seconds=N on the home page.
  const quick = Number(new URLSearchParams(location.search).get("seconds"));
  const seconds = quick >= 5 && quick <= 3600 ? quick : Number(form.seconds.value);
  const config = {
    seconds_per_turn: seconds,
    variant: $("#create-variant").value,
    lexicon: $("#create-lexicon").value || "fr",
  };
  if ($("#create-turns").value) config.max_turns = Number($("#create-turns").value);
  // The tile set goes with the lexicon's language (the presets' tiles are French).
  if (config.lexicon === "en") config.tiles = "english";
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  try {
    saveName(name);
    const created = await api.createGame({ preset: "online", reveal_seconds: 15, seats, config });
    saveSeat(created.game_id, { organiserToken: created.organiser_token, seats });
    const joined = await api.join(created.game_id, name);
    saveSeat(created.game_id, {
      playerId: joined.player_id,
      playerToken: joined.player_token,
      name,
    });
    await navigate(`/t/${created.game_id}`);
  } catch (error) {
    message(failure(error));
  } finally {
    button.disabled = false;
  }
}

function gotoTable(event, navigate) {
  event.preventDefault();
  const text = $("#goto-link").value.trim();
  const match = text.match(/(?:\/t\/)?([A-Za-z0-9_-]{4,64})\/?$/);
  if (!match) return;
  navigate(`/t/${match[1]}`);
}

export async function about() {
  const health = await api.health();
  const node = $("#health");
  if (health.error && !health.peers) node.textContent = t("healthDown");
  else {
    fill(
      node,
      Object.entries(health.peers || {}).flatMap(([name, state], i) => [
        i ? " · " : "",
        h("span", { class: state === "serving" ? "ok" : "down" }, `${name}: ${state}`),
      ]),
    );
  }
  try {
    const data = await api.lexicons();
    fill(
      $("#lexicons tbody"),
      (data.lexicons || []).map((lexicon) =>
        h(
          "tr",
          {},
          h("td", {}, lexicon.id),
          h("td", {}, lexicon.word_count.toLocaleString(language())),
          h("td", { class: "mono" }, lexicon.hash.slice(0, 12)),
        ),
      ),
    );
  } catch {
    // The health line says enough.
  }
}


/** Wire the home forms; `navigate(path)` opens a page of the app. */
export function initHome(navigate) {
  $("#create-form").addEventListener("submit", (event) => createTable(event, navigate));
  $("#goto-form").addEventListener("submit", (event) => gotoTable(event, navigate));
}
