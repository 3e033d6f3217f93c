// The table page shell, game-agnostic: seats and claiming, the live socket,
// the event log, the rules, the pending decision with the legal actions, the
// end screen, and hot-seat play (one seat shown at a time behind a
// "pass the device" cover).
//
// Game modules (each game folder's web/<game-id>.js) are served at /static/games/<game-id>.js and export
//   render(container, view, ctx)             draw the view (required)
// where ctx = {
//   seat,            the seat whose view this is (null: spectator)
//   legal,           [{action, label}] -- empty unless that seat may act now
//   act(action),     send one action JSON for that seat (returns a promise)
//   labels,          {actionKey(action): label}
//   key(action),     the stable key of an action (sorted JSON)
//   label(action),   its label, or null when it is not legal now
//   seatName(seat),  "seat 1 — green (Ann)" -- for any seat
//   seatPlayer(seat), "Ann" / "heuristic bot" / null
//   status,          the table status: "open" | "running" | "finished"
//   busy,            true while an action is on its way (draw controls disabled)
//   mode,            "play" | "spectate" | "replay"
//   clock(),         real-time games: the game clock in seconds now (the server's last
//                    reading counted on locally, as the header's clock shows it), or null
//   clockRunning(),  whether that clock is running (false before the start and at the end)
// }
// A missing module falls back to a generic outline (js/generic.js); the
// generic list of legal actions is always shown beside the game.
//
// data-testid names used on the table page:
//   table-title, challenge-badge (a challenge's table), table-status, you-are, share-link,
//   connection,
//   seats, seat-<n> (each seat), claim-seat-<n> (take an unclaimed human seat),
//   player-name (the name sent when claiming), held-seat-<n> (a seat this
//   browser holds), view-seat-<n> (switch the shown seat when holding several),
//   forget-seat-<n> (drop a refused token),
//   waiting (the table is open: waiting for players), game-area,
//   decision, prompt, to-act, legal-actions, legal-action (one per legal
//   action; data-kind holds the action kind; class "hinted" on the one a hint names),
//   no-legal, undo-row, undo (take back the
//   seat's last move; data-mode "cancel" while the seat still decides: a choice begun),
//   hint-row, hint (ask what the Hard bot would do now; "Thinking about a hint…" while
//   asked), hint-text (its answer: the action and the estimated chance of winning),
//   event-log, event (one per event; data-n holds the server's move tag,
//   which is 0-based: the list shows it plus one; class "private" when only some
//   seats saw it), seat-ref (a seat named in an event: class seat-ref seat-<n>,
//   data-seat), event-private (the "only you" mark of such an event),
//   notify-turn ("Notify me on my turn": a notification when this page is hidden),
//   rules-panel, rules,
//   pass-device (the hot-seat cover), pass-device-ok (its button),
//   outcome (the end screen), outcome-detail, replay-link,
//   play-again, same-room-again (a seat holder's rematch buttons; the second for
//   cooperative games), rematch-started, rematch-link (once a rematch exists),
//   toast (error messages), generic-view (fallback drawing),
//   getting-ready, ready-<seat>, ready-state-<seat>, start-countdown (a real-time table
//   before its start: a Ready button per held seat, who is ready, then the 3-2-1),
//   clock (real-time games only: the game clock, counted locally between the
//   server's updates and re-synced on each; data-seconds holds the shown
//   whole seconds, data-running "true" while the clock runs).
// The game modules add their own (each game folder's web/<game id>.css).

import { h, fill, api, actionKey, loadTokens, saveToken, forgetToken, loadInvite, useInvite, tableIdFromPath, toast, loadGameModule, moduleErrors } from "./util.js";
import * as generic from "./generic.js";

/** An element of the page by id (the pages' own markup: forms, buttons, panels). @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);
const SPEC = "spectator";
const PING_MS = 25000;
const POLL_MS = 3000;

const st = {
  id: tableIdFromPath(),
  summary: null,
  module: null,
  tokens: {},
  msgs: new Map(), // seat key ("0", "1", ..., "spectator") -> latest seat message
  logs: new Map(), // seat key -> [events]
  counts: new Map(), // seat key -> Map(move number -> events of it held)
  lastN: new Map(), // seat key -> n of the latest message
  takebacks: new Map(), // seat key -> moves taken back, as its latest message counted
  refused: new Set(), // seats whose token the server refused
  shown: null, // seat key shown now
  pin: null, // {seat, n}: a seat shown by hand (hot-seat) until the table moves
  cover: null, // seat key waiting behind the pass-the-device cover
  busy: false,
  busyTimer: null,
  ws: null,
  wsOpen: false,
  retries: 0,
  reconnectTimer: null,
  pingTimer: null,
  pollTimer: null,
  renderQueued: false,
  pressing: false, // the pointer is pressed on the page: redrawing waits for the release
  rulesLoaded: false,
  clock: null, // real-time games: {seconds, running, at: performance.now() when received}
  clockTimer: null,
  serverLead: 0, // ms the server's wall clock is ahead of this browser's (from the last clock)
  readyTimer: null, // redraws the 3-2-1 countdown before a real-time table starts
  autoPassed: "", // "<seat>:<n>" of the last move passed automatically (sent once)
  autoPasses: 0, // passes sent automatically by this page
  logScrolled: false, // the log has been scrolled to its end once
  turnNotified: "", // "<n>:<seats>" of the last turn of this browser's seats told (title, notification)
  // The shown seat's hint: asked for at "<seat>:<n>", thinking until its answer comes.
  hint: /** @type {null | {key: string, thinking: boolean, action?: any, label?: string, chance?: number, playouts?: number}} */ (null),
};

// Auto-pass: when the shown seat's only legal action is a pass (a reaction window with
// nothing to play), the page passes for it after a short pause, so a player is not
// stopped again and again; on by default, a checkbox turns it off (kept per browser).
const AUTO_PASS_MS = 700;

// -- seats and names ----------------------------------------------------------------

const heldSeats = () => Object.keys(st.tokens).filter((k) => !st.refused.has(k)).sort((a, b) => Number(a) - Number(b));
const confirmedSeats = () => heldSeats().filter((k) => st.msgs.has(k));

function seatInfo(seat) {
  return st.summary?.seats?.find((x) => Number(x.seat) === Number(seat)) || null;
}

