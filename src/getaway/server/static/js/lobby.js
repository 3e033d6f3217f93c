// The lobby: "My tables" (the tables whose seats this browser holds), the daily and
// weekly challenges (js/challenges.js), the games,
// the "create a table" form, and the open / running / finished tables (refreshed
// every few seconds).
//
// data-testid: game-list, game-<id>, game-create-<id>, create-form, create-game,
// create-players, create-options, option-<key>, create-seats, seat-kind-<n>,
// create-claim, create-submit, create-error, created, join-link, go-to-table,
// tables-open, tables-running, tables-finished, table-row, table-link, replay-link,
// my-tables-panel, my-tables, my-table (one per held table; data-id, data-status),
// my-table-link, my-table-status, my-table-seats, my-table-turn (a held seat is to act),
// my-table-forget (finished, removed or refused tables: drop this browser's seats).

import { h, api, ago, loadTokens, saveToken, saveInvite } from "./util.js";
import { startChallenges } from "./challenges.js";

const REFRESH_MS = 5000;
let games = [];

/** An element of the page by id (the pages' own markup: forms, buttons, panels). @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);

function playersText(g) {
  const [lo, hi] = g.players;
  return lo === hi ? `${lo} player${lo === 1 ? "" : "s"}` : `${lo}–${hi} players`;
}

function renderGames() {
  const list = $("game-list");
  if (!games.length) {
    list.replaceChildren(h("p", { class: "muted" }, "No games are registered."));
    return;
  }
  list.replaceChildren(...games.map((g) => h("article", { class: "game-card", testid: `game-${g.id}` },
    h("h3", {}, g.title),
    h("p", { class: "summary" }, g.summary),
    h("p", { class: "meta" },
      h("span", { class: "badge" }, playersText(g)),
      g.realtime ? h("span", { class: "badge rt" }, "real time") : null,
      g.bots && g.bots.length ? h("span", { class: "badge" }, `bots: ${g.bots.map((b) => b.name).join(", ")}`) : null),
    h("p", { class: "links" },
      h("button", { type: "button", class: "btn", testid: `game-create-${g.id}`, onclick: () => { pickGame(g.id); $("create-game").focus(); } },
        "Create a table"),
      " ",
      h("a", { href: `/api/games/${encodeURIComponent(g.id)}/rules`, class: "rules-link", onclick: (e) => { e.preventDefault(); showRules(g, e.currentTarget); } }, "read the rules")))));
}

async function showRules(g, anchor) {
  const card = anchor.closest(".game-card");
  let box = card.querySelector(".rules-html");
  if (box) { box.remove(); return; }
  box = h("div", { class: "rules-html", testid: `rules-${g.id}` }, h("p", { class: "muted" }, "Loading the rules…"));
  card.append(box);
  try {
    const r = await api(`/api/games/${encodeURIComponent(g.id)}/rules`);
    box.innerHTML = r.html;
  } catch (e) {
    box.replaceChildren(h("p", { class: "error" }, `The rules cannot be loaded: ${e.message}`));
  }
}

function currentGame() {
  return games.find((g) => g.id === $("create-game").value) || games[0];
}

function pickGame(id) {
  $("create-game").value = id;
  onGameChange();
}

function isBool(o) { return o.type === "bool" || o.type === "boolean" || typeof o.default === "boolean"; }
function isInt(o) { return o.type === "int" || o.type === "integer" || (typeof o.default === "number" && Number.isInteger(o.default)); }

function onGameChange() {
  const g = currentGame();
  if (!g) return;
  const players = $("create-players");
  const before = Number(players.value);
  const [lo, hi] = g.players;
  players.replaceChildren(...Array.from({ length: hi - lo + 1 }, (_, i) => h("option", { value: lo + i }, String(lo + i))));
  players.value = String(before >= lo && before <= hi ? before : Math.min(hi, Math.max(lo, 3)));

  const box = $("create-options");
  box.replaceChildren(h("legend", {}, "Variant options"));
  if (!g.options.length) box.append(h("p", { class: "muted" }, "This game has no variant options."));
  for (const o of g.options) {
    const id = `option-${o.key}`;
    let control;
    if (o.choices && o.choices.length) {
      control = h("select", { id, name: o.key, testid: id, dataset: { key: o.key } },
        o.choices.map((c, i) => h("option", { value: String(i), selected: c === o.default }, String(c) + (c === o.default ? " (default)" : ""))));
      control.typed = () => o.choices[Number(control.value)];
    } else if (isBool(o)) {
      control = h("input", { type: "checkbox", id, name: o.key, testid: id, checked: !!o.default });
      control.typed = () => control.checked;
    } else if (isInt(o)) {
      const [mn, mx] = o.bounds || [];
      control = h("input", { type: "number", id, name: o.key, testid: id, step: 1, value: o.default, min: mn, max: mx });
      control.typed = () => parseInt(control.value, 10);
    } else {
      control = h("input", { type: "text", id, name: o.key, testid: id, value: o.default ?? "" });
      control.typed = () => control.value;
    }
    control.optionKey = o.key;
    control.optionDoc = o.doc;
    // the label is the game's description alone: the option's key is an id, not words for a player
    const row = isBool(o)
      ? h("div", { class: "form-row check" }, control, h("label", { for: id }, o.doc))
      : h("div", { class: "form-row option-row" }, h("label", { for: id }, o.doc), control);
    box.append(row);
  }
  renderSeats();
}

function renderSeats() {
  const g = currentGame();
  const n = Number($("create-players").value);
  const box = $("create-seats");
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren(h("legend", {}, "Seats"));
  for (let i = 0; i < n; i++) {
    const id = `seat-kind-${i}`;
    const sel = h("select", { id, testid: id },
      h("option", { value: "human" }, "a person"),
      (g.bots || []).map((b) => h("option", { value: `bot:${b.id}`, title: b.about }, `bot — ${b.name}`)));
    if (old[i] && [...sel.options].some((o) => o.value === old[i])) sel.value = old[i];
    box.append(h("div", { class: "form-row seat-row" }, h("label", { for: id }, `Seat ${i + 1}`), sel));
  }
}

async function onSubmit(ev) {
  ev.preventDefault();
  const err = $("create-error");
  err.hidden = true;
  const g = currentGame();
  const options = {};
  for (const c of /** @type {any[]} */ ([...$("create-options").querySelectorAll("select, input")])) {
    const v = c.typed();
    if (typeof v === "number" && !Number.isFinite(v)) {
      err.textContent = `“${c.optionDoc}” needs a whole number.`;
      err.hidden = false;
      return;
    }
    options[c.optionKey] = v;
  }
  const seats = [...$("create-seats").querySelectorAll("select")].map((s) =>
    s.value === "human" ? { kind: "human" } : { kind: "bot", agent: s.value.slice(4) });
  const priv = $("create-private").checked;
  const body = { game: g.id, players: Number($("create-players").value), options, seats, private: priv };
  const submit = ev.target.querySelector("[type=submit]");
  submit.disabled = true;
  try {
    const made = await api("/api/tables", { method: "POST", body });
    if (made.invite) saveInvite(made.id, made.invite);
    const claim = $("create-claim").value;
    const humans = seats.map((s, i) => (s.kind === "human" ? i : -1)).filter((i) => i >= 0);
    const mine = claim === "all" ? humans : claim === "first" ? humans.slice(0, 1) : [];
    for (const seat of mine) {
      const name = (localStorage.getItem("getaway.name") || "").trim();
      const claimBody = { ...(name ? { name } : {}), ...(made.invite ? { invite: made.invite } : {}) };
      const r = await api(`/api/tables/${made.id}/seats/${seat}/claim`, { method: "POST", body: claimBody });
      saveToken(made.id, r.seat ?? seat, r.token);
    }
    showCreated(made);
  } catch (e) {
    err.textContent = `The table was not created: ${e.message}`;
    err.hidden = false;
  } finally {
    submit.disabled = false;
  }
}

