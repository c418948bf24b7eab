// The player's account on the home screen: sign in or up (name and password), sign out; once
// signed in, the account's games (GET /v1/accounts/me/games), its long-term figure in each kind
// of its finished games with its rank (GET /v1/accounts/me/figures, /v1/rankings) and, for a live
// game where it holds a seat, "Resume" here: the server gives this device a token of the seat (POST
// /v1/accounts/me/games/{id}/seat) and the table opens as that player. The browser keeps the
// account's name and its session token (never the password); tables created or joined while
// signed in are the account's (api.js sends its token). An organiser's account gets a link to the
// organiser's console (/console, web/console/).

import { api, ApiError } from "./api.js";
import { $, h, fill } from "./dom.js";
import { t, addMessages } from "./i18n.js";
import { accountOf, saveAccount, forgetAccount, saveSeat } from "./storage.js";
import { message, failure } from "./ui.js";

addMessages({
  fr: {
    "account.title": "Votre compte",
    "account.hint": "Facultatif : un compte retrouve vos parties sur tous vos appareils.",
    "account.name": "Nom du compte",
    "account.password": "Mot de passe",
    "account.signIn": "Se connecter",
    "account.signUp": "Créer le compte",
    "account.signOut": "Se déconnecter",
    "account.signedIn": "Connecté : {name}",
    "account.games": "Vos parties",
    "account.none": "Aucune partie pour l'instant.",
    "account.resume": "Reprendre ici",
    "account.organiser": "organisateur",
    "account.result": "{rank}{rank|er|e} sur {players}, {total} points",
    "account.wrong": "Nom ou mot de passe incorrect.",
    "account.taken": "Ce nom de compte est déjà pris.",
    "account.missing": "Donnez un nom et un mot de passe (8 caractères au moins).",
    "account.figures": "Vos résultats dans la durée",
    "account.rating": "{kind} : cote Glicko-2 {rating} ± {deviation} ({n} {n|partie|parties})",
    "account.percent": "{kind} : {percent} % du top sur vos {n} {n|dernière partie|dernières parties}",
    "account.rank": " — {rank}{rank|er|e} au classement",
    "account.console": "Console de l'organisateur",
  },
  en: {
    "account.title": "Your account",
    "account.hint": "Optional: an account finds your games again on all your devices.",
    "account.name": "Account name",
    "account.password": "Password",
    "account.signIn": "Sign in",
    "account.signUp": "Create the account",
    "account.signOut": "Sign out",
    "account.signedIn": "Signed in: {name}",
    "account.games": "Your games",
    "account.none": "No game yet.",
    "account.resume": "Resume here",
    "account.organiser": "organiser",
    "account.result": "#{rank} of {players}, {total} points",
    "account.wrong": "Wrong name or password.",
    "account.taken": "This account name is taken.",
    "account.missing": "Give a name and a password (8 characters at least).",
    "account.figures": "Your figures over time",
    "account.rating": "{kind}: Glicko-2 rating {rating} ± {deviation} ({n} {n|game|games})",
    "account.percent": "{kind}: {percent} % of the top over your last {n} {n|game|games}",
    "account.rank": " — #{rank} in the ranking",
    "account.console": "Organiser's console",
  },
});

/** The signed-in account's session token, or "" (a guest). */
export function accountToken() {
  return accountOf()?.token || "";
}

let navigateTo = null;

/** Draw the account card; `navigate(path)` opens a page of the app. */
export async function drawAccount(navigate = navigateTo) {
  navigateTo = navigate;
  const root = $("#account");
  const account = accountOf();
  if (!account) {
    fill(root, h("h2", {}, t("account.title")), h("p", { class: "muted" }, t("account.hint")), signInForm());
    return;
  }
  const list = h("ul", { id: "account-games", class: "recent" });
  const organiser = h("p", { id: "account-console", hidden: true });
  const figures = h("ul", { id: "account-figures", class: "recent" });
  fill(
    root,
    h("h2", {}, t("account.title")),
    h("p", { id: "account-signed-in" }, t("account.signedIn", { name: account.name })),
    h("button", { type: "button", id: "account-sign-out", onclick: signOut }, t("account.signOut")),
    organiser,
    h("h3", {}, t("account.games")),
    list,
    h("h3", {}, t("account.figures")),
    figures,
  );
  try {
    const me = await api.me(account.token);
    if (me.organiser) {
      fill(organiser, h("a", { class: "button", href: "/console" }, t("account.console")));
      organiser.hidden = false;
    }
    const { games } = await api.myGames(account.token);
    fill(list, games.length ? games.map((game) => gameItem(game, account)) : h("li", { class: "muted" }, t("account.none")));
    const kinds = [...new Set(games.filter((game) => game.result).map((game) => game.kind))];
    fill(figures, await figureItems(account.token, kinds, me));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      forgetAccount(); // signed out elsewhere, or expired
      drawAccount();
    } else message(failure(error));
  }
}