/** How every screen names a seat, as the server does: "Ann (red)", "Hard bot (green)", "red". */
function seatName(seat) {
  if (seat === null || seat === undefined || seat === SPEC) return "a spectator";
  const info = seatInfo(seat);
  return info?.display || `player ${Number(seat) + 1}`;
}

/** The player at a seat: "Ann", "heuristic bot", or null. */
function seatPlayer(seat) {
  const info = seatInfo(seat);
  if (!info) return null;
  if (info.kind !== "human") return `${info.name || info.agent || "a"} bot`;
  return info.name || null;
}

/** A seat's name where space is short: the same one name. */
function shortName(seat) {
  return seatName(seat);
}

// -- rendering --------------------------------------------------------------------

function scheduleRender() {
  // the tab title and the notification at once: a hidden page gets no animation frames
  renderTurn();
  if (st.renderQueued) return;
  st.renderQueued = true;
  requestAnimationFrame(() => {
    st.renderQueued = false;
    // Not while the pointer is pressed: a button replaced between the press and the
    // release never gets its click (the others' moves and the clock redraw the table
    // at any moment). The release redraws.
    if (!st.pressing) render();
  });
}

function render() {
  chooseShownSeat();
  renderHeader();
  renderClock();
  renderSeats();
  renderBanner();
  renderCover();
  renderGame();
  renderDecision();
  renderLog();
  renderTurn();
}

function renderHeader() {
  const s = st.summary;
  if (!s) return;
  $("table-title").textContent = `${s.title || s.game}`;
  const status = s.damaged ? "damaged" : s.status;
  const statusText = { open: "waiting for players", running: `running · move ${s.n}`, finished: "finished", damaged: `damaged · move ${s.n}` }[status] || status;
  $("table-status").textContent = statusText;
  $("table-status").className = `status-badge status-${status}`;
  renderChallengeBadge(s.challenge);
  const held = confirmedSeats();
  $("you-are").textContent = held.length === 0 ? "you are watching" : held.length === 1 ? `you are ${seatName(held[0])}` : `this device holds ${held.length} seats (hot-seat)`;
}

/** A challenge's table says so beside its title, linking to the lobby's leaderboards. */
function renderChallengeBadge(id) {
  let el = $("challenge-badge");
  const period = typeof id === "string" ? id.split("/")[0] : null;
  if (period !== "daily" && period !== "weekly") {
    if (el) el.remove();
    return;
  }
  if (!el) {
    el = h("a", { id: "challenge-badge", class: "badge challenge", testid: "challenge-badge", href: "/#challenges" });
    $("table-title").after(el);
  }
  el.textContent = period === "daily" ? "Daily challenge" : "Weekly challenge";
  el.title = "This table plays the same deal as everyone's: its result goes on the leaderboard";
}

// -- the clock of real-time games --------------------------------------------------------

/** Take the server's clock ({seconds, wall, running} or null) from a message or summary. */
function syncClock(c) {
  if (!c || typeof c.seconds !== "number") {
    st.clock = null;
    return;
  }
  st.clock = { seconds: c.seconds, running: !!c.running, at: performance.now() };
  if (typeof c.wall === "number") st.serverLead = c.wall * 1000 - Date.now();
  if (st.clock.running && !st.clockTimer) st.clockTimer = setInterval(renderClock, 250);
  if (!st.clock.running && st.clockTimer) {
    clearInterval(st.clockTimer);
    st.clockTimer = null;
  }
}

/** Game seconds now: the last server reading plus the time since, while it runs. */
function clockSeconds() {
  const c = st.clock;
  if (!c) return null;
  return c.seconds + (c.running ? (performance.now() - c.at) / 1000 : 0);
}

function renderClock() {
  let el = $("clock");
  const secs = clockSeconds();
  if (secs === null) {
    if (el) el.hidden = true;
    return;
  }
  if (!el) {
    el = h("span", { id: "clock", class: "game-clock", testid: "clock", role: "timer", "aria-label": "game clock" });
    $("table-status").after(el);
  }
  const whole = Math.max(0, Math.floor(secs));
  const text = `${String(Math.floor(whole / 60)).padStart(2, "0")}:${String(whole % 60).padStart(2, "0")}`;
  el.hidden = false;
  if (el.textContent !== text) el.textContent = text;
  el.dataset.seconds = String(whole);
  el.dataset.running = String(st.clock.running);
  el.classList.toggle("stopped", !st.clock.running);
}

function renderSeats() {
  const s = st.summary;
  const bar = $("seats");
  if (!s) return;
  const held = new Set(heldSeats());
  const toAct = new Set((currentMsg()?.to_act ?? s.to_act ?? []).map(String));
  // One name field for the page's lifetime, saved as it is typed; while someone is typing
  // in it the seat bar is left alone, so neither the text nor the focus is lost.
  if (!st.nameInput) {
    st.nameInput = h("input", {
      type: "text", id: "player-name", testid: "player-name", maxlength: 40, placeholder: "your name (optional)",
      value: localStorage.getItem("getaway.name") || "", "aria-label": "your name, shown to the other players",
      oninput: (e) => localStorage.setItem("getaway.name", e.target.value.trim()),
    });
  }
  const nameInput = st.nameInput;
  if (document.activeElement === nameInput) return;
  const items = s.seats.map((seat) => {
    const k = String(seat.seat);
    const mine = held.has(k);
    const acting = toAct.has(k) && s.status === "running";
    const parts = [h("span", { class: "seat-game" }, seatName(k))];
    if (seat.kind === "human" && !seat.claimed) parts.push(h("span", { class: "seat-who" }, "free"));
    if (mine) parts.push(h("span", { class: "badge you", testid: `held-seat-${k}` }, "you"));
    if (acting) parts.push(h("span", { class: "badge acting" }, "to act"));
    if (seat.kind === "human" && !seat.claimed && !mine && s.status === "open") {
      parts.push(h("button", { type: "button", class: "btn small primary", testid: `claim-seat-${k}`, onclick: () => claim(k) }, "Take this seat"));
    }
    if (mine && held.size > 1 && st.shown !== k && st.cover !== k) {
      parts.push(h("button", { type: "button", class: "btn small", testid: `view-seat-${k}`, onclick: () => switchTo(k) }, "show this seat"));
    }
    if (st.refused.has(k)) {
      parts.push(h("span", { class: "error" }, "your token was refused"),
        h("button", { type: "button", class: "btn small", testid: `forget-seat-${k}`, onclick: () => forget(k) }, "forget it"));
    }
    return h("div", { class: `seat ${mine ? "mine" : ""} ${acting ? "acting" : ""} ${st.shown === k ? "shown" : ""}`, testid: `seat-${k}` }, parts);
  });
  const claimable = s.status === "open" && s.seats.some((x) => x.kind === "human" && !x.claimed && !held.has(String(x.seat)));
  fill(bar, ...items, claimable ? h("label", { class: "name-field" }, "Name: ", nameInput) : null);
}

