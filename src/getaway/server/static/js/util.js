// Small helpers shared by the lobby, the table shell and the replay page.
// Plain ES module, no dependencies.

const SVG_NS = "http://www.w3.org/2000/svg";

function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.setAttribute("class", v);
    else if (k === "testid") el.dataset.testid = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k === "style" && typeof v === "object") Object.assign(el.style, v);
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (v === true) el.setAttribute(k, "");
    else el.setAttribute(k, String(v));
  }
}

/** Append children (nodes, strings, numbers, arrays; null/false are skipped). */
export function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** Replace an element's children (null/false children are skipped). */
export function fill(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/** h("button", {class: "x", testid: "y", onclick: f}, "text", child...) */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  return append(el, children);
}

/** The same for SVG elements. */
export function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  return append(el, children);
}

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

// A private table's invite secret: sent with every request of this page (X-Invite).
let INVITE = null;

/** Use this invite secret for the API requests of this page (a private table's). */
export function useInvite(secret) {
  INVITE = secret || null;
}

/**
 * fetch JSON from the API; throws ApiError with the server's reason in words.
 * @param {string} path
 * @param {{method?: string, body?: unknown, token?: string}} [options]
 * @returns {Promise<any>}
 */
export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  if (INVITE) headers["X-Invite"] = INVITE;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, "the server cannot be reached");
  }
  let data = null;
  const text = await res.text();
  if (text) {
    try { data = JSON.parse(text); } catch { data = { error: text }; }
  }
  if (!res.ok) {
    let msg = data && data.error !== undefined ? data.error : data && data.detail !== undefined ? data.detail : res.statusText;
    if (typeof msg !== "string") msg = JSON.stringify(msg);
    throw new ApiError(res.status, msg || `HTTP ${res.status}`);
  }
  return data;
}

// -- seat tokens: localStorage "getaway.tokens.<table id>" = {"<seat>": "<token>"}

const tokenKey = (table) => `getaway.tokens.${table}`;

export function loadTokens(table) {
  try {
    const raw = JSON.parse(localStorage.getItem(tokenKey(table)) || "{}");
    return raw && typeof raw === "object" && !Array.isArray(raw) ? raw : {};
  } catch {
    return {};
  }
}

export function saveToken(table, seat, token) {
  const t = loadTokens(table);
  t[String(seat)] = token;
  localStorage.setItem(tokenKey(table), JSON.stringify(t));
  return t;
}

// -- invites: localStorage "getaway.invite.<table id>" = the secret of a private table

/**
 * The invite secret of a private table: from the page address (#invite=...,
 * a fragment never sent to any server), remembered in localStorage for later visits.
 */
export function loadInvite(table) {
  const key = `getaway.invite.${table}`;
  const fromLink = new URLSearchParams(location.hash.replace(/^#/, "")).get("invite");
  if (fromLink) {
    localStorage.setItem(key, fromLink);
    return fromLink;
  }
  return localStorage.getItem(key) || null;
}

export function saveInvite(table, secret) {
  if (secret) localStorage.setItem(`getaway.invite.${table}`, secret);
}

export function forgetToken(table, seat) {
  const t = loadTokens(table);
  delete t[String(seat)];
  localStorage.setItem(tokenKey(table), JSON.stringify(t));
  return t;
}

/** A stable string for an action (keys sorted), to compare actions and look up labels. */
export function actionKey(action) {
  const norm = (v) => {
    if (Array.isArray(v)) return v.map(norm);
    if (v && typeof v === "object") {
      const o = {};
      for (const k of Object.keys(v).sort()) o[k] = norm(v[k]);
      return o;
    }
    return v;
  };
  return JSON.stringify(norm(action));
}

/**
 * The pending decision in words for whoever reads it. The engine's prompt speaks to the
 * seats deciding ("Discard a card to pay for your move"), so only a reader with legal
 * actions now sees it; anyone else -- another seat, a spectator -- reads whom the table
 * waits for.
 * @param {{prompt?: string, seats?: number[]} | null | undefined} pending view.pending
 * @param {unknown[]} legal the reader's legal actions now
 * @param {(seat: number) => string} seatName
 */
export function promptFor(pending, legal, seatName) {
  if (!pending) return "";
  if (legal && legal.length) return pending.prompt || "";
  const who = (pending.seats || []).map((x) => seatName(x)).join(", ");
  return who ? `Waiting for ${who}.` : "";
}

/** "3 minutes ago" style relative time for ISO strings or epoch seconds. */
export function ago(when) {
  if (when === null || when === undefined) return "";
  const t = typeof when === "number" ? (when > 1e12 ? when : when * 1000) : Date.parse(when);
  if (!Number.isFinite(t)) return String(when);
  const d = Math.max(0, (Date.now() - t) / 1000);
  if (d < 60) return "just now";
  if (d < 3600) return `${Math.floor(d / 60)} min ago`;
  if (d < 86400) return `${Math.floor(d / 3600)} h ago`;
  return new Date(t).toLocaleDateString();
}

/** The table id from a path like /t/{id} or /t/{id}/replay. */
export function tableIdFromPath(pathname = location.pathname) {
  const m = pathname.match(/\/t\/([A-Za-z0-9_-]+)/);
  if (m) return m[1];
  const q = new URLSearchParams(location.search).get("table");
  return q || null;
}

/** A short toast message at the bottom of the page. */
export function toast(message, kind = "error") {
  let box = document.getElementById("toasts");
  if (!box) {
    box = h("div", { id: "toasts", class: "toasts", "aria-live": "assertive" });
    document.body.append(box);
  }
  const t = h("div", { class: `toast toast-${kind}`, role: kind === "error" ? "alert" : "status", testid: "toast" }, message);
  box.append(t);
  setTimeout(() => t.classList.add("fade"), 5000);
  setTimeout(() => t.remove(), 5600);
}

/** Import a game module; null if it does not exist. Cached per game id. */
const moduleCache = new Map();
/** Why a game's module failed to load (game id -> message), for the page to say so. */
export const moduleErrors = new Map();

export function loadGameModule(game) {
  if (!moduleCache.has(game)) {
    const safe = String(game).replace(/[^a-z0-9_-]/gi, "");
    moduleCache.set(game, import(`/static/games/${safe}.js`).catch((e) => {
      // never a quiet fallback: the page says it, and the browser tests fail on this line
      console.error(`getaway: the game module of ${game} failed to load:`, e);
      moduleErrors.set(game, String(e && e.message ? e.message : e));
      return null;
    }));
  }
  return moduleCache.get(game);
}

/** Add a stylesheet once (game modules call this for their own CSS). */
export function ensureStylesheet(href) {
  if ([...document.querySelectorAll("link[rel=stylesheet]")].some((l) => l.getAttribute("href") === href)) return;
  document.head.append(h("link", { rel: "stylesheet", href }));
}

const assetCache = new Map();

/** A game's static data (GET /api/games/<game>/assets), fetched once per page; {} on failure. */
export function gameAssets(game) {
  const safe = String(game).replace(/[^a-z0-9_-]/gi, "");
  if (!assetCache.has(safe)) {
    assetCache.set(safe, api(`/api/games/${safe}/assets`).catch((e) => {
      console.warn(`no assets for ${game}:`, e);
      assetCache.delete(safe);
      return {};
    }));
  }
  return assetCache.get(safe);
}