function tableUrl(made) {
  // made.url is a path, with "#invite=..." for a private table
  return new URL(made.url || `/t/${made.id}`, location.origin).href;
}

function showCreated(made) {
  const url = tableUrl(made);
  const box = $("created");
  box.hidden = false;
  const input = h("input", { type: "text", readonly: true, value: url, testid: "join-link", class: "join-link", "aria-label": "join link" });
  box.replaceChildren(
    h("p", {}, made.invite
      ? "Your private table is ready. Only people with this link can see it or take a seat; share it with the other players:"
      : "Your table is ready. Share this link with the other players:"),
    h("div", { class: "copy-row" }, input,
      h("button", { type: "button", class: "btn", onclick: () => { input.select(); navigator.clipboard?.writeText(url).catch(() => {}); } }, "Copy")),
    h("p", {}, h("a", { href: url, class: "btn primary", testid: "go-to-table" }, "Go to the table now"), h("span", { class: "muted" }, " (opening it in a moment…)")));
  setTimeout(() => { location.assign(url); }, 1500);
}

// -- tables lists -------------------------------------------------------------

function seatsText(t) {
  const humans = t.seats.filter((s) => s.kind === "human");
  const bots = t.seats.filter((s) => s.kind !== "human");
  const parts = [];
  if (humans.length) parts.push(`${humans.filter((s) => s.claimed).length}/${humans.length} humans`);
  if (bots.length) parts.push(`${bots.length} bot${bots.length > 1 ? "s" : ""}`);
  return parts.join(", ");
}