/** The link that lets others join: a private table's carries its invite (in the fragment). */
function joinUrl() {
  return `${location.origin}/t/${st.id}` + (st.invite ? `#invite=${encodeURIComponent(st.invite)}` : "");
}

function replayUrl() {
  return `/t/${st.id}/replay` + (st.invite ? `#invite=${encodeURIComponent(st.invite)}` : "");
}

function renderBanner() {
  const s = st.summary;
  const box = $("banner");
  if (!s) return;
  const parts = [];
  if (s.status === "open") {
    const free = s.seats.filter((x) => x.kind === "human" && !x.claimed).map((x) => seatName(x.seat));
    parts.push(h("div", { class: "banner waiting", testid: "waiting" },
      h("strong", {}, "Waiting for players. "),
      free.length ? `Still free: ${free.join(", ")}. ` : "",
      "Share this link: ", h("code", { class: "join-url" }, joinUrl()),
      ". Nobody acts until every human seat is taken."));
  }
  if (s.damaged) {
    parts.push(h("div", { class: "banner lost", testid: "damaged", role: "alert" },
      h("strong", {}, "This table is damaged and cannot be played. "),
      `The server could not rebuild it from its stored moves: ${s.damaged}.`));
  }
  const getReady = readyPanel();
  if (getReady) parts.push(getReady);
  const outcome = currentMsg()?.outcome ?? s.outcome;
  if (s.status === "finished" || outcome) parts.push(outcomePanel(outcome));
  box.replaceChildren(...parts);
}

// -- getting ready (real-time tables) ------------------------------------------------------

/** Seconds until a real-time table's clock starts (its "ready.start", on the server's clock). */
function secondsToStart(start) {
  return start - (Date.now() + st.serverLead) / 1000;
}

/** A real-time table before its start: a Ready button per held seat and who is ready, then
 *  the 3-2-1 countdown to the start (null when the table is not getting ready). */
function readyPanel() {
  const s = st.summary;
  const ready = s && s.status === "running" && !s.damaged ? s.ready : null;
  if (!ready) {
    stopReadyTimer();
    return null;
  }
  const done = new Set((ready.seats || []).map(String));
  if (typeof ready.start === "number") {
    const left = secondsToStart(ready.start);
    if (left > 0 && !st.readyTimer) st.readyTimer = setInterval(renderBanner, 100);
    if (left <= 0) stopReadyTimer();
    return h("div", { class: "banner get-ready counting", testid: "getting-ready", role: "status" },
      h("p", {}, "Everyone is ready. The clock starts in"),
      h("p", { class: "start-countdown", testid: "start-countdown", dataset: { left: String(Math.max(0, Math.ceil(left))) } },
        left > 0 ? String(Math.ceil(left)) : "Go!"));
  }
  stopReadyTimer();
  const held = new Set(confirmedSeats());
  const people = s.seats.filter((x) => x.kind === "human");
  return h("div", { class: "banner get-ready", testid: "getting-ready", role: "status" },
    h("p", {}, h("strong", {}, "Getting ready. "),
      "The clock starts 3 seconds after every player has pressed Ready; until then nobody moves, bots included."),
    h("ul", { class: "ready-list" }, ...people.map((x) => {
      const k = String(x.seat);
      const isReady = done.has(k);
      return h("li", { class: isReady ? "is-ready" : "", testid: `ready-state-${k}`, dataset: { ready: String(isReady) } },
        `${seatName(x.seat)}: ${isReady ? "ready" : "not ready yet"}`);
    })),
    h("p", { class: "ready-buttons" }, ...[...held].filter((k) => people.some((x) => String(x.seat) === k)).map((k) =>
      h("button", {
        type: "button", class: "btn primary big ready-button", testid: `ready-${k}`,
        disabled: done.has(k) || st.busy, onclick: () => pressReady(k),
      }, done.has(k) ? `${shortName(k)} is ready` : held.size > 1 ? `Ready (${shortName(k)})` : "Ready"))));
}

function stopReadyTimer() {
  if (st.readyTimer) {
    clearInterval(st.readyTimer);
    st.readyTimer = null;
  }
}

async function pressReady(seat) {
  try {
    const r = await api(`/api/tables/${st.id}/ready`, { method: "POST", token: st.tokens[seat], body: { seat: Number(seat) } });
    if (st.summary && r && r.ready) st.summary.ready = r.ready;
    scheduleRender();
  } catch (e) {
    toast(`Ready was refused: ${e.message}`);
    refreshSummary();
  }
}

function outcomePanel(o) {
  const seats = st.summary?.seats || [];
  const winners = o?.winners || [];
  const everyone = seats.length > 0 && winners.length === seats.length;
  const held = confirmedSeats();
  let headline;
  if (!o) headline = "The game is over.";
  else if (!winners.length) headline = "Everybody lost.";
  else if (everyone) headline = "The whole team won!";
  else headline = `Won by ${winners.map(shortName).join(", ")}.`;
  const youWon = held.some((k) => winners.map(String).includes(k));
  const scores = o?.scores || [];
  return h("div", { class: `banner outcome ${winners.length ? "won" : "lost"}`, testid: "outcome", role: "status" },
    h("h2", {}, headline, held.length && o && winners.length && !everyone ? h("span", { class: "you-result" }, youWon ? " You won." : " You did not win.") : null),
    o?.detail ? h("p", { class: "detail", testid: "outcome-detail" }, o.detail[0].toUpperCase() + o.detail.slice(1)) : null,
    scores.length && new Set(scores).size > 1
      ? h("p", { class: "scores" }, scores.map((sc, i) => `${shortName(i)}: ${sc}`).join(" · "))
      : scores.length ? h("p", { class: "scores" }, `Score: ${scores[0]}`) : null,
    rematchPart(),
    h("p", {}, h("a", { class: "btn primary", href: replayUrl(), testid: "replay-link" }, "Watch the replay"), " ",
      h("a", { class: "btn", href: "/" }, "Back to the lobby")));
}

