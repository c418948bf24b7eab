// The gateway's /v1 API, as the page uses it: JSON in, JSON out, tokens as
// "Authorization: Bearer <token>", failures thrown as ApiError {status, code, message}.

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function call(method, path, { body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch (error) {
    throw new ApiError(0, "network", error.message || "network error");
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = (data && data.error) || {};
    throw new ApiError(response.status, error.code || "http", error.message || response.statusText);
  }
  return data;
}

const game = (id) => `/v1/games/${encodeURIComponent(id)}`;

export const api = {
  health: () => call("GET", "/healthz").catch((error) => ({ error })),
  lexicons: () => call("GET", "/v1/lexicons"),
  tables: () => call("GET", "/v1/tables"),
  // With an account's session token, the game or the seat is the account's too.
  createGame: (body, account = "") => call("POST", "/v1/games", { body, token: account }),
  join: (id, name, account = "") => call("POST", `${game(id)}/players`, { body: { name }, token: account }),
  signUp: (name, password) => call("POST", "/v1/accounts", { body: { name, password } }),
  signIn: (name, password) => call("POST", "/v1/accounts/sessions", { body: { name, password } }),
  signOut: (token) => call("DELETE", "/v1/accounts/me/session", { token }),
  myGames: (token) => call("GET", "/v1/accounts/me/games", { token }),
  me: (token) => call("GET", "/v1/accounts/me", { token }),
  figures: (token, kind) => call("GET", `/v1/accounts/me/figures?kind=${encodeURIComponent(kind)}`, { token }),
  rankings: (kind) => call("GET", `/v1/rankings?kind=${encodeURIComponent(kind)}`),
  claimSeat: (token, id) => call("POST", `/v1/accounts/me/games/${encodeURIComponent(id)}/seat`, { token }),
  addRobot: (id, token, level) => call("POST", `${game(id)}/robots`, { body: { level }, token }),
  command: (id, token, what) => call("POST", `${game(id)}/${what}`, { token }),
  state: (id, token) => call("GET", game(id), { token }),
  // A game kind's action (Duel de Mots: {guess, round}; duplicate: {move, turn}):
  // {result, replayed}; a retry with the same request id is not spent twice.
  act: (id, token, action, requestId) =>
    call("POST", `${game(id)}/actions`, { body: { action, request_id: requestId }, token }),
  // The action judged as if played, nothing kept (duplicate: the pose's points): {result}.
  tryAction: (id, token, action) =>
    call("POST", `${game(id)}/actions`, { body: { action, dry_run: true }, token }),
  leave: (id, token) => call("POST", `${game(id)}/leave`, { token }),
  next: (id, token, turn) => call("POST", `${game(id)}/turns/${turn}/next`, { token }),
  turn: (id, turn, best = 0) =>
    call("GET", `${game(id)}/turns/${turn}${best ? `?best=${best}` : ""}`),
  standings: (id) => call("GET", `${game(id)}/standings`),
  sheetUrl: (id) => `${game(id)}/sheet`,
  recordUrl: (id) => `${game(id)}/record`,
  eventsUrl: (id) => `${game(id)}/events`,
};