function outcomeText(t) {
  const o = t.outcome;
  if (!o) return "";
  if (o.detail) return o.detail;
  const names = (o.winners || []).map((i) => t.seats.find((x) => x.seat === i)?.display || `player ${i + 1}`);
  return names.length ? `won by ${names.join(", ")}` : "nobody won";
}

function tableRow(t) {
  const title = t.title || t.game;
  const names = t.seats.filter((s) => s.name).map((s) => s.name).join(", ");
  return h("li", { class: `table-row status-${t.damaged ? "damaged" : t.status}`, testid: "table-row", dataset: { id: t.id, status: t.status } },
    h("a", { href: `/t/${t.id}`, testid: "table-link", class: "table-link" }, title, h("span", { class: "muted" }, ` · ${t.players} players`),
      t.challenge ? h("span", { class: "badge challenge-badge", testid: "table-challenge", title: t.challenge }, t.challenge.startsWith("weekly/") ? "weekly challenge" : "daily challenge") : null),
    t.damaged ? h("div", { class: "row-meta damaged-note", testid: "damaged" }, `Damaged: ${t.damaged}`) : null,
    h("div", { class: "row-meta" },
      h("span", {}, seatsText(t)),
      names ? h("span", {}, ` · ${names}`) : null,
      t.status !== "open" ? h("span", {}, ` · ${t.n} moves`) : null,
      t.updated || t.created ? h("span", { class: "muted" }, ` · ${ago(t.updated || t.created)}`) : null),
    t.status === "finished"
      ? h("div", { class: "row-meta" }, h("span", {}, outcomeText(t)), " ",
        h("a", { href: `/t/${t.id}/replay`, testid: "replay-link" }, "replay"))
      : null,
    h("div", { class: "row-action" }, h("a", { href: `/t/${t.id}`, class: "btn small" }, t.damaged ? "view" : t.status === "open" ? "join" : t.status === "running" ? "watch / play" : "view")));
}

async function refreshTables() {
  for (const status of ["open", "running", "finished"]) {
    const ul = $(`tables-${status}`);
    try {
      const list = await api(`/api/tables?status=${status}`);
      ul.replaceChildren(...(list.length ? list.map(tableRow) : [h("li", { class: "muted empty" }, `No ${status} tables.`)]));
    } catch (e) {
      ul.replaceChildren(h("li", { class: "error" }, `Cannot list the tables: ${e.message}`));
    }
  }
  $("tables-refreshed").textContent = `· refreshed ${new Date().toLocaleTimeString()}`;
}

// -- my tables: the seats this browser holds (localStorage getaway.tokens.<table id>) --

const TOKENS_PREFIX = "getaway.tokens.";
const MY_TABLES_MAX = 40;
/** table id -> {summary} | {gone: "reason"}: the last answers, kept through a failed refresh */
const mine = new Map();

/** The tables this browser holds seats of: [{id, seats: ["0", ...], tokens}]. */
function heldTables() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (!k || !k.startsWith(TOKENS_PREFIX)) continue;
    const id = k.slice(TOKENS_PREFIX.length);
    const tokens = loadTokens(id);
    const seats = Object.keys(tokens).filter((s) => typeof tokens[s] === "string" && tokens[s]).sort((a, b) => Number(a) - Number(b));
    if (id && seats.length) out.push({ id, seats, tokens });
  }
  return out;
}

function forgetTable(id) {
  localStorage.removeItem(TOKENS_PREFIX + id);
  localStorage.removeItem(`getaway.invite.${id}`);
  mine.delete(id);
  renderMine();
}

/** Whether one of the held seats must decide now (never in a real-time game: all act at any time). */
function myTurn(t, seats) {
  return t.status === "running" && !t.clock && (t.to_act || []).some((s) => seats.includes(String(s)));
}