/**
 * The end screen's rematch: "Play again" (and, for cooperative games, "Same room
 * again": the same seed) for a seat holder; once someone started it, a link to it.
 */
function rematchPart() {
  const s = st.summary;
  if (!s || s.damaged || s.status !== "finished") return null;
  const held = heldSeats();
  if (s.rematch) {
    const href = `/t/${s.rematch}`;
    return h("p", { class: "rematch", testid: "rematch-started" }, "A rematch was started — ",
      h("a", {
        class: "btn primary", href, testid: "rematch-link",
        onclick: held.length ? (/** @type {Event} */ e) => { e.preventDefault(); playAgain(false); } : null,
      }, "join it"), ".");
  }
  if (!held.length) return null;
  return h("p", { class: "rematch" },
    h("button", { class: "btn primary", type: "button", testid: "play-again", disabled: st.busy, onclick: () => playAgain(false) }, "Play again"),
    s.cooperative ? " " : null,
    s.cooperative
      ? h("button", {
        class: "btn", type: "button", testid: "same-room-again", disabled: st.busy,
        title: "The same deal again: try to beat your own time", onclick: () => playAgain(true),
      }, "Same room again")
      : null);
}

/** Start (or join) the rematch for every seat this browser holds, then go to it seated. */
async function playAgain(sameSeed) {
  if (st.busy) return;
  setBusy(true);
  let url = null;
  try {
    for (const k of heldSeats()) {
      const r = await api(`/api/tables/${st.id}/rematch`, { method: "POST", token: st.tokens[k], body: { same_seed: sameSeed } });
      if (r.token) saveToken(r.id, r.seat, r.token);
      if (!url || r.invite) url = r.url;
    }
  } catch (e) {
    setBusy(false);
    toast(`The rematch cannot be started: ${e.message}`);
    refreshSummary();
    return;
  }
  if (url) location.assign(url);
  else setBusy(false);
}

function renderCover() {
  const cover = $("cover");
  if (st.cover === null) {
    cover.hidden = true;
    document.body.classList.remove("covered");
    return;
  }
  $("cover-text").textContent = `Pass the device to ${seatName(st.cover)}. The other seats' cards stay hidden until that player clicks.`;
  $("cover-h").textContent = `Pass the device to ${shortName(st.cover)}`;
  $("cover-ok").textContent = `I am ${shortName(st.cover)} — show my cards`;
  if (cover.hidden) {
    cover.hidden = false;
    document.body.classList.add("covered");
    setTimeout(() => $("cover-ok").focus(), 0);
  }
}

function currentMsg() {
  if (st.shown !== null && st.msgs.has(st.shown)) return st.msgs.get(st.shown);
  let best = null;
  for (const m of st.msgs.values()) if (!best || m.n >= best.n) best = m;
  return best;
}

function makeCtx(msg) {
  const legal = st.cover === null ? msg.legal || [] : [];
  const labels = {};
  for (const l of legal) labels[actionKey(l.action)] = l.label;
  const seat = msg.seat === null || msg.seat === undefined ? null : Number(msg.seat);
  return {
    seat,
    legal,
    act: (action) => act(action),
    labels,
    key: actionKey,
    label: (action) => labels[actionKey(action)] ?? null,
    seatName: (x) => seatName(x),
    seatPlayer: (x) => seatPlayer(x),
    busy: st.busy,
    status: msg.status ?? st.summary?.status,
    mode: seat === null ? "spectate" : "play",
    clock: () => clockSeconds(),
    clockRunning: () => !!st.clock?.running,
  };
}

function renderGame() {
  const box = $("game");
  if (st.cover !== null) {
    box.replaceChildren(h("div", { class: "hidden-by-cover" }, "The table is hidden while the device changes hands."));
    return;
  }
  const msg = currentMsg();
  if (!msg && st.summary?.damaged) {
    box.replaceChildren(h("p", { class: "muted" }, "Nothing of this table can be shown."));
    return;
  }
  if (!msg) {
    box.replaceChildren(h("p", { class: "muted loading" }, "Connecting to the table…"));
    return;
  }
  if (!msg.view) {
    box.replaceChildren(h("p", { class: "muted" }, "The game has not started yet."));
    return;
  }
  const ctx = makeCtx(msg);
  try {
    if (st.module && typeof st.module.render === "function") st.module.render(box, msg.view, ctx);
    else generic.render(box, msg.view, ctx);
  } catch (e) {
    console.error(e);
    generic.render(box, msg.view, ctx);
    box.prepend(h("p", { class: "error" }, `The game drawing failed (${e.message}); showing the outline instead.`));
  }
}

function renderDecision() {
  const msg = currentMsg();
  const prompt = $("prompt");
  const who = $("to-act");
  const legalBox = $("legal");
  if (st.cover !== null || !msg) {
    prompt.textContent = "";
    who.textContent = "";
    legalBox.replaceChildren();
    return;
  }
  const status = msg.status ?? st.summary?.status;
  const pending = msg.view?.pending;
  if (status === "finished" || msg.outcome) {
    prompt.textContent = "The game is over.";
    who.textContent = "";
    legalBox.replaceChildren(h("a", { class: "btn", href: replayUrl() }, "Watch the replay"));
    return;
  }
  const toAct = (msg.to_act || []).map(String);
  const mineNow = msg.legal && msg.legal.length > 0;
  // The engine's prompt speaks to the deciding seats; the line below names whom others wait for.
  prompt.textContent = (mineNow ? pending?.prompt : "") || (status === "open" ? "Waiting for every human seat to be taken."
    : st.summary?.ready ? "The game starts when every player is ready." : "");
  if (status === "open") who.textContent = "";
  else if (mineNow) fill(who, h("strong", { class: "your-turn" }, `Your decision, ${shortName(st.shown)}.`),
    toAct.length > 1 ? ` Also deciding: ${toAct.filter((k) => k !== st.shown).map(shortName).join(", ")}.` : "");
  else if (toAct.length) who.textContent = `Waiting for ${toAct.map(shortName).join(", ")}.`;
  else who.textContent = "";
  const list = generic.legalList(msg.legal || [], act, { disabled: st.busy });
  fill(legalBox,
    undoButton(msg, mineNow),
    hintRow(msg, mineNow),
    msg.legal && msg.legal.length ? h("p", { class: "small muted" }, "Every legal action:") : null,
    list);
  markHinted(msg, list);
  if (mineNow) maybeAutoPass(msg);
}

