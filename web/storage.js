// What the browser remembers: per table, the player's id and token (and the organiser's token
// for the creator), so that a reload keeps the same player; the last name typed; the language;
// whether the sound of the last seconds is muted; the signed-in account's name and session token.

const PREFIX = "arbitre.";

function read(key) {
  try {
    const text = localStorage.getItem(PREFIX + key);
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Private mode or full storage: the page still works, a reload just forgets the seat.
  }
}

/** {playerId, playerToken, organiserToken?, name} of `gameId`, or null. */
export function seatOf(gameId) {
  const seat = read(`table.${gameId}`);
  return seat && typeof seat === "object" ? seat : null;
}

export function saveSeat(gameId, seat) {
  write(`table.${gameId}`, { ...(seatOf(gameId) || {}), ...seat, savedAt: Date.now() });
}

/** The tables this browser sat at, latest first: [{id, name, savedAt}]. */
export function recentTables(limit = 5) {
  const found = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key || !key.startsWith(`${PREFIX}table.`)) continue;
      const seat = read(key.slice(PREFIX.length));
      if (seat && seat.playerToken) {
        found.push({ id: key.slice(PREFIX.length + 6), name: seat.name || "", savedAt: seat.savedAt || 0 });
      }
    }
  } catch {
    return [];
  }
  return found.sort((a, b) => b.savedAt - a.savedAt).slice(0, limit);
}

export const lastName = () => read("name") || "";
export const saveName = (name) => write("name", name);
export const savedLanguage = () => read("lang");
export const saveLanguage = (lang) => write("lang", lang);
export const soundMuted = () => read("muted") === true;
export const saveSoundMuted = (muted) => write("muted", Boolean(muted));

/** The signed-in account: {name, token} (its session token, never the password), or null. */
export function accountOf() {
  const account = read("account");
  return account && typeof account === "object" && account.token ? account : null;
}
export const saveAccount = (account) => write("account", account);
export function forgetAccount() {
  try {
    localStorage.removeItem(PREFIX + "account");
  } catch {
    // Nothing was kept.
  }
}