function myRow(held) {
  const got = mine.get(held.id);
  if (!got) return null;
  if (got.gone) {
    return h("li", { class: "table-row my-table status-gone", testid: "my-table", dataset: { id: held.id, status: "gone" } },
      h("span", { class: "table-link" }, `Table ${held.id}`),
      h("div", { class: "row-meta" }, h("span", { testid: "my-table-status" }, got.gone), " ",
        h("button", { type: "button", class: "btn small forget", testid: "my-table-forget", onclick: () => forgetTable(held.id) }, "forget")));
  }
  const t = got.summary;
  const turn = myTurn(t, held.seats);
  const status = t.damaged ? "damaged" : t.status;
  const statusText = { open: "waiting for players", running: `running · move ${t.n}`, finished: "finished", damaged: "damaged" }[status] || status;
  const seats = t.seats.map((s, i) => {
    const name = s.display || s.name || `player ${i + 1}`;
    return held.seats.includes(String(s.seat)) ? h("strong", { title: "your seat" }, name) : name;
  });
  return h("li", { class: `table-row my-table status-${status}${turn ? " my-turn" : ""}`, testid: "my-table", dataset: { id: t.id, status } },
    h("a", { href: `/t/${t.id}`, testid: "my-table-link", class: "table-link" }, t.title || t.game,
      turn ? h("span", { class: "badge turn", testid: "my-table-turn" }, "your turn") : null),
    h("div", { class: "row-meta", testid: "my-table-seats" }, seats.flatMap((x, i) => (i ? [", ", x] : [x]))),
    h("div", { class: "row-meta" },
      h("span", { testid: "my-table-status" }, statusText),
      t.status === "finished" ? h("span", {}, ` · ${outcomeText(t)}`) : null,
      t.updated || t.created ? h("span", { class: "muted" }, ` · ${ago(t.updated || t.created)}`) : null,
      t.status === "finished" || t.damaged
        ? [" ", h("button", { type: "button", class: "btn small forget", testid: "my-table-forget", title: "remove it from this list (and this browser's seats of it)", onclick: () => forgetTable(t.id) }, "forget")]
        : null),
    h("div", { class: "row-action" }, h("a", { href: `/t/${t.id}`, class: "btn small" }, turn ? "play" : t.status === "finished" ? "view" : "open")));
}

function rank(held) {
  const got = mine.get(held.id);
  if (!got) return [9, 0];
  if (got.gone) return [5, 0];
  const t = got.summary;
  const order = myTurn(t, held.seats) ? 0 : { running: 1, open: 2, finished: 4 }[t.status] ?? 3;
  const when = Date.parse(t.updated || t.created || "") || Number(t.updated || t.created) || 0;
  return [order, -when];
}

function renderMine() {
  const held = heldTables().filter((x) => mine.has(x.id));
  held.sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    return ra[0] - rb[0] || ra[1] - rb[1];
  });
  $("my-tables-panel").hidden = held.length === 0;
  $("my-tables").replaceChildren(...held.map(myRow).filter(Boolean));
}

async function refreshMine() {
  const held = heldTables().slice(0, MY_TABLES_MAX);
  await Promise.all(held.map(async (x) => {
    const seat = x.seats[0];
    try {
      // the seat's token opens a private table's summary too
      const summary = await api(`/api/tables/${encodeURIComponent(x.id)}?seat=${seat}`, { token: x.tokens[seat] });
      mine.set(x.id, { summary });
    } catch (e) {
      if (e.status === 404) mine.set(x.id, { gone: "this table no longer exists" });
      else if (e.status === 403) mine.set(x.id, { gone: "the server no longer knows your seat" });
      // otherwise (the server unreachable): the last answer stays
    }
  }));
  renderMine();
}

async function main() {
  $("create-game").addEventListener("change", onGameChange);
  $("create-players").addEventListener("change", renderSeats);
  $("create-form").addEventListener("submit", onSubmit);
  try {
    games = await api("/api/games");
  } catch (e) {
    $("game-list").replaceChildren(h("p", { class: "error" }, `The games cannot be loaded: ${e.message}`));
    games = [];
  }
  renderGames();
  $("create-game").replaceChildren(...games.map((g) => h("option", { value: g.id }, g.title)));
  const wanted = new URLSearchParams(location.search).get("game");
  if (games.length) pickGame(wanted && games.some((g) => g.id === wanted) ? wanted : games[0].id);
  startChallenges(games);
  refreshMine();
  refreshTables();
  setInterval(() => { if (!document.hidden) { refreshMine(); refreshTables(); } }, REFRESH_MS);
}

main();