/** The key of a hint: the seat, the move number it was asked at, and the take-backs so far. */
const hintKey = (msg) => `${msg.seat}:${msg.n}:${msg.takebacks ?? 0}`;

/**
 * "Hint": what the Hard bot would do now for the shown seat, and its estimated chance of
 * winning (POST .../hint, answered to this seat only). Offered while the seat may act;
 * the answer stays shown until the table moves on.
 */
function hintRow(msg, mineNow) {
  if (!mineNow || st.cover !== null || msg.seat === null || msg.seat === undefined) return null;
  const got = st.hint && st.hint.key === hintKey(msg) ? st.hint : null;
  if (got && !got.thinking) {
    const pct = Math.round((got.chance ?? 0) * 100);
    return h("p", { class: "hint-row", testid: "hint-row" },
      h("span", { class: "hint-text", testid: "hint-text", role: "status" },
        `Hard would: ${got.label} — estimated chance of winning about ${pct}% (${got.playouts} playouts)`));
  }
  return h("p", { class: "hint-row", testid: "hint-row" },
    h("button", { type: "button", class: "btn small", testid: "hint", disabled: !!got,
      title: "What the Hard bot would do now, and your chance of winning", onclick: () => askHint(msg) },
    got ? "Thinking about a hint…" : "Hint"));
}

/** Marks the legal action the shown seat's hint names (class "hinted"). */
function markHinted(msg, list) {
  const got = st.hint;
  if (!got || got.thinking || got.key !== hintKey(msg) || !msg.legal) return;
  const i = msg.legal.findIndex((l) => actionKey(l.action) === actionKey(got.action));
  if (i < 0 || !(list instanceof HTMLElement)) return;
  const btn = list.querySelector(`[data-testid="legal-action"][data-index="${i}"]`);
  if (btn) btn.classList.add("hinted");
}

async function askHint(msg) {
  if (msg.seat === null || msg.seat === undefined) return;
  const seat = Number(msg.seat);
  const key = hintKey(msg);
  st.hint = { key, thinking: true };
  renderDecision();
  try {
    const got = await api(`/api/tables/${st.id}/hint`, { method: "POST", token: st.tokens[String(seat)], body: { seat, n: msg.n } });
    if (st.hint?.key === key) st.hint = { key, thinking: false, action: got.action, label: got.label, chance: got.chance, playouts: got.playouts };
  } catch (e) {
    if (st.hint?.key === key) st.hint = null;
    toast(`No hint: ${e.message}`);
  } finally {
    scheduleRender();
  }
}

/**
 * Taking the shown seat's last move back, when the server says it may be (msg.undo: it
 * showed nothing hidden and nobody acted since). While the seat still decides, that move
 * was the first step of this choice: the button cancels the choice ("Cancel", or Esc).
 */
function undoButton(msg, mineNow) {
  if (!msg.undo || st.cover !== null) return null;
  const text = mineNow ? "Cancel: back to the start of this choice" : "Undo my last move";
  return h("p", { class: "undo-row", testid: "undo-row" },
    h("button", { type: "button", class: "btn small", testid: "undo", disabled: st.busy, title: "Esc",
      dataset: { mode: mineNow ? "cancel" : "undo" }, onclick: () => undoLast(msg) }, text));
}

async function undoLast(msg) {
  if (st.busy || !msg || msg.seat === null || msg.seat === undefined) return;
  const seat = Number(msg.seat);
  st.waitN = undefined;
  setBusy(true);
  try {
    await api(`/api/tables/${st.id}/undo`, { method: "POST", token: st.tokens[String(seat)], body: { seat, n: msg.n } });
  } catch (e) {
    toast(`That move cannot be taken back: ${e.message}`);
  } finally {
    setBusy(false);
    refreshViaHttp();
  }
}

// Esc cancels a choice begun (or undoes the last move) -- unless the game's drawing used
// Esc itself (to drop a selection made on the board: its listener, on the document, runs
// before this one, on the window, and calls preventDefault).
window.addEventListener("keydown", (e) => {
  if (e.key !== "Escape" || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
  const t = e.target;
  if (t instanceof HTMLElement && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable)) return;
  const btn = document.querySelector('[data-testid="undo"]');
  if (btn instanceof HTMLButtonElement && !btn.disabled) { e.preventDefault(); btn.click(); }
});

/** Whether the page passes by itself for a seat whose only legal action is a pass. */
function autoPassOn() {
  return localStorage.getItem("getaway.autopass") !== "0";
}

function maybeAutoPass(msg) {
  const legal = msg.legal || [];
  if (!autoPassOn() || st.cover !== null || legal.length !== 1 || legal[0].action.kind !== "pass") return;
  const mark = `${msg.seat}:${msg.n}`;
  if (st.autoPassed === mark) return;
  st.autoPassed = mark;
  $("to-act").append(" ", h("span", { testid: "auto-passing" }, "Passing by itself: it is all you can do."));
  setTimeout(() => {
    const now = currentMsg();
    if (!now || now.n !== msg.n || String(now.seat) !== String(msg.seat) || !autoPassOn()) return;
    st.autoPasses += 1;
    document.body.dataset.autoPasses = String(st.autoPasses);
    act(legal[0].action);
  }, AUTO_PASS_MS);
}

// -- the log ("What happened") -------------------------------------------------------------

/**
 * An event's text as parts: its template with the references filled in, each seat
 * reference a span of its seat's class (seat-ref seat-<n>), named as the server named it
 * (the summary's display); null when the parts would not read exactly as the event's text
 * (then the text is shown as it is).
 */
function eventParts(e) {
  if (typeof e.template !== "string" || !e.args || typeof e.args !== "object") return null;
  const parts = [];
  const re = /\{\{|\}\}|\{([^{}:!]*)\}/g;
  let at = 0;
  let m;
  while ((m = re.exec(e.template)) !== null) {
    if (m.index > at) parts.push(e.template.slice(at, m.index));
    at = re.lastIndex;
    if (m[0] === "{{" || m[0] === "}}") { parts.push(m[0][0]); continue; }
    const arg = e.args[m[1]];
    if (arg === undefined) return null;
    if (arg && typeof arg === "object") {
      if (arg.ref === "seat" && Number.isInteger(arg.id)) {
        const name = seatInfo(arg.id)?.display || arg.name;
        parts.push(h("span", { class: `seat-ref seat-${arg.id}`, testid: "seat-ref", dataset: { seat: String(arg.id) } }, name));
      } else {
        parts.push(h("span", { class: `ref ref-${String(arg.ref).replace(/[^a-z0-9_-]/gi, "")}` }, String(arg.name)));
      }
    } else {
      parts.push(String(arg));
    }
  }
  if (at < e.template.length) parts.push(e.template.slice(at));
  const said = parts.map((p) => (typeof p === "string" ? p : p.textContent)).join("");
  return said === e.text ? parts : null;
}