/** A line per kind of the account's finished games that has a long-term figure: its rating or
 * its % of top, and its rank in the kind's public ranking. */
async function figureItems(token, kinds, me) {
  if (!kinds.length) return [];
  const items = [];
  for (const kind of kinds) {
    let found;
    try {
      found = await api.figures(token, kind);
    } catch (error) {
      if (error instanceof ApiError && error.code === "bad_kind") continue; // a kind without one
      throw error;
    }
    let text;
    if (found.rating) {
      const { rating, deviation } = found.rating;
      text = t("account.rating", { kind, rating: Math.round(rating), deviation: Math.round(deviation), n: found.games });
    } else if (found.percent_of_top !== null) {
      text = t("account.percent", { kind, percent: found.percent_of_top, n: found.games });
    } else continue;
    const { lines } = await api.rankings(kind);
    const mine = lines.find((line) => line.account_id === me.account_id);
    items.push(h("li", { dataset: { kind } }, text, mine ? t("account.rank", { rank: mine.rank }) : ""));
  }
  return items;
}

function signInForm() {
  const form = h(
    "form",
    { id: "account-form", novalidate: true, onsubmit: (event) => signIn(event, false) },
    h("label", { class: "field" }, h("span", {}, t("account.name")),
      h("input", { id: "account-name", name: "name", maxlength: "40", autocomplete: "username" })),
    h("label", { class: "field" }, h("span", {}, t("account.password")),
      h("input", { id: "account-password", name: "password", type: "password", maxlength: "200", autocomplete: "current-password" })),
    h("button", { type: "submit", class: "primary" }, t("account.signIn")),
    " ",
    h("button", { type: "button", id: "account-sign-up", onclick: (event) => signIn(event, true) }, t("account.signUp")),
  );
  return form;
}

async function signIn(event, creating) {
  event.preventDefault();
  const name = $("#account-name").value.trim();
  const password = $("#account-password").value;
  if (!name || password.length < 8) {
    message(t("account.missing"));
    return;
  }
  try {
    const signed = creating ? await api.signUp(name, password) : await api.signIn(name, password);
    saveAccount({ name: signed.account.name, token: signed.session_token });
    message("");
    await drawAccount();
  } catch (error) {
    if (error instanceof ApiError && error.code === "wrong_credentials") message(t("account.wrong"));
    else if (error instanceof ApiError && error.code === "name_taken") message(t("account.taken"));
    else message(failure(error));
  }
}

async function signOut() {
  const token = accountToken();
  forgetAccount();
  try {
    await api.signOut(token);
  } catch {
    // Forgotten here either way; the session expires on its own.
  }
  await drawAccount();
}

function gameItem(game, account) {
  const what = [game.title || game.game_id, game.kind, game.role === "organiser" ? t("account.organiser") : null];
  const result = game.result
    ? t("account.result", { rank: game.result.rank, players: game.result.players, total: game.result.total })
    : game.status;
  const live = !game.result && game.role === "player" && !["over", "expired"].includes(game.status);
  return h(
    "li",
    { dataset: { game: game.game_id } },
    h("a", { href: `/t/${game.game_id}` }, what.filter(Boolean).join(" · ")),
    h("span", { class: "muted" }, ` — ${result}`),
    live ? [" ", h("button", { type: "button", class: "resume", onclick: () => resume(game, account) }, t("account.resume"))] : null,
  );
}

async function resume(game, account) {
  try {
    const seat = await api.claimSeat(account.token, game.game_id);
    saveSeat(game.game_id, { playerId: seat.player_id, playerToken: seat.player_token, name: account.name });
    await navigateTo(`/t/${game.game_id}`);
  } catch (error) {
    message(failure(error));
  }
}
