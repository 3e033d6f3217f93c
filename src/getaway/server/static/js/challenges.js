// The lobby's "Challenges" panel: today's and this week's deal of every game, one card
// per game with a player count chooser, the top of its leaderboard (place, names, the
// result in words, moves and time, a "watch replay" link) and "Play this challenge",
// which creates the challenge's table (the first seat this browser's, the others bots
// of a level, people, or every seat here) and goes there. See API.md, "Challenges".
//
// data-testid: challenges-panel, challenge-period-daily, challenge-period-weekly,
// challenge-closes, challenge-list, challenge-<game id> (a card; data-challenge: the
// shown challenge's id), challenge-players-<game id>, challenge-ranking, challenge-board,
// challenge-entry (data-table, data-place), challenge-place, challenge-names, challenge-mine
// (an entry of a table this browser holds a seat of),
// challenge-result, challenge-replay, challenge-empty, challenge-with-<game id>,
// challenge-play-<game id>, challenge-error-<game id>.

import { h, api, saveToken } from "./util.js";

const REFRESH_MS = 30000;
const SHOWN = 5; // entries shown per leaderboard (the answer holds up to 10)

/** @type {{period: string, players: Record<string, number>, games: any[], data: any, skew: number}} */
const state = { period: "daily", players: {}, games: [], data: null, skew: 0 };