/** The mark of an event only some seats saw (its words stay the event's text: the mark is drawn by CSS). */
function privateMark(e, key) {
  if (!Array.isArray(e.seats)) return null;
  const only = e.seats.length === 1 && String(e.seats[0]) === String(key);
  const who = only ? "only you" : `only ${e.seats.map(seatName).join(", ")}`;
  return h("span", { class: `ev-private${only ? " only-you" : ""}`, testid: "event-private", title: `${who} saw this`, "aria-label": who, role: "img" });
}

function renderLog() {
  const ol = $("event-log");
  if (st.cover !== null) {
    ol.replaceChildren();
    return;
  }
  const key = st.shown ?? SPEC;
  const events = st.logs.get(key) || [];
  // kept at the latest unless the reader scrolled up (within 40 px of the end counts as the end)
  const atBottom = ol.scrollHeight - ol.scrollTop - ol.clientHeight < 40;
  const shown = events.slice(-300);
  ol.replaceChildren(...(shown.length ? shown.map((e) => h("li", { class: `event ev-${e.kind}${Array.isArray(e.seats) ? " private" : ""}`, testid: "event", dataset: { n: String(e.n ?? "") } },
    h("span", { class: "ev-n", title: "move" }, typeof e.n === "number" ? e.n + 1 : ""), " ", eventParts(e) || e.text || e.kind, privateMark(e, key))) : [h("li", { class: "muted" }, "Nothing has happened yet.")]));
  if (atBottom || !st.logScrolled) { ol.scrollTop = ol.scrollHeight; st.logScrolled = true; }
}

// -- your turn: the tab title and a notification -------------------------------------------

const NOTIFY_KEY = "getaway.notify";
const TURN_MARK = "● Your turn — ";

/** The held seats that must decide now (none in a real-time game: everybody acts at any time). */
function myTurnSeats() {
  if (st.summary?.clock || st.summary?.status !== "running") return [];
  return confirmedSeats().filter(canAct);
}

function notifyWanted() {
  return typeof window.Notification === "function" && Notification.permission === "granted"
    && localStorage.getItem(NOTIFY_KEY) === "1";
}

function renderNotifyButton() {
  let btn = $("notify-turn");
  if (typeof window.Notification !== "function" || !confirmedSeats().length) {
    if (btn) btn.remove();
    return;
  }
  if (!btn) {
    btn = h("button", { type: "button", class: "btn small", id: "notify-turn", testid: "notify-turn", onclick: toggleNotify });
    $("share").before(btn);
  }
  const on = notifyWanted();
  const text = on ? "Turn notifications on ✓" : "Notify me on my turn";
  if (btn.textContent !== text) btn.textContent = text;
  btn.setAttribute("aria-pressed", on ? "true" : "false");
  btn.title = on ? "a notification when it is your turn and this page is hidden; click to stop them" : "ask the browser to tell you when it is your turn while this page is hidden";
}

async function toggleNotify() {
  if (notifyWanted()) {
    localStorage.setItem(NOTIFY_KEY, "0");
  } else {
    let perm = Notification.permission;
    if (perm !== "granted") {
      try { perm = await Notification.requestPermission(); } catch { perm = "denied"; }
    }
    if (perm === "granted") localStorage.setItem(NOTIFY_KEY, "1");
    else toast("The browser does not allow notifications from this page.", "info");
  }
  renderNotifyButton();
}

/** The tab title says when it is this browser's turn; a hidden page also notifies (when asked to), once per move. */
function renderTurn() {
  const s = st.summary;
  if (!s) return;
  const base = `${s.title || s.game} — getaway`;
  const mine = myTurnSeats();
  const title = mine.length ? TURN_MARK + base : base;
  if (document.title !== title) document.title = title;
  renderNotifyButton();
  const mark = mine.length ? `${s.n}:${mine.join(",")}` : "";
  if (!mark) { st.turnNotified = ""; return; }
  if (mark === st.turnNotified) return;
  st.turnNotified = mark;
  if (!document.hidden || !notifyWanted()) return;
  try {
    const note = new Notification(`Your turn — ${s.title || s.game}`, {
      body: mine.length === 1 ? `${seatName(mine[0])}: it is your turn.` : `${mine.map(seatName).join(", ")}: your turn.`,
      tag: `getaway-turn-${st.id}`,
    });
    note.onclick = () => { window.focus(); note.close(); };
  } catch (e) {
    console.warn("getaway: the notification failed:", e);
  }
}

// -- hot-seat: which seat is shown ------------------------------------------------------

function canAct(k) {
  const m = st.msgs.get(k);
  return !!(m && m.legal && m.legal.length && !m.outcome);
}

function chooseShownSeat() {
  const held = confirmedSeats();
  if (!held.length) {
    st.shown = st.msgs.has(SPEC) ? SPEC : null;
    st.cover = null;
    return;
  }
  const current = st.cover ?? st.shown;
  let target;
  if (st.pin && st.pin.n === latestN() && held.includes(st.pin.seat)) target = st.pin.seat; // chosen by hand, until the table moves
  else if (current !== null && held.includes(current) && (canAct(current) || !held.some(canAct))) target = current;
  else target = held.find(canAct) ?? (held.includes(current) ? current : held[0]);
  if (target === current) return;
  if (held.length > 1) {
    st.cover = target; // shown seat becomes target once the cover is dismissed
  } else {
    st.shown = target;
    st.cover = null;
  }
}

function latestN() {
  let n = -1;
  for (const m of st.msgs.values()) n = Math.max(n, m.n);
  return n;
}

function switchTo(k) {
  if (k === st.shown) return;
  st.pin = { seat: k, n: latestN() };
  st.cover = k;
  scheduleRender();
}

function dismissCover() {
  if (st.cover === null) return;
  st.shown = st.cover;
  st.cover = null;
  st.logScrolled = false;
  render();
}

// -- actions --------------------------------------------------------------------------

async function act(action) {
  const msg = currentMsg();
  if (st.busy || !msg || msg.seat === null || msg.seat === undefined) return;
  const seat = Number(msg.seat);
  const token = st.tokens[String(seat)];
  // Busy until the state after this move is here. Its number comes with the answer: on a
  // real-time table the clock's steps and the others' actions also move the table, so a
  // message after msg.n need not hold this action. (The socket may bring it first.)
  st.waitN = undefined;
  setBusy(true);
  try {
    const res = await api(`/api/tables/${st.id}/actions`, { method: "POST", token, body: { seat, action, n: msg.n } });
    const want = res && typeof res.n === "number" ? res.n : msg.n + 1;
    st.waitN = want;
    clearTimeout(st.busyTimer);
    if ((st.lastN.get(String(seat)) ?? -1) >= want) {
      setBusy(false); // the new state already arrived
    } else {
      // the socket normally brings it; if it does not come soon, fetch it
      st.busyTimer = setTimeout(() => {
        if ((st.lastN.get(String(seat)) ?? -1) < want) refreshViaHttp();
        setBusy(false);
      }, 2500);
    }
  } catch (e) {
    setBusy(false);
    if (e.status === 409) toast(e.message.startsWith("stale move number") ? "The table changed before your action arrived. Please choose again." : `That action was refused: ${e.message}`);
    else if (e.status === 403) toast(`Your seat token was refused: ${e.message}`);
    else toast(`That action was refused: ${e.message}`);
    refreshViaHttp();
  }
}

function setBusy(b) {
  if (st.busy === b) return;
  st.busy = b;
  document.body.classList.toggle("busy", b);
  scheduleRender();
}

async function claim(seat) {
  const name = ($("player-name")?.value || localStorage.getItem("getaway.name") || "").trim();
  if (name) localStorage.setItem("getaway.name", name);
  try {
    const r = await api(`/api/tables/${st.id}/seats/${seat}/claim`, { method: "POST", body: name ? { name } : {} });
    st.tokens = saveToken(st.id, r.seat ?? seat, r.token);
    st.refused.delete(String(seat));
    toast(`You took your seat: ${seatName(seat)}.`, "info");
    await refreshSummary();
    reconnect(); // hello again, now with the new token
  } catch (e) {
    toast(`Seat ${seat} cannot be taken: ${e.message}`);
    refreshSummary();
  }
}

function forget(seat) {
  st.tokens = forgetToken(st.id, seat);
  st.refused.delete(String(seat));
  st.msgs.delete(String(seat));
  st.logs.delete(String(seat));
  st.counts.delete(String(seat));
  st.lastN.delete(String(seat));
  reconnect();
  scheduleRender();
}

// -- incoming messages ----------------------------------------------------------------

function takeState(m) {
  const key = m.seat === null || m.seat === undefined ? SPEC : String(m.seat);
  const last = st.lastN.get(key);
  const events = Array.isArray(m.events) ? m.events : [];
  // "full": the whole log as the game tells it now (it forgot something we hold).
  const full = m.log === "full";
  const log = full ? [] : st.logs.get(key) || [];
  // The server sends every event of a move number at or after `since`; a move's
  // events always travel together, so skip as many of each move as we hold.
  const have = full ? new Map() : st.counts.get(key) || new Map();
  const incoming = new Map();
  for (const e of events) {
    const tag = e.n ?? -1;
    const seen = incoming.get(tag) || 0;
    incoming.set(tag, seen + 1);
    if (seen < (have.get(tag) || 0)) continue; // already have it
    log.push(e);
    have.set(tag, (have.get(tag) || 0) + 1);
  }
  st.counts.set(key, have);
  st.logs.set(key, log);
  const prev = st.msgs.get(key);
  // A move taken back: the table is back a move, and the whole log comes again.
  const back = full && prev !== undefined && m.n < prev.n;
  if (!prev || m.n >= prev.n || back) {
    st.msgs.set(key, m);
    st.lastN.set(key, back ? m.n : Math.max(m.n, last ?? -1));
  }
  if (typeof m.takebacks === "number") {
    const held = st.takebacks.get(key);
    st.takebacks.set(key, m.takebacks);
    // moves were taken back that this page has not seen go: read the whole log again
    if (held !== undefined && held !== m.takebacks && !full) {
      st.msgs.set(key, m);
      st.lastN.set(key, 0);
      st.logs.set(key, []);
      st.counts.set(key, new Map());
      refreshViaHttp();
    }
  }
  if (key !== SPEC) st.msgs.delete(SPEC);
  if (!prev || m.n >= prev.n) syncClock(m.clock ?? m.summary?.clock);
  if (m.summary) st.summary = m.summary;
  else if (st.summary) Object.assign(st.summary, { status: m.status ?? st.summary.status, n: m.n, to_act: m.to_act ?? st.summary.to_act, outcome: m.outcome ?? st.summary.outcome });
  if (st.busy && key === st.shown && st.waitN !== undefined && m.n >= st.waitN) {
    clearTimeout(st.busyTimer);
    st.busy = false;
    document.body.classList.remove("busy");
  }
}

function handle(m) {
  if (!m || typeof m !== "object") return;
  if (m.type === "state") {
    takeState(m);
    scheduleRender();
  } else if (m.type === "error") {
    const text = m.error || "the server refused a message";
    const m2 = /^seat (\d+):/.exec(text);
    const seat = m.seat ?? (m2 ? m2[1] : null);
    if (seat !== null && seat !== undefined && /token|claimed|bot|no seat/i.test(text)) {
      st.refused.add(String(seat));
      scheduleRender();
    } else if (/token/i.test(text)) {
      // which token? the seats that got no state after the hello
      setTimeout(() => {
        for (const k of heldSeats()) if (!st.msgs.has(k)) st.refused.add(k);
        scheduleRender();
      }, 800);
    }
    toast(text);
  }
}

// -- socket, with reconnection and HTTP fallback ----------------------------------------

function since() {
  const keys = heldSeats().length ? heldSeats() : [SPEC];
  let min = Infinity;
  for (const k of keys) {
    if (!st.lastN.has(k)) return 0;
    min = Math.min(min, st.lastN.get(k));
  }
  return Number.isFinite(min) ? min : 0;
}