/** An element of the page by id. @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);

function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function durationText(seconds) {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60 ? `${s % 60} s` : ""}`.trim();
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/** "closes in 13 h 29 min" from an ISO time, on the server's clock. */
function closesText(iso) {
  const left = (Date.parse(iso) - (Date.now() + state.skew)) / 1000;
  if (!(left > 0)) return "closed";
  const hours = Math.floor(left / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  if (hours >= 48) return `closes in ${Math.floor(hours / 24)} days ${hours % 24} h`;
  return hours ? `closes in ${hours} h ${minutes} min` : `closes in ${Math.max(1, minutes)} min`;
}

function defaultPlayers(g) {
  const [lo, hi] = g.players;
  return Math.min(hi, Math.max(lo, 2));
}

/** The shown challenge of a game: the chosen period and player count. */
function challengeOf(g) {
  const list = (state.data && state.data.challenges) || [];
  const n = state.players[g.id] ?? defaultPlayers(g);
  return list.find((c) => c.game === g.id && c.period === state.period && c.players === n);
}

/** Whether this browser holds a seat of the table (its tokens are kept per table). */
function held(table) {
  try { return Object.keys(JSON.parse(localStorage.getItem(`getaway.tokens.${table}`) || "{}")).length > 0; } catch { return false; }
}

function entryRow(e) {
  const mine = held(e.table);
  const meta = [`${e.moves} moves`, e.clock !== null && e.clock !== undefined
    ? `${clockText(e.clock)} on the game clock` : `took ${durationText(e.seconds)}`];
  return h("li", { class: `challenge-entry${e.won ? " won" : " lost"}${mine ? " mine" : ""}`, testid: "challenge-entry", dataset: { table: e.table, place: String(e.place) } },
    h("span", { class: "challenge-place", testid: "challenge-place", "aria-label": `place ${e.place}` }, String(e.place)),
    h("div", { class: "challenge-who" },
      h("div", { class: "challenge-names", testid: "challenge-names" }, e.names.join(", ")),
      mine ? h("span", { class: "badge you", testid: "challenge-mine", title: "this browser played this table" }, "you") : null,
      h("div", { class: "challenge-result", testid: "challenge-result" }, e.result),
      h("div", { class: "row-meta" }, meta.join(" · "), " · ",
        h("a", { href: e.replay, testid: "challenge-replay" }, "watch replay"))));
}

/** Who plays the seats besides this browser's first one. */
function withChoices(g, players) {
  if (players === 1) return [];
  const bots = players === 2 ? "bot" : "bots";
  return [
    ...(g.bots || []).map((b) => ({ value: `bot:${b.id}`, label: `${b.name} ${bots}` })),
    { value: "people", label: "people I share the link with" },
    { value: "hotseat", label: "hot-seat: every seat on this device" },
  ];
}

function card(g) {
  const c = challengeOf(g);
  const n = state.players[g.id] ?? defaultPlayers(g);
  const [lo, hi] = g.players;
  const players = h("select", { id: `challenge-players-${g.id}`, testid: `challenge-players-${g.id}`, onchange: (ev) => { state.players[g.id] = Number(ev.target.value); render(); } },
    Array.from({ length: hi - lo + 1 }, (_, i) => h("option", { value: String(lo + i), selected: lo + i === n }, String(lo + i))));
  const choices = withChoices(g, n);
  const previous = /** @type {any} */ (document.getElementById(`challenge-with-${g.id}`))?.value;
  const normal = choices.find((x) => x.value === "bot:normal") ? "bot:normal" : choices[0]?.value;
  const withSel = choices.length
    ? h("select", { id: `challenge-with-${g.id}`, testid: `challenge-with-${g.id}` },
      choices.map((x) => h("option", { value: x.value, selected: x.value === (choices.some((y) => y.value === previous) ? previous : normal) }, x.label)))
    : null;
  const board = c ? c.leaderboard.slice(0, SHOWN) : [];
  const error = h("p", { class: "error", role: "alert", testid: `challenge-error-${g.id}`, hidden: true });
  return h("article", { class: "challenge-card", testid: `challenge-${g.id}`, dataset: { challenge: c ? c.id : "" } },
    h("h3", {}, g.title),
    h("div", { class: "challenge-row" },
      h("label", { for: `challenge-players-${g.id}` }, "Players"), players,
      h("span", { class: "muted small" }, c ? `${c.entries} result${c.entries === 1 ? "" : "s"}` : "")),
    c ? h("p", { class: "challenge-ranking muted small", testid: "challenge-ranking" }, `Ranked: ${c.ranking}.`) : null,
    board.length
      ? h("ol", { class: "challenge-board", testid: "challenge-board" }, board.map(entryRow))
      : h("p", { class: "challenge-empty muted", testid: "challenge-empty" }, "No result yet — set the first one."),
    withSel ? h("div", { class: "challenge-row" }, h("label", { for: `challenge-with-${g.id}` }, "With"), withSel) : null,
    h("div", { class: "challenge-play" },
      h("button", { type: "button", class: "btn primary", testid: `challenge-play-${g.id}`, disabled: !c || !c.open, onclick: (ev) => play(g, c, withSel, error, ev.currentTarget) },
        n === 1 ? "Play this challenge (solo)" : "Play this challenge")),
    error);
}

async function play(g, c, withSel, error, button) {
  error.hidden = true;
  const choice = withSel ? withSel.value : "solo";
  const seats = Array.from({ length: c.players }, (_, i) => {
    if (i === 0 || choice === "people" || choice === "hotseat") return { kind: "human" };
    return { kind: "bot", agent: choice.slice(4) };
  });
  button.disabled = true;
  try {
    const made = await api(`/api/challenges/${c.id}/tables`, { method: "POST", body: { seats } });
    const mine = choice === "hotseat" ? seats.map((_, i) => i) : [0];
    const name = (localStorage.getItem("getaway.name") || "").trim();
    for (const seat of mine) {
      const r = await api(`/api/tables/${made.id}/seats/${seat}/claim`, { method: "POST", body: name ? { name } : {} });
      saveToken(made.id, r.seat ?? seat, r.token);
    }
    location.assign(made.url || `/t/${made.id}`);
  } catch (e) {
    error.textContent = `The challenge table was not created: ${e.message}`;
    error.hidden = false;
    button.disabled = false;
  }
}

function render() {
  const list = $("challenge-list");
  if (!state.data) return;
  for (const period of ["daily", "weekly"]) {
    const b = $(`challenge-period-${period}`);
    b.setAttribute("aria-pressed", String(state.period === period));
    b.classList.toggle("primary", state.period === period);
  }
  const any = state.data.challenges.find((c) => c.period === state.period);
  $("challenge-closes").textContent = any
    ? `${state.period === "daily" ? `Today (${any.key}, UTC)` : `Week ${any.key.split("-W")[1]} of ${any.key.split("-W")[0]}`}: ${closesText(any.closes)}`
    : "";
  const shown = state.games.filter((g) => state.data.challenges.some((c) => c.game === g.id));
  list.replaceChildren(...(shown.length ? shown.map(card) : [h("p", { class: "muted" }, "No challenges here.")]));
}

async function refresh() {
  try {
    state.data = await api("/api/challenges");
    state.skew = Date.parse(state.data.now) - Date.now();
    render();
  } catch (e) {
    if (!state.data) $("challenge-list").replaceChildren(h("p", { class: "error" }, `The challenges cannot be loaded: ${e.message}`));
  }
}

/** Fill the panel for these games (from /api/games) and keep it fresh. */
export function startChallenges(games) {
  state.games = games;
  for (const period of ["daily", "weekly"]) {
    $(`challenge-period-${period}`).addEventListener("click", () => { state.period = period; render(); });
  }
  refresh();
  setInterval(() => { if (!document.hidden) refresh(); }, REFRESH_MS);
}