function setConn(state, text) {
  const el = $("connection");
  el.textContent = text;
  el.className = `connection conn-${state}`;
  el.dataset.state = state;
}

function connect() {
  clearTimeout(st.reconnectTimer);
  const url = `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws/tables/${st.id}`;
  let ws;
  try {
    ws = new WebSocket(url);
  } catch {
    scheduleReconnect();
    return;
  }
  st.ws = ws;
  setConn("connecting", st.retries ? "reconnecting…" : "connecting…");
  ws.onopen = () => {
    if (st.ws !== ws) return;
    st.wsOpen = true;
    st.retries = 0;
    setConn("live", "live");
    stopPolling();
    const tokens = {};
    for (const k of heldSeats()) tokens[k] = st.tokens[k];
    ws.send(JSON.stringify({ type: "hello", tokens, since: since(), ...(st.invite ? { invite: st.invite } : {}) }));
    clearInterval(st.pingTimer);
    st.pingTimer = setInterval(() => { if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping" })); }, PING_MS);
  };
  ws.onmessage = (ev) => {
    if (st.ws !== ws) return;
    let m;
    try { m = JSON.parse(ev.data); } catch { return; }
    handle(m);
  };
  ws.onclose = () => {
    if (st.ws !== ws) return;
    st.wsOpen = false;
    clearInterval(st.pingTimer);
    scheduleReconnect();
  };
  ws.onerror = () => {};
}

function scheduleReconnect() {
  st.retries += 1;
  const delay = Math.min(15000, 400 * 2 ** Math.min(st.retries, 6)) * (0.75 + Math.random() * 0.5);
  setConn("down", `connection lost — retrying in ${Math.round(delay / 1000)} s`);
  startPolling();
  clearTimeout(st.reconnectTimer);
  st.reconnectTimer = setTimeout(connect, delay);
}

function reconnect() {
  const old = st.ws;
  st.ws = null;
  st.wsOpen = false;
  clearInterval(st.pingTimer);
  if (old) try { old.close(); } catch { /* ignore */ }
  st.retries = 0;
  connect();
}

function startPolling() {
  if (st.pollTimer) return;
  st.pollTimer = setInterval(() => { if (!st.wsOpen) refreshViaHttp(); }, POLL_MS);
}

function stopPolling() {
  clearInterval(st.pollTimer);
  st.pollTimer = null;
}

/** Fetch the seat messages over HTTP (used when the socket is down or slow). */
async function refreshViaHttp() {
  const seats = heldSeats();
  const keys = seats.length ? seats : [SPEC];
  for (const k of keys) {
    const sinceN = st.lastN.get(k) ?? 0;
    const q = k === SPEC ? `?since=${sinceN}` : `?seat=${k}&since=${sinceN}`;
    try {
      const m = await api(`/api/tables/${st.id}/state${q}`, { token: k === SPEC ? undefined : st.tokens[k] });
      if (m && (m.type === "state" || m.view !== undefined)) takeState({ type: "state", ...m });
    } catch (e) {
      if (e.status === 403 && k !== SPEC) st.refused.add(k);
    }
  }
  scheduleRender();
}

async function refreshSummary() {
  try {
    // A private table opened with a seat token alone (a rematch joined): the seat opens it.
    const k = st.invite ? undefined : heldSeats()[0];
    const s = await api(`/api/tables/${st.id}` + (k === undefined ? "" : `?seat=${k}`), { token: k === undefined ? undefined : st.tokens[k] });
    st.summary = s;
    if (!st.clock || !st.wsOpen) syncClock(s.clock);
    scheduleRender();
    return s;
  } catch (e) {
    if (e.status === 404) showFatal("There is no such table. It may have been removed, or the link is mistyped.");
    return null;
  }
}

async function loadRules() {
  if (st.rulesLoaded || !st.summary) return;
  st.rulesLoaded = true;
  try {
    const r = await api(`/api/games/${encodeURIComponent(st.summary.game)}/rules`);
    $("rules").innerHTML = r.html;
  } catch (e) {
    st.rulesLoaded = false;
    $("rules").replaceChildren(h("p", { class: "error" }, `The rules cannot be loaded: ${e.message}`));
  }
}

function showFatal(text) {
  $("table-title").textContent = "No such table";
  $("game").replaceChildren(h("div", { class: "banner lost", testid: "fatal" }, h("p", {}, text), h("p", {}, h("a", { class: "btn", href: "/" }, "Back to the lobby"))));
  setConn("down", "");
}

async function main() {
  if (!st.id) {
    showFatal("This page needs a table id: /t/<table id>.");
    return;
  }
  st.tokens = loadTokens(st.id);
  st.invite = loadInvite(st.id);
  useInvite(st.invite);
  $("cover-ok").addEventListener("click", dismissCover);
  const autoPass = /** @type {HTMLInputElement} */ ($("auto-pass"));
  autoPass.checked = autoPassOn();
  autoPass.addEventListener("change", () => {
    localStorage.setItem("getaway.autopass", autoPass.checked ? "1" : "0");
    if (autoPass.checked) { st.autoPassed = ""; scheduleRender(); }
  });
  document.addEventListener("pointerdown", () => { st.pressing = true; }, true);
  for (const ev of ["pointerup", "pointercancel"]) {
    // the click follows the release in the same task, before the render this schedules
    document.addEventListener(ev, () => { if (st.pressing) { st.pressing = false; scheduleRender(); } }, true);
  }
  $("share").addEventListener("click", () => {
    const url = joinUrl();
    navigator.clipboard?.writeText(url).then(() => toast("The join link is copied.", "info"), () => toast(`Join link: ${url}`, "info"));
    if (!navigator.clipboard) toast(`Join link: ${url}`, "info");
  });
  const s = await refreshSummary();
  if (!s) return;
  if (s.damaged) {  // nothing to connect to: the banner says why
    setConn("down", "");
    render();
    return;
  }
  st.module = await loadGameModule(s.game);
  if (!st.module && moduleErrors.has(s.game)) {
    toast(`This game's table could not be drawn (a bug, reported): ${moduleErrors.get(s.game)}. `
      + "A plain table stands in for it.", "error");
  }
  loadRules();
  connect();
  // the summary (seats claimed by others) while the table is open
  setInterval(() => {
    if (document.hidden) return;
    if (st.summary?.status === "open" || !st.wsOpen) refreshSummary();
  }, 4000);
  render();
}

main();
